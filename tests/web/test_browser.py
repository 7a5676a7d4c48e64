"""Browser tests: Debian's chromium driven by Playwright (never a browser Playwright
downloads). The organiser logs in, creates a Commander event, adds 8 players, pairs round 1 and
enters both results with the keyboard, while the public page in Russian shows the new standings
without a reload; then a player self-reports and the table confirms.

Skipped with a message when /usr/bin/chromium is missing, except on CI (CI=true) where that
fails: `.ci/run` installs it with apt-get.
"""

from __future__ import annotations

import faulthandler
import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from tests.web.conftest import PASSWORD, Site

CHROMIUM = os.environ.get("PODIUM_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT = 15_000  # ms: the longest any expectation waits for the page


def _need_chromium() -> None:
    if shutil.which(CHROMIUM) or Path(CHROMIUM).exists():
        return
    message = f"{CHROMIUM} not found: install Debian's chromium (apt-get install chromium)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def server(site: Site) -> Iterator[str]:
    port = _free_port()
    config = uvicorn.Config(site.app, host="127.0.0.1", port=port, log_level="warning")
    runner = uvicorn.Server(config)
    thread = threading.Thread(target=runner.run, daemon=True)
    thread.start()
    for _ in range(200):
        if runner.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    runner.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def browser():
    _need_chromium()
    from playwright.sync_api import sync_playwright

    # A watchdog: a browser that stops answering must fail the run, never hang it.
    faulthandler.dump_traceback_later(300, exit=True)
    try:
        with sync_playwright() as playwright:
            launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS,
                                                  timeout=60_000)
            yield launched
            launched.close()
    finally:
        faulthandler.cancel_dump_traceback_later()


def log_in(page, server: str, username: str) -> None:
    """Sign ``username`` in on ``page`` (the tests' password) and wait for the organiser's
    events list."""
    page.goto(f"{server}/login")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("form[action='/login'] button[type=submit]")
    page.wait_for_url(f"{server}/manage")


def test_organiser_round_and_live_russian_standings_then_self_report(
    site: Site, server: str, browser
) -> None:
    from playwright.sync_api import expect

    site.user("anna")
    organiser = browser.new_context(locale="en-GB").new_page()
    organiser.set_default_timeout(WAIT)
    organiser.goto(f"{server}/login")
    organiser.fill("input[name=username]", "anna")
    organiser.fill("input[name=password]", PASSWORD)
    organiser.click("button[type=submit]")
    expect(organiser.locator("h1")).to_have_text("Your events")

    organiser.goto(f"{server}/manage/new?format=commander")
    organiser.fill("input[name=slug]", "cmd")
    organiser.fill("input[name=name]", "Commander night")
    organiser.click("form[action='/manage/new'][method=post] button[type=submit]")
    expect(organiser.locator("h1")).to_contain_text("Commander night")

    organiser.fill("#names", "\n".join(f"Player {i}" for i in range(1, 9)))
    organiser.click("#players form[action$='/players'] button[type=submit]")
    expect(organiser.locator("#players tbody tr")).to_have_count(8)
    organiser.click("#pair")
    expect(organiser.locator("#round article")).to_have_count(2)

    # A spectator's phone, in Russian, on the public standings.
    phone = browser.new_context(locale="ru-RU", extra_http_headers={"Accept-Language": "ru"},
                                viewport={"width": 390, "height": 844}, is_mobile=True)
    public = phone.new_page()
    public.set_default_timeout(WAIT)
    public.goto(f"{server}/e/cmd")
    expect(public.locator("#view-standings h2")).to_have_text("Турнирная таблица")
    points = public.locator("#view-standings tbody tr:first-child td:nth-child(3)")
    expect(points).to_have_text("0")
    public.evaluate("window.notReloaded = true")

    # Both results with the keyboard only: the focus is on table 1's field, then table 2's.
    organiser.keyboard.type("1234")
    organiser.keyboard.press("Enter")
    expect(organiser.locator("#table-1.done")).to_be_visible()
    expect(organiser.locator("#table-2 input[name=finish]")).to_be_focused()
    organiser.keyboard.type("4321")
    organiser.keyboard.press("Enter")
    expect(organiser.locator("#table-2.done")).to_be_visible()

    expect(points).to_have_text("3")
    assert public.evaluate("window.notReloaded") is True
    winners = public.locator("#view-standings tbody tr td:nth-child(3)", has_text="3")
    expect(winners).to_have_count(2)

    phone.close()

    # Round 2: a player reports on their phone, the three others confirm on theirs.
    organiser.click("#pair")
    expect(organiser.locator("#round h3")).to_contain_text("Round 2")
    codes = site.reports.codes("cmd")
    table = site.events.load("cmd").state.current_round.table(1)
    for index, pid in enumerate(table.seats):
        own_phone = browser.new_context(
            locale="ru-RU", extra_http_headers={"Accept-Language": "ru"},
            viewport={"width": 390, "height": 844},
        )
        player = own_phone.new_page()
        player.set_default_timeout(WAIT)
        player.goto(f"{server}/e/cmd/report")
        player.fill("input[name=code]", codes[pid])
        player.click("form[action$='/report/table'] button[type=submit]")
        expect(player.locator("main h2")).to_contain_text("Стол 1")
        if index == 0:
            # Tapping, no seat codes: the winner (seat 2), then who went out first (seat 4),
            # then next (seat 3); the last one left (seat 1) went out last: "2134".
            send = player.locator("form[action$='/report/submit'] button[type=submit]")
            expect(send).to_be_disabled()
            # no draw ticked: no «Выжившие выбраны» (it showed: CSS overrode [hidden])
            expect(player.locator(".tap-survivors")).to_be_hidden()
            player.check(".tap-draw")
            expect(player.locator(".tap-survivors")).to_be_visible()
            player.uncheck(".tap-draw")
            expect(player.locator(".tap-survivors")).to_be_hidden()
            for seat in (2, 4, 3):
                player.click(f".tap-player[data-seat='{seat}']")
            expect(player.locator("input[name=finish]")).to_have_value("2134")
            send.click()
            expect(player.locator(".flash")).to_contain_text("остальные игроки")
        else:
            player.click("form[action$='/report/confirm'] button[type=submit]")
            expect(player.locator(".flash")).to_be_visible()
        own_phone.close()
    state = site.events.load("cmd").state
    assert state.current_round.results[1].of(table.seats[1]).won  # "2134": seat 2 won
    reporter = state.players[table.seats[0]].name
    assert site.events.log("cmd")[-1].actor == f"player:{reporter}"
