"""``/api/v1``: thin routes over the service layer, every status code declared.

Authorisation (the matrix in tests/api/test_authorisation.py): reads of public data need no
token; event changes need an organiser token of the event's owner or a judge; managing roles
needs the owner; self-report needs a player code of that event (``Authorization: Bearer
<code>``), for the player's own table only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from podium.api import models as m
from podium.compose import web_format
from podium.core.errors import Conflict, Forbidden, InvalidInput, NotFound, PodiumError
from podium.core.model import EventState, Round, Table
from podium.core.views import TableView, display
from podium.formats import get_format
from podium.service.accounts import JUDGE, OWNER, TOKEN_PREFIX, User
from podium.service.commands import DropPlayer, ReinstatePlayer
from podium.service.events import LoadedEvent, explain_plan
from podium.service.selfreport import Report, Seat
from podium.web.deps import client_address

router = APIRouter(prefix="/api/v1", tags=["api"])
bearer = HTTPBearer(auto_error=False, description="An organiser token or a player code.")

Slug = Annotated[str, Path(max_length=64)]
Num = Annotated[int, Path(ge=1, le=2**31 - 1)]


class Unauthorised(PodiumError):
    """No credentials, or unknown ones: HTTP 401."""

    status = 401


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
            raise Unauthorised("unknown organiser token")
        return Caller(user=user)
    return Caller(code=token[:64])


CallerDep = Annotated[Caller, Depends(caller)]


def web_of(request: Request) -> Any:
    return request.app.state.web


def organiser(request: Request, who: Caller, slug: str | None = None,
              roles: tuple[str, ...] = (OWNER, JUDGE)) -> User:
    if who.user is None and who.code is None:
        raise Unauthorised("this needs an organiser token: Authorization: Bearer pod_...")
    if who.user is None:
        raise Forbidden("a player code can only report and confirm its own table's result")
    if slug is not None:
        web = web_of(request)
        web.cache.version(slug)  # 404 for an unknown event
        if web.accounts.role_of(who.user, slug) not in roles:
            raise Forbidden(
                "you are not %(roles)s of event %(slug)r",
                roles=' or '.join(roles), slug=slug)
    return who.user


def player_code(who: Caller) -> str:
    if who.code is None and who.user is None:
        raise Unauthorised("this needs your player code: Authorization: Bearer <code>")
    if who.code is None:
        raise Forbidden("self-report needs a player code, not an organiser token")
    return who.code


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
                       drop_reason=p.drop_reason)


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
                             drew=o.drew, order=o.order, note=o.note)
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


def entry_builder(
    loaded: LoadedEvent, body: m.ResultBody | m.SelfReportBody
) -> Callable[[EventState, Round, Table], dict[str, Any]]:
    """The stored entry from a body's ``entry`` (ids) or ``form`` (the web form's fields)."""
    if (body.entry is None) == (body.form is None):
        raise InvalidInput("give either entry or form (exactly one)")

    def build(state: EventState, rnd: Round, table: Table) -> dict[str, Any]:
        if body.entry is not None:
            return dict(body.entry)
        plugin = web_format(loaded.state.format)
        if plugin.parse_result is None:
            raise InvalidInput("form: this format has no web form; send entry")
        return plugin.parse_result(body.form or {}, state, rnd, table)

    return build


def guarded_entry(call: Callable[[], Any], field: str = "entry") -> Any:
    """A refused result names its field (``entry`` or ``form``) when the refusal has none; the
    entry is decoded by the format's schema, so any JSON in it is a 422, never a 500."""
    try:
        return call()
    except InvalidInput as error:
        if error.field is None or not error.field.startswith(field):
            prefix = "" if error.msgid.startswith(f"{field}:") else f"{field}: "
            raise InvalidInput(prefix + error.msgid, code=error.code, field=field,
                               **error.params) from None
        raise


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
    found = loaded.ruleset.views(loaded.state)
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
        raise NotFound(
            "no round %(number)s; rounds paired: %(rounds_count)s",
            number=number, rounds_count=len(state.rounds))
    return round_out(state, state.round(number))


# organiser reads ------------------------------------------------------------------------------
@router.get("/events/{slug}/log", response_model=list[m.ActionOut],
            responses={**R401, **R403, **READ})
def log(request: Request, slug: Slug, who: CallerDep) -> list[m.ActionOut]:
    """The action log (organisers of the event only: it holds reasons and penalties)."""
    organiser(request, who, slug)
    return [m.ActionOut(seq=a.seq, kind=a.kind, actor=a.actor, at=a.at, reason=a.reason,
                        payload=a.payload) for a in web_of(request).events.log(slug)]


@router.get("/events/{slug}/preview", response_model=m.PreviewOut, responses=WRITE)
def preview(request: Request, slug: Slug, who: CallerDep) -> m.PreviewOut:
    """The next round as it would be paired now, with its explanation; nothing stored."""
    organiser(request, who, slug)
    loaded = web_of(request).events.load(slug)
    plan = loaded.ruleset.plan_round(loaded.state)
    ex = explain_plan(loaded, plan)
    return m.PreviewOut(
        number=ex.number, stage=ex.stage, notes=ex.notes, repeat_count=ex.repeat_count,
        tables=[m.ExplainedTableOut(
            number=t.number, size_note=t.size_note,
            seats=[m.SeatLineOut(seat=s.seat, player=s.player, rank=s.rank,
                                 points=exact(s.points)) for s in t.seats],
            repeats=[list(r.players) for r in t.repeats]) for t in ex.tables],
        byes=[{"player": line.player, "reason": reason} for line, reason in ex.byes],
    )


@router.get("/events/{slug}/roles", response_model=list[m.GrantOut],
            responses={**R401, **R403, **READ})
def roles(request: Request, slug: Slug, who: CallerDep) -> list[m.GrantOut]:
    organiser(request, who, slug)
    return [m.GrantOut(username=g.username, role=g.role, granted_by=g.granted_by,
                       granted_at=g.granted_at) for g in web_of(request).accounts.grants(slug)]


@router.get("/events/{slug}/codes", response_model=list[m.CodeOut],
            responses={**R401, **R403, **READ})
def codes(request: Request, slug: Slug, who: CallerDep) -> list[m.CodeOut]:
    """Every player's self-report code (created on first request)."""
    organiser(request, who, slug)
    web = web_of(request)
    state = web.events.load(slug).state
    return [m.CodeOut(player=pid, name=state.players[pid].name, code=code)
            for pid, code in sorted(web.reports.codes(slug).items())]


@router.get("/events/{slug}/self-reports", response_model=list[m.ReportOut],
            responses={**R401, **R403, **READ})
def queue(request: Request, slug: Slug, who: CallerDep, open_only: bool = True
          ) -> list[m.ReportOut]:
    """The organiser's queue: reports waiting for confirmations or a decision."""
    organiser(request, who, slug)
    return [report_out(r) for r in web_of(request).reports.reports(slug, open_only)]


# organiser writes -----------------------------------------------------------------------------
@router.post("/events", response_model=m.EventDetail, status_code=201,
             responses={**R400, **R401, **R403, **R409, **R422})
def create_event(request: Request, body: m.EventCreate, who: CallerDep) -> m.EventDetail:
    """Create an event; the token's user becomes its owner."""
    user = organiser(request, who)
    web = web_of(request)
    settings = {k: v for k, v in body.settings.items() if v is not None}
    loaded = web.events.create_event(body.slug, body.name or body.slug, body.format, settings,
                                     user.username, body.seed)
    web.accounts.grant(body.slug, user.username, OWNER, user.username)
    return detail(loaded)


@router.patch("/events/{slug}/settings", response_model=m.EventDetail, responses=WRITE)
def change_settings(request: Request, slug: Slug, body: m.SettingsChange,
                    who: CallerDep) -> m.EventDetail:
    """Change settings from the next round on (logged with the reason)."""
    user = organiser(request, who, slug)
    return detail(web_of(request).events.change_settings(slug, body.settings, user.username,
                                                         body.reason))


@router.post("/events/{slug}/players", response_model=list[m.PlayerOut], status_code=201,
             responses=WRITE)
def add_players(request: Request, slug: Slug, body: m.PlayersAdd,
                who: CallerDep) -> list[m.PlayerOut]:
    """Register players (after round 1: late entry, 0 points)."""
    user = organiser(request, who, slug)
    added = web_of(request).events.add_players(slug, body.names, user.username)
    return [m.PlayerOut(id=p.id, name=p.name, joined_round=p.joined_round, dropped=p.dropped,
                        drop_reason=p.drop_reason) for p in added]


def _player_change(request: Request, slug: str, player: int, who: Caller,
                   command: type[DropPlayer | ReinstatePlayer], reason: str) -> m.PlayerOut:
    user = organiser(request, who, slug)
    p = web_of(request).events.execute(command(slug, f"#{player}", reason), user.username).value
    return m.PlayerOut(id=p.id, name=p.name, joined_round=p.joined_round, dropped=p.dropped,
                       drop_reason=p.drop_reason)


@router.post("/events/{slug}/players/{player}/drop", response_model=m.PlayerOut,
             responses=WRITE)
def drop(request: Request, slug: Slug, player: Num, body: m.DropBody,
         who: CallerDep) -> m.PlayerOut:
    """Drop a player from the next pairing on; ``disqualify`` records a disqualification."""
    reason = " ".join(body.reason.split())
    if body.disqualify:
        reason = f"disqualified: {reason}" if reason else "disqualified"
    return _player_change(request, slug, player, who, DropPlayer, reason)


@router.post("/events/{slug}/players/{player}/reinstate", response_model=m.PlayerOut,
             responses=WRITE)
def reinstate(request: Request, slug: Slug, player: Num, body: m.ReasonBody,
              who: CallerDep) -> m.PlayerOut:
    return _player_change(request, slug, player, who, ReinstatePlayer, body.reason)


@router.post("/events/{slug}/rounds", response_model=m.RoundOut, status_code=201,
             responses=WRITE)
def pair(request: Request, slug: Slug, who: CallerDep) -> m.RoundOut:
    """Pair and commit the next round."""
    user = organiser(request, who, slug)
    state, rnd = web_of(request).events.pair_round(slug, user.username)
    return round_out(state, rnd)


@router.post("/events/{slug}/rounds/undo", response_model=dict[str, int], responses=WRITE)
def undo(request: Request, slug: Slug, body: m.ReasonBody, who: CallerDep) -> dict[str, int]:
    """Undo the last round while it has no result."""
    user = organiser(request, who, slug)
    return {"undone": web_of(request).events.undo_round(slug, user.username, body.reason)}


@router.post("/events/{slug}/results", response_model=m.RoundOut, responses=WRITE)
def result(request: Request, slug: Slug, body: m.ResultBody, who: CallerDep) -> m.RoundOut:
    """Enter a table's result, or with ``correct`` and a reason, correct any round's."""
    user = organiser(request, who, slug)
    web = web_of(request)
    loaded = web.events.load(slug)
    state = loaded.state
    if state.current_round is None:
        raise Conflict("no round has been paired")
    number = body.round or state.current_round.number
    if number > len(state.rounds):
        raise NotFound(
            "no round %(number)s; rounds paired: %(rounds_count)s",
            number=number, rounds_count=len(state.rounds))
    rnd = state.round(number)
    try:
        table = rnd.table(body.table)
    except KeyError:
        raise NotFound(
            "no table %(table)s in round %(number)s",
            table=body.table, number=number) from None
    if body.correct and not body.reason.strip():
        raise InvalidInput("reason: a correction needs a reason")
    field = "form" if body.form is not None else "entry"
    entry = guarded_entry(lambda: entry_builder(loaded, body)(state, rnd, table), field)
    new_state, new_round = guarded_entry(lambda: web.events.enter_result(
        slug, body.table, lambda _s: entry, user.username, round_number=number,
        correct=body.correct, reason=body.reason), field)
    return round_out(new_state, new_round)


@router.post("/events/{slug}/roles", response_model=list[m.GrantOut], responses=WRITE)
def grant(request: Request, slug: Slug, body: m.RoleBody, who: CallerDep) -> list[m.GrantOut]:
    """Invite a judge (or hand over ownership): the owner only."""
    user = organiser(request, who, slug, roles=(OWNER,))
    web = web_of(request)
    web.accounts.grant(slug, body.username, body.role, user.username)
    return roles(request, slug, who)


@router.delete("/events/{slug}/roles/{username}", status_code=204, responses=WRITE,
               response_class=Response)
def revoke(request: Request, slug: Slug, username: Annotated[str, Path(max_length=40)],
           who: CallerDep) -> Response:
    user = organiser(request, who, slug, roles=(OWNER,))
    web = web_of(request)
    target = web.accounts.get_user(username)
    if target.id == user.id:
        raise Conflict("the owner cannot remove their own role")
    if web.accounts.role_of(target, slug) is None:
        raise NotFound(
            "%(username)s has no role in this event",
            username=username)
    web.accounts.revoke(slug, username)
    return Response(status_code=204)


@router.post("/events/{slug}/self-reports/{report}/decision", response_model=m.ReportOut,
             responses=WRITE)
def decide(request: Request, slug: Slug, report: Num, body: m.DecisionBody,
           who: CallerDep) -> m.ReportOut:
    """Accept a self-report (it becomes the result) or reject it."""
    user = organiser(request, who, slug)
    return report_out(web_of(request).reports.decide(slug, report, body.accept, user.username,
                                                     body.reason))


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
def me(request: Request, slug: Slug, who: CallerDep) -> m.SeatOut:
    """The player code's table now and its open reports."""
    code = player_code(who)
    seat, reports = web_of(request).reports.table_reports(slug, code, client_address(request))
    return _seat_out(request, slug, seat, reports)


@router.post("/events/{slug}/self-reports", response_model=m.ReportOut, status_code=201,
             responses=PLAYER)
def self_report(request: Request, slug: Slug, body: m.SelfReportBody,
                who: CallerDep) -> m.ReportOut:
    """Report the result of your own table; it counts once the others confirm."""
    code = player_code(who)
    web = web_of(request)
    web.reports.seat(slug, code, client_address(request))  # 403/429 before anything else
    loaded = web.events.load(slug)
    build = entry_builder(loaded, body)
    field = "form" if body.form is not None else "entry"
    return report_out(guarded_entry(lambda: web.reports.report(slug, code, build), field))


@router.post("/events/{slug}/self-reports/{report}/confirm", response_model=m.ReportOut,
             responses=PLAYER)
def confirm(request: Request, slug: Slug, report: Num, who: CallerDep) -> m.ReportOut:
    code = player_code(who)
    web_of(request).reports.seat(slug, code, client_address(request))  # throttled identification
    return report_out(web_of(request).reports.confirm(slug, code, report))


@router.post("/events/{slug}/self-reports/{report}/dispute", response_model=m.ReportOut,
             responses=PLAYER)
def dispute(request: Request, slug: Slug, report: Num, body: m.DisputeBody,
            who: CallerDep) -> m.ReportOut:
    """Say the report of your table is wrong: the organiser decides."""
    code = player_code(who)
    web_of(request).reports.seat(slug, code, client_address(request))  # throttled identification
    return report_out(web_of(request).reports.dispute(slug, code, report, body.note))
