"""The event store over plain sqlite3: :class:`PlainDatabase`, its sessions and
:class:`PlainRepository` (see :mod:`podium.store.plain`, which opens a file with it once it
knows the schema is the newest: a command line write without SQLAlchemy)."""

from __future__ import annotations

import builtins
import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from podium.core.log import Action
from podium.store import plain as opener
from podium.store.columns import (
    NAME_LENGTH,
)
from podium.store.db import Busy, Database, sqlite_refusal
from podium.store.repository import (
    APPEND_BATCH,
    EventRepository,
    EventSummary,
    StoredToken,
    _check_length,
    _stale,
    storable,
)

# how SQLAlchemy's DateTime stores a (naive UTC) time on SQLite, microseconds always written
_STORED_TIME = "%Y-%m-%d %H:%M:%S.%f"
_EVENT_COLUMNS = "id, slug, name, format, created_at, archived, starts_on, venue, status"


def stored_time(value: datetime) -> str:
    """A time as SQLAlchemy's ``UTCDateTime`` stores it on SQLite: naive UTC text."""
    if value.tzinfo is None:
        raise ValueError(f"time {value.isoformat()} must carry a zone")
    return value.astimezone(UTC).replace(tzinfo=None).strftime(_STORED_TIME)


def read_time(text: str) -> datetime:
    """A stored time read back, in UTC (as ``UTCDateTime`` reads it)."""
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def _json(value: Any) -> str:
    # as podium.store.db's serializer: non-ASCII text stays readable in the database
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _event(row: Sequence[Any]) -> EventSummary:
    event_id, slug, name, fmt, created_at, archived, starts_on, venue, status = row[:9]
    return EventSummary(id=event_id, slug=slug, name=name, format=fmt,
                        created_at=read_time(created_at), archived=bool(archived),
                        date=starts_on, venue=venue or "", status=status)


def _contention(error: sqlite3.Error) -> bool:
    text = str(error).lower()
    return "database is locked" in text or "database is busy" in text


class PlainSession:
    """One transaction on its own sqlite3 connection (what a session is to the repository)."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> sqlite3.Cursor:
        return self.connection.execute(sql, parameters)

    @contextmanager
    def savepoint(self) -> Iterator[None]:
        """A nested transaction: rolled back alone on an error (``begin_nested``)."""
        self.connection.execute("SAVEPOINT podium")
        try:
            yield
        except BaseException:
            self.connection.execute("ROLLBACK TO SAVEPOINT podium")
            self.connection.execute("RELEASE SAVEPOINT podium")
            raise
        self.connection.execute("RELEASE SAVEPOINT podium")


def connect(path: str | Path) -> sqlite3.Connection:
    """A connection to a SQLite file as :mod:`podium.store.db` configures its own: WAL, the
    busy timeout, foreign keys, transactions begun by the caller (``BEGIN IMMEDIATE`` for a
    write). Usable from any thread: a server's store keeps one a thread (the caller's lock)."""
    timeout = opener.BUSY_TIMEOUT_S
    connection = sqlite3.connect(str(path), timeout=timeout, isolation_level=None,
                                 check_same_thread=False)
    connection.execute(f"PRAGMA busy_timeout={int(timeout * 1000)}")
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA foreign_keys=ON")
    return connection


@contextmanager
def plain_transaction(connection: sqlite3.Connection, *, readonly: bool = False,
                      on_failure: Callable[[], None] | None = None) -> Iterator[PlainSession]:
    """One transaction on ``connection``: committed when the block ends, rolled back on any
    exception; a read (``readonly``) never waits for a writer. A lock timeout becomes
    :class:`Busy`, a full disk or an I/O error the store's refusal (nothing stored), after
    ``on_failure`` is called (the caller's connection may be unusable)."""
    try:
        connection.execute("BEGIN DEFERRED" if readonly else "BEGIN IMMEDIATE")
        try:
            yield PlainSession(connection)
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")
    except sqlite3.OperationalError as error:
        if connection.in_transaction:
            with suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
        if _contention(error):
            raise Busy() from None
        if on_failure is not None:
            on_failure()
        refusal = sqlite_refusal(error)  # a full disk, an I/O error: nothing stored
        if refusal is None:
            raise
        raise refusal from None


class PlainDatabase(Database):
    """A SQLite file at the newest schema, over plain sqlite3: its sessions' repositories are
    :class:`PlainRepository` (:meth:`EventRepository.__new__` picks it). Made by
    :func:`plain_database`, which has checked the schema: it never migrates."""

    def __init__(self, path: Path) -> None:  # no engine: nothing of SQLAlchemy
        self.path = path
        self.is_sqlite = True
        self.is_memory = False

    @property
    def url(self) -> Any:  # type: ignore[override]
        """The file's SQLAlchemy URL (SQLAlchemy imported only if it is asked for)."""
        from sqlalchemy.engine import make_url

        return make_url(f"sqlite:///{self.path}")

    def __repr__(self) -> str:
        return f"PlainDatabase({str(self.path)!r})"

    def upgrade(self, revision: str = "head") -> None:
        """Nothing: :func:`plain_database` opens a file already at the newest schema only."""

    @contextmanager
    def session(self, *, readonly: bool = False) -> Iterator[Any]:
        """One transaction on a connection of its own (:func:`plain_transaction`): a command
        line runs one or two."""
        try:
            connection = connect(self.path)
        except sqlite3.OperationalError as error:
            if _contention(error):
                raise Busy() from None
            refusal = sqlite_refusal(error)
            if refusal is None:
                raise
            raise refusal from None
        try:
            with plain_transaction(connection, readonly=readonly) as session:
                yield session
        finally:
            connection.close()

    store_session = session

    def dispose(self) -> None:
        """Nothing kept open: each session closes its connection."""


class PlainRepository(EventRepository):
    """:class:`EventRepository` in plain SQL on a :class:`PlainSession`: the same reads, the
    same checks and refusals, the same rows written (SQLite has no advisory lock and no
    ``NOTIFY``: a write transaction is already the only one, and ``announce`` does nothing
    there)."""

    def __init__(self, session: PlainSession) -> None:  # type: ignore[override]
        self.plain = session

    # -- events ------------------------------------------------------------------------------

    def create(self, slug: str, name: str, format: str, created_at: datetime) -> EventSummary:
        taken = self._may_create(slug, name, format, created_at)
        try:
            with self.plain.savepoint():
                cursor = self.plain.execute(
                    "INSERT INTO events (slug, name, format, created_at, archived, venue) "
                    "VALUES (?, ?, ?, ?, 0, '')", (slug, name, format, stored_time(created_at)))
        except sqlite3.IntegrityError:
            raise taken from None
        assert cursor.lastrowid is not None
        return EventSummary(id=cursor.lastrowid, slug=slug, name=name, format=format,
                            created_at=created_at.astimezone(UTC))

    def find(self, slug: str) -> EventSummary | None:
        if not storable(slug):
            return None
        row = self.plain.execute(f"SELECT {_EVENT_COLUMNS} FROM events WHERE slug = ?",
                                 (slug,)).fetchone()
        return None if row is None else _event(row)

    def list(self) -> builtins.list[EventSummary]:
        rows = self.plain.execute(f"SELECT {_EVENT_COLUMNS} FROM events "
                                  "ORDER BY created_at, id").fetchall()
        return [_event(row) for row in rows]

    def role_of(self, username: str, slug: str) -> str | None:
        row = self.plain.execute(
            "SELECT r.role FROM event_roles r JOIN events e ON e.id = r.event_id "
            "JOIN users u ON u.id = r.user_id WHERE e.slug = ? AND u.username = ?",
            (slug, username.strip().lower())).fetchone()
        return None if row is None else str(row[0])

    def find_with_role(self, slug: str, username: str
                       ) -> tuple[EventSummary, str | None] | None:
        if not storable(slug):
            return None
        row = self.plain.execute(
            f"SELECT {_EVENT_COLUMNS}, (SELECT r.role FROM event_roles r "
            "JOIN users u ON u.id = r.user_id WHERE r.event_id = events.id "
            "AND u.username = ?) FROM events WHERE slug = ?",
            (username.strip().lower(), slug)).fetchone()
        return None if row is None else (_event(row), row[9])

    def find_with_last(self, slug: str) -> tuple[EventSummary, int] | None:
        if not storable(slug):
            return None
        row = self.plain.execute(
            f"SELECT {_EVENT_COLUMNS}, (SELECT max(seq) FROM actions "
            "WHERE event_id = events.id) FROM events WHERE slug = ?", (slug,)).fetchone()
        return None if row is None else (_event(row), int(row[9] or 0))

    def api_token(self, token_hash: str) -> StoredToken | None:
        row = self.plain.execute(
            "SELECT t.id, t.user_id, u.username, t.expires_at, t.revoked_at FROM api_tokens t "
            "JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?", (token_hash,)).fetchone()
        if row is None:
            return None
        token_id, user_id, username, expires_at, revoked_at = row
        return StoredToken(token_id, user_id, username, read_time(expires_at),
                           None if revoked_at is None else read_time(revoked_at))

    def mirror(self, event_id: int, name: str, archived: bool, date: str | None, venue: str,
               status: str | None) -> None:
        _check_length("name", name, NAME_LENGTH)
        self.plain.execute(
            "UPDATE events SET name = ?, archived = ?, starts_on = ?, venue = ?, status = ? "
            "WHERE id = ?", (name, int(archived), date, venue[:NAME_LENGTH], status, event_id))

    def delete(self, event_id: int) -> None:
        for table in ("self_reports", "player_codes", "event_roles", "snapshots", "actions"):
            self.plain.execute(f"DELETE FROM {table} WHERE event_id = ?", (event_id,))
        self.plain.execute("DELETE FROM events WHERE id = ?", (event_id,))

    # -- the action log ----------------------------------------------------------------------

    locks = False  # type: ignore[assignment]

    def lock(self, event_id: int) -> None:
        """Nothing: the write transaction (``BEGIN IMMEDIATE``) is already the only one."""

    def actions(self, event_id: int, after: int = 0, until: int | None = None
                ) -> builtins.list[Action]:
        rows = self.plain.execute(
            "SELECT seq, kind, actor, at, reason, payload FROM actions "
            "WHERE event_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
            (event_id, after, 2**62 if until is None else until)).fetchall()
        payloads = json.loads("[" + ",".join(row[5] for row in rows) + "]")
        return [
            Action(seq=seq, kind=kind, actor=actor, at=read_time(at), reason=reason,
                   payload=payload)
            for (seq, kind, actor, at, reason, _), payload in zip(rows, payloads, strict=True)
        ]

    def action_stamp(self, event_id: int, seq: int) -> tuple[str, datetime] | None:
        row = self.plain.execute("SELECT kind, at FROM actions WHERE event_id = ? AND seq = ?",
                                 (event_id, seq)).fetchone()
        return None if row is None else (row[0], read_time(row[1]))

    # -- snapshots ---------------------------------------------------------------------------

    def latest_snapshot(self, event_id: int, code_version: str
                        ) -> tuple[int, str, datetime, bytes] | None:
        """The newest snapshot for this code version, its state read through SQLite's
        incremental blob I/O: copied once, straight into the bytes, where a selected column is
        assembled from its overflow pages first and then copied (39 MB of a million-game
        marathon: 0.03 s of CPU against 0.05 s)."""
        row = self.plain.execute(
            "SELECT id, seq, last_kind, last_at FROM snapshots WHERE event_id = ? "
            "AND code_version = ? ORDER BY seq DESC LIMIT 1", (event_id, code_version)
        ).fetchone()
        if row is None:
            return None
        with self.plain.connection.blobopen("snapshots", "data", row[0],
                                            readonly=True) as blob:
            data = blob.read()
        return row[1], row[2], read_time(row[3]), data

    def save_snapshot(self, event_id: int, seq: int, code_version: str, last_kind: str,
                      last_at: datetime, data: bytes | memoryview, now: datetime) -> None:
        self.plain.execute("DELETE FROM snapshots WHERE event_id = ?", (event_id,))
        self.plain.execute(
            "INSERT INTO snapshots (event_id, seq, code_version, last_kind, last_at, "
            "created_at, data) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (event_id, seq, code_version, last_kind, stored_time(last_at), stored_time(now),
             data))

    def find_many(self, slugs: Sequence[str]) -> dict[str, tuple[EventSummary, int]]:
        wanted = builtins.list(slugs)
        if not wanted:
            return {}
        marks = ", ".join("?" * len(wanted))
        rows = self.plain.execute(f"SELECT {_EVENT_COLUMNS} FROM events WHERE slug IN ({marks})",
                                  wanted).fetchall()
        found = {row[0]: _event(row) for row in rows}
        if not found:
            return {}
        marks = ", ".join("?" * len(found))
        lasts = dict(self.plain.execute(
            f"SELECT event_id, max(seq) FROM actions WHERE event_id IN ({marks}) "
            "GROUP BY event_id", builtins.list(found)).fetchall())
        return {summary.slug: (summary, int(lasts.get(event_id) or 0))
                for event_id, summary in found.items()}

    def last_seq(self, event_id: int) -> int:
        row = self.plain.execute("SELECT max(seq) FROM actions WHERE event_id = ?",
                                 (event_id,)).fetchone()
        return int(row[0] or 0)

    def _has_event(self, event_id: int) -> bool:
        return self.plain.execute("SELECT 1 FROM events WHERE id = ?",
                                  (event_id,)).fetchone() is not None

    def append(self, event_id: int, actions: Sequence[Action], *,
               last: int | None = None) -> None:
        """As :meth:`EventRepository.append`: the actions' ``seq`` must continue the stored
        log exactly, else :class:`~podium.store.repository.StaleLog` and none is stored;
        ``last`` given (a unit of work, the caller ends the transaction on any error): no
        second read and no savepoint."""
        if not actions:
            return
        trusted = last is not None
        last = self._continued(event_id, actions, last)
        rows = []
        for action in actions:
            rows.append((event_id, action.seq, action.kind, action.actor,
                         stored_time(action.at), action.reason, _json(action.payload)))
        sql = ("INSERT INTO actions (event_id, seq, kind, actor, at, reason, payload) "
               "VALUES (?, ?, ?, ?, ?, ?, ?)")
        try:
            if trusted:
                for start in range(0, len(rows), APPEND_BATCH):
                    self.plain.connection.executemany(sql, rows[start:start + APPEND_BATCH])
            else:
                with self.plain.savepoint():
                    for start in range(0, len(rows), APPEND_BATCH):
                        self.plain.connection.executemany(sql,
                                                          rows[start:start + APPEND_BATCH])
        except sqlite3.IntegrityError:
            raise _stale(last, actions[0].seq) from None


__all__ = ["PlainDatabase", "PlainRepository", "PlainSession", "connect", "plain_transaction",
           "read_time", "stored_time"]
