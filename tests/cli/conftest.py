"""CLI fixtures: run `podium` in-process on a fresh SQLite file, as the judge."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from podium.cli import main
from podium.cli.main import cli
from podium.service import EventService, LoadedEvent
from podium.store.db import Database, resolve_url

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def flat(text: str) -> str:
    """Output with colour codes removed and every run of whitespace (wrapping) made one space."""
    return " ".join(ANSI.sub("", text).split())


@dataclass
class Podium:
    """The `podium` command on one database file, with helpers to look at what it stored."""

    db: Path
    actor: str = "judge"
    _services: list[EventService] = field(default_factory=list)

    def __call__(self, *args: str, code: int = 0, db: Path | None = None,
                 input: str | bytes | None = None) -> Result:
        runner = CliRunner()
        result = runner.invoke(
            cli, ["--db", str(db or self.db), "--actor", self.actor, *args],
            input=input, catch_exceptions=False,
        )
        assert result.exit_code == code, (
            f"podium {' '.join(args)} exited {result.exit_code}, expected {code}\n"
            f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}"
        )
        return result

    def out(self, *args: str, **kwargs: Any) -> str:
        return ANSI.sub("", self(*args, **kwargs).stdout)

    def error(self, *args: str, code: int) -> str:
        """Run a command that must fail with ``code``; its flattened error message."""
        result = self(*args, code=code)
        assert "Traceback" not in result.output
        message = flat(result.stderr)
        assert message.startswith("Error:"), message
        return message

    def service(self, db: Path | None = None) -> EventService:
        service = EventService(Database(resolve_url(str(db or self.db))))
        self._services.append(service)
        return service

    def load(self, slug: str, db: Path | None = None) -> LoadedEvent:
        return self.service(db).load(slug)

    def export(self, slug: str, db: Path | None = None) -> str:
        return self("export", slug, db=db).stdout

    def action_count(self, slug: str) -> int:
        return len(json.loads(self.export(slug))["actions"])

    def seating(self, slug: str, number: int | None = None) -> list[list[str]]:
        """Names per table, in turn order, of round ``number`` (default: the last)."""
        state = self.load(slug).state
        rnd = state.rounds[(number or len(state.rounds)) - 1]
        return [[state.players[pid].name for pid in table.seats] for table in rnd.tables]

    def byes(self, slug: str, number: int | None = None) -> list[str]:
        state = self.load(slug).state
        rnd = state.rounds[(number or len(state.rounds)) - 1]
        return [state.players[bye.player].name for bye in rnd.byes]

    def win_all(self, slug: str) -> None:
        """Enter every open table of the current round: seat 1 wins, the others out in seat
        order."""
        state = self.load(slug).state
        rnd = state.rounds[-1]
        for table in rnd.tables:
            if table.number in rnd.results:
                continue
            names = [state.players[pid].name for pid in table.seats]
            self("result", "enter", slug, str(table.number), "--winner", names[0],
                 "--order", ",".join(names[1:]))

    def close(self) -> None:
        for service in self._services:
            service.db.dispose()


@pytest.fixture
def podium(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Podium]:
    # The width piped output gets (see podium.cli.main), whatever COLUMNS the test run has.
    monkeypatch.setattr(main.console, "width", 140)
    runner = Podium(tmp_path / "x.db")
    yield runner
    runner.close()


@pytest.fixture
def make_event(podium: Podium) -> Callable[..., list[str]]:
    """Create event ``slug`` with ``players`` named players; returns their names."""

    def make(slug: str = "cup", players: int = 8, seed: int = 42, *settings: str) -> list[str]:
        sets = [arg for s in settings for arg in ("--set", s)]
        podium("event", "create", slug, "--seed", str(seed), *sets)
        names = [NAMES[i] for i in range(players)]
        podium("player", "add", slug, *names)
        return names

    return make


@pytest.fixture
def paired(podium: Podium, make_event) -> list[list[str]]:
    """Event ``cup`` with 8 players and round 1 paired: its two tables, names in seat order."""
    make_event("cup", 8, 42, "rounds=3", "fewer_rounds=yes")
    podium("round", "pair", "cup")
    return podium.seating("cup")


def refused(podium: Podium, args: list[str], code: int, *needles: str) -> str:
    """Run a command on event ``cup`` that must fail with ``code``, its message holding each
    of ``needles``, and check it stored nothing (the exported file is unchanged)."""
    exported = podium.export("cup")
    message = podium.error(*args, code=code)
    for needle in needles:
        assert needle in message, message
    assert podium.export("cup") == exported, "a refused command changed the event"
    return message


def w(pod: list[str]) -> list[str]:
    """A valid winner + order for ``pod``: seat 1 wins, the others out in seat order."""
    return ["--winner", pod[0], "--order", ",".join(pod[1:])]


NAMES = [
    "Anna", "Boris", "Clara", "Dmitri", "Eva", "Fedor", "Gleb", "Hanna", "Ivan", "Julia",
    "Kirill", "Lena", "Mark", "Nina", "Oleg", "Polina",
]


SEAT_ROW = re.compile(r"^\s*(\d+)\s{2,}(\S(?:.*?\S)?)\s{2,}(\d+)\s{2,}(\d+(?:\.\d+)?)\s*$")


def printed_pods(text: str) -> list[list[str]]:
    """The pods of a printed pairing (preview or `round show`): names per table in seat order."""
    pods: list[list[str]] = []
    for line in ANSI.sub("", text).splitlines():
        match = SEAT_ROW.match(line)
        if not match:
            continue
        seat, name = int(match[1]), match[2]
        if seat == 1:
            pods.append([])
        assert seat == len(pods[-1]) + 1, f"seat {seat} out of order in {line!r}"
        pods[-1].append(name)
    return pods


def standings_rows(text: str) -> dict[str, dict[str, str]]:
    """Rows of a printed standings table by player name, keyed by column header."""
    lines = ANSI.sub("", text).splitlines()
    header_at = next(i for i, line in enumerate(lines) if re.match(r"^\s*#\s+Player\s", line))
    headers = re.split(r"\s{2,}", lines[header_at].strip())
    rows = {}
    for line in lines[header_at + 2:]:
        cells = re.split(r"\s{2,}", line.strip())
        if len(cells) < len(headers) - 1 or not cells[0].isdigit():
            continue
        row = dict.fromkeys(headers, "") | dict(zip(headers, cells, strict=False))
        rows[row["Player"]] = row
    return rows


def last_action(podium: Podium, slug: str = "cup") -> dict[str, object]:
    """The event's last log record as `podium export` writes it."""
    return json.loads(podium.export(slug))["actions"][-1]
