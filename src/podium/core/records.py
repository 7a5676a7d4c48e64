"""Per-player aggregates over the played rounds: the raw material of scoring and tiebreakers."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from podium.core.gcpause import collector_paused
from podium.core.model import Bye, PlayerId, Round, Table, TableResult


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
    frozen, so any change to a seat or a result is a new object)."""

    __slots__ = ("byes", "round", "seen")

    def __init__(self, rnd: Round) -> None:
        self.round = rnd
        self.byes: list[Bye] = []
        self.seen: dict[int, tuple[Table, TableResult]] = {}


class RecordBook:
    """The records of :func:`build_records`, kept up to date by deltas instead of rebuilt.

    Each call of :meth:`records` compares the rounds with what was counted last time (the
    round objects, their byes and each table's ``(Table, TableResult)`` pair, by identity:
    they are frozen, so a correction, a merge's reseating or a hand edit is a new object),
    takes the old contribution of every changed table or bye out and puts the new one in. A
    round gone (undone) is taken out whole. So entering a result costs one table's work,
    and 200,000 players' standings cost a pass over the tables instead of a pass over the
    seats (docs/benchmarks.md). The answer is the same as :func:`build_records` of the same
    players and rounds, exactly (tests/core/test_record_book.py).

    The book is a cache beside the state (:attr:`podium.core.model.EventState.caches`),
    pickled with it in a snapshot; the log stays the truth: a state replayed without the book
    builds it from scratch and gets the same records.

    Records handed out are never changed afterwards (a record about to change is copied
    first), so a standings table computed earlier keeps its figures.
    """

    def __init__(self) -> None:
        self._records: dict[PlayerId, PlayerRecord] = {}
        self._marks: list[_Mark] = []
        self._appears: dict[PlayerId, int] = {}  # seats and byes counted, per player
        self._owned: set[PlayerId] = set()  # records not handed out yet: changed in place
        self._lock = threading.Lock()

    def __getstate__(self) -> dict[str, Any]:
        return {"records": self._records, "marks": self._marks, "appears": self._appears}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self._records = data["records"]
        self._marks = data["marks"]
        self._appears = data["appears"]
        self._owned = set()
        self._lock = threading.Lock()

    @collector_paused
    def records(self, players: Iterable[PlayerId], rounds: Sequence[Round]
                ) -> dict[PlayerId, PlayerRecord]:
        """Equal to ``build_records(players, rounds)``, brought up to date by deltas."""
        with self._lock:
            self._sync(rounds)
            self._owned.clear()  # everything below is handed out
            known = self._records
            out: dict[PlayerId, PlayerRecord] = {}
            for pid in players:
                rec = known.get(pid)
                if rec is None:
                    rec = known[pid] = PlayerRecord(pid)
                out[pid] = rec
            if len(self._appears) > len(out) or any(pid not in out for pid in self._appears):
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
        for mark in marks[keep:]:  # rounds undone or replaced: out whole
            self._bye_delta(mark.byes, -1)
            for table, result in mark.seen.values():
                self._table_delta(table, result, -1)
        del marks[keep:]
        for rnd in rounds[keep:]:
            marks.append(_Mark(rnd))
        for mark in marks:
            self._sync_round(mark)

    def _sync_round(self, mark: _Mark) -> None:
        rnd = mark.round
        byes = rnd.byes
        old = mark.byes
        if len(byes) != len(old) or any(a is not b for a, b in zip(byes, old, strict=True)):
            self._bye_delta(old, -1)
            self._bye_delta(byes, 1)
            mark.byes = list(byes)
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
                self._table_delta(*before, -1)
                del seen[number]
            if result is not None:
                self._table_delta(table, result, 1)
                seen[number] = (table, result)
                counted += 1
        if counted != len(seen):  # a table counted before is no longer in the round
            current = {t.number: t for t in rnd.tables}
            for number in [n for n, (t, _r) in seen.items() if current.get(n) is not t]:
                self._table_delta(*seen.pop(number), -1)

    def _mutable(self, pid: PlayerId) -> PlayerRecord:
        """``pid``'s record, copied first when it was handed out."""
        rec = self._records.get(pid)
        if rec is None:
            rec = self._records[pid] = PlayerRecord(pid)
        elif pid not in self._owned:
            rec = self._records[pid] = PlayerRecord(
                pid, rec.points, rec.games, rec.wins, rec.draws, rec.byes, rec.order_sum,
                rec.score_sum, list(rec.opponents), dict(rec.seat_counts))
        self._owned.add(pid)
        return rec

    def _bye_delta(self, byes: Iterable[Bye], sign: int) -> None:
        for bye in byes:
            rec = self._mutable(bye.player)
            self._appears[bye.player] = self._appears.get(bye.player, 0) + sign
            rec.byes += sign
            rec.points = _exact(rec.points + sign * bye.points)
            if bye.order is not None:
                rec.order_sum = _exact(rec.order_sum + sign * bye.order)

    def _table_delta(self, table: Table, result: TableResult, sign: int) -> None:
        """Add (``sign`` 1) or take out (-1) one table's result, as :func:`build_records`
        counts it (CMD-3: points, wins; CMD-3a: elimination order; CMD-3b: games and the
        opponents met)."""
        seats = table.seats
        appears = self._appears
        for outcome in result.outcomes:
            pid = outcome.player
            rec = self._mutable(pid)
            appears[pid] = appears.get(pid, 0) + sign
            rec.games += sign
            points: Fraction | int = outcome.points
            if points.denominator == 1:
                points = points.numerator
            rec.points = _exact(rec.points + points if sign > 0 else rec.points - points)
            rec.wins += sign * outcome.won
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
            others = seats[:position] + seats[position + 1:]
            if sign > 0:
                rec.opponents.extend(others)
            else:
                for other in others:
                    rec.opponents.remove(other)
