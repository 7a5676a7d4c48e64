"""Long standings shown a page of rows at a time: a page of 100 rows with page
links, a search across every page (``?q=``), the whole table as a download, and a page that
shows a new result after a write while the rows it did not change stay as they were."""

from __future__ import annotations

import csv
import gc
import io
import random
import re
import threading
from pathlib import Path

from fastapi.testclient import TestClient

from podium.compose import web_app as create_app
from podium.core.gcpause import freeze_loaded_states
from podium.formats.commander.demo import simulate_result
from podium.service.events import EventService
from podium.store.db import Database
from podium.web import rowpages
from tests.web.conftest import Site

PLAYERS = 450
ROW = re.compile(r"<tr>(.*?)</tr>", re.S)
CELL = re.compile(r"<td[^>]*>(.*?)</td>", re.S)
RU = {"Accept-Language": "ru"}


def make_event(site: Site, slug: str = "big") -> None:
    site.events.create_event(slug, "Big", "commander",
                             {"rounds": "4", "final_size": "0", "fewer_rounds": "yes"},
                             "setup", seed=11)
    site.events.add_players(slug, [f"Игрок {i:04d}" for i in range(1, PLAYERS + 1)], "setup")


def rows_of(html: str) -> list[list[str]]:
    """Each body row's cells (place, name, points...), in the page's order."""
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0] if "<tbody>" in html else ""
    return [CELL.findall(row) for row in ROW.findall(body)]


def whole_table(site: Site, slug: str = "big") -> list[list[str]]:
    answer = site.client().get(f"/e/{slug}/standings.csv?table=standings", headers=RU)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig"))))


def test_the_first_page_shows_100_rows_with_page_links(site: Site) -> None:
    make_event(site)
    page = site.client().get("/e/big").text
    assert len(rows_of(page)) == rowpages.PAGE_SIZE == 100
    assert "Rows 1 to 100 of 450" in page
    assert 'href="/e/big?start=100" rel="next"' in page
    assert 'href="/e/big?start=400"' in page  # the last page is linked from the first
    assert 'name="q"' in page  # the server's search, which works without script
    assert 'href="/e/big/standings.csv?table=standings"' in page


def test_page_two_shows_rows_101_to_200_of_the_whole_table(site: Site) -> None:
    make_event(site)
    whole = whole_table(site)
    header, rows = whole[0], whole[1:]
    assert len(rows) == PLAYERS  # the download holds every row
    page = site.client().get("/e/big?start=100", headers=RU).text
    shown = rows_of(page)
    name = header.index("Игрок")
    assert [r[name] for r in shown] == [r[name] for r in rows[100:200]]
    assert "Строки с 101 по 200 из 450" in page
    assert 'href="/e/big" rel="prev"' in page and 'href="/e/big?start=200" rel="next"' in page
    # a start inside a page is taken to its first row; past the last row, not found
    moved = site.client().get("/e/big?start=150")
    assert moved.status_code == 307 and moved.headers["location"] == "/e/big?start=100"
    assert site.client().get("/e/big?start=500").status_code == 404


def test_a_search_finds_a_player_on_page_five_from_any_page(site: Site) -> None:
    make_event(site)
    rows = whole_table(site)[1:]
    place, name = rows[420][0], rows[420][1]  # on page 5 (rows 401-450)
    assert name not in site.client().get("/e/big").text
    page = site.client().get("/e/big", params={"q": name.upper()}, headers=RU).text
    shown = rows_of(page)
    assert len(shown) == 1 and shown[0][0] == place and name in shown[0][1]
    assert f"Найдено по запросу «{name.upper()}»: 1" in page
    assert "Показать всех" in page and f'value="{name.upper()}"' in page
    assert '<a href="/e/big">Показать всех</a>' in page  # (it was a dict's method's repr)
    # a part of a name, ё/е and case ignored, finds every holder, paged the same way
    many = site.client().get("/e/big", params={"q": "игрок 0"}).text
    assert len(rows_of(many)) == 100 and "Rows 1 to 100 of 450" in many
    assert 'href="/e/big?start=100&amp;q=%D0%B8%D0%B3%D1%80%D0%BE%D0%BA+0"' in many
    nobody = site.client().get("/e/big", params={"q": "Zebulon"}, headers=RU).text
    assert rows_of(nobody) == [] and "Ни в одном имени нет «Zebulon»." in nobody
    live = site.client().get("/e/big/live/views", params={"q": name}).text
    assert len(rows_of(live)) == 1


def test_long_pages_speak_russian(site: Site) -> None:
    make_event(site)
    page = site.client().get("/e/big", headers=RU).text
    for text in ("Строки с 1 по 100 из 450", "дальше", "Найти игрока", "Искать",
                 "Скачать таблицу (CSV)", "таблица страницей (HTML)"):
        assert text in page, text
    assert whole_table(site)[0][:2] == ["№", "Игрок"]
    html = site.client().get("/e/big/standings.html?table=standings", headers=RU)
    assert html.status_code == 200 and html.text.count("Игрок ") >= PLAYERS


def test_a_short_table_is_whole_and_searched_by_the_script(site: Site) -> None:
    site.event("cup", None, players=12)
    page = site.client().get("/e/cup").text
    assert len(rows_of(page)) == 12 and "Rows 1" not in page
    assert "data-table-filter" in page and 'name="q"' not in page
    assert site.client().get("/e/cup?start=100").status_code == 404
    assert site.client().get("/e/cup/standings.pdf").status_code == 404
    assert site.client().get("/e/cup/standings.csv?table=nope").status_code == 404


def test_after_a_write_the_page_shows_the_result_and_unchanged_rows_stay(site: Site) -> None:
    make_event(site)
    _state, rnd = site.events.pair_round("big", "setup")
    client = site.client()

    def every_row() -> dict[str, tuple[str, list[str]]]:
        out = {}
        for start in range(0, PLAYERS, 100):
            html = client.get("/e/big" + (f"?start={start}" if start else "")).text
            for cells, raw in zip(rows_of(html), ROW.findall(html.split("<tbody>", 1)[1]),
                                  strict=False):
                out[cells[1]] = (raw, cells)
        return out

    rng = random.Random(3)
    for done in rnd.tables[:-1]:  # every table in but the last: points spread the players
        result = simulate_result(done, rng)
        site.events.enter_result("big", done.number, lambda _s, e=result: e, "setup")
    before = every_row()
    table = rnd.tables[-1]
    entry = simulate_result(table, rng)
    site.events.enter_result("big", table.number, lambda _s: entry, "setup")
    after = every_row()
    state = site.events.load("big").state
    at_table = {state.players[p].name for p in table.seats}
    winner = state.players[entry["winner"]].name if "winner" in entry else None
    if winner is not None:  # the new result is on the page
        assert before[winner][1][2] == "0" and after[winner][1][2] != "0"
    assert any(after[n][1] != before[n][1] for n in at_table)
    # (a tied row's lot column moves when a player above it leaves the tie)
    kept = [n for n in before if n not in at_table and after[n][1] == before[n][1]]
    assert kept  # rows whose cells the write did not change are the same, byte for byte
    assert all(after[n][0] == before[n][0] for n in kept)


def test_pages_of_their_own_states_never_hold_up_a_write(tmp_path: Path) -> None:
    """``podium serve`` builds pages from states of their own (``page_states``): a page being
    built (its lock held) does not stop a write, and the next read shows that write."""
    db = Database(str(tmp_path / "own.db"))
    app = create_app(db, freshness=0, page_states=True)
    web = app.state.web
    events = web.events
    events.create_event("own", "Own", "commander", {"rounds": "4", "final_size": "0",
                                                  "fewer_rounds": "yes"}, "setup", seed=11)
    events.add_players("own", [f"Игрок {i:04d}" for i in range(1, 9)], "setup")
    _state, rnd = events.pair_round("own", "setup")
    client = TestClient(app)
    assert client.get("/e/own").status_code == 200
    assert web.cache.states is not events.states  # the pages' copy is not the writers' one
    page_lock = web.cache.states.holder("own").lock
    held, release = threading.Event(), threading.Event()

    def build_a_page() -> None:  # a page build holding its state's lock
        with page_lock:
            held.set()
            release.wait(60)

    builder = threading.Thread(target=build_a_page)
    builder.start()
    held.wait(60)
    table = rnd.tables[0]
    entry = {"winner": table.seats[0], "eliminated": list(table.seats[1:])}
    writer = threading.Thread(
        target=lambda: events.enter_result("own", table.number, lambda _s: entry, "setup"))
    writer.start()
    writer.join(60)
    done = not writer.is_alive()
    release.set()
    builder.join()
    writer.join()
    assert done  # the write was stored while the page's lock was held
    winner = events.load("own").state.players[table.seats[0]].name
    first = rows_of(client.get("/e/own").text)[0]
    assert first[1] == winner and first[2] != "0"
    db.dispose()


def test_a_process_that_asks_freezes_each_state_it_loads(tmp_path: Path) -> None:
    """The CLI, the server and the benches freeze a loaded state out of the cycle collector
    (a full collection of 212-326 ms fell on a write); the library does not."""
    db = Database(str(tmp_path / "gc.db"))
    EventService(db).create_event("gc", "GC", "commander", {}, "setup", seed=1)
    EventService(db).add_players("gc", ["A", "B", "C", "D"], "setup")
    gc.unfreeze()
    try:
        EventService(db).load("gc")
        assert gc.get_freeze_count() == 0
        freeze_loaded_states()
        EventService(db).load("gc")  # a new process's service: a cold load
        assert gc.get_freeze_count() > 0
    finally:
        freeze_loaded_states(False)
        gc.unfreeze()
        db.dispose()


def test_several_tables_are_paged_as_one_stream_of_rows() -> None:
    """A format showing several tables at once (Berserk's draft tables) pages their rows as one
    long table: a page holds the end of one table and the start of the next, headings kept."""
    from podium.core.views import Column, TableView

    def view(key: str, count: int) -> TableView:
        rows = tuple({"player": f"{key} {i}"} for i in range(1, count + 1))
        return TableView(key, key, (Column("player", "Player"),), rows)

    views = [view("a", 70), view("b", 70), view("c", 10)]
    page = rowpages.page_of(views, 100, 100)
    assert [(v.key, len(v.rows)) for v in page] == [("b", 40), ("c", 10)]
    assert page[0].rows[0]["player"] == "b 31"
    assert rowpages.first_of_page(170, 150, 100) == 100
    found = rowpages.matching(views, "B 7", {})
    assert [r["player"] for v in found for r in v.rows] == ["b 7", "b 70"]
    bar = rowpages.paging(500, 1200, 100, lambda at: f"?start={at}")
    assert [link and link[0] for link in bar["pages"]] == [1, None, 4, 5, 6, 7, 8, None, 12]
    assert bar["prev"] == "?start=400" and bar["next"] == "?start=600"


def test_a_reader_gets_the_version_before_while_another_catches_up(tmp_path: Path) -> None:
    """While a reader catches the pages' state up (its lock held), another public page reader
    gets the version before, within the freshness lag only; then it waits for the new one."""
    from podium.web.cache import ViewCache

    db = Database(str(tmp_path / "lag.db"))
    events = EventService(db)
    events.create_event("lag", "Lag", "commander", {}, "setup", seed=1)
    events.add_players("lag", [f"P{i}" for i in range(1, 9)], "setup")
    clock = [100.0]
    cache = ViewCache(events, freshness=5, page_states=True, now=lambda: clock[0])
    before = cache.load("lag").seq
    events.add_players("lag", ["P9"], "setup")  # a write: a newer version
    lock = cache.states.holder("lag").lock
    held, release = threading.Event(), threading.Event()

    def catch_up() -> None:  # another reader, catching the state up
        with lock:
            held.set()
            release.wait(60)

    other = threading.Thread(target=catch_up)
    other.start()
    held.wait(60)
    assert cache.load("lag", stale=True).seq == before  # within the lag: the version before
    clock[0] += 6  # past the lag: the reader waits for the catch-up
    found: list[int] = []
    waiting = threading.Thread(target=lambda: found.append(cache.load("lag", stale=True).seq))
    waiting.start()
    waiting.join(0.5)
    assert not found
    release.set()
    other.join()
    waiting.join(60)
    assert found and found[0] > before
    db.dispose()


def test_the_fast_path_hands_a_reader_the_build_under_way_to_wait_for(site: Site) -> None:
    """A reader of a page being built, past the lag (freshness 0 here), gets the build to wait
    for on the event loop (no thread of the pool held: the API's writes need them)."""
    from podium.web.fastpath import cached_response, page_key

    site.event("cup", None)
    client = site.client()
    assert client.get("/e/cup").status_code == 200
    site.events.pair_round("cup", "org")  # a new version: the page is to be built again
    scope = {"type": "http", "method": "GET", "path": "/e/cup", "query_string": b"",
             "headers": [(b"host", b"testserver")], "app": site.app}
    assert cached_response(scope) is None  # nobody builds it: the application will
    cache = site.app.state.web.cache  # type: ignore[attr-defined]
    from starlette.requests import Request

    part = page_key(None, Request(scope), "en")
    building = threading.Event()
    cache._building[("cup", part)] = building  # a reader building it
    try:
        assert cached_response(scope) is building
    finally:
        del cache._building[("cup", part)]
        building.set()
    assert client.get("/e/cup").status_code == 200


def test_the_whole_table_download_is_safe_for_spreadsheets(site: Site) -> None:
    """A name is user input: the CSV download neutralises a formula (as every export does)."""
    site.events.create_event("csv", "CSV", "commander", {}, "setup", seed=1)
    site.events.add_players("csv", ["=HYPERLINK(1)", "B", "C", "D"], "setup")
    rows = whole_table(site, "csv")
    names = [row[1] for row in rows[1:]]
    assert "=HYPERLINK(1)" not in names and any("HYPERLINK" in n for n in names)
