"""``/api/v1/events/{slug}/top``: the TOP (play-off) of any format, read and written.

Rules BRK-1 .. BRK-5, BRK-7 (see :mod:`podium.service.top`). Anyone reads the bracket; the
event's owner or a judge previews it, builds it and enters or corrects a match's result with an
organiser token. A match result is ``{"match": 1, "entry": {"winner": 3}}`` (player ids;
``{"draw": true}`` lets the draw rule decide, BRK-5, ``{"draw": true, "advances": 3}`` with draw
rule ``named``) or ``{"match": 1, "form": {"result": "1"}}``, the web form's typed result.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field

from podium.api import models as m
from podium.api.routes import (
    R404,
    R409,
    R422,
    WRITE,
    CallerDep,
    Slug,
    guarded_entry,
    organiser,
    web_of,
)
from podium.core.bracket import Bracket, round_name
from podium.core.errors import Conflict, InvalidInput
from podium.core.model import EventState
from podium.core.top_replay import top_of
from podium.service import top as top_service
from podium.web.top import parse_match

router = APIRouter(prefix="/api/v1", tags=["TOP"])

Size = Annotated[int, Field(ge=2, le=4096)]
Minutes = Annotated[int, Field(ge=1, le=1440)]
DrawRule = Literal["higher_seed", "named"]
Seeding = Literal["written", "goals"]


class TopSeedOut(BaseModel):
    player: int
    name: str
    seed: int = Field(description="The pre-TOP seed, 1 is best.")
    qualified: str = Field(description="Where the player qualified (table and place).")


class TopMatchOut(BaseModel):
    number: int
    round: int
    round_name: str
    players: list[int | None] = Field(description="Two player ids; null: a bye or not known.")
    known: bool = Field(description="Both sides are decided.")
    bye: bool
    winner: int | None = Field(description="Who advances (after a result or a bye).")
    draw: bool
    corrected: bool
    note: str


class TopOut(BaseModel):
    size: int
    draw_rule: str = Field(description="Rule BRK-5: higher_seed or named.")
    minutes: int | None = Field(description="Rule BRK-7: minutes per game in the TOP.")
    seeds: list[TopSeedOut]
    matches: list[TopMatchOut]
    champion: int | None
    notes: list[str]
    goals: list[dict[str, Any]] = Field(description="The BRK-4 goal report of the seeding.")
    seeding: str = Field("written", description="Rule BRK-4: written or goals.")
    choices: list[dict[str, Any]] = Field(
        default_factory=list,
        description="A preview only: what each seeding gives (goals met, players moved).")


class TopBuildBody(m.Strict):
    size: Size | None = Field(None, description="Players in the TOP (default: the format's).")
    draw_rule: DrawRule | None = None
    minutes: Minutes | None = None
    seeding: Seeding | None = None
    reason: m.Reason = ""


class TopResultBody(m.Strict):
    match: m.Id
    entry: dict[str, Any] | None = Field(
        None, description='{"winner": 3}, {"draw": true} or {"draw": true, "advances": 3}.')
    form: m.FormFields | None = Field(None, description='The web form: {"result": "1"}.')
    correct: bool = False
    reason: m.Reason = ""


def top_out(state: EventState, bracket: Bracket) -> TopOut:
    matches = []
    for match in bracket.matches():
        result = match.result
        matches.append(TopMatchOut(
            number=match.number, round=match.round,
            round_name=round_name(match.round, bracket.rounds),
            players=list(match.players), known=match.known, bye=match.is_bye,
            winner=match.winner, draw=bool(result and result.draw),
            corrected=bool(result and result.corrected), note=result.note if result else "",
        ))
    return TopOut(
        size=bracket.size, draw_rule=bracket.draw_rule, minutes=bracket.minutes,
        seeds=[TopSeedOut(player=pid, name=state.players[pid].name, seed=seed,
                          qualified=bracket.tables.get(pid, ""))
               for pid, seed in sorted(bracket.seeds.items(), key=lambda item: item[1])],
        matches=matches, champion=bracket.champion, notes=list(bracket.notes),
        goals=[dict(goal) for goal in bracket.goals],
        seeding=bracket.seeding,
    )


@router.get("/events/{slug}/top", response_model=TopOut, responses={**R404, **R409, **R422})
def get_top(request: Request, slug: Slug) -> TopOut:
    """The TOP bracket: seeds, every match with who advances, the champion (409: not built)."""
    state = web_of(request).cache.load(slug)[1].state
    bracket = top_of(state)
    if bracket is None:
        raise Conflict("the TOP has not been built yet")
    return top_out(state, bracket)


@router.get("/events/{slug}/top/preview", response_model=TopOut, responses=WRITE)
def preview_top(request: Request, slug: Slug, who: CallerDep,
                size: Annotated[int | None, Query(ge=2, le=4096)] = None,
                draw_rule: Annotated[DrawRule | None, Query()] = None,
                minutes: Annotated[int | None, Query(ge=1, le=1440)] = None,
                seeding: Annotated[Seeding | None, Query()] = None) -> TopOut:
    """The TOP that would be built now, with its BRK-4 goal report and what each seeding
    gives; nothing stored."""
    organiser(request, who, slug)
    events = web_of(request).events
    state, bracket = top_service.preview_top(events, slug, size, draw_rule, minutes, seeding)
    loaded = events.load(slug)
    out = top_out(state, bracket)
    out.choices = top_service.seeding_choices(loaded.ruleset, loaded.state, bracket.size)
    return out


@router.post("/events/{slug}/top", response_model=TopOut, status_code=201, responses=WRITE)
def build_top(request: Request, slug: Slug, body: TopBuildBody, who: CallerDep) -> TopOut:
    """Seed and store the TOP from the standings (rules BRK-1 .. BRK-4)."""
    user = organiser(request, who, slug)
    state, bracket = top_service.build(web_of(request).events, slug, user.username, body.size,
                                       body.draw_rule, body.minutes, body.reason, body.seeding)
    return top_out(state, bracket)


@router.post("/events/{slug}/top/results", response_model=TopOut, responses=WRITE)
def top_result(request: Request, slug: Slug, body: TopResultBody, who: CallerDep) -> TopOut:
    """Enter a TOP match's result, or with ``correct`` and a reason, correct it (BRK-5)."""
    user = organiser(request, who, slug)
    web = web_of(request)
    if (body.entry is None) == (body.form is None):
        raise InvalidInput("give either entry or form (exactly one)")
    if body.correct and not body.reason.strip():
        raise InvalidInput("reason: a correction needs a reason")
    bracket = top_service.load_top(web.events, slug)[1]
    field = "form" if body.form is not None else "entry"

    def entry() -> dict[str, Any]:
        if body.form is not None:
            return parse_match({**body.form, "match": str(body.match)}, bracket)[1]
        raw = body.entry or {}
        return {key: raw[key] for key in ("winner", "draw", "advances") if key in raw}

    chosen = guarded_entry(entry, field)
    state, after = guarded_entry(lambda: top_service.enter_result(
        web.events, slug, body.match, lambda _state: chosen, user.username,
        correct=body.correct, reason=body.reason), field)
    return top_out(state, after)



@router.post("/events/{slug}/top/undo", response_model=dict[str, bool], responses=WRITE)
def undo_top(request: Request, slug: Slug, body: m.ReasonBody, who: CallerDep
             ) -> dict[str, bool]:
    """Undo the TOP while no match has a result (a ``top.undone`` record; 409 otherwise)."""
    user = organiser(request, who, slug)
    top_service.undo(web_of(request).events, slug, user.username, body.reason)
    return {"undone": True}
