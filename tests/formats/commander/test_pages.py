"""Commander's result on the organiser's pages (regulation CMD): the finish typed with the
keyboard (``2431``: seats from the winner to the first out) refused when it is not a finish of
the table, and a player who is not at the table refused naming who is, in the page's language.
Every refused form stores nothing."""

from __future__ import annotations

import pytest

from tests.web.conftest import Site, csrf_of


@pytest.fixture
def anna(site: Site):
    site.user("anna")
    client = site.login("anna")
    return client, csrf_of(client.get("/manage").text)


def test_a_wrong_result_names_the_problem_and_stores_nothing(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cup", "anna")
    site.events.pair_round("cup", "anna")
    before = site.log_length("cup")
    for finish in ("", "5", "1123", "12"):
        answer = client.post("/manage/cup/results/1", data={"csrf_token": csrf,
                                                            "finish": finish},
                             headers={"HX-Request": "true"})
        assert answer.status_code == 422, finish
        assert "finish" in answer.text
    assert site.log_length("cup") == before



def test_a_player_not_at_the_table_is_refused_naming_who_is(site: Site) -> None:
    """Rule CMD-2: the refusal lists the table's players, in the page's language."""
    from podium.core.errors import InvalidInput
    from podium.web.i18n import localise

    site.event("cup", None)
    _state, rnd = site.events.pair_round("cup", "org")
    state = site.events.load("cup").state
    seats, other = rnd.tables[0].seats, rnd.tables[1].seats[0]
    with pytest.raises(InvalidInput) as refused:
        site.events.enter_result("cup", 1, {"winner": other, "eliminated": list(seats[1:])}, "org")
    names = ", ".join(state.players[p].name for p in seats)
    assert localise(refused.value, "en") == (
        f"round 1, table 1: {state.players[other].name} is not at this table ({names})")
    assert f"не сидит за этим столом ({names})" in localise(refused.value, "ru")

