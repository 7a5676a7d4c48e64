"""The log page's "details" column: an action's payload with player ids shown as names."""

from __future__ import annotations

from typing import Any

from podium.core.log import Action
from podium.core.model import EventState

HIDDEN = {"seed", "notes", "format"}
PLAYER_KEYS = {"player", "winner"}
PLAYER_LISTS = {"eliminated", "survivors"}


def describe(state: EventState, action: Action) -> str:
    players = state.players

    def name(pid: Any) -> str:
        player = players.get(pid) if isinstance(pid, int) else None
        return player.name if player else str(pid)

    def value(key: str, item: Any) -> str:
        if key in PLAYER_KEYS:
            return name(item)
        if key in PLAYER_LISTS and isinstance(item, list):
            return ", ".join(name(p) for p in item)
        if key == "tables" and isinstance(item, list):
            return "; ".join(
                f"{i}: " + ", ".join(name(p) for p in seats) for i, seats in enumerate(item, 1)
            )
        if key == "byes" and isinstance(item, list):
            return ", ".join(name(b.get("player")) for b in item if isinstance(b, dict))
        if key == "game_losses" and isinstance(item, list):
            return ", ".join(
                f"{name(g.get('player'))} ({g.get('reason', '')})"
                for g in item
                if isinstance(g, dict)
            )
        if isinstance(item, dict):
            return "; ".join(
                f"{k}={value(k, v)}" for k, v in item.items() if v not in (None, [], False)
            )
        return str(item)

    hidden = HIDDEN | ({"player"} if "name" in action.payload else set())
    return "; ".join(
        f"{key}={value(key, item)}"
        for key, item in action.payload.items()
        if key not in hidden and item not in (None, [], False)
    )
