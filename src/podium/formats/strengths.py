"""The ``rating`` results model of the projections (:mod:`podium.core.projection`), shared by
the formats that play what remains.

Strengths come on scales of their own (an openskill ordinal around 0-50, a mean of the event's
points per game around 0-4), so a format first turns them into standard scores: how many
standard deviations a player stands above the field's mean (a player without a value is at the
mean). From those:

- a duel is won with the logistic chance ``1 / (1 + exp(z_b - z_a))``: equal players 1/2, one
  standard deviation stronger 0.73, two 0.88;
- a table of four finishes in the Plackett-Luce order of weights ``exp(z)``: first place goes
  to a player with the chance of their weight among the four, second among the three left...

Exact enumerations weigh each outcome with the chance rounded to a fraction of denominator at
most a million (:func:`as_fraction`), so their sums stay exact.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction

from podium.core.model import PlayerId
from podium.core.projection import Strengths

EXACT_DENOMINATOR = 1_000_000


def standard_scores(strengths: Strengths | None, players: Iterable[PlayerId]
                    ) -> dict[PlayerId, float]:
    """Each player's strength as a standard score over ``players`` (0 when no strength is
    known, or when every known one is equal)."""
    players = list(players)
    values: Mapping[PlayerId, float] = strengths.values if strengths is not None else {}
    known = [float(values[p]) for p in players if p in values]
    if len(known) < 2:
        return dict.fromkeys(players, 0.0)
    mean = sum(known) / len(known)
    spread = math.sqrt(sum((v - mean) ** 2 for v in known) / len(known))
    if spread == 0:
        return dict.fromkeys(players, 0.0)
    return {p: (float(values[p]) - mean) / spread if p in values else 0.0 for p in players}


def duel_chance(z_first: float, z_second: float) -> float:
    """The chance the first player wins a duel (logistic on the difference of scores)."""
    return 1.0 / (1.0 + math.exp(z_second - z_first))


def as_fraction(chance: float) -> Fraction:
    """A model's chance as the exact weight an enumeration sums."""
    return Fraction(chance).limit_denominator(EXACT_DENOMINATOR)
