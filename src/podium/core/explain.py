"""Why a round is paired the way it is: the explanation printed with every pairing.

For each table: its players' standings before the round, any pair that already met (with the
rounds it met in), and the pairing's own notes (swaps, short pods, byes and their reasons).
Anchors: players ask for the multiplayer pairing to be explained.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from podium.core.messages import M
from podium.core.model import EventState, PlayerId
from podium.core.standings import Standings


@dataclass(frozen=True)
class SeatLine:
    seat: int
    player: PlayerId
    rank: int
    points: Fraction | int


@dataclass(frozen=True)
class Repeat:
    players: tuple[PlayerId, PlayerId]
    rounds: tuple[int, ...]


@dataclass
class TableExplanation:
    number: int
    seats: list[SeatLine]
    repeats: list[Repeat]
    size_note: str = ""


@dataclass
class RoundExplanation:
    number: int
    stage: str
    tables: list[TableExplanation]
    byes: list[tuple[SeatLine, str]]
    notes: list[str] = field(default_factory=list)

    @property
    def repeat_count(self) -> int:
        return sum(len(t.repeats) for t in self.tables)


def explain_round(
    state: EventState,
    number: int,
    stage: str,
    tables: Sequence[Sequence[PlayerId]],
    byes: Sequence[tuple[PlayerId, str]],
    notes: Sequence[str],
    standings_before: Standings,
) -> RoundExplanation:
    """Explain round ``number`` given its tables; ``standings_before`` are those it was paired by.

    A table whose size differs from the round's most common size is flagged as short or long.
    """
    sizes = Counter(len(seats) for seats in tables)
    pod_size = max(sizes, key=lambda size: (sizes[size], size)) if sizes else 0
    met: dict[tuple[PlayerId, PlayerId], list[int]] = {}
    for rnd in state.rounds[: number - 1]:
        for table in rnd.tables:
            for a, b in combinations(sorted(table.seats), 2):
                met.setdefault((a, b), []).append(rnd.number)
    rows = {row.player: row for row in standings_before.rows}

    def line(seat: int, pid: PlayerId) -> SeatLine:
        row = rows.get(pid)
        return SeatLine(
            seat, pid, row.rank if row else 0, row.record.points if row else Fraction(0)
        )

    explained = []
    for index, seats in enumerate(tables, start=1):
        repeats = [
            Repeat((a, b), tuple(met[(a, b)]))
            for a, b in combinations(sorted(seats), 2)
            if (a, b) in met
        ]
        size_note: str = ""
        if len(seats) < pod_size:
            size_note = M("short pod of %(size)s: the bottom of the standings (see notes)",
                          size=len(seats))
        elif len(seats) > pod_size:
            size_note = M("long pod of %(size)s: the bottom of the standings (see notes)",
                          size=len(seats))
        explained.append(
            TableExplanation(
                index, [line(s, p) for s, p in enumerate(seats, 1)], repeats, size_note
            )
        )
    return RoundExplanation(
        number=number,
        stage=stage,
        tables=explained,
        byes=[(line(0, pid), reason) for pid, reason in byes],
        notes=list(notes),
    )
