"""An in-memory database never stores a snapshot in the background: its one shared connection
cannot take a second transaction, and it has no next process for a snapshot to help."""

from __future__ import annotations

from podium.service.events import EventService
from podium.service.states import SnapshotPolicy
from podium.store.db import Database


def test_an_in_memory_database_stores_no_background_snapshot() -> None:
    """A snapshot due after every write used to be written from its own thread on the shared
    connection while the next write was in its transaction ("cannot start a transaction
    within a transaction", 36 of 40 runs). Now none is due there, and every write lands."""
    db = Database("sqlite://")
    service = EventService(db, snapshots=SnapshotPolicy(seconds=0.0, actions=1))
    service.create_event("cup", "Cup", "commander", {}, "org", seed=7)
    names = [f"P{i:02d}" for i in range(40)]
    for name in names:
        service.add_players("cup", [name], "org")
        assert not service.states._snapshots  # none started
    with db.engine.connect() as connection:
        stored = connection.exec_driver_sql("SELECT count(*) FROM snapshots").scalar()
    assert stored == 0
    assert [p.name for p in service.load("cup").state.players.values()] == names
