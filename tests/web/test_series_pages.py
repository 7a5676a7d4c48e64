"""A series' pages: its table (a 7 Wonders year table with the site-currency column, rule W7-1)
and a player's path, as standalone HTML and CSV, in Russian and English."""

from __future__ import annotations

from podium.formats.seven_wonders.year_demo import play_year
from tests.web.conftest import Site


def test_year_table_and_player_path(site: Site) -> None:
    play_year(site.events, "y", 28, 2, 4)
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


def test_a_circuit_table_without_currency(site: Site) -> None:
    from podium.service.series import AddMember

    site.events.create_event("circuit", "Circuit", "series", {"best": 1}, "org", 1)
    site.event("night-1", None, players=4)
    site.events.execute(AddMember("circuit", "night-1", "Night 1"), "org")
    page = site.client().get("/e/circuit/series/table.csv")
    assert page.status_code == 200 and "Night 1" in page.text and "currency" not in page.text
    path = site.client().get("/e/circuit/series/player/P1.csv")
    assert path.status_code == 200 and "Night 1" in path.text
