"""The JSON API for Berserk duels (Berserk's result command) and the TOP after its draft tables
(rules BRK-1 .. BRK-5, BRK-7, BRK-8): the kernel's declared commands ``top.build``,
``top.result``, ``top.undo`` and the bracket's read; bad input named and nothing stored. (The
TOP after Commander: tests/api/test_top_api.py.)"""

from __future__ import annotations

from fractions import Fraction

import pytest

from podium.formats.berserk.commands import split_tables
from tests.api.conftest import Scenario


def cmd(slug: str, name: str) -> str:
    return f"/api/v1/events/{slug}/commands/{name}"


@pytest.fixture
def brk(scenario: Scenario) -> Scenario:
    """A Berserk event of 8 at two draft tables, owned by the scenario's owner, round 1 paired."""
    site = scenario.site
    site.events.create_event("brk", "BRK", "berserk", {"top_size": 4}, "setup", seed=3)
    site.events.add_players("brk", [f"B{i}" for i in range(1, 9)], "setup")
    site.accounts.grant("brk", "owner", "owner", "setup")
    split_tables(site.events, "brk", "setup", 2)
    site.events.pair_round("brk", "setup")
    return scenario


def test_berserk_duels_through_the_generic_result_route(brk: Scenario) -> None:
    """Rules BRK-6, BRK-8: an entry with ids and a typed form both work; a technical win is
    2.5 against 0; the answer's points are exact."""
    client, headers = brk.site.client(), brk.headers("owner")
    rnd = brk.site.events.load("brk").state.current_round
    seats = rnd.table(1).seats
    answer = client.post(cmd("brk", "berserk.result"), headers=headers,
                         json={"table": 1, "entry": {"technical": seats[1]}})
    assert answer.status_code == 200, answer.text
    tables = client.get("/api/v1/events/brk/rounds/1").json()["tables"]
    points = [o["points"] for o in tables[0]["result"]["outcomes"]]
    assert points == [{"num": 0, "den": 1}, {"num": 5, "den": 2}]  # rule BRK-8
    answer = client.post(cmd("brk", "berserk.result"), headers=headers,
                         json={"table": 2, "result": "="})
    assert answer.status_code == 200
    tables = client.get("/api/v1/events/brk/rounds/1").json()["tables"]
    assert tables[1]["result"]["entry"] == {"draw": True}
    state = brk.site.events.load("brk").state
    assert state.current_round.results[1].of(seats[1]).points == Fraction(5, 2)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"table": 3, "result": "7"}, "result"),
        ({"table": 3}, "result"),
        ({"table": 3, "entry": {"winner": 999}}, "entry"),
        ({"table": 3, "entry": {"winner": "x", "draw": True}}, "entry"),
        ({"table": 3, "winner": "Nobody"}, "winner"),
        ({"table": 3, "result": "1", "draw": True}, "result"),
    ],
)
def test_a_bad_duel_result_is_a_422_naming_the_field(brk: Scenario, body, field) -> None:
    before = brk.site.log_length("brk")
    answer = brk.site.client().post(cmd("brk", "berserk.result"),
                                    headers=brk.headers("owner"), json=body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["field"].startswith(field)
    assert brk.site.log_length("brk") == before


def finish_round(scenario: Scenario, slug: str) -> None:
    client, headers = scenario.site.client(), scenario.headers("owner")
    for table in scenario.site.events.load(slug).state.current_round.tables:
        answer = client.post(cmd(slug, "berserk.result"), headers=headers,
                             json={"table": table.number, "result": "1"})
        assert answer.status_code == 200, answer.text


def test_the_top_through_the_api(brk: Scenario) -> None:
    """Preview (goal report, nothing stored), build with the format's default size and BRK-7
    minutes given, results by entry and by form, a draw decided by the higher seed (BRK-5),
    the champion in the public read."""
    site, client, headers = brk.site, brk.site.client(), brk.headers("judge")
    site.accounts.grant("brk", "judge", "judge", "owner")
    assert client.get("/api/v1/events/brk/top").status_code == 409  # not built yet
    finish_round(brk, "brk")
    before = site.log_length("brk")
    preview = client.post(cmd("brk", "top.build"), headers=headers,
                          json={"minutes": 45, "preview": True})
    assert preview.status_code == 200, preview.text
    assert preview.json()["answer"]["size"] == 4 and preview.json()["stored"] == []
    assert site.log_length("brk") == before
    built = client.post(cmd("brk", "top.build"), headers=headers, json={"minutes": 45})
    assert built.status_code == 200, built.text
    assert built.json()["said"] == "The TOP is built."
    top = client.get("/api/v1/events/brk/top").json()
    assert {g["number"] for g in top["goals"]} == {1, 2, 3}  # rule BRK-4
    assert top["size"] == 4 and top["minutes"] == 45 and top["draw_rule"] == "higher_seed"
    assert [s["seed"] for s in top["seeds"]] == [1, 2, 3, 4]
    first, second = top["matches"][0]["players"]
    seeds = {s["player"]: s["seed"] for s in top["seeds"]}
    better = first if seeds[first] < seeds[second] else second
    # rule BRK-5: a draw sends the better seed on
    answer = client.post(cmd("brk", "top.result"), headers=headers,
                         json={"match": 1, "draw": True})
    assert answer.status_code == 200, answer.text
    match = client.get("/api/v1/events/brk/top").json()["matches"][0]
    assert match["winner"] == better and match["draw"] is True
    answer = client.post(cmd("brk", "top.result"), headers=headers,
                         json={"match": 2, "result": "2"})
    assert answer.status_code == 200
    answer = client.post(cmd("brk", "top.result"), headers=headers,
                         json={"match": 3, "winner": better})
    assert answer.json()["answer"]["champion"]["id"] == better
    public = site.client().get("/api/v1/events/brk/top").json()
    assert public["champion"] == better and public["matches"][2]["round_name"] == "final"
    # a correction needs a reason, then replaces the final's result
    final_loser = next(p for p in public["matches"][2]["players"] if p != better)
    no_reason = client.post(cmd("brk", "top.result"), headers=headers,
                            json={"match": 3, "winner": final_loser, "correct": True})
    assert no_reason.status_code == 422 and no_reason.json()["field"] == "reason"
    fixed = client.post(cmd("brk", "top.result"), headers=headers,
                        json={"match": 3, "winner": final_loser, "correct": True,
                              "reason": "wrong slip"})
    assert fixed.status_code == 200 and fixed.json()["answer"]["champion"]["id"] == final_loser
    assert site.events.log("brk")[-1].actor == "judge"


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"match": 1, "winner": 999}, 422, "winner"),
        ({"match": 1, "winner": [1]}, 422, "winner"),
        ({"match": 1, "result": "3"}, 422, "result"),
        ({"match": 1}, 422, "result"),
        ({"match": 3, "winner": 1}, 409, "not known"),
        ({"match": 9, "winner": 1}, 404, "matches are 1 to 3"),
        ({"match": 1, "draw": True, "advances": 1}, 422, "BRK-5"),
        ({"match": 0, "winner": 1}, 422, "match"),
    ],
)
def test_a_bad_top_result_stores_nothing(brk: Scenario, body, status, field) -> None:
    finish_round(brk, "brk")
    client, headers = brk.site.client(), brk.headers("owner")
    assert client.post(cmd("brk", "top.build"), headers=headers, json={}).status_code == 200
    before = brk.site.log_length("brk")
    answer = client.post(cmd("brk", "top.result"), headers=headers, json=body)
    assert answer.status_code == status, answer.text
    assert field in str(answer.json()["detail"]) + str(answer.json()["field"])
    assert brk.site.log_length("brk") == before


def test_a_bad_top_build_stores_nothing(brk: Scenario) -> None:
    client, headers = brk.site.client(), brk.headers("owner")
    before = brk.site.log_length("brk")
    # the round misses its results: 409
    assert client.post(cmd("brk", "top.build"), headers=headers, json={}).status_code == 409
    finish_round(brk, "brk")
    before = brk.site.log_length("brk")
    for body, status in (({"size": 99}, 422), ({"size": 1}, 422),
                         ({"draw_rule": "coin"}, 422), ({"minutes": 0}, 422),
                         ({"extra": 1}, 422)):
        answer = client.post(cmd("brk", "top.build"), headers=headers, json=body)
        assert answer.status_code == status, (body, answer.text)
    assert brk.site.log_length("brk") == before


def test_undo_a_top_through_the_api(brk: Scenario) -> None:
    """A TOP with no result is undone (logged with its reason) and built again; once a match has
    a result the undo is a 409 and nothing is stored."""
    client, headers = brk.site.client(), brk.headers("owner")
    finish_round(brk, "brk")
    assert client.post(cmd("brk", "top.build"), headers=headers, json={"size": 2}
                       ).status_code == 200
    answer = client.post(cmd("brk", "top.undo"), headers=headers,
                         json={"reason": "the TOP is 4"})
    assert answer.status_code == 200
    assert answer.json()["said"] == "The TOP is undone; it can be built again."
    last = brk.site.events.log("brk")[-1]
    assert last.kind == "top.undone" and last.reason == "the TOP is 4"
    assert client.get("/api/v1/events/brk/top").status_code == 409
    assert client.post(cmd("brk", "top.build"), headers=headers, json={"size": 4}
                       ).status_code == 200
    assert client.post(cmd("brk", "top.result"), headers=headers,
                       json={"match": 1, "result": "1"}).status_code == 200
    before = brk.site.log_length("brk")
    assert client.post(cmd("brk", "top.undo"), headers=headers, json={}
                       ).status_code == 409
    assert brk.site.log_length("brk") == before
