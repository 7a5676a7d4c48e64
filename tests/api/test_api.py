"""The JSON API with the test client: reads, writes, and bad input (a 422 naming the field,
nothing stored)."""

from __future__ import annotations

import dataclasses

import pytest

from tests.api.conftest import Scenario


def test_public_reads(scenario: Scenario) -> None:
    client = scenario.site.client()
    events = client.get("/api/v1/events").json()
    assert [e["slug"] for e in events["items"]] == ["cup", "side"] and events["total"] == 2
    page = client.get("/api/v1/events?limit=1&offset=1").json()
    assert [e["slug"] for e in page["items"]] == ["side"] and page["total"] == 2
    event = client.get("/api/v1/events/cup").json()
    assert event["settings"]["pod_size"] == 4 and event["rounds"] == 1
    rounds = client.get("/api/v1/events/cup/rounds").json()
    assert len(rounds[0]["tables"]) == 2 and rounds[0]["tables"][0]["result"] is None
    views = client.get("/api/v1/events/cup/views").json()
    assert views[0]["key"] == "standings"
    assert {c["key"] for c in views[0]["columns"]} >= {"rank", "player", "points"}
    assert client.get("/api/v1/events/cup/rounds/2").status_code == 404
    formats = client.get("/api/v1/formats").json()
    assert any(f["name"] == "commander" for f in formats["items"])


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
    answer = scenario.site.client().post("/api/v1/commands/event.create",
                                         headers=scenario.headers("owner"), json=body)
    assert answer.status_code == 422, answer.text
    assert field in answer.text
    assert [e.slug for e in scenario.site.events.list_events()] == ["cup", "side"]


def test_a_taken_slug_is_a_conflict(scenario: Scenario) -> None:
    answer = scenario.site.client().post("/api/v1/commands/event.create",
                                         headers=scenario.headers("owner"), json={"slug": "cup"})
    assert answer.status_code == 409


def test_self_report_through_the_api(scenario: Scenario) -> None:
    client = scenario.site.client()
    seats = scenario.seats  # type: ignore[attr-defined]
    codes = scenario.codes  # type: ignore[attr-defined]
    me = client.get("/api/v1/events/cup/me", headers={"Authorization": f"Bearer {codes[seats[0]]}"})
    assert me.json()["table"]["number"] == 1
    answer = client.post("/api/v1/events/cup/commands/commander.report",
                         headers={"Authorization": f"Bearer {codes[seats[0]]}"},
                         json={"finish": "1234"})
    assert answer.status_code == 200 and answer.json()["answer"]["status"] == "pending"
    report = answer.json()["answer"]["id"]
    for pid in seats[1:]:
        done = client.post("/api/v1/events/cup/commands/report.confirm",
                           headers={"Authorization": f"Bearer {codes[pid]}"},
                           json={"report": report})
        assert done.status_code == 200
    assert done.json()["answer"]["status"] == "accepted"
    assert scenario.site.events.log("cup")[-1].actor.startswith("player:")


def test_answers_holding_codes_are_kept_by_no_cache(scenario: Scenario) -> None:
    """A player's code is a password: no browser, proxy or CDN may keep an answer that holds
    one (the organiser's list of codes, a player's own page), whichever route gives it."""
    client = scenario.site.client()
    seats = scenario.seats  # type: ignore[attr-defined]
    codes = scenario.codes  # type: ignore[attr-defined]
    owner = scenario.headers("owner")
    for path in ("/api/v1/events/cup/codes", "/api/v1/events/cup/views/codes"):
        answer = client.get(path, headers=owner)
        assert answer.status_code == 200, answer.text
        assert codes[seats[0]] in answer.text
        assert answer.headers["cache-control"] == "no-store", path
    me = client.get("/api/v1/events/cup/me",
                    headers={"Authorization": f"Bearer {codes[seats[0]]}"})
    assert me.status_code == 200 and me.headers["cache-control"] == "no-store"
    public = client.get("/api/v1/events/cup/views/standings")
    assert "no-store" not in public.headers.get("cache-control", "")


def test_an_unknown_token_is_a_401(scenario: Scenario) -> None:
    answer = scenario.site.client().post(
        "/api/v1/commands/event.create", headers={"Authorization": "Bearer pod_forged"},
        json={"slug": "x"})
    assert answer.status_code == 401
    assert answer.headers["www-authenticate"] == "Bearer"


def test_every_route_declares_its_status_codes(scenario: Scenario) -> None:
    schema = scenario.site.client().get("/openapi.json").json()
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            codes = set(operation["responses"])
            if path.startswith("/api/v1/events/{slug}"):
                assert {"404", "422"} <= codes, (method, path)
            if method != "get" or path.endswith(("/log", "/me", "/codes", "/roles",
                                                 "/export")):
                assert {"401", "403"} <= codes, (method, path)


def test_every_declared_command_is_in_the_schema_with_its_fields(scenario: Scenario) -> None:
    schema = scenario.site.client().get("/openapi.json").json()
    catalog = scenario.site.app.state.web.catalog
    for spec in catalog.all():
        if not spec.on("api"):
            continue
        path = (f"/api/v1/events/{{slug}}/commands/{spec.name}" if spec.event
                else f"/api/v1/commands/{spec.name}")
        operation = schema["paths"][path]["post"]
        body = operation["requestBody"]["content"]["application/json"]["schema"]
        assert set(body["properties"]) == {p.name for p in spec.params_on("api")}, spec.name
        answer = resolved(schema, operation["responses"]["200"]["content"][
            "application/json"]["schema"])
        declared = {f.name for f in dataclasses.fields(spec.answers)}
        assert set(resolved(schema, answer["properties"]["answer"])["properties"]) \
            == declared, spec.name


def resolved(document: dict, schema: dict) -> dict:
    """``schema``, or the component its ``$ref`` names."""
    ref = schema.get("$ref")
    if ref is None:
        return schema
    return document["components"]["schemas"][ref.rpartition("/")[2]]


def test_guessing_player_codes_through_the_api_is_throttled(scenario: Scenario) -> None:
    """Each player command runs in its own report service; the guesses still add up (one
    throttle a service): after 30 wrong codes from one address the next call waits (429 with
    Retry-After), the right code included, and nothing is stored."""
    client = scenario.site.client()
    before = scenario.site.log_length("cup")
    for attempt in range(30):
        answer = client.post("/api/v1/events/cup/commands/commander.report",
                             headers={"Authorization": f"Bearer WRONG{attempt:03d}"},
                             json={"finish": "1234"})
        assert answer.status_code == 403, answer.text
    right = scenario.codes[scenario.seats[0]]  # type: ignore[attr-defined]
    answer = client.post("/api/v1/events/cup/commands/commander.report",
                         headers={"Authorization": f"Bearer {right}"}, json={"finish": "1234"})
    assert answer.status_code == 429 and int(answer.headers["retry-after"]) > 0
    assert scenario.site.log_length("cup") == before
