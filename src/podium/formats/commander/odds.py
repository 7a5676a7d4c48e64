"""Commander's projections: each player's chance of the top-4 final and of finishing first
in the Swiss standings, and what they need in the next round.

Goals: ``final`` (rule CMD-10: the top ``final_size`` of the Swiss standings after the last
Swiss round, CMD-3's tiebreakers) and ``first`` (first of those standings: the final's top
seed; the final pod itself is one game the projection does not play, so who wins it is not a
goal). What remains: the unfinished pods of the round in play, or the next round as the
engine pairs it now (rules CMD-5 to CMD-9), then the other Swiss rounds (CMD-11) paired by
the simulator (:mod:`.odds_sim`) as the engine pairs them.

Exact when one round remains and its finishing orders number at most :data:`EXACT_LIMIT`
(every order of every pod, weighted by the model); otherwise a Monte Carlo estimate with its
95% margin. A tie on every criterion before the seeded draw (CMD-3c) across the cut counts
as each tied player's equal share: the draw of standings not yet played is not known.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from podium.core import codes
from podium.core.errors import InvalidInput
from podium.core.messages import M, Message, Mn
from podium.core.model import EventState, PlayerId
from podium.core.projection import (
    Chance,
    Goal,
    Need,
    Outcome,
    Projection,
    Strengths,
)
from podium.core.views import N_
from podium.formats.commander.odds_sim import (
    Base,
    Batch,
    Played,
    base_of,
    every_finish,
    leaf_weights,
    reached,
    shares,
)

if TYPE_CHECKING:
    from podium.formats.commander.rules import Commander

#: The most finishing orders an exact answer enumerates (8 players, one round: 576).
EXACT_LIMIT = 100_000
#: A strength's scale in a Plackett-Luce weight ``exp(strength / scale)``: an openskill
#: ordinal by the model's beta (25/6), a mean of points per game as it is.
SCALES = {"ratings": 25 / 6, "results": 1.0}

FINAL = Goal("final", N_("Final"), "CMD-10")
FIRST = Goal("first", N_("First"), "CMD-3")


def goals(state: EventState) -> tuple[Goal, ...]:
    """The final only when the event has one (``final_size``, rule CMD-10)."""
    return (FINAL, FIRST) if state.settings.final_size else (FIRST,)


def _cut(state: EventState, goal: Goal) -> int:
    return int(state.settings.final_size) if goal.key == FINAL.key else 1


@dataclass
class Remaining:
    """What remains of the Swiss rounds: the next round's pods (player indexes in seat
    order) and byes, the round's full pods (the previous round of the one after, CMD-7),
    how many rounds follow it and the first of their numbers."""

    pods: list[list[int]]
    byes: list[int]
    previous: list[list[int]]
    later: int
    number: int
    base: Base

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(len(p) for p in self.pods)

    @property
    def leaves(self) -> int:
        return math.prod(math.factorial(s) for s in self.sizes)

    def played(self, trials: int) -> Played:
        members = np.array([p for pod in self.pods for p in pod], dtype=np.int64)
        return Played(np.tile(members, (trials, 1)), self.sizes)

    def sitting(self, trials: int) -> np.ndarray:
        out = np.zeros((trials, self.base.size), dtype=bool)
        out[:, self.byes] = True
        return out


def remaining(rules: Commander, state: EventState,
              strengths: Strengths | None) -> Remaining | None:
    """The Swiss rounds still to play, or None when the Swiss standings are final."""
    from podium.formats.commander.rules import FINAL as FINAL_STAGE
    from podium.formats.commander.rules import given_byes

    if any(r.stage == FINAL_STAGE for r in state.rounds) or not state.active_players():
        return None
    swiss = rules._swiss_rounds(state)
    total = rules.swiss_round_count(state)
    current = swiss[-1] if swiss else None
    given = {n: set(given_byes(state, n)) for n in range(len(state.rounds) + 1,
                                                          len(state.rounds) + total + 2)}
    base = base_of(state, swiss, given, log_weights(strengths))
    index = base.index
    if current is not None and not current.complete:
        pods = [[index[p] for p in t.seats] for t in current.tables
                if t.number not in current.results]
        return Remaining(pods, [], [[index[p] for p in t.seats] for t in current.tables],
                         total - len(swiss), current.number + 1, base)
    if len(swiss) >= total:
        return None
    plan = rules.plan_round(state)
    pods = [[index[p] for p in table] for table in plan.tables]
    return Remaining(pods, [index[b.player] for b in plan.byes], pods,
                     total - len(swiss) - 1, plan.number + 1, base)


def log_weights(strengths: Strengths | None) -> dict[PlayerId, float] | None:
    if strengths is None:
        return None
    scale = SCALES.get(strengths.source, 1.0)
    return {pid: value / scale for pid, value in strengths.values.items()}


# -- the projection --------------------------------------------------------------------------
def projection(rules: Commander, state: EventState, *, model: str, trials: int, seed: int,
               strengths: Strengths | None) -> Projection:
    wanted = goals(state)
    rest = remaining(rules, state, strengths if model == "rating" else None)
    if rest is None:
        return _decided(rules, state, wanted, model)
    exact = rest.later == 0 and rest.leaves <= EXACT_LIMIT
    chances: dict[PlayerId, dict[str, Chance]] = {pid: {} for pid in rest.base.ids}
    if exact:
        batch, weights = _enumerated(rest, model)
        for goal in wanted:
            for pid, chance in zip(rest.base.ids, _exact(batch, _cut(state, goal), weights),
                                   strict=True):
                chances[pid][goal.key] = chance
        notes: tuple[Message, ...] = (Mn(
            "exact: every finishing order of the %(n)s pod left enumerated",
            "exact: every finishing order of the %(n)s pods left enumerated",
            len(rest.pods)),)
    else:
        rng = np.random.default_rng(seed)
        batch = _simulated(rest, trials, rng)
        for goal in wanted:
            hits = _hits(batch, _cut(state, goal), rng)
            for pid, count in zip(rest.base.ids, hits.tolist(), strict=True):
                chances[pid][goal.key] = Chance(hits=count, trials=trials)
        notes = (Mn("estimate: the remaining rounds played %(n)s time",
                     "estimate: the remaining rounds played %(n)s times", trials),
                 *_pairing_notes(state, rest))
    return Projection(wanted, chances, model=model, exact=exact,
                      trials=0 if exact else trials, seed=seed, remaining=1 + rest.later,
                      notes=notes)


def _pairing_notes(state: EventState, rest: Remaining) -> tuple[Message, ...]:
    settings = state.settings
    if rest.later and (settings.repeat_policy != "swap" or settings.seating_schedule != "off"
                       or settings.separate_groups != "off"):
        return (M("the rounds after the next are paired by standings (rules CMD-6, CMD-7), "
                  "not by this event's pairing settings"),)
    return ()


def _decided(rules: Commander, state: EventState, wanted: Sequence[Goal],
             model: str) -> Projection:
    """Nothing remains: the Swiss standings decide (rule CMD-10)."""
    from podium.formats.commander.rules import SWISS

    swiss = [r.number for r in state.rounds if r.stage == SWISS]
    standings = rules.standings(state, swiss[-1] if swiss else 0)
    order = [pid for pid in standings.order() if not state.players[pid].dropped]
    chances = {pid: {goal.key: Chance(exact=Fraction(int(
        pid in order[:_cut(state, goal)]))) for goal in wanted} for pid in state.players}
    return Projection(tuple(wanted), chances, model=model, exact=True, remaining=0,
                      notes=(M("the Swiss rounds are over: the standings decide"),))


def _enumerated(rest: Remaining, model: str, keep: np.ndarray | None = None,
                places: np.ndarray | None = None, drawn: int | None = None
                ) -> tuple[Batch, np.ndarray | None]:
    """Every finishing order of the round left, played (``keep``: only these); the weight
    of each (None: all equal)."""
    if places is None:
        places = every_finish(rest.sizes)
    weights = None
    if model == "rating":
        weights = leaf_weights(places, rest.played(1), rest.base.log_weight)
    if keep is not None:
        places = places[keep]
        if weights is not None:
            weights = weights[keep] / weights[keep].sum()
    batch = Batch.start(rest.base, len(places), None)
    batch.play(rest.played(len(places)), places, rest.sitting(len(places)), drawn)
    return batch, weights


def _exact(batch: Batch, cut: int, weights: np.ndarray | None) -> list[Chance]:
    num, den = shares(batch, cut)
    if weights is not None:
        values = (num / den * weights[:, None]).sum(axis=0)
        return [Chance(exact=Fraction(float(v)).limit_denominator(10**9)) for v in values]
    total = [Fraction(0)] * batch.base.size
    for d in np.unique(den).tolist():
        sums = np.where(den == d, num, 0).sum(axis=0).tolist()
        total = [t + Fraction(s, d) for t, s in zip(total, sums, strict=True)]
    return [Chance(exact=t / batch.trials) for t in total]


def _simulated(rest: Remaining, trials: int, rng: np.random.Generator,
               fixed: tuple[int, int] | None = None, drawn: int | None = None) -> Batch:
    batch = Batch.start(rest.base, trials, None)
    played = rest.played(trials)
    batch.play(played, batch.places(played, rng, fixed), rest.sitting(trials), drawn)
    batch.previous = rest.previous
    for k in range(rest.later):
        played, sitting = batch.pair(rest.number + k)
        batch.play(played, batch.places(played, rng), sitting)
    return batch


def _hits(batch: Batch, cut: int, rng: np.random.Generator) -> np.ndarray:
    """Trials reaching the cut; a share of a tie across it (CMD-3c) drawn as such."""
    return reached(batch, cut, rng).sum(axis=0)


# -- what a player needs ---------------------------------------------------------------------
def need(rules: Commander, state: EventState, player: PlayerId, goal_key: str, *, model: str,
         trials: int, seed: int, strengths: Strengths | None) -> Need:
    wanted = {g.key: g for g in goals(state)}
    if goal_key not in wanted:
        raise InvalidInput("no goal %(goal)r; goals: %(known)s", code=codes.ODDS_GOAL,
                           field="goal", goal=goal_key, known=", ".join(wanted))
    goal = wanted[goal_key]
    rest = remaining(rules, state, strengths if model == "rating" else None)
    if rest is None or state.players[player].dropped:
        done = projection(rules, state, model=model, trials=trials, seed=seed,
                          strengths=strengths)
        why = (M("dropped") if state.players[player].dropped
               else M("no Swiss round remains: the standings decide"))
        return Need(player, goal, (Outcome("decided", why),),
                    (done.chances[player][goal_key],), model=model, exact=True)
    at = rest.base.index[player]
    cut = _cut(state, goal)
    exact = rest.later == 0 and rest.leaves <= EXACT_LIMIT
    pod = next((k for k, p in enumerate(rest.pods) if at in p), None)
    outcomes: list[Outcome] = []
    after: list[Chance] = []
    if pod is None:  # a bye, or a result already entered: nothing left to choose
        label = M("a bye") if at in rest.byes else M("the result already entered")
        chance = projection(rules, state, model=model, trials=trials, seed=seed,
                            strengths=strengths).chances[player][goal_key]
        return Need(player, goal, (Outcome("bye" if at in rest.byes else "entered", label),),
                    (chance,), model=model, exact=chance.exact is not None)
    size = len(rest.pods[pod])
    seat = sum(rest.sizes[:pod]) + rest.pods[pod].index(at)
    choices: list[tuple[Outcome, int | None]] = [(Outcome("win", M("a win")), 1)]
    if size > 1:
        choices.append((Outcome("draw", M("a draw (every player of the pod survives)")), None))
    for rank in range(2, size + 1):
        choices.append((Outcome(f"place-{rank}", M(
            "place %(place)s (elimination order %(order)s)", place=rank,
            order=size + 1 - rank)), rank))
    if exact:
        every = every_finish(rest.sizes)
    for outcome, place in choices:
        outcomes.append(outcome)
        if exact:
            if place is None:
                start = sum(rest.sizes[:pod])
                keep = (every[:, start:start + size] == np.arange(1, size + 1)).all(axis=1)
                batch, weights = _enumerated(rest, model, keep, every, drawn=pod)
            else:
                batch, weights = _enumerated(rest, model, every[:, seat] == place, every)
            after.append(_exact(batch, cut, weights)[at])
        else:
            rng = np.random.default_rng(seed)
            batch = _simulated(rest, trials, rng, fixed=None if place is None else (at, place),
                               drawn=pod if place is None else None)
            after.append(Chance(hits=int(_hits(batch, cut, rng)[at]), trials=trials))
    return Need(player, goal, tuple(outcomes), tuple(after), model=model, exact=exact,
                notes=() if exact else (Mn(
                    "estimate: the remaining rounds played %(n)s time after each result",
                    "estimate: the remaining rounds played %(n)s times after each result",
                    trials),))
