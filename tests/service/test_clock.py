"""The round clock is the kernel's, not one format's: a Berserk Swiss round's clock
runs for `swiss_minutes` (rule BRK-7), a Commander round's for `round_minutes` (rule CMD-12),
and a format without a round length asks for the minutes; a refusal stores nothing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from podium.core import clock
from podium.core.errors import Conflict
from podium.service import EventService, simulate
from podium.service.clock import AddTime, StartClock, UndoClock
from podium.service.commands import AddPlayers, ChangeSettings, EnterResult, PairRound
from podium.store.db import Database

NOW = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    database = Database(str(tmp_path / "clock.db"))
    yield EventService(database, clock=lambda: NOW)
    database.dispose()


def paired(service: EventService, fmt: str, players: int, **settings: object) -> None:
    service.create_event("cup", "Cup", fmt, dict(settings), "judge", seed=5)
    service.run_command(AddPlayers("cup", tuple(f"P{i:02d}" for i in range(1, players + 1))),
                    "judge")
    simulate.setup(service, "cup", "judge", random.Random(5))  # Berserk's draft tables
    service.run_command(PairRound("cup"), "judge")


def test_berserk_swiss_round_runs_for_swiss_minutes(service: EventService) -> None:
    paired(service, "berserk", 8, swiss_minutes=45)  # rule BRK-7
    done = service.run_command(StartClock("cup"), "judge").value
    assert (done.view.minutes, done.view.seconds()) == (45, 45 * 60)
    assert service.log("cup")[-1].payload == {"round": 1, "minutes": 45}


def test_a_setting_changed_later_leaves_a_running_clock_as_it_was(
        service: EventService) -> None:
    paired(service, "commander", 8, rounds=3, fewer_rounds=True)
    service.run_command(StartClock("cup"), "judge")  # rule CMD-12: 90 minutes
    service.run_command(ChangeSettings("cup", {"round_minutes": 60}, "shorter"), "judge")
    view = clock.view(service.load("cup").state, NOW + timedelta(minutes=10))
    assert view is not None and view.remaining == timedelta(minutes=80)


def test_explicit_minutes_and_the_undo_of_the_first_start(service: EventService) -> None:
    paired(service, "commander", 8, rounds=3, fewer_rounds=True)
    service.run_command(StartClock("cup", "", 50), "judge")
    service.run_command(AddTime("cup", "", 5), "judge")
    assert clock.view(service.load("cup").state, NOW).minutes == 55  # type: ignore[union-attr]
    service.run_command(UndoClock("cup"), "judge")
    done = service.run_command(UndoClock("cup"), "judge").value
    assert done.view.status == clock.IDLE
    before = len(service.log("cup"))
    with pytest.raises(Conflict) as caught:
        service.run_command(UndoClock("cup"), "judge")
    assert caught.value.code == "clock.nothing"
    assert len(service.log("cup")) == before


def test_an_earlier_rounds_clock_is_refused(service: EventService) -> None:
    from podium.core.log import Action
    from podium.core.replay import apply
    from podium.formats import get_format

    paired(service, "commander", 8, rounds=3, fewer_rounds=True)
    state = service.load("cup").state
    for table in state.rounds[0].tables:
        seats = table.seats
        service.run_command(EnterResult("cup", table.number, {"winner": seats[0],
                                                          "eliminated": list(seats[1:])}),
                        "judge")
    service.run_command(PairRound("cup"), "judge")
    state = service.load("cup").state
    action = Action(state.last_seq + 1, clock.CLOCK_STARTED, "judge", NOW,
                    {"round": 1, "minutes": 90})
    with pytest.raises(Conflict) as caught:
        apply(state, action, get_format("commander"))
    assert (caught.value.code, caught.value.field) == ("clock.not_current", "round")
