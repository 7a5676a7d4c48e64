"""Throttles on the web: the self-report routes a 7 Wonders season's
players use go through the code throttle; every 429 page says Retry-After; sprayed wrong
passwords and codes do not lock out the owner or a player coming from another address; pages
that may show a secret (a new API token, player codes, a code typed in) carry
``Cache-Control: no-store``."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from podium.service.throttle import CODE_LIMITS, LOGIN_LIMITS
from tests.formats.seven_wonders.test_seven_wonders_pages import GODS, anna  # noqa: F401
from tests.web.conftest import PASSWORD, Site, csrf_of


def client_at(site: Site, address: str) -> TestClient:
    return TestClient(site.app, follow_redirects=False,  # type: ignore[arg-type]
                      client=(address, 50000))


def sw_codes(site: Site) -> dict[str, str]:
    state = site.events.load("sw").state
    return {state.players[p].name: c for p, c in site.reports.codes("sw").items()}


@pytest.mark.parametrize("route", ["table", "submit", "confirm", "dispute"])
def test_the_seven_wonders_self_report_routes_are_throttled(site: Site, anna,  # noqa: F811
                                                             route: str) -> None:
    """Issue 22: the season's own player page took 13,223 guesses a minute. Its players now
    report through the shared self-report (rule W7-36), each of whose routes counts a wrong
    code and, past the allowance, refuses even the right one with 429 and Retry-After; the
    right code from another address still works."""
    codes = sw_codes(site)
    guesser = client_at(site, "198.51.100.20")
    token = csrf_of(guesser.get("/e/sw/report").text)
    fields = {"order": ", ".join(GODS), "report": "1", "note": "x"}
    for i in range(CODE_LIMITS.pair.free):
        wrong = guesser.post(f"/e/sw/report/{route}",
                             data={"csrf_token": token, "code": f"NOPE{i:04d}", **fields})
        assert wrong.status_code == 403, wrong.text
        assert "not known" in wrong.text and "another event" not in wrong.text
    refused = guesser.post(f"/e/sw/report/{route}",
                           data={"csrf_token": token, "code": codes["Anna"], **fields})
    assert refused.status_code == 429
    assert int(refused.headers["retry-after"]) >= 1
    player = client_at(site, "192.0.2.50")
    token = csrf_of(player.get("/e/sw/report").text)
    page = player.post("/e/sw/report/table", data={"csrf_token": token, "code": codes["Anna"]})
    assert page.status_code == 200 and "League of Gods, game 1" in page.text
    assert page.headers["cache-control"] == "no-store"  # the page holds her code


def test_sprayed_passwords_do_not_lock_the_owner_out(site: Site) -> None:
    site.user("anna")
    for i in range(LOGIN_LIMITS.pair.free + 3):
        sprayer = client_at(site, f"203.0.113.{i % 3}")
        csrf = csrf_of(sprayer.get("/login").text)
        sprayer.post("/login", data={"username": "anna", "password": f"guess {i}",
                                     "csrf_token": csrf})
    owner = client_at(site, "192.0.2.10")
    csrf = csrf_of(owner.get("/login").text)
    answer = owner.post("/login", data={"username": "anna", "password": PASSWORD,
                                        "csrf_token": csrf})
    assert answer.status_code == 303


def test_sprayed_codes_do_not_lock_a_player_out(site: Site) -> None:
    site.event("cup", None)
    site.events.pair_round("cup", "org")
    code = site.reports.codes("cup")[1]
    for i in range(CODE_LIMITS.pair.free * 3):
        guesser = client_at(site, f"203.0.113.{i % 10}")
        csrf = csrf_of(guesser.get("/e/cup/report").text)
        guesser.post("/e/cup/report/table", data={"csrf_token": csrf, "code": f"BAD{i:05d}"})
        guesser.get("/api/v1/events/cup/me", headers={"Authorization": f"Bearer BAD{i:05d}"})
    player = client_at(site, "192.0.2.11")
    csrf = csrf_of(player.get("/e/cup/report").text)
    page = player.post("/e/cup/report/table", data={"csrf_token": csrf, "code": code})
    assert page.status_code == 200
    assert player.get("/api/v1/events/cup/me",
                      headers={"Authorization": f"Bearer {code}"}).status_code == 200


def test_pages_with_secrets_are_not_stored(site: Site) -> None:
    site.user("owner")
    site.event("cup", "owner")
    site.events.pair_round("cup", "owner")
    organiser = site.login("owner")
    csrf = csrf_of(organiser.get("/account").text)
    token = organiser.post("/account/tokens", data={"csrf_token": csrf, "label": "bot"})
    assert token.status_code == 200 and token.headers["cache-control"] == "no-store"
    for url in ("/account", "/manage", "/manage/cup", "/manage/cup/codes",
                "/manage/cup/print/slips"):
        answer = organiser.get(url)
        assert answer.status_code == 200, url
        assert answer.headers["cache-control"] == "no-store", url
    code = site.reports.codes("cup")[1]
    phone = site.client()
    opened = phone.get(f"/e/cup/report?code={code}")
    assert opened.headers["cache-control"] == "no-store"
    csrf = csrf_of(phone.get("/e/cup/report").text)
    table = phone.post("/e/cup/report/table", data={"csrf_token": csrf, "code": code})
    assert table.status_code == 200 and table.headers["cache-control"] == "no-store"
    remembered = phone.get("/e/cup/report")  # the code from this phone's cookie
    assert remembered.headers["cache-control"] == "no-store"
    assert "no-store" not in site.client().get("/e/cup").headers.get("cache-control", "")
