"""Replay: fold the action log into :class:`EventState`.

:func:`apply` is the single place where an action is checked against the state it would change.
The service calls it before appending an action (so a bad action is refused and nothing is
stored) and replay calls it for every stored action (so an imported file is checked the same way).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.log import Action, Kind
from podium.core.model import Bye, EventState, Player, Round, Table
from podium.core.ruleset import Ruleset
from podium.core.top_replay import TOP_HANDLERS

Handler = Callable[[EventState, Action, Ruleset], None]


def replay(actions: Iterable[Action], ruleset: Ruleset) -> EventState:
    """Rebuild the state from the log; raises InvalidInput at the first inconsistent action."""
    state: EventState | None = None
    for action in actions:
        if state is None:
            if action.kind != Kind.EVENT_CREATED:
                raise InvalidInput(
                    f"action {action.seq}: the log must start with {Kind.EVENT_CREATED}"
                )
            state = _created(action, ruleset)
        else:
            apply(state, action, ruleset)
    if state is None:
        raise InvalidInput("the log is empty")
    return state


def _created(action: Action, ruleset: Ruleset) -> EventState:
    payload = action.payload
    if action.seq != 1:
        raise InvalidInput(f"the first action must have seq 1, not {action.seq}")
    if payload.get("format") != ruleset.name:
        raise InvalidInput(f"event format {payload.get('format')!r} is not {ruleset.name!r}")
    seed = payload.get("seed")
    if not _is_int(seed) or seed < 0:
        raise InvalidInput("event seed must be a non-negative integer")
    return EventState(
        slug=str(payload.get("slug", "")),  # the store's slug replaces it; kept for bare replays
        name=str(payload.get("name", "")),
        format=ruleset.name,
        settings=ruleset.parse_settings(payload.get("settings") or {}),
        seed=seed,
        last_seq=1,
    )


def _is_int(value: object) -> bool:
    """A JSON integer; ``true`` is not player 1, though Python's bool is an int."""
    return isinstance(value, int) and not isinstance(value, bool)


def apply(state: EventState, action: Action, ruleset: Ruleset) -> None:
    """Check ``action`` against ``state`` and apply it. Nothing is changed if it is refused."""
    if action.seq != state.last_seq + 1:
        raise InvalidInput(f"action {action.seq} does not follow action {state.last_seq}")
    handler = HANDLERS.get(action.kind) or format_handlers(ruleset).get(action.kind)
    if handler is None:
        raise InvalidInput(f"action {action.seq}: unknown kind {action.kind!r}")
    handler(state, action, ruleset)
    state.last_seq = action.seq


def format_handlers(ruleset: Ruleset) -> Mapping[str, Handler]:
    """Action kinds a format adds (games, penalties, bracket results...). They go through this
    same :func:`apply`, so the service refuses a bad one before storing it and replay checks it."""
    return getattr(ruleset, "handlers", None) or {}


def _player_id(state: EventState, payload: dict[str, Any], key: str = "player") -> int:
    pid = payload.get(key)
    if not _is_int(pid) or pid not in state.players:
        raise NotFound(f"no player {pid!r} in event {state.slug!r}")
    return pid


def _registered(state: EventState, action: Action, ruleset: Ruleset) -> None:
    pid = action.payload.get("player")
    name = str(action.payload.get("name", "")).strip()
    if not _is_int(pid) or pid <= 0 or pid in state.players:
        raise InvalidInput(f"player id {pid!r} is not new")
    if not name:
        raise InvalidInput("a player needs a name")
    if state.player_by_name(name) is not None:
        raise InvalidInput(f"a player named {name!r} is already registered")
    state.add_player(Player(pid, name, joined_round=len(state.rounds)))


def _dropped(state: EventState, action: Action, ruleset: Ruleset) -> None:
    player = state.players[_player_id(state, action.payload)]
    if player.dropped:
        raise Conflict(f"{player.name} has already dropped")
    player.dropped = True
    player.drop_reason = action.reason


def _reinstated(state: EventState, action: Action, ruleset: Ruleset) -> None:
    player = state.players[_player_id(state, action.payload)]
    if not player.dropped:
        raise Conflict(f"{player.name} has not dropped")
    player.dropped = False
    player.drop_reason = ""


def _settings_changed(state: EventState, action: Action, ruleset: Ruleset) -> None:
    merged = dict(ruleset.settings_to_json(state.settings))
    merged.update(action.payload.get("settings") or {})
    state.settings = ruleset.parse_settings(merged)


def _paired(state: EventState, action: Action, ruleset: Ruleset) -> None:
    payload = action.payload
    number = payload.get("round")
    if number != len(state.rounds) + 1:
        raise InvalidInput(f"round {number!r} cannot follow round {len(state.rounds)}")
    current = state.current_round
    if current is not None and not current.complete:
        raise Conflict(f"round {current.number} still misses results for tables {current.missing}")
    tables: list[Table] = []
    seen: set[int] = set()
    for index, seats in enumerate(payload.get("tables") or [], start=1):
        if not isinstance(seats, list) or not 2 <= len(seats) <= 7:
            raise InvalidInput(f"round {number}, table {index}: a table seats 2 to 7 players")
        for pid in seats:
            _seat_check(state, pid, seen, number)
        tables.append(Table(index, tuple(seats)))
    points, order = ruleset.bye_award(state.settings)
    byes = []
    for bye in payload.get("byes") or []:
        pid = bye.get("player")
        _seat_check(state, pid, seen, number)
        byes.append(Bye(pid, points, order, str(bye.get("reason", ""))))
    seed = payload.get("seed")
    if not _is_int(seed):
        raise InvalidInput(f"round {number}: the draw's seed is missing")
    state.rounds.append(
        Round(
            number=number,
            stage=str(payload.get("stage", "")),
            tables=tables,
            byes=byes,
            seed=seed,
            notes=[str(note) for note in payload.get("notes") or []],
        )
    )
    state.draws += 1


def _seat_check(state: EventState, pid: object, seen: set[int], number: object) -> None:
    if not _is_int(pid) or pid not in state.players:
        raise InvalidInput(f"round {number}: no player {pid!r}")
    if pid in seen:
        raise InvalidInput(f"round {number}: player {state.players[pid].name} is seated twice")
    if state.players[pid].dropped:
        raise InvalidInput(f"round {number}: {state.players[pid].name} has dropped")
    seen.add(pid)


def _undone(state: EventState, action: Action, ruleset: Ruleset) -> None:
    current = state.current_round
    if current is None or action.payload.get("round") != current.number:
        raise Conflict("only the last paired round can be undone")
    if current.results:
        raise Conflict(
            f"round {current.number} already has results for tables {sorted(current.results)}; "
            "it cannot be undone"
        )
    state.rounds.pop()


def _result(state: EventState, action: Action, ruleset: Ruleset) -> None:
    payload = action.payload
    number = payload.get("round")
    correcting = action.kind == Kind.RESULT_CORRECTED
    if not _is_int(number) or not 1 <= number <= len(state.rounds):
        raise NotFound(f"no round {number!r}")
    rnd = state.round(number)
    if not correcting and rnd is not state.current_round:
        raise Conflict(
            f"round {number} is not the current round; use the correction command to change it"
        )
    table_no = payload.get("table")
    try:
        table = rnd.table(table_no) if _is_int(table_no) else None
    except KeyError:
        table = None
    if table is None:
        raise NotFound(f"round {number} has no table {table_no!r}")
    if correcting and table_no not in rnd.results:
        raise Conflict(f"round {number}, table {table_no} has no result to correct")
    if not correcting and table_no in rnd.results:
        raise Conflict(
            f"round {number}, table {table_no} already has a result; use the correction command"
        )
    entry = payload.get("entry")
    if not isinstance(entry, dict):
        raise InvalidInput("the result entry is missing")
    result = ruleset.score(state, rnd, table, entry)
    if correcting:
        result = replace(result, corrected=True)
    rnd.results[table_no] = result


HANDLERS: dict[str, Handler] = {
    Kind.PLAYER_REGISTERED: _registered,
    Kind.PLAYER_DROPPED: _dropped,
    Kind.PLAYER_REINSTATED: _reinstated,
    Kind.SETTINGS_CHANGED: _settings_changed,
    Kind.ROUND_PAIRED: _paired,
    Kind.ROUND_UNDONE: _undone,
    Kind.RESULT_ENTERED: _result,
    Kind.RESULT_CORRECTED: _result,
    **TOP_HANDLERS,  # the TOP (play-off) of any format: core/top_replay.py
}
