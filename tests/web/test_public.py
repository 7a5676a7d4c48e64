"""Public pages: any format's views through one template, pairings with "find my table",
live fragments, a QR code of the page's own address, Russian and English."""

from __future__ import annotations

from fractions import Fraction

import pytest

from podium.core import inputs
from podium.core.commands import CommandSpec, Param
from podium.core.messages import M
from podium.core.reads import ViewCall, ViewSpec
from podium.core.ruleset import Capabilities
from podium.core.values import TableValue
from podium.core.views import Column, TableView
from podium.formats.commander import Commander
from podium.formats.registry import register, unregister
from podium.service.answers import PlayersAdded, players_added
from podium.service.commands import AddPlayers
from tests.web.conftest import Site, csrf_of


def results(site: Site, slug: str) -> None:
    site.events.pair_round(slug, "org")
    for table in site.events.load(slug).state.current_round.tables:
        seats = table.seats
        site.events.enter_result(slug, table.number,
                                 lambda _s, seats=seats: {"winner": seats[0],
                                                          "eliminated": list(seats[1:])},
                                 "org")


def test_standings_need_no_login_and_show_the_format_columns(site: Site) -> None:
    site.event("cup", None)
    results(site, "cup")
    page = site.client().get("/e/cup")
    assert page.status_code == 200
    assert "Opp. win %" in page.text and "Elim. sum" in page.text
    assert "<svg" in page.text  # the QR code
    # pushed (its stream), polled while the stream is cut
    assert 'data-stream="/e/cup/stream?part=/e/cup/live/views"' in page.text
    assert 'hx-trigger="every 1s, podium:refresh"' in page.text


def test_the_live_fragment_follows_new_results(site: Site) -> None:
    site.event("cup", None)
    client = site.client()
    site.events.pair_round("cup", "org")
    first = client.get("/e/cup/live/views").text
    assert "<html" not in first
    table = site.events.load("cup").state.current_round.table(1)
    site.events.enter_result("cup", 1, lambda _s: {"winner": table.seats[0],
                                                   "eliminated": list(table.seats[1:])}, "org")
    assert client.get("/e/cup/live/views").text != first


def test_find_my_table(site: Site) -> None:
    site.event("cup", None)
    site.events.pair_round("cup", "org")
    state = site.events.load("cup").state
    table = next(t for t in state.current_round.tables if 5 in t.seats)
    page = site.client().get("/e/cup/pairings", params={"q": "p5"}).text
    assert f"Table {table.number}" in page
    assert page.count('class="pod') == 1
    assert 'class="me"' in page
    fragment = site.client().get("/e/cup/live/pairings", params={"q": "nobody"}).text
    assert "No table found" in fragment


def test_russian_from_the_browser_and_the_switch(site: Site) -> None:
    site.event("cup", None)
    client = site.client()
    page = client.get("/e/cup", headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8"})
    assert '<html lang="ru">' in page.text and "Турнирная таблица" in page.text
    switched = client.get("/lang/en?next=/e/cup")
    assert switched.headers["location"] == "/e/cup"
    page = client.get("/e/cup", headers={"Accept-Language": "ru"})
    assert "Standings" in page.text  # the cookie wins over the browser


def test_numbers_follow_the_locale(site: Site) -> None:
    site.event("cup", None)
    results(site, "cup")
    ru = site.client().get("/e/cup", headers={"Accept-Language": "ru"}).text
    en = site.client().get("/e/cup", headers={"Accept-Language": "en"}).text
    assert "0,00%" in ru and "0.00%" in en


def test_an_unknown_event_is_a_404(site: Site) -> None:
    assert site.client().get("/e/nope").status_code == 404
    assert site.client().get("/api/v1/events/nope").status_code == 404


def bracket(call: ViewCall) -> TableView:
    return call.ruleset.tables(call.state)[0]


GUEST = CommandSpec(
    "tiny.guest", "Add a guest", lambda call: AddPlayers(call.slug, (call["guest"],)),
    params=(Param("guest", inputs.Text(80, non_empty=True), "the guest's name",
                  required=True),),
    said=lambda added: M("guest added"), answer=players_added, answers=PlayersAdded)


class TinyFormat(Commander):
    """A format the shared pages have never heard of: Commander's rules, one view of its own,
    one extra public page (a view listed as a tab) and one organiser form."""

    name = "tiny"
    title = "Tiny"
    capabilities = Capabilities(rounds=True)

    def commands(self):
        return (GUEST,)

    def views(self):
        return (ViewSpec("tiny.bracket", "Bracket", bracket, TableValue, tab=True),)

    def tables(self, state):
        return [TableView("hands", "Hands", (Column("who", "Player"),
                                             Column("gp", "Game points", numeric=True)),
                          tuple({"who": p.name, "gp": Fraction(-25, 2)}
                                for p in state.players.values()))]


@pytest.fixture
def tiny():
    """Registered before the site's application is composed (it reads the formats once)."""
    register(TinyFormat())
    yield
    unregister("tiny")


def test_a_new_format_plugs_in_without_editing_the_shared_pages(tiny, site: Site) -> None:
    site.events.create_event("t", "T", "tiny", {}, "org", seed=1)
    site.events.add_players("t", ["Ann"], "org")
    client = site.client()
    page = client.get("/e/t").text
    assert "Game points" in page and "-12.500" in page
    assert 'href="/e/t/p/bracket"' in page
    assert client.get("/e/t/p/bracket").status_code == 200
    assert client.get("/e/t/p/nothing").status_code == 404


def test_a_format_command_is_a_form_on_the_organisers_page(tiny, site: Site) -> None:
    site.user("anna")
    site.events.create_event("t", "T", "tiny", {}, "org", seed=1)
    site.accounts.grant("t", "anna", "owner", "org")
    client = site.login("anna")
    assert 'href="/manage/t/do/tiny.guest"' in client.get("/manage/t").text  # in the menu
    page = client.get("/manage/t/do/tiny.guest").text
    assert 'action="/manage/t/do/tiny.guest"' in page and 'name="guest"' in page
    empty = client.post("/manage/t/do/tiny.guest", data={"csrf_token": csrf_of(page)})
    assert empty.status_code == 422 and "field-error" in empty.text  # named at its field
    answer = client.post("/manage/t/do/tiny.guest", data={"csrf_token": csrf_of(page),
                                                          "guest": "Gus"})
    assert answer.status_code == 303
    assert site.events.log("t")[-1].actor == "anna"
    assert client.post("/manage/t/do/nope.nope", data={"csrf_token": csrf_of(page)}
                       ).status_code == 404


def test_find_my_table_says_when_i_have_a_bye(site: Site) -> None:
    site.event("cup", None, players=9)  # 9 players: pods of 4 and 1 bye (rule CMD-8)
    site.events.pair_round("cup", "org")
    state = site.events.load("cup").state
    bye = state.players[state.current_round.byes[0].player].name
    page = site.client().get("/e/cup/pairings", params={"q": bye.lower()}).text
    assert "Bye this round" in page and bye in page
