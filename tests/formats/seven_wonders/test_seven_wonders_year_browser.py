"""A 7 Wonders year run from the pages alone, in Russian (rules W7-1 .. W7-36): one organiser
account on a laptop creates the year, uploads the sign-ups, previews and saves the starting
season, and runs it; its players report from 390x844 phones. No command line anywhere.

With ``PODIUM_SHOTS`` set to a folder, the run saves its pages there as PNG files: the
screenshots of docs/seven-wonders.md ("A year on the pages") come from this run."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from podium.core.series import book_of as series_book
from podium.formats.seven_wonders.year_demo import signups_csv
from tests.web.conftest import Site
from tests.web.test_browser import WAIT, browser, log_in, server  # noqa: F401 (fixtures)

#: 30 sign-ups (rule W7-4): the first 28 play in 4 leagues, the last 2 go to qualification
SIGNUPS = [(f"Игрок{i:02d}", 2000 - 10 * i, i % 5 == 1) for i in range(1, 31)]
WIDTH = "document.documentElement.scrollWidth"
SHOTS = os.environ.get("PODIUM_SHOTS", "")


def shot(page: Any, name: str) -> None:
    """The page as the docs show it (only when PODIUM_SHOTS names a folder)."""
    if SHOTS:
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(Path(SHOTS) / f"sw-year-{name}.png"), full_page=True)


def organiser(browser: Any, server: str) -> Any:  # noqa: F811
    context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="ru-RU",
                                  extra_http_headers={"Accept-Language": "ru"})
    context.add_cookies([{"name": "lang", "value": "ru", "url": server}])
    page = context.new_page()
    page.set_default_timeout(WAIT)
    return page


def test_an_organiser_makes_a_year_and_its_starting_season_on_the_pages(
        site: Site, server: str, browser: Any, tmp_path: Path) -> None:  # noqa: F811
    from playwright.sync_api import expect

    site.user("org")
    page = organiser(browser, server)
    log_in(page, server, "org")
    # rule W7-1: the year is a choice of the new-event page
    page.click("a[href='/manage/new']")
    page.select_option("select[name=format]", "seven-wonders-year")
    page.wait_for_url("**/manage/new?format=seven-wonders-year")
    page.fill("input[name=slug]", "god")
    page.fill("input[name=name]", "Год «7 чудес» 2027")
    shot(page, "new")
    page.click("form[data-new-event] button[type=submit]")
    page.wait_for_url(f"{server}/manage/god")
    # what is due comes first, with its link: the starting season from the sign-ups
    step = page.locator("[data-step='seven-wonders.start-year']")
    expect(step).to_be_visible()
    shot(page, "empty")
    step.click()
    # rule W7-4: the sign-ups uploaded, previewed, then saved from the preview
    csv = tmp_path / "заявки.csv"
    csv.write_text(signups_csv(SIGNUPS), encoding="utf-8")
    page.fill("input[name=season]", "god-s0")
    page.set_input_files("input[name=signups]", str(csv))
    page.locator("input[name=preview]").check()
    page.locator("form button[type=submit]").last.click()
    expect(page.locator(".flash")).to_contain_text("Ничего не сохранено")
    expect(page.locator("main")).to_contain_text("Игрок29")  # to qualification
    shot(page, "preview")
    page.click("#save-preview")
    page.wait_for_url(f"{server}/manage/god")
    members = series_book(site.events.load("god").state).members
    assert [m.event for m in members] == ["god-s0"]
    # the season is the year organiser's: linked from the year, opened without a grant
    page.click("a[href='/manage/god-s0']")
    page.wait_for_url(f"{server}/manage/god-s0")
    expect(page.locator("h1")).to_be_visible()
    assert page.evaluate(WIDTH) <= 1366
    shot(page, "season")
