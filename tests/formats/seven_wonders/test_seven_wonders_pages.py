"""The 7 Wonders season on the web (regulation W7): leagues, games with ties and penalties
entered by the organiser through the season's declared commands (the forms on /manage/{slug},
posted to /manage/{slug}/do/seven-wonders.<what>), the die roll, a lifted penalty, the league
dashboards and the season table in English and Russian, the players' self-report on the
shared self-report page (the kernel's player commands with their code), and refusals storing
nothing."""

from __future__ import annotations

import html
import re

import pytest

from podium.formats.seven_wonders.season import book_of
from tests.web.conftest import Site, csrf_of

GODS = ["Anna", "Boris", "Clara", "Dmitry", "Elena", "Fedor", "Galina"]
PRIESTS = [f"P{i}" for i in range(1, 8)]


@pytest.fixture
def anna(site: Site):
    site.user("anna")
    client = site.login("anna")
    csrf = csrf_of(client.get("/manage").text)
    answer = client.post("/manage/new", data={
        "csrf_token": csrf, "format": "seven-wonders", "slug": "sw", "name": "March season",
        "set_start": "2025-03-01"})
    assert answer.status_code == 303, answer.text
    done = client.post("/manage/sw/do/seven-wonders.leagues", data={
        "csrf_token": csrf, "names": "\n".join(GODS + PRIESTS), "assign": "yes"})
    assert done.status_code == 303, done.text
    return client, csrf


def act(client, csrf: str, what: str, **fields: str):
    """Post the form of the season's command ``seven-wonders.<what>``."""
    return client.post(f"/manage/sw/do/seven-wonders.{what}",
                       data={"csrf_token": csrf, **fields})


def text(page: str) -> str:
    return html.unescape(page)


def test_the_organiser_runs_a_league_on_the_web(site: Site, anna) -> None:
    """Rules W7-2, W7-3, W7-19, W7-24, W7-26 through the organiser's forms."""
    client, csrf = anna
    state = site.events.load("sw").state
    assert [d.key for d in state.divisions.values()] == ["gods", "priests"]
    page = client.get("/manage/sw").text
    assert "Enter a game" in page and "Players and leagues" in page
    # rule W7-26 (4): a tie for last that nothing breaks waits for the die
    answer = act(client, csrf, "game", league="gods",
                 order="Anna, Boris, Clara, Dmitry, Elena, Fedor = Galina",
                 overrun="Galina", link="https://boardgamearena.com/table?table=1")
    assert answer.status_code == 303, answer.text
    page = client.get("/manage/sw").text
    assert "Die roll (rule W7-26)" in page
    assert "Players and leagues" not in page  # the leagues are set once a game is in
    before = site.log_length("sw")
    refused = act(client, csrf, "game", league="gods",
                  order="Anna, Boris, Clara, Dmitry, Elena, Fedor")
    assert refused.status_code == 409 and "waits for the die roll" in text(refused.text)
    assert site.log_length("sw") == before
    assert act(client, csrf, "roll", game="gods/1", roll="Fedor=2, Galina=5").status_code \
        == 303
    assert book_of(site.events.load("sw").state).ladders["gods"].places
    # rule W7-24: lift Galina's overrun with a reason
    before = site.log_length("sw")
    missing = act(client, csrf, "lift", game="gods/1", player="Galina", penalty="overrun",
                  reason="")
    assert missing.status_code == 422 and site.log_length("sw") == before
    assert act(client, csrf, "lift", game="gods/1", player="Galina", penalty="overrun",
               reason="site failure").status_code == 303
    # a position that is not a ranking: refused, nothing stored (rule W7-3)
    before = site.log_length("sw")
    bad = act(client, csrf, "game", league="gods", order="Anna, Boris, Zed")
    assert bad.status_code == 422 and site.log_length("sw") == before
    # the league's dashboard: the ladder so far, the next game, who creates it, the deadline
    board = text(client.get("/e/sw/p/league-gods").text)
    assert "League of Gods" in board and "Game 2" in board
    assert "turn-based game of 7 days" in board
    assert "Deadline: Dec 7, 2026, 10:00\u202fAM (UTC)" in board  # to the minute
    assert "rule W7-26 (4), die roll: Fedor 2, Galina 5" in board
    season = text(client.get("/e/sw/p/season").text)
    assert "Season table" in season
    assert "overrun in League of Gods game 1 lifted (rule W7-24)" in season


def test_the_season_table_in_russian(site: Site, anna) -> None:
    client, csrf = anna
    act(client, csrf, "game", league="gods", order=", ".join(GODS), overrun="Galina")
    client.cookies.set("lang", "ru")
    page = text(client.get("/e/sw/p/season").text)
    assert "Лига Богов" in page and "Итого" in page
    assert "просрочка" in page.lower()
    board = text(client.get("/e/sw/p/league-gods").text)
    assert "Следующая игра" in board


def test_players_report_and_confirm_on_the_web(site: Site, anna) -> None:
    """Rule W7-36: Anna reports with her code on the shared self-report page (her due game,
    the season's form), Boris confirms; the game is in."""
    assert anna
    site.events.change_settings("sw", {"confirmations": 1}, "anna")
    codes = {site.events.load("sw").state.players[p].name: c
             for p, c in site.reports.codes("sw").items()}
    player = site.client()
    form = player.get("/e/sw/p/report", follow_redirects=True)  # the old tab: the self-report
    assert form.status_code == 200 and str(form.url).endswith("/e/sw/report")
    token = csrf_of(form.text)
    page = player.post("/e/sw/report/table", data={"csrf_token": token, "code": codes["Anna"]})
    assert page.status_code == 200 and "League of Gods, game 1" in text(page.text)
    assert 'name="order"' in page.text
    sent = player.post("/e/sw/report/submit", data={
        "csrf_token": token, "code": codes["Anna"], "order": ", ".join(GODS),
        "link": "https://boardgamearena.com/table?table=9"})
    assert sent.status_code == 200, sent.text
    assert "the other players of your table now confirm it" in text(sent.text)
    report = site.reports.reports("sw", open_only=True)[0]
    answer = player.post("/e/sw/report/confirm", data={"csrf_token": token,
                                                       "code": codes["Boris"],
                                                       "report": str(report.id)})
    assert answer.status_code == 200
    assert book_of(site.events.load("sw").state).find("gods/1") is not None
    wrong = player.post("/e/sw/report/table", data={"csrf_token": token, "code": "NOPE1234"})
    assert wrong.status_code == 403


def test_other_formats_pages_do_not_break_on_a_season(site: Site, anna) -> None:
    client, _csrf = anna
    for url in ("/e/sw", "/e/sw/p/leagues", "/e/sw/p/league-priests", "/e/sw/p/report",
                "/api/v1/events/sw/views/seven-wonders.leagues",
                "/api/v1/events/sw/views/seven-wonders.table",
                "/api/v1/events/sw/views/seven-wonders.games",
                "/api/v1/events/sw/views/seven-wonders.penalties", "/api/v1/events/sw/views"):
        assert client.get(url, follow_redirects=True).status_code == 200, url


def _ids(site: Site) -> dict[str, int]:
    return {p.name: p.id for p in site.events.load("sw").state.players.values()}


def test_a_game_is_entered_by_picking_the_leagues_players(site: Site, anna) -> None:
    """Issue 33: the organiser picks the league from a list and taps the order, toggles the
    overruns and picks the kicker among that league's players; nothing names a player by
    typing. The parts post the text the command line reads (rules W7-3, W7-19, W7-20)."""
    client, csrf = anna
    ids = _ids(site)
    page = client.get("/manage/sw/do/seven-wonders.game?league=priests").text
    # the leagues as a list to pick from, the priests' players only
    assert 'href="/manage/sw/do/seven-wonders.game?league=gods"' in page
    assert '<input type="hidden" name="league" value="priests">' in page
    assert f'name="order[#{ids["P3"]}]"' in page and f'name="order[#{ids["Anna"]}]"' not in page
    assert re.search(rf'type="checkbox" name="overrun" value="#{ids["P5"]}"', page)
    assert re.search(rf'type="radio" name="kick" value="#{ids["P2"]}"', page)
    assert re.search(rf'type="radio" name="deepest" value="#{ids["P2"]}"', page)
    assert f'name="score[#{ids["P1"]}]"' in page
    # no field where a name is typed
    for name in ("order", "overrun", "kick", "deepest", "score", "reporter"):
        assert not re.search(rf'<input name="{name}"', page), name
    # without a league named: the first league whose game is due (the gods)
    assert f'name="order[#{ids["Anna"]}]"' in client.get("/manage/sw/do/seven-wonders.game").text
    # rule W7-3: P2 and P3 tied for 2nd; rule W7-19: P7 over time; rule W7-20: P1 kicked
    places = {"P1": "1", "P2": "2", "P3": "2", "P4": "4", "P5": "5", "P6": "6", "P7": "7"}
    done = client.post("/manage/sw/do/seven-wonders.game", data={
        "csrf_token": csrf, "league": "priests", "game": "",
        **{f"order[#{ids[n]}]": p for n, p in places.items()},
        "overrun": f"#{ids['P7']}", "kick": f"#{ids['P1']}", "deepest": "",
        **{f"score[#{ids[n]}]": "" for n in places}, f"score[#{ids['P4']}]": "50"})
    assert done.status_code == 303, text(done.text)
    game = book_of(site.events.load("sw").state).ladders["priests"].games[0]
    assert game.positions == {ids[n]: int(p) for n, p in places.items()}
    assert game.overruns == [ids["P7"]] and game.kicker == ids["P1"]
    assert game.scores == {ids["P4"]: 50}
    # the next game offers the players still in the ladder (rule W7-20: the kicker P1 is out)
    page = client.get("/manage/sw/do/seven-wonders.game?league=priests").text
    assert f'name="order[#{ids["P1"]}]"' not in page and f'name="order[#{ids["P7"]}]"' in page
    # a correction of game 1 offers its players again
    page = client.get("/manage/sw/do/seven-wonders.game?league=priests&game=1").text
    assert f'name="order[#{ids["P1"]}]"' in page


def test_an_overrun_and_a_die_roll_pick_the_game_and_its_players(site: Site, anna) -> None:
    """Issue 33: a game is picked from the list of games entered, its players tapped (rules
    W7-19, W7-26 (4))."""
    client, csrf = anna
    ids = _ids(site)
    act(client, csrf, "game", league="gods",
        order="Anna, Boris, Clara, Dmitry, Elena, Fedor = Galina")
    roll = client.get("/manage/sw/do/seven-wonders.roll").text
    assert f'name="roll[#{ids["Fedor"]}]"' in roll and f'name="roll[#{ids["Anna"]}]"' not in roll
    assert not re.search(r'<input name="roll"', roll)
    assert client.post("/manage/sw/do/seven-wonders.roll", data={
        "csrf_token": csrf, "game": "gods/1", f"roll[#{ids['Fedor']}]": "2",
        f"roll[#{ids['Galina']}]": "5"}).status_code == 303
    page = client.get("/manage/sw/do/seven-wonders.overrun").text
    assert '<option value="gods/1" selected>' in page  # the games entered, to pick from
    assert re.search(rf'type="radio" name="player" value="#{ids["Boris"]}"', page)
    assert f'value="#{ids["P1"]}"' not in page  # not in that game
    assert client.post("/manage/sw/do/seven-wonders.overrun", data={
        "csrf_token": csrf, "game": "gods/1", "player": f"#{ids['Boris']}"}).status_code == 303
    game = book_of(site.events.load("sw").state).ladders["gods"].games[0]
    assert game.overruns == [ids["Boris"]]


def test_a_player_moves_into_another_league_in_the_seasons_words(site: Site, anna) -> None:
    """Issue 33, rule W7-15: before either league has played, the organiser moves a player
    into a league chosen from the season's leagues; the page speaks of leagues, never of
    club groups (a league is the players' group)."""
    client, csrf = anna
    page = text(client.get("/manage/sw").text)
    assert "Move a player into another league" in page
    assert "Move a player to another group" not in page and "Set a player's group" not in page
    form = text(client.get("/manage/sw/do/seven-wonders.move").text)
    assert '<select name="to" required' in form and '<option value="priests"' in form
    assert "Group" not in form
    moved = client.post("/manage/sw/do/seven-wonders.move", data={
        "csrf_token": csrf, "player": "Galina", "to": "priests", "reason": "a swap"})
    assert moved.status_code == 303, text(moved.text)
    state = site.events.load("sw").state
    galina = next(p.id for p in state.players.values() if p.name == "Galina")
    assert galina in state.divisions["priests"].members


def test_before_a_game_the_board_lists_players_without_places(site: Site, anna) -> None:
    """Issue 33: before the league's first game nobody has a place (rule W7-2): the board lists
    its players unnumbered; the game entered is named as people read it, never by its key."""
    client, csrf = anna
    board = text(client.get("/e/sw/p/league-gods").text)
    assert "<h3>Players</h3>" in board and "<h3>Places</h3>" not in board
    assert "<ol" not in board.split('id="league-gods"')[1].split("<h3>Next game")[0]
    done = act(client, csrf, "game", league="gods", order=", ".join(GODS))
    assert done.status_code == 303
    page = text(client.get(done.headers["location"]).text)
    assert "Entered: League of Gods, game 1." in page and "gods/1" not in page
    board = text(client.get("/e/sw/p/league-gods").text)
    assert "<h3>Places</h3>" in board and "<strong>7</strong> Galina" in board
