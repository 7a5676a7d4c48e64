"""Terminal tables that never cut a place, a name or a number.

Rich shortens a cell that does not fit with "…": a place "1…", a name "player0…", a number
"13.5…"; squeezed harder it prints a column empty (the marathon's № and ∆ in 100 columns). A
person reading standings in a terminal must see every value whole, so every table the command
line prints goes through :func:`whole`:

- text columns wrap instead of cutting, numbers and names keep their full width;
- a table whose notes would wrap into tall cells (a 7 Wonders note of eight lines) keeps a
  reference in the note's cell (``[1]``) and prints the notes under the table, whole;
- a table that still cannot fit the terminal is printed in a narrow layout, one block a row
  (``1 Player`` then its other columns as ``label value`` pairs, wrapped between pairs).

Into a file or a pipe a table keeps its full width.

A table of more than :data:`PLAIN_ROWS` rows (``podium standings --top 0`` at 10,000 players)
is written as plain aligned text instead (:func:`plain_text`): the same title, columns, headers
and values, numbers right-aligned, nothing cut. Rich spent 94% of that command's 10 s of CPU
measuring and drawing such a table; nobody reads a thousand rows in a terminal
without a pager, where plain lines serve as well. A terminal narrower than the table wraps its
long lines itself.
"""

from __future__ import annotations

import copy
from typing import Any

from rich._emoji_replace import _emoji_replace
from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

PLAIN_ROWS = 1_000  # rows past which a table is written as plain text (plain_text)
TALLEST = 2  # lines a wrapped cell may take before its column's text moves under the table
SHORT = 20  # a text this long stays in its cell when its column's long texts move


def _plain(cell: Any) -> str:
    """A cell's text as rich shows it (its markup parsed, ``:emoji:`` codes replaced)."""
    if isinstance(cell, Text):
        return cell.plain
    text = str(cell)
    if "[" not in text:  # no markup: what Text.from_markup makes of it, without its parser
        return text if ":" not in text else _emoji_replace(text)
    return Text.from_markup(text).plain


def width_bound(table: Table, lines: bool = False) -> int | None:
    """A width at least what rich measures ``table`` takes: with every word whole (its
    minimum, :func:`needed`), or with ``lines`` every line whole (its maximum). Each column's
    longest word (line) or its minimum width, its padding, the borders, from the cells' text
    alone; None when a cell is not text or a column's width is fixed (then only rich's
    measure knows). Most tables are narrower than the page: then they need no measure."""
    _, right, _, left = table.padding
    total = table._extra_width
    for column in table.columns:
        if column.width is not None or column.max_width is not None:
            return None
        widest = column.min_width or 0
        for cell in [column.header, *column._cells, column.footer]:
            if not isinstance(cell, str | Text):
                return None
            text = _plain(cell)
            for part in text.splitlines() if lines else text.split():
                widest = max(widest, cell_len(part))
        total += widest + left + right  # a cell's padding is at most the table's
    return max(total, table.min_width or 0)


def _longest(values: list[Any]) -> int:
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
    """The width ``table`` takes with every number and name whole: the minimum rich's own
    measure gives (``console.measure(table)`` at an unbounded width), in one pass over the
    cells where that measure makes two (it sizes the columns first, then measures them
    again at their total)."""
    options = console.options.update_width(100_000)
    columns = sum(table._measure_column(console, options, column).minimum
                  for column in table.columns)
    return max(columns + table._extra_width, table.min_width or 0)


def tallest(console: Console, table: Table, width: int) -> int:
    """The most lines a cell of ``table`` wraps into at ``width`` columns; a cell that would
    break a word counts as too tall (an action's key, a date, folded mid-word)."""
    options = console.options.update_width(width)
    widths = table._calculate_column_widths(
        console, options.update_width(width - table._extra_width))
    most = 1
    for index, (column, room) in enumerate(zip(table.columns, widths, strict=True)):
        inside = max(1, room - table._get_padding_width(index))
        for cell in column._cells:
            text = cell if isinstance(cell, Text) else Text.from_markup(str(cell))
            if cell_len(text.plain) <= inside:
                continue
            if max(map(cell_len, text.plain.split()), default=0) > inside:
                return TALLEST + 1
            most = max(most, len(text.wrap(console, inside, overflow="fold")))
    return most


def fits(console: Console, table: Table) -> bool:
    """Every number and name whole in the terminal's width, no cell taller than TALLEST."""
    width = console.width
    return needed(console, table) <= width and tallest(console, table, width) <= TALLEST


def _lead(table: Table) -> int:
    """The columns that name a row: up to the first text column (the place and the player)."""
    return next((i + 1 for i, c in enumerate(table.columns) if c.justify != "right"), 1)


def footnoted(table: Table, index: int, first: int = 1) -> tuple[Table, list[Text]]:
    """A copy of ``table`` whose long texts in column ``index`` (a note, a log's details) are
    references ``[n]`` (numbered from ``first``), and those texts to print under it, each
    after its row's name."""
    table = copy.deepcopy(table)
    column = table.columns[index]
    room = max(cell_len(_plain(column.header)), SHORT)
    name = _lead(table) - 1
    heading = [list(table.columns[i]._cells) for i in sorted({0, name}) if i != index]
    notes: list[Text] = []
    cells: list[Any] = []
    for row, cell in enumerate(column._cells):
        text = _plain(cell)
        if cell_len(text) <= room:
            cells.append(cell)
            continue
        number = first + len(notes)
        who = " ".join(_plain(cells[row]) for cells in heading if row < len(cells))
        notes.append(Text(f"[{number}] " + (f"{who}: " if who else "") + text))
        cells.append(f"[{number}]")
    column._cells = cells
    column.min_width = max(_longest(cells), cell_len(_plain(column.header)))
    return table, notes


def with_notes_under(console: Console, table: Table) -> RenderableType | None:
    """``table`` with its long texts moved under it, column by column (the longest first),
    until it fits; None when it does not fit even so."""
    heading = _lead(table) - 1
    texts = sorted((i for i, c in enumerate(table.columns)
                    if c.justify != "right" and i not in (0, heading)),
                   key=lambda i: -_longest(list(table.columns[i]._cells)))
    notes: list[Text] = []
    for index in texts:
        table, more = footnoted(table, index, len(notes) + 1)
        notes.extend(more)
        if fits(console, table):
            return Group(table, *notes) if notes else table
    return None


def _indented(items: list[str], width: int, indent: str = "  ", joint: str = " · ") -> str:
    """``items`` packed into lines of ``width`` columns, a line break only between items (an
    item longer than a line gets its own)."""
    lines: list[str] = []
    line = ""
    for item in items:
        candidate = item if not line else line + joint + item
        if line and cell_len(indent + candidate) > width:
            lines.append(indent + line)
            line = item
        else:
            line = candidate
    if line:
        lines.append(indent + line)
    return "\n".join(lines)


def narrow(table: Table, width: int = 80) -> RenderableType:
    """One block a row: its place and its name (the first column and the first text column)
    as the heading, the other columns as ``label value`` pairs, wrapped between pairs."""
    headers = [_plain(c.header) for c in table.columns]
    columns = [list(c._cells) for c in table.columns]  # rich keeps a column's cells here
    name = _lead(table) - 1
    heading = [0, name] if name else [0]
    blocks: list[RenderableType] = []
    if table.title:
        blocks.append(Text.from_markup(str(table.title), style="bold"))
    for index in range(table.row_count):
        values = [_plain(cells[index]) if index < len(cells) else "" for cells in columns]
        head = " ".join(values[i] for i in heading if values[i])
        rest = [f"{h} {v}" for i, (h, v) in enumerate(zip(headers, values, strict=True))
                if v and i not in heading]
        blocks.append(Text(head, style="bold"))
        if rest:
            blocks.append(Text(_indented(rest, width), overflow="fold"))
    if table.caption:
        blocks.append(Text.from_markup(str(table.caption), style="dim"))
    return Group(*blocks)


def _text(cell: Any) -> str:
    """A cell's text on one line (a cell is escaped markup: most have nothing to parse)."""
    plain = isinstance(cell, str) and "[" not in cell and "\\" not in cell
    text = cell if plain else _plain(cell)
    return " ".join(text.split("\n")) if "\n" in text else text


def plain_text(table: Table) -> str:
    """``table`` as plain aligned text: its title, the headers over a rule, one line a row
    (numbers right-aligned, each column as wide as its widest value), its caption."""
    headers = [_text(c.header) for c in table.columns]
    columns = [[_text(v) for v in c._cells] for c in table.columns]  # rich keeps them here
    right = [c.justify == "right" for c in table.columns]
    widths = [max([cell_len(h), *map(cell_len, values)])
              for h, values in zip(headers, columns, strict=True)]

    def line(values: list[str]) -> str:
        cells = [" " * (w - cell_len(v)) + v if r else v + " " * (w - cell_len(v))
                 for v, w, r in zip(values, widths, right, strict=True)]
        return "  ".join(cells).rstrip()

    out = []
    if table.title:
        out.append(_text(table.title))
    out.append(line(headers))
    out.append("  ".join("-" * w for w in widths))
    for index in range(table.row_count):
        out.append(line([values[index] if index < len(values) else "" for values in columns]))
    if table.caption:
        out.append(_text(table.caption))
    return "\n".join(out) + "\n"


def whole(console: Console, table: Table) -> RenderableType:
    """How ``console`` prints ``table`` whole (see the module docstring); a title longer than
    the table widens it rather than wrapping above a narrow table."""
    prepared(table)
    if table.title:
        wanted = min(cell_len(_plain(table.title)), console.width)
        table.min_width = max(table.min_width or 0, wanted)
    if not console.is_terminal or fits(console, table):
        return table
    moved = with_notes_under(console, table)
    if moved is not None:
        return moved
    return narrow(table, console.width)


class WholeTables(Console):
    """A console whose tables are never cut: a terminal gets the narrow layout when a table is
    wider than it, a file or a pipe the table at its full width.

    While it prints, each cell's markup is parsed once: rich parses a text cell again at each
    measure and at the drawing (three or four times a cell with :func:`whole`'s measures),
    most of the CPU of printing a small table."""

    _parsed: dict[tuple[Any, ...], Text] | None = None

    def render_str(self, text: str, **options: Any) -> Text:  # type: ignore[override]
        parsed = self._parsed
        if parsed is None:
            return super().render_str(text, **options)
        key = (text, *sorted(options.items(), key=lambda item: item[0]))
        try:
            found = parsed.get(key)
        except TypeError:  # an option that cannot be a key (an unhashable style)
            return super().render_str(text, **options)
        if found is None:
            found = parsed[key] = super().render_str(text, **options)
        return found.copy()  # a Text is changed in place by some renderables: one each

    def print(self, *objects: Any, **kwargs: Any) -> None:  # type: ignore[override]
        if self._parsed is not None:  # printing inside a print (the long tables' branch)
            self._print(*objects, **kwargs)
            return
        self._parsed = {}
        try:
            self._print(*objects, **kwargs)
        finally:
            self._parsed = None

    def _print(self, *objects: Any, **kwargs: Any) -> None:
        if any(isinstance(item, Table) and item.row_count > PLAIN_ROWS for item in objects):
            for item in objects:  # a long table as plain text, the rest as before
                if isinstance(item, Table) and item.row_count > PLAIN_ROWS:
                    self.file.write(plain_text(item))
                    self.file.flush()
                else:
                    self.print(item, **kwargs)
            return
        shown: list[Any] = []
        widest = self.width
        for item in objects:
            if isinstance(item, Table):
                item = whole(self, item)
                if isinstance(item, Table) and not self.is_terminal:
                    bound = width_bound(item)  # most tables fit: no measure needed
                    if bound is None or bound > widest:
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


__all__ = ["PLAIN_ROWS", "WholeTables", "footnoted", "narrow", "plain_text", "prepared", "whole",
           "width_bound", "with_notes_under"]
