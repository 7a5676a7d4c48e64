"""Live pages pushed (podium.web.live, static/live.js), in Debian's chromium on a phone.

Real `podium serve` processes, with polling set to 10 minutes so that only a push can change
the page before the test ends. The page is opened, a result is written, and the page shows it
without reloading (a marker set in the page's script survives) and without replacing the part's
nodes that did not change:

- SQLite, the command line writing to the server's file (the server sees the CLI's commit by
  the version it reads every 0.2 s);
- two servers over PostgreSQL: the write through one server's API, the page on the other
  (its LISTEN hears the write);
- a stream refused (no streams allowed): the page says it is not live and polls.

Each test prints how long the page took after the write's answer. It is not asserted: the
machine is shared (docs/benchmarks.md, "Live pages pushed", gives measured figures).
"""

from __future__ import annotations

import subprocess
import sys
import time
from contextlib import AbstractContextManager
from pathlib import Path

import pytest

from podium.service.accounts import AccountService
from podium.service.commands import PairRound
from podium.service.events import EventService
from podium.store.db import Database
from tests.web.test_browser import WAIT, browser  # noqa: F401 (fixture)
from tests.web.test_several_servers import _request, fresh_schema, serving

PODIUM = str(Path(sys.executable).with_name("podium"))
NAMES = ["Анна", "Борис", "Вера", "Глеб", "Дина", "Егор", "Зоя", "Илья"]


def _event(url: str) -> None:
    """Event ``cup`` (Commander) with 8 players and round 1 paired, owned by ``anna``."""
    db = Database(url)
    events = EventService(db)
    AccountService(db).create_user("anna", "correct horse")
    events.create_event("cup", "Кубок", "commander", {}, "anna", seed=1)
    events.add_players("cup", NAMES, "anna")
    AccountService(db).grant("cup", "anna", "owner", "anna")
    events.run_command(PairRound("cup"), "anna")
    db.dispose()


def _serve(url: str, count: int = 1, env: dict[str, str] | None = None
           ) -> AbstractContextManager[list[int]]:
    """Servers whose pages poll every 10 minutes: only a push changes them meanwhile."""
    return serving(url, count, env, ("--poll", "600"))


def _open(browser, port: int, path: str):  # noqa: F811
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ru-RU",
                                  extra_http_headers={"Accept-Language": "ru"})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    # marks the live part's first element before live.js connects (this listener is added
    # first): a push that only brings the part up to date keeps that node
    page.add_init_script("document.addEventListener('DOMContentLoaded', () => {"
                         " window.podiumFirst = document.getElementById('live')"
                         ".firstElementChild; })")
    page.goto(f"http://127.0.0.1:{port}{path}")
    page.evaluate("window.podiumMarker = 'not reloaded'")
    return context, page


def _table_one_finish(url: str) -> str:
    """Table 1's players as `--finish` wants them: its seats in order (seat 1 wins)."""
    db = Database(url)
    seats = EventService(db).load("cup").state.rounds[0].tables[0].seats
    db.dispose()
    return "".join(str(i + 1) for i in range(len(seats)))


def _seen_after_write(page, write) -> float:
    """Write, then wait for table 1's result on the page; the seconds after the answer."""
    from playwright.sync_api import expect

    before = page.locator("#live").inner_html()
    write()
    answered = time.monotonic()
    page.wait_for_function("([before]) => document.getElementById('live').innerHTML !== before",
                           arg=[before], timeout=WAIT)
    seen = time.monotonic() - answered
    expect(page.locator("#live h3 .badge:not(.time):not(.extra)")).to_have_count(1)  # table 1 done
    assert page.evaluate("window.podiumMarker") == "not reloaded"
    # the first push (the part as it was) and the write's both morphed the page's own nodes
    assert page.evaluate("window.podiumFirst === document.getElementById('live')"
                         ".firstElementChild"), "the live part's nodes were replaced"
    expect(page.locator("#live")).not_to_have_attribute("data-live", "polled")
    return seen


def test_the_cli_s_write_on_sqlite_reaches_the_open_page(tmp_path: Path,
                                                          browser) -> None:  # noqa: F811
    from playwright.sync_api import expect

    url = f"sqlite:///{tmp_path / 'live.db'}"
    _event(url)
    finish = _table_one_finish(url)
    with _serve(url) as ports:
        context, page = _open(browser, ports[0], "/e/cup/pairings")
        expect(page.locator("#live")).to_have_attribute("data-live", "pushed")
        expect(page.locator(".live-state")).to_have_text("Обновляется сама: изменения видны сразу")

        def write() -> None:
            subprocess.run([PODIUM, "--db", url, "commander", "result", "cup", "1",
                            "--finish", finish], check=True, capture_output=True)

        seen = _seen_after_write(page, write)
        print(f"\nSQLite, CLI writer: the page changed {seen:.3f} s after the CLI's answer")
        # the standings page of the same event is pushed the same way
        standings = context.new_page()
        standings.set_default_timeout(WAIT)
        standings.goto(f"http://127.0.0.1:{ports[0]}/e/cup")
        expect(standings.locator("#live")).to_have_attribute("data-live", "pushed")
        context.close()


@pytest.mark.postgres
def test_a_write_through_one_server_reaches_the_other_s_open_page(
        postgres_url: str, browser) -> None:  # noqa: F811
    from playwright.sync_api import expect

    with fresh_schema(postgres_url, "podium_live") as url:
        _event(url)
        finish = _table_one_finish(url)
        db = Database(url)
        token = AccountService(db).create_token("anna")
        db.dispose()
        with _serve(url, 2) as (one, other):
            context, page = _open(browser, other, "/e/cup/pairings")
            expect(page.locator("#live")).to_have_attribute("data-live", "pushed")
            headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}

            def write() -> None:
                status, body = _request(one, "POST",
                                        "/api/v1/events/cup/commands/commander.result",
                                        {"table": 1, "finish": finish}, headers)
                assert status == 200, body

            seen = _seen_after_write(page, write)
            print(f"\nPostgreSQL, two servers: the other server's page changed {seen:.3f} s "
                  "after the API's answer")
            context.close()


def test_a_refused_stream_leaves_the_page_polling(tmp_path: Path,
                                                  browser) -> None:  # noqa: F811
    from playwright.sync_api import expect

    url = f"sqlite:///{tmp_path / 'live.db'}"
    _event(url)
    with _serve(url, env={"PODIUM_STREAMS_MAX": "0"}) as ports:
        context, page = _open(browser, ports[0], "/e/cup/pairings")
        expect(page.locator("#live")).to_have_attribute("data-live", "polled")
        expect(page.locator(".live-state")).to_have_text(
            "Не обновляется сама: обновление раз в 600 с")
        status, _body = _request(ports[0], "GET",
                                 "/e/cup/stream?part=/e/cup/live/pairings&v=abcdefgh")
        assert status == 429
        context.close()
