"""Which event changed, shared through PostgreSQL (:mod:`podium.store.notify`):
a write announces the event's new version on commit, each process's listener marks that
event's trusted version stale at once, and the listener comes back after its connection is
ended. The two-server version of this is in tests/web/test_several_servers.py.

The cache's side runs anywhere (SQLite); the listener's tests need PostgreSQL (skipped with a
message without one, a failure on CI).
"""

from __future__ import annotations

import queue
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from podium.compose import web_app
from podium.core.errors import InvalidInput
from podium.service.events import EventService, NewAction
from podium.store.db import Database
from podium.store.notify import APPLICATION, Listener, channel_sql, parse
from podium.web.cache import ViewCache

TIMEOUT = 60.0  # seconds: generous, a loaded machine included (never a speed assertion)


def _until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        assert time.monotonic() < deadline, f"still not {what} after {TIMEOUT} s"
        time.sleep(0.02)


# -- the cache's side (any store) -----------------------------------------------------------------

@pytest.fixture
def two_processes(tmp_path: Path) -> Iterator[tuple[ViewCache, EventService]]:
    """A page cache trusting versions for a minute, and a writer with states of its own (as
    another process's: this process's writers would make the cache look again at once)."""
    db = Database(str(tmp_path / "n.db"))
    pages = EventService(db)
    pages.create_event("cup", "Cup", "commander", {}, "anna", seed=1)
    other = EventService(db)
    try:
        yield ViewCache(pages, freshness=60.0), other
    finally:
        db.dispose()


def test_a_notice_makes_the_trusted_version_stale_at_once(
        two_processes: tuple[ViewCache, EventService]) -> None:
    cache, other = two_processes
    event_id, _created, seq = cache.key("cup")
    other.add_players("cup", ["Yana"], "anna")
    assert cache.fresh_key("cup") is not None  # trusted: without a notice, for a minute
    assert cache.version("cup") == seq
    cache.changed(event_id, seq + 1)
    assert cache.fresh_key("cup") is None
    assert cache.version("cup") == seq + 1  # read again from the database
    assert cache.fresh_key("cup") is not None


def test_a_version_read_before_a_notice_is_not_trusted(
        two_processes: tuple[ViewCache, EventService]) -> None:
    """The notice may arrive while a reader holds a version it read just before the commit:
    that version is not trusted afterwards, whenever it is stored."""
    cache, other = two_processes
    event_id, _created, seq = cache.key("cup")
    cache.changed(event_id, seq + 1)  # announced, but not read yet by anyone here
    assert cache.fresh_key("cup") is None
    other.add_players("cup", ["Yana"], "anna")
    assert cache.version("cup") == seq + 1
    assert cache.fresh_key("cup") is not None


def test_notices_of_other_events_and_older_versions_change_nothing(
        two_processes: tuple[ViewCache, EventService]) -> None:
    cache, _other = two_processes
    event_id, _created, seq = cache.key("cup")
    cache.changed(event_id + 1000, seq + 5)
    cache.changed(event_id, seq)  # this very version (this process's own write, say)
    assert cache.fresh_key("cup") is not None


def test_a_deleted_event_and_a_new_connection_are_read_again(
        two_processes: tuple[ViewCache, EventService]) -> None:
    cache, _other = two_processes
    event_id, _created, _seq = cache.key("cup")
    cache.changed(event_id, 0)  # deleted
    assert cache.fresh_key("cup") is None
    cache.key("cup")
    cache.forget_versions()  # the listener connected again: notices may have been missed
    assert cache.fresh_key("cup") is None


def test_a_read_that_asked_just_before_a_delete_is_not_trusted_after_its_notice(
        two_processes: tuple[ViewCache, EventService], monkeypatch: pytest.MonkeyPatch) -> None:
    """A reader asked for the version before the delete committed, and noted what it read
    after the delete's notice had arrived: that version was trusted for the lag, and a
    deleted event was served for 0.25 s after the delete's answer."""
    cache, _other = two_processes
    event_id, _created, _seq = cache.key("cup")
    cache.forget_versions()
    real = cache.events.db.session

    @contextmanager
    def session(**options: Any) -> Iterator[Any]:
        with real(**options) as opened:
            yield opened
        cache.changed(event_id, 0)  # the delete's notice arrives as this read ends

    monkeypatch.setattr(cache.events.db, "session", session)
    cache.key("cup")  # the read from before the delete: the event was there
    monkeypatch.undo()
    assert cache.fresh_key("cup") is None


def test_payloads() -> None:
    assert parse("12:345") == (12, 345)
    assert parse("12:0") == (12, 0)
    assert parse("hello") is None and parse("1:x") is None


def test_sqlite_runs_no_listener_and_says_so(tmp_path: Path) -> None:
    app = web_app(str(tmp_path / "h.db"))
    with TestClient(app) as client:  # the lifespan runs
        assert app.state.web.listener is None
        answer = client.get("/health")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "database": True, "store": "sqlite",
                             "listener": None}
    assert answer.headers["cache-control"] == "no-store"


# -- the listener (PostgreSQL) --------------------------------------------------------------------

@pytest.fixture
def schemas(postgres_url: str) -> Iterator[Callable[[], str]]:
    """Fresh PostgreSQL schemas (URLs whose search_path is each), dropped at the end."""
    admin = create_engine(postgres_url, poolclass=NullPool)
    made: list[str] = []

    def make() -> str:
        schema = f"podium_notify_{uuid.uuid4().hex}"
        with admin.begin() as connection:
            connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
        made.append(schema)
        return make_url(postgres_url).update_query_dict(
            {"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)

    try:
        yield make
    finally:
        with admin.begin() as connection:
            for schema in made:
                connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.dispose()


def end_listeners(url: str) -> int:
    """``pg_terminate_backend`` on the listening connections of ``url``'s schema (found by
    their application name, which carries the channel); how many were ended."""
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.begin() as connection:
            channel = connection.execute(text(f"SELECT {channel_sql()}")).scalar_one()
            return len(connection.execute(
                text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                     "WHERE application_name = :name"),
                {"name": f"{APPLICATION} {channel}"}).all())
    finally:
        engine.dispose()


class Heard:
    """A listener on ``db`` whose notices land in a queue."""

    def __init__(self, db: Database) -> None:
        self.notices: queue.Queue[tuple[int, int]] = queue.Queue()
        self.resets = 0
        self.listener = Listener(db, lambda i, s: self.notices.put((i, s)), self._reset)

    def _reset(self) -> None:
        self.resets += 1

    def next(self) -> tuple[int, int]:
        return self.notices.get(timeout=TIMEOUT)


@pytest.fixture
def heard(schemas: Callable[[], str]) -> Iterator[tuple[Heard, EventService]]:
    db = Database(schemas())
    events = EventService(db)
    events.create_event("cup", "Cup", "commander", {}, "anna", seed=1)
    heard = Heard(db)
    heard.listener.start()
    try:
        _until(lambda: heard.listener.connected, "connected")
        yield heard, events
    finally:
        heard.listener.stop()
        db.dispose()


@pytest.mark.postgres
def test_a_commit_is_announced_with_the_event_s_last_seq(
        heard: tuple[Heard, EventService]) -> None:
    notices, events = heard
    event_id = events.summary("cup").id
    events.add_players("cup", ["Anna", "Boris"], "anna")
    assert notices.next() == (event_id, 3)  # created (1), then both players at once (2, 3)
    assert notices.listener.status() == {"connected": True, "received": 1,
                                         "connections": 1, "failures": 0}


@pytest.mark.postgres
def test_a_refused_write_announces_nothing(heard: tuple[Heard, EventService]) -> None:
    notices, events = heard
    event_id = events.summary("cup").id
    with pytest.raises(InvalidInput):  # refused before anything is appended
        events.drop_player("cup", "Nobody", "anna")
    with pytest.raises(RuntimeError), events.unit("cup", "anna") as work:
        work.append([NewAction("player.registered", {"player": 1, "name": "Ghost"})])
        raise RuntimeError("the transaction fails after the append: rolled back")
    events.add_players("cup", ["Anna"], "anna")
    # delivered in commit order: had either announced anything, it would come first
    assert notices.next() == (event_id, 2)
    assert [p.name for p in events.load("cup").state.players.values()] == ["Anna"]


@pytest.mark.postgres
def test_writes_in_another_schema_are_not_heard(schemas: Callable[[], str],
                                                heard: tuple[Heard, EventService]) -> None:
    notices, events = heard
    elsewhere = Database(schemas())
    try:
        EventService(elsewhere).create_event("cup", "Other cup", "commander", {}, "anna")
    finally:
        elsewhere.dispose()
    events.add_players("cup", ["Anna"], "anna")
    assert notices.next() == (events.summary("cup").id, 2)


@pytest.mark.postgres
def test_the_listener_connects_again_after_its_connection_is_ended(
        heard: tuple[Heard, EventService]) -> None:
    notices, events = heard
    listener = notices.listener
    url = events.db.url.render_as_string(hide_password=False)
    assert end_listeners(url) == 1
    _until(lambda: listener.connections == 2 and listener.connected, "connected again")
    assert listener.failures == 1
    assert notices.resets == 2  # each connection forgets what it may have missed
    events.add_players("cup", ["Anna"], "anna")
    assert notices.next() == (events.summary("cup").id, 2)
