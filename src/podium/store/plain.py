"""The event store over the standard library's ``sqlite3``, for the command line.

Importing SQLAlchemy, its ORM and the models costs a run of the command line several times
what its work does: 0.23 s of CPU for one game added to a marathon (the whole run 0.65 s), and
0.35-0.5 s for ``podium event list`` (against 0.02 s for the listing). A SQLite file already at
the newest schema is therefore read and written here with plain SQL:

- :func:`event_names`: ``podium event list``, one query;
- :class:`~podium.store.plain_store.PlainDatabase` (made by :func:`plain_database`; in a
  module of its own, so that the listing imports none of it): the same transactions as
  :class:`~podium.store.db.Database` on SQLite (WAL, a 10 s busy timeout, foreign keys on,
  ``BEGIN IMMEDIATE`` for a write and a deferred ``BEGIN`` for a read, a lock timeout as
  :class:`~podium.store.db.Busy`), whose sessions make
  :class:`~podium.store.plain_store.PlainRepository`: every method of
  :class:`~podium.store.repository.EventRepository` in plain SQL over the same tables, storing
  the same values the same way (times as SQLAlchemy's naive-UTC text with microseconds,
  payloads as compact JSON keeping non-ASCII text). The service runs over it unchanged: the
  same unit of work, the same checks, one transaction. The command line uses it for the
  commands of a format that declares them plain
  (:attr:`podium.core.command_line.CommandLine.plain`: the marathon, whose commands touch
  the event's log and snapshots only).

Anything else (a database URL, a file that does not exist yet, a schema behind the migrations,
any error finding out) answers ``None`` and the caller goes through
:class:`~podium.store.db.Database`, which creates or migrates it. tests/store/test_plain.py
checks that both repositories read and write the same rows.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from podium.store.location import DEFAULT_DB, ENV_VAR, head_revision

if TYPE_CHECKING:
    from podium.store.plain_store import PlainDatabase

BUSY_TIMEOUT_S = 10  # as podium.store.db waits for a lock


def sqlite_file(db: str | None) -> Path | None:
    """The SQLite file ``db`` names (as ``--db`` / ``PODIUM_DB`` give it), if it is a plain
    path to an existing file."""
    value = db or os.environ.get(ENV_VAR) or DEFAULT_DB
    if "://" in value or value == ":memory:":
        return None
    path = Path(value).expanduser().resolve()
    return path if path.is_file() else None


def _at_head(connection: sqlite3.Connection) -> bool:
    """Whether the file's schema is the newest migration's (read without Alembic)."""
    head = head_revision()
    if head is None:
        return False
    versions = connection.execute("SELECT version_num FROM alembic_version").fetchall()
    return versions == [(head,)]


@contextmanager
def _newest(db: str | None) -> Iterator[tuple[Path, sqlite3.Connection] | None]:
    """The SQLite file ``db`` names and a connection to it, if it exists and its schema is the
    newest; ``None`` (any error finding out included): go through the ORM instead."""
    path = sqlite_file(db)
    if path is None:
        yield None
        return
    try:
        connection = sqlite3.connect(f"{path.as_uri()}?mode=rw", uri=True,
                                     timeout=BUSY_TIMEOUT_S)
    except sqlite3.Error:
        yield None
        return
    try:
        try:
            newest = _at_head(connection)
        except sqlite3.Error:
            newest = False
        yield (path, connection) if newest else None
    finally:
        connection.close()


def event_names(db: str | None) -> list[tuple[str, str, str]] | None:
    """Each event's id, format and name, oldest first (the order of
    :meth:`podium.store.repository.EventRepository.list`); ``None``: read it through the
    ORM instead."""
    with _newest(db) as found:
        if found is None:
            return None
        try:
            rows = found[1].execute(
                "SELECT slug, format, name FROM events ORDER BY created_at, id").fetchall()
        except sqlite3.Error:
            return None
    return [(str(slug), str(fmt), str(name)) for slug, fmt, name in rows]


def plain_database(db: str | None) -> PlainDatabase | None:
    """The SQLite file ``db`` names over plain sqlite3, if it exists and its schema is the
    newest; ``None``: open it with :class:`~podium.store.db.Database` instead."""
    with _newest(db) as found:
        if found is None:
            return None
    from podium.store.plain_store import PlainDatabase  # the store only when it is used

    return PlainDatabase(found[0])


__all__ = ["event_names", "plain_database", "sqlite_file"]
