"""The golden year (rule W7-1): event files of a small year written by ``podium export`` (the
series and its two seasons, the survival battles kept in the starting season and the Legendary
League in season 1; ``golden/make_golden_year.py`` wrote them through the year's commands) import,
derive the expected year table, survival winners (W7-14) and Legendary League (W7-31 .. W7-34),
and export again unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from podium.compose import build_catalog
from podium.core.commands import CLI, TEXT, Caller
from podium.formats.seven_wonders import legendary_rules, survival_rules
from podium.service.catalog import Invocation
from podium.service.events import EventService
from podium.service.exports import to_csv
from podium.service.transfer import dumps, export_document, import_document, parse_document
from podium.store.db import Database

GOLDEN = Path(__file__).resolve().parent / "golden"
SLUGS = ("y-s0", "y-s1", "y-year")


@pytest.fixture
def imported(tmp_path: Path) -> EventService:
    service = EventService(Database(str(tmp_path / "golden.db")))
    for slug in SLUGS:
        import_document(service, parse_document((GOLDEN / f"{slug}.json").read_text("utf-8")))
    return service


def test_the_golden_year_derives_its_table(imported: EventService) -> None:
    # rule W7-1: each season's column is its table's totals, the total paid out 1:1; the
    # declared view of the year table and the year's first table say the same
    imported.catalog = build_catalog()
    for name in ("seven-wonders.year-table", "seven-wonders.year", "series.overview"):
        seen = imported.read(Invocation(name, "y-year", {}, TEXT, CLI), Caller.cli("test"))
        view = seen.value if name.endswith("table") else seen.value[0]
        assert to_csv(view, "en") == (GOLDEN / "year_table.csv").read_text("utf-8"), name


def test_the_golden_year_derives_its_battles_and_legendary_league(imported) -> None:
    # rule W7-14: the survival winners; rules W7-31 .. W7-34: the picks, the holders after
    # the answers (one refused: its place passed on) and the final's places
    expected = json.loads((GOLDEN / "expected.json").read_text("utf-8"))
    s0 = imported.load("y-s0").state
    assert sorted(s0.players[p].name
                  for p in survival_rules.survival_of(s0).warriors) == expected["survivors"]
    s1 = imported.load("y-s1").state
    league = legendary_rules.legendary_of(s1, max(a.at for a in imported.log("y-s1")))
    names = {pid: p.name for pid, p in s1.players.items()}
    assert [names[p] for p in league.selection.players] == expected["picks"]
    assert [names[s.holder.player] for s in league.roster.seats] == expected["holders"]
    assert names[league.final.champion] == expected["champion"]
    assert {names[p]: n for p, n in league.final.places.items()} == expected["places"]


@pytest.mark.parametrize("slug", SLUGS)
def test_the_golden_files_export_unchanged(imported: EventService, slug: str) -> None:
    assert dumps(export_document(imported, slug)) == (GOLDEN / f"{slug}.json").read_text(
        "utf-8")
