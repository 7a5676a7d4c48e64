"""Projections: each player's chances of what the regulation rewards, and what they need.

A format answers by playing the rounds (or games) that remain many times through its own
pairing and scoring, or by enumerating them when the tree is small enough
(:meth:`podium.core.ruleset.Ruleset.projection` and :meth:`~podium.core.ruleset.Ruleset.need`).
The core keeps the shared vocabulary:

- :class:`Goal`: one outcome the regulation rewards (Commander's top-4 final, CMD-10; a 7
  Wonders promotion, W7-6...), with the rule it comes from;
- :class:`Chance`: how often a goal was reached, exact (a :class:`~fractions.Fraction` from an
  enumeration) or estimated (hits out of trials, with its 95% margin);
- :class:`Projection`: every player's chance of every goal, and how it was computed;
- :class:`Outcome` and :class:`Need`: the results one player may get in the next round,
  strongest first, the chance of a goal after each, and from those the weakest result that
  keeps the goal possible and the weakest that guarantees it.

The results model (:data:`MODELS`) says how a simulated game ends: ``uniform``, every finish
equally likely (the default), or ``rating``, by the players' strengths
(:class:`Strengths`: openskill ratings across events where the people side has them, else
the event's own results), which the service hands to the format.

Pure: no clock, no I/O; randomness comes from a seeded :class:`random.Random` or a numpy
generator the caller seeds, so the same state, model, trials and seed give the same answer.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from podium.core.messages import Message
from podium.core.model import PlayerId

#: The capability a view needs to be brought to an event whose format makes projections
#: (:func:`podium.core.ruleset.makes_projections`): the ``odds`` and ``need`` views.
PROJECTIONS = "projections"
#: how a simulated game ends: every finish equally likely, or by the players' strengths
MODELS = ("uniform", "rating")
DEFAULT_MODEL = "uniform"
#: the default number of trials of a Monte Carlo estimate: at most ±1 percentage point at
#: 95% for any chance (1.96 * sqrt(0.25 / 9604) = 0.0100)
DEFAULT_TRIALS = 9604
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Goal:
    """One outcome the regulation rewards. ``key`` is stable (a column's key, a CLI choice);
    ``label`` a msgid (``N_``) shown as the column's title; ``rule`` the rule's id."""

    key: str
    label: str
    rule: str = ""


@dataclass(frozen=True)
class Chance:
    """How often a goal was reached: ``exact`` when every remaining outcome was enumerated
    (weighted by the model), else ``hits`` out of ``trials`` simulated ones."""

    hits: int = 0
    trials: int = 0
    exact: Fraction | None = None

    @property
    def value(self) -> float:
        if self.exact is not None:
            return float(self.exact)
        return self.hits / self.trials if self.trials else 0.0

    @property
    def margin(self) -> float:
        """The half-width of the 95% Wilson interval around :attr:`value` (0 when exact)."""
        if self.exact is not None or not self.trials:
            return 0.0
        low, high = wilson(self.hits, self.trials)
        return max(self.value - low, high - self.value)

    @property
    def certain(self) -> bool:
        """Reached in every outcome (exactly), or in every trial."""
        return self.exact == 1 if self.exact is not None else self.hits == self.trials > 0

    @property
    def impossible(self) -> bool:
        """Reached in no outcome (exactly), or in no trial."""
        return self.exact == 0 if self.exact is not None else self.hits == 0


def wilson(hits: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``hits`` out of ``trials`` (95% by default)."""
    if trials <= 0:
        return 0.0, 1.0
    p = hits / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Strengths:
    """The ``rating`` model's input: a strength per player (an openskill ordinal, or a mean
    of the event's own points), higher is stronger; ``source`` says which (``ratings``:
    ratings across events, ``results``: the event's own results)."""

    values: Mapping[PlayerId, float]
    source: str = "results"


@dataclass(frozen=True)
class Projection:
    """Every player's chance of every goal (``chances[player][goal.key]``).

    ``exact``: every remaining outcome was enumerated (each chance has ``exact``), else
    ``trials`` simulations with ``seed``. ``remaining`` counts the rounds (or games) left
    that were played; ``done`` when nothing remains (every chance is then 0 or 1)."""

    goals: tuple[Goal, ...]
    chances: Mapping[PlayerId, Mapping[str, Chance]]
    model: str = DEFAULT_MODEL
    exact: bool = False
    trials: int = 0
    seed: int = 0
    remaining: int = 0
    notes: tuple[Message, ...] = ()

    @property
    def done(self) -> bool:
        return self.remaining == 0

    def goal(self, key: str) -> Goal:
        for goal in self.goals:
            if goal.key == key:
                return goal
        raise KeyError(key)


@dataclass(frozen=True)
class Outcome:
    """One result a player may get in the next round (a place in the pod, a win or a loss),
    ``label`` a message for the page; a format lists them strongest first."""

    key: str
    label: Message


@dataclass(frozen=True)
class Need:
    """What ``player`` needs in the next round for ``goal``: the chance of the goal after
    each possible result (``after``, in the order of ``outcomes``, strongest first), the
    weakest result that keeps it possible and the weakest that guarantees it (None: no
    result does). ``exact`` when every chance in ``after`` is."""

    player: PlayerId
    goal: Goal
    outcomes: tuple[Outcome, ...]
    after: tuple[Chance, ...]
    model: str = DEFAULT_MODEL
    exact: bool = False
    notes: tuple[Message, ...] = field(default=())

    @property
    def keeps_possible(self) -> Outcome | None:
        return _weakest(self.outcomes, self.after, lambda c: not c.impossible)

    @property
    def guarantees(self) -> Outcome | None:
        return _weakest(self.outcomes, self.after, lambda c: c.certain)


def _weakest(outcomes: Sequence[Outcome], after: Sequence[Chance],
             good: Callable[[Chance], bool]) -> Outcome | None:
    """The last (weakest) outcome whose chance is ``good``."""
    found: Outcome | None = None
    for outcome, chance in zip(outcomes, after, strict=True):
        if good(chance):
            found = outcome
    return found


__all__ = [
    "DEFAULT_MODEL", "DEFAULT_TRIALS", "MODELS", "PROJECTIONS", "Chance", "Goal", "Need", "Outcome",
    "Projection", "Strengths", "wilson",
]
