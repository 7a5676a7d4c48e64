"""The mahjong marathon's JSON API (regulation MJ): reads are public, writes need an organiser
token of the event; every refusal stores nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import Site

MJ = "/api/v1/events/mj/marathon"


def game(gid: str, start: str, seats: list[tuple[str, int]],
         table: str = "RU-Marathon-1") -> dict[str, Any]:
    return {"id": gid, "table": table, "start": start,
            "players": [{"name": n, "gp": g} for n, g in seats]}


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
    answer = client.get(f"{MJ}/tables/{key}", params=query)
    assert answer.status_code == 200, answer.text
    return {r["player"]["value"]: r for r in answer.json()["rows"]}


def test_games_penalty_revert_and_publications(site: Site, api) -> None:
    """Rule MJ-6a: 5 GP off Anna in 30 v 25 makes a shared 1st-2nd, 3 TP each (Boris 2 -> 3);
    rule MJ-11: publication 2 shows Dmitri up 3 places (worked in tests/web/test_marathon.py)."""
    answer = api.post(f"{MJ}/games", json=G1)
    assert answer.status_code == 201 and answer.json()["added"] == 1
    assert api.post(f"{MJ}/games", json=G1).json()["duplicates"] == 1  # the same game again
    public = site.client()
    table = rows(public)
    assert (table["Anna"]["tp"]["value"], table["Boris"]["tp"]["value"]) == (4, 2)
    answer = api.post(f"{MJ}/penalties", json={"kind": "6a", "player": "Anna", "amount": 5,
                                               "game": "g1", "reason": "slow"})
    assert answer.status_code == 201
    seq = answer.json()["seq"]
    assert rows(public)["Boris"]["tp"]["value"] == 3
    assert api.post(f"{MJ}/reverts", json={"seq": seq, "reason": "appeal"}).status_code == 201
    assert rows(public)["Boris"]["tp"]["value"] == 2
    assert api.post(f"{MJ}/publications", json={}).json()["number"] == 1
    imported = api.post(f"{MJ}/games/import", json={"games": [G1, G2]}).json()
    assert (imported["added"], imported["duplicates"]) == (1, 1)
    published = api.post(f"{MJ}/publications", json={"reason": "weekly"}).json()
    assert published["number"] == 2 and "total" in published["tables"]
    listed = public.get(f"{MJ}/publications").json()
    assert [p["number"] for p in listed] == [1, 2]
    frozen = rows(public, publication=2)
    assert frozen["Dmitri"]["move"]["text"] == "▲3" and frozen["Dmitri"]["place"]["value"] == 1
    assert rows(public, publication=1)["Dmitri"]["place"]["value"] == 4
    assert "sn" in rows(public, "total")["Anna"]


def test_disqualifications(site: Site, api) -> None:
    """Rule MJ-5: a disqualified game counts for none of its players."""
    api.post(f"{MJ}/games/import", json={"games": [G1, G2]})
    answer = api.post(f"{MJ}/disqualifications",
                      json={"game": "g2", "ground": "left", "reason": "left the table"})
    assert answer.status_code == 201
    assert rows(site.client())["Anna"]["games"]["value"] == 1
    answer = api.post(f"{MJ}/disqualifications",
                      json={"player": "Boris", "from": "2015-03-01", "zone": "UTC",
                            "reason": "cheating"})
    assert answer.status_code == 201
    table = rows(site.client())
    assert "Boris" not in table, table.get("Boris")  # no counted game left in the stage
    assert table["Anna"]["games"]["value"] == 1


@pytest.mark.parametrize("path, body, named", [
    ("games", {**G1, "players": G1["players"][:3]}, "exactly 4"),  # rule MJ-3
    ("games", {**G1, "start": "2015-03-01 12:00"}, "no time zone"),  # rule MJ-2
    ("games", {**G1, "table": "Friendly-1"}, "MJ-3"),
    ("games", {**G1, "gp": 1}, "gp"),
    ("games/import", {"games": [G1, {**G2, "start": "soon"}]}, "game #2"),
    ("penalties", {"kind": "6a", "player": "Anna", "amount": 7, "game": "g1", "reason": "x"},
     "MJ-6a"),
    ("penalties", {"kind": "6a", "player": "Anna", "amount": 5, "game": "g1", "reason": ""},
     "reason"),
    ("disqualifications", {"reason": "x"}, "exactly one"),
])
def test_bad_bodies_are_422_and_store_nothing(site: Site, api, path, body, named) -> None:
    api.post(f"{MJ}/games", json=G1)
    before = site.log_length("mj")
    answer = api.post(f"{MJ}/{path}", json=body)
    assert answer.status_code == 422, answer.text
    assert named in answer.text
    assert site.log_length("mj") == before


def test_other_formats_and_unknown_tables(site: Site, api) -> None:
    assert api.get("/api/v1/events/cup/marathon/tables/total").status_code == 409
    assert api.post("/api/v1/events/cup/marathon/games", json=G1).status_code == 409
    assert api.get(f"{MJ}/tables/stage-9").status_code == 404
    assert api.get(f"{MJ}/tables/total", params={"publication": 1}).status_code == 404
    assert api.get("/api/v1/events/nope/marathon/publications").status_code == 404
