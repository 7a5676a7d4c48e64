"""A game as a rating across events counts it (:mod:`podium.ratings`).

Each format says which of its games count and where each player finished
(:meth:`podium.core.ruleset.Ruleset.rated_games`): a Commander pod's finishing order, a 7
Wonders league game's places, a mahjong game's places, a Berserk duel. Places, not points:
the rating model ranks the players of one game (ties share a place). Pure: the event's state
in, games out; the service maps players to persons and orders games across events."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from podium.core.model import PlayerId


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
