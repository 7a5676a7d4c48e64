"""Terminal tables that never cut a place, a name or a number.

Rich shortens a cell that does not fit with "…": a place "1…", a name "player0…", a number
"13.5…". A person reading standings in a 100-column terminal must see every value whole, so
every table the command line prints goes through :func:`whole`: text columns wrap instead of
cutting, numbers and names keep their full width, and a table that still cannot fit the
terminal is printed in a narrow layout, one block a row (``#1 Player 16`` then its other
columns as ``label value`` pairs, wrapped). Into a file or a pipe a table keeps its full width.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text


def _plain(cell: Any) -> str:
    return cell.plain if isinstance(cell, Text) else Text.from_markup(str(cell)).plain


def _longest(values: list[Any]) -> int:
    from rich.cells import cell_len

    return max(
        (max((cell_len(line) for line in _plain(v).split("\n")), default=0) for v in values),
        default=0,
    )


def prepared(table: Table) -> Table:
    """``table`` with no column that cuts: numbers and names at their full width, other text
    wrapped."""
    for column in table.columns:
        cells = list(column._cells)
        longest = _longest(cells)
        column.overflow = "fold"
        if column.justify == "right" or column.no_wrap:
            column.min_width = max(longest, column.min_width or 0)
        column.no_wrap = False
    return table


def needed(console: Console, table: Table) -> int:
    """The width ``table`` takes with every number and name whole."""
    return console.measure(table, options=console.options.update_width(100_000)).minimum


def narrow(table: Table) -> RenderableType:
    """One block a row: its leading columns up to the first text column (the place and the
    player) as the heading, the others as ``label value`` pairs, wrapped."""
    headers = [_plain(c.header) for c in table.columns]
    columns = [list(c._cells) for c in table.columns]  # rich keeps a column's cells here
    lead = next((i + 1 for i, c in enumerate(table.columns) if c.justify != "right"), 1)
    blocks: list[RenderableType] = []
    if table.title:
        blocks.append(Text.from_markup(str(table.title), style="bold"))
    for index in range(table.row_count):
        values = [_plain(cells[index]) if index < len(cells) else "" for cells in columns]
        head = " ".join(v for v in values[:lead] if v)
        rest = [f"{h} {v}" for h, v in zip(headers[lead:], values[lead:], strict=False) if v]
        blocks.append(Text(head, style="bold"))
        if rest:
            blocks.append(Text("  " + " · ".join(rest), overflow="fold"))
    if table.caption:
        blocks.append(Text.from_markup(str(table.caption), style="dim"))
    return Group(*blocks)


def whole(console: Console, table: Table) -> RenderableType:
    """How ``console`` prints ``table`` whole (see the module docstring)."""
    prepared(table)
    if needed(console, table) <= console.width or not console.is_terminal:
        return table
    return narrow(table)


class WholeTables(Console):
    """A console whose tables are never cut: a terminal gets the narrow layout when a table is
    wider than it, a file or a pipe the table at its full width."""

    def print(self, *objects: Any, **kwargs: Any) -> None:  # type: ignore[override]
        shown: list[Any] = []
        widest = self.width
        for item in objects:
            if isinstance(item, Table):
                item = whole(self, item)
                if isinstance(item, Table) and not self.is_terminal:
                    widest = max(widest, needed(self, item))
            shown.append(item)
        if widest == self.width:
            super().print(*shown, **kwargs)
            return
        width = self.width
        self.width = widest
        try:
            super().print(*shown, **kwargs)
        finally:
            self.width = width


__all__ = ["WholeTables", "narrow", "prepared", "whole"]
