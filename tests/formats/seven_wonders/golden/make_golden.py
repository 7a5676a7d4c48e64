"""Write the golden 7 Wonders seasons of this folder: each season is played through ``podium sw``
(in-process, as an organiser and its players would), written by ``podium export`` as
``<name>.json``, and its season table (the ``season`` view's rows, what
``test_seven_wonders_golden.py`` compares) as ``<name>.table.json``.

Run it from the repository root only to add a season, then check every total of the new table
by hand against the regulation (the test holds the hand-worked totals, so a table written by a
wrong engine fails). ``regular.json`` was written when the season kept its self-reports in its
log (the kinds ``seven-wonders.report`` and ``.confirmed``, still replayed: the test checks the
file holds them); today the self-report is the kernel's and only the game is logged, so keep
that file as it is::

    .venv/bin/python tests/formats/seven_wonders/golden/make_golden.py

The seasons (rules cited):

- ``regular``: a regular season of 4 leagues (W7-7). Gods game 1 has a tie for last that nothing
  breaks (W7-26 (1)-(3)) and a die roll at the table (W7-26 (4)); Galina's overrun in it (W7-19)
  is lifted (W7-24). Priests game 1 ends unfinished by P7's kick (W7-20, W7-21); P3's overrun in
  Priests game 2 is reported after the game (W7-19). Warriors B's final is self-reported by V1
  and confirmed by V2 and V3 (W7-36). Then the Fortune match (W7-11), the Will match (W7-12) and
  the Battle of Titans with a shared first place (W7-18, W7-28).
- ``starting``: a starting season of 2 equal leagues (W7-5, W7-17 m = 2): League 1's first game
  ends unfinished by the time limit, A7 deepest in negative time (W7-19, W7-21); the league
  winners play the Battle of Titans (W7-6).
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from podium.cli.main import cli
from podium.service import EventService
from podium.service.selfreport import SelfReportService
from podium.store.db import Database, resolve_url

HERE = Path(__file__).resolve().parent
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
GODS = "Anna, Boris, Clara, Dmitry, Elena, Fedor, Galina"
PRIESTS = ", ".join(f"P{i}" for i in range(1, 8))
WARRIORS_A = ", ".join(f"W{i}" for i in range(1, 8))
WARRIORS_B = ", ".join(f"V{i}" for i in range(1, 8))


class Podium:
    """``podium`` on one database file, failing loudly."""

    def __init__(self, db: Path) -> None:
        self.db = db

    def __call__(self, *args: str) -> str:
        result = CliRunner().invoke(cli, ["--db", str(self.db), "--actor", "org", *args],
                                    catch_exceptions=False)
        assert result.exit_code == 0, (args, result.stdout, result.stderr)
        return ANSI.sub("", result.stdout)

    def service(self) -> EventService:
        return EventService(Database(resolve_url(str(self.db))))


def ladder(podium: Podium, slug: str, league: str, names: str) -> None:
    """A ladder with no ties: the last name of each game is out (rule W7-2)."""
    left = [n.strip() for n in names.split(",")]
    while left:
        podium("sw", "game", slug, league, ", ".join(left))
        if len(left) == 3:
            return
        left.pop()


def regular(podium: Podium) -> str:
    slug = "golden-regular"
    podium("event", "create", slug, "--name", "Golden regular season", "--format",
           "seven-wonders", "--seed", "11")
    podium("event", "set", slug, "start=2025-03-01")
    for names in (GODS, PRIESTS, WARRIORS_A, WARRIORS_B):
        podium("player", "add", slug, *[n.strip() for n in names.split(",")])
    podium("sw", "leagues", slug, "--league", GODS, "--league", PRIESTS, "--league",
           WARRIORS_A, "--league", WARRIORS_B, "--reason", "the sign-up list")
    podium("sw", "profile", slug, "Boris", "--premium")
    # Gods: a tie for last (Fedor = Galina) nothing breaks, a die roll at the table (W7-26)
    podium("sw", "game", slug, "gods", "Anna, Boris, Clara, Dmitry, Elena, Fedor = Galina",
           "--overrun", "Galina", "--score", "Anna=61", "--link",
           "https://boardgamearena.com/table?table=101")
    podium("sw", "roll", slug, "gods/1", "--roll", "Fedor=2", "--roll", "Galina=5")
    podium("sw", "lift", slug, "gods/1", "Galina", "--reason", "the site froze (confirmed)")
    podium("sw", "game", slug, "gods", "Boris, Anna, Clara, Dmitry, Galina, Elena")
    podium("sw", "game", slug, "gods", "Clara, Anna, Boris, Galina, Dmitry")
    podium("sw", "game", slug, "gods", "Anna, Clara, Boris, Galina")
    podium("sw", "game", slug, "gods", "Anna, Boris, Clara")
    # Priests: P7 kicks another player, the game is unfinished (W7-20, W7-21)
    podium("sw", "game", slug, "priests", PRIESTS, "--unfinished", "--kick", "P7")
    podium("sw", "game", slug, "priests", "P2, P1, P3, P4, P5, P6")
    podium("sw", "overrun", slug, "priests/2", "P3", "--reason", "seen on the replay")
    podium("sw", "game", slug, "priests", "P1, P2, P3, P4, P5")
    podium("sw", "game", slug, "priests", "P1, P2, P3, P4")
    podium("sw", "game", slug, "priests", "P1, P2, P3")
    ladder(podium, slug, "warriors-a", WARRIORS_A)
    for names in ("V1, V2, V3, V4, V5, V6, V7", "V1, V2, V3, V4, V5, V6", "V1, V2, V3, V4, V5",
                  "V1, V2, V3, V4"):
        podium("sw", "game", slug, "warriors-b", names)
    # Warriors B's final, reported by V1 and confirmed by V2 and V3 (W7-36)
    service = podium.service()
    state = service.load(slug).state
    codes = {state.players[p].name: c for p, c in SelfReportService(service).codes(slug).items()}
    service.db.dispose()
    report = json.loads(podium("sw", "report", slug, "V1, V2, V3", "--code", codes["V1"],
                               "--json"))["answer"]["id"]
    podium("sw", "report-confirm", slug, str(report), "--code", codes["V2"])
    podium("sw", "report-confirm", slug, str(report), "--code", codes["V3"])
    # the special matches (W7-11, W7-12) and the Battle of Titans with a shared 1st (W7-28)
    podium("sw", "special", slug, "fortune", "P2, Clara, W1, V1")
    podium("sw", "special", slug, "will", "W2, P5, V2")
    podium("sw", "special", slug, "titans", "Anna = P1, Boris, P2")
    return slug


def starting(podium: Podium) -> str:
    slug = "golden-starting"
    podium("event", "create", slug, "--name", "Golden starting season", "--format",
           "seven-wonders", "--seed", "12")
    podium("event", "set", slug, "season=starting", "start=2025-01-10")
    league_1 = ", ".join(f"A{i}" for i in range(1, 8))
    league_2 = ", ".join(f"B{i}" for i in range(1, 8))
    podium("player", "add", slug, *[n.strip() for n in (league_1 + ", " + league_2).split(",")])
    podium("sw", "leagues", slug)  # sign-up order, 7 a league (W7-4, W7-5)
    # League 1: game 1 ended by the time limit, A7 deepest in negative time (W7-19, W7-21)
    podium("sw", "game", slug, "league-1", league_1, "--unfinished", "--deepest", "A7")
    ladder(podium, slug, "league-1", ", ".join(f"A{i}" for i in range(1, 7)))
    ladder(podium, slug, "league-2", league_2)
    podium("sw", "special", slug, "titans", "B1, A1")
    return slug


def table_rows(service: EventService, slug: str) -> list[dict[str, Any]]:
    """The season view's rows, as JSON (message objects as their English text)."""
    from podium.formats.seven_wonders.views import season_views

    view = next(v for v in season_views(service.load(slug).state) if v.key == "season")
    return [{key: value if value is None or isinstance(value, int | str) else str(value)
             for key, value in row.items()} for row in view.rows]


def main(out: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        podium = Podium(Path(folder) / "golden.db")
        for play in (regular, starting):
            slug = play(podium)
            name = slug.removeprefix("golden-")
            (out / f"{name}.json").write_text(podium("export", slug), encoding="utf-8")
            service = podium.service()
            rows = table_rows(service, slug)
            service.db.dispose()
            (out / f"{name}.table.json").write_text(
                json.dumps(rows, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
            print(f"{name}: {len(rows)} rows")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE)
