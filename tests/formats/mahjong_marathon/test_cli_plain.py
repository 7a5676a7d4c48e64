"""The marathon's commands on the command line over plain sqlite3 (a write without
SQLAlchemy's import) say, refuse and store exactly what they do over the ORM.

The same commands run on two copies of one event: one named by its file (``--db FILE``: the
plain store, the marathon declaring its commands plain) and one by its URL (``--db
sqlite:///FILE``: the Database SQLAlchemy opens and migrates, the kernel's commands through
the ORM). Their exit codes, output and error messages, in
English and in Russian, and the logs they leave must be the same."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from podium.cli import main
from podium.cli.main import cli
from podium.store import plain_store

HEADER = "game_id,table,start,player1,gp1,player2,gp2,player3,gp3,player4,gp4\n"
GAMES = ("g1,RU-Marathon-1,2015-02-10 12:00,Anna,40,Boris,20,Clara,0,Dmitri,-60\n"
         "g2,RU-Marathon-2,2015-02-10 14:00,Anna,10,Boris,10,Clara,10,Dmitri,-30\n")
SEATS = "Anna=30,Boris=25,Clara=0,Dmitri=-55"
ADD = ["games", "add", "mj", "--table", "RU-Marathon-1"]
# each command, in the order run: its arguments (the event is mj)
COMMANDS: list[list[str]] = [
    [*ADD, "--id", "g3", "--start", "2015-02-11 10:00", "--players", SEATS],
    [*ADD, "--id", "g3", "--start", "2015-02-11 10:00", "--players", SEATS],  # the same again
    [*ADD, "--id", "g3", "--start", "2015-02-11 11:00", "--players", SEATS],  # other data
    [*ADD, "--id", "g4", "--start", "2015-02-11 10:00", "--players", SEATS, "--json"],
    [*ADD, "--id", "g5", "--start", "2015-02-11 10:00", "--zone", "Europe/Moscow",
     "--players", "#1=10,#2=10,Eva=10,Fedor=-30"],
    ["games", "add", "mj", "--table", "Lobby", "--id", "g6", "--start", "2015-02-11 10:00",
     "--players", SEATS],
    [*ADD, "--id", "g7", "--start", "2031-01-01 10:00", "--players", SEATS],
    [*ADD, "--id", "g8", "--start", "2015-02-11 10:00", "--zone", "Mars/Base",
     "--players", SEATS],
    [*ADD, "--id", "g9", "--start", "2015-02-11 10:00", "--players", "Anna=30,Boris=25"],
    ["games", "add", "nobody", "--table", "RU-Marathon-1", "--id", "g10", "--start",
     "2015-02-11 10:00", "--players", SEATS],
    ["penalty", "mj", "Anna", "--kind", "6a", "--amount", "10", "--game", "g1",
     "--reason", "late"],
    ["penalty", "mj", "Anna", "--kind", "6a", "--amount", "7", "--game", "g1",
     "--reason", "late"],
    ["disqualify", "game", "mj", "g2", "--reason", "server"],
    ["disqualify", "player", "mj", "Boris", "--from", "2015-02-01", "--reason", "cheat"],
    ["revert", "mj", "2", "--reason", "not a decision"],
    ["mahjong-marathon", "revert", "mj", "9999", "--reason", "no such"],
    ["publish", "mj", "--reason", "first"],
]
TIMES = re.compile(r"\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?( UTC|\+00:00)?")


def run(args: list[str], db: str, lang: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["--db", db, "--actor", "judge", "--lang", lang, *args],
                                catch_exceptions=False)
    assert "Traceback" not in result.output
    return result.exit_code, TIMES.sub("<time>", result.stdout), result.stderr


def log(path: Path) -> list[tuple[Any, ...]]:
    connection = sqlite3.connect(path)
    try:
        found = connection.execute("SELECT seq, kind, actor, reason, payload FROM actions "
                                   "ORDER BY seq").fetchall()
    finally:
        connection.close()
    return [(seq, kind, actor, reason, json.loads(payload))
            for seq, kind, actor, reason, payload in found]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_marathons_commands_are_the_same_plain_and_over_the_orm(
        tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(main.console, "width", 140)
    games = tmp_path / "games.csv"
    games.write_text(HEADER + GAMES, encoding="utf-8")
    paths = {"plain": tmp_path / "plain.db", "orm": tmp_path / "orm.db"}
    names = {"plain": str(paths["plain"]), "orm": f"sqlite:///{paths['orm']}"}
    for db in names.values():  # created, players and games, through the ORM (kernel commands)
        assert run(["event", "create", "mj", "--format", "mahjong-marathon", "--seed", "1"],
                   db, lang)[0] == 0
    plain_writes: list[int] = []
    real = plain_store.PlainRepository.append

    def counted(self: Any, *args: Any, **kwargs: Any) -> None:
        plain_writes.append(1)
        real(self, *args, **kwargs)

    monkeypatch.setattr(plain_store.PlainRepository, "append", counted)
    for db in names.values():
        assert run(["games", "import", "mj", str(games), "--zone", "server"], db, lang)[0] == 0
    # both logs written in plain SQL: the file's by the command line's PlainDatabase (no
    # SQLAlchemy imported), the URL's by Database's event store (SQLAlchemy made it and
    # migrated it; tests/store/test_plain.py compares the rows with the ORM's)
    assert len(plain_writes) == 2
    codes = []
    for args in COMMANDS:
        said = {name: run(args, db, lang) for name, db in names.items()}
        assert said["plain"] == said["orm"], args
        codes.append(said["plain"][0])
    assert codes == [0, 0, 4, 0, 0, 2, 2, 2, 2, 3, 0, 2, 0, 0, 3, 3, 0]  # refusals among them
    assert log(paths["plain"]) == log(paths["orm"])
    assert len(plain_writes) > len(COMMANDS) // 2


def test_a_marathon_write_imports_no_sqlalchemy(tmp_path: Path) -> None:
    """`podium games add` on a SQLite file at the newest schema: the service, the marathon and
    the store over sqlite3, no SQLAlchemy (its import was a third of the run)."""
    path = tmp_path / "mj.db"
    assert run(["event", "create", "mj", "--format", "mahjong-marathon", "--seed", "1"],
               str(path), "en")[0] == 0
    code = ("import sys, json\n"
            "from podium.cli.main import main\n"
            f"sys.argv = ['podium', '--db', {str(path)!r}, *{COMMANDS[0]!r}]\n"
            "try:\n"
            "    main()\n"
            "except SystemExit as exit:\n"
            "    assert not exit.code, exit.code\n"
            "print('\\n' + json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={"PATH": "", "LANG": "C.UTF-8"})
    text, _, modules = out.stdout.rstrip().rpartition("\n")
    loaded = set(json.loads(modules))
    assert "Game g3 added." in text
    assert {"podium.store.plain_store", "podium.formats.mahjong_marathon.rules"} <= loaded
    assert sorted(m for m in loaded if m.split(".")[0] in ("sqlalchemy", "alembic")) == []
    assert [row[1] for row in log(path)][-3:] == ["player.registered"] * 2 + [
        "mahjong.games.added"]
