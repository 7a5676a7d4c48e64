"""Replay: fold the action log into :class:`EventState`.

:func:`apply` is the single place where an action is checked against the state it would change:
its kind must be one the event's format declares (:func:`kinds_of`), its payload is decoded by
the kind's schema before any rule reads it, and its handler applies the rules. The service
calls it before appending an action (so a bad action is refused and nothing is stored) and
replay calls it for every stored action (so an imported file is checked the same way).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any
from weakref import WeakKeyDictionary

from podium.core import clock, codes, divisions, people, phases, series, signup
from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.log import Action, Kind
from podium.core.messages import Message
from podium.core.model import Bye, EventState, Player, Round, Table
from podium.core.ruleset import PLAYOFF, ROUNDS, ActionKind, Handler, Ruleset
from podium.core.schema import (
    CONTROL,
    NAME,
    NOTE,
    PLAYER,
    ROUND,
    SEED,
    AnyJson,
    Int,
    ListOf,
    Obj,
    Str,
    decode_payload,
    is_int,
    obj,
)
from podium.core.top_replay import TOP_KINDS

__all__ = ["Handler", "apply", "kinds_of", "replay"]


def replay(actions: Iterable[Action], ruleset: Ruleset,
           paired: Callable[[EventState], None] | None = None) -> EventState:
    """Rebuild the state from the log; raises a refusal at the first inconsistent action.
    ``paired``: called with the state each time it holds one more round (an import keeps the
    rounds before it compact)."""
    state: EventState | None = None
    rounds = 0
    for action in actions:
        if state is None:
            state = created(action, ruleset)
        else:
            apply(state, action, ruleset)
            if paired is not None:
                if len(state.rounds) > rounds:
                    paired(state)
                rounds = len(state.rounds)
    if state is None:
        raise InvalidInput("the log is empty", code=codes.LOG_EMPTY)
    return state


CREATED_SCHEMA = obj({"format": Str(64), "seed": Int(0)},
                     {"name": Str(200), "slug": Str(64), "settings": AnyJson(10_000)})


def created(action: Action, ruleset: Ruleset) -> EventState:
    """The state of a new event from its ``event.created`` action (the first of every log)."""
    if action.kind != Kind.EVENT_CREATED:
        raise InvalidInput("action %(seq)s: the log must start with %(kind)s",
                           code=codes.LOG_START, seq=action.seq, kind=Kind.EVENT_CREATED)
    if action.seq != 1:
        raise InvalidInput("the first action must have seq 1, not %(seq)s", code=codes.LOG_SEQ,
                           seq=action.seq)
    payload = action.payload
    if isinstance(payload, dict) and not is_int(payload.get("seed")):
        raise InvalidInput("event seed must be a non-negative integer", code=codes.PAYLOAD_SEED,
                           field="seed")
    decode_payload(CREATED_SCHEMA, payload)
    if payload.get("format") != ruleset.name:
        raise InvalidInput("event format %(format)s is not %(expected)s", code=codes.LOG_FORMAT,
                           format=payload.get("format"), expected=ruleset.name)
    settings = payload.get("settings") or {}
    if not isinstance(settings, dict):
        raise InvalidInput("the settings must be an object",
                           code=codes.PAYLOAD_SETTINGS, field="settings")
    parsed = ruleset.parse_settings(settings)
    return EventState(
        slug=str(payload.get("slug", "")),  # the store's slug replaces it; kept for bare replays
        name=str(payload.get("name", "")),
        format=ruleset.name,
        settings=parsed,
        seed=payload["seed"],
        last_seq=1,
        names_case_sensitive=ruleset.names_case_sensitive(parsed),
    )


def apply(state: EventState, action: Action, ruleset: Ruleset) -> None:
    """Check ``action`` against ``state`` and apply it.

    A refusal raised before the handler changes anything leaves the state as it was; the
    service also discards its cached state whenever a command is refused, so a handler that
    refuses half-way can never leave a half-applied state behind.
    """
    if action.seq != state.last_seq + 1:
        raise InvalidInput("action %(seq)s does not follow action %(last)s", code=codes.LOG_SEQ,
                           seq=action.seq, last=state.last_seq)
    if CONTROL.search(action.reason) or CONTROL.search(action.actor):
        raise InvalidInput("action %(seq)s: its reason or actor holds a control character",
                           code=codes.TEXT_CONTROL, field="reason", seq=action.seq)
    kind = kinds_of(ruleset).get(action.kind)
    if kind is None:
        raise InvalidInput("action %(seq)s: unknown kind %(kind)r for a %(format)s event",
                           code=codes.KIND_UNKNOWN, seq=action.seq, kind=action.kind,
                           format=ruleset.name)
    try:
        decode_payload(kind.schema, action.payload)
    except InvalidInput as error:
        raise InvalidInput("action %(seq)s (%(kind)s) is malformed: %(problem)s",
                           code=error.code, field=error.field, seq=action.seq,
                           kind=action.kind, problem=error.as_message()) from None
    kind.handler(state, action, ruleset)
    if action.kind not in people.SETUP_KINDS and action.kind not in signup.SETUP:
        state.started = True
    state.last_seq = action.seq


_KINDS: WeakKeyDictionary[Ruleset, dict[str, ActionKind]] = WeakKeyDictionary()


def kinds_of(ruleset: Ruleset) -> Mapping[str, ActionKind]:
    """Every action kind an event of this format accepts: the core kinds its capabilities
    bring, then the format's own."""
    found = _KINDS.get(ruleset)
    if found is None:
        caps = ruleset.capabilities
        chosen = [*CORE_KINDS]
        if caps.rounds:
            chosen.extend(ROUND_KINDS)
        if caps.playoff:
            chosen.extend(TOP_KINDS)
        if caps.divisions:
            chosen.extend(DIVISION_KINDS)
        if caps.series:
            chosen.extend(SERIES_KINDS)
        chosen.extend(ruleset.action_kinds())
        found = _KINDS[ruleset] = {kind.name: kind for kind in chosen}
    return found


# core handlers ----------------------------------------------------------------------------------
def _player_id(state: EventState, payload: dict[str, Any], key: str = "player") -> int:
    pid = payload.get(key)
    if pid not in state.players:
        raise NotFound("no player %(player)s in event %(event)s", code=codes.PLAYER_UNKNOWN,
                       field=key, player=pid, event=state.slug)
    return pid


def _registered(state: EventState, action: Action, ruleset: Ruleset) -> None:
    pid = action.payload["player"]
    name = action.payload["name"].strip()
    if pid in state.players or pid in state.gone:
        raise InvalidInput("player id %(player)s is not new", code=codes.PLAYER_ID, field="player",
                           player=pid)
    if not name:
        raise InvalidInput("a player needs a name", code=codes.PLAYER_NAME, field="name")
    if state.player_by_name(name) is not None:
        raise InvalidInput("a player named %(name)r is already registered",
                           code=codes.PLAYER_DUPLICATE, field="name", name=name)
    if phases.current(state, ruleset).kind == PLAYOFF:
        raise Conflict("registration is closed: the TOP has begun", code=codes.PHASE_CLOSED)
    group = people.clean_group(action.payload.get("group") or "")
    state.add_player(Player(pid, name, joined_round=len(state.rounds), group=group))


def _dropped(state: EventState, action: Action, ruleset: Ruleset) -> None:
    player = state.players[_player_id(state, action.payload)]
    if player.dropped:
        raise Conflict("%(name)s has already dropped", code=codes.PLAYER_DROPPED, name=player.name)
    player.dropped = True
    player.drop_reason = action.reason


def _reinstated(state: EventState, action: Action, ruleset: Ruleset) -> None:
    player = state.players[_player_id(state, action.payload)]
    if not player.dropped:
        raise Conflict("%(name)s has not dropped", code=codes.PLAYER_ACTIVE, name=player.name)
    player.dropped = False
    player.drop_reason = ""


def _settings_changed(state: EventState, action: Action, ruleset: Ruleset) -> None:
    merged = dict(ruleset.settings_to_json(state.settings))
    merged.update(action.payload["settings"])
    settings = ruleset.parse_settings(merged)
    now = phases.current(state, ruleset)
    if state.phase_log and now.key not in [p.key for p in ruleset.phases(settings)]:
        raise Conflict("the %(phase)s stage has begun; this change would remove it",
                       code=codes.SETTINGS_PHASE, phase=now.key)
    sensitive = ruleset.names_case_sensitive(settings)
    if sensitive != state.names_case_sensitive:
        clashes = state.set_names_case_sensitive(sensitive)
        if clashes:
            raise Conflict("names would no longer be told apart: %(names)s",
                           code=codes.SETTINGS_NAMES, field="settings", names=clashes)
    state.settings = settings


def _registered_ids(state: EventState) -> Callable[[int], int]:
    """Each seated id as the registered player's own int object (an equal id otherwise): a
    round's payload decodes every id anew, and 200,000 players' rounds and results held a
    million copies of them (the import's memory)."""
    players = state.players
    lookup = dict.get

    def canonical(pid: int) -> int:
        player = lookup(players, pid)
        if player is not None and type(pid) is int:
            found = player.id
            if found == pid and type(found) is int:
                return found
        return pid

    return canonical


def _paired(state: EventState, action: Action, ruleset: Ruleset) -> None:
    payload = action.payload
    number = payload["round"]
    if number != len(state.rounds) + 1:
        raise InvalidInput("round %(round)s cannot follow round %(last)s", code=codes.ROUND_NUMBER,
                           field="round", round=number, last=len(state.rounds))
    current = state.current_round
    if current is not None and not current.complete:
        raise Conflict("round %(round)s still misses results for tables %(tables)s",
                       code=codes.ROUND_INCOMPLETE, round=current.number, tables=current.missing)
    stage = payload.get("stage") or phases.current(state, ruleset).key
    phase = phases.find(state, ruleset, stage)
    if phase is None or phase.kind != ROUNDS:
        raise InvalidInput("round %(round)s: %(stage)r is not a stage of rounds of this event",
                           code=codes.ROUND_STAGE, field="stage", round=number, stage=stage)
    if phases.current(state, ruleset).key == stage:
        phases.require_open(state, ruleset)
    tables: list[Table] = []
    seen: set[int] = set()
    ids = _registered_ids(state)
    for index, seats in enumerate(payload["tables"], start=1):
        if not 2 <= len(seats) <= 7:
            raise InvalidInput("round %(round)s, table %(table)s: a table seats 2 to 7 players",
                               code=codes.ROUND_TABLE_SIZE, field="tables", round=number,
                               table=index)
        for pid in seats:
            _seat_check(state, pid, seen, number)
        tables.append(Table(index, tuple(map(ids, seats))))
    points, order = ruleset.bye_award(state.settings)
    byes = []
    for bye in payload.get("byes") or []:
        pid = bye["player"]
        _seat_check(state, pid, seen, number)
        byes.append(Bye(pid, points, order, Message.from_json(bye.get("reason", ""))))
    ruleset.check_round(state, payload)
    phases.enter(state, ruleset, stage, action.seq, number)
    state.rounds.append(
        Round(
            number=number,
            stage=stage,
            tables=tables,
            byes=byes,
            seed=payload["seed"],
            notes=[Message.from_json(note) for note in payload.get("notes") or []],
            seq=action.seq,
        )
    )
    state.draws += 1


def _seat_check(state: EventState, pid: int, seen: set[int], number: int) -> None:
    if pid not in state.players:
        raise InvalidInput("round %(round)s: no player %(player)s", code=codes.ROUND_PLAYER,
                           field="tables", round=number, player=pid)
    name = state.players[pid].name
    if pid in seen:
        raise InvalidInput("round %(round)s: player %(name)s is seated twice",
                           code=codes.ROUND_TWICE, field="tables", round=number, name=name)
    if state.players[pid].dropped:
        raise InvalidInput("round %(round)s: %(name)s has dropped", code=codes.ROUND_DROPPED,
                           field="tables", round=number, name=name)
    seen.add(pid)


def _undone(state: EventState, action: Action, ruleset: Ruleset) -> None:
    current = state.current_round
    if current is None or action.payload["round"] != current.number:
        raise Conflict("only the last paired round can be undone", code=codes.ROUND_NOT_LAST)
    if current.results:
        raise Conflict("round %(round)s already has results for tables %(tables)s; "
                       "it cannot be undone", code=codes.ROUND_HAS_RESULTS, round=current.number,
                       tables=sorted(current.results))
    if phases.current(state, ruleset).key != current.stage:
        raise Conflict("the %(phase)s stage has begun; round %(round)s cannot be undone",
                       code=codes.PHASE_CLOSED, phase=phases.current(state, ruleset).key,
                       round=current.number)
    state.rounds.pop()
    phases.round_undone(state, current.number)


def _result(state: EventState, action: Action, ruleset: Ruleset) -> None:
    payload = action.payload
    number = payload["round"]
    correcting = action.kind == Kind.RESULT_CORRECTED
    if not 1 <= number <= len(state.rounds):
        raise NotFound("no round %(round)s", code=codes.ROUND_UNKNOWN, field="round", round=number)
    rnd = state.round(number)
    if not correcting and rnd is not state.current_round:
        raise Conflict("round %(round)s is not the current round; use the correction command "
                       "to change it", code=codes.ROUND_NOT_CURRENT, round=number)
    table_no = payload["table"]
    try:
        table = rnd.table(table_no)
    except KeyError:
        raise NotFound("round %(round)s has no table %(table)s", code=codes.TABLE_UNKNOWN,
                       field="table", round=number, table=table_no) from None
    if correcting and table_no not in rnd.results:
        raise Conflict("round %(round)s, table %(table)s has no result to correct",
                       code=codes.RESULT_MISSING, round=number, table=table_no)
    if not correcting and table_no in rnd.results:
        raise Conflict("round %(round)s, table %(table)s already has a result; use the "
                       "correction command", code=codes.RESULT_EXISTS, round=number,
                       table=table_no)
    result = ruleset.score_entry(state, rnd, table, payload["entry"])
    if correcting:
        result = replace(result, corrected=True)
    rnd.results[table_no] = result
    rnd.versions[table_no] = action.seq


def _legacy_created(state: EventState, action: Action, ruleset: Ruleset) -> None:
    raise InvalidInput("action %(seq)s: an event is created once, by the first action",
                       code=codes.LOG_CREATED, seq=action.seq)


PAIRED_SCHEMA = obj(
    {"round": ROUND, "tables": ListOf(ListOf(PLAYER, max_items=7), max_items=100_000),
     "seed": SEED},
    {"stage": Str(40), "byes": ListOf(Obj({"player": PLAYER}, {"reason": NOTE})),
     "notes": ListOf(NOTE, max_items=10_000)},
)
RESULT_SCHEMA = obj({"round": Int(), "table": Int(), "entry": Obj(extra=AnyJson(10_000))})

CORE_KINDS: tuple[ActionKind, ...] = (
    ActionKind(Kind.EVENT_CREATED, _legacy_created, None, "Event created"),
    ActionKind(Kind.PLAYER_REGISTERED, _registered,
               obj({"player": PLAYER, "name": NAME}, {"group": people.GROUP}),
               "Player registered"),
    ActionKind(Kind.PLAYER_DROPPED, _dropped, obj({"player": Int()}), "Player dropped"),
    ActionKind(Kind.PLAYER_REINSTATED, _reinstated, obj({"player": Int()}),
               "Player reinstated"),
    ActionKind(Kind.SETTINGS_CHANGED, _settings_changed,
               obj({"settings": Obj(extra=AnyJson(10_000))}), "Settings changed"),
    *people.KINDS,
    *signup.KINDS,
)
ROUND_KINDS: tuple[ActionKind, ...] = (
    ActionKind(Kind.ROUND_PAIRED, _paired, PAIRED_SCHEMA, "Round paired"),
    ActionKind(Kind.ROUND_UNDONE, _undone, obj({"round": Int()}), "Round undone"),
    ActionKind(Kind.RESULT_ENTERED, _result, RESULT_SCHEMA, "Result entered"),
    ActionKind(Kind.RESULT_CORRECTED, _result, RESULT_SCHEMA, "Result corrected"),
    *people.ROUND_KINDS,
    *clock.KINDS,
    *signup.CHECKIN_KINDS,
)
SERIES_KINDS: tuple[ActionKind, ...] = (
    ActionKind(series.MEMBER_ADDED, series.member_added, series.ADDED_SCHEMA,
               "Event added to the series"),
    ActionKind(series.MEMBER_REMOVED, series.member_removed, series.REMOVED_SCHEMA,
               "Event removed from the series"),
)
DIVISION_KINDS: tuple[ActionKind, ...] = (
    ActionKind(divisions.DIVISIONS_ASSIGNED, divisions.assigned, divisions.ASSIGNED_SCHEMA,
               "Divisions assigned"),
    ActionKind(divisions.DIVISION_MOVED, divisions.moved, divisions.MOVED_SCHEMA,
               "Player moved to another division"),
)
