"""The chances on the public pages and the API: hidden until the organiser shows them
(setting ``odds_shown``), then a column of the standings and a player's page with what they
need; refusals name their field and store nothing."""

from __future__ import annotations

from tests.web.conftest import Site
from tests.web.test_public import results

SETTINGS = {"rounds": "2", "fewer_rounds": "yes", "tiebreakers": "elimination_sum,random"}


def one_round_left(site: Site, owner: str | None = None) -> None:
    """8 players, round 1 played, round 2 paired: the chances are exact (rule CMD-10)."""
    site.event("cup", owner, **SETTINGS)
    results(site, "cup")
    site.events.pair_round("cup", "org")


def test_the_public_sees_the_chances_only_once_the_organiser_shows_them(site: Site) -> None:
    one_round_left(site)
    client = site.client()
    assert "48%" not in client.get("/e/cup").text
    hidden = client.get("/api/v1/events/cup/views/odds")
    assert hidden.status_code == 403 and hidden.json()["code"] == "odds.hidden"
    assert client.get("/e/cup/v/need?player=P1").status_code == 403

    site.events.change_settings("cup", {"odds_shown": "yes"}, "org")
    page = client.get("/e/cup").text
    assert "Final" in page and "48%" in page and "100%" in page
    odds = client.get("/api/v1/events/cup/views/odds").json()
    assert [g["key"] for g in odds["goals"]] == ["final", "first"]
    assert odds["exact"] and odds["total"] == 8
    shares = sorted(c["exact"]["num"] / c["exact"]["den"] for row in odds["items"]
                    for c in row["chances"] if c["goal"] == "final")
    assert abs(sum(shares) - 4) < 1e-9  # four finalists
    need = client.get("/e/cup/v/need?player=P1")
    assert need.status_code == 200 and "What P1 needs" in need.text
    # the answer first, then each result of the next round with the weakest ones marked
    answer = need.text.index('class="need-answer"')
    assert answer < need.text.index("After the next round")
    assert "guarantees</span>" in need.text or "still possible</span>" in need.text


def test_refusals_name_their_field_and_store_nothing(site: Site) -> None:
    one_round_left(site)
    site.events.change_settings("cup", {"odds_shown": "yes"}, "org")
    client = site.client()
    before = site.log_length("cup")
    for query, field in (("player=Nobody", "player"), ("player=P1&goal=podium", "goal"),
                         ("player=P1&model=luck", "model")):
        answer = client.get(f"/api/v1/events/cup/views/need?{query}")
        assert answer.status_code == 422, answer.text
        assert answer.json()["field"] == field
    assert site.log_length("cup") == before


def test_a_format_without_projections_refuses_the_chances(site: Site) -> None:
    site.events.create_event("year", "Year", "series", {}, "org", seed=1)
    answer = site.client().get("/api/v1/events/year/views/odds")
    assert answer.status_code == 409 and answer.json()["code"] == "format.other"


def test_the_organiser_reads_the_chances_before_showing_them(site: Site) -> None:
    site.user("anna")
    one_round_left(site, owner="anna")
    client = site.login("anna")
    page = client.get("/e/cup/v/odds")
    assert page.status_code == 200 and "48%" in page.text
    assert "48%" not in site.client().get("/e/cup").text  # the public standings: hidden
