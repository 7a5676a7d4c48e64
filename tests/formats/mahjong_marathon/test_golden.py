"""Golden event files of the marathon (``golden/*.json``, written by ``podium export`` from the
examples of :mod:`.golden`): each imports, derives the stage and total tables it must (its
``*.tables.json``), and exports again unchanged. The tables were checked against the numbers
worked by hand below (regulation MJ, with the examples' settings)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.formats.mahjong_marathon import golden

NAMES = sorted(golden.EXAMPLES)


def expected(name: str) -> dict[str, list[dict[str, Any]]]:
    return json.loads((golden.FOLDER / f"{name}.tables.json").read_text(encoding="utf-8"))


def by_player(rows: list[dict[str, Any]], *keys: str) -> dict[str, tuple[Any, ...]]:
    return {row["player"]: tuple(row[k] for k in keys) for row in rows}


def test_there_is_a_golden_file_for_each_example() -> None:
    assert {p.name for p in golden.FOLDER.iterdir()} == {
        f"{name}{suffix}" for name in NAMES for suffix in (".json", ".tables.json")}


@pytest.mark.parametrize("name", NAMES)
def test_a_golden_file_imports_derives_its_tables_and_exports_unchanged(
        name: str, tmp_path: Path) -> None:
    document = (golden.FOLDER / f"{name}.json").read_text(encoding="utf-8")
    assert golden.derived(name, document, tmp_path) == expected(name)
    assert golden.cli(tmp_path / f"{name}-imported.db")("export", name) == document


@pytest.mark.parametrize("name", NAMES)
def test_the_example_played_today_derives_the_same_tables(name: str, tmp_path: Path) -> None:
    """The commands of today (the same example through the command line) store what the golden
    file stores: the same tables follow."""
    document = golden.build(name, tmp_path)
    assert golden.derived(name, document, tmp_path) == expected(name)


def test_decisions_worked_by_hand() -> None:
    """Series of 2 games (MJ-7a), NR from 2 games (MJ-8). Games: g1 30/25/0/-55 (Anna, Boris,
    Clara, Dmitri), g2 10/10/-5/-15 (Anna, Boris, Clara, Egor), g3 40/20/0/-60 (Dmitri, Egor,
    Clara, Boris), all stage 1; g4 20/10/-10/-20 (Anna, Boris, Clara, Dmitri) in stage 2; g5 at
    table Lobby-1 does not count (MJ-3).

    Publication 1 (before the decisions), stage 1: Anna 4+3 TP = 7/2 = 3.5; Boris 2+3+0,
    best series 5 -> 2.5, stage 5/3, result 25/12; Dmitri 0+4 -> 2; Egor 0+2 -> 1 (series GP
    5); Clara 1+1+1 -> 1 (series GP -5). Places Anna, Boris, Dmitri, Egor, Clara; NR
    1000, 750, 500, 250, 0.

    Then rule MJ-6a: 5 GP off Anna in g1 makes 25 v 25, 3 TP each; rule MJ-5: g3 does not
    count; a 6c penalty of Egor is reverted (no effect). Stage 1: Anna g1 3 + g2 3 = 6 -> 3,
    Boris the same (series GP 35 each): both 1st; Clara 1 + 1 -> 1, 3rd; Egor (g2 0 TP,
    -15 GP) before Dmitri (g1 0 TP, -55 GP), each with 1 game: NR 0. N = 3: NR 1000, 1000, 0.
    Movement against publication 1: Boris up 1, Clara up 2, Dmitri down 2; Boris's GP -25 ->
    35 (+60), Anna's 40 -> 35 (-5). Stage 2: Anna 4 TP -> 2, Boris 1, Clara 1/2, Dmitri 0,
    all NR 0 (1 game). Total (MJ-9, MJ-10): SN Anna 1000 (results 3 + 2 = 5), Boris 1000
    (4), Clara 0 (3/2), Dmitri 0 (0, 2 games), Egor 0 (0, 1 game); nobody played every
    stage, so no stage is dropped."""
    tables = expected("decisions")
    first = tables["publication-1/stage-1"]
    assert by_player(first, "place", "result", "nr") == {
        "Anna": (1, "7/2", 1000), "Boris": (2, "25/12", 750), "Dmitri": (3, "2", 500),
        "Egor": (4, "1", 250), "Clara": (5, "1", 0)}
    stage = tables["stage-1"]
    assert by_player(stage, "place", "result", "tp", "series_gp", "games", "nr") == {
        "Anna": (1, "3", "6", 35, 2, 1000), "Boris": (1, "3", "6", 35, 2, 1000),
        "Clara": (3, "1", "2", -5, 2, 0), "Egor": (4, "0", "0", -15, 1, 0),
        "Dmitri": (5, "0", "0", -55, 1, 0)}
    moves = by_player(stage, "move", "gp_change")
    assert {name: (m["change"], g["change"]) for name, (m, g) in moves.items()} == {
        "Anna": (0, -5), "Boris": (1, 60), "Clara": (2, 0), "Egor": (0, -20),
        "Dmitri": (-2, -40)}
    assert by_player(tables["stage-2"], "place", "result", "nr") == {
        "Anna": (1, "2", 0), "Boris": (2, "1", 0), "Clara": (3, "1/2", 0),
        "Dmitri": (4, "0", 0)}
    assert [(r["player"], r["place"], r["sn"], r["results"], r["games"])
            for r in tables["total"]] == [
        ("Anna", 1, 1000, "5", 3), ("Boris", 2, 1000, "4", 3), ("Clara", 3, 0, "3/2", 3),
        ("Dmitri", 4, 0, "0", 2), ("Egor", 5, 0, "0", 1)]


def test_periods_worked_by_hand() -> None:
    """Series of 2, NR from 1 game, custom penalties on. Stage 1 (Moscow dates): p1 40/20/0/-60
    (Ivan, Kira, Lev, Mila) on 1 March, p2 0/40/20/-60 on 2 March (publication 1), p3 typed
    in: 30/-10/10/-30 on 3 March. Kira is disqualified on 2 March only (rule MJ-6: from
    2015-03-02 until 2015-03-03, Moscow), so p2 does not count for her; Lev has a custom 6b
    penalty of 30 GP (his stage GP, not his series', rule MJ-6b).

    Publication 1: Kira 2 + 4 = 6 -> 3, Ivan 4 + 1 -> 5/2, Lev 1 + 2 -> 3/2, Mila 0; NR 1000,
    667 (1000 * 2/3, rounded half up), 333, 0. Publication 2: Ivan 4, 1, 4: best series
    (p1, p2) 5 TP, 40 GP (ties (p2, p3) on TP, wins on GP), stage 9/3: (5/2 + 3)/2 = 11/4;
    Lev 1, 2, 2: series 4, stage 5/3: 11/6, GP 0 + 20 + 10 - 30 = 0; Kira p1 2 and p3 1:
    3/2; Mila 0. Ivan up 1, Lev up 1, Kira down 2."""
    tables = expected("periods")
    assert by_player(tables["publication-1/stage-1"], "place", "result", "nr") == {
        "Kira": (1, "3", 1000), "Ivan": (2, "5/2", 667), "Lev": (3, "3/2", 333),
        "Mila": (4, "0", 0)}
    second = tables["publication-2/stage-1"]
    assert by_player(second, "place", "result", "gp", "series_tp", "series_gp", "games") == {
        "Ivan": (1, "11/4", 70, "5", 40, 3), "Lev": (2, "11/6", 0, "4", 30, 3),
        "Kira": (3, "3/2", 10, "3", 10, 2), "Mila": (4, "0", -150, "0", -90, 3)}
    assert {name: m["change"] for name, (m,) in by_player(second, "move").items()} == {
        "Ivan": 1, "Lev": 1, "Kira": -2, "Mila": 0}
    keys = ("place", "result", "gp", "nr")  # nothing changed after publication 2
    assert by_player(tables["stage-1"], *keys) == by_player(second, *keys)
    assert [(r["player"], r["sn"]) for r in tables["total"]] == [
        ("Ivan", 1000), ("Lev", 667), ("Kira", 333), ("Mila", 0)]
