"""The organiser on a 390x844 phone (Debian's chromium, Playwright): the event's page puts the
round first and everything else one tap away, so a 64-player Commander event in round 3 is
under 2,500 px tall and no wider than the phone; a round runs from pairing to the last result
and a correction (prefilled with the current finish) without a form the organiser did not open
in the way."""

from __future__ import annotations

import random

from podium.service import simulate
from podium.service.commands import EnterResult, PairRound
from tests.web.conftest import Site
from tests.web.test_browser import WAIT, browser, log_in, server  # noqa: F401 (fixtures)

PHONE = {"width": 390, "height": 844}


def _phone(browser, server: str):  # noqa: F811
    context = browser.new_context(viewport=PHONE, is_mobile=True, locale="ru-RU",
                                  extra_http_headers={"Accept-Language": "ru"})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    log_in(page, server, "anna")
    return context, page, errors


def test_a_64_player_event_in_round_3_fits_a_phone(site: Site, server: str,  # noqa: F811
                                                   browser) -> None:  # noqa: F811
    site.user("anna")
    site.event("c64", "anna", players=64)
    rng = random.Random(1)
    simulate.play(site.events, "c64", "setup", rng, rounds=2)
    paired = site.events.run_command(PairRound("c64"), "setup")
    loaded, rnd = paired.loaded, paired.value
    for table in rnd.tables[:10]:
        entry = loaded.ruleset.sample_result(loaded.state, rnd, table, rng)
        loaded = site.events.run_command(EnterResult("c64", table.number, entry), "setup").loaded
    context, page, errors = _phone(browser, server)
    page.goto(f"{server}/manage/c64")
    height, width = page.evaluate(
        "[document.documentElement.scrollHeight, document.documentElement.scrollWidth]")
    assert height < 2500 and width <= PHONE["width"], (height, width)
    # the round comes first: its first table still playing is open, ready for its result
    assert page.locator("#now").bounding_box()["y"] < PHONE["height"]
    assert page.locator("#table-11 input[name=finish]").is_visible()
    assert not page.locator("#players form").first.is_visible()  # one tap away
    page.click("#players > summary")
    assert page.locator("#players tbody tr").first.is_visible()
    assert not errors, errors
    context.close()


def test_a_round_on_a_phone_from_pairing_to_a_correction(site: Site, server: str,  # noqa: F811
                                                          browser) -> None:  # noqa: F811
    site.user("anna")
    site.event("cmd", "anna", players=8)
    context, page, errors = _phone(browser, server)
    page.goto(f"{server}/manage/cmd")
    page.click("#pair")
    page.wait_for_selector("#table-1 input[name=finish]")
    # only the form at hand is open: table 1's result (table 2 waits, folded)
    visible = page.locator("main form:visible")
    assert visible.count() == 1 and not page.locator("#table-2 input[name=finish]").is_visible()
    assert page.locator("#pair").count() == 0  # pairing now would be refused
    page.fill("#table-1 input[name=finish]", "1234")
    page.press("#table-1 input[name=finish]", "Enter")
    page.wait_for_selector("#table-1.done")
    # the next table opens by itself; its result is the round's last
    page.fill("#table-2 input[name=finish]", "4321")
    page.press("#table-2 input[name=finish]", "Enter")
    page.wait_for_selector("#table-2.done")
    assert page.locator("#pair").is_visible()  # the next step came back with the round
    assert "Столы ещё играют" not in page.inner_text("#now")
    # a correction starts from the result as it stands
    page.click("#table-1 a")
    finish = page.locator("input[name=finish]")
    assert finish.input_value() == "1234"
    finish.fill("2134")
    page.fill("input[name=reason]", "перепутали места")
    page.click("form.result button[type=submit]")
    page.wait_for_url(f"{server}/manage/cmd")
    result = site.events.load("cmd").state.current_round.results[1]
    seats = site.events.load("cmd").state.current_round.table(1).seats
    assert result.entry["winner"] == seats[1] and result.corrected
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not errors, errors
    context.close()
