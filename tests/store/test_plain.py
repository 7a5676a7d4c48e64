"""The event store over plain sqlite3 (:mod:`podium.store.plain`): the same rows
read and written as :class:`EventRepository` over SQLAlchemy, the same refusals, the same
transactions; and the command line's marathon writes through it saying and storing what they
say and store through the ORM."""

from __future__ import annotations

import sqlite3
import sys
import threading
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from podium.core.errors import InvalidInput, NotFound
from podium.core.log import Action
from podium.formats.mahjong_marathon.commands import MarathonService
from podium.formats.mahjong_marathon.files import make_record
from podium.service import EventService
from podium.store import plain
from podium.store.db import Busy, Database
from podium.store.plain import plain_database
from podium.store.plain_store import PlainDatabase, PlainRepository
from podium.store.repository import EventRepository, StaleLog

T0 = datetime(2025, 3, 1, 9, 30, 0, 123456, tzinfo=UTC)
MOSCOW = timezone(timedelta(hours=3))


def action(seq: int, **payload: Any) -> Action:
    return Action(seq=seq, kind="test.action", actor="tester",
                  at=T0 + timedelta(seconds=seq, microseconds=seq), payload=dict(payload),
                  reason="why " * seq)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """A SQLite file at the newest schema (made and migrated by the ORM's Database)."""
    found = tmp_path / "plain.db"
    Database(str(found)).dispose()
    return found


def orm(path: Path) -> Database:
    return Database(str(path))


def plain_db(path: Path) -> PlainDatabase:
    found = plain_database(str(path))
    assert found is not None
    return found


def rows(path: Path, sql: str) -> list[tuple[Any, ...]]:
    connection = sqlite3.connect(path)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


# -- which files it opens --------------------------------------------------------------------------


def test_a_file_at_the_newest_schema_opens_plain(path: Path, tmp_path: Path) -> None:
    assert isinstance(plain_database(str(path)), PlainDatabase)
    assert plain_database(f"sqlite:///{path}") is None  # a URL: the ORM's
    assert plain_database(str(tmp_path / "missing.db")) is None  # created by the ORM
    assert plain_database(":memory:") is None
    behind = tmp_path / "behind.db"
    old = Database(str(behind), migrate=False)
    old.upgrade("0001")
    old.dispose()
    assert plain_database(str(behind)) is None  # migrated by the ORM first
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database")
    assert plain_database(str(junk)) is None


def test_its_sessions_make_the_plain_repository(path: Path) -> None:
    with plain_db(path).session(readonly=True) as session:
        assert type(EventRepository(session)) is PlainRepository
    db = orm(path)
    try:
        with db.session(readonly=True) as session:
            assert type(EventRepository(session)) is EventRepository
    finally:
        db.dispose()


# -- the same rows ---------------------------------------------------------------------------------


@pytest.mark.parametrize("writer", ["orm", "plain"])
def test_what_one_writes_the_other_reads_the_same(path: Path, writer: str) -> None:
    """Events, the log, the snapshot: written through one repository, read through both, and
    stored as the same text (times, JSON with non-ASCII text kept)."""
    dbs = {"orm": orm(path), "plain": plain_db(path)}
    try:
        with dbs[writer].session() as session:
            repo = EventRepository(session)
            first = repo.create("spring", "Весенний турнир", "swiss",
                                datetime(2025, 3, 1, 12, 30, 0, 654321, tzinfo=MOSCOW))
            repo.create("late", "Late", "swiss", T0 + timedelta(days=1))
            repo.append(first.id, [action(1, name="Ёжик", n=[1, 2.5, None])])
            repo.append(first.id, [action(2), action(3, ok=True)], last=1)
            repo.mirror(first.id, "Весна", True, "2025-03-01", "Зал", "finished")
            repo.save_snapshot(first.id, 3, "v1", "test.action", action(3).at, b"\x00state\xff",
                               T0)
        seen = {}
        for name, db in dbs.items():
            with db.session(readonly=True) as session:
                repo = EventRepository(session)
                found = repo.get("spring")
                seen[name] = (found, repo.list(), repo.find("nobody"), repo.last_seq(found.id),
                              repo.actions(found.id), repo.actions(found.id, after=2),
                              repo.action_stamp(found.id, 2), repo.action_stamp(found.id, 9),
                              repo.latest_snapshot(found.id, "v1"),
                              repo.latest_snapshot(found.id, "v2"),
                              repo.find_many(["late", "spring", "nobody"]),
                              repo.find_with_role("spring", "anna"), repo.role_of("anna", "spring"))
        assert seen["orm"] == seen["plain"]
        found = seen["plain"][0]
        assert found.created_at == datetime(2025, 3, 1, 9, 30, 0, 654321, tzinfo=UTC)
        assert found.created_at.tzinfo is UTC
        assert (found.name, found.archived, found.date, found.venue, found.status) == (
            "Весна", True, "2025-03-01", "Зал", "finished")
        assert seen["plain"][4] == [action(1, name="Ёжик", n=[1, 2.5, None]), action(2),
                                    action(3, ok=True)]
    finally:
        for db in dbs.values():
            db.dispose()


def test_both_store_the_same_text(tmp_path: Path) -> None:
    stored = []
    for name in ("orm", "plain"):
        path = tmp_path / f"{name}.db"
        Database(str(path)).dispose()
        db = orm(path) if name == "orm" else plain_db(path)
        with db.session() as session:
            repo = EventRepository(session)
            event = repo.create("spring", "Весна", "swiss", T0)
            repo.append(event.id, [action(1, name="Ёжик «А»", x=[1, {"b": None}])])
            repo.save_snapshot(event.id, 1, "v1", "test.action", action(1).at, b"data", T0)
        db.dispose()
        stored.append((rows(path, "SELECT * FROM events"), rows(path, "SELECT * FROM actions"),
                       rows(path, "SELECT * FROM snapshots")))
    assert stored[0] == stored[1]
    assert stored[1][1][0][-1] == '{"name":"Ёжик «А»","x":[1,{"b":null}]}'


def test_roles_are_read_the_same(path: Path) -> None:
    connection = sqlite3.connect(path)
    with connection:
        connection.execute("INSERT INTO events (id, slug, name, format, created_at) VALUES "
                           "(7, 'spring', 'Spring', 'swiss', '2025-03-01 09:30:00.000000')")
        connection.execute("INSERT INTO users (id, username, password_hash, created_at) VALUES "
                           "(3, 'anna', 'x', '2025-03-01 09:30:00.000000')")
        connection.execute("INSERT INTO event_roles (event_id, user_id, role, granted_by, "
                           "granted_at) VALUES (7, 3, 'judge', 'boss', "
                           "'2025-03-01 09:30:00.000000')")
    connection.close()
    for db in (orm(path), plain_db(path)):
        with db.session(readonly=True) as session:
            repo = EventRepository(session)
            assert repo.role_of(" Anna ", "spring") == "judge"
            assert repo.role_of("boris", "spring") is None
            found = repo.find_with_role("spring", "ANNA")
            assert found is not None and found[1] == "judge"
            assert repo.find_with_role("spring\x00", "anna") is None
        db.dispose()


def test_the_event_and_the_end_of_its_log_are_read_the_same(path: Path) -> None:
    with orm(path).session() as session:
        repo = EventRepository(session)
        spring = repo.create("spring", "Spring", "swiss", T0)
        repo.create("autumn", "Autumn", "swiss", T0)
        repo.append(spring.id, [action(1), action(2), action(3)])
    for db in (orm(path), plain_db(path)):
        with db.session(readonly=True) as session:
            repo = EventRepository(session)
            assert repo.find_with_last("spring") == (repo.get("spring"), 3)
            assert repo.find_with_last("autumn") == (repo.get("autumn"), 0)  # no action yet
            assert repo.find_with_last("winter") is None
            assert repo.find_with_last("spring\x00") is None
            with pytest.raises(NotFound, match="winter"):
                repo.get_with_last("winter")
        db.dispose()


def test_an_api_token_is_read_the_same(path: Path) -> None:
    from podium.service.accounts import AccountService, TokenRefused

    accounts = AccountService(orm(path))
    accounts.create_user("anna", "a long enough password")
    token = accounts.create_token("anna")
    revoked = accounts.create_token("anna")
    accounts.revoke_token("anna", max(t.id for t in accounts.tokens("anna")))  # the second
    for db in (orm(path), plain_db(path)):
        reader = AccountService(db)
        user = reader.token_user(token)
        assert user is not None and user.username == "anna"
        assert reader.token_user("pod_nothing") is None
        with pytest.raises(TokenRefused, match="revoked"):
            reader.token_user(revoked)
        db.dispose()


def test_a_server_runs_the_event_store_over_plain_sqlite(path: Path) -> None:
    """A file's Database keeps plain sqlite3 connections for the event store (a warm write
    without SQLAlchemy): what they commit the ORM reads, a session opened inside another gets
    a connection of its own, and disposing closes them."""
    db = orm(path)
    with db.store_session() as session:
        assert isinstance(EventRepository(session), PlainRepository)
        event = EventRepository(session).create("spring", "Spring", "swiss", T0)
        with db.store_session(readonly=True) as inner:  # another transaction, not this one
            assert EventRepository(inner).find("spring") is None
        EventRepository(session).append(event.id, [action(1)], last=0)
    with db.session(readonly=True) as orm_session:
        assert EventRepository(orm_session).find_with_last("spring") == (event, 1)
    with pytest.raises(RuntimeError), db.store_session() as session:
        EventRepository(session).append(event.id, [action(2)], last=1)
        raise RuntimeError("refused later")
    assert rows(path, "SELECT seq FROM actions") == [(1,)]
    kept = list(db._idle_kept)
    assert len(kept) == 2
    db.dispose()
    for connection in kept:
        with pytest.raises(sqlite3.ProgrammingError):
            connection.execute("SELECT 1")
    with db.store_session(readonly=True) as session:  # opened again after dispose
        assert EventRepository(session).find_with_last("spring") == (event, 1)
    db.dispose()
    memory = Database("sqlite:///:memory:")  # one connection, SQLAlchemy's: the ORM's session
    with memory.store_session(readonly=True) as session:
        assert not isinstance(EventRepository(session), PlainRepository)
    memory.dispose()


def test_disposing_waits_for_a_transaction_on_another_thread(path: Path) -> None:
    """A database disposed while another thread is inside a store transaction (a snapshot
    being stored as a command ends) closes that connection only when the transaction is over:
    closing it under the statement crashed the process."""
    db = orm(path)
    with db.store_session() as session:
        event = EventRepository(session).create("spring", "Spring", "swiss", T0)
    inside, disposed = threading.Event(), threading.Event()
    seen: list[Any] = []

    def write() -> None:
        with db.store_session() as session:
            inside.set()
            disposed.wait(10)
            EventRepository(session).append(event.id, [action(1)], last=0)
            seen.append(session)

    writer = threading.Thread(target=write)
    writer.start()
    assert inside.wait(10)
    db.dispose()
    disposed.set()
    writer.join(10)
    assert seen and not writer.is_alive()
    assert rows(path, "SELECT seq FROM actions") == [(1,)]  # committed after the dispose
    assert not db._idle_kept  # and its connection closed, not kept
    db.dispose()


# -- the same refusals -----------------------------------------------------------------------------


def test_the_log_refuses_as_the_orm_does(path: Path) -> None:
    db = plain_db(path)
    with db.session() as session:
        event = EventRepository(session).create("spring", "Spring", "swiss", T0)
    with pytest.raises(NotFound), db.session() as session:
        EventRepository(session).append(event.id + 1, [action(1)])
    with pytest.raises(StaleLog), db.session() as session:
        EventRepository(session).append(event.id, [action(2)])
    with pytest.raises(InvalidInput, match="too long"), db.session() as session:
        long = Action(1, "k" * 65, "tester", T0, {})
        EventRepository(session).append(event.id, [long])
    with db.session() as session:
        EventRepository(session).append(event.id, [action(1)])
    # a concurrent writer's seq (the unique constraint): refused, and the session usable
    with db.session() as session:
        repo = EventRepository(session)
        with pytest.raises(StaleLog):
            repo.append(event.id, [action(1)], last=0)
    with db.session() as session:
        repo = EventRepository(session)
        with pytest.raises(StaleLog):
            repo.append(event.id, [action(1)])
        repo.append(event.id, [action(2)])  # after the savepoint's rollback
    with pytest.raises(Exception, match="already exists"), db.session() as session:
        EventRepository(session).create("spring", "Again", "swiss", T0)
    assert rows(path, "SELECT seq FROM actions ORDER BY seq") == [(1,), (2,)]


def test_a_refused_transaction_stores_nothing(path: Path) -> None:
    db = plain_db(path)
    with pytest.raises(RuntimeError), db.session() as session:
        repo = EventRepository(session)
        event = repo.create("spring", "Spring", "swiss", T0)
        repo.append(event.id, [action(1)])
        raise RuntimeError("refused later")
    assert rows(path, "SELECT count(*) FROM events") == [(0,)]
    assert rows(path, "SELECT count(*) FROM actions") == [(0,)]


def test_a_database_held_by_another_writer_is_busy(path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plain, "BUSY_TIMEOUT_S", 0.05)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(Busy), plain_db(path).session() as session:
            EventRepository(session).last_seq(1)
        with plain_db(path).session(readonly=True) as session:  # a read never waits
            assert EventRepository(session).list() == []
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_deleting_an_event_removes_its_rows(path: Path) -> None:
    db = plain_db(path)
    with db.session() as session:
        repo = EventRepository(session)
        event = repo.create("spring", "Spring", "swiss", T0)
        repo.append(event.id, [action(1), action(2)])
        repo.save_snapshot(event.id, 2, "v1", "test.action", action(2).at, b"x", T0)
    with db.session() as session:
        EventRepository(session).delete(event.id)
    for table in ("events", "actions", "snapshots"):
        assert rows(path, f"SELECT count(*) FROM {table}") == [(0,)]


# -- the service over it ---------------------------------------------------------------------------


def _marathon(path: Path, db: Database) -> tuple[MarathonService, list[Any]]:
    service = MarathonService(db)
    service.create_event("mj", "Marathon", "mahjong-marathon", {}, "judge", seed=1)
    start = int(datetime(2015, 3, 1, 10, 30, tzinfo=UTC).timestamp())
    seats = [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)]
    service.ingest("mj", [make_record("G-1", "RU-Marathon-1", start, seats, "")], "judge")
    service.ingest("mj", [make_record("G-2", "RU-Marathon-1", start + 3600, seats[::-1], "")],
                   "judge")
    summary = service.ingest("mj", [make_record("G-1", "RU-Marathon-1", start, seats, "")],
                             "judge")
    return service, [summary, service.load("mj").state.players]


def test_the_marathon_service_does_the_same_over_either_store(tmp_path: Path) -> None:
    logs, answers = [], []
    for name in ("orm", "plain"):
        path = tmp_path / f"{name}.db"
        Database(str(path)).dispose()
        db = orm(path) if name == "orm" else plain_db(path)
        _service, answer = _marathon(path, db)
        answers.append(answer)
        db.dispose()
        logs.append(rows(path, "SELECT seq, kind, actor, reason, payload FROM actions"))
        # the other store replays the same event from what this one stored
        other = plain_db(path) if name == "orm" else orm(path)
        assert EventService(other).load("mj").state.players == answer[1]
        other.dispose()
    assert logs[0] == logs[1]
    assert answers[0] == answers[1]


def test_a_snapshot_stored_plain_is_loaded_by_the_orm(tmp_path: Path) -> None:
    path = tmp_path / "snap.db"
    Database(str(path)).dispose()
    db = plain_db(path)
    service, (_, players) = _marathon(path, db)
    assert service.states.save_snapshot("mj", T0)
    other = orm(path)
    try:
        fresh = EventService(other)
        loaded = fresh.load("mj")
        assert loaded.state.players == players
        assert fresh.states.holder("mj").pending_actions == 0  # from the snapshot, no replay
    finally:
        other.dispose()


def test_the_store_and_the_service_import_no_sqlalchemy() -> None:
    """What the command line's plain write imports (the test process may have SQLAlchemy
    already: checked in a fresh interpreter)."""
    import subprocess

    code = ("import sys\nimport podium.service, podium.service.states, podium.store.plain_store\n"
            "import podium.store.db, podium.store.repository\n"
            "print(sorted(m for m in sys.modules if m.startswith('sqlalchemy')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("size", [0, 6, 7, 8, 50])
def test_a_large_snapshot_written_in_pieces_reads_back_whole(tmp_path: Path, size: int,
                                                            monkeypatch: Any) -> None:
    # a snapshot larger than a piece is written into SQLite piece by piece (no second copy of
    # 58 MB at the peak of a 200,000-player import); any store reads back the same bytes
    from podium.store import repository

    monkeypatch.setattr(repository, "BLOB_CHUNK", 7)
    data = bytes(range(size))
    path = tmp_path / "podium.db"
    db = orm(path)
    with db.session() as session:
        repo = EventRepository(session)
        event = repo.create("spring", "Весна", "swiss", T0)
        repo.append(event.id, [action(1)])
        repo.save_snapshot(event.id, 1, "v1", "test.action", action(1).at,
                           memoryview(data), T0)
    for reader in (db, plain_db(path)):
        with reader.session(readonly=True) as session:
            found = EventRepository(session).latest_snapshot(event.id, "v1")
        assert found is not None and bytes(found[3]) == data
    db.dispose()
