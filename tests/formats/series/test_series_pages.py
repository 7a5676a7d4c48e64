"""A series' declared views (:mod:`podium.formats.series.reads`): its overview (its public page),
its ledger and a player's history, on the pages, their CSV and HTML downloads, the command line
and the API, in Russian and English. What a series of 7 Wonders seasons shows comes from views
the 7 Wonders format declares for series events (the year table with the site-currency column,
rule W7-1; what is due; the Legendary League), never from an import of that format; a series of
another format shows the ledger. The addresses of the series' pages before they were views
answer with a redirect."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

from podium.core.commands import CLI, TEXT, Caller
from podium.formats.seven_wonders.year_demo import play_year
from podium.service.catalog import Invocation
from podium.service.commands import PairRound
from podium.service.series import AddMember
from tests.cli.conftest import Podium, flat
from tests.web.conftest import Site

SRC = Path(__file__).resolve().parents[3] / "src" / "podium"
SERIES_PACKAGE = SRC / "formats" / "series"


def imported(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append(node.module or "")
    return names


def test_no_module_of_the_series_imports_another_format() -> None:
    # a format's package never imports another format's
    for path in SERIES_PACKAGE.glob("*.py"):
        for name in imported(path):
            assert not (name.startswith("podium.formats.")
                        and not name.startswith("podium.formats.series")
                        and name not in ("podium.formats.settings",)), (path.name, name)


def test_the_series_and_the_year_import_no_adapter() -> None:
    # what the series and the year show are declared views: no command line, page or API code
    year = sorted((SRC / "formats" / "seven_wonders").glob("year*.py"))
    for path in [*SERIES_PACKAGE.glob("*.py"), *year]:
        for name in imported(path):
            assert not name.startswith(("podium.cli", "podium.web", "podium.api", "click",
                                        "fastapi")), (path.name, name)


# -- a Commander circuit: the ledger, best-N ------------------------------------------------------
def night(site: Site, slug: str, winner: str | None, survivors: list[str]) -> None:
    """A Commander night of Anna, Boris, Vera and Gleb: one pod of 4, won by ``winner``, or a
    draw with ``survivors``."""
    site.events.create_event(slug, slug, "commander", {}, "org", 1)
    site.events.add_players(slug, ["Anna", "Boris", "Vera", "Gleb"], "org")
    site.events.run_command(PairRound(slug), "org")
    seats = [site.events.load(slug).state.players[p].name
             for p in site.events.load(slug).state.rounds[0].tables[0].seats]
    if winner is not None:
        fields = {"table": "1", "winner": winner,
                  "order": ",".join(n for n in seats if n != winner)}
    else:
        fields = {"table": "1", "draw": "yes", "survivors": ",".join(survivors),
                  "order": ",".join(n for n in seats if n not in survivors)}
    site.events.execute(Invocation("commander.result", slug, fields, TEXT, CLI),
                        Caller.cli("org"))


def circuit(site: Site, best: int) -> None:
    """Night 1: Boris wins (3 points, rule CMD-2); night 2: a draw that Anna and Vera survive
    (1 point each, rule CMD-13); every other player 0."""
    site.events.create_event("circuit", "Circuit", "series", {"best": best}, "org", 1)
    night(site, "night-1", "Boris", [])
    night(site, "night-2", None, ["Anna", "Vera"])
    site.events.run_command(AddMember("circuit", "night-1", "Night 1"), "org")
    site.events.run_command(AddMember("circuit", "night-2", "Night 2"), "org")


def read(site: Site, view: str, slug: str, **fields: str) -> Any:
    return site.events.read(Invocation(view, slug, fields, TEXT, CLI), Caller.cli("org")).value


def test_a_circuit_with_best_one(site: Site) -> None:
    # worked by hand: Boris [3, 0], Anna [0, 1], Vera [0, 1], Gleb [0, 0]; with best 1 each
    # player's best night counts (a tie keeps the earlier), the other is shown in parentheses
    circuit(site, best=1)
    table = read(site, "series.table", "circuit")
    rows = [(r["rank"], r["player"], r["m0"], r["m1"], r["total"]) for r in table.rows]
    assert rows == [(1, "Boris", 3, "(0)", 3), (2, "Anna", "(0)", 1, 1),
                    (3, "Vera", "(0)", 1, 1), (4, "Gleb", 0, "(0)", 0)]
    assert [c.label for c in table.columns] == ["Place", "Player", "Night 1", "Night 2",
                                                "Total"]
    assert table.notes  # what the parentheses mean
    # --best 2 counts both nights: Anna and Vera 1, tied, by name
    every = read(site, "series.table", "circuit", best="2")
    assert [(r["player"], r["total"]) for r in every.rows] == [
        ("Boris", 3), ("Anna", 1), ("Vera", 1), ("Gleb", 0)]
    assert not every.notes
    # a player's history: their points in each night
    history = read(site, "series.player", "circuit", name="Anna")
    assert [(r["event"], r["points"], r["member"]) for r in history.rows] == [
        ("Night 1", 0, "night-1"), ("Night 2", 1, "night-2")]
    # the overview: the ledger first, the members with their status
    overview = read(site, "series.overview", "circuit")
    assert [v.key for v in overview] == ["series", "members"]
    assert overview[0].rows == table.rows
    assert [r["event"] for r in overview[1].rows] == ["night-1", "night-2"]


def test_a_circuit_on_its_pages(site: Site) -> None:
    circuit(site, best=1)
    client = site.client()
    public = client.get("/e/circuit")  # the series' public page is its overview
    assert public.status_code == 303 and public.headers["location"] == "/e/circuit/p/overview"
    page = client.get("/e/circuit/p/overview")
    assert page.status_code == 200
    for text in ("Series table", "Night 1", "(0)", 'href="/e/night-1"',
                 'href="/e/circuit/p/player?name=Boris"',
                 'href="/e/circuit/v/series.overview.csv?lang=en"'):
        assert text in page.text, text
    assert "currency" not in page.text
    csv = client.get("/e/circuit/v/series.overview.csv")
    assert csv.status_code == 200
    assert csv.text.splitlines()[1:3] == ["1,Boris,3,(0),3", "2,Anna,(0),1,1"]
    assert client.get("/e/circuit/v/series.table.csv?best=2").text.splitlines()[2] == \
        "2,Anna,0,1,1"
    path = client.get("/e/circuit/p/player", params={"name": "Anna"})
    assert path.status_code == 200
    assert 'href="/e/night-2"' in path.text and "History of Anna" in path.text
    assert client.get("/e/circuit/p/player", params={"name": "Nobody"}).status_code == 404
    ru = client.get("/e/circuit/v/series.player.csv", params={"name": "Anna", "lang": "ru"})
    assert ru.status_code == 200 and ru.text.splitlines()[0].lstrip("\ufeff") == "Турнир,Очки"
    # the API answers the typed table: exact values, each row's rank
    api = client.get("/api/v1/events/circuit/views/series.table", params={"best": "2"})
    assert api.status_code == 200
    assert [(r["rank"], r["cells"]["player"]["value"], r["cells"]["total"]["value"])
            for r in api.json()["rows"]] == [(1, "Boris", 3), (2, "Anna", 1), (3, "Vera", 1),
                                             (4, "Gleb", 0)]
    # the tabs list the overview, not the player's page
    assert 'href="/e/circuit/p/overview"' in page.text
    assert 'href="/e/circuit/p/player"' not in page.text


def test_the_old_addresses_answer_with_a_redirect(site: Site) -> None:
    circuit(site, best=1)
    client = site.client()
    for old, new in {
        "/e/circuit/series/overview": "/e/circuit/p/overview",
        "/e/circuit/series/table.csv?lang=ru": "/e/circuit/v/series.overview.csv?lang=ru",
        "/e/circuit/series/table.html": "/e/circuit/v/series.overview.html",
        "/e/circuit/series/player/Anna%20K": "/e/circuit/p/player?name=Anna%20K",
        "/e/circuit/series/player/Anna.csv?lang=ru":
            "/e/circuit/v/series.player.csv?name=Anna&lang=ru",
        "/e/circuit/series/player/Anna.html": "/e/circuit/v/series.player.html?name=Anna",
    }.items():
        moved = client.get(old)
        assert moved.status_code == 301 and moved.headers["location"] == new, old
    followed = site.client()
    followed.follow_redirects = True
    assert "Валюта" not in followed.get("/e/circuit/series/table.csv?lang=ru").text
    assert followed.get("/e/circuit/series/table.csv?lang=ru").text.startswith(
        "\ufeffМесто,Игрок,Night 1")


def test_the_circuit_on_the_command_line(podium: Podium) -> None:
    # `podium series table SERIES --best N`, `podium series player SERIES NAME`: night 1 won
    # by Boris, night 2 by Anna (3 points each, rule CMD-2)
    podium("event", "create", "circuit", "--format", "series", "--set", "best=1")
    for slug, winner in (("night-1", "Boris"), ("night-2", "Anna")):
        podium("event", "create", slug)
        podium("player", "add", slug, "Anna", "Boris", "Vera", "Gleb")
        podium("round", "pair", slug)
        state = podium.load(slug).state
        seats = [state.players[p].name for p in state.rounds[0].tables[0].seats]
        podium("result", "enter", slug, "1", "--winner", winner, "--order",
               ",".join(n for n in seats if n != winner))
        podium("series", "add", "circuit", slug)
    out = flat(podium.out("series", "table", "circuit"))
    assert "Boris 3 (0) 3" in out and "Anna (0) 3 3" in out
    out = flat(podium.out("series", "table", "circuit", "--best", "2"))
    assert "Anna 0 3 3" in out and "Boris 3 0 3" in out
    as_json = json.loads(podium.out("series", "table", "circuit", "--best", "2", "--json"))
    assert [row["cells"]["total"]["value"] for row in as_json["rows"]] == [3, 3, 0, 0]
    history = flat(podium.out("series", "player", "circuit", "Boris", "--lang", "ru"))
    assert "История Boris" in history or "Boris" in history
    refused = podium.error("series", "player", "circuit", "Nobody", code=3)
    assert "Nobody played no event of the series" in refused
    bad = podium.error("series", "table", "circuit", "--best", "0", code=2)
    assert "--best" in bad


def test_a_circuit_with_a_deleted_member(site: Site) -> None:
    # a member whose event was deleted after it was added: the series shows the others
    circuit(site, best=1)
    from podium.service.events import EventService

    service: EventService = site.events
    with service.db.session() as session:
        from podium.store.repository import EventRepository

        repo = EventRepository(session)
        repo.delete(repo.get("night-1").id)
    table = read(site, "series.table", "circuit")
    assert [c.label for c in table.columns] == ["Place", "Player", "Night 2", "Total"]


# -- a 7 Wonders year: the year's views speak for the series --------------------------------------
def test_year_table_and_player_path(site: Site) -> None:
    # rule W7-1: the year table with the site-currency column; a player's path by season
    play_year(site.events, "y", 28, 2, 4, legendary=False)
    client = site.client()
    page = client.get("/e/y-year/v/series.overview.html?lang=ru")
    assert page.status_code == 200 and "Итого = валюта сайта (1:1)" in page.text
    csv = client.get("/e/y-year/v/series.overview.csv")
    assert csv.status_code == 200 and "Total = site currency (1:1)" in csv.text
    assert csv.text.count("\n") >= 29
    path = client.get("/e/y-year/v/series.player.html", params={"name": "Player 01"})
    assert path.status_code == 200 and "Season 0 (starting)" in path.text
    nobody = client.get("/e/y-year/v/series.player.html", params={"name": "Nobody"})
    assert nobody.status_code == 404
    assert client.get("/e/y-s1/v/series.overview.html").status_code == 404  # not a series


def test_the_years_overview_from_the_public_page(site: Site) -> None:
    # the year's dashboard on the web: the seasons with their status, the last season's
    # leagues, what is due, the Legendary League (rules W7-31 .. W7-34), the year table
    year = play_year(site.events, "y", 28, 2, 6)
    client = site.client()
    public = client.get("/e/y-year")  # the series' public page is its overview
    assert public.status_code == 303 and public.headers["location"] == "/e/y-year/p/overview"
    old = client.get("/e/y-year/series/overview")  # a kept link
    assert old.status_code == 301 and old.headers["location"] == "/e/y-year/p/overview"
    body = client.get("/e/y-year/p/overview/live")  # the part the page refreshes
    assert body.status_code == 200 and "<html" not in body.text
    for text in ("Season 0 (starting)", "Season 1", "complete", "League of Gods",
                 "League of Warriors B", "What is due", "won the Legendary League",
                 "Legendary League", "Year table", "Total = site currency (1:1)"):
        assert text in body.text, text
    champion = year.legendary.value.champion
    assert champion in body.text
    client.cookies.set("lang", "ru")
    ru = client.get("/e/y-year/p/overview")
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
    body = site.client().get("/e/y2/p/overview").text
    assert "League 1: game 1" in body and "N28" in body


def test_a_circuit_table_without_currency(site: Site) -> None:
    # a series of another format shows the ledger (the series' own views)
    site.events.create_event("circuit", "Circuit", "series", {"best": 1}, "org", 1)
    site.event("night-1", None, players=4)
    site.events.run_command(AddMember("circuit", "night-1", "Night 1"), "org")
    page = site.client().get("/e/circuit/v/series.overview.csv")
    assert page.status_code == 200 and "Night 1" in page.text and "currency" not in page.text
    path = site.client().get("/e/circuit/v/series.player.csv?name=P1")
    assert path.status_code == 200 and "Night 1" in path.text
    overview = site.client().get("/e/circuit/p/overview")
    assert overview.status_code == 200 and "Night 1" in overview.text
    assert "Series table" in overview.text
    missing = site.client().get("/e/circuit/v/series.player.csv?name=Nobody")
    assert missing.status_code == 404
