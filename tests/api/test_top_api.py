"""The TOP after Commander's Swiss rounds on the JSON API: the kernel's ``top.build`` and
``top.result``, seeded from the standings (rule BRK-1). The TOP after Berserk's draft tables is
in tests/formats/berserk/test_api.py."""

from __future__ import annotations

from podium.core.top_replay import top_of
from tests.api.conftest import Scenario
from tests.formats.berserk.test_api import cmd


def test_a_commander_top_through_the_api(scenario: Scenario) -> None:
    """The TOP after Commander: seeded from the standings (BRK-1); the size must be given."""
    from tests.api.test_authorisation import complete_round

    complete_round(scenario)
    client, headers = scenario.site.client(), scenario.headers("owner")
    missing = client.post(cmd("cup", "top.build"), headers=headers, json={})
    assert missing.status_code == 422 and missing.json()["field"] == "size"
    built = client.post(cmd("cup", "top.build"), headers=headers, json={"size": 2})
    assert built.status_code == 200
    top = client.get("/api/v1/events/cup/top").json()
    standings = scenario.site.events.standings("cup")[1].order()
    active = [p for p in standings
              if not scenario.site.events.load("cup").state.players[p].dropped]
    assert [s["player"] for s in top["seeds"]] == active[:2]
    done = client.post(cmd("cup", "top.result"), headers=headers,
                       json={"match": 1, "result": "2"})
    champion = top["matches"][0]["players"][1]
    names = {p["id"]: p["name"] for p in client.get("/api/v1/events/cup/players").json()}
    assert done.json()["answer"]["champion"] == {"id": champion, "name": names[champion]}
    assert done.json()["answer"]["slots"] == [{"id": p, "name": names[p]}
                                              for p in top["matches"][0]["players"]]
    assert top_of(scenario.site.events.load("cup").state).champion is not None

