"""The year's declared views (:mod:`podium.formats.seven_wonders.year_reads`) on the golden year
(two seasons, the survival battles and the Legendary League; ``golden/make_golden_year.py``):
the year table and a player's path worked by hand from the seasons' games (rules W7-1, W7-2,
W7-7, W7-8, W7-16 .. W7-18, W7-25), the series' own views speaking through them, and every view
alike on the command line, the API and the pages."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from podium.compose import build_catalog
from podium.core.commands import CLI, TEXT, Caller
from podium.core.errors import Conflict, NotFound
from podium.service.catalog import Invocation
from podium.service.events import EventService
from podium.service.series import AddMember
from podium.service.transfer import import_document, parse_document
from podium.store.db import Database
from podium.testing import Surfaces, every_view_answers

GOLDEN = Path(__file__).resolve().parent / "golden"
SLUGS = ("y-s0", "y-s1", "y-year")


@pytest.fixture(scope="module")
def golden_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("year") / "golden.db"
    service = EventService(Database(str(path)))
    for slug in SLUGS:
        import_document(service, parse_document((GOLDEN / f"{slug}.json").read_text("utf-8")))
    service.db.dispose()
    return path


@pytest.fixture
def service(golden_db: Path, tmp_path: Path) -> EventService:
    copy = tmp_path / "golden.db"
    shutil.copy(golden_db, copy)
    return EventService(Database(str(copy)), catalog=build_catalog())


def read(service: EventService, view: str, slug: str = "y-year", **fields: str) -> Any:
    return service.read(Invocation(view, slug, fields, TEXT, CLI), Caller.cli("test")).value


def test_the_year_table_worked_by_hand(service: EventService) -> None:
    """Player 06, season 0 (starting), League 1: game 1 (7 players) 5th; game 2 (6 players)
    tied for 1st, the 6 winner points split, 3 each (rules W7-16, W7-25); game 3 2nd; game 4 (4
    players) 1st, 4; the final (3 players) 1st, 3 and the league's 1st place (W7-2): 10 winner
    points, place points (8 - 1) x 2 = 14 (W7-17, m = 2 in every starting league), 1st in the
    Battle of Titans of the league winners, 35 (W7-6, W7-18): 59. Season 1, League of Gods (a
    starting league's winner goes to the highest league, W7-7): no game won, 6th place, (8 - 6)
    x 3 = 6 (W7-17, m = 3 in Gods), down to Priests (W7-8). The year: 59 + 6 = 65, paid out
    1:1 in the site's currency (W7-1, W7-16)."""
    table = read(service, "seven-wonders.year-table")
    assert [c.label for c in table.columns] == [
        "Place", "Player", "Season 0 (starting)", "Season 1", "Total = site currency (1:1)"]
    row = next(r for r in table.rows if r["player"] == "Player 06")
    assert (row["rank"], row["s0"], row["s1"], row["total"]) == (1, 59, 6, 65)
    # a player who left after the starting season has no points in season 1 (rule W7-1)
    left = next(r for r in table.rows if r["player"] == "Player 04")
    assert (left["s0"], left["s1"], left["total"]) == (4, None, 4)
    # the year's first table is the same table; the series' overview shows the year
    year = read(service, "seven-wonders.year")
    assert year[0].rows == table.rows
    # the survival battles were before season 1 (kept in season 0): the last season has none
    assert [v.key for v in year] == ["year", "members", "leagues", "due", "legendary",
                                     "legendary-notes"]
    assert [v.key for v in read(service, "series.overview")] == [v.key for v in year]
    # the series' own ledger counts the same points, without the currency column
    ledger = read(service, "series.table")
    assert next(r for r in ledger.rows if r["player"] == "Player 06")["total"] == 65


def test_a_players_path_worked_by_hand(service: EventService) -> None:
    # rule W7-1: Player 06 won League 1 of the starting season, then took 6th in the League of
    # Gods (W7-7, W7-8); Player 30 came in for season 1 only, 7th in Warriors B: (8 - 7) x 1
    # = 1 point (W7-17, m = 1 in Warriors) and no game won
    path = read(service, "seven-wonders.path", name="Player 06")
    assert [(str(r["season"]), str(r["league"]), r["place"], r["points"], r["member"])
            for r in path.rows] == [("Season 0 (starting)", "League 1", 1, 59, "y-s0"),
                                    ("Season 1", "League of Gods", 6, 6, "y-s1")]
    assert path.title_args == {"player": "Player 06"}
    newcomer = read(service, "seven-wonders.path", name="Player 30")
    assert [(str(r["league"]), r["place"], r["points"]) for r in newcomer.rows] == [
        ("—", None, None), ("League of Warriors B", 7, 1)]
    # the series' player page speaks through the year's path
    assert read(service, "series.player", name="Player 06").rows == path.rows
    with pytest.raises(NotFound) as nobody:
        read(service, "seven-wonders.path", name="Nobody")
    assert (nobody.value.code, nobody.value.field) == ("sw.year.player", "name")


def test_the_years_other_tables(service: EventService) -> None:
    # rules W7-14, W7-31 .. W7-34: the survival battles kept in the last season (none before
    # season 2), the Legendary League with its champion, what is due: nothing but the end
    assert read(service, "seven-wonders.survival").rows == ()
    league, notes = read(service, "seven-wonders.legendary")
    assert league.key == "legendary" and len({r["number"] for r in league.rows}) == 7
    assert notes.key == "legendary-notes"
    due = read(service, "seven-wonders.year-due")
    assert [str(r["what"]) for r in due.rows] == [
        "Player 05 won the Legendary League: the year is over."]


def test_a_year_of_another_format_is_refused(service: EventService) -> None:
    service.create_event("mixed", "Mixed", "series", {}, "org", 1)
    service.run_command(AddMember("mixed", "y-s0", "Season 0", {"signups": []}), "org")
    service.create_event("night", "Night", "commander", {}, "org", 1)
    service.run_command(AddMember("mixed", "night", "Night"), "org")
    with pytest.raises(Conflict) as refused:
        read(service, "seven-wonders.year", slug="mixed")
    assert refused.value.code == "sw.year.not_season"
    # the series shows its own ledger: its members are of two formats
    assert [v.key for v in read(service, "series.overview", slug="mixed")] == [
        "series", "members"]


def test_every_view_of_the_year_answers_alike_on_every_surface(golden_db: Path,
                                                               tmp_path: Path) -> None:
    copy = tmp_path / "kit.db"
    shutil.copy(golden_db, copy)
    surfaces = Surfaces(copy)
    surfaces.own("y-year")
    compared = every_view_answers(surfaces, "y-year")
    assert {"seven-wonders.year", "seven-wonders.path", "seven-wonders.year-table",
            "seven-wonders.year-due", "seven-wonders.survival", "seven-wonders.legendary",
            "series.overview", "series.table"} <= set(compared)
