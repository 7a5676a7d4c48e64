"""``/api/v1/events/{slug}/top``: the TOP (play-off) of any format, read.

Rules BRK-1 .. BRK-5, BRK-7 (see :mod:`podium.service.top`). Anyone reads the bracket; the
event's organisers preview it, build it, enter or correct a match's result and undo it with the
kernel's declared commands (``top.build`` with ``preview``, ``top.result``, ``top.undo``:
``POST /api/v1/events/{slug}/commands/{name}``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from podium.api.problems import responses
from podium.api.routes import Slug, web_of
from podium.core import codes
from podium.core.bracket import Bracket, round_name
from podium.core.errors import Conflict
from podium.core.model import EventState
from podium.core.top_replay import top_of

router = APIRouter(prefix="/api/v1", tags=["top"])

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
    names: list[str | None] = Field(description="Their names, as the ids.")
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


def top_out(state: EventState, bracket: Bracket) -> TopOut:
    matches = []
    for match in bracket.matches():
        result = match.result
        matches.append(TopMatchOut(
            number=match.number, round=match.round,
            round_name=round_name(match.round, bracket.rounds),
            players=list(match.players),
            names=[None if pid is None else state.players[pid].name for pid in match.players],
            known=match.known, bye=match.is_bye,
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


@router.get("/events/{slug}/top", response_model=TopOut,
            responses=responses((404, 409, 422)), operation_id="events.top")
def get_top(request: Request, slug: Slug) -> TopOut:
    """The TOP bracket: seeds, every match with who advances, the champion (409: not built)."""
    state = web_of(request).cache.load(slug)[1].state
    bracket = top_of(state)
    if bracket is None:
        raise Conflict("the TOP has not been built yet", code=codes.TOP_NONE)
    return top_out(state, bracket)
