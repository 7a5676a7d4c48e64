"""A result written through the API answers briefly: the table written and the round's progress
(tables with a result of all the round's tables); the whole round only when asked
(``?round=full``, as ``GET .../rounds/{n}`` gives it). Before, every write named each table
still without a result, twice (25 kB at 10,000 players; the whole round is 253 kB)."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import Scenario

RESULT = "/api/v1/events/cup/commands/commander.result"


def test_a_result_answers_the_table_and_the_rounds_progress(scenario: Scenario) -> None:
    client = scenario.site.client()
    answer = client.post(RESULT, headers=scenario.headers("judge"),
                         json={"table": 2, "finish": "1234"})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert set(body) == {"command", "event", "stored", "said", "answer"}  # no round
    version = body["stored"][-1]  # the result's version: the action that wrote it
    assert body["answer"] == {"round": 1, "table": 2, "corrected": False, "complete": False,
                              "done": 1, "total": 2, "version": version}
    assert body["said"] == "Round 1, table 2: saved. Waiting for table 1."
    answer = client.post(RESULT, headers=scenario.headers("judge"),
                         json={"table": 1, "finish": "4321"})
    assert answer.json()["answer"] == {"round": 1, "table": 1, "corrected": False,
                                       "complete": True, "done": 2, "total": 2,
                                       "version": answer.json()["stored"][-1]}


def test_the_whole_round_when_asked(scenario: Scenario) -> None:
    client = scenario.site.client()
    answer = client.post(RESULT + "?round=full", headers=scenario.headers("judge"),
                         json={"table": 1, "finish": "1(23)4"})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["answer"]["done"] == 1
    assert body["round"] == client.get("/api/v1/events/cup/rounds/1").json()
    assert body["round"]["tables"][0]["result"] is not None
    brief = client.post(RESULT + "?round=brief", headers=scenario.headers("judge"),
                        json={"table": 2, "finish": "1234"})
    assert brief.status_code == 200 and "round" not in brief.json()


def test_another_round_answer_is_refused_and_stores_nothing(scenario: Scenario) -> None:
    client = scenario.site.client()
    before = scenario.site.log_length("cup")
    for query in ("?round=all", "?round=", "?round=full&round=brief"):
        answer = client.post(RESULT + query, headers=scenario.headers("judge"),
                             json={"table": 1, "finish": "1234"})
        assert answer.status_code == 422, (query, answer.text)
        assert answer.json()["field"] == "round"
    assert scenario.site.log_length("cup") == before


def test_a_long_round_counts_its_missing_tables(scenario: Scenario) -> None:
    """Past ten tables without a result the sentence counts them instead of naming each."""
    site = scenario.site
    site.event("big", "owner", players=48)
    site.events.pair_round("big", "owner")
    answer = site.client().post("/api/v1/events/big/commands/commander.result",
                                headers=scenario.headers("owner"),
                                json={"table": 3, "finish": "1234"})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["said"] == "Round 1, table 3: saved; 1 of 12 tables entered."
    assert body["answer"] == {"round": 1, "table": 3, "corrected": False, "complete": False,
                              "done": 1, "total": 12, "version": body["stored"][-1]}


def test_the_schema_offers_the_whole_round_on_result_commands_only(
        scenario: Scenario) -> None:
    schema = scenario.site.client().get("/openapi.json").json()
    post = schema["paths"]["/api/v1/events/{slug}/commands/commander.result"]["post"]
    query = [p for p in post["parameters"] if p["in"] == "query"]
    assert query == [{"name": "round", "in": "query", "required": False,
                      "schema": {"type": "string", "enum": ["brief", "full"],
                                 "default": "brief"},
                      "description": query[0]["description"]}]
    models = schema["components"]["schemas"]

    def model(ref: dict[str, str]) -> dict[str, Any]:
        return models[ref["$ref"].rsplit("/", 1)[1]]

    answer = model(post["responses"]["200"]["content"]["application/json"]["schema"])
    rounds = answer["properties"]["round"]["anyOf"]
    assert {"$ref": "#/components/schemas/RoundOut"} in rounds
    assert "RoundOut" in models
    assert set(model(answer["properties"]["answer"])["properties"]) == {
        "round", "table", "corrected", "complete", "done", "total", "version"}
    pair = schema["paths"]["/api/v1/events/{slug}/commands/round.pair"]["post"]
    assert not [p for p in pair["parameters"] if p["in"] == "query"]
