"""Ratings on the command line: ``podium rating list|show`` (the register's views, no EVENT
argument), an export and import keeping the ratings, ``podium demo circuit``."""

from __future__ import annotations

import json
from pathlib import Path

from podium.service.events import EventService
from podium.store.db import Database, resolve_url
from tests.cli.conftest import Podium, flat
from tests.formats.people.helpers import register
from tests.formats.people.test_people_ratings import NAMES, draw_shared, one_pod


def service_of(db: Path) -> EventService:
    return EventService(Database(resolve_url(str(db))))


def test_rating_list_and_show_print_the_register(podium: Podium) -> None:
    service = service_of(podium.db)
    one_pod(service, "night", draw_shared)
    ids = register(service, NAMES, [("night", n, n) for n in NAMES], hidden=("Vera",))
    listed = flat(podium.out("rating", "list", "commander"))
    assert "Commander ratings" in listed
    for name in ("Anna", "Boris", "Gleb", "V."):
        assert name in listed
    assert "Vera" not in listed  # hidden: initials only
    shown = flat(podium.out("rating", "show", str(ids["Anna"])))
    assert "Anna (#1)" in shown and "night" in shown
    answer = json.loads(podium.out("rating", "list", "commander", "--json"))
    assert [r["cells"]["player"]["value"] for r in answer["rows"]][:2] == ["Anna", "Boris"]
    assert "Vera" not in json.dumps(answer)


def test_ratings_unchanged_by_export_and_import(podium: Podium, tmp_path: Path) -> None:
    service = service_of(podium.db)
    one_pod(service, "first", draw_shared, day="2026-01-10")
    one_pod(service, "second", lambda ids, seats: {
        "winner": ids["Gleb"], "eliminated": [ids["Anna"], [ids["Boris"], ids["Vera"]]]},
        day="2026-02-10", seed=9)
    register(service, NAMES, [(e, n, n) for e in ("first", "second") for n in NAMES])
    before = json.loads(podium.out("rating", "list", "commander", "--json"))
    other = tmp_path / "other.db"
    for slug in ("first", "second"):
        path = tmp_path / f"{slug}.json"
        path.write_text(podium.export(slug), encoding="utf-8")
        podium("import", str(path), db=other)
    moved = service_of(other)
    register(moved, NAMES, [(e, n, n) for e in ("first", "second") for n in NAMES])
    after = json.loads(podium.out("rating", "list", "commander", "--json", db=other))
    assert after == before
    assert len(before["rows"]) == 4


def test_demo_circuit_runs(podium: Podium) -> None:
    out = flat(podium.out("demo", "circuit"))
    assert "Commander ratings" in out
    assert "/p/" in out
    service = service_of(podium.db)
    from tests.formats.people.helpers import read

    rows = read(service, "people.ratings", system="commander").value.rows
    assert len(rows) == 12
    assert all(row["games"] >= 2 for row in rows)
