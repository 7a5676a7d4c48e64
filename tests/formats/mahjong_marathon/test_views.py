"""The marathon's declared views (regulation MJ), read on the API, the command line and the pages,
with the values worked by hand for a small event (``mj``):

- game g1 (1 March, stage 1): Anna 30, Boris 25, Clara 0, Dmitri -55: TP 4, 2, 1, 0 (rule MJ-4);
  publication 1;
- game g2 (2 March): Dmitri 40, Clara 30, Boris 0, Anna -70: TP 4, 2, 1, 0; publication 2.

Stage 1 after both (rule MJ-7: the result is the best series' TP over its length, 10 games):
Anna 4/10, Dmitri 4/10, Clara 3/10, Boris 3/10; ties by the series' GP (MJ-7e): Dmitri -15 >
Anna -40, Clara 30 > Boris 25.
So Dmitri 1st (up 3 since publication 1), Anna 2nd (down 1), Clara 3rd (=), Boris 4th (down 2).
With fewer than 4 games in the stage every NR is 0 (MJ-8), so every SN is 0 (MJ-10).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from podium.formats.mahjong_marathon.commands import MarathonService
from tests.formats.mahjong_marathon.conftest import API
from tests.web.conftest import Site

VIEWS = "/api/v1/events/mj/views/mahjong-marathon."
G1 = [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)]
G2 = [("Dmitri", 40), ("Clara", 30), ("Boris", 0), ("Anna", -70)]


@pytest.fixture
def mj(site: Site) -> dict[str, Any]:
    """The event above, owned by ``owner`` (an API token), with a penalty of Anna in g1 (rule
    MJ-6a, reverted on appeal) and g2 disqualified (rule MJ-5) after publication 2."""
    site.user("owner")
    marathon = MarathonService.sharing(site.events)
    marathon.create_event("mj", "Marathon", "mahjong-marathon", {}, "owner", seed=1)
    site.accounts.grant("mj", "owner", "owner", "setup")
    marathon.add_game("mj", "g1", "RU-Marathon-1", "2015-03-01 12:00", "server", G1, "owner")
    marathon.publish("mj", "owner")
    marathon.add_game("mj", "g2", "RU-Marathon-1", "2015-03-02 12:00", "server", G2, "owner")
    marathon.publish("mj", "owner", "weekly")
    organiser = site.client()
    organiser.headers["Authorization"] = f"Bearer {site.accounts.create_token('owner')}"
    ids = {p.name: p.id for p in site.events.load("mj").state.players.values()}
    return {"organiser": organiser, "ids": ids}


def get(client: Any, view: str, **params: Any) -> Any:
    return client.get(VIEWS + view, params=params)


def by_name(table: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {row["cells"]["player"]["value"]: row for row in table["rows"]}


# mahjong-marathon.table --------------------------------------------------------------------------
def test_a_published_table_with_its_movement(site: Site, mj: dict[str, Any]) -> None:
    """Rule MJ-11: stage 1 as publication 2 froze it, against publication 1."""
    answer = get(site.client(), "table", table="stage-1", publication=2)
    assert answer.status_code == 200, answer.text
    table = answer.json()
    assert (table["key"], table["title"], table["total"]) == ("stage-1", "Stage 1", 4)
    rows = by_name(table)
    assert [r["cells"]["player"]["value"] for r in table["rows"]] == [
        "Dmitri", "Anna", "Clara", "Boris"]
    assert {n: (r["rank"], r["cells"]["move"]["text"]) for n, r in rows.items()} == {
        "Dmitri": (1, "▲3"), "Anna": (2, "▼1"), "Clara": (3, "="), "Boris": (4, "▼2")}
    assert rows["Anna"]["player"] == mj["ids"]["Anna"]  # the row's player is the id
    assert rows["Dmitri"]["cells"]["result"]["value"] == {"num": 2, "den": 5}  # 4/10 (MJ-7)
    assert rows["Clara"]["cells"]["result"]["text"] == "0.300"  # exact, shown rounded
    assert rows["Anna"]["cells"]["gp_change"]["text"] == "▼70"
    first = by_name(get(site.client(), "table", table="stage-1", publication=1).json())
    assert first["Anna"]["rank"] == 1 and first["Anna"]["cells"]["move"]["value"] is None


def test_the_live_table_and_a_page_of_it(site: Site, mj: dict[str, Any]) -> None:
    """Live, the total against publication 2 (nothing moved: SN 0 for all, MJ-8, MJ-10); a
    page of rows with ``limit`` and ``offset``."""
    total = get(site.client(), "table").json()  # the total by default
    assert total["key"] == "total"
    assert {r["cells"]["sn"]["value"] for r in total["rows"]} == {0}
    assert {r["cells"]["move"]["text"] for r in total["rows"]} == {"="}
    page = get(site.client(), "table", table="stage-1", limit=2, offset=1).json()
    assert (page["total"], page["offset"]) == (4, 1)
    assert [r["cells"]["player"]["value"] for r in page["rows"]] == ["Anna", "Clara"]


@pytest.mark.parametrize(("params", "status", "field", "code"), [
    ({"table": "total", "publication": 99}, 404, "publication", "mj.publication.unknown"),
    ({"table": "total", "publication": 0}, 422, "publication", "input.integer"),
    ({"table": "stage-9"}, 404, "table", "mj.table.unknown"),
    ({"table": "../../x"}, 422, "table", "mj.query"),
    ({"table": "stage-1", "publication": 2, "limit": 0}, 422, "limit", "input.integer"),
])
def test_a_bad_parameter_is_refused_naming_it(site: Site, mj: dict[str, Any], params: Any,
                                              status: int, field: str, code: str) -> None:
    answer = get(site.client(), "table", **params)
    assert answer.status_code == status, answer.text
    body = answer.json()
    problem = (body.get("problems") or [body])[0]
    assert (problem["field"], problem["code"]) == (field, code), body


def test_the_command_line_reads_a_publication_through_the_view(podium, tmp_path) -> None:
    """``podium standings EVENT --publication N`` and ``podium mahjong-marathon table``."""
    podium("event", "create", "mj", "--format", "mahjong-marathon", "--seed", "1")
    for gid, start, seats in (("g1", "2015-03-01 12:00", G1), ("g2", "2015-03-02 12:00", G2)):
        podium("games", "add", "mj", "--id", gid, "--table", "RU-Marathon-1", "--start", start,
               *[arg for name, gp in seats for arg in ("--players", f"{name}={gp}")])
        podium("publish", "mj")
    text = podium.out("standings", "mj", "--publication", "2", "--stage", "1")
    lines = [line.split() for line in text.splitlines() if "Dmitri" in line or "Boris" in line]
    assert [line[:3] for line in lines] == [["1", "↑", "3"], ["4", "↓", "2"]]
    frozen = json.loads(podium.out("mahjong-marathon", "table", "mj", "--table", "stage-1",
                                   "--publication", "1", "--json"))
    assert frozen["rows"][0]["cells"]["player"]["value"] == "Anna"  # before g2 (MJ-11)
    assert "no publication 9" in podium.error("standings", "mj", "--publication", "9", code=3)
    podium("event", "create", "cup", "--seed", "1")
    assert "no publications" in podium.error("standings", "cup", "--publication", "1", code=3)


# mahjong-marathon.publications -------------------------------------------------------------------
def test_the_publications_and_one_chosen_table(site: Site, mj: dict[str, Any]) -> None:
    """Rule MJ-11: two publications, the last one's first stage by default; the API answers
    the list and what is chosen (the table itself is the table view's)."""
    value = get(site.client(), "publications").json()
    assert [(p["number"], p["tables"][0], p["tables"][-1]) for p in value["items"]] == [
        (1, "stage-1", "total"), (2, "stage-1", "total")]
    assert value["items"][0]["seq"] < value["items"][1]["seq"]
    assert (value["chosen"], value["table"], value["first"], value["total"]) == (
        2, "stage-1", 0, 4)
    assert value["tables"][0] == {"key": "stage-1", "title": "Stage 1", "stage": 1}
    assert value["tables"][-1] == {"key": "total", "title": "Marathon total", "stage": None}
    assert "view" not in value
    total = get(site.client(), "publications", n=1, table="total").json()
    assert (total["chosen"], total["table"], total["total"]) == (1, "total", 4)
    page = site.client().get("/e/mj/p/publications?n=1&table=total")
    assert page.status_code == 200 and 'id="view-total"' in page.text
    missing = get(site.client(), "publications", n=3)
    assert (missing.status_code, missing.json()["field"]) == (404, "n")


# mahjong-marathon.decisions ----------------------------------------------------------------------
def test_the_decisions_with_their_state(site: Site, mj: dict[str, Any]) -> None:
    """Rules MJ-5, MJ-6: a penalty reverted on appeal and a game disqualified, in the order
    taken, each with its reason; the organiser's to read (their reasons name players)."""
    organiser = mj["organiser"]
    penalty = organiser.post(API + "penalty", json={"player": "Anna", "kind": "6a",
                                                    "amount": 5, "game": "g1",
                                                    "reason": "slow play"}).json()["answer"]
    dq = organiser.post(API + "disqualify-game", json={"game": "g2", "ground": "left",
                                                       "reason": "two left"}).json()["answer"]
    revert = organiser.post(API + "revert", json={"seq": penalty["seq"],
                                                  "reason": "appeal"}).json()["answer"]
    assert revert == {"seq": revert["seq"], "reverted": penalty["seq"]}
    answer = get(organiser, "decisions")
    assert answer.status_code == 200, answer.text
    value = answer.json()
    assert value["event"] == "mj"
    first, second = value["items"]
    assert (first["seq"], first["kind"], first["title"], first["player"]) == (
        penalty["seq"], "mahjong.penalty", "MJ-6a: GP in one game",
        {"id": mj["ids"]["Anna"], "name": "Anna"})
    assert (first["game"], first["detail"], first["reason"]) == ("g1", "Anna: −5 (g1)",
                                                                 "slow play")
    assert (first["active"], first["reverted_by"]) == (False, revert["seq"])
    assert (second["seq"], second["kind"], second["title"], second["player"]) == (
        dq["seq"], "mahjong.game.disqualified", "MJ-5: game disqualified", None)
    assert (second["detail"], second["active"], second["reverted_by"]) == (
        "g2 (left)", True, None)
    assert get(site.client(), "decisions").status_code == 401  # not signed in


def test_podium_decisions_lists_them(podium) -> None:
    podium("event", "create", "mj", "--format", "mahjong-marathon", "--seed", "1")
    podium("games", "add", "mj", "--id", "g1", "--table", "RU-Marathon-1", "--start",
           "2015-03-01 12:00", *[a for n, gp in G1 for a in ("--players", f"{n}={gp}")])
    podium("penalty", "mj", "Boris", "--kind", "6c", "--amount", "1", "--stage", "1",
           "--reason", "late")
    text = podium.out("decisions", "mj")
    assert "Decisions of mj" in text and "MJ-6c: TP from a stage" in text
    assert "Boris: −1 (1)" in text and "in force" in text
    assert json.loads(podium.out("decisions", "mj", "--json"))["items"][0]["reason"] == "late"
    ru = podium.out("--lang", "ru", "decisions", "mj")
    assert "Решения по турниру mj" in ru and "действует" in ru


# mahjong-marathon.player -------------------------------------------------------------------------
def test_a_players_page_worked_by_hand(site: Site, mj: dict[str, Any]) -> None:
    """Anna (rules MJ-7a, MJ-8, MJ-10): g1 4 TP (30 GP), g2 0 TP (-70 GP), both in the stage's
    series (fewer games than its 10); stage 1: 2nd, result 4/10, TP 4, GP -40, NR 0 (fewer
    than 4 games), SN 0."""
    value = get(site.client(), "player", name="anna").json()  # as the event compares names
    assert value["player"] == {"id": mj["ids"]["Anna"], "name": "Anna"}
    assert (value["sn"], value["series_length"]) == (0, 10)
    assert value["total_place"] in (1, 2)  # tied with Dmitri on SN, result sum and games
    [stage] = value["stages"]
    assert (stage["stage"], stage["place"], stage["games"], stage["nr"]) == (1, 2, 2, 0)
    assert (stage["result"], stage["tp"], stage["gp"]) == (
        {"num": 2, "den": 5}, {"num": 4, "den": 1}, {"num": -40, "den": 1})
    assert stage["qualified"] is False
    games = [(g["game"], g["stage"], g["gp"]["num"], g["tp"]["num"], g["counted"],
              g["in_series"]) for g in value["games"]]
    assert games == [("g1", 1, 30, 4, True, True), ("g2", 1, -70, 0, True, True)]
    assert [o["name"] for o in value["games"][0]["opponents"]] == ["Boris", "Clara", "Dmitri"]
    assert value["games"][0]["start"].startswith("2015-03-01T")
    unknown = get(site.client(), "player", name="Nobody")
    assert (unknown.status_code, unknown.json()["field"],
            unknown.json()["code"]) == (404, "name", "mj.player.unknown")


def test_the_command_line_shows_a_player(podium) -> None:
    podium("event", "create", "mj", "--format", "mahjong-marathon", "--seed", "1")
    podium("games", "add", "mj", "--id", "g1", "--table", "RU-Marathon-1", "--start",
           "2015-03-01 12:00", *[a for n, gp in G1 for a in ("--players", f"{n}={gp}")])
    text = podium.out("mahjong-marathon", "player", "mj", "Boris")
    assert "Stage results" in text and "Every game" in text and "g1 *" in text
    assert "Anna, Clara, Dmitri" in text
    assert "no player 'Nobody'" in podium.error("mahjong-marathon", "player", "mj", "Nobody",
                                                code=3)


# the demo ---------------------------------------------------------------------------------------
def test_the_demo_is_declared_with_its_options(podium) -> None:
    from podium.formats.mahjong_marathon.rules import MAHJONG_MARATHON

    [demo] = MAHJONG_MARATHON.demos()
    assert [p.name for p in demo.params] == ["players", "games", "seed", "rows"]
    text = podium.out("demo", "marathon", "--help")
    for option in ("--players", "--games", "--seed", "--rows"):
        assert option in text
    out = podium.out("demo", "marathon", "--players", "8", "--games", "60", "--seed", "4",
                     "--rows", "2")
    assert "Rows 1 to 2 of" in out and "Marathon total" in out
