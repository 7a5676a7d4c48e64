"""A series' pages: its overview (a tab of its public page), its table and a player's history,
as pages and CSV downloads, in Russian and English. What they show comes from the members'
format through the hooks ``Ruleset.series_views`` / ``series_history`` (a 7 Wonders year: the
year table with the site-currency column, rule W7-1; what is due; the Legendary League), never
from an import of that format."""

from __future__ import annotations

import ast
from pathlib import Path

from podium.formats.seven_wonders.rules import SevenWonders
from podium.formats.seven_wonders.year_demo import play_year
from podium.formats.seven_wonders.year_views import YearHooks
from podium.service.series import AddMember
from tests.web.conftest import Site

SERIES_PACKAGE = Path(__file__).resolve().parents[3] / "src" / "podium" / "formats" / "series"


def test_the_ruleset_binds_the_year_hooks() -> None:
    assert issubclass(SevenWonders, YearHooks)


def test_no_module_of_the_series_imports_another_format() -> None:
    # issue 18: a format's package never imports another format's
    for path in SERIES_PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert not (name.startswith("podium.formats.")
                            and not name.startswith("podium.formats.series")
                            and name not in ("podium.formats.settings",)), (path.name, name)


def test_year_table_and_player_path(site: Site) -> None:
    # rule W7-1: the year table with the site-currency column; a player's path by season
    play_year(site.events, "y", 28, 2, 4, legendary=False)
    client = site.client()
    page = client.get("/e/y-year/series/table.html?lang=ru")
    assert page.status_code == 200 and "Валюта сайта (1:1)" in page.text
    csv = client.get("/e/y-year/series/table.csv")
    assert csv.status_code == 200 and "Site currency (1:1)" in csv.text
    assert csv.text.count("\n") >= 29
    path = client.get("/e/y-year/series/player/Player 01.html")
    assert path.status_code == 200 and "Season 0 (starting)" in path.text
    assert client.get("/e/y-year/series/player/Nobody.html").status_code == 404
    assert client.get("/e/y-s1/series/table.html").status_code == 409  # not a series


def test_the_years_overview_from_the_public_page(site: Site) -> None:
    # the year's dashboard on the web: the seasons with their status, the last season's
    # leagues, what is due, the Legendary League (rules W7-31 .. W7-34), the year table
    year = play_year(site.events, "y", 28, 2, 6)
    client = site.client()
    public = client.get("/e/y-year")  # the series' public page is its overview
    assert public.status_code == 303 and public.headers["location"] == "/e/y-year/series/overview"
    tab = client.get("/e/y-year/p/overview")  # the old tab's address still answers
    assert tab.status_code == 200 and 'hx-get="/e/y-year/series/overview"' in tab.text
    body = client.get("/e/y-year/series/overview", headers={"HX-Request": "true"})
    assert body.status_code == 200 and "<html" not in body.text
    for text in ("Season 0 (starting)", "Season 1", "complete", "Gods", "Warriors B",
                 "What is due", "won the Legendary League", "Legendary League", "Year table",
                 "Site currency (1:1)"):
        assert text in body.text, text
    champion = year.legendary.value.champion
    assert champion in body.text
    client.cookies.set("lang", "ru")
    ru = client.get("/e/y-year/series/overview")
    assert ru.status_code == 200 and "<html" in ru.text
    assert "Что дальше" in ru.text and "Легендарная лига" in ru.text


def test_the_overview_while_a_season_plays(site: Site) -> None:
    # rule W7-2: what is due is each league's next game with its players
    play_year(site.events, "y", 28, 1, 6, legendary=False)
    site.events.create_event("y2", "Year two", "series", {}, "org", 1)
    from podium.formats.seven_wonders.year_demo import run, signups_csv

    csv = signups_csv([(f"N{i:02d}", 1500 + i, False) for i in range(1, 29)])
    run(site.events, "start-year", "y2", {"season": "y2-s0",
                                          "signups": {"name": "s.csv", "text": csv}})
    body = site.client().get("/e/y2/series/overview").text
    assert "League 1: game 1" in body and "N28" in body


def test_a_circuit_table_without_currency(site: Site) -> None:
    # a series of another format shows the ledger (the default hooks)
    site.events.create_event("circuit", "Circuit", "series", {"best": 1}, "org", 1)
    site.event("night-1", None, players=4)
    site.events.execute(AddMember("circuit", "night-1", "Night 1"), "org")
    page = site.client().get("/e/circuit/series/table.csv")
    assert page.status_code == 200 and "Night 1" in page.text and "currency" not in page.text
    path = site.client().get("/e/circuit/series/player/P1.csv")
    assert path.status_code == 200 and "Night 1" in path.text
    overview = site.client().get("/e/circuit/series/overview")
    assert overview.status_code == 200 and "Night 1" in overview.text
    assert "Series table" in overview.text
    missing = site.client().get("/e/circuit/series/player/Nobody.csv")
    assert missing.status_code == 404
