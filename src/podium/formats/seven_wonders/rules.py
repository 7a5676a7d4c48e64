"""7 Wonders "Marathon": one season of the league (regulation W7), an open-play format with
divisions.

One event is one season. Its leagues are core divisions (``divisions.assigned``; level 0 is
the top league: Gods 0, Priests 1, both Warriors leagues 2; in a starting season every league is
level 0), and each league plays its ladder at its own pace (rule W7-2): the games arrive as this
format's own action kinds, each checked by :func:`podium.core.replay.apply` like any action:

- ``seven-wonders.profile``: a player's facts from outside the season (last season's league and
  place for W7-26, the year's earlier overruns for W7-19, a premium account for W7-36);
- ``seven-wonders.game``: a ladder game as the site shows it (rule W7-3), with its overruns
  (W7-19), a kick (W7-20), an unfinished end (W7-21, W7-22), its table link and who reported it;
- ``seven-wonders.overrun``: an overrun reported after the game was entered (W7-19);
- ``seven-wonders.roll``: the die roll that breaks a tie the chain could not (W7-26 (4));
- ``seven-wonders.lifted``: a penalty lifted by the organiser, with the reason (W7-24);
- ``seven-wonders.special``: the Fortune and Will matches (W7-11, W7-12, W7-27) and the Battle of
  Titans (W7-18, W7-28), in the ``specials`` phase once every ladder is played;
- ``seven-wonders.report`` / ``.confirmed`` / ``.disputed``: a player's self-report of a game and
  the other players' answers (W7-36), as logs before the season used the kernel's self-report
  kept them: still replayed (legacy kinds); players now report through the kernel
  (:mod:`.season_report`), and a confirmed report is stored as the ``seven-wonders.game``.

What follows from the games (places, points, the table) is derived in :mod:`.season`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from podium.core import phases
from podium.core.commands import CommandSpec, OpenReport
from podium.core.demos import DemoSpec, NewEventEntry, Presentation
from podium.core.divisions import DIVISION_MOVED, DIVISIONS_ASSIGNED, Division
from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.log import Action, Kind
from podium.core.model import EventState, PlayerId
from podium.core.projection import DEFAULT_MODEL, DEFAULT_TRIALS, Need, Projection, Strengths
from podium.core.rated import RatedGame
from podium.core.records import PlayerRecord
from podium.core.ruleset import OPEN, ActionKind, Capabilities, Phase, Ruleset, SignupField
from podium.core.schema import (
    PLAYER,
    SEED,
    AnyJson,
    Bool,
    Int,
    ListOf,
    Nullable,
    Obj,
    Str,
    obj,
)
from podium.core.standings import StandingRow, Standings
from podium.core.tiebreakers import Tiebreaker
from podium.core.views import N_, TableView
from podium.formats import settings as fs
from podium.formats.seven_wonders import codes, legendary_rules, survival_rules
from podium.formats.seven_wonders import views as sw_views
from podium.formats.seven_wonders.season import (
    FORTUNE,
    KICK,
    OVERRUN,
    PENALTIES,
    SPECIALS,
    TITANS,
    WILL,
    Game,
    Ladder,
    Lifting,
    Profile,
    Report,
    SeasonBook,
    book_of,
    decide,
    decide_special,
    penalties_of,
    ranking,
    season_rows,
)
from podium.formats.seven_wonders.settings import (
    FIELDS,
    LEAGUE_SIZE,
    SevenWondersSettings,
    to_json,
)

if TYPE_CHECKING:
    from podium.core.reads import ViewSpec

FORMAT = "seven-wonders"
#: The new-event page's choice of a 7 Wonders year (a series event: rule W7-1)
YEAR_ENTRY = "seven-wonders-year"
LADDERS = "ladders"
SPECIAL_PHASE = "specials"
PROFILE = "seven-wonders.profile"
GAME = "seven-wonders.game"
OVERRUN_KIND = "seven-wonders.overrun"
ROLL = "seven-wonders.roll"
LIFTED = "seven-wonders.lifted"
SPECIAL = "seven-wonders.special"
REPORT = "seven-wonders.report"
CONFIRMED = "seven-wonders.confirmed"
DISPUTED = "seven-wonders.disputed"
MAX_ROLL = 1000
DIE = 6

# Regular-season leagues (rule W7-7) and starting-season leagues (rule W7-5): key, name, level.
REGULAR_LEAGUES = (("gods", N_("Gods"), 0), ("priests", N_("Priests"), 1),
                   ("warriors-a", N_("Warriors A"), 2), ("warriors-b", N_("Warriors B"), 2))


def league_keys(count: int, starting: bool) -> list[tuple[str, str, int]]:
    """The leagues of a season of ``count`` leagues: Gods, Priests, Warriors A, B (then more
    Warriors leagues) in a regular season; League 1 .. N, all level 0, in a starting one."""
    if starting:
        return [(f"league-{n}", f"League {n}", 0) for n in range(1, count + 1)]
    out = list(REGULAR_LEAGUES[:count])
    for n in range(len(out), count):
        letter = chr(ord("a") + n - 2)
        out.append((f"warriors-{letter}", f"Warriors {letter.upper()}", 2))
    return out


def names_of(state: EventState) -> dict[PlayerId, str]:
    return {pid: p.name for pid, p in state.players.items()}


def _name(state: EventState, pid: PlayerId) -> str:
    player = state.players.get(pid)
    return player.name if player is not None else f"#{pid}"


def _need_reason(action: Action, what: str) -> None:
    if not action.reason.strip():
        raise InvalidInput("%(what)s is an organiser decision and needs a reason",
                           code=codes.REASON, field="reason", what=what)


def _player(state: EventState, pid: int, field: str) -> PlayerId:
    if pid not in state.players:
        raise NotFound("no player %(player)s in this event", code=codes.PLAYER_UNKNOWN, field=field,
                       player=pid)
    return pid


# -- where a league stands ------------------------------------------------------------------------
class Due:
    """A league's next game: its number, its players, whether it is the final; or why none is
    due (``waiting``: a tie waits for a die roll; ``complete``: the ladder is played)."""

    def __init__(self, league: str, number: int, players: list[PlayerId],
                 withdrawing: list[PlayerId], waiting: Game | None, complete: bool,
                 size_ok: bool) -> None:
        self.league = league
        self.number = number
        self.players = players
        self.withdrawing = withdrawing
        self.waiting = waiting
        self.complete = complete
        self.size_ok = size_ok

    @property
    def final(self) -> bool:
        return len(self.players) <= 3

    @property
    def ref(self) -> str:
        return f"{self.league}/{self.number}"


def due(state: EventState, key: str) -> Due:
    """Rule W7-2: the next game of league ``key`` follows from the last one: the players still
    in, less those who dropped out of the season (they take the lowest free places when it is
    entered); three or fewer make the final."""
    division = state.divisions[key]
    ladder = book_of(state).ladders.get(key) or Ladder(key)
    alive = [p for p in division.members if p not in ladder.places]
    present = [p for p in alive if not state.players[p].dropped]
    withdrawing = [p for p in alive if state.players[p].dropped]
    number = len(ladder.games) + 1
    complete = not alive or (bool(ladder.games or alive) and len(present) <= 1
                             and len(division.members) == LEAGUE_SIZE)
    size_ok = bool(ladder.games) or len(division.members) == LEAGUE_SIZE
    return Due(key, number, present, withdrawing, ladder.waiting, complete, size_ok)


def league_places(state: EventState, key: str) -> dict[PlayerId, int]:
    """The places a league has given so far; a league whose players all dropped out but one is
    complete: that one is 1st, the others take the lowest places."""
    ladder = book_of(state).ladders.get(key) or Ladder(key)
    places = dict(ladder.places)
    now = due(state, key)
    if now.complete and len(places) < len(state.divisions[key].members):
        free = LEAGUE_SIZE - len(places)
        for pid in sorted(now.withdrawing, reverse=True):
            places[pid] = free
            free -= 1
        for pid in now.players:
            places[pid] = free
            free -= 1
    return places


def ladders_complete(state: EventState) -> bool:
    return bool(state.divisions) and all(due(state, key).complete for key in state.divisions)


def levels_of(state: EventState) -> dict[PlayerId, int]:
    return {pid: state.divisions[key].level for pid, key in state.division_of.items()
            if key in state.divisions}


# -- special matches: who plays them (rules W7-6, W7-8 .. W7-12) ---------------------------------
def special_players(state: EventState, match: str) -> list[PlayerId]:
    """Who plays ``match`` this season, from the league places.

    Regular season (rules W7-8 .. W7-12): the Fortune match is Gods 3rd, Priests 2nd and every
    Warriors league's 1st; the Will match Priests 5th and every Warriors league's 2nd; the
    Battle of Titans Gods 1st and 2nd, Priests 1st and the Fortune match's winner. Starting
    season (rule W7-6): no Fortune or Will match, the league winners play the Battle of Titans.
    A player out of the season (a kick, W7-20, or dropped) plays none."""
    settings: SevenWondersSettings = state.settings
    book = book_of(state)
    by_level: dict[int, list[Division]] = {}
    for division in state.divisions.values():
        by_level.setdefault(division.level, []).append(division)

    def at(level: int, place: int) -> list[PlayerId]:
        out: list[PlayerId] = []
        for division in by_level.get(level, []):
            places = league_places(state, division.key)
            out.extend(pid for pid, p in places.items() if p == place)
        return out

    fortune = book.specials.get(FORTUNE)
    winner = fortune.order[0] if fortune is not None and fortune.order else None
    kicked = {pid for ref, pid, what in penalties_of(book) if what == KICK
              and book.lifted(ref, pid, KICK) is None}
    gone = kicked | {pid for pid, p in state.players.items() if p.dropped}
    return special_lineup(match, settings.starting, at, winner, gone)


def special_lineup(match: str, starting: bool, at: Callable[[int, int], list[PlayerId]],
                   fortune_winner: PlayerId | None, gone: Container[PlayerId]
                   ) -> list[PlayerId]:
    """Who plays ``match`` given the players at each league level and place (``at(level,
    place)``, the leagues of a level in order) and the Fortune match's winner (rules W7-6,
    W7-8 .. W7-12); ``gone`` play none (a kicker not lifted, W7-20, or a player who dropped).
    A starting season's leagues are all level 0."""
    if starting:
        chosen = at(0, 1) if match == TITANS else []
    elif match == FORTUNE:
        chosen = at(0, 3) + at(1, 2) + at(2, 1)
    elif match == WILL:
        chosen = at(1, 5) + at(2, 2)
    else:
        chosen = at(0, 1) + at(0, 2) + at(1, 1)
        if fortune_winner is not None:
            chosen.append(fortune_winner)
    return [pid for pid in chosen if pid not in gone]


def specials_due(state: EventState) -> list[str]:
    """The special matches this season has (a match of fewer than 2 players is not played)."""
    out = []
    for match in (FORTUNE, WILL):
        if len(special_players(state, match)) >= 2:
            out.append(match)
    out.append(TITANS)
    return out


# -- decoding a game ------------------------------------------------------------------------------
def read_game(state: EventState, payload: Mapping[str, Any], ref: str, league: str | None,
              number: int, expected: Sequence[PlayerId], seq: int, at: Any,
              actor: str = "") -> Game:
    """A game's payload checked against the players who must play it (rule W7-3 positions, W7-19
    overruns, W7-20 kick, W7-21 unfinished); raises a refusal naming the field."""
    names = names_of(state)
    results = payload["results"]
    players: list[PlayerId] = []
    positions: dict[PlayerId, int] = {}
    scores: dict[PlayerId, int] = {}
    for index, item in enumerate(results):
        pid = item["player"]
        where = f"results[{index}].player"
        if pid not in state.players:
            raise NotFound("no player %(player)s in this event", code=codes.PLAYER_UNKNOWN,
                           field=where, player=pid)
        if pid in players:
            raise InvalidInput("%(name)s is listed twice in the game", code=codes.TWICE,
                               field=where, name=names[pid])
        players.append(pid)
        if item.get("position") is not None:
            positions[pid] = item["position"]
        if item.get("score") is not None:
            scores[pid] = item["score"]
    _check_players(state, league, players, expected)
    finished = payload.get("finished", True)
    kicker = payload.get("kicker")
    deepest = payload.get("deepest")
    for field, pid in (("kicker", kicker), ("deepest", deepest)):
        if pid is not None and pid not in players:
            raise InvalidInput("%(field)s: %(name)s did not play this game", code=codes.NOT_IN_GAME,
                               field=field, name=_name(state, pid))
    if kicker is not None and kicker == deepest:
        raise InvalidInput("deepest: the kicker and the player deepest in negative time are "
                           "two different players (rule W7-22)", code=codes.DEEPEST,
                           field="deepest")
    if finished or positions:
        missing = [names[p] for p in players if p not in positions]
        if missing:
            raise InvalidInput("positions: %(names)s have no position (rule W7-3)",
                               code=codes.POSITIONS, field="positions", names=missing)
        positions = ranking(positions, names)
    if not finished and kicker is None and deepest is None:
        raise InvalidInput("deepest: an unfinished game ended by the time limit needs the "
                           "player deepest in negative time, or name the kicker (rule W7-21)",
                           code=codes.UNFINISHED, field="deepest")
    overruns: list[PlayerId] = []
    for index, pid in enumerate(payload.get("overruns") or []):
        if pid not in players:
            raise InvalidInput("overruns: %(name)s did not play this game (rule W7-19)",
                               code=codes.NOT_IN_GAME, field=f"overruns[{index}]",
                               name=_name(state, pid))
        if pid in overruns:
            raise InvalidInput("overruns: %(name)s is listed twice", code=codes.TWICE,
                               field=f"overruns[{index}]", name=names[pid])
        overruns.append(pid)
    if deepest is not None and deepest not in overruns:
        overruns.append(deepest)  # rule W7-19: negative time is over the time limit
    reporter = payload.get("reporter")
    if reporter is not None and reporter not in players:
        raise InvalidInput("reporter: %(name)s did not play this game", code=codes.NOT_IN_GAME,
                           field="reporter", name=_name(state, reporter))
    return Game(ref=ref, league=league, number=number, players=tuple(players),
                positions=positions or None, scores=scores, finished=finished, kicker=kicker,
                deepest=deepest, overruns=overruns, link=payload.get("link", ""),
                reporter=reporter, seq=seq, at=at, actor=actor,
                final=league is not None and len(players) <= 3)


def _check_players(state: EventState, league: str | None, players: Sequence[PlayerId],
                   expected: Sequence[PlayerId]) -> None:
    """The game's players must be exactly those due (rule W7-2): each refusal says why."""
    names = names_of(state)
    book = book_of(state)
    want = set(expected)
    for pid in players:
        if pid in want:
            continue
        if league is not None:
            ladder = book.ladders.get(league) or Ladder(league)
            if state.division_of.get(pid) != league:
                raise InvalidInput("%(name)s does not play in league %(league)s",
                                   code=codes.OTHER_LEAGUE, field="results", name=names[pid],
                                   league=state.divisions[league].name)
            if pid in ladder.places:
                raise InvalidInput("%(name)s is out of league %(league)s since game %(game)s "
                                   "(place %(place)s) and plays no later game (rule W7-2)",
                                   code=codes.OUT, field="results", name=names[pid],
                                   league=state.divisions[league].name,
                                   game=ladder.out_in.get(pid), place=ladder.places[pid])
            if state.players[pid].dropped:
                raise InvalidInput("%(name)s has dropped out of the season; enter the game "
                                   "without them (they take the lowest free place)",
                                   code=codes.DROPPED, field="results", name=names[pid])
        raise InvalidInput("%(name)s does not play this match; its players: %(names)s",
                           code=codes.NOT_DUE, field="results", name=names[pid],
                           names=[names[p] for p in expected])
    missing = [names[p] for p in expected if p not in set(players)]
    if missing:
        raise InvalidInput("the game misses %(names)s; its players are %(all)s (rule W7-2)",
                           code=codes.MISSING, field="results", names=missing,
                           all=[names[p] for p in expected])


def parse_ref(state: EventState, ref: str, field: str = "game") -> Game:
    book = book_of(state)
    game = book.find(ref)
    if game is None:
        raise NotFound("no game %(game)s: write league/number (gods/3) or a special match "
                       "(fortune, will, titans)", code=codes.GAME, field=field, game=ref)
    return game


# -- handlers -------------------------------------------------------------------------------------
def _profile(state: EventState, action: Action, ruleset: Any) -> None:
    """What the season needs to know of a player from outside it (rules W7-19, W7-26, W7-36).
    Last season's league and place decide ties in this season's games, so they are set before
    the player's league plays its first game."""
    p = action.payload
    pid = _player(state, p["player"], "player")
    book = book_of(state)
    old = book.profiles.get(pid) or Profile()
    new = Profile(p.get("level", old.level), p.get("place", old.place),
                  p.get("overruns", old.overruns), p.get("premium", old.premium))
    league = state.division_of.get(pid)
    started = league is not None and bool((book.ladders.get(league) or Ladder("")).games)
    if started and (new.level, new.place) != (old.level, old.place):
        raise Conflict("%(name)s's league has begun its ladder: last season's league and place "
                       "decide ties (rule W7-26) and are set before its first game",
                       code=codes.PROFILE_STARTED, field="level", name=_name(state, pid))
    book.profiles[pid] = new


def _game(state: EventState, action: Action, ruleset: Any) -> None:
    """Rule W7-2: the next game of a league's ladder, exactly its due players, in order."""
    p = action.payload
    key = p["league"]
    if key not in state.divisions:
        raise NotFound("no league %(league)s; leagues: %(known)s", code=codes.LEAGUE,
                       field="league", league=key, known=list(state.divisions))
    if phases.current(state, ruleset).key != LADDERS:
        raise Conflict("the special matches have begun: the ladders are closed",
                       code=codes.LADDERS_CLOSED, field="league")
    now = due(state, key)
    name = state.divisions[key].name
    if not now.size_ok:
        raise Conflict("league %(league)s has %(count)s players; a league plays its ladder "
                       "with %(size)s (rules W7-2, W7-15)", code=codes.LEAGUE_SIZE,
                       field="league", league=name, count=len(state.divisions[key].members),
                       size=LEAGUE_SIZE)
    if now.waiting is not None:
        raise Conflict("game %(game)s of league %(league)s waits for the die roll between "
                       "%(names)s (rule W7-26 (4))", code=codes.ROLL_DUE, field="game",
                       game=now.waiting.number, league=name,
                       names=[_name(state, x) for g in now.waiting.unresolved for x in g])
    if now.complete:
        raise Conflict("league %(league)s has played its ladder", code=codes.COMPLETE,
                       field="league", league=name)
    if p["game"] != now.number:
        raise InvalidInput("the next game of league %(league)s is game %(next)s (%(size)s "
                           "players), not game %(game)s (rule W7-2)", code=codes.ORDER,
                           field="game", league=name, next=now.number, size=len(now.players),
                           game=p["game"])
    book = book_of(state)
    game = read_game(state, p, now.ref, key, now.number, now.players, action.seq, action.at,
                     action.actor)
    ladder = book.ladder(key)
    names = names_of(state)
    if now.withdrawing:
        taken = withdrawal_places(ladder, now.withdrawing)
        for pid, place in taken.items():
            ladder.places[pid] = place
            ladder.out_in[pid] = now.number
        gone = sorted(taken, key=taken.__getitem__)
        places = list(taken.values())
        game.withdrawn = tuple(gone)
        game.notes.append((N_("%(names)s dropped out of the season before this game and take "
                              "places %(places)s"), {"names": [names[x] for x in gone],
                                                     "places": sorted(places)}))
    ladder.games.append(game)
    decide(book, ladder, game, names)
    _close_reports(book, game.ref, p.get("report"))


def withdrawal_places(ladder: Ladder, withdrawing: Sequence[PlayerId]) -> dict[PlayerId, int]:
    """The places the players who dropped out before a ladder's next game take: the lowest
    free ones, the worst in the previous game lowest (then by id)."""
    free = LEAGUE_SIZE - len(ladder.places)
    previous = ladder.games[-1] if ladder.games else None

    def standing(pid: PlayerId) -> tuple[int, int]:
        pos = (previous.positions or {}).get(pid, LEAGUE_SIZE) if previous else LEAGUE_SIZE
        return (pos, pid)

    taken: dict[PlayerId, int] = {}
    for pid in reversed(sorted(withdrawing, key=standing)):
        taken[pid] = free
        free -= 1
    return taken


def _close_reports(book: SeasonBook, ref: str, accepted: int | None) -> None:
    for report in book.reports.values():
        if report.ref == ref and report.status in ("pending", "disputed"):
            report.status = "accepted" if report.seq == accepted else "superseded"


def _overrun(state: EventState, action: Action, ruleset: Any) -> None:
    """Rule W7-19: an overrun reported after the game was entered."""
    p = action.payload
    game = parse_ref(state, p["game"])
    pid = p["player"]
    if pid not in game.players:
        raise InvalidInput("%(name)s did not play %(game)s: no overrun to record (rule W7-19)",
                           code=codes.NOT_IN_GAME, field="player", name=_name(state, pid),
                           game=game.ref)
    if pid in game.overruns:
        raise Conflict("%(name)s's overrun in %(game)s is already recorded",
                       code=codes.OVERRUN_EXISTS, field="player", name=_name(state, pid),
                       game=game.ref)
    game.overruns.append(pid)
    book_of(state).late_overruns += 1


def _roll(state: EventState, action: Action, ruleset: Any) -> None:
    """Rule W7-26 (4): the die roll between the players the chain left tied (higher is
    better); recorded as rolled at the table, or drawn by the service from the event's seed."""
    p = action.payload
    game = parse_ref(state, p["game"])
    if not game.unresolved:
        raise Conflict("%(game)s has no tie waiting for a die roll", code=codes.NO_TIE,
                       field="game", game=game.ref)
    rolls: dict[PlayerId, int] = {}
    for index, item in enumerate(p["rolls"]):
        pid = item["player"]
        if pid in rolls:
            raise InvalidInput("%(name)s rolled twice", code=codes.TWICE,
                               field=f"rolls[{index}]", name=_name(state, pid))
        rolls[pid] = item["value"]
    tied = {pid for group in game.unresolved for pid in group}
    if set(rolls) != tied:
        raise InvalidInput("the die is rolled by %(names)s, the players still tied",
                           code=codes.ROLL_PLAYERS, field="rolls",
                           names=sorted(_name(state, x) for x in tied))
    book = book_of(state)
    names = names_of(state)
    game.roll = rolls
    if game.league is not None:
        decide(book, book.ladder(game.league), game, names)
    else:
        decide_special(book, game, levels_of(state), names, state.settings.titans_points)
    if game.unresolved:
        tied_again = [names[x] for g in game.unresolved for x in g]
        raise InvalidInput("the roll leaves %(names)s tied: roll again between them",
                           code=codes.ROLL_TIED, field="rolls", names=tied_again)


def _lifted(state: EventState, action: Action, ruleset: Any) -> None:
    """Rule W7-24: the organiser lifts a penalty (an overrun's −5 and its count toward the bar;
    a kick's 0 points and bar: the elimination stands), with the reason, kept in the log."""
    _need_reason(action, "lifting a penalty")
    p = action.payload
    game = parse_ref(state, p["game"])
    pid, what = p["player"], p["penalty"]
    has = (pid in game.overruns) if what == OVERRUN else (game.kicker == pid)
    if not has:
        raise NotFound("%(name)s has no %(penalty)s penalty in %(game)s", code=codes.PENALTY,
                       field="penalty", name=_name(state, pid), penalty=what, game=game.ref)
    book = book_of(state)
    if book.lifted(game.ref, pid, what) is not None:
        raise Conflict("that penalty is already lifted", code=codes.LIFTED, field="penalty")
    book.liftings.append(Lifting(game.ref, pid, what, action.seq, action.reason, action.actor))


def _special(state: EventState, action: Action, ruleset: Any) -> None:
    """The special matches after the ladders: Fortune (W7-11), Will (W7-12), the Battle of
    Titans (W7-18); the Fortune match before the Titans, whose fourth player it gives."""
    p = action.payload
    match = p["match"]
    if not ladders_complete(state):
        open_ = [state.divisions[k].name for k in state.divisions
                 if not due(state, k).complete]
        raise Conflict("the special matches follow the ladders; still playing: %(leagues)s",
                       code=codes.LADDERS_OPEN, field="match", leagues=open_ or ["-"])
    book = book_of(state)
    if match in book.specials:
        raise Conflict("the %(match)s match already has its result", code=codes.SPECIAL_EXISTS,
                       field="match", match=match)
    wanted = specials_due(state)
    if match not in wanted:
        raise Conflict("no %(match)s match this season (rule W7-6: a starting season has "
                       "none; it needs two players)", code=codes.SPECIAL_NONE, field="match",
                       match=match)
    if match == TITANS and FORTUNE in wanted:
        fortune = book.specials.get(FORTUNE)
        if fortune is None or not fortune.order:
            raise Conflict("the Fortune match decides the fourth player of the Battle of "
                           "Titans: enter it first (rule W7-11)", code=codes.FORTUNE_FIRST,
                           field="match")
    expected = special_players(state, match)
    game = read_game(state, {**p, "finished": True}, match, None, 0, expected, action.seq,
                     action.at, action.actor)
    phases.enter(state, ruleset, SPECIAL_PHASE, action.seq)
    book.specials[match] = game
    decide_special(book, game, levels_of(state), names_of(state),
                   state.settings.titans_points)
    _close_reports(book, match, p.get("report"))


def _report(state: EventState, action: Action, ruleset: Any) -> None:
    """Rule W7-36: a player reports the game due in their league (or a special match they
    play); it waits for the other players' confirmations."""
    p = action.payload
    ref, reporter = p["game"], p["reporter"]
    _player(state, reporter, "reporter")
    entry = p["entry"]
    expected, league, number = expected_players(state, ref)
    if reporter not in expected:
        raise InvalidInput("%(name)s does not play %(game)s and cannot report it",
                           code=codes.NOT_IN_GAME, field="reporter", name=_name(state, reporter),
                           game=ref)
    decoded = ENTRY_SCHEMA.decode(entry, "entry")
    read_game(state, {**decoded, "finished": decoded.get("finished", True)
                      if league else True},
              ref, league, number, expected, action.seq, action.at)
    book = book_of(state)
    book.reports[action.seq] = Report(action.seq, ref, reporter, dict(entry), [reporter],
                                      at=action.at)


def expected_players(state: EventState, ref: str) -> tuple[list[PlayerId], str | None, int]:
    """The players of the game ``ref`` that is due now (a league's next game or a special
    match not yet played)."""
    if ref in SPECIALS:
        if not ladders_complete(state) or ref in book_of(state).specials:
            raise Conflict("%(game)s is not due", code=codes.NOT_DUE, field="game", game=ref)
        return special_players(state, ref), None, 0
    league, _, number = ref.rpartition("/")
    if league not in state.divisions or not number.isdigit():
        raise NotFound("no game %(game)s: write league/number (gods/3) or a special match "
                       "(fortune, will, titans)", code=codes.GAME, field="game", game=ref)
    now = due(state, league)
    if now.complete or now.waiting is not None or int(number) != now.number:
        raise Conflict("%(game)s is not the game due in league %(league)s (game %(next)s is)",
                       code=codes.NOT_DUE, field="game", game=ref,
                       league=state.divisions[league].name, next=now.number)
    return now.players, league, now.number


def _open_report(state: EventState, seq: int) -> Report:
    report = book_of(state).reports.get(seq)
    if report is None:
        raise NotFound("no self-report %(report)s", code=codes.REPORT, field="report",
                       report=seq)
    if report.status not in ("pending", "disputed"):
        raise Conflict("self-report %(report)s is %(status)s", code=codes.REPORT_CLOSED,
                       field="report", report=seq, status=report.status)
    return report


def _answering(state: EventState, payload: dict[str, Any]) -> tuple[Report, PlayerId]:
    """The open self-report a player answers, refused unless the player plays its game."""
    report = _open_report(state, payload["report"])
    pid = payload["player"]
    expected, _league, _n = expected_players(state, report.ref)
    if pid not in expected:
        raise InvalidInput("%(name)s does not play %(game)s", code=codes.NOT_IN_GAME,
                           field="player", name=_name(state, pid), game=report.ref)
    return report, pid


def _confirmed(state: EventState, action: Action, ruleset: Any) -> None:
    report, pid = _answering(state, action.payload)
    if pid in report.confirmed:
        raise Conflict("%(name)s has already confirmed", code=codes.CONFIRMED, field="player",
                       name=_name(state, pid))
    if report.status == "disputed":
        raise Conflict("self-report %(report)s is disputed: the organiser decides",
                       code=codes.REPORT_DISPUTED, field="report", report=report.seq)
    report.confirmed.append(pid)


def _disputed(state: EventState, action: Action, ruleset: Any) -> None:
    report, pid = _answering(state, action.payload)
    report.status = "disputed"
    report.disputed.append((pid, action.payload.get("note", "")))


def confirmations_needed(state: EventState, report: Report) -> int:
    """Rule W7-36: the other players of the game who must confirm (the setting, at most all
    of them)."""
    settings: SevenWondersSettings = state.settings
    expected, _league, _n = expected_players(state, report.ref)
    others = len(expected) - 1
    return others if settings.confirmations is None else min(settings.confirmations, others)


# -- schemas --------------------------------------------------------------------------------------
REF = Str(60, non_empty=True)
RESULT = Obj({"player": PLAYER}, {"position": Nullable(Int(1, LEAGUE_SIZE)),
                                  "score": Nullable(Int(-10_000, 10_000))})
RESULTS = ListOf(RESULT, min_items=1, max_items=LEAGUE_SIZE)
ENTRY_FIELDS = {
    "finished": Bool(), "kicker": Nullable(PLAYER), "deepest": Nullable(PLAYER),
    "overruns": ListOf(PLAYER, max_items=LEAGUE_SIZE), "link": Str(500),
    "reporter": Nullable(PLAYER), "report": Int(1),
}
ENTRY_SCHEMA = obj({"results": RESULTS}, ENTRY_FIELDS)
GAME_SCHEMA = obj({"league": Str(40, non_empty=True), "game": Int(1, LEAGUE_SIZE),
                   "results": RESULTS}, ENTRY_FIELDS)
SPECIAL_SCHEMA = obj({"match": Str(20, choices=SPECIALS), "results": RESULTS},
                     {"overruns": ListOf(PLAYER, max_items=LEAGUE_SIZE), "link": Str(500),
                      "reporter": Nullable(PLAYER), "report": Int(1)})
ROLL_SCHEMA = obj({"game": REF, "rolls": ListOf(Obj({"player": PLAYER,
                                                     "value": Int(1, MAX_ROLL)}),
                                                min_items=2, max_items=LEAGUE_SIZE)},
                  {"drawn": Bool(), "seed": SEED, "sides": Int(2, MAX_ROLL)})
PROFILE_SCHEMA = obj({"player": PLAYER},
                     {"level": Nullable(Int(0, 100)), "place": Nullable(Int(1, LEAGUE_SIZE)),
                      "overruns": Int(0, 100), "premium": Bool()})

ACTION_KINDS = (
    ActionKind(PROFILE, _profile, PROFILE_SCHEMA, "Player profile"),
    ActionKind(GAME, _game, GAME_SCHEMA, "Game entered"),
    ActionKind(OVERRUN_KIND, _overrun, obj({"game": REF, "player": PLAYER}),
               "Time-limit overrun"),
    ActionKind(ROLL, _roll, ROLL_SCHEMA, "Die roll"),
    ActionKind(LIFTED, _lifted,
               obj({"game": REF, "player": PLAYER, "penalty": Str(10, choices=PENALTIES)}),
               "Penalty lifted"),
    ActionKind(SPECIAL, _special, SPECIAL_SCHEMA, "Special match entered"),
    # rule W7-36 as logs kept it before the kernel's self-report (which keeps pending
    # reports outside the log): replayed and re-exported as they are, never stored anew
    ActionKind(REPORT, _report,
               obj({"game": REF, "reporter": PLAYER, "entry": Obj(extra=AnyJson(1000))}),
               "Game reported by a player", legacy=True),
    ActionKind(CONFIRMED, _confirmed, obj({"report": Int(1), "player": PLAYER}),
               "Self-report confirmed", legacy=True),
    ActionKind(DISPUTED, _disputed, obj({"report": Int(1), "player": PLAYER},
                                        {"note": Str(500)}), "Self-report disputed",
               legacy=True),
)


def _total(values: dict[PlayerId, int]) -> Tiebreaker:
    return Tiebreaker("total", N_("Total"), lambda pid, _r, _s: values.get(pid, 0))


class SevenWonders(Ruleset[SevenWondersSettings]):
    """The W7 season; see the module docstring."""

    name = FORMAT
    title = N_("7 Wonders season league: 7-player ladders, promotion and relegation")
    fields = FIELDS
    # a league is the players' one group (rule W7-2): no club groups beside it
    capabilities = Capabilities(open_play=True, divisions=True, reports=True, groups=False)
    one_table_per_page = True  # the season table, then each league's: tabs, not one long page
    example_settings = ({}, {"season": "starting"})
    rating_system = "seven-wonders"
    #: What a year's sign-up asks (rules W7-4, W7-5: the draft orders by the premium account,
    #: then the site rating; the nickname finds the player on the site, BGA)
    signup_fields = (SignupField("rating", N_("Site rating"), "integer"),
                     SignupField("premium", N_("Premium account"), "yesno"),
                     SignupField("nickname", N_("Nickname on the site"), "text"))
    #: Every refusal code of the format (:mod:`.codes`: the season's and the year's).
    codes = codes.catalogue()
    #: Code slips printed before the season used the shared self-report opened its own page.
    presentation = Presentation(moved={"sw/me": "report"}, new_event_entries=(
        # rule W7-1: the year is a series of seasons, run by the year's steps
        NewEventEntry(YEAR_ENTRY, N_("7 Wonders year: seasons, play-offs, the Legendary "
                                     "League"), "series"),))

    def open_report(self) -> OpenReport:
        """Rule W7-36: a player reports their due game with their code, the others confirm
        (:mod:`.season_report`)."""
        from podium.formats.seven_wonders.season_report import SEASON_REPORT

        return SEASON_REPORT

    def demos(self) -> tuple[DemoSpec, ...]:
        """``podium demo seven-wonders``: a season, or a whole year (:mod:`.demo`)."""
        from podium.formats.seven_wonders.demo import DEMO

        return (DEMO,)

    def action_kinds(self) -> tuple[ActionKind, ...]:
        """A season's kinds, and the year's events that live in a season's log: survival
        battles (W7-14, W7-23, W7-29), the Legendary League (W7-31 .. W7-34) and the starting
        season's play-off games (W7-6, W7-30)."""
        from podium.formats.seven_wonders import playoff_rules

        return (*ACTION_KINDS, *survival_rules.ACTION_KINDS, *legendary_rules.ACTION_KINDS,
                *playoff_rules.ACTION_KINDS)

    def commands(self) -> tuple[CommandSpec, ...]:
        """What organisers and players ask of a season (:mod:`.season_commands`) and of the
        year around it (:mod:`.year_declared`)."""
        from podium.formats.seven_wonders.season_commands import SEASON_COMMANDS
        from podium.formats.seven_wonders.year_declared import YEAR_COMMANDS

        return (*SEASON_COMMANDS, *YEAR_COMMANDS)

    def views(self) -> tuple[ViewSpec[Any], ...]:
        """What people read of a season (:mod:`.season_reads`) and of the year around it
        (:mod:`.year_reads`)."""
        from podium.formats.seven_wonders.season_reads import SEASON_VIEWS
        from podium.formats.seven_wonders.year_reads import YEAR_VIEWS

        return (*SEASON_VIEWS, *YEAR_VIEWS)

    def phases(self, settings: SevenWondersSettings) -> tuple[Phase, ...]:
        """Rule W7-2: every league plays its ladder; then the special matches (W7-11, W7-12)
        and the Battle of Titans (W7-18)."""
        return (Phase(LADDERS, OPEN, "League ladders"),
                Phase(SPECIAL_PHASE, OPEN, "Special matches and the Battle of Titans"))

    def parse_settings(self, raw: Mapping[str, Any]) -> SevenWondersSettings:
        return SevenWondersSettings(**fs.parse_fields(FIELDS, raw))

    def settings_to_json(self, settings: SevenWondersSettings) -> dict[str, Any]:
        return to_json(settings)

    # the end ----------------------------------------------------------------------------------
    def phase_complete(self, state: EventState, phase: Phase) -> bool:
        """The ladders are complete when every league has given its 7 places; the season when
        the Battle of Titans has its result."""
        if phase.key == LADDERS:
            return ladders_complete(state)
        titans = book_of(state).specials.get(TITANS)
        return titans is not None and bool(titans.groups)

    def champion(self, state: EventState) -> PlayerId | None:
        """The winner of the Battle of Titans (a shared first place: the one from the higher
        league, then the better place in it)."""
        titans = book_of(state).specials.get(TITANS)
        if titans is None or not titans.groups:
            return None
        levels = levels_of(state)
        places = {pid: p for key in state.divisions
                  for pid, p in league_places(state, key).items()}
        return min(titans.groups[0], key=lambda pid: (levels.get(pid, 99), places.get(pid, 9),
                                                      pid))

    # groups -----------------------------------------------------------------------------------
    def check_divisions(self, state: EventState, divisions: Sequence[Division]) -> None:
        """Rules W7-2, W7-15: leagues of exactly 7 players, set before any game."""
        book = book_of(state)
        if any(ladder.games for ladder in book.ladders.values()) or book.specials:
            raise Conflict("the leagues are set before their first game; games are entered",
                           code=codes.LEAGUES_STARTED)
        for division in divisions:
            if len(division.members) != LEAGUE_SIZE:
                raise InvalidInput("league %(league)s has %(count)s players; a league has "
                                   "%(size)s (rules W7-2, W7-15)", code=codes.LEAGUE_SIZE,
                                   field="divisions", league=division.name,
                                   count=len(division.members), size=LEAGUE_SIZE)

    def check_move(self, state: EventState, player: PlayerId, target: Division) -> None:
        """A player moves between leagues only before either league plays its first game (the
        organiser's swap: two moves); a league plays only with 7 players."""
        book = book_of(state)
        source = state.division_of.get(player)
        for key in (source, target.key):
            if key is not None and (book.ladders.get(key) or Ladder(key)).games:
                raise Conflict("league %(league)s has begun its ladder: its players stay",
                               code=codes.LEAGUES_PLAYED, league=state.divisions[key].name)
        if book.specials:
            raise Conflict("the special matches have begun", code=codes.LEAGUES_PLAYED)

    # standings --------------------------------------------------------------------------------
    def standings(self, state: EventState, through_round: int | None = None) -> Standings:
        """The season table league by league (best league first), each best place first."""
        if through_round:
            raise Conflict("a 7 Wonders season has no rounds; its tables are per league",
                           code=codes.NO_ROUNDS, field="round")
        rows = season_rows(state)
        totals = {row.player: row.total for row in rows}
        standings = Standings([_total(totals)])
        for index, row in enumerate(rows, start=1):
            standings.rows.append(StandingRow(index, row.player, (row.total,),
                                              PlayerRecord(row.player, points=row.total),
                                              dropped=state.players[row.player].dropped))
        return standings

    def division_standings(self, state: EventState, through_round: int | None = None
                           ) -> list[tuple[Division, Standings]]:
        rows = season_rows(state)
        out = []
        for division in state.divisions.values():
            own = [r for r in rows if r.league == division.key]
            totals = {r.player: r.total for r in own}
            standings = Standings([_total(totals)])
            for index, row in enumerate(own, start=1):
                standings.rows.append(StandingRow(row.place or index, row.player, (row.total,),
                                                  PlayerRecord(row.player, points=row.total)))
            out.append((division, standings))
        return out

    def tables(self, state: EventState) -> list[TableView]:
        """The season table, each league's table, the special matches."""
        return sw_views.season_views(state)

    def table_keys(self, state: EventState) -> list[tuple[str, str, dict[str, Any]]]:
        return sw_views.view_keys(state)

    def main_table_key(self, state: EventState) -> str:
        return "season"

    def rated_games(self, state: EventState) -> Iterable[RatedGame]:
        """Every game of the season's log with its positions (:mod:`.rated`; rules W7-2,
        W7-3)."""
        from podium.formats.seven_wonders.rated import rated_games

        return rated_games(state)

    # projections ------------------------------------------------------------------------------
    def projection(self, state: EventState, *, model: str = DEFAULT_MODEL,
                   trials: int = DEFAULT_TRIALS, seed: int = 0,
                   strengths: Strengths | None = None) -> Projection | None:
        """Each league player's chances of winning the league, the Battle of Titans,
        promotion, the Fortune and Will matches, relegation, the survival battles (rules
        W7-6 .. W7-12), the ladders and the special matches played on (:mod:`.odds`)."""
        from podium.formats.seven_wonders import odds

        return odds.projection(state, model=model, trials=trials, seed=seed,
                               strengths=strengths)

    def need(self, state: EventState, player: PlayerId, goal: str, *,
             model: str = DEFAULT_MODEL, trials: int = DEFAULT_TRIALS, seed: int = 0,
             strengths: Strengths | None = None) -> Need | None:
        """The goal's chance after each place ``player`` may take at their next table (their
        league's due game, the die their tie waits for, their special match)."""
        from podium.formats.seven_wonders import odds

        return odds.need(state, player, goal, model=model, trials=trials, seed=seed,
                         strengths=strengths)

    def series_points(self, state: EventState) -> dict[str, int]:
        """Rule W7-1: a season's points in the year are its table's totals (paid out 1:1 in
        the site's currency)."""
        return {state.players[row.player].name: row.total for row in season_rows(state)}

    # examples ---------------------------------------------------------------------------------
    def sample_actions(self, state: EventState, rng: random.Random
                       ) -> list[tuple[str, dict[str, Any], str]]:
        """A season played by its players and organiser: the leagues (with sign-ups up to a
        multiple of 7 and an organiser's swap), then ladder games with ties, overruns, kicks,
        unfinished ends, die rolls, liftings and self-reports, then the special matches; then
        a survival battle and the Legendary League (:mod:`.year_samples`)."""
        from podium.formats.seven_wonders.demo import season_actions
        from podium.formats.seven_wonders.year_samples import year_samples

        return season_actions(state, rng) or year_samples(state, rng)


def deadline(state: EventState, key: str) -> Any:
    """Rule W7-36 (supported, not enforced): a game is due within 5 days (3-5 players) or 7
    days (6-7) of the game before it (of the season's start for the first)."""
    settings: SevenWondersSettings = state.settings
    now = due(state, key)
    if now.complete or not now.players:
        return None
    ladder = book_of(state).ladders.get(key)
    since: datetime | None = ladder.games[-1].at if ladder is not None and ladder.games else (
        settings.start_at)
    if since is None:
        return None
    return since + timedelta(days=settings.days_for(len(now.players)))


SEVEN_WONDERS = SevenWonders()

__all__ = [
    "CONFIRMED", "DIE", "DISPUTED", "DIVISIONS_ASSIGNED", "DIVISION_MOVED", "FORMAT", "GAME",
    "KICK", "LIFTED", "OVERRUN", "OVERRUN_KIND", "PROFILE", "REPORT", "ROLL", "SEVEN_WONDERS",
    "SPECIAL", "Kind", "SevenWonders",
]
