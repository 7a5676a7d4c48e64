"""A marathon player's page (rules MJ-7a, MJ-8, MJ-10), linked from every table's names, and the
phone tables keeping the deciding number (the stage's result, the total's SN) visible."""

from __future__ import annotations

import re

from podium.formats.mahjong_marathon.player import _best_window
from tests.formats.mahjong_marathon.conftest import add_game, post
from tests.web.conftest import Site


def test_the_best_series_is_the_window_with_most_tp_then_gp() -> None:
    # rule MJ-7a by hand, series of 2: TP (in twelfths) 48, 0, 24, 24, 48 -> windows 48, 24,
    # 48, 72: the last two games; a tie on TP goes to GP; fewer games than the series: all
    assert _best_window([48, 0, 24, 24, 48], [30, -55, 0, 0, 40], 2) == range(3, 5)
    assert _best_window([48, 0, 48], [10, 0, 20], 2) == range(1, 3)  # 48/10 v 48/20
    assert _best_window([12], [5], 10) == range(0, 1)


def test_a_player_page_lists_games_stage_results_and_total(site: Site, anna) -> None:
    client, csrf = anna
    add_game(client, csrf, "g1", "2015-03-01 12:00",
             [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)])
    add_game(client, csrf, "g2", "2015-03-02 12:00",
             [("Dmitri", 40), ("Clara", 30), ("Boris", 0), ("Anna", -70)])
    add_game(client, csrf, "g3", "2015-03-03 12:00",
             [("Dmitri", 40), ("Clara", 30), ("Boris", 0), ("Anna", -70)])
    answer = post(client, csrf, "disqualify-game",
                  {"game": "g3", "ground": "left", "reason": "two left"})  # rule MJ-5
    assert answer.status_code == 303, answer.text
    public = site.client()
    table = public.get("/e/mj").text
    assert '<a href="/e/mj/p/player?name=Anna">Anna</a>' in table
    answer = public.get("/e/mj/p/player?name=Anna")
    assert answer.status_code == 200, answer.text
    page = answer.text
    # Anna: g1 1st (4 TP, 30 GP), g2 4th (0 TP, -70 GP): stage 1 TP 4, GP -40, 2 games
    assert "<h2>Anna</h2>" in page
    stage = re.search(r'<tr><td><a href="/e/mj\?table=stage-1">Stage 1</a></td>(.*?)</tr>',
                      page).group(1)
    cells = re.findall(r'<td class="num">(.*?)</td>', stage)
    assert cells[2:5] == ["4", "-40", "2"]  # TP, GP, games
    games = re.findall(r'<tr class="([^"]*)"><td>(g\d)', page)
    assert [(g, "series" in c, "not-counted" in c) for c, g in games] == [
        ("g1", True, False), ("g2", True, False), ("g3", False, True)]
    assert "the game was disqualified" in page
    assert public.get("/e/mj/p/player?name=anna").status_code == 200  # as names compare
    assert public.get("/e/mj/p/player?name=Nobody").status_code == 404
    live = public.get("/e/mj/p/player/live?name=Anna")
    assert live.status_code == 200 and "<h2>Anna</h2>" in live.text
    ru = site.client()
    ru.cookies.set("lang", "ru")
    assert "Этап 1" in ru.get("/e/mj/p/player?name=Anna").text


def test_phone_tables_keep_the_result_and_a_publication_polls_itself(site: Site, anna) -> None:
    client, csrf = anna
    add_game(client, csrf, "g1", "2015-03-01 12:00",
             [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)])
    page = site.client().get("/e/mj").text
    heads = re.findall(r'<th class="([^"]*)" scope="col">(.*?)</th>', page)
    hidden = {label for css, label in heads if "extra" in css}
    assert "Result" not in hidden and "TP" in hidden  # rule MJ-7d: the result decides
    total = site.client().get("/e/mj?table=total").text
    heads = re.findall(r'<th class="([^"]*)" scope="col">(.*?)</th>', total)
    assert ("num", "SN") in heads  # rule MJ-10
    post(client, csrf, "publish")
    public = site.client()
    shown = public.get("/e/mj/p/publications?n=1&table=stage-1").text
    assert 'hx-get="/e/mj/p/publications/live?n=1&amp;table=stage-1"' in shown
    live = public.get("/e/mj/p/publications/live?n=1&table=stage-1").text
    assert 'id="view-stage-1"' in live and "Nothing is published" not in live


def test_an_anonymous_guest_is_named_on_the_page_never_linked(site: Site, anna) -> None:
    """Rule MJ-3 with the server's guests (setting guest_names, default NoName): Anna's game
    with a guest lists the guest by that name, as text; no guest has a page or a row."""
    client, csrf = anna
    add_game(client, csrf, "g1", "2015-03-01 12:00",
             [("Anna", 30), ("NoName", 25), ("Clara", 0), ("Dmitri", -55)])
    public = site.client()
    page = public.get("/e/mj/p/player?name=Anna").text
    assert "NoName" in page and "name=NoName" not in page
    assert "NoName" not in public.get("/e/mj").text
    assert public.get("/e/mj/p/player?name=NoName").status_code == 404
