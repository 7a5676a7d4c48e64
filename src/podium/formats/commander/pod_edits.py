"""Hand edits of Commander pods: before a round starts the organiser moves a
player to another pod or swaps two players between pods, and a recorded turn order is
corrected, each with a reason; the last edit in force can be undone. The generic part (what
changes in the round, the undo, re-scoring) is :mod:`podium.core.round_edits`; this module
says what Commander allows and how the log and the round's explanation name it.

Beyond the regulation: the moves and swaps (the pairing assigns the pods, rule CMD-1), so
nothing happens unless an organiser asks. The turn-order correction serves rule CMD-4b (the
turn order must be recorded, and it ranks a draw's survivors), so a result already entered is
scored again with the corrected order.

- *Unstarted*: the last paired round with no result at any table. A move or a swap on any other
  round (or once a result is in) is refused; a turn order may be corrected on any round.
- *Pod sizes* (rules CMD-1, CMD-8, setting ``bye_policy``): a swap never changes them; a move
  must leave either the same sizes as before (a short or long pod changes place) or the sizes
  the pairing itself makes for that many seated players (``pod_size``, ``bye_policy``): a move
  into a full pod is refused, a player with a bye may fill a short pod (the bye is removed).
- *Turn order*: kept. The regulation draws or balances seats when pairing (rules CMD-4b, CMD-5)
  and says nothing of a re-draw, so a swapped player takes the other's seat, a moved player the
  pod's last seat (those after the mover in the old pod move up one); the organiser corrects
  any pod's order with the turn-order command.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from podium.core import codes as core_codes
from podium.core import inputs, phases, round_edits
from podium.core.commands import EXPECT, CommandSpec, Param
from podium.core.errors import Conflict, InvalidInput
from podium.core.log import Action
from podium.core.messages import M
from podium.core.model import EventState, Round
from podium.core.ruleset import PLAYOFF, ActionKind, Ruleset
from podium.core.schema import PLAYER, Int, ListOf, obj
from podium.core.views import N_
from podium.pairing import plan_pod_sizes
from podium.service.commands import Command
from podium.service.events import LoadedEvent, NewAction
from podium.service.forms import resolve_player

MOVED = "commander.player.moved"
SWAPPED = "commander.players.swapped"
SEATS = "commander.seats.corrected"
UNDONE = "commander.edit.undone"

def _reason(action: Action) -> str:
    if not action.reason.strip():
        raise InvalidInput(N_("a hand edit of a round needs a reason"),
                           code=core_codes.REASON_MISSING, field="reason")
    return action.reason.strip()


def _who(action: Action) -> dict[str, str]:
    return {"seq": str(action.seq), "actor": action.actor, "time": round_edits.when(action.at)}


def _place(state: EventState, rnd: Round, pid: int) -> str:
    for table in rnd.tables:
        if pid in table.seats:
            return M("table %(table)s, seat %(seat)s", table=table.number,
                     seat=table.seat_of(pid))
    if any(bye.player == pid for bye in rnd.byes):
        return M("a bye")
    return M("no seat")


def sizes_ok(settings: Any) -> round_edits.SizesOk:
    """Rules CMD-1, CMD-8 with the setting ``bye_policy``: the sizes after a move are the same
    as before, or those the pairing makes for this many seated players."""

    def check(before: Sequence[int], after: Sequence[int], seated: int) -> bool:
        if sorted(after) == sorted(before):
            return True
        return sorted(after) == sorted(plan_pod_sizes(seated, settings.pod_size,
                                                      settings.bye_policy).sizes)

    return check


def _moved(state: EventState, action: Action, ruleset: Ruleset) -> None:
    payload = action.payload
    number, pid, to = payload["round"], payload["player"], payload["table"]
    reason = _reason(action)
    rnd = round_edits.the_round(state, number)
    note = M("hand edit (action %(seq)s, %(actor)s, %(time)s): %(name)s moved from %(place)s "
             "to the last seat of table %(table)s (rule CMD-4b: the turn order of the others "
             "is kept); %(reason)s", name=_name(state, pid), place=_place(state, rnd, pid),
             table=to, reason=reason, **_who(action))
    round_edits.move(state, number, pid, to, action.seq, note, sizes_ok(state.settings))


def _swapped(state: EventState, action: Action, ruleset: Ruleset) -> None:
    payload = action.payload
    number, (a, b) = payload["round"], payload["players"]
    reason = _reason(action)
    rnd = round_edits.the_round(state, number)
    note = M("hand edit (action %(seq)s, %(actor)s, %(time)s): %(first)s (%(first_place)s) "
             "and %(second)s (%(second_place)s) swapped places, each taking the other's "
             "seat; %(reason)s", first=_name(state, a), second=_name(state, b),
             first_place=_place(state, rnd, a), second_place=_place(state, rnd, b),
             reason=reason, **_who(action))
    bye = M("a bye by a hand edit: %(reason)s", reason=reason)
    round_edits.swap(state, number, a, b, action.seq, note, bye)


def _scorer(state: EventState, ruleset: Ruleset) -> Any:
    return lambda rnd, table, entry: ruleset.score_entry(state, rnd, table, entry)


def _not_in_top(state: EventState, ruleset: Ruleset) -> None:
    if phases.current(state, ruleset).kind == PLAYOFF:
        raise Conflict(N_("the TOP has begun: the rounds it was seeded from can no longer be "
                          "edited"), code=core_codes.ROUND_EDIT_ROUND, field="round")


def _seats(state: EventState, action: Action, ruleset: Ruleset) -> None:
    payload = action.payload
    number, table, order = payload["round"], payload["table"], payload["players"]
    reason = _reason(action)
    _not_in_top(state, ruleset)
    note = M("turn order of table %(table)s corrected (action %(seq)s, %(actor)s, %(time)s): "
             "%(order)s, first turn first (rule CMD-4b); %(reason)s", table=table,
             order=", ".join(_name(state, p) for p in order), reason=reason, **_who(action))
    round_edits.reseat(state, number, table, order, action.seq, note,
                       _scorer(state, ruleset))


def _undone(state: EventState, action: Action, ruleset: Ruleset) -> None:
    payload = action.payload
    number, seq = payload["round"], payload["seq"]
    _not_in_top(state, ruleset)
    reason = action.reason.strip()
    note = (M("hand edit of action %(edit)s undone (action %(seq)s, %(actor)s, %(time)s); "
              "%(reason)s", edit=seq, reason=reason, **_who(action)) if reason else
            M("hand edit of action %(edit)s undone (action %(seq)s, %(actor)s, %(time)s)",
              edit=seq, **_who(action)))
    round_edits.undo(state, number, seq, note, _scorer(state, ruleset), action.seq)


def _name(state: EventState, pid: int) -> str:
    return state.players[pid].name if pid in state.players else f"#{pid}"


ROUND = Int(1, 100_000)
ACTION_KINDS = (
    ActionKind(MOVED, _moved, obj({"round": ROUND, "player": PLAYER, "table": ROUND}),
               N_("Player moved to another pod")),
    ActionKind(SWAPPED, _swapped,
               obj({"round": ROUND, "players": ListOf(PLAYER, min_items=2, max_items=2)}),
               N_("Players swapped between pods")),
    ActionKind(SEATS, _seats,
               obj({"round": ROUND, "table": ROUND,
                    "players": ListOf(PLAYER, min_items=2, max_items=7)}),
               N_("Turn order corrected")),
    ActionKind(UNDONE, _undone, obj({"round": ROUND, "seq": Int(1)}),
               N_("Hand edit undone")),
)


# commands ---------------------------------------------------------------------------------------
def _current(state: EventState) -> int:
    if not state.rounds:
        raise Conflict(N_("no round has been paired yet"), code=core_codes.ROUND_EDIT_ROUND,
                       field="round")
    return len(state.rounds)


def _seat_of(rnd: Round, pid: int) -> tuple[int, int]:
    for table in rnd.tables:
        if pid in table.seats:
            return table.number, table.seat_of(pid)
    return 0, 0


@dataclass(frozen=True)
class PlayerMoved:
    """Where a moved player sits now: the round, the player, their name, the table and seat."""

    round: int
    player: int
    name: str
    table: int
    seat: int


@dataclass(frozen=True)
class PlayersSwapped:
    """The two players who swapped places in a round, and their names."""

    round: int
    players: list[int]
    names: list[str]


@dataclass(frozen=True)
class SeatsCorrected:
    """A pod's corrected turn order (rule CMD-4b): its players in turn order, and names."""

    round: int
    table: int
    players: list[int]
    names: list[str]


@dataclass(frozen=True)
class EditUndone:
    """The hand edit undone: its round and the action that made it."""

    round: int
    seq: int


@dataclass(frozen=True)
class MovePlayer(Command[PlayerMoved]):
    player: str
    table: int
    reason: str = ""
    expect: int | None = None  # the round's version as the organiser saw it

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = loaded.state
        _check_version(state, _current(state), self.expect)
        pid = resolve_player(state, self.player).id
        return [NewAction(MOVED, {"round": _current(state), "player": pid,
                                  "table": self.table}, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> PlayerMoved:
        payload = stored[-1].payload
        rnd = loaded.state.round(payload["round"])
        table, seat = _seat_of(rnd, payload["player"])
        return PlayerMoved(rnd.number, payload["player"],
                           loaded.state.players[payload["player"]].name, table, seat)


@dataclass(frozen=True)
class SwapPlayers(Command[PlayersSwapped]):
    player: str
    other: str
    reason: str = ""
    expect: int | None = None

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = loaded.state
        _check_version(state, _current(state), self.expect)
        pids = [resolve_player(state, self.player).id,
                resolve_player(state, self.other, "other").id]
        return [NewAction(SWAPPED, {"round": _current(state), "players": pids}, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> PlayersSwapped:
        payload = stored[-1].payload
        names = [loaded.state.players[p].name for p in payload["players"]]
        return PlayersSwapped(payload["round"], list(payload["players"]), names)


@dataclass(frozen=True)
class CorrectSeats(Command[SeatsCorrected]):
    table: int
    order: tuple[str, ...]
    round: int | None = None
    reason: str = ""
    expect: int | None = None

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = loaded.state
        number = self.round if self.round is not None else _current(state)
        _check_version(state, number, self.expect)
        pids = [resolve_player(state, ref, "order").id for ref in self.order]
        return [NewAction(SEATS, {"round": number, "table": self.table, "players": pids},
                          self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> SeatsCorrected:
        payload = stored[-1].payload
        names = [loaded.state.players[p].name for p in payload["players"]]
        return SeatsCorrected(payload["round"], payload["table"], list(payload["players"]),
                              names)


@dataclass(frozen=True)
class UndoEdit(Command[EditUndone]):
    reason: str = ""
    expect: int | None = None

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        found = round_edits.last_edit(loaded.state)
        if found is None:
            raise Conflict(N_("no hand edit to undo"), code=core_codes.ROUND_EDIT_UNDO,
                           field="reason")
        number, edit = found
        # the edit undone is the last one in force now: if the round changed after the
        # version the organiser saw, it may not be the one they meant
        _check_version(loaded.state, number, self.expect)
        return [NewAction(UNDONE, {"round": number, "seq": edit.seq}, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> EditUndone:
        payload = stored[-1].payload
        return EditUndone(payload["round"], payload["seq"])


def _check_version(state: EventState, number: int, expect: int | None) -> None:
    """A stale edit refused (the round changed after the version named); an unknown round is
    left to the edit's own refusal."""
    if expect is not None and 1 <= number <= len(state.rounds):
        round_edits.check_version(state.rounds[number - 1], expect)


def _unstarted(state: EventState) -> bool:
    rnd = state.current_round
    return rnd is not None and not rnd.results and len(rnd.tables) + len(rnd.byes) > 1


def _example_move(state: EventState) -> dict[str, Any] | None:
    """A move that the pod sizes allow, when there is one (a bye filling a short pod, or a
    player of a long pod moving to a full one...)."""
    if not _unstarted(state):
        return None
    rnd = state.rounds[-1]
    check = sizes_ok(state.settings)
    sizes = [len(t.seats) for t in rnd.tables]
    movers = [(p, t.number) for t in rnd.tables for p in t.seats] + [
        (b.player, 0) for b in rnd.byes]
    for pid, origin in movers:
        if state.players[pid].dropped:
            continue
        for target in rnd.tables:
            if target.number == origin:
                continue
            after = [s + (t.number == target.number) - (t.number == origin)
                     for s, t in zip(sizes, rnd.tables, strict=True)]
            if min(after) >= 2 and check(sizes, after, sum(after)):
                return {"player": f"#{pid}", "table": str(target.number),
                        "reason": "arrived with a friend"}
    return None


def _example_swap(state: EventState) -> dict[str, Any] | None:
    if not _unstarted(state) or len(state.rounds[-1].tables) < 2:
        return None
    rnd = state.rounds[-1]
    return {"player": f"#{rnd.tables[0].seats[0]}", "other": f"#{rnd.tables[1].seats[0]}",
            "reason": "same club"}


def _example_seats(state: EventState) -> dict[str, Any] | None:
    if not state.rounds or not state.rounds[0].tables:
        return None
    table = state.rounds[0].tables[0]
    return {"table": str(table.number), "round": "1",
            "order": ", ".join(f"#{p}" for p in reversed(table.seats)),
            "reason": "sat the other way round"}


def _can_undo(state: EventState) -> bool:
    return round_edits.last_edit(state) is not None


_REASON = Param("reason", inputs.Text(500, non_empty=True),
                N_("why (kept in the log and shown in the round's explanation)"),
                required=True, label=N_("Reason"))

MOVE = CommandSpec(
    "commander.move", N_("Move a player to another pod"),
    lambda call: MovePlayer(call.slug, call["player"], call["table"], call["reason"],
                            call.get("expect")),
    params=(Param("player", inputs.Player(), N_("the player: a name or #id"), required=True,
                  argument=True, label=N_("Player")),
            Param("table", inputs.Integer(1, 100_000), N_("the pod (table) to move to"),
                  required=True, label=N_("To table"), cli="--to-table"),
            _REASON, EXPECT),
    help=N_("Before any result of the round is entered: the player takes the last seat of "
            "the pod (a player with a bye leaves the bye). The pod sizes must stay those the "
            "pairing makes (rules CMD-1, CMD-8): a move into a full pod is refused. Beyond "
            "the regulation."),
    shown=_unstarted, cli="move", shared=("round", "move"),
    example=_example_move,
    said=lambda done: M("%(name)s now sits at table %(table)s, seat %(seat)s.",
                        name=done.name, table=done.table, seat=done.seat),
    answer=lambda done: done, answers=PlayerMoved,
)

SWAP = CommandSpec(
    "commander.swap", N_("Swap two players between pods"),
    lambda call: SwapPlayers(call.slug, call["player"], call["other"], call["reason"],
                             call.get("expect")),
    params=(Param("player", inputs.Player(), N_("one player: a name or #id"), required=True,
                  argument=True, label=N_("Player")),
            Param("other", inputs.Player(), N_("the other player, at another pod or with a "
                                               "bye"), required=True, argument=True,
                  label=N_("Other player")),
            _REASON, EXPECT),
    help=N_("Before any result of the round is entered: each takes the other's seat (or "
            "bye). Beyond the regulation."),
    shown=_unstarted, cli="swap", shared=("round", "swap"),
    example=_example_swap,
    said=lambda done: M("%(first)s and %(second)s swapped places.", first=done.names[0],
                        second=done.names[1]),
    answer=lambda done: done, answers=PlayersSwapped,
)

def _table_players(state: EventState, typed: Mapping[str, Any]) -> Sequence[int] | None:
    """The pod's players once its table (and round) are typed: what a page offers to order."""
    try:
        number = int(str(typed.get("round") or 0)) or None
        rnd = state.rounds[number - 1] if number else state.current_round
        table = rnd.table(int(str(typed.get("table") or 0))) if rnd else None
    except (ValueError, IndexError, KeyError, LookupError):
        return None
    return table.seats if table else None


SEATS_SPEC = CommandSpec(
    "commander.seats", N_("Correct a pod's turn order"),
    lambda call: CorrectSeats(call.slug, call["table"], call["order"], call.get("round"),
                              call["reason"], call.get("expect")),
    params=(Param("table", inputs.Integer(1, 100_000), N_("the pod (table)"), required=True,
                  argument=True, label=N_("Table")),
            Param("order", inputs.Players(7, ordered=True),
                  N_("the pod's players in turn order, first turn first"), required=True,
                  label=N_("Turn order"), offers=_table_players),
            Param("round", inputs.Integer(1, 100_000), N_("the round (default: the last one)"),
                  label=N_("Round")),
            _REASON, EXPECT),
    help=N_("Rule CMD-4b: the turn order is recorded, and in a draw it ranks the survivors; a "
            "result already entered is scored again with the corrected order."),
    shown=lambda state: bool(state.rounds), cli="seats", shared=("round", "seats"),
    example=_example_seats,
    said=lambda done: M("Round %(round)s, table %(table)s: turn order %(order)s.",
                        round=done.round, table=done.table, order=", ".join(done.names)),
    answer=lambda done: done, answers=SeatsCorrected,
)

UNDO = CommandSpec(
    "commander.undo-edit", N_("Undo the last hand edit"),
    lambda call: UndoEdit(call.slug, call.get("reason", ""), call.get("expect")),
    params=(Param("reason", inputs.Text(500), N_("why (kept in the log)"),
                  label=N_("Reason")), EXPECT),
    help=N_("Puts back the pods or turn order as they were before the last move, swap or "
            "turn-order correction still in force (a move or swap only while the round has "
            "no result)."),
    shown=_can_undo, cli="undo-edit", shared=("round", "undo-edit"), danger=True,
    example=lambda state: {"reason": "moved the wrong player"} if _can_undo(state) else None,
    said=lambda done: M("The hand edit of action %(seq)s (round %(round)s) is undone.",
                        seq=done.seq, round=done.round),
    answer=lambda done: done, answers=EditUndone,
)

COMMANDS: Sequence[CommandSpec] = (MOVE, SWAP, SEATS_SPEC, UNDO)


def tour_edits(state: EventState) -> list[tuple[str, dict[str, Any], str]]:
    """The conformance kit's hand edits (:meth:`Commander.tour_actions`): on an unstarted round
    a swap and a move the sizes allow, the last one undone; on a round with results a turn
    order corrected (the result scored again) and undone."""
    if not state.rounds:
        return []
    rnd = state.rounds[-1]
    out: list[tuple[str, dict[str, Any], str]] = []
    if _unstarted(state):
        move = _example_move(state)
        mover = int(move["player"][1:]) if move is not None else None
        if move is not None:
            out.append((MOVED, {"round": rnd.number, "player": mover,
                                "table": int(move["table"])}, "arrived with a friend"))
        if len(rnd.tables) >= 2:  # two players the move left where they were
            first, second = (next(p for p in t.seats if p != mover) for t in rnd.tables[:2])
            out.append((SWAPPED, {"round": rnd.number, "players": [first, second]},
                        "same club"))
    elif rnd.tables:
        table = rnd.tables[0]
        out.append((SEATS, {"round": rnd.number, "table": table.number,
                            "players": list(reversed(table.seats))}, "sat the other way round"))
    if out:
        out.append((UNDONE, {"round": rnd.number, "seq": state.last_seq + len(out)}, ""))
    return out
