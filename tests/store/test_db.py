"""Database: URL resolution, migrations, sessions, SQLite locking behaviour."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import event, inspect, text

from podium.core.log import Action
from podium.store import DEFAULT_DB, Database, EventRepository, resolve_url
from podium.store.models import Base

T0 = datetime(2025, 3, 1, 9, 30, 0, 123456, tzinfo=UTC)


def action(seq: int, **payload: object) -> Action:
    return Action(seq=seq, kind="test.action", actor="tester", at=T0, payload=dict(payload))


# -- resolve_url -------------------------------------------------------------------------------


def test_resolve_url_defaults_to_podium_db_in_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PODIUM_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    assert resolve_url(None) == f"sqlite:///{tmp_path.resolve() / DEFAULT_DB}"


def test_resolve_url_reads_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PODIUM_DB", str(tmp_path / "env.db"))
    assert resolve_url(None) == f"sqlite:///{tmp_path.resolve() / 'env.db'}"
    # An explicit value wins over the environment.
    assert resolve_url(str(tmp_path / "x.db")) == f"sqlite:///{tmp_path.resolve() / 'x.db'}"


def test_resolve_url_keeps_urls_and_creates_parent_directories(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = "postgresql+psycopg://someone:secret@db.example:5432/podium"
    assert resolve_url(url) == url
    monkeypatch.chdir(tmp_path)
    assert resolve_url("nested/dir/events.db") == (
        f"sqlite:///{tmp_path.resolve() / 'nested' / 'dir' / 'events.db'}"
    )
    assert (tmp_path / "nested" / "dir").is_dir()


def test_database_accepts_a_plain_path(tmp_path: Path) -> None:
    database = Database(str(tmp_path / "plain.db"))
    try:
        assert database.is_sqlite
        assert (tmp_path / "plain.db").exists()
    finally:
        database.dispose()


# -- migrations --------------------------------------------------------------------------------


def test_migrations_create_the_tables(make_db: Callable[..., Database]) -> None:
    database = make_db()
    tables = set(inspect(database.engine).get_table_names())
    assert {"events", "actions", "alembic_version"} <= tables
    assert {"users", "web_sessions", "api_tokens", "event_roles"} <= tables
    assert {"player_codes", "self_reports"} <= tables
    assert database.current_revision() == "0009"

    columns = {column["name"] for column in inspect(database.engine).get_columns("actions")}
    assert columns == {"id", "event_id", "seq", "kind", "actor", "at", "reason", "payload"}
    uniques = inspect(database.engine).get_unique_constraints("actions")
    assert [sorted(unique["column_names"]) for unique in uniques] == [["event_id", "seq"]]


def test_models_match_the_migrations(db: Database) -> None:
    with db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, Base.metadata) == []


def test_rerunning_the_upgrade_is_a_no_op(make_db: Callable[..., Database]) -> None:
    first = make_db()
    with first.session() as session:
        event = EventRepository(session).create("kept", "Kept", "swiss", T0)
        EventRepository(session).append(event.id, [action(1)])
    first.upgrade()
    second = make_db()  # migrates again on open
    assert second.current_revision() == "0009"
    with second.session() as session:
        repository = EventRepository(session)
        assert [summary.slug for summary in repository.list()] == ["kept"]
        assert repository.actions(event.id) == [action(1)]


def test_migrate_false_leaves_the_database_alone(make_db: Callable[..., Database]) -> None:
    database = make_db(migrate=False)
    assert "events" not in inspect(database.engine).get_table_names()
    assert database.current_revision() is None
    database.upgrade()
    assert database.current_revision() == "0009"


# -- sessions ----------------------------------------------------------------------------------


def test_session_commits_on_success(db: Database) -> None:
    with db.session() as session:
        EventRepository(session).create("spring", "Spring", "swiss", T0)
    with db.session(readonly=True) as session:
        assert EventRepository(session).find("spring") is not None


def test_session_rolls_back_on_exception(db: Database) -> None:
    with pytest.raises(RuntimeError, match="boom"), db.session() as session:
        repository = EventRepository(session)
        event = repository.create("doomed", "Doomed", "swiss", T0)
        repository.append(event.id, [action(1), action(2)])
        raise RuntimeError("boom")
    with db.session() as session:
        repository = EventRepository(session)
        assert repository.find("doomed") is None
        assert repository.list() == []
        assert session.execute(text("SELECT COUNT(*) FROM actions")).scalar_one() == 0


# -- SQLite specifics --------------------------------------------------------------------------


def test_sqlite_runs_in_wal_mode_with_foreign_keys_and_busy_timeout(sqlite_url: str) -> None:
    database = Database(sqlite_url)
    try:
        with database.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 10000
    finally:
        database.dispose()


def test_sqlite_rolls_back_schema_changes_and_savepoints(sqlite_url: str) -> None:
    """BEGIN is ours, so DDL and savepoints are transactional like on PostgreSQL."""
    database = Database(sqlite_url)
    try:
        with pytest.raises(RuntimeError), database.session() as session:
            session.execute(text("CREATE TABLE scratch (x INTEGER)"))
            with session.begin_nested():
                session.execute(text("INSERT INTO scratch VALUES (1)"))
            raise RuntimeError
        assert "scratch" not in inspect(database.engine).get_table_names()
    finally:
        database.dispose()


def test_two_databases_on_one_sqlite_file_write_alternately(sqlite_url: str) -> None:
    """Like the CLI and the server sharing a file: no 'database is locked'."""
    cli, server = Database(sqlite_url), Database(sqlite_url)
    try:
        with cli.session() as session:
            event_id = EventRepository(session).create("shared", "Shared", "swiss", T0).id
        for seq in range(1, 41):
            writer, reader = (cli, server) if seq % 2 else (server, cli)
            with writer.session() as session:
                EventRepository(session).append(event_id, [action(seq, by=seq % 2)])
            with reader.session(readonly=True) as session:
                assert EventRepository(session).last_seq(event_id) == seq
        with server.session(readonly=True) as session:
            stored = EventRepository(session).actions(event_id)
        assert [stored_action.seq for stored_action in stored] == list(range(1, 41))
    finally:
        cli.dispose()
        server.dispose()


def test_concurrent_sqlite_writers_wait_for_each_other(sqlite_url: str) -> None:
    """Read-then-append transactions from several processes' worth of engines never collide."""
    setup = Database(sqlite_url)
    with setup.session() as session:
        event_id = EventRepository(session).create("busy", "Busy", "swiss", T0).id
    setup.dispose()

    errors: list[BaseException] = []

    def worker(number: int) -> None:
        database = Database(sqlite_url)
        try:
            for _ in range(15):
                with database.session() as session:
                    repository = EventRepository(session)
                    next_seq = repository.last_seq(event_id) + 1
                    repository.append(event_id, [action(next_seq, worker=number)])
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)
        finally:
            database.dispose()

    threads = [threading.Thread(target=worker, args=(number,)) for number in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    check = Database(sqlite_url)
    try:
        with check.session(readonly=True) as session:
            stored = EventRepository(session).actions(event_id)
        assert [stored_action.seq for stored_action in stored] == list(range(1, 61))
    finally:
        check.dispose()


def test_in_memory_sqlite_works(tmp_path: Path) -> None:
    database = Database(resolve_url(":memory:"))
    try:
        with database.session() as session:
            EventRepository(session).create("mem", "Mem", "swiss", T0)
        with database.session() as session:
            assert EventRepository(session).get("mem").name == "Mem"
    finally:
        database.dispose()


def test_sqlite_readonly_sessions_do_not_take_the_write_lock(sqlite_url: str) -> None:
    reader, writer = Database(sqlite_url), Database(sqlite_url)
    begins: list[str] = []

    @event.listens_for(reader.engine, "before_cursor_execute")
    def record(conn: object, cursor: object, statement: str, *args: object) -> None:
        if statement.startswith("BEGIN"):
            begins.append(statement)

    try:
        with reader.session(readonly=True) as session:
            assert EventRepository(session).list() == []
            # A writer elsewhere is not blocked by the open read transaction (if it were, it
            # would fail with "database is locked" once busy_timeout ran out).
            with writer.session() as write_session:
                EventRepository(write_session).create("w", "W", "swiss", T0)
            # The read transaction keeps its snapshot.
            assert EventRepository(session).list() == []
        with reader.session() as session:
            assert [summary.slug for summary in EventRepository(session).list()] == ["w"]
        assert begins == ["BEGIN DEFERRED", "BEGIN IMMEDIATE"]
    finally:
        reader.dispose()
        writer.dispose()


def test_one_database_is_shared_by_threads(sqlite_url: str) -> None:
    database = Database(sqlite_url)
    with database.session() as session:
        event_id = EventRepository(session).create("threads", "Threads", "swiss", T0).id
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            for _ in range(10):
                with database.session() as session:
                    repository = EventRepository(session)
                    repository.append(event_id, [action(repository.last_seq(event_id) + 1)])
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=worker) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert errors == []
        with database.session(readonly=True) as session:
            assert EventRepository(session).last_seq(event_id) == 30
    finally:
        database.dispose()
