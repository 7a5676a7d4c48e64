"""Berserk's declared view ``berserk.tables`` (rules BRK-3, BRK-6): each draft table's standings,
then the TOP once built, read alike on the command line (``podium berserk tables EVENT``), the
API (``GET /api/v1/events/{event}/views/berserk.tables``) and a page
(``/e/{event}/v/berserk.tables``); and the split's typed answer on each surface."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from podium.cli.main import build_cli
from podium.core.commands import API, CLI, WEB
from podium.testing import Surfaces
from podium.testing.kit import ACTOR
from podium.testing.surfaces import read_everywhere


@pytest.fixture
def site(tmp_path: Path) -> Surfaces:
    """Berserk event ``brk`` (8 players) drawn into two draft tables, its one round played and
    its TOP of 4 built; Commander event ``cmd`` beside it."""
    surfaces = Surfaces(tmp_path / "brk.db")
    events = surfaces.events
    events.create_event("brk", "BRK", "berserk", {"rounds": 1, "top_size": 4}, ACTOR, seed=5)
    events.add_players("brk", [f"B{i}" for i in range(1, 9)], ACTOR)
    surfaces.own("brk")
    surfaces.run(API, surfaces.catalog.find("berserk.split"), "brk", {"tables": 2})
    _state, rnd = events.pair_round("brk", ACTOR)
    for table in rnd.tables:
        events.enter_result("brk", table.number, {"winner": table.seats[0]}, ACTOR)
    surfaces.run(API, surfaces.catalog.find("top.build"), "brk", {})
    events.create_event("cmd", "CMD", "commander", {}, ACTOR, seed=1)
    surfaces.own("cmd")
    return surfaces


def cli(site: Surfaces, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(build_cli(site.catalog), ["--db", site.path, *args])
    return result.exit_code, result.output + (result.stderr if result.stderr_bytes else "")


def test_the_draft_tables_are_one_view_on_every_surface(site: Surfaces) -> None:
    spec = site.catalog.view("berserk.tables")
    found = read_everywhere(site, spec, "brk", {})
    assert {surface: status for surface, (status, _text) in found.items()} == {
        CLI: 0, API: 200, WEB: 200}
    value = json.loads(found[API][1])
    assert json.loads(found[CLI][1]) == value
    # rule BRK-6: each draft table ranks its own players; rule BRK-3: the TOP is seeded from
    # them, shown once built
    assert [t["key"] for t in value["tables"]] == ["table-1", "table-2", "top", "top-seeds"]
    assert [t["title"] for t in value["tables"][:2]] == ["Draft table 1", "Draft table 2"]
    state = site.events.load("brk").state
    for table, division in zip(value["tables"][:2], state.divisions.values(), strict=True):
        assert {row["cells"]["player"]["value"] for row in table["rows"]} == {
            state.players[p].name for p in division.members}
        assert [row["cells"]["rank"]["value"] for row in table["rows"]] == [1, 2, 3, 4]
    page = found[WEB][1]
    assert "Draft table 1" in page and "Draft table 2" in page and "TOP seeds" in page


def test_the_command_line_prints_each_draft_table_then_the_top(site: Surfaces) -> None:
    code, out = cli(site, "berserk", "tables", "brk")
    assert code == 0, out
    assert out.index("Draft table 1") < out.index("Draft table 2") < out.index("TOP seeds")
    code, out = cli(site, "--lang", "ru", "berserk", "tables", "brk")
    assert code == 0 and "Драфт-стол 1" in out, out


def test_the_view_is_refused_on_another_formats_event(site: Surfaces) -> None:
    answer = site.client.get("/api/v1/events/cmd/views/berserk.tables")
    assert answer.status_code == 409 and answer.json()["code"] == "format.other", answer.text
    code, out = cli(site, "berserk", "tables", "cmd")
    assert code == 4 and "is not for cmd, a commander event" in " ".join(out.split()), out
    assert site.client.get("/e/cmd/v/berserk.tables").status_code == 404  # no such page


def test_the_split_answers_its_tables_typed(tmp_path: Path) -> None:
    """Rules BRK-6, BRK-10: the split's answer is each table's players by id (the API's
    ``BerserkSplitDone`` schema says so); the command line prints each table by name."""
    site = Surfaces(tmp_path / "split.db")
    site.events.create_event("brk", "BRK", "berserk", {}, ACTOR, seed=5)
    site.events.add_players("brk", [f"B{i}" for i in range(1, 9)], ACTOR)
    site.own("brk")
    answer = site.client.post("/api/v1/events/brk/commands/berserk.split", json={"tables": 2},
                              headers={"Authorization": f"Bearer {site.token}"})
    assert answer.status_code == 200, answer.text
    tables = answer.json()["answer"]["tables"]
    state = site.events.load("brk").state
    assert tables == [division.members for division in state.divisions.values()]
    schema = site.client.get("/openapi.json").json()["components"]["schemas"]
    assert "BerserkSplitDone" in schema and "DraftTablesDrawn" in schema
    assert schema["DraftTablesDrawn"]["properties"]["tables"]["items"]["items"]["type"] == (
        "integer")
    code, out = cli(site, "berserk", "split", "brk", "--tables", "2", "--reason", "again")
    assert code == 0, out
    state = site.events.load("brk").state
    for number, division in enumerate(state.divisions.values(), start=1):
        names = ", ".join(state.players[p].name for p in division.members)
        assert f"Draft table {number} (4): {names}" in " ".join(out.split())
    code, out = cli(site, "berserk", "split", "brk", "--json")
    assert code == 0 and json.loads(out)["answer"]["tables"] == [
        d.members for d in site.events.load("brk").state.divisions.values()]
