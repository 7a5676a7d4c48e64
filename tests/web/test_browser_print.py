"""Code slips printed from the browser (Debian's chromium): 64 players' slips fit 8 pages of A4,
eight to a page, each slip whole (the organiser's kit; before: one a row, 18 pages)."""

from __future__ import annotations

import re

from tests.web.conftest import PASSWORD, Site
from tests.web.test_browser import WAIT, browser, server  # noqa: F401 - fixtures


def test_64_code_slips_print_on_8_a4_pages(site: Site, server: str, browser) -> None:  # noqa: F811
    site.user("anna")
    site.event("cup", "anna", players=64)
    page = browser.new_context(locale="en-GB").new_page()
    page.set_default_timeout(WAIT)
    page.goto(f"{server}/login")
    page.fill("input[name=username]", "anna")
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.goto(f"{server}/manage/cup/print/codes")
    assert page.locator(".code-slip").count() == 64
    assert page.locator(".warning").is_visible()  # opened on 127.0.0.1: the page says so
    page.emulate_media(media="print")
    boxes = [page.locator(".code-slip").nth(i).bounding_box() for i in range(8)]
    assert all(b and b["height"] > 0 for b in boxes)
    pdf = page.pdf(format="A4", print_background=True)
    pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    assert pages == 8, pages
