"""Replayed events kept in the process and brought up to date incrementally.

Replaying a whole log on every request does not scale (a marathon of a million games takes
seconds), so the service keeps each event's state between commands and only applies the
actions stored since (by this process or any other: the CLI and several web workers share the
database). A process that starts, or meets an event for the first time, begins from the newest
snapshot of that event made by the same code (table ``snapshots``) and applies the tail of the
log; without one it replays the log and, if that was slow, stores a snapshot for the next one.

A state is only ever changed by :func:`podium.core.replay.apply` under its holder's lock. When
a command is refused, or its transaction fails, the holder drops the state (it may have been
changed half-way), and the next use catches up again from the snapshot and the log.
"""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import inspect
import io
import logging
import pickle
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from podium.core import codes
from podium.core.errors import InvalidInput, PodiumError
from podium.core.gcpause import settle
from podium.core.model import EventState
from podium.core.replay import apply, replay
from podium.core.ruleset import Formats, Ruleset
from podium.formats import get_format
from podium.store.db import Busy, Database
from podium.store.repository import EventRepository, EventSummary

log = logging.getLogger(__name__)

CORE_DIR = Path(__file__).resolve().parent.parent / "core"


@dataclass
class LoadedEvent:
    """An event's stored identity, its format and its state at ``state.last_seq``."""

    summary: EventSummary
    ruleset: Ruleset
    state: EventState
    #: The holder whose ``state`` this is: a catch-up changes the state in place under its
    #: lock, so a read of the state takes the lock too (a read beside another thread's
    #: catch-up or snapshot saw games that were half added, and counted them twice).
    holder: Holder | None = field(default=None, repr=False, compare=False)

    @contextmanager
    def held(self) -> Iterator[bool]:
        """The state held still (its holder's lock) inside the block; yields whether it is
        still its holder's state: a refused command or a failed catch-up drops a state that
        may be changed half-way, and a reader that loaded it before must load again."""
        holder = self.holder
        if holder is None:
            yield True
            return
        with holder.lock:
            yield holder.loaded is not None and holder.loaded.state is self.state


READ_ATTEMPTS = 10  # loads of a state that other threads keep dropping, before Busy


@contextmanager
def holding(load: Callable[[str], LoadedEvent], slug: str,
            first: LoadedEvent | None = None) -> Iterator[LoadedEvent]:
    """The event as ``load`` gives it (``first``: as the caller loaded it already), held still
    inside the block (:meth:`LoadedEvent.held`), loaded again while the state it had was
    dropped meanwhile (a refused command)."""
    for _attempt in range(READ_ATTEMPTS):
        loaded = first or load(slug)
        first = None
        with loaded.held() as intact:
            if intact:
                yield loaded
                return
    raise Busy()


@dataclass(frozen=True)
class SnapshotPolicy:
    """When to store a snapshot: after catching up took ``seconds`` or more, or applied
    ``actions`` or more since the last snapshot. ``enabled=False`` never reads or writes one."""

    seconds: float = 0.2
    actions: int = 5_000
    enabled: bool = True


@dataclass
class Holder:
    """One event's state in this process, and the lock every change and catch-up takes."""

    lock: threading.RLock = field(default_factory=threading.RLock)
    loaded: LoadedEvent | None = None
    # replay work done since the last snapshot, to decide when to store the next one
    pending_seconds: float = 0.0
    pending_actions: int = 0

    def discard(self) -> None:
        self.loaded = None
        self.pending_seconds = 0.0
        self.pending_actions = 0


_CODE_VERSIONS: dict[type, str] = {}


def code_version(ruleset: Ruleset) -> str:
    """A digest of the code that shapes a replayed state: the core and the format's package.

    A snapshot made by other code is never used (the state's classes may differ), so editing
    either invalidates every snapshot of that format without a version to bump by hand.
    """
    cls = type(ruleset)
    found = _CODE_VERSIONS.get(cls)
    if found is None:
        digest = hashlib.sha256(f"{ruleset.name}:{ruleset.state_version}".encode())
        package = Path(inspect.getfile(cls)).resolve().parent
        for directory in (CORE_DIR, package):
            for path in sorted(directory.rglob("*.py")):
                digest.update(path.name.encode())
                digest.update(path.read_bytes())
        found = _CODE_VERSIONS[cls] = digest.hexdigest()
    return found


def pickled(state: EventState) -> memoryview:
    """The snapshot's bytes of ``state``, written frame by frame into one buffer and handed
    out without a copy: ``pickle.dumps`` holds its output twice at its end (its growing buffer,
    then the bytes object), 58 MB each at 200,000 players, on top of the state."""
    out = io.BytesIO()
    pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(state)
    return out.getbuffer()


@contextmanager
def _no_gc() -> Iterator[None]:
    """The cycle collector off while a state is built: unpickling or replaying creates objects
    by the hundred thousand, none of them garbage, and the full collections that this triggers
    scan the growing heap again and again (they took 0.5 s of the 0.6 s that unpickling a
    10,000-player Commander event took)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class StateCache:
    """The replayed events of one process (at most ``capacity``, least recently used out)."""

    def __init__(self, db: Database, policy: SnapshotPolicy | None = None,
                 capacity: int = 64, formats: Formats = get_format) -> None:
        self.db = db
        self.formats = formats
        self.policy = policy or SnapshotPolicy()
        self.capacity = capacity
        #: The throttle of player-code guesses of the services over these states (one a
        #: process's event service: :meth:`EventService.code_throttle`).
        self.code_throttle: Any = None
        self._holders: OrderedDict[str, Holder] = OrderedDict()
        self._lock = threading.Lock()
        # the snapshots being stored after the writes or reads that made them due, by slug
        self._snapshots: dict[str, threading.Thread] = {}
        #: How many commands the services over these states have answered (stored, refused or
        #: previewed; an event stored new too), counted once each has ended, before its
        #: answer: what a read of the event asked of the database before the last of them
        #: may be behind that answer (:meth:`podium.web.cache.ViewCache.key`).
        self.answers = 0

    def answered(self) -> None:
        """One more command answered (see :attr:`answers`)."""
        with self._lock:
            self.answers += 1

    def peek(self, slug: str) -> Holder | None:
        """The event's holder if there is one, without adding it or moving it in the LRU."""
        return self._holders.get(slug)

    def holder(self, slug: str) -> Holder:
        with self._lock:
            found = self._holders.get(slug)
            if found is None:
                found = self._holders[slug] = Holder()
                while len(self._holders) > self.capacity:
                    self._holders.popitem(last=False)
            else:
                self._holders.move_to_end(slug)
            return found

    def held(self) -> list[EventState]:
        """The states held now (loaded or stored by this process)."""
        with self._lock:
            holders = list(self._holders.values())
        return [h.loaded.state for h in holders if h.loaded is not None]

    def forget(self, slug: str) -> None:
        with self._lock:
            self._holders.pop(slug, None)

    def current(self, repo: EventRepository, summary: EventSummary, holder: Holder,
                last: int | None = None) -> LoadedEvent:
        """The event's state at the newest stored action (call with ``holder.lock`` held);
        ``last``: that action's ``seq`` when the caller already read it."""
        loaded = holder.loaded
        if loaded is not None and (loaded.summary.id, loaded.summary.created_at) != (
                summary.id, summary.created_at):
            # The slug names another event now (deleted and created again); SQLite may reuse
            # the deleted one's id, so its creation time tells them apart too.
            holder.discard()
            loaded = None
        if last is None:
            last = repo.last_seq(summary.id)
        if loaded is not None and loaded.state.last_seq > last:
            holder.discard()  # cannot happen with an append-only log; rebuild to be safe
            loaded = None
        started = time.perf_counter()
        if loaded is None:
            with _no_gc():
                loaded, replayed = self._cold(repo, summary, holder)
                settle()
            if not replayed:
                # Started from a snapshot: loading it is not replay work that a newer snapshot
                # would save (counting it stored the same snapshot again at once).
                started = time.perf_counter()
        tail = last - loaded.state.last_seq
        if tail > 0:
            try:
                with _no_gc():
                    for action in repo.actions(summary.id, after=loaded.state.last_seq):
                        apply(loaded.state, action, loaded.ruleset)
                    if tail > 100:  # a long catch-up: as large as a load
                        settle()
            except BaseException:
                holder.discard()
                raise
            holder.pending_actions += tail
        holder.pending_seconds += time.perf_counter() - started
        if loaded.summary != summary:  # its row changed (renamed, archived: migration 0007)
            loaded = dataclasses.replace(loaded, summary=summary)
        holder.loaded = loaded
        return loaded

    def _cold(self, repo: EventRepository, summary: EventSummary, holder: Holder
              ) -> tuple[LoadedEvent, bool]:
        """The event from its newest usable snapshot, else replayed from the whole log (then
        ``True``)."""
        ruleset = self.formats(summary.format)
        state = self._from_snapshot(repo, summary, ruleset)
        replayed = state is None
        if state is None:
            actions = repo.actions(summary.id)
            try:
                state = replay(actions, ruleset)
            except PodiumError as error:
                raise InvalidInput("the stored log of event %(event)s no longer replays: "
                                   "%(error)s", code=codes.LOG_BROKEN, event=summary.slug,
                                   error=str(error)) from None
            holder.pending_actions = len(actions)
        state.slug = summary.slug
        return LoadedEvent(summary, ruleset, state, holder), replayed

    def _from_snapshot(self, repo: EventRepository, summary: EventSummary, ruleset: Ruleset
                       ) -> EventState | None:
        if not self.policy.enabled:
            return None
        found = repo.latest_snapshot(summary.id, code_version(ruleset))
        if found is None:
            return None
        seq, kind, at, data = found
        if repo.action_stamp(summary.id, seq) != (kind, at):
            return None  # the log under the snapshot is not the one it was made from
        try:
            state = pickle.loads(data)
        except Exception:  # a snapshot is only a shortcut: replay instead
            log.warning("snapshot of event %s at %s is unreadable; replaying", summary.slug, seq)
            return None
        if not isinstance(state, EventState) or state.last_seq != seq:
            return None
        return state

    def due(self, holder: Holder) -> bool:
        """Whether a snapshot of the holder's event is due. Never for an in-memory database:
        a snapshot is a shortcut for the next process, which such a database never has, and
        its one shared connection cannot take the snapshot's transaction beside a write's."""
        policy = self.policy
        return policy.enabled and not self.db.is_memory and holder.loaded is not None and (
            holder.pending_seconds >= policy.seconds or holder.pending_actions >= policy.actions)

    def snapshot_later(self, slug: str, clock: Callable[[], datetime]) -> None:
        """Store the event's snapshot in a thread of its own, after the caller has answered.

        A snapshot is a shortcut for the next process, never the truth (the log is): pickling
        a 10,000-player event takes about a second, which a write that made the snapshot due
        must not pay before its answer. The thread is not a daemon, so a command
        line process stores it after printing its answer, before it exits; a crash before it
        is stored only means a longer replay next time. One at a time per event: a snapshot
        asked for while one is being stored is left to the next due moment."""
        with self._lock:
            if slug in self._snapshots:
                return
            thread = threading.Thread(target=self._snapshot, args=(slug, clock),
                                      name=f"podium-snapshot-{slug}")
            self._snapshots[slug] = thread
        thread.start()

    def _snapshot(self, slug: str, clock: Callable[[], datetime]) -> None:
        try:
            self.save_snapshot(slug, clock())
        finally:
            with self._lock:
                self._snapshots.pop(slug, None)

    def wait_for_snapshots(self) -> None:
        """Return once the snapshots being stored are (a server stopping, a test)."""
        with self._lock:
            threads = list(self._snapshots.values())
        for thread in threads:
            thread.join()

    def save_snapshot(self, slug: str, now: datetime) -> bool:
        """Store a snapshot of the event's state as this process holds it (best effort).

        The state is pickled under the holder's lock, the row written after it is released:
        a write that waits for another process's lock never holds up this process's readers
        of the event."""
        holder = self.holder(slug)
        with holder.lock:
            loaded = holder.loaded
            if loaded is None:
                return False
            state = loaded.state
            try:
                with _no_gc():
                    loaded.ruleset.warm(state)  # the aggregates ride in the snapshot
                    data = pickled(state)
            except Exception as error:  # a snapshot is only a shortcut
                log.warning("could not store a snapshot of event %s: %s", slug, error)
                return False
            event_id, seq, version = loaded.summary.id, state.last_seq, code_version(loaded.ruleset)
            holder.pending_seconds = 0.0  # claimed: another thread does not store it again
            holder.pending_actions = 0
        try:
            with self.db.store_session() as session:
                repo = EventRepository(session)
                stamp = repo.action_stamp(event_id, seq)
                if stamp is None:
                    return False
                repo.save_snapshot(event_id, seq, version, stamp[0], stamp[1], data, now)
        except Exception as error:  # a snapshot is only a shortcut
            log.warning("could not store a snapshot of event %s: %s", slug, error)
            return False
        return True
