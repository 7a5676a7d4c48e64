"""``/api/v1``: the reads of the JSON API, every status code declared. Every change is a
declared command (``POST /api/v1/events/{slug}/commands/{name}``, :mod:`podium.api.commands`).

Authorisation (the matrix in tests/api/test_authorisation.py): reads of public data need no
token; the log, the roles, the player codes and the self-report queue need an organiser token
of the event's owner or a judge (a dependency of the route, :data:`Organiser`); a player's own
table needs the player's code (``Authorization: Bearer <code>``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from podium.api import models as m
from podium.core import codes as refusal_codes
from podium.core.commands import API
from podium.core.errors import Forbidden, NotFound, Unauthorised
from podium.core.model import EventState, Round, Table
from podium.core.views import TableView, display
from podium.formats import get_format
from podium.http import client_address
from podium.service.accounts import JUDGE, OWNER, TOKEN_PREFIX, User
from podium.service.events import LoadedEvent
from podium.service.selfreport import Report, Seat

router = APIRouter(prefix="/api/v1", tags=["api"])
bearer = HTTPBearer(auto_error=False, description="An organiser token or a player code.")

Slug = Annotated[str, Path(max_length=64)]
Num = Annotated[int, Path(ge=1, le=2**31 - 1)]


def _err(description: str) -> dict[str, Any]:
    return {"model": m.Error, "description": description}


R400 = {400: _err("The body is not readable JSON.")}
R401 = {401: _err("No token, or an unknown one.")}
R403 = {403: _err("The token may not do this (role, other event, other table).")}
R404 = {404: _err("No such event, round, table, player or report.")}
R409 = {409: _err("Not possible in the event's current state; nothing stored.")}
R422 = {422: _err("Invalid input, the field named; nothing stored.")}
R429 = {429: _err("Too many wrong player codes from this address or for this event: wait "
                  "the seconds of Retry-After.")}
READ = {**R404, **R422}
WRITE = {**R400, **R401, **R403, **R404, **R409, **R422}
PLAYER = {**WRITE, **R429}


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
def exact(value: Fraction | int) -> str:
    return str(Fraction(value))


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
            outcomes=[
                m.OutcomeOut(player=o.player, points=exact(o.points), place=o.place, won=o.won,
                             drew=o.drew,
                             order=None if o.order is None else exact(o.order), note=o.note)
                for o in result.outcomes
            ],
        ),
    )


def round_out(state: EventState, rnd: Round) -> m.RoundOut:
    return m.RoundOut(
        number=rnd.number, stage=rnd.stage, complete=rnd.complete,
        tables=[table_out(state, rnd, t) for t in rnd.tables],
        byes=[m.ByeOut(player=b.player, points=exact(b.points), reason=b.reason)
              for b in rnd.byes],
        notes=list(rnd.notes),
    )


def detail(loaded: LoadedEvent) -> m.EventDetail:
    s, state = loaded.summary, loaded.state
    return m.EventDetail(
        slug=s.slug, name=s.name, format=s.format, created_at=s.created_at,
        settings=loaded.ruleset.settings_to_json(state.settings), seed=state.seed,
        players=len(state.players), active_players=len(state.active_players()),
        rounds=len(state.rounds),
    )


def report_out(r: Report) -> m.ReportOut:
    return m.ReportOut(id=r.id, round=r.round, table=r.table, reporter=r.reporter, entry=r.entry,
                       confirmed_by=list(r.confirmed_by), status=r.status, note=r.note,
                       created_at=r.created_at)


def loaded_of(request: Request, slug: str) -> LoadedEvent:
    return web_of(request).cache.load(slug)[1]


# reading --------------------------------------------------------------------------------------
@router.get("/events", response_model=list[m.EventOut], responses={})
def list_events(request: Request) -> list[m.EventOut]:
    """Every event, oldest first."""
    return [m.EventOut(slug=e.slug, name=e.name, format=e.format, created_at=e.created_at)
            for e in web_of(request).events.list_events()]


@router.get("/formats", response_model=list[dict[str, Any]], responses={})
def formats(request: Request) -> list[dict[str, Any]]:
    """The formats and their settings with the regulation's defaults."""
    from podium.formats import available

    out = []
    for name in available():
        ruleset = get_format(name)
        defaults = ruleset.settings_to_json(ruleset.parse_settings({}))
        out.append({
            "name": name, "title": ruleset.title,
            "settings": [{"key": f.key, "default": defaults[f.key], "help": f.help,
                          "rule": f.rule} for f in ruleset.fields],
        })
    return out


@router.get("/events/{slug}", response_model=m.EventDetail, responses=READ)
def get_event(request: Request, slug: Slug) -> m.EventDetail:
    return detail(loaded_of(request, slug))


@router.get("/events/{slug}/views", response_model=list[m.ViewOut], responses=READ)
def views(request: Request, slug: Slug) -> list[m.ViewOut]:
    """The format's public tables (standings and any others), exact values and display text."""
    loaded = loaded_of(request, slug)
    found = loaded.ruleset.tables(loaded.state)
    return [view_out(v) for v in found]


@router.get("/events/{slug}/players", response_model=list[m.PlayerOut], responses=READ)
def players(request: Request, slug: Slug) -> list[m.PlayerOut]:
    state = loaded_of(request, slug).state
    return [player_out(state, pid) for pid in state.players]


@router.get("/events/{slug}/rounds", response_model=list[m.RoundOut], responses=READ)
def rounds(request: Request, slug: Slug) -> list[m.RoundOut]:
    state = loaded_of(request, slug).state
    return [round_out(state, r) for r in state.rounds]


@router.get("/events/{slug}/rounds/{number}", response_model=m.RoundOut, responses=READ)
def get_round(request: Request, slug: Slug, number: Num) -> m.RoundOut:
    state = loaded_of(request, slug).state
    if not 1 <= number <= len(state.rounds):
        raise NotFound("no round %(number)s; rounds paired: %(rounds_count)s",
                       code=refusal_codes.ROUND_UNKNOWN, field="number", number=number,
                       rounds_count=len(state.rounds))
    return round_out(state, state.round(number))


@router.get("/events/{slug}/commands", response_model=list[m.CommandOut], responses=READ)
def commands(request: Request, slug: Slug) -> list[m.CommandOut]:
    """What the event's format can run (``POST .../commands/{name}``): each command with its
    title, who may run it and whether it applies to the event as it stands."""
    loaded = loaded_of(request, slug)
    catalog = web_of(request).catalog
    return [m.CommandOut(name=spec.name, title=spec.title, role=spec.role,
                         applies=spec.visible(loaded.state))
            for spec in catalog.commands_for(loaded.state.format) if spec.on(API)]


# organiser reads ------------------------------------------------------------------------------
@router.get("/events/{slug}/log", response_model=list[m.ActionOut],
            responses={**R401, **R403, **READ})
def log(request: Request, slug: Slug, user: Organiser) -> list[m.ActionOut]:
    """The action log (organisers of the event only: it holds reasons and penalties)."""
    return [m.ActionOut(seq=a.seq, kind=a.kind, actor=a.actor, at=a.at, reason=a.reason,
                        payload=a.payload) for a in web_of(request).events.log(slug)]


@router.get("/events/{slug}/roles", response_model=list[m.GrantOut],
            responses={**R401, **R403, **READ})
def roles(request: Request, slug: Slug, user: Organiser) -> list[m.GrantOut]:
    return [m.GrantOut(username=g.username, role=g.role, granted_by=g.granted_by,
                       granted_at=g.granted_at) for g in web_of(request).accounts.grants(slug)]


@router.get("/events/{slug}/codes", response_model=list[m.CodeOut],
            responses={**R401, **R403, **READ})
def codes(request: Request, slug: Slug, user: Organiser) -> list[m.CodeOut]:
    """Every player's self-report code (created on first request)."""
    web = web_of(request)
    state = web.events.load(slug).state
    return [m.CodeOut(player=pid, name=state.players[pid].name, code=code)
            for pid, code in sorted(web.reports.codes(slug).items())]


@router.get("/events/{slug}/self-reports", response_model=list[m.ReportOut],
            responses={**R401, **R403, **READ})
def queue(request: Request, slug: Slug, user: Organiser, open_only: bool = True
          ) -> list[m.ReportOut]:
    """The organiser's queue: reports waiting for confirmations or a decision."""
    return [report_out(r) for r in web_of(request).reports.reports(slug, open_only)]


@router.get("/events/{slug}/export", responses={**R401, **R403, **READ})
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
        reports=[report_out(r) for r in reports],
    )


@router.get("/events/{slug}/me", response_model=m.SeatOut, responses=PLAYER)
def me(request: Request, slug: Slug, code: PlayerCode) -> m.SeatOut:
    """The player code's table now and its open reports (``POST .../commands/<format>.report``,
    ``report.confirm``, ``report.dispute`` change them)."""
    seat, reports = web_of(request).reports.table_reports(slug, code, client_address(request))
    return _seat_out(request, slug, seat, reports)
