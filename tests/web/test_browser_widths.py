"""No page is wider than its window: every page of every format (public and
organiser, the forms' refusals, the downloads, a marathon player's page), laid out by Debian's
chromium at 390x844 (a phone) and 1366x900. Seen before: `/manage/new` was 833 px wide on a
phone (the format select), the dispute queue 669 px, the marathon's organiser page 470 px.

A table too wide for a phone may scroll inside its own box (``.scroll``); the page itself must
not. The pages are those the Russian crawl reaches (tests/web/test_russian_pages.py), one of
each kind of address (a table's correction page stands for every table's).
"""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import Site
from tests.web.test_browser import WAIT, browser, log_in, server  # noqa: F401 (fixtures)
from tests.web.test_russian_pages import SLUGS, crawl, populate

SIZES = [(390, 844), (1366, 900)]

#: The page's width, and what reaches furthest right when it is too wide (to name the culprit).
WIDTH = """
(limit) => {
  const width = document.documentElement.scrollWidth;
  let worst = null, narrowest = Infinity;
  if (width <= limit) return [width, worst];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    const inside = el.parentElement && el.parentElement.closest('.scroll, .top-bracket');
    if (r.right > limit && r.width > 0 && r.width < narrowest && !inside) {
      narrowest = r.width;  // the narrowest element that reaches past the edge
      worst = el.tagName.toLowerCase() + (el.className ? '.' + el.className : '') + ' '
        + (el.textContent || '').trim().slice(0, 40);
    }
  }
  if (!worst) {  // text running out of its box (a word that cannot wrap)
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let node;
    while (!worst && (node = walk.nextNode())) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) {
        if (box.right > limit + 1) {
          worst = 'text in ' + node.parentElement.tagName.toLowerCase() + ': '
            + node.textContent.trim().slice(0, 40);
          break;
        }
      }
    }
  }
  return [width, worst];
}
"""


def kinds(urls: list[str]) -> list[str]:
    """One address of each kind: numbers in the path stand for any number."""
    seen: dict[str, str] = {}
    for url in sorted(urls):
        seen.setdefault(re.sub(r"\d+", "N", url), url)
    return sorted(seen.values())


@pytest.fixture
def pages(site: Site) -> list[str]:
    populate(site)
    client = site.login("owner")
    client.cookies.set("lang", "ru")
    starts = ["/", "/manage", "/manage/new", *(f"/manage/new?format={f}" for f in
                                                 sorted(set(SLUGS.values())))]
    for slug in SLUGS:
        starts += [f"/e/{slug}", f"/manage/{slug}", f"/manage/{slug}/log",
                   f"/manage/{slug}/preview", f"/e/{slug}/pairings", f"/manage/{slug}/queue",
                   f"/manage/{slug}/judges", f"/manage/{slug}/codes"]
    found = crawl(client, starts, limit=400, per_kind=3)
    return kinds([url for url, page in found.items() if page])


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_no_page_is_wider_than_its_window(site: Site, server: str, browser,  # noqa: F811
                                          pages: list[str], width: int, height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height},
                                  is_mobile=width < 500, locale="ru-RU",
                                  extra_http_headers={"Accept-Language": "ru"})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    log_in(page, server, "owner")
    too_wide = {}
    errors: dict[str, list[str]] = {}
    now = {"url": ""}
    # a console error (a Content-Security-Policy refusal is one) or an uncaught exception; a
    # page answered with an error status by design (a preview refused: 409) is not one
    def said(message) -> None:
        itself = message.location.get("url", "") == f"{server}{now['url']}"
        if message.type == "error" and not (itself and "Failed to load" in message.text):
            errors.setdefault(now["url"], []).append(message.text[:160])

    page.on("console", said)
    page.on("pageerror", lambda e: errors.setdefault(now["url"], []).append(str(e)[:160]))
    for url in pages:
        now["url"] = url
        page.goto(f"{server}{url}")
        page.wait_for_load_state("load")
        shown, worst = page.evaluate(WIDTH, width)
        if shown > width:
            too_wide[url] = f"{shown} px: {worst}"
    context.close()
    assert len(pages) > 40
    assert not too_wide, f"wider than {width} px:\n" + "\n".join(
        f"  {url}: {what}" for url, what in too_wide.items())
    assert not errors, "console errors:\n" + "\n".join(
        f"  {url}: {' | '.join(said)}" for url, said in errors.items())


def test_a_new_events_zone_is_the_browsers(site: Site, server: str, browser  # noqa: F811
                                           ) -> None:
    """A new event's time zone is the organiser's browser's, not UTC (the field is filled
    before they create it, and they may change it); an event made with it shows its times
    in that zone."""
    site.user("owner")
    context = browser.new_context(timezone_id="Asia/Yekaterinburg", locale="ru-RU")
    page = context.new_page()
    page.set_default_timeout(WAIT)
    log_in(page, server, "owner")
    page.goto(f"{server}/manage/new?format=commander")
    zone = page.locator("input[name=set_time_zone]")
    assert zone.input_value() == "Asia/Yekaterinburg"
    page.fill("input[name=slug]", "zoned")
    page.click("form[data-new-event] button[type=submit]")
    page.wait_for_url(f"{server}/manage/zoned")
    context.close()
    assert site.events.load("zoned").state.settings.time_zone == "Asia/Yekaterinburg"
