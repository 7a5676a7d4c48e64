"""Berserk's TOP bounds do what docs/berserk.md says (rule BRK-1, ``top_size_rule=half``):

- bounds that contradict each other (``top_size_min`` above ``top_size_max``) and a bound that
  is not a power of two (12 or 6 made TOPs of 12, 6 or 3) are refused when they are set, at
  event creation and at a settings change, both fields named, with a code; nothing stored;
- fewer players than ``top_size_min`` left: the TOP is the largest power of two that fits
  (3 players, a minimum of 8: a TOP of 2), and its notes say so.
"""

from __future__ import annotations

from podium.cli.main import EXIT_INVALID
from podium.core.top_replay import top_of
from tests.api.conftest import Scenario
from tests.cli.conftest import Podium

CREATE = "/api/v1/commands/event.create"


def test_contradicting_bounds_are_refused_naming_both_fields(scenario: Scenario) -> None:
    client = scenario.site.client()
    owner = scenario.headers("owner")
    answer = client.post(CREATE, headers=owner, json={
        "slug": "brk", "format": "berserk",
        "settings": {"top_size_rule": "half", "top_size_min": 16, "top_size_max": 8}})
    assert answer.status_code == 422, answer.text
    problems = answer.json()["problems"]
    assert {p["code"] for p in problems} == {"brk.top_bounds"}
    named = " ".join(p["message"] for p in problems)
    assert "top_size_min" in named and "top_size_max" in named
    assert {str(p["field"]).rsplit(".", 1)[-1] for p in problems} == {"top_size_min",
                                                                       "top_size_max"}
    assert client.get("/api/v1/events/brk").status_code == 404  # nothing stored


def test_a_bound_that_is_not_a_power_of_two_is_refused(scenario: Scenario) -> None:
    client = scenario.site.client()
    owner = scenario.headers("owner")
    answer = client.post(CREATE, headers=owner, json={
        "slug": "brk", "format": "berserk",
        "settings": {"top_size_rule": "half", "top_size_min": 3, "top_size_max": 12}})
    assert answer.status_code == 422, answer.text
    problems = {str(p["field"]).rsplit(".", 1)[-1]: p for p in answer.json()["problems"]}
    assert set(problems) == {"top_size_min", "top_size_max"}
    assert all(p["code"] == "brk.top_power" for p in problems.values())
    assert "not 12; the nearest are 8 and 16" in problems["top_size_max"]["message"]
    good = client.post(CREATE, headers=owner, json={
        "slug": "brk", "format": "berserk",
        "settings": {"top_size_rule": "half", "top_size_min": 4, "top_size_max": 16}})
    assert good.status_code == 200, good.text


def test_a_settings_change_is_checked_too(podium: Podium) -> None:
    podium("event", "create", "cup", "--format", "berserk", "--set", "top_size_rule=half",
           "--set", "top_size_min=8")
    before = podium.action_count("cup")
    message = podium.error("berserk", "event-settings", "cup", "top_size_max=4", "--reason",
                           "smaller hall", code=EXIT_INVALID)
    assert "setting top_size_min (8) is above top_size_max (4)" in message
    assert "setting top_size_max (4) is below top_size_min (8)" in message
    message = podium.error("berserk", "event-settings", "cup", "top_size_max=24", "--reason",
                           "x", code=EXIT_INVALID)
    assert "top_size_max" in message and "power of two" in message
    assert podium.action_count("cup") == before
    podium("berserk", "event-settings", "cup", "top_size_max=32", "--reason", "bigger hall")


def test_fewer_players_than_the_minimum_make_the_largest_top_that_fits(podium: Podium) -> None:
    podium("event", "create", "cup", "--format", "berserk", "--set", "top_size_rule=half",
           "--set", "top_size_min=8", "--set", "rounds=1", "--seed", "7")
    podium("player", "add", "cup", "Anna", "Boris", "Clara", "Dmitri")
    podium("berserk", "split", "cup", "--tables", "1")
    podium("round", "pair", "cup")
    for table in ("1", "2"):
        podium("result", "enter", "cup", table, "--result", "1")
    podium("player", "drop", "cup", "Clara", "--reason", "ill")
    shown = " ".join(podium.out("top", "build", "cup").split())
    assert ("a TOP of 2: only 3 players remain, fewer than top_size_min (8), so the TOP is the "
            "largest power of two that fits") in shown
    bracket = top_of(podium.load("cup").state)
    assert bracket is not None and bracket.size == 2
