"""Terminal tables never cut a place, a name or a number (issue 20): each format's tables
printed in a terminal 80 and 100 columns wide, without a "…", every name whole; wider than the
terminal, a table switches to the narrow layout (one block a row)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from podium.cli import base
from podium.cli.main import cli

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One database with a demo of each format (small, seeded)."""
    path = str(tmp_path_factory.mktemp("term") / "t.db")
    for args in (
        ["commander", "--players", "24", "--seed", "3"],
        ["berserk", "--players", "20", "--tables", "2", "--top", "4", "--seed", "3"],
        ["marathon", "--players", "60", "--games", "1500", "--seed", "3"],
        ["seven-wonders", "--players", "28", "--seed", "3"],
    ):
        result = CliRunner().invoke(cli, ["--db", path, "demo", *args])
        assert result.exit_code == 0, result.output
    yield path


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """The command line's console as a terminal of a given width."""

    def at(width: int) -> None:
        monkeypatch.setattr(base.console, "_force_terminal", True)
        monkeypatch.setattr(base.console, "_width", width)
        monkeypatch.setattr(base.console, "_file", None)

    yield at


def shown(db: str, *args: str) -> str:
    result = CliRunner().invoke(cli, ["--db", db, *args])
    assert result.exit_code == 0, result.output
    return ANSI.sub("", result.output)


TABLES = [
    ("standings", "demo-commander-24-3", "--top", "30"),
    ("log", "demo-commander-24-3"),
    ("round", "show", "demo-commander-24-3", "1"),
    ("berserk", "tables", "demo-berserk-20-2-4-3"),
    ("standings", "demo-marathon-60-3", "--stage", "1", "--lang", "ru", "--top", "30"),
    ("standings", "demo-marathon-60-3", "--table", "total", "--top", "30"),
    ("sw", "table", "demo-seven-wonders-28-3", "--lang", "ru"),
]


@pytest.mark.parametrize("width", [80, 100])
@pytest.mark.parametrize("args", TABLES, ids=lambda a: " ".join(a[:3]))
def test_no_cell_is_cut(db: str, terminal, width: int, args: tuple[str, ...]) -> None:
    terminal(width)
    text = shown(db, *args)
    assert "…" not in text, text[:2000]
    assert all(len(line) <= width for line in text.splitlines()), max(map(len, text.splitlines()))


def test_every_name_is_whole_in_a_narrow_terminal(db: str, terminal) -> None:
    terminal(80)
    text = shown(db, "standings", "demo-marathon-60-3", "--stage", "1", "--top", "0")
    names = set(re.findall(r"player\d+", text))
    assert len(names) > 20  # each name printed whole: player and its number


def test_a_table_wider_than_the_terminal_takes_the_narrow_layout(db: str, terminal) -> None:
    terminal(60)
    text = shown(db, "standings", "demo-marathon-60-3", "--stage", "1", "--top", "3")
    assert "…" not in text
    assert re.search(r"^1 \S+", text, re.M), text  # "1 player042" then its columns


def test_into_a_file_a_table_keeps_its_full_width(db: str, tmp_path: Path) -> None:
    text = shown(db, "standings", "demo-marathon-60-3", "--stage", "1", "--top", "3")
    assert "…" not in text
