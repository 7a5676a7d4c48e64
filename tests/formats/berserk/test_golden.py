"""Golden event files of Berserk (``golden/*.json``, written by ``podium export`` from the
examples of :mod:`.golden`): each imports, derives the standings it must (its
``*.standings.json``: each draft table's, and the TOP), and exports again unchanged; the example
played today through the command line stores what the file stores. The standings were checked
against the numbers worked by hand below (regulation BRK, with the examples' settings)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.formats.berserk import golden

NAMES = sorted(golden.EXAMPLES)
# The points are exact text; the tiebreak columns as the views give them: whole values as
# integers (core.standings keeps whole fractions as ints), the others as exact fractions.
COLUMNS = ("rank", "points", "buchholz", "opponents_win_pct", "wdl", "byes")


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


def test_tables_worked_by_hand() -> None:
    """Duels (BRK-6 settings): a win 3, a draw 1 each, a loss 0, a technical win 2.5 and its
    loss 0 (BRK-8), a bye 3 (the odd table's lowest among those with the fewest byes). Each
    draft table ranks its own players by points, then Buchholz (the points of every opponent
    met, now), the opponents' win ratio (their wins over their games; a bye is neither), then a
    seeded random order.

    Draft table 1 (Clara, Dmitri, Eva, Fedor, Hanna; 3 rounds, one bye each round). Round 1:
    Hanna 3 - Fedor 0, Eva 2.5 - Clara 0 (technical), Dmitri bye 3. Round 2: Dmitri 3 - Hanna 0,
    Eva 1 - Fedor 1, Clara bye 3. Round 3: Eva 3 - Dmitri 0, Hanna 3 - Clara 0, Fedor bye 3.
    Points: Eva 2.5 + 1 + 3 = 13/2, Hanna 3 + 0 + 3 = 6, Dmitri 3 + 3 + 0 = 6, Fedor 0 + 1 + 3
    = 4, Clara 0 + 3 + 0 = 3. Buchholz: Eva 3 + 4 + 6 = 13 (Clara, Fedor, Dmitri), Hanna
    4 + 6 + 3 = 13 (Fedor, Dmitri, Clara), Dmitri 6 + 13/2 = 25/2 (Hanna, Eva): Hanna is 2nd and
    enters the TOP by half a point, the half the technical win took from Eva (had it been a
    3-0, Dmitri's Buchholz would be 13 too, and his ratio 2/3 beats Hanna's 1/6). Ratios:
    wins Eva 2, Hanna 2, Dmitri 1, Fedor 0, Clara 0, over 3, 3, 2, 2, 2 games: Eva 1/6 (0 + 0 +
    1 over 2 + 2 + 2), Hanna 1/6, Dmitri (2 + 2)/(3 + 3) = 2/3, Fedor 2/3, Clara 2/3.
    After round 1 Dmitri (bye) and Hanna tie at 3 with Buchholz 0 and ratio 0: the seeded
    random order puts Dmitri first (1, 2 in the random column).

    Draft table 2 (Anna, Boris, Gleb, Ivan). Round 1: Anna beats Ivan, Boris and Gleb draw;
    round 2: Anna beats Boris, Ivan beats Gleb; round 3: Anna beats Gleb, Boris beats Ivan.
    Points: Anna 9, Boris 1 + 0 + 3 = 4, Ivan 0 + 3 + 0 = 3, Gleb 1 + 0 + 0 = 1. Buchholz:
    Anna 3 + 4 + 1 = 8, Boris 1 + 9 + 3 = 13, Ivan 9 + 1 + 4 = 14, Gleb 4 + 3 + 9 = 16. Ratios
    (wins Anna 3, Boris 1, Ivan 1, Gleb 0, 3 games each): Anna 2/9, Boris 4/9, Ivan 4/9,
    Gleb 5/9.

    The TOP of 4 from 2 tables (BRK-3): seeds interleave the places, 1 Eva (table 1, 1st),
    2 Anna (table 2, 1st), 3 Hanna (table 1, 2nd), 4 Boris (table 2, 2nd); BRK-1: seed 1 v 4,
    seed 2 v 3; no pair from one table, the table winners and each table's 1st and 2nd meet in
    the final at the earliest: goals 1, 2, 3 of BRK-4 met. Match 1: Eva and Boris draw, the
    higher seed Eva advances (BRK-5, the default draw rule); match 2: Hanna beats Anna; the
    final: Hanna beats Eva. Champion: Hanna. 70 minutes a game in the TOP (BRK-7)."""
    tables = golden.expected("tables")
    assert table(tables["table-1"], *COLUMNS) == [
        ("Eva", 1, "13/2", 13, "1/6", "2-1-0", 0), ("Hanna", 2, "6", 13, "1/6", "2-0-1", 0),
        ("Dmitri", 3, "6", "25/2", "2/3", "1-0-1", 1), ("Fedor", 4, "4", "25/2", "2/3", "0-1-1", 1),
        ("Clara", 5, "3", "25/2", "2/3", "0-0-2", 1)]
    assert table(tables["table-2"], *COLUMNS) == [
        ("Anna", 1, "9", 8, "2/9", "3-0-0", 0), ("Boris", 2, "4", 13, "4/9", "1-1-1", 0),
        ("Ivan", 3, "3", 14, "4/9", "1-0-2", 0), ("Gleb", 4, "1", 16, "5/9", "0-1-2", 0)]
    assert tables["after-round-3/table-1"] == tables["table-1"]
    assert table(tables["after-round-1/table-1"], "rank", "points", "buchholz", "random")[:3] == [
        ("Dmitri", 1, "3", 0, 1), ("Hanna", 2, "3", 0, 2), ("Eva", 3, "5/2", 0, None)]
    assert table(tables["top-seeds"], "seed", "table") == [
        ("Eva", 1, "table 1, place 1"), ("Anna", 2, "table 2, place 1"),
        ("Hanna", 3, "table 1, place 2"), ("Boris", 4, "table 2, place 2")]
    assert [note.split(":")[:2] for note in tables["top-seeds/notes"]] == [
        ["goal 1", " met"], ["goal 2", " met"], ["goal 3", " met"]]
    assert [(m["match"], m["round"], m["first"], m["second"], m["winner"], m["note"])
            for m in tables["top"]] == [
        (1, "semi-final", "(1) Eva", "(4) Boris", "Eva", "draw; seed 1 advances (rule BRK-5)"),
        (2, "semi-final", "(2) Anna", "(3) Hanna", "Hanna", ""),
        (3, "final", "(1) Eva", "(3) Hanna", "Hanna", "")]
    assert "time: 70 minutes per game in the TOP (rule BRK-7)" in tables["top/notes"]
    assert tables["top/notes"][-1] == "champion: Hanna"


def test_team_sealed_worked_by_hand() -> None:
    """Team Sealed, the match variant (BRK-9): over the two games (a win 3, a draw 1, a
    technical win 2.5, BRK-8) the team with more points wins the match 3-0; level games need the
    deciding game; both games drawn is 1-1.

    Round 1: Foxes v Owls ``1 D``: 3 + 1 = 4 to 0 + 1 = 1, Foxes 3-0; Bears v Wolves ``1,2``:
    3 to 3, the deciding game to seat 2, Wolves 3-0. Round 2 (by the table's standings; Wolves
    before Foxes on the seeded random order, all else equal): Wolves v Foxes ``D D``: 1-1; Bears
    v Owls ``T1,2``: 2.5 to 3, Owls 3-0. Points: Foxes 3 + 1 = 4, Wolves 3 + 1 = 4, Owls 0 + 3
    = 3, Bears 0. Buchholz: Foxes 3 + 4 = 7 (Owls, Wolves) before Wolves 0 + 4 = 4 (Bears,
    Foxes); Owls 4 + 0 = 4, Bears 4 + 3 = 7. Ratios (wins: Foxes, Wolves, Owls 1, Bears 0; 2
    games each): Foxes 2/4 = 1/2, Wolves 1/4, Owls 1/4, Bears 1/2."""
    tables = golden.expected("team-sealed")
    assert table(tables["table-1"], *COLUMNS) == [
        ("Foxes", 1, "4", 7, "1/2", "1-1-0", 0), ("Wolves", 2, "4", 4, "1/4", "1-1-0", 0),
        ("Owls", 3, "3", 4, "1/4", "1-0-1", 0), ("Bears", 4, "0", 7, "1/2", "0-0-2", 0)]
    assert table(tables["after-round-1/table-1"], "rank", "points", "random") == [
        ("Wolves", 1, "3", 1), ("Foxes", 2, "3", 2), ("Bears", 3, "0", 1), ("Owls", 4, "0", 2)]
    assert "top" not in tables  # no TOP built: the example stops after the table rounds
