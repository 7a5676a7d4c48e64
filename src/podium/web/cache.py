"""Replayed events kept between requests, keyed by the log's length.

A public page is read far more often than the event changes. Each request asks the database
only for the event's last ``seq`` (one indexed query); the replayed event and anything rendered
from it are reused until the log grows. Writers from any process (the CLI too) just append, so
the next read sees a new ``seq`` and replays.
"""

from __future__ import annotations

import gc
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from sqlalchemy import bindparam, func, select

from podium.core.errors import NotFound
from podium.service.events import EventService, LoadedEvent
from podium.store.models import ActionRow, EventRow

MAX_EVENTS = 32


class ViewCache:
    """``freshness``: seconds a looked-up version is trusted before asking the database again
    (0: ask on every request). A public page may lag a write by that much, never more."""

    def __init__(self, events: EventService, freshness: float = 0.0,
                 freeze_gc: bool = False) -> None:
        self.events = events
        self.freshness = freshness
        self.freeze_gc = freeze_gc
        self._lock = threading.Lock()
        self._loaded: OrderedDict[str, tuple[int, LoadedEvent, dict[Any, Any]]] = OrderedDict()
        self._versions: dict[str, tuple[float, int]] = {}
        events_table, actions = EventRow.__table__, ActionRow.__table__
        event_id = select(events_table.c.id).where(events_table.c.slug == bindparam("slug"))
        self._query = select(
            event_id.scalar_subquery(),
            select(func.max(actions.c.seq))
            .where(actions.c.event_id == event_id.scalar_subquery())
            .scalar_subquery(),
        )

    def version(self, slug: str) -> int:
        """The event's last ``seq``: one indexed query on a plain connection."""
        now = time.monotonic()
        known = self._versions.get(slug)
        if known is not None and now - known[0] < self.freshness:
            return known[1]
        with self.events.db.session(readonly=True) as session:
            row = session.connection().execute(self._query, {"slug": slug}).first()
        if row is None or row[0] is None:
            raise NotFound(
                "no event %(slug)r",
                slug=slug)
        version = int(row[1] or 0)
        if self.freshness:
            self._versions[slug] = (now, version)
        return version

    def peek(self, slug: str, seq: int) -> dict[Any, Any] | None:
        """The memo of the event's replay at version ``seq`` if it is loaded, without loading."""
        with self._lock:
            hit = self._loaded.get(slug)
        return hit[2] if hit is not None and hit[0] == seq else None

    def load(self, slug: str) -> tuple[int, LoadedEvent, dict[Any, Any]]:
        """The event at its current version, with a per-version memo dict for rendered parts."""
        seq = self.version(slug)
        with self._lock:
            hit = self._loaded.get(slug)
            if hit is not None and hit[0] == seq:
                self._loaded.move_to_end(slug)
                return hit
        loaded = self.events.load(slug)
        if self.freeze_gc:
            # A replayed event is large and long-lived: keep the cycle collector from scanning
            # it on every full collection (a 1,000-player event made those take ~90 ms). Frozen
            # objects are still freed by reference counting when the next version replaces it.
            gc.collect()
            gc.freeze()
        entry = (loaded.state.last_seq, loaded, {})
        with self._lock:
            self._loaded[slug] = entry
            while len(self._loaded) > MAX_EVENTS:
                self._loaded.popitem(last=False)
        return entry

    def memo(self, slug: str, key: Any, build: Callable[[LoadedEvent], Any]) -> Any:
        """``build(loaded)`` computed once per event version and ``key``."""
        _seq, loaded, memo = self.load(slug)
        if key not in memo:
            memo[key] = build(loaded)
        return memo[key]
