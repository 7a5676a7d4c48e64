"""``/api/v1/events/{slug}/sw/...``: the 7 Wonders season's JSON API (regulation W7).

Declared in the format's manifest (``Contributions.api``). Reads are public (the leagues with
their next game, the games with their decisions, the season table); writes need an organiser
token of the event's owner or a judge, and each is one command
(:mod:`podium.formats.seven_wonders.commands`; nothing stored on an error). Players by name or
``#id``. On an event of another format every route answers 409.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from podium.api import models as m
from podium.api.routes import R409, READ, WRITE, CallerDep, Slug, organiser, web_of
from podium.core.errors import Conflict
from podium.formats.seven_wonders import views as sw_views
from podium.formats.seven_wonders.commands import (
    AddOverrun,
    AssignLeagues,
    EnterGame,
    EnterSpecial,
    GameInput,
    LiftPenalty,
    RollDie,
    SetProfile,
)
from podium.formats.seven_wonders.rules import FORMAT
from podium.formats.seven_wonders.season import Game, book_of, note_text, season_rows
from podium.service.events import LoadedEvent

router = APIRouter(prefix="/api/v1", tags=["7 wonders"])

Name = Annotated[str, Field(min_length=1, max_length=100)]
Ref = Annotated[str, Field(min_length=1, max_length=60)]
Reason = Annotated[str, Field(max_length=500)]


class ResultIn(m.Strict):
    player: Name
    position: Annotated[int | None, Field(ge=1, le=7)] = None
    score: Annotated[int | None, Field(ge=-10_000, le=10_000)] = None


class GameIn(m.Strict):
    """A ladder game (rules W7-2, W7-3, W7-19 .. W7-22): each player's position as the site
    shows it (tied players share one), optional scores; overruns, a kick, an unfinished end
    with the player deepest in negative time; the table link and who reported it."""

    league: Annotated[str, Field(min_length=1, max_length=40)]
    game: Annotated[int | None, Field(ge=1, le=7)] = None
    results: Annotated[list[ResultIn], Field(min_length=1, max_length=7)]
    finished: bool = True
    kicker: Annotated[str | None, Field(max_length=100)] = None
    deepest: Annotated[str | None, Field(max_length=100)] = None
    overruns: Annotated[list[Name], Field(default_factory=list, max_length=7)]
    link: Annotated[str, Field(max_length=500)] = ""
    reporter: Annotated[str | None, Field(max_length=100)] = None
    reason: Reason = ""


class SpecialIn(m.Strict):
    """A special match: Fortune (W7-11), Will (W7-12), the Battle of Titans (W7-18)."""

    match: Literal["fortune", "will", "titans"]
    results: Annotated[list[ResultIn], Field(min_length=1, max_length=7)]
    overruns: Annotated[list[Name], Field(default_factory=list, max_length=7)]
    link: Annotated[str, Field(max_length=500)] = ""
    reason: Reason = ""


class OverrunIn(m.Strict):
    game: Ref
    player: Name
    reason: Reason = ""


class RollValue(m.Strict):
    player: Name
    value: Annotated[int, Field(ge=1, le=1000)]


class RollIn(m.Strict):
    """Rule W7-26 (4): the values rolled at the table, or none: the service rolls."""

    game: Ref
    rolls: Annotated[list[RollValue], Field(default_factory=list, max_length=7)]
    reason: Reason = ""


class LiftIn(m.Strict):
    """Rule W7-24: a penalty lifted with the organiser's reason."""

    game: Ref
    player: Name
    penalty: Literal["overrun", "kick"] = "overrun"
    reason: Annotated[str, Field(min_length=1, max_length=500)]


class ProfileIn(m.Strict):
    """Rules W7-19, W7-26, W7-36: last season's league level and place, the year's earlier
    overruns, a premium account."""

    player: Name
    level: Annotated[int | None, Field(ge=0, le=100)] = None
    place: Annotated[int | None, Field(ge=1, le=7)] = None
    overruns: Annotated[int | None, Field(ge=0, le=100)] = None
    premium: bool | None = None


class LeaguesIn(m.Strict):
    """The leagues, best first, each its 7 players; empty: sign-up order."""

    leagues: Annotated[list[Annotated[list[Name], Field(max_length=7)]],
                       Field(default_factory=list, max_length=20)]
    reason: Reason = ""


class LineOut(BaseModel):
    player: str
    position: int | None
    score: int | None
    points: int | None
    marks: list[str]


class GameOut(BaseModel):
    ref: str = Field(description="league/number, or the special match")
    finished: bool
    players: list[LineOut]
    decided: bool = Field(description="False while a tie waits for a die roll (W7-26 (4)).")
    link: str
    notes: list[str] = Field(description="Every decision, explained (English).")


class NextOut(BaseModel):
    number: int
    complete: bool
    waiting_roll: bool
    final: bool
    players: list[str]
    creator: str | None = Field(description="A premium player who creates the table (W7-36).")
    turn_based_days: int | None = Field(description="Without one: the organiser's game.")
    deadline: str


class LeagueOut(BaseModel):
    key: str
    name: str
    level: int
    places: list[tuple[int | None, str]]
    next: NextOut


class RowOut(BaseModel):
    league: str
    place: int | None
    player: str
    wins: int
    unfinished: int
    place_points: int
    titans: int
    penalties: int
    total: int
    barred: bool
    notes: list[str]


def _season(request: Request, slug: str) -> LoadedEvent:
    _seq, loaded, _memo = web_of(request).cache.load(slug)
    if loaded.ruleset.name != FORMAT:
        raise Conflict("event %(slug)s is a %(format)s event, not a 7 Wonders season",
                       code="format.other", slug=slug, format=loaded.ruleset.name)
    return loaded


def game_out(loaded: LoadedEvent, game: Game) -> GameOut:
    state = loaded.state
    return GameOut(ref=game.ref, finished=game.finished, decided=game.decided, link=game.link,
                   players=[LineOut(player=str(line["name"]), position=line["position"],
                                    score=line["score"], points=line["points"],
                                    marks=line["marks"])
                            for line in sw_views.game_lines(state, game)],
                   notes=[note_text(n) for n in game.notes])


def _input(body: GameIn | SpecialIn) -> GameInput:
    finished = getattr(body, "finished", True)
    results = tuple((r.player, r.position, r.score) for r in body.results)
    return GameInput(overruns=tuple(body.overruns), kicker=getattr(body, "kicker", None),
                     unfinished=not finished, deepest=getattr(body, "deepest", None),
                     link=body.link, reporter=getattr(body, "reporter", None), results=results)


READ_S = {**READ, **R409}


@router.get("/events/{slug}/sw/leagues", response_model=list[LeagueOut], responses=READ_S)
def leagues(request: Request, slug: Slug) -> list[LeagueOut]:
    """Each league: its places so far and its next game (rules W7-2, W7-36)."""
    loaded = _season(request, slug)
    out = []
    for key, division in loaded.state.divisions.items():
        board = sw_views.dashboard(loaded.state, key)
        n = board["next"]
        out.append(LeagueOut(key=key, name=division.name, level=division.level,
                             places=board["places"], next=NextOut(
                                 number=n["number"], complete=n["complete"],
                                 waiting_roll=n["waiting"] is not None, final=n["final"],
                                 players=n["players"], creator=n["creator"],
                                 turn_based_days=(n["turn_based"] or {}).get("days"),
                                 deadline=n["deadline"])))
    return out


@router.get("/events/{slug}/sw/games", response_model=list[GameOut], responses=READ_S)
def games(request: Request, slug: Slug) -> list[GameOut]:
    """Every game entered, league by league, then the special matches, each with its
    decisions explained (rules W7-20 .. W7-22, W7-26 .. W7-28)."""
    loaded = _season(request, slug)
    return [game_out(loaded, g) for g in book_of(loaded.state).games()]


@router.get("/events/{slug}/sw/table", response_model=list[RowOut], responses=READ_S)
def table(request: Request, slug: Slug) -> list[RowOut]:
    """The season table (rules W7-16 .. W7-19, W7-24, W7-25, W7-28)."""
    loaded = _season(request, slug)
    state = loaded.state
    return [RowOut(league=r.league, place=r.place, player=state.players[r.player].name,
                   wins=r.wins, unfinished=r.unfinished, place_points=r.place_points,
                   titans=r.titans, penalties=r.penalties, total=r.total, barred=r.barred,
                   notes=[note_text(n) for n in r.notes]) for r in season_rows(state)]


def _run(request: Request, slug: str, who: Any, command: Any) -> Any:
    user = organiser(request, who, slug)
    _season(request, slug)
    return web_of(request).events.execute(command, user.username)


@router.post("/events/{slug}/sw/games", response_model=GameOut, status_code=201,
             responses=WRITE)
def enter_game(request: Request, slug: Slug, body: GameIn, who: CallerDep) -> GameOut:
    """A ladder game; ``game`` defaults to the one due in the league."""
    done = _run(request, slug, who, EnterGame(slug, body.league, _input(body), body.game,
                                              body.reason))
    return game_out(done.loaded, done.value)


@router.post("/events/{slug}/sw/specials", response_model=GameOut, status_code=201,
             responses=WRITE)
def enter_special(request: Request, slug: Slug, body: SpecialIn, who: CallerDep) -> GameOut:
    done = _run(request, slug, who, EnterSpecial(slug, body.match, _input(body), body.reason))
    return game_out(done.loaded, done.value)


@router.post("/events/{slug}/sw/overruns", status_code=204, responses=WRITE)
def overrun(request: Request, slug: Slug, body: OverrunIn, who: CallerDep) -> None:
    """Rule W7-19: an overrun reported after the game."""
    _run(request, slug, who, AddOverrun(slug, body.game, body.player, body.reason))


@router.post("/events/{slug}/sw/rolls", response_model=GameOut, status_code=201,
             responses=WRITE)
def roll(request: Request, slug: Slug, body: RollIn, who: CallerDep) -> GameOut:
    """Rule W7-26 (4): the die roll of a tie the chain could not break."""
    values = tuple((r.player, r.value) for r in body.rolls)
    done = _run(request, slug, who, RollDie(slug, body.game, values, body.reason))
    return game_out(done.loaded, done.value)


@router.post("/events/{slug}/sw/liftings", status_code=204, responses=WRITE)
def lift(request: Request, slug: Slug, body: LiftIn, who: CallerDep) -> None:
    """Rule W7-24."""
    _run(request, slug, who, LiftPenalty(slug, body.game, body.player, body.penalty,
                                         body.reason))


@router.post("/events/{slug}/sw/profiles", status_code=204, responses=WRITE)
def profile(request: Request, slug: Slug, body: ProfileIn, who: CallerDep) -> None:
    _run(request, slug, who, SetProfile(slug, body.player, body.level, body.place,
                                        body.overruns, body.premium))


@router.post("/events/{slug}/sw/leagues", response_model=list[str], status_code=201,
             responses=WRITE)
def set_leagues(request: Request, slug: Slug, body: LeaguesIn, who: CallerDep) -> list[str]:
    """The leagues (rules W7-2, W7-7): answers their keys."""
    groups = tuple(tuple(names) for names in body.leagues)
    return _run(request, slug, who, AssignLeagues(slug, groups, body.reason)).value


__all__ = ["router"]
