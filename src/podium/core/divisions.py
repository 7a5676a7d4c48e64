"""Divisions: named groups of players inside one event (Berserk's draft tables, W7's leagues).

Core action kinds, replayed for every format that declares the ``divisions`` capability:

- ``divisions.assigned``: the whole assignment at once (``divisions``: each a ``key``, a
  ``name``, a ``level`` and its ``players``), drawn with a recorded ``seed`` or set by hand;
- ``division.moved``: one player into another division (``to``), with ``why``: ``promotion``,
  ``relegation`` or ``organiser`` (the organiser's move needs a reason in the log).

Which assignments and moves a format can play is its own rule
(:meth:`podium.core.ruleset.Ruleset.check_divisions` and ``check_move``); the core checks that
every active player is in exactly one division and every division's players exist.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from podium.core import codes
from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.log import Action
from podium.core.model import EventState, PlayerId
from podium.core.schema import PLAYERS, Int, ListOf, Nullable, Obj, Str, obj

DIVISIONS_ASSIGNED = "divisions.assigned"
DIVISION_MOVED = "division.moved"
MOVE_REASONS = ("promotion", "relegation", "organiser")
KEY = Str(40, non_empty=True)


@dataclass
class Division:
    """One group: ``level`` orders divisions by strength (0 is the top one)."""

    key: str
    name: str
    members: list[PlayerId] = field(default_factory=list)
    level: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "level": self.level,
                "players": list(self.members)}


ASSIGNED_SCHEMA = obj(
    {"divisions": ListOf(Obj({"key": KEY, "name": Str(200), "players": PLAYERS},
                             {"level": Int(0, 1000)}), min_items=1, max_items=10_000)},
    {"seed": Nullable(Int(0)), "method": Str(100)},
)
MOVED_SCHEMA = obj({"player": Int(1), "to": KEY}, {"why": Str(20, choices=MOVE_REASONS)})


def divisions_of(state: EventState) -> list[Division]:
    return list(state.divisions.values())


def division_of(state: EventState, player: PlayerId) -> Division | None:
    key = state.division_of.get(player)
    return None if key is None else state.divisions[key]


def build(state: EventState, raw: Sequence[dict[str, Any]]) -> list[Division]:
    """Check an assignment against the event's players: every id known, none twice, every
    active player placed."""
    out: list[Division] = []
    seen: set[PlayerId] = set()
    keys: set[str] = set()
    for item in raw:
        key = item["key"]
        if key in keys:
            raise InvalidInput("division %(division)s is listed twice", field="divisions",
                               code=codes.DIVISIONS_DUPLICATE, division=key)
        keys.add(key)
        for pid in item["players"]:
            if pid not in state.players:
                raise NotFound("division %(division)s: no player %(player)s",
                               field="divisions", code=codes.DIVISIONS_PLAYER, division=key,
                               player=pid)
            if pid in seen:
                raise InvalidInput("%(name)s is in two divisions", field="divisions",
                                   code=codes.DIVISIONS_TWICE, name=state.players[pid].name)
            seen.add(pid)
        out.append(Division(key, item.get("name") or key, list(item["players"]),
                            item.get("level", 0)))
    missing = [p.name for p in state.active_players() if p.id not in seen]
    if missing:
        raise InvalidInput("no division for %(names)s", field="divisions",
                           code=codes.DIVISIONS_MISSING, names=missing)
    return out


def assigned(state: EventState, action: Action, ruleset: Any) -> None:
    divisions = build(state, action.payload["divisions"])
    ruleset.check_divisions(state, divisions)
    set_divisions(state, divisions)


def set_divisions(state: EventState, divisions: Sequence[Division]) -> None:
    state.divisions = {d.key: d for d in divisions}
    state.division_of = {pid: d.key for d in divisions for pid in d.members}


def moved(state: EventState, action: Action, ruleset: Any) -> None:
    payload = action.payload
    pid = payload["player"]
    if pid not in state.players:
        raise NotFound("no player %(player)s", field="player", code=codes.PLAYER_UNKNOWN,
                       player=pid)
    target = state.divisions.get(payload["to"])
    if target is None:
        raise NotFound("no division %(division)s", field="to", code=codes.DIVISION_UNKNOWN,
                       division=payload["to"])
    why = payload.get("why", "organiser")
    if why == "organiser" and not action.reason.strip():
        raise InvalidInput("moving a player needs a reason", field="reason",
                           code=codes.REASON_MISSING)
    source = division_of(state, pid)
    if source is not None and source.key == target.key:
        raise Conflict("%(name)s is already in %(division)s", code=codes.DIVISION_SAME,
                       name=state.players[pid].name, division=target.name)
    ruleset.check_move(state, pid, target)
    if source is not None:
        source.members.remove(pid)
    target.members.append(pid)
    state.division_of[pid] = target.key
