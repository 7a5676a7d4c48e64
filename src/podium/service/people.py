"""The commands of people and of the event's own record: each builds one action of
:mod:`podium.core.people`, checked by replay before it is stored; deleting an event is the one
change outside the log (it removes the log itself, after a confirmation that names what is
lost)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from podium.core import codes, people
from podium.core.errors import Conflict, InvalidInput
from podium.core.log import Action
from podium.core.model import Player
from podium.core.text import clean_name
from podium.service.commands import Command, need_reason
from podium.service.events import EventService, LoadedEvent, NewAction, Outcome
from podium.service.forms import clean_name as clean_player_name
from podium.service.forms import resolve_player


def _name(raw: str) -> str:
    """A player's name as stored (NFC, whitespace collapsed, something visible)."""
    return clean_player_name(raw)


def _event_name(raw: str) -> str:
    return " ".join(clean_name(raw, "name", 200).split())


@dataclass(frozen=True)
class RenamePlayer(Command[Player]):
    player: str = ""
    name: str = ""
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        found = resolve_player(loaded.state, self.player)
        return [NewAction(people.PLAYER_RENAMED, {"player": found.id, "name": _name(self.name),
                                                  "old": found.name}, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Player:
        return loaded.state.players[stored[-1].payload["player"]]


@dataclass(frozen=True)
class GroupPlayer(Command[Player]):
    """A player's group (club, family or team; "" clears it), kept apart in the pairing by
    the format's setting ``separate_groups`` (beyond the regulation)."""

    player: str = ""
    group: str = ""
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        found = resolve_player(loaded.state, self.player)
        return [NewAction(people.PLAYER_GROUPED, {"player": found.id,
                                                  "group": people.clean_group(self.group),
                                                  "old": found.group}, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Player:
        return loaded.state.players[stored[-1].payload["player"]]


@dataclass(frozen=True)
class RemovePlayer(Command[str]):
    player: str = ""
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        found = resolve_player(loaded.state, self.player)
        return [NewAction(people.PLAYER_REMOVED, {"player": found.id, "name": found.name},
                          self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> str:
        return str(stored[-1].payload["name"])


@dataclass(frozen=True)
class MergePlayers(Command[Player]):
    player: str = ""
    other: str = ""
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        reason = need_reason(self.reason, "a merge")
        keep = resolve_player(loaded.state, self.player)
        other = resolve_player(loaded.state, self.other, "other")
        return [NewAction(people.PLAYER_MERGED, {"player": keep.id, "other": other.id,
                                                 "names": f"{keep.name} <- {other.name}"},
                          reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Player:
        return loaded.state.players[stored[-1].payload["player"]]


@dataclass(frozen=True)
class Substitution:
    """What a substitution answers: the substitute, whom they replace, from which round, and
    whose record they play on."""

    substitute: Player
    original: str
    from_round: int
    record: str


@dataclass(frozen=True)
class SubstitutePlayer(Command[Substitution]):
    player: str = ""
    name: str = ""
    from_round: int | None = None
    same_record: bool | None = None
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = loaded.state
        original = resolve_player(state, self.player)
        number = self.from_round
        if number is None:
            current = state.current_round
            open_seat = current is not None and any(
                original.id in t.seats and t.number not in current.results
                for t in current.tables)
            number = current.number if open_seat and current else len(state.rounds) + 1
        record = loaded.ruleset.substitute_record(state.settings)
        if self.same_record is not None:
            record = people.SAME_RECORD if self.same_record else people.NEW_RECORD
        payload: dict[str, Any] = {"player": original.id, "name": _name(self.name),
                                   "from_round": number, "record": record,
                                   "old": original.name}
        if record == people.NEW_RECORD:
            payload["substitute"] = state.next_player_id()
        return [NewAction(people.PLAYER_SUBSTITUTED, payload, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Substitution:
        payload = stored[-1].payload
        pid = payload.get("substitute") or payload["player"]
        return Substitution(loaded.state.players[pid], payload["old"], payload["from_round"],
                            payload["record"])


# -- the event's own record ---------------------------------------------------------------------
@dataclass(frozen=True)
class RenameEvent(Command[str]):
    name: str = ""
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        return [NewAction(people.EVENT_RENAMED, {"name": _event_name(self.name),
                                                 "old": loaded.state.name}, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> str:
        return loaded.state.name


@dataclass(frozen=True)
class ArchiveEvent(Command[bool]):
    archived: bool = True
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        return [NewAction(people.EVENT_ARCHIVED, {"archived": self.archived}, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> bool:
        return loaded.state.archived


@dataclass(frozen=True)
class EventDetails(Command[tuple[str | None, str]]):
    """The event's date and venue: ``None`` leaves one as it is, ``""`` clears it."""

    date: str | None = None
    venue: str | None = None
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        payload: dict[str, Any] = {}
        if self.date is not None:
            payload["date"] = self.date
        if self.venue is not None:
            payload["venue"] = self.venue
        if not payload:
            raise InvalidInput("give a date, a venue or both", code=codes.INPUT_MISSING,
                               field="date")
        return [NewAction(people.EVENT_DETAILS, payload, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> tuple[str | None, str]:
        return loaded.state.date, loaded.state.venue


@dataclass(frozen=True)
class Lost:
    """What deleting an event removes for good."""

    slug: str
    name: str
    actions: int
    players: int
    rounds: int


def lost_of(loaded: LoadedEvent) -> Lost:
    state = loaded.state
    return Lost(loaded.summary.slug, state.name, state.last_seq, len(state.players),
                len(state.rounds))


@dataclass(frozen=True)
class DeleteEvent(Command[Lost]):
    """Delete the event, its log, roles, codes and reports, once confirmed: ``confirm`` is the
    event's id typed again (or ``yes``, the command line's ``--yes``). Without it nothing is
    deleted and the refusal names what would be lost."""

    confirm: str = ""
    yes: bool = False

    def run(self, service: EventService, actor: str) -> Outcome[Lost]:
        with service.unit(self.slug, actor) as work:
            lost = lost_of(work.loaded)
            if not self.yes and self.confirm.strip() != self.slug:
                raise Conflict(
                    "deleting %(slug)s (%(name)s) removes for good its log of %(actions)s "
                    "actions, %(players)s players and %(rounds)s rounds; type the event's id "
                    "to confirm", code=codes.EVENT_CONFIRM, field="confirm", slug=lost.slug,
                    name=lost.name, actions=lost.actions, players=lost.players,
                    rounds=lost.rounds)
            work.repo.delete(work.loaded.summary.id)
            loaded = work.loaded
            # no snapshot of what is gone: the unit would store one on leaving
            service.states.holder(self.slug).discard()
        service.states.forget(self.slug)
        return Outcome(loaded, [], lost)


__all__ = ["ArchiveEvent", "DeleteEvent", "EventDetails", "GroupPlayer", "Lost",
           "MergePlayers", "RemovePlayer",
           "RenameEvent", "RenamePlayer", "SubstitutePlayer", "Substitution"]
