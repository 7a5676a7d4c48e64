"""Byes given in advance (rule CMD-8 gives byes only to players left over; an organiser also
sits a judge who plays, or an invited player, out of a round): the organiser names the player,
the round and the reason before the round is paired; the pairing then seats the others and
gives that player the round's bye, saying why. A bye given by mistake is cancelled by another
record, never deleted. Beyond the regulation: nothing happens unless an organiser asks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from podium.core import inputs
from podium.core.commands import CommandSpec, Param
from podium.core.errors import Conflict, InvalidInput
from podium.core.log import Action
from podium.core.messages import M
from podium.core.model import EventState
from podium.core.ruleset import ActionKind
from podium.core.schema import PLAYER, Int, obj
from podium.core.views import N_
from podium.formats.commander import codes
from podium.formats.commander.rules import ADVANCE_BYES
from podium.service.commands import Command
from podium.service.events import LoadedEvent, NewAction
from podium.service.forms import resolve_player

GIVEN = "commander.bye.given"
CANCELLED = "commander.bye.cancelled"
KEY = ADVANCE_BYES
SCHEMA = obj({"round": Int(1, 10_000), "player": PLAYER})


def _check(state: EventState, number: int, pid: int) -> None:
    if number <= len(state.rounds):
        raise Conflict(N_("round %(round)s is already paired: a bye in advance is given before "
                          "its round is paired"), code=codes.ADVANCE_BYE_ROUND, field="round",
                       round=number)
    if pid not in state.players:
        raise InvalidInput(N_("no player #%(player)s"), code=codes.ADVANCE_BYE_PLAYER,
                           field="player", player=pid)


def _given(state: EventState, action: Action, ruleset: Any) -> None:
    number, pid = action.payload["round"], action.payload["player"]
    _check(state, number, pid)
    player = state.players[pid]
    if player.dropped:
        raise Conflict(N_("%(name)s has dropped: only a player still in can be given a bye"),
                       code=codes.ADVANCE_BYE_PLAYER, field="player", name=player.name)
    byes = state.extra.setdefault(KEY, {}).setdefault(number, {})
    if pid in byes:
        raise Conflict(N_("%(name)s already has a bye in round %(round)s"),
                       code=codes.ADVANCE_BYE_TWICE, field="player", name=player.name,
                       round=number)
    byes[pid] = action.reason


def _cancelled(state: EventState, action: Action, ruleset: Any) -> None:
    number, pid = action.payload["round"], action.payload["player"]
    _check(state, number, pid)
    byes = state.extra.get(KEY, {}).get(number, {})
    if pid not in byes:
        raise Conflict(N_("%(name)s has no bye given in advance in round %(round)s"),
                       code=codes.ADVANCE_BYE_NONE, field="player",
                       name=state.players[pid].name, round=number)
    del byes[pid]


ACTION_KINDS = (ActionKind(GIVEN, _given, SCHEMA, N_("Bye given in advance")),
                ActionKind(CANCELLED, _cancelled, SCHEMA, N_("Bye in advance cancelled")))


@dataclass(frozen=True)
class ByeInAdvance:
    """A bye given (or cancelled) in advance: the round, the player and their name."""

    round: int
    player: int
    name: str


@dataclass(frozen=True)
class _AdvanceBye(Command[ByeInAdvance]):
    player: str
    round: int | None = None
    reason: str = ""
    kind = GIVEN

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = loaded.state
        pid = resolve_player(state, self.player).id
        number = self.round if self.round is not None else len(state.rounds) + 1
        return [NewAction(self.kind, {"round": number, "player": pid}, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> ByeInAdvance:
        payload = stored[-1].payload
        return ByeInAdvance(payload["round"], payload["player"],
                            loaded.state.players[payload["player"]].name)


@dataclass(frozen=True)
class GiveBye(_AdvanceBye):
    kind = GIVEN


@dataclass(frozen=True)
class CancelBye(_AdvanceBye):
    kind = CANCELLED


_PARAMS = (
    Param("player", inputs.Player(), N_("the player: a name or #id"), required=True,
          argument=True, label=N_("Player")),
    Param("round", inputs.Integer(1, 10_000), N_("the round (default: the next one)"),
          label=N_("Round")),
)
_REASON = Param("reason", inputs.Text(500, non_empty=True),
                N_("why (kept in the log and shown with the bye)"), required=True,
                label=N_("Reason"))

GIVE = CommandSpec(
    "commander.bye", N_("Give a bye in advance"),
    lambda call: GiveBye(call.slug, call["player"], call.get("round"), call["reason"]),
    params=(*_PARAMS, _REASON),
    help=N_("Sits a player out of a round before it is paired (a judge who plays, an invited "
            "player), with the round's bye and the reason; beyond rule CMD-8, which gives byes "
            "only to the players left over."),
    said=lambda done: M("%(name)s has a bye in round %(round)s.", name=done.name,
                        round=done.round),
    answer=lambda done: done, answers=ByeInAdvance,
)

CANCEL = CommandSpec(
    "commander.bye-cancel", N_("Cancel a bye given in advance"),
    lambda call: CancelBye(call.slug, call["player"], call.get("round"),
                           call.get("reason", "")),
    params=(*_PARAMS, Param("reason", inputs.Text(500), N_("why (kept in the log)"))),
    help=N_("Before the round is paired: the player is paired as everyone else."),
    said=lambda done: M("%(name)s's bye in round %(round)s is cancelled.", name=done.name,
                        round=done.round),
    answer=lambda done: done, answers=ByeInAdvance,
)

COMMANDS: Sequence[CommandSpec] = (GIVE, CANCEL)
