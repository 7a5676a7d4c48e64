"""What a format must provide so that the core can replay and validate its events."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from podium.core.model import EventState, PlayerId, Round, Table, TableResult
from podium.core.standings import Standings


@dataclass(frozen=True)
class ByePlan:
    player: PlayerId
    reason: str


@dataclass
class RoundPlan:
    """A proposed round, before it is committed to the log.

    ``notes`` explain the pairing to people (swaps, byes, unavoidable repeats) and are stored
    with the round, so the explanation stays what it was when the round was paired.
    """

    number: int
    stage: str
    tables: list[tuple[PlayerId, ...]]
    byes: list[ByePlan]
    seed: int
    notes: list[str] = field(default_factory=list)

    def to_payload(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "stage": self.stage,
            "tables": [list(seats) for seats in self.tables],
            "byes": [{"player": b.player, "reason": b.reason} for b in self.byes],
            "seed": self.seed,
            "notes": list(self.notes),
        }


class Ruleset(Protocol):
    """The format-specific part of replay: settings, pairing, scoring, standings.

    Optional members a format may add, found with ``getattr`` so older formats need none:

    - ``title: str`` and ``fields``: a description and the settings fields
      (:mod:`podium.formats.settings`), shown by ``podium event formats`` and the web form;
    - ``handlers: Mapping[str, Handler]``: action kinds of its own (named ``"<format>.<what>"``),
      applied by :func:`podium.core.replay.apply` exactly like the core kinds;
    - ``views(state) -> list[TableView]``: the public tables (:mod:`podium.core.views`).
    """

    name: str

    def parse_settings(self, raw: Mapping[str, Any]) -> Any:
        """Validate settings given as JSON values or strings; raise InvalidInput naming the key."""
        ...

    def settings_to_json(self, settings: Any) -> dict[str, Any]: ...

    def bye_award(self, settings: Any) -> tuple[Fraction, int | None]:
        """Points and elimination order a bye is worth."""
        ...

    def score(
        self, state: EventState, rnd: Round, table: Table, entry: Mapping[str, Any]
    ) -> TableResult:
        """Validate a result entry for ``table`` and score it; raise InvalidInput if it is bad."""
        ...

    def plan_round(self, state: EventState) -> RoundPlan:
        """Propose the next round; raise Conflict when it cannot be paired now."""
        ...

    def standings(self, state: EventState, through_round: int | None = None) -> Standings:
        """Standings after ``through_round`` rounds (all rounds when None)."""
        ...
