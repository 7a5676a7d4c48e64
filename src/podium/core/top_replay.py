"""Replay of the TOP (play-off) action kinds, for every format (rules BRK-1 .. BRK-5).

A TOP can follow the Swiss stage of any format that declares the ``playoff`` capability and a
play-off phase (:mod:`podium.core.phases`), Commander included, so its actions are core kinds
(``top.built``, ``top.result``, ``top.corrected``, ``top.undone``) that
:func:`podium.core.replay.kinds_of` gives such formats. The bracket lives in
``state.extra["top"]``; building it enters the play-off phase, undoing it leaves it.

``top.built`` stores the bracket as seeded (slots in bracket order, each player's pre-TOP seed,
the draw rule of BRK-5, the time limit of BRK-7, and the seeding's notes and goal report), so a
later change of the seeding code cannot rewrite a played TOP.
"""

from __future__ import annotations

from typing import Any

from podium.core import codes, phases
from podium.core.bracket import DRAW_RULES, Bracket
from podium.core.errors import Conflict, InvalidInput
from podium.core.log import Action, Kind
from podium.core.messages import Message
from podium.core.model import EventState
from podium.core.ruleset import PLAYOFF, ActionKind
from podium.core.schema import (
    NOTE,
    PLAYER,
    AnyJson,
    Int,
    ListOf,
    Nullable,
    Obj,
    Str,
    obj,
)

TOP_KEY = "top"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def top_of(state: EventState) -> Bracket | None:
    """The event's TOP, if it has been built."""
    return state.extra.get(TOP_KEY)


def playoff_key(state: EventState, ruleset: Any) -> str:
    """The key of the event's play-off phase; refused when its settings declare none."""
    for phase in ruleset.phases(state.settings):
        if phase.kind == PLAYOFF:
            return phase.key
    raise Conflict("this event has no TOP (play-off): %(format)s under its settings plays "
                   "%(phases)s", code=codes.PHASE_UNDECLARED, format=ruleset.name,
                   phases=[p.key for p in ruleset.phases(state.settings)])


def _built(state: EventState, action: Action, ruleset: Any) -> None:
    payload = action.payload
    if top_of(state) is not None:
        raise Conflict("the TOP is already built", code=codes.TOP_EXISTS)
    key = playoff_key(state, ruleset)
    if phases.is_complete(state, ruleset) and phases.current(state, ruleset).key == key:
        raise Conflict("the event is complete", code=codes.EVENT_COMPLETE)
    current = state.current_round
    if current is not None and not current.complete:
        raise Conflict(
            "round %(number)s still misses results for tables %(missing)s; the TOP is"
            " built from complete standings", code=codes.ROUND_INCOMPLETE,
            number=current.number, missing=current.missing
        )
    slots = payload.get("slots")
    if not isinstance(slots, list) or len(slots) < 2 or len(slots) & (len(slots) - 1):
        raise InvalidInput("the TOP's slots must be a list whose length is a power of two",
                           code=codes.TOP_SLOTS)
    size = payload.get("size")
    players = [pid for pid in slots if pid is not None]
    if not _is_int(size) or size != len(players):
        raise InvalidInput(
            "the TOP size %(size)r does not match its %(players_count)s players",
            code=codes.TOP_SIZE, size=size, players_count=len(players))
    if size > len(state.players):
        raise InvalidInput(
            "a TOP of %(size)s is larger than the event's %(players_count)s players",
            code=codes.TOP_SIZE, size=size, players_count=len(state.players)
        )
    for pid in players:
        if not _is_int(pid) or pid not in state.players:
            raise InvalidInput(
                "the TOP names no player %(pid)r of this event", code=codes.TOP_PLAYER,
                pid=pid)
        if state.players[pid].dropped:
            raise InvalidInput(
                "%(name)s has dropped and cannot enter the TOP", code=codes.TOP_DROPPED,
                name=state.players[pid].name)
    if len(set(players)) != len(players):
        raise InvalidInput("a player is in the TOP twice", code=codes.TOP_TWICE)
    raw_seeds = payload.get("seeds")
    if not isinstance(raw_seeds, list):
        raise InvalidInput("the TOP's seeds are missing", code=codes.TOP_SEEDS)
    seeds = {}
    for item in raw_seeds:
        if not isinstance(item, list) or len(item) != 2 or not all(map(_is_int, item)):
            raise InvalidInput("each TOP seed must be [player, seed]", code=codes.TOP_SEEDS)
        seeds[item[0]] = item[1]
    if set(seeds) != set(players) or sorted(seeds.values()) != list(range(1, size + 1)):
        raise InvalidInput("the TOP's seeds must number its players 1 to its size",
                           code=codes.TOP_SEEDS)
    draw_rule = payload.get("draw_rule", "higher_seed")
    if draw_rule not in DRAW_RULES:
        raise InvalidInput(
            "draw rule %(draw_rule)r is not one of %(draw_rules)s", code=codes.TOP_DRAW_RULE,
            draw_rule=draw_rule, draw_rules=', '.join(DRAW_RULES))
    minutes = payload.get("minutes")
    if minutes is not None and (not _is_int(minutes) or minutes <= 0):
        raise InvalidInput("the TOP's time limit must be a positive number of minutes",
                           code=codes.TOP_MINUTES)
    tables = payload.get("tables") or {}
    goals = payload.get("goals") or []
    if not isinstance(tables, dict) or not all(
        key.isdigit() and int(key) in seeds for key in tables if isinstance(key, str)
    ) or not all(isinstance(key, str) for key in tables):
        raise InvalidInput("the TOP's tables must map its players' ids to where they qualified",
                           code=codes.TOP_TABLES)
    if not isinstance(goals, list) or not all(isinstance(goal, dict) for goal in goals):
        raise InvalidInput("the TOP's goals must be a list of objects", code=codes.TOP_GOALS)
    phases.enter(state, ruleset, key, action.seq)
    state.extra[TOP_KEY] = Bracket(
        slots=tuple(slots),
        seeds=seeds,
        size=size,
        draw_rule=draw_rule,
        minutes=minutes,
        notes=[Message.from_json(note) for note in payload.get("notes") or []],
        goals=[dict(goal) for goal in goals],
        tables={int(k): Message.from_json(v) for k, v in tables.items()},
        seeding=str(payload.get("seeding", "written")),
    )


def _result(state: EventState, action: Action, ruleset: Any) -> None:
    bracket = top_of(state)
    if bracket is None:
        raise Conflict("the TOP has not been built yet", code=codes.TOP_NONE)
    number = action.payload.get("match")
    if not _is_int(number):
        raise InvalidInput(
            "TOP match %(number)r is not a match number", code=codes.TOP_MATCH,
            number=number)
    entry = action.payload.get("entry")
    if not isinstance(entry, dict):
        raise InvalidInput("the TOP result entry is missing", code=codes.TOP_ENTRY)
    correcting = action.kind == Kind.TOP_CORRECTED
    if correcting and not action.reason.strip():
        raise InvalidInput("a correction needs a reason", code=codes.REASON_MISSING)
    assert isinstance(number, int)  # checked above: a match of the bracket
    bracket.results[number] = bracket.decide(number, entry, correcting)


def _undone(state: EventState, action: Action, ruleset: Any) -> None:
    """Take back a TOP built by mistake (wrong size, too early), as a new record: allowed while
    no match has a result, like undoing a round; the table rounds may then go on."""
    bracket = top_of(state)
    if bracket is None:
        raise Conflict("there is no TOP to undo", code=codes.TOP_NONE)
    if bracket.results:
        raise Conflict(
            "the TOP already has results for matches %(results)s; it cannot be undone"
            " (correct a match instead)", code=codes.TOP_HAS_RESULTS,
            results=sorted(bracket.results)
        )
    del state.extra[TOP_KEY]
    phases.leave(state, playoff_key(state, ruleset))


BUILT_SCHEMA = obj(
    {"slots": ListOf(Nullable(PLAYER), max_items=4096), "size": Int(2, 4096),
     "seeds": ListOf(ListOf(Int(), max_items=2), max_items=4096)},
    {"draw_rule": Str(40), "minutes": Nullable(Int(1, 10_000)),
     "notes": ListOf(NOTE, max_items=1000),
     "goals": ListOf(Obj(extra=AnyJson(100)), max_items=100),
     "tables": Obj(extra=NOTE), "seeding": Str(40)},
)
RESULT_SCHEMA = obj({"match": Int(), "entry": Obj(extra=AnyJson(100))})

TOP_KINDS = (
    ActionKind(Kind.TOP_BUILT, _built, BUILT_SCHEMA, "TOP built"),
    ActionKind(Kind.TOP_RESULT, _result, RESULT_SCHEMA, "TOP result entered"),
    ActionKind(Kind.TOP_CORRECTED, _result, RESULT_SCHEMA, "TOP result corrected"),
    ActionKind(Kind.TOP_UNDONE, _undone, obj(), "TOP undone"),
)
