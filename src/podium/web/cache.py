"""Replayed events kept between requests, keyed by the event's identity and the log's length.

Each request asks the database only for the event's identity and last ``seq`` (one indexed
query); the replayed event and what was rendered from it are reused until the log grows, since
a public page is read far more often than the event changes. Why each part is as it is
(measurements in docs/benchmarks.md, the web's design in docs/web.md):

- **Several servers** share nothing but the database: a write announces the event's version
  (``NOTIFY``, :mod:`podium.store.notify`) and every listener marks it stale
  (:meth:`ViewCache.changed`); as a safety net a version is read again once older than
  ``freshness`` seconds (0.25 by default), so a page never lags a write by more.
- **What this process answered is seen at once**, a refusal in between or not: each command
  counts when it ends (:attr:`podium.service.states.StateCache.answers`) and a version is
  trusted only while no command ended since it was read (:meth:`ViewCache._trusted`).
- **The key is (event id, created at, seq)**: an event deleted and created again under the
  same slug may reuse its id on SQLite and reach the same length.
- **Each memo is bounded** (:data:`MEMO_ITEMS`, :data:`MEMO_BYTES`): its parts are keyed by
  what visitors ask for, so junk addresses must not grow it.
- **A build reads the state under the event's lock and renders outside it**: the state is the
  writers' (changed in place), the render is most of a large page's cost, and a write must not
  wait for it.
- **Readers get the last version while one of them builds the new one** (single flight, within
  ``freshness`` of this process first seeing the new version), and the fast path lets only one
  reader of a new version through (:meth:`ViewCache.part`): a write never makes every reader
  in flight rebuild.
- **A server builds pages from states of its own** (``page_states``): taking the views from
  the writers' state still held writes behind a large ranking; the price is a second copy of
  each event read by both.
- **With ``background``, no reader rebuilds a page it read before**: it gets the last one
  built (up to :data:`podium.web.builder.STALE_LIMIT` seconds past a newer version's first
  sighting) and the page is rebuilt by the process's builder thread
  (:mod:`podium.web.builder`); :meth:`ViewCache.built` tells when a version's pages are.
"""

from __future__ import annotations

import bisect
import gc
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, func, select

from podium.core import codes
from podium.core.errors import NotFound
from podium.service.events import EventService, LoadedEvent
from podium.service.states import StateCache, holding
from podium.store.models import ActionRow, EventRow
from podium.store.repository import EventRepository, storable
from podium.web.builder import STALE_LIMIT, Hook, PageBuilder, Rebuild

MAX_EVENTS = 32
GONE = 2**62  # the version a deleted event is announced at (beyond every seq)
Key = tuple[int, datetime, int]  # an event's id, creation time and last seq
MEMO_ITEMS = 256  # rendered parts of one event version
MEMO_BYTES = 32 * 1024 * 1024  # their estimated size
SEEN = 64  # versions of one event whose first sighting is remembered (for stale parts)
_NOMINAL = 4096  # the estimated size of a part that is not text or bytes


def size_of(value: Any) -> int:
    """A cheap estimate of a memo value's size: the text and bytes it holds (one level deep),
    or what the value says of itself (``nbytes``: the standings' views, a row each)."""
    estimate = getattr(value, "nbytes", None)
    if isinstance(estimate, int):
        return estimate
    if isinstance(value, (bytes, bytearray, str)):
        return len(value) + 64
    if isinstance(value, tuple):
        return sum(len(v) if isinstance(v, (bytes, bytearray, str)) else
                   size_of(v) if isinstance(v, tuple) or hasattr(v, "nbytes") else 0
                   for v in value) + _NOMINAL
    return _NOMINAL


class Memo:
    """A bounded LRU map of the parts rendered for one event version (thread-safe)."""

    def __init__(self, max_items: int = MEMO_ITEMS, max_bytes: int = MEMO_BYTES) -> None:
        self.max_items = max_items
        self.max_bytes = max_bytes
        self._items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                return None
            self._items.move_to_end(key)
            return found[0]

    def __contains__(self, key: Hashable) -> bool:
        with self._lock:
            return key in self._items

    def __setitem__(self, key: Hashable, value: Any) -> None:
        size = size_of(value)
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._bytes -= old[1]
            self._items[key] = (value, size)
            self._bytes += size
            while self._items and (len(self._items) > self.max_items
                                   or self._bytes > self.max_bytes):
                _key, (_value, dropped) = self._items.popitem(last=False)
                self._bytes -= dropped

    def __len__(self) -> int:
        return len(self._items)

    def discard(self, key: Hashable) -> None:
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._bytes -= old[1]

    @property
    def nbytes(self) -> int:
        """The estimated size of what is kept."""
        return self._bytes


# ``building``: builds this thread is inside (a render included); ``locked``: builds it runs
# under an event's holder lock
_building = threading.local()


def _depth(name: str) -> int:
    depth: int = getattr(_building, name, 0)
    return depth


class Later:
    """What a build returns to finish outside the event's lock: ``finish()`` gets only what
    the build took from the state under the lock (see :meth:`ViewCache.memo_of`)."""

    def __init__(self, finish: Callable[[], Any]) -> None:
        self.finish = finish


@dataclass
class Entry:
    """One event at one version, and the parts rendered from it."""

    event_id: int
    created: datetime
    seq: int
    loaded: LoadedEvent
    memo: Memo = field(default_factory=Memo)
    seen: float = field(default_factory=time.monotonic)  # when this process first had it

    @property
    def key(self) -> Key:
        return (self.event_id, self.created, self.seq)

    def __iter__(self) -> Any:  # ``seq, loaded, memo = cache.load(slug)``
        return iter((self.seq, self.loaded, self.memo))

    def __getitem__(self, index: int) -> Any:
        return (self.seq, self.loaded, self.memo)[index]


class ViewCache:
    """``freshness``: seconds a looked-up version is trusted before asking the database again
    (0: ask on every request). A public page may lag a write by that much, never more: what
    this process answered is seen at once (:meth:`_trusted`), and an earlier version's page is
    served while the new one is built only within that lag (:meth:`memo_of`).

    ``background``: a page read before is rebuilt for a new version by a builder thread, never
    by its readers, who get the last one built meanwhile (:meth:`part`,
    :mod:`podium.web.builder`)."""

    def __init__(self, events: EventService, freshness: float = 0.0,
                 freeze_gc: bool = False, now: Callable[[], float] = time.monotonic,
                 page_states: bool = False, background: bool = False) -> None:
        self.events = events
        self.builder: PageBuilder | None = PageBuilder(self) if background else None
        # the states pages are built from: the writers' own (shared, under their lock), or,
        # with ``page_states``, copies of the pages' own, caught up from the log (see above)
        self.states: StateCache = StateCache(events.db, events.states.policy, MAX_EVENTS) \
            if page_states else events.states
        self.freshness = freshness
        self.now = now  # the clock of the stale window (tests move it)
        self.freeze_gc = freeze_gc
        self._lock = threading.Lock()  # short: never held while taking a holder's lock
        self._loaded: OrderedDict[str, Entry] = OrderedDict()
        # each event's version read from the database: (when, the version, how many commands
        # this process had answered before it was read: :meth:`_trusted`)
        self._versions: dict[str, tuple[float, Key, int]] = {}
        # the last part built for each event and key, at any version:
        # ((event id, created at), seq, value)
        self._last: dict[str, Memo] = {}
        # when this process first saw each recent version of an event: [(seq, monotonic)]
        self._seen: dict[str, deque[tuple[int, float]]] = {}
        self._building: dict[tuple[str, Hashable], threading.Event] = {}
        # the version whose build of each part a reader of the fast path was let through to
        # (:meth:`part`): the others of that version get the earlier part meanwhile
        self._passed: dict[tuple[str, Hashable], Key] = {}
        # one look-up of each event's version at a time (:meth:`key`): the readers that
        # find it stale together (after each write) ask the database once, not each
        self._asking: dict[str, threading.Lock] = {}
        # when a reader of each event first found the loaded entry (its key) behind the
        # database: (that entry's key, monotonic) (:meth:`load`)
        self._sighted: dict[str, tuple[Key, float]] = {}
        # the last seq announced for each event id by a notification (:meth:`changed`): a
        # version read before it is never trusted, even if it was stored after the notice
        self._announced: OrderedDict[int, int] = OrderedDict()
        events_table, actions = EventRow.__table__, ActionRow.__table__
        self._query = select(
            events_table.c.id,
            events_table.c.created_at,
            select(func.max(actions.c.seq))
            .where(actions.c.event_id == events_table.c.id)
            .scalar_subquery(),
        ).where(events_table.c.slug == bindparam("slug"))

    def fresh_key(self, slug: str) -> Key | None:
        """The event's ``(id, created at, last seq)`` if known fresh, without a query."""
        return self._trusted(slug, time.monotonic())

    def _trusted(self, slug: str, now: float) -> Key | None:
        """The event's version read less than ``freshness`` seconds ago, unless a notification
        announced a later one or a command of this process ended since it was read (counted
        before the query, :meth:`_ask`): that command's answer may say more (a write, a
        delete), and a read after it must too. One count for every event, as nothing needs
        bounding; an event's next read after any command asks the database once."""
        known = self._versions.get(slug)
        if known is None:
            return None
        when, key, answers = known
        if now - when < self.freshness and answers == self.events.states.answers \
                and not self._behind(key):
            return key
        return None

    def _behind(self, key: Key) -> bool:
        """Whether a notification announced a later version of ``key``'s event."""
        return self._announced.get(key[0], 0) > key[2]

    def changed(self, event_id: int, seq: int) -> None:
        """Event ``event_id`` is at ``seq`` in the database now (0: it was deleted), as a
        ``NOTIFY`` of another process (or this one) says (:mod:`podium.store.notify`): the
        version this process trusts for it is stale at once, and the next request reads it."""
        with self._lock:
            # a delete is announced as a version beyond any: a reader that asked the database
            # just before the delete and notes what it read just after the notification
            # must not have it trusted (it served a deleted event for the lag, 0.25 s)
            announced = seq if seq > 0 else GONE
            self._announced[event_id] = max(announced, self._announced.pop(event_id, 0))
            while len(self._announced) > 4 * MAX_EVENTS:
                self._announced.popitem(last=False)
            for slug, (_when, key, _answers) in list(self._versions.items()):
                if key[0] == event_id and (seq <= 0 or key[2] < seq):
                    del self._versions[slug]

    def forget_versions(self) -> None:
        """Trust no version read so far (the listener connected again: notifications sent
        while it was away are lost); the rendered parts stay, each kept for its version."""
        with self._lock:
            self._versions.clear()

    def key(self, slug: str, at_least: int = 0) -> Key:
        """The event's ``(id, created at, last seq)``: one indexed query in a read transaction
        (which on SQLite never waits for a writer). ``at_least``: a version the caller knows
        of (a page asked for explicitly at it): a trusted one before it is read again."""
        now = time.monotonic()
        known = self._trusted(slug, now)
        if known is not None and known[2] >= at_least:
            return known
        if not self.freshness:
            return self._ask(slug, now)
        with self._lock:
            asking = self._asking.get(slug)
            if asking is None:
                asking = self._asking[slug] = threading.Lock()
                while len(self._asking) > 4 * MAX_EVENTS:
                    self._asking.pop(next(iter(self._asking)))
        with asking:
            # read meanwhile by the reader this one waited for: trusted as any version read
            # less than ``freshness`` ago is (a write of this process after it is seen)
            now = time.monotonic()
            known = self._trusted(slug, now)
            if known is not None and known[2] >= at_least:
                return known
            return self._ask(slug, now)

    def _ask(self, slug: str, now: float) -> Key:
        """The event's version read from the database (and trusted from ``now``)."""
        answers = self.events.states.answers  # before the query (see :meth:`_trusted`)
        row = None
        if storable(slug):  # else no event has it (and PostgreSQL cannot compare a NUL)
            with self.events.db.session(readonly=True) as session:
                row = session.connection().execute(self._query, {"slug": slug}).first()
        if row is None or row[0] is None:
            self._versions.pop(slug, None)
            raise NotFound("no event %(slug)r", code=codes.EVENT_UNKNOWN, slug=slug)
        found = (int(row[0]), row[1], int(row[2] or 0))
        if self.freshness:
            with self._lock:
                self._versions[slug] = (now, found, answers)
                while len(self._versions) > 4 * MAX_EVENTS:
                    self._versions.pop(next(iter(self._versions)))
        return found

    def version(self, slug: str) -> int:
        """The event's last ``seq`` (NotFound for an unknown event)."""
        return self.key(slug)[2]

    def _hit(self, slug: str, key: Key) -> Entry | None:
        """The loaded entry of the event at ``key``, if its state is still the one its holder
        holds: a command refused half-way drops the writers' state it may have changed
        (which the pages share without ``page_states``), and no read is answered from it."""
        holder = self.states.peek(slug)
        with self._lock:
            hit = self._loaded.get(slug)
            if hit is not None and hit.key == key and holder is not None \
                    and holder.loaded is hit.loaded:
                self._loaded.move_to_end(slug)
                return hit
        return None

    def peek(self, slug: str, key: Key) -> Memo | None:
        """The memo of the event at ``key`` (id, created at, seq) if loaded, without loading."""
        hit = self._hit(slug, key)
        return hit.memo if hit is not None else None

    def part(self, slug: str, key: Key, part: Hashable, at_least: int = 0) -> Any:
        """The part ``part`` of the event at ``key`` if built; else, while a reader is building
        it, the one built for an earlier version within the allowed lag (:meth:`memo_of`);
        else None (the caller lets the application build it). For the fast path: readers of a
        page being rebuilt are answered there, not by the whole application. With the
        builder, the last one built (:mod:`podium.web.builder`), unless built before
        ``at_least`` (a page asked for at a version: :meth:`built` tells when it is)."""
        hit = self._hit(slug, key)
        if hit is not None:
            found = hit.memo.get(part)
            if found is not None:
                return found
        if self.builder is not None and self.builder.can_rebuild(slug, part):
            # the builder rebuilds it; the reader gets the last one built meanwhile
            self._sighting(slug, key)
            stale = self._stale(slug, part, key, STALE_LIMIT, newer=True, at_least=at_least)
            if stale is not None:
                self.builder.want(slug, part)
                return stale
            if at_least:
                return None
        if (slug, part) in self._building:
            return self._stale(slug, part, key)
        self._sighting(slug, key)
        stale = self._stale(slug, part, key)
        if stale is None:
            return None
        # Nobody builds it yet: one reader of this version goes on to the application and
        # builds it; the others get the earlier one (within the lag), as while a build runs.
        # Before, every reader that came meanwhile went through the whole application to
        # find the build under way: 50-200 of them after each write.
        with self._lock:
            if self._passed.get((slug, part)) == key:
                return stale
            self._passed[(slug, part)] = key
            while len(self._passed) > MEMO_ITEMS * MAX_EVENTS:
                self._passed.pop(next(iter(self._passed)))
        return None

    def _sighting(self, slug: str, key: Key) -> None:
        """Note that this process first saw version ``key`` of the loaded event now (when a
        reader of the fast path finds it not loaded yet): the lag of the earlier pages starts
        here. Noted only when the entry was loaded, which a reader that went on to the
        application only did after its catch-up, so until then every reader went there too
        (the earlier page was "not superseded yet")."""
        with self._lock:
            entry = self._loaded.get(slug)
            seen = self._seen.get(slug)
            if entry is not None and seen and entry.key[:2] == key[:2] \
                    and seen[-1][0] < key[2]:
                seen.append((key[2], self.now()))

    def flight(self, slug: str, part: Hashable) -> threading.Event | None:
        """The build of ``part`` under way (set when it ends), if any (the fast path waits for
        it on the event loop, not in a thread of the pool that writes need too)."""
        return self._building.get((slug, part))

    def load(self, slug: str, stale: bool = False) -> Entry:
        """The event at its current version, with a bounded memo for rendered parts.

        Concurrent misses for one event replay once: the second waits on the event's holder
        lock and finds the first one's entry. With ``stale`` (a public page) and the pages'
        own states, while another reader catches the event up, the second gets the entry of
        the version before instead, if this process first saw the newer one less than
        ``freshness`` seconds ago (the lag a page is allowed): a catch-up (reading the new
        actions, applying them) no longer holds up every reader of the event."""
        key = self.key(slug)
        hit = self._hit(slug, key)
        if hit is not None:
            return hit
        holder = self.states.holder(slug)
        # The version before only while another reader holds the pages' own states: the
        # writers' states (shared without ``page_states``) are held by this process's writes
        # and snapshots too, and a read after a write must not get the version before it.
        own = stale and self.states is not self.events.states
        earlier = self._earlier(slug, key) if own else None  # (noted the first time)
        if not holder.lock.acquire(blocking=False):
            if earlier is not None:
                return earlier
            holder.lock.acquire()
        try:
            hit = self._hit(slug, key)
            if hit is not None:
                return hit
            return self._refresh(slug)
        finally:
            holder.lock.release()

    @contextmanager
    def reading(self, slug: str) -> Iterator[LoadedEvent]:
        """The event at its current version, held still inside the block: another reader's
        catch-up changes the same state in place, under the lock this takes."""
        with holding(lambda name: self.load(name).loaded, slug) as loaded:
            # a part asked for meanwhile is built here, never waited for (another thread's
            # build of it needs this lock)
            _building.locked = _depth("locked") + 1
            try:
                yield loaded
            finally:
                _building.locked -= 1

    def _earlier(self, slug: str, key: Key) -> Entry | None:
        """The loaded entry of the same event before ``key``'s version, if this process first
        saw a version after it less than ``freshness`` seconds ago (else None). The first call
        for an entry notes when."""
        now = self.now()
        with self._lock:
            entry = self._loaded.get(slug)
            if entry is None or entry.key[:2] != key[:2] or entry.seq >= key[2]:
                return None
            sighted = self._sighted.get(slug)
            if sighted is None or sighted[0] != entry.key:
                sighted = self._sighted[slug] = (entry.key, now)
                while len(self._sighted) > 4 * MAX_EVENTS:
                    self._sighted.pop(next(iter(self._sighted)))
        return entry if now - sighted[1] < self.freshness else None

    def _refresh(self, slug: str) -> Entry:
        """Catch up and store a new entry (call with the event's holder lock held).

        In a read transaction only: a snapshot the catch-up made due is stored by another
        thread, so a page never waits for the database's write lock."""
        states = self.states
        holder = states.holder(slug)
        with self.events.db.session(readonly=True) as session:
            repo = EventRepository(session)
            loaded = states.current(repo, repo.get(slug), holder)
        if states.due(holder) and states is self.events.states:
            # (the pages' own copies store none: their catch-ups, one action each, would make
            # one due every few writes, pickled under the pages' lock and written in a write
            # transaction that the writers then wait for; the writers store them)
            self._snapshot_later(slug)
        if self.freeze_gc:
            # A replayed event is large and long-lived: keep the cycle collector from scanning
            # it on every full collection (a 1,000-player event made those take ~90 ms). Frozen
            # objects are still freed by reference counting when the next version replaces it.
            gc.collect()
            gc.freeze()
        summary = loaded.summary
        entry = Entry(summary.id, summary.created_at, loaded.state.last_seq, loaded,
                      seen=self.now())
        with self._lock:
            before = self._loaded.get(slug)
            if before is not None and (before.event_id, before.created) != (entry.event_id,
                                                                             entry.created):
                # the slug names another event now: nothing of the old one is served
                self._last.pop(slug, None)
                self._seen.pop(slug, None)
            seen = self._seen.setdefault(slug, deque(maxlen=SEEN))
            if not seen or seen[-1][0] < entry.seq:
                seen.append((entry.seq, entry.seen))
            elif seen[-1][0] > entry.seq:  # another event under this slug: start afresh
                seen.clear()
                seen.append((entry.seq, entry.seen))
            self._loaded[slug] = entry
            self._loaded.move_to_end(slug)
            while len(self._loaded) > MAX_EVENTS:
                self._loaded.popitem(last=False)
        return entry

    def _snapshot_later(self, slug: str) -> None:
        self.states.snapshot_later(slug, self.events.clock)  # one thread an event at most

    def keep(self, slug: str, part: Hashable, rebuild: Rebuild) -> None:
        """``rebuild()`` builds ``part`` of ``slug`` at the event's current version: with
        ``background``, the builder calls it when a reader got an earlier one (else nothing)."""
        if self.builder is not None:
            self.builder.knows(slug, part, rebuild)

    def built(self, event_id: int, version: int) -> Future[int]:
        """A future set once the public pages of event ``event_id`` read lately are built
        here for ``version`` or later (to the seq built; at once without ``background``,
        where a reader builds a page it finds missing): the moment to tell a live page that
        its fragment of ``version`` is there (:meth:`podium.web.builder.PageBuilder.built`)."""
        if self.builder is not None:
            return self.builder.built(event_id, version)
        done: Future[int] = Future()
        done.set_result(version)
        return done

    def on_built(self, hook: Hook) -> None:
        """``hook(event_id, seq)`` each time the builder has built an event's pages read
        lately at ``seq`` (in its thread); never called without ``background``."""
        if self.builder is not None:
            self.builder.on_built(hook)

    def wait_for_builds(self, timeout: float = 30.0) -> bool:
        """Whether the builder's rounds asked for so far ended within ``timeout`` seconds."""
        return self.builder.wait(timeout) if self.builder is not None else True

    def slug_of(self, event_id: int) -> str | None:
        """The slug of the loaded event ``event_id``, if any."""
        with self._lock:
            return next((slug for slug, entry in self._loaded.items()
                         if entry.event_id == event_id), None)

    def build_pages(self, slug: str, rebuilds: list[Rebuild]) -> tuple[int, int] | None:
        """The builder's round: the event caught up to its current version, then each page
        rebuilt for it (one already built is kept), never an earlier version's (a page read
        for the round must be the round's). The event's id and the seq built; None if gone."""
        try:
            entry = self.load(slug)
        except NotFound:
            return None
        _building.building = _depth("building") + 1
        try:
            for rebuild in rebuilds:
                rebuild()
        finally:
            _building.building -= 1
        return entry.event_id, entry.seq

    def drop_last(self, slug: str, parts: Iterator[Hashable] | set[Hashable]) -> None:
        """Serve no earlier version of ``parts`` (their rebuild failed: a reader builds them
        and sees why)."""
        with self._lock:
            last = self._last.get(slug)
        if last is not None:
            for part in parts:
                last.discard(part)

    def clear(self) -> None:
        """Forget every loaded event (the next read of each loads it again)."""
        if self.builder is not None:
            self.builder.forget()
        with self._lock:
            self._loaded.clear()
            self._versions.clear()
            self._last.clear()
            self._seen.clear()
            self._sighted.clear()

    def wait_for_snapshots(self) -> None:
        """Return once the snapshots being stored are (a server stopping, a test)."""
        self.states.wait_for_snapshots()
        if self.events.states is not self.states:
            self.events.states.wait_for_snapshots()

    def memo(self, slug: str, key: Hashable, build: Callable[[LoadedEvent], Any]) -> Any:
        """``build(loaded)`` computed once per event version and ``key``."""
        return self.memo_of(self.load(slug), slug, key, build)

    def memo_of(self, entry: Entry, slug: str, key: Hashable,
                build: Callable[[LoadedEvent], Any]) -> Any:
        """``build(loaded)`` kept in ``entry``'s memo.

        ``build`` runs under the event's holder lock, so no writer of this process changes
        the state meanwhile; if it returns a :class:`Later`, its ``finish()`` runs after the
        lock is released and gives the value (a page's render: writes never wait for it).
        One reader builds a missing part (single flight); while it does, the others get the
        part built for an earlier version, if this process first saw a newer version less
        than ``freshness`` seconds ago, else they wait for the build."""
        while True:
            found = entry.memo.get(key)
            if found is not None:
                return found
            flight = (slug, key)
            with self._lock:
                running = self._building.get(flight)
                if running is None or _depth("locked"):
                    # (a build under the event's lock that needs another part builds it
                    # itself: waiting for another thread's build of it could deadlock)
                    running = self._building[flight] = threading.Event()
                    mine = True
                else:
                    mine = False
            if mine:
                _building.building = _depth("building") + 1
                try:
                    return self._build(entry, slug, key, build)
                finally:
                    _building.building -= 1
                    with self._lock:
                        if self._building.get(flight) is running:
                            self._building.pop(flight, None)
                    running.set()
            # a part needed by a build is never an earlier version's: the page built from it
            # would be kept as this version's
            stale = None if _depth("building") else self._stale(slug, key, entry.key)
            if stale is not None:
                return stale
            running.wait()
            entry = self._current(slug, entry)

    def _current(self, slug: str, entry: Entry) -> Entry:
        """The newest loaded entry of ``slug`` if it is ``entry``'s event at a later version."""
        with self._lock:
            hit = self._loaded.get(slug)
        if hit is not None and hit.event_id == entry.event_id and hit.created == entry.created \
                and hit.seq >= entry.seq:
            return hit
        return entry

    def _stale(self, slug: str, key: Hashable, version: Key, lag: float = 0.0,
               newer: bool = False, at_least: int = 0) -> Any:
        """The part last built for ``key`` from the same event at a version up to
        ``version``'s, if this process first saw a version after it less than ``freshness``
        seconds ago, or ``lag`` if longer (else None). With ``newer`` (the builder's readers),
        a part built for a later version than ``version`` too (``version`` was trusted a
        moment ago, the builder has read a newer one since). Never one built before
        ``at_least``."""
        seq = version[2]
        lag = max(lag, self.freshness)
        with self._lock:
            last = self._last.get(slug)
            found = last.get(key) if last is not None else None
            if found is None or found[0] != version[:2]:
                return None
            _event, built, value = found
            seen = self._seen.get(slug)
            if seen is None or (built > seq and not newer) or built < at_least:
                return None
            if built >= seq:
                return value
            at = bisect.bisect_right([s for s, _t in seen], built)
            if at == len(seen) or (at == 0 and len(seen) == seen.maxlen):
                return None  # no newer version seen, or its first sighting is forgotten
            if self.now() - seen[at][1] >= lag:
                return None
            return value

    def _build(self, entry: Entry, slug: str, key: Hashable,
               build: Callable[[LoadedEvent], Any]) -> Any:
        holder = self.states.holder(slug)
        with holder.lock:
            found = entry.memo.get(key)
            if found is not None:
                return found
            if holder.loaded is not entry.loaded or entry.loaded.state.last_seq != entry.seq:
                # A writer of this process moved the state on (or dropped it): build from the
                # current state, and keep the result with the current entry.
                entry = self._refresh(slug)
                found = entry.memo.get(key)
                if found is not None:
                    return found
            _building.locked = _depth("locked") + 1
            try:
                value = build(entry.loaded)
            finally:
                _building.locked -= 1
        if isinstance(value, Later):
            value = value.finish()
        entry.memo[key] = value
        with self._lock:
            last = self._last.get(slug)
            if last is None:
                last = self._last[slug] = Memo()
                while len(self._last) > MAX_EVENTS:
                    self._last.pop(next(iter(self._last)))
            before = last.get(key)
        if before is None or before[0] != entry.key[:2] or before[1] <= entry.seq:
            last[key] = (entry.key[:2], entry.seq, value)
        return value
