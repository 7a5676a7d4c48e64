"""Inputs that once gave a server error (HTTP 500), each now a clear refusal, on both stores
(SQLite and PostgreSQL, which refuses a NUL in text and cannot compare it):

- a lone surrogate (``"\\ud800"``) anywhere in a JSON body: a 422 naming the field, the answer
  itself valid UTF-8 (the refusal echoes the input with U+FFFD);
- a NUL in a login name, a player code or an event's address: the answer of a wrong name,
  code or address;
- a marathon game in year 0 or 10000, a stage calendar in year 9999: refused with the range;
- ``"seed": false`` and ``"seed": [null, null]``: a boolean or a list is not a number;
- the publications page with ``?n=1e30`` or ``?table=../../x``: refused, not shown.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from fastapi.testclient import TestClient

from podium.compose import web_app
from podium.service.transfer import dumps, export_document
from podium.store.db import Database
from tests.store.conftest import BACKENDS

PASSWORD = "correct horse"
MJ_GAME = {"id": "g1", "table": "RU-Marathon-1", "start": "2015-03-01 10:00",
           "players": {"A": 10, "B": 10, "C": 10, "D": -30}}
CSV = ("game_id,table,start,player1,gp1,player2,gp2,player3,gp3,player4,gp4\n"
       "g9,RU-Marathon-1,{start},A,16,B,8,C,0,D,-24\n")


@dataclass
class Api:
    client: TestClient
    token: str
    code: str
    app: object

    def post(self, path: str, raw: str, token: str | None = None) -> tuple[int, dict]:
        """``raw`` sent as it is (a lone surrogate cannot be encoded by a JSON client)."""
        answer = self.client.post(path, content=raw.encode(), headers={
            "Authorization": f"Bearer {token or self.token}",
            "Content-Type": "application/json"})
        return answer.status_code, answer.json()

    def command(self, slug: str | None, name: str, body: dict) -> tuple[int, dict]:
        path = (f"/api/v1/events/{slug}/commands/{name}" if slug
                else f"/api/v1/commands/{name}")
        return self.post(path, json.dumps(body))


@pytest.fixture(scope="module", params=BACKENDS)
def api(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
        ) -> Iterator[Api]:
    """A Commander event ``cup`` with round 1 paired and a marathon ``mj``, owned by
    ``owner``, on a SQLite file or a fresh PostgreSQL schema."""
    cleanup: Callable[[], None] = lambda: None  # noqa: E731
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('no500') / 'no500.db'}"
    else:
        from sqlalchemy import create_engine
        from sqlalchemy.engine import make_url
        from sqlalchemy.pool import NullPool

        base = request.getfixturevalue("postgres_url")
        schema = f"podium_no500_{uuid.uuid4().hex}"
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
    app = web_app(db)
    web = app.state.web
    web.accounts.create_user("owner", PASSWORD)
    web.events.create_event("cup", "Cup", "commander", {}, "owner", seed=1)
    web.events.add_players("cup", [f"P{i}" for i in range(1, 10)], "owner")
    web.events.pair_round("cup", "owner")
    web.events.create_event("mj", "MJ", "mahjong-marathon", {}, "owner", seed=2)
    for slug in ("cup", "mj"):
        web.accounts.grant(slug, "owner", "owner", "owner")
    code = next(iter(web.reports.codes("cup").values()))
    client = TestClient(app, raise_server_exceptions=False, follow_redirects=False)
    yield Api(client, web.accounts.create_token("owner"), code, app)
    db.dispose()
    cleanup()


# lone surrogates --------------------------------------------------------------------------------
SURROGATES = [
    # (where, the raw body, the field named)
    ("event.create", '{"slug": "a\\ud800b", "name": "x", "format": "commander"}', "slug"),
    ("event.create", '{"slug": "ab", "name": "x\\udfff", "format": "commander"}', "name"),
    ("event.create",
     '{"slug": "ab", "name": "x", "format": "commander", "settings": {"rounds": "\\ud800"}}',
     "settings.rounds"),
    ("player.add", '{"names": ["Anna", "\\ud800"]}', "names[1]"),
    ("player.add", '{"nam\\ud800es": ["Anna"]}', "nam\ufffdes"),  # an unknown field, echoed
]


@pytest.mark.parametrize(("command", "raw", "field"), SURROGATES)
def test_a_lone_surrogate_is_a_422_naming_the_field(api: Api, command: str, raw: str,
                                                    field: str) -> None:
    path = ("/api/v1/commands/event.create" if command == "event.create"
            else f"/api/v1/events/cup/commands/{command}")
    status, body = api.post(path, raw)
    assert status == 422, body
    named = [p for p in body["problems"] if p["field"] == field]
    assert named and named[0]["code"] in ("input.text", "input.unknown"), body


# NUL where the database would compare it ---------------------------------------------------------
def test_a_nul_in_a_player_code_is_an_unknown_code(api: Api) -> None:
    for code in ("ABCD\x00EFG", api.code[:4] + "\x00" + api.code[4:]):
        answer = api.client.get("/api/v1/events/cup/me",
                                headers={"Authorization": f"Bearer {code}"})
        assert answer.status_code == 403 and answer.json()["code"] == "code.unknown"
    client = TestClient(api.app, raise_server_exceptions=False, follow_redirects=False)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"',
                     client.get("/e/cup/report").text).group(1)
    page = client.post("/e/cup/report/table", data={"code": "AB\x00CD", "csrf_token": csrf})
    assert page.status_code == 403, page.status_code
    assert api.client.get("/api/v1/events/cup/me", headers={
        "Authorization": f"Bearer {api.code}"}).status_code == 200


def test_a_nul_in_the_login_name_is_a_wrong_login(api: Api) -> None:
    client = TestClient(api.app, raise_server_exceptions=False, follow_redirects=False)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/login").text).group(1)
    wrong = client.post("/login", data={"username": "nobody", "password": "wrong password",
                                        "csrf_token": csrf})
    nul = client.post("/login", data={"username": "own\x00er", "password": PASSWORD,
                                      "csrf_token": csrf})
    assert nul.status_code == wrong.status_code == 401


def test_a_nul_in_an_event_s_address_is_not_found(api: Api) -> None:
    for path in ("/api/v1/events/c%00up", "/e/c%00up", "/e/c%00up/pairings",
                 "/api/v1/events/c%00up/views"):
        assert api.client.get(path).status_code == 404, path
    status, _ = api.command("c%00up", "player.add", {"names": ["Anna"]})
    assert status == 404


# dates out of any calendar ------------------------------------------------------------------------
@pytest.mark.parametrize("start", ["0000-01-01 10:00", "10000-01-01 10:00",
                                   "0001-01-01 00:00+14:00", "9999-12-31 23:00-12:00"])
def test_a_marathon_game_outside_1900_2200_is_refused_with_the_range(api: Api,
                                                                      start: str) -> None:
    status, body = api.command("mj", "mahjong-marathon.add-game", {**MJ_GAME, "start": start})
    assert status == 422 and body["field"] == "start"
    assert "1900" in body["message"] and "2200" in body["message"]
    status, body = api.command("mj", "mahjong-marathon.import-games", {
        "file": {"name": "g.csv", "text": CSV.format(start=start.replace(" ", "T"))}})
    assert status == 422 and "1900" in body["message"] and "2200" in body["message"]


def test_a_stage_calendar_outside_1900_2200_is_refused(api: Api) -> None:
    for stages in ("9999-01-01..9999-12-31", "0001-01-01..0001-02-01"):
        status, body = api.command(None, "event.create", {
            "slug": "far", "name": "Far", "format": "mahjong-marathon",
            "settings": {"stages": stages}})
        assert status == 422 and "1900" in body["message"], body


def test_an_event_file_with_a_game_in_year_10000_is_refused(api: Api) -> None:
    assert api.command("mj", "mahjong-marathon.add-game", MJ_GAME)[0] == 200
    web = api.app.state.web  # type: ignore[attr-defined]
    document = json.loads(dumps(export_document(web.events, "mj")))
    games = next(a for a in document["actions"] if "start" in a["payload"])
    for start in (253_402_300_800, -62_135_596_800 - 86_400):  # 10000-01-01, year 0
        games["payload"]["start"] = [start]
        document["event"]["slug"] = "far"
        status, body = api.command(None, "event.import", {
            "file": {"name": "far.json", "text": json.dumps(document)}})
        assert status == 422, body
    assert api.client.get("/api/v1/events/far").status_code == 404


# numbers that are not numbers ---------------------------------------------------------------------
@pytest.mark.parametrize("seed", [False, True, [None, None], [1], "1e3", 1.5])
def test_a_seed_must_be_a_whole_number(api: Api, seed: object) -> None:
    status, body = api.command(None, "event.create", {
        "slug": "seeded", "name": "S", "format": "commander", "seed": seed})
    assert status == 422 and body["field"] == "seed", body
    assert api.client.get("/api/v1/events/seeded").status_code == 404


def test_an_empty_list_is_still_an_absent_field(api: Api) -> None:
    status, body = api.command("cup", "player.add", {"names": [None, None]})
    assert status == 422 and body["problems"][0]["field"].startswith("names"), body


# the publications page's query ----------------------------------------------------------------
def test_the_publications_page_refuses_junk_parameters(api: Api) -> None:
    for query, status in (("?n=1e30", 422), ("?table=../../x", 422), ("?start=-1", 422),
                          ("?n=1", 404), ("", 200)):
        assert api.client.get(f"/e/mj/p/publications{query}").status_code == status, query
    assert api.command("mj", "mahjong-marathon.add-game", {**MJ_GAME, "id": "g2"})[0] == 200
    assert api.command("mj", "mahjong-marathon.publish", {})[0] == 200
    for query, status in (("?n=1e30", 422), ("?n=10000000000", 422), ("?table=../../x", 422),
                          ("?table=stage-9", 404), ("?n=2", 404), ("?n=1&table=total", 200)):
        assert api.client.get(f"/e/mj/p/publications{query}").status_code == status, query
