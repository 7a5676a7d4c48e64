"""Every marathon command (regulation MJ) on the three surfaces: the command line (``podium
mahjong-marathon <command>`` and the spelling people know), the API (``POST
/api/v1/events/{slug}/commands/mahjong-marathon.<command>``) and the organiser's form. The same
input stores the same actions on each; bad input to any field is a refusal naming that field,
and nothing is stored."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from podium.compose import build_catalog
from podium.core import inputs
from podium.core.commands import API, CLI, WEB, CommandSpec
from podium.formats.mahjong_marathon.commands import MarathonService
from tests.cli.conftest import Podium
from tests.formats.mahjong_marathon.conftest import CSV_HEADER, GAME1, field_error
from tests.web.conftest import Site, csrf_of

CATALOG = build_catalog()
PREFIX = "mahjong-marathon."
GAMES = CSV_HEADER + "g3,RU-Marathon-2,2015-03-03T12:00:00Z,Anna,16,Boris,8,Egor,0,Fedor,-24\n"


@dataclass
class Input:
    """One command's good input on each surface (texts; the API's JSON), and the spelling
    people know on the command line."""

    cli: dict[str, str | list[str]]
    api: dict[str, Any]
    web: dict[str, str]
    spelling: tuple[str, ...]
    files: dict[str, str] = field(default_factory=dict)  # a file field: its text


GOOD: dict[str, Input] = {
    "import-games": Input({"zone": "server"}, {"zone": "server"}, {"zone": "server"},
                          ("games", "import"), {"file": GAMES}),
    "add-game": Input(
        {"id": "g9", "table": "RU-Marathon-1", "start": "2015-03-04 12:00",
         "players": ["Anna=30", "Boris=25", "Clara=0", "Dmitri=-55"]},
        {"id": "g9", "table": "RU-Marathon-1", "start": "2015-03-04 12:00",
         "players": {"Anna": 30, "Boris": 25, "Clara": 0, "Dmitri": -55}},
        {"id": "g9", "table": "RU-Marathon-1", "start": "2015-03-04 12:00", "zone": "server",
         "player1": "Anna", "gp1": "30", "player2": "Boris", "gp2": "25",
         "player3": "Clara", "gp3": "0", "player4": "Dmitri", "gp4": "-55"},
        ("games", "add")),
    "penalty": Input(
        {"player": "Boris", "kind": "6c", "amount": "1", "stage": "1", "reason": "rude"},
        {"player": "Boris", "kind": "6c", "amount": 1, "stage": 1, "reason": "rude"},
        {"player": "Boris", "kind": "6c", "amount": "1", "stage": "1", "reason": "rude"},
        ("penalty",)),
    "disqualify-game": Input(
        {"game": "g2", "ground": "left", "reason": "two left"},
        {"game": "g2", "ground": "left", "reason": "two left"},
        {"game": "g2", "ground": "left", "reason": "two left"}, ("disqualify", "game")),
    "disqualify-player": Input(
        {"player": "Clara", "from": "2015-03-02", "until": "2015-03-05", "reason": "cheat"},
        {"player": "Clara", "from": "2015-03-02", "until": "2015-03-05", "reason": "cheat"},
        {"player": "Clara", "from": "2015-03-02", "until": "2015-03-05", "zone": "",
         "reason": "cheat"}, ("disqualify", "player")),
    "revert": Input({"seq": "{seq}", "reason": "appeal"}, {"seq": "{seq}", "reason": "appeal"},
                    {"seq": "{seq}", "reason": "appeal"}, ("revert",)),
    "publish": Input({"reason": "weekly"}, {"reason": "weekly"}, {"reason": "weekly"},
                     ("publish",)),
}


def spec(command: str) -> CommandSpec:
    return CATALOG.find(PREFIX + command)


def test_every_command_of_the_format_is_here() -> None:
    assert {s.name for s in CATALOG.declared_by("mahjong-marathon")} == {
        PREFIX + c for c in GOOD}


# the three surfaces on one database ----------------------------------------------------------
@dataclass
class Surfaces:
    site: Site
    podium: Podium
    tmp: Path
    values: dict[str, dict[str, Any]] = field(default_factory=dict)

    def event(self, slug: str) -> dict[str, Any]:
        """A marathon with games g1, g2 (stage 1) and a 6a penalty to revert (rule MJ-6a)."""
        site = self.site
        site.events.create_event(slug, "MJ", "mahjong-marathon", {}, "setup", seed=5)
        site.accounts.grant(slug, "owner", "owner", "setup")
        service = MarathonService.sharing(site.events)
        service.add_game(slug, "g1", "RU-Marathon-1", "2015-03-01 12:00", "server", GAME1,
                         "setup")
        service.add_game(slug, "g2", "RU-Marathon-1", "2015-03-02 12:00", "server",
                         [("Anna", 10), ("Clara", 5), ("Dmitri", 0), ("Egor", -15)], "setup")
        seq = service.penalty(slug, "6a", "Anna", 5, "late", "setup", game="g1")
        self.values[slug] = {"seq": seq}
        return self.values[slug]

    def length(self, slug: str) -> int:
        return len(self.site.events.log(slug))

    def new_actions(self, slug: str, before: int) -> list[tuple[str, Any, str]]:
        return [(a.kind, a.payload, a.reason) for a in self.site.events.log(slug)[before:]]

    def file(self, name: str, text: str) -> Path:
        path = self.tmp / name
        path.write_text(text, encoding="utf-8")
        return path

    # each surface: (status, what it said)
    def cli(self, command: str, slug: str, fields: dict[str, Any], files: dict[str, str],
            spelling: tuple[str, ...] | None = None, code: int | None = None
            ) -> tuple[int, str]:
        args = cli_args(spec(command), slug, fields, {k: str(self.file("games.csv", v))
                                                      for k, v in files.items()})
        path = list(spelling) if spelling else ["mahjong-marathon", command]
        result = self.podium(*path, *args, code=code if code is not None else 0)
        return result.exit_code, result.stdout + result.stderr

    def api(self, command: str, slug: str, body: dict[str, Any], files: dict[str, str]
            ) -> tuple[int, Any]:
        client = self.site.client()
        client.headers["Authorization"] = f"Bearer {self.site.accounts.create_token('owner')}"
        body = {**body, **{k: {"name": "games.csv", "text": v} for k, v in files.items()}}
        answer = client.post(f"/api/v1/events/{slug}/commands/{PREFIX}{command}", json=body)
        return answer.status_code, answer.json()

    def web(self, command: str, slug: str, data: dict[str, str], files: dict[str, str]
            ) -> tuple[int, str]:
        client = self.site.login("owner")
        csrf = csrf_of(client.get(f"/manage/{slug}").text)
        answer = client.post(f"/manage/{slug}/do/{PREFIX}{command}",
                             data={"csrf_token": csrf, **data},
                             files={k: ("games.csv", v.encode(), "text/csv")
                                    for k, v in files.items()} or None)
        if answer.status_code == 303:
            return 303, client.get(answer.headers["location"]).text
        return answer.status_code, answer.text


def cli_args(command: CommandSpec, slug: str, fields: dict[str, Any],
             files: dict[str, str]) -> list[str]:
    """The command line of ``fields``: the arguments in order, then the options."""
    given = {**fields, **files}
    args = [slug]
    options: list[str] = []
    for param in command.params_on(CLI):
        if param.name not in given:
            continue
        values = given[param.name]
        values = values if isinstance(values, list) else [values]
        if param.argument:
            args.extend(values)
        else:
            for value in values:
                options.extend([param.option, value])
    return args + options


@pytest.fixture
def surfaces(site: Site, tmp_path: Path) -> Surfaces:
    site.user("owner")
    return Surfaces(site, Podium(tmp_path / "web.db"), tmp_path)


def filled(value: Any, values: dict[str, Any]) -> Any:
    if isinstance(value, str):
        return value.format(**values)
    if isinstance(value, dict):
        return {k: filled(v, values) for k, v in value.items()}
    if isinstance(value, list):
        return [filled(v, values) for v in value]
    return value


def answer_fields(command: str) -> set[str]:
    """The fields of what a command answers: its declared type's (a typed answer)."""
    return {f.name for f in dataclasses.fields(spec(command).answers)}


def api_body(command: str, good: Input, values: dict[str, Any]) -> dict[str, Any]:
    body = filled(good.api, values)
    if command == "revert":
        body["seq"] = int(body["seq"])
    return body


@pytest.mark.parametrize("command", sorted(GOOD))
def test_each_command_answers_on_every_surface_with_the_same_actions(
        surfaces: Surfaces, command: str) -> None:
    good = GOOD[command]
    stored = {}
    for surface in ("cli", "spelling", "api", "web"):
        slug = f"mj-{surface}"
        values = surfaces.event(slug)
        before = surfaces.length(slug)
        if surface in ("cli", "spelling"):
            code, said = surfaces.cli(command, slug, filled(good.cli, values), good.files,
                                      good.spelling if surface == "spelling" else None)
            assert code == 0 and said.strip(), said
        elif surface == "api":
            status, answer = surfaces.api(command, slug, api_body(command, good, values),
                                          good.files)
            assert status == 200, answer
            assert answer["command"] == PREFIX + command and answer["said"]
            assert set(answer["answer"]) == answer_fields(command)
            assert answer["stored"]
        else:
            status, page = surfaces.web(command, slug, filled(good.web, values), good.files)
            assert status == 303, page
            assert 'class="flash"' in page  # what the command said
        stored[surface] = surfaces.new_actions(slug, before)
        assert stored[surface], f"{command} on {surface} stored nothing"
    assert stored["cli"] == stored["spelling"] == stored["api"] == stored["web"]


# bad input, field by field -----------------------------------------------------------------------
#: A bad value of each field, as typed (the API gets the same text, a file the JSON of one
#: without its text): what the field's input refuses, or what the rules refuse naming it.
BAD: dict[str, dict[str, str]] = {
    "import-games": {"file": "game_id,table\ng9,RU-Marathon-1\n", "zone": "Mars/Base"},
    "add-game": {"id": "\x07", "table": "Friendly-1", "start": "yesterday", "zone": "Nowhere",
                 "players": "Anna", "player1": "", "gp1": "lots", "player2": "Anna",
                 "gp2": "2.5", "player3": "x" * 101, "gp3": "", "player4": "Boris",
                 "gp4": "9999999999"},
    "penalty": {"player": "Nobody", "kind": "6d", "amount": "7", "stage": "99",
                "reason": ""},
    "disqualify-game": {"game": "nope", "ground": "bored", "reason": ""},
    "disqualify-player": {"player": "#x", "from": "2030-01-01", "until": "2015-02-01",
                          "zone": "Mars/Base", "reason": "x" * 501},
    "revert": {"seq": "9999", "reason": ""},
    "publish": {"reason": "x" * 501, "lang": "de", "out": "x" * 1001},
}
#: Fields whose bad value needs another field's help to show (a 6a penalty's game).
BAD_WITH = {("penalty", "game"): {"kind": "6a", "amount": "5", "game": "nope"},
            ("disqualify-player", "from"): {"from": "2030-01-01", "until": ""}}


def cases() -> list[tuple[str, str]]:
    out = []
    for command in sorted(GOOD):
        for param in spec(command).params:
            out.append((command, param.name))
    return out


@pytest.mark.parametrize(("command", "name"), cases())
def test_bad_input_to_each_field_names_it_and_stores_nothing(
        surfaces: Surfaces, command: str, name: str) -> None:
    good, param = GOOD[command], spec(command).param(name)
    assert param is not None
    slug = "mj"
    values = surfaces.event(slug)
    before = surfaces.length(slug)
    for surface in param.surfaces:
        changed = dict(BAD_WITH.get((command, name)) or {name: BAD[command][name]})
        if surface == CLI:
            fields = {**filled(good.cli, values), **changed}
            files = dict(good.files)
            if isinstance(param.input, inputs.File):
                files[name] = changed.pop(name)
                fields.pop(name, None)
            _code, said = surfaces.cli(command, slug, fields, files, code=_exit(command, name))
            where = f"{name.upper()}: " if param.argument else f"{param.option}: "
            assert where in _flat(said), said
        elif surface == API:
            body = api_body(command, good, values)
            files = dict(good.files)
            for key, value in changed.items():
                if isinstance(spec(command).param(key).input, inputs.File):
                    files[key] = value
                elif key != name and isinstance(body.get(key), int):
                    body[key] = int(value)  # a helping field in its JSON type
                else:
                    body[key] = value
            status, answer = surfaces.api(command, slug, body, files)
            assert status in (404, 409, 422), answer
            problems = answer.get("problems") or [answer]
            assert name in [p["field"] for p in problems], answer
        else:
            data = {**filled(good.web, values), **changed}
            files = dict(good.files)
            if isinstance(param.input, inputs.File):
                files[name] = data.pop(name)
            status, page = surfaces.web(command, slug, data, files)
            assert status in (404, 409, 422), page[:300]
            assert field_error(page, name), f"{name} not named next to it on {surface}"
        assert surfaces.length(slug) == before, f"{surface} stored something"


def _exit(command: str, name: str) -> int:
    """The exit code of the refusal: 3 for something that does not exist (a game, a stage,
    a decision), 2 for bad input."""
    return 3 if (command, name) in {("disqualify-game", "game"), ("penalty", "stage"),
                                    ("revert", "seq"), ("penalty", "game")} else 2


def _flat(text: str) -> str:
    return " ".join(re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", text).split())


def test_the_api_documents_every_command(site: Site) -> None:
    """``/openapi.json``: each command's body (its fields on the API) and answer."""
    document = site.client().get("/openapi.json").json()
    for command in GOOD:
        path = f"/api/v1/events/{{slug}}/commands/{PREFIX}{command}"
        operation = document["paths"][path]["post"]
        body = operation["requestBody"]["content"]["application/json"]["schema"]
        assert set(body["properties"]) == {p.name for p in spec(command).params_on(API)}
        done = operation["responses"]["200"]["content"]["application/json"]["schema"]
        answer = schema_of(document, schema_of(document, done)["properties"]["answer"])
        assert set(answer["properties"]) == answer_fields(command)


def schema_of(document: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """A schema, its ``$ref`` followed into the document's components."""
    ref = schema.get("$ref")
    return document["components"]["schemas"][ref.rpartition("/")[2]] if ref else schema


def test_the_command_line_lists_every_command_with_its_fields(surfaces: Surfaces) -> None:
    listed = surfaces.podium.out("mahjong-marathon", "--help")
    for command in GOOD:
        assert command in listed
        text = _flat(surfaces.podium.out("mahjong-marathon", command, "--help"))
        for param in spec(command).params_on(CLI):
            assert (param.name.upper() if param.argument else param.option) in text
        spelled = _flat(surfaces.podium.out(*GOOD[command].spelling, "--help"))
        assert spelled.split("Options:")[1] == text.split("Options:")[1]


def test_the_web_only_and_cli_only_fields_stay_on_their_surface() -> None:
    """A game's seats are typed one by one on a page and as NAME=GP elsewhere; where the
    published tables are written is for the command line only."""
    add = spec("add-game")
    assert {p.name for p in add.params_on(WEB)} >= {"player1", "gp4"}
    assert "players" not in {p.name for p in add.params_on(WEB)}
    assert {p.name for p in spec("publish").params_on(API)} == {"reason"}
