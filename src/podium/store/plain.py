"""The list of events read with the standard library's ``sqlite3``, for ``podium event list``.

Importing SQLAlchemy and its ORM costs a run of the command line several times what listing
the events does (0.35-0.5 s of CPU against 0.02 s, issue 24), and the listing is the first thing
people type. So a SQLite file already at the newest schema is read here with one plain query;
anything else (a database URL, a file that does not exist yet, a schema behind the migrations,
any error) answers ``None`` and the caller goes through :class:`podium.store.db.Database`, which
creates or migrates it and reads the same rows with the ORM
(:func:`podium.store.repository.list_events`; tests/test_cli_start.py checks both say the same).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from podium.store.location import DEFAULT_DB, ENV_VAR, head_revision

BUSY_TIMEOUT_S = 10  # as podium.store.db waits for a lock


def sqlite_file(db: str | None) -> Path | None:
    """The SQLite file ``db`` names (as ``--db`` / ``PODIUM_DB`` give it), if it is a plain
    path to an existing file."""
    value = db or os.environ.get(ENV_VAR) or DEFAULT_DB
    if "://" in value or value == ":memory:":
        return None
    path = Path(value).expanduser().resolve()
    return path if path.is_file() else None


def event_names(db: str | None) -> list[tuple[str, str, str]] | None:
    """Each event's id, format and name, oldest first (the order of
    :meth:`podium.store.repository.EventRepository.list`); ``None``: read it through the
    ORM instead."""
    path = sqlite_file(db)
    head = head_revision()
    if path is None or head is None:
        return None
    try:
        connection = sqlite3.connect(f"{path.as_uri()}?mode=rw", uri=True,
                                     timeout=BUSY_TIMEOUT_S)
    except sqlite3.Error:
        return None
    try:
        versions = connection.execute("SELECT version_num FROM alembic_version").fetchall()
        if versions != [(head,)]:
            return None
        rows = connection.execute(
            "SELECT slug, format, name FROM events ORDER BY created_at, id").fetchall()
    except sqlite3.Error:
        return None
    finally:
        connection.close()
    return [(str(slug), str(fmt), str(name)) for slug, fmt, name in rows]


__all__ = ["event_names", "sqlite_file"]
