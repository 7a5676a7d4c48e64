"""Issue 20, 7 Wonders: a player's way in (the code slip and its QR code open the player's due
game, rule W7-36), the season's pages in the page's language with no raw key (game refs,
league keys, special matches), and the season table one league at a time."""

from __future__ import annotations

import html
import re

import pytest

from tests.formats.seven_wonders.test_seven_wonders_pages import (  # noqa: F401 - a fixture
    GODS,
    PRIESTS,
    anna,
)
from tests.web.conftest import Site, csrf_of


@pytest.fixture
def season(anna):  # noqa: F811 - the pages' season: two leagues, Anna its organiser
    return anna


def codes_by_name(site: Site, slug: str = "sw") -> dict[str, str]:
    state = site.events.load(slug).state
    return {state.players[p].name: c for p, c in site.reports.codes(slug).items()}


def test_the_code_slip_opens_the_players_due_game(site: Site, season,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # rule W7-36: the slip's address and QR code lead to the shared self-report, which shows
    # the player's due game (a season has no rounds) and its report form
    from podium.web.routes import organiser

    client, _csrf = season
    code = codes_by_name(site)["Clara"]
    encoded: list[str] = []
    monkeypatch.setattr(organiser, "qr_svg", lambda url: encoded.append(url) or "")
    slips = client.get("/manage/sw/print/codes").text
    assert f"http://testserver/e/sw/report?code={code}" in encoded
    assert "http://testserver/e/sw/report" in html.unescape(slips)
    assert "/e/sw/report" in client.get("/manage/sw/codes").text
    phone = site.client()
    opened = phone.get(f"/e/sw/report?code={code}")
    assert opened.status_code == 200 and f'value="{code}"' in opened.text
    assert "Show my game" in opened.text
    page = phone.post("/e/sw/report/table", data={"csrf_token": csrf_of(opened.text),
                                                  "code": code})
    assert page.status_code == 200
    assert "League of Gods, game 1" in html.unescape(page.text)
    assert 'name="order"' in page.text and "Report this result" in page.text
    # the phone remembers the code: the page opens again without it
    again = phone.get("/e/sw/report")
    assert again.status_code == 200 and "Report this result" in again.text
    # a slip printed before (the season's own page) is sent on to the self-report
    old = site.client().get(f"/e/sw/sw/me?code={code}", follow_redirects=False)
    assert old.status_code == 301 and old.headers["location"] == f"/e/sw/report?code={code}"
    assert not re.search(r"/e/sw/sw/me\b", slips)
    other = site.client()
    wrong = other.post("/e/sw/report/table", data={
        "csrf_token": csrf_of(other.get("/e/sw/report").text), "code": "NOPE1234"})
    assert wrong.status_code == 403 and 'name="code"' in wrong.text
