"""Two organisers on the API: a read gives the version of what it shows (each result's
``version``, the round's ``version`` and ``ETag``), and a correction or a hand edit sent back
with it (``If-Match``, or the body's ``expect``) is refused with 412 and a code
(``result.stale``, ``round.stale``) when what it changes changed since, showing what is there
now, with nothing stored. Without a version a command runs as before."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import Scenario

RESULT = "/api/v1/events/cup/commands/commander.result"
ROUND = "/api/v1/events/cup/rounds/1"


def correction(finish: str, **more: Any) -> dict[str, Any]:
    return {"table": 1, "round": 1, "finish": finish, "correct": True, "reason": "slip",
            **more}


def test_a_stale_if_match_is_refused_with_412_and_the_current_result(
        scenario: Scenario) -> None:
    client = scenario.site.client()
    judge = scenario.headers("judge")
    entered = client.post(RESULT, headers=judge, json={"table": 1, "finish": "1234"})
    assert entered.status_code == 200, entered.text
    version = entered.json()["answer"]["version"]
    read = client.get(ROUND, headers=judge)
    assert read.json()["tables"][0]["result"]["version"] == version
    etag = read.headers["etag"]
    assert etag == f'"{read.json()["version"]}"'
    # the owner corrects the result as read
    first = client.post(RESULT, headers={**judge, "If-Match": etag}, json=correction("4321"))
    assert first.status_code == 200, first.text
    # the judge, from the same read: refused, nothing stored, the owner's result shown
    before = scenario.site.log_length("cup")
    stale = client.post(RESULT, headers={**judge, "If-Match": etag}, json=correction("2143"))
    assert stale.status_code == 412, stale.text
    problem = stale.json()
    assert problem["code"] == "result.stale" and problem["field"] == "expect"
    assert problem["params"]["version"] == first.json()["answer"]["version"]
    state = scenario.site.events.load("cup").state
    winner = state.players[state.rounds[0].table(1).seats[3]].name
    assert f"★ {winner}" in problem["message"]
    assert scenario.site.log_length("cup") == before
    # the body's field works as the header does, with the same answer
    body = client.post(RESULT, headers=judge, json=correction("2143", expect=version))
    assert body.status_code == 412 and body.json()["code"] == "result.stale"
    # with the version just read, it is stored
    fresh = client.get(ROUND, headers=judge).headers["etag"]
    done = client.post(RESULT, headers={**judge, "If-Match": fresh}, json=correction("2143"))
    assert done.status_code == 200, done.text
    assert scenario.site.log_length("cup") == before + 1


def test_without_if_match_a_correction_runs_as_before(scenario: Scenario) -> None:
    client = scenario.site.client()
    judge = scenario.headers("judge")
    client.post(RESULT, headers=judge, json={"table": 1, "finish": "1234"})
    for finish in ("4321", "2143"):
        answer = client.post(RESULT, headers=judge, json=correction(finish))
        assert answer.status_code == 200, answer.text
    star = client.post(RESULT, headers={**judge, "If-Match": "*"}, json=correction("1234"))
    assert star.status_code == 200, star.text


def test_if_match_and_expect_must_agree(scenario: Scenario) -> None:
    client = scenario.site.client()
    judge = scenario.headers("judge")
    client.post(RESULT, headers=judge, json={"table": 1, "finish": "1234"})
    before = scenario.site.log_length("cup")
    both = client.post(RESULT, headers={**judge, "If-Match": '"1"'},
                       json=correction("4321", expect=2))
    assert both.status_code == 422 and both.json()["code"] == "input.exclusive"
    bad = client.post(RESULT, headers={**judge, "If-Match": "yesterday"},
                      json=correction("4321"))
    assert bad.status_code == 422 and bad.json()["code"] == "input.version"
    assert scenario.site.log_length("cup") == before


def test_a_stale_hand_edit_is_refused_with_412(scenario: Scenario) -> None:
    client = scenario.site.client()
    owner = scenario.headers("owner")
    read = client.get("/api/v1/events/cup/views/round", headers=owner)
    assert read.status_code == 200, read.text
    etag = read.headers["etag"]
    assert etag == f'"{read.json()["version"]}"'
    tables = read.json()["tables"]
    swap = "/api/v1/events/cup/commands/commander.swap"
    first = client.post(swap, headers={**owner, "If-Match": etag}, json={
        "player": f"#{tables[0]['seats'][0]}", "other": f"#{tables[1]['seats'][0]}",
        "reason": "same club"})
    assert first.status_code == 200, first.text
    before = scenario.site.log_length("cup")
    second = client.post(swap, headers={**owner, "If-Match": etag}, json={
        "player": f"#{tables[0]['seats'][1]}", "other": f"#{tables[1]['seats'][1]}",
        "reason": "friends"})
    assert second.status_code == 412, second.text
    assert second.json()["code"] == "round.stale"
    assert "swapped places" in second.json()["message"]
    assert scenario.site.log_length("cup") == before


def test_the_schema_says_which_commands_answer_412(scenario: Scenario) -> None:
    paths = scenario.site.client().get("/openapi.json").json()["paths"]
    result = paths["/api/v1/events/{slug}/commands/commander.result"]["post"]
    assert "412" in result["responses"]
    assert "If-Match" in result["description"]
    pair = paths["/api/v1/events/{slug}/commands/round.pair"]["post"]
    assert "412" not in pair["responses"]
