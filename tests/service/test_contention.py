"""A transaction that loses to another writer is run again; a real conflict is not.

SQLite's write lock is held here by a second connection, as another process would hold it.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from types import SimpleNamespace

import pytest

from podium.core.errors import Conflict
from podium.service import events as events_module
from podium.service.events import ATTEMPTS, EventService
from podium.store import db as db_module
from podium.store.db import Busy, Database
from podium.store.repository import StaleLog


@pytest.fixture
def locked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A service on a SQLite file, a second connection able to hold its write lock, and the
    pauses between attempts recorded instead of slept."""
    monkeypatch.setattr(db_module, "BUSY_TIMEOUT_MS", 20)
    path = tmp_path / "c.db"
    database = Database(str(path))
    service = EventService(database)
    service.create_event("cup", "Cup", "commander", {}, "org", seed=1)
    blocker = sqlite3.connect(path, isolation_level=None)
    pauses: list[float] = []
    monkeypatch.setattr(events_module, "time", SimpleNamespace(sleep=pauses.append))
    yield service, blocker, pauses
    blocker.close()
    database.dispose()


def test_a_database_locked_through_every_attempt_refuses_clearly(locked) -> None:
    service, blocker, pauses = locked
    blocker.execute("BEGIN IMMEDIATE")
    with pytest.raises(Busy) as refused:
        service.add_players("cup", ["Anna"], "org")
    assert refused.value.code == "store.busy" and refused.value.status == 409
    assert "nothing was stored" in str(refused.value)
    assert len(pauses) == ATTEMPTS - 1
    blocker.execute("ROLLBACK")
    assert service.load("cup").state.players == {}


def test_a_lock_released_meanwhile_lets_the_same_change_through(locked) -> None:
    service, blocker, pauses = locked
    blocker.execute("BEGIN IMMEDIATE")
    events_module.time.sleep = lambda _s: blocker.execute("COMMIT")  # the other writer ends
    service.add_players("cup", ["Anna"], "org")
    assert [p.name for p in service.load("cup").state.players.values()] == ["Anna"]
    assert len(service.log("cup")) == 2  # stored once
    del pauses


def test_opening_a_migrated_database_needs_no_write_lock(locked, tmp_path: Path) -> None:
    # Many CLI processes open one database at once: none should queue for the write lock (or
    # fail after the busy timeout) just to learn the schema is current.
    _service, blocker, _pauses = locked
    blocker.execute("BEGIN IMMEDIATE")
    reopened = Database(str(tmp_path / "c.db"))
    assert reopened.current_revision() is not None
    reopened.dispose()
    blocker.execute("ROLLBACK")


def test_only_lost_transactions_are_run_again() -> None:
    calls: list[int] = []

    def losing_twice() -> str:
        calls.append(1)
        if len(calls) < 3:
            raise StaleLog("moved", code="log.stale") if len(calls) == 1 else Busy()
        return "stored"

    assert EventService.retrying(losing_twice) == "stored" and len(calls) == 3
    calls.clear()

    def real_conflict() -> None:
        calls.append(1)
        raise Conflict("round 1, table 3 already has a result", code="result.exists")

    with pytest.raises(Conflict, match="already has a result"):
        EventService.retrying(real_conflict)
    assert len(calls) == 1  # a real conflict is refused at once
