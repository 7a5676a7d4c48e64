"""The conformance kit (:mod:`podium.testing`), run for every registered format (a third-party
format registered through the ``podium.formats`` entry point is picked up the same way).

For each format and each of its example settings: replay equals the live state (and a new
process catching up from a snapshot, or replaying, gets the same); a refused command leaves the
event as it was; every action kind is played and round-trips through the event file; every
declared page, API route and command answers; every declared command answers on the command
line, the API and the pages, its example stores the same actions on each, and any JSON or text
in any of its fields is a structured refusal that stores nothing; and any JSON payload to any
action kind is a structured refusal, never a Python error.
"""

from __future__ import annotations

import copy
import json
import re
from datetime import UTC, datetime
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from podium.cli.main import cli
from podium.compose import web_app as create_app
from podium.core.errors import PodiumError
from podium.core.log import Action
from podium.core.replay import apply, kinds_of, replay
from podium.core.schema import Obj
from podium.formats import all_formats
from podium.service.accounts import OWNER, AccountService
from podium.service.commands import AppendActions, EnterResult, PairRound, UndoRound
from podium.service.events import EventService
from podium.service.states import SnapshotPolicy
from podium.service.top import BuildTop
from podium.service.transfer import dumps, export_document, import_document
from podium.store.db import Database
from podium.testing import (
    Surfaces,
    any_input_is_a_structured_refusal,
    every_command_answers,
    every_view_answers,
    same_actions_on_every_surface,
)
from podium.testing.kit import ACTOR, digest, kinds_to_cover, tour

FORMATS = {ruleset.name: ruleset for ruleset in all_formats()}
CASES = [(name, index) for name, ruleset in FORMATS.items()
         for index in range(len(ruleset.example_settings))]
NOW = datetime(2026, 12, 1, tzinfo=UTC)


def slug_of(name: str, index: int) -> str:
    return f"{name}-{index}"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    """One database with one toured event per format and example settings."""
    path = tmp_path_factory.mktemp("kit") / "kit.db"
    service = EventService(Database(str(path)))
    for name, index in CASES:
        ruleset = FORMATS[name]
        tour(service, slug_of(name, index), ruleset, ruleset.example_settings[index])
    service.db.dispose()
    return path, {}


@pytest.mark.parametrize(("name", "index"), CASES)
def test_replay_equals_the_live_state(played, name, index) -> None:
    path, _ = played
    slug = slug_of(name, index)
    service = EventService(Database(str(path)))
    live = service.load(slug)
    expected = digest(live.state, live.ruleset)
    assert digest(replay(service.log(slug), live.ruleset), live.ruleset) == expected
    assert service.states.save_snapshot(slug, NOW)
    from_snapshot = EventService(Database(str(path))).load(slug)  # a new process
    assert digest(from_snapshot.state, from_snapshot.ruleset) == expected
    replayed = EventService(Database(str(path)), snapshots=SnapshotPolicy(enabled=False))
    assert digest(replayed.load(slug).state, live.ruleset) == expected


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_every_action_kind_is_played_and_round_trips_through_the_file(played, name,
                                                                       tmp_path) -> None:
    path, _ = played
    service = EventService(Database(str(path)))
    copies = EventService(Database(str(tmp_path / "copies.db")))
    seen: set[str] = set()
    for index in range(len(FORMATS[name].example_settings)):
        slug = slug_of(name, index)
        seen |= {action.kind for action in service.log(slug)}
        document = export_document(service, slug)
        imported = import_document(copies, json.loads(dumps(document)), f"copy-{index}")
        again = export_document(copies, f"copy-{index}")
        assert again["actions"] == document["actions"]
        assert dumps({**again, "event": {**again["event"], "slug": slug}}) == dumps(document)
        original = service.load(slug)
        assert digest(imported.state, imported.ruleset) == digest(original.state,
                                                                  original.ruleset)
    missing = kinds_to_cover(FORMATS[name]) - seen
    assert not missing, f"the tour of {name} never stored {sorted(missing)}"


def bad_commands(slug: str) -> list[object]:
    """Commands every format must refuse on a played-out event, each for its own reason."""
    return [
        EnterResult(slug, 10**6, {"winner": 1}),
        EnterResult(slug, 1, {"winner": [1, 2, 3]}, round_number=1, correct=True,
                    reason="x"),
        EnterResult(slug, 1, {"bogus": {"deep": [1, None]}}),
        UndoRound(slug, "too late") ,
        BuildTop(slug, 10**6),
        AppendActions(slug, (("round.paired", {"round": 1, "tables": [[1, 1]], "seed": 0}, ""),)),
        AppendActions(slug, (("player.registered", {"player": True, "name": "X"}, ""),)),
        AppendActions(slug, (("nonsense.kind", {}, ""),)),
        AppendActions(slug, ()),
    ]


@pytest.mark.parametrize(("name", "index"), CASES)
def test_a_refused_command_leaves_the_event_unchanged(played, name, index) -> None:
    path, _ = played
    slug = slug_of(name, index)
    service = EventService(Database(str(path)))
    before = service.load(slug)
    expected, count = digest(before.state, before.ruleset), len(service.log(slug))
    for command in [*bad_commands(slug), PairRound(slug)]:
        try:
            service.run_command(command, ACTOR)
        except PodiumError as error:
            assert error.code and error.msgid and json.dumps(error.to_json())
        else:
            # pairing is allowed when the event still pairs; undo it to keep the event
            assert isinstance(command, PairRound)
            service.run_command(UndoRound(slug, "kit"), ACTOR)
            count += 2
            expected = None
        after = service.load(slug)
        if expected is not None:
            assert digest(after.state, after.ruleset) == expected
        assert len(service.log(slug)) == count


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)


def payloads_for(schema: object) -> st.SearchStrategy[object]:
    """Any JSON, and objects with the kind's own keys holding any JSON (so the rules behind
    a well-formed-looking payload are reached too)."""
    if isinstance(schema, Obj):
        shaped = st.fixed_dictionaries({k: JSON for k in schema.required},
                                       optional={k: JSON for k in schema.optional})
        return st.one_of(JSON, shaped)
    return JSON


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_any_json_payload_to_any_action_kind_is_a_structured_refusal(played, name) -> None:
    path, _ = played
    loaded = EventService(Database(str(path))).load(slug_of(name, 0))
    kinds = sorted(kinds_of(loaded.ruleset).items())

    @settings(max_examples=60 * len(kinds), deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(st.data())
    def check(data: st.DataObject) -> None:
        kind_name, kind = data.draw(st.sampled_from(kinds))
        payload = data.draw(payloads_for(kind.schema))
        state = copy.deepcopy(loaded.state)
        action = Action(state.last_seq + 1, kind_name, ACTOR, NOW,
                        payload if isinstance(payload, dict) else {"value": payload}, "fuzz")
        if not isinstance(payload, dict):
            object.__setattr__(action, "payload", payload)
        try:
            apply(state, action, loaded.ruleset)
        except PodiumError as error:
            assert error.code and error.msgid
            json.dumps(error.to_json())

    check()


def all_routes(routes: list[object]) -> list[object]:
    """The app's routes, through the routers it includes."""
    out = []
    for route in routes:
        inner = getattr(route, "original_router", None)
        out.extend(all_routes(inner.routes) if inner is not None else [route])
    return out


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_every_page_route_and_command_answers(played, name) -> None:
    path, _ = played
    slug = slug_of(name, 0)
    db = Database(str(path))
    accounts = AccountService(db)
    try:
        accounts.get_user("kit")
    except PodiumError:
        accounts.create_user("kit", "correct horse")
    accounts.grant(slug, "kit", OWNER, "kit")
    token = accounts.create_token("kit")
    app = create_app(db)
    client = TestClient(app, follow_redirects=False)
    page = client.get("/login").text
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    assert client.post("/login", data={"username": "kit", "password": "correct horse",
                                       "csrf_token": csrf}).status_code == 303
    plugin = app.state.web.format(name)
    keys = [k for k, _t, _a in FORMATS[name].table_keys(EventService(db).load(slug).state)]
    fill = {"slug": slug, "number": "1", "table": "1", "what": "pairings",
            "key": (plugin.public_pages[0].key if plugin.public_pages else keys[0])}
    checked = 0
    for route in all_routes(app.routes):
        methods = getattr(route, "methods", set())
        params = set(re.findall(r"{(\w+)}", getattr(route, "path", "")))
        if "GET" not in methods or "slug" not in params or not params <= set(fill):
            continue
        url = route.path.format(**fill)
        answer = client.get(url, headers={"Authorization": f"Bearer {token}"}
                            if url.startswith("/api/") else {})
        assert answer.status_code < 500, (url, answer.status_code, answer.text[:300])
        checked += 1
    assert checked > 10
    for page_ in plugin.public_pages:
        assert client.get(f"/e/{slug}/p/{page_.key}").status_code in (200, 404)
    runner = CliRunner()
    for args in (["event", "show", slug], ["standings", slug], ["log", slug],
                 ["export", slug]):
        result = runner.invoke(cli, ["--db", str(path), *args])
        assert result.exit_code == 0, (args, result.output)
    for name in cli.list_commands(click.Context(cli)):  # (listed before they are loaded)
        assert runner.invoke(cli, [name, "--help"]).exit_code == 0, name


# declared commands on every surface ----------------------------------------------------------
@pytest.fixture(scope="module")
def surfaces(played, tmp_path_factory) -> Surfaces:
    """A copy of the played database, reached through the CLI, the API and the pages."""
    import shutil

    path, _ = played
    copy = tmp_path_factory.mktemp("surfaces") / "kit.db"
    shutil.copy(path, copy)
    found = Surfaces(copy)
    for name, index in CASES:
        found.own(slug_of(name, index))
    return found


@pytest.mark.parametrize(("name", "index"), CASES)
def test_every_declared_command_answers_on_every_surface(surfaces, name, index) -> None:
    assert every_command_answers(surfaces, slug_of(name, index)) > 0


@pytest.mark.parametrize(("name", "index"), CASES)
def test_every_declared_view_answers_alike_on_every_surface(surfaces, name, index) -> None:
    """Each view with its example: the same value on the command line and the API, a page;
    a parameter that cannot be right refused with its name on every surface."""
    compared = every_view_answers(surfaces, slug_of(name, index))
    assert {"event", "standings", "tables"} <= set(compared), compared


@pytest.mark.parametrize(("name", "index"), CASES)
def test_the_same_input_stores_the_same_actions_on_every_surface(surfaces, name,
                                                                 index) -> None:
    compared = same_actions_on_every_surface(surfaces, slug_of(name, index))
    assert compared or not FORMATS[name].capabilities.rounds, "no command was compared"


TEXTS = st.text(max_size=20) | st.sampled_from(["", " ", "#1", "#0", "P01", "1", "-1", "yes",
                                                "2,3", "P01=5", "a=b", "\x00", "x" * 600])


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_any_json_or_text_in_any_field_is_a_structured_refusal(surfaces, name) -> None:
    slug = slug_of(name, 0)
    specs = [s for s in surfaces.catalog.commands_for(name) if s.params and s.role != "player"]

    @settings(max_examples=25 * len(specs), deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(st.data())
    def check(data: st.DataObject) -> None:
        spec = data.draw(st.sampled_from(specs))
        names = [p.name for p in spec.params]
        as_json = data.draw(st.booleans())
        values = JSON if as_json else TEXTS | st.lists(TEXTS, max_size=3)
        fields = data.draw(st.dictionaries(st.sampled_from(names), values, max_size=4))
        any_input_is_a_structured_refusal(surfaces.events, slug, spec, fields,
                                          "json" if as_json else "text")

    check()
