"""The core commands: decoded input for one use case each, run by ``EventService.execute``.

A command is a frozen dataclass of what the person asked for (names as typed, numbers already
parsed by the adapter). :meth:`Command.build` turns it into new actions against the event's
current state; :meth:`Command.answer` says what the adapter shows afterwards. Formats add their
own commands in their packages (``formats/<name>/commands.py``) the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from podium.core import codes
from podium.core.divisions import DIVISION_MOVED, DIVISIONS_ASSIGNED
from podium.core.errors import Conflict, InvalidInput, NotFound, Stale, display_param
from podium.core.log import Action, Kind
from podium.core.model import EventState, Player, Round, TableResult
from podium.core.views import N_
from podium.service.events import (
    EventService,
    LoadedEvent,
    NewAction,
    Outcome,
    new_event_actions,
    plan_next_round,
)
from podium.service.forms import clean_name, resolve_player

T = TypeVar("T")


@dataclass(frozen=True)
class Command(Generic[T]):
    """One use case on one event. Subclasses give ``build`` and, if they answer something
    other than nothing, ``answer``."""

    slug: str
    #: A command that only shows what would be stored (a preview): run, checked, not stored.
    dry_run: ClassVar[bool] = False

    def build(self, loaded: LoadedEvent) -> Sequence[NewAction]:
        raise NotImplementedError

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> T:
        return None  # type: ignore[return-value]

    def run(self, service: EventService, actor: str) -> Outcome[T]:
        with service.unit(self.slug, actor, dry_run=self.dry_run) as work:
            work.append(self.build(work.loaded))
            value = self.answer(work.loaded, work.stored)
            return Outcome(work.loaded, list(work.stored), value)


def need_reason(reason: str, what: str) -> str:
    if not reason.strip():
        raise InvalidInput("%(what)s needs a reason", code=codes.REASON_MISSING, field="reason",
                           what=what)
    return reason.strip()


# events ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CreateEvent(Command[None]):
    name: str
    format: str
    settings: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None

    def run(self, service: EventService, actor: str) -> Outcome[None]:
        created, state = new_event_actions(self.slug, self.name, self.format, self.settings,
                                           actor, self.seed, service.clock(), service.formats)
        loaded = service.store_new(self.slug, created.payload["name"], self.format, [created],
                                   state)
        return Outcome(loaded, [created], None)


@dataclass(frozen=True)
class ChangeSettings(Command[None]):
    changes: Mapping[str, Any]
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        if not self.changes:
            raise InvalidInput("no setting to change", code=codes.SETTINGS_NONE)
        ruleset = loaded.ruleset
        merged = dict(ruleset.settings_to_json(loaded.state.settings))
        merged.update(self.changes)
        parsed = ruleset.parse_settings(merged)
        ruleset.check_new_settings(parsed)
        as_json = ruleset.settings_to_json(parsed)
        changed = {key: as_json[key] for key in self.changes}
        return [NewAction(Kind.SETTINGS_CHANGED, {"settings": changed}, self.reason)]


# players --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class AddPlayers(Command[list[Player]]):
    names: tuple[str, ...]
    groups: tuple[str, ...] = ()  # each name's group (club, team), "" for none; may be empty

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        cleaned = [clean_name(name) for name in self.names]
        if not cleaned:
            raise InvalidInput("no player names given", code=codes.PLAYERS_NONE, field="names")
        next_id = loaded.state.next_player_id()
        groups = [" ".join(g.split()) for g in self.groups]
        actions = []
        for i, name in enumerate(cleaned):
            payload: dict[str, Any] = {"player": next_id + i, "name": name}
            if i < len(groups) and groups[i]:
                payload["group"] = groups[i]
            actions.append(NewAction(Kind.PLAYER_REGISTERED, payload))
        return actions

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> list[Player]:
        return [loaded.state.players[a.payload["player"]] for a in stored]


@dataclass(frozen=True)
class _PlayerCommand(Command[Player]):
    player: str  # a name or #id, as typed
    reason: str = ""
    kind: ClassVar[str] = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        pid = resolve_player(loaded.state, self.player).id
        return [NewAction(self.kind, {"player": pid}, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Player:
        return loaded.state.players[stored[-1].payload["player"]]


@dataclass(frozen=True)
class DropPlayer(_PlayerCommand):
    kind: ClassVar[str] = Kind.PLAYER_DROPPED


@dataclass(frozen=True)
class ReinstatePlayer(_PlayerCommand):
    kind: ClassVar[str] = Kind.PLAYER_REINSTATED


# rounds ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PairRound(Command[Round]):
    """Pair and store the next round (the format's own pairing, explained in its notes)."""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        return [NewAction(Kind.ROUND_PAIRED, plan_next_round(loaded).to_payload())]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Round:
        return loaded.state.rounds[-1]


@dataclass(frozen=True)
class UndoRound(Command[int]):
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        current = loaded.state.current_round
        if current is None:
            raise Conflict("no round has been paired", code=codes.ROUND_NONE)
        return [NewAction(Kind.ROUND_UNDONE, {"round": current.number}, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> int:
        return stored[-1].payload["round"]


EntryBuilder = Callable[[EventState], dict[str, Any]] | Mapping[str, Any]


@dataclass(frozen=True)
class EnterResult(Command[Round]):
    """One table's result (or, with ``correct``, its correction with a reason). ``entry`` is
    the entry as stored, or a function that builds it from the state (names to ids)."""

    table: int
    entry: EntryBuilder
    round_number: int | None = None
    correct: bool = False
    reason: str = ""
    #: The version of the table's result the caller saw (:data:`podium.core.commands.EXPECT`):
    #: refused when the result changed after it. None: not checked.
    expect: int | None = None

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        if self.correct:
            need_reason(self.reason, "a correction")
        current = loaded.state.current_round
        if current is None:
            raise Conflict("no round has been paired", code=codes.ROUND_NONE)
        number = self.round_number if self.round_number is not None else current.number
        check_result_version(loaded, number, self.table, self.expect)
        kind = Kind.RESULT_CORRECTED if self.correct else Kind.RESULT_ENTERED
        entry = self.entry(loaded.state) if callable(self.entry) else dict(self.entry)
        payload = {"round": number, "table": self.table, "entry": entry}
        return [NewAction(kind, payload, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Round:
        return loaded.state.round(stored[-1].payload["round"])


def result_text(state: EventState, ruleset: Any, result: TableResult | None) -> str:
    """A result as people read it: as its format describes it, else each player's points."""
    if result is None:
        return "-"
    entry = ruleset.result_entry()
    if entry is not None and entry.describe is not None:
        return str(entry.describe(state, result))
    return "; ".join(f"{state.players[o.player].name} {display_param(o.points)}"
                     for o in result.outcomes)


def check_result_version(loaded: LoadedEvent, number: int, table: int,
                         expect: int | None) -> None:
    """Refuse a result written over one the caller did not see: the table's result changed
    after version ``expect`` (another organiser's correction came first). Nothing is stored,
    and the message shows the result as it is now, for the caller to decide again."""
    state = loaded.state
    if expect is None or not 1 <= number <= len(state.rounds):
        return  # no version named; an unknown round is refused by replay, with its code
    rnd = state.round(number)
    version = rnd.result_version(table)
    if version <= expect:
        return
    raise Stale(N_("round %(round)s, table %(table)s changed after version %(expected)s (now "
                   "version %(version)s): %(result)s. Nothing was stored; enter your "
                   "correction again if it still applies."), code=codes.RESULT_STALE,
                field="expect", round=number, table=table, expected=expect, version=version,
                result=result_text(state, loaded.ruleset, rnd.results.get(table)))


# any action ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class AppendActions(Command[None]):
    """Store actions given as (kind, payload, reason), each checked like live entry: what a
    format's examples (:meth:`podium.core.ruleset.Ruleset.sample_actions`) and an organiser's
    own tools hand over."""

    actions: tuple[tuple[str, dict[str, Any], str], ...]

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        if not self.actions:
            raise InvalidInput("no action given", code=codes.ACTIONS_NONE)
        return [NewAction(kind, payload, reason) for kind, payload, reason in self.actions]


# divisions ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class AssignDivisions(Command[None]):
    """Set the divisions by hand: each ``(key, name, [player names or #ids])``."""

    divisions: tuple[tuple[str, str, tuple[str, ...]], ...]
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        if not loaded.ruleset.capabilities.divisions:
            raise Conflict("a %(format)s event has no divisions", code=codes.CAPABILITY_DIVISIONS,
                           format=loaded.ruleset.name)
        items = [{"key": key, "name": name,
                  "players": [resolve_player(loaded.state, ref).id for ref in refs]}
                 for key, name, refs in self.divisions]
        return [NewAction(DIVISIONS_ASSIGNED, {"divisions": items, "method": "organiser"},
                          self.reason)]


@dataclass(frozen=True)
class MoveToDivision(Command[None]):
    """Move a player into another division: ``why`` is promotion, relegation or organiser
    (the organiser's move needs a reason)."""

    player: str
    to: str
    why: str = "organiser"
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        if not loaded.ruleset.capabilities.divisions:
            raise Conflict("a %(format)s event has no divisions", code=codes.CAPABILITY_DIVISIONS,
                           format=loaded.ruleset.name)
        state = loaded.state
        target = self.to
        if target not in state.divisions:
            named = [d.key for d in state.divisions.values() if d.name.casefold()
                     == self.to.strip().casefold()]
            if not named:
                raise NotFound("no division %(division)r; divisions: %(known)s",
                               code=codes.DIVISION_UNKNOWN, field="to", division=self.to,
                               known=[d.name for d in state.divisions.values()])
            target = named[0]
        pid = resolve_player(state, self.player).id
        return [NewAction(DIVISION_MOVED, {"player": pid, "to": target, "why": self.why},
                          self.reason)]


__all__ = [
    "AddPlayers",
    "AppendActions",
    "AssignDivisions",
    "ChangeSettings",
    "Command",
    "CreateEvent",
    "DropPlayer",
    "EnterResult",
    "MoveToDivision",
    "PairRound",
    "ReinstatePlayer",
    "UndoRound",
    "need_reason",
]
