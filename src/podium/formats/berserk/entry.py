"""A Berserk duel's result as people type it (rules BRK-6, BRK-8, BRK-9): one declaration
(:class:`podium.core.commands.ResultEntry`) for the organiser's keyboard, the player's phone,
the command line and the API.

``result`` is typed in one or two keystrokes:

- ``1`` or ``2``: the player in that seat won; ``=``: a draw;
- ``t1`` or ``t2``: a technical win for that seat (2.5 points, 0 for the other, rule BRK-8);
  ``т1`` and ``е1`` (the T key on a Russian keyboard) are read as ``t1`` too;
- in Team Sealed (rule BRK-9) the two games and, when they are level, the deciding game:
  ``1 D`` (or ``1d``, ``1=``), ``1 2 D``; each game ``1``, ``2``, ``D`` (``=``), ``T1`` or ``T2``.

Or by name: ``winner``, ``draw``, ``technical`` (the player who wins technically), or in Team
Sealed ``games`` (``1,D``) and ``decider``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from podium.core import codes, inputs
from podium.core.commands import Param, ResultEntry
from podium.core.errors import InvalidInput
from podium.core.model import EventState, Round, Table, TableResult
from podium.core.schema import PLAYER, AnyJson, Bool, ListOf, Nullable, OneOf, Str, obj
from podium.core.views import N_
from podium.formats.berserk import codes as brk_codes
from podium.service.forms import resolve_player

STORED = obj(optional={
    "winner": OneOf((Nullable(PLAYER), ListOf(PLAYER, max_items=2))),
    "draw": Bool(),
    "technical": Nullable(PLAYER),
    "games": ListOf(Str(4), max_items=3),
    "decider": Nullable(Str(4)),
    # older logs hold the pod fields of the shared result form too; a duel ignores them
    "eliminated": ListOf(PLAYER, max_items=2),
    "survivors": ListOf(PLAYER, max_items=2),
    "simultaneous": Bool(),
    "game_losses": ListOf(AnyJson(10), max_items=2),
})

_ALIASES = str.maketrans({"т": "t", "Т": "t", "е": "t", "Е": "t", "Д": "d", "д": "d",
                          "Н": "d", "н": "d"})
_GAME = re.compile(r"t[12]|[12d=]")


def _team_games(text: str) -> list[str]:
    compact = re.sub(r"[\s,;/]+", "", text)
    games = _GAME.findall(compact)
    if not compact or "".join(games) != compact or len(games) not in (2, 3):
        raise InvalidInput(N_("“%(text)s” is not two games and maybe the deciding game "
                              "(Team Sealed, rule BRK-9): e.g. 1 D or 1 2 D; each game 1, 2, "
                              "D, T1 or T2"), code=brk_codes.GAMES, field="result", text=text[:20])
    return ["D" if g in ("d", "=") else g.upper() for g in games]


def from_code(text: str, state: EventState, table: Table) -> dict[str, Any]:
    """The typed ``result`` to the entry :meth:`Berserk.score` stores."""
    code = text.strip().lower().translate(_ALIASES)
    if state.settings.team_scoring != "none":
        games = _team_games(code)
        return {"games": games[:2], "decider": games[2] if len(games) == 3 else None}
    if len(table.seats) != 2:
        raise InvalidInput(N_("a Berserk game is a duel of two players"), code=brk_codes.DUEL,
                           field="result")
    if code in ("1", "2"):
        return {"winner": table.seats[int(code) - 1]}
    if code in ("=", "d"):
        return {"draw": True}
    if code in ("t1", "t2"):
        return {"technical": table.seats[int(code[1]) - 1]}
    raise InvalidInput(N_("“%(text)s” is not a duel result: 1 or 2 (that seat won), = (a "
                          "draw), t1 or t2 (a technical win, rule BRK-8)"), code=brk_codes.RESULT,
                       field="result", text=text.strip()[:20])


def entry(values: Mapping[str, Any], state: EventState, rnd: Round,
          table: Table) -> dict[str, Any]:
    """Exactly one of: the typed result, a winner, a draw, a technical win, Team Sealed games."""
    given = [key for key in ("result", "winner", "draw", "technical", "games")
             if values.get(key)]
    if len(given) != 1:
        raise InvalidInput(N_("give exactly one of result, winner, draw, technical or games"),
                           code=codes.INPUT_EXCLUSIVE if given else codes.INPUT_MISSING,
                           field="result")
    key = given[0]
    if key == "result":
        return from_code(values["result"], state, table)
    if key == "games":
        games = [g.strip().upper() for g in values["games"].split(",") if g.strip()]
        return {"games": games, "decider": values.get("decider")}
    if key == "draw":
        return {"draw": True}
    return {key: resolve_player(state, values[key], key).id}


def describe(state: EventState, result: TableResult) -> str:
    """One line: ``★ Anna › Boris``, ``Anna = Boris``, a technical win marked (BRK-8), a Team
    Sealed match with its points and games (BRK-9)."""
    first, second = result.outcomes
    a, b = state.players[first.player].name, state.players[second.player].name
    stored = result.entry
    if "games" in stored:
        games = " ".join([*stored["games"], *([stored["decider"]] if stored.get("decider")
                                               else [])])
        return f"{a} {first.points}:{second.points} {b} ({games})"
    if first.drew:
        return f"{a} = {b}"
    winner, loser = (first, second) if first.won else (second, first)
    mark = " (T, BRK-8)" if "technical" in stored else ""
    return f"★ {state.players[winner.player].name}{mark} › {state.players[loser.player].name}"


RESULT = ResultEntry(
    params=(
        Param("result", inputs.Text(20),
              N_("1 or 2 (that seat won), = (a draw), t1 or t2 (a technical win, rule BRK-8); "
                 "Team Sealed: the games, e.g. 1 D (rule BRK-9)"), label=N_("Result")),
        Param("winner", inputs.Player(), N_("the winner of the duel, by name")),
        Param("draw", inputs.YesNo(), N_("the duel was drawn")),
        Param("technical", inputs.Player(),
              N_("a technical win for this player: 2.5 points, 0 for the other (rule BRK-8)")),
        Param("games", inputs.Text(20), N_("Team Sealed: the two games, e.g. 1,D (1/2: that "
                                           "seat's team won, D: a draw, T1/T2: a technical "
                                           "win, rule BRK-9)")),
        Param("decider", inputs.Text(4), N_("Team Sealed: the deciding game (rule BRK-9)")),
    ),
    entry=entry,
    stored=STORED,
    template="formats/berserk_result.html",
    describe=describe,
    help=N_("Rules BRK-6, BRK-8, BRK-9: one or two keystrokes, or the players by name."),
    example=lambda state, rnd, table: {"result": "1 D" if state.settings.team_scoring != "none"
                                       else "1"},
)
