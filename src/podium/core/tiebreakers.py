"""Tiebreakers as composable, named parts.

A tiebreaker maps a player's record (and everybody's, for opponent-based measures) to a value
where higher ranks higher. Standings sort by a configurable list of them; the last one in every
regulation we run is a seeded random value, so the order is always total and reproducible.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from podium.core.model import PlayerId
from podium.core.records import PlayerRecord
from podium.core.rng import derive_seed, derive_seeds

Value = Fraction | int


Column = Callable[[Sequence[PlayerId], Mapping[PlayerId, PlayerRecord], int], list[Value]]


@dataclass(frozen=True)
class Tiebreaker:
    """``compute(player, records, seed)`` returns the value; ``display`` renders it for people.

    ``column(players, records, seed)``, when given, returns the values of many players at once,
    equal to ``compute`` for each: the standings of 200,000 players use it where one call per
    player repeats work (a hash prefix, the lookups of opponents' aggregates).
    """

    name: str
    label: str
    compute: Callable[[PlayerId, Mapping[PlayerId, PlayerRecord], int], Value]
    display: Callable[[Value], str] = str
    column: Column | None = None

    def values(self, players: Sequence[PlayerId], records: Mapping[PlayerId, PlayerRecord],
               seed: int) -> list[Value]:
        if self.column is not None:
            return self.column(players, records, seed)
        compute = self.compute
        return [compute(pid, records, seed) for pid in players]


def _points(pid: PlayerId, records: Mapping[PlayerId, PlayerRecord], seed: int) -> Value:
    return records[pid].points


def _order_sum(pid: PlayerId, records: Mapping[PlayerId, PlayerRecord], seed: int) -> Value:
    """Rule CMD-3a: the sum of elimination-order numbers over all games (byes count, CMD-9)."""
    return records[pid].order_sum


def opponents_win_ratio(pid: PlayerId, records: Mapping[PlayerId, PlayerRecord]) -> Fraction:
    """Rule CMD-3b: all wins of all opponents met over all games those opponents played.

    One pooled ratio, not an average of per-opponent ratios, and no floor. An opponent met twice
    counts twice; byes are neither wins nor games; a player who met nobody has 0.
    """
    wins = games = 0
    for opponent in records[pid].opponents:
        other = records.get(opponent)
        if other is None:
            continue
        wins += other.wins
        games += other.games
    return Fraction(wins, games) if games else Fraction(0)


def opponent_sums(players: Sequence[PlayerId], records: Mapping[PlayerId, PlayerRecord],
                  attribute: str) -> list[Value]:
    """For each player, the sum of ``attribute`` over every opponent met (per meeting): the
    Buchholz-like sums, from per-player aggregates.

    The aggregates are read once into a flat table indexed by player id, then each player sums
    over their own meetings only (``map`` over the table, no Python loop per meeting): time
    linear in players plus meetings, never a scan of all games per player. An opponent without
    a record counts 0, as :func:`opponents_win_ratio` skips them.
    """
    size = max(records, default=0) + 1
    table: list[Value] = [0] * size
    for pid, record in records.items():
        table[pid] = getattr(record, attribute)
    look = table.__getitem__
    out: list[Value] = []
    try:
        for pid in players:
            out.append(sum(map(look, records[pid].opponents)))
    except IndexError:  # an opponent id beyond every record: the plain way
        return [sum((getattr(records[o], attribute) for o in records[pid].opponents
                     if o in records), 0) for pid in players]
    return out


def _owp_column(players: Sequence[PlayerId], records: Mapping[PlayerId, PlayerRecord],
                seed: int) -> list[Value]:
    """Rule CMD-3b for many players at once (:func:`opponent_sums`), equal to ``_owp``; from
    the sums a :class:`podium.core.records.RecordBook` keeps, when the records carry them."""
    wins: list[Value]
    games: list[Value]
    if getattr(records, "opponent_sums", False):
        wins = [records[pid].opponent_wins or 0 for pid in players]
        games = [records[pid].opponent_games or 0 for pid in players]
    else:
        wins = opponent_sums(players, records, "wins")
        games = opponent_sums(players, records, "games")
    # one Fraction per distinct (wins, games) pair, shared by every player with that pair:
    # a few thousand pairs among 200,000 players, and a Fraction is immutable
    zero = Fraction(0)
    made: dict[tuple[Value, Value], Fraction] = {}
    out: list[Value] = []
    append = out.append
    for pair in zip(wins, games, strict=True):
        ratio = made.get(pair)
        if ratio is None:
            w, g = pair
            ratio = made[pair] = Fraction(w, g) if g else zero
        append(ratio)
    return out


def _owp(pid: PlayerId, records: Mapping[PlayerId, PlayerRecord], seed: int) -> Value:
    return opponents_win_ratio(pid, records)


def _random(pid: PlayerId, records: Mapping[PlayerId, PlayerRecord], seed: int) -> Value:
    """Rule CMD-3c: a random but reproducible value from the event's recorded seed."""
    return derive_seed(seed, "tiebreak", pid)


def _random_column(players: Sequence[PlayerId], records: Mapping[PlayerId, PlayerRecord],
                   seed: int) -> list[Value]:
    """Rule CMD-3c for many players (:func:`derive_seeds`, the same values as ``_random``)."""
    return derive_seeds(seed, "tiebreak", players)  # type: ignore[return-value]


def _score_sum(pid: PlayerId, records: Mapping[PlayerId, PlayerRecord], seed: int) -> Value:
    return records[pid].score_sum


def _wins(pid: PlayerId, records: Mapping[PlayerId, PlayerRecord], seed: int) -> Value:
    return records[pid].wins


def _percent(value: Value) -> str:
    return f"{float(value) * 100:.2f}%"


def _points_text(value: Value) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.3f}"


def _attribute(name: str) -> Column:
    """The column of one aggregate of the records, equal to the per-player ``compute``."""
    def column(players: Sequence[PlayerId], records: Mapping[PlayerId, PlayerRecord],
               seed: int) -> list[Value]:
        return [getattr(records[pid], name) for pid in players]
    return column


TIEBREAKERS: dict[str, Tiebreaker] = {
    tb.name: tb
    for tb in (
        Tiebreaker("points", "Pts", _points, _points_text, _attribute("points")),
        Tiebreaker("elimination_sum", "Elim. sum", _order_sum, _points_text,
                   _attribute("order_sum")),
        Tiebreaker("opponents_win_pct", "Opp. win %", _owp, _percent, _owp_column),
        Tiebreaker("wins", "Wins", _wins, str, _attribute("wins")),
        Tiebreaker("score_sum", "Score", _score_sum, _points_text, _attribute("score_sum")),
        # shown as the order the draw gave among the players it separated (core.standings)
        Tiebreaker("random", "Random", _random, lambda v: "-" if v is None else str(v),
                   _random_column),
    )
}


def get_tiebreaker(name: str) -> Tiebreaker:
    try:
        return TIEBREAKERS[name]
    except KeyError:
        known = ", ".join(sorted(TIEBREAKERS))
        raise ValueError(f"unknown tiebreaker {name!r}; known: {known}") from None
