"""Ratings across events with openskill: pure functions over games already mapped to persons.

The service extracts each event's games (:meth:`podium.core.ruleset.Ruleset.rated_games`),
maps its players to persons and orders the games as played; this package rates them
(:func:`rate`, or :func:`rate_arrays` for columnar data) and applies one more game
(:meth:`Ratings.apply`). A rating is derived, never stored: recomputed from the logs whenever
they change. Weights and speed: see :mod:`podium.ratings.engine` and :mod:`podium.ratings.bulk`."""

from podium.ratings.bulk import rate_arrays
from podium.ratings.engine import Game, Params, Rating, Ratings, rate

__all__ = ["Game", "Params", "Rating", "Ratings", "rate", "rate_arrays"]
