"""Format-neutral tables for people: what the CLI, the web pages and exports render.

A format describes its public tables (standings, stage tables, brackets' seed lists...) as
:class:`TableView` values, so the shared renderers never need to know which format they show.
Labels are English message ids marked with :func:`N_`, so Babel extracts them and every adapter
translates them at the edge (the core itself never picks a language).

Cell values are plain data: ``str``, ``int``, ``Fraction`` (exact, rounded only by the renderer),
``None`` (empty) or :class:`Change` (a movement against a previous snapshot).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from podium.core.messages import M

if TYPE_CHECKING:  # annotations only: N_ is imported everywhere, cheaply (issue 24)
    from podium.core.model import EventState
    from podium.core.standings import Standings


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it here."""
    return message


@dataclass(frozen=True)
class Change:
    """A movement since a previous snapshot: places up (+) or down (-), or a value's delta."""

    delta: int | Fraction
    new: bool = False  # the row was not in the previous snapshot


Cell = str | int | Fraction | Change | None


@dataclass(frozen=True)
class Column:
    key: str
    label: str  # an English message id, marked with N_ where it is written
    numeric: bool = False
    decimals: int = 3  # how many decimals a non-whole Fraction shows


@dataclass(frozen=True)
class TableView:
    """One named table. ``key`` is stable (used in URLs and CLI options); ``title`` is a message
    id; ``title_args`` fill ``{}`` placeholders in the translated title (e.g. a stage number)."""

    key: str
    title: str
    columns: tuple[Column, ...]
    rows: tuple[Mapping[str, Cell], ...]
    title_args: dict[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()


def display(value: Cell, column: Column) -> str:
    """The default text of a cell: exact Fractions rounded only here."""
    if value is None:
        return ""
    if isinstance(value, Change):
        if value.new:
            return "new"
        if value.delta == 0:
            return "="
        arrow = "▲" if value.delta > 0 else "▼"
        delta: Cell = -value.delta if value.delta < 0 else value.delta
        return f"{arrow}{display(delta, column)}"
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        return f"{float(value):.{column.decimals}f}"
    return str(value)


def standings_view(
    state: EventState, standings: Standings, key: str = "standings", title: str = ""
) -> TableView:
    """The usual standings table: rank, player, every criterion, W-D-L, byes, note."""
    columns = [Column("rank", N_("#"), numeric=True), Column("player", N_("Player"))]
    for criterion in standings.criteria:
        columns.append(Column(criterion.name, criterion.label, numeric=True))
    columns += [
        Column("wdl", N_("W-D-L"), numeric=True),
        Column("byes", N_("Byes"), numeric=True),
        Column("note", N_("Note")),
    ]
    rows = []
    for row in standings.rows:
        record = row.record
        player = state.players[row.player]
        cells: dict[str, Cell] = {"rank": row.rank, "player": player.name}
        for criterion, value in zip(standings.criteria, row.values, strict=True):
            cells[criterion.name] = value
        losses = record.games - record.wins - record.draws
        cells["wdl"] = f"{record.wins}-{record.draws}-{losses}"
        cells["byes"] = record.byes
        # A note stays a message object (rendered in the page's language: "финал: 2"), two
        # notes one message holding both; joined as text they were English on every page.
        notes = [n for n in (row.note, M("dropped") if row.dropped else "") if n]
        cells["note"] = (notes[0] if len(notes) == 1 else
                         M("%(first)s; %(second)s", first=notes[0], second=notes[1])
                         if notes else "")
        rows.append(cells)
    return TableView(key, title or N_("Standings"), tuple(columns), tuple(rows))
