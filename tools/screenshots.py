"""Screenshots of the key pages, for docs/web.md: a demo event served on a random port and
photographed by Debian's chromium through Playwright (no browser download).

    .venv/bin/python tools/screenshots.py            # writes docs/screenshots/*.png
    .venv/bin/python tools/screenshots.py projector  # only the projector page's

Pages: the organiser's round, its menu opened, a correction (prefilled with the result as it
stands), a turn order tapped and a player picked from the list, the public standings, the
public pairings ("find my table"), a
player's self-report, the TOP's bracket, the home page; each at 1366x900 (desktop) and 390x844
(phone), in Russian and English. Then every format's public pages in Russian at both sizes:
Berserk's standings and pairings, the marathon's stage and total tables, its publications, a
player's page and a downloaded table, a 7 Wonders season's standings. And the projector page
of a 64-player Commander round at 1920x1080, in both languages. The events are played from
fixed seeds, so the pictures only change when the pages do. Needs /usr/bin/chromium (apt-get
install chromium) or PODIUM_CHROMIUM.
"""

from __future__ import annotations

import os
import random
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote

import uvicorn

from podium.compose import web_app as create_app
from podium.service.simulate import play

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
CHROMIUM = os.environ.get("PODIUM_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SIZES = {"desktop": (1366, 900), "phone": (390, 844)}
LANGS = ("en", "ru")
USER, PASSWORD = "anna", "screenshots only"
NAMES = ["Анна", "Борис", "Вера", "Глеб", "Дина", "Егор", "Жанна", "Зоя", "Ivan", "Kira",
         "Lev", "Mila"]


def build(app) -> tuple[str, str]:
    """The demo events: a Commander night in its third round (one table in, one table's
    self-report waiting), a Berserk event played through its TOP. Returns (a player's code at
    the waiting table, the organiser's password)."""
    web = app.state.web
    events, accounts = web.events, web.accounts
    accounts.create_user(USER, PASSWORD)
    events.create_event("night", "Commander night", "commander", {}, USER, seed=7)
    events.add_players("night", NAMES, USER)
    accounts.grant("night", USER, "owner", USER)
    play(events, "night", USER, random.Random(7), rounds=2)
    _state, rnd = events.pair_round("night", USER)
    first = rnd.tables[0]
    events.enter_result("night", first.number, {
        "winner": first.seats[1], "draw": False, "survivors": [],
        "eliminated": [first.seats[3], first.seats[2], first.seats[0]], "simultaneous": False,
        "game_losses": []}, USER)
    codes = web.reports.codes("night")
    second = rnd.tables[1]
    web.reports.report("night", codes[second.seats[0]], lambda _s, _r, table: {
        "winner": table.seats[0], "draw": False, "survivors": [],
        "eliminated": [table.seats[3], table.seats[2], table.seats[1]], "simultaneous": False,
        "game_losses": []})
    events.create_event("brk", "Berserk cup", "berserk", {}, USER, seed=5)
    events.add_players("brk", [f"Player {i:02d}" for i in range(1, 17)], USER)
    accounts.grant("brk", USER, "owner", USER)
    play(events, "brk", USER, random.Random(5), top_size=8)
    home_events(events)
    return codes[second.seats[1]], PASSWORD


def home_events(events) -> None:
    """What the home page groups: the night running, an upcoming event with its
    date and venue inside a series, the Berserk cup finished, a test copy archived."""
    from podium.service.people import ArchiveEvent, EventDetails
    from podium.service.series import AddMember

    events.create_event("winter-2", "Commander night 2", "commander", {}, USER, seed=8)
    events.run_command(EventDetails("winter-2", "2026-12-12", "Клуб «Орбита»"), USER)
    events.create_event("winter", "Зимний круг", "series", {}, USER, seed=9)
    events.run_command(AddMember("winter", "winter-2", "2", {}, ""), USER)
    events.create_event("cup-copy", "cup9-copy", "commander", {}, USER, seed=10)
    events.run_command(ArchiveEvent("cup-copy", True, "a test copy"), USER)


def serve(app) -> tuple[str, uvicorn.Server, threading.Thread]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server, thread


def shoot(browser, base: str, code: str, lang: str, size: str) -> list[Path]:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  locale="ru-RU" if lang == "ru" else "en-GB",
                                  extra_http_headers={"Accept-Language": lang},
                                  is_mobile=size == "phone")
    page = context.new_page()
    page.set_default_timeout(20_000)
    saved = []

    def snap(name: str) -> None:
        page.wait_for_load_state("networkidle")
        path = OUT / f"{name}-{lang}-{size}.png"
        page.screenshot(path=str(path))
        saved.append(path)

    page.goto(f"{base}/login")
    page.fill("input[name=username]", USER)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.goto(f"{base}/manage/night")
    snap("organiser-round")
    # the rest of the organiser's work, one tap away: the menu's groups opened
    page.click("#menu-round > summary")
    page.click("#menu-player > summary")
    page.locator("#menu-round").scroll_into_view_if_needed()
    snap("organiser-menu")
    # a correction starts from the result as it stands
    page.goto(f"{base}/manage/night/rounds/3/tables/1/correct")
    snap("correction")
    # a turn order tapped (rule CMD-4b): two of the table's players tapped so far
    page.goto(f"{base}/manage/night/do/commander.seats?table=2")
    taps = page.locator(".w-tap")
    taps.nth(1).click()
    taps.nth(0).click()
    snap("turn-order")
    page.goto(f"{base}/manage/night/do/player.merge")
    snap("pick-a-player")
    page.goto(f"{base}/e/night")
    snap("standings")
    page.goto(f"{base}/e/night/pairings?q=mila")
    snap("pairings")
    page.goto(f"{base}/e/night/report?code={code}")
    page.click("form[action$='/report/table'] button[type=submit]")
    page.locator(".tap-player").first.click()
    snap("self-report")
    page.goto(f"{base}/e/brk/p/bracket")
    snap("top-bracket")
    page.goto(f"{base}/")
    snap("home")
    context.close()
    return saved


# --- the projector page ---------------------------------------------------------------
PROJECTOR_FIRST = ("Александра", "Константин", "Мария", "Святослав", "Евгения", "Ярослав",
                   "Анастасия", "Владимир")
PROJECTOR_LAST = ("Константинова", "Преображенский", "Ростовцева", "Белозерский",
                  "Воскресенская", "Голенищев", "Верещагина", "Оболенский")


def build_projector(app) -> None:
    """A 64-player Commander round (16 pods) whose clock started 23 minutes ago: two tables
    in, five minutes added to table 5."""
    from datetime import UTC, datetime, timedelta

    from podium.service.clock import AddTime, StartClock

    events = app.state.web.events
    names = [f"{PROJECTOR_FIRST[i % 8]} {PROJECTOR_LAST[(i // 8) % 8]}" for i in range(64)]
    events.create_event("club", "Клубный турнир «Орбита»", "commander", {}, USER, seed=3)
    events.add_players("club", names, USER)
    _state, rnd = events.pair_round("club", USER)
    real = events.clock
    events.clock = lambda: datetime.now(UTC) - timedelta(minutes=23)
    try:
        events.run_command(StartClock("club"), USER)
        events.run_command(AddTime("club", "a ruling", 5, 5), USER)
    finally:
        events.clock = real
    for table in rnd.tables[:2]:
        seats = table.seats
        events.enter_result("club", table.number, {
            "winner": seats[0], "draw": False, "survivors": [],
            "eliminated": [seats[3], seats[2], seats[1]], "simultaneous": False,
            "game_losses": []}, USER)


def shoot_projector(browser, base: str, lang: str) -> list[Path]:
    """The projector page at 1920x1080, "find my table" filled in."""
    context = browser.new_context(viewport={"width": 1920, "height": 1080},
                                  locale="ru-RU" if lang == "ru" else "en-GB",
                                  extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{base}/lang/{lang}?next=/e/club/projector")
    page.wait_for_load_state("networkidle")
    page.fill(".pj-find input", "ярослав бел")
    page.wait_for_timeout(300)
    path = OUT / f"projector-{lang}-fullhd.png"
    page.screenshot(path=str(path))
    context.close()
    return [path]


def main() -> int:
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} not found: apt-get install chromium", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(str(Path(folder) / "shots.db"), poll_seconds=3600, freshness=0)
        only_projector = "projector" in sys.argv[1:]
        code = "" if only_projector else build(app)[0]
        build_projector(app)
        base, server, thread = serve(app)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                shots = [(lang, "fullhd", lambda b, lang=lang: shoot_projector(b, base, lang))
                         for lang in LANGS]
                if not only_projector:
                    player = build_formats(app)
                    shots += [(lang, size, lambda b, lang=lang, size=size: shoot(
                        b, base, code, lang, size)) for lang in LANGS for size in SIZES]
                    shots += [("ru", size, lambda b, size=size: shoot_formats(
                        b, base, player, size)) for size in SIZES]
                for _lang, _size, take in shots:
                    for path in take(browser):
                            print(f"{path.relative_to(OUT.parent.parent)} "
                                  f"{path.stat().st_size // 1024} kB")
                browser.close()
        finally:
            server.should_exit = True
            thread.join(timeout=10)
            app.state.web.db.dispose()
    return 0


# --- every format's public pages in Russian -------------------------------------------
def build_formats(app) -> str:
    """A marathon with two publications, a Berserk event in its Swiss rounds and a 7 Wonders
    season part-way; returns a marathon player's name (for their page)."""
    web = app.state.web
    events = web.events
    events.create_event("mj", "Марафон", "mahjong-marathon", {}, USER, seed=3)
    events.add_players("mj", NAMES, USER)
    play(events, "mj", USER, random.Random(3), batches=30)
    from podium.formats.mahjong_marathon.commands import MarathonService

    marathon = MarathonService(web.db)
    for _ in range(2):
        marathon.publish("mj", USER)
        play(events, "mj", USER, random.Random(4), batches=10)
    events.create_event("brk-swiss", "Кубок Берсерка", "berserk", {}, USER, seed=5)
    events.add_players("brk-swiss", [*NAMES, *(f"Игрок {i}" for i in range(1, 5))], USER)
    play(events, "brk-swiss", USER, random.Random(5), rounds=2)
    events.create_event("sw", "Сезон 7 Чудес", "seven-wonders", {}, USER, seed=3)
    events.add_players("sw", [*NAMES, "Олег", "Павел"], USER)
    play(events, "sw", USER, random.Random(3), batches=3)
    state = events.load("mj").state
    return next(iter(state.players.values())).name


def shoot_formats(browser, base: str, player: str, size: str) -> list[Path]:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  locale="ru-RU", extra_http_headers={"Accept-Language": "ru"},
                                  is_mobile=size == "phone")
    page = context.new_page()
    page.set_default_timeout(20_000)
    saved = []
    pages = {
        "berserk-standings": "/e/brk-swiss",
        "berserk-pairings": "/e/brk-swiss/pairings",
        "marathon-stage": "/e/mj",
        "marathon-total": "/e/mj?table=total",
        "marathon-publications": "/e/mj/p/publications",
        "marathon-player": f"/e/mj/p/player?name={quote(player)}",
        "marathon-download": "/e/mj/v/mahjong-marathon.table.html?publication=2&table=total",
        "seven-wonders-standings": "/e/sw",
    }
    for name, url in pages.items():
        page.goto(f"{base}{url}")
        page.wait_for_load_state("networkidle")
        path = OUT / f"{name}-ru-{size}.png"
        page.screenshot(path=str(path))
        saved.append(path)
    context.close()
    return saved


if __name__ == "__main__":
    sys.exit(main())
