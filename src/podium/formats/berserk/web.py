"""Berserk's web plug-in: a duel's result in one or two keystrokes, the draft tables, the TOP.

The ``result`` field of a duel (rules BRK-6, BRK-8):

- ``1`` or ``2``: the player in that seat won;
- ``=``: a draw;
- ``t1`` or ``t2``: a technical win for that seat (2.5 points, 0 for the other, rule BRK-8).
  ``т1`` and ``е1`` (the T key on a Russian keyboard) are read as ``t1`` too.

In Team Sealed (rule BRK-9) the same field takes the two games and, when they are level, the
deciding game: ``1 D`` (or ``1d``, ``1=``), ``1 2 D``; each game ``1``, ``2``, ``D`` (``=``), ``T1``
or ``T2``.

Organiser actions: the split into draft tables (BRK-6, the BRK-10 minimum refused by the
format), then the TOP parts shared with every format (:mod:`podium.web.top`). Public
pages: each draft table's standings come from the format's ``views()``; the bracket page comes
from the TOP part.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from podium.core.model import EventState, Round, Table, TableResult
from podium.core.views import N_
from podium.formats.berserk.commands import split_tables
from podium.web.i18n import Localised
from podium.web.plugins import OrganiserAction, WebFormat

_ALIASES = str.maketrans({"т": "t", "Т": "t", "е": "t", "Е": "t", "Д": "d", "д": "d",
                          "Н": "d", "н": "d"})
_GAME = re.compile(r"t[12]|[12d=]")


def _code(form: Mapping[str, str]) -> str:
    return str(form.get("result", "")).strip().lower().translate(_ALIASES)


def _team_games(text: str) -> list[str]:
    compact = re.sub(r"[\s,;/]+", "", text)
    games = _GAME.findall(compact)
    if not compact or "".join(games) != compact or len(games) not in (2, 3):
        raise Localised(N_("result: “%(text)s” is not two games and maybe the deciding game "
                           "(Team Sealed, rule BRK-9): e.g. 1 D or 1 2 D; each game 1, 2, D, "
                           "T1 or T2"), text=text)
    return ["D" if g in ("d", "=") else g.upper() for g in games]


def parse_result(
    form: Mapping[str, str], state: EventState, rnd: Round, table: Table
) -> dict[str, Any]:
    """Rules BRK-6, BRK-8, BRK-9: the typed result to the entry that ``Berserk.score`` stores."""
    code = _code(form)
    if state.settings.team_scoring != "none":
        games = _team_games(code)
        return {"games": games[:2], "decider": games[2] if len(games) == 3 else None}
    if len(table.seats) != 2:
        raise Localised(N_("result: a Berserk game is a duel of two players"))
    if code in ("1", "2"):
        return {"winner": table.seats[int(code) - 1]}
    if code in ("=", "d"):
        return {"draw": True}
    if code in ("t1", "t2"):
        return {"technical": table.seats[int(code[1]) - 1]}
    raise Localised(N_("result: “%(text)s” is not a duel result: 1 or 2 (that seat won), = (a "
                       "draw), t1 or t2 (a technical win, rule BRK-8)"),
                    text=str(form.get("result", "")).strip()[:20])


def describe_result(state: EventState, result: TableResult) -> str:
    """One line: ``★ Anna › Boris``, ``Anna = Boris``, a technical win marked (BRK-8), a Team
    Sealed match with its points and games (BRK-9)."""
    first, second = result.outcomes
    a, b = state.players[first.player].name, state.players[second.player].name
    entry = result.entry
    if "games" in entry:
        games = " ".join([*entry["games"], *([entry["decider"]] if entry.get("decider") else [])])
        return f"{a} {first.points}:{second.points} {b} ({games})"
    if first.drew:
        return f"{a} = {b}"
    winner, loser = (first, second) if first.won else (second, first)
    mark = " (T, BRK-8)" if "technical" in entry else ""
    return f"★ {state.players[winner.player].name}{mark} › {state.players[loser.player].name}"


def split(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    """Rules BRK-6, BRK-10: draw the draft tables (the format refuses a table under the
    minimum, naming the table counts that work)."""
    text = str(form.get("tables", "")).strip()
    if text and (not text.isdigit() or int(text) < 1):
        raise Localised(N_("tables: a whole number of draft tables, at least 1 (or empty)"))
    reason = " ".join(str(form.get("reason", "")).split())[:500]
    split_tables(web.events, slug, actor, int(text) if text else None, reason)
    return N_("Draft tables drawn.")


def before_round_one(state: EventState) -> bool:
    return not state.rounds


# The settings' help texts (podium.formats.berserk FIELDS), for the catalog.
SETTING_HELP = (
    N_("draft tables (auto: the fewest of at most max_table players)"),
    N_("fewest players at a draft table"), N_("most players at a draft table"),
    N_("Swiss rounds (auto: 3, or 4 when most tables have 8 or more)"),
    N_("points for a draw"), N_("points for a technical win"),
    N_("points for a technical loss"), N_("points for a bye (odd table)"),
    N_("Team Sealed: none (duels), match (3-0 / 1-1) or sum of the two games"),
    N_("minutes per game before the TOP"), N_("minutes per game in the TOP"),
    N_("players in the TOP"), N_("who advances after a draw in the TOP"),
)
SPLIT = OrganiserAction("berserk-split", N_("Draft tables"), "formats/berserk_split.html", split,
                        shown=before_round_one)

BERSERK_WEB = WebFormat(
    name="berserk",
    result_form="formats/berserk_result.html",
    parse_result=parse_result,
    describe_result=describe_result,
    organiser_actions=(SPLIT,),
)
