"""Projections of a 7 Wonders season: each player's chances of what the regulation rewards,
and what they need from their next game (:meth:`.rules.SevenWonders.projection`, ``need``).

The season is played on from where it stands (:mod:`.odds_now`): each league's ladder game by
game (rule W7-2: the last of each game is out and takes the lowest free place; the final's
order gives places 1-3), then the Fortune and Will matches on those places (W7-11, W7-12);
the goals of each complete outcome are read by :meth:`.odds_goals.Reader.reached`. How a game
ends is the model's (:mod:`.odds_tables`): every order equally likely, or Plackett–Luce on
the strengths.

Leagues are independent, so each league's remaining tree is enumerated on its own (at most
7! = 5040 ways a full ladder can go) with its probability. When the product over the leagues
and the special matches has at most :data:`EXACT_LIMIT` outcomes, every one of them is
visited and the chances are exact fractions; otherwise ``trials`` outcomes are drawn (each
league's from its enumeration, the matches' orders by the model) with a seeded
:class:`random.Random`, and each chance is hits out of trials with its 95% margin.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Generic, TypeVar

from podium.core.errors import InvalidInput, NotFound
from podium.core.messages import M, Message
from podium.core.model import EventState, PlayerId
from podium.core.projection import (
    DEFAULT_MODEL,
    DEFAULT_TRIALS,
    MODELS,
    Chance,
    Need,
    Outcome,
    Projection,
    Strengths,
)
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.odds_goals import (
    Reader,
    goals_for,
    season_goals,
    slot_count,
)
from podium.formats.seven_wonders.odds_now import (
    LeagueNow,
    MatchNow,
    Order,
    SeasonNow,
    Step,
    season_now,
)
from podium.formats.seven_wonders.odds_tables import (
    Prob,
    last_chances,
    model_weights,
    one,
    orders,
)
from podium.formats.seven_wonders.season import FORTUNE, WILL

#: the most complete outcomes an exact projection visits (about a second of CPU)
EXACT_LIMIT = 10_000
Places = tuple[tuple[PlayerId, int], ...]
Weights = Mapping[PlayerId, int]
T = TypeVar("T")


@dataclass(frozen=True)
class Condition:
    """``player`` finishes ``position`` at their next table (a league's key, or the match)."""

    player: PlayerId
    position: int
    table: str


# -- one table, one league ------------------------------------------------------------------
def step_orders(step: Step, weights: Weights, exact: bool, condition: Condition | None
                ) -> list[tuple[Order, Prob]]:
    """The orders a step's table may end in (a die: uniform), given the condition if it is
    about this table's player."""
    used = {p: 1 for p in step.players} if step.die else weights
    found = orders(step.players, used, exact)
    if condition is None or condition.player not in step.players:
        return found
    index = min(condition.position, len(step.players)) - 1
    kept = [(o, p) for o, p in found if o[index] == condition.player]
    total = sum(p for _o, p in kept)
    return [(o, p / total) for o, p in kept]


@lru_cache(maxsize=256)
def _ladder(alive: Order, weights: tuple[int, ...], exact: bool) -> tuple[tuple[Places, Prob],
                                                                          ...]:
    """Every way the rest of a ladder goes from ``alive`` players (rule W7-2): the places
    of those players with the probability."""
    if not alive:
        return (((), one(exact)),)
    w = dict(zip(alive, weights, strict=True))
    if len(alive) <= 3:
        return tuple((tuple((pid, n) for n, pid in enumerate(order, start=1)), prob)
                     for order, prob in orders(alive, w, exact))
    out: list[tuple[Places, Prob]] = []
    for loser, prob in last_chances(alive, w, exact).items():
        rest = tuple(p for p in alive if p != loser)
        for places, more in _ladder(rest, tuple(w[p] for p in rest), exact):
            out.append((((loser, len(alive)), *places), prob * more))
    return tuple(out)


def league_outcomes(league: LeagueNow, weights: Weights, exact: bool,
                    condition: Condition | None = None) -> list[tuple[dict[PlayerId, int], Prob]]:
    """Every complete set of places the league may end with, and its probability."""
    if league.first is None:
        return [(dict(league.places), one(exact))]
    mine = condition if condition is not None and condition.table == league.key else None
    steps: dict[tuple[Places, Order], Prob] = {}
    for order, prob in step_orders(league.first, weights, exact, mine):
        places, alive = league.first.after(order)
        key = (tuple(sorted(places.items())), alive)
        steps[key] = steps.get(key, 0) + prob
    out: list[tuple[dict[PlayerId, int], Prob]] = []
    for (given, alive), prob in steps.items():
        for more, rest in _ladder(alive, tuple(weights[p] for p in alive), exact):
            out.append(({**dict(given), **dict(more)}, prob * rest))
    return out


def league_size(league: LeagueNow) -> int:
    """How many outcomes :func:`league_outcomes` has, without computing their chances: each
    way the first step can go on, times the orders of the ladder after it."""
    if league.first is None:
        return 1
    first = league.first
    goes_on: dict[Hashable, int] = {}
    for order in itertools.permutations(first.players):
        which = first.key(order)
        if which not in goes_on:
            goes_on[which] = math.factorial(len(first.after(order)[1]))
    return sum(goes_on.values())


def match_orders(match: MatchNow, lineup: Order, weights: Weights, exact: bool,
                 condition: Condition | None) -> list[tuple[Order, Prob]]:
    """The orders a special match may end in: entered; a die between tied players; or played
    on the simulated lineup (fewer than two players: not played, the empty order)."""
    mine = condition if condition is not None and condition.table == match.match else None
    if match.order is not None:
        return [(match.order, one(exact))]
    if match.first is not None:
        out: dict[Order, Prob] = {}
        for order, prob in step_orders(match.first, weights, exact, mine):
            full = match.first.after(order)[1]
            out[full] = out.get(full, 0) + prob
        return list(out.items())
    if len(lineup) < 2:
        return [((), one(exact))]
    return step_orders(Step(lineup, False, _no_after), weights, exact, mine)


def _no_after(order: Order) -> tuple[dict[PlayerId, int], Order]:
    return {}, order


def match_size(match: MatchNow, now: SeasonNow) -> int:
    if match.order is not None:
        return 1
    if match.first is not None:
        return math.factorial(len(match.first.players))
    return math.factorial(slot_count(now, match.match))


# -- the whole season -----------------------------------------------------------------------
def outcome_count(now: SeasonNow) -> int:
    count = math.prod(league_size(league) for league in now.leagues)
    return count * match_size(now.fortune, now) * match_size(now.will, now)


def exact_chances(now: SeasonNow, weights: Weights, condition: Condition | None = None
                  ) -> dict[tuple[PlayerId, str], Fraction]:
    """Every complete outcome visited: each (player, goal)'s exact chance."""
    per_league = [league_outcomes(league, weights, True, condition) for league in now.leagues]
    reader = Reader(now)
    by_goals: dict[frozenset[tuple[PlayerId, str]], Prob] = {}
    for combo in itertools.product(*per_league):
        places: dict[PlayerId, int] = {}
        prob: Prob = Fraction(1)
        for league_places, p in combo:
            places.update(league_places)
            prob *= p
        slots = reader.slots(places)
        fortune_line, will_line = reader.lineups(slots)
        for fortune, pf in match_orders(now.fortune, fortune_line, weights, True, condition):
            for will, pw in match_orders(now.will, will_line, weights, True, condition):
                got = frozenset((pid, key) for pid, keys in reader.reached(
                    places, slots, fortune, will).items() for key in keys)
                by_goals[got] = by_goals.get(got, 0) + prob * pf * pw
    out: dict[tuple[PlayerId, str], Fraction] = {}
    for got, prob in by_goals.items():
        for pair in got:
            out[pair] = out.get(pair, Fraction(0)) + Fraction(prob)
    return out


class _Draw(Generic[T]):
    """Draws the index of one of ``items`` by its probability (a cumulative table and a
    bisection)."""

    def __init__(self, items: Sequence[tuple[T, Prob]]) -> None:
        self.items = [item for item, _p in items]
        self.cumulative = list(itertools.accumulate(float(p) for _i, p in items))

    def __call__(self, rng: random.Random) -> int:
        if len(self.items) == 1:
            return 0
        index = bisect.bisect_right(self.cumulative, rng.random() * self.cumulative[-1])
        return min(index, len(self.items) - 1)


def sampled_chances(now: SeasonNow, weights: Weights, trials: int, seed: int,
                    condition: Condition | None = None) -> Counter[tuple[PlayerId, str]]:
    """``trials`` complete outcomes drawn: how many times each (player, goal) was reached.
    An outcome drawn again (the same places and matches) reuses its goals."""
    rng = random.Random(seed)
    leagues = [_Draw(league_outcomes(league, weights, False, condition))
               for league in now.leagues]
    matches: dict[tuple[str, Order], _Draw[Order]] = {}

    def draw_match(match: MatchNow, lineup: Order) -> Order:
        key = (match.match, lineup)
        if key not in matches:
            matches[key] = _Draw(match_orders(match, lineup, weights, False, condition))
        draw = matches[key]
        return draw.items[draw(rng)]

    reader = Reader(now)
    seen: dict[tuple[object, ...], frozenset[tuple[PlayerId, str]]] = {}
    hits: Counter[tuple[PlayerId, str]] = Counter()
    for _ in range(trials):
        drawn = tuple(league(rng) for league in leagues)
        places: dict[PlayerId, int] = {}
        for league, index in zip(leagues, drawn, strict=True):
            places.update(league.items[index])
        slots = reader.slots(places)
        fortune_line, will_line = reader.lineups(slots)
        fortune = draw_match(now.fortune, fortune_line)
        will = draw_match(now.will, will_line)
        key = (drawn, fortune, will)
        got = seen.get(key)
        if got is None:
            got = seen[key] = frozenset((pid, goal) for pid, goals in reader.reached(
                places, slots, fortune, will).items() for goal in goals)
        hits.update(got)
    return hits


def remaining_games(now: SeasonNow) -> int:
    """The games (and dice) the projection plays: the ladders' and the special matches'."""
    ladders = sum(league.remaining for league in now.leagues)
    sizes = _match_sizes(now)
    specials = sum(1 for match in (now.fortune, now.will)
                   if match.first is not None or (match.order is None
                                                  and sizes[match.match] >= 2))
    return ladders + specials


def _match_sizes(now: SeasonNow) -> dict[str, int]:
    """How many players each special match has: its lineup once the ladders are played,
    else one a league it takes a player from."""
    if not now.ladders_done:
        return {FORTUNE: slot_count(now, FORTUNE), WILL: slot_count(now, WILL)}
    reader = Reader(now)
    places = {pid: p for league in now.leagues for pid, p in league.places.items()}
    fortune, will = reader.lineups(reader.slots(places))
    return {FORTUNE: len(fortune), WILL: len(will)}


# -- the hooks --------------------------------------------------------------------------------
NOTES = (M("simulated games have no ties, overruns, kicks or drop-outs; a die roll is "
           "uniform (rules W7-3, W7-19, W7-20, W7-26)"),)


def _check_model(model: str) -> None:
    if model not in MODELS:
        raise InvalidInput("no results model %(model)s; models: %(known)s",
                           code=codes.ODDS_MODEL, field="model", model=model,
                           known=list(MODELS))


def _weights(now: SeasonNow, model: str, strengths: Strengths | None) -> dict[PlayerId, int]:
    return model_weights((pid for league in now.leagues for pid in league.members), model,
                         strengths)


def _chances(now: SeasonNow, weights: Weights, trials: int, seed: int,
             condition: Condition | None = None
             ) -> tuple[dict[PlayerId, dict[str, Chance]], bool]:
    exact = outcome_count(now) <= EXACT_LIMIT
    out: dict[PlayerId, dict[str, Chance]] = {}
    if exact:
        found = exact_chances(now, weights, condition)
        for league in now.leagues:
            for pid in league.members:
                out[pid] = {g.key: Chance(exact=found.get((pid, g.key), Fraction(0)))
                            for g in goals_for(league.level, now.starting)}
        return out, True
    hits = sampled_chances(now, weights, trials, seed, condition)
    for league in now.leagues:
        for pid in league.members:
            out[pid] = {g.key: Chance(hits[(pid, g.key)], trials)
                        for g in goals_for(league.level, now.starting)}
    return out, False


def projection(state: EventState, *, model: str = DEFAULT_MODEL, trials: int = DEFAULT_TRIALS,
               seed: int = 0, strengths: Strengths | None = None) -> Projection:
    """Every league player's chance of each goal of their league."""
    _check_model(model)
    now = season_now(state)
    if not now.leagues:
        return Projection((), {}, model, True, 0, seed, 0,
                          (M("the leagues are not formed yet: no chances to give"),))
    chances, exact = _chances(now, _weights(now, model, strengths), trials, seed)
    return Projection(season_goals(now), chances, model, exact, 0 if exact else trials,
                      seed, remaining_games(now), _notes(model, strengths))


def _notes(model: str, strengths: Strengths | None) -> tuple[Message, ...]:
    if model == "rating" and (strengths is None or not strengths.values):
        return (*NOTES, M("no strengths are known yet: every finish is taken as equally "
                          "likely"))
    return NOTES


def next_table(now: SeasonNow, player: PlayerId) -> tuple[str, int, bool] | None:
    """The table whose order ``player`` plays next and its size: their league's due game or
    the die their tie waits for, else the Fortune or Will match they are placed in."""
    key = now.league_of.get(player)
    league = next((lg for lg in now.leagues if lg.key == key), None)
    if league is None:
        return None
    if league.first is not None:
        if player in league.first.players:
            return league.key, len(league.first.players), league.first.die
        return None
    for match in (now.fortune, now.will):
        if match.order is not None:
            continue
        if match.first is not None:
            if player in match.first.players:
                return match.match, len(match.first.players), True
            continue
        reader = Reader(now)
        fortune_line, will_line = reader.lineups(reader.slots(league.places))
        size = _match_sizes(now)[match.match]
        if player in (fortune_line if match.match == FORTUNE else will_line) and size >= 2:
            return match.match, size, False
    return None


def need(state: EventState, player: PlayerId, goal: str, *, model: str = DEFAULT_MODEL,
         trials: int = DEFAULT_TRIALS, seed: int = 0,
         strengths: Strengths | None = None) -> Need:
    """``player``'s chance of ``goal`` after each place they may take at their next table,
    best first: from it the weakest place that keeps the goal possible and the weakest that
    guarantees it."""
    _check_model(model)
    if player not in state.players:
        raise NotFound("no player %(player)s in this event", code=codes.ODDS_PLAYER,
                       field="player", player=player)
    now = season_now(state)
    key = now.league_of.get(player)
    league = next((lg for lg in now.leagues if lg.key == key), None)
    goals = goals_for(league.level, now.starting) if league is not None else ()
    found = next((g for g in goals if g.key == goal), None)
    if found is None:
        raise InvalidInput("%(name)s's league has no goal %(goal)s; its goals: %(goals)s",
                           code=codes.ODDS_GOAL, field="goal", name=now.names.get(player),
                           goal=goal, goals=[g.key for g in goals])
    table = next_table(now, player)
    if table is None:
        return Need(player, found, (), (), model, True,
                    (M("%(name)s has no game due now", name=now.names[player]),))
    where, size, die = table
    weights = _weights(now, model, strengths)
    outcomes: list[Outcome] = []
    after: list[Chance] = []
    for position in range(1, size + 1):
        chances, _exact = _chances(now, weights, trials, seed,
                                   Condition(player, position, where))
        outcomes.append(Outcome(f"place-{position}", _place_label(position, size, where, die)))
        after.append(chances[player][goal])
    exact = all(c.exact is not None for c in after)
    return Need(player, found, tuple(outcomes), tuple(after), model, exact,
                _notes(model, strengths))


def _place_label(position: int, size: int, where: str, die: bool) -> Message:
    if die:
        return M("place %(place)s of %(count)s by the die roll", place=position, count=size)
    if where == FORTUNE:
        return M("place %(place)s of %(count)s in the Fortune match", place=position,
                 count=size)
    if where == WILL:
        return M("place %(place)s of %(count)s in the Will match", place=position, count=size)
    return M("place %(place)s of %(count)s in the next game", place=position, count=size)
