"""The survival battles' log (rules W7-14, W7-23, W7-29): action kinds to add to a ruleset's
``action_kinds()`` (the seven-wonders ruleset, or the year's), kept apart from ``rules.py``.

- ``seven-wonders.survival-drawn``: the entrants as the year knows them (premium account, site
  rating, sign-up order, last season's league and place), the free places, the seed, and
  optionally the organiser's format, an adjusted seating (an organiser decision: it needs a
  reason) and the players leaving before the next season (rule W7-35: they free the places the
  battles are for, so the next season is formed with them). The draw is computed from them
  (:func:`.survival.draw`), so the preview the organiser accepted is what replay gives. A new
  draw replaces it before the first game.
- ``seven-wonders.survival-game``: a match's game (positions, rule W7-3), or its unfinished end
  (kicker, players in negative time, the deepest: rule W7-23), or, for a tie rule W7-29 leaves
  open, the same game again with the die roll. A replay's players follow from the last game.

What follows is derived (:func:`survival_of`): each match's outcome, who plays in Warriors next
season, who is barred from the tournament.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.log import Action
from podium.core.model import EventState, PlayerId
from podium.core.ruleset import ActionKind
from podium.core.schema import PLAYER as PLAYER_ID
from podium.core.schema import SEED, Bool, Int, ListOf, Nullable, Obj, Str, obj
from podium.core.views import N_
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.season import Note
from podium.formats.seven_wonders.survival import (
    BattleFormat,
    BattleGame,
    BattleOutcome,
    Draw,
    Entrant,
    Slot,
    battle_outcome,
    check_format,
    draw,
    propose_format,
    to_warriors,
)

DRAWN = "seven-wonders.survival-drawn"
GAME = "seven-wonders.survival-game"
KINDS_TITLES = (N_("seven-wonders.survival-drawn"),
                N_("seven-wonders.survival-game"))  # the kinds' names in the log, translated


@dataclass
class SurvivalBook:
    """``state.extra["seven-wonders-survival"]``: the stored draw and each match's games."""

    entrants: dict[PlayerId, Entrant] = field(default_factory=dict)
    draw: Draw | None = None
    matches: list[tuple[PlayerId, ...]] = field(default_factory=list)  # as stored (adjusted)
    notes: list[Note] = field(default_factory=list)
    outcomes: dict[int, list[BattleOutcome]] = field(default_factory=dict)  # match → its games
    leaving: tuple[PlayerId, ...] = ()  # rule W7-35: out of the next season, as drawn


def book_of(state: EventState) -> SurvivalBook:
    return state.book("seven-wonders-survival", SurvivalBook)


@dataclass(frozen=True)
class Survival:
    """Where the battles stand: the players due in each match (empty once decided), who
    qualified for Warriors next season, who is barred from the tournament."""

    due: dict[int, tuple[PlayerId, ...]]
    warriors: list[PlayerId]
    barred: list[PlayerId]


def survival_of(state: EventState) -> Survival:
    book = book_of(state)
    due = {m: _due(book, m) for m in range(1, len(book.matches) + 1)}
    last = [games[-1] for _, games in sorted(book.outcomes.items()) if games]
    barred = [o.barred for games in book.outcomes.values() for o in games if o.barred]
    if book.entrants and not book.matches:  # no battle: a place for everyone (rule W7-14)
        return Survival(due, list(book.entrants), barred)
    return Survival(due, to_warriors(last), barred)


def _due(book: SurvivalBook, match: int) -> tuple[PlayerId, ...]:
    games = book.outcomes.get(match, [])
    if not games:
        return book.matches[match - 1]
    last = games[-1]
    if last.waiting:
        return tuple(last.qualified + last.waiting + last.out)
    return last.replay or ()


def _known(state: EventState, pid: PlayerId, field_: str) -> PlayerId:
    if pid not in state.players:
        raise NotFound(N_("no player %(player)s in this event"), code=codes.SURVIVAL_PLAYER,
                       field=field_, player=pid)
    return pid


def _drawn(state: EventState, action: Action, ruleset: Any) -> None:
    """Rule W7-14: the draw, computed from the stored inputs (or the organiser's seating)."""
    p = action.payload
    book = book_of(state)
    if book.outcomes:
        raise Conflict(N_("the survival battles have begun: the draw is closed"),
                       code=codes.SURVIVAL_BEGUN, field="entrants")
    entrants: list[Entrant] = []
    for i, e in enumerate(p["entrants"]):
        pid = _known(state, e["player"], f"entrants[{i}].player")
        entrants.append(Entrant(pid, state.players[pid].name, e.get("premium", False),
                                e.get("rating", 0), e.get("signup"), e.get("league"),
                                e.get("level"), e.get("place")))
    if "format" in p:
        fmt = check_format(BattleFormat(tuple(Slot(s["size"], s["qualifying"])
                                              for s in p["format"]), p["free"]), len(entrants))
    else:
        fmt = propose_format(len(entrants), p["free"],
                             sum(1 for e in entrants if not e.defender))
    result = draw(fmt, entrants, p.get("seed", 0)) if fmt.slots else None
    matches = [tuple(m) for m in result.matches] if result else []
    notes: list[Note] = []
    if "matches" in p:
        if not action.reason.strip():
            raise InvalidInput(N_("%(what)s is an organiser decision and needs a reason"),
                               code=codes.SURVIVAL_REASON, field="reason",
                               what="an adjusted survival draw")
        seated = sorted(pid for m in p["matches"] for pid in m)
        if (seated != sorted(e.player for e in entrants)
                or [len(m) for m in p["matches"]] != [s.size for s in fmt.slots]):
            raise InvalidInput(N_("matches: seat every entrant once, %(sizes)s players a match"),
                               code=codes.SURVIVAL_MATCHES, field="matches",
                               sizes=[s.size for s in fmt.slots])
        matches = [tuple(m) for m in p["matches"]]
        notes.append((N_("the draw adjusted by the organiser: %(reason)s"),
                      {"reason": action.reason}))
    leaving = tuple(_known(state, pid, "leaving") for pid in p.get("leaving", []))
    book.entrants = {e.player: e for e in entrants}
    book.draw, book.matches, book.notes, book.outcomes = result, matches, notes, {}
    book.leaving = leaving


def _game(state: EventState, action: Action, ruleset: Any) -> None:
    """Rules W7-23, W7-29: a match's game; the players due are the drawn ones, or the replay's
    after an unfinished game; a game whose tie waits for the die is entered again with it."""
    p = action.payload
    book = book_of(state)
    match = p["match"]
    if book.draw is None or not 1 <= match <= len(book.matches):
        raise NotFound(N_("no survival match %(match)s"), code=codes.SURVIVAL_MATCH,
                       field="match", match=match)
    games = book.outcomes.get(match, [])
    redo = bool(games) and bool(games[-1].waiting)
    due = _due(book, match)
    if not due:
        raise Conflict(N_("survival match %(match)s is decided"), code=codes.SURVIVAL_DECIDED,
                       field="match", match=match)
    results = {r["player"]: r["position"] for r in p.get("results", [])}
    players = tuple(results) if results else due
    if sorted(players) != sorted(due):
        raise InvalidInput(N_("results: survival match %(match)s is played by %(names)s"),
                           code=codes.SURVIVAL_PLAYERS, field="results", match=match,
                           names=[state.players[x].name for x in due])
    roll = {r["player"]: r["value"] for r in p.get("roll", [])} or None
    game = BattleGame(tuple(due), results or None, p.get("finished", True), p.get("kicker"),
                      tuple(p.get("negative_time", [])), p.get("deepest"), roll)
    outcome = battle_outcome(book.draw.format.slots[match - 1], game, book.entrants)
    if redo:
        games[-1] = outcome
    else:
        book.outcomes.setdefault(match, []).append(outcome)


ENTRANT = Obj({"player": PLAYER_ID},
              {"premium": Bool(), "rating": Int(0, 100_000), "signup": Nullable(Int(1)),
               "league": Nullable(Str(200)), "level": Nullable(Int(0, 100)),
               "place": Nullable(Int(1, 7))})
DRAWN_SCHEMA = obj(
    {"entrants": ListOf(ENTRANT, min_items=1, max_items=1000), "free": Int(0, 1000)},
    {"seed": SEED,
     "format": ListOf(Obj({"size": Int(1, 7), "qualifying": Int(0, 7)}), min_items=1,
                      max_items=200),
     "matches": ListOf(ListOf(PLAYER_ID, min_items=1, max_items=7), min_items=1,
                       max_items=200),
     "leaving": ListOf(PLAYER_ID, max_items=1000)})
GAME_SCHEMA = obj(
    {"match": Int(1, 200)},
    {"results": ListOf(Obj({"player": PLAYER_ID, "position": Int(1, 7)}), max_items=7),
     "finished": Bool(), "kicker": Nullable(PLAYER_ID),
     "negative_time": ListOf(PLAYER_ID, max_items=7), "deepest": Nullable(PLAYER_ID),
     "roll": ListOf(Obj({"player": PLAYER_ID, "value": Int(1, 100)}), max_items=7)})
ACTION_KINDS = (
    ActionKind(DRAWN, _drawn, DRAWN_SCHEMA, "Survival battles drawn"),
    ActionKind(GAME, _game, GAME_SCHEMA, "Survival battle game"),
)
