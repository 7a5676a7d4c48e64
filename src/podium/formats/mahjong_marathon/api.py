"""``/api/v1/events/{slug}/marathon/...``: the mahjong marathon's JSON API (regulation MJ).

Declared in the marathon's manifest (``Contributions.api``). Reads are public (the
stage tables, the total, the publications: what the public pages show); writes need an
organiser token of the event's owner or a judge, like every other event change, and each is one
command (:mod:`podium.formats.mahjong_marathon.commands`; nothing stored on an error). On an
event of another format every route answers 409.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Request
from pydantic import BaseModel, Field

from podium.api import models as m
from podium.api.routes import R409, READ, WRITE, CallerDep, Slug, organiser, view_out, web_of
from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.formats.mahjong_marathon import views as mviews
from podium.formats.mahjong_marathon.commands import (
    FORMAT,
    ImportSummary,
    MarathonService,
)
from podium.formats.mahjong_marathon.rules import MAX_GP, book_of
from podium.formats.mahjong_marathon.views import published_view

router = APIRouter(prefix="/api/v1", tags=["mahjong marathon"])

Text = Annotated[str, Field(max_length=100)]
GameId = Annotated[str, Field(min_length=1, max_length=64)]
When = Annotated[str, Field(min_length=1, max_length=64)]
Zone = Annotated[str | None, Field(default=None, max_length=64)]
Reason = Annotated[str, Field(min_length=1, max_length=500)]
GP = Annotated[int, Field(ge=-MAX_GP, le=MAX_GP)]


class SeatIn(m.Strict):
    name: Text
    gp: GP


class GameIn(m.Strict):
    """One game (rule MJ-3): the server's id, the table, the start time (with an offset, or in
    ``zone``; ``server`` is the event's server zone, rule MJ-2), 4 players with their GP."""

    id: GameId
    table: Text
    start: When
    zone: Zone = None
    players: Annotated[list[SeatIn], Field(min_length=1, max_length=8)]


class GamesIn(m.Strict):
    zone: Zone = None
    games: Annotated[list[GameIn], Field(min_length=1, max_length=20_000)]


class ImportOut(BaseModel):
    read: int
    added: int
    duplicates: int = Field(description="Already stored with the same data (idempotent).")
    changed: list[str] = Field(description="Stored with different data: reported, NOT applied.")
    other_tables: int = Field(description="Skipped: not a marathon table (rule MJ-3).")
    outside_calendar: int = Field(description="Skipped: outside every stage (rule MJ-1).")
    new_players: int
    case_merged: list[str] = Field(
        default_factory=list,
        description="Skipped: two names one player (names compared without case).")


class PenaltyIn(m.Strict):
    """Rule MJ-6: 6a (GP in ``game``), 6b (GP from the total, ``stage``), 6c (TP, ``stage``)."""

    kind: Literal["6a", "6b", "6c"]
    player: Text
    amount: Annotated[int, Field(ge=1, le=MAX_GP)]
    game: Annotated[str | None, Field(default=None, max_length=64)] = None
    stage: Annotated[int | None, Field(default=None, ge=1, le=1000)] = None
    reason: Reason


class DisqualifyIn(m.Strict):
    """Either a game (rule MJ-5, on a ``ground``) or a player for a period (``from``,
    ``until``, in ``zone``; by default the decision zone, Moscow, as the stage calendar)."""

    game: Annotated[str | None, Field(default=None, max_length=64)] = None
    ground: Literal["left", "absent", "automoves", "player-dq", "server", "other"] = "other"
    player: Annotated[str | None, Field(default=None, max_length=100)] = None
    start: Annotated[str | None, Field(default=None, max_length=64, alias="from")] = None
    until: Annotated[str | None, Field(default=None, max_length=64)] = None
    zone: Zone = None
    reason: Reason


class RevertIn(m.Strict):
    seq: m.Id
    reason: Reason


class PublishIn(m.Strict):
    reason: Annotated[str, Field(max_length=500)] = ""


class DecisionOut(BaseModel):
    seq: int


class PublicationOut(BaseModel):
    number: int
    at: str
    seq: int
    tables: list[str] = Field(description="The keys of its tables (stage-N, total).")


def service(request: Request) -> MarathonService:
    web = web_of(request)
    return MarathonService.sharing(web.events)


def _summary(summary: ImportSummary) -> ImportOut:
    return ImportOut(read=summary.read, added=summary.added, duplicates=summary.duplicates,
                     changed=summary.changed, other_tables=summary.other_tables,
                     outside_calendar=summary.outside_calendar, new_players=summary.new_players,
                     case_merged=summary.case_merged)


def _games_doc(body: GamesIn) -> bytes:
    games = [{"id": g.id, "table": g.table, "start": g.start, "zone": g.zone,
              "players": [{"name": p.name, "gp": p.gp} for p in g.players]} for g in body.games]
    return json.dumps({"zone": body.zone, "games": games}).encode()


# reading ----------------------------------------------------------------------------------------
def _marathon(request: Request, slug: str) -> Any:
    """The event from the server's cached replay; 409 if it is not a marathon."""
    _seq, loaded, _memo = web_of(request).cache.load(slug)
    if loaded.ruleset.name != FORMAT:
        raise Conflict(
            "event %(slug)r is a %(name)s event, not a mahjong marathon",
            slug=slug, name=loaded.ruleset.name)
    return loaded


READ_M = {**READ, **R409}


@router.get("/events/{slug}/marathon/tables/{key}", response_model=m.ViewOut, responses=READ_M)
def table(request: Request, slug: Slug, key: Annotated[str, Path(max_length=20)],
          publication: Annotated[int | None, Query(ge=1, le=100_000)] = None) -> m.ViewOut:
    """A stage table (``stage-N``, rules MJ-7, MJ-8) or the total (``total``, MJ-9, MJ-10): live
    (against the last publication), or as publication N froze it (against N-1, rule MJ-11).
    Only that table is built, from the server's cached replay of the event."""
    loaded = _marathon(request, slug)
    if publication is None:
        found = loaded.ruleset.view(loaded.state, key)
    else:
        found = published_view(loaded.state, book_of(loaded.state), publication, key)
    if found is None:
        keys = [k for k, _t, _a in loaded.ruleset.view_keys(loaded.state)]
        raise NotFound(
            "no table %(key)r: %(keys)s",
            key=key, keys=', '.join(keys))
    return view_out(found)


@router.get("/events/{slug}/marathon/publications", response_model=list[PublicationOut],
            responses=READ_M)
def publications(request: Request, slug: Slug) -> list[PublicationOut]:
    """Rule MJ-11: the publications, oldest first."""
    book = book_of(_marathon(request, slug).state)
    count = len(book.publications[0]["snapshot"]["stages"]) if book.publications else 0
    keys = [k for k, _t, _a in mviews.view_keys(count)] if book.publications else []
    return [PublicationOut(number=p["number"], at=p["at"], seq=p["seq"], tables=keys)
            for p in book.publications]


# writing ----------------------------------------------------------------------------------------
@router.post("/events/{slug}/marathon/games", response_model=ImportOut, status_code=201,
             responses=WRITE)
def add_game(request: Request, slug: Slug, body: GameIn, who: CallerDep) -> ImportOut:
    """One game by hand (strict: a non-counting table or a known id with other data is an
    error). Adding the same game again changes nothing (``duplicates`` 1)."""
    user = organiser(request, who, slug)
    seats = [(p.name, p.gp) for p in body.players]
    return _summary(service(request).add_game(slug, body.id, body.table, body.start, body.zone,
                                              seats, user.username))


@router.post("/events/{slug}/marathon/games/import", response_model=ImportOut,
             responses=WRITE)
def import_games(request: Request, slug: Slug, body: GamesIn, who: CallerDep) -> ImportOut:
    """Many games, idempotent (the import file's JSON form, see docs/marathon.md)."""
    user = organiser(request, who, slug)
    return _summary(service(request).import_file(slug, _games_doc(body), "api.json",
                                                 user.username))


@router.post("/events/{slug}/marathon/penalties", response_model=DecisionOut, status_code=201,
             responses=WRITE)
def penalty(request: Request, slug: Slug, body: PenaltyIn, who: CallerDep) -> DecisionOut:
    """Rule MJ-6a/6b/6c; the amounts the regulation allows unless ``custom_penalties``."""
    user = organiser(request, who, slug)
    return DecisionOut(seq=service(request).penalty(
        slug, body.kind, body.player, body.amount, body.reason, user.username,
        game=body.game, stage=body.stage))


@router.post("/events/{slug}/marathon/disqualifications", response_model=DecisionOut,
             status_code=201, responses=WRITE)
def disqualify(request: Request, slug: Slug, body: DisqualifyIn, who: CallerDep
               ) -> DecisionOut:
    """Rule MJ-5 (a game) or a player's disqualification period: exactly one of the two."""
    user = organiser(request, who, slug)
    if (body.game is None) == (body.player is None):
        raise InvalidInput("give either game or player (exactly one)")
    if body.game is not None:
        return DecisionOut(seq=service(request).disqualify_game(
            slug, body.game, body.ground, body.reason, user.username))
    if not body.start:
        raise InvalidInput("from: the start of the disqualification is missing")
    return DecisionOut(seq=service(request).disqualify_player(
        slug, body.player or "", body.start, body.until, body.zone, body.reason, user.username))


@router.post("/events/{slug}/marathon/reverts", response_model=DecisionOut, status_code=201,
             responses=WRITE)
def revert(request: Request, slug: Slug, body: RevertIn, who: CallerDep) -> DecisionOut:
    """Revert a penalty or disqualification (it stays in the log, marked reverted)."""
    user = organiser(request, who, slug)
    return DecisionOut(seq=service(request).revert(slug, body.seq, body.reason, user.username))


@router.post("/events/{slug}/marathon/publications", response_model=PublicationOut,
             status_code=201, responses=WRITE)
def publish(request: Request, slug: Slug, body: PublishIn, who: CallerDep) -> PublicationOut:
    """Rule MJ-11: freeze every stage table and the total."""
    user = organiser(request, who, slug)
    state, number, views = service(request).publish(slug, user.username, body.reason)
    pub = book_of(state).publications[number - 1]
    return PublicationOut(number=number, at=pub["at"], seq=pub["seq"],
                          tables=[v.key for v in views])


__all__ = ["router"]
