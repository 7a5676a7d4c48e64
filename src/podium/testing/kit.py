"""The conformance kit: what every registered format must do, checked through its declared
examples (:meth:`podium.core.ruleset.Ruleset.sample_result` and friends) and the real service.

- :func:`digest`: everything a person can see of an event (players, rounds, results, divisions,
  phases, the bracket, every public table) as plain data, so two states compare with ``==``.
- :func:`tour`: an organiser's tour of a format with one of its example settings: players (one
  late), the set-up, a round paired, undone and paired again, results, a correction, a drop and
  a reinstatement, a settings change, rounds played out, the TOP built, undone, built and played,
  or an open-play format's own actions in batches; every action kind it declares shows up.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from podium.core import phases
from podium.core.errors import PodiumError
from podium.core.model import EventState
from podium.core.replay import kinds_of
from podium.core.ruleset import PLAYOFF, Ruleset
from podium.core.top_replay import top_of
from podium.core.views import Change
from podium.service import simulate
from podium.service.commands import (
    AddPlayers,
    AppendActions,
    ChangeSettings,
    DropPlayer,
    EnterResult,
    MoveToDivision,
    PairRound,
    ReinstatePlayer,
    UndoRound,
)
from podium.service.events import EventService
from podium.service.people import (
    ArchiveEvent,
    EventDetails,
    GroupPlayer,
    MergePlayers,
    RemovePlayer,
    RenameEvent,
    RenamePlayer,
    SubstitutePlayer,
)
from podium.service.top import BuildTop, EnterTopResult, UndoTop

ACTOR = "kit"


def _plain(value: Any) -> Any:
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, Change):
        return ("change", str(value.delta), value.new)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def digest(state: EventState, ruleset: Ruleset) -> dict[str, Any]:
    """What people see of ``state``: equal digests mean equal events."""
    rounds = []
    for rnd in state.rounds:
        results = {
            number: {
                "entry": _plain(result.entry),
                "corrected": result.corrected,
                "outcomes": [_plain([o.player, o.points, o.place, o.won, o.drew, o.order,
                                     o.score, o.note]) for o in result.outcomes],
            }
            for number, result in sorted(rnd.results.items())
        }
        rounds.append({
            "number": rnd.number, "stage": rnd.stage, "seed": rnd.seed, "notes": rnd.notes,
            "tables": [list(t.seats) for t in rnd.tables],
            "byes": [_plain([b.player, b.points, b.order, b.reason]) for b in rnd.byes],
            "results": results,
        })
    bracket = top_of(state)
    status = phases.status(state, ruleset)
    return {
        "name": state.name, "format": state.format, "seed": state.seed,
        "last_seq": state.last_seq, "draws": state.draws,
        "settings": ruleset.settings_to_json(state.settings),
        "players": [[p.id, p.name, p.joined_round, p.dropped, p.drop_reason, p.group]
                    for p in state.players.values()],
        "rounds": rounds,
        "divisions": [[d.key, d.name, list(d.members), d.level]
                      for d in state.divisions.values()],
        "phases": [[e.key, e.seq, e.round] for e in state.phase_log],
        "status": [status.phase.key, status.complete, status.champion, status.can_pair,
                   status.can_build_top, status.can_undo_round, status.can_undo_top],
        "top": None if bracket is None else {
            "slots": list(bracket.slots), "seeds": sorted(bracket.seeds.items()),
            "results": {n: [r.winner, r.draw, r.note, r.corrected]
                        for n, r in sorted(bracket.results.items())},
            "notes": bracket.notes, "seeding": bracket.seeding,
        },
        "views": [[v.key, v.title, [c.key for c in v.columns],
                   [[_plain(row.get(c.key)) for c in v.columns] for row in v.rows],
                   list(v.notes)] for v in ruleset.tables(state)],
    }


def kinds_to_cover(ruleset: Ruleset) -> set[str]:
    """Every action kind a format's events accept, old spellings kept for old logs aside."""
    return {name for name, kind in kinds_of(ruleset).items() if not kind.legacy}


def create(service: EventService, slug: str, ruleset: Ruleset, settings: dict[str, Any],
           players: int = 13, seed: int = 5) -> None:
    service.create_event(slug, f"Kit {slug}", ruleset.name, settings, ACTOR, seed)
    service.run_command(AddPlayers(slug, tuple(f"P{i:02d}" for i in range(1, players + 1))), ACTOR)


def tour(service: EventService, slug: str, ruleset: Ruleset, settings: dict[str, Any],
         seed: int = 5) -> None:
    """See the module docstring. Refusals the format may rightly give (a late entrant with no
    draft table until placed) are part of the tour, not failures."""
    rng = random.Random(seed)
    create(service, slug, ruleset, settings, seed=seed)
    _signup_steps(service, slug)
    if not ruleset.capabilities.rounds:
        simulate.sample_batch(service, slug, ACTOR, rng)
        _organiser_steps(service, slug)
        service.run_command(ReinstatePlayer(slug, "P02", "back"), ACTOR)
        for _ in range(400):
            simulate.sample_batch(service, slug, ACTOR, rng)
            seen = {a.kind for a in service.log(slug)}
            if kinds_to_cover(ruleset) <= seen:
                break
        return
    service.run_command(AddPlayers(slug, ("Added By Mistake",)), ACTOR)
    service.run_command(RemovePlayer(slug, "Added By Mistake"), ACTOR)
    simulate.setup(service, slug, ACTOR, rng)
    service.run_command(PairRound(slug), ACTOR)
    unstarted = ruleset.tour_actions(service.load(slug).state)  # hand edits of the round
    if unstarted:
        service.run_command(AppendActions(slug, tuple(unstarted)), ACTOR)
    _clock_steps(service, slug)
    service.run_command(UndoRound(slug, "paired too early"), ACTOR)
    assert simulate.play_round(service, slug, ACTOR, rng)
    loaded = service.load(slug)
    rnd = loaded.state.rounds[-1]
    table = rnd.tables[0]
    other = loaded.ruleset.sample_result(loaded.state, rnd, table, random.Random(seed + 1))
    service.run_command(EnterResult(slug, table.number, other, rnd.number, True, "slip misread"),
                    ACTOR)
    _organiser_steps(service, slug)
    extra = ruleset.tour_actions(service.load(slug).state)
    if extra:
        service.run_command(AppendActions(slug, tuple(extra)), ACTOR)
    late = service.run_command(AddPlayers(slug, ("Late Comer",)), ACTOR).value[0]
    if ruleset.capabilities.divisions:
        first = next(iter(service.load(slug).state.divisions.values()))
        service.run_command(MoveToDivision(slug, late.name, first.key, reason="arrived late"),
                        ACTOR)
    alias = service.run_command(AddPlayers(slug, ("Late Alias",)), ACTOR).value[0]
    service.run_command(MergePlayers(slug, late.name, alias.name, "one person"), ACTOR)
    assert simulate.play_round(service, slug, ACTOR, rng)
    service.run_command(ReinstatePlayer(slug, "P02", "back"), ACTOR)
    if phases.status(service.load(slug).state, ruleset).can_pair:
        service.run_command(SubstitutePlayer(slug, "P04", "Sub For P04", reason="ill"), ACTOR)
    simulate.play(service, slug, ACTOR, rng)
    loaded = service.load(slug)
    if any(p.kind == PLAYOFF for p in ruleset.phases(loaded.state.settings)):
        _tour_top(service, slug, rng)


def _organiser_steps(service: EventService, slug: str) -> None:
    """A player drops; a setting is changed (to the value it has: logged all the same)."""
    service.run_command(DropPlayer(slug, "P02", "left early"), ACTOR)
    loaded = service.load(slug)
    key, value = next(iter(loaded.ruleset.settings_to_json(loaded.state.settings).items()))
    service.run_command(ChangeSettings(slug, {key: value}, "checked"), ACTOR)
    # people and the event's own record
    service.run_command(RenamePlayer(slug, "P03", "P03 Renamed", "typo"), ACTOR)
    service.run_command(RenamePlayer(slug, "P03 Renamed", "P03", "undo"), ACTOR)
    service.run_command(GroupPlayer(slug, "P03", "Club Orbit", "registration"), ACTOR)
    service.run_command(RenameEvent(slug, f"Kit {slug} renamed", "typo"), ACTOR)
    service.run_command(EventDetails(slug, "2026-12-05", "Club Orbit"), ACTOR)
    service.run_command(ArchiveEvent(slug, True, "a test"), ACTOR)
    service.run_command(ArchiveEvent(slug, False, "undo"), ACTOR)


def _signup_steps(service: EventService, slug: str) -> None:
    """Sign-up: opened for one place with approval, two entries approved, the first rejected
    (the second moves up), the second withdrawn with its link's code, closed; check-in and
    its undo (an event of rounds)."""
    from podium.core.commands import Call, Caller
    from podium.service import signup

    service.run_command(signup.OpenSignup(slug, 1, None, True, ("club",)), ACTOR)
    service.run_command(signup.EnterSignup(slug, "Kit Signup A", "Club Orbit"), ACTOR)
    code = service.run_command(signup.EnterSignup(slug, "Kit Signup B"), ACTOR).value.code
    service.run_command(signup.Decide(slug, "Kit Signup A"), ACTOR)
    service.run_command(signup.Decide(slug, "Kit Signup B"), ACTOR)
    service.run_command(signup.Decide(slug, "Kit Signup A", False, "a test"), ACTOR)
    player = Caller(actor="player", code=code)
    service.run_command(signup.Withdraw(slug, Call(slug, {}, player)), ACTOR)
    service.run_command(signup.CloseSignup(slug), ACTOR)
    if service.load(slug).ruleset.capabilities.rounds:
        service.run_command(signup.CheckIn(slug, "P01"), ACTOR)
        service.run_command(signup.CheckIn(slug, "P01", undo=True), ACTOR)


def _clock_steps(service: EventService, slug: str) -> None:
    """The round clock: started, time added to a table, paused, the pause undone."""
    from podium.service.clock import AddTime, PauseClock, StartClock, UndoClock

    rnd = service.load(slug).state.rounds[-1]
    if not rnd.tables:
        return
    service.run_command(StartClock(slug, "", 50), ACTOR)
    service.run_command(AddTime(slug, "a ruling", 5, rnd.tables[0].number), ACTOR)
    service.run_command(PauseClock(slug, "a ruling"), ACTOR)
    service.run_command(UndoClock(slug, "paused by mistake"), ACTOR)


def _tour_top(service: EventService, slug: str, rng: random.Random) -> None:
    service.run_command(BuildTop(slug, 2, reason="wrong size"), ACTOR)
    service.run_command(UndoTop(slug, "the TOP is 4"), ACTOR)
    simulate.play_top(service, slug, ACTOR, rng, 4)
    bracket = top_of(service.load(slug).state)
    assert bracket is not None, "the TOP was just played"
    final = bracket.final()
    loser = next(p for p in final.players if p != final.winner)
    service.run_command(EnterTopResult(slug, final.number, {"winner": loser}, True, "misread"),
                    ACTOR)


def refuses(call: Any) -> PodiumError:
    """The refusal ``call`` raises (any other exception, or none, fails the check)."""
    try:
        call()
    except PodiumError as error:
        return error
    raise AssertionError("expected a refusal")
