"""Commander's games as a rating across events counts them (:mod:`podium.core.rated`).

Every pod with a result, of the Swiss rounds and of the final pod (rule CMD-10), then the
matches of a TOP when the event built one instead of a final pod (``final_size=0``). A bye is
no pod, so never a game (rules CMD-8, CMD-9). A pod's places are its finishing order as
entered (rule CMD-2: the winner first, then from the last out to the first out): players out
at the same moment (CMD-4a's order, a shared elimination) share a place; the survivors of a
draw share the first place (rule CMD-13: each survivor draws, with the same points), the
players out before them below, in the order they went out. Rule CMD-4b's turn order ranks a
draw's survivors for the elimination-order tiebreaker (CMD-3a) only: it is no result between
them."""

from __future__ import annotations

from collections.abc import Iterator

from podium.core.model import EventState, TableResult
from podium.core.rated import RatedGame
from podium.formats.berserk.rated import Places, round_games, top_games


def pod_places(result: TableResult) -> Places:
    """Each player of a pod and their place: as scored (a shared elimination shares the best
    place it covers), a draw's survivors tied first (rule CMD-13)."""
    return tuple((o.player, 1 if o.drew else o.place) for o in result.outcomes)


def rated_games(state: EventState) -> Iterator[RatedGame]:
    """Rules CMD-2, CMD-4, CMD-8, CMD-10, CMD-13: each pod played, round by round (the final
    pod is the last round), keyed ``r{round}-t{table}``; then a TOP's matches,
    ``top-r{round}-m{match}``. A correction replaces the result in the state: same key."""
    yield from round_games(state, pod_places)
    yield from top_games(state)
