"""Issue 13, part 3: the round preview's table cards (and the organiser's and the public
pairings' cards) fit their content at desktop and phone widths. Reproduced before: the Points
column spilled into the next card. A browser lays the page out; the test fails when any
element inside a card reaches past the card's border.
"""

from __future__ import annotations

import random

import pytest

from podium.service.simulate import play
from tests.web.conftest import PASSWORD, Site
from tests.web.test_browser import WAIT, browser, server  # noqa: F401 (fixtures)

SIZES = [(1366, 900), (390, 844)]

# Every element inside a card whose box reaches past the card's inner edge (1px rounding).
OVERFLOWING = """
() => {
  const out = [];
  for (const card of document.querySelectorAll('article.pod')) {
    const box = card.getBoundingClientRect();
    if (card.scrollWidth > card.clientWidth + 1) out.push(card.id || card.textContent.slice(0, 40));
    for (const el of card.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > box.right - 1 || r.left < box.left + 1)
        out.push(el.tagName + ': ' + el.textContent.trim().slice(0, 40));
    }
  }
  return out;
}
"""


def _event(site: Site) -> None:
    """Twelve players with long names after two rounds: ranks, points and seats of two digits."""
    site.user("anna")
    site.events.create_event("cmd", "Night", "commander", {}, "setup", seed=5)
    names = [f"Konstantin Konstantinopolsky-{i}" if i % 3 else f"Ёж {i}" for i in range(1, 13)]
    site.events.add_players("cmd", names, "setup")
    site.accounts.grant("cmd", "anna", "owner", "setup")
    play(site.events, "cmd", "org", random.Random(2), rounds=2)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_table_cards_fit_their_content(site: Site, server: str, browser, width: int,  # noqa: F811
                                       height: int) -> None:
    _event(site)
    context = browser.new_context(viewport={"width": width, "height": height},
                                  locale="ru-RU", extra_http_headers={"Accept-Language": "ru"})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(f"{server}/login")
    page.fill("input[name=username]", "anna")
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.goto(f"{server}/manage/cmd/preview")
    assert page.locator("article.pod").count() == 3
    assert page.evaluate(OVERFLOWING) == [], f"preview at {width}x{height}"
    page.goto(f"{server}/manage/cmd")
    assert page.evaluate(OVERFLOWING) == [], f"organiser round at {width}x{height}"
    page.goto(f"{server}/e/cmd/pairings")
    assert page.evaluate(OVERFLOWING) == [], f"public pairings at {width}x{height}"
    context.close()


def test_phone_standings_show_place_name_points_and_details_on_demand(
    site: Site, server: str, browser  # noqa: F811
) -> None:
    from playwright.sync_api import expect

    _event(site)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(f"{server}/e/cmd")
    heads = page.locator("#view-standings thead th")
    visible = [h for h in heads.all() if h.is_visible()]
    assert [h.inner_text() for h in visible] == ["#", "Player", "Pts"]
    page.click("label[for=details]")
    expect(heads.nth(3)).to_be_visible()
    table = page.locator("#view-standings")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    del table
    context.close()
