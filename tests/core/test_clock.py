"""The round clock's arithmetic (beyond the regulation; the round's length is rule
CMD-12's 90 minutes), worked by hand: replayed from clock records whose times are set here,
read at given moments (the core never reads a clock)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from podium.core import clock
from podium.core.errors import Conflict, NotFound
from podium.core.log import Action
from podium.core.replay import apply, replay
from tests.builders import EventLog


def at(hh: int, mm: int, ss: int = 0, micro: int = 0) -> datetime:
    return datetime(2026, 12, 5, hh, mm, ss, micro, tzinfo=UTC)


def record(log: EventLog, kind: str, when: datetime, **payload: Any) -> None:
    action = Action(log.state.last_seq + 1, kind, "judge", when,
                    {"round": len(log.state.rounds), **payload})
    apply(log.state, action, log.ruleset)
    log.actions.append(action)


@pytest.fixture
def pods() -> EventLog:
    """16 players in four pods of round 1, the clock at CMD-12's 90 minutes."""
    log = EventLog(16, rounds=5)
    log.pair()
    return log


def worked(log: EventLog) -> EventLog:
    """Start at 10:00, pause at 10:20, start again at 10:25, 5 minutes to table 3 at 10:30."""
    record(log, clock.CLOCK_STARTED, at(10, 0), minutes=90)
    record(log, clock.CLOCK_PAUSED, at(10, 20))
    record(log, clock.CLOCK_STARTED, at(10, 25))
    record(log, clock.CLOCK_ADDED, at(10, 30), minutes=5, table=3)
    return log


def test_the_worked_example(pods: EventLog) -> None:  # rule CMD-12: a round lasts 90 minutes
    worked(pods)
    state = pods.state
    # paused at 10:20 after 20 minutes: 70 left, whatever the time while it is paused
    paused = clock.RoundClock(1, state.rounds[0].seed, clock.clock_of(state).events[:2])
    for now in (at(10, 20), at(10, 24, 59)):
        view = paused.at(now, state.rounds[0])
        assert (view.status, view.remaining) == (clock.PAUSED, timedelta(minutes=70))
        assert view.deadline is None
    # at 10:30: 20 + 5 minutes run, 65 left; table 3 has 70
    view = clock.view(state, at(10, 30))
    assert view is not None
    assert (view.status, view.minutes) == (clock.RUNNING, 90)
    assert view.remaining == timedelta(minutes=65)
    assert view.seconds() == 65 * 60 and view.seconds(3) == 70 * 60
    assert view.deadline == at(11, 35) and view.table_deadlines == {3: at(11, 40)}
    assert view.time_up == ()
    # half a second before the end: rounded up, one second still shows
    assert clock.view(state, at(11, 34, 59, 500_000)).seconds() == 1  # type: ignore[union-attr]
    # 11:35: the round's time is over; every table still playing is marked, but table 3
    pods.win(1, *state.rounds[0].tables[0].seats)
    view = clock.view(state, at(11, 35))
    assert view is not None and view.status == clock.OVER and view.seconds() == 0
    assert view.time_up == (2, 4)
    assert clock.clock_text(view.seconds(3)) == "5:00"
    # 11:40: table 3's extra time is over too
    assert clock.view(state, at(11, 40)).time_up == (2, 3, 4)  # type: ignore[union-attr]


def test_added_to_the_round_and_undone(pods: EventLog) -> None:
    worked(pods)
    record(pods, clock.CLOCK_ADDED, at(10, 31), minutes=10)
    view = clock.view(pods.state, at(10, 30))
    assert view.minutes == 100 and view.remaining == timedelta(minutes=75)  # type: ignore[union-attr]
    record(pods, clock.CLOCK_UNDONE, at(10, 32))
    assert clock.view(pods.state, at(10, 30)).minutes == 90  # type: ignore[union-attr]
    # replay of the stored records gives the same clock
    fresh = replay(pods.actions, pods.ruleset)
    assert clock.view(fresh, at(10, 30)) == clock.view(pods.state, at(10, 30))


def test_clock_text() -> None:
    assert clock.clock_text(0) == "0:00"
    assert clock.clock_text(65 * 60 + 7) == "1:05:07"
    assert clock.clock_text(59 * 60 + 59) == "59:59"


def test_refusals(pods: EventLog) -> None:
    with pytest.raises(Conflict) as caught:
        record(pods, clock.CLOCK_PAUSED, at(10, 0))
    assert caught.value.field == "round" and caught.value.code == "clock.not_running"
    with pytest.raises(Conflict) as caught:
        record(pods, clock.CLOCK_STARTED, at(10, 0))
    assert caught.value.field == "minutes"
    record(pods, clock.CLOCK_STARTED, at(10, 0), minutes=90)
    with pytest.raises(Conflict):
        record(pods, clock.CLOCK_STARTED, at(10, 1))
    with pytest.raises(NotFound) as missing:
        record(pods, clock.CLOCK_ADDED, at(10, 1), minutes=5, table=9)
    assert missing.value.field == "table"
    for table in pods.state.rounds[0].tables:
        pods.win(table.number, *table.seats)
    with pytest.raises(Conflict) as done:
        record(pods, clock.CLOCK_ADDED, at(10, 2), minutes=5)
    assert done.value.code == "clock.round_done"


def test_a_round_paired_again_has_a_fresh_clock(pods: EventLog) -> None:
    record(pods, clock.CLOCK_STARTED, at(10, 0), minutes=90)
    pods.do("round.undone", {"round": 1})
    assert clock.clock_of(pods.state) is None
    pods.pair()
    assert clock.clock_of(pods.state) is None
    assert clock.view(pods.state, at(10, 5)) is None
