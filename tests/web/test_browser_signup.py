"""A player on a 390x844 phone (Debian's chromium, Playwright): from the sign-up link to the
confirmation with the link to keep (copied), then at the venue the check-in QR's address opens
their own page, where one tap checks them in; the organiser's list shows it."""

from __future__ import annotations

from podium.core import signup
from podium.core.commands import Caller
from podium.service.catalog import Invocation
from tests.web.conftest import Site
from tests.web.test_browser import WAIT, browser, server  # noqa: F401 (fixtures)

PHONE = {"width": 390, "height": 844}


def test_from_the_sign_up_link_to_check_in_on_a_phone(site: Site, server: str,  # noqa: F811
                                                       browser) -> None:  # noqa: F811
    site.event("cup", None, players=0)
    site.events.execute(Invocation("signup.open", "cup", {"fields": "club, commander"}),
                        Caller.cli("org"))
    context = browser.new_context(viewport=PHONE, is_mobile=True, locale="ru-RU",
                                  extra_http_headers={"Accept-Language": "ru"})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{server}/e/cup/signup")
    page.fill("input[name=name]", "Ёлкин Пётр")
    page.fill("input[name=club]", "Орбита")
    page.fill("input[name=f_commander]", "Атракса")
    page.click("#signup-form button[type=submit]")
    page.wait_for_selector("#signup-status")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    link = page.input_value("#signup-link")
    assert "/e/cup/signup/me?code=" in link
    page.click("#copy-link")  # the button says it copied (or selected the link)
    page.locator("#copy-link", has_text="✓").wait_for()
    # at the venue: the QR's address opens the player's own page on this phone
    page.goto(f"{server}/e/cup/checkin")
    assert page.locator(".checkin-qr svg").is_visible()
    target = page.locator("main a").last.get_attribute("href")
    page.goto(target)
    page.click("#check-in")
    page.wait_for_selector("#signup-status")
    state = site.events.load("cup").state
    entry = next(iter(signup.book_of(state).entries.values()))
    assert entry.name == "Ёлкин Пётр" and entry.fields == {"commander": "Атракса"}
    assert signup.book_of(state).checked_in == {entry.player}
    assert page.locator("#check-in").count() == 0  # checked in: nothing left to tap
    assert not errors, errors
    context.close()
