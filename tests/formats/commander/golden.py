"""Commander's golden event files (``golden/*.json``): hand-worked examples played through the
command line and written by ``podium export``, each with the standings it must derive
(``golden/*.standings.json``: after each Swiss round and at the end). ``test_golden.py`` imports
each file and compares; its docstrings work the numbers by hand (regulation CMD).

Regenerate (after a deliberate change of the examples or of what the standings show):

    .venv/bin/python -m tests.formats.commander.golden

then check the standings against the hand-worked numbers in ``test_golden.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from podium.core.views import standings_view
from tests.formats import golden_kit
from tests.formats.golden_kit import Example, Run, Tables

FOLDER = Path(__file__).parent / "golden"


def cup(podium: Run) -> None:
    """``cup``: 8 players, 3 Swiss rounds (fewer than CMD-11's 5, by the organiser's override),
    then the top-4 final pod (CMD-10). The pods are the seed's (18); the results are typed by
    name as the organiser reads them from the printed pairings:

    round 1, table 1 (Boris, Eva, Clara, Fedor in turn order): a draw at time, Clara out first,
    Boris, Eva and Fedor survive (CMD-12, CMD-13, CMD-4b); table 2 (Hanna, Gleb, Anna, Dmitri):
    Anna wins, Dmitri, Gleb, Hanna out in that order. Dmitri drops; Zoya enters late.
    Round 2, table 1 (Eva, Boris, Fedor, Anna): Eva wins, Fedor and Anna out at the same moment
    first (``Fedor+Anna``, CMD-3a), then Boris; table 2 (Gleb, Clara, Zoya, Hanna): Zoya wins
    at once and names the order Clara, Hanna, Gleb (CMD-4a). Then round 1, table 2 is corrected
    with its reason: Hanna was out before Gleb. Round 3, table 1 (Anna, Fedor, Eva, Zoya): Anna
    wins, Zoya, Fedor, Eva out; table 2 (Clara, Hanna, Boris, Gleb): Gleb wins, Hanna out first
    by the judge's game loss (CMD-14), then Boris, Clara. The final (Anna, Gleb, Eva, Zoya):
    Zoya wins, Gleb, Anna, Eva out."""
    podium("event", "create", "cup", "--name", "Кубок Гусеницы: золотой пример", "--seed", "18",
           "--set", "rounds=3", "--set", "fewer_rounds=yes")
    podium("player", "add", "cup", "Anna", "Boris", "Clara", "Dmitri", "Eva", "Fedor", "Gleb",
           "Hanna")
    podium("round", "pair", "cup")
    podium("result", "enter", "cup", "1", "--draw", "--survivors", "Boris,Eva,Fedor",
           "--order", "Clara")
    podium("result", "enter", "cup", "2", "--winner", "Anna", "--order", "Dmitri,Gleb,Hanna")
    podium("player", "drop", "cup", "Dmitri", "--reason", "уехал домой")
    podium("player", "add", "cup", "Zoya")
    podium("round", "pair", "cup")
    podium("result", "enter", "cup", "1", "--winner", "Eva", "--order", "Fedor+Anna,Boris")
    podium("result", "enter", "cup", "2", "--simultaneous", "--winner", "Zoya",
           "--order", "Clara,Hanna,Gleb")
    podium("result", "correct", "cup", "2", "--round", "1",
           "--reason", "бланк прочитан неверно: Hanna выбыла раньше Gleb",
           "--winner", "Anna", "--order", "Dmitri,Hanna,Gleb")
    podium("round", "pair", "cup")
    podium("result", "enter", "cup", "1", "--winner", "Anna", "--order", "Zoya,Fedor,Eva")
    podium("result", "enter", "cup", "2", "--winner", "Gleb", "--order", "Hanna,Boris,Clara",
           "--game-loss", "Hanna=нарушила договорённость")
    podium("round", "pair", "cup")  # the final pod (rule CMD-10)
    podium("result", "enter", "cup", "1", "--winner", "Zoya", "--order", "Gleb,Anna,Eva")


EXAMPLES: dict[str, Example] = {"cup": cup}


def standings(loaded: Any) -> Tables:
    """The standings after each Swiss round (``after-round-N``, rule CMD-3) and as they stand
    (``standings``: the final pod on top once played, rule CMD-10), row by row."""
    ruleset, state = loaded.ruleset, loaded.state
    out = golden_kit.view_tables(ruleset.tables(state))
    for rnd in state.rounds:
        if rnd.stage == "swiss":
            view = standings_view(state, ruleset.standings(state, through_round=rnd.number))
            out[f"after-round-{rnd.number}"] = golden_kit.rows(view)
    return out


def build(name: str, folder: Path) -> str:
    return golden_kit.build(EXAMPLES, name, folder)


def derived(name: str, document: str, folder: Path) -> Tables:
    return golden_kit.derived(name, document, folder, standings)


def expected(name: str) -> Tables:
    return golden_kit.expected(FOLDER, name)


if __name__ == "__main__":
    golden_kit.write(FOLDER, EXAMPLES, standings)
