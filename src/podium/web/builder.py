"""Public pages rebuilt in the background when their event's version changes.

A reader of a public page never waits for its rebuild (:class:`podium.web.cache.ViewCache`
with ``background``): when a page read is not built for the event's current version yet, the
reader gets the one built for an earlier version and asks this builder for the new one; one
thread per process builds the pages asked for, one event at a time, each at the version
current when its round starts. Why:

- **Open-loop readers** (phones polling at a fixed rate) arriving during a rebuild all waited
  for it, or went through the whole application to find it under way: with a writer at 2
  results a second, their p99 was 2.5-5x the idle one (docs/benchmarks.md, "Open loop").
- **How late a page is**: the rounds run back to back while readers ask for a newer version,
  so a page shows every write this process saw before the previous round ended, and is never
  older than :data:`STALE_LIMIT` seconds past the first sighting of a newer version (then a
  reader builds or waits, as a first read does). The writer's own answer and its organiser
  pages are built for it at once, as before (they are never served stale).
- **A round rebuilds only what was read** since the last round (the pages readers got stale)
  plus, when a caller waits for a version (:meth:`PageBuilder.built`), every page read within
  :data:`RECENT` seconds: an event's many pages (100 rows each, two languages) are not all
  rebuilt on every write.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from podium.web.cache import ViewCache

log = logging.getLogger(__name__)

STALE_LIMIT = 5.0  # seconds past a newer version's first sighting an older page may be served
RECENT = 30.0  # seconds a page counts as read, for the rounds a waiting caller asks for
RECIPES = 256  # pages of one event the builder knows how to rebuild (the most recently read)

Rebuild = Callable[[], Any]
Hook = Callable[[int, int], None]


class PageBuilder:
    """The rebuilds of one :class:`ViewCache`, run by one daemon thread started on first use."""

    def __init__(self, cache: ViewCache) -> None:
        self.cache = cache
        self._lock = threading.Condition()
        # per event slug, the pages a round can rebuild: part -> (rebuild, last read, monotonic)
        self._recipes: dict[str, OrderedDict[Hashable, tuple[Rebuild, float]]] = {}
        self._wanted: OrderedDict[str, set[Hashable]] = OrderedDict()  # queued rounds
        self._running: str | None = None
        self._thread: threading.Thread | None = None
        # per event id, the last seq whose round ended; callers waiting for a later one
        self._done: dict[int, int] = {}
        self._waiting: list[tuple[str, int, Future[int]]] = []  # (slug, version, future)
        self._hooks: list[Hook] = []

    def knows(self, slug: str, part: Hashable, rebuild: Rebuild) -> None:
        """``rebuild()`` builds ``part`` of event ``slug`` at its current version (a reader of
        it just read it through the application)."""
        with self._lock:
            recipes = self._recipes.setdefault(slug, OrderedDict())
            recipes[part] = (rebuild, time.monotonic())
            recipes.move_to_end(part)
            while len(recipes) > RECIPES:
                recipes.popitem(last=False)

    def can_rebuild(self, slug: str, part: Hashable) -> bool:
        with self._lock:
            return part in self._recipes.get(slug, ())

    def want(self, slug: str, part: Hashable) -> None:
        """A reader got ``part`` of an earlier version: rebuild it in the next round."""
        with self._lock:
            recipes = self._recipes.get(slug)
            found = recipes.get(part) if recipes is not None else None
            if found is None:
                return
            recipes[part] = (found[0], time.monotonic())  # type: ignore[index]
            self._wanted.setdefault(slug, set()).add(part)
            self._start()
            self._lock.notify_all()

    def built(self, event_id: int, version: int, part: Hashable | None = None
              ) -> Future[int]:
        """A future set (to the seq built) once this process's pages of event ``event_id``
        read within :data:`RECENT` seconds (and ``part``) are built for ``version`` or a later
        one; set at once when they are, or when no page of the event is kept here (a reader
        then builds it). ``await asyncio.wrap_future(...)`` on an event loop."""
        future: Future[int] = Future()
        slug = self.cache.slug_of(event_id)
        with self._lock:
            done = self._done.get(event_id, -1)
            recipes = self._recipes.get(slug or "")
            now = time.monotonic()
            recent = {known for known, (_r, read) in (recipes or {}).items()
                      if now - read < RECENT or known == part}
            if done >= version or slug is None or not recent:
                future.set_result(max(done, version))
                return future
            self._waiting.append((slug, version, future))
            self._wanted.setdefault(slug, set()).update(recent)
            self._start()
            self._lock.notify_all()
        return future

    def on_built(self, hook: Hook) -> None:
        """``hook(event_id, seq)`` after every round (in the builder's thread: keep it short;
        an event loop's caller hands it over with ``loop.call_soon_threadsafe``)."""
        with self._lock:
            self._hooks.append(hook)

    def forget(self, slug: str | None = None) -> None:
        """Rebuild nothing more of ``slug`` (of any event when None)."""
        with self._lock:
            if slug is None:
                self._recipes.clear()
                self._wanted.clear()
            else:
                self._recipes.pop(slug, None)
                self._wanted.pop(slug, None)

    def wait(self, timeout: float = 30.0) -> bool:
        """Whether every round asked for ended within ``timeout`` seconds (tests, a stop)."""
        end = time.monotonic() + timeout
        with self._lock:
            while self._wanted or self._running is not None:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(left)
        return True

    def _start(self) -> None:  # with the lock held
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name="podium-pages",
                                            daemon=True)
            self._thread.start()

    def _loop(self) -> None:
        while True:
            with self._lock:
                while not self._wanted:
                    self._lock.wait()
                slug, parts = self._wanted.popitem(last=False)
                self._running = slug
                recipes = dict(self._recipes.get(slug, {}))
            try:
                self._round(slug, [recipes[p][0] for p in parts if p in recipes])
            except Exception:  # a page's own error is the reader's to see: it builds it
                log.exception("rebuilding the pages of %r", slug)
                self.cache.drop_last(slug, parts)
                self.forget(slug)
                self._settle(slug, None)
            finally:
                with self._lock:
                    self._running = None
                    self._lock.notify_all()

    def _round(self, slug: str, rebuilds: list[Rebuild]) -> None:
        seq = self.cache.build_pages(slug, rebuilds)
        if seq is None:  # the event is gone: its pages' readers get the application's 404
            self.forget(slug)
            self._settle(slug, None)
            return
        event_id, last = seq
        with self._lock:
            self._done[event_id] = max(last, self._done.get(event_id, -1))
            hooks = list(self._hooks)
        self._settle(slug, last)
        for hook in hooks:
            try:
                hook(event_id, last)
            except Exception:
                log.exception("a hook of built pages")

    def _settle(self, slug: str, last: int | None) -> None:
        """Set the futures waiting for ``slug``'s pages at ``last`` or before (all of them when
        None: its round failed, and a reader will build the pages)."""
        with self._lock:
            ready = [(v, f) for s, v, f in self._waiting
                     if s == slug and (last is None or v <= last)]
            taken = {id(f) for _v, f in ready}
            self._waiting = [w for w in self._waiting if id(w[2]) not in taken]
        for version, future in ready:
            future.set_result(version if last is None else last)
