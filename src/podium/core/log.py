"""The append-only action log: the single source of truth of an event.

Every organiser or player action is one :class:`Action` with its actor, UTC time and reason.
Derived state (players, rounds, standings) is rebuilt from the log by replay
(:mod:`podium.core.replay`). An undo or a correction is a new action, never a deletion.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any


class Kind:
    """The action kinds the core understands. Formats may add their own."""

    EVENT_CREATED = "event.created"
    PLAYER_REGISTERED = "player.registered"
    PLAYER_DROPPED = "player.dropped"
    PLAYER_REINSTATED = "player.reinstated"
    SETTINGS_CHANGED = "settings.changed"
    ROUND_PAIRED = "round.paired"
    ROUND_UNDONE = "round.undone"
    RESULT_ENTERED = "result.entered"
    RESULT_CORRECTED = "result.corrected"
    # A TOP (play-off) after the Swiss stage of any format: core/top_replay.py
    TOP_BUILT = "top.built"
    TOP_RESULT = "top.result"
    TOP_CORRECTED = "top.corrected"
    TOP_UNDONE = "top.undone"


@dataclass(frozen=True)
class Action:
    """One record of the log.

    ``seq`` numbers the actions of one event from 1 without gaps; ``at`` is timezone-aware UTC;
    ``payload`` holds only JSON values (str, int, bool, None, lists and dicts of them), so that
    the same record round-trips through the database and the event file unchanged.
    """

    seq: int
    kind: str
    actor: str
    at: datetime
    payload: dict[str, Any] = field(default_factory=dict)
    reason: str = ""

    def __post_init__(self) -> None:
        if self.at.tzinfo is None:
            raise ValueError(f"action {self.seq} ({self.kind}): time must carry a zone")
        object.__setattr__(self, "at", self.at.astimezone(UTC))

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "kind": self.kind,
            "actor": self.actor,
            "at": format_utc(self.at),
            "reason": self.reason,
            "payload": self.payload,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        return cls(
            seq=int(data["seq"]),
            kind=str(data["kind"]),
            actor=str(data["actor"]),
            at=parse_utc(str(data["at"])),
            reason=str(data.get("reason", "")),
            payload=dict(data.get("payload") or {}),
        )


def format_utc(moment: datetime) -> str:
    """ISO 8601 with microseconds and a ``Z``: one spelling, so exports are byte-stable."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_utc(text: str) -> datetime:
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        raise ValueError(f"time {text!r} has no zone")
    return moment.astimezone(UTC)
