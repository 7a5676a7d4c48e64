"""The JSON API with the test client: reads, writes, and bad input (a 422 naming the field,
nothing stored)."""

from __future__ import annotations

import pytest

from tests.api.conftest import Scenario


def test_public_reads(scenario: Scenario) -> None:
    client = scenario.site.client()
    events = client.get("/api/v1/events").json()
    assert [e["slug"] for e in events] == ["cup", "side"]
    event = client.get("/api/v1/events/cup").json()
    assert event["settings"]["pod_size"] == 4 and event["rounds"] == 1
    rounds = client.get("/api/v1/events/cup/rounds").json()
    assert len(rounds[0]["tables"]) == 2 and rounds[0]["tables"][0]["result"] is None
    views = client.get("/api/v1/events/cup/views").json()
    assert views[0]["key"] == "standings"
    assert {c["key"] for c in views[0]["columns"]} >= {"rank", "player", "points"}
    assert client.get("/api/v1/events/cup/rounds/2").status_code == 404
    formats = client.get("/api/v1/formats").json()
    assert any(f["name"] == "commander" for f in formats)


def test_a_result_by_entry_or_by_form(scenario: Scenario) -> None:
    client = scenario.site.client()
    headers = scenario.headers("judge")
    seats = scenario.site.events.load("cup").state.current_round.table(2).seats
    answer = client.post("/api/v1/events/cup/results", headers=headers, json={
        "table": 2, "entry": {"winner": seats[3], "eliminated": list(seats[:3])}})
    assert answer.status_code == 200
    table = answer.json()["tables"][1]
    winner = [o for o in table["result"]["outcomes"] if o["won"]]
    assert winner[0]["player"] == seats[3] and winner[0]["points"] == "3"
    answer = client.post("/api/v1/events/cup/results", headers=headers, json={
        "table": 1, "form": {"finish": "4321"}})
    assert answer.status_code == 200
    log = client.get("/api/v1/events/cup/log", headers=headers).json()
    assert log[-1]["actor"] == "judge" and log[-1]["kind"] == "result.entered"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"table": 0, "form": {"finish": "1234"}}, "table"),
        ({"table": "x", "form": {"finish": "1234"}}, "table"),
        ({"table": 1, "form": {"finish": "9"}}, "finish"),
        ({"table": 1, "entry": {"winner": "nobody"}}, "entry"),
        ({"table": 1, "entry": {"winner": 1, "eliminated": 5}}, "entry"),
        ({"table": 1, "form": {"finish": "1234"}, "entry": {}}, "entry or form"),
        ({"table": 1, "form": {"finish": "1234"}, "bogus": 1}, "bogus"),
        ({"table": 1, "form": {"finish": "1234"}, "correct": True}, "reason"),
    ],
)
def test_bad_results_name_the_field_and_store_nothing(scenario: Scenario, body, field) -> None:
    client = scenario.site.client()
    before = scenario.site.log_length("cup")
    answer = client.post("/api/v1/events/cup/results", headers=scenario.headers("owner"),
                         json=body)
    assert answer.status_code == 422, answer.text
    assert field in answer.text
    assert scenario.site.log_length("cup") == before


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"slug": "Bad Slug"}, "slug"),
        ({"slug": "ok", "format": "chess"}, "format"),
        ({"slug": "ok", "settings": {"pod_size": 99}}, "pod_size"),
        ({"slug": "ok", "settings": {"nope": 1}}, "nope"),
        ({"slug": "ok", "seed": -1}, "seed"),
        ({}, "slug"),
    ],
)
def test_bad_events_name_the_field_and_store_nothing(scenario: Scenario, body, field) -> None:
    answer = scenario.site.client().post("/api/v1/events", headers=scenario.headers("owner"),
                                         json=body)
    assert answer.status_code == 422, answer.text
    assert field in answer.text
    assert [e.slug for e in scenario.site.events.list_events()] == ["cup", "side"]


def test_a_taken_slug_is_a_conflict(scenario: Scenario) -> None:
    answer = scenario.site.client().post("/api/v1/events", headers=scenario.headers("owner"),
                                         json={"slug": "cup"})
    assert answer.status_code == 409


def test_self_report_through_the_api(scenario: Scenario) -> None:
    client = scenario.site.client()
    seats = scenario.seats  # type: ignore[attr-defined]
    codes = scenario.codes  # type: ignore[attr-defined]
    me = client.get("/api/v1/events/cup/me", headers={"Authorization": f"Bearer {codes[seats[0]]}"})
    assert me.json()["table"]["number"] == 1
    answer = client.post("/api/v1/events/cup/self-reports",
                         headers={"Authorization": f"Bearer {codes[seats[0]]}"},
                         json={"form": {"finish": "1234"}})
    assert answer.status_code == 201 and answer.json()["status"] == "pending"
    report = answer.json()["id"]
    for pid in seats[1:]:
        done = client.post(f"/api/v1/events/cup/self-reports/{report}/confirm",
                           headers={"Authorization": f"Bearer {codes[pid]}"})
        assert done.status_code == 200
    assert done.json()["status"] == "accepted"
    assert scenario.site.events.log("cup")[-1].actor.startswith("player:")


def test_an_unknown_token_is_a_401(scenario: Scenario) -> None:
    answer = scenario.site.client().post(
        "/api/v1/events", headers={"Authorization": "Bearer pod_forged"}, json={"slug": "x"})
    assert answer.status_code == 401
    assert answer.headers["www-authenticate"] == "Bearer"


def test_every_route_declares_its_status_codes(scenario: Scenario) -> None:
    schema = scenario.site.client().get("/openapi.json").json()
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            codes = set(operation["responses"])
            if path.startswith("/api/v1/events/{slug}"):
                assert {"404", "422"} <= codes, (method, path)
            if method != "get" or path.endswith(("/log", "/me", "/codes", "/roles")):
                assert {"401", "403"} <= codes, (method, path)
