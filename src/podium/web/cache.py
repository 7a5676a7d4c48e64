"""Replayed events kept between requests, keyed by the log's length.

A public page is read far more often than the event changes. Each request asks the database
only for the event's last ``seq`` (one indexed query); the replayed event and anything rendered
from it are reused until the log grows. Writers from any process (the CLI too) just append, so
the next read sees a new ``seq`` and replays.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from sqlalchemy import func, select

from podium.core.errors import NotFound
from podium.service.events import EventService, LoadedEvent
from podium.store.models import ActionRow, EventRow

MAX_EVENTS = 32


class ViewCache:
    def __init__(self, events: EventService) -> None:
        self.events = events
        self._lock = threading.Lock()
        self._loaded: OrderedDict[str, tuple[int, LoadedEvent, dict[Any, Any]]] = OrderedDict()

    def version(self, slug: str) -> int:
        with self.events.db.session(readonly=True) as session:
            row = session.execute(
                select(EventRow.id, func.max(ActionRow.seq))
                .join(ActionRow, ActionRow.event_id == EventRow.id, isouter=True)
                .where(EventRow.slug == slug)
                .group_by(EventRow.id)
            ).first()
        if row is None:
            raise NotFound(f"no event {slug!r}")
        return int(row[1] or 0)

    def load(self, slug: str) -> tuple[int, LoadedEvent, dict[Any, Any]]:
        """The event at its current version, with a per-version memo dict for rendered parts."""
        seq = self.version(slug)
        with self._lock:
            hit = self._loaded.get(slug)
            if hit is not None and hit[0] == seq:
                self._loaded.move_to_end(slug)
                return hit
        loaded = self.events.load(slug)
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
