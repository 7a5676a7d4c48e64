"""The authorisation matrix: every declared command a Commander event has (and the commands that
make an event, and the organiser reads) against anonymous, a player code, a player code of
another event, a judge of another event, a judge and the owner. Each is allowed or refused
exactly as designed (by the one check of the service, :mod:`podium.service.invoke`), and a
refusal stores nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from podium.formats.commander.advance_byes import GiveBye
from podium.formats.commander.pod_edits import SwapPlayers
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


def marathon(s: Scenario) -> dict[str, Any]:  # the marathon's rows return with its commands
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


def bye_given(s: Scenario) -> None:
    s.site.events.run_command(GiveBye("cup", "#7", 2, "judge"), "owner")


def top_built(s: Scenario) -> None:
    """A complete round and a TOP of 2 (the TOP follows Commander too, rule BRK-1)."""
    from podium.service import top

    complete_round(s)
    top.build(s.site.events, "cup", "owner", size=2)


def cup_file(s: Scenario) -> dict[str, Any]:
    """The event file of "cup", to import under another id."""
    from podium.service.transfer import dumps, export_document

    return {"text": dumps(export_document(s.site.events, "cup"))}


def two_tables(s: Scenario) -> dict[str, Any]:
    """A player of each table of round 1, neither dropped (to swap), and table 1's turn order
    reversed (to correct)."""
    state = s.site.events.load("cup").state
    one, two = ([p for p in t.seats if not state.players[p].dropped]
                for t in state.current_round.tables)
    return {"a": one[0], "b": two[0],
            "order": list(reversed(state.current_round.tables[0].seats))}


def short_pod(s: Scenario) -> dict[str, Any]:
    """Round 1 paired again with short pods and a bye given in advance to #7: 4 and 3 players,
    so #7 may fill the 3-player pod (hand edits)."""
    from podium.service.commands import ChangeSettings, UndoRound

    events = s.site.events
    events.run_command(UndoRound("cup", "redo"), "owner")
    events.run_command(ChangeSettings("cup", {"bye_policy": "short-pods"}, "short pods"), "owner")
    events.run_command(GiveBye("cup", "#7", 1, "judge"), "owner")
    events.pair_round("cup", "owner")
    rnd = events.load("cup").state.current_round
    return {"table": next(t.number for t in rnd.tables if len(t.seats) == 3)}


def edited(s: Scenario) -> None:
    values = two_tables(s)
    s.site.events.run_command(SwapPlayers("cup", f"#{values['a']}", f"#{values['b']}", "club"),
                          "owner")


def clock_running(s: Scenario) -> None:
    """The current round's clock started."""
    from podium.service.clock import StartClock

    s.site.events.run_command(StartClock("cup"), "owner")


def a_person(s: Scenario) -> None:
    """A person in the register of persons (made by its first command), to link a player to."""
    from podium.core.commands import Caller
    from podium.service.catalog import Invocation

    s.site.events.execute(Invocation("people.add", "people", {"name": "Zed"}),
                          Caller.cli("owner"))


def newcomers(s: Scenario) -> None:
    """Two late entrants who never played (to remove or merge)."""
    s.site.events.add_players("cup", ["Extra", "Extra Alias"], "owner")


def signup_open(s: Scenario, approval: bool = False) -> None:
    from podium.service.signup import OpenSignup

    s.site.events.run_command(OpenSignup("cup", approval=approval), "owner")


def signup_awaiting(s: Scenario) -> None:
    """An open sign-up with approval, and Zoe's entry waiting for it."""
    from podium.service.signup import EnterSignup

    signup_open(s, approval=True)
    s.site.events.run_command(EnterSignup("cup", "Zoe"), "owner")


def checked_in(s: Scenario) -> None:
    from podium.service.signup import CheckIn

    s.site.events.run_command(CheckIn("cup", "#7"), "owner")


def before_round_one(s: Scenario) -> None:
    """Round 1 undone, one player checked in: the others can be dropped."""
    from podium.service.commands import UndoRound

    s.site.events.run_command(UndoRound("cup", "check-in first"), "owner")
    checked_in(s)


CMD = "/api/v1/events/cup/commands"
ROUTES = [
    Route("POST", "/api/v1/commands/event.create", {"slug": "new", "format": "commander"},
          ANY_ORGANISER),
    Route("POST", "/api/v1/commands/event.import",
          lambda v: {"file": {"name": "cup.json", "text": v["text"]}, "slug": "copy"},
          ANY_ORGANISER, cup_file),
    Route("POST", f"{CMD}/event.settings", {"settings": {"rounds": 3, "fewer_rounds": True}},
          ORGANISERS),
    Route("POST", f"{CMD}/player.add", {"names": ["Zed"]}, ORGANISERS),
    Route("POST", f"{CMD}/player.import", {"file": {"name": "p.csv", "text": "name\nZed\n"}},
          ORGANISERS),
    Route("POST", f"{CMD}/player.drop", {"player": 7, "reason": "ill"}, ORGANISERS),
    Route("POST", f"{CMD}/player.reinstate", {"player": 8}, ORGANISERS),
    # people and the event's own record
    Route("POST", f"{CMD}/player.rename", {"player": 7, "name": "Renamed"}, ORGANISERS),
    Route("POST", f"{CMD}/player.group", {"player": 7, "group": "Club Orbit"}, ORGANISERS),
    Route("POST", f"{CMD}/player.remove", {"player": "Extra"}, ORGANISERS, newcomers),
    Route("POST", f"{CMD}/player.merge", {"player": "Extra", "other": "Extra Alias",
                                          "reason": "one person"}, ORGANISERS, newcomers),
    Route("POST", f"{CMD}/player.substitute", {"player": 7, "name": "Sub"}, ORGANISERS),
    Route("POST", f"{CMD}/event.rename", {"name": "Renamed cup"}, ORGANISERS),
    Route("POST", f"{CMD}/event.archive", {"reason": "a test"}, ORGANISERS),
    Route("POST", f"{CMD}/event.details", {"date": "2026-12-05", "venue": "Club"},
          ORGANISERS),
    Route("POST", f"{CMD}/event.delete", {"confirm": "cup"}, OWNER_ONLY),
    Route("POST", f"{CMD}/round.pair", {}, ORGANISERS, complete_round),
    Route("POST", f"{CMD}/round.pair", {"preview": True}, ORGANISERS, complete_round),
    Route("POST", f"{CMD}/round.undo", {"reason": "redo"}, ORGANISERS),
    Route("POST", f"{CMD}/commander.result", {"table": 1, "finish": "1234"}, ORGANISERS),
    Route("POST", f"{CMD}/commander.bye", {"player": 7, "round": 2, "reason": "judge"},
          ORGANISERS),
    Route("POST", f"{CMD}/commander.bye-cancel", {"player": 7, "round": 2}, ORGANISERS,
          bye_given),
    Route("POST", f"{CMD}/commander.swap", lambda v: {"player": v["a"], "other": v["b"],
                                                     "reason": "club"}, ORGANISERS, two_tables),
    Route("POST", f"{CMD}/commander.move", lambda v: {"player": 7, "table": v["table"],
                                                     "reason": "plays"}, ORGANISERS, short_pod),
    Route("POST", f"{CMD}/commander.seats", lambda v: {"table": 1, "order": v["order"],
                                                      "reason": "x"}, ORGANISERS, two_tables),
    Route("POST", f"{CMD}/commander.undo-edit", {}, ORGANISERS, edited),
    # the round clock
    Route("POST", f"{CMD}/clock.start", {}, ORGANISERS),
    Route("POST", f"{CMD}/clock.pause", {"reason": "a ruling"}, ORGANISERS, clock_running),
    Route("POST", f"{CMD}/clock.add", {"minutes": 5, "table": 1}, ORGANISERS),
    Route("POST", f"{CMD}/clock.undo", {}, ORGANISERS, clock_running),
    Route("POST", f"{CMD}/role.grant", {"username": "other"}, OWNER_ONLY),
    Route("POST", f"{CMD}/role.revoke", {"username": "judge"}, OWNER_ONLY),
    Route("POST", f"{CMD}/report.decide", lambda v: {"report": v["id"], "accept": True},
          ORGANISERS, report_by_neighbour),
    Route("POST", f"{CMD}/commander.report", {"finish": "1234"}, PLAYER),
    Route("POST", f"{CMD}/report.confirm", lambda v: {"report": v["id"]}, PLAYER,
          report_by_neighbour),
    Route("POST", f"{CMD}/report.dispute", lambda v: {"report": v["id"], "note": "no"}, PLAYER,
          report_by_neighbour),
    Route("POST", f"{CMD}/top.build", {"size": 2}, ORGANISERS, complete_round),
    Route("POST", f"{CMD}/top.build", {"size": 2, "preview": True}, ORGANISERS,
          complete_round),
    Route("POST", f"{CMD}/top.result", {"match": 1, "result": "1"}, ORGANISERS, top_built),
    Route("POST", f"{CMD}/top.undo", {"reason": "wrong size"}, ORGANISERS, top_built),
    # sign-up and check-in: a sign-up code is no self-report code (the player's 403)
    Route("POST", f"{CMD}/signup.open", {"capacity": 10}, ORGANISERS),
    Route("POST", f"{CMD}/signup.close", {}, ORGANISERS, signup_open),
    Route("POST", f"{CMD}/signup.enter", {"name": "Yan"}, set(WHO), signup_open),
    Route("POST", f"{CMD}/signup.approve", {"name": "Zoe"}, ORGANISERS, signup_awaiting),
    Route("POST", f"{CMD}/signup.reject", {"name": "Zoe", "reason": "r"}, ORGANISERS,
          signup_awaiting),
    Route("POST", f"{CMD}/signup.withdraw", {}, set(), signup_awaiting),
    Route("POST", f"{CMD}/checkin.mark", {"player": 7}, ORGANISERS),
    Route("POST", f"{CMD}/checkin.self", {}, set()),
    Route("POST", f"{CMD}/checkin.undo", {"player": 7}, ORGANISERS, checked_in),
    Route("POST", f"{CMD}/checkin.drop-absent", {}, ORGANISERS, before_round_one),
    # links from the event's players to the register of persons (written into the register)
    Route("POST", f"{CMD}/person.link", {"player": 7, "person": "Zed"}, ORGANISERS, a_person),
    Route("POST", f"{CMD}/person.new", {"player": 7}, ORGANISERS),
    Route("POST", f"{CMD}/person.link-all", {}, ORGANISERS),
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
    # organiser reads
    Route("GET", "/api/v1/events/cup/log", None, ORGANISERS),
    Route("GET", "/api/v1/events/cup/roles", None, ORGANISERS),
    Route("GET", "/api/v1/events/cup/codes", None, ORGANISERS),
    Route("GET", "/api/v1/events/cup/self-reports", None, ORGANISERS),
    Route("GET", "/api/v1/events/cup/export", None, ORGANISERS),
    Route("GET", "/api/v1/events/cup/me", None, PLAYER),
]


def test_every_command_of_a_commander_event_and_a_marathon_is_in_the_matrix(
        scenario: Scenario) -> None:
    catalog = scenario.site.app.state.web.catalog
    covered = {r.path.rpartition("/")[2] for r in ROUTES if "/commands/" in r.path}
    wanted = {s.name for name in ("commander", "mahjong-marathon")
              for s in catalog.commands_for(name) if s.on("api")}
    wanted |= {s.name for s in catalog.kernel.values() if not s.event}
    assert wanted <= covered, sorted(wanted - covered)


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
