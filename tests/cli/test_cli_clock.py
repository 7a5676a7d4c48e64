"""`podium round clock start|pause|add|undo` (beyond the regulation, the round's
length is rule CMD-12's 90 minutes): what each prints and logs, the status line of `podium round
show`, Russian, and refusals that name the field and store nothing. The service's clock is set
by the test."""

from __future__ import annotations

import functools
from datetime import UTC, datetime, timedelta

import pytest

import podium.service
from podium.service.events import EventService
from tests.cli.conftest import Podium, flat, last_action, refused


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(podium.service, "EventService",  # the CLI imports it when first used
                        functools.partial(EventService, clock=fake))
    return fake


def test_start_pause_start_add_and_the_round_display(podium: Podium, paired, clock) -> None:
    out = flat(podium.out("round", "clock", "start", "cup"))
    assert out == "Clock started. Clock: running, 1:30:00 left of 90 min."  # rule CMD-12
    action = last_action(podium)
    assert (action["kind"], action["actor"], action["payload"]) == (
        "clock.started", "judge", {"round": 1, "minutes": 90})
    clock.now += timedelta(minutes=20)
    out = flat(podium.out("round", "clock", "pause", "cup", "--reason", "a ruling"))
    assert out == "Clock paused. Clock: paused, 1:10:00 left of 90 min."
    assert last_action(podium)["reason"] == "a ruling"
    clock.now += timedelta(minutes=5)
    podium("round", "clock", "start", "cup")
    out = flat(podium.out("round", "clock", "add", "cup", "5", "--table", "2"))
    assert out == ("5 min added to table 2. Clock: running, 1:10:00 left of 90 min. "
                   "Table 2: +5 min, 1:15:00 left.")
    clock.now += timedelta(minutes=70)
    shown = flat(podium.out("round", "show", "cup"))
    assert shown.endswith("Clock: the round's time is over. Table 2: +5 min, 5:00 left. "
                          "Time: table 1.")
    out = flat(podium.out("round", "clock", "undo", "cup", "--reason", "wrong table"))
    assert out.startswith("The last clock action is undone. Clock: the round's time is over.")
    assert last_action(podium)["payload"] == {"round": 1, "undone": "clock.added"}
    russian = flat(podium.out("--lang", "ru", "round", "clock", "add", "cup", "10"))
    assert russian.startswith("К туру добавлено 10 мин. Часы: идут, осталось 10:00 из 100 мин.")


def test_refusals(podium: Podium, make_event, clock) -> None:
    make_event("cup", 8, 42, "rounds=3", "fewer_rounds=yes")
    refused(podium, ["round", "clock", "start", "cup"], 4, "no round has been paired")
    podium("round", "pair", "cup")
    refused(podium, ["round", "clock", "pause", "cup"], 4, "is not running")
    refused(podium, ["round", "clock", "add", "cup", "0"], 2, "MINUTES", "from 1 to 1440")
    refused(podium, ["round", "clock", "add", "cup", "--", "-5"], 2, "MINUTES")
    refused(podium, ["round", "clock", "add", "cup", "5", "--table", "9"], 3,
            "--table", "round 1 has no table 9")
    russian = podium("--lang", "ru", "round", "clock", "pause", "cup", code=4)
    assert flat(russian.stderr) == "Ошибка: часы тура 1 не идут"
    podium.win_all("cup")
    refused(podium, ["round", "clock", "start", "cup"], 4,
            "round 1 is finished: every table has its result")
