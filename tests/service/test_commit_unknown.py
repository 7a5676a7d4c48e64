"""A connection lost during the COMMIT: stored or not, the service finds out, never guesses.

On PostgreSQL the COMMIT travels to a server; if the connection breaks before the answer
comes back, the transaction may have been stored or not. Running the command again could
store it twice, so the service asks the log instead (``EventService.were_stored``, under the
event's lock): stored, the write is acknowledged; not stored, it is a plain "nothing stored"
that is safe to run again, and the next attempt stores it once. The lost answer is made here
by the dialect's commit: the real COMMIT (or a ROLLBACK) is sent, then the connection is
reported broken, as psycopg reports it.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from typing import Any

import psycopg
import pytest
from sqlalchemy import create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from podium.service.events import EventService
from podium.store.db import CommitUnknown, Database

pytestmark = pytest.mark.postgres


@pytest.fixture
def db(postgres_url: str) -> Iterator[Database]:
    schema = f"podium_commit_{uuid.uuid4().hex}"
    admin = create_engine(postgres_url, poolclass=NullPool)
    with admin.begin() as connection:
        connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    url = make_url(postgres_url).update_query_dict({"options": f"-csearch_path={schema}"})
    database = Database(url.render_as_string(hide_password=False))
    try:
        yield database
    finally:
        database.dispose()
        with admin.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.dispose()


def lose_next_commit(db: Database, *, stored: bool) -> list[int]:
    """The answer lost of the next COMMIT of a transaction that appends to a log: the
    transaction committed (``stored``) or rolled back first. What it counts: the commits lost
    so far."""
    dialect = db.engine.dialect
    real_commit: Callable[[Any], None] = dialect.do_commit
    real_rollback: Callable[[Any], None] = dialect.do_rollback
    lost: list[int] = []
    appending: list[Any] = []

    @event.listens_for(db.engine, "before_cursor_execute")
    def _seen(connection: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO ACTIONS"):
            appending.append(1)

    def commit(dbapi_connection: Any) -> None:
        if lost or not appending:
            real_commit(dbapi_connection)
            return
        lost.append(1)
        (real_commit if stored else real_rollback)(dbapi_connection)
        raise psycopg.OperationalError("consuming input failed: server closed the connection "
                                       "unexpectedly")

    dialect.do_commit = commit  # type: ignore[method-assign]
    return lost


@pytest.mark.parametrize("stored", [True, False], ids=["committed", "rolled-back"])
def test_a_lost_commit_answer_stores_the_write_exactly_once(db: Database, stored: bool) -> None:
    service = EventService(db)
    service.create_event("cup", "Cup", "commander", {}, "org", seed=1)
    before = len(service.log("cup"))
    lost = lose_next_commit(db, stored=stored)
    added = service.add_players("cup", ["Anna"], "org")  # acknowledged either way
    assert lost == [1]
    assert [p.name for p in added] == ["Anna"]
    log = service.log("cup")
    assert len(log) == before + 1  # once: not lost, not twice
    assert [p.name for p in EventService(db).load("cup").state.players.values()] == ["Anna"]
    assert [p.name for p in service.load("cup").state.players.values()] == ["Anna"]


def test_a_lost_commit_that_cannot_be_checked_says_the_outcome_is_unknown(
        db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    from podium.service import events

    service = EventService(db)
    service.create_event("cup", "Cup", "commander", {}, "org", seed=1)
    lose_next_commit(db, stored=True)
    monkeypatch.setattr(events, "CHECK_SECONDS", 0.0)
    real_session = db.session
    calls: list[int] = []

    def session(**options: Any) -> Any:
        calls.append(1)
        if len(calls) > 2:  # the write's two transactions went; the check finds no database
            from podium.store.db import unavailable

            raise unavailable()
        return real_session(**options)

    monkeypatch.setattr(db, "session", session)
    with pytest.raises(CommitUnknown) as refused:
        service.add_players("cup", ["Anna"], "org")
    assert (refused.value.code, refused.value.status) == ("store.unknown", 503)
    assert "whether it was stored is not known" in str(refused.value)
