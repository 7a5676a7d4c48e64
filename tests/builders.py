"""Building events in memory through the real action log, for rule tests (no database)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from podium.core.log import Action, Kind
from podium.core.model import EventState
from podium.core.replay import apply, replay
from podium.formats import get_format

START = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)


class EventLog:
    """An event whose every change is an :class:`Action`, applied exactly as the service does."""

    def __init__(self, players: int = 0, seed: int = 7, fmt: str = "commander", **settings: Any):
        self.ruleset = get_format(fmt)
        parsed = self.ruleset.parse_settings(settings)
        created = self._action(
            1,
            Kind.EVENT_CREATED,
            {
                "name": "test",
                "format": fmt,
                "seed": seed,
                "settings": self.ruleset.settings_to_json(parsed),
            },
        )
        self.actions = [created]
        self.state: EventState = replay(self.actions, self.ruleset)
        if players:
            self.add(*[f"P{i}" for i in range(1, players + 1)])

    @staticmethod
    def _action(seq: int, kind: str, payload: dict[str, Any], reason: str = "") -> Action:
        return Action(seq, kind, "judge", START + timedelta(minutes=seq), payload, reason)

    def do(self, kind: str, payload: dict[str, Any], reason: str = "") -> Action:
        action = self._action(self.state.last_seq + 1, kind, payload, reason)
        apply(self.state, action, self.ruleset)
        self.actions.append(action)
        return action

    def add(self, *names: str) -> None:
        for name in names:
            self.do(Kind.PLAYER_REGISTERED, {"player": len(self.state.players) + 1, "name": name})

    def seat(self, *tables: list[int], byes: tuple[int, ...] = (), stage: str = "swiss") -> None:
        """Record a round paired by hand (as a judge's paper pairing would be)."""
        self.do(
            Kind.ROUND_PAIRED,
            {
                "round": len(self.state.rounds) + 1,
                "stage": stage,
                "tables": [list(t) for t in tables],
                "byes": [{"player": p, "reason": "test"} for p in byes],
                "seed": 0,
                "notes": [],
            },
        )

    def pair(self) -> Any:
        """Pair the next round with the format's own pairing, as `podium round pair` does."""
        plan = self.ruleset.plan_round(self.state)
        self.do(Kind.ROUND_PAIRED, plan.to_payload())
        return self.state.rounds[-1]

    def win(self, table: int, winner: int, *eliminated: int, **extra: Any) -> None:
        self.result(table, {"winner": winner, "eliminated": list(eliminated), **extra})

    def draw(self, table: int, survivors: list[int], eliminated: list[int] | None = None) -> None:
        self.result(table, {"draw": True, "survivors": survivors, "eliminated": eliminated or []})

    def result(
        self, table: int, entry: dict[str, Any], correct_round: int | None = None, reason: str = ""
    ) -> None:
        kind = Kind.RESULT_ENTERED if correct_round is None else Kind.RESULT_CORRECTED
        number = correct_round or len(self.state.rounds)
        self.do(kind, {"round": number, "table": table, "entry": entry}, reason)

    def standings(self, through: int | None = None):
        return self.ruleset.standings(self.state, through)

    def order(self, through: int | None = None) -> list[int]:
        return self.standings(through).order()
