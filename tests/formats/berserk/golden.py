"""Berserk's golden event files (``golden/*.json``): hand-worked examples played through the
command line and written by ``podium export``, each with the standings it must derive
(``golden/*.standings.json``: each draft table's standings after each round and at the end, and
the TOP's matches and seeds with their notes). ``test_golden.py`` imports each file and
compares; its docstrings work the numbers by hand (regulation BRK).

Regenerate (after a deliberate change of the examples or of what the standings show):

    .venv/bin/python -m tests.formats.berserk.golden

then check the standings against the hand-worked numbers in ``test_golden.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from podium.core.views import standings_view
from tests.formats import golden_kit
from tests.formats.golden_kit import Example, Run, Tables

FOLDER = Path(__file__).parent / "golden"


def tables(podium: Run) -> None:
    """``tables``: 9 players split at random (seed 6) into two draft tables (BRK-6, BRK-10):
    table 1 Clara, Dmitri, Eva, Fedor, Hanna (odd: a bye each round), table 2 Anna, Boris, Gleb,
    Ivan; 3 rounds (BRK-6: every table under 8), then a TOP of 4 (BRK-1 .. BRK-5). The duels
    are the seed's; the results are typed as the organiser reads them, in the forms people use
    (``berserk result``, ``result enter --result``, ``top result``):

    round 1: Hanna beats Fedor, Eva wins technically against Clara (BRK-8), Anna beats Ivan,
    Boris and Gleb draw; Dmitri has the bye. Round 2: Dmitri beats Hanna, Eva and Fedor draw,
    Anna beats Boris, Ivan beats Gleb; Clara has the bye. Round 3: Eva beats Dmitri, Hanna beats
    Clara, Anna beats Gleb, Boris beats Ivan; Fedor has the bye. The TOP: Eva (seed 1) and Boris
    (seed 4) draw, the higher seed Eva advances (BRK-5); Hanna beats Anna; Hanna beats Eva in
    the final."""
    podium("event", "create", "tables", "--format", "berserk", "--seed", "6",
           "--name", "Берсерк: золотой пример", "--set", "top_size=4")
    podium("player", "add", "tables", "Anna", "Boris", "Clara", "Dmitri", "Eva", "Fedor",
           "Gleb", "Hanna", "Ivan")
    podium("berserk", "split", "tables", "--tables", "2", "--reason", "два зала")
    podium("round", "pair", "tables")
    podium("berserk", "result", "tables", "1", "--winner", "Hanna")
    podium("berserk", "result", "tables", "2", "--technical", "Eva")
    podium("result", "enter", "tables", "3", "--result", "2")  # Ivan v Anna: seat 2 won
    podium("berserk", "result", "tables", "4", "--draw")
    podium("round", "pair", "tables")
    podium("berserk", "result", "tables", "1", "--winner", "Dmitri")
    podium("result", "enter", "tables", "2", "--result", "=")
    podium("berserk", "result", "tables", "3", "--winner", "Anna")
    podium("berserk", "result", "tables", "4", "--winner", "Ivan")
    podium("round", "pair", "tables")
    podium("berserk", "result", "tables", "1", "--winner", "Eva")
    podium("berserk", "result", "tables", "2", "--winner", "Hanna")
    podium("berserk", "result", "tables", "3", "--winner", "Anna")
    podium("berserk", "result", "tables", "4", "--winner", "Boris")
    podium("top", "build", "tables")
    podium("top", "result", "tables", "1", "--draw")
    podium("top", "result", "tables", "2", "--winner", "Hanna")
    podium("top", "result", "tables", "3", "--winner", "Hanna")


def team_sealed(podium: Run) -> None:
    """``team-sealed``: Team Sealed (BRK-9, the match variant), four teams at one draft table,
    2 rounds. Round 1: Foxes v Owls, games ``1 D`` (4 to 1 over the games); Bears v Wolves,
    games ``1,2`` (level at 3-3), the deciding game won by seat 2. Round 2: Wolves v Foxes,
    games ``D D``; Bears v Owls, games ``T1,2`` (a technical win 2.5 in the first game,
    BRK-8)."""
    podium("event", "create", "team-sealed", "--format", "berserk", "--seed", "9",
           "--name", "Командный силед", "--set", "team_scoring=match", "--set", "rounds=2")
    podium("player", "add", "team-sealed", "Wolves", "Bears", "Owls", "Foxes")
    podium("berserk", "split", "team-sealed", "--tables", "1")
    podium("round", "pair", "team-sealed")
    podium("result", "enter", "team-sealed", "1", "--result", "1 D")
    podium("berserk", "result", "team-sealed", "2", "--games", "1,2", "--decider", "2")
    podium("round", "pair", "team-sealed")
    podium("result", "enter", "team-sealed", "1", "--result", "D D")
    podium("berserk", "result", "team-sealed", "2", "--games", "T1,2")


EXAMPLES: dict[str, Example] = {"tables": tables, "team-sealed": team_sealed}


def standings(loaded: Any) -> Tables:
    """Each draft table's standings (``table-N``, the TOP's sources, rule BRK-3) and, once
    built, the TOP's matches (``top``) and seeds (``top-seeds``) with their notes; each draft
    table's standings after each round too (``after-round-R/table-N``)."""
    ruleset, state = loaded.ruleset, loaded.state
    out = golden_kit.view_tables(ruleset.tables(state))
    for rnd in state.rounds:
        for number, table in ruleset.table_standings(state, through_round=rnd.number):
            view = standings_view(state, table)
            out[f"after-round-{rnd.number}/table-{number}"] = golden_kit.rows(view)
    return out


def build(name: str, folder: Path) -> str:
    return golden_kit.build(EXAMPLES, name, folder)


def derived(name: str, document: str, folder: Path) -> Tables:
    return golden_kit.derived(name, document, folder, standings)


def expected(name: str) -> Tables:
    return golden_kit.expected(FOLDER, name)


if __name__ == "__main__":
    golden_kit.write(FOLDER, EXAMPLES, standings)
