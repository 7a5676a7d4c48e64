"""The round clock (beyond the regulation: the regulations give a round's length,
CMD-12 and BRK-7, and leave the clock to the organiser).

Every clock action is a record of the log with its actor, UTC time and reason: the clock
started (or started again after a pause), paused, time added to the round or to one table, and
the last of these undone. Replay folds them into a :class:`RoundClock` per round; what the
clock shows is computed from those recorded times and a ``now`` the adapter passes in
(:meth:`RoundClock.at`), so the core never reads a clock of its own.

The arithmetic is exact (``timedelta`` counts whole microseconds): the time a round has run is
the sum of its running spans; a table's allowance is the round's minutes (the event's setting
when the clock first started, kept in that record so a later change of the setting changes no
running round), plus the minutes added to the round, plus the minutes added to that table.
When a table's allowance has run, the table is marked "time" while it has no result.

An undone or re-paired round starts with a fresh clock: each clock remembers the seed of the
draw it belongs to, and a round paired again has another.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from podium.core import codes
from podium.core.errors import Conflict, NotFound
from podium.core.log import Action
from podium.core.model import EventState, Round
from podium.core.ruleset import ActionKind, Ruleset
from podium.core.schema import ROUND, Int, Str, obj

CLOCK_STARTED = "clock.started"
CLOCK_PAUSED = "clock.paused"
CLOCK_ADDED = "clock.added"
CLOCK_UNDONE = "clock.undone"
KEY = "clock"  # under EventState.extra: round number -> RoundClock

#: What the clock shows: not started yet, running, paused, or the round's time is over.
IDLE, RUNNING, PAUSED, OVER = "idle", "running", "paused", "over"
MINUTE = timedelta(minutes=1)


@dataclass(frozen=True)
class ClockEvent:
    """One clock record as replay keeps it."""

    kind: str
    at: datetime
    minutes: int = 0
    table: int | None = None


@dataclass
class RoundClock:
    """The clock records of one round (of one draw: ``seed`` is the round's)."""

    number: int
    seed: int
    events: list[ClockEvent] = field(default_factory=list)

    @property
    def minutes(self) -> int:
        """The round's minutes: the length recorded at the first start plus every minute added
        to the whole round."""
        return sum(e.minutes for e in self.events
                   if e.kind == CLOCK_STARTED or (e.kind == CLOCK_ADDED and e.table is None))

    @property
    def extra(self) -> dict[int, int]:
        """Minutes added to single tables, by table number."""
        out: dict[int, int] = {}
        for e in self.events:
            if e.kind == CLOCK_ADDED and e.table is not None:
                out[e.table] = out.get(e.table, 0) + e.minutes
        return out

    @property
    def started(self) -> bool:
        return any(e.kind == CLOCK_STARTED for e in self.events)

    @property
    def running_since(self) -> datetime | None:
        """When the clock started last, if it runs now."""
        since = None
        for e in self.events:
            if e.kind == CLOCK_STARTED:
                since = e.at
            elif e.kind == CLOCK_PAUSED:
                since = None
        return since

    def elapsed(self, now: datetime) -> timedelta:
        """How long the round has run by ``now`` (its running spans, summed)."""
        total = timedelta(0)
        since: datetime | None = None
        for e in self.events:
            if e.kind == CLOCK_STARTED and since is None:
                since = e.at
            elif e.kind == CLOCK_PAUSED and since is not None:
                total += e.at - since
                since = None
        if since is not None:
            total += max(now - since, timedelta(0))
        return total

    def at(self, now: datetime, rnd: Round) -> ClockView:
        """What the clock shows at ``now`` for round ``rnd`` (its results say which tables
        still play)."""
        elapsed = self.elapsed(now)
        allowance = self.minutes * MINUTE
        remaining = allowance - elapsed
        since = self.running_since
        running = since is not None
        tables: dict[int, timedelta] = {}
        deadlines: dict[int, datetime] = {}
        time_up: list[int] = []
        extra = self.extra
        for table in rnd.tables:
            left = remaining + extra.get(table.number, 0) * MINUTE
            if table.number in extra:
                tables[table.number] = left
            if running and table.number in extra and since is not None:
                deadlines[table.number] = now + left
            if self.started and left <= timedelta(0) and table.number not in rnd.results:
                time_up.append(table.number)
        if not self.started:
            status = IDLE
        elif remaining <= timedelta(0):
            status = OVER
        else:
            status = RUNNING if running else PAUSED
        return ClockView(round=rnd.number, status=status, running=running,
                         minutes=self.minutes, remaining=remaining, extra=extra,
                         table_remaining=tables,
                         deadline=now + remaining if running else None,
                         table_deadlines=deadlines, time_up=tuple(time_up))


@dataclass(frozen=True)
class ClockView:
    """The clock at one moment. ``remaining`` may be negative (time is over by that much);
    ``deadline`` (while it runs) is when the round's time ends, ``table_deadlines`` the same
    for tables given extra time; ``time_up`` lists the tables still playing (no result) whose
    time has run out: each is marked "time" on the pages."""

    round: int
    status: str
    running: bool
    minutes: int
    remaining: timedelta
    extra: Mapping[int, int]
    table_remaining: Mapping[int, timedelta]
    deadline: datetime | None
    table_deadlines: Mapping[int, datetime]
    time_up: tuple[int, ...]

    def seconds(self, table: int | None = None) -> int:
        """Whole seconds left (rounded up: 0 only once the time is over), never below 0."""
        left = self.table_remaining.get(table, self.remaining) if table else self.remaining
        micro = left // timedelta(microseconds=1)
        return max(0, -(-micro // 1_000_000))


def clock_text(seconds: int) -> str:
    """``m:ss`` (``h:mm:ss`` from an hour on), as a clock shows it."""
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


# -- reading the state ------------------------------------------------------------------------
def clocks(state: EventState) -> dict[int, RoundClock]:
    return state.book(KEY, dict)


def clock_of(state: EventState, rnd: Round | None = None) -> RoundClock | None:
    """The clock of ``rnd`` (default: the current round), None before its first record."""
    rnd = rnd if rnd is not None else state.current_round
    if rnd is None:
        return None
    found = state.extra.get(KEY, {}).get(rnd.number)
    return found if found is not None and found.seed == rnd.seed else None


def view(state: EventState, now: datetime, rnd: Round | None = None) -> ClockView | None:
    """What the current round's clock (or ``rnd``'s) shows at ``now``; None before it has a
    record."""
    rnd = rnd if rnd is not None else state.current_round
    found = clock_of(state, rnd)
    return found.at(now, rnd) if found is not None and rnd is not None else None


def playing_round(state: EventState, number: int | None = None) -> Round:
    """The round a clock action is for: the current round while a table still plays, refused
    with the field it names otherwise (no round yet, an earlier round, a finished round)."""
    current = state.current_round
    if current is None:
        raise Conflict("no round has been paired", code=codes.ROUND_NONE, field="round")
    number = current.number if number is None else number
    if number > current.number or number < 1:
        raise NotFound("no round %(round)s; rounds paired: %(paired)s",
                       code=codes.ROUND_UNKNOWN, field="round", round=number,
                       paired=current.number)
    if number != current.number:
        raise Conflict("round %(round)s is over: only the current round's clock runs",
                       code=codes.CLOCK_NOT_CURRENT, field="round", round=number)
    if not current.tables or current.complete:
        raise Conflict("round %(round)s is finished: every table has its result",
                       code=codes.CLOCK_ROUND_DONE, field="round", round=number)
    return current


# -- replay -----------------------------------------------------------------------------------
def _clock_for(state: EventState, action: Action) -> RoundClock:
    rnd = playing_round(state, action.payload["round"])
    book = clocks(state)
    found = book.get(rnd.number)
    if found is None or found.seed != rnd.seed:
        found = book[rnd.number] = RoundClock(rnd.number, rnd.seed)
    return found


def started(state: EventState, action: Action, ruleset: Ruleset) -> None:
    """The clock starts, or starts again after a pause; its first start records the round's
    minutes."""
    clock = _clock_for(state, action)
    if clock.running_since is not None:
        raise Conflict("the clock of round %(round)s is already running",
                       code=codes.CLOCK_RUNNING, field="round", round=clock.number)
    minutes = 0
    if not clock.started:
        minutes = action.payload.get("minutes") or 0
        if not minutes:
            raise Conflict("give the round's minutes: this event has no round length",
                           code=codes.CLOCK_MINUTES, field="minutes")
    clock.events.append(ClockEvent(CLOCK_STARTED, action.at, minutes))


def paused(state: EventState, action: Action, ruleset: Ruleset) -> None:
    clock = _clock_for(state, action)
    if clock.running_since is None:
        raise Conflict("the clock of round %(round)s is not running",
                       code=codes.CLOCK_NOT_RUNNING, field="round", round=clock.number)
    clock.events.append(ClockEvent(CLOCK_PAUSED, action.at))


def added(state: EventState, action: Action, ruleset: Ruleset) -> None:
    """Minutes added to the round, or with ``table`` to that table only."""
    clock = _clock_for(state, action)
    table = action.payload.get("table")
    if table is not None:
        rnd = state.round(clock.number)
        try:
            rnd.table(table)
        except KeyError:
            raise NotFound("round %(round)s has no table %(table)s", code=codes.TABLE_UNKNOWN,
                           field="table", table=table, round=clock.number) from None
    clock.events.append(ClockEvent(CLOCK_ADDED, action.at, action.payload["minutes"], table))


def undone(state: EventState, action: Action, ruleset: Ruleset) -> None:
    """The round's last clock record is taken back (the log keeps both)."""
    clock = _clock_for(state, action)
    if not clock.events:
        raise Conflict("round %(round)s has no clock action to undo", code=codes.CLOCK_NOTHING,
                       field="round", round=clock.number)
    clock.events.pop()


MINUTES = Int(1, 1440)

#: The clock's records (an event of rounds accepts them: :mod:`podium.core.replay`).
KINDS: tuple[ActionKind, ...] = (
    ActionKind(CLOCK_STARTED, started, obj({"round": ROUND}, {"minutes": MINUTES}),
               "Clock started"),
    ActionKind(CLOCK_PAUSED, paused, obj({"round": ROUND}), "Clock paused"),
    ActionKind(CLOCK_ADDED, added, obj({"round": ROUND, "minutes": MINUTES},
                                       {"table": Int(1, 1_000_000)}), "Time added"),
    ActionKind(CLOCK_UNDONE, undone, obj({"round": ROUND}, {"undone": Str(20)}),
               "Clock action undone"),
)


def last_kind(state: EventState) -> str | None:
    """The kind of the current round's last clock record (what an undo takes back)."""
    found = clock_of(state)
    return found.events[-1].kind if found is not None and found.events else None
