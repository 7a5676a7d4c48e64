"""The authorisation matrix: every mutating API route (and the organiser reads) against
anonymous, a player code, a player code of another event, a judge of another event, a judge
and the owner. Each is allowed or refused exactly as designed, and a refusal stores nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from tests.api.conftest import Scenario

WHO = ("anonymous", "player", "player_elsewhere", "other", "judge", "owner")
ORGANISERS = {"judge", "owner"}
OWNER_ONLY = {"owner"}
PLAYER = {"player"}
ANY_ORGANISER = {"other", "judge", "owner"}


@dataclass
class Route:
    method: str
    path: str
    body: dict[str, Any] | Callable[[dict[str, Any]], dict[str, Any]] | None
    allowed: set[str]
    prepare: Callable[[Scenario], Any] | None = None

    @property
    def id(self) -> str:
        return f"{self.method} {self.path}"


def complete_round(s: Scenario) -> None:
    for table in s.site.events.load("cup").state.current_round.tables:
        seats = table.seats
        s.site.events.enter_result("cup", table.number,
                                   lambda _s, seats=seats: {"winner": seats[0],
                                                            "eliminated": list(seats[1:])},
                                   "owner")


def report_by_neighbour(s: Scenario) -> dict[str, Any]:
    """A report by another player of the same table, for the player to confirm or dispute."""
    neighbour = s.seats[1]  # type: ignore[attr-defined]
    report = s.site.reports.report(
        "cup", s.codes[neighbour],  # type: ignore[attr-defined]
        lambda state, rnd, table: {"winner": table.seats[1],
                                   "eliminated": [table.seats[0], *table.seats[2:]]},
    )
    return {"id": report.id}


def marathon(s: Scenario) -> dict[str, Any]:
    """A mahjong marathon "mj" run by the same owner and judge, with two games and a penalty
    (to revert)."""
    from podium.formats.mahjong_marathon.commands import MarathonService

    site = s.site
    site.events.create_event("mj", "MJ", "mahjong-marathon", {}, "setup")
    site.accounts.grant("mj", "owner", "owner", "setup")
    site.accounts.grant("mj", "judge", "judge", "owner")
    service = MarathonService(site.db, site.clock)
    for gid, day in (("g1", 1), ("g2", 2)):
        service.add_game("mj", gid, "RU-Marathon-1", f"2015-03-0{day} 12:00", "server",
                         [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)], "setup")
    seq = service.penalty("mj", "6a", "Anna", 5, "late", "setup", game="g1")
    return {"seq": seq}


MJ = "/api/v1/events/mj/commands/mahjong-marathon."
GAME = {"id": "g3", "table": "RU-Marathon-2", "start": "2015-03-03T12:00:00-08:00",
        "players": {"Anna": 1, "Boris": 2, "Clara": 3, "Dmitri": -6}}
GAMES_FILE = {"name": "g.json", "text": '{"games": [{"id": "g3", "table": "RU-Marathon-2", '
              '"start": "2015-03-03T12:00:00-08:00", "players": [{"name": "Anna", "gp": 1}, '
              '{"name": "Boris", "gp": 2}, {"name": "Clara", "gp": 3}, '
              '{"name": "Dmitri", "gp": -6}]}]}'}


def top_built(s: Scenario) -> None:
    """A complete round and a TOP of 2 (the TOP follows Commander too, rule BRK-1)."""
    from podium.service import top

    complete_round(s)
    top.build(s.site.events, "cup", "owner", size=2)


ROUTES = [
    Route("POST", "/api/v1/events", {"slug": "new", "format": "commander"}, ANY_ORGANISER),
    Route("PATCH", "/api/v1/events/cup/settings",
          {"settings": {"rounds": 3, "fewer_rounds": True}}, ORGANISERS),
    Route("POST", "/api/v1/events/cup/players", {"names": ["Zed"]}, ORGANISERS),
    Route("POST", "/api/v1/events/cup/players/7/drop", {"reason": "ill"}, ORGANISERS),
    Route("POST", "/api/v1/events/cup/players/8/reinstate", {}, ORGANISERS),
    Route("POST", "/api/v1/events/cup/rounds", None, ORGANISERS, complete_round),
    Route("POST", "/api/v1/events/cup/rounds/undo", {"reason": "redo"}, ORGANISERS),
    Route("POST", "/api/v1/events/cup/results", {"table": 1, "form": {"finish": "1234"}},
          ORGANISERS),
    Route("POST", "/api/v1/events/cup/roles", {"username": "other"}, OWNER_ONLY),
    Route("DELETE", "/api/v1/events/cup/roles/judge", None, OWNER_ONLY),
    Route("POST", "/api/v1/events/cup/self-reports/{id}/decision", {"accept": True},
          ORGANISERS, report_by_neighbour),
    Route("POST", "/api/v1/events/cup/self-reports", {"form": {"finish": "1234"}}, PLAYER),
    Route("POST", "/api/v1/events/cup/self-reports/{id}/confirm", None, PLAYER,
          report_by_neighbour),
    Route("POST", "/api/v1/events/cup/self-reports/{id}/dispute", {"note": "no"}, PLAYER,
          report_by_neighbour),
    # the mahjong marathon's declared commands
    Route("POST", f"{MJ}add-game", GAME, ORGANISERS, marathon),
    Route("POST", f"{MJ}import-games", {"file": GAMES_FILE}, ORGANISERS, marathon),
    Route("POST", f"{MJ}penalty", {"kind": "6b", "player": "Boris", "amount": 50, "stage": 1,
                                   "reason": "r"}, ORGANISERS, marathon),
    Route("POST", f"{MJ}disqualify-game", {"game": "g2", "ground": "left", "reason": "r"},
          ORGANISERS, marathon),
    Route("POST", f"{MJ}disqualify-player", {"player": "Anna", "from": "2015-03-01",
                                             "reason": "r"}, ORGANISERS, marathon),
    Route("POST", f"{MJ}revert", lambda v: {"seq": v["seq"], "reason": "appeal"},
          ORGANISERS, marathon),
    Route("POST", f"{MJ}publish", {}, ORGANISERS, marathon),
    Route("POST", "/api/v1/events/cup/top", {"size": 2}, ORGANISERS, complete_round),
    Route("POST", "/api/v1/events/cup/top/results", {"match": 1, "form": {"result": "1"}},
          ORGANISERS, top_built),
    Route("POST", "/api/v1/events/cup/top/undo", {"reason": "wrong size"}, ORGANISERS,
          top_built),
    # organiser reads
    Route("GET", "/api/v1/events/cup/top/preview?size=2", None, ORGANISERS, complete_round),
    Route("GET", "/api/v1/events/cup/log", None, ORGANISERS),
    Route("GET", "/api/v1/events/cup/preview", None, ORGANISERS, complete_round),
    Route("GET", "/api/v1/events/cup/roles", None, ORGANISERS),
    Route("GET", "/api/v1/events/cup/codes", None, ORGANISERS),
    Route("GET", "/api/v1/events/cup/self-reports", None, ORGANISERS),
    Route("GET", "/api/v1/events/cup/me", None, PLAYER),
]


def snapshot(s: Scenario) -> tuple[Any, ...]:
    site = s.site
    return (
        [a.to_json() for e in site.events.list_events() for a in site.events.log(e.slug)],
        [e.slug for e in site.events.list_events()],
        site.accounts.grants("cup"),
        site.reports.reports("cup"),
    )


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize("route", ROUTES, ids=lambda r: r.id)
def test_authorisation_matrix(scenario: Scenario, route: Route, who: str) -> None:
    values = route.prepare(scenario) if route.prepare else None
    path = route.path.format(**(values or {}))
    before = snapshot(scenario)
    client = scenario.site.client()
    body = route.body(values) if callable(route.body) else route.body
    answer = client.request(route.method, path, json=body, headers=scenario.headers(who))
    if who in route.allowed:
        assert 200 <= answer.status_code < 300, (who, answer.status_code, answer.text)
    else:
        expected = 401 if who == "anonymous" else 403
        assert answer.status_code == expected, (who, answer.status_code, answer.text)
        assert "detail" in answer.json()
        assert snapshot(scenario) == before  # a refusal stores nothing
