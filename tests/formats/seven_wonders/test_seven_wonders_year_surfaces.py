"""Every year command answers on the three surfaces: the command line (``podium sw
<command> YEAR ...``), the API (``POST /api/v1/events/{year}/commands/seven-wonders.<what>``)
and the organiser's pages (``/manage/{year}/do/<name>``), the same fields typed as each surface
types them; and bad input to each field is refused naming the field, with nothing stored
(rules W7-4 .. W7-15, W7-23, W7-29 .. W7-35)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from podium.compose import build_catalog
from podium.compose import web_app as create_app
from podium.core.commands import CLI, CommandSpec
from podium.core.inputs import File
from podium.formats.seven_wonders import playoff_rules, survival_rules
from podium.formats.seven_wonders.year_commands import NextSeason as NextSeasonCommand
from podium.formats.seven_wonders.year_demo import signups_csv
from podium.service import accounts as accounts_module
from podium.service.accounts import AccountService
from podium.store.db import Database
from tests.cli.conftest import Podium
from tests.formats.seven_wonders.year_builders import (
    DECIDED,
    YEAR,
    copy_of,
    everything,
    fields_of,
    invoke,
    league_players,
    refused,
    service_on,
)
from tests.web.conftest import PASSWORD, Clock, csrf_of

CATALOG = build_catalog()
NEWCOMERS = ["Ann", "Bob", "Cid", "Dan"]
SIGNUPS = signups_csv([(f"N{i:02d}", 1500 + i, i == 3) for i in range(1, 29)])


def spec(what: str) -> CommandSpec:
    return CATALOG.find(f"seven-wonders.{what}")


def as_text(what: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON fields as a person types them (a form field, an option): each decoded by its
    input and written back as text (``Order``: ``A, B = C``; ``Pairs``: ``A=1, B=2``)."""
    out: dict[str, Any] = {}
    for name, value in fields.items():
        param = spec(what).param(name)
        assert param is not None, name
        if isinstance(param.input, File):
            out[name] = value
            continue
        decoded = param.input.from_json(value, name)
        out[name] = "yes" if decoded is True else param.input.to_text(decoded)
    return out


class Surface:
    """One way in: ``run`` answers the command's answer (JSON) or raises on a refusal."""

    name = ""

    def run(self, what: str, slug: str, fields: Mapping[str, Any]) -> dict[str, Any]:
        raise NotImplementedError


class Cli(Surface):
    name = "cli"

    def __init__(self, db: Path, tmp: Path) -> None:
        self.podium = Podium(db)
        self.tmp = tmp

    def args(self, what: str, slug: str, fields: Mapping[str, Any]) -> list[str]:
        params = spec(what).params_on(CLI)
        text = as_text(what, fields)
        args = ["sw", what, slug]
        for param in params:
            if param.argument and param.name in text:
                args.append(text[param.name])
        for param in params:
            if param.argument or param.name not in text:
                continue
            value = text[param.name]
            if isinstance(param.input, File):
                path = self.tmp / value["name"]
                path.write_text(value["text"], encoding="utf-8")
                args += [param.option, str(path)]
            elif param.input.flag:
                args.append(param.option)
            else:
                args += [param.option, value]
        return args

    def run(self, what: str, slug: str, fields: Mapping[str, Any]) -> dict[str, Any]:
        out = self.podium.out(*self.args(what, slug, fields), "--json")
        answer = json.loads(out.strip().splitlines()[-1])
        assert answer["command"] == f"seven-wonders.{what}"
        return answer["answer"]


def web_app(db: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, AccountService]:
    monkeypatch.setattr(accounts_module, "_hasher",
                        PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
    app = create_app(Database(str(db)), clock=Clock(), poll_seconds=1, freshness=0)
    return app, app.state.web.accounts


class Api(Surface):
    name = "api"

    def __init__(self, app: Any, accounts: AccountService) -> None:
        accounts.create_user("org", PASSWORD)
        self.accounts = accounts
        self.client = TestClient(app)
        self.token = accounts.create_token("org")

    def own(self, slug: str) -> None:
        self.accounts.grant(slug, "org", "owner", "setup")

    def run(self, what: str, slug: str, fields: Mapping[str, Any]) -> dict[str, Any]:
        self.own(slug)
        answer = self.client.post(f"/api/v1/events/{slug}/commands/seven-wonders.{what}",
                                  json=dict(fields),
                                  headers={"Authorization": f"Bearer {self.token}"})
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["command"] == f"seven-wonders.{what}" and body["event"] == slug
        assert body["stored"] == [] if fields.get("preview") else body["stored"]
        return body["answer"]


class Web(Surface):
    name = "web"

    def __init__(self, app: Any, accounts: AccountService) -> None:
        accounts.create_user("org", PASSWORD)
        self.accounts = accounts
        self.client = TestClient(app, follow_redirects=False)
        csrf = csrf_of(self.client.get("/login").text)
        self.client.post("/login", data={"username": "org", "password": PASSWORD,
                                         "csrf_token": csrf})

    def run(self, what: str, slug: str, fields: Mapping[str, Any]) -> dict[str, Any]:
        self.accounts.grant(slug, "org", "owner", "setup")
        name = f"seven-wonders.{what}"
        form = self.client.get(f"/manage/{slug}/do/{name}")
        assert form.status_code == 200 and f'action="/manage/{slug}/do/{name}"' in form.text
        data = {"csrf_token": csrf_of(form.text)}
        files = {}
        for key, value in as_text(what, fields).items():
            if isinstance(value, dict):
                files[key] = (value["name"], value["text"].encode("utf-8"), "text/csv")
            else:
                data[key] = value
        answer = self.client.post(f"/manage/{slug}/do/{name}", data=data,
                                  files=files or None)
        if fields.get("preview"):
            assert answer.status_code == 200 and "Nothing is stored" in answer.text
        else:
            assert answer.status_code == 303, answer.text
            assert answer.headers["location"] == f"/manage/{slug}"
        return {}


@pytest.fixture(params=["cli", "api", "web"])
def surface_on(request: pytest.FixtureRequest, tmp_path: Path,
               monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A function giving the surface over a copy of a built year."""
    made: list[Any] = []

    def on(db: Path) -> Surface:
        if request.param == "cli":
            from podium.cli import main

            monkeypatch.setattr(main.console, "width", 140)
            surface: Surface = Cli(db, tmp_path)
        else:
            app, accounts = web_app(db, monkeypatch)
            surface = (Api if request.param == "api" else Web)(app, accounts)
        made.append(surface)
        return surface

    yield on


def test_the_year_commands_answer_on_every_surface(surface_on, one_season: Path,
                                                   two_seasons: Path, tmp_path: Path) -> None:
    # the starting season (rules W7-4, W7-5) on a new year
    db = copy_of(one_season, tmp_path)
    service = service_on(db)
    service.create_event("fresh", "Fresh year", "series", {}, "setup", 1)
    surface = surface_on(db)
    answer = surface.run("start-year", "fresh", {"season": "f0", "signups": {
        "name": "signups.csv", "text": SIGNUPS}})
    assert len(league_players(service, "f0")) == 28
    assert surface.name == "web" or answer["leagues"][0]["players"][0] == "N03"
    # the next season's preview, the survival battles, the next season (rules W7-6 .. W7-15)
    preview = surface.run("next-season", YEAR, {"previous": "y-s0", "newcomer": NEWCOMERS,
                                                "preview": True})
    assert surface.name == "web" or (preview["free"] == 8 and len(preview["survival"]) == 12)
    surface.run("survival-draw", YEAR, {"newcomer": NEWCOMERS, "premium": ["Dan"],
                                        "rating": {"Ann": 2000, "Bob": 1900}})
    state = service.load("y-s0").state
    matches = [[state.players[p].name for p in m]
               for m in survival_rules.book_of(state).matches]
    assert len(matches) == 2
    for number, players in enumerate(matches, start=1):
        order = [players[0], [players[1], players[2]], *players[3:]]
        game = surface.run("survival-game", YEAR, {"match": number, "order": order})
        assert surface.name == "web" or game["match"] == number
    # the 2nds' play-off entered as its game, a tie at the bottom (rules W7-6, W7-30)
    seconds = service.run_command(NextSeasonCommand(YEAR, "y-s0", newcomers=tuple(NEWCOMERS),
                                                preview=True), "org").value.playoffs[2]
    played = surface.run("playoff-game", YEAR, {"place": 2, "order": [
        seconds[0], seconds[1], [seconds[2], seconds[3]]]})
    assert surface.name == "web" or played["groups"][2] == sorted(seconds[2:])
    assert 2 in playoff_rules.book_of(service.load("y-s0").state).games
    surface.run("next-season", YEAR, {"previous": "y-s0", "season": "y-s1", **DECIDED})
    assert len(league_players(service, "y-s1")) == 28
    # the Legendary League (rules W7-31 .. W7-34), on a year of two complete seasons
    db = copy_of(two_seasons, tmp_path, "two.db")
    service = service_on(db)
    surface = surface_on(db)
    surface.run("legendary-select", YEAR, {"preview": True})
    surface.run("legendary-select", YEAR, {})
    from podium.formats.seven_wonders import legendary_rules

    state = service.load("y-s1").state
    picks = [state.players[p].name
             for p in legendary_rules.book_of(state).selection.players]
    for name in picks:
        league = surface.run("legendary-answer", YEAR, {"player": name, "answer": "accept"})
    assert surface.name == "web" or league["next"] == picks
    surface.run("legendary-game", YEAR, {"order": picks})
    final = legendary_rules.book_of(service.load("y-s1").state).games
    assert len(final) == 1


def test_the_pages_offer_the_year_forms(one_season: Path, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # the series' page lists the year's forms that apply; a new series the starting season's
    app, accounts = web_app(copy_of(one_season, tmp_path), monkeypatch)
    web = Web(app, accounts)
    accounts.grant(YEAR, "org", "owner", "setup")
    page = web.client.get(f"/manage/{YEAR}").text
    for name in ("next-season", "survival-draw", "legendary-select"):
        assert f'href="/manage/{YEAR}/do/seven-wonders.{name}"' in page
    assert f"/manage/{YEAR}/do/seven-wonders.playoff-game" in page  # rule W7-6
    assert "seven-wonders.start-year" not in page
    app.state.web.events.create_event("fresh", "Fresh", "series", {}, "setup", 1)
    accounts.grant("fresh", "org", "owner", "setup")
    assert "do/seven-wonders.start-year" in web.client.get("/manage/fresh").text
    # a refused field is named next to it, what was typed kept, nothing stored
    form = web.client.get(f"/manage/{YEAR}/do/seven-wonders.survival-draw")
    before = everything(app.state.web.events)
    answer = web.client.post(f"/manage/{YEAR}/do/seven-wonders.survival-draw", data={
        "csrf_token": csrf_of(form.text), "newcomer": "Ann, Bob", "rating": "Ann=lots"})
    assert answer.status_code == 422 and 'id="f-seven-wonders-survival-draw-rating-error"' in \
        answer.text
    # what was typed is shown again in the table of ratings: the name and its value
    assert 'name="rating.name" value="Ann"' in answer.text
    assert 'name="rating.value" value="lots"' in answer.text
    assert everything(app.state.web.events) == before


def test_the_api_documents_every_year_command(one_season: Path, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    app, _accounts = web_app(copy_of(one_season, tmp_path), monkeypatch)
    paths = TestClient(app).get("/openapi.json").json()["paths"]
    for what in ("start-year", "next-season", "playoff-game", "survival-draw",
                 "survival-game", "legendary-select", "legendary-answer", "legendary-game"):
        path = f"/api/v1/events/{{slug}}/commands/seven-wonders.{what}"
        assert path in paths, path
        body = paths[path]["post"]["requestBody"]["content"]["application/json"]["schema"]
        assert "lang" not in body["properties"]  # the command line's own field


def test_the_command_line_names_the_option(podium: Podium, one_season: Path,
                                           tmp_path: Path) -> None:
    cli = Podium(copy_of(one_season, tmp_path))
    before = everything(service_on(cli.db))
    message = cli.error("sw", "survival-draw", YEAR, "--newcomer", "Ann", "--rating", "Ann=x",
                        code=2)
    assert message.startswith("Error: --rating:")
    message = cli.error("sw", "next-season", YEAR, "nope", "s1", code=3)
    assert "PREVIOUS: nope is not a season of the year" in message
    assert everything(service_on(cli.db)) == before


# -- bad input to each field ---------------------------------------------------------------------
def signups(text: str = SIGNUPS) -> dict[str, str]:
    return {"name": "s.csv", "text": text}


START = {"season": "f0", "signups": signups()}
BAD = [  # command, its fields, the field named
    ("start-year", {**START, "season": "Bad Id!"}, "season"),
    ("start-year", {**START, "season": ""}, "season"),
    ("start-year", {**START, "signups": signups("name,rating\nAnn,lots\n")}, "signups"),
    ("start-year", {**START, "signups": {"name": "s.csv"}}, "signups"),
    ("start-year", {**START, "signups": signups("name,rating\nAnn,1\n")}, "signups"),
    ("start-year", {**START, "name": "x" * 201}, "name"),
    ("start-year", {**START, "seed": -1}, "seed"),
    ("start-year", {**START, "settings": {"titans_points": "many"}}, "settings"),
    ("start-year", {**START, "preview": "perhaps"}, "preview"),
    ("start-year", {**START, "lang": "fr"}, "lang"),
    ("next-season", {"previous": "nope"}, "previous"),
    ("next-season", {"previous": "y-s0", "season": "Bad Id!"}, "season"),
    ("next-season", {"previous": "y-s0", "season": "s1", "name": "x" * 201}, "name"),
    ("next-season", {"previous": "y-s0", "newcomer": ["Player 01"]}, "newcomer"),
    ("next-season", {"previous": "y-s0", "newcomer": ["Ann"], "survivor": ["Nobody"]},
     "survivor"),
    ("next-season", {"previous": "y-s0", "leaving": ["Nobody"]}, "leaving"),
    ("next-season", {"previous": "y-s0", "playoff": "second: Ann"}, "playoff"),
    ("next-season", {"previous": "y-s0", "swap": "Ann"}, "swap"),
    ("next-season", {"previous": "y-s0", "reason": "\x00"}, "reason"),
    ("next-season", {"previous": "y-s0", "seed": "x"}, "seed"),
    ("next-season", {"previous": "y-s0", "season": "s1", "settings": {"start": "soon"}},
     "settings"),
    ("next-season", {"previous": "y-s0", "preview": 3}, "preview"),
    ("next-season", {"previous": "y-s0", "lang": "fr"}, "lang"),
    ("survival-draw", {"newcomer": ["#x"]}, "newcomer"),
    ("survival-draw", {"newcomer": NEWCOMERS, "leaving": ["Nobody"]}, "leaving"),
    ("survival-draw", {"newcomer": NEWCOMERS, "rating": {"Ann": "lots"}}, "rating"),
    ("survival-draw", {"newcomer": NEWCOMERS, "rating": {"Nobody": 1}}, "rating"),
    ("survival-draw", {"newcomer": NEWCOMERS, "premium": ["Nobody"]}, "premium"),
    ("survival-draw", {"newcomer": NEWCOMERS, "format": "9/9"}, "format"),
    ("survival-draw", {"newcomer": NEWCOMERS, "format": "6/4, 5/4"}, "format"),
    ("survival-draw", {"newcomer": NEWCOMERS, "match": [["Nobody"]], "reason": "r"},
     "match"),
    ("survival-draw", {"newcomer": NEWCOMERS, "reason": "x" * 501}, "reason"),
    ("survival-draw", {"newcomer": NEWCOMERS, "seed": "x"}, "seed"),
    ("survival-draw", {"newcomer": NEWCOMERS, "preview": "perhaps"}, "preview"),
    ("survival-draw", {"newcomer": NEWCOMERS, "lang": "fr"}, "lang"),
    ("next-season", {"previous": "y-s0", "rating": {"Ann": "lots"}}, "rating"),
    ("next-season", {"previous": "y-s0", "newcomer_order": ["#x"]}, "newcomer_order"),
    ("next-season", {"previous": "y-s0", "playoff": {"2": [["Ann", 3]]}}, "playoff"),
    ("playoff-game", {"place": 9, "order": ["Ann", "Bob"]}, "place"),
    ("playoff-game", {"place": 3, "order": ["Ann", "Bob"]}, "place"),
    ("playoff-game", {"place": 2, "order": ["Nobody", "Ann"]}, "order"),
    ("playoff-game", {"place": 2}, "order"),
    ("playoff-game", {"place": 2, "order": ["Ann", "Bob"], "leaving": ["Nobody"]},
     "leaving"),
    ("playoff-game", {"place": 2, "order": ["Ann", "Bob"], "lang": "fr"}, "lang"),
    ("legendary-answer", {"player": "Ann", "answer": "accept"}, "player"),
    ("legendary-select", {"on": "fresh"}, "event"),  # a year without a season
    ("next-season", {"on": "fresh", "previous": "y-s0"}, "previous"),
]
DRAWN = [  # once the survival battles are drawn
    ("survival-game", {"match": 9}, "match"),
    ("survival-game", {"match": "one"}, "match"),
    ("survival-game", {"match": 1, "order": ["Ann", "Nobody"]}, "order"),
    ("survival-game", {"match": 1, "order": ["Ann", "Bob"]}, "order"),
    ("survival-game", {"match": 1, "unfinished": "perhaps"}, "unfinished"),
    ("survival-game", {"match": 1, "kicker": "Nobody"}, "kicker"),
    ("survival-game", {"match": 1, "unfinished": True, "negative_time": ["Nobody"]},
     "negative_time"),
    ("survival-game", {"match": 1, "unfinished": True, "deepest": "Nobody"}, "deepest"),
    ("survival-game", {"match": 1, "roll": {"Ann": 0}}, "roll"),
    ("survival-game", {"match": 1, "lang": "fr"}, "lang"),
]
SELECTED = [  # on a year of two seasons
    ("legendary-select", {"declined": ["Nobody"]}, "declined"),
    ("legendary-select", {"seed": -2}, "seed"),
    ("legendary-select", {"preview": "perhaps"}, "preview"),
    ("legendary-select", {"lang": "fr"}, "lang"),
    ("legendary-select", {"roll": {"Player 01": 7}}, "roll"),  # a d6 (rule W7-33 (6))
    ("legendary-select", {"roll": {"Player 01": 3}}, "roll"),  # in no tie of the die
    ("legendary-select", {"podium_rolls": "perhaps"}, "podium_rolls"),
    ("legendary-answer", {"player": "Nobody", "answer": "accept"}, "player"),
    ("legendary-answer", {"player": "Player 01", "answer": "perhaps"}, "answer"),
    ("legendary-answer", {"player": "Player 01"}, "answer"),
    ("legendary-answer", {"player": "Player 01", "answer": "accept", "lang": "fr"}, "lang"),
    ("legendary-game", {"order": ["Player 01", "Nobody", "Player 02"]}, "order"),
    ("legendary-game", {}, "order"),
    ("legendary-game", {"order": [["Player 01"]], "lang": "fr"}, "lang"),
]


def _case(row: tuple[str, dict[str, Any], str]) -> Any:
    what, fields, field = row
    return pytest.param(what, fields, field, id=f"{what}-{field}-{len(json.dumps(fields))}")


@pytest.mark.parametrize(("what", "fields", "field"), [_case(r) for r in BAD])
def test_bad_input_is_refused_naming_the_field(one_season: Path, tmp_path: Path, what: str,
                                               fields: dict[str, Any], field: str) -> None:
    service = service_on(copy_of(one_season, tmp_path))
    service.create_event("fresh", "Fresh", "series", {}, "setup", 1)
    fields = dict(fields)
    slug = fields.pop("on", "fresh" if what == "start-year" else YEAR)
    error = refused(service, what, fields, slug, surface=CLI)
    assert field in fields_of(error), (error.field, str(error))
    assert error.code and error.code not in ("invalid", "conflict", "not_found")


@pytest.mark.parametrize(("what", "fields", "field"), [_case(r) for r in DRAWN])
def test_bad_battle_input_is_refused_naming_the_field(one_season: Path, tmp_path: Path,
                                                      what: str, fields: dict[str, Any],
                                                      field: str) -> None:
    service = service_on(copy_of(one_season, tmp_path))
    invoke(service, "survival-draw", {"newcomer": NEWCOMERS})
    error = refused(service, what, fields, surface=CLI)
    assert field in fields_of(error), (error.field, str(error))
    assert error.code and error.code not in ("invalid", "conflict", "not_found")


@pytest.mark.parametrize(("what", "fields", "field"), [_case(r) for r in SELECTED])
def test_bad_legendary_input_is_refused_naming_the_field(two_seasons: Path, tmp_path: Path,
                                                         what: str, fields: dict[str, Any],
                                                         field: str) -> None:
    service = service_on(copy_of(two_seasons, tmp_path))
    if what != "legendary-select":
        invoke(service, "legendary-select", {})
    error = refused(service, what, fields, surface=CLI)
    assert field in fields_of(error), (error.field, str(error))
    assert error.code and error.code not in ("invalid", "conflict", "not_found")


def test_a_season_event_is_not_a_year(one_season: Path, tmp_path: Path) -> None:
    # the year's commands run on a series; on a season the catalog refuses them
    service = service_on(copy_of(one_season, tmp_path))
    error = refused(service, "legendary-select", {}, slug="y-s0")
    assert error.code == "format.other"
    error = refused(service, "survival-draw", {"newcomer": ["Ann"]}, slug="y-s0")
    assert error.code == "format.other"


def test_the_next_season_form_offers_the_organisers_decisions(
        one_season: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # rules W7-6, W7-26 (4), W7-30: the form draws a die roll per player (a table of names and
    # values), the switches "podium rolls" and "decide the unplayed play-offs" and the reason;
    # sent without the play-offs played, it is refused next to the play-offs' field
    app, accounts = web_app(copy_of(one_season, tmp_path), monkeypatch)
    web = Web(app, accounts)
    accounts.grant(YEAR, "org", "owner", "setup")
    form = web.client.get(f"/manage/{YEAR}/do/seven-wonders.next-season")
    for name in ("roll.name", "roll.value", "podium_rolls", "decide_playoffs",
                 "playoff_reason", "premium"):
        assert f'name="{name}"' in form.text, name
    before = everything(app.state.web.events)
    answer = web.client.post(f"/manage/{YEAR}/do/seven-wonders.next-season", data={
        "csrf_token": csrf_of(form.text), "previous": "y-s0", "season": "y-s1"})
    assert answer.status_code in (409, 422)
    assert 'id="f-seven-wonders-next-season-playoff-error"' in answer.text
    assert "play-off matches are still due" in answer.text
    assert everything(app.state.web.events) == before
