"""Series use cases (:mod:`podium.core.series`): adding and removing members, and the ledger
across them computed from each member's format (``Ruleset.series_points``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from podium.core import codes
from podium.core.errors import Conflict
from podium.core.log import Action
from podium.core.series import (
    MEMBER_ADDED,
    MEMBER_REMOVED,
    Ledger,
    Member,
    book_of,
    ledger,
)
from podium.service.commands import Command, need_reason
from podium.service.events import EventService, LoadedEvent, NewAction


def series_of(loaded: LoadedEvent) -> LoadedEvent:
    """The event, if it is a series (its ledger and members are read of a series only; the
    catalog already refuses a series command on another event)."""
    if not loaded.ruleset.capabilities.series:
        raise Conflict("event %(slug)s is a %(format)s event, not a series",
                       code=codes.SERIES_NOT,
                       field="series", slug=loaded.state.slug, format=loaded.ruleset.name)
    return loaded


@dataclass(frozen=True)
class AddMember(Command[Member]):
    """Add ``event`` (an existing event, not a series) as the series' next member."""

    event: str = ""
    label: str = ""
    basis: dict[str, Any] = field(default_factory=dict)
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        series_of(loaded)
        payload: dict[str, Any] = {"event": self.event}
        if self.label:
            payload["label"] = self.label
        if self.basis:
            payload["basis"] = self.basis
        return [NewAction(MEMBER_ADDED, payload, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Member:
        return book_of(loaded.state).members[-1]

    def run(self, service: EventService, actor: str) -> Any:
        series_of(service.load(self.slug))
        member = service.load(self.event)  # NotFound for an unknown event
        if member.ruleset.capabilities.series:
            raise Conflict("event %(slug)s is a series: a series holds events, not series",
                           code=codes.SERIES_NESTED, field="event", slug=self.event)
        return super().run(service, actor)


@dataclass(frozen=True)
class RemoveMember(Command[None]):
    event: str = ""
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        series_of(loaded)
        return [NewAction(MEMBER_REMOVED, {"event": self.event},
                          need_reason(self.reason, "removing a member"))]


def series_members(service: EventService, slug: str) -> tuple[LoadedEvent, list[LoadedEvent]]:
    """The series and its member events in order, each caught up (one database session)."""
    loaded = series_of(service.load(slug))
    members = list(book_of(loaded.state).members)
    return loaded, service.load_many([m.event for m in members])


def series_ledger(service: EventService, slug: str, best: int | None = None,
                  loaded: tuple[LoadedEvent, list[LoadedEvent]] | None = None) -> Ledger:
    """The series' table: each member replayed (cached), asked what its players earned."""
    series, events = loaded or series_members(service, slug)
    members = list(book_of(series.state).members)
    if best is None:
        best = series.state.settings.get("best") or None
    points = [event.ruleset.series_points(event.state) for event in events]
    return ledger(members, points, best)
