"""The season's declared views (:mod:`podium.formats.seven_wonders.season_reads`) on every
surface: the command line (``podium sw status|games|table|penalties|reports``, ``--json`` the
API's value), the API (``GET /api/v1/events/{slug}/views/seven-wonders.<what>``, which replaces
the season's old ``/sw/leagues``, ``/sw/games`` and ``/sw/table``) and the pages (a tab per
league at its old address, the season table at ``/p/season``). Values worked by hand from the
regulation (rules W7-2, W7-16 .. W7-19, W7-24, W7-26, W7-36)."""

from __future__ import annotations

import html
import json
from typing import Any

import pytest

from podium.formats.seven_wonders.commands import (
    AssignLeagues,
    EnterGame,
    GameInput,
    LiftPenalty,
    SetProfile,
)
from podium.service.commands import AddPlayers
from podium.service.events import EventService
from tests.cli.conftest import Podium, flat
from tests.web.conftest import Site

GODS = ["Anna", "Boris", "Clara", "Dmitry", "Elena", "Fedor", "Galina"]
PRIESTS = [f"P{i}" for i in range(1, 8)]
TIE = "Anna, Boris, Clara, Dmitry, Elena, Fedor = Galina"


def season(service: EventService, slug: str = "sw") -> None:
    """Two leagues; Gods game 1 with Galina over the time limit, lifted, and Boris premium;
    Priests game 1 with a tie for last that waits for the die (rule W7-26 (4))."""
    service.create_event(slug, "Season", "seven-wonders", {"start": "2025-03-01"}, "org", 5)
    service.run_command(AddPlayers(slug, tuple(GODS + PRIESTS)), "org")
    service.run_command(AssignLeagues(slug), "org")
    service.run_command(SetProfile(slug, "Boris", premium=True), "org")
    service.run_command(EnterGame(slug, "gods", GameInput(", ".join(GODS), overruns=("Galina",),
                                                      kicker=None)), "org")
    service.run_command(LiftPenalty(slug, "gods/1", "Galina", "overrun", "the site froze"), "org")
    service.run_command(EnterGame(slug, "priests", GameInput("P1, P2, P3, P4, P5, P6 = P7")), "org")


def api(site: Site, name: str, **params: Any) -> Any:
    answer = site.client().get(f"/api/v1/events/sw/views/seven-wonders.{name}", params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_leagues_view_gives_each_league_its_board_and_next_game(site: Site) -> None:
    """Rules W7-2, W7-36: Gods played game 1 (Galina out, 7th): game 2 is next, 6 players in
    the order of game 1, Boris (premium) creates the table; Priests' game 1 waits for the die,
    so nothing is due there."""
    season(site.events)
    value = api(site, "leagues")
    gods, priests = value["leagues"]
    assert (gods["key"], gods["title"], gods["level"]) == ("gods", "League of Gods", 0)
    assert gods["places"][-1] == {"place": 7, "player": {"id": 7, "name": "Galina"}}
    after = gods["next"]
    assert (after["game"], after["number"], after["final"]) == ("gods/2", 2, False)
    assert [p["name"] for p in after["players"]] == GODS[:6]
    assert after["creator"]["name"] == "Boris" and after["turn_based_days"] is None
    assert after["deadline"] is not None  # 7 days after game 1 (rule W7-36: 6-7 players)
    assert "League of Gods: next is game 2" in after["lines"][0]
    game = gods["games"][0]
    assert (game["game"], game["decided"], game["reporter"]) == ("gods/1", True, None)
    assert game["players"][-1]["marks"] == ["overrun", "out"]
    assert priests["next"]["waiting"] == 1 and priests["next"]["players"] == []
    assert priests["games"][0]["waiting"] == [{"id": 13, "name": "P6"},
                                              {"id": 14, "name": "P7"}]
    one = api(site, "leagues", league="Priests")  # a league by its name
    assert [b["key"] for b in one["leagues"]] == ["priests"]
    refused = site.client().get("/api/v1/events/sw/views/seven-wonders.leagues",
                                params={"league": "nobody"})
    assert refused.status_code == 422 and refused.json()["code"] == "sw.league"
    assert refused.json()["field"] == "league"


def test_the_season_table_view_adds_up_by_hand(site: Site) -> None:
    """Rules W7-16, W7-19, W7-24: Anna won the 7-player game, 7 winner points; Galina's
    overrun is lifted (no −5, a note says so); nobody has a place yet but Galina, 7th in Gods:
    (8 - 7) x 3 = 3 place points (W7-17)."""
    season(site.events)
    value = api(site, "table")
    rows = {r["player"]["name"]: r for league in value["leagues"] for r in league["rows"]}
    assert (rows["Anna"]["wins"], rows["Anna"]["total"]) == (7, 7)
    assert (rows["Galina"]["place"], rows["Galina"]["place_points"]) == (7, 3)
    assert rows["Galina"]["penalties"] == 0 and rows["Galina"]["total"] == 3
    assert "overrun in League of Gods game 1 lifted (rule W7-24)" in rows["Galina"]["note"]
    assert value["specials"] == []  # the ladders are still played
    assert [league["key"] for league in api(site, "table", league="gods")["leagues"]] == ["gods"]


def test_games_penalties_and_reports(site: Site) -> None:
    """Every game with its decisions (rule W7-26: the Priests' tie waits for the die); every
    penalty with its lifting (W7-19, W7-24); the self-reports are the organisers' to read."""
    season(site.events)
    games = api(site, "games")["games"]
    assert [g["game"] for g in games] == ["gods/1", "priests/1"]
    assert not games[1]["decided"]
    assert any("rule W7-26 (4)" in note or "rule W7-26" in note for note in games[1]["notes"])
    penalties = api(site, "penalties")["penalties"]
    assert penalties == [{"game": "gods/1", "title": "League of Gods, game 1",
                          "player": {"id": 7, "name": "Galina"}, "penalty": "overrun",
                          "lifted": {"reason": "the site froze", "by": "org",
                                     "seq": penalties[0]["lifted"]["seq"]}}]
    anonymous = site.client().get("/api/v1/events/sw/views/seven-wonders.reports")
    assert anonymous.status_code == 401
    site.user("owner")
    site.accounts.grant("sw", "owner", "owner", "org")
    token = site.accounts.create_token("owner")
    answer = site.client().get("/api/v1/events/sw/views/seven-wonders.reports",
                               headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200 and answer.json() == {"reports": []}


def test_the_old_json_reads_are_gone(site: Site) -> None:
    season(site.events)
    for what in ("leagues", "games", "table"):
        assert site.client().get(f"/api/v1/events/sw/sw/{what}").status_code == 404


def test_the_league_tabs_keep_their_addresses(site: Site) -> None:
    """One tab a league (``league-<key>``), the season table at ``season``; every league at
    once stays at ``leagues`` without a tab of its own."""
    season(site.events)
    client = site.client()
    page = html.unescape(client.get("/e/sw/p/season").text)
    for address in ("/e/sw/p/season", "/e/sw/p/league-gods", "/e/sw/p/league-priests"):
        assert f'href="{address}"' in page
    assert 'href="/e/sw/p/leagues"' not in page
    assert 'href="/e/sw/report"' in page  # the players' self-report (rule W7-36)
    board = html.unescape(client.get("/e/sw/p/league-gods").text)
    assert 'aria-current="page">League of Gods' in board
    assert "Creates the table: Boris (premium account)" in board
    assert "League of Priests" not in board.split('<section class="view-page"')[1]
    both = html.unescape(client.get("/e/sw/p/leagues").text)
    assert "Game 1 waits for the organiser's die roll (rule W7-26)." in both
    live = client.get("/e/sw/p/league-priests/live")
    assert live.status_code == 200 and "League of Priests" in html.unescape(live.text)
    assert client.get("/e/sw/p/league-nowhere").status_code == 404


@pytest.mark.parametrize(("view", "name"), [("status", "leagues"), ("games", "games"),
                                            ("table", "table"), ("penalties", "penalties")])
def test_the_command_line_prints_each_view_and_its_json_is_the_apis(
        podium: Podium, site: Site, view: str, name: str) -> None:
    season(podium.service())
    season(site.events)
    printed = json.loads(podium.out("sw", view, "sw", "--json"))
    assert timeless(printed) == timeless(api(site, name))  # two databases, two clocks


def timeless(value: Any) -> Any:
    """A view's JSON without the moments a database's clock gave (a game's time, a
    deadline counted from it)."""
    if isinstance(value, dict):
        return {k: timeless(v) for k, v in value.items() if k not in ("at", "deadline", "lines")}
    if isinstance(value, list):
        return [timeless(v) for v in value]
    return value


def test_the_command_line_prints_the_leagues_and_the_table(podium: Podium) -> None:
    season(podium.service())
    status = flat(podium.out("sw", "status", "sw", "--league", "gods"))
    assert "League of Gods: next is game 2" in status
    assert "Creates the table: Boris (premium account)" in status
    assert "overrun" not in flat(podium.out("sw", "status", "sw", "--league", "priests"))
    table = flat(podium.out("sw", "table", "sw", "--lang", "ru"))
    assert "Лига Богов" in table and "снята" in table
    assert "Galina" in flat(podium.out("sw", "penalties", "sw"))
    refused = podium.error("sw", "status", "sw", "--league", "nobody", code=2)
    assert "--league:" in refused and "no league nobody" in refused
