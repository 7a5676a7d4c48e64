"""The database: URL resolution, engine set-up, migrations and transactional sessions.

One :class:`Database` per process (CLI command or server). Several processes may share one
SQLite file: it runs in WAL mode, waits up to 10 s for a lock instead of failing, and every
write transaction starts with ``BEGIN IMMEDIATE`` so that two writers queue up rather than
deadlock on a read-then-write upgrade. The same code runs unchanged on PostgreSQL.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from podium.core import codes
from podium.core.errors import Conflict
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
        if migrate:
            self.upgrade()

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
        A lock timeout or deadlock becomes :class:`Busy` (the transaction was rolled back).
        """
        from sqlalchemy.exc import DBAPIError
        from sqlalchemy.orm import Session

        bind = self._read_engine if readonly else self.engine
        try:
            with Session(bind=bind, expire_on_commit=False) as session, session.begin():
                yield session
        except DBAPIError as error:
            if is_contention(error):
                raise Busy() from None
            raise

    def dispose(self) -> None:
        """Close every pooled connection (call once the process is done with the database)."""
        self.engine.dispose()


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
