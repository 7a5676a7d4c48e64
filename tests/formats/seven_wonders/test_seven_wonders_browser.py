"""Issue 20, 7 Wonders in a browser (Debian's chromium driven by Playwright, never a browser
Playwright downloads; skipped without it, see tests/web/test_browser.py): a player follows their
code slip to the shared self-report, their due game, and reports it by tapping the order of
places on a phone (rules W7-3, W7-36), and the season's pages are no wider than a phone or a
desktop screen, with a premium player due to create the next table (its settings one long
line)."""

from __future__ import annotations

import re

import pytest

from podium.formats.seven_wonders.season import book_of
from tests.web.conftest import Site, csrf_of
from tests.web.test_browser import WAIT, browser, server  # noqa: F401 (fixtures)

GODS = ["Анна", "Борис", "Клара", "Дмитрий", "Елена", "Фёдор", "Галина"]
PRIESTS = ["Павел", "Пётр", "Полина", "Прохор", "Платон", "Прасковья", "Пелагея"]
SIZES = [(1366, 900), (390, 844)]
WIDTH = "document.documentElement.scrollWidth"


def _season(site: Site):
    """A season of two leagues in Moscow time; Анна has a premium account, so she creates the
    League of Gods' first table with the regulation's settings (rule W7-36)."""
    site.user("anna")
    client = site.login("anna")
    csrf = csrf_of(client.get("/manage").text)
    answer = client.post("/manage/new", data={
        "csrf_token": csrf, "format": "seven-wonders", "slug": "sw", "name": "Весенний сезон",
        "set_start": "2026-11-30", "set_time_zone": "Europe/Moscow"})
    assert answer.status_code == 303, answer.text
    done = client.post("/manage/sw/do/seven-wonders.leagues", data={
        "csrf_token": csrf, "names": "\n".join(GODS + PRIESTS), "assign": "yes"})
    assert done.status_code == 303, done.text
    premium = client.post("/manage/sw/do/seven-wonders.profile", data={
        "csrf_token": csrf, "player": "Анна", "premium": "yes"})
    assert premium.status_code == 303, premium.text
    return client


def _slip_address(client, base: str, name: str) -> str:
    """The address printed on ``name``'s code slip (and in its QR code), on the test server."""
    slips = client.get("/manage/sw/print/codes").text
    section = next(s for s in slips.split('<section class="code-slip">') if name in s)
    found = re.search(r"(http://testserver/e/sw/report)", section)
    assert found, section
    codes = re.search(r'<code class="code big">([^<]+)</code>', section)
    assert codes
    return found.group(1).replace("http://testserver", base) + f"?code={codes.group(1)}"


def test_a_player_follows_the_slip_and_reports_by_tapping_on_a_phone(
        site: Site, server: str, browser) -> None:  # noqa: F811
    from playwright.sync_api import expect

    client = _season(site)
    address = _slip_address(client, server, "Клара")
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, locale="ru-RU",
                                  extra_http_headers={"Accept-Language": "ru"})
    context.add_cookies([{"name": "lang", "value": "ru", "url": server}])
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(address)
    page.locator("button[type=submit]").first.tap()  # the code, filled in by the slip
    expect(page.locator("h2").first).to_have_text("Лига Богов, игра 1")
    # the deadline in the season's time zone, to the minute: 7 days after the start, a day
    # in Moscow (rule W7-36; a date-only start is not UTC midnight)
    expect(page.locator("main")).to_contain_text("7 дек. 2026 г., 00:00 (Europe/Moscow)")
    send = page.locator("button.tap-send")
    expect(send).to_be_disabled()
    expect(page.locator("input[name=order]")).to_be_hidden()  # nothing typed, nothing pre-filled

    def tap(name: str) -> None:
        page.locator("button.tap-player", has_text=name).tap()

    # rule W7-3: Борис and Клара share 2nd place, the next is 4th
    tap("Анна")
    tap("Борис")
    tap("Клара")
    page.locator("button.sw-tie").tap()
    for name in ("Дмитрий", "Елена", "Фёдор"):
        tap(name)  # Галина, the last, is placed by herself
    expect(page.locator("button.tap-player", has_text="Клара")).to_contain_text(
        "место 2 = делёж")
    expect(page.locator("button.tap-player", has_text="Галина")).to_contain_text("место 7")
    expect(send).to_be_enabled()
    assert page.evaluate(WIDTH) <= 390
    page.fill("input[name=link]", "https://boardgamearena.com/table?table=7")
    send.tap()
    expect(page.locator(".flash")).to_be_visible()
    assert page.evaluate(WIDTH) <= 390
    context.close()
    report = site.reports.reports("sw")[0]  # the kernel's self-report, waiting (rule W7-36)
    state = site.events.load("sw").state
    positions = {state.players[item["player"]].name: item["position"]
                 for item in report.entry["results"]}
    assert positions == {"Анна": 1, "Борис": 2, "Клара": 2, "Дмитрий": 4, "Елена": 5,
                         "Фёдор": 6, "Галина": 7}
    assert state.players[report.reporter].name == "Клара"
    assert report.entry["game"] == "gods/1" and not book_of(state).ladders.get("gods")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_season_pages_fit_the_screen(site: Site, server: str, browser,  # noqa: F811
                                         width: int, height: int) -> None:
    client = _season(site)
    address = _slip_address(client, server, "Анна")
    context = browser.new_context(viewport={"width": width, "height": height},
                                  is_mobile=width < 500, locale="ru-RU")
    context.add_cookies([{"name": "lang", "value": "ru", "url": server}])
    page = context.new_page()
    page.set_default_timeout(WAIT)
    wide = {}
    for url in ("/e/sw", "/e/sw?table=league-priests", "/e/sw/p/season",
                "/e/sw/p/league-gods", "/e/sw/p/league-priests", "/e/sw/p/report", address):
        page.goto(url if url.startswith("http") else f"{server}{url}")
        if url == "/e/sw/p/league-gods":  # Анна creates the table: the long settings line
            assert page.locator("pre.sw-settings").count() == 1
        shown = page.evaluate(WIDTH)
        if shown > width:
            wide[url] = shown
    context.close()
    assert not wide, f"wider than {width} px: {wide}"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_years_pages_fit_the_screen(site: Site, server: str, browser,  # noqa: F811
                                        width: int, height: int) -> None:
    from podium.formats.seven_wonders.year_demo import play_year

    play_year(site.events, "y", 28, 3, 6)
    context = browser.new_context(viewport={"width": width, "height": height},
                                  is_mobile=width < 500, locale="ru-RU")
    context.add_cookies([{"name": "lang", "value": "ru", "url": server}])
    page = context.new_page()
    page.set_default_timeout(WAIT)
    wide = {}
    for url in ("/e/y-year", "/e/y-year/p/player?name=Player%2001", "/e/y-s2",
                "/e/y-s2/p/season", "/e/y-s2/p/league-gods", "/e/y-s0/p/league-league-1"):
        page.goto(f"{server}{url}")
        shown = page.evaluate(WIDTH)
        if shown > width:
            wide[url] = shown
    context.close()
    assert not wide, f"wider than {width} px: {wide}"


#: A complete season's organiser page on a phone, measured at 390x844 after issue 33 at the
#: viewport's own height (844 px; 854 px before, its games' forms listed open), with margin.
COMPLETE_SEASON_PAGE = 1000


def test_the_year_and_season_tables_keep_the_total_in_view_on_a_phone(
        site: Site, server: str, browser) -> None:  # noqa: F811
    """Issue 33: at 390 px the year table and the season table show each player's total
    («Итого») without scrolling sideways, rows one line high; a complete season's organiser
    page lists no forms open (rule W7-1 for the year's total, W7-16 .. W7-19 the season's)."""
    from podium.formats.seven_wonders.year_demo import play_year
    from tests.web.test_browser import log_in

    play_year(site.events, "y", 28, 3, 6)
    site.user("anna")
    site.accounts.grant("y-s2", "anna", "owner", "setup")
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, locale="ru-RU")
    context.add_cookies([{"name": "lang", "value": "ru", "url": server}])
    page = context.new_page()
    page.set_default_timeout(WAIT)

    # the boxes read in one step: the public pages refresh themselves (a swap between two
    # reads would measure a detached row)
    boxes = """(selector) => Array.from(document.querySelectorAll(selector)).map(e => {
        const r = e.getBoundingClientRect();
        return {text: e.textContent.trim(), left: r.left, right: r.right, height: r.height};
    })"""
    page.goto(f"{server}/e/y-year/p/overview")
    assert page.evaluate(WIDTH) <= 390
    year = page.evaluate(boxes, "section.view:has(table) table tr > :last-child")
    heads = [b for b in year if b["text"].startswith("Итого")]
    assert heads, year[:3]
    cells = year[year.index(heads[0]):][:29]  # «Итого» and the year's 28 totals
    for cell in cells:
        assert cell["left"] >= 0 and cell["right"] <= 390, cell
    assert all(cell["height"] < 60 for cell in cells[1:]), cells
    page.goto(f"{server}/e/y-s2/p/season")
    assert page.evaluate(WIDTH) <= 390
    totals = page.evaluate(boxes, "main table tbody tr > td:last-child")
    assert len(totals) >= 28
    for cell in totals:
        assert cell["right"] <= 390 and cell["height"] < 60, cell
    # the points the total is made of, one tap away under each name
    parts = page.evaluate(boxes, "table.sw-season details dl")
    assert len(parts) == 28 and all("Титаны" in p["text"] for p in parts), parts[:1]
    # a complete season: its games' commands folded, the page about a screen high
    log_in(page, server, "anna")
    page.goto(f"{server}/manage/y-s2")
    assert page.locator("#menu-round").get_attribute("open") is None
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= COMPLETE_SEASON_PAGE, height
    context.close()
