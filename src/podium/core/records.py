"""Per-player aggregates over the played rounds: the raw material of scoring and tiebreakers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from podium.core.gcpause import collector_paused
from podium.core.model import PlayerId, Round


@dataclass(slots=True)
class PlayerRecord:
    """What one player has done so far.

    ``games`` and ``wins`` count played games only: a bye is neither (rule CMD-3b).
    ``opponents`` lists every opponent met, once per meeting, so one met twice counts twice.
    ``seat_counts[k]`` counts the games in which the player took turn ``k + 1``.
    ``points`` is exact: an int while every award was whole, else a Fraction.
    """

    player: PlayerId
    points: Fraction | int = 0
    games: int = 0
    wins: int = 0
    draws: int = 0
    byes: int = 0
    order_sum: int | Fraction = 0  # a shared elimination order is a fraction (rule CMD-3a)
    score_sum: Fraction = Fraction(0)
    opponents: list[PlayerId] = field(default_factory=list)
    seat_counts: dict[int, int] = field(default_factory=dict)


@collector_paused
def build_records(
    players: Iterable[PlayerId], rounds: Iterable[Round]
) -> dict[PlayerId, PlayerRecord]:
    """Aggregate the entered results of ``rounds`` (tables without a result are skipped)."""
    records = {pid: PlayerRecord(pid) for pid in players}
    for rnd in rounds:
        for bye in rnd.byes:
            rec = records.setdefault(bye.player, PlayerRecord(bye.player))
            rec.byes += 1
            rec.points += _exact(bye.points)
            if bye.order is not None:
                rec.order_sum += bye.order
        for table in rnd.tables:
            result = rnd.results.get(table.number)
            if result is None:
                continue
            seats = table.seats
            for outcome in result.outcomes:
                pid = outcome.player
                rec = records.get(pid) or records.setdefault(pid, PlayerRecord(pid))
                rec.games += 1
                points = outcome.points
                whole: Fraction | int = points.numerator if points.denominator == 1 else points
                rec.points = rec.points + whole
                rec.wins += outcome.won
                rec.draws += outcome.drew
                if outcome.order is not None:
                    rec.order_sum += outcome.order
                if outcome.score is not None:
                    rec.score_sum += outcome.score
                position = seats.index(pid)
                rec.seat_counts[position] = rec.seat_counts.get(position, 0) + 1
                rec.opponents.extend(seats[:position])
                rec.opponents.extend(seats[position + 1 :])
    return records


def _exact(points: Fraction) -> Fraction | int:
    """Whole points as ints: exact either way, and int sums are far cheaper at 10,000 players."""
    return points.numerator if points.denominator == 1 else points


def meetings(rounds: Iterable[Round]) -> dict[PlayerId, Counter[PlayerId]]:
    """How often each pair of players sat at one table (paired rounds, results or not)."""
    met: dict[PlayerId, Counter[PlayerId]] = {}
    for rnd in rounds:
        for table in rnd.tables:
            for pid in table.seats:
                counter = met.setdefault(pid, Counter())
                for other in table.seats:
                    if other != pid:
                        counter[other] += 1
    return met
