"""An import holds the rounds played before the last in a snapshot's compact form, as a load
from the snapshot would (a 200,000-player import: docs/benchmarks.md): the same event, the
same standings, and a correction of such a round afterwards is counted as usual."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from podium.core.log import Action
from podium.core.replay import replay
from podium.service import EventService
from podium.service.transfer import import_document, parse_document
from podium.store.db import Database, resolve_url

# rounds, a result corrected after the next round was paired, an undone round, a late entry,
# a drop and a reinstatement, then the final (written by the previous release)
FILE = Path(__file__).resolve().parents[1] / "fixtures" / "events_v1" / "commander_swiss_final.json"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    opened = EventService(Database(resolve_url(str(tmp_path / "podium.db"))))
    yield opened
    opened.db.dispose()


def rows(ruleset: Any, state: Any) -> list[tuple[Any, ...]]:
    """The standings' rows, a record's opponents as a multiset (a correction counted as a
    delta appends the corrected table's meetings last)."""
    return [(row.rank, row.player, row.values, row.dropped, row.note, row.record.points,
             row.record.games, row.record.wins, row.record.draws, row.record.byes,
             row.record.order_sum, sorted(row.record.opponents), row.record.seat_counts)
            for row in ruleset.standings(state).rows]


def replayed(text: str, ruleset: Any) -> Any:
    return replay([Action.from_json(raw) for raw in json.loads(text)["actions"]], ruleset)


def test_the_imported_event_holds_its_played_rounds_compact_and_equals_its_replay(
        service: EventService) -> None:
    text = FILE.read_text(encoding="utf-8")
    loaded = import_document(service, parse_document(text))
    state, ruleset = loaded.state, loaded.ruleset
    plain = replayed(text, ruleset)
    swiss = [rnd for rnd in state.rounds if rnd.stage == "swiss"]
    assert len(swiss) >= 3 and all(rnd.packed for rnd in swiss[:-1])
    assert ruleset.standings(state).rows == ruleset.standings(plain).rows
    # the packed rounds decode to what the replay holds
    for mine, theirs in zip(state.rounds, plain.rounds, strict=True):
        assert (mine.tables, mine.results, mine.byes) == (theirs.tables, theirs.results,
                                                          theirs.byes)


def test_a_correction_of_a_compact_round_after_the_import_is_counted(
        service: EventService) -> None:
    text = FILE.read_text(encoding="utf-8")
    loaded = import_document(service, parse_document(text))
    state = loaded.state
    first = state.rounds[0]
    assert first.packed
    ruleset = loaded.ruleset
    ruleset.standings(state)  # ranked once before the correction, as a page would be
    table = first.tables[0]
    winner, *others = table.seats
    entry = {"winner": others[0], "eliminated": [winner, *others[1:]][:len(table.seats) - 1],
             "draw": False, "simultaneous": False, "survivors": [], "game_losses": []}
    after, _rnd = service.enter_result(loaded.summary.slug, table.number, entry, "judge",
                                       round_number=first.number, correct=True, reason="typo")
    again = replayed(json.dumps({"actions": [a.to_json() for a in
                                             service.log(loaded.summary.slug)]}), ruleset)
    assert rows(ruleset, after) == rows(ruleset, again)
    assert rows(ruleset, after) != rows(ruleset, replayed(text, ruleset))
