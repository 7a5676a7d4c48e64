"""The season's use cases (regulation W7), each a command object run by
:meth:`EventService.execute` in one unit of work, so a refused one stores nothing.

The declarations (:mod:`.season_commands`) decode what people type (:mod:`.inputs`) and make
these; the command line, the pages and the API hold no use case of their own. Names are
resolved here, with the state at hand: a player by name or ``#id``, a league by its key or
name, a game as ``gods/3``, ``Gods 3`` or a special match. A refusal names the field as the
person typed it (``order``, ``kick``, ``overrun``, ``roll``), not the stored payload's key.
"""

from __future__ import annotations

import csv
import io
import random
import re
from dataclasses import dataclass, field
from typing import Any

from podium.core.divisions import DIVISIONS_ASSIGNED
from podium.core.errors import Conflict, InvalidInput, PodiumError
from podium.core.log import Action
from podium.core.model import EventState, Player, PlayerId
from podium.core.rng import derive_seed
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.inputs import ORDER
from podium.formats.seven_wonders.rules import (
    DIE,
    GAME,
    LIFTED,
    MAX_ROLL,
    OVERRUN_KIND,
    PROFILE,
    REGULAR_LEAGUES,
    ROLL,
    SPECIAL,
    due,
    league_keys,
    parse_ref,
)
from podium.formats.seven_wonders.season import (
    FORTUNE,
    SPECIALS,
    TITANS,
    WILL,
    Game,
    Profile,
    book_of,
)
from podium.formats.seven_wonders.season_reads import GameValue, NextGame, game_value, next_game
from podium.formats.seven_wonders.settings import LEAGUE_SIZE
from podium.formats.seven_wonders.views import game_lines
from podium.service.commands import AddPlayers, Command
from podium.service.events import EventService, LoadedEvent, NewAction, Outcome
from podium.service.forms import resolve_player

Groups = tuple[tuple[str, ...], ...]

#: A stored payload's keys as the fields people type (rules W7-3, W7-19, W7-20, W7-26 (4)).
TYPED_FIELDS = {"results": "order", "positions": "order", "kicker": "kick",
                "overruns": "overrun", "rolls": "roll"}


def as_typed(error: PodiumError, fields: dict[str, str] | None = None) -> PodiumError:
    """``error`` naming the field as typed (``order`` for the payload's ``results[2].player``):
    the replay checks the stored payload, the person typed the command's fields."""
    base = (error.field or "").split("[")[0].split(".")[0]
    mapping = fields if fields is not None else TYPED_FIELDS
    if base in mapping:
        error.field = mapping[base]
    return error


class TypedRefusals:
    """A command whose refusals name the typed fields (see :func:`as_typed`)."""

    def run(self, service: EventService, actor: str) -> Outcome[Any]:
        try:
            return super().run(service, actor)  # type: ignore[misc]
        except PodiumError as error:
            raise as_typed(error) from None


# -- what the commands answer -------------------------------------------------------------
@dataclass(frozen=True)
class Played:
    """A game as entered (or decided by a die roll), with its lines as people read them:
    each player's position, score, winner points and marks (rules W7-16, W7-19 .. W7-22);
    ``view`` the game as the season's views show it, ``next`` its league's next game (rule
    W7-36)."""

    game: Game
    lines: list[dict[str, Any]]
    view: GameValue
    next: NextGame | None = None

    @classmethod
    def of(cls, state: EventState, game: Game) -> Played:
        following = (next_game(state, game.league) if game.league in state.divisions
                     else None)
        return cls(game, game_lines(state, game), game_value(state, game), following)


# -- reading what was typed -------------------------------------------------------------------
def positions_of(state: EventState, groups: Groups, field: str = "order"
                 ) -> list[tuple[PlayerId, int]]:
    """Rule W7-3: the order's places as (player, position), a competition ranking: tied
    players share the best position they cover (1, 2, 2, 4); a player named twice is
    refused."""
    out: list[tuple[PlayerId, int]] = []
    seen: set[PlayerId] = set()
    position = 1
    for group in groups:
        for ref in group:
            pid = resolve_player(state, ref, field).id
            if pid in seen:
                raise InvalidInput("%(name)s is listed twice in the game", code=codes.TWICE,
                                   field=field, name=state.players[pid].name)
            seen.add(pid)
            out.append((pid, position))
        position += len(group)
    return out


#: A special match as people type it (rules W7-11, W7-12, W7-18): its key, or its name in
#: English or in Russian as the pages show it ("Матч Фортуны", or just "Фортуна").
MATCH_NAMES = {
    **{key: key for key in SPECIALS},
    "fortune match": FORTUNE, "матч фортуны": FORTUNE, "фортуна": FORTUNE,
    "will match": WILL, "матч воли": WILL, "воля": WILL,
    "battle of titans": TITANS, "битва титанов": TITANS, "титаны": TITANS,
}


def game_ref(state: EventState, text: str) -> str:
    """``gods/3``, ``Gods 3`` or a special match (``fortune``, ``Матч Фортуны``), as the
    stored reference."""
    cleaned = " ".join(text.split()).casefold().replace("ё", "е")
    if cleaned in MATCH_NAMES:
        return MATCH_NAMES[cleaned]
    found = re.fullmatch(r"(.*?)[\s/#]+(\d+)", cleaned)
    if found:
        head, number = found.groups()
        for division in state.divisions.values():
            if head in (division.key.casefold(), division.name.casefold()):
                return f"{division.key}/{number}"
    return text.strip()


def league_of(state: EventState, text: str) -> str:
    """A league by its key or its name (``gods``, ``Gods``); as typed when unknown (the
    game's check names it)."""
    cleaned = text.strip().casefold()
    for division in state.divisions.values():
        if cleaned in (division.key.casefold(), division.name.casefold()):
            return division.key
    return text.strip()


@dataclass(frozen=True)
class GameInput:
    """A game as typed: its order (best first, ``=`` for ties: the text, or the groups
    :data:`.inputs.ORDER` decoded), optional scores, the overruns, a kick, an unfinished end
    with the player deepest in negative time, the link and who reported it."""

    order: str | Groups = ()
    scores: tuple[tuple[str, int], ...] = ()
    overruns: tuple[str, ...] = ()
    kicker: str | None = None
    unfinished: bool = False
    deepest: str | None = None
    link: str = ""
    reporter: str | None = None
    no_positions: bool = False

    def groups(self) -> Groups:
        if isinstance(self.order, str):
            return ORDER.from_text(self.order, "order")
        return self.order

    def payload(self, state: EventState) -> dict[str, Any]:
        """The stored payload (players by id), each name resolved with the field it was typed
        in; a score of a player who is not in the order is refused."""
        placed = positions_of(state, self.groups())
        players = {pid for pid, _position in placed}
        scores: dict[PlayerId, int] = {}
        for name, value in self.scores:
            pid = resolve_player(state, name, "score").id
            if pid not in players:
                raise InvalidInput("%(field)s: %(name)s did not play this game",
                                   code=codes.NOT_IN_GAME, field="score", name=name)
            if pid in scores:
                raise InvalidInput("%(name)s is listed twice in the game", code=codes.TWICE,
                                   field="score", name=name)
            scores[pid] = value
        results = []
        for pid, position in placed:
            item: dict[str, Any] = {"player": pid}
            if not (self.unfinished and self.no_positions):
                item["position"] = position
            if pid in scores:
                item["score"] = scores[pid]
            results.append(item)
        payload: dict[str, Any] = {"results": results}
        if self.overruns:
            payload["overruns"] = [resolve_player(state, n, "overrun").id
                                   for n in self.overruns]
        if self.kicker:
            payload["kicker"] = resolve_player(state, self.kicker, "kick").id
        if self.unfinished:
            payload["finished"] = False
        if self.deepest:
            payload["deepest"] = resolve_player(state, self.deepest, "deepest").id
        if self.link.strip():
            payload["link"] = self.link.strip()
        if self.reporter:
            payload["reporter"] = resolve_player(state, self.reporter, "reporter").id
        return payload


# -- leagues ----------------------------------------------------------------------------------
def leagues_from_csv(data: bytes, field: str = "csv") -> Groups:
    """Rows ``name,league`` (UTF-8 or Windows-1251): the leagues in the order of the regular
    season's keys (Gods first, rule W7-7), then numbered leagues (a starting season, W7-5), then
    as they first appear."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1251")
    reader = csv.DictReader(io.StringIO(text))
    try:
        columns = {f.strip().casefold(): f for f in reader.fieldnames or []}
        if "name" not in columns or "league" not in columns:
            raise InvalidInput("the CSV needs the columns name and league", code=codes.CSV,
                               field=field)
        groups: dict[str, list[str]] = {}
        for row in reader:
            name = (row.get(columns["name"]) or "").strip()
            league = (row.get(columns["league"]) or "").strip().casefold()
            if name:
                groups.setdefault(league, []).append(name)
    except csv.Error:
        raise InvalidInput("the CSV needs the columns name and league", code=codes.CSV,
                           field=field) from None
    known = [key for key, _n, _l in REGULAR_LEAGUES] + [n.casefold() for _k, n, _l in
                                                        REGULAR_LEAGUES]

    def rank(league: str) -> tuple[int, int, str]:
        if league in known:
            return (0, known.index(league) % len(REGULAR_LEAGUES), league)
        digits = league.removeprefix("league-").removeprefix("league ")
        if digits.isdigit():
            return (1, int(digits), league)
        return (2, list(groups).index(league), league)

    return tuple(tuple(groups[key]) for key in sorted(groups, key=rank))


@dataclass(frozen=True)
class LeaguesSet:
    """What :class:`AssignLeagues` did: the players it added, and the leagues it set, each
    (key, name, level, its players' names)."""

    added: list[Player]
    leagues: list[tuple[str, str, int, list[str]]]

    @property
    def keys(self) -> list[str]:
        return [key for key, _name, _level, _names in self.leagues]


@dataclass(frozen=True)
class AssignLeagues(Command[LeaguesSet]):
    """Add the new players ``names`` (one name each), then set the season's leagues (core
    divisions with their level), in one unit of work. ``leagues`` gives each league's players
    by name, best league first (or ``csv``: a file of rows ``name,league``); neither: the
    active players in sign-up order, 7 a league. Keys and levels: Gods 0, Priests 1, Warriors A
    and B 2 (rule W7-7), or League 1 .. N, all level 0, in a starting season (rule W7-5).
    ``assign`` False: only add the players (the leagues wait for more sign-ups)."""

    leagues: Groups = ()
    reason: str = ""
    names: tuple[str, ...] = ()
    assign: bool = True
    csv: bytes = b""

    def run(self, service: EventService, actor: str) -> Outcome[LeaguesSet]:
        if self.csv and self.leagues:
            raise InvalidInput("give the leagues or a file of them, not both",
                               code=codes.LEAGUES_EXCLUSIVE, field="csv")
        with service.unit(self.slug, actor) as work:
            added: list[Player] = []
            if self.names:
                try:
                    stored = work.append(AddPlayers(self.slug, self.names).build(work.loaded))
                except PodiumError as error:
                    raise as_typed(error, {"name": "names", "names": "names"}) from None
                added = [work.state.players[a.payload["player"]] for a in stored]
            leagues: list[tuple[str, str, int, list[str]]] = []
            if self.assign:
                stored = work.append(self.build(work.loaded))
                state = work.state
                leagues = [(d["key"], d["name"], d["level"],
                            [state.players[p].name for p in d["players"]])
                           for d in stored[-1].payload["divisions"]]
            return Outcome(work.loaded, list(work.stored), LeaguesSet(added, leagues))

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = loaded.state
        given = leagues_from_csv(self.csv) if self.csv else self.leagues
        where = "csv" if self.csv else "league"
        if given:
            groups = [[resolve_player(state, ref, where).id for ref in league]
                      for league in given]
        else:
            active = [p.id for p in state.active_players()]
            if not active or len(active) % LEAGUE_SIZE:
                raise InvalidInput("%(count)s active players: the leagues need a multiple of "
                                   "%(size)s (rule W7-15); give the leagues or drop the extra "
                                   "players", code=codes.LEAGUES_SIGNUP, field="league",
                                   count=len(active), size=LEAGUE_SIZE)
            groups = [active[i:i + LEAGUE_SIZE] for i in range(0, len(active), LEAGUE_SIZE)]
        keys = league_keys(len(groups), state.settings.starting)
        divisions = [{"key": key, "name": name, "level": level, "players": members}
                     for (key, name, level), members in zip(keys, groups, strict=True)]
        return [NewAction(DIVISIONS_ASSIGNED, {"divisions": divisions, "method": "organiser"},
                          self.reason)]


# -- a player's profile ---------------------------------------------------------------------
@dataclass(frozen=True)
class Profiled:
    """A player's profile as recorded (rules W7-19, W7-26, W7-36)."""

    player: Player
    profile: Profile


def premium_of(yes: bool, no: bool) -> bool | None:
    """``--premium`` / ``--no-premium``: True, False, or None (unchanged)."""
    if yes and no:
        raise InvalidInput("a premium account: yes or no, not both", code=codes.PROFILE_PREMIUM,
                           field="no_premium")
    return True if yes else False if no else None


@dataclass(frozen=True)
class SetProfile(Command[Profiled]):
    """Rules W7-19, W7-26, W7-36: a player's league level and place last season, the overruns
    earlier in the year, a premium account (only what is given changes; ``clear_history``:
    a newcomer, no league last season). Answers the player."""

    player: str = ""
    level: int | None = None
    place: int | None = None
    overruns: int | None = None
    premium: bool | None = None
    clear_history: bool = False
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        payload: dict[str, Any] = {"player": resolve_player(loaded.state, self.player).id}
        if self.clear_history:
            payload["level"] = payload["place"] = None
        if self.level is not None:
            payload["level"] = self.level
        if self.place is not None:
            payload["place"] = self.place
        if self.overruns is not None:
            payload["overruns"] = self.overruns
        if self.premium is not None:
            payload["premium"] = self.premium
        if len(payload) == 1:
            raise InvalidInput("nothing to record: give the level, the place, the overruns or "
                               "the premium account", code=codes.PROFILE_NONE, field="level")
        return [NewAction(PROFILE, payload, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Profiled:
        state = loaded.state
        pid = stored[-1].payload["player"]
        return Profiled(state.players[pid], book_of(state).profile(pid))


# -- games --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class EnterGame(TypedRefusals, Command[Played]):
    """A ladder game (rules W7-2, W7-3, W7-19 .. W7-22): ``number`` defaults to the game due in
    the league; answers the stored game with its decision."""

    league: str = ""
    game: GameInput = field(default_factory=GameInput)
    number: int | None = None
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = loaded.state
        key = league_of(state, self.league)
        number = self.number
        if number is None and key in state.divisions:
            number = due(state, key).number
        payload = {"league": key, "game": number or 1, **self.game.payload(state)}
        return [NewAction(GAME, payload, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Played:
        p = stored[-1].payload
        state = loaded.state
        return Played.of(state, book_of(state).ladders[p["league"]].games[p["game"] - 1])


@dataclass(frozen=True)
class EnterSpecial(TypedRefusals, Command[Played]):
    """A special match (Fortune W7-11, Will W7-12, Battle of Titans W7-18): its order, ties
    joined by ``=``, overruns, link."""

    match: str = ""
    game: GameInput = field(default_factory=GameInput)
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        payload = self.game.payload(loaded.state)
        for key in ("finished", "kicker", "deepest"):
            payload.pop(key, None)
        return [NewAction(SPECIAL, {"match": self.match.strip().casefold(), **payload},
                          self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Played:
        state = loaded.state
        return Played.of(state, book_of(state).specials[stored[-1].payload["match"]])


@dataclass(frozen=True)
class Penalised:
    """A penalty recorded or lifted: the game, the player, which penalty (rules W7-19, W7-20,
    W7-24)."""

    game: Game
    player: Player
    penalty: str


@dataclass(frozen=True)
class AddOverrun(Command[Penalised]):
    """Rule W7-19: an overrun reported after the game (``gods/3`` or a special match)."""

    game: str = ""
    player: str = ""
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = loaded.state
        return [NewAction(OVERRUN_KIND, {"game": game_ref(state, self.game),
                                         "player": resolve_player(state, self.player).id},
                          self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Penalised:
        p = stored[-1].payload
        state = loaded.state
        return Penalised(parse_ref(state, p["game"]), state.players[p["player"]], "overrun")


@dataclass(frozen=True)
class LiftPenalty(Command[Penalised]):
    """Rule W7-24: lift a player's ``overrun`` or ``kick`` penalty of a game, with the
    reason (kept in the log)."""

    game: str = ""
    player: str = ""
    penalty: str = "overrun"
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = loaded.state
        if not self.reason.strip():
            raise InvalidInput("%(what)s is an organiser decision and needs a reason",
                               code=codes.REASON, field="reason", what="lifting a penalty")
        return [NewAction(LIFTED, {"game": game_ref(state, self.game),
                                   "player": resolve_player(state, self.player).id,
                                   "penalty": self.penalty}, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Penalised:
        p = stored[-1].payload
        state = loaded.state
        return Penalised(parse_ref(state, p["game"]), state.players[p["player"]],
                         p["penalty"])


@dataclass(frozen=True)
class RollDie(TypedRefusals, Command[Played]):
    """Rule W7-26 (4): the die roll between players still tied. ``rolls`` are the values rolled
    at the table (name, value); without them the service rolls a die for each from the event's
    seed (re-rolling until the roll decides) and stores the values. Higher is better."""

    game: str = ""
    rolls: tuple[tuple[str, int], ...] = ()
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = loaded.state
        ref = game_ref(state, self.game)
        game = parse_ref(state, ref)
        if not game.unresolved:
            raise Conflict("%(game)s has no tie waiting for a die roll", code=codes.NO_TIE,
                           field="game", game=ref)
        payload: dict[str, Any] = {"game": ref}
        if self.rolls:
            payload["rolls"] = [{"player": resolve_player(state, name, "roll").id,
                                 "value": value} for name, value in self.rolls]
        else:
            seed = derive_seed(state.seed, "roll", ref, state.last_seq)
            rolls, sides = drawn_rolls(game, seed)
            payload.update({"rolls": rolls, "drawn": True, "seed": seed, "sides": sides})
        return [NewAction(ROLL, payload, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Played:
        state = loaded.state
        return Played.of(state, parse_ref(state, stored[-1].payload["game"]))


def drawn_rolls(game: Game, seed: int) -> tuple[list[dict[str, int]], int]:
    """A die for each tied player, rolled again until it decides: a unique lowest roll for who
    is out, all different in a final or a special match (a d6; a d1000 if more players than
    faces must all differ). Answers the rolls and the die's sides."""
    rng = random.Random(seed)
    tied = sorted(p for group in game.unresolved for p in group)
    need_all = game.final or game.league is None
    widest = max(len(group) for group in game.unresolved)
    sides = MAX_ROLL if need_all and widest > DIE else DIE
    while True:
        values = {pid: rng.randint(1, sides) for pid in tied}
        decisive = True
        for group in game.unresolved:
            rolled = [values[p] for p in group]
            if need_all:
                decisive = decisive and len(set(rolled)) == len(rolled)
            else:
                decisive = decisive and rolled.count(min(rolled)) == 1
        if decisive:
            return [{"player": p, "value": values[p]} for p in tied], sides


__all__ = [
    "AddOverrun", "AssignLeagues", "EnterGame", "EnterSpecial", "GameInput", "LeaguesSet",
    "LiftPenalty", "Penalised", "Played", "Profiled", "RollDie", "SetProfile", "as_typed",
    "game_ref", "league_of", "leagues_from_csv", "positions_of", "premium_of",
]
