"""``/api/v1``: the reads of the JSON API, every status code declared. Every change is a
declared command (``POST /api/v1/events/{slug}/commands/{name}``, :mod:`podium.api.commands`).

Authorisation (the matrix in tests/api/test_authorisation.py): reads of public data need no
token; the log, the roles, the player codes and the self-report queue need an organiser token
of the event's owner or a judge (a dependency of the route, :data:`Organiser`); a player's own
table needs the player's code (``Authorization: Bearer <code>``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from podium.api import models as m
from podium.api.problems import responses
from podium.core import codes as refusal_codes
from podium.core.commands import API
from podium.core.errors import Forbidden, NotFound, Unauthorised
from podium.core.model import EventState, Round, Table
from podium.core.reads import MAX_LIMIT, PAGE_LIMIT
from podium.core.values import Exact
from podium.core.views import TableView, display
from podium.formats import get_format
from podium.http import client_of
from podium.service.accounts import JUDGE, OWNER, TOKEN_PREFIX, User
from podium.service.events import LoadedEvent
from podium.service.selfreport import Report, Seat

router = APIRouter(prefix="/api/v1", tags=["events"])
formats_router = APIRouter(prefix="/api/v1", tags=["formats"])
bearer = HTTPBearer(auto_error=False, description="An organiser token or a player code.")

Slug = Annotated[str, Path(max_length=64)]
Num = Annotated[int, Path(ge=1, le=2**31 - 1)]
#: One page of a list: its rows (``limit``, at most :data:`MAX_LIMIT`) from row ``offset``.
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="rows per page")]
Offset = Annotated[int, Query(ge=0, le=10**9, description="rows to skip (the first is 0)")]

READ = responses((404, 422))
ORGANISER_READ = responses((401, 403, 404, 422))
PLAYER = responses((401, 403, 404, 409, 422, 429))


# who is calling -------------------------------------------------------------------------------
@dataclass
class Caller:
    user: User | None = None
    code: str | None = None


Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


def caller(request: Request, credentials: Credentials) -> Caller:
    if credentials is None:
        return Caller()
    token = credentials.credentials.strip()
    if token.startswith(TOKEN_PREFIX):
        user = request.app.state.web.accounts.token_user(token)
        if user is None:
            raise Unauthorised("unknown organiser token", code=refusal_codes.AUTH_REQUIRED)
        return Caller(user=user)
    return Caller(code=token[:64])


CallerDep = Annotated[Caller, Depends(caller)]


def web_of(request: Request) -> Any:
    return request.app.state.web


def organiser(request: Request, who: Caller, slug: str | None = None,
              roles: tuple[str, ...] = (OWNER, JUDGE)) -> User:
    if who.user is None and who.code is None:
        raise Unauthorised("this needs an organiser token: Authorization: Bearer pod_...",
                           code=refusal_codes.AUTH_REQUIRED)
    if who.user is None:
        raise Forbidden("a player code can only report and confirm its own table's result",
                        code=refusal_codes.ROLE_MISSING)
    if slug is not None:
        web = web_of(request)
        web.cache.version(slug)  # 404 for an unknown event
        if web.accounts.role_of(who.user, slug) not in roles:
            raise Forbidden("you are not %(roles)s of event %(slug)r",
                            code=refusal_codes.ROLE_MISSING, roles=" or ".join(roles), slug=slug)
    return who.user


def organiser_of(request: Request, slug: Slug, who: CallerDep) -> User:
    """The route's dependency: an organiser (owner or judge) of the event in the path."""
    return organiser(request, who, slug)


def player_code(who: Caller) -> str:
    if who.code is None and who.user is None:
        raise Unauthorised("this needs your player code: Authorization: Bearer <code>",
                           code=refusal_codes.AUTH_REQUIRED)
    if who.code is None:
        raise Forbidden("self-report needs a player code, not an organiser token",
                        code=refusal_codes.CODE_REQUIRED)
    return who.code


def code_of(who: CallerDep) -> str:
    """The route's dependency: the caller's player code."""
    return player_code(who)


Organiser = Annotated[User, Depends(organiser_of)]
PlayerCode = Annotated[str, Depends(code_of)]


# converting to answers ------------------------------------------------------------------------
def exact(value: Fraction | int) -> Exact:
    return Exact.of(value)


def cell_value(value: Any) -> int | str | None:
    if value is None or isinstance(value, int | str):
        return value
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else str(value)
    return str(value)


def view_out(view: TableView) -> m.ViewOut:
    return m.ViewOut(
        key=view.key,
        title=view.title.format(**view.title_args),
        columns=[m.ColumnOut(key=c.key, label=c.label, numeric=c.numeric) for c in view.columns],
        rows=[
            {c.key: m.CellOut(value=cell_value(row.get(c.key)), text=display(row.get(c.key), c))
             for c in view.columns}
            for row in view.rows
        ],
        notes=list(view.notes),
    )


def player_out(state: EventState, pid: int) -> m.PlayerOut:
    p = state.players[pid]
    return m.PlayerOut(id=p.id, name=p.name, joined_round=p.joined_round, dropped=p.dropped,
                       drop_reason=p.drop_reason, group=p.group)


def table_out(state: EventState, rnd: Round, table: Table) -> m.TableOut:
    result = rnd.results.get(table.number)
    return m.TableOut(
        number=table.number,
        seats=list(table.seats),
        names=[state.players[p].name for p in table.seats],
        result=None if result is None else m.ResultOut(
            entry=result.entry,
            corrected=result.corrected,
            version=rnd.result_version(table.number),
            outcomes=[
                m.OutcomeOut(player=o.player, name=state.players[o.player].name,
                             points=exact(o.points), place=o.place, won=o.won, drew=o.drew,
                             order=None if o.order is None else exact(o.order), note=o.note)
                for o in result.outcomes
            ],
        ),
    )


def round_out(state: EventState, rnd: Round) -> m.RoundOut:
    return m.RoundOut(
        number=rnd.number, stage=rnd.stage, complete=rnd.complete,
        tables=[table_out(state, rnd, t) for t in rnd.tables],
        byes=[m.ByeOut(player=b.player, name=state.players[b.player].name,
                       points=exact(b.points), reason=str(b.reason)) for b in rnd.byes],
        notes=list(rnd.notes),
        version=rnd.version,
    )


def detail(loaded: LoadedEvent) -> m.EventDetail:
    s, state = loaded.summary, loaded.state
    return m.EventDetail(
        slug=s.slug, name=s.name, format=s.format, created_at=s.created_at,
        settings=loaded.ruleset.settings_to_json(state.settings), seed=state.seed,
        players=len(state.players), active_players=len(state.active_players()),
        rounds=len(state.rounds),
    )


def report_out(r: Report, state: EventState) -> m.ReportOut:
    known = state.players.get(r.reporter)
    return m.ReportOut(id=r.id, round=r.round, table=r.table, reporter=r.reporter,
                       reporter_name=known.name if known else "", entry=r.entry,
                       confirmed_by=list(r.confirmed_by), status=r.status, note=r.note,
                       created_at=r.created_at)


T = TypeVar("T")


def read_of(request: Request, slug: str, build: Callable[[LoadedEvent], T]) -> T:
    """``build`` of the event's state, held still meanwhile (no catch-up changes it)."""
    with web_of(request).cache.reading(slug) as loaded:
        return build(loaded)


# reading --------------------------------------------------------------------------------------
@router.get("/events", response_model=m.EventsPage, responses=responses((422,)),
            operation_id="events.list")
def list_events(request: Request, limit: Limit = PAGE_LIMIT, offset: Offset = 0
                ) -> m.EventsPage:
    """Every event, oldest first, a page at a time."""
    found = web_of(request).events.list_events()
    return m.EventsPage(
        items=[m.EventOut(slug=e.slug, name=e.name, format=e.format, created_at=e.created_at)
               for e in found[offset:offset + limit]],
        total=len(found), offset=offset, limit=limit)


@formats_router.get("/formats", response_model=m.FormatsPage, responses=responses((422,)),
                    operation_id="formats.list")
def formats(limit: Limit = PAGE_LIMIT, offset: Offset = 0) -> m.FormatsPage:
    """The formats and their settings with the regulation's defaults."""
    from podium.formats import available

    names = available()
    out = []
    for name in names[offset:offset + limit]:
        ruleset = get_format(name)
        defaults = ruleset.settings_to_json(ruleset.parse_settings({}))
        out.append(m.FormatOut(
            name=name, title=str(ruleset.title),
            settings=[m.SettingOut(key=f.key, default=defaults[f.key], help=str(f.help),
                                   rule=f.rule) for f in ruleset.fields]))
    return m.FormatsPage(items=out, total=len(names), offset=offset, limit=limit)


@router.get("/events/{slug}", response_model=m.EventDetail, responses=READ,
            operation_id="events.get")
def get_event(request: Request, slug: Slug) -> m.EventDetail:
    return read_of(request, slug, detail)


# Lists a declared view answers a page at a time (GET .../views/{name}): kept for older
# clients, out of the published schema.
@router.get("/events/{slug}/views", response_model=list[m.ViewOut], responses=READ,
            operation_id="events.views", include_in_schema=False)
def views(request: Request, slug: Slug) -> list[m.ViewOut]:
    """The format's public tables (standings and any others), exact values and display text."""
    found = read_of(request, slug, lambda loaded: loaded.ruleset.tables(loaded.state))
    return [view_out(v) for v in found]


@router.get("/events/{slug}/players", response_model=list[m.PlayerOut], responses=READ,
            operation_id="events.players", include_in_schema=False)
def players(request: Request, slug: Slug) -> list[m.PlayerOut]:
    return read_of(request, slug, lambda loaded: [
        player_out(loaded.state, pid) for pid in loaded.state.players])


@router.get("/events/{slug}/rounds", response_model=list[m.RoundOut], responses=READ,
            operation_id="events.rounds", include_in_schema=False)
def rounds(request: Request, slug: Slug) -> list[m.RoundOut]:
    return read_of(request, slug, lambda loaded: [
        round_out(loaded.state, r) for r in loaded.state.rounds])


@router.get("/events/{slug}/rounds/{number}", response_model=m.RoundOut,
            responses=responses((404, 422), s404="No such event or round."),
            operation_id="events.round")
def get_round(request: Request, response: Response, slug: Slug, number: Num) -> m.RoundOut:
    """One round: its tables in seat order (each player's id and name), results and byes;
    its ETag is its version (send it back as If-Match with a correction or a hand edit)."""
    def build(loaded: LoadedEvent) -> m.RoundOut:
        state = loaded.state
        if not 1 <= number <= len(state.rounds):
            raise NotFound("no round %(number)s; rounds paired: %(rounds_count)s",
                           code=refusal_codes.ROUND_UNKNOWN, field="number", number=number,
                           rounds_count=len(state.rounds))
        rnd = state.round(number)
        response.headers["ETag"] = f'"{rnd.version}"'
        return round_out(state, rnd)

    return read_of(request, slug, build)


@router.get("/events/{slug}/commands", response_model=list[m.CommandOut], responses=READ,
            operation_id="events.commands", include_in_schema=False)
def commands(request: Request, slug: Slug) -> list[m.CommandOut]:
    """What the event's format can run (``POST .../commands/{name}``): each command with its
    title, who may run it and whether it applies to the event as it stands."""
    catalog = web_of(request).catalog
    return read_of(request, slug, lambda loaded: [
        m.CommandOut(name=spec.name, title=spec.title, role=spec.role,
                     applies=spec.visible(loaded.state))
        for spec in catalog.commands_for(loaded.state.format) if spec.on(API)])


# organiser reads ------------------------------------------------------------------------------
@router.get("/events/{slug}/log", response_model=list[m.ActionOut], responses=ORGANISER_READ,
            operation_id="events.log", include_in_schema=False)
def log(request: Request, slug: Slug, user: Organiser) -> list[m.ActionOut]:
    """The action log (organisers of the event only: it holds reasons and penalties)."""
    return [m.ActionOut(seq=a.seq, kind=a.kind, actor=a.actor, at=a.at, reason=a.reason,
                        payload=a.payload) for a in web_of(request).events.log(slug)]


@router.get("/events/{slug}/roles", response_model=m.GrantsPage, responses=ORGANISER_READ,
            operation_id="events.roles")
def roles(request: Request, slug: Slug, user: Organiser, limit: Limit = PAGE_LIMIT,
          offset: Offset = 0) -> m.GrantsPage:
    """Who may run the event (owners and judges), a page at a time."""
    found = web_of(request).accounts.grants(slug)
    return m.GrantsPage(
        items=[m.GrantOut(username=g.username, role=g.role, granted_by=g.granted_by,
                          granted_at=g.granted_at) for g in found[offset:offset + limit]],
        total=len(found), offset=offset, limit=limit)


@router.get("/events/{slug}/codes", response_model=list[m.CodeOut], responses=ORGANISER_READ,
            operation_id="events.codes", include_in_schema=False)
def codes(request: Request, response: Response, slug: Slug,
          user: Organiser) -> list[m.CodeOut]:
    """Every player's self-report code (created on first request); kept by no cache."""
    response.headers["Cache-Control"] = "no-store"
    web = web_of(request)
    state = web.events.load(slug).state
    return [m.CodeOut(player=pid, name=state.players[pid].name, code=code)
            for pid, code in sorted(web.reports.codes(slug).items())]


@router.get("/events/{slug}/self-reports", response_model=m.ReportsPage,
            responses=ORGANISER_READ, operation_id="events.self_reports")
def queue(request: Request, slug: Slug, user: Organiser, open_only: bool = True,
          limit: Limit = PAGE_LIMIT, offset: Offset = 0) -> m.ReportsPage:
    """The organiser's queue: reports waiting for confirmations or a decision, a page at a
    time."""
    web = web_of(request)
    state = web.events.load(slug).state
    found = web.reports.reports(slug, open_only)
    return m.ReportsPage(items=[report_out(r, state) for r in found[offset:offset + limit]],
                         total=len(found), offset=offset, limit=limit)


@router.get("/events/{slug}/export", responses={
    200: {"description": "The event file.", "content": {"application/json": {
        "schema": {"type": "object", "additionalProperties": True}}}},
    **ORGANISER_READ}, operation_id="events.export")
def export(request: Request, slug: Slug, user: Organiser) -> Response:
    """The event file (``podium export``): the whole log as one JSON document, which
    ``POST /api/v1/commands/event.import`` stores again."""
    from podium.service.transfer import dumps, export_document

    text = dumps(export_document(web_of(request).events, slug))
    return Response(text.encode("utf-8"), media_type="application/json",
                    headers={"Cache-Control": "no-store"})


# player self-report ---------------------------------------------------------------------------
def _seat_out(request: Request, slug: str, seat: Seat, reports: list[Report]) -> m.SeatOut:
    state = web_of(request).events.load(slug).state
    return m.SeatOut(
        player=player_out(state, seat.player.id),
        round=seat.round.number if seat.round else None,
        table=table_out(state, seat.round, seat.table) if seat.table and seat.round else None,
        reports=[report_out(r, state) for r in reports],
    )


@router.get("/events/{slug}/me", response_model=m.SeatOut, responses=PLAYER,
            operation_id="events.me")
def me(request: Request, response: Response, slug: Slug, code: PlayerCode) -> m.SeatOut:
    """The player code's table now and its open reports (``POST .../commands/<format>.report``,
    ``report.confirm``, ``report.dispute`` change them); kept by no cache (a code's answer)."""
    response.headers["Cache-Control"] = "no-store"
    seat, reports = web_of(request).reports.table_reports(slug, code, client_of(request))
    return _seat_out(request, slug, seat, reports)
