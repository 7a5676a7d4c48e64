"""The bad-input corpus: every case is something a person (or a broken file, or a hostile
client) can send, through the CLI, event files, player CSVs, marathon files, the API and the web
forms. Each must be refused with a clear message that names what was wrong, never a Python
exception's text, with the exit code or HTTP status that fits, and nothing stored. The corpus
runs on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from podium.cli.main import cli
from podium.compose import web_app as create_app
from podium.service.accounts import OWNER, AccountService
from podium.service.events import EventService
from podium.service.transfer import dumps, export_document
from podium.store.db import Database
from podium.store.models import ActionRow, EventRow, PlayerCodeRow, SelfReportRow
from tests.store.conftest import BACKENDS

PASSWORD = "correct horse"
# What never belongs in a message for a person: Python's own words.
PYTHON = re.compile(r"Traceback|TypeError|KeyError|AttributeError|ValueError|IndexError|"
                    r"object is not|NoneType|not subscriptable|unhashable|sqlalchemy|psycopg")
NUL = "\x00"
ESC = "\x1b[31m"
ZW = "\u200b" * 80


@dataclass
class Site:
    db: Database
    url: str
    events: EventService
    client: TestClient
    token: str
    csrf: str
    tmp: Path

    def fingerprint(self) -> tuple[int, ...]:
        with self.db.session(readonly=True) as session:
            return tuple(session.scalar(select(func.count()).select_from(table))
                         for table in (EventRow, ActionRow, SelfReportRow, PlayerCodeRow))

    # channels ---------------------------------------------------------------------------------
    def cli(self, *args: str, stdin: str | None = None) -> tuple[int, str]:
        result = CliRunner().invoke(cli, ["--db", self.url, "--actor", "corpus", *args],
                                    input=stdin)
        return result.exit_code, result.output + (result.stderr if result.stderr_bytes else "")

    def api(self, method: str, path: str, body: Any = None) -> tuple[int, str]:
        answer = self.client.request(method, f"/api/v1{path}", json=body,
                                     headers={"Authorization": f"Bearer {self.token}"})
        return answer.status_code, answer.text

    def raw(self, path: str, text: str, kind: str = "application/json") -> tuple[int, str]:
        """``text`` sent as the body as it is, of type ``kind``."""
        answer = self.client.post(f"/api/v1{path}", content=text.encode(), headers={
            "Authorization": f"Bearer {self.token}", "Content-Type": kind})
        return answer.status_code, answer.text

    def command(self, slug: str, name: str, body: Any) -> tuple[int, str]:
        """A declared command on the API (``POST /api/v1/events/{slug}/commands/{name}``)."""
        return self.api("POST", f"/events/{slug}/commands/{name}", body)

    def form(self, path: str, data: dict[str, str], files: Any = None) -> tuple[int, str]:
        answer = self.client.post(path, data={"csrf_token": self.csrf, **data}, files=files)
        return answer.status_code, answer.text

    def file(self, name: str, content: bytes | str) -> str:
        path = self.tmp / name
        if isinstance(content, str):
            content = content.encode()
        path.write_bytes(content)
        return str(path)


@pytest.fixture(scope="module", params=BACKENDS)
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
         ) -> Iterator[Site]:
    """One database per backend with three events: ``cup`` (Commander, round 1 paired),
    ``brk`` (Berserk, split and paired) and ``mj`` (a marathon with games)."""
    tmp = tmp_path_factory.mktemp("corpus")
    if request.param == "sqlite":
        url = f"sqlite:///{tmp / 'corpus.db'}"
        cleanup: Callable[[], None] = lambda: None  # noqa: E731
    else:
        import uuid

        from sqlalchemy import create_engine
        from sqlalchemy.engine import make_url
        from sqlalchemy.pool import NullPool

        base = request.getfixturevalue("postgres_url")
        schema = f"podium_corpus_{uuid.uuid4().hex}"
        admin = create_engine(base, poolclass=NullPool)
        with admin.begin() as connection:
            connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
        url = make_url(base).update_query_dict(
            {"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)

        def cleanup() -> None:
            with admin.begin() as connection:
                connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
            admin.dispose()

    db = Database(url)
    events = EventService(db)
    names = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Fedor", "Zoya"]
    events.create_event("cup", "Cup", "commander", {}, "setup", seed=1)
    events.add_players("cup", names, "setup")
    events.pair_round("cup", "setup")
    events.create_event("brk", "Brk", "berserk", {"rounds": 3}, "setup", seed=2)
    events.add_players("brk", names, "setup")
    from podium.formats.berserk.commands import split_tables

    split_tables(events, "brk", "setup", 1)
    events.pair_round("brk", "setup")
    from podium.formats.mahjong_marathon.commands import MarathonService
    from podium.formats.mahjong_marathon.files import read_csv

    events.create_event("mj", "Mj", "mahjong-marathon", {}, "setup", seed=3)
    MarathonService.sharing(events).ingest("mj", read_csv(
        (MJ_HEADER + "g1,RU-Marathon-1,2015-03-01T12:00:00+00:00,A,16,B,8,C,0,D,-24\n")
        .encode(), "America/Los_Angeles"), "setup")
    accounts = AccountService(db)
    accounts.create_user("owner", PASSWORD)
    for slug in ("cup", "brk", "mj"):
        accounts.grant(slug, "owner", OWNER, "setup")
    token = accounts.create_token("owner")
    client = TestClient(create_app(db), follow_redirects=False)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/login").text).group(1)
    assert client.post("/login", data={"username": "owner", "password": PASSWORD,
                                       "csrf_token": csrf}).status_code == 303
    csrf = re.search(r'name="csrf_token" value="([^"]+)"',
                     client.get("/manage/cup").text).group(1)
    yield Site(db, url, events, client, token, csrf, tmp)
    db.dispose()
    cleanup()


MJ_HEADER = "game_id,table,start,player1,gp1,player2,gp2,player3,gp3,player4,gp4\n"


def event_file(site: Site, change: Callable[[dict[str, Any]], None]) -> str:
    """The file of event ``cup`` with one thing broken, as a path."""
    document = json.loads(dumps(export_document(site.events, "cup")))
    document["event"]["slug"] = "broken"
    change(document)
    return site.file("broken.json", json.dumps(document))


def act(document: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(a for a in document["actions"] if a["kind"] == kind)


# The corpus: (id, channel, what, expected code or status) -----------------------------------------
CASES: list[tuple[str, str, Callable[[Site], tuple[int, str]], int]] = []


def case(name: str, expect: int) -> Callable[[Callable[[Site], tuple[int, str]]], None]:
    def add(call: Callable[[Site], tuple[int, str]]) -> None:
        CASES.append((name, name.split(":")[0], call, expect))
    return add


BAD_NAMES = {
    "empty": "", "spaces": "   ", "nul": f"An{NUL}na", "escape": f"{ESC}Anna",
    "zero-width": ZW, "hash": "#5", "too long": "x" * 81, "duplicate": "Anna",
    "duplicate in another case": "ANNA", "bell": "Ann\x07a", "only a direction mark": "\u202e",
}
for label, bad in BAD_NAMES.items():
    case(f"cli: player add {label}", 2)(lambda s, b=bad: s.cli("player", "add", "cup", b))
    case(f"api: player add {label}", 422)(
        lambda s, b=bad: s.command("cup", "player.add", {"names": [b]}))
    case(f"form: player add {label}", 422)(
        lambda s, b=bad: s.form("/manage/cup/players", {"names": b if b.strip() else b + "\n"}))
    if label != "empty":  # an empty line of a CSV is skipped, not an error
        case(f"csv: player import {label}", 2)(
            lambda s, b=bad: s.cli("player", "import", "cup",
                                   s.file("p.csv", f"name\nNew One\n{b}\n".encode())))

for label, reason in {"nul": f"left{NUL}", "escape": f"{ESC}left", "too long": "x" * 2001}.items():
    case(f"cli: drop reason {label}", 2)(
        lambda s, r=reason: s.cli("player", "drop", "cup", "Anna", "--reason", r))
    case(f"api: drop reason {label}", 422)(
        lambda s, r=reason: s.command("cup", "player.drop", {"player": 1, "reason": r}))
    case(f"cli: settings reason {label}", 2)(
        lambda s, r=reason: s.cli("event", "set", "cup", "win_points=4", "--reason", r))

BAD_SETTINGS = [
    ("commander", "win_points=1e100000"), ("commander", "win_points=abc"),
    ("commander", "win_points=-1"), ("commander", "win_points=10000000"),
    ("commander", "pod_size=8"), ("commander", "pod_size=1"), ("commander", "pod_size=four"),
    ("commander", "rounds=0"), ("commander", "rounds=101"), ("commander", "rounds=3"),
    ("commander", "nope=1"), ("commander", "final_size=1"),
    ("commander", "tiebreakers=foo"), ("commander", "tiebreakers=random,random"),
    ("commander", "bye_policy=x"), ("commander", "final_seating=sideways"),
    ("berserk", "max_table=30"), ("berserk", "min_table=20"), ("berserk", "top_size=1"),
    ("berserk", "top_seeding=best"), ("berserk", "tables=0"),
    ("mahjong-marathon", "stages=2015-03-01..2015-02-01"),
    ("mahjong-marathon", "server_timezone=Mars/Base"), ("mahjong-marathon", "table_pattern=("),
    ("mahjong-marathon", "place_points=1,2"), ("mahjong-marathon", "series_length=0"),
    ("mahjong-marathon", "window_timezone=Nowhere"),
]
for fmt, setting in BAD_SETTINGS:
    case(f"cli: create {fmt} {setting}", 2)(
        lambda s, f=fmt, x=setting: s.cli("event", "create", "new", "--format", f, "--set", x))
for fmt, setting in BAD_SETTINGS[::3]:
    key, _, value = setting.partition("=")
    case(f"api: create {fmt} {setting}", 422)(
        lambda s, f=fmt, k=key, v=value: s.api("POST", "/commands/event.create", {
            "slug": "new", "format": f, "settings": {k: v}}))

for label, slug in {"capitals": "Cup2", "space": "cup 2", "long": "c" * 65, "path": "../x",
                    "empty": "", "cyrillic": "кубок"}.items():
    case(f"cli: create slug {label}", 2)(lambda s, x=slug: s.cli("event", "create", x))
case("cli: create name nul", 2)(lambda s: s.cli("event", "create", "new", "--name", f"C{NUL}"))
case("cli: create name escape", 2)(lambda s: s.cli("event", "create", "new", "--name", ESC))
case("cli: create format unknown", 2)(
    lambda s: s.cli("event", "create", "new", "--format", "chess"))
case("cli: create seed negative", 2)(lambda s: s.cli("event", "create", "new", "--seed", "-1"))
case("cli: create taken slug", 4)(lambda s: s.cli("event", "create", "cup"))
case("api: create name nul", 422)(
    lambda s: s.api("POST", "/commands/event.create", {"slug": "new", "name": f"C{NUL}up"}))
case("api: create unknown field", 422)(
    lambda s: s.api("POST", "/commands/event.create", {"slug": "new", "bogus": 1}))
case("api: create settings not object", 422)(
    lambda s: s.api("POST", "/commands/event.create", {"slug": "new", "settings": [1, 2]}))
case("form: create slug path", 422)(
    lambda s: s.form("/manage/new", {"slug": "../x", "name": "X", "format": "commander"}))
case("form: create name nul", 422)(
    lambda s: s.form("/manage/new", {"slug": "newer", "name": f"X{NUL}", "format": "commander"}))
case("form: create seed text", 422)(
    lambda s: s.form("/manage/new", {"slug": "newer", "format": "commander", "seed": "ten"}))
case("form: settings pod_size text", 422)(
    lambda s: s.form("/manage/cup/settings", {"set_pod_size": "four"}))
case("api: settings unknown", 422)(
    lambda s: s.command("cup", "event.settings", {"settings": {"nope": 1}}))
case("api: settings rounds 3 without the override", 422)(
    lambda s: s.command("cup", "event.settings", {"settings": {"rounds": 3}}))

BAD_ENTRIES: dict[str, Any] = {
    "winner not seated": {"winner": 999},
    "two winners": {"winner": [1, 2]},
    "eliminated a number": {"winner": 1, "eliminated": 5},
    "eliminated text": {"winner": 1, "eliminated": "x"},
    "eliminated fraction": {"winner": 1, "eliminated": [1.5]},
    "eliminated deep": {"winner": 1, "eliminated": [[[1]]]},
    "group of one": {"winner": 1, "eliminated": [[2]]},
    "one survivor": {"draw": True, "survivors": [1], "eliminated": []},
    "draw and winner": {"draw": True, "winner": 1},
    "loss without reason": {"winner": 1, "game_losses": [{"player": 2}]},
    "unknown key 1 MB": {"winner": 1, "junk": "x" * 1_000_000},
    "null winner": {"winner": None},
    "bool winner": {"winner": True},
    "nul in a loss reason": {"winner": 1, "game_losses": [{"player": 2, "reason": NUL}]},
}
for label, entry in BAD_ENTRIES.items():
    case(f"api: result {label}", 422)(
        lambda s, e=entry: s.command("cup", "commander.result", {"table": 1, "entry": e}))
for label, body in {"table 0": {"table": 0, "entry": {"winner": 1}},
                    "table huge": {"table": 10**12, "entry": {"winner": 1}},
                    "entry a list": {"table": 1, "entry": [1, 2]},
                    "entry text": {"table": 1, "entry": "winner 1"},
                    "no entry": {"table": 1},
                    "round 9": {"table": 1, "round": 9, "entry": {"winner": 1}}}.items():
    case(f"api: result {label}", 422 if "round" not in label else 404)(
        lambda s, b=body: s.command("cup", "commander.result", b))
for label, args in {"not at the table": ["--winner", "Nobody"],
                    "two winners": ["--winner", "Anna", "--winner", "Boris"],
                    "no winner, no draw": [],
                    "a lone survivor": ["--draw", "--survivors", "Anna"],
                    "game loss without =": ["--winner", "Anna", "--game-loss", "Boris"],
                    "table 0": ["--winner", "Anna", "--table-is-0"]}.items():
    table = "0" if "table 0" in label else "1"
    args = [a for a in args if a != "--table-is-0"]
    case(f"cli: result {label}", 2)(  # table 0 is not a table number (2, not 3)
        lambda s, a=args, t=table: s.cli("result", "enter", "cup", t, *a))
for text in ("9", "22", "", "abc", "1(23", "(12)34"):
    case(f"form: result finish {text!r}", 422)(
        lambda s, t=text: s.form("/manage/cup/results/1", {"finish": t}))
for label, entry in {"winner not in the duel": {"winner": 999},
                     "team games in a duel event": {"games": ["1", "X"]},
                     "technical a list": {"technical": [1]}}.items():
    case(f"api: berserk result {label}", 422)(
        lambda s, e=entry: s.command("brk", "berserk.result", {"table": 1, "entry": e}))

BROKEN_FILES: dict[str, Callable[[dict[str, Any]], None]] = {
    "wrong tag": lambda d: d.update(file="other"),
    "version 2": lambda d: d.update(version=2),
    "no actions": lambda d: d.update(actions=[]),
    "actions not a list": lambda d: d.update(actions={}),
    "action without seq": lambda d: d["actions"][1].pop("seq"),
    "time without zone": lambda d: d["actions"][1].update(at="2026-11-30T10:00:00"),
    "unknown kind": lambda d: d["actions"][1].update(kind="result.guessed"),
    "seq gap": lambda d: d["actions"][2].update(seq=99),
    "player id a bool": lambda d: act(d, "player.registered")["payload"].update(player=True),
    "player name with nul": lambda d: act(d, "player.registered")["payload"].update(
        name=f"A{NUL}"),
    "tables not a list": lambda d: act(d, "round.paired")["payload"].update(tables=5),
    "a player seated twice": lambda d: act(d, "round.paired")["payload"].update(
        tables=[[1, 1, 2, 3]]),
    "a TOP in a final-pod event": lambda d: d["actions"].append({
        "seq": len(d["actions"]) + 1, "kind": "top.built", "actor": "x",
        "at": "2026-11-30T10:00:00.000000Z", "reason": "",
        "payload": {"slots": [1, 2], "size": 2, "seeds": [[1, 1], [2, 2]]}}),
    "divisions in a commander event": lambda d: d["actions"].append({
        "seq": len(d["actions"]) + 1, "kind": "divisions.assigned", "actor": "x",
        "at": "2026-11-30T10:00:00.000000Z", "reason": "",
        "payload": {"divisions": [{"key": "a", "name": "A", "players": [1]}]}}),
    "format unknown": lambda d: d["event"].update(format="chess"),
    "settings not an object": lambda d: d["actions"][0]["payload"].update(settings=[1]),
    "a reason with an escape": lambda d: d["actions"][1].update(reason=ESC),
}
for label, change in BROKEN_FILES.items():
    case(f"file: {label}", 2)(lambda s, c=change: s.cli("import", event_file(s, c)))
case("file: not JSON", 2)(lambda s: s.cli("import", s.file("x.json", "{not json")))
case("file: binary", 2)(lambda s: s.cli("import", s.file("x.json", bytes(range(256)))))
case("file: a list", 2)(lambda s: s.cli("import", s.file("x.json", "[1, 2]")))

# Deep nesting, huge numbers and long lines, in every JSON a person or a client can send: each
# a refusal with its code, never a server error or a traceback (Python's JSON reader raises a
# RecursionError past about a thousand levels and a ValueError past 4,300 digits).
DEEP = "[" * 100_000 + "]" * 100_000
NEARLY_DEEP = '{"file": "podium-event", "x": ' + "[" * 900 + "]" * 900 + "}"
HUGE_NUMBER = '{"file": "podium-event", "version": 1' + "0" * 5000 + "}"
HUGE_FLOAT = '{"file": "podium-event", "version": 1e999999}'
LONG_LINE = '{"file": "podium-event", "x": "' + "a" * 3_000_000 + '"}'
NESTED_FILES = {"deep": DEEP, "nearly deep": NEARLY_DEEP, "huge number": HUGE_NUMBER,
                "huge float": HUGE_FLOAT, "long line": LONG_LINE}
for label, text in NESTED_FILES.items():
    case(f"file: {label}", 2)(lambda s, t=text: s.cli("import", s.file("deep.json", t)))
    case(f"api: import file {label}", 422)(
        lambda s, t=text: s.api("POST", "/commands/event.import",
                                {"file": {"name": "e.json", "text": t}}))
    case(f"api: import raw body {label}", 422)(
        lambda s, t=text: s.raw("/commands/event.import?name=e.json", t, "text/plain"))
    # (a page's form takes a megabyte: the long line is refused by its size)
    case(f"form: games import json {label}", 413 if label == "long line" else 422)(
        lambda s, t=text: s.form("/manage/mj/do/mahjong-marathon.import-games", {}, files={
            "file": ("games.json", t.encode(), "application/json")}))
    case(f"games: import json {label}", 2)(
        lambda s, t=text: s.cli("games", "import", "mj", s.file("games.json", t)))
case("api: a body nested deep", 400)(lambda s: s.raw("/commands/event.create", DEEP))
case("api: a body with a huge number", 400)(lambda s: s.raw(
    "/commands/event.create", '{"slug": "big", "seed": 1' + "0" * 5000 + "}"))
case("api: a command's body nested deep", 400)(
    lambda s: s.raw("/events/cup/commands/player.add", '{"names": ' + DEEP + "}"))
case("api: an entry nested nearly deep", 422)(lambda s: s.command("cup", "commander.result", {
    "table": 1, "entry": "[" * 900 + "]" * 900}))

BAD_CSVS = {
    "no name column": b"nick\nAnna\n",
    "duplicate rows": b"name\nNew\nnew\n",
    "not text": bytes(range(128, 256)),
    "more fields than the header": b"name\nSmith, John\n",
    "empty": b"name\n",
}
for label, data in BAD_CSVS.items():
    case(f"csv: {label}", 2)(
        lambda s, d=data: s.cli("player", "import", "cup", s.file("p.csv", d)))

BAD_GAMES = {
    "missing columns": "game_id,table\ng9,RU-Marathon-1\n",
    "bad start": MJ_HEADER + "g9,RU-Marathon-1,yesterday,A,16,B,8,C,0,D,-24\n",
    "start without zone": MJ_HEADER + "g9,RU-Marathon-1,2015-03-01 12:00,A,16,B,8,C,0,D,-24\n",
    # a file's game of 3 players or in fractional points is skipped and counted (a server's
    # lobby log holds them, rule MJ-3), not refused: a game of one player is no game at all
    "text GP": MJ_HEADER + "g9,RU-Marathon-1,2015-03-01T12:00Z,A,lots,B,8,C,0,D,-24\n",
    "huge GP": MJ_HEADER + "g9,RU-Marathon-1,2015-03-01T12:00Z,A,9999999999,B,8,C,0,D,-24\n",
    "one player": MJ_HEADER + "g9,RU-Marathon-1,2015-03-01T12:00Z,A,16,,,,,,\n",
    "no id": MJ_HEADER + ",RU-Marathon-1,2015-03-01T12:00Z,A,16,B,8,C,0,D,-24\n",
    "a player twice": MJ_HEADER + "g9,RU-Marathon-1,2015-03-01T12:00Z,A,16,A,8,C,0,D,-24\n",
    "nul in an id": MJ_HEADER + f"g{NUL}9,RU-Marathon-1,2015-03-01T12:00Z,A,16,B,8,C,0,D,-24\n",
    "escape in a name": MJ_HEADER + f"g9,RU-Marathon-1,2015-03-01T12:00Z,{ESC},16,B,8,C,0,D,"
                                    "-24\n",
    "one id, two games": MJ_HEADER + "g9,RU-Marathon-1,2015-03-01T12:00Z,A,16,B,8,C,0,D,-24\n"
                                     "g9,RU-Marathon-1,2015-03-01T13:00Z,A,16,B,8,C,0,D,-24\n",
    "json not an object": "[1, 2]",
    "json games not a list": '{"games": 5}',
}
for label, text in BAD_GAMES.items():
    suffix = ".json" if label.startswith("json") else ".csv"
    case(f"games: {label}", 2)(
        lambda s, t=text, x=suffix: s.cli("games", "import", "mj", s.file("games" + x, t)))
for label, args in {
        "kind 7": ["--kind", "7", "--amount", "5"],
        "amount 0": ["--kind", "6a", "--amount", "0", "--game", "g1"],
        "amount not allowed": ["--kind", "6a", "--amount", "7", "--game", "g1"],
        "6a without a game": ["--kind", "6a", "--amount", "5"],
        "unknown game": ["--kind", "6a", "--amount", "5", "--game", "nope"],
        "stage 9": ["--kind", "6c", "--amount", "1", "--stage", "9"],
        "6b without a stage": ["--kind", "6b", "--amount", "50"]}.items():
    code = 3 if label in ("unknown game", "stage 9") else 2
    case(f"cli: penalty {label}", code)(
        lambda s, a=args: s.cli("penalty", "mj", "A", *a, "--reason", "x"))
case("cli: disqualify from 9999", 2)(
    lambda s: s.cli("disqualify", "player", "mj", "A", "--from", "9999-12-31", "--reason", "x"))
case("cli: disqualify until before from", 2)(
    lambda s: s.cli("disqualify", "player", "mj", "A", "--from", "2015-05-01", "--until",
                    "2015-04-01", "--reason", "x"))
case("cli: disqualify zone unknown", 2)(
    lambda s: s.cli("disqualify", "player", "mj", "A", "--from", "2015-05-01", "--zone",
                    "Mars/Base", "--reason", "x"))
MJ = "/events/mj/commands/mahjong-marathon."
case("api: penalty amount huge", 422)(
    lambda s: s.api("POST", MJ + "penalty", {
        "kind": "6a", "player": "A", "amount": 10**12, "game": "g1", "reason": "x"}))
case("api: penalty reason nul", 422)(
    lambda s: s.api("POST", MJ + "penalty", {
        "kind": "6a", "player": "A", "amount": 5, "game": "g1", "reason": NUL}))
case("api: game with a nul id", 422)(
    lambda s: s.api("POST", MJ + "add-game", {
        "id": f"g{NUL}", "table": "RU-Marathon-1", "start": "2015-03-01T12:00:00Z",
        "players": dict.fromkeys("ABCD", 0)}))
case("api: game at another table", 422)(
    lambda s: s.api("POST", MJ + "add-game", {
        "id": "g77", "table": "Friendly-1", "start": "2015-03-01T12:00:00Z",
        "players": dict.fromkeys("ABCD", 0)}))
case("api: round pair in a marathon", 409)(lambda s: s.command("mj", "round.pair", {}))
case("api: top in a marathon", 409)(lambda s: s.command("mj", "top.build", {"size": 2}))
case("api: players names not a list", 422)(
    lambda s: s.command("cup", "player.add", {"names": 5}))
case("api: players names numbers", 422)(
    lambda s: s.command("cup", "player.add", {"names": [1, 2]}))
case("api: players unknown field", 422)(
    lambda s: s.command("cup", "player.add", {"names": ["Zed"], "bogus": True}))
case("api: drop unknown player", 422)(
    lambda s: s.command("cup", "player.drop", {"player": 999, "reason": "x"}))
case("api: unknown event", 404)(lambda s: s.command("nope", "round.pair", {}))
case("api: top size huge", 422)(lambda s: s.command("brk", "top.build", {"size": 10**9}))
case("api: top seeding unknown", 422)(
    lambda s: s.command("brk", "top.build", {"size": 4, "seeding": "best"}))
case("cli: top size 1", 2)(lambda s: s.cli("top", "build", "brk", "--size", "1"))
case("cli: berserk split after round 1", 4)(
    lambda s: s.cli("berserk", "split", "brk", "--tables", "2"))
case("cli: round show 0", 3)(lambda s: s.cli("round", "show", "cup", "0"))
case("cli: standings round 99", 3)(lambda s: s.cli("standings", "cup", "--round", "99"))
case("cli: standings unknown table", 3)(lambda s: s.cli("standings", "mj", "--table", "x/../y"))
case("cli: unknown event", 3)(lambda s: s.cli("standings", "nope"))


def test_the_corpus_is_large() -> None:
    assert len(CASES) >= 150


@pytest.mark.parametrize(("name", "channel", "call", "expect"), CASES,
                         ids=[c[0] for c in CASES])
def test_bad_input_is_refused_clearly_and_stores_nothing(site: Site, name: str, channel: str,
                                                         call: Callable[[Site], tuple[int, str]],
                                                         expect: int) -> None:
    before = site.fingerprint()
    code, text = call(site)
    assert code == expect, (name, code, text[-600:])
    assert not PYTHON.search(text), (name, text[-600:])
    if channel in ("cli", "csv", "file", "games"):
        assert "Error:" in text, (name, text[-600:])
    assert site.fingerprint() == before, f"{name}: something was stored"
