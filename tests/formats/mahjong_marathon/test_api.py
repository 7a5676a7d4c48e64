"""The mahjong marathon's JSON API (regulation MJ): reads are its declared views, public but for
the decisions (``GET /api/v1/events/{slug}/views/mahjong-marathon.<view>``), writes are its
declared commands (``POST /api/v1/events/{slug}/commands/mahjong-marathon.<command>``) and need
an organiser token of the event; every refusal stores nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.formats.mahjong_marathon.conftest import API
from tests.web.conftest import Site

MJ = "/api/v1/events/mj/views/mahjong-marathon."  # the marathon's views


def game(gid: str, start: str, seats: list[tuple[str, int]],
         table: str = "RU-Marathon-1") -> dict[str, Any]:
    """A game as the add-game command takes it (rule MJ-3): the players as NAME: GP."""
    return {"id": gid, "table": table, "start": start, "players": dict(seats)}


def in_file(*games: dict[str, Any]) -> dict[str, Any]:
    """Games as the JSON import file holds them (docs/marathon.md), as the body's ``file``."""
    doc = {"games": [{**g, "players": [{"name": n, "gp": gp} for n, gp in g["players"].items()]}
                     for g in games]}
    return {"file": {"name": "games.json", "text": json.dumps(doc)}}


G1 = game("g1", "2015-03-01T12:00:00-08:00",
          [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)])
G2 = game("g2", "2015-03-02T12:00:00-08:00",
          [("Dmitri", 40), ("Clara", 30), ("Boris", 0), ("Anna", -70)])


@pytest.fixture
def api(site: Site):
    site.user("owner")
    site.events.create_event("mj", "MJ", "mahjong-marathon", {}, "setup")
    site.accounts.grant("mj", "owner", "owner", "setup")
    site.event("cup", "owner")
    client = site.client()
    client.headers["Authorization"] = f"Bearer {site.accounts.create_token('owner')}"
    return client


def rows(client, key: str = "stage-1", **query: Any) -> dict[str, dict[str, Any]]:
    """The cells of table ``key`` (view ``mahjong-marathon.table``) by player name."""
    answer = client.get(f"{MJ}table", params={"table": key, **query})
    assert answer.status_code == 200, answer.text
    return {r["cells"]["player"]["value"]: r["cells"] for r in answer.json()["rows"]}


def run(client, command: str, body: dict[str, Any], slug: str = "mj") -> dict[str, Any]:
    """Command ``mahjong-marathon.<command>``: its answer (a refusal fails the test)."""
    answer = client.post(API.replace("/mj/", f"/{slug}/") + command, json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()["answer"]


def test_games_penalty_revert_and_publications(site: Site, api) -> None:
    """Rule MJ-6a: 5 GP off Anna in 30 v 25 makes a shared 1st-2nd, 3 TP each (Boris 2 -> 3);
    rule MJ-11: publication 2 shows Dmitri up 3 places (worked in test_pages.py)."""
    assert run(api, "add-game", G1)["added"] == 1
    assert run(api, "add-game", G1)["duplicates"] == 1  # the same game again
    public = site.client()
    table = rows(public)
    assert (table["Anna"]["tp"]["value"], table["Boris"]["tp"]["value"]) == (4, 2)
    seq = run(api, "penalty", {"kind": "6a", "player": "Anna", "amount": 5, "game": "g1",
                               "reason": "slow"})["seq"]
    assert rows(public)["Boris"]["tp"]["value"] == 3
    assert run(api, "revert", {"seq": seq, "reason": "appeal"})["reverted"] == seq
    assert rows(public)["Boris"]["tp"]["value"] == 2
    assert run(api, "publish", {})["number"] == 1
    imported = run(api, "import-games", in_file(G1, G2))
    assert (imported["added"], imported["duplicates"]) == (1, 1)
    published = run(api, "publish", {"reason": "weekly"})
    assert published["number"] == 2 and "total" in published["tables"]
    listed = public.get(f"{MJ}publications").json()["items"]
    assert [p["number"] for p in listed] == [1, 2]
    frozen = rows(public, publication=2)
    assert frozen["Dmitri"]["move"]["text"] == "▲3" and frozen["Dmitri"]["place"]["value"] == 1
    assert rows(public, publication=1)["Dmitri"]["place"]["value"] == 4
    assert "sn" in rows(public, "total")["Anna"]


def test_disqualifications(site: Site, api) -> None:
    """Rule MJ-5: a disqualified game counts for none of its players; a player's period
    (rule MJ-6) takes their games in it from them only."""
    run(api, "import-games", in_file(G1, G2))
    assert run(api, "disqualify-game", {"game": "g2", "ground": "left",
                                        "reason": "left the table"})["game"] == "g2"
    assert rows(site.client())["Anna"]["games"]["value"] == 1
    answer = run(api, "disqualify-player", {"player": "Boris", "from": "2015-03-01",
                                            "zone": "UTC", "reason": "cheating"})
    assert (answer["player"], answer["zone"]) == ("Boris", "UTC")
    table = rows(site.client())
    assert "Boris" not in table, table.get("Boris")  # no counted game left in the stage
    assert table["Anna"]["games"]["value"] == 1


@pytest.mark.parametrize("command, body, field, named", [
    ("add-game", {**G1, "players": dict(list(G1["players"].items())[:3])}, "players",
     "exactly 4"),  # rule MJ-3
    ("add-game", {**G1, "start": "2015-03-01 12:00", "zone": "Mars/Base"}, "zone", "zone"),
    ("add-game", {**G1, "table": "Friendly-1"}, "table", "MJ-3"),
    ("add-game", {**G1, "gp": 1}, "gp", "unknown field"),
    ("import-games", in_file(G1, {**G2, "start": "soon"}), "file", "game #2"),
    ("penalty", {"kind": "6a", "player": "Anna", "amount": 7, "game": "g1", "reason": "x"},
     "amount", "MJ-6a"),
    ("penalty", {"kind": "6a", "player": "Anna", "amount": 5, "game": "g1", "reason": ""},
     "reason", "required"),
    ("disqualify-player", {"player": "Anna", "reason": "x"}, "from", "required"),
])
def test_bad_bodies_are_422_and_store_nothing(site: Site, api, command, body, field,
                                              named) -> None:
    run(api, "add-game", G1)
    before = site.log_length("mj")
    answer = api.post(API + command, json=body)
    assert answer.status_code == 422, answer.text
    problems = answer.json().get("problems") or [answer.json()]
    assert any(p["field"] == field and named in p["message"] for p in problems), answer.text
    assert site.log_length("mj") == before


def test_other_formats_and_unknown_tables(site: Site, api) -> None:
    cup = api.get("/api/v1/events/cup/views/mahjong-marathon.table", params={"table": "total"})
    assert cup.status_code == 409 and cup.json()["code"] == "format.other"
    answer = api.post("/api/v1/events/cup/commands/mahjong-marathon.add-game", json=G1)
    assert answer.status_code == 409 and answer.json()["code"] == "format.other"
    # a caller with no right to the event is told so first, and nothing of its format
    anonymous = site.client().post("/api/v1/events/cup/commands/mahjong-marathon.add-game",
                                   json=G1)
    assert anonymous.status_code == 401, anonymous.text
    assert "commander" not in anonymous.text
    unknown = api.get(f"{MJ}table", params={"table": "stage-9"})
    assert unknown.status_code == 404 and unknown.json()["field"] == "table"
    frozen = api.get(f"{MJ}table", params={"table": "total", "publication": 1})
    assert (frozen.status_code, frozen.json()["field"]) == (404, "publication")
    assert api.get("/api/v1/events/nope/views/mahjong-marathon.publications").status_code == 404


def raw_csv(games: int, first: int = 1) -> bytes:
    """A CSV lobby log of ``games`` games in stage 1 (rule MJ-1), four players each."""
    lines = ["game_id,table,start,player1,gp1,player2,gp2,player3,gp3,player4,gp4"]
    lines += [f"r{k},RU-Marathon-1,2015-03-01 {k % 24:02d}:{k % 60:02d},A{k % 7},30,B{k % 5},"
              f"10,C{k % 3},0,D{k % 2},-40" for k in range(first, first + games)]
    return ("\n".join(lines) + "\n").encode()


def test_import_as_raw_body_is_streamed_and_limited(site: Site, api) -> None:
    """Issue 22: the file as the raw body (its name and zone in the query string) is read as it
    streams; past the server's limit of games (20,000) it is refused at game 20,001, naming the
    file, and nothing is stored (one unit of work)."""
    from podium.formats.mahjong_marathon.declared import SERVER_GAMES

    url = API + "import-games"
    answer = api.post(url, params={"name": "log.csv", "zone": "server"}, content=raw_csv(3),
                      headers={"Content-Type": "text/csv"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["answer"]["added"] == 3
    stored = len(site.events.log("mj"))
    refused = api.post(url, params={"name": "big.csv", "zone": "UTC"},
                       content=raw_csv(SERVER_GAMES + 1, 10),
                       headers={"Content-Type": "application/octet-stream"})
    assert refused.status_code == 422, refused.text
    assert (refused.json()["code"], refused.json()["field"]) == ("mj.file.too_many", "file")
    assert len(site.events.log("mj")) == stored
    bad_zone = api.post(url, params={"name": "log.csv", "zone": "Mars/Base"},
                        content=raw_csv(1), headers={"Content-Type": "text/csv"})
    assert bad_zone.status_code == 422 and bad_zone.json()["field"] == "zone"
