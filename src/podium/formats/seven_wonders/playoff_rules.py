"""The starting season's play-off matches as games (rules W7-6, W7-30): an action kind kept in
the starting season's log, added to the ruleset's ``action_kinds()`` like the survival
battles'.

- ``seven-wonders.playoff-game``: a play-off between the players of one place in different
  leagues (``place``), its game as the site shows it (positions, a tie sharing one: rule W7-3).
  A tie is allowed: rule W7-30 orders the tied players when the next season is formed (ladder
  wins, the previous games, then the die, every roll recorded). A second game of the same
  place is refused unless it says it is a correction (``correction``): then it replaces the
  earlier one, and the log keeps both.

Why a game and not only an order: the organiser enters what was played; a tie the site shows
cannot be typed as a strict order, and the W7-30 chain is the regulation's answer to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.log import Action
from podium.core.model import EventState, PlayerId
from podium.core.ruleset import ActionKind
from podium.core.schema import PLAYER as PLAYER_ID
from podium.core.schema import Bool, Int, ListOf, obj
from podium.core.views import N_
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.season import ranking
from podium.formats.seven_wonders.settings import LEAGUE_SIZE

PLAYOFF = "seven-wonders.playoff-game"
KINDS_TITLES = (N_("seven-wonders.playoff-game"),)  # the kind's name in the log, translated


@dataclass
class PlayoffBook:
    """``state.extra["seven-wonders-playoffs"]``: each place's play-off game, as positions."""

    games: dict[int, dict[PlayerId, int]] = field(default_factory=dict)


def book_of(state: EventState) -> PlayoffBook:
    return state.book("seven-wonders-playoffs", PlayoffBook)


def _place_of(state: EventState, pid: PlayerId) -> int | None:
    from podium.formats.seven_wonders.rules import league_places

    for division in state.divisions.values():
        if pid in division.members:
            return league_places(state, division.key).get(pid)
    return None


def _game(state: EventState, action: Action, ruleset: Any) -> None:
    """Rules W7-6, W7-3: a play-off of the starting season between players of one place."""
    p = action.payload
    if not state.settings.starting:
        raise Conflict(N_("play-off matches belong to the starting season (rule W7-6)"),
                       code=codes.YEAR_PLAYOFF, field="place")
    place = p["place"]
    positions: dict[PlayerId, int] = {}
    for i, item in enumerate(p["results"]):
        pid = item["player"]
        where = f"results[{i}].player"
        if pid not in state.players:
            raise NotFound(N_("no player %(player)s in this event"), code=codes.YEAR_PLAYER,
                           field=where, player=pid)
        name = state.players[pid].name
        if pid in positions:
            raise InvalidInput(N_("%(name)s is listed twice"), code=codes.TWICE, field=where,
                               name=name)
        if _place_of(state, pid) != place:
            raise Conflict(N_("%(name)s did not take place %(place)s in a league of the "
                              "starting season (rule W7-6)"), code=codes.YEAR_PLAYOFF,
                           field=where, name=name, place=place)
        positions[pid] = item["position"]
    names = {pid: state.players[pid].name for pid in positions}
    book = book_of(state)
    correction = bool(p.get("correction"))
    if place in book.games and not correction:  # a game entered twice is not a correction
        raise Conflict(N_("the play-off of the %(place)s places has its game already: enter "
                          "it as a correction to replace it"), code=codes.YEAR_PLAYOFF_ENTERED,
                       field="place", place=place)
    if correction and place not in book.games:
        raise Conflict(N_("the play-off of the %(place)s places has no game to correct"),
                       code=codes.YEAR_PLAYOFF_ENTERED, field="correction", place=place)
    book.games[place] = ranking(positions, names)


RESULT = obj({"player": PLAYER_ID, "position": Int(1, 2 * LEAGUE_SIZE)})
PLAYOFF_SCHEMA = obj({"place": Int(1, LEAGUE_SIZE),
                      "results": ListOf(RESULT, min_items=2, max_items=2 * LEAGUE_SIZE)},
                     {"correction": Bool()})

ACTION_KINDS = (ActionKind(PLAYOFF, _game, PLAYOFF_SCHEMA, "Play-off game"),)


def stored_playoffs(state: EventState) -> dict[int, list[list[str]]]:
    """The play-off games stored in the starting season ``state``: each place's order as groups
    of tied players, best first (rule W7-30 orders a group when the next season is formed)."""
    out: dict[int, list[list[str]]] = {}
    for place, positions in sorted(book_of(state).games.items()):
        groups: dict[int, list[str]] = {}
        for pid, position in positions.items():
            groups.setdefault(position, []).append(state.players[pid].name)
        out[place] = [sorted(groups[k]) for k in sorted(groups)]
    return out
