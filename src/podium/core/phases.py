"""Phases: an event is a sequence of declared phases, and this module is the one place where
moving between them is allowed or refused.

A format declares its phases (:meth:`podium.core.ruleset.Ruleset.phases`): Commander's Swiss,
then a final pod (or an optional TOP); Berserk's table rounds, then the TOP; a marathon's open
play. Replay moves the event forward when an action starts a later phase (a round of the final,
a ``top.built``) and back when that action is undone (the final's only round undone, the TOP
undone while no match has a result). Refused: a phase the format does not declare (a TOP in a
marathon), going back to an earlier phase (a Swiss round once the TOP has begun), and pairing a
round once the event is complete.
"""

from __future__ import annotations

from dataclasses import dataclass

from podium.core import codes
from podium.core.errors import Conflict
from podium.core.model import EventState, PlayerId
from podium.core.ruleset import PLAYOFF, ROUNDS, Phase, Ruleset


@dataclass(frozen=True)
class PhaseEntry:
    """The phase the event entered and the action that entered it (``seq``; for a round phase
    also the round that opened it, so undoing that round goes back)."""

    key: str
    seq: int
    round: int | None = None


def declared(state: EventState, ruleset: Ruleset) -> tuple[Phase, ...]:
    return ruleset.phases(state.settings)


def current(state: EventState, ruleset: Ruleset) -> Phase:
    """The phase the event is in (the first one before anything is played)."""
    phases = declared(state, ruleset)
    key = state.phase_log[-1].key if state.phase_log else phases[0].key
    for phase in phases:
        if phase.key == key:
            return phase
    # settings changed under a phase that no longer exists: refused when changing settings
    return phases[0]


def find(state: EventState, ruleset: Ruleset, key: str) -> Phase | None:
    return next((p for p in declared(state, ruleset) if p.key == key), None)


def enter(state: EventState, ruleset: Ruleset, key: str, seq: int,
          round_number: int | None = None) -> Phase:
    """Make ``key`` the current phase (a no-op if it already is); refuse a phase the format does
    not declare, one before the current phase, or skipping a phase that is not optional."""
    phases = declared(state, ruleset)
    target = find(state, ruleset, key)
    if target is None:
        if key == "top":
            raise Conflict("this format has no TOP (play-off)", code=codes.PHASE_UNDECLARED,
                           phase=key)
        raise Conflict("this event has no phase %(phase)s; its phases: %(phases)s",
                       code=codes.PHASE_UNDECLARED, phase=key, phases=[p.key for p in phases])
    now = current(state, ruleset)
    if target.key == now.key:
        return target
    order = [p.key for p in phases]
    here, there = order.index(now.key), order.index(target.key)
    if there < here:
        if now.kind == PLAYOFF:
            raise Conflict("the TOP has begun: no more rounds of the %(phase)s stage",
                           code=codes.PHASE_CLOSED, phase=target.key)
        raise Conflict("the %(current)s stage has begun: no more rounds of the %(phase)s stage",
                       code=codes.PHASE_CLOSED, phase=target.key, current=now.key)
    skipped = [p.key for p in phases[here + 1 : there] if not p.optional]
    if skipped:
        raise Conflict("the %(phase)s stage cannot begin before %(skipped)s",
                       code=codes.PHASE_ORDER, phase=target.key, skipped=skipped)
    if now.kind == ROUNDS:
        last = state.current_round
        if last is not None and not last.complete:
            raise Conflict("round %(round)s still misses results for tables %(tables)s",
                           code=codes.ROUND_INCOMPLETE, round=last.number, tables=last.missing)
    state.phase_log.append(PhaseEntry(target.key, seq, round_number))
    return target


def leave(state: EventState, key: str) -> None:
    """Undo the move into ``key`` (its opening action was undone)."""
    if state.phase_log and state.phase_log[-1].key == key:
        state.phase_log.pop()


def round_undone(state: EventState, number: int) -> None:
    """A round was undone: if it opened its phase, the event goes back to the phase before."""
    if state.phase_log and state.phase_log[-1].round == number:
        state.phase_log.pop()


def is_complete(state: EventState, ruleset: Ruleset) -> bool:
    """The event is played out: its current phase is complete and every later one optional."""
    phases = declared(state, ruleset)
    now = current(state, ruleset)
    later = phases[[p.key for p in phases].index(now.key) + 1 :]
    if any(not p.optional for p in later):
        return False
    return ruleset.phase_complete(state, now)


def champion(state: EventState, ruleset: Ruleset) -> PlayerId | None:
    """The champion of a complete event, else None."""
    if not is_complete(state, ruleset):
        return None
    return ruleset.champion(state)


def require_open(state: EventState, ruleset: Ruleset) -> None:
    """Refuse pairing another round of a complete event (rule: nothing follows the end)."""
    if is_complete(state, ruleset):
        winner = ruleset.champion(state)
        name = state.players[winner].name if winner in state.players else "-"
        raise Conflict("the event is complete (champion: %(champion)s): no more rounds",
                       code=codes.EVENT_COMPLETE, champion=name)
    now = current(state, ruleset)
    if now.kind == PLAYOFF:
        raise Conflict("the TOP has begun: no more rounds; enter the TOP's results",
                       code=codes.PHASE_CLOSED, phase=now.key)


@dataclass(frozen=True)
class Status:
    """Where an event stands, for every adapter to offer only what can be done now."""

    phase: Phase
    complete: bool
    champion: PlayerId | None
    can_pair: bool  # another round may be paired (once the current one has its results)
    can_build_top: bool  # the TOP may be built now
    can_undo_round: bool  # the last round has no result yet and is of the current phase
    can_undo_top: bool  # the TOP has been built and no match has a result


def status(state: EventState, ruleset: Ruleset) -> Status:
    from podium.core.top_replay import top_of

    now = current(state, ruleset)
    complete = is_complete(state, ruleset)
    bracket = top_of(state)
    last = state.current_round
    playoff = next((p for p in declared(state, ruleset) if p.kind == PLAYOFF), None)
    round_done = last is None or last.complete
    can_build = (playoff is not None and bracket is None and last is not None and round_done
                 and now.kind != PLAYOFF)
    return Status(
        phase=now,
        complete=complete,
        champion=ruleset.champion(state) if complete else None,
        can_pair=ruleset.capabilities.rounds and not complete and now.kind != PLAYOFF,
        can_build_top=can_build,
        can_undo_round=(last is not None and not last.results and last.stage == now.key),
        can_undo_top=bracket is not None and not bracket.results,
    )
