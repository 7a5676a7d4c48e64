"""What a client author relies on beyond the happy path: JSON types only in a body (a text for
a boolean is refused, nothing stored), settings objects checked per format (a key the format
does not know named as ``settings.<key>``), one ``Problem`` shape for every refusal (a
command's, FastAPI's own parameter checks, an unknown route, a wrong method), the event
deleted by ``DELETE /api/v1/events/{slug}``, and the schema saying all of it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.conftest import Scenario

PROBLEM_KEYS = {"code", "field", "message", "params", "problems"}


def problem(answer: Any, status: int) -> dict[str, Any]:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) >= PROBLEM_KEYS, body
    assert body["problems"] and all({"code", "field", "message", "params"} <= set(p)
                                    for p in body["problems"]), body
    return body


def test_a_text_for_a_boolean_is_refused_and_nothing_is_paired(scenario: Scenario) -> None:
    client, site = scenario.site.client(), scenario.site
    before = site.log_length("side")
    scenario.site.accounts.grant("side", "owner", "owner", "setup")
    answer = client.post("/api/v1/events/side/commands/round.pair",
                         headers=scenario.headers("owner"), json={"preview": "no"})
    body = problem(answer, 422)
    assert body["field"] == "preview" and body["code"] == "input.yes_no"
    assert site.log_length("side") == before
    done = client.post("/api/v1/events/side/commands/round.pair",
                       headers=scenario.headers("owner"), json={"preview": True})
    assert done.status_code == 200 and done.json()["stored"] == []
    assert site.log_length("side") == before


@pytest.mark.parametrize(("body", "field"), [
    ({"names": "Anna, Boris"}, "names"),  # a list is a list
    ({"names": ["Anna"], "group": 3}, "group"),
])
def test_json_types_only(scenario: Scenario, body: dict[str, Any], field: str) -> None:
    before = scenario.site.log_length("cup")
    answer = scenario.site.client().post("/api/v1/events/cup/commands/player.add",
                                         headers=scenario.headers("owner"), json=body)
    assert problem(answer, 422)["field"] == field
    assert scenario.site.log_length("cup") == before


def test_an_unknown_setting_is_named(scenario: Scenario) -> None:
    client = scenario.site.client()
    made = client.post("/api/v1/commands/event.create", headers=scenario.headers("owner"),
                       json={"slug": "new", "settings": {"pod_size": 4, "nope": 1}})
    assert problem(made, 422)["field"] == "settings.nope"
    # a key of another format is unknown to this one
    made = client.post("/api/v1/commands/event.create", headers=scenario.headers("owner"),
                       json={"slug": "new", "format": "berserk",
                             "settings": {"pod_size": 4}})
    assert problem(made, 422)["field"] == "settings.pod_size"
    assert "new" not in [e.slug for e in scenario.site.events.list_events()]
    changed = client.post("/api/v1/events/cup/commands/event.settings",
                          headers=scenario.headers("owner"),
                          json={"settings": {"win_points": "3"}, "reason": "typo"})
    assert problem(changed, 422)["field"] == "settings.win_points"
    good = client.post("/api/v1/commands/event.create", headers=scenario.headers("owner"),
                       json={"slug": "new", "settings": {"pod_size": 5, "win_points": 2.5,
                                                         "fewer_rounds": True, "rounds": 3}})
    assert good.status_code == 200, good.text
    assert client.get("/api/v1/events/new").json()["settings"]["pod_size"] == 5


def test_unknown_routes_wrong_methods_and_bad_parameters_answer_a_problem(
        scenario: Scenario) -> None:
    client = scenario.site.client()
    assert problem(client.get("/api/v1/nowhere"), 404)["code"] == "route.unknown"
    wrong = client.put("/api/v1/events/cup", json={})
    assert problem(wrong, 405)["code"] == "route.method"
    bad = problem(client.get("/api/v1/events/cup/rounds/0"), 422)
    assert bad["field"] == "number" and bad["code"] == "input.parameter"
    assert problem(client.get("/api/v1/events?limit=0"), 422)["field"] == "limit"
    assert problem(client.get("/api/v1/events/nope"), 404)["code"] == "event.unknown"


def test_delete_an_event_as_its_command_does(scenario: Scenario) -> None:
    client, site = scenario.site.client(), scenario.site
    assert problem(client.delete("/api/v1/events/cup?confirm=cup"), 401)
    assert problem(client.delete("/api/v1/events/cup?confirm=cup",
                                 headers=scenario.headers("judge")), 403)
    refused = client.delete("/api/v1/events/cup?confirm=cop", headers=scenario.headers("owner"))
    assert refused.status_code in (409, 422) and problem(refused, refused.status_code)
    assert "cup" in [e.slug for e in site.events.list_events()]
    done = client.delete("/api/v1/events/cup?confirm=cup", headers=scenario.headers("owner"))
    assert done.status_code == 200, done.text
    assert done.json()["command"] == "event.delete"
    assert "cup" not in [e.slug for e in site.events.list_events()]
    assert problem(client.get("/api/v1/events/cup"), 404)


def test_the_schema_says_it(scenario: Scenario) -> None:
    document = scenario.site.client().get("/openapi.json").json()
    schemas = document["components"]["schemas"]
    assert set(schemas["Problem"]["required"]) == PROBLEM_KEYS
    assert schemas["CommanderSettings"]["additionalProperties"] is False
    assert schemas["CommanderSettings"]["properties"]["fewer_rounds"]["type"] == "boolean"
    delete = document["paths"]["/api/v1/events/{slug}"]["delete"]
    assert delete["operationId"] == "events.delete"
    assert [p["name"] for p in delete["parameters"]] == ["slug", "confirm"]
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            assert operation.get("operationId"), (method, path)
            assert all(tag.isidentifier() for tag in operation["tags"]), (method, path)
            for status, answer in operation["responses"].items():
                if status.startswith("4"):
                    ref = answer["content"]["application/json"]["schema"]["$ref"]
                    assert ref.endswith("/Problem"), (method, path, status)
            if "requestBody" in operation:
                assert "413" in operation["responses"], (method, path)
                assert "429" in operation["responses"], (method, path)
