"""EventService use cases on a real (SQLite) database: corrections, undo, refused actions."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from podium.core.errors import Conflict, InvalidInput, NotFound, PodiumError
from podium.core.model import EventState, Round
from podium.service import EventService
from podium.service.forms import PodResult
from podium.service.transfer import dumps, export_document
from podium.store.db import Database, resolve_url

ACTOR = "judge"
SLUG = "cup"


class Clock:
    """A clock that ticks one second per reading, so every action has its own known time."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    db = Database(resolve_url(str(tmp_path / "podium.db")))
    yield EventService(db, clock=Clock())
    db.dispose()


def new_event(service: EventService, players: int = 8, **settings: Any) -> None:
    service.create_event(SLUG, "Cup", "commander", settings, ACTOR, seed=11)
    service.add_players(SLUG, [f"P{i}" for i in range(1, players + 1)], ACTOR)


def win(seats: tuple[int, ...], winner_seat: int = 0) -> Callable[[EventState], dict]:
    """The entry: the player in ``winner_seat`` wins, the others go out in seat order."""
    winner = seats[winner_seat]
    others = [p for p in seats if p != winner]
    return lambda _state: {"winner": winner, "eliminated": others}


def play_round(service: EventService) -> Round:
    _state, rnd = service.pair_round(SLUG, ACTOR)
    for table in rnd.tables:
        service.enter_result(SLUG, table.number, win(table.seats), ACTOR)
    return service.load(SLUG).state.rounds[-1]


def points(service: EventService, through: int | None = None) -> dict[int, Fraction]:
    _state, table = service.standings(SLUG, through)
    return {row.player: row.record.points for row in table.rows}


def log_length(service: EventService) -> int:
    return len(service.log(SLUG))


# corrections --------------------------------------------------------------------------------------
def test_correcting_round_1_after_round_2_rederives_standings_not_pairings(
    service: EventService,
) -> None:
    new_event(service, 8, rounds=4, fewer_rounds=True)
    round1 = play_round(service)
    round2 = play_round(service)
    round2_tables = [t.seats for t in round2.tables]
    before = points(service)
    before_r1 = points(service, 1)

    table = round1.tables[0]
    old_winner, new_winner = table.seats[0], table.seats[3]
    service.enter_result(SLUG, table.number, win(table.seats, winner_seat=3), ACTOR,
                         round_number=1, correct=True, reason="wrong winner noted")

    after = points(service)
    assert after[old_winner] == before[old_winner] - 3
    assert after[new_winner] == before[new_winner] + 3
    assert {p: v for p, v in after.items() if p not in (old_winner, new_winner)} == {
        p: v for p, v in before.items() if p not in (old_winner, new_winner)
    }
    after_r1 = points(service, 1)
    assert after_r1[new_winner] == 3 and after_r1[old_winner] == 0
    assert after_r1 != before_r1

    state = service.load(SLUG).state
    assert [t.seats for t in state.rounds[1].tables] == round2_tables  # pairings stay as paired
    assert state.rounds[0].results[table.number].corrected
    assert not state.rounds[1].results[1].corrected
    last = service.log(SLUG)[-1]
    assert (last.kind, last.reason, last.payload["round"]) == ("result.corrected",
                                                               "wrong winner noted", 1)

    # The next round is paired by the corrected standings (rule CMD-6).
    _state, plan = service.preview_round(SLUG)
    _state, table_order = service.standings(SLUG)
    first_pod = set(plan.tables[0])
    top = table_order.order()[: len(plan.tables[0])]
    assert first_pod == set(top)


def test_corrections_can_be_corrected_again_and_the_last_one_counts(service: EventService) -> None:
    new_event(service, 4, rounds=2, fewer_rounds=True)
    round1 = play_round(service)
    seats = round1.tables[0].seats
    for winner_seat in (1, 2, 1):
        service.enter_result(SLUG, 1, win(seats, winner_seat), ACTOR, round_number=1,
                             correct=True, reason=f"take {winner_seat}")
    assert points(service)[seats[1]] == 3
    assert points(service)[seats[2]] == 0
    assert [a.kind for a in service.log(SLUG)].count("result.corrected") == 3


# undo ---------------------------------------------------------------------------------------------
def test_undo_then_re_pair(service: EventService) -> None:
    new_event(service, 9, rounds=3, fewer_rounds=True)
    _state, first = service.pair_round(SLUG, ACTOR)
    assert service.undo_round(SLUG, ACTOR, "a player was missing") == 1
    state = service.load(SLUG).state
    assert state.rounds == []
    assert state.draws == 1  # the undone draw is remembered, so the next one is a new draw

    _state, again = service.pair_round(SLUG, ACTOR)
    assert again.number == 1
    assert again.seed != first.seed
    kinds = [a.kind for a in service.log(SLUG)]
    assert kinds[-3:] == ["round.paired", "round.undone", "round.paired"]
    for table in again.tables:
        service.enter_result(SLUG, table.number, win(table.seats), ACTOR)

    # Round 2 is paired by standings: undone and re-paired, it seats the same pods.
    _state, second = service.pair_round(SLUG, ACTOR)
    service.undo_round(SLUG, ACTOR, "wrong settings")
    service.change_settings(SLUG, {"bye_points": "2"}, ACTOR, "organiser's decision")
    _state, redo = service.pair_round(SLUG, ACTOR)
    assert redo.number == 2
    assert [set(t.seats) for t in redo.tables] == [set(t.seats) for t in second.tables]
    assert [b.player for b in redo.byes] == [b.player for b in second.byes]
    assert all(b.points == 2 for b in redo.byes)  # the new setting applies from this round on
    assert all(b.points == 1 for b in service.load(SLUG).state.rounds[0].byes)


def test_undo_is_refused_once_a_result_is_in(service: EventService) -> None:
    new_event(service, 8)
    _state, rnd = service.pair_round(SLUG, ACTOR)
    service.enter_result(SLUG, 1, win(rnd.tables[0].seats), ACTOR)
    length = log_length(service)
    with pytest.raises(Conflict, match="cannot be undone"):
        service.undo_round(SLUG, ACTOR)
    assert log_length(service) == length


def test_preview_is_what_pair_commits(service: EventService) -> None:
    new_event(service, 11)
    for _ in range(3):
        _state, plan = service.preview_round(SLUG)
        length = log_length(service)
        _state, again = service.preview_round(SLUG)
        assert log_length(service) == length
        assert again.to_payload() == plan.to_payload()
        _state, rnd = service.pair_round(SLUG, ACTOR)
        assert [t.seats for t in rnd.tables] == plan.tables
        assert [b.player for b in rnd.byes] == [b.player for b in plan.byes]
        assert rnd.seed == plan.seed
        for table in rnd.tables:
            service.enter_result(SLUG, table.number, win(table.seats), ACTOR)


# refused actions ------------------------------------------------------------------------------
def _bad_cases(service: EventService) -> dict[str, tuple[Callable[[], Any], type[PodiumError]]]:
    state = service.load(SLUG).state
    rnd = state.rounds[-1]
    seats = rnd.tables[1].seats  # table 2 has no result yet, table 1 has one
    other = rnd.tables[0].seats
    names = tuple(state.players[pid].name for pid in seats)
    return {
        "winner from another table": (
            lambda: service.enter_result(SLUG, 2, lambda _s: {"winner": other[0],
                                                               "eliminated": list(seats[1:])},
                                         ACTOR), InvalidInput),
        "two winners": (
            lambda: service.enter_result(
                SLUG, 2, PodResult(winner=names[:2], eliminated=names[2:]).to_entry, ACTOR),
            InvalidInput),
        "order not a permutation": (
            lambda: service.enter_result(SLUG, 2, lambda _s: {"winner": seats[0],
                                                               "eliminated": [seats[1]] * 3},
                                         ACTOR), InvalidInput),
        "no such table": (lambda: service.enter_result(SLUG, 9, win(seats), ACTOR), NotFound),
        "second result for a table": (
            lambda: service.enter_result(SLUG, 1, win(other, 1), ACTOR), Conflict),
        "pair with results missing": (lambda: service.pair_round(SLUG, ACTOR), Conflict),
        "correction without a reason": (
            lambda: service.enter_result(SLUG, 1, win(other, 1), ACTOR, round_number=1,
                                         correct=True, reason=" "), InvalidInput),
        "correction of a table without result": (
            lambda: service.enter_result(SLUG, 2, win(seats), ACTOR, round_number=1,
                                         correct=True, reason="x"), Conflict),
        "drop unknown player": (lambda: service.drop_player(SLUG, "Nobody", ACTOR), InvalidInput),
        "reinstate a player who never dropped": (
            lambda: service.reinstate_player(SLUG, "P1", ACTOR), Conflict),
        "bad setting": (lambda: service.change_settings(SLUG, {"pod_size": "-1"}, ACTOR),
                        InvalidInput),
        "unknown setting": (lambda: service.change_settings(SLUG, {"colour": "red"}, ACTOR),
                            InvalidInput),
        "no settings": (lambda: service.change_settings(SLUG, {}, ACTOR), InvalidInput),
        "duplicate name": (lambda: service.add_players(SLUG, ["p1"], ACTOR), InvalidInput),
        "duplicate name in one call": (lambda: service.add_players(SLUG, ["New", "NEW"], ACTOR),
                                       InvalidInput),
        "empty name": (lambda: service.add_players(SLUG, ["  "], ACTOR), InvalidInput),
        "empty actor": (lambda: service.drop_player(SLUG, "P1", "  "), InvalidInput),
        "event that does not exist": (lambda: service.pair_round("nope", ACTOR), NotFound),
        "event that exists": (
            lambda: service.create_event(SLUG, "Again", "commander", {}, ACTOR), Conflict),
    }


CASES = [
    "winner from another table", "two winners", "order not a permutation", "no such table",
    "second result for a table",
    "pair with results missing", "correction without a reason",
    "correction of a table without result", "drop unknown player",
    "reinstate a player who never dropped", "bad setting", "unknown setting", "no settings",
    "duplicate name", "duplicate name in one call", "empty name", "empty actor",
    "event that does not exist", "event that exists",
]


@pytest.mark.parametrize("case", CASES)
def test_a_refused_action_leaves_the_log_unchanged(service: EventService, case: str) -> None:
    new_event(service, 8)
    _state, rnd = service.pair_round(SLUG, ACTOR)
    service.enter_result(SLUG, 1, win(rnd.tables[0].seats), ACTOR)
    length = log_length(service)
    exported = dumps(export_document(service, SLUG))
    call, error = _bad_cases(service)[case]
    with pytest.raises(error):
        call()
    assert log_length(service) == length
    assert dumps(export_document(service, SLUG)) == exported
    # and the event still works normally afterwards
    state = service.load(SLUG).state
    table = state.rounds[-1].tables[1]
    service.enter_result(SLUG, 2, win(table.seats), ACTOR)
    assert log_length(service) == length + 1


def test_the_clock_and_the_actor_are_recorded(service: EventService) -> None:
    new_event(service, 4)
    service.drop_player(SLUG, "P2", "chief judge", "illness")
    actions = service.log(SLUG)
    assert [a.seq for a in actions] == list(range(1, len(actions) + 1))
    times = [a.at for a in actions]
    # one reading of the clock per use case: the players added in one call share a time
    assert times == sorted(times) and len(set(times)) == 3
    assert all(t.tzinfo is not None and t.utcoffset() == timedelta(0) for t in times)
    last = actions[-1]
    assert (last.kind, last.actor, last.reason) == ("player.dropped", "chief judge", "illness")
    assert last.payload == {"player": 2}
