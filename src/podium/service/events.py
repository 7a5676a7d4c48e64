"""The service: every use case is a command object run by :meth:`EventService.execute`.

A command (:mod:`podium.service.commands`, and each format's own in its package) is decoded
input. ``execute`` runs it in one unit of work: take the event's lock (this process's, and on
PostgreSQL an advisory lock per event, so writers queue instead of failing), bring the cached
state up to date with the log (:mod:`podium.service.states`), let the command build its new
actions, check each with :func:`podium.core.replay.apply`, append them and commit. A refusal
anywhere rolls the transaction back and drops the cached state, so nothing is half-written and
nothing half-applied. The outcome carries the new state, so no adapter loads it again.

Writers of one event are serialised: in this process by the event's holder lock, across
processes by the database (SQLite runs one write transaction at a time, PostgreSQL takes the
advisory lock before the state is read). The state a command validates against is therefore the
newest one, and no valid change is refused because another was stored meanwhile. Should a
transaction still lose (a lock timeout, a deadlock victim, a log that moved under it), nothing
of it was stored and ``execute`` runs the command again on the new state, a bounded number of
times; a real conflict (the table's result entered meanwhile) is then refused by the new state.

Reads (:meth:`EventService.load`) use a read-only transaction, which on SQLite never waits for
the write lock, and catch the state up with what other processes stored.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar

from podium.core import codes, phases
from podium.core.errors import Conflict, InvalidInput, NotFound, StoreFull, Unavailable
from podium.core.explain import RoundExplanation, explain_round
from podium.core.log import Action, Kind
from podium.core.model import EventState, Player, Round
from podium.core.replay import apply, replay
from podium.core.ruleset import Formats, RoundPlan
from podium.core.standings import Standings
from podium.core.text import clean_name, clean_text
from podium.formats import get_format
from podium.service.states import LoadedEvent, SnapshotPolicy, StateCache
from podium.store.db import Busy, CommitUnknown, Database, unavailable
from podium.store.repository import (
    APPEND_BATCH,
    EventRepository,
    EventSummary,
    StaleLog,
    list_events,
)

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from podium.core.commands import Caller
    from podium.service.catalog import Catalog, Done, Invocation, Seen
    from podium.service.commands import Command

Clock = Callable[[], datetime]
SLUG_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-_")
T = TypeVar("T")
ATTEMPTS = 6
"""How many times a command runs when its transaction loses to another writer (see
:meth:`EventService.retrying`)."""
CHECK_SECONDS = 30.0
"""How long a write whose COMMIT's outcome is unknown keeps asking the database whether its
actions were stored (a restarting PostgreSQL answers again within seconds)."""

__all__ = ["EventService", "LoadedEvent", "NewAction", "Outcome", "UnitOfWork"]


@dataclass(frozen=True)
class NewAction:
    """An action a command wants stored; ``execute`` gives it its seq, actor and time."""

    kind: str
    payload: dict[str, Any]
    reason: str = ""


@dataclass
class Outcome(Generic[T]):
    """What a command did: the event after it, the actions it stored, and its own answer."""

    loaded: LoadedEvent
    actions: list[Action]
    value: T

    @property
    def state(self) -> EventState:
        return self.loaded.state


def utc_now() -> datetime:
    return datetime.now(UTC)


def check_slug(slug: str) -> str:
    if not slug or len(slug) > 64 or not set(slug) <= SLUG_CHARS:
        raise InvalidInput("event id %(slug)r: use 1 to 64 lowercase latin letters, digits, "
                           "'-' or '_'", code=codes.INPUT_SLUG, field="slug", slug=slug)
    return slug


@dataclass
class UnitOfWork:
    """One transaction on one event: its session, repository and current state; ``append``
    checks new actions against the state and stores them."""

    service: EventService
    #: The transaction's session: SQLAlchemy's when the unit was asked for with ``orm=True``
    #: (a command that writes other tables through the ORM), else the event store's
    #: (:meth:`podium.store.db.Database.store_session`: plain sqlite3 on a SQLite file).
    session: Session
    repo: EventRepository
    loaded: LoadedEvent
    actor: str
    stored: list[Action]
    dry_run: bool = False

    @property
    def state(self) -> EventState:
        return self.loaded.state

    def append(self, new: Sequence[NewAction]) -> list[Action]:
        last = self.loaded.state.last_seq  # the log's end: caught up under the event's lock
        actions = self.service.check(self.loaded, self.actor, new)
        if not self.dry_run:
            self.repo.append(self.loaded.summary.id, actions, last=last)
        self.stored.extend(actions)
        return actions


class EventService:
    """The use cases of one database. ``clock`` is injected so tests control time."""

    def __init__(self, db: Database, clock: Clock = utc_now,
                 snapshots: SnapshotPolicy | None = None,
                 states: StateCache | None = None, catalog: Catalog | None = None,
                 formats: Formats = get_format) -> None:
        self.db = db
        self.clock = clock
        #: The formats it runs, by name (the registry's lookup, passed in).
        self.formats = formats
        self.states = states or StateCache(db, snapshots, formats=formats)
        #: The declared commands (built once by the composition root); without one, each
        #: invocation reads the registered formats afresh (tests that register a format).
        self.catalog = catalog

    def require_catalog(self) -> Catalog:
        """The declared commands and views this service runs: the one it was given, else
        (a script, a test) those of the formats registered when it is first needed."""
        if self.catalog is None:  # every registered format, read once when first needed
            from podium.formats import all_formats
            from podium.service.catalog import Catalog

            self.catalog = Catalog(all_formats())
        return self.catalog

    def read(self, invocation: Invocation, caller: Caller,
             load: Callable[[str], LoadedEvent] | None = None) -> Seen:
        """Read a declared view asked for by name (:mod:`podium.service.reader`): its format
        and the caller's role checked, its parameters decoded; ``load`` gives the event (a
        server's cache of replayed events)."""
        from podium.service.reader import read

        return read(self, invocation, caller, load)

    def code_throttle(self) -> Any:
        """The throttle of player-code guesses, one for this service and those sharing its
        states (:meth:`sharing`): every surface's self-report counts in it, and its counts
        live in the database, shared with every other process over it."""
        if self.states.code_throttle is None:
            from podium.service.throttle import code_gate

            self.states.code_throttle = code_gate(self.db, lambda: self.clock())
        return self.states.code_throttle

    @classmethod
    def sharing(cls, other: EventService) -> Self:
        """A service of this class over ``other``'s database, clock and cached states (a
        format's facade on the web's service)."""
        return cls(other.db, other.clock, states=other.states, catalog=other.catalog,
                   formats=other.formats)

    # the one entry point ------------------------------------------------------------------------
    def execute(self, invocation: Invocation, caller: Caller) -> Done:
        """Run a declared command asked for by name, as ``caller``: its input decoded, its
        format and the caller's role checked (:mod:`podium.service.invoke`), in one unit of
        work; what every surface, script and test runs."""
        from podium.service.invoke import invoke

        return invoke(self, invocation, caller)

    def run_command(self, command: Command[T], actor: str) -> Outcome[T]:
        """Run a command object already made and checked (what :func:`invoke` builds from a
        declaration; a format's own steps inside one of its commands, a demo's batch), as
        ``actor``, in one unit of work."""
        return self.retrying(lambda: command.run(self, actor))

    @staticmethod
    def retrying(attempt: Callable[[], T]) -> T:
        """``attempt()``, run again when its transaction lost to another writer.

        Only :class:`Busy` (a lock timeout or deadlock), :class:`StaleLog` (the log moved
        under the change) and a connection lost before the COMMIT was sent (an
        :class:`~podium.core.errors.Unavailable` of :meth:`Database.session`: the server rolls
        back a transaction whose connection ends) are retried: each means that nothing was
        stored and says nothing about the change. Each new attempt reads the state afresh and
        validates the command against it, so a real conflict is still refused, with its own
        message. After ``ATTEMPTS`` the last error reaches the caller.

        Never retried: :class:`CommitUnknown`, a connection lost during the COMMIT. The server
        may have stored the change before the connection broke; running it again would then
        store it twice (a second game, a second copy of the same result) or refuse it for a
        reason that is not the caller's. :meth:`unit` asks the database instead, and answers
        what it finds. Nor a full disk (:class:`StoreFull`): it stays full.
        """
        for number in range(1, ATTEMPTS + 1):
            try:
                return attempt()
            except (Busy, StaleLog, Unavailable) as error:
                if number == ATTEMPTS or isinstance(error, CommitUnknown | StoreFull):
                    raise
                if isinstance(error, Unavailable):
                    # a database restarting answers again within seconds: 0.1 s, 0.2 s, ...
                    # up to 3 s in all, so a quick restart is ridden out, not refused
                    time.sleep(0.1 * 2 ** (number - 1))
                    continue
                # a short random pause, so writers that collided do not collide again
                time.sleep(random.uniform(0.005, 0.02) * number)
        raise AssertionError("unreachable")

    @contextmanager
    def unit(self, slug: str, actor: str, *, dry_run: bool = False,
             orm: bool = False) -> Iterator[UnitOfWork]:
        """A write transaction on event ``slug`` with its state caught up; commits when the
        block ends (nothing when ``dry_run``), rolls back and drops the state on any error.
        ``orm``: the block writes other tables through SQLAlchemy's session (``work.session``),
        not only the event's log through ``work.repo``."""
        if not dry_run and not actor.strip():
            raise InvalidInput("every action needs an actor",
                               code=codes.ACTION_ACTOR, field="actor")
        holder = self.states.holder(slug)
        with holder.lock:
            work: UnitOfWork | None = None
            try:
                if holder.loaded is None and not dry_run:
                    # A cold state (a new process, a refused command) is replayed in a read
                    # transaction first: a long replay then holds no write lock, and the write
                    # transaction below only applies what was stored meanwhile.
                    with self.db.store_session(readonly=True) as session:
                        repo = EventRepository(session)
                        summary, end = repo.get_with_last(slug)
                        self.states.current(repo, summary, holder, end)
                opened = self.db.session if orm else self.db.store_session
                try:
                    with opened(readonly=dry_run) as session:
                        repo = EventRepository(session)
                        last: int | None
                        if dry_run or not repo.locks:
                            # the event's row and the log's end in one statement
                            summary, last = repo.get_with_last(slug)
                        else:  # the log's end read once the lock is held
                            summary = repo.get(slug)
                            repo.lock(summary.id)
                            last = None
                        loaded = self.states.current(repo, summary, holder, last)
                        work = UnitOfWork(self, session, repo, loaded, actor, [], dry_run)
                        yield work
                        if work.stored and not dry_run:
                            mirror(repo, summary, loaded)
                        if dry_run and work.stored:
                            holder.discard()  # the state went ahead of the log: rebuild it
                except CommitUnknown:
                    # The connection broke during the COMMIT: ask the database whether the
                    # actions are there. Stored: the answer is the command's, and the state
                    # (the actions applied) is the log's. Not stored: a plain refusal.
                    if work is None or not work.stored:
                        raise
                    if not self.were_stored(slug, work.stored):
                        raise unavailable() from None
                if not dry_run:
                    # this process's own writes count toward the next snapshot too (stored
                    # after the answer, below), so a long-lived single writer stores them
                    holder.pending_actions += len(work.stored)
            except BaseException:
                holder.discard()
                raise
            finally:
                # stored or refused: a read after this answer asks the database again, so it
                # shows what the command saw (the dropped state of a refusal cannot tell)
                self.states.answered()
        self._maybe_snapshot(slug, holder)

    def were_stored(self, slug: str, actions: Sequence[Action]) -> bool:
        """Whether ``actions`` (a run of one event's log, as a write built them) are stored,
        asked after that write's COMMIT failed with its outcome unknown.

        The check takes the event's lock first (on PostgreSQL), which the write in doubt held
        until its transaction ended: so that transaction is over, committed or rolled back,
        and cannot store them afterwards. The database is asked again while it does not
        answer (a restart), for :data:`CHECK_SECONDS`; then :class:`CommitUnknown` stands."""
        first, last = actions[0], actions[-1]
        deadline = time.monotonic() + CHECK_SECONDS
        pause = 0.1
        while True:
            try:
                with self.db.session() as session:
                    repo = EventRepository(session)
                    summary = repo.find(slug)
                    if summary is None:
                        return False
                    repo.lock(summary.id)
                    found = repo.actions(summary.id, after=first.seq - 1, until=last.seq)
                return [_stamp(a) for a in found] == [_stamp(a) for a in actions]
            except (Unavailable, Busy):
                if time.monotonic() >= deadline:
                    raise CommitUnknown() from None
                time.sleep(pause)
                pause = min(pause * 2, 2.0)

    def run(self, slug: str, actor: str, build: Callable[[LoadedEvent], Sequence[NewAction]],
            *, dry_run: bool = False) -> tuple[LoadedEvent, list[Action]]:
        """Build actions from the current state and store them (the body of most commands)."""
        with self.unit(slug, actor, dry_run=dry_run) as work:
            work.append(build(work.loaded))
            return work.loaded, work.stored

    def check(self, loaded: LoadedEvent, actor: str, new: Sequence[NewAction]) -> list[Action]:
        """Give each new action its seq, actor and time and apply it to the state (refused
        actions raise; the caller's unit of work then drops the state)."""
        now = self.clock()
        actor = clean_text(actor, "actor", 120, required=True)
        actions = []
        for item in new:
            action = Action(
                seq=loaded.state.last_seq + 1,
                kind=item.kind,
                actor=actor,
                at=now,
                payload=item.payload,
                reason=clean_text(item.reason, "reason", 2000, newlines=True),
            )
            apply(loaded.state, action, loaded.ruleset)
            actions.append(action)
        return actions

    def _maybe_snapshot(self, slug: str, holder: Any) -> None:
        """A due snapshot, stored after the caller's answer (:meth:`StateCache.snapshot_later`):
        never inside the request that wrote or read."""
        if self.states.due(holder):
            self.states.snapshot_later(slug, self.clock)

    # reading ----------------------------------------------------------------------------------
    def summary(self, slug: str) -> EventSummary:
        """The event's stored identity (its format), without its state; NotFound if unknown."""
        with self.db.store_session(readonly=True) as session:
            return EventRepository(session).get(slug)

    def summary_and_role(self, slug: str, username: str | None
                         ) -> tuple[EventSummary, str | None]:
        """The event's stored identity and ``username``'s role in it (None without a
        username), in one read transaction; NotFound if the event is unknown."""
        with self.db.store_session(readonly=True) as session:
            repo = EventRepository(session)
            if username is None:
                return repo.get(slug), None
            found = repo.find_with_role(slug, username)
            if found is None:
                repo.get(slug)  # NotFound, named
            assert found is not None
            return found

    def role_of(self, username: str, slug: str) -> str | None:
        """The role of an organiser account in an event (owner, judge or none)."""
        with self.db.store_session(readonly=True) as session:
            return EventRepository(session).role_of(username, slug)

    def list_events(self) -> list[EventSummary]:
        return list_events(self.db)

    def load(self, slug: str) -> LoadedEvent:
        """The event at its newest stored action (the cached state, caught up)."""
        holder = self.states.holder(slug)
        with holder.lock, self.db.store_session(readonly=True) as session:
            repo = EventRepository(session)
            summary, last = repo.get_with_last(slug)
            loaded = self.states.current(repo, summary, holder, last)
        self._maybe_snapshot(slug, holder)
        return loaded

    def load_many(self, slugs: Sequence[str]) -> list[LoadedEvent]:
        """Several events at their newest stored actions, caught up in one database session
        (a series and its members): two queries for all of them, then each one's new actions."""
        out = []
        with self.db.store_session(readonly=True) as session:
            repo = EventRepository(session)
            found = repo.find_many(slugs)
            for slug in slugs:
                if slug not in found:
                    repo.get(slug)  # NotFound, named
                summary, last = found[slug]
                holder = self.states.holder(slug)
                with holder.lock:
                    out.append(self.states.current(repo, summary, holder, last))
        for slug in slugs:
            self._maybe_snapshot(slug, self.states.holder(slug))
        return out

    @contextmanager
    def reading(self, slug: str) -> Iterator[LoadedEvent]:
        """The event, held still (no command of this process changes it) inside the block."""
        holder = self.states.holder(slug)
        with holder.lock:
            yield self.load(slug)

    def log(self, slug: str) -> list[Action]:
        """The event's whole log, from the database."""
        with self.db.store_session(readonly=True) as session:
            repo = EventRepository(session)
            return repo.actions(repo.get(slug).id)

    def standings(
        self, slug: str, through_round: int | None = None
    ) -> tuple[EventState, Standings]:
        loaded = self.load(slug)
        paired = len(loaded.state.rounds)
        if through_round is not None and not 0 <= through_round <= paired:
            raise NotFound("no round %(round)s; rounds paired: %(paired)s",
                           code=codes.ROUND_UNKNOWN, field="round", round=through_round,
                           paired=paired)
        return loaded.state, loaded.ruleset.standings(loaded.state, through_round)

    def preview_round(self, slug: str) -> tuple[EventState, RoundPlan]:
        """The round that pairing would commit now, without storing anything."""
        loaded = self.load(slug)
        return loaded.state, plan_next_round(loaded)

    def preview_explained(self, slug: str) -> tuple[EventState, RoundExplanation]:
        """:meth:`preview_round` with its explanation."""
        loaded = self.load(slug)
        return loaded.state, explain_plan(loaded, plan_next_round(loaded))

    def explain(self, slug: str, number: int | None = None) -> tuple[EventState, RoundExplanation]:
        """A committed round's explanation (the last round by default), against the standings
        it was paired by."""
        loaded = self.load(slug)
        paired = len(loaded.state.rounds)
        if number is None:
            if not paired:
                raise Conflict("no round has been paired", code=codes.ROUND_NONE)
            number = paired
        if not 1 <= number <= paired:
            raise NotFound("no round %(round)s; rounds paired: %(paired)s",
                           code=codes.ROUND_UNKNOWN, field="round", round=number, paired=paired)
        return loaded.state, explain_paired(loaded, number)

    # creating ---------------------------------------------------------------------------------
    def create_event(self, slug: str, name: str, format_name: str,
                     settings: Mapping[str, Any], actor: str, seed: int | None = None
                     ) -> LoadedEvent:
        fields: dict[str, Any] = {"slug": slug, "name": name, "format": format_name,
                                  "settings": dict(settings)}
        if seed is not None:
            fields["seed"] = seed
        return self.invoke("event.create", None, fields, actor).outcome.loaded

    def store_new(self, slug: str, name: str, format_name: str, actions: Iterable[Action],
                  state: EventState) -> LoadedEvent:
        """Store a new event whose log was already replayed into ``state`` (create, import).

        ``actions`` may be read lazily (an import's file): they are stored in batches, never
        all held at once."""
        stream = iter(actions)
        first = last = next(stream)
        try:
            with self.db.session() as session:
                repo = EventRepository(session)
                summary = repo.create(slug, name, format_name, first.at)
                batch = [first]
                for action in stream:
                    batch.append(action)
                    last = action
                    if len(batch) >= APPEND_BATCH:
                        repo.append(summary.id, batch)
                        batch = []
                repo.append(summary.id, batch)
                mirror(repo, summary, LoadedEvent(summary, self.formats(format_name), state))
        except CommitUnknown:
            # the new event stored or not (see unit): its first and last actions tell
            if not (self.were_stored(slug, [first]) and self.were_stored(slug, [last])):
                raise unavailable() from None
            summary = self.summary(slug)
        self.states.answered()  # (its slug may have named a deleted event a moment ago)
        holder = self.states.holder(slug)
        with holder.lock:
            holder.discard()
            state.slug = slug
            holder.loaded = LoadedEvent(summary, self.formats(format_name), state, holder)
            holder.pending_actions = state.last_seq
        return holder.loaded

    # conveniences for scripts and tests: each runs one declared command, as the API would ------
    def invoke(self, name: str, slug: str | None, fields: Mapping[str, Any], actor: str) -> Done:
        """Run declared command ``name`` with ``fields`` as JSON, as the organiser of the
        database (the command line's caller): what the conveniences below do."""
        from podium.core.commands import API, JSON, Caller
        from podium.service.catalog import Invocation

        return self.execute(Invocation(name, slug, dict(fields), JSON, API), Caller.cli(actor))

    def change_settings(self, slug: str, changes: Mapping[str, Any], actor: str,
                        reason: str = "") -> LoadedEvent:
        done = self.invoke("event.settings", slug, {"settings": dict(changes),
                                                    "reason": reason}, actor)
        return done.outcome.loaded

    def add_players(self, slug: str, names: Sequence[str], actor: str) -> list[Player]:
        added: list[Player] = self.invoke("player.add", slug, {"names": list(names)},
                                          actor).value
        return added

    def split_new_names(self, slug: str, names: Sequence[str]) -> tuple[list[str], list[str]]:
        """``names`` as (those that can be added, those already taken): a name is taken when
        the event has a player of that name (compared as the event compares names) or it
        came earlier in ``names``. For a form that lists the duplicates and offers the rest."""
        state = self.load(slug).state
        fresh: list[str] = []
        taken: list[str] = []
        seen: set[str] = set()
        for name in names:
            key = state.name_key(name.strip())
            if state.player_by_name(name.strip()) is not None or key in seen:
                taken.append(name.strip())
            else:
                fresh.append(name)
                seen.add(key)
        return fresh, taken

    def drop_player(self, slug: str, ref: str, actor: str, reason: str = "") -> Player:
        dropped: Player = self.invoke("player.drop", slug, {"player": ref, "reason": reason},
                                      actor).value
        return dropped

    def reinstate_player(self, slug: str, ref: str, actor: str, reason: str = "") -> Player:
        back: Player = self.invoke("player.reinstate", slug, {"player": ref, "reason": reason},
                                   actor).value
        return back

    def pair_round(self, slug: str, actor: str) -> tuple[EventState, Round]:
        done = self.invoke("round.pair", slug, {}, actor)
        return done.state, done.value

    def undo_round(self, slug: str, actor: str, reason: str = "") -> int:
        undone: int = self.invoke("round.undo", slug, {"reason": reason}, actor).value
        return undone

    def enter_result(
        self,
        slug: str,
        table: int,
        entry: Callable[[EventState], dict[str, Any]] | Mapping[str, Any],
        actor: str,
        *,
        round_number: int | None = None,
        correct: bool = False,
        reason: str = "",
    ) -> tuple[EventState, Round]:
        """Enter (or, with ``correct``, correct) one table's result, as stored (by player ids);
        ``entry`` is that entry, or makes it from the event as it stands (names to ids)."""
        loaded = self.load(slug)
        stored = dict(entry(loaded.state) if callable(entry) else entry)
        fields: dict[str, Any] = {"table": table, "entry": stored, "correct": correct,
                                  "reason": reason}
        if round_number is not None:
            fields["round"] = round_number
        done = self.invoke(f"{loaded.ruleset.name}.result", slug, fields, actor)
        return done.state, done.state.round(done.answer_json()["round"])

def _stamp(action: Action) -> tuple[Any, ...]:
    """What tells an action apart when it is read back: every field, the payload as JSON."""
    import json

    payload = json.dumps(action.payload, sort_keys=True, ensure_ascii=False, default=str)
    return (action.seq, action.kind, action.actor, action.at, action.reason, payload)


def listing_of(loaded: LoadedEvent) -> tuple[str, bool, str | None, str, str]:
    """What the home page lists of an event, derived from its state (its name, archived, date,
    venue and status: :func:`podium.core.people.status_of`)."""
    from podium.core.people import status_of

    state = loaded.state
    return (state.name or loaded.summary.slug, state.archived, state.date, state.venue,
            status_of(state, loaded.ruleset))


def mirror(repo: EventRepository, summary: EventSummary, loaded: LoadedEvent) -> None:
    """Keep the event's row in step with its log (in the transaction that stored the log)."""
    listing = listing_of(loaded)
    if listing != summary.listing:
        repo.mirror(summary.id, *listing)


def plan_next_round(loaded: LoadedEvent) -> RoundPlan:
    """The format's proposal for the next round, once the phases allow one (nothing stored)."""
    if not loaded.ruleset.capabilities.rounds:
        raise Conflict("a %(format)s event has no rounds or pairings", code=codes.CAPABILITY_ROUNDS,
                       format=loaded.ruleset.name)
    phases.require_open(loaded.state, loaded.ruleset)
    return loaded.ruleset.plan_round(loaded.state)


def new_event_actions(slug: str, name: str, format_name: str, settings: Mapping[str, Any],
                      actor: str, seed: int | None, at: datetime,
                      formats: Formats = get_format) -> tuple[Action, EventState]:
    """The ``event.created`` action of a new event and the state it gives (checked)."""
    check_slug(slug)
    name = clean_name(name, "name", 200) if name.strip() else slug
    actor = clean_text(actor, "actor", 120, required=True)
    ruleset = formats(format_name)
    parsed = ruleset.parse_settings(settings)  # validates before anything is stored
    ruleset.check_new_settings(parsed)
    if seed is None:
        seed = secrets.randbits(32)
    if seed < 0:
        raise InvalidInput("the seed must not be negative", code=codes.EVENT_SEED, field="seed")
    created = Action(
        seq=1,
        kind=Kind.EVENT_CREATED,
        actor=actor,
        at=at,
        payload={
            "name": " ".join(name.split()) or slug,
            "format": ruleset.name,
            "settings": ruleset.settings_to_json(parsed),
            "seed": seed,
        },
    )
    state = replay([created], ruleset)
    state.slug = slug
    return created, state


def explain_plan(loaded: LoadedEvent, plan: RoundPlan) -> RoundExplanation:
    """The explanation of a proposed round (a preview, or the round just committed)."""
    state = loaded.state
    before = loaded.ruleset.standings(state, plan.number - 1)
    return explain_round(
        state,
        plan.number,
        plan.stage,
        plan.tables,
        [(b.player, b.reason) for b in plan.byes],
        plan.notes,
        before,
    )


def explain_paired(loaded: LoadedEvent, number: int) -> RoundExplanation:
    """The explanation of a committed round, against the standings it was paired by."""
    state = loaded.state
    rnd = state.round(number)
    before = loaded.ruleset.standings(state, number - 1)
    return explain_round(
        state,
        rnd.number,
        rnd.stage,
        [t.seats for t in rnd.tables],
        [(b.player, b.reason) for b in rnd.byes],
        rnd.notes,
        before,
    )
