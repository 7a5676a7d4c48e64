"""Standings: players sorted by points, then by an ordered list of tiebreakers."""

from __future__ import annotations

import threading
import weakref
from bisect import bisect_left, insort
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import compress, groupby
from operator import is_, itemgetter, not_
from typing import Any, overload

from podium.core.gcpause import collector_paused
from podium.core.model import PlayerId
from podium.core.records import KeptRecords, PlayerRecord
from podium.core.tiebreakers import TIEBREAKERS, Tiebreaker, Value


@dataclass(frozen=True)
class StandingRow:
    rank: int
    player: PlayerId
    values: tuple[Value, ...]
    record: PlayerRecord
    dropped: bool = False
    note: str = ""


class Standings:
    """Rows in rank order and the criteria that produced them (points first).

    A ranking kept between versions (:class:`KeptRanking`) gives standings whose rows are
    made only when asked for: :meth:`count` and :meth:`page` read a page of them without
    making the others (a public page shows 100 of 10,000); :attr:`rows` makes
    them all, once, and is then an ordinary list.
    """

    def __init__(self, criteria: Sequence[Tiebreaker],
                 rows: list[StandingRow] | None = None,
                 ranked: RankedRows | None = None) -> None:
        self.criteria = criteria
        self._rows = rows if rows is not None else [] if ranked is None else None
        self._ranked = ranked

    @property
    def rows(self) -> list[StandingRow]:
        if self._rows is None:
            assert self._ranked is not None
            self._rows = list(self._ranked)
        return self._rows

    @rows.setter
    def rows(self, rows: list[StandingRow]) -> None:
        self._rows = rows
        self._ranked = None

    @property
    def ranked(self) -> Sequence[StandingRow]:
        """The rows as a sequence, made lazily when the standings were kept (else the list)."""
        return self._ranked if self._rows is None and self._ranked is not None else self.rows

    def count(self) -> int:
        return len(self.ranked)

    def page(self, start: int, stop: int) -> list[StandingRow]:
        """Rows ``start`` to ``stop`` (a slice), without making the others."""
        return list(self.ranked[start:stop])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Standings):
            return NotImplemented
        return list(self.criteria) == list(other.criteria) and self.rows == other.rows

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Standings(criteria={self.criteria!r}, rows={self.rows!r})"

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


#: Players from which the ranking sorts numpy columns: below, the Python sort is as fast and
#: the command line does not import numpy (a tenth of a second of CPU) to rank 40 players.
COLUMNAR_FROM = 2000

_INT64_MIN = -(1 << 63)  # the one int64 whose negation overflows


def _int64(values: Sequence[object]) -> Any | None:
    """``values`` as an int64 array, or None when one is not an int or does not fit (then
    Python sorts): numpy would truncate a Fraction."""
    import numpy as np  # here: most processes never rank a large event

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
                    random_at: int | None, draws: Mapping[PlayerId, Value] | None = None
                    ) -> tuple[list[int], list[Value | None], list[int]] | None:
    """What :func:`_order` gives, plus each place's rank, from ``np.lexsort`` over the keys
    as int64 columns: the same order (highest keys first, then the lower player id), the
    same random draw (rule CMD-3c: drawn only for the players tied on every key, shown as
    the order it gave among them). None when a key, a player id or a drawn value does not
    fit in int64: then the Python sort does it (:func:`_order`).

    Ranks: players with equal keys share the rank of the first of them; with the draw last
    no two players are equal (the draw's places differ inside a tie), so the rank is the
    place. ``draws``: the draw's values already made for these players (else drawn here).
    """
    count = len(pids)
    if count < COLUMNAR_FROM:
        return None
    import numpy as np

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
        tied_pids = [pids[index] for index in members.tolist()]
        drawn = _int64(list(map(draws.__getitem__, tied_pids)) if draws is not None
                       else criteria[random_at].values(tied_pids, records, seed))
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

    For an event's own players mapping and records from its :class:`RecordBook`, the ranking
    is kept between calls (:class:`KeptRanking`: only players whose records changed are
    placed again, the rows made when read), with the same rows.
    """
    if isinstance(records, KeptRecords) and isinstance(players, Mapping):
        kept = kept_ranking(players)
        if kept is not None:
            found = kept.rank(players, records, criteria, seed, dropped)
            if found is not None:
                return found
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


# --- standings kept between versions (a new version's public page in milliseconds) ---

#: criteria whose value for a player is a function of that player's own record (and the seed)
#: only: a player whose record object did not change keeps their value. The opponents' win
#: ratio (CMD-3b) is one only when the records carry the kept sums (``opponent_sums``).
_OWN_RECORD = frozenset({"points", "elimination_sum", "wins", "score_sum", "random"})
_KEPT_SUMS = frozenset({"opponents_win_pct"})

#: re-place players one by one while fewer than one in this many changed; else sort afresh
REPLACE_RATIO = 8

_INF = float("inf")  # above every value of a sort key (the end of a tie group)

Key = tuple[Any, ...]  # (-value, ..., -draw, player id): ascending is best first


class RankedRows(Sequence[StandingRow]):
    """The rows of one version of a kept ranking, each made when read: the order (sort keys,
    best first) is this version's own copy, so later versions never change it.

    Row ``i`` is what :func:`rank_players` gives at place ``i``: its values are the key's
    values negated back; with the seeded draw last (rule CMD-3c) the rank is the place and the
    draw shows the place among the players tied on every criterion before it (None when the
    player is tied with nobody); without it, tied players share the rank of the first of
    them. Both found by bisection on the keys, so a page of rows costs its own rows only.
    """

    def __init__(self, order: list[Key], width: int, drawn: bool,
                 records: Mapping[PlayerId, PlayerRecord], dropped: frozenset[PlayerId]
                 ) -> None:
        self._order = order
        self._width = width  # criteria values in a key before the draw
        self._drawn = drawn
        self._records = records
        self._dropped = dropped

    def __len__(self) -> int:
        return len(self._order)

    @overload
    def __getitem__(self, index: int) -> StandingRow: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[StandingRow]: ...

    def __getitem__(self, index: int | slice) -> StandingRow | Sequence[StandingRow]:
        if isinstance(index, slice):
            places = range(*index.indices(len(self._order)))
            if places.step != 1:
                return tuple(map(self._row, places))
            return tuple(self._run(places.start, places.stop))
        if index < 0:
            index += len(self._order)
        if not 0 <= index < len(self._order):
            raise IndexError(index)
        return self._row(index)

    def __iter__(self) -> Iterator[StandingRow]:
        return self._run(0, len(self._order))

    def _run(self, start: int, stop: int) -> Iterator[StandingRow]:
        """Rows ``start`` to ``stop`` as :meth:`_row` makes them, a tie group's bounds found
        once for all its rows on the page (comparing keys costs Fraction comparisons)."""
        order, width, drawn = self._order, self._width, self._drawn
        records, dropped = self._records, self._dropped
        low = high = -1  # the tie group of the row before (players tied on every criterion)
        for place in range(start, stop):
            key = order[place]
            prefix = key[:width]
            if place >= high:
                low = bisect_left(order, prefix) if place != high else high
                high = bisect_left(order, (*prefix, _INF), place)
            values: tuple[Value | None, ...] = tuple(-value for value in prefix)
            if drawn:
                values = (*values, place - low + 1 if high - low > 1 else None)
                rank = place + 1
            else:
                rank = low + 1
            pid = key[-1]
            yield StandingRow(rank, pid, values, records[pid],  # type: ignore[arg-type]
                              dropped=pid in dropped)

    def players(self) -> list[PlayerId]:
        """The player of each row, in order, without making the rows."""
        return [key[-1] for key in self._order]

    def _row(self, place: int) -> StandingRow:
        order = self._order
        key = order[place]
        width = self._width
        prefix = key[:width]
        values: tuple[Value | None, ...] = tuple(-value for value in prefix)
        if self._drawn:
            low = bisect_left(order, prefix)
            high = bisect_left(order, (*prefix, _INF), low)
            values = (*values, place - low + 1 if high - low > 1 else None)
            rank = place + 1
        else:
            rank = bisect_left(order, prefix) + 1
        pid = key[-1]
        return StandingRow(rank, pid, values, self._records[pid],  # type: ignore[arg-type]
                           dropped=pid in self._dropped)


class KeptRanking:
    """The ranking of one event's players kept between versions: a new version re-places
    only the players whose records changed, instead of ranking everyone again.

    Why: a public page of a 10,000-player event is rebuilt for each result entered,
    and ranking everyone (the columns, the sort, a row object each) cost 40-80 ms of CPU a
    version, with readers waiting past the page's freshness lag. A
    :class:`podium.core.records.RecordBook` hands out a new record object for each player
    whose record changed (a record handed out is never changed), and every record of the
    others is the same object as last time: those players keep their sort keys. Each key is
    ``(-value, ..., -draw, player id)`` with the exact values (ints and Fractions, compared
    exactly), so the ascending order of the keys is :func:`rank_players`' order (rule CMD-3:
    highest values first; CMD-3c: the seeded draw among the players tied on everything
    before it, then the lower player id), and a changed player is taken out and put back by
    bisection. Rows are made only when read (:class:`RankedRows`).

    Used only where that reasoning holds, else :meth:`rank` answers None and the caller ranks
    afresh: records from a book (:class:`podium.core.records.KeptRecords`), every criterion
    one of the standard ones whose value depends on the player's own record only
    (:data:`_OWN_RECORD`; the opponents' win ratio with the book's kept sums), the draw (if
    any) last. Equal to :func:`rank_players` on the same input, row for row
    (tests/core/test_standings_kept.py, with random results, corrections and undos).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._setup: tuple[Any, ...] | None = None  # criteria names, seed, kept sums
        self._pids: list[PlayerId] = []
        self._records: Mapping[PlayerId, PlayerRecord] = {}
        self._keys: dict[PlayerId, Key] = {}
        self._order: list[Key] = []
        self._draws: dict[PlayerId, Value] = {}
        self._draws_seed: int | None = None

    @staticmethod
    def usable(records: Mapping[PlayerId, PlayerRecord], criteria: Sequence[Tiebreaker]
               ) -> bool:
        """Whether a kept ranking gives :func:`rank_players`' rows for these criteria."""
        if not isinstance(records, KeptRecords):
            return False
        own = _OWN_RECORD | (_KEPT_SUMS if records.opponent_sums else frozenset())
        for index, tb in enumerate(criteria):
            if tb.name not in own or TIEBREAKERS.get(tb.name) is not tb:
                return False
            if tb.name == "random" and index != len(criteria) - 1:
                return False
        return True

    def rank(self, players: Iterable[PlayerId], records: Mapping[PlayerId, PlayerRecord],
             criteria: Sequence[Tiebreaker], seed: int, dropped: Iterable[PlayerId] = ()
             ) -> Standings | None:
        """This version's standings (rows made when read), or None when the kept ranking
        cannot give :func:`rank_players`' rows (:meth:`usable`)."""
        if not self.usable(records, criteria):
            return None
        pids = list(players)
        drawn = _random_index(criteria) is not None
        measured = [tb for tb in criteria if tb.name != "random"]
        setup = (tuple(tb.name for tb in criteria), seed,
                 getattr(records, "opponent_sums", False))
        with self._lock:
            if self._draws_seed != seed:
                self._draws = {}
                self._draws_seed = seed
            changed: list[PlayerId] | None = None
            if setup == self._setup and pids == self._pids:
                before = self._records
                if len(records) == len(before) and list(records) == list(before):
                    # the same players in the same order: compare the records in place
                    same = map(is_, records.values(), before.values())
                    moved = compress(records, map(not_, same))
                    if len(records) == len(pids):
                        changed = list(moved)
                    else:  # (records also of players not ranked here)
                        ranked = set(pids)
                        changed = [pid for pid in moved if pid in ranked]
                else:
                    same = map(is_, map(records.__getitem__, pids),
                               map(before.__getitem__, pids))
                    changed = list(compress(pids, map(not_, same)))
                if len(changed) * REPLACE_RATIO > len(pids):
                    changed = None
            if changed is None:
                columns = _plain_columns(pids, records, measured, seed)
                fresh = self._keys_of(pids, records, criteria, measured, seed, drawn, columns)
                self._keys = dict(zip(pids, fresh, strict=True))
                # the order of the keys, found column-wise (a sort of 10,000 key tuples
                # compares Fractions in Python: 0.4 s); it is their ascending order. The
                # columns and the draws are the keys' own: made once (200,000 hashes each)
                self._order = list(map(fresh.__getitem__, _fresh_order(
                    pids, records, criteria, seed, columns, self._draws if drawn else None)))
            elif changed:
                keys, order = self._keys, self._order
                for pid, key in zip(changed, self._keys_of(changed, records, criteria,
                                                           measured, seed, drawn),
                                    strict=True):
                    old = keys[pid]
                    del order[bisect_left(order, old)]
                    keys[pid] = key
                    insort(order, key)
            self._setup = setup
            self._pids = pids
            self._records = records
            order = list(self._order)
        return Standings(criteria, ranked=RankedRows(order, len(measured), drawn, records,
                                                      frozenset(dropped)))

    def _keys_of(self, pids: list[PlayerId], records: Mapping[PlayerId, PlayerRecord],
                 criteria: Sequence[Tiebreaker], measured: list[Tiebreaker], seed: int,
                 drawn: bool, plain: list[list[Value]] | None = None) -> list[Key]:
        """The sort keys of ``pids``: their values as :func:`rank_players` shows them (whole
        Fractions as ints; ``plain``: those columns already made), negated, then the draw's
        value negated (drawn once a player and seed), then the player id."""
        if plain is None:
            plain = _plain_columns(pids, records, measured, seed)
        columns: list[list[Any]] = [_negated(column) for column in plain]
        if drawn:
            draws = self._draws
            missing = [pid for pid in pids if pid not in draws]
            if missing:
                draws.update(zip(missing, criteria[-1].values(missing, records, seed),
                                 strict=True))
            columns.append([-draws[pid] for pid in pids])
        columns.append(pids)
        return list(zip(*columns, strict=True))


def _plain_columns(pids: list[PlayerId], records: Mapping[PlayerId, PlayerRecord],
                   measured: Sequence[Tiebreaker], seed: int) -> list[list[Value]]:
    """Each criterion's values of ``pids`` as :func:`rank_players` shows them (whole Fractions
    as ints)."""
    return [[value if type(value) is int else _plain(value)
             for value in tb.values(pids, records, seed)]
            for tb in measured]


def _negated(column: list[Value]) -> list[Value]:
    """Each value negated, each distinct object once (a column shares its Fractions)."""
    done: dict[int, Value] = {}
    out: list[Value] = []
    append = out.append
    for value in column:
        if type(value) is int:
            append(-value)
            continue
        negated = done.get(id(value))
        if negated is None:
            negated = done[id(value)] = -value
        append(negated)
    return out


def _fresh_order(pids: list[PlayerId], records: Mapping[PlayerId, PlayerRecord],
                 criteria: Sequence[Tiebreaker], seed: int,
                 columns: list[list[Value]] | None = None,
                 draws: Mapping[PlayerId, Value] | None = None) -> list[int]:
    """The indexes of ``pids`` in :func:`rank_players`' order (column-wise where it can);
    ``columns``, ``draws``: the criteria's values (the draw's left out) and the draw's,
    already made."""
    random_at = _random_index(criteria)
    if columns is None:
        columns = _plain_columns(
            pids, records, [tb for index, tb in enumerate(criteria) if index != random_at],
            seed)
    keys = [sort_keys(column) for column in columns]
    fast = (_order_columnar(pids, keys, criteria, records, seed, random_at, draws)
            if pids else None)
    if fast is not None:
        return fast[0]
    return _order(pids, columns, criteria, records, seed)[0]


# The kept ranking of each players mapping (an event state's ``players``: a state is caught up
# in place, version after version), by the mapping's id, dropped with it (a mapping is not
# hashable, so no WeakKeyDictionary).
_KEPT: dict[int, tuple[weakref.ref[Any], KeptRanking]] = {}
_KEPT_LOCK = threading.RLock()  # (``forget`` may run in a collection under it)


def kept_ranking(players: object) -> KeptRanking | None:
    """The ranking kept for ``players`` (an event's players mapping), made on first use; None
    for an argument that cannot be kept (a list, a plain dict: not weakly referable)."""
    at = id(players)
    with _KEPT_LOCK:
        found = _KEPT.get(at)
        if found is not None and found[0]() is players:
            return found[1]

        def forget(ref: weakref.ref[Any]) -> None:
            with _KEPT_LOCK:
                entry = _KEPT.get(at)
                if entry is not None and entry[0] is ref:
                    del _KEPT[at]

        try:
            ref = weakref.ref(players, forget)
        except TypeError:
            return None
        kept = KeptRanking()
        _KEPT[at] = (ref, kept)
        return kept
