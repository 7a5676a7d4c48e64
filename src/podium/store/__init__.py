"""Persistence: events and their append-only action logs in SQLite or PostgreSQL.

:class:`Database` owns the engine and runs the Alembic migrations; :class:`EventRepository`
reads and writes events and actions inside one :meth:`Database.session` transaction.
"""

from podium.store.db import DEFAULT_DB, Database, resolve_url
from podium.store.repository import EventRepository, EventSummary

__all__ = ["DEFAULT_DB", "Database", "EventRepository", "EventSummary", "resolve_url"]
