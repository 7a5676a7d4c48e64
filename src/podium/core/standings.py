"""Standings: players sorted by points, then by an ordered list of tiebreakers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from podium.core.model import PlayerId
from podium.core.records import PlayerRecord
from podium.core.tiebreakers import Tiebreaker, Value


@dataclass(frozen=True)
class StandingRow:
    rank: int
    player: PlayerId
    values: tuple[Value, ...]
    record: PlayerRecord
    dropped: bool = False
    note: str = ""


@dataclass
class Standings:
    """Rows in rank order and the criteria that produced them (points first)."""

    criteria: Sequence[Tiebreaker]
    rows: list[StandingRow] = field(default_factory=list)

    def order(self) -> list[PlayerId]:
        return [row.player for row in self.rows]

    def rank_of(self) -> dict[PlayerId, int]:
        return {row.player: row.rank for row in self.rows}

    def row(self, player: PlayerId) -> StandingRow:
        for row in self.rows:
            if row.player == player:
                return row
        raise KeyError(player)


def _plain(value: Value) -> Value:
    """Whole Fractions as ints: equal in value, and far cheaper to sort for 10,000 players."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def _random_as_decided(keyed: list[tuple[tuple[Value, ...], int]],
                       criteria: Sequence[Tiebreaker]
                       ) -> list[tuple[tuple[Value | None, ...], int]]:
    """Rule CMD-3c: the random draw is shown as the order it gives among the players tied on
    every criterion before it (1, 2, ...), and only where it decided a place (None elsewhere):
    its raw value means nothing to a person, and shown in part it seemed to contradict the
    order. The order itself is already sorted by the raw values."""
    index = next((i for i, tb in enumerate(criteria) if tb.name == "random"), None)
    if index is None:
        return keyed  # type: ignore[return-value]
    out: list[tuple[tuple[Value | None, ...], int]] = []
    start = 0
    while start < len(keyed):
        end = start + 1
        while end < len(keyed) and keyed[end][0][:index] == keyed[start][0][:index]:
            end += 1
        for place, (values, negated) in enumerate(keyed[start:end], start=1):
            shown = place if end - start > 1 else None
            out.append(((*values[:index], shown, *values[index + 1:]), negated))
        start = end
    return out


def rank_players(
    players: Iterable[PlayerId],
    records: Mapping[PlayerId, PlayerRecord],
    criteria: Sequence[Tiebreaker],
    seed: int,
    dropped: Iterable[PlayerId] = (),
) -> Standings:
    """Sort by ``criteria`` (each higher-is-better). Players equal on every criterion share a
    rank; with the seeded ``random`` criterion last, that cannot happen."""
    dropped_set = set(dropped)
    keyed = []
    for pid in players:
        values = tuple(_plain(tb.compute(pid, records, seed)) for tb in criteria)
        keyed.append((values, -pid))
    # Highest values first; among full ties the lower player id first (stable, deterministic).
    keyed.sort(reverse=True)
    keyed = _random_as_decided(keyed, criteria)
    standings = Standings(criteria)
    previous: tuple[Value, ...] | None = None
    rank = 0
    for index, (values, negated) in enumerate(keyed, start=1):
        pid = -negated
        if values != previous:
            rank = index
            previous = values
        standings.rows.append(
            StandingRow(rank, pid, values, records[pid], dropped=pid in dropped_set)
        )
    return standings
