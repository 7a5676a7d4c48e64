"""The Legendary League's log (rules W7-31 .. W7-34): action kinds to add to a ruleset's
``action_kinds()`` (the seven-wonders ruleset, or the year's), kept apart from ``rules.py``.

- ``seven-wonders.legendary-selected``: the selection's inputs as the year computed them at the
  end of the last season (each player's points per season and Battle of Titans points, who
  declined in advance, the year's games for head-to-head, the seed of a die roll) and every
  die of rule W7-33 (6) with who rolled it (``rolls``: ``organiser`` values entered, replayed
  as they are; ``podium`` when the organiser asked it, ``podium_rolls``): the log
  holds the snapshot, so the selection replays identically even if the year is corrected
  later (a correction is a new selection action, before any game);
- ``seven-wonders.legendary-answer``: a picked player confirms or refuses (rule W7-32), at the
  action's time; the 3 days run from the selection or from the moment a place passed;
- ``seven-wonders.legendary-game``: a game of the Legendary League's ladder (rule W7-34), once
  no place waits for a confirmation.

What follows is derived by :mod:`.legendary` (:func:`legendary_of`); players are the event's
players (their names from it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from podium.core.errors import Conflict, NotFound
from podium.core.log import Action
from podium.core.model import EventState, PlayerId
from podium.core.ruleset import ActionKind
from podium.core.schema import PLAYER as PLAYER_ID
from podium.core.schema import SEED, Bool, Int, ListOf, Nullable, Obj, Str, obj
from podium.core.views import N_
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.legendary import (
    Answer,
    Dice,
    Final,
    Game,
    Roster,
    Selection,
    YearRecord,
    confirm,
    final,
    select,
)

SELECTED = "seven-wonders.legendary-selected"
ANSWER = "seven-wonders.legendary-answer"
GAME = "seven-wonders.legendary-game"
KINDS_TITLES = (N_("seven-wonders.legendary-selected"), N_("seven-wonders.legendary-answer"),
                N_("seven-wonders.legendary-game"))  # the kinds' names in the log, translated


@dataclass
class LegendaryBook:
    """``state.extra["seven-wonders-legendary"]``: the selection's inputs and what followed."""

    records: list[YearRecord] = field(default_factory=list)
    declined: tuple[PlayerId, ...] = ()
    games_h2h: list[Game] = field(default_factory=list)
    seed: int = 0
    last_season: int | None = None
    rolls: dict[PlayerId, int] = field(default_factory=dict)  # the organiser's (W7-33 (6))
    selected_at: datetime | None = None
    selection: Selection | None = None
    answers: list[Answer] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)

    def roster(self, now: datetime) -> Roster:
        assert self.selection is not None and self.selected_at is not None
        return confirm(self.selection, self.records, self.selected_at, self.answers, now,
                       self.declined, self.games_h2h, self.seed, self.last_season, self.rolls)


def book_of(state: EventState) -> LegendaryBook:
    return state.book("seven-wonders-legendary", LegendaryBook)


@dataclass(frozen=True)
class Legendary:
    """The Legendary League as of ``now``: the selection, the places, the final so far."""

    selection: Selection | None
    roster: Roster | None
    final: Final | None


def legendary_of(state: EventState, now: datetime) -> Legendary:
    """What the log says of the Legendary League at ``now`` (the adapter's clock)."""
    book = book_of(state)
    if book.selection is None:
        return Legendary(None, None, None)
    roster = book.roster(now)
    names = {pid: p.name for pid, p in state.players.items()}
    ready = len(roster.numbers) >= 3 and not _waiting(roster)
    return Legendary(book.selection, roster,
                     final(roster.numbers, book.games, names) if ready else None)


def _waiting(roster: Roster) -> list[PlayerId]:
    return [s.holder.player for s in roster.seats if s.holder.status == "waiting"]


def _known(state: EventState, pid: PlayerId, field_: str) -> PlayerId:
    if pid not in state.players:
        raise NotFound(N_("no player %(player)s in this event"), code=codes.LEGENDARY_PLAYER,
                       field=field_, player=pid)
    return pid


@dataclass(frozen=True)
class Inputs:
    """A selection's inputs as its payload has them (rules W7-31 .. W7-33)."""

    records: list[YearRecord]
    declined: tuple[PlayerId, ...]
    games: list[Game]
    seed: int
    last_season: int | None
    rolls: dict[PlayerId, int]  # the values the organiser entered (W7-33 (6))
    podium_rolls: bool  # the organiser asked podium to roll the rest


def inputs_of(state: EventState, p: dict[str, Any]) -> Inputs:
    records = []
    for i, r in enumerate(p["records"]):
        pid = _known(state, r["player"], f"records[{i}].player")
        seasons = {s["season"]: s["points"] for s in r["seasons"]}
        records.append(YearRecord(pid, state.players[pid].name, seasons, r.get("titans", 0)))
    declined = tuple(_known(state, d, "declined") for d in p.get("declined", []))
    h2h: list[Game] = [{g["player"]: g["position"] for g in game} for game in p.get("games", [])]
    rolls = {v["player"]: v["value"] for roll in p.get("rolls", [])
             if roll["by"] == "organiser" for v in roll["values"]}
    return Inputs(records, declined, h2h, p.get("seed", 0), p.get("last_season"), rolls,
                  bool(p.get("podium_rolls", False)))


def selection_of(inputs: Inputs, dice: Dice) -> Selection:
    return select(inputs.records, inputs.declined, inputs.games, inputs.seed,
                  inputs.last_season, dice)


def _selected(state: EventState, action: Action, ruleset: Any) -> None:
    """Rules W7-31 .. W7-33: the selection from the year's snapshot; replaced only before the
    Legendary League's first game. The die of W7-33 (6): the organiser's values stored, else
    podium's draw from the seed (asked, or a selection stored before the die was asked for)."""
    book = book_of(state)
    if book.games:
        raise Conflict(N_("the Legendary League has begun: the selection is closed"),
                       code=codes.LEGENDARY_BEGUN, field="records")
    got = inputs_of(state, action.payload)
    selection = selection_of(got, Dice(got.seed, got.rolls, got.podium_rolls))
    book.records, book.declined, book.games_h2h = got.records, got.declined, got.games
    book.seed, book.last_season, book.rolls = got.seed, got.last_season, got.rolls
    book.selected_at, book.selection, book.answers = action.at, selection, []


def _answer(state: EventState, action: Action, ruleset: Any) -> None:
    """Rule W7-32: only a player holding a place that waits for a confirmation answers."""
    p = action.payload
    book = book_of(state)
    pid = _known(state, p["player"], "player")
    if book.selection is None:
        raise Conflict(N_("no Legendary League selection yet"), code=codes.LEGENDARY_NONE,
                       field="player")
    if pid not in _waiting(book.roster(action.at)):
        raise Conflict(N_("%(name)s holds no place waiting for a confirmation (rule W7-32)"),
                       code=codes.LEGENDARY_NOT_WAITING, field="player",
                       name=state.players[pid].name)
    book.answers.append(Answer(pid, action.at, bool(p["accepted"])))


def _game(state: EventState, action: Action, ruleset: Any) -> None:
    """Rule W7-34: the next game of the ladder, once no place waits for a confirmation."""
    book = book_of(state)
    if book.selection is None:
        raise Conflict(N_("no Legendary League selection yet"), code=codes.LEGENDARY_NONE,
                       field="results")
    roster = book.roster(action.at)
    waiting = _waiting(roster)
    if waiting:
        raise Conflict(N_("the Legendary League starts once its places are confirmed; waiting "
                          "for %(names)s (rule W7-32)"), code=codes.LEGENDARY_WAITING,
                       field="results", names=[state.players[p].name for p in waiting])
    entered = {r["player"]: r["position"] for r in action.payload["results"]}
    names = {pid: pl.name for pid, pl in state.players.items()}
    final(roster.numbers, [*book.games, entered], names)  # refuses a game that does not fit
    book.games.append(entered)


RESULT = Obj({"player": PLAYER_ID, "position": Int(1, 7)})
SELECTED_SCHEMA = obj(
    {"records": ListOf(Obj({"player": PLAYER_ID,
                            "seasons": ListOf(Obj({"season": Int(0, 100),
                                                   "points": Int(0, 1_000_000)}),
                                              max_items=100)},
                           {"titans": Int(0, 1_000_000)}), min_items=1, max_items=10_000)},
    {"declined": ListOf(PLAYER_ID, max_items=10_000), "seed": SEED,
     "last_season": Nullable(Int(0, 100)),
     "games": ListOf(ListOf(RESULT, min_items=2, max_items=7), max_items=100_000),
     "rolls": ListOf(Obj({"players": ListOf(PLAYER_ID, min_items=2, max_items=10_000),
                          "by": Str(choices=("organiser", "podium")),
                          "values": ListOf(Obj({"player": PLAYER_ID, "value": Int(1, 10_000)}),
                                           min_items=2, max_items=10_000)}),
                     max_items=100),
     "podium_rolls": Bool()})
ACTION_KINDS = (
    ActionKind(SELECTED, _selected, SELECTED_SCHEMA, "Legendary League selection"),
    ActionKind(ANSWER, _answer, obj({"player": PLAYER_ID, "accepted": Bool()}),
               "Legendary League confirmation"),
    ActionKind(GAME, _game, obj({"results": ListOf(RESULT, min_items=3, max_items=7)}),
               "Legendary League game"),
)
