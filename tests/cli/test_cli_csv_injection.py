"""`podium standings --csv` and `podium publish --out` neutralise formula cells (the
OWASP "CSV injection" rule) for every format: a player's name that a spreadsheet would run as a
formula is written with a leading ``'``, while the numbers stay numbers."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from tests.cli.conftest import Podium

EVIL = ['=HYPERLINK("http://evil.example","x")', "+1+cmd|' /C calc'!A0",
        "-2+3+cmd|'x'!A1", "@SUM(1+1)*cmd|'x'!A0"]
TAB = "\t=1+1"  # stored as "=1+1" (names are trimmed): still neutralised
DANGEROUS = ("=", "+", "-", "@", "\t", "\r")


def cells(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))


def assert_safe(rows: list[list[str]], names: list[str]) -> None:
    """No cell starts a formula, and each evil name is there, quoted with ``'``."""
    flat = [cell for row in rows for cell in row]
    for cell in flat:
        assert not cell.startswith(DANGEROUS) or cell == "-" or _number(cell), cell
    for name in names:
        assert "'" + name.strip() in flat, (name, rows)


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("fmt, extra", [
    ("commander", []),
    ("berserk", ["--set", "top_size=4"]),
])
def test_round_formats_standings_csv(podium: Podium, tmp_path: Path, fmt: str,
                                     extra: list[str]) -> None:
    podium("event", "create", "ev", "--format", fmt, "--seed", "3", *extra)
    podium("player", "add", "ev", "--", *EVIL, TAB, "Anna", "Boris", "Clara")
    if fmt == "berserk":
        podium("berserk", "split", "ev", "--tables", "1")  # its tables are table-N, no standings
    podium("round", "pair", "ev")
    out = tmp_path / "ev.csv"
    podium("standings", "ev", "--csv", str(out))
    rows = cells(out)
    assert_safe(rows, [*EVIL, TAB])
    assert all(row[0].isdigit() for row in rows[1:])  # places stay numbers


def test_seven_wonders_standings_csv(podium: Podium, tmp_path: Path) -> None:
    podium("event", "create", "sw", "--format", "seven-wonders")
    podium("event", "set", "sw", "start=2025-03-01")
    podium("player", "add", "sw", "--", *EVIL, TAB, "Anna", "Boris")
    podium("sw", "leagues", "sw")
    out = tmp_path / "sw.csv"
    podium("standings", "sw", "--csv", str(out))
    assert_safe(cells(out), [*EVIL, TAB])


def test_marathon_standings_and_publication_csv(podium: Podium, tmp_path: Path) -> None:
    podium("event", "create", "mj", "--format", "mahjong-marathon", "--seed", "1")
    games = io.StringIO()
    writer = csv.writer(games, lineterminator="\n")
    writer.writerow(["game_id", "table", "start", "player1", "gp1", "player2", "gp2",
                     "player3", "gp3", "player4", "gp4"])
    writer.writerow(["g1", "RU-Marathon-1", "2015-02-10 12:00", EVIL[0], 40, EVIL[1], 20,
                     EVIL[2], 0, EVIL[3], -60])
    path = tmp_path / "games.csv"
    path.write_text(games.getvalue(), encoding="utf-8")
    podium("games", "import", "mj", str(path), "--zone", "server")
    out = tmp_path / "mj.csv"
    podium("standings", "mj", "--csv", str(out))
    rows = cells(out)
    assert_safe(rows, EVIL)
    podium("publish", "mj", "--out", str(tmp_path / "pub"))
    written = sorted((tmp_path / "pub").glob("*.csv"))
    assert written
    for file in written:
        assert_safe(cells(file), [])
    stage = cells(tmp_path / "pub" / "mj-1-stage-1.csv")
    assert_safe(stage, EVIL)
    assert "-60" in [cell for row in stage for cell in row]  # a negative number stays a number
