"""Long standings shown a page of rows at a time (issue 24): a page of 100 rows with page
links, a search across every page (``?q=``), the whole table as a download, and a page that
shows a new result after a write while the rows it did not change stay as they were."""

from __future__ import annotations

import csv
import io
import random
import re

from podium.formats.commander.demo import simulate_result
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
