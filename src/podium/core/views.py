"""Format-neutral tables for people: what the CLI, the web pages and exports render.

A format describes its public tables (standings, stage tables, brackets' seed lists...) as
:class:`TableView` values, so the shared renderers never need to know which format they show.
Labels are English message ids marked with :func:`N_`, so Babel extracts them and every adapter
translates them at the edge (the core itself never picks a language).

Cell values are plain data: ``str``, ``int``, ``Fraction`` (exact, rounded only by the renderer),
``None`` (empty) or :class:`Change` (a movement against a previous snapshot).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from operator import attrgetter
from typing import TYPE_CHECKING, Any, overload

from podium.core.messages import M

if TYPE_CHECKING:  # annotations only: N_ is imported everywhere, cheaply
    from podium.core.model import EventState, PlayerId
    from podium.core.standings import StandingRow, Standings
    from podium.core.tiebreakers import Tiebreaker


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
    rows: Sequence[Mapping[str, Cell]]  # a tuple, or rows made when read (StandingCells)
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
    ranked = standings.ranked
    if isinstance(ranked, list):
        names = {row.player: state.players[row.player].name for row in ranked}
        return TableView(key, title or N_("Standings"), tuple(columns),
                         tuple(standing_cells(row, names, standings.criteria)
                               for row in ranked))
    # kept standings (podium.core.standings.KeptRanking): the cells of a row are made when
    # read, so a page of 100 rows of 10,000 costs its own rows; the names are
    # taken now, as the state is (a rename later does not reach this version's rows); the
    # rows are the registered players' (an alias of a merged player never ranks)
    players = state.players
    names = dict(zip(players.keys(), map(attrgetter("name"), players.values()), strict=True))
    return TableView(key, title or N_("Standings"), tuple(columns),
                     StandingCells(ranked, names, standings.criteria))


def standing_cells(row: StandingRow, names: Mapping[PlayerId, str],
                   criteria: Sequence[Tiebreaker]) -> dict[str, Cell]:
    """One row of :func:`standings_view`: rank, player, every criterion, W-D-L, byes, note."""
    record = row.record
    cells: dict[str, Cell] = {"rank": row.rank, "player": names[row.player],
                              "player_id": row.player}  # not a column: the typed row's id
    for criterion, value in zip(criteria, row.values, strict=True):
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
    return cells


class StandingCells(Sequence[Mapping[str, Cell]]):
    """The rows of a standings table made when read (:func:`standing_cells` of each standing
    row read), equal to the tuple :func:`standings_view` would hold."""

    def __init__(self, rows: Sequence[StandingRow], names: Mapping[PlayerId, str],
                 criteria: Sequence[Tiebreaker]) -> None:
        self._rows = rows
        self._names = names
        self._criteria = criteria

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, index: int) -> Mapping[str, Cell]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Mapping[str, Cell]]: ...

    def __getitem__(self, index: int | slice
                    ) -> Mapping[str, Cell] | Sequence[Mapping[str, Cell]]:
        if isinstance(index, slice):
            return tuple(standing_cells(row, self._names, self._criteria)
                         for row in self._rows[index])
        return standing_cells(self._rows[index], self._names, self._criteria)

    def __iter__(self) -> Iterator[Mapping[str, Cell]]:
        names, criteria = self._names, self._criteria
        return (standing_cells(row, names, criteria) for row in self._rows)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def names(self) -> list[str]:
        """The player's name of each row, in order, without making the rows (a search)."""
        rows = self._rows
        players = rows.players() if hasattr(rows, "players") else [r.player for r in rows]
        return list(map(self._names.__getitem__, players))
