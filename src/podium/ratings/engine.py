"""The rating of every person after a sequence of games (openskill), with each person's
history.

Models: openskill's (:data:`MODELS`). PlackettLuce, the default, is computed by podium
(:mod:`podium.ratings.plackett_luce`, the same numbers as openskill's to about 1e-14): all
games at once with numpy, in waves (:mod:`podium.ratings.bulk`), and one more game in plain
Python. The other models call openskill's ``rate`` game by game (:mod:`podium.ratings.reference`).

Weight (the regulation's tournament coefficient of the game's event) scales the change a game
makes, from the rating before the game to openskill's rating after it:

    mu'    = mu + w * (mu_openskill - mu)
    sigma' = sigma * (sigma_openskill / sigma) ** w

so weight 1 is openskill's update, weight 0 changes nothing (tau's widening included), 1/2
half the change, 2 the change doubled: mu moves twice as far and sigma shrinks by the game's
factor twice. sigma by a factor, so that it stays positive whatever the weight (a linear
sigma goes negative once w > sigma / (sigma - sigma_openskill)). Weight 2 is not "the game
played twice" (a second game would start from the first one's rating), and all persons of a
game share its weight, so the mu changes of equal sigmas still add up to 0.

openskill's own ``weights=`` is not used. It weights players within a team: a team of one is
normalised to the upper bound (2.0) whatever the value given, and it multiplies gains
(omega >= 0) by the weight but divides losses by it, so any weight on one-person teams doubles
the winners' gains and halves the losers' losses (and their sigma updates likewise): the pool
inflates and the event's weight is lost. Weights are exact (Fraction) in :class:`Game`, made
float only for the model; negative weights are refused.

A game with fewer than two persons is not rated (it keeps its index). Persons within a game
must differ. Storage: the ratings now in lists indexed by a dense person number; the history
of a bulk computation in numpy arrays grouped by person (game index, mu, sigma), searched by
bisection; games applied afterwards add to a short per-person tail."""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from podium.ratings import plackett_luce

PersonId = int

#: openskill's models by the name a setting gives.
MODELS = {
    "plackett-luce": "PlackettLuce",
    "bradley-terry-full": "BradleyTerryFull",
    "bradley-terry-part": "BradleyTerryPart",
    "thurstone-mosteller-full": "ThurstoneMostellerFull",
    "thurstone-mosteller-part": "ThurstoneMostellerPart",
}


@dataclass(frozen=True)
class Params:
    """The model and its parameters; the defaults are openskill's."""

    model: str = "plackett-luce"
    mu: float = 25.0
    sigma: float = 25.0 / 3.0
    beta: float = 25.0 / 6.0
    kappa: float = 0.0001
    tau: float = 25.0 / 300.0

    def build(self) -> Any:
        from openskill import models

        cls = getattr(models, MODELS[self.model])
        return cls(mu=self.mu, sigma=self.sigma, beta=self.beta, kappa=self.kappa, tau=self.tau)

    @property
    def fast(self) -> bool:
        """Whether podium computes the model itself (PlackettLuce) or calls openskill."""
        return self.model == "plackett-luce"


@dataclass(frozen=True, slots=True)
class Game:
    """One game among persons: their places (1 the best, equal places tied) and the weight of
    its event (the regulation's tournament coefficient, 1 by default)."""

    persons: tuple[PersonId, ...]
    places: tuple[int, ...]
    weight: Fraction = Fraction(1)


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The conservative estimate shown as the rating (mu - 3 sigma)."""
        return self.mu - 3.0 * self.sigma


def weighted(mu: float, sigma: float, new_mu: float, new_sigma: float,
             weight: float) -> tuple[float, float]:
    """The rating after a game of ``weight`` (see the module's docstring)."""
    if weight == 1.0:
        return new_mu, new_sigma
    return mu + weight * (new_mu - mu), sigma * (new_sigma / sigma) ** weight


def as_float(weight: Fraction | int | float) -> float:
    """An event's exact weight for the model; negative weights refused."""
    value = weight.numerator / weight.denominator if isinstance(weight, Fraction) else float(weight)
    if not value >= 0.0:
        raise ValueError(f"a game's weight must be 0 or more, not {weight}")
    return value


@dataclass
class Ratings:
    """Every person's rating after the games so far, and each person's history (the game's
    index and the rating after it)."""

    params: Params
    played: int = 0
    #: dense number of each person seen (in a rated game)
    index: dict[PersonId, int] = field(default_factory=dict)
    persons: list[PersonId] = field(default_factory=list)
    mu: list[float] = field(default_factory=list)
    sigma: list[float] = field(default_factory=list)
    games: list[int] = field(default_factory=list)
    #: bulk history grouped by dense person: entries offsets[d]:offsets[d+1]
    offsets: Any = None
    hist_game: Any = None
    hist_mu: Any = None
    hist_sigma: Any = None
    #: history added by apply after the bulk: dense person -> [(game, mu, sigma)]
    tail: dict[int, list[tuple[int, float, float]]] = field(default_factory=dict)

    def _initial(self) -> Rating:
        return Rating(self.params.mu, self.params.sigma, 0)

    def _bulk_count(self, dense: int) -> int:
        if self.offsets is None or dense + 1 >= len(self.offsets):
            return 0
        return int(self.offsets[dense + 1] - self.offsets[dense])

    def of(self, person: PersonId, before: int | None = None) -> Rating:
        """The person's rating after every game, or after the games with an index below
        ``before`` (a rating "as of" a date); the model's initial rating if none."""
        dense = self.index.get(person)
        if dense is None:
            return self._initial()
        if before is None:
            return Rating(self.mu[dense], self.sigma[dense], self.games[dense])
        tail = self.tail.get(dense, [])
        bulk = self._bulk_count(dense)
        if tail and tail[0][0] < before:
            n = bisect.bisect_left(tail, (before,))
            _, mu, sigma = tail[n - 1]
            return Rating(mu, sigma, bulk + n)
        if bulk == 0:
            return self._initial()
        lo = int(self.offsets[dense])
        n = int(np.searchsorted(self.hist_game[lo:lo + bulk], before, side="left"))
        if n == 0:
            return self._initial()
        at = lo + n - 1
        return Rating(float(self.hist_mu[at]), float(self.hist_sigma[at]), n)

    def history_of(self, person: PersonId) -> list[tuple[int, Rating]]:
        """The game indexes the person played and their rating after each."""
        dense = self.index.get(person)
        if dense is None:
            return []
        out: list[tuple[int, Rating]] = []
        bulk = self._bulk_count(dense)
        if bulk:
            lo = int(self.offsets[dense])
            rows = zip(self.hist_game[lo:lo + bulk].tolist(), self.hist_mu[lo:lo + bulk].tolist(),
                       self.hist_sigma[lo:lo + bulk].tolist(), strict=True)
            out = [(g, Rating(m, s, n)) for n, (g, m, s) in enumerate(rows, 1)]
        for n, (g, m, s) in enumerate(self.tail.get(dense, []), bulk + 1):
            out.append((g, Rating(m, s, n)))
        return out

    def _dense(self, person: PersonId) -> int:
        dense = self.index.get(person)
        if dense is None:
            dense = self.index[person] = len(self.persons)
            self.persons.append(person)
            self.mu.append(self.params.mu)
            self.sigma.append(self.params.sigma)
            self.games.append(0)
        return dense

    def apply(self, game: Game) -> None:
        """Rate one more game (incrementally: only its players change; nothing rebuilt)."""
        if len(game.persons) != len(game.places):
            raise ValueError("a game needs one place per person")
        if len(set(game.persons)) != len(game.persons):
            raise ValueError("a person plays a game once")
        weight = as_float(game.weight)
        index = self.played
        self.played += 1
        if len(game.persons) < 2:
            return
        dense = [self._dense(p) for p in game.persons]
        mus = [self.mu[d] for d in dense]
        sigmas = [self.sigma[d] for d in dense]
        if self.params.fast:
            p = self.params
            new_mu, new_sigma = plackett_luce.update(mus, sigmas, game.places, p.beta, p.kappa,
                                                     p.tau)
        else:
            from podium.ratings.reference import openskill_update

            new_mu, new_sigma = openskill_update(self.params, mus, sigmas, game.places)
        for d, m, s, nm, ns in zip(dense, mus, sigmas, new_mu, new_sigma, strict=True):
            m, s = weighted(m, s, nm, ns, weight)
            self.mu[d], self.sigma[d] = m, s
            self.games[d] += 1
            self.tail.setdefault(d, []).append((index, m, s))

    def table(self) -> list[tuple[PersonId, Rating]]:
        """Every rated person, best first (by ordinal)."""
        rows = [(p, Rating(self.mu[d], self.sigma[d], self.games[d]))
                for d, p in enumerate(self.persons) if self.games[d]]
        return sorted(rows, key=lambda item: (-item[1].ordinal, item[0]))


def rate(games: Iterable[Game] | Sequence[Game], params: Params | None = None) -> Ratings:
    """The ratings after ``games`` in the order given (PlackettLuce: all at once, by
    :func:`podium.ratings.bulk.rate_arrays`; other models game by game)."""
    params = params or Params()
    if not params.fast:
        ratings = Ratings(params)
        for game in games:
            ratings.apply(game)
        return ratings
    from podium.ratings.bulk import arrays_of, rate_arrays

    return rate_arrays(*arrays_of(games), params=params)
