"""Golden event files of Commander (``golden/*.json``, written by ``podium export`` from the
examples of :mod:`.golden`): each imports, derives the standings it must (its
``*.standings.json``), and exports again unchanged; the example played today through the command
line stores what the file stores. The standings were checked against the numbers worked by hand
below (regulation CMD, with the example's settings)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.formats.commander import golden

NAMES = sorted(golden.EXAMPLES)
COLUMNS = ("rank", "points", "elimination_sum", "opponents_win_pct", "wdl", "byes", "note")
# The points are exact text; the tiebreak columns as the views give them: whole values as
# integers (core.standings keeps whole fractions as ints), the others as exact fractions.


def table(rows: list[dict[str, Any]], *keys: str) -> list[tuple[Any, ...]]:
    """The rows in order: the player, then ``keys``."""
    return [(row["player"], *(row[k] for k in keys)) for row in rows]


def test_there_is_a_golden_file_for_each_example() -> None:
    assert {p.name for p in golden.FOLDER.iterdir()} == {
        f"{name}{suffix}" for name in NAMES for suffix in (".json", ".standings.json")}


@pytest.mark.parametrize("name", NAMES)
def test_a_golden_file_imports_derives_its_standings_and_exports_unchanged(
        name: str, tmp_path: Path) -> None:
    document = (golden.FOLDER / f"{name}.json").read_text(encoding="utf-8")
    assert golden.derived(name, document, tmp_path) == golden.expected(name)
    assert golden.golden_kit.cli(tmp_path / f"{name}-imported.db")("export", name) == document


@pytest.mark.parametrize("name", NAMES)
def test_the_example_played_today_derives_the_same_standings(name: str, tmp_path: Path) -> None:
    """The commands of today (the same example through the command line) store what the golden
    file stores: the same standings follow."""
    document = golden.build(name, tmp_path)
    assert golden.derived(name, document, tmp_path) == golden.expected(name)


def test_cup_worked_by_hand() -> None:
    """Points (CMD-2, CMD-13): a win 3, each survivor of a draw 1, else 0. Elimination order
    (CMD-3a): 1 for the first out ... 4 for the winner; players out at the same moment share the
    orders they cover; the survivors of a draw count as out in turn order (CMD-4b). The
    opponents' win ratio (CMD-3b): all wins of all opponents met over all their games (one
    pooled ratio, an opponent met twice counts twice, a draw is a game and not a win).

    Round 1 (as corrected). Table 1, turn order Boris, Eva, Clara, Fedor: Clara out (1), then a
    draw at time: Boris 2, Eva 3, Fedor 4 (turn order), 1 point each. Table 2: Anna wins (4, 3
    points); Dmitri 1, Hanna 2, Gleb 3 (the correction: the slip said Gleb 2, Hanna 3).
    After round 1: Anna 3 pts (4); Fedor, Eva, Boris 1 pt (4, 3, 2); Gleb 0 (3, ratio 1/3: Anna
    1 win in 1 game, Dmitri and Hanna 0 in 1), Hanna 0 (2, 1/3), Dmitri 0 (1, 1/3, dropped
    after round 1), Clara 0 (1, ratio 0: her opponents only drew), Zoya (entered after round
    1) 0.

    Round 2 (by standings, CMD-6). Table 1, turn order Eva, Boris, Fedor, Anna: Eva wins;
    ``Fedor+Anna`` out at the same moment first, sharing orders 1 and 2: 3/2 each (CMD-3a);
    Boris 3. Table 2, Gleb, Clara, Zoya, Hanna: Zoya wins at once and names the order (CMD-4a):
    Clara 1, Hanna 2, Gleb 3. After round 2: Eva 4 pts (3 + 4 = 7); Anna 3 (4 + 3/2 = 11/2)
    before Zoya 3 (4) on the elimination sum; Fedor 1 (11/2) before Boris 1 (5); Gleb 0 (6),
    Hanna 0 (4), Clara 0 (2), Dmitri 0 (1). Ratios: Eva 1/12 (Anna's 1 win over 12 games met),
    Anna 1/11, Fedor and Boris 3/12 = 1/4.

    Round 3 (fill by standings: Eva, Anna, Zoya, Fedor / Boris, Gleb, Hanna, Clara; no pod of
    round 2 repeats, so no CMD-7 swap). Table 1, Anna, Fedor, Eva, Zoya: Anna wins; Zoya 1,
    Fedor 2, Eva 3. Table 2, Clara, Hanna, Boris, Gleb: Gleb wins; Hanna out first by the
    judge's game loss (CMD-14), Boris 2, Clara 3.

    Swiss standings after round 3 (points, elimination sum, ratio = opponents' wins / games):
    1 Anna 6 (4 + 3/2 + 4 = 19/2; 4/24 = 1/6), 2 Eva 4 (3 + 4 + 3 = 10; 5/26), 3 Gleb 3
    (3 + 3 + 4 = 10; 3/24 = 1/8) before 4 Zoya 3 (4 + 1 = 5; 4/18 = 2/9) on the elimination sum,
    5 Fedor 1 (4 + 3/2 + 2 = 15/2; 8/26 = 4/13) before 6 Boris 1 (2 + 3 + 2 = 7; 5/27),
    7 Hanna 0 (2 + 2 + 1 = 5; 6/24 = 1/4) before 8 Clara 0 (1 + 1 + 3 = 5; 4/26 = 2/13) on the
    ratio (CMD-3b: equal points and elimination sums), 9 Dmitri 0 (1; 3/9 = 1/3). No tie reaches
    the random tiebreaker (CMD-3c). The wins behind the ratios: Anna 2, Eva, Gleb, Zoya 1, the
    others 0; games: 3 each, Zoya 2, Dmitri 1.

    The final (CMD-10): the top 4, Anna, Eva, Gleb, Zoya, in the seed's turn order Anna, Gleb,
    Eva, Zoya. Zoya wins (the champion), Gleb out first, then Anna, then Eva: Eva 2nd, Anna 3rd,
    Gleb 4th head the standings; the others keep their Swiss order."""
    tables = golden.expected("cup")
    assert table(tables["after-round-1"], "rank", "points", "elimination_sum",
                 "opponents_win_pct") == [
        ("Anna", 1, "3", 4, 0), ("Fedor", 2, "1", 4, 0), ("Eva", 3, "1", 3, 0),
        ("Boris", 4, "1", 2, 0), ("Gleb", 5, "0", 3, "1/3"), ("Hanna", 6, "0", 2, "1/3"),
        ("Dmitri", 7, "0", 1, "1/3"), ("Clara", 8, "0", 1, 0), ("Zoya", 9, "0", 0, 0)]
    assert table(tables["after-round-2"], "rank", "points", "elimination_sum",
                 "opponents_win_pct") == [
        ("Eva", 1, "4", 7, "1/12"), ("Anna", 2, "3", "11/2", "1/11"), ("Zoya", 3, "3", 4, 0),
        ("Fedor", 4, "1", "11/2", "1/4"), ("Boris", 5, "1", 5, "1/4"),
        ("Gleb", 6, "0", 6, "1/5"), ("Hanna", 7, "0", 4, "1/5"), ("Clara", 8, "0", 2, "2/11"),
        ("Dmitri", 9, "0", 1, "1/6")]
    swiss = [
        ("Anna", 1, "6", "19/2", "1/6", "2-0-1", 0, ""),
        ("Eva", 2, "4", 10, "5/26", "1-1-1", 0, ""),
        ("Gleb", 3, "3", 10, "1/8", "1-0-2", 0, ""),
        ("Zoya", 4, "3", 5, "2/9", "1-0-1", 0, ""),
        ("Fedor", 5, "1", "15/2", "4/13", "0-1-2", 0, ""),
        ("Boris", 6, "1", 7, "5/27", "0-1-2", 0, ""),
        ("Hanna", 7, "0", 5, "1/4", "0-0-3", 0, ""),
        ("Clara", 8, "0", 5, "2/13", "0-0-3", 0, ""),
        ("Dmitri", 9, "0", 1, "1/3", "0-0-1", 0, "dropped"),
    ]
    assert table(tables["after-round-3"], *COLUMNS) == swiss
    assert all(row["random"] is None for row in tables["after-round-3"])  # CMD-3c not needed
    assert table(tables["standings"], *COLUMNS) == [
        ("Zoya", 1, "3", 5, "2/9", "1-0-1", 0, "champion"),
        ("Eva", 2, "4", 10, "5/26", "1-1-1", 0, "final: 2"),
        ("Anna", 3, "6", "19/2", "1/6", "2-0-1", 0, "final: 3"),
        ("Gleb", 4, "3", 10, "1/8", "1-0-2", 0, "final: 4"),
        *swiss[4:],
    ]
