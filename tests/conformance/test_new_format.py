"""A new format goes in by declaration: the toy format (tests/conformance/toy: two Python files
and one template) registers, passes the kit and gets the CLI, the pages and the API, with no
shared file touched (docs/architecture.md, "Adding a format")."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from podium.cli.main import cli
from podium.compose import forget_web_formats
from podium.core import phases
from podium.core.replay import replay
from podium.formats.registry import register, unregister
from podium.service.accounts import OWNER, AccountService
from podium.service.events import EventService
from podium.service.simulate import play
from podium.store.db import Database
from podium.compose import web_app as create_app
from tests.conformance.kit import ACTOR, digest, tour
from tests.conformance.toy import TOY

TOY_DIR = Path(__file__).resolve().parent / "toy"


@pytest.fixture
def toy() -> Iterator[None]:
    register(TOY)
    forget_web_formats()
    yield
    unregister("toy")
    forget_web_formats()


def test_the_toy_format_is_two_files_and_a_template() -> None:
    files = sorted(p.relative_to(TOY_DIR).as_posix() for p in TOY_DIR.rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts)
    assert files == ["__init__.py", "templates/formats/toy_result.html", "web.py"]


def test_a_new_format_passes_the_kit_and_gets_every_adapter(toy, tmp_path: Path) -> None:
    db = Database(str(tmp_path / "toy.db"))
    service = EventService(db)
    tour(service, "t", TOY, {})
    live = service.load("t")
    assert digest(replay(service.log("t"), TOY), TOY) == digest(live.state, TOY)
    assert phases.status(live.state, TOY).complete
    service.create_event("t2", "t2", "toy", {"rounds": 1}, ACTOR, seed=2)
    service.add_players("t2", ["Ann", "Bob", "Cid", "Dan", "Eve"], ACTOR)
    play(service, "t2", ACTOR, random.Random(1), rounds=0)
    service.pair_round("t2", ACTOR)
    # the web: its result form on the organiser page, the shared public pages
    accounts = AccountService(db)
    accounts.create_user("ann", "correct horse")
    accounts.grant("t2", "ann", OWNER, "ann")
    client = TestClient(create_app(db), follow_redirects=False)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/login").text).group(1)
    client.post("/login", data={"username": "ann", "password": "correct horse",
                                "csrf_token": csrf})
    page = client.get("/manage/t2").text
    assert 'name="order"' in page
    assert client.get("/e/t2").status_code == 200
    assert client.get("/e/t2/pairings").status_code == 200
    assert client.get("/api/v1/events/t2/views").status_code == 200
    # the CLI: the shared commands work on it
    runner = CliRunner()
    shown = runner.invoke(cli, ["--db", str(tmp_path / "toy.db"), "event", "show", "t2"])
    assert shown.exit_code == 0 and "toy" in shown.output
