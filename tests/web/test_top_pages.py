"""The TOP after a Commander event through the web: the TOP is the kernel's, format neutral
(rules BRK-1, BRK-2: seeded from the standings), with the same forms and the same public bracket
page as after Berserk's tables (tests/formats/berserk/test_pages.py)."""

from __future__ import annotations

from podium.core.top_replay import top_of
from tests.formats.berserk.test_pages import action
from tests.web.conftest import Site


def test_a_commander_event_gets_the_top_through_the_web(site: Site, anna) -> None:
    """The TOP is format-neutral: after Commander's Swiss rounds, seeded from the standings
    (one table, rules BRK-1, BRK-2), same forms and the same public bracket page."""
    client, csrf = anna
    site.event("cmd", "anna", final_size="0")
    client.post("/manage/cmd/rounds", data={"csrf_token": csrf})
    page = client.get("/manage/cmd").text
    assert "top-build" not in page  # the round misses results
    for table in site.events.load("cmd").state.current_round.tables:
        client.post(f"/manage/cmd/results/{table.number}",
                    data={"csrf_token": csrf, "finish": "1234"})
    page = client.get("/manage/cmd").text
    assert 'href="/manage/cmd/do/top.build"' in page
    preview = action(client, csrf, "cmd", "top-build", size="4")
    assert preview.status_code == 200 and "Nothing is stored" in preview.text
    assert "the seeds follow the standings (rules BRK-1, BRK-2)" in preview.text
    assert action(client, csrf, "cmd", "top-build", size="4", step="build").status_code == 303
    state = site.events.load("cmd").state
    bracket = top_of(state)
    order = site.events.standings("cmd")[1].order()
    assert [pid for pid, _seed in sorted(bracket.seeds.items(), key=lambda i: i[1])] == \
        order[:4]  # rule BRK-1: seeds are the standings
    for number in (1, 2, 3):
        assert action(client, csrf, "cmd", "top-result", match=str(number),
                      result="1").status_code == 303
    champion = top_of(site.events.load("cmd").state).champion
    page = site.client().get("/e/cmd/p/bracket").text
    assert f"Champion: {state.players[champion].name}" in page


def test_the_bracket_page_before_a_top(site: Site) -> None:
    site.event("cmd", None)
    client = site.client()
    assert "/e/cmd/p/bracket" not in client.get("/e/cmd").text
    assert "has not been built yet" in client.get("/e/cmd/p/bracket").text

