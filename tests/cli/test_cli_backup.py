"""`podium backup`: a copy made while another thread writes is consistent, checks out against
the database (`--verify`, each event replayed and its digest compared), and restored by the
recipe of docs/deploy.md ("Backups and restore") gives the same standings; a bad PATH is a
clear error with its exit code, never a traceback."""

from __future__ import annotations

import shutil
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

from podium.service.events import EventService
from podium.store import backup as backup_module
from podium.store.db import Database
from tests.cli.conftest import ANSI, Podium, flat


def test_a_copy_made_during_writes_verifies_and_restores(
        podium: Podium, make_event: Callable[..., list[str]], tmp_path: Path,
        monkeypatch: object) -> None:
    make_event("cup", 8, 42, "rounds=3", "fewer_rounds=yes")
    podium("round", "pair", "cup")
    podium.win_all("cup")
    original = podium.out("standings", "cup")
    make_event("busy", 4, 7)
    db = Database(str(podium.db))
    writer = EventService(db)
    written = threading.Semaphore(0)
    stop = threading.Event()
    count = [0]

    def write() -> None:  # another process's writes, as a server's
        while not stop.is_set():
            writer.add_players("busy", [f"Late {count[0]:04d}"], "server")
            count[0] += 1
            written.release()

    # one page a step: the copy takes many steps, writes landing between them
    monkeypatch.setattr(backup_module, "STEP_PAGES", 1)  # type: ignore[attr-defined]
    thread = threading.Thread(target=write)
    thread.start()
    try:
        for _ in range(5):
            assert written.acquire(timeout=120)
        copy = tmp_path / "copy.db"
        made = podium.out("backup", str(copy))
        for _ in range(5):  # the writes went on during and after the copy
            assert written.acquire(timeout=120)
    finally:
        stop.set()
        thread.join(120)
        db.dispose()
    assert "Copied" in made and str(copy) in flat(made)
    checked = podium.out("backup", "--verify", str(copy))
    assert "same" in checked and "differs" not in checked, checked
    copied = EventService(Database(str(copy), migrate=False)).log("busy")
    stored = podium.service().log("busy")
    assert 4 < len(copied) < len(stored)  # the copy is a moment of the log: a prefix
    assert copied == stored[:len(copied)]
    # the restore (docs/deploy.md): the copy put where the database is, the server stopped
    restored = tmp_path / "restored" / "podium.db"
    restored.parent.mkdir()
    shutil.copyfile(copy, restored)
    assert podium.out("standings", "cup", db=restored) == original
    again = podium.out("backup", "--verify", str(copy), db=restored)
    assert "differs" not in again


def test_an_existing_copy_is_kept_unless_forced(podium: Podium, tmp_path: Path) -> None:
    podium("event", "create", "cup", "--seed", "1")
    copy = tmp_path / "copy.db"
    podium("backup", str(copy))
    message = podium.error("backup", str(copy), code=4)
    assert "exists already" in message and "--force" in message
    podium("player", "add", "cup", "Anna")
    podium("backup", str(copy), "--force")
    assert "Anna" in podium.out("player", "list", "cup", db=copy)


def test_the_default_copy_is_beside_the_database(podium: Podium) -> None:
    podium("event", "create", "cup", "--seed", "1")
    podium("backup")
    [made] = list(podium.db.parent.glob("x-backup-*.db"))
    assert "cup" in podium.out("event", "list", db=made)


def test_bad_paths_are_clear_errors(podium: Podium, tmp_path: Path) -> None:
    podium("event", "create", "cup", "--seed", "1")
    assert "no file" in podium.error("backup", "--verify", str(tmp_path / "none.db"), code=3)
    junk = tmp_path / "junk.db"
    junk.write_text("not a database")
    assert "is not a podium database" in podium.error("backup", "--verify", str(junk), code=2)
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
    assert "is not a podium database" in podium.error("backup", "--verify", str(other), code=2)
    assert "does not exist" in podium.error("backup", str(tmp_path / "no" / "c.db"), code=2)
    assert "is the database itself" in podium.error("backup", str(podium.db), code=2)
    missing = tmp_path / "missing.db"
    result = podium("backup", str(tmp_path / "c.db"), code=3, db=missing)
    assert "no database at" in flat(result.stderr) and "Traceback" not in result.output
    assert not missing.exists()  # not made by asking


def test_a_copy_that_differs_fails_the_check(podium: Podium, tmp_path: Path) -> None:
    podium("event", "create", "cup", "--seed", "1")
    podium("player", "add", "cup", "Anna", "Boris")
    podium("event", "create", "open", "--seed", "2")
    copy = tmp_path / "copy.db"
    podium("backup", str(copy))
    with sqlite3.connect(copy) as connection:  # a player's name changed in the copy's log
        connection.execute("UPDATE actions SET payload = replace(payload, 'Boris', 'Borys')")
    podium("event", "create", "late", "--seed", "3")  # made after the copy
    result = podium("backup", "--verify", str(copy), code=4)
    table = ANSI.sub("", result.stdout)
    rows = {line.split()[1]: line for line in table.splitlines() if line.startswith("│")}
    assert "differs" in rows["cup"] and "same" in rows["open"]
    assert "missing from the copy" in rows["late"]
    assert "Traceback" not in result.output
    assert "does not match the database: cup, late" in flat(result.stderr)


def test_a_long_copy_reports_its_progress(tmp_path: Path) -> None:
    db = Database(str(tmp_path / "big.db"))
    service = EventService(db)
    service.create_event("cup", "Cup", "commander", {}, "org", seed=1)
    service.add_players("cup", [f"Player {i:05d}" for i in range(2_000)], "org")
    db.dispose()
    reports: list[tuple[int, int]] = []
    pages = backup_module.copy_sqlite(tmp_path / "big.db", tmp_path / "copy.db",
                                      lambda done, total: reports.append((done, total)), step=4)
    assert len(reports) > 3 and reports[-1] == (pages, pages)
    assert [done for done, _ in reports] == sorted(done for done, _ in reports)
    assert not list(tmp_path.glob(".copy.db.partial-*"))
