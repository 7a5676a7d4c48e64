"""The round clock's commands (beyond the regulation): start (or start again after a
pause), pause, add time to the round or to one table, undo the last clock action. Each is one
record of the log (:mod:`podium.core.clock`), declared once here so it reaches the command line
(``podium round clock start|pause|add|undo``), the API and the organiser's page.

What the clock shows is computed from the recorded times and the service's clock (the
adapter's ``now``); the core never reads the time itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from podium.core import clock, inputs
from podium.core.commands import CommandSpec, Param
from podium.core.log import Action
from podium.core.messages import M, Message
from podium.core.model import EventState
from podium.core.views import N_
from podium.service.clock_line import joined, now_view, status_line
from podium.service.clock_line import playing as _playing
from podium.service.commands import Command
from podium.service.events import LoadedEvent, NewAction

REASON = Param("reason", inputs.Text(500), N_("why (kept in the log)"))


@dataclass(frozen=True)
class ClockDone:
    """What a clock command answers: the action stored and the clock just after it."""

    kind: str
    view: clock.ClockView
    table: int | None = None
    minutes: int = 0


@dataclass(frozen=True)
class ClockCommand(Command[ClockDone]):
    """One clock record on the current round; refusals come from replay (nothing stored)."""

    reason: str = ""

    def payload(self, loaded: LoadedEvent, number: int) -> tuple[str, dict[str, Any]]:
        raise NotImplementedError

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        rnd = clock.playing_round(loaded.state)
        kind, payload = self.payload(loaded, rnd.number)
        return [NewAction(kind, {"round": rnd.number, **payload}, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> ClockDone:
        action = stored[-1]
        shown = clock.view(loaded.state, action.at)
        if shown is None:  # the round's only record was undone: the clock as never started
            rnd = loaded.state.round(action.payload["round"])
            shown = clock.RoundClock(rnd.number, rnd.seed).at(action.at, rnd)
        return ClockDone(action.kind, shown, action.payload.get("table"),
                         int(action.payload.get("minutes") or 0))


@dataclass(frozen=True)
class StartClock(ClockCommand):
    minutes: int | None = None

    def payload(self, loaded: LoadedEvent, number: int) -> tuple[str, dict[str, Any]]:
        found = clock.clock_of(loaded.state)
        if found is not None and found.started:
            return clock.CLOCK_STARTED, {}
        minutes = self.minutes or loaded.ruleset.round_minutes(loaded.state,
                                                               loaded.state.round(number))
        return clock.CLOCK_STARTED, ({"minutes": minutes} if minutes else {})


@dataclass(frozen=True)
class PauseClock(ClockCommand):
    def payload(self, loaded: LoadedEvent, number: int) -> tuple[str, dict[str, Any]]:
        return clock.CLOCK_PAUSED, {}


@dataclass(frozen=True)
class AddTime(ClockCommand):
    minutes: int = 0
    table: int | None = None

    def payload(self, loaded: LoadedEvent, number: int) -> tuple[str, dict[str, Any]]:
        out: dict[str, Any] = {"minutes": self.minutes}
        if self.table is not None:
            out["table"] = self.table
        return clock.CLOCK_ADDED, out


@dataclass(frozen=True)
class UndoClock(ClockCommand):
    def payload(self, loaded: LoadedEvent, number: int) -> tuple[str, dict[str, Any]]:
        last = clock.last_kind(loaded.state)
        return clock.CLOCK_UNDONE, ({"undone": last} if last else {})


# -- what people read ---------------------------------------------------------------------------


def _said(done: ClockDone) -> Message:
    if done.kind == clock.CLOCK_ADDED and done.table is not None:
        head = M("%(minutes)s min added to table %(table)s.", minutes=done.minutes,
                 table=done.table)
    elif done.kind == clock.CLOCK_ADDED:
        head = M("%(minutes)s min added to the round.", minutes=done.minutes)
    elif done.kind == clock.CLOCK_PAUSED:
        head = M("Clock paused.")
    elif done.kind == clock.CLOCK_UNDONE:
        head = M("The last clock action is undone.")
    else:
        head = M("Clock started.")
    line = status_line(done.view)
    return joined([head, line]) if line is not None else head


@dataclass(frozen=True, slots=True)
class ClockAnswer:
    """The round's clock just after a clock command: its round, status (idle, running, paused,
    over), length in minutes, seconds left, when it ends if it runs (ISO, UTC), the minutes
    added to single tables (by table number) and the tables whose time is over."""

    round: int
    status: str
    minutes: int
    remaining_seconds: int
    deadline: str | None
    extra: dict[str, int]
    time_up: list[int]


def _answer(done: ClockDone) -> ClockAnswer:
    view = done.view
    return ClockAnswer(view.round, view.status, view.minutes, view.seconds(),
                       view.deadline.isoformat() if view.deadline else None,
                       {str(k): v for k, v in view.extra.items()}, list(view.time_up))


def _running(state: EventState) -> bool:
    found = clock.clock_of(state)
    return found is not None and found.running_since is not None


def _has_events(state: EventState) -> bool:
    found = clock.clock_of(state)
    return _playing(state) and found is not None and bool(found.events)


def _first_table(state: EventState) -> str:
    rnd = state.current_round
    return str(rnd.tables[0].number) if rnd is not None and rnd.tables else "1"


CLOCK_START = CommandSpec(
    "clock.start", N_("Start the round clock"),
    lambda call: StartClock(call.slug, call.get("reason", ""), call.get("minutes")),
    params=(Param("minutes", inputs.Integer(1, 1440),
                  N_("the round's length at the first start (default: the event's setting, "
                     "rule CMD-12 or BRK-7)"), label=N_("Minutes")),
            REASON),
    help=N_("Starts the current round's clock, or starts it again after a pause."),
    capability="rounds", shared=("round clock", "start"),
    shown=lambda state: _playing(state) and not _running(state),
    example=lambda state: {} if _playing(state) and not _running(state) else None,
    said=_said, answer=_answer, answers=ClockAnswer,
)

CLOCK_PAUSE = CommandSpec(
    "clock.pause", N_("Pause the round clock"),
    lambda call: PauseClock(call.slug, call.get("reason", "")),
    params=(REASON,), help=N_("Start it again to resume."),
    capability="rounds", shared=("round clock", "pause"),
    shown=lambda state: _playing(state) and _running(state),
    example=lambda state: {"reason": "a ruling"} if _playing(state) and _running(state)
    else None,
    said=_said, answer=_answer, answers=ClockAnswer,
)

CLOCK_ADD = CommandSpec(
    "clock.add", N_("Add time"),
    lambda call: AddTime(call.slug, call.get("reason", ""), call["minutes"], call.get("table")),
    params=(Param("minutes", inputs.Integer(1, 1440), N_("minutes to add"), required=True,
                  argument=True, label=N_("Minutes")),
            Param("table", inputs.Integer(1, 1_000_000),
                  N_("only this table (default: the whole round)"), label=N_("Table")),
            REASON),
    help=N_("To the whole round, or to one table (a ruling that took long)."),
    capability="rounds", shared=("round clock", "add"), shown=_playing,
    example=lambda state: ({"minutes": "5", "table": _first_table(state), "reason": "a ruling"}
                           if _playing(state) else None),
    said=_said, answer=_answer, answers=ClockAnswer,
)

CLOCK_UNDO = CommandSpec(
    "clock.undo", N_("Undo the last clock action"),
    lambda call: UndoClock(call.slug, call.get("reason", "")),
    params=(REASON,), help=N_("The log keeps both."),
    capability="rounds", shared=("round clock", "undo"), shown=_has_events,
    example=lambda state: {"reason": "wrong table"} if _has_events(state) else None,
    said=_said, answer=_answer, answers=ClockAnswer,
)


def clock_commands() -> list[CommandSpec]:
    return [CLOCK_START, CLOCK_PAUSE, CLOCK_ADD, CLOCK_UNDO]


__all__ = ["ClockAnswer", "clock_commands", "now_view", "status_line"]
