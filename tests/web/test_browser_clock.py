"""The round clock in Debian's chromium: the projector page of a 64-player round (16
pods) at 1920x1080 fits without scrolling, its clock is on screen and counts down, "find my
table" finds a player's table as the name is typed; on a phone (390x844) the public pairings
page shows the clock, and marks "time" on a table still playing once its time has run out
(static/clock.js, no reload).

The site's clock is set to the real time here: the browser counts down with its own.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from podium.service.clock import StartClock
from podium.service.commands import PairRound
from tests.web.conftest import Site
from tests.web.test_browser import WAIT, browser, server  # noqa: F401 (fixtures)

FIRST = ("Александра", "Константин", "Мария-Луиза", "Святослав", "Евгения", "Ярослав",
         "Анастасия", "Владимир")
LAST = ("Константинопольская", "Преображенский", "Ростовцева", "Белозерский",
        "Воскресенская", "Голенищев", "Верещагина", "Оболенский")
CLOCK_TEXT = re.compile(r"^1:(2\d|30):\d\d$")


def names(count: int) -> list[str]:
    return [f"{FIRST[i % 8]} {LAST[(i // 8) % 8]}" for i in range(count)]


def round_of(site: Site, players: int, clock_ends_in: timedelta | None = None) -> list[str]:
    everyone = names(players)
    site.events.create_event("cup", "Кубок клуба «Орбита»", "commander",
                             {"rounds": 3, "fewer_rounds": True}, "setup", seed=11)
    site.events.add_players("cup", everyone, "setup")
    site.events.run_command(PairRound("cup"), "setup")
    now = datetime.now(UTC)
    site.clock.now = now - (timedelta(minutes=90) - clock_ends_in) if clock_ends_in else now
    site.events.run_command(StartClock("cup"), "judge")
    site.clock.now = now
    return everyone


def test_projector_fits_a_full_hd_screen(site: Site, server: str,  # noqa: F811
                                          browser) -> None:  # noqa: F811
    from playwright.sync_api import expect

    round_of(site, 64)
    state = site.events.load("cup").state
    seventh = state.players[state.rounds[0].tables[6].seats[2]].name
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="ru-RU",
                                  extra_http_headers={"Accept-Language": "ru"})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(f"{server}/lang/ru?next=/e/cup/projector")
    page.wait_for_selector(".pj-tables")
    assert page.locator(".pj-tables .pod").count() == 16
    width, height = page.evaluate("[document.documentElement.scrollWidth, "
                                  "document.documentElement.scrollHeight]")
    assert (width, height) == (1920, 1080), "the projector page scrolls"
    for selector in (".pj-head .clock-value", ".pj-qr svg", ".pj-find input",
                     ".pj-tables .pod:last-child li:last-child"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 1080, selector
        assert box["x"] + box["width"] <= 1920, selector
    clock = page.locator(".pj-head [data-clock-value]")
    assert CLOCK_TEXT.match(clock.inner_text().strip()), clock.inner_text()
    assert page.locator(".pj-head .clock-value").evaluate(
        "el => parseFloat(getComputedStyle(el).fontSize)") >= 80  # read across the room
    page.fill(".pj-find input", seventh.split()[1][:6].lower() + " ")  # part of a surname
    page.fill(".pj-find input", seventh.lower())
    expect(page.locator("[data-found] li").first).to_have_text(f"Стол 7 {seventh}")
    expect(page.locator(".pj-tables li.me")).to_have_count(1)
    assert "Найти мой стол" in page.content()
    context.close()


def test_clock_on_a_phone_marks_time(site: Site, server: str, browser) -> None:  # noqa: F811
    from playwright.sync_api import expect

    round_of(site, 16, clock_ends_in=timedelta(seconds=4))
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  locale="ru-RU", extra_http_headers={"Accept-Language": "ru"})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(f"{server}/lang/ru?next=/e/cup/pairings")
    clock = page.locator("#live [data-clock]")
    expect(clock).to_be_visible()
    box = clock.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390 and box["y"] < 844
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # the clock runs out in the browser: "time is over", and every table still playing is
    # marked, without a reload
    expect(clock.locator("[data-clock-value]")).to_have_text("Время вышло")
    expect(page.locator("#live .badge.time").first).to_be_visible()
    expect(page.locator("#live .badge.time:visible")).to_have_count(4)
    context.close()
