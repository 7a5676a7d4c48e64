"""Where a 7 Wonders season stands, as its projections (:mod:`.odds`) play it on.

Read from the replayed state through the format's own functions (:func:`.rules.due`,
:func:`.rules.league_places`, :func:`.rules.withdrawal_places`, and for a tie waiting for its
die :func:`.season.decide` / :func:`.season.decide_special` with each possible roll), so the
simulation starts exactly where the season is:

- each league: the places given so far and, unless its ladder is played, its *first step*:
  the table whose order decides where it goes on (its due game, or the die a tie waits for),
  as a function from that table's order to the places then given and the players still in;
- each special match (Fortune W7-11, Will W7-12): its order once entered (a tie waiting for
  its die again as a first step), else nothing: it is played on the simulated places;
- who plays no special match (a kick not lifted, W7-20, or a drop-out) and who plays no next
  season (barred, W7-19 / W7-20, or dropped: W7-35), which simulated games do not change
  (they have no overruns or kicks).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field

from podium.core.model import EventState, PlayerId
from podium.formats.seven_wonders.rules import (
    due,
    league_places,
    levels_of,
    names_of,
    withdrawal_places,
)
from podium.formats.seven_wonders.season import (
    FORTUNE,
    KICK,
    WILL,
    Game,
    Ladder,
    SeasonBook,
    book_of,
    decide,
    decide_special,
    penalties_of,
    season_rows,
)
from podium.formats.seven_wonders.settings import LEAGUE_SIZE

Order = tuple[PlayerId, ...]
Places = dict[PlayerId, int]
Continuation = tuple[Places, Order]  # the places given, the players still in the ladder


@dataclass(frozen=True)
class Step:
    """A table whose order decides what follows: a game (by the model) or a die (uniform).
    ``key`` is what of the order matters (the last of an elimination game, else all of it):
    orders with one key go on alike."""

    players: Order
    die: bool
    after: Callable[[Order], Continuation]
    key: Callable[[Order], Hashable] = lambda order: order


def last_of(order: Order) -> Hashable:
    return order[-1]


@dataclass(frozen=True)
class LeagueNow:
    key: str
    level: int
    members: Order
    places: Places  # the places given so far (all of them once the ladder is played)
    first: Step | None = None  # None: the ladder is played

    @property
    def remaining(self) -> int:
        """The games (and the die) left to play in this ladder."""
        if self.first is None:
            return 0
        left = LEAGUE_SIZE - len(self.places)
        return (1 if self.first.die else 0) + max(1, left - 2)


@dataclass(frozen=True)
class MatchNow:
    """A special match: ``order`` once entered and decided; ``first`` a tie waiting for its
    die (each roll's order of the whole match); neither: still to play."""

    match: str
    order: Order | None = None
    first: Step | None = None

    @property
    def entered(self) -> bool:
        return self.order is not None or self.first is not None


@dataclass(frozen=True)
class SeasonNow:
    starting: bool
    leagues: tuple[LeagueNow, ...]
    fortune: MatchNow
    will: MatchNow
    names: Mapping[PlayerId, str]
    level: Mapping[PlayerId, int]
    league_of: Mapping[PlayerId, str]
    no_specials: frozenset[PlayerId]  # kicked (not lifted) or dropped: play no special match
    barred: frozenset[PlayerId]  # no next season: barred (W7-19, W7-20)
    leaving: frozenset[PlayerId]  # dropped out (W7-35)
    winner_seat: str = "shift"
    notes: tuple[str, ...] = field(default=())

    @property
    def ladders_done(self) -> bool:
        return all(league.first is None for league in self.leagues)


def season_now(state: EventState) -> SeasonNow:
    book = book_of(state)
    leagues = tuple(_league_now(state, book, key) for key in state.divisions)
    kicked = {pid for ref, pid, what in penalties_of(book) if what == KICK
              and book.lifted(ref, pid, KICK) is None}
    dropped = {pid for pid, p in state.players.items() if p.dropped}
    barred = {row.player for row in season_rows(state) if row.barred}
    settings = state.settings
    return SeasonNow(
        starting=settings.starting, leagues=leagues,
        fortune=_match_now(state, book, FORTUNE), will=_match_now(state, book, WILL),
        names=names_of(state), level=levels_of(state),
        league_of={pid: key for pid, key in state.division_of.items() if key in state.divisions},
        no_specials=frozenset(kicked | dropped), barred=frozenset(barred),
        leaving=frozenset(dropped), winner_seat=settings.leaving_winner_seat)


def _league_now(state: EventState, book: SeasonBook, key: str) -> LeagueNow:
    division = state.divisions[key]
    members = tuple(division.members)
    now = due(state, key)
    ladder = book.ladders.get(key) or Ladder(key)
    if now.complete or not now.size_ok:
        return LeagueNow(key, division.level, members, league_places(state, key))
    if now.waiting is not None:
        waiting = now.waiting
        tied = tuple(p for group in waiting.unresolved for p in group)

        def rolled(order: Order) -> Continuation:
            after = _rolled_ladder(state, book, key, order)
            places = {**after.places, **withdrawal_places(after, now.withdrawing)}
            return places, tuple(p for p in now.players if p not in places)

        which = (lambda order: order) if waiting.final else last_of
        return LeagueNow(key, division.level, members, dict(ladder.places),
                         Step(tied, True, _memo(rolled, which), which))
    places = {**ladder.places, **withdrawal_places(ladder, now.withdrawing)}
    players = tuple(now.players)

    def played(order: Order) -> Continuation:
        return game_result(places, players, order)

    which = (lambda order: order) if len(players) <= 3 else last_of
    return LeagueNow(key, division.level, members, places, Step(players, False, played, which))


def game_result(places: Places, players: Order, order: Order) -> Continuation:
    """Rule W7-2 for a game with no ties: the last is out and takes the lowest free place; a
    final (three players or fewer) gives places 1, 2, 3 in its order."""
    if len(players) <= 3:
        return {**places, **{pid: n for n, pid in enumerate(order, start=1)}}, ()
    out = order[-1]
    return {**places, out: LEAGUE_SIZE - len(places)}, tuple(p for p in players if p != out)


def _memo(function: Callable[[Order], Continuation],
          key: Callable[[Order], Hashable] = lambda order: order
          ) -> Callable[[Order], Continuation]:
    """``function`` computed once per key of the order (a die's decision copies the book)."""
    seen: dict[Hashable, Continuation] = {}

    def cached(order: Order) -> Continuation:
        which = key(order)
        if which not in seen:
            seen[which] = function(order)
        return seen[which]

    return cached


def _roll_of(order: Order) -> dict[PlayerId, int]:
    """A die roll giving ``order`` (higher is better, rule W7-26 (4))."""
    return {pid: len(order) - index for index, pid in enumerate(order)}


def _rolled_ladder(state: EventState, book: SeasonBook, key: str, order: Order) -> Ladder:
    """The ladder once the die gives the tied players ``order`` (the format's own decision)."""
    copied = copy.deepcopy(book)
    ladder = copied.ladders[key]
    game = ladder.games[-1]
    game.roll = _roll_of(order)
    decide(copied, ladder, game, names_of(state))
    return ladder


def _match_now(state: EventState, book: SeasonBook, match: str) -> MatchNow:
    game = book.specials.get(match)
    if game is None:
        return MatchNow(match)
    if not game.unresolved:
        return MatchNow(match, tuple(game.order))
    tied = tuple(p for group in game.unresolved for p in group)

    def rolled(order: Order) -> Continuation:
        copied = copy.deepcopy(book)
        special: Game = copied.specials[match]
        special.roll = _roll_of(order)
        decide_special(copied, special, levels_of(state), names_of(state),
                       state.settings.titans_points)
        return {}, tuple(special.order)

    return MatchNow(match, None, Step(tied, True, _memo(rolled)))
