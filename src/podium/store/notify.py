"""Which event changed, shared through PostgreSQL: ``NOTIFY`` on commit, one ``LISTEN`` per process.

Several ``podium serve`` processes over one database (docs/deploy.md) each keep the events'
versions and rendered pages (:class:`podium.web.cache.ViewCache`). Without a signal, a process
trusts a version it read for ``freshness`` seconds (0.25) and only then asks the database
again: a write through another server reached its live pages up to that late. With it:

- every append to an event's log (:meth:`podium.store.repository.EventRepository.append`,
  which every command's unit of work, an import and an event's creation go through) sends
  ``NOTIFY podium_event, '<event id>:<last seq>'`` inside its transaction, and the deletion of
  an event ``'<event id>:0'``. PostgreSQL delivers a notification only when the transaction
  commits (a refused or rolled-back write announces nothing) and, to each listener, in commit
  order;
- each server process runs one :class:`Listener`: a connection of its own in autocommit,
  ``LISTEN`` on the channel, in a background thread started and stopped with the application
  (its lifespan). A notification marks that event's trusted version stale at once, so the
  next request for its pages asks the database and is built from the new version;
- if the listener's connection drops (a database restart, ``pg_terminate_backend``, the
  network), it connects again with a growing pause (0.2 s doubling to 10 s). Whatever was
  announced meanwhile is lost, so on every (re)connection, once it listens again, it marks
  every trusted version stale; while it is away the pages fall back to the re-read after
  ``freshness`` seconds, which stays on anyway as a safety net.

Why the channel carries the schema: notifications are per database, not per schema, and
several podium databases may live in one PostgreSQL database under different schemas (a
hosted service; the tests). The channel is ``podium_event`` on the ``public`` schema and
``podium_event_<12 hex digits of md5(schema)>`` on any other, computed by PostgreSQL on both
sides from the session's ``current_schema()``, so a process hears the writes of its own
database only.

SQLite has no such signal: :func:`announce` does nothing there and no listener runs (a
laptop's one server sees its own writes at once, the CLI's within ``freshness``).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy import text
from sqlalchemy.orm import Session

if TYPE_CHECKING:
    from podium.store.db import Database

log = logging.getLogger(__name__)

CHANNEL = "podium_event"
# the channel of the session's schema (see the module's docstring), the same SQL both sides
_CHANNEL_SQL = (
    "'podium_event' || CASE WHEN coalesce(current_schema(), 'public') = 'public' THEN '' "
    "ELSE '_' || left(md5(current_schema()), 12) END"
)
_NOTIFY = text(f"SELECT pg_notify({_CHANNEL_SQL}, :payload)")

APPLICATION = "podium listen"  # the listener's application_name, then followed by its channel
WAKE = 0.5  # seconds between looks at the stop flag while waiting for notifications
CHECK = 30.0  # seconds of silence after which the connection is checked with a query
FIRST_PAUSE = 0.2  # seconds before the first reconnection; doubles up to MAX_PAUSE
MAX_PAUSE = 10.0


def announce(session: Session, event_id: int, seq: int) -> None:
    """Tell every process over this PostgreSQL database, once ``session``'s transaction
    commits, that event ``event_id`` is at ``seq`` now (0: deleted). Nothing on SQLite."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(_NOTIFY, {"payload": f"{event_id}:{seq}"})


def channel_sql() -> str:
    """The SQL expression of the channel of the session's schema (for a ``SELECT``)."""
    return _CHANNEL_SQL


def parse(payload: str) -> tuple[int, int] | None:
    """``(event id, seq)`` from a notification's payload; None if it is not one of ours."""
    head, _, tail = payload.partition(":")
    try:
        return int(head), int(tail)
    except ValueError:
        return None


class Listener:
    """One ``LISTEN`` connection of this process, in a daemon thread (:meth:`start`,
    :meth:`stop`). ``changed(event_id, seq)`` runs for each notification, ``reset()`` each
    time the connection is (re)established and listening (notifications sent while away are
    lost: forget what they would have invalidated). Both run in the listener's thread and
    must be quick and thread-safe.

    ``status()`` says whether it is connected and counts what it received, for the health
    endpoint (``/health``, :mod:`podium.web.health`) and the tests."""

    def __init__(self, db: Database, changed: Callable[[int, int], None],
                 reset: Callable[[], None]) -> None:
        self.db = db
        self.changed = changed
        self.reset = reset
        self.connected = False
        self.received = 0  # notifications of this database's events
        self.connections = 0  # successful (re)connections
        self.failures = 0  # connections lost or refused
        self.last_error = ""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def status(self) -> dict[str, Any]:
        """What it did so far (never the error's text: it may name hosts; the log has it)."""
        return {"connected": self.connected, "received": self.received,
                "connections": self.connections, "failures": self.failures}

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="podium-listen", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop listening and close the connection (returns within ``timeout`` seconds)."""
        self._stop.set()
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.join(timeout)

    def _connect(self) -> Any:
        """A psycopg 3 connection in autocommit with the engine's own connection parameters
        (host, user, database, ``options`` such as the ``search_path``), and TCP keepalives
        so that a vanished peer is noticed within about a minute."""
        import psycopg

        _args, params = self.db.engine.dialect.create_connect_args(self.db.engine.url)
        params = {k: v for k, v in params.items() if isinstance(v, str | int)}
        params.setdefault("connect_timeout", 10)
        params.setdefault("keepalives", 1)
        params.setdefault("keepalives_idle", 30)
        params.setdefault("keepalives_interval", 10)
        params.setdefault("keepalives_count", 3)
        params.setdefault("application_name", APPLICATION)
        return psycopg.connect(autocommit=True, **params)

    def _run(self) -> None:
        pause = FIRST_PAUSE
        while not self._stop.is_set():
            try:
                with self._connect() as connection:
                    self._listen(connection)
                    pause = FIRST_PAUSE
                    self._wait(connection)
            except Exception as error:
                self.failures += 1
                self.last_error = f"{type(error).__name__}: {error}".strip()[:300]
                if not self._stop.is_set():
                    log.warning("podium listen: connection lost (%s); again in %.1f s, the "
                                "pages re-read versions every 0.25 s meanwhile",
                                self.last_error, pause)
            finally:
                self.connected = False
            if self._stop.wait(pause):
                break
            pause = min(pause * 2, MAX_PAUSE)

    def _listen(self, connection: Any) -> None:
        from psycopg import sql

        row = connection.execute(f"SELECT {_CHANNEL_SQL}").fetchone()
        channel = str(row[0])
        # seen in pg_stat_activity: which process listens for which database (the tests end
        # the connection by it)
        connection.execute("SELECT set_config('application_name', %s, false)",
                           (f"{APPLICATION} {channel}",))
        connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
        self.connected = True
        self.connections += 1
        # listening from now on: what was announced before may have been missed
        self.reset()
        log.info("podium listen: on channel %s (connection %d)", channel, self.connections)

    def _wait(self, connection: Any) -> None:
        quiet_since = time.monotonic()
        while not self._stop.is_set():
            for notification in connection.notifies(timeout=WAKE):
                quiet_since = time.monotonic()
                found = parse(notification.payload)
                if found is not None:
                    self.received += 1
                    self.changed(*found)
            if time.monotonic() - quiet_since >= CHECK:
                connection.execute("SELECT 1")  # raises if the connection is gone
                quiet_since = time.monotonic()
