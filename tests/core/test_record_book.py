"""The per-player aggregates kept by deltas (:class:`podium.core.records.RecordBook`) equal the
ones built from scratch (:func:`build_records`) at every step of random Commander events:
results, corrections of earlier rounds, undone rounds, byes, drops, late entries and shared
eliminations (rules CMD-3, CMD-3a, CMD-3b, CMD-9); and they survive a snapshot's pickle."""

from __future__ import annotations

import pickle
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from podium.core.log import Kind
from podium.core.model import Bye, Round, SeatOutcome, Table, TableResult
from podium.core.records import PlayerRecord, RecordBook, build_records
from podium.core.replay import replay
from podium.formats.commander.demo import simulate_result
from podium.formats.commander.rules import RECORDS_CACHE
from tests.builders import EventLog
from tests.core.random_play import correct_earlier, drop_or_enter_late
from tests.core.random_play import swiss_rounds as _swiss


def _plain(records: dict[int, PlayerRecord]) -> dict[int, tuple[Any, ...]]:
    return {pid: (Fraction(r.points), r.games, r.wins, r.draws, r.byes, Fraction(r.order_sum),
                  r.score_sum, sorted(r.opponents), dict(r.seat_counts))
            for pid, r in records.items()}


def _same_as_scratch(book: RecordBook, players: list[int], rounds: list[Round]) -> None:
    kept = book.records(players, rounds)
    scratch = build_records(players, rounds)
    assert _plain(kept) == _plain(scratch)
    if kept.opponent_sums:  # rule CMD-3b: the sums kept equal the sums over the meetings
        for rec in kept.values():
            assert (rec.opponent_wins, rec.opponent_games) == (
                sum(scratch[o].wins for o in rec.opponents if o in scratch),
                sum(scratch[o].games for o in rec.opponents if o in scratch))


def _check(event: EventLog) -> None:
    """The standings' records (from the state's book) equal a build from scratch, and so do
    the standings of a fresh replay of the log (the log is the truth)."""
    live = event.standings()
    expected = build_records(event.state.players, _swiss(event))
    assert _plain({row.player: row.record for row in live.rows}) == _plain(
        {pid: expected[pid] for pid in event.state.players})
    _same_as_scratch(event.state.caches[RECORDS_CACHE], list(event.state.players), _swiss(event))


def _shared(table: Table, rng: random.Random) -> dict[str, Any]:
    """A result where two or three players are out at the same moment (CMD-3a: they share
    the average of the orders they cover, a fraction like 3/2)."""
    seats = list(table.seats)
    rng.shuffle(seats)
    if len(seats) >= 4 and rng.random() < 0.5:
        return {"winner": seats[0], "eliminated": [seats[1:4], *seats[4:]]}
    return {"winner": seats[0], "eliminated": [seats[1:3], *seats[3:]]}


@st.composite
def events(draw: st.DrawFn) -> tuple[EventLog, random.Random, bool]:
    players = draw(st.integers(min_value=5, max_value=30))
    seed = draw(st.integers(min_value=0, max_value=2**31))
    event = EventLog(players=players, seed=seed, bye_policy="byes", final_size=0,
                     rounds=draw(st.integers(min_value=5, max_value=7)))
    return event, random.Random(seed), draw(st.booleans())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_book_equals_build_records_through_corrections_undo_drops_and_byes(case):
    # rules CMD-3, CMD-3a, CMD-3b, CMD-9
    event, rng, passed = case
    # the opponents' sums passed on table by table, or summed afresh after each change
    ratio = RecordBook.resum_ratio
    RecordBook.resum_ratio = 0 if passed else 10**9
    try:
        _play(event, rng)
    finally:
        RecordBook.resum_ratio = ratio


def _play(event: EventLog, rng: random.Random) -> None:
    snapshot_taken = False
    while True:
        try:
            rnd = event.pair()
        except Exception:  # the Swiss rounds are over
            break
        if rng.random() < 0.3:  # the book counts the round's byes, then the round is undone
            _check(event)
            event.do(Kind.ROUND_UNDONE, {"round": rnd.number}, "redo")
            _check(event)
            rnd = event.pair()
        for table in rnd.tables:
            entry = _shared(table, rng) if rng.random() < 0.3 else simulate_result(table, rng)
            event.result(table.number, entry)
            if rng.random() < 0.3:
                _check(event)
        _check(event)
        correct_earlier(event, rng, 3)  # of any round played so far
        _check(event)
        if not snapshot_taken and rng.random() < 0.5:  # a snapshot's round trip, then on
            event.state = pickle.loads(pickle.dumps(event.state, pickle.HIGHEST_PROTOCOL))
            assert isinstance(event.state.caches[RECORDS_CACHE], RecordBook)
            snapshot_taken = True
            _check(event)
        drop_or_enter_late(event, rng)
        _check(event)
    again = replay(event.actions, event.ruleset)
    assert not again.caches  # replay from the log starts without the cache ...
    replayed, live = event.ruleset.standings(again), event.standings()
    assert [(r.rank, r.player, r.values) for r in replayed.rows] == [  # ... and gets the same
        (r.rank, r.player, r.values) for r in live.rows]


def _outcome(pid: int, order: int | Fraction, won: bool = False) -> SeatOutcome:
    return SeatOutcome(pid, Fraction(order) if won else Fraction(0), 1 if won else 2, won=won,
                       order=order)


@pytest.mark.parametrize("ratio", [0, RecordBook.resum_ratio])
def test_tables_edited_by_hand_removed_or_reseated_are_taken_out(ratio):
    # rule CMD-3b: the opponents met follow the seats as they now are
    rnd = Round(1, "swiss", [Table(1, (1, 2, 3)), Table(2, (4, 5, 6))],
                [Bye(7, Fraction(1), 2, "bye")], seed=0)
    rnd.results[1] = TableResult((_outcome(1, 3, True), _outcome(2, Fraction(3, 2)),
                                  _outcome(3, Fraction(3, 2))), {})
    rnd.results[2] = TableResult((_outcome(4, 3, True), _outcome(5, 2), _outcome(6, 1)), {})
    book = RecordBook()
    book.resum_ratio = ratio
    players = list(range(1, 8))
    first = book.records(players, [rnd])
    assert _plain(first) == _plain(build_records(players, [rnd]))
    kept = _plain(first)
    # a hand edit: table 2 reseated (5 and 7 swap; 7's bye goes to 5), then table 1 removed
    rnd.tables[1] = Table(2, (4, 7, 6))
    rnd.results[2] = TableResult((_outcome(4, 3, True), _outcome(7, 2), _outcome(6, 1)), {})
    rnd.byes[0] = Bye(5, Fraction(1), 2, "bye")
    _same_as_scratch(book, players, [rnd])
    del rnd.tables[0]
    del rnd.results[1]
    _same_as_scratch(book, players, [rnd])
    assert _plain(first) == kept  # records handed out earlier keep their figures
    assert _plain(book.records(players, [])) == _plain(build_records(players, []))


def test_the_opponents_sums_kept_equal_the_sums_over_meetings():
    # rule CMD-3b: all wins of all opponents met over all games they played, per meeting
    rng = random.Random(5)
    players = list(range(1, 13))
    book = RecordBook()
    book.resum_ratio = 0  # passed on table by table
    rounds: list[Round] = []
    for number in range(1, 5):
        order = players[:]
        rng.shuffle(order)
        rnd = Round(number, "swiss", [Table(i + 1, tuple(order[4 * i:4 * i + 4]))
                                      for i in range(3)], [], seed=0)
        rounds.append(rnd)
        for table in rnd.tables:
            winner = rng.choice(table.seats)
            rnd.results[table.number] = TableResult(tuple(
                _outcome(p, 4 if p == winner else 1, p == winner) for p in table.seats), {})
            kept = book.records(players, rounds)
            assert kept.opponent_sums
            scratch = build_records(players, rounds)
            for pid in players:
                assert kept[pid].opponent_wins == sum(scratch[o].wins
                                                      for o in scratch[pid].opponents)
                assert kept[pid].opponent_games == sum(scratch[o].games
                                                       for o in scratch[pid].opponents)
