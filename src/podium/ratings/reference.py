"""openskill's own ``rate``, game by game: the models podium does not compute itself, and the
reference the fast path is tested against."""

from __future__ import annotations

from collections.abc import Sequence

from podium.ratings.engine import Params


def openskill_update(params: Params, mus: Sequence[float], sigmas: Sequence[float],
                     places: Sequence[int]) -> tuple[list[float], list[float]]:
    """The persons' (mu, sigma) after one game by openskill's model, one-person teams."""
    model = params.build()
    teams = [[model.rating(mu=m, sigma=s)] for m, s in zip(mus, sigmas, strict=True)]
    rated = model.rate(teams, ranks=list(places))
    return [team[0].mu for team in rated], [team[0].sigma for team in rated]
