"""A SQLite database whose disk is full refuses a write clearly and stores none of it.

The full disk is simulated with SQLite's own size limit, ``PRAGMA max_page_count``, set on
every connection as the pool hands it out: at the database's size, the next write that needs
a new page fails with SQLITE_FULL, as on a full disk. Through every surface the write is
refused with ``store.full`` (HTTP 507, the command line's exit code 5) naming the cause; the
log is as it was; once space is freed (the limit raised) the event reads and writes again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest.mock import patch

from click.testing import CliRunner
from sqlalchemy import Engine, event

from podium.cli.main import cli
from podium.core.errors import StoreFull
from podium.service.events import EventService
from podium.store.db import Database
from tests.cli.conftest import Podium
from tests.web.conftest import Site

NO_LIMIT = 1_073_741_823  # SQLite's default max_page_count


class DiskSize:
    """The pages a database may have, set on each connection as the pool hands it out
    (``None``: no limit)."""

    def __init__(self) -> None:
        self.pages: int | None = None

    def on_checkout(self, dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        cursor = dbapi_connection.cursor()
        try:
            if self.pages is None:
                cursor.execute(f"PRAGMA max_page_count = {NO_LIMIT}")
            else:
                # never below the file's size (SQLite keeps it there), so: full from here on
                cursor.execute(f"PRAGMA max_page_count = {self.pages}")
        finally:
            cursor.close()

    def fill(self, db: Database) -> None:
        """The disk full at the database's present size."""
        with db.engine.connect() as connection:
            self.pages = int(connection.exec_driver_sql("PRAGMA page_count").scalar_one())


@contextmanager
def disk_size(target: Engine | type[Engine] = Engine) -> Iterator[DiskSize]:
    """The size limit on every engine's connections (the command line opens its own), and
    on the event store's kept plain sqlite3 connections each time a transaction takes one
    (:meth:`podium.store.db.Database.store_session`)."""
    from podium.store import plain_store

    size = DiskSize()
    plain = plain_store.plain_transaction

    def limited(connection: Any, *args: Any, **kwargs: Any) -> Any:
        size.on_checkout(connection, None, None)
        return plain(connection, *args, **kwargs)

    event.listen(target, "checkout", size.on_checkout)
    try:
        with patch.object(plain_store, "plain_transaction", limited):
            yield size
    finally:
        event.remove(target, "checkout", size.on_checkout)


def until_refused(write: Callable[[int], Any], attempts: int = 2_000) -> int:
    """Run ``write(i)`` for i = 0, 1, ... until it is refused as full; the refused ``i``.
    (A page holds several actions: the first writes still fit.)"""
    for index in range(attempts):
        if not write(index):
            return index
    raise AssertionError(f"no write was refused in {attempts}")


def test_a_full_disk_refuses_the_write_and_keeps_the_log(tmp_path: Path) -> None:
    db = Database(str(tmp_path / "full.db"))
    service = EventService(db)
    service.create_event("cup", "Cup", "commander", {}, "org", seed=1)
    with disk_size(db.engine) as size:
        db.engine.dispose()  # every connection from now on gets the limit
        size.fill(db)
        refused: list[StoreFull] = []
        lengths: list[int] = []

        def write(index: int) -> bool:
            lengths.append(len(service.log("cup")))
            try:
                service.add_players("cup", [f"Player {index:04d} " + "x" * 60], "org")
            except StoreFull as error:
                refused.append(error)
                return False
            return True

        index = until_refused(write)
        [error] = refused
        assert (error.code, error.status) == ("store.full", 507)
        assert "the database is full" in str(error) and "nothing was stored" in str(error)
        assert len(service.log("cup")) == lengths[-1]  # nothing of it stored
        names = [p.name for p in service.load("cup").state.players.values()]
        assert len(names) == index and f"Player {index:04d} " + "x" * 60 not in names
        size.pages = None  # space freed
        service.add_players("cup", ["After"], "org")
        assert [p.name for p in service.load("cup").state.players.values()][-1] == "After"
        assert len(service.log("cup")) == lengths[-1] + 1
    db.dispose()


def test_the_api_and_a_page_answer_507_naming_the_cause(site: Site) -> None:
    site.user("anna")
    site.event("cup", "anna", players=0)
    token = site.accounts.create_token("anna")
    headers = {"Authorization": f"Bearer {token}"}
    client = site.client()
    with disk_size(site.db.engine) as size:
        site.db.engine.dispose()
        size.fill(site.db)
        answers = []

        def write(index: int) -> bool:
            before = site.log_length("cup")
            answer = client.post("/api/v1/events/cup/commands/player.add",
                                 json={"names": [f"Player {index:04d} " + "y" * 60]},
                                 headers=headers)
            answers.append((answer, before))
            return answer.status_code == 200

        until_refused(write)
        answer, before = answers[-1]
        assert answer.status_code == 507, answer.text
        problem = answer.json()
        assert problem["code"] == "store.full" and "the database is full" in problem["message"]
        assert answer.headers["Retry-After"]
        assert site.log_length("cup") == before
        page = client.get("/e/cup")  # reading still works on a full disk
        assert page.status_code == 200
        size.pages = None
        again = client.post("/api/v1/events/cup/commands/player.add",
                            json={"names": ["After"]}, headers=headers)
        assert again.status_code == 200, again.text
        assert site.log_length("cup") == before + 1


def test_the_command_line_exits_5_without_a_traceback(tmp_path: Path) -> None:
    podium = Podium(tmp_path / "cli.db")
    podium("event", "create", "cup", "--seed", "1")
    with disk_size() as size:
        db = Database(str(podium.db))
        size.fill(db)
        db.dispose()
        results = []

        def write(index: int) -> bool:
            result = CliRunner().invoke(cli, ["--db", str(podium.db), "player", "add", "cup",
                                              f"Player {index:04d} " + "z" * 60])
            results.append(result)
            return result.exit_code == 0

        until_refused(write)
        refused = results[-1]
        assert refused.exit_code == 5, refused.output
        assert "Traceback" not in refused.output
        assert "the database is full" in " ".join(refused.stderr.split())
        size.pages = None
        count = podium.action_count("cup")
        podium("player", "add", "cup", "After")
        assert podium.action_count("cup") == count + 1
    podium.close()
