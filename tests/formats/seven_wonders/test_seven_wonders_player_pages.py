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
from tests.web.conftest import Site


@pytest.fixture
def season(anna):  # noqa: F811 - the pages' season: two leagues, Anna its organiser
    return anna


def codes_by_name(site: Site, slug: str = "sw") -> dict[str, str]:
    state = site.events.load(slug).state
    return {state.players[p].name: c for p, c in site.reports.codes(slug).items()}


def test_the_code_slip_opens_the_players_due_game(site: Site, season,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # rule W7-36: the slip's address and QR code lead to the season's player page, not to the
    # shared self-report of a round (a season has no rounds)
    from podium.web.routes import organiser

    client, _csrf = season
    code = codes_by_name(site)["Clara"]
    encoded: list[str] = []
    monkeypatch.setattr(organiser, "qr_svg", lambda url: encoded.append(url) or "")
    slips = client.get("/manage/sw/print/codes").text
    assert f"http://testserver/e/sw/sw/me?code={code}" in encoded
    assert "http://testserver/e/sw/sw/me" in html.unescape(slips)
    assert not re.search(r"/e/sw/report\b", slips)
    assert "/e/sw/sw/me" in client.get("/manage/sw/codes").text
    phone = site.client()
    page = phone.get(f"/e/sw/sw/me?code={code}")
    assert page.status_code == 200
    assert 'name="game" value="gods/1"' in page.text and "Report this result" in page.text
    # the phone remembers the code: the player page opens again without it
    again = phone.get("/e/sw/sw/me")
    assert again.status_code == 200 and 'name="game" value="gods/1"' in again.text
    # a slip printed before (the shared address) is sent on to the player page
    old = site.client().get(f"/e/sw/report?code={code}")
    assert old.status_code == 303 and old.headers["location"] == f"/e/sw/sw/me?code={code}"
    wrong = site.client().get("/e/sw/sw/me?code=NOPE1234")
    assert wrong.status_code == 403 and 'name="code"' in wrong.text
