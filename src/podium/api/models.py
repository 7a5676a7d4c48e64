"""Pydantic bodies and answers of the JSON API. Every input is bounded, so a bad body is a 422
naming the field, never a 500."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from podium.core.values import Exact

Id = Annotated[int, Field(ge=1, le=2**31 - 1)]
Reason = Annotated[str, Field(max_length=500)]
SettingValue = str | int | float | bool | list[str] | list[int] | None
FormFields = dict[Annotated[str, Field(max_length=64)], Annotated[str, Field(max_length=500)]]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


#: A refusal's parameter: the values its message was made with.
ParamValue = str | int | float | bool | list[Any] | dict[str, Any] | None


class ProblemItem(BaseModel):
    """One refused field: its code, the field (a JSON key, a query parameter, ``entry.winner``,
    ``settings.rounds``), the message in English and the values it was made with."""

    code: str
    field: str | None
    message: str
    params: dict[str, ParamValue]


class Problem(ProblemItem):
    """Every refusal of the API (4xx), whatever refused it (a command, a read, the routing,
    a query parameter): the first problem, and every problem (at least that one) when
    several fields were refused at once."""

    problems: list[ProblemItem]
    detail: str | None = Field(None, deprecated=True,
                               description="The message again (kept for older clients).")


class CommandOut(BaseModel):
    name: str = Field(description="POST /api/v1/events/{slug}/commands/{name}")
    title: str
    role: str = Field(description="Who may run it: organiser, owner, player, account.")
    applies: bool = Field(description="Whether it applies to the event as it stands.")


class EventOut(BaseModel):
    slug: str
    name: str
    format: str
    created_at: datetime


class EventDetail(EventOut):
    settings: dict[str, Any]
    seed: int
    players: int
    active_players: int
    rounds: int


class PlayerOut(BaseModel):
    id: int
    name: str
    joined_round: int
    dropped: bool
    drop_reason: str
    group: str = ""


class OutcomeOut(BaseModel):
    player: int
    name: str
    points: Exact = Field(description="Exact points.")
    place: int
    won: bool
    drew: bool
    order: Exact | None = Field(description=(
        "Exact elimination order where the format uses one: 1 is first out; players out at "
        "the same moment share the average, e.g. 7/2."))
    note: str


class ResultOut(BaseModel):
    entry: dict[str, Any]
    outcomes: list[OutcomeOut]
    corrected: bool
    version: int = Field(0, description=(
        "The action that last changed this result: send it back as `expect` (or If-Match) "
        "with a correction, refused (412, result.stale) if it changed since."))


class TableOut(BaseModel):
    number: int
    seats: list[int] = Field(description="Player ids in turn order: seat 1 first.")
    names: list[str]
    result: ResultOut | None


class ByeOut(BaseModel):
    player: int
    name: str
    points: Exact
    reason: str


class RoundOut(BaseModel):
    number: int
    stage: str
    complete: bool
    tables: list[TableOut]
    byes: list[ByeOut]
    notes: list[str]
    version: int = Field(0, description=(
        "The action that last changed the round (tables, byes, a result); also its ETag."))


class ColumnOut(BaseModel):
    key: str
    label: str
    numeric: bool


class CellOut(BaseModel):
    value: int | str | None = Field(description="Exact value (fractions as text like 7/3).")
    text: str = Field(description="As displayed (rounded).")


class ViewOut(BaseModel):
    key: str
    title: str
    columns: list[ColumnOut]
    rows: list[dict[str, CellOut]]
    notes: list[str]


class ActionOut(BaseModel):
    seq: int
    kind: str
    actor: str
    at: datetime
    reason: str
    payload: dict[str, Any]


class SeatLineOut(BaseModel):
    seat: int
    player: int
    rank: int
    points: str


class ExplainedTableOut(BaseModel):
    number: int
    seats: list[SeatLineOut]
    repeats: list[list[int]]
    size_note: str


class PreviewOut(BaseModel):
    number: int
    stage: str
    tables: list[ExplainedTableOut]
    byes: list[dict[str, Any]]
    notes: list[str]
    repeat_count: int


class EventCreate(Strict):
    slug: Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[a-z0-9_-]+$")]
    name: Annotated[str, Field(max_length=200)] = ""
    format: Annotated[str, Field(min_length=1, max_length=40)] = "commander"
    settings: dict[Annotated[str, Field(max_length=64)], SettingValue] = Field(
        default_factory=dict, max_length=50
    )
    seed: Annotated[int, Field(ge=0, le=2**62)] | None = None


class SettingsChange(Strict):
    settings: dict[Annotated[str, Field(max_length=64)], SettingValue] = Field(max_length=50)
    reason: Reason = ""


class PlayersAdd(Strict):
    names: Annotated[list[Annotated[str, Field(max_length=200)]], Field(min_length=1,
                                                                          max_length=2000)]


class DropBody(Strict):
    reason: Reason = ""
    disqualify: bool = False


class ReasonBody(Strict):
    reason: Reason = ""


class ResultBody(Strict):
    table: Id
    round: Id | None = Field(None, description="Default: the current round.")
    entry: dict[str, Any] | None = Field(
        None, description="The format's stored entry (player ids), e.g. Commander: "
        '{"winner": 3, "eliminated": [1, 4, 2]}.'
    )
    form: FormFields | None = Field(
        None, description='The web form\'s fields instead, e.g. Commander: {"finish": "3142"}.'
    )
    correct: bool = False
    reason: Reason = ""


class SelfReportBody(Strict):
    entry: dict[str, Any] | None = None
    form: FormFields | None = None


class DisputeBody(Strict):
    note: Reason = ""


class DecisionBody(Strict):
    accept: bool
    reason: Reason = ""


class RoleBody(Strict):
    username: Annotated[str, Field(min_length=1, max_length=40)]
    role: Literal["judge", "owner"] = "judge"


class GrantOut(BaseModel):
    username: str
    role: str
    granted_by: str
    granted_at: datetime


class ReportOut(BaseModel):
    id: int
    round: int
    table: int
    reporter: int
    reporter_name: str
    entry: dict[str, Any]
    confirmed_by: list[int]
    status: str
    note: str
    created_at: datetime


class SeatOut(BaseModel):
    player: PlayerOut
    round: int | None
    table: TableOut | None
    reports: list[ReportOut]


class CodeOut(BaseModel):
    player: int
    name: str
    code: str


class Page(BaseModel):
    total: int = Field(description="Rows in the whole list.")
    offset: int
    limit: int


class EventsPage(Page):
    items: list[EventOut]


class SettingOut(BaseModel):
    key: str
    default: Any = Field(description="The regulation's default, as the settings object takes it.")
    help: str
    rule: str


class FormatOut(BaseModel):
    name: str
    title: str
    settings: list[SettingOut]


class FormatsPage(Page):
    items: list[FormatOut]


class GrantsPage(Page):
    items: list[GrantOut]


class ReportsPage(Page):
    items: list[ReportOut]
