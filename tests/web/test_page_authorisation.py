"""The authorisation matrix of the organiser pages' forms: anonymous (sent to the login page),
a judge of another event, a judge and the owner, against every mutating form. A refusal stores
nothing. (Player codes do not log in: their pages are tested in test_selfreport_pages.)"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from tests.web.conftest import Site, csrf_of

ORGANISERS = {"judge", "owner"}


@dataclass
class Form:
    path: str
    data: dict[str, str]
    allowed: set[str]
    prepare: Callable[[Site], dict[str, Any]] | None = None


def complete_round(site: Site) -> dict[str, Any]:
    for table in site.events.load("cup").state.current_round.tables:
        seats = table.seats
        site.events.enter_result("cup", table.number,
                                 lambda _s, seats=seats: {"winner": seats[0],
                                                          "eliminated": list(seats[1:])},
                                 "owner")
    return {}


def a_report(site: Site) -> dict[str, Any]:
    codes = site.reports.codes("cup")
    seats = site.events.load("cup").state.current_round.table(1).seats
    report = site.reports.report("cup", codes[seats[0]], lambda s, r, t: {
        "winner": t.seats[0], "eliminated": list(t.seats[1:])})
    return {"id": report.id}


def marathon(site: Site) -> dict[str, Any]:
    """A mahjong marathon "mj" run by the same owner and judge: a game and a penalty."""
    from podium.formats.mahjong_marathon.commands import MarathonService

    site.events.create_event("mj", "MJ", "mahjong-marathon", {}, "setup")
    site.accounts.grant("mj", "owner", "owner", "setup")
    site.accounts.grant("mj", "judge", "judge", "owner")
    service = MarathonService(site.db, site.clock)
    service.add_game("mj", "g1", "RU-Marathon-1", "2015-03-01 12:00", "server",
                     [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)], "setup")
    return {"seq": service.penalty("mj", "6a", "Anna", 5, "late", "setup", game="g1")}


GAME = {"id": "g2", "table": "RU-Marathon-1", "start": "2015-03-02 12:00",
        "zone": "server", "player1": "Anna", "gp1": "1", "player2": "Boris", "gp2": "2",
        "player3": "Clara", "gp3": "3", "player4": "Dmitri", "gp4": "-6"}
MJ = "/manage/mj/do/mahjong-marathon."


def top_built(site: Site) -> dict[str, Any]:
    """A complete round, then a TOP of 2 (the TOP follows Commander too, rule BRK-1)."""
    from podium.service import top

    complete_round(site)
    top.build(site.events, "cup", "owner", size=2)
    return {}


def top_played(site: Site) -> dict[str, Any]:
    from podium.service import top

    top_built(site)
    bracket = top.load_top(site.events, "cup")[1]
    winner = bracket.match(1).players[0]
    top.enter_result(site.events, "cup", 1, lambda _s: {"winner": winner}, "owner")
    return {}


FORMS = [
    Form("/manage/cup/players", {"names": "Zed"}, ORGANISERS),
    Form("/manage/cup/players/7/drop", {"reason": "ill"}, ORGANISERS),
    Form("/manage/cup/players/8/reinstate", {}, ORGANISERS),
    Form("/manage/cup/rounds", {}, ORGANISERS, complete_round),
    Form("/manage/cup/rounds/undo", {"reason": "redo"}, ORGANISERS),
    Form("/manage/cup/results/1", {"finish": "1234"}, ORGANISERS),
    Form("/manage/cup/rounds/1/tables/1/correct", {"finish": "4321", "reason": "slip"},
         ORGANISERS, complete_round),
    Form("/manage/cup/judges", {"username": "other"}, {"owner"}),
    Form("/manage/cup/judges/judge/remove", {}, {"owner"}),
    Form("/manage/cup/queue/{id}/accept", {}, ORGANISERS, a_report),
    Form("/manage/cup/queue/{id}/reject", {}, ORGANISERS, a_report),
    # declared commands' forms (podium.web.routes.commands)
    Form("/manage/cup/do/top.build", {"size": "2"}, ORGANISERS, complete_round),
    Form("/manage/cup/do/top.result", {"match": "1", "result": "1"}, ORGANISERS, top_built),
    Form("/manage/cup/do/top.result", {"match": "1", "result": "2", "correct": "yes",
                                       "reason": "slip"}, ORGANISERS, top_played),
    Form("/manage/cup/do/top.undo", {"reason": "wrong size"}, ORGANISERS, top_built),
    Form("/manage/cup/do/player.add", {"names": "Zed"}, ORGANISERS),
    Form("/manage/cup/do/event.settings", {"settings": "win_points=4", "reason": "r"},
         ORGANISERS),
    # the mahjong marathon's declared commands (its forms)
    Form(f"{MJ}add-game", GAME, ORGANISERS, marathon),
    Form(f"{MJ}penalty", {"player": "Boris", "kind": "6c", "amount": "1", "stage": "1",
                          "reason": "r"}, ORGANISERS, marathon),
    Form(f"{MJ}disqualify-game", {"game": "g1", "ground": "left", "reason": "r"},
         ORGANISERS, marathon),
    Form(f"{MJ}disqualify-player", {"player": "Anna", "from": "2015-03-01", "reason": "r"},
         ORGANISERS, marathon),
    Form(f"{MJ}revert", {"seq": "{seq}", "reason": "appeal"}, ORGANISERS, marathon),
    Form(f"{MJ}publish", {}, ORGANISERS, marathon),
]


@pytest.fixture
def clients(site: Site) -> dict[str, Any]:
    for name in ("owner", "judge", "other"):
        site.user(name)
    site.event("cup", "owner", final_size="0")  # Swiss, then a TOP (the TOP routes)
    site.accounts.grant("cup", "judge", "judge", "owner")
    site.event("side", "other", players=4)
    site.events.pair_round("cup", "owner")
    site.events.drop_player("cup", "#8", "owner", "left")
    found: dict[str, Any] = {}
    for name in ("owner", "judge", "other"):
        client = site.login(name)
        found[name] = (client, csrf_of(client.get("/manage/new").text))
    anonymous = site.client()
    found["anonymous"] = (anonymous, csrf_of(anonymous.get("/login").text))
    return found


def snapshot(site: Site) -> tuple[Any, ...]:
    return ([a.to_json() for e in site.events.list_events() for a in site.events.log(e.slug)],
            site.accounts.grants("cup"), site.reports.reports("cup"))


@pytest.mark.parametrize("who", ["anonymous", "other", "judge", "owner"])
@pytest.mark.parametrize("form", FORMS, ids=lambda f: f.path)
def test_page_authorisation_matrix(site: Site, clients, form: Form, who: str) -> None:
    values = form.prepare(site) if form.prepare else {}
    client, csrf = clients[who]
    before = snapshot(site)
    data = {key: value.format(**values) for key, value in form.data.items()}
    answer = client.post(form.path.format(**values), data={**data, "csrf_token": csrf})
    if who in form.allowed:
        assert answer.status_code == 303, (who, answer.status_code, answer.text[:500])
        assert snapshot(site) != before
    else:
        if who == "anonymous":
            assert answer.status_code == 303
            assert answer.headers["location"].startswith("/login")
        else:
            assert answer.status_code == 403, (who, answer.status_code)
        assert snapshot(site) == before
