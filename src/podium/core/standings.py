"""Standings: players sorted by points, then by an ordered list of tiebreakers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import groupby
from operator import itemgetter
from typing import Any

from podium.core.gcpause import collector_paused
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


def sort_keys(column: Sequence[Value]) -> list[int]:
    """Exact integer sort keys of one criterion's values, in time linear in their count.

    Comparing Fractions costs two big multiplications each time, and a sort of 200,000 players
    makes millions of comparisons. With ``D`` the largest denominator of the column, two
    different values differ by at least ``1/D**2``, so scaling by ``2**s > D**2`` and flooring
    keeps every order and every tie: key ``a < b`` exactly when value ``a < b``.

    Each distinct object is looked at once (found by identity at C speed): a column often
    shares its values (small ints, the Fractions of ``core.tiebreakers._owp_column``).
    """
    ids = list(map(id, column))
    distinct = dict(zip(ids, column, strict=True))
    largest = 1
    whole = True
    for value in distinct.values():
        if type(value) is not int:
            whole = False
            if isinstance(value, Fraction) and value.denominator > largest:
                largest = value.denominator
    if whole:
        return list(column)  # type: ignore[arg-type]
    if largest == 1:
        keyed = {at: int(value) for at, value in distinct.items()}
    else:
        shift = 2 * largest.bit_length()
        keyed = {at: (value.numerator << shift) // value.denominator
                 if isinstance(value, Fraction) else int(value) << shift
                 for at, value in distinct.items()}
    return list(map(keyed.__getitem__, ids))


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


def _random_index(criteria: Sequence[Tiebreaker]) -> int | None:
    """Where the seeded ``random`` criterion is, when it is the last one (then it is only
    drawn for the players tied on everything before it); else None."""
    if criteria and criteria[-1].name == "random":
        return len(criteria) - 1
    return None


def _order(pids: list[PlayerId], columns: list[list[Value]], criteria: Sequence[Tiebreaker],
           records: Mapping[PlayerId, PlayerRecord], seed: int
           ) -> tuple[list[int], list[Value | None], list[list[int]]]:
    """Indexes of ``pids`` best first, the random value shown for each (rule CMD-3c), and the
    exact integer sort keys of each column (:func:`sort_keys`: equal exactly where the values
    are).

    Highest values first; among full ties the lower player id first (stable, deterministic).
    The random criterion, when last, is drawn only inside groups tied on every earlier
    criterion: a value elsewhere changes nothing and would cost a hash per player.
    """
    random_at = _random_index(criteria)
    keys = [sort_keys(column) for column in columns]
    keyed = list(zip(*keys, [-pid for pid in pids], range(len(pids)), strict=True))
    keyed.sort(reverse=True)
    shown: list[Value | None] = [None] * len(pids)
    if random_at is None:
        return [entry[-1] for entry in keyed], shown, keys
    draw = criteria[random_at]
    width = len(keys)
    head = itemgetter(*range(width)) if width else _nothing
    out: list[int] = []
    for _tied, group in groupby(keyed, key=head):
        members = list(group)
        if len(members) == 1:
            out.append(members[0][-1])
            continue
        drawn = draw.values([pids[e[-1]] for e in members], records, seed)
        ordered = sorted(((value, e[-2], e[-1]) for value, e in zip(drawn, members,
                                                                    strict=True)),
                         reverse=True)
        # shown as the order the draw gave among the players it separated (CMD-3c)
        for place, (_value, _negated, index) in enumerate(ordered, start=1):
            shown[index] = place
            out.append(index)
    return out, shown, keys


def _nothing(entry: object) -> int:
    return 0


_INT64_MIN = -(1 << 63)  # the one int64 whose negation overflows


def _int64(values: Sequence[object]) -> Any | None:
    """``values`` as an int64 array, or None when one is not an int or does not fit (then
    Python sorts): numpy would truncate a Fraction."""
    import numpy as np  # here: most processes never rank a large event (issue 24)

    if not set(map(type, values)) <= {int}:
        return None
    try:
        array = np.fromiter(values, dtype=np.int64, count=len(values))
    except (OverflowError, TypeError, ValueError):
        return None
    if len(array) and int(array.min()) == _INT64_MIN:
        return None
    return array


def _order_columnar(pids: list[PlayerId], keys: list[list[int]], criteria: Sequence[Tiebreaker],
                    records: Mapping[PlayerId, PlayerRecord], seed: int,
                    random_at: int | None
                    ) -> tuple[list[int], list[Value | None], list[int]] | None:
    """What :func:`_order` gives, plus each place's rank, from ``np.lexsort`` over the keys
    as int64 columns: the same order (highest keys first, then the lower player id), the
    same random draw (rule CMD-3c: drawn only for the players tied on every key, shown as
    the order it gave among them). None when a key, a player id or a drawn value does not
    fit in int64: then the Python sort does it (:func:`_order`).

    Ranks: players with equal keys share the rank of the first of them; with the draw last
    no two players are equal (the draw's places differ inside a tie), so the rank is the
    place.
    """
    import numpy as np

    count = len(pids)
    columns = []
    for key in keys:
        array = _int64(key)
        if array is None:
            return None
        columns.append(array)
    ids = _int64(pids)
    if ids is None or count == 0:
        return None
    order = np.lexsort([ids, *(-column for column in reversed(columns))])
    change = np.zeros(count, dtype=bool)
    change[0] = True
    for column in columns:
        ranked = column[order]
        change[1:] |= ranked[1:] != ranked[:-1]
    places = np.arange(1, count + 1)
    shown: list[Value | None] = [None] * count
    if random_at is None:
        ranks = np.maximum.accumulate(np.where(change, places, 0))
        return order.tolist(), shown, ranks.tolist()
    group = np.cumsum(change) - 1
    sizes = np.bincount(group)
    tied = np.flatnonzero(sizes[group] > 1)  # places of players tied on every key
    if len(tied):
        members = order[tied]
        drawn = _int64(criteria[random_at].values(
            [pids[index] for index in members.tolist()], records, seed))
        if drawn is None:
            return None
        within = np.lexsort([ids[members], -drawn, group[tied]])
        order[tied] = members[within]
        starts = np.flatnonzero(change)
        place_in_group = tied - starts[group[tied]] + 1
        for index, place in zip(order[tied].tolist(), place_in_group.tolist(), strict=True):
            shown[index] = place
    return order.tolist(), shown, places.tolist()


@collector_paused
def rank_players(
    players: Iterable[PlayerId],
    records: Mapping[PlayerId, PlayerRecord],
    criteria: Sequence[Tiebreaker],
    seed: int,
    dropped: Iterable[PlayerId] = (),
) -> Standings:
    """Sort by ``criteria`` (each higher-is-better). Players equal on every criterion share a
    rank; with the seeded ``random`` criterion last, that cannot happen.

    Time ``O(n log n)`` in players plus what the criteria cost (each one is a per-player
    aggregate, or a sum over the player's own meetings): no criterion scans all games for
    each player (figures at 200,000 players: bench/standings.py, docs/benchmarks.md). The
    sort and the ranks are computed column-wise (:func:`_order_columnar`, ``np.lexsort``)
    where the keys fit in int64, else by :func:`rank_players_python`; both give the same
    rows (tests/core/test_standings_columnar.py).
    """
    random_at = _random_index(criteria)
    if random_at is None and any(tb.name == "random" for tb in criteria):
        return rank_players_python(players, records, criteria, seed, dropped)
    dropped_set = set(dropped)
    pids = list(players)
    columns = [[value if type(value) is int else _plain(value)
                for value in tb.values(pids, records, seed)]
               for index, tb in enumerate(criteria) if index != random_at]
    keys = [sort_keys(column) for column in columns]
    fast = _order_columnar(pids, keys, criteria, records, seed, random_at)
    if fast is None:
        return rank_players_python(pids, records, criteria, seed, dropped_set)
    order, shown, ranks = fast
    if random_at is not None:
        columns.append(shown)  # type: ignore[arg-type]
    values = (list(map(list(zip(*columns, strict=True)).__getitem__, order)) if columns
              else [()] * len(pids))
    placed = list(map(pids.__getitem__, order))
    standings = Standings(criteria)
    # built by ``map`` at C speed, one call per row: no Python loop over 200,000 players
    standings.rows = list(map(StandingRow, ranks, placed, values,
                              map(records.__getitem__, placed),
                              map(dropped_set.__contains__, placed)))
    return standings


@collector_paused
def rank_players_python(
    players: Iterable[PlayerId],
    records: Mapping[PlayerId, PlayerRecord],
    criteria: Sequence[Tiebreaker],
    seed: int,
    dropped: Iterable[PlayerId] = (),
) -> Standings:
    """:func:`rank_players` by a Python sort of key tuples: for keys beyond int64 and a
    random draw placed before another criterion; and the reference the columnar sort is
    tested against."""
    dropped_set = set(dropped)
    pids = list(players)
    random_at = _random_index(criteria)
    columns = [[value if type(value) is int else _plain(value)
                for value in tb.values(pids, records, seed)]
               for index, tb in enumerate(criteria) if index != random_at]
    order, shown, keys = _order(pids, columns, criteria, records, seed)
    standings = Standings(criteria)
    rows = standings.rows
    # ties are found on the exact integer keys (equal where the values are): comparing
    # Fractions costs a Python call each, 200,000 times
    marks: list[tuple[Value | None, ...]] | None = (
        list(zip(*keys, shown, strict=True)) if random_at is not None
        else list(zip(*keys, strict=True)) if keys else None)
    if random_at is None and any(tb.name == "random" for tb in criteria):
        # the random draw placed before another criterion (an unusual setting): every
        # player's value is drawn, then shown as the order it gave (CMD-3c)
        decided = _random_as_decided(
            [(tuple(column[i] for column in columns), -pids[i]) for i in order], criteria)
        columns = [list(column) for column in zip(*(v for v, _n in decided), strict=True)]
        order = list(range(len(order)))
        pids = [-negated for _v, negated in decided]
        marks = None
    previous: tuple[Value | None, ...] | None = None
    rank = 0
    if random_at is not None:
        columns.append(shown)  # type: ignore[arg-type]
    by_player = list(zip(*columns, strict=True)) if columns else [()] * len(pids)
    for place, index in enumerate(order, start=1):
        values: tuple[Value | None, ...] = by_player[index]
        mark = values if marks is None else marks[index]
        if mark != previous:
            rank = place
            previous = mark
        pid = pids[index]
        rows.append(StandingRow(rank, pid, values, records[pid],  # type: ignore[arg-type]
                                dropped=pid in dropped_set))
    return standings
