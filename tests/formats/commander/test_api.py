"""Commander's result command on the JSON API (``commander.result``, rules CMD-2, CMD-3a): an
entry by ids, a finish by seats or the players by name (with players out at the same moment),
a correction with its reason; bad input a 422 naming the field, nothing stored."""

from __future__ import annotations

import pytest

from tests.api.conftest import Scenario

RESULT = "/api/v1/events/cup/commands/commander.result"


def test_a_result_by_entry_by_seats_or_by_names(scenario: Scenario) -> None:
    client = scenario.site.client()
    headers = scenario.headers("judge")
    state = scenario.site.events.load("cup").state
    seats = state.current_round.table(2).seats
    answer = client.post(RESULT, headers=headers, json={
        "table": 2, "entry": {"winner": seats[3], "eliminated": list(seats[:3])}})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["command"] == "commander.result" and body["answer"]["table"] == 2
    assert body["answer"]["done"] == 1 and body["answer"]["total"] == 2
    assert len(body["stored"]) == 1
    table = client.get("/api/v1/events/cup/rounds/1").json()["tables"][1]
    winner = [o for o in table["result"]["outcomes"] if o["won"]]
    assert winner[0]["player"] == seats[3] and winner[0]["points"] == {"num": 3, "den": 1}
    answer = client.post(RESULT, headers=headers, json={"table": 1, "finish": "4321"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["said"] == "Round 1, table 1: saved. The round is complete."
    log = client.get("/api/v1/events/cup/log", headers=headers).json()
    assert log[-1]["actor"] == "judge" and log[-1]["kind"] == "result.entered"
    # a correction by names, with its reason (rule CMD-2)
    names = [state.players[p].name for p in state.current_round.table(1).seats]
    answer = client.post(RESULT, headers=headers, json={
        "table": 1, "round": 1, "correct": True, "reason": "slip misread",
        "winner": [names[0]], "order": [names[1], [names[2], names[3]]]})
    assert answer.status_code == 200, answer.text
    assert answer.json()["said"] == "Round 1, table 1: corrected."


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"table": 0, "finish": "1234"}, "table"),
        ({"table": "x", "finish": "1234"}, "table"),
        ({"table": 1, "finish": "9"}, "finish"),
        ({"table": 1, "entry": {"winner": "nobody"}}, "entry"),
        ({"table": 1, "entry": {"winner": 1, "eliminated": 5}}, "entry"),
        ({"table": 1, "finish": "1234", "entry": {"winner": 1}}, "entry"),
        ({"table": 1, "finish": "1234", "bogus": 1}, "bogus"),
        ({"table": 1, "finish": "1234", "correct": True}, "reason"),
        ({"table": 1, "winner": "Nobody"}, "winner"),
    ],
)
def test_bad_results_name_the_field_and_store_nothing(scenario: Scenario, body, field) -> None:
    client = scenario.site.client()
    before = scenario.site.log_length("cup")
    answer = client.post(RESULT, headers=scenario.headers("owner"), json=body)
    assert answer.status_code == 422, answer.text
    assert field in answer.text
    assert scenario.site.log_length("cup") == before

