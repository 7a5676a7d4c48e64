"""The database: URL resolution, engine set-up, migrations and transactional sessions.

One :class:`Database` per process (CLI command or server). Several processes may share one
SQLite file: it runs in WAL mode, waits up to 10 s for a lock instead of failing, and every
write transaction starts with ``BEGIN IMMEDIATE`` so that two writers queue up rather than
deadlock on a read-then-write upgrade. The same code runs unchanged on PostgreSQL.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from podium.core import codes
from podium.core.errors import Conflict, StoreFull, Unavailable
from podium.core.views import N_
from podium.store.location import DEFAULT_DB as DEFAULT_DB  # re-exported: where they were
from podium.store.location import ENV_VAR as ENV_VAR
from podium.store.location import MIGRATIONS_DIR, head_revision, resolve_url

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy import Engine
    from sqlalchemy.engine import URL, Connection
    from sqlalchemy.exc import DBAPIError
    from sqlalchemy.orm import Session

# SQLAlchemy is imported when a Database is made, not with this module: the service imports
# this module for Busy and the type, and a command line write over plain sqlite3
# (podium.store.plain_store.PlainDatabase) never needs SQLAlchemy.

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 10_000

# Connection execution option read by the SQLite "begin" hook.
_BEGIN_OPTION = "podium_sqlite_begin"
# PostgreSQL errors that mean "another transaction was in the way", never "your change is
# wrong": serialization failure, deadlock, lock not available.
_PG_CONTENTION = {"40001", "40P01", "55P03"}


class Busy(Conflict):
    """The database stayed locked by other writers (or chose this transaction as a deadlock's
    victim): nothing was stored, and running the same change again is safe. The service retries
    it (:meth:`podium.service.events.EventService.execute`); this reaches a user only when the
    database stayed busy through every attempt."""

    def __init__(self) -> None:
        super().__init__(N_("the database is busy with other changes; nothing was stored, "
                            "please send the same change again"), code=codes.STORE_BUSY)


class CommitUnknown(Unavailable):
    """The connection to the database was lost while it committed: the transaction may have
    been stored or not, and nobody could ask the database afterwards. Raised by
    :meth:`Database.session` on PostgreSQL when the COMMIT itself failed that way; the service
    then asks the database whether its actions were stored (:meth:`podium.service.events.
    EventService.unit`) and answers what it finds, so this reaches a user only when that could
    not be learnt (or for a write that stores no action). Never retried: running the change
    again could store it twice."""

    def __init__(self) -> None:
        super().__init__(N_("the connection to the database was lost while the change was "
                            "being saved, and whether it was stored is not known: look at "
                            "the event before sending it again"), code=codes.STORE_UNKNOWN)


def unavailable() -> Unavailable:
    """The refusal of a database that cannot be reached or lost the connection."""
    return Unavailable(N_("the database is not answering now; nothing was stored: try again "
                          "in a moment"), code=codes.STORE_UNAVAILABLE)


def full() -> StoreFull:
    """The refusal of a database whose disk (or size limit) is full."""
    return StoreFull(N_("the database is full (no space is left on its disk); nothing was "
                        "stored: free some space, then send the same change again"),
                     code=codes.STORE_FULL)


# SQLite's primary result codes that mean "the file cannot take it now", not "the statement is
# wrong": SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN.
_SQLITE_IOERR, _SQLITE_FULL, _SQLITE_CANTOPEN = 10, 13, 14
# PostgreSQL's SQLSTATE classes of a server or connection that cannot serve now: connection
# exception, insufficient resources (53100 is a full disk), operator intervention (a
# terminated backend, a server shutting down or starting), system error (I/O).
_PG_UNAVAILABLE = ("08", "53", "57", "58")
_PG_DISK_FULL = "53100"


def sqlite_refusal(error: BaseException) -> Unavailable | None:
    """The refusal a sqlite3 error means, if it is the file's fault (full, I/O, cannot be
    opened) rather than the statement's; ``None`` otherwise."""
    code = getattr(error, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(error).lower()
    if primary == _SQLITE_FULL or "database or disk is full" in text:
        return full()
    if primary in (_SQLITE_IOERR, _SQLITE_CANTOPEN) or "disk i/o error" in text:
        return unavailable()
    return None


def store_refusal(error: DBAPIError) -> Unavailable | None:
    """The refusal a database error means when the database, not the statement, failed: the
    connection lost or refused (a restarted PostgreSQL, a terminated backend), the server
    shutting down, a full disk; ``None`` for any other error (a fault of podium's, left to
    surface as one)."""
    orig = error.orig
    state = getattr(orig, "sqlstate", None)
    if state == _PG_DISK_FULL:
        return full()
    import sqlite3

    if isinstance(orig, sqlite3.Error):
        return sqlite_refusal(orig)
    if error.connection_invalidated or (state and state[:2] in _PG_UNAVAILABLE):
        return unavailable()
    # psycopg raises OperationalError with no SQLSTATE when it cannot connect or the
    # connection broke; InterfaceError when the connection was already closed
    names = {cls.__name__ for cls in type(orig).__mro__}
    if state is None and names & {"OperationalError", "InterfaceError"}:
        return unavailable()
    return None


def is_contention(error: DBAPIError) -> bool:
    """Whether ``error`` is a lock timeout or a deadlock (the transaction is rolled back and
    nothing it did is stored) rather than a fault of the statement."""
    orig = error.orig
    if getattr(orig, "sqlstate", None) in _PG_CONTENTION:
        return True
    text = str(orig).lower()
    return "database is locked" in text or "database is busy" in text


def _dumps(value: Any) -> str:
    # Non-ASCII text (player names, reasons) stays readable in the database.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def alembic_config(url: str | URL) -> Config:
    """An Alembic configuration built in code, pointing at the migrations inside the package."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    rendered = url if isinstance(url, str) else url.render_as_string(hide_password=False)
    # ConfigParser interpolation: a literal % (URL-escaped characters) must be doubled.
    config.set_main_option("sqlalchemy.url", rendered.replace("%", "%%"))
    return config


class Database:
    """An engine on one database, migrated to the latest schema unless ``migrate=False``.

    ``url`` is a SQLAlchemy URL; a plain path is accepted too (see :func:`resolve_url`).
    """

    def __init__(self, url: str, *, migrate: bool = True) -> None:
        from sqlalchemy import create_engine
        from sqlalchemy.engine import make_url
        from sqlalchemy.pool import StaticPool

        self.url: URL = make_url(url if "://" in url else resolve_url(url))
        self.is_sqlite = self.url.get_backend_name() == "sqlite"
        options: dict[str, Any] = {"json_serializer": _dumps}
        #: One SQLite database in this process's memory, on one shared connection.
        self.is_memory = self.is_sqlite and self.url.database in (None, "", ":memory:")
        if self.is_sqlite:
            if self.is_memory:
                # One shared connection, or every checkout would see a fresh empty database.
                options["poolclass"] = StaticPool
                options["connect_args"] = {"check_same_thread": False}
        else:
            options["pool_pre_ping"] = True
        self.engine: Engine = create_engine(self.url, **options)
        if self.is_sqlite:
            _configure_sqlite(self.engine)
        # Read-only sessions on SQLite start with a plain (deferred) BEGIN so they never wait
        # for the write lock; elsewhere the option is ignored.
        self._read_engine: Engine = self.engine.execution_options(**{_BEGIN_OPTION: "DEFERRED"})
        #: The event store's own transactions (:meth:`store_session`) over plain sqlite3: on a
        #: SQLite file brought to the newest schema here (a file's connections see each
        #: other's commits as another process's would; an in-memory database is one
        #: connection, SQLAlchemy's).
        self.plain_store = self.is_sqlite and not self.is_memory and migrate
        self._kept = threading.local()  # this thread's idle plain sqlite3 connections
        self._idle_kept: set[Any] = set()  # every thread's, which dispose() closes
        self._kept_generation = 0  # dispose() counts: a connection busy then is closed after
        self._kept_lock = threading.Lock()
        if migrate:
            from sqlalchemy.exc import DBAPIError

            try:
                self.upgrade()
            except DBAPIError as error:  # a database that is not answering: said, not a trace
                refusal = store_refusal(error)
                if refusal is None:
                    raise
                self.engine.dispose()
                raise refusal from None

    def __repr__(self) -> str:
        return f"Database({self.url.render_as_string(hide_password=True)!r})"

    def upgrade(self, revision: str = "head") -> None:
        """Apply the Alembic migrations up to ``revision`` (a no-op when already there).

        A database already at the newest revision is recognised by a read, so the many short
        processes that open one database at once (CLI commands, server workers) do not queue
        for SQLite's write lock just to learn that there is nothing to do.
        """
        if revision == "head" and head_revision() is not None \
                and self._stored_revision() == head_revision():
            return  # without importing Alembic
        from alembic import command

        config = alembic_config(self.url)
        if revision == "head":
            from alembic.script import ScriptDirectory

            if self.current_revision() == ScriptDirectory.from_config(config).get_current_head():
                return
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)

    def _stored_revision(self) -> str | None:
        """The revision in ``alembic_version`` by a plain query (``None``: no such table, or
        not exactly one row; then Alembic decides)."""
        from sqlalchemy import text
        from sqlalchemy.exc import DBAPIError

        try:
            with self._read_engine.connect() as connection:
                rows = connection.execute(text("SELECT version_num FROM alembic_version")).all()
        except DBAPIError:
            return None
        return str(rows[0][0]) if len(rows) == 1 else None

    def current_revision(self) -> str | None:
        """The Alembic revision the database is at (``None`` before the first migration)."""
        from alembic.runtime.migration import MigrationContext

        with self._read_engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()

    @contextmanager
    def session(self, *, readonly: bool = False) -> Iterator[Session]:
        """One transaction: committed when the block ends, rolled back on any exception.

        ``readonly=True`` is a hint for SQLite: the transaction does not take the write lock
        up front, so it never waits for a writer (but must not write).
        A lock timeout or deadlock becomes :class:`Busy` (the transaction was rolled back);
        a database that cannot serve (unreachable, the connection lost, a full disk)
        :class:`~podium.core.errors.Unavailable` (rolled back too); the connection lost during
        the COMMIT itself, on PostgreSQL, :class:`CommitUnknown` (stored or not: not known).
        The pool drops a lost connection, and ``pool_pre_ping`` tests each one before use, so
        the next session connects afresh once the database answers again.
        """
        from sqlalchemy.exc import DBAPIError
        from sqlalchemy.orm import Session

        bind = self._read_engine if readonly else self.engine
        committing = False
        try:
            with Session(bind=bind, expire_on_commit=False) as session, session.begin():
                yield session
                session.flush()  # a failed statement here is known to be rolled back
                committing = True  # the COMMIT is sent as the block ends
        except DBAPIError as error:
            if is_contention(error):
                raise Busy() from None
            refusal = store_refusal(error)
            if refusal is None:
                raise
            log.warning("the database failed%s: %s", " while committing" if committing else "",
                        error.orig)
            if committing and not readonly and not self.is_sqlite:
                # SQLite commits in this process: a failed COMMIT stored nothing. A server
                # may have committed before the connection broke: not known here.
                raise CommitUnknown() from None
            raise refusal from None

    @contextmanager
    def store_session(self, *, readonly: bool = False) -> Iterator[Any]:
        """One transaction for the event store's own reads and writes (an event's row, its
        log and snapshots, an account's role and token), as :meth:`session` makes them.

        On a SQLite file it is plain sqlite3 on a connection this thread keeps
        (:class:`podium.store.plain_store.PlainSession`, whose repository is
        :class:`~podium.store.plain_store.PlainRepository`): the same statements and
        transactions without SQLAlchemy's sessions, which were two thirds of a warm write's
        CPU (``bench/write_cost.py``: 2.2 ms a Commander result, 0.7 ms without them).
        Elsewhere (PostgreSQL, an in-memory SQLite) it is :meth:`session`."""
        if not self.plain_store:
            with self.session(readonly=readonly) as session:
                yield session
            return
        from podium.store.plain_store import connect, plain_transaction

        # this thread's idle connections: a store session opened inside another (a unit of
        # work that reads a second event) takes a second one, as a pool would
        free: list[Any] | None = getattr(self._kept, "free", None)
        if free is None:
            free = self._kept.free = []
        connection = None
        with self._kept_lock:
            generation = self._kept_generation
            while free and connection is None:
                taken = free.pop()
                if taken in self._idle_kept:  # else dispose() closed it
                    self._idle_kept.remove(taken)
                    connection = taken
        if connection is None:
            assert self.url.database is not None
            connection = connect(self.url.database)
        broken = False

        def drop() -> None:
            nonlocal broken
            broken = True

        try:
            with plain_transaction(connection, readonly=readonly, on_failure=drop) as plain:
                yield plain
        finally:
            # a failed database (not a statement) gets a new connection next time; one busy
            # when the database was disposed is closed now, never under its transaction
            with self._kept_lock:
                keep = not broken and generation == self._kept_generation
                if keep:
                    free.append(connection)
                    self._idle_kept.add(connection)
            if not keep:
                connection.close()

    def dispose(self) -> None:
        """Close every pooled connection (call once the process is done with the database).
        A plain connection in a transaction on another thread is closed when it ends."""
        self.engine.dispose()
        with self._kept_lock:
            idle, self._idle_kept = self._idle_kept, set()
            self._kept_generation += 1
        for connection in idle:
            connection.close()


def insert_if_absent(session: Session, table: Any, rows: list[dict[str, Any]]) -> None:
    """Insert ``rows`` into ``table`` (a mapped class or a Table), skipping every row that
    would break one of its unique constraints (``INSERT ... ON CONFLICT DO NOTHING``).

    Why: rows created on first use (a player's code) are created by whichever request comes
    first; two requests at once must not both insert and one fail on a duplicate key. On
    PostgreSQL the second insert waits for the first transaction, then skips; read the rows
    back afterwards to learn which ones stand."""
    if not rows:
        return
    dialect = session.get_bind().dialect.name
    if dialect == "postgresql":  # imported here: a SQLite run never needs it
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        session.execute(pg_insert(table).values(rows).on_conflict_do_nothing())
    else:
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        session.execute(sqlite_insert(table).values(rows).on_conflict_do_nothing())


def _configure_sqlite(engine: Engine) -> None:
    """WAL, a busy timeout, foreign keys, and SQLAlchemy-controlled BEGIN on every connection.

    pysqlite's own transaction handling (before Python 3.12) defers BEGIN until the first
    write and never wraps DDL or SAVEPOINT; taking it over makes transactions, savepoints and
    migrations behave as on PostgreSQL.
    """
    from sqlalchemy import event

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        mode = connection.get_execution_options().get(_BEGIN_OPTION, "IMMEDIATE")
        connection.exec_driver_sql(f"BEGIN {mode}")
