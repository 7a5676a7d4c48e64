"""A person's page across events (``/p/<person>``), its rating chart (an SVG image under the
site's CSP), the ratings page, the head to head, and a hidden person never named."""

from __future__ import annotations

import re

from podium.formats.people.rules import REGISTRY
from tests.formats.people.helpers import register
from tests.formats.people.test_people_ratings import NAMES, draw_shared, one_pod
from tests.web.conftest import Site


def setup(site: Site, hidden: tuple[str, ...] = ()) -> dict[str, int]:
    one_pod(site.events, "first", draw_shared, day="2026-01-10")
    one_pod(site.events, "second", lambda ids, seats: {
        "winner": ids["Vera"], "eliminated": [ids["Anna"], ids["Boris"], ids["Gleb"]]},
        day="2026-02-10", seed=9)
    return register(site.events, NAMES, [(e, n, n) for e in ("first", "second") for n in NAMES],
                    hidden=hidden)


def test_the_person_page_shows_events_games_and_a_rating_chart(site: Site) -> None:
    ids = setup(site)
    client = site.client()
    page = client.get(f"/p/{ids['Anna']}")
    assert page.status_code == 200
    html = page.text
    assert "<h2>Anna" in html
    assert 'href="/e/first"' in html and 'href="/e/second"' in html
    assert f'href="/p/{ids["Vera"]}"' in html  # an opponent opens their page
    assert "<script>" not in html and "style=" not in html  # CSP: nothing inline
    chart = re.search(r'<img class="chart" src="([^"]+)"', html)
    assert chart is not None and chart.group(1) == f"/p/{ids['Anna']}/rating/commander.svg"
    svg = client.get(chart.group(1))
    assert svg.status_code == 200
    assert svg.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in svg.text and "<script" not in svg.text
    assert "script-src" not in svg.headers["content-security-policy"]
    # the head to head form lists the others; its answer counts who finished ahead
    assert 'name="other"' in html
    versus = client.get(f"/p/{ids['Anna']}/versus", params={"other": ids["Vera"]})
    assert versus.status_code == 200
    assert "Ahead: 1 · behind: 1 · level: 0" in versus.text


def test_the_ratings_page_picks_a_system_and_a_day(site: Site) -> None:
    ids = setup(site)
    client = site.client()
    page = client.get("/ratings", params={"system": "commander", "since": "2026-02-01"})
    assert page.status_code == 200
    assert "Commander ratings" in page.text
    assert f'href="/p/{ids["Vera"]}"' in page.text
    assert 'name="system"' in page.text and 'type="date"' in page.text
    assert "Change" in page.text
    assert client.get(f"/e/{REGISTRY}/p/ratings").status_code == 200
    ru = client.get("/ratings", headers={"accept-language": "ru"})
    assert ru.status_code == 200


def test_a_hidden_person_is_never_named(site: Site) -> None:
    ids = setup(site, hidden=("Vera",))
    client = site.client()
    urls = [f"/p/{ids['Anna']}", f"/p/{ids['Vera']}", "/ratings", f"/e/{REGISTRY}/p/list",
            f"/api/v1/events/{REGISTRY}/views/people.ratings?system=commander",
            f"/api/v1/events/{REGISTRY}/views/people.person?person={ids['Anna']}",
            f"/api/v1/events/{REGISTRY}/views/people.list",
            f"/p/{ids['Anna']}/versus?other={ids['Vera']}"]
    for url in urls:
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert "Vera" not in answer.text, url
    assert "V." in client.get("/ratings").text
    assert client.get("/p/Vera").status_code == 404  # not found by the hidden name


def test_the_api_serves_the_ratings_from_the_declaration(site: Site) -> None:
    setup(site)
    answer = site.client().get(f"/api/v1/events/{REGISTRY}/views/people.ratings",
                               params={"system": "commander"})
    assert answer.status_code == 200
    rows = answer.json()["rows"]
    assert len(rows) == 4
    rating = rows[0]["cells"]["rating"]
    assert set(rating["value"]) == {"num", "den"}  # exact, typed
    assert re.fullmatch(r"-?\d+\.\d", rating["text"])  # one decimal shown


def test_a_linked_players_page_links_the_persons_page(site: Site) -> None:
    # the format's own page about one player (the marathon's player page) links to the
    # person's page across events when the register links that player, and not otherwise
    from click.testing import CliRunner

    from podium.cli.main import cli

    runner = CliRunner()
    path = str(site.db.url.database)  # the site's SQLite file, as the organiser's CLI opens it
    for args in (["event", "create", "mj", "--format", "mahjong-marathon", "--seed", "1"],
                 ["games", "add", "mj", "--table", "RU-Marathon-1", "--id", "g1", "--start",
                  "2015-02-11 10:00", "--players", "Anna=30,Boris=25,Vera=0,Gleb=-55"]):
        result = runner.invoke(cli, ["--db", path, *args], catch_exceptions=False)
        assert result.exit_code == 0, result.output
    ids = register(site.events, NAMES, [("mj", "Anna", "Anna")])
    client = site.client()
    anna = client.get("/e/mj/p/player", params={"name": "Anna"})
    assert anna.status_code == 200
    assert f'href="/p/{ids["Anna"]}"' in anna.text
    boris = client.get("/e/mj/p/player", params={"name": "Boris"})
    assert boris.status_code == 200 and 'class="person-link"' not in boris.text


def test_the_ratings_page_before_any_link_says_how_to_begin(site: Site) -> None:
    # no register yet: a page that says how ratings begin, in Russian too, never a 404
    page = site.client().get("/ratings", headers={"Accept-Language": "ru"})
    assert page.status_code == 200
    assert "Рейтингов пока нет" in page.text and "people" not in page.text.split("<main")[1]
    assert site.client().get("/p/1").status_code == 404  # no such person
