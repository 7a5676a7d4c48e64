"""Every declared command of the 7 Wonders season answers on the command line (``podium sw
...``), the API (``POST /api/v1/events/{slug}/commands/seven-wonders.<what>``) and the pages
(the organiser's forms posted to ``/manage/{slug}/do/...``), and the same input stores the
same actions on each; so do the players' self-report commands (the kernel's, rule W7-36: the
player's page ``/e/{slug}/report``); bad input to any field is a refusal naming that field,
with nothing stored (rules W7-2 .. W7-36 as each command cites them)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from podium.core import inputs
from podium.core.commands import API, JSON, PLAYER, TEXT, WEB, Caller, CommandSpec, Param
from podium.core.errors import PodiumError
from podium.formats.seven_wonders.commands import (
    AssignLeagues,
    EnterGame,
    GameInput,
)
from podium.formats.seven_wonders.inputs import Leagues
from podium.formats.seven_wonders.season import book_of
from podium.formats.seven_wonders.season_commands import SEASON_COMMANDS
from podium.service.catalog import Invocation
from podium.service.commands import AddPlayers
from podium.service.events import EventService
from podium.service.selfreport import SelfReportService
from tests.cli.conftest import Podium, flat
from tests.web.conftest import Site, csrf_of

GODS = ["Anna", "Boris", "Clara", "Dmitry", "Elena", "Fedor", "Galina"]
ALL = ", ".join(GODS)
TIE = "Anna, Boris, Clara, Dmitry, Elena, Fedor = Galina"
#: The same orders as the JSON API takes them: arrays, a tie an array in the array.
ALL_JSON = list(GODS)
TIE_JSON = ["Anna", "Boris", "Clara", "Dmitry", "Elena", ["Fedor", "Galina"]]
ORG = "org"
SLUG = "sw"


# -- the events each command needs ------------------------------------------------------------
def season(service: EventService, slug: str = SLUG, leagues: bool = True,
           **settings: Any) -> dict[str, Any]:
    """A season of one league of 7 (rule W7-2), its players' codes (rule W7-36); every event
    of these tests has the same seed, so the same input stores the same actions."""
    service.create_event(slug, "Season", "seven-wonders", {"start": "2025-03-01", **settings},
                         ORG, 5)
    service.run_command(AddPlayers(slug, tuple(GODS)), ORG)
    if leagues:
        service.run_command(AssignLeagues(slug), ORG)
    state = service.load(slug).state
    return {"codes": {state.players[p].name: c
                      for p, c in SelfReportService(service).codes(slug).items()}}


def empty(service: EventService, slug: str) -> dict[str, Any]:
    service.create_event(slug, "Season", "seven-wonders", {}, ORG, 5)
    return {"codes": {}}


def no_leagues(service: EventService, slug: str) -> dict[str, Any]:
    return season(service, slug, leagues=False)


def game(order: str, **entry: Any) -> Callable[[EventService, str], dict[str, Any]]:
    def prepare(service: EventService, slug: str) -> dict[str, Any]:
        context = season(service, slug)
        service.run_command(EnterGame(slug, "gods", GameInput(order, **entry)), ORG)
        return context

    return prepare


def ladder_played(service: EventService, slug: str) -> dict[str, Any]:
    """Gods play their ladder: the Battle of Titans of a one-league season is Anna and Boris
    (rules W7-8, W7-18)."""
    context = season(service, slug)
    left = list(GODS)
    while len(left) >= 3:
        service.run_command(EnterGame(slug, "gods", GameInput(", ".join(left))), ORG)
        left.pop()
    return context


def reported(service: EventService, slug: str = SLUG) -> dict[str, Any]:
    """Anna reports game gods/1 with her code; it waits for one other player's confirmation
    (setting confirmations=1, rule W7-36)."""
    context = season(service, slug, confirmations="1")
    done = service.execute(Invocation("seven-wonders.report", slug, {"order": ALL}, JSON, API),
                           Caller(actor="player", code=context["codes"]["Anna"]))
    context["report"] = done.value.id
    return context


@dataclass
class Case:
    """One command with one input, written for each surface."""

    what: str
    prepare: Callable[[EventService, str], dict[str, Any]]
    cli: Callable[[dict[str, Any]], list[str]]
    json: Callable[[dict[str, Any]], dict[str, Any]]
    form: Callable[[dict[str, Any]], dict[str, str]]
    kinds: list[str]
    player: str | None = None  # the player whose code runs a player command
    said: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    command: str = ""  # a kernel command's name (report.confirm), else seven-wonders.<what>
    page: str = ""  # the player's page it is posted to (/e/{slug}/report/<page>)

    @property
    def name(self) -> str:
        return self.command or f"seven-wonders.{self.what}"


CASES = [
    Case("leagues", no_leagues, lambda c: ["--league", ALL], lambda c: {"league": [GODS]},
         lambda c: {"league": ALL}, ["divisions.assigned"], said="1 league set."),
    Case("leagues", empty, lambda c: [a for n in GODS for a in ("--names", n)] + ["--assign"],
         lambda c: {"names": GODS, "assign": True},
         lambda c: {"names": "\n".join(GODS), "assign": "yes"},
         ["player.registered"] * 7 + ["divisions.assigned"], said="1 league set."),
    Case("profile", season, lambda c: ["Boris", "--premium", "--level", "1"],
         lambda c: {"player": "Boris", "premium": True, "level": 1},
         lambda c: {"player": "Boris", "premium": "yes", "level": "1"},
         ["seven-wonders.profile"], said="Profile of Boris recorded."),
    Case("game", season, lambda c: ["gods", TIE, "--overrun", "Galina", "--score", "Anna=61"],
         lambda c: {"league": "gods", "order": TIE_JSON, "overrun": ["Galina"],
                    "score": {"Anna": 61}},
         lambda c: {"league": "gods", "order": TIE, "overrun": "Galina", "score": "Anna=61"},
         ["seven-wonders.game"], said="a tie waits for the die roll"),
    Case("roll", game(TIE), lambda c: ["gods/1", "--roll", "Fedor=2", "--roll", "Galina=5"],
         lambda c: {"game": "gods/1", "roll": {"Fedor": 2, "Galina": 5}},
         lambda c: {"game": "gods/1", "roll": "Fedor=2, Galina=5"}, ["seven-wonders.roll"],
         said="Die roll recorded"),
    Case("overrun", game(ALL), lambda c: ["gods/1", "Galina"],
         lambda c: {"game": "gods/1", "player": "Galina"},
         lambda c: {"game": "gods/1", "player": "Galina"}, ["seven-wonders.overrun"],
         said="Overrun recorded"),
    Case("lift", game(ALL, overruns=("Galina",)),
         lambda c: ["gods/1", "Galina", "--reason", "site down"],
         lambda c: {"game": "gods/1", "player": "Galina", "reason": "site down"},
         lambda c: {"game": "gods/1", "player": "Galina", "penalty": "overrun",
                    "reason": "site down"}, ["seven-wonders.lifted"], said="Penalty lifted"),
    Case("special", ladder_played, lambda c: ["titans", "Anna, Boris"],
         lambda c: {"match": "titans", "order": ["Anna", "Boris"]},
         lambda c: {"match": "titans", "order": "Anna, Boris"}, ["seven-wonders.special"],
         said="Special match entered."),
    # the players' self-report: the kernel's commands (rule W7-36)
    Case("report", reported, lambda c: [ALL], lambda c: {"order": ALL_JSON},
         lambda c: {"order": ALL}, ["seven-wonders.game"], player="Boris",
         said="the result is in", page="submit"),
    Case("report-confirm", reported, lambda c: [str(c["report"])],
         lambda c: {"report": c["report"]}, lambda c: {"report": str(c["report"])},
         ["seven-wonders.game"], player="Boris", said="the result is in",
         command="report.confirm", page="confirm"),
    Case("report-dispute", reported, lambda c: [str(c["report"]), "--note", "I was 2nd"],
         lambda c: {"report": c["report"], "note": "I was 2nd"},
         lambda c: {"report": str(c["report"]), "note": "I was 2nd"}, [], player="Boris",
         said="the organiser decides", command="report.dispute", page="dispute"),
    Case("report-decide", reported, lambda c: [str(c["report"]), "--accept"],
         lambda c: {"report": c["report"], "accept": True},
         lambda c: {"report": str(c["report"]), "accept": "yes"}, ["seven-wonders.game"],
         said="Decision saved.", command="report.decide"),
]


Stored = list[tuple[str, dict[str, Any], str]]


def _new(service: EventService, slug: str, before: int) -> Stored:
    return [(a.kind, a.payload, "player" if a.actor.startswith("player:") else "organiser")
            for a in service.log(slug)[before:]]


def _owner(site: Site, slug: str) -> None:
    try:
        site.accounts.get_user("owner")
    except PodiumError:
        site.user("owner")
    site.accounts.grant(slug, "owner", "owner", ORG)


def on_cli(podium: Podium, case: Case, slug: str) -> Stored:
    service = podium.service()
    context = case.prepare(service, slug)
    before = len(service.log(slug))
    code = ["--code", context["codes"][case.player]] if case.player else []
    out = flat(podium.out("sw", case.what, slug, *case.cli(context), *code))
    assert case.said in out, out
    return _new(service, slug, before)


def on_api(site: Site, case: Case, slug: str) -> Stored:
    context = case.prepare(site.events, slug)
    _owner(site, slug)
    token = (context["codes"][case.player] if case.player
             else site.accounts.create_token("owner"))
    before = site.log_length(slug)
    answer = site.client().post(f"/api/v1/events/{slug}/commands/{case.name}",
                                json=case.json(context),
                                headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["command"] == case.name and case.said in body["said"]
    assert body["stored"] == [a.seq for a in site.events.log(slug)[before:]]
    return _new(site.events, slug, before)


def on_pages(site: Site, case: Case, slug: str) -> Stored:
    context = case.prepare(site.events, slug)
    _owner(site, slug)
    before = site.log_length(slug)
    if case.player:
        phone = site.client()
        csrf = csrf_of(phone.get(f"/e/{slug}/report").text)
        page = phone.post(f"/e/{slug}/report/{case.page}", data={
            "csrf_token": csrf, "code": context["codes"][case.player], **case.form(context)})
        assert page.status_code == 200, page.text
        assert case.said in page.text.replace("&#39;", "'")
    elif case.command == "report.decide":  # the organiser's queue
        client = site.login("owner")
        queue = client.get(f"/manage/{slug}/queue").text
        answer = client.post(f"/manage/{slug}/queue/{context['report']}/accept",
                             data={"csrf_token": csrf_of(queue)})
        assert answer.status_code == 303, answer.text
        assert case.said in client.get(f"/manage/{slug}/queue").text
    else:
        client = site.login("owner")
        event_page = client.get(f"/manage/{slug}").text
        assert f'href="/manage/{slug}/do/{case.name}"' in event_page  # offered now
        answer = client.post(f"/manage/{slug}/do/{case.name}",
                             data={"csrf_token": csrf_of(event_page), **case.form(context)})
        assert answer.status_code == 303, answer.text
        assert case.said in client.get(f"/manage/{slug}").text.replace("&#39;", "'")
    return _new(site.events, slug, before)


@pytest.mark.parametrize("case", CASES, ids=[f"{c.what}-{i}" for i, c in enumerate(CASES)])
def test_each_command_answers_on_every_surface_with_the_same_actions(
        case: Case, podium: Podium, site: Site) -> None:
    cli = on_cli(podium, case, "sw-cli")
    assert [kind for kind, _p, _a in cli] == case.kinds
    assert on_api(site, case, "sw-api") == cli  # kinds, payloads, kind of actor
    assert on_pages(site, case, "sw-web") == cli


def test_every_season_command_is_exercised() -> None:
    """Each of the season's commands, but the move between leagues (the kernel's
    ``division.move`` under its name on the command line, tested there), and the players'."""
    on_every_surface = {s.name for s in SEASON_COMMANDS if s.on(API)}
    assert {c.name for c in CASES} == on_every_surface | {
        "seven-wonders.report", "report.confirm", "report.dispute", "report.decide"}
    assert {s.name for s in SEASON_COMMANDS} - on_every_surface == {"seven-wonders.move"}


# -- bad input --------------------------------------------------------------------------------
def bad_value(param: Param, source: str) -> Any:
    """Input that the field's decoder refuses, as a person (text) or a client (JSON) sends it."""
    inp = param.input
    if isinstance(inp, inputs.Text):
        return "x" * (inp.max_length + 1)
    if isinstance(inp, inputs.Link):  # a table's link: http(s) only
        return "javascript:alert(1)"
    if isinstance(inp, inputs.Integer):
        return "seven"
    if isinstance(inp, inputs.Player | inputs.Order | Leagues):
        return "#x" if source == TEXT or not isinstance(inp, Leagues) else [["#x"]]
    if isinstance(inp, inputs.Players):
        return "bad\x01name" if source == TEXT else ["bad\x01name"]
    if isinstance(inp, inputs.Pairs):
        return "Anna"
    if isinstance(inp, inputs.YesNo):
        return "maybe"
    if isinstance(inp, inputs.Choice):
        return "nope"
    if isinstance(inp, inputs.File):
        return "not a file"
    raise AssertionError(f"no bad value for {param.name} ({type(inp).__name__})")


def good_fields(case: Case, context: dict[str, Any], source: str) -> dict[str, Any]:
    return case.json(context) if source == JSON else case.form(context)


@pytest.mark.parametrize("spec", [s for s in SEASON_COMMANDS if s.on(API)],
                         ids=lambda s: s.name)
def test_bad_input_to_each_field_is_refused_naming_it_and_stores_nothing(
        spec: CommandSpec, site: Site) -> None:
    context = reported(site.events)
    case = next(c for c in CASES if c.name == spec.name)
    caller = (Caller(actor="player", code=context["codes"][case.player or "Boris"])
              if spec.role == PLAYER else Caller(actor=ORG, local=True))
    before = site.log_length(SLUG)
    for param in spec.params:
        for source, surface in ((JSON, API), (TEXT, WEB)):
            fields = {**good_fields(case, context, source), param.name: bad_value(param, source)}
            with pytest.raises(PodiumError) as refused:
                site.events.execute(Invocation(spec.name, SLUG, fields, source, surface), caller)
            problems = getattr(refused.value, "problems", [refused.value])
            named = {(p.field or "").split("[")[0] for p in problems}
            assert named == {param.name}, (param.name, source, [str(p) for p in problems])
            assert all(p.code.startswith("input.") for p in problems)
    assert site.log_length(SLUG) == before


def test_a_bad_field_on_the_api_answers_422_naming_it(site: Site) -> None:
    season(site.events)
    site.user("owner")
    site.accounts.grant(SLUG, "owner", "owner", ORG)
    token = site.accounts.create_token("owner")
    before = site.log_length(SLUG)
    answer = site.client().post(f"/api/v1/events/{SLUG}/commands/seven-wonders.game",
                                json={"league": "gods", "order": ALL_JSON, "score": "Anna=many",
                                      "game": 9},
                                headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 422
    assert {p["field"] for p in answer.json()["problems"]} == {"score", "game"}
    assert site.log_length(SLUG) == before


def test_a_bad_field_on_the_command_line_names_its_option(podium: Podium) -> None:
    season(podium.service())
    before = podium.action_count(SLUG)
    message = podium.error("sw", "game", SLUG, "gods", ALL, "--score", "Anna", code=2)
    assert "--score:" in message and "NAME=VALUE" in message
    message = podium.error("sw", "game", SLUG, "gods", "Anna, = Boris", code=2)
    assert "ORDER:" in message
    assert podium.action_count(SLUG) == before


def test_a_bad_field_on_a_form_is_shown_next_to_it(site: Site) -> None:
    season(site.events)
    site.user("owner")
    site.accounts.grant(SLUG, "owner", "owner", ORG)
    client = site.login("owner")
    csrf = csrf_of(client.get(f"/manage/{SLUG}").text)
    before = site.log_length(SLUG)
    page = client.post(f"/manage/{SLUG}/do/seven-wonders.game", data={
        "csrf_token": csrf, "league": "gods", "order": "Anna, Boris, Zed", "score": "Anna"})
    assert page.status_code == 422
    # the refusal next to the scores' table; the places tapped before kept (issue 33)
    assert 'id="f-seven-wonders-game-score-error"' in page.text
    assert re.search(r'name="order\[#\d+\]" value="2"', page.text)
    assert site.log_length(SLUG) == before


def test_a_name_that_is_not_in_the_game_is_refused_naming_the_typed_field(site: Site) -> None:
    """Rule W7-3: the order names the players of the game; a refusal of the stored payload
    (``results``, ``overruns``, ``kicker``) names the field as typed."""
    season(site.events)
    before = site.log_length(SLUG)
    cases = {"order": {"league": "gods", "order": "Anna, Boris"},
             "overrun": {"league": "gods", "order": ALL, "overrun": "P9"},
             "kick": {"league": "gods", "order": ALL, "kick": "Zed"},
             "score": {"league": "gods", "order": ALL, "score": "Anna=1, Anna=2"}}
    for name, fields in cases.items():
        with pytest.raises(PodiumError) as refused:
            site.events.execute(Invocation("seven-wonders.game", SLUG, fields, TEXT, WEB),
                                Caller(actor=ORG, local=True))
        assert refused.value.field == name, (name, str(refused.value))
    assert site.log_length(SLUG) == before


def test_the_battle_of_titans_is_entered_by_tapping_its_players(site: Site) -> None:
    """Issue 33, rules W7-8, W7-18: after the ladder, the Battle of Titans' form offers its
    two players to tap, nobody else, and no field to type a name; the next step is that form."""
    ladder_played(site.events, SLUG)
    site.user("owner")
    site.accounts.grant(SLUG, "owner", "owner", ORG)
    client = site.login("owner")
    manage = client.get(f"/manage/{SLUG}").text
    assert re.search(r'class="next-step"><a class="button" href="[^"]*seven-wonders.special"',
                     manage)
    page = client.get(f"/manage/{SLUG}/do/seven-wonders.special").text
    ids = {p.name: p.id for p in site.events.load(SLUG).state.players.values()}
    assert f'name="order[#{ids["Anna"]}]"' in page and f'name="order[#{ids["Boris"]}]"' in page
    assert f'name="order[#{ids["Clara"]}]"' not in page
    assert not re.search(r'<input name="(?:order|overrun|score)"', page)
    csrf = csrf_of(manage)
    done = client.post(f"/manage/{SLUG}/do/seven-wonders.special", data={
        "csrf_token": csrf, "match": "titans", f"order[#{ids['Anna']}]": "2",
        f"order[#{ids['Boris']}]": "1"})
    assert done.status_code == 303, done.text
    state = site.events.load(SLUG).state
    assert book_of(state).specials["titans"].positions == {ids["Boris"]: 1, ids["Anna"]: 2}
