"""Per-player aggregates over the played rounds: the raw material of scoring and tiebreakers."""

from __future__ import annotations

import operator
import threading
from array import array
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import accumulate, chain, repeat
from typing import Any

from podium.core.gcpause import collector_paused
from podium.core.model import (
    Bye,
    PlayerId,
    Round,
    SeatOutcome,
    Table,
    TableResult,
    _indexed,
    _ints,
)


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
    # the sums of wins and games of every opponent met (per meeting, rule CMD-3b), kept by a
    # RecordBook (KeptRecords); None where nobody keeps them (build_records)
    opponent_wins: int | None = None
    opponent_games: int | None = None
    # a record loaded from a snapshot, its opponents not read yet: where they are in the
    # book's column of opponents (:class:`_Opponents`)
    met: tuple[Any, int, int] | None = field(default=None, repr=False, compare=False)


class _Opponents:
    """``PlayerRecord.opponents``: the slot, or for a record loaded from a snapshot, its
    opponents decoded from the book's column on first read. A cold standings
    reads the opponents' sums the book keeps (rule CMD-3b), never the lists: decoding
    200,000 of them took a third of loading the records."""

    __slots__ = ("slot",)

    def __init__(self, slot: Any) -> None:
        self.slot = slot

    def __get__(self, rec: PlayerRecord | None, owner: Any = None) -> Any:
        if rec is None:
            return self.slot
        found = self.slot.__get__(rec, owner)
        if found is None:
            met = rec.met
            if met is not None:
                column, start, end = met
                found = column[start:end].tolist()
                self.slot.__set__(rec, found)
                rec.met = None
        return found

    def __set__(self, rec: PlayerRecord, value: list[PlayerId]) -> None:
        self.slot.__set__(rec, value)


PlayerRecord.opponents = _Opponents(PlayerRecord.opponents)  # type: ignore[assignment,misc]


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


def _exact(points: Fraction | int) -> Fraction | int:
    """Whole points as ints: exact either way, and int sums are far cheaper at 10,000 players."""
    if isinstance(points, Fraction) and points.denominator == 1:
        return points.numerator
    return points


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


class _Mark:
    """What a :class:`RecordBook` has counted of one round: the round object itself, its byes
    and, per table number, the table and result counted (compared by identity: both are
    frozen, so any change to a seat or a result is a new object). ``tables`` and
    ``results`` are the round's lists as last seen, for a check at C speed that nothing
    changed.

    A mark stored in a snapshot for a round counted as it stands keeps none of that
    (``lazy``): its round is stored in a compact form (:meth:`podium.core.model.Round.
    __reduce__`) that cannot change before it is decoded, so the round is unchanged until
    then; once decoded, the mark takes the objects as decoded (:meth:`adopt`), and a change
    since shows up as usual. So a cold standings never decodes a round."""

    __slots__ = ("byes", "lazy", "results", "round", "seen", "tables")

    def __init__(self, rnd: Round) -> None:
        self.round = rnd
        self.byes: list[Bye] = []
        self.seen: dict[int, tuple[Table, TableResult]] = {}
        self.tables: list[Table] = []
        self.results: list[TableResult] = []
        self.lazy = False

    def unchanged(self) -> bool:
        rnd = self.round
        if self.lazy:
            if rnd.packed:
                return _same(rnd.byes, self.byes)
            self.adopt()
        return (_same(rnd.byes, self.byes) and _same(rnd.tables, self.tables)
                and _same(rnd.results.values(), self.results))

    def settled(self) -> bool:
        """Everything of the round counted as it stands: the mark can be stored lazily."""
        if self.lazy:
            return self.round.packed and _same(self.round.byes, self.byes)
        if not self.unchanged():
            return False
        results = self.round.results
        counted = 0
        for table in self.tables:
            result = results.get(table.number)
            if result is not None:
                before = self.seen.get(table.number)
                if before is None or before[0] is not table or before[1] is not result:
                    return False
                counted += 1
        return counted == len(self.seen)

    def adopt(self) -> None:
        """A lazy mark's tables and results: the round's as decoded from the snapshot (what
        was counted before it was stored)."""
        if not self.lazy:
            return
        decoded = self.round.unpacked()
        if decoded is None:  # cannot happen: a lazy mark's round was loaded packed
            raise RuntimeError("a lazy record mark without a packed round")
        tables, results = decoded
        self.tables = list(tables)
        self.results = list(results.values())
        seen = self.seen = {}
        for table in tables:
            result = results.get(table.number)
            if result is not None:
                seen[table.number] = (table, result)
        self.lazy = False

    def __reduce__(self) -> Any:
        if self.settled():
            return (_lazy_mark, (self.round, self.byes))
        self.adopt()
        return (_full_mark, (self.round, self.byes, self.seen, self.tables, self.results))


def _lazy_mark(rnd: Round, byes: list[Bye]) -> _Mark:
    mark = _Mark(rnd)
    mark.byes = byes
    mark.lazy = True
    return mark


def _full_mark(rnd: Round, byes: list[Bye], seen: dict[int, tuple[Table, TableResult]],
               tables: list[Table], results: list[TableResult]) -> _Mark:
    mark = _Mark(rnd)
    mark.byes, mark.seen, mark.tables, mark.results = byes, seen, tables, results
    return mark


def _same(now: Collection[Any], before: list[Any]) -> bool:
    return len(now) == len(before) and all(map(operator.is_, now, before))


_SCALARS = ("points", "games", "wins", "draws", "byes", "order_sum", "score_sum",
            "opponent_wins", "opponent_games")


def pack_records(records: dict[PlayerId, PlayerRecord]) -> tuple[Any, ...]:
    """A book's records as columns for a snapshot: 200,000 records pickled as
    objects, each with its list of opponents and its dict of turn positions, took most of
    a cold standings' load. Each field is a column of machine integers when every value is
    an int, else indexes into its distinct objects; the opponents and the turn positions
    are flat columns with a count per record. Anything else keeps the objects."""
    try:
        recs = list(records.values())
        if not all(type(rec) is PlayerRecord and type(rec.seat_counts) is dict
                   and rec.player == pid for pid, rec in records.items()):
            raise TypeError
        columns = [_column([getattr(rec, name) for rec in recs]) for name in _SCALARS]
        met = list(map(_met, recs))  # not decoded for it when loaded and never read since
        if not all(type(them) is list or type(them) is array for them in met):
            raise TypeError
        opponents = list(chain.from_iterable(met))
        # the turn positions: a few distinct dicts among 200,000 players, stored once each
        turns: dict[tuple[tuple[int, int], ...], int] = {}
        turn_index = [turns.setdefault(tuple(rec.seat_counts.items()), len(turns))
                      for rec in recs]
        if not {*map(type, opponents), *map(type, records),
                *(type(x) for key in turns for pair in key for x in pair)} <= {int}:
            raise TypeError
        return ("columns", _ints(list(records)), columns,
                _ints(opponents), _ints(list(map(len, met))),
                list(turns), _ints(turn_index))
    except (TypeError, OverflowError):
        return ("objects", records)


# the slot itself (what _Opponents.__get__ gives for the class)
_OPPONENTS_SLOT: Any = PlayerRecord.__dict__["opponents"].slot


def _met(rec: PlayerRecord) -> Any:
    """``rec``'s opponents as a list, or as the slice of the column it was loaded from."""
    found = _OPPONENTS_SLOT.__get__(rec, PlayerRecord)
    if found is None and rec.met is not None:
        column, start, end = rec.met
        return column[start:end]
    return found


def _column(values: list[Any]) -> tuple[Any, ...]:
    if all(type(value) is int for value in values):
        try:
            return ("ints", _ints(values))
        except OverflowError:
            pass
    distinct: list[Any] = []
    return ("objects", distinct, _indexed(values, distinct, {}))


def _uncolumn(column: tuple[Any, ...]) -> Iterable[Any]:
    if column[0] == "ints":
        return column[1].tolist()  # type: ignore[no-any-return]
    return map(column[1].__getitem__, column[2])


def unpack_records(packed: tuple[Any, ...]) -> dict[PlayerId, PlayerRecord]:
    """The records that :func:`pack_records` stored, equal and in the same order."""
    if packed[0] == "objects":
        return packed[1]  # type: ignore[no-any-return]
    _kind, pids, columns, opponents, opponent_counts, turns, turn_index = packed
    # each record's opponents decoded on first read (_Opponents): where they are
    ends = list(accumulate(opponent_counts))
    where = zip(repeat(opponents), [0, *ends[:-1]], ends)
    # one dict per distinct content, shared: a record loaded is never changed in place (the
    # book copies a record before its first change, RecordBook._mutable)
    turn_dicts = map([dict(key) for key in turns].__getitem__, turn_index)
    (points, games, wins, draws, byes, order_sum, score_sum, opponent_wins,
     opponent_games) = map(_uncolumn, columns)
    ids = pids.tolist()
    return dict(zip(ids, map(PlayerRecord, ids, points, games, wins, draws, byes, order_sum,
                             score_sum, repeat(None), turn_dicts, opponent_wins,
                             opponent_games, where), strict=True))


class KeptRecords(dict[PlayerId, PlayerRecord]):
    """Records from a :class:`RecordBook`; ``opponent_sums`` tells whether each record's
    ``opponent_wins`` and ``opponent_games`` are kept (CMD-3b: :mod:`podium.core.tiebreakers`
    reads them instead of summing every player's meetings)."""

    opponent_sums: bool = False


class RecordBook:
    """The records of :func:`build_records`, kept up to date by deltas instead of rebuilt.

    Each call of :meth:`records` compares the rounds with what was counted last time (the
    round objects, their byes and each table's ``(Table, TableResult)`` pair, by identity:
    they are frozen, so a correction, a merge's reseating or a hand edit is a new object),
    takes the old contribution of every changed table or bye out and puts the new one in. A
    round gone (undone) is taken out whole. The opponents' sums of wins and games (rule
    CMD-3b) are kept too: a player's change of wins or games is passed to everyone they met.
    So entering a result costs one table's work, and 200,000 players' standings no pass over
    the seats (docs/benchmarks.md). The answer equals :func:`build_records` of the same
    players and rounds, exactly (tests/core/test_record_book.py).

    The book is a cache beside the state (:attr:`podium.core.model.EventState.caches`),
    pickled with it in a snapshot; the log stays the truth: a state replayed without the book
    builds it from scratch and gets the same records.

    Records handed out are never changed afterwards (a record about to change is copied
    first), so a standings table computed earlier keeps its figures.
    """

    #: sum afresh when more than one table in this many players changed since last time
    resum_ratio = 64

    def __init__(self) -> None:
        self._records: dict[PlayerId, PlayerRecord] = {}
        self._marks: list[_Mark] = []
        self._appears: dict[PlayerId, int] = {}  # seats and byes counted, per player
        # tables counted whose results do not name each seat once: the meetings are then
        # not symmetric, and the opponents' sums are not kept (the tiebreaker sums them)
        self._uneven = 0
        self._stale = False  # an uneven table was counted since the sums were last made
        self._owned: set[PlayerId] = set()  # records not handed out yet: changed in place
        self._lock = threading.Lock()

    def __getstate__(self) -> dict[str, Any]:
        return {"records": pack_records(self._records), "marks": self._marks,
                "appears": self._appears, "uneven": self._uneven, "stale": self._stale}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self._records = unpack_records(data["records"])
        self._marks = data["marks"]
        self._appears = data["appears"]
        self._uneven = data["uneven"]
        self._stale = data["stale"]
        self._owned = set()
        self._lock = threading.Lock()

    @collector_paused
    def records(self, players: Iterable[PlayerId], rounds: Sequence[Round]) -> KeptRecords:
        """Equal to ``build_records(players, rounds)``, brought up to date by deltas."""
        with self._lock:
            self._sync(rounds)
            self._owned.clear()  # everything below is handed out
            known = self._records
            out = KeptRecords()
            out.opponent_sums = not self._uneven
            for pid in players:
                rec = known.get(pid)
                if rec is None:
                    rec = known[pid] = PlayerRecord(pid, opponent_wins=0, opponent_games=0)
                out[pid] = rec
            if not self._appears.keys() <= out.keys():
                for pid, count in self._appears.items():
                    if count and pid not in out:
                        out[pid] = known[pid]
            return out

    def _sync(self, rounds: Sequence[Round]) -> None:
        marks = self._marks
        keep = 0
        while (keep < len(marks) and keep < len(rounds)
               and marks[keep].round is rounds[keep]):
            keep += 1
        deltas: list[tuple[Table, TableResult, int]] = []
        for mark in marks[keep:]:  # rounds undone or replaced: out whole
            mark.adopt()
            self._bye_delta(mark.byes, -1)
            deltas.extend((table, result, -1) for table, result in mark.seen.values())
        del marks[keep:]
        for rnd in rounds[keep:]:
            marks.append(_Mark(rnd))
        for mark in marks:
            if not mark.unchanged():
                self._sync_round(mark, deltas)
        if not deltas:
            return
        # one table's change passes to everyone its players met; many changes at once (the
        # first standings of an imported event) are cheaper summed afresh afterwards
        passed = len(deltas) * self.resum_ratio < len(self._records)
        for table, result, sign in deltas:
            self._table_delta(table, result, sign, passed)
        if not passed or (self._stale and not self._uneven):
            self._resum()
            self._stale = False

    def _sync_round(self, mark: _Mark, deltas: list[tuple[Table, TableResult, int]]) -> None:
        rnd = mark.round
        if not _same(rnd.byes, mark.byes):
            self._bye_delta(mark.byes, -1)
            self._bye_delta(rnd.byes, 1)
            mark.byes = list(rnd.byes)
        seen = mark.seen
        results = rnd.results
        counted = 0
        for table in rnd.tables:
            number = table.number
            result = results.get(number)
            before = seen.get(number)
            if before is not None and before[0] is table and before[1] is result:
                counted += 1
                continue
            if before is not None:
                deltas.append((*before, -1))
                del seen[number]
            if result is not None:
                deltas.append((table, result, 1))
                seen[number] = (table, result)
                counted += 1
        if counted != len(seen):  # a table counted before is no longer in the round
            current = {t.number: t for t in rnd.tables}
            for number in [n for n, (t, _r) in seen.items() if current.get(n) is not t]:
                deltas.append((*seen.pop(number), -1))
        mark.tables = list(rnd.tables)
        mark.results = list(results.values())

    @collector_paused
    def count(self, rounds: Sequence[Round]) -> None:
        """Bring the book up to date with ``rounds`` without handing a record out (a record
        handed out is copied before its next change: 200,000 copies when a round of an
        import is counted after the one before it)."""
        with self._lock:
            self._sync(rounds)

    def compact(self, rounds: Sequence[Round]) -> None:
        """Hold ``rounds`` compact (:meth:`Round.pack`) where this book counted them as they
        stand, and their marks as a snapshot stores them (lazy): what a load from that
        snapshot would hold, without the pickling. A round decoded later is compared with
        what was counted as after a load (:meth:`_Mark.adopt`)."""
        with self._lock:
            marks = {id(mark.round): mark for mark in self._marks}
            for rnd in rounds:
                mark = marks.get(id(rnd))
                if mark is None or mark.lazy or not mark.settled() or not rnd.pack():
                    continue
                mark.lazy = True
                mark.seen, mark.tables, mark.results = {}, [], []

    def _mutable(self, pid: PlayerId) -> PlayerRecord:
        """``pid``'s record, copied first when it was handed out."""
        rec = self._records.get(pid)
        if rec is None:
            rec = self._records[pid] = PlayerRecord(pid, opponent_wins=0, opponent_games=0)
        elif pid not in self._owned:
            rec = self._records[pid] = PlayerRecord(
                pid, rec.points, rec.games, rec.wins, rec.draws, rec.byes, rec.order_sum,
                rec.score_sum, list(rec.opponents), dict(rec.seat_counts),
                rec.opponent_wins, rec.opponent_games)
        self._owned.add(pid)
        return rec

    def _bye_delta(self, byes: Iterable[Bye], sign: int) -> None:
        """A bye: points and elimination order (rule CMD-9), neither a game nor a win."""
        for bye in byes:
            rec = self._mutable(bye.player)
            self._appears[bye.player] = self._appears.get(bye.player, 0) + sign
            rec.byes += sign
            rec.points = _exact(rec.points + sign * bye.points)
            if bye.order is not None:
                rec.order_sum = _exact(rec.order_sum + sign * bye.order)

    def _table_delta(self, table: Table, result: TableResult, sign: int, passed: bool) -> None:
        """Add (``sign`` 1) or take out (-1) one table's result, as :func:`build_records`
        counts it (CMD-3: points, wins; CMD-3a: elimination order; CMD-3b: games and the
        opponents met). With ``passed``, the opponents' sums are kept as well: a player's
        new wins and games go to every opponent met before, and each new meeting adds the
        opponent's wins and games (in the reverse order when taken out)."""
        seats = table.seats
        outcomes = result.outcomes
        even = len(outcomes) == len(seats) and {o.player for o in outcomes} == set(seats)
        if not even:
            self._uneven += sign
            self._stale = True
        passed = passed and even
        mutable = self._mutable
        if passed and sign < 0:
            self._meetings(seats, outcomes, -1)
        appears = self._appears
        for outcome in outcomes:
            pid = outcome.player
            rec = mutable(pid)
            appears[pid] = appears.get(pid, 0) + sign
            won = sign * outcome.won
            rec.games += sign
            rec.wins += won
            if passed:
                for other in rec.opponents:
                    them = mutable(other)
                    them.opponent_wins += won  # type: ignore[operator]
                    them.opponent_games += sign  # type: ignore[operator]
            points: Fraction | int = outcome.points
            if points.denominator == 1:
                points = points.numerator
            rec.points = _exact(rec.points + points if sign > 0 else rec.points - points)
            rec.draws += sign * outcome.drew
            order = outcome.order
            if order is not None:
                rec.order_sum = _exact(rec.order_sum + order if sign > 0
                                       else rec.order_sum - order)
            if outcome.score is not None:
                rec.score_sum += sign * outcome.score
            position = seats.index(pid)
            count = rec.seat_counts.get(position, 0) + sign
            if count:
                rec.seat_counts[position] = count
            else:
                del rec.seat_counts[position]
            if not passed:
                others = seats[:position] + seats[position + 1:]
                if sign > 0:
                    rec.opponents.extend(others)
                else:
                    for other in others:
                        rec.opponents.remove(other)
        if passed and sign > 0:
            self._meetings(seats, outcomes, 1)

    def _meetings(self, seats: tuple[PlayerId, ...], outcomes: Iterable[SeatOutcome],
                  sign: int) -> None:
        """The meetings of one table in (1) or out (-1), with the opponents' sums."""
        records = self._records
        for outcome in outcomes:
            pid = outcome.player
            rec = self._mutable(pid)
            position = seats.index(pid)
            for other in seats[:position] + seats[position + 1:]:
                them = records[other]
                if sign > 0:
                    rec.opponents.append(other)
                else:
                    rec.opponents.remove(other)
                rec.opponent_wins += sign * them.wins  # type: ignore[operator]
                rec.opponent_games += sign * them.games  # type: ignore[operator]

    def _resum(self) -> None:
        """Every opponents' sum afresh (CMD-3b), at C speed over one table of wins/games."""
        records = self._records
        size = max(records, default=0) + 1
        wins, games = [0] * size, [0] * size
        for pid, rec in records.items():
            wins[pid] = rec.wins
            games[pid] = rec.games
        win, game = wins.__getitem__, games.__getitem__
        for pid in list(records):
            rec = self._mutable(pid)
            rec.opponent_wins = sum(map(win, rec.opponents))
            rec.opponent_games = sum(map(game, rec.opponents))
