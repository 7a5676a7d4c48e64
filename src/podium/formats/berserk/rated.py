"""Berserk's games as a rating across events counts them (:mod:`podium.core.rated`).

Every duel of the Swiss rounds and every TOP match played: the winner first, the loser
second, a draw tied (a technical win, rule BRK-8, is a win). A bye is no game (rule BRK-6: an
odd table's player sits out). A Team Sealed match (rule BRK-9) is between teams, not persons,
so such an event has no rated games."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from podium.core.model import EventState, PlayerId, TableResult
from podium.core.rated import RatedGame
from podium.core.top_replay import top_of

#: The first part of ``order``: the rounds' games before the TOP's.
ROUNDS, TOP = 0, 1


Places = tuple[tuple[PlayerId, int], ...]


def scored_places(result: TableResult) -> Places:
    """Each player of a table and the place its result gave (tied players share one)."""
    return tuple((o.player, o.place) for o in result.outcomes)


def round_games(state: EventState, places_of: Callable[[TableResult], Places] = scored_places
                ) -> Iterator[RatedGame]:
    """Each table of each round with a result, keyed ``r{round}-t{table}``, its places by
    ``places_of`` (as scored: a draw tied); a bye is no table, so never a game. The state
    holds a corrected result in place of the first, so a correction keeps the key."""
    for rnd in state.rounds:
        for table in rnd.tables:
            result = rnd.results.get(table.number)
            if result is None:
                continue
            places = places_of(result)
            if len(places) >= 2:
                yield RatedGame(f"r{rnd.number}-t{table.number}", (ROUNDS, rnd.number,
                                                                  table.number), None, places)


def top_games(state: EventState) -> Iterator[RatedGame]:
    """Each TOP match with a result, keyed ``top-r{round}-m{match in the round}``, after every
    round's game: the winner 1st and the loser 2nd, a draw tied (rule BRK-5 decides who
    advances, not who won the game). A match against a bye is no game. Any format with a TOP
    (Commander's too) reads its TOP this way."""
    bracket = top_of(state)
    if bracket is None:
        return
    for match in bracket.matches():
        result = match.result
        a, b = match.players
        if result is None or a is None or b is None:
            continue
        places: Places
        if result.draw:
            places = ((a, 1), (b, 1))
        else:
            loser = b if result.winner == a else a
            places = ((result.winner, 1), (loser, 2))
        yield RatedGame(f"top-r{match.round}-m{match.index}", (TOP, match.round, match.index),
                        None, places)


def rated_games(state: EventState) -> Iterator[RatedGame]:
    """Rules BRK-2, BRK-5, BRK-6, BRK-8, BRK-9: the Swiss duels, then the TOP's matches."""
    if state.settings.team_scoring != "none":  # rule BRK-9: teams are not persons
        return
    yield from round_games(state)
    yield from top_games(state)
