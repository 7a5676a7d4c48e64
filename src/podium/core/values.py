"""Typed values that reads and commands answer with: plain dataclasses of JSON types.

A declared view (:mod:`podium.core.reads`) and a declared command
(:mod:`podium.core.commands`) answer with one of these (or a format's own dataclass built from
them), so every surface gets the same value: the API turns it into JSON and derives its schema
from the type, the command line and the pages render it. Nothing here is a Python-only type:
an exact number is :class:`Exact` (``{"num": 7, "den": 2}``), a player beside a name is
:class:`PlayerRef`, a message is its English text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from podium.core.messages import Message

if TYPE_CHECKING:
    from podium.core.model import EventState
    from podium.core.views import Cell, Column, TableView


@dataclass(frozen=True)
class Exact:
    """An exact number, as a fraction in lowest terms: ``den`` is 1 for an integer."""

    num: int
    den: int = 1

    @classmethod
    def of(cls, value: Fraction | int) -> Exact:
        value = Fraction(value)
        return cls(value.numerator, value.denominator)

    @property
    def fraction(self) -> Fraction:
        return Fraction(self.num, self.den)

    def __str__(self) -> str:
        return str(self.num) if self.den == 1 else f"{self.num}/{self.den}"


def exact_or_none(value: Fraction | int | None) -> Exact | None:
    return None if value is None else Exact.of(value)


@dataclass(frozen=True)
class PlayerRef:
    """A player of the event: the id that stays and the name now."""

    id: int
    name: str


def player_ref(state: EventState, pid: int) -> PlayerRef:
    return PlayerRef(pid, state.players[pid].name)


def text(value: Any) -> str:
    """A message or a stored note as its English text (the JSON carries English)."""
    if value is None:
        return ""
    if isinstance(value, Message):
        return str(value)
    if isinstance(value, Mapping):
        return str(Message.from_json(value))
    return str(value)


# -- a table for people, typed ------------------------------------------------------------------
@dataclass(frozen=True)
class ColumnValue:
    key: str
    label: str
    numeric: bool


@dataclass(frozen=True)
class CellValue:
    """One cell: its exact value (an integer, an exact number, text, or none) and its text as
    shown (numbers rounded for display only)."""

    value: int | Exact | str | None
    text: str


@dataclass(frozen=True)
class RowValue:
    """One row: the player it is about (their id; none for a row about no one), their rank
    where the table ranks (players sharing one are tied), and the cells by column key."""

    player: int | None
    rank: int | None
    cells: dict[str, CellValue]


@dataclass(frozen=True)
class TableValue:
    """A table as people see it: its key and title, columns, one page of rows (``offset``
    into ``total``), notes under it."""

    key: str
    title: str
    columns: list[ColumnValue]
    rows: list[RowValue]
    total: int
    offset: int = 0
    notes: list[str] = field(default_factory=list)


def cell_value(value: Cell) -> int | Exact | str | None:
    """A cell's exact value: an integer, an exact number, text (a message in English)."""
    if value is None or isinstance(value, bool):
        return None if value is None else str(value)
    if isinstance(value, int):
        return value
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else Exact.of(value)
    return text(value)


def table_value(view: TableView, offset: int = 0, limit: int | None = None) -> TableValue:
    """A table view as its typed value: the rows from ``offset``, at most ``limit`` of them
    (a large event's standings make only the rows asked for)."""
    from podium.core.views import display

    total = len(view.rows)
    end = total if limit is None else min(total, offset + limit)
    rows = view.rows[offset:end] if offset or end < total else view.rows
    columns = view.columns
    return TableValue(
        key=view.key,
        title=text(view.title).format(**view.title_args),
        columns=[ColumnValue(c.key, text(c.label), c.numeric) for c in columns],
        rows=[_row(row, columns, display) for row in rows],
        total=total, offset=offset, notes=[text(n) for n in view.notes])


def _row(row: Mapping[str, Cell], columns: Sequence[Column], display: Any) -> RowValue:
    player = row.get("player_id")
    rank = row.get("rank")
    return RowValue(
        player=player if isinstance(player, int) else None,
        rank=rank if isinstance(rank, int) and not isinstance(rank, bool) else None,
        cells={c.key: CellValue(cell_value(row.get(c.key)), text(display(row.get(c.key), c)))
               for c in columns})


@dataclass(frozen=True)
class Tables:
    """Several tables of one read (every public table of an event)."""

    tables: list[TableValue]


__all__ = [
    "CellValue", "ColumnValue", "Exact", "PlayerRef", "RowValue", "TableValue", "Tables",
    "cell_value", "exact_or_none", "player_ref", "table_value", "text",
]
