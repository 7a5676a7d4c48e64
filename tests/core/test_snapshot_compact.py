"""A snapshot's compact form: a state loaded from a snapshot equals the replayed one
(rounds, players, records, standings), stays equal through later results, corrections, undone
rounds, drops and late entries, and a cold standings decodes no round.

Rounds pickle their tables and results as columns (:func:`podium.core.model.pack_round`),
decoded on first use; the RecordBook stores its records as columns and the mark of a round it
counted as it stands without the objects (rules CMD-3, CMD-3a, CMD-3b, CMD-9 are the ones the
records carry)."""

from __future__ import annotations

import pickle
import random
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from podium.core.log import Kind
from podium.core.messages import M
from podium.core.model import (
    Bye,
    EventState,
    Round,
    SeatOutcome,
    Table,
    TableResult,
    pack_round,
    unpack_round,
)
from podium.core.records import (
    PlayerRecord,
    RecordBook,
    build_records,
    pack_records,
    unpack_records,
)
from podium.core.replay import replay
from podium.formats.commander.demo import simulate_result
from podium.formats.commander.rules import RECORDS_CACHE
from tests.builders import EventLog
from tests.core.random_play import correct_earlier, drop_or_enter_late
from tests.core.random_play import swiss_rounds as _swiss
from tests.core.test_record_book import _check, _plain, _shared


def _round_trip(state: EventState) -> EventState:
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))  # type: ignore[no-any-return]


def _same_state(loaded: EventState, state: EventState) -> None:
    """Every field equal (the rounds decoded for it), the name index pointing at the
    players themselves."""
    assert loaded == state
    assert loaded.rounds == state.rounds
    assert [(r.number, r.stage, r.seed, r.notes, r.byes, r.tables, list(r.results.items()))
            for r in loaded.rounds] == [
        (r.number, r.stage, r.seed, r.notes, r.byes, r.tables, list(r.results.items()))
        for r in state.rounds]
    assert loaded._names == state._names
    for player in loaded._names.values():
        assert loaded.players[player.id] is player


@st.composite
def events(draw: st.DrawFn) -> tuple[EventLog, random.Random]:
    players = draw(st.integers(min_value=5, max_value=30))
    seed = draw(st.integers(min_value=0, max_value=2**31))
    event = EventLog(players=players, seed=seed, bye_policy="byes", final_size=0,
                     rounds=draw(st.integers(min_value=5, max_value=7)))
    return event, random.Random(seed)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_a_loaded_snapshot_equals_the_replayed_state_through_later_changes(case):
    # rules CMD-3, CMD-3a, CMD-3b, CMD-9: the records and the standings after every change
    event, rng = case
    while True:
        try:
            rnd = event.pair()
        except Exception:  # the Swiss rounds are over
            break
        if rng.random() < 0.2:
            event.do(Kind.ROUND_UNDONE, {"round": rnd.number}, "redo")
            rnd = event.pair()
        for table in rnd.tables:
            if rng.random() < 0.1:  # a snapshot with the round half entered
                event.standings()
                event.state = _round_trip(event.state)
            entry = _shared(table, rng) if rng.random() < 0.3 else simulate_result(table, rng)
            event.result(table.number, entry)
        event.standings()  # the book counts every round as it stands: stored lazily
        stored = pickle.dumps(event.state, pickle.HIGHEST_PROTOCOL)
        _same_state(pickle.loads(stored), event.state)
        event.state = pickle.loads(stored)
        cold = event.standings()  # a cold standings decodes no round
        assert all(r.packed for r in event.state.rounds)
        assert [(r.rank, r.player, r.values) for r in cold.rows] == [
            (r.rank, r.player, r.values) for r in event.ruleset.standings(
                replay(event.actions, event.ruleset)).rows]
        correct_earlier(event, rng, 2)  # of rounds still packed
        if rng.random() < 0.3:
            event.state = _round_trip(event.state)  # stored before the book saw the changes
        _check(event)
        drop_or_enter_late(event, rng)
        _check(event)
    again = replay(event.actions, event.ruleset)
    _same_state(event.state, again)
    assert [(r.rank, r.player, r.values) for r in event.ruleset.standings(again).rows] == [
        (r.rank, r.player, r.values) for r in event.standings().rows]


def test_an_undone_round_still_packed_is_taken_out_whole():
    # rule CMD-9 (the byes) and CMD-3: a round undone after a load leaves no trace
    event = EventLog(players=11, seed=3, bye_policy="byes", final_size=0, rounds=5)
    rng = random.Random(3)
    rnd = event.pair()
    for table in rnd.tables:
        event.result(table.number, simulate_result(table, rng))
    event.pair()  # round 2 paired, its byes counted, no result yet
    event.standings()
    event.state = _round_trip(event.state)
    event.do(Kind.ROUND_UNDONE, {"round": 2}, "redo")
    _check(event)
    assert _plain(event.state.caches[RECORDS_CACHE].records(
        event.state.players, _swiss(event))) == _plain(
        build_records(event.state.players, _swiss(event)))


def _odd_round() -> Round:
    win = Fraction(3)
    note = M("win")
    rnd = Round(3, "swiss", [Table(1, (10, 20, 30)), Table(2, (40, 2**40)), Table(5, (7, 8))],
                [Bye(9, Fraction(1), 2, "bye")], seed=99, notes=["n"])
    rnd.results[5] = TableResult((SeatOutcome(7, Fraction(5, 2), 1, won=True, note=note),
                                  SeatOutcome(8, Fraction(0), 2, order=Fraction(3, 2),
                                              score=Fraction(-7, 3))),
                                 {"winner": 7, "tuple": (1, 2), "map": {1: "x"}}, corrected=True)
    rnd.results[1] = TableResult(tuple(SeatOutcome(p, win if p == 10 else Fraction(0), 1 + i,
                                                   won=p == 10, drew=p == 30, order=3 - i,
                                                   note=note if p == 10 else "")
                                       for i, p in enumerate((10, 20, 30))), {})
    rnd.results[99] = TableResult((SeatOutcome(1, win, 1),), {"odd": None})  # no such table
    return rnd


def test_pack_round_gives_back_equal_objects_in_the_same_order_with_shared_values():
    rnd = _odd_round()
    tables, results = unpack_round(pickle.loads(pickle.dumps(
        pack_round(rnd.tables, rnd.results))))
    assert tables == rnd.tables
    assert list(results.items()) == list(rnd.results.items())
    assert [type(o.won) for r in results.values() for o in r.outcomes] == [bool] * 6
    # one award and one note object for every outcome that shared them
    assert results[1].outcomes[0].points is results[99].outcomes[0].points
    assert results[1].outcomes[0].note is results[5].outcomes[0].note
    assert isinstance(results[1].outcomes[0].note, type(M("win")))
    loaded = _round_trip(EventState("s", "n", "commander", None, 1, rounds=[rnd]))
    assert loaded.rounds[0].packed
    assert loaded.rounds == [rnd]
    assert not loaded.rounds[0].packed


def test_pack_round_keeps_the_objects_of_any_other_shape():
    class Outcome(SeatOutcome):
        pass

    rnd = _odd_round()
    odd = [
        {1: TableResult((SeatOutcome(10, Fraction(1), 1, won=1),), {})},  # type: ignore[arg-type]
        {1: TableResult((Outcome(10, Fraction(1), 1),), {})},
        {1: TableResult((SeatOutcome(2**70, Fraction(1), 1),), {})},
    ]
    for results in odd:
        packed = pack_round(rnd.tables, results)
        assert packed[0] == "objects"
        assert unpack_round(packed) == (rnd.tables, results)
    assert unpack_round(pack_round([], {})) == ([], {})


def test_pack_records_gives_back_equal_records_and_copies_before_a_change():
    records: dict[int, PlayerRecord] = {
        5: PlayerRecord(5, Fraction(7, 2), 3, 1, 1, 1, Fraction(9, 2), Fraction(-1, 3),
                        [1, 2, 1], {0: 2, 3: 1}, 4, 9),
        1: PlayerRecord(1, 6, 3, 2, 0, 0, 7, Fraction(0), [5, 5], {0: 2, 3: 1}, None, None),
        2: PlayerRecord(2, 2**80, 0, 0, 0, 0, 0, Fraction(0), [], {}, 0, 0),
    }
    loaded = unpack_records(pickle.loads(pickle.dumps(pack_records(records))))
    assert list(loaded) == list(records)
    for pid, rec in records.items():
        assert loaded[pid] == rec
        assert [type(getattr(loaded[pid], name)) for name in ("points", "order_sum")] == [
            type(rec.points), type(rec.order_sum)]
    assert pack_records({1: PlayerRecord(2)})[0] == "objects"  # keyed by another id

    # the turn positions are shared between loaded records: the book copies before a change
    book = RecordBook()
    rnd = Round(1, "swiss", [Table(1, (1, 2)), Table(2, (3, 4))], [], seed=0)
    for number, (a, b) in ((1, (1, 2)), (2, (3, 4))):
        rnd.results[number] = TableResult((SeatOutcome(a, Fraction(3), 1, won=True, order=2),
                                           SeatOutcome(b, Fraction(0), 2, order=1)), {})
    book.records([1, 2, 3, 4], [rnd])
    loaded_book: RecordBook = pickle.loads(pickle.dumps(book))
    rnd2 = loaded_book._marks[0].round
    rnd2.results[1] = TableResult((SeatOutcome(2, Fraction(3), 1, won=True, order=2),
                                   SeatOutcome(1, Fraction(0), 2, order=1)), {})
    kept = loaded_book.records([1, 2, 3, 4], [rnd2])
    assert _plain(kept) == _plain(build_records([1, 2, 3, 4], [rnd2]))


def test_the_index_of_names_is_left_out_only_when_it_is_the_players_own():
    event = EventLog(players=6, seed=1, final_size=0, rounds=5)
    state = event.state
    loaded = _round_trip(state)
    assert "_names" not in loaded.__dict__  # built again on first use
    assert loaded.player_by_name(" p3 ") is loaded.players[3]
    assert loaded._names == state._names
    state._names["someone else"] = state.players[1]  # not what the players give: kept
    assert _round_trip(state)._names == state._names


def test_players_keep_their_fields_and_anything_set_on_them():
    event = EventLog(players=3, seed=1, final_size=0, rounds=5)
    event.do("player.dropped", {"player": 2}, "left")
    state = event.state
    state.players[3].extra_note = "kept"  # type: ignore[attr-defined]
    loaded = _round_trip(state)
    assert loaded.players == state.players
    assert loaded.players[3].extra_note == "kept"  # type: ignore[attr-defined]
    dropped = loaded.players[2]
    assert dropped.dropped and dropped.drop_reason == state.players[2].drop_reason


def test_a_packed_round_read_by_several_threads_is_decoded_once():
    from concurrent.futures import ThreadPoolExecutor

    for _ in range(20):
        loaded = _round_trip(EventState("s", "n", "commander", None, 1, rounds=[_odd_round()]))
        rnd = loaded.rounds[0]
        with ThreadPoolExecutor(8) as pool:
            seen = list(pool.map(lambda r: (r.results, r.tables), [rnd] * 16))
        assert all(r is seen[0][0] and t is seen[0][1] for r, t in seen)
        assert rnd.unpacked() is not None and rnd.results == _odd_round().results


def test_loaded_records_read_their_opponents_on_first_use():
    # rule CMD-3b: the opponents met, once per meeting, in the order counted
    records = {pid: PlayerRecord(pid, 3, 2, 1, 0, 0, 3, Fraction(0), [pid + 1, pid + 2, pid + 1],
                                 {0: 1}, 2, 4) for pid in range(1, 6)}
    records[6] = PlayerRecord(6)  # met nobody
    loaded = unpack_records(pickle.loads(pickle.dumps(pack_records(records))))
    assert loaded[3].met is not None
    assert loaded[3].opponents == [4, 5, 4] and loaded[3].met is None
    assert loaded[6].opponents == []
    assert loaded == records  # every field, the opponents decoded for it
    assert unpack_records(pack_records(loaded)) == records


def test_records_stored_again_without_reading_their_opponents_keep_them():
    records = {pid: PlayerRecord(pid, 1, 1, 0, 0, 0, 1, Fraction(0), [pid + 7, 9], {2: 1}, 0, 1)
               for pid in range(1, 4)}
    loaded = unpack_records(pickle.loads(pickle.dumps(pack_records(records))))
    again = unpack_records(pickle.loads(pickle.dumps(pack_records(loaded))))
    assert all(rec.met is not None for rec in loaded.values())  # still not decoded
    assert again == records
