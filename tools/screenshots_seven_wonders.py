"""Screenshots of the 7 Wonders pages in Russian, for docs/web.md: a season's public
pages (the league tables, the season table, a league's board with a premium player due to
create the table), a player's report by tapping on a phone (opened from their code slip's
address), and a year's page (the year table, a player's path, the Legendary League), each at
1366x900 and 390x844. Served on a random port and photographed by Debian's chromium through
Playwright (no browser download), like tools/screenshots.py.

    .venv/bin/python tools/screenshots_seven_wonders.py   # writes docs/screenshots/sw-*.png
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from podium.compose import web_app as create_app
from podium.core.commands import TEXT, WEB, Caller
from podium.formats.seven_wonders.year_demo import play_year
from podium.service.catalog import Invocation
from screenshots import ARGS, CHROMIUM, OUT, SIZES, serve

USER = "anna"
GODS = ["Анна", "Борис", "Клара", "Дмитрий", "Елена", "Фёдор", "Галина"]
PRIESTS = ["Павел", "Пётр", "Полина", "Прохор", "Платон", "Прасковья", "Пелагея"]


def build(app) -> str:
    """A season in Moscow time: the Priests' first game in (an overrun lifted), Анна with a
    premium account due to create the Gods' first table; a played year of three seasons with
    its Legendary League. Returns Клара's code (she plays the Gods' first game)."""
    web = app.state.web
    events = web.events
    web.accounts.create_user(USER, "screenshots only")
    events.create_event("sw", "Весенний сезон", "seven-wonders",
                        {"start": "2026-11-30", "time_zone": "Europe/Moscow"}, USER, seed=7)
    web.accounts.grant("sw", USER, "owner", USER)

    def do(name: str, **fields: str) -> None:
        events.execute(Invocation(f"seven-wonders.{name}", "sw", fields, TEXT, WEB),
                       Caller.cli(USER))

    do("leagues", names="\n".join(GODS + PRIESTS), assign="yes")
    do("profile", player="Анна", premium="yes")
    do("game", league="priests", order=", ".join(PRIESTS), overrun="Пелагея, Прохор",
       link="https://boardgamearena.com/table?table=1")
    do("lift", game="priests/1", player="Прохор", penalty="overrun",
       reason="сбой сайта")
    play_year(events, "y", 28, 3, 6)
    state = events.load("sw").state
    codes = web.reports.codes("sw")
    return next(codes[p] for p, player in state.players.items() if player.name == "Клара")


def shoot(browser, base: str, code: str, size: str) -> list[Path]:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  locale="ru-RU", extra_http_headers={"Accept-Language": "ru"},
                                  is_mobile=size == "phone", has_touch=size == "phone")
    context.add_cookies([{"name": "lang", "value": "ru", "url": base}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    saved = []

    def snap(name: str, full: bool = False) -> None:
        page.wait_for_load_state("networkidle")
        path = OUT / f"sw-{name}-ru-{size}.png"
        page.screenshot(path=str(path), full_page=full)
        saved.append(path)

    page.goto(f"{base}/e/sw?table=league-priests")
    snap("league-table")
    page.goto(f"{base}/e/sw/p/season")
    snap("season")
    page.goto(f"{base}/e/sw/p/league-gods")
    snap("league-board", full=True)
    page.goto(f"{base}/e/y-s1?table=specials")
    snap("special-matches")
    page.goto(f"{base}/e/sw/report?code={code}")  # the code slip's address
    page.locator("button[type=submit]").first.click()  # the code, filled in by the slip
    for name in ("Анна", "Борис", "Клара"):
        page.locator("button.tap-player", has_text=name).click()
    page.locator("button.sw-tie").click()
    page.locator("button.tap-player", has_text="Дмитрий").click()
    snap("report", full=True)
    page.goto(f"{base}/e/y-year")
    snap("year", full=True)
    page.goto(f"{base}/e/y-year/p/player?name=Player%2001")
    snap("year-path")
    context.close()
    return saved


def main() -> int:
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} not found: apt-get install chromium", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(str(Path(folder) / "shots.db"), poll_seconds=3600, freshness=0)
        code = build(app)
        base, server, thread = serve(app)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                for size in SIZES:
                    for path in shoot(browser, base, code, size):
                        print(f"{path.relative_to(OUT.parent.parent)} "
                              f"{path.stat().st_size // 1024} kB")
                browser.close()
        finally:
            server.should_exit = True
            thread.join(timeout=10)
            app.state.web.db.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main())
