"""How one simulated 7 Wonders table ends, for the season's projections (:mod:`.odds`).

A table's finishing order is Plackett–Luce on the players' weights: the winner is drawn in
proportion to the weights, then the second among the others, and so on. Equal weights make
every order equally likely (the ``uniform`` model); the ``rating`` model gives each player
``exp((strength - strongest) / scale)``, kept as a whole number of millionths (at least 1) so
that an enumeration stays exact in fractions. ``scale`` is openskill's beta (25/6) for
ratings across events (an ordinal's unit), else the spread (standard deviation) of the
strengths given. A player without a strength gets the mean of the others'.

Simulated games have no ties (rule W7-3's shared places need equal scores *and* equal
secondary indicators: rare enough to leave out); a die roll (W7-26 (4)) is uniform whatever
the model.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from statistics import pstdev

from podium.core.model import PlayerId
from podium.core.projection import Strengths

Prob = Fraction | float
Order = tuple[PlayerId, ...]
#: openskill's beta: the spread of one game's performance around a rating
RATING_SCALE = 25 / 6
PRECISION = 10**6


def model_weights(players: Iterable[PlayerId], model: str, strengths: Strengths | None
                  ) -> dict[PlayerId, int]:
    """Each player's Plackett–Luce weight under ``model`` (all 1 for ``uniform``, or when no
    strengths are known)."""
    players = list(players)
    if model != "rating" or strengths is None or not strengths.values:
        return {pid: 1 for pid in players}
    known = [strengths.values[p] for p in players if p in strengths.values]
    mean = sum(known) / len(known) if known else 0.0
    values = {p: float(strengths.values.get(p, mean)) for p in players}
    if not values:
        return {}
    scale = RATING_SCALE if strengths.source == "ratings" else (pstdev(values.values()) or 1.0)
    top = max(values.values())
    return {p: max(1, round(PRECISION * math.exp((v - top) / scale))) for p, v in values.items()}


def ratio(num: int, den: int, exact: bool) -> Prob:
    return Fraction(num, den) if exact else num / den


def one(exact: bool) -> Prob:
    return Fraction(1) if exact else 1.0


def orders(players: Sequence[PlayerId], weights: Mapping[PlayerId, int], exact: bool
           ) -> list[tuple[Order, Prob]]:
    """Every finishing order of ``players`` with its Plackett–Luce probability."""
    return list(_orders(tuple(players), tuple(weights[p] for p in players), exact))


@lru_cache(maxsize=4096)
def _orders(players: Order, weights: tuple[int, ...], exact: bool) -> tuple[tuple[Order, Prob],
                                                                            ...]:
    if len(players) <= 1:
        return ((players, one(exact)),)
    total = sum(weights)
    out: list[tuple[Order, Prob]] = []
    for index, pid in enumerate(players):
        first = ratio(weights[index], total, exact)
        rest = players[:index] + players[index + 1:]
        rest_w = weights[:index] + weights[index + 1:]
        for tail, prob in _orders(rest, rest_w, exact):
            out.append(((pid, *tail), first * prob))
    return tuple(out)


def last_chances(players: Sequence[PlayerId], weights: Mapping[PlayerId, int], exact: bool
                 ) -> dict[PlayerId, Prob]:
    """Each player's chance of finishing last at the table (who leaves a ladder game, rule
    W7-2): the first place goes to ``i`` with ``w_i / W``, and the last of the others is the
    last of the table."""
    return dict(_last(tuple(sorted(players)), tuple(weights[p] for p in sorted(players)), exact))


@lru_cache(maxsize=8192)
def _last(players: Order, weights: tuple[int, ...], exact: bool) -> tuple[tuple[PlayerId, Prob],
                                                                          ...]:
    if len(players) == 1:
        return ((players[0], one(exact)),)
    total = sum(weights)
    out: dict[PlayerId, Prob] = {}
    for index, _pid in enumerate(players):
        first = ratio(weights[index], total, exact)
        rest = players[:index] + players[index + 1:]
        rest_w = weights[:index] + weights[index + 1:]
        for loser, prob in _last(rest, rest_w, exact):
            out[loser] = out.get(loser, 0) + first * prob
    return tuple(out.items())
