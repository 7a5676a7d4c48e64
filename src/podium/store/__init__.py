"""Persistence: events and their append-only action logs in SQLite or PostgreSQL.

:class:`Database` owns the engine and runs the Alembic migrations; :class:`EventRepository`
reads and writes events and actions inside one :meth:`Database.session` transaction.

SQLAlchemy is imported when a :class:`Database` is made or a repository over its sessions
first queries, not with the package nor with those modules: the command line's quick reads
(:mod:`podium.store.plain`, :mod:`podium.store.location`) and its marathon writes over plain
sqlite3 (:mod:`podium.store.plain_store`) need none of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from podium.store.db import DEFAULT_DB, Database, resolve_url
    from podium.store.repository import EventRepository, EventSummary

_WHERE = {"DEFAULT_DB": "podium.store.location", "resolve_url": "podium.store.location",
          "Database": "podium.store.db", "EventRepository": "podium.store.repository",
          "EventSummary": "podium.store.repository"}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        from importlib import import_module

        return getattr(import_module(_WHERE[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["DEFAULT_DB", "Database", "EventRepository", "EventSummary", "resolve_url"]
