"""Event files written by the previous release (74018ed) still import and re-export unchanged.

Every file in ``tests/fixtures/events_v1/`` was written by the OLD code's `podium export` (file
format ``podium-event`` version 1; how, in that folder's README.md). Together they hold every
action kind the old code could write. For each file the NEW code must

* import it into a fresh database and export it again byte for byte, and
* derive the same results the old code showed for it (``FACTS``, recorded from the old code's
  `podium standings`, `podium berserk tables`, `podium top show` and marathon tables), so the
  test proves that replay gives the same standings, not only that the bytes survive.

A file the new code cannot take goes into ``KNOWN_FAILURES`` (strict xfail with the error) until
the code is fixed; src/ is not bent to the fixtures, nor the fixtures to src/.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from podium.cli import main
from podium.service import EventService
from podium.service import top as top_service
from podium.service.transfer import dumps, export_document, import_document, parse_document
from podium.store.db import Database, resolve_url
from tests.cli.conftest import Podium, standings_rows

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "events_v1"
FILES = sorted(path.name for path in FIXTURES.glob("*.json"))

# file name -> why it does not import or re-export identically yet (strict xfail).
KNOWN_FAILURES: dict[str, str] = {}

# Every action kind the old code could write (its podium.core.log.Kind, berserk.SPLIT and the
# marathon's kinds); the fixtures together must use each of them.
OLD_KINDS = {
    "event.created", "player.registered", "player.dropped", "player.reinstated",
    "settings.changed", "round.paired", "round.undone", "result.entered", "result.corrected",
    "top.built", "top.result", "top.corrected", "top.undone",
    "berserk.tables.split",
    "mahjong.games.added", "mahjong.penalty", "mahjong.game.disqualified",
    "mahjong.player.disqualified", "mahjong.reverted", "mahjong.published",
}

# What the OLD code showed for each event (names in standings order, points as exact fractions).
FACTS: dict[str, dict[str, Any]] = {
    "commander_swiss_final.json": {
        "slug": "cmd-pods",
        "standings": ["Egor", "Fedor", "Zoya", "Вера", "Анна", "Ярослав", "Борис", "Ivan",
                      "Глеб", "Дарья"],
        "points": ["4", "4", "8", "3", "3/2", "1", "1/2", "1/2", "1/2", "1/2"],
        "notes": ["champion", "final: 2", "final: 3", "final: 4", "", "", "", "", "", ""],
        # registered after round 1 (a late entry); Ivan dropped and was reinstated
        "late": {"Ярослав": 1},
        "dropped": [],
        "after_round_3": ["Zoya", "Egor", "Fedor", "Вера", "Анна", "Ярослав", "Борис", "Ivan",
                          "Глеб", "Дарья"],
        "rounds": ["swiss", "swiss", "swiss", "final"],
        "champion": "Egor",
    },
    "commander_swiss_top.json": {
        "slug": "cmd-top",
        "standings": ["Player H", "Player J", "Player A", "Player I", "Player E", "Player G",
                      "Player B", "Player C", "Player F", "Player D"],
        "points": ["6", "3", "3", "3", "1", "1", "0", "0", "0", "0"],
        "rounds": ["swiss", "swiss"],
        "top": {"size": 4, "draw_rule": "named", "minutes": 50,
                "seeds": ["Player H", "Player J", "Player A", "Player I"],
                "final": ["Player H", "Player A"], "champion": "Player A"},
    },
    "berserk_tables_top.json": {
        "slug": "brk-cup",
        "standings": ["Алексей", "Игорь", "Мира", "Диана", "Кира", "Тимур", "Злата", "Богдан",
                      "Ольга", "Евгений", "Роза", "Лев", "Жора", "Никита", "Семён", "Варвара",
                      "Григорий", "Ёлка", "Пётр"],
        "points": ["10", "9", "9", "9", "6", "11/2", "4", "3", "3", "0",
                   "9", "9", "9", "9", "6", "6", "6", "3", "3"],
        "tables": [
            ["Алексей", "Игорь", "Мира", "Диана", "Кира", "Тимур", "Злата", "Богдан", "Ольга",
             "Евгений"],
            ["Роза", "Лев", "Жора", "Никита", "Семён", "Варвара", "Григорий", "Ёлка", "Пётр"],
        ],
        "rounds": ["swiss"] * 4,
        "top": {"size": 8, "draw_rule": "higher_seed", "minutes": 70,
                "seeds": ["Алексей", "Роза", "Игорь", "Лев", "Мира", "Жора", "Диана", "Никита"],
                "final": ["Лев", "Игорь"], "champion": "Игорь"},
    },
    "berserk_team_sealed.json": {
        "slug": "brk-team",
        "standings": ["Team Oak", "Team Blue", "Team Red", "Team Gold", "Team Frost",
                      "Team Iron", "Team Green"],
        "points": ["7", "7", "6", "6", "4", "3", "1"],
        "tables": [["Team Oak", "Team Blue", "Team Red", "Team Gold", "Team Frost",
                    "Team Iron", "Team Green"]],
        "rounds": ["swiss"] * 3,
        "top": {"size": 4, "draw_rule": "named", "minutes": 70,
                "seeds": ["Team Oak", "Team Blue", "Team Red", "Team Gold"],
                "final": ["Team Gold", "Team Red"], "champion": "Team Gold"},
    },
    "berserk_demo_top16.json": {
        "slug": "demo-berserk-40-4-16-1",
        "tables": [
            ["Player 07", "Player 12", "Player 27", "Player 34", "Player 38", "Player 33",
             "Player 32", "Player 36", "Player 05", "Player 10"],
            ["Player 01", "Player 19", "Player 24", "Player 40", "Player 03", "Player 16",
             "Player 09", "Player 22", "Player 26", "Player 31"],
            ["Player 04", "Player 11", "Player 25", "Player 18", "Player 28", "Player 06",
             "Player 39", "Player 14", "Player 35", "Player 15"],
            ["Player 30", "Player 21", "Player 02", "Player 20", "Player 29", "Player 08",
             "Player 13", "Player 23", "Player 17", "Player 37"],
        ],
        "points": ["10", "9", "8", "7", "6", "6", "6", "3", "3", "0",
                   "12", "9", "6", "6", "6", "6", "6", "3", "5/2", "5/2",
                   "12", "9", "9", "6", "6", "11/2", "4", "4", "3", "0",
                   "12", "9", "9", "6", "6", "6", "4", "4", "3", "0"],
        "rounds": ["swiss"] * 4,
        "top": {"size": 16, "draw_rule": "higher_seed", "minutes": 70,
                "seeds": ["Player 07", "Player 01", "Player 04", "Player 30", "Player 12",
                          "Player 19", "Player 11", "Player 21", "Player 27", "Player 24",
                          "Player 25", "Player 02", "Player 34", "Player 40", "Player 18",
                          "Player 20"],
                "final": ["Player 02", "Player 40"], "champion": "Player 40"},
    },
    "mahjong_marathon.json": {
        "slug": "mj-2015",
        "players": 41,
        "publications": 2,
        # The year's total (MJ-9, MJ-10): place, player, SN, result sum, games.
        "total_top3": [(1, "player09", 3475, "483883/51480", 56),
                       (2, "player05", 3336, "3308527/398970", 116),
                       (3, "player30", 3169, "3467309/426360", 93)],
        # Stage tables (MJ-7, MJ-8): place, player, NR.
        "stage_top3": {
            "stage-1": [(1, "player09", 1000), (2, "player20", 941), (3, "player38", 882)],
            "stage-5": [(1, "player18", 1000), (2, "player06", 928), (3, "player30", 857)],
        },
    },
}


def params() -> list[Any]:
    return [
        pytest.param(name, marks=pytest.mark.xfail(reason=KNOWN_FAILURES[name], strict=True))
        if name in KNOWN_FAILURES else name
        for name in FILES
    ]


@dataclass
class Imported:
    text: str
    slug: str
    service: EventService


@pytest.fixture
def open_service(tmp_path: Path) -> Iterator[Any]:
    opened: list[EventService] = []

    def open_(name: str = "podium.db") -> EventService:
        service = EventService(Database(resolve_url(str(tmp_path / name))))
        opened.append(service)
        return service

    yield open_
    for service in opened:
        service.db.dispose()


def import_file(name: str, open_service: Any) -> Imported:
    text = (FIXTURES / name).read_text(encoding="utf-8")
    document = parse_document(text)
    import_document(open_service(), document)
    # A second service on the same database: the facts come from what is stored, replayed
    # afresh, not from the state the import kept in memory.
    return Imported(text, document["event"]["slug"], open_service())


def names(state: Any, players: Any) -> list[str]:
    return [state.players[pid].name for pid in players]


def text(value: Any) -> str:
    return str(Fraction(value))


def test_the_fixtures_cover_every_old_action_kind() -> None:
    assert FILES, f"no event files in {FIXTURES}"
    kinds = set()
    for name in FILES:
        document = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
        assert document["file"] == "podium-event" and document["version"] == 1
        kinds |= {action["kind"] for action in document["actions"]}
    assert kinds == OLD_KINDS


def test_every_fixture_has_its_facts() -> None:
    assert set(FACTS) == set(FILES)
    assert set(KNOWN_FAILURES) <= set(FILES)


@pytest.mark.parametrize("name", params())
def test_import_and_export_again_is_byte_identical(name: str, open_service: Any) -> None:
    imported = import_file(name, open_service)
    assert FACTS[name]["slug"] == imported.slug
    again = dumps(export_document(imported.service, imported.slug))
    assert again == imported.text


@pytest.mark.parametrize("name", params())
def test_the_new_code_derives_what_the_old_code_showed(name: str, open_service: Any) -> None:
    imported = import_file(name, open_service)
    facts = FACTS[name]
    loaded = imported.service.load(imported.slug)
    state, ruleset = loaded.state, loaded.ruleset
    if state.format == "mahjong-marathon":
        check_marathon(state, ruleset, imported.service, facts)
        return
    standings = ruleset.standings(state)
    if "standings" in facts:
        assert names(state, standings.order()) == facts["standings"]
    else:  # Berserk: the whole event's standings are the draft tables one after the other
        assert names(state, standings.order()) == [n for table in facts["tables"] for n in table]
    assert [text(row.values[0]) for row in standings.rows] == facts["points"]
    assert [rnd.stage for rnd in state.rounds] == facts["rounds"]
    assert all(len(rnd.results) == len(rnd.tables) for rnd in state.rounds)
    if "notes" in facts:
        assert [row.note for row in standings.rows] == facts["notes"]
    if "late" in facts:
        assert {p.name: p.joined_round for p in state.players.values() if p.joined_round} == (
            facts["late"])
        assert [p.name for p in state.players.values() if p.dropped] == facts["dropped"]
    if "after_round_3" in facts:
        assert names(state, ruleset.standings(state, 3).order()) == facts["after_round_3"]
    if "champion" in facts:  # Commander's final pod (CMD-10): its winner heads the standings
        final = state.rounds[-1]
        assert final.stage == "final"
        assert state.players[final.results[1].entry["winner"]].name == facts["champion"]
        assert state.players[standings.rows[0].player].name == facts["champion"]
    if "tables" in facts:  # Berserk draft tables (BRK-6): sizes and each table's standings
        tables = ruleset.table_standings(state)
        assert [len(table.rows) for _number, table in tables] == [
            len(members) for members in facts["tables"]]
        assert [names(state, table.order()) for _number, table in tables] == facts["tables"]
    if "top" in facts:
        top = facts["top"]
        _state, bracket = top_service.load_top(imported.service, imported.slug)
        assert (bracket.size, bracket.draw_rule, bracket.minutes) == (
            top["size"], top["draw_rule"], top["minutes"])
        by_seed = sorted(bracket.seeds, key=bracket.seeds.__getitem__)
        assert names(state, by_seed) == top["seeds"]
        assert names(state, bracket.final().players) == top["final"]
        assert bracket.champion is not None
        assert state.players[bracket.champion].name == top["champion"]


def check_marathon(state: Any, ruleset: Any, service: EventService,
                   facts: dict[str, Any]) -> None:
    assert len(state.players) == facts["players"]
    assert len(ruleset.book(state).publications) == facts["publications"]
    total = ruleset.standings(state)
    assert [
        (row.rank, state.players[row.player].name, row.values[0], text(row.values[1]),
         row.values[2])
        for row in total.rows[:3]
    ] == facts["total_top3"]
    view = ruleset.table(state, "total")
    assert [(row["place"], row["player"], row["sn"]) for row in view.rows[:3]] == [
        (place, player, sn) for place, player, sn, _results, _games in facts["total_top3"]]
    for key, top3 in facts["stage_top3"].items():
        stage = ruleset.table(state, key)
        assert [(row["place"], row["player"], row["nr"]) for row in stage.rows[:3]] == top3


def test_import_and_export_through_the_cli(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(main.console, "width", 140)  # as tests/cli/conftest.py: no wrapping
    name = "commander_swiss_final.json"
    path = FIXTURES / name
    podium = Podium(tmp_path / "cli.db")
    try:
        out = podium.out("import", str(path))
        assert "Imported cmd-pods:" in out
        assert podium.export("cmd-pods") == path.read_text(encoding="utf-8")
        rows = standings_rows(podium.out("standings", "cmd-pods"))
        assert list(rows) == FACTS[name]["standings"]
        assert rows[FACTS[name]["champion"]]["Note"] == "champion"
        assert rows["Ярослав"]["Note"] == "late entry after round 1"
    finally:
        podium.close()
