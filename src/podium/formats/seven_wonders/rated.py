"""A 7 Wonders season's games as a rating across events counts them
(:mod:`podium.core.rated`).

Every game of the season's log with its positions as the site shows them (rule W7-3: a tie,
"делёж", shares the best position it covers): the leagues' ladder games (rule W7-2), the
starting season's play-off games (W7-6), the Fortune and Will matches and the Battle of Titans
(W7-11, W7-12, W7-18), the survival battles (W7-14) and the Legendary League's games (W7-34)
kept in this season's log. The places are the game's, not the tie-breaks that decide who goes
out or advances (W7-26 .. W7-30 decide the season, not who played better in the game).

An unfinished game (rules W7-21 .. W7-23) entered without positions is no game here; nor is
a game of fewer than two players. The year (a series of seasons) has no games of its own;
the games copied into the Legendary League's selection for head-to-head (W7-33 (5)) are the
seasons' and count there."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from podium.core.model import EventState, PlayerId
from podium.core.rated import RatedGame
from podium.formats.seven_wonders import legendary_rules, playoff_rules, survival_rules
from podium.formats.seven_wonders.season import SPECIALS, Game, book_of, ranking

#: The first part of ``order``: a season's games in the order the regulation plays them.
LADDERS, PLAYOFFS, SPECIAL, SURVIVAL, LEGENDARY = range(5)


def _game(key: str, order: tuple[int, ...], positions: Mapping[PlayerId, int] | None
          ) -> RatedGame | None:
    if not positions or len(positions) < 2:
        return None
    places = tuple(sorted(positions.items(), key=lambda item: (item[1], item[0])))
    return RatedGame(key, order, None, places)


def _played(game: Game) -> Mapping[PlayerId, int] | None:
    """A ladder game's or special match's positions (rule W7-3), when it was played out."""
    return game.positions if game.finished else None


def rated_games(state: EventState) -> Iterator[RatedGame]:
    """Rules W7-2, W7-3, W7-6, W7-11, W7-12, W7-14, W7-18, W7-34: the season's games in
    order: the ladders game by game (game n of every league, leagues by level, before game
    n + 1), the play-offs by place, the Fortune and Will matches and the Titans, the survival
    battles match by match, the Legendary League. Keys: the game's reference (``gods/3``,
    ``fortune``, ``titans``), ``playoff-{place}``, ``survival-m{match}-g{game}``,
    ``legendary-g{game}``; a play-off entered again as a correction keeps its key."""
    book = book_of(state)
    level = {key: (division.level, index) for index, (key, division)
             in enumerate(state.divisions.items())}
    ladders = [(level.get(key, (len(level), len(level))), key, ladder)
               for key, ladder in book.ladders.items()]
    games = sorted(((game.number, where, game) for where, _key, ladder in ladders
                    for game in ladder.games), key=lambda item: (item[0], item[1]))
    for number, where, game in games:
        found = _game(game.ref, (LADDERS, number, *where), _played(game))
        if found is not None:
            yield found
    for place, positions in sorted(playoff_rules.book_of(state).games.items()):
        found = _game(f"playoff-{place}", (PLAYOFFS, place), positions)
        if found is not None:
            yield found
    for index, ref in enumerate(SPECIALS):
        special = book.specials.get(ref)
        found = None if special is None else _game(ref, (SPECIAL, index), _played(special))
        if found is not None:
            yield found
    for match, outcomes in sorted(survival_rules.book_of(state).outcomes.items()):
        for number, outcome in enumerate(outcomes, start=1):
            found = _game(f"survival-m{match}-g{number}", (SURVIVAL, match, number),
                          outcome.positions)
            if found is not None:
                yield found
    names = {pid: player.name for pid, player in state.players.items()}
    for number, entered in enumerate(legendary_rules.book_of(state).games, start=1):
        # stored as entered; a dense ranking (1, 1, 2) is read as W7-3's (1, 1, 3)
        found = _game(f"legendary-g{number}", (LEGENDARY, number), ranking(entered, names))
        if found is not None:
            yield found
