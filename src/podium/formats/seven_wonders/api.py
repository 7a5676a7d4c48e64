"""``GET /api/v1/events/{slug}/sw/...``: the 7 Wonders season's JSON reads (regulation W7).

Declared in the format's manifest (``Contributions.api``), public: the leagues with their next
game, the games with their decisions, the season table. What changes a season is a declared
command (:mod:`.season_commands`), served by the shared ``POST /api/v1/events/{slug}/commands/
seven-wonders.<what>``. On an event of another format every read answers 409 (``sw.season``).
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from podium.api.routes import R409, READ, Slug, web_of
from podium.core.errors import Conflict
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders import views as sw_views
from podium.formats.seven_wonders.rules import FORMAT
from podium.formats.seven_wonders.season import Game, book_of, note_text, season_rows
from podium.service.events import LoadedEvent

router = APIRouter(prefix="/api/v1", tags=["7 wonders"])


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
                       code=codes.NOT_SEASON, field="slug", slug=slug,
                       format=loaded.ruleset.name)
    return loaded


def game_out(loaded: LoadedEvent, game: Game) -> GameOut:
    state = loaded.state
    return GameOut(ref=game.ref, finished=game.finished, decided=game.decided, link=game.link,
                   players=[LineOut(player=str(line["name"]), position=line["position"],
                                    score=line["score"], points=line["points"],
                                    marks=line["marks"])
                            for line in sw_views.game_lines(state, game)],
                   notes=[note_text(n) for n in game.notes])


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


__all__ = ["router"]
