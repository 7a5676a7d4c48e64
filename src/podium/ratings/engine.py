"""The rating of every person after a sequence of games (openskill), with each person's
history. A straightforward loop over openskill's own ``rate``: the reference every faster path
must agree with."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

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


@dataclass
class Ratings:
    """Every person's rating after the games so far, and each person's history (the game's
    index and the rating after it)."""

    params: Params
    current: dict[PersonId, Rating] = field(default_factory=dict)
    history: dict[PersonId, list[tuple[int, Rating]]] = field(default_factory=dict)
    played: int = 0

    def of(self, person: PersonId, before: int | None = None) -> Rating:
        """The person's rating after every game, or after the games with an index below
        ``before`` (a rating "as of" a date); the model's initial rating if none."""
        if before is None:
            found = self.current.get(person)
        else:
            found = None
            for index, rating in self.history.get(person, ()):
                if index >= before:
                    break
                found = rating
        return found if found is not None else Rating(self.params.mu, self.params.sigma, 0)

    def history_of(self, person: PersonId) -> list[tuple[int, Rating]]:
        """The game indexes the person played and their rating after each."""
        return list(self.history.get(person, ()))

    def apply(self, game: Game) -> None:
        """Rate one more game (incrementally: only its players change)."""
        index = self.played
        self.played += 1
        if len(game.persons) < 2:
            return
        model = self.params.build()
        teams = [[model.rating(mu=self.of(p).mu, sigma=self.of(p).sigma)] for p in game.persons]
        rated = model.rate(teams, ranks=list(game.places))
        for person, (after,) in zip(game.persons, rated, strict=True):
            before = self.of(person)
            weight = float(game.weight)
            mu = before.mu + weight * (after.mu - before.mu)
            sigma = before.sigma + weight * (after.sigma - before.sigma)
            now = Rating(mu, sigma, before.games + 1)
            self.current[person] = now
            self.history.setdefault(person, []).append((index, now))

    def table(self) -> list[tuple[PersonId, Rating]]:
        """Every rated person, best first (by ordinal)."""
        return sorted(self.current.items(), key=lambda item: (-item[1].ordinal, item[0]))


def rate(games: Iterable[Game] | Sequence[Game], params: Params | None = None) -> Ratings:
    """The ratings after ``games`` in the order given."""
    ratings = Ratings(params or Params())
    for game in games:
        ratings.apply(game)
    return ratings
