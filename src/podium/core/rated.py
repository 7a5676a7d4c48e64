"""A game as a rating across events counts it (:mod:`podium.ratings`).

Each format says which of its games count and where each player finished
(:meth:`podium.core.ruleset.Ruleset.rated_games`): a Commander pod's finishing order, a 7
Wonders league game's places, a mahjong game's places, a Berserk duel. Places, not points:
the rating model ranks the players of one game (ties share a place). Pure: the event's state
in, games out; the service maps players to persons and orders games across events."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from podium.core.model import PlayerId

if TYPE_CHECKING:  # numpy is loaded when a rating is computed, not by every command line
    import numpy as np


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One finished game of an event.

    ``key``: unique within the event and stable across replays (``"r3-t2"``, ``"g17"``,
    ``"top-r1-m2"``), so a correction replaces the same game. ``order``: where it stands among
    the event's games as played (a round's games before the next round's). ``at``: when it
    was played (UTC), when the event knows (the marathon's game time); else ``None`` and the
    event's date orders it. ``places``: each player and their place, 1 the best; players with
    the same place tied. A game with fewer than two players does not count."""

    key: str
    order: tuple[int, ...]
    at: datetime | None
    places: tuple[tuple[PlayerId, int], ...]


@dataclass(frozen=True)
class RatedColumns:
    """An event's rated games as columns, in the event's order (``n`` games, at most ``k``
    players a game): ``players`` and ``places`` int[n, k], each game's seats first and 0 after
    its ``sizes[i]`` players; ``at`` float[n], UTC epoch seconds (NaN when the event does not
    know); ``key(i)`` the :attr:`RatedGame.key` of game ``i``. A rating over a million games
    reads these instead of a million objects (:mod:`podium.service.ratings`)."""

    players: np.ndarray
    places: np.ndarray
    sizes: np.ndarray
    at: np.ndarray
    key: Callable[[int], str]

    def __len__(self) -> int:
        return int(self.sizes.size)


def columns_of(games: Iterable[RatedGame]) -> RatedColumns:
    """Games as columns (the default of :meth:`podium.core.ruleset.Ruleset.rated_columns`)."""
    import numpy as np

    kept = sorted((g for g in games if len(g.places) >= 2), key=lambda g: g.order)
    k = max((len(g.places) for g in kept), default=2)
    players = np.zeros((len(kept), k), np.int64)
    places = np.zeros((len(kept), k), np.int64)
    for i, game in enumerate(kept):
        for seat, (player, place) in enumerate(game.places):
            players[i, seat], places[i, seat] = player, place
    at = np.array([g.at.timestamp() if g.at is not None else np.nan for g in kept],
                  dtype=np.float64)
    keys = [g.key for g in kept]
    return RatedColumns(players, places, np.array([len(g.places) for g in kept], np.int64), at,
                        keys.__getitem__)


def left_aligned(players: np.ndarray, places: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Seats of a game with a 0 player (left out) removed: each row's players first, in their
    seat order, then zeros; with each row's count."""
    import numpy as np

    present = players != 0
    order = np.argsort(~present, axis=1, kind="stable")
    players = np.take_along_axis(players, order, axis=1)
    places = np.take_along_axis(places, order, axis=1)
    sizes = present.sum(axis=1).astype(np.int64)
    return np.where(players != 0, players, 0), np.where(players != 0, places, 0), sizes
