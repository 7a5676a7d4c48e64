"""A series: events that belong together in order (a 7 Wonders year of seasons, a Commander
circuit of nights), usable by any format.

A series is an event of its own (format ``series``, capability ``series``): its log is the
truth about which events are its members, in order. Core action kinds:

- ``series.member_added``: ``event`` (the member's slug), ``label`` (``Season 3``) and
  ``basis``: what the series' format decided when it formed the member (the 7 Wonders year
  keeps the play-off orders, survival winners and the organiser's Warriors swaps there), so
  the member's forming replays from the log;
- ``series.member_removed``: ``event``, with a reason (required).

The ledger across members is derived, never stored: each member's format says what a player
earned in it (:meth:`podium.core.ruleset.Ruleset.series_points`, by player name, since players
are per event), and :func:`ledger` sums them: a row per player with their points in each
member, the total, and the members they played. ``best`` keeps only a player's best N members
(a circuit's best-N scoring); ``None`` counts them all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from podium.core import codes
from podium.core.errors import Conflict, InvalidInput
from podium.core.log import Action
from podium.core.model import EventState
from podium.core.schema import AnyJson, Obj, Str, obj

MEMBER_ADDED = "series.member_added"
MEMBER_REMOVED = "series.member_removed"
SLUG = Str(80, non_empty=True)
ADDED_SCHEMA = obj({"event": SLUG}, {"label": Str(200), "basis": Obj(extra=AnyJson(100_000))})
REMOVED_SCHEMA = obj({"event": SLUG})


@dataclass
class Member:
    """One member event of the series, in order; ``basis`` as the format recorded it."""

    event: str
    label: str
    seq: int
    basis: dict[str, Any] = field(default_factory=dict)


@dataclass
class SeriesBook:
    """``state.extra["series"]``: the members as replayed, and the ones removed (with why)."""

    members: list[Member] = field(default_factory=list)
    removed: list[tuple[str, str]] = field(default_factory=list)

    def find(self, event: str) -> Member | None:
        return next((m for m in self.members if m.event == event), None)


def book_of(state: EventState) -> SeriesBook:
    return state.book("series", SeriesBook)


def member_added(state: EventState, action: Action, ruleset: Any) -> None:
    payload = action.payload
    book = book_of(state)
    if payload["event"] == state.slug:
        raise InvalidInput("a series cannot be its own member", code=codes.SERIES_SELF,
                           field="event")
    if book.find(payload["event"]) is not None:
        raise Conflict("event %(event)s is already in the series", code=codes.SERIES_TWICE,
                       field="event", event=payload["event"])
    label = payload.get("label") or payload["event"]
    book.members.append(Member(payload["event"], label, action.seq,
                               dict(payload.get("basis") or {})))


def member_removed(state: EventState, action: Action, ruleset: Any) -> None:
    book = book_of(state)
    member = book.find(action.payload["event"])
    if member is None:
        raise Conflict("event %(event)s is not in the series", code=codes.SERIES_ABSENT,
                       field="event", event=action.payload["event"])
    if not action.reason.strip():
        raise InvalidInput("removing a member needs a reason", code=codes.REASON_MISSING,
                           field="reason")
    book.members.remove(member)
    book.removed.append((member.event, action.reason))


# -- the ledger ---------------------------------------------------------------------------------
@dataclass
class LedgerRow:
    """One player across the series: points per member (None: did not play it)."""

    player: str
    points: list[int | None]
    counted: list[bool]

    @property
    def total(self) -> int:
        return sum(p for p, c in zip(self.points, self.counted, strict=True)
                   if p is not None and c)

    @property
    def played(self) -> int:
        return sum(1 for p in self.points if p is not None)


@dataclass
class Ledger:
    members: list[Member]
    rows: list[LedgerRow]

    def row(self, player: str) -> LedgerRow | None:
        return next((r for r in self.rows if r.player == player), None)


def ledger(members: Sequence[Member], points: Sequence[Mapping[str, int]],
           best: int | None = None) -> Ledger:
    """The series' table: ``points[i]`` is what each player earned in ``members[i]``; a row per
    player, best total first (ties by name), counting every member or the best ``best``."""
    names: dict[str, None] = {}
    for table in points:
        names.update(dict.fromkeys(table))
    rows = []
    for name in names:
        values = [table.get(name) for table in points]
        counted = [v is not None for v in values]
        if best is not None:
            ranked = sorted((i for i, v in enumerate(values) if v is not None),
                            key=lambda i: (-(values[i] or 0), i))
            keep = set(ranked[:best])
            counted = [i in keep for i in range(len(values))]
        rows.append(LedgerRow(name, values, counted))
    rows.sort(key=lambda r: (-r.total, r.player.casefold(), r.player))
    return Ledger(list(members), rows)


def history(ledger_: Ledger, player: str) -> list[tuple[Member, int | None]]:
    """A player's path through the series: each member with their points (None: absent)."""
    row = ledger_.row(player)
    if row is None:
        return []
    return list(zip(ledger_.members, row.points, strict=True))
