"""A new format goes in by declaration: the toy format (tests/conformance/toy: one Python file
and one template) registers, passes the conformance kit (:mod:`podium.testing`, importable as a
third party's own tests would import it) and gets the command line, the pages and the API from
its declarations, with no shared file touched (docs/architecture.md, "Adding a format")."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from podium.cli.main import build_cli
from podium.core import phases
from podium.core.replay import replay
from podium.formats.registry import register, unregister
from podium.service.simulate import play
from podium.testing import (
    Surfaces,
    digest,
    every_command_answers,
    every_view_answers,
    same_actions_on_every_surface,
    tour,
)
from podium.testing.kit import ACTOR
from tests.conformance.toy import TOY

TOY_DIR = Path(__file__).resolve().parent / "toy"


@pytest.fixture
def toy() -> Iterator[None]:
    register(TOY)
    yield
    unregister("toy")


def test_the_toy_format_is_one_file_and_a_template() -> None:
    files = sorted(p.relative_to(TOY_DIR).as_posix() for p in TOY_DIR.rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts)
    assert files == ["__init__.py", "templates/formats/toy_result.html"]


@pytest.fixture
def site(toy, tmp_path: Path) -> Surfaces:
    """A database with a toured toy event ``t`` and an event ``t2`` with round 1 paired."""
    surfaces = Surfaces(tmp_path / "toy.db")
    tour(surfaces.events, "t", TOY, {})
    surfaces.events.create_event("t2", "t2", "toy", {"rounds": 1}, ACTOR, seed=2)
    surfaces.events.add_players("t2", ["Ann", "Bob", "Cid", "Dan", "Eve"], ACTOR)
    play(surfaces.events, "t2", ACTOR, random.Random(1), rounds=0)
    surfaces.events.pair_round("t2", ACTOR)
    for slug in ("t", "t2"):
        surfaces.own(slug)
    return surfaces


def test_a_new_format_passes_the_kit(site: Surfaces) -> None:
    live = site.events.load("t")
    assert digest(replay(site.events.log("t"), TOY), TOY) == digest(live.state, TOY)
    assert phases.status(live.state, TOY).complete
    assert every_command_answers(site, "t2") > 10
    assert "toy.result" in same_actions_on_every_surface(site, "t2")
    assert {"toy.winners", "standings", "round", "event"} <= set(every_view_answers(site, "t"))


def test_the_toy_view_is_a_page_a_command_and_a_route(site: Surfaces) -> None:
    """The toy's own view, declared once: its tab, its CLI command, its API route."""
    state = site.events.load("t").state
    first = {}
    for rnd in state.rounds:
        for result in rnd.results.values():
            name = state.players[result.entry["order"][0]].name
            first[name] = first.get(name, 0) + 1
    api = site.client.get("/api/v1/events/t/views/toy.winners?least=1").json()
    assert {row["cells"]["player"]["value"]: row["cells"]["wins"]["value"]
            for row in api["rows"]} == first
    assert all(row["player"] == state.player_by_name(row["cells"]["player"]["value"]).id
               for row in api["rows"])
    result = CliRunner().invoke(build_cli(), ["--db", site.path, "toy", "winners", "t"])
    assert result.exit_code == 0 and "First places" in result.output, result.output
    page = site.client.get("/e/t/p/winners")
    assert page.status_code == 200 and "First places" in page.text
    assert 'href="/e/t/p/winners"' in site.client.get("/e/t").text  # listed among the tabs
    refused = site.client.get("/api/v1/events/t/views/toy.winners?least=-4")
    assert refused.status_code == 422 and refused.json()["field"] == "least"


def names(site: Surfaces, table: int = 1) -> list[str]:
    state = site.events.load("t2").state
    return [state.players[p].name for p in state.current_round.table(table).seats]


def test_the_toy_enters_a_result_from_the_cli(site: Surfaces) -> None:
    """The shared ``podium result enter`` runs the event's format's result command: the
    toy's own field, not Commander's (`entry: order: missing` before declared commands)."""
    order = ",".join(reversed(names(site)))
    result = CliRunner().invoke(build_cli(), ["--db", site.path, "result", "enter", "t2", "1",
                                              "--order", order])
    assert result.exit_code == 0, result.output
    assert "Round 1, table 1: saved." in result.output
    entry = site.events.load("t2").state.current_round.results[1].entry
    assert [site.events.load("t2").state.players[p].name for p in entry["order"]] == (
        order.split(","))
    help_text = CliRunner().invoke(build_cli(), ["result", "enter", "--help"]).output
    assert "toy:" in help_text and "--order" in help_text  # each format's fields listed
    toy_help = CliRunner().invoke(build_cli(), ["toy", "result", "--help"]).output
    assert "the players from first to last" in toy_help


def test_the_toy_enters_a_result_from_the_api_and_the_page(site: Surfaces) -> None:
    answer = site.client.post("/api/v1/events/t2/commands/toy.result",
                              headers={"Authorization": f"Bearer {site.token}"},
                              json={"table": 1, "order": names(site)})
    assert answer.status_code == 200, answer.text
    assert answer.json()["answer"]["table"] == 1
    schema = site.client.get("/openapi.json").json()
    body = schema["paths"]["/api/v1/events/{slug}/commands/toy.result"]["post"]
    assert "order" in body["requestBody"]["content"]["application/json"]["schema"][
        "properties"]
    if len(site.events.load("t2").state.current_round.tables) > 1:
        page = site.client.get("/manage/t2").text
        assert 'name="order"' in page  # the toy's own template
        posted = site.client.post("/manage/t2/results/2", data={
            "csrf_token": site.csrf, "order": ", ".join(names(site, 2))})
        assert posted.status_code == 303, posted.text
    bad = site.client.post("/manage/t2/do/toy.result", data={
        "csrf_token": site.csrf, "table": "1", "order": "Nobody"})
    assert bad.status_code in (409, 422) and "field-error" in bad.text
