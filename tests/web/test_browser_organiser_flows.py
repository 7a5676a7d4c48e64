"""Organisers of the other formats on a 390x844 phone (Debian's chromium, Playwright), each
through the event page's menu: a Berserk organiser draws the draft tables (rules BRK-6,
BRK-10) and, the Swiss played, builds the TOP from its preview (BRK-1); a marathon organiser
imports a real lobby log and publishes the stage (rules MJ-3, MJ-11). No page is wider than
the phone and none logs an error."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from podium.core.top_replay import top_of
from podium.service import simulate
from tests.web.conftest import Site
from tests.web.test_browser import WAIT, browser, server  # noqa: F401 (fixtures)
from tests.web.test_browser_organiser_phone import PHONE, _phone


def _fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], page.url


def _menu(page, group: str, command: str) -> None:
    """Open a group of the event page's menu and the command's form."""
    page.click(f"#menu-{group} > summary")
    page.click(f"#action-{command}")


def test_berserk_draft_tables_then_the_top(site: Site, server: str,  # noqa: F811
                                           browser) -> None:  # noqa: F811
    site.user("anna")
    site.events.create_event("brk", "Кубок", "berserk", {"top_size": "8"}, "setup", seed=5)
    site.events.add_players("brk", [f"Игрок {i}" for i in range(1, 17)], "setup")
    site.accounts.grant("brk", "anna", "owner", "setup")
    context, page, errors = _phone(browser, server)
    page.goto(f"{server}/manage/brk")
    _menu(page, "round", "berserk-split")
    _fits(page)
    page.fill("input[name=reason]", "жеребьёвка")
    page.click("#split")
    page.wait_for_url(f"{server}/manage/brk")
    split = site.events.log("brk")[-1]
    assert split.kind == "divisions.assigned" and split.reason == "жеребьёвка"
    _menu(page, "round", "berserk-split")  # the tables drawn are listed, to draw again
    drawn = page.inner_text("ol.draft-tables")
    assert all(f"Игрок {i}" in drawn for i in range(1, 17))
    page.goto(f"{server}/manage/brk")
    simulate.play(site.events, "brk", "setup", random.Random(2))  # the Swiss rounds (BRK-1)
    page.reload()
    # the next step says what comes, and links to it
    page.click("#now a[href$='/do/top.build']")
    _fits(page)
    page.click("button[name=preview]")
    page.wait_for_selector("#build-top")
    _fits(page)
    assert top_of(site.events.load("brk").state) is None  # a preview stores nothing
    page.click("#build-top")
    page.wait_for_url(f"{server}/manage/brk")
    assert [a.kind for a in site.events.log("brk")][-1] == "top.built"
    assert top_of(site.events.load("brk").state) is not None
    _fits(page)
    assert not errors, errors
    context.close()


def test_a_marathon_imports_a_lobby_log_and_publishes(site: Site, server: str, browser,  # noqa: F811
                                                      external_dir: Path) -> None:
    path = external_dir / "tenhou_lobby_logs" / "converted" / "four_int.csv"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    site.user("anna")
    site.events.create_event("mj", "Марафон", "mahjong-marathon",
                             {"table_pattern": ".+", "stages": "2012-01-01..2018-12-31"},
                             "setup", seed=1)
    site.accounts.grant("mj", "anna", "owner", "setup")
    context, page, errors = _phone(browser, server)
    page.goto(f"{server}/manage/mj")
    page.click("#action-mahjong-marathon-import-games")  # open play: its menu is open
    _fits(page)
    page.set_input_files("input[name=file]", str(path))
    page.click("form.command button[type=submit]")
    page.wait_for_url(f"{server}/manage/mj")
    added = [a for a in site.events.log("mj") if a.kind.startswith("mahjong.game")]
    assert added, "no game was stored"
    page.click("#action-mahjong-marathon-publish")
    page.fill("input[name=reason]", "итоги этапа")
    page.click("form.command button[type=submit]")
    page.wait_for_url(f"{server}/manage/mj")
    assert any(a.kind == "mahjong.published" for a in site.events.log("mj"))
    page.goto(f"{server}/e/mj/p/publications")
    _fits(page)
    assert "Публикация 1" in page.inner_text("main")
    assert not errors, errors
    context.close()
