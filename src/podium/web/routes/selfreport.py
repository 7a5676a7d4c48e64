"""Player self-report pages: a code, one's own table, report, confirm or dispute.

The code is typed once (or comes from the QR code of the player's printed slip, which opens
``/e/{slug}/report?code=...`` with the field filled in) and is sent again with every form (as a
hidden field). Once accepted it is remembered on that phone for that event (an HttpOnly cookie
limited to the event's report pages), so the player does not type it again after each round.
The table is always the code's own: the service finds it, the form cannot name another.
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Form, Query
from fastapi.responses import HTMLResponse, Response

from podium.core.commands import TEXT, WEB, Caller
from podium.core.errors import PodiumError
from podium.core.views import N_
from podium.http import status_of
from podium.service.catalog import Done, Invocation
from podium.service.kernel import REPORT_SAID
from podium.web.deps import Fields, Page, form_page, page_dep
from podium.web.routes.organiser import describe, report_describer, report_summariser

router = APIRouter(prefix="/e/{slug}/report", include_in_schema=False)

Code = Annotated[str, Form(max_length=32)]


CODE_COOKIE = "podium_code"
CODE_DAYS = 14


def remember(page: Page, slug: str, response: Response, code: str) -> Response:
    """Keep an accepted code on this phone, for this event's report pages only."""
    response.set_cookie(CODE_COOKIE, code, max_age=CODE_DAYS * 24 * 3600,
                        path=f"/e/{slug}/report", httponly=True, samesite="lax",
                        secure=page.web.secure_cookies)
    response.headers["Cache-Control"] = "no-store"  # the page holds the code
    return response


@router.get("", response_class=HTMLResponse)
def code_form(page: Annotated[Page, Depends(page_dep)], slug: str,
              code: Annotated[str, Query(max_length=32)] = "") -> Response:
    _seq, loaded, _memo = page.web.cache.load(slug)
    own = page.web.format(loaded.state.format).report_path
    if own != "report":  # a format with its own player page (a slip printed before it)
        return page.redirect(f"/e/{slug}/{own}" + (f"?{urlencode({'code': code})}" if code
                                                   else ""))
    remembered = page.request.cookies.get(CODE_COOKIE, "")[:32]
    if remembered and not code:
        try:
            return _table_page(page, slug, remembered)
        except PodiumError:
            pass  # a stale code (the organiser made new ones): ask again
    return page.render("report/code.html", event=loaded.state, tab="report", code=code,
                       plugin=page.web.format(loaded.state.format), title="Report a result")


@router.post("/forget", response_class=HTMLResponse)
def forget(page: Annotated[Page, Depends(form_page)], slug: str) -> Response:
    """"Not me": this phone forgets the code."""
    response = page.redirect(f"/e/{slug}/report")
    response.delete_cookie(CODE_COOKIE, path=f"/e/{slug}/report")
    return response


def _table_page(page: Page, slug: str, code: str, status: int = 200, **extra: Any) -> Response:
    seat, reports = page.web.reports.table_reports(slug, code, page.client())
    loaded = page.web.events.load(slug)
    state = loaded.state
    entry = loaded.ruleset.result_entry()
    game_report = loaded.ruleset.open_report()
    done = ""
    if seat.table is not None and seat.round is not None:
        result = seat.round.results.get(seat.table.number)
        if result is not None:
            done = describe(loaded, result) or "✓"
    players = (seat.place.players if seat.place else seat.table.seats if seat.table else ())
    seats = [state.players[p] for p in players]
    summarise, summary_template = report_summariser(loaded)
    form = (game_report.template if game_report else
            (entry.report_template or entry.template) if entry else None)
    response = page.render(
        "report/table.html", status=status, event=state, seat=seat, seats=seats,
        reports=reports, code=code, done=done, plugin=page.web.format(state.format),
        describe=report_describer(loaded), summarise=summarise,
        summary_template=summary_template, report_form=form, open_play=bool(game_report),
        tab="report", title="Report a result", **extra,
    )
    return remember(page, slug, response, code)


def _refused(page: Page, slug: str, error: PodiumError) -> Response:
    _seq, loaded, _memo = page.web.cache.load(slug)
    return page.render("report/code.html", status=status_of(error), error=page.message(error),
                       event=loaded.state, tab="report",
                       plugin=page.web.format(loaded.state.format), title="Report a result")


def as_player(page: Page, name: str, slug: str, code: str, fields: dict[str, Any]) -> Done:
    """A player command with the player's code (the table is always the code's own)."""
    client = page.client()
    caller = Caller(actor="player", code=code, address=client.address, device=client.device)
    return page.web.events.execute(Invocation(name, slug, fields, TEXT, WEB), caller)


@router.post("/table", response_class=HTMLResponse)
def my_table(page: Annotated[Page, Depends(form_page)], slug: str, code: Code) -> Response:
    try:
        return _table_page(page, slug, code)
    except PodiumError as error:
        return _refused(page, slug, error)


@router.post("/submit", response_class=HTMLResponse)
def submit(page: Annotated[Page, Depends(form_page)], slug: str, form: Fields) -> Response:
    code = form.get("code", "")[:32]
    try:
        page.web.reports.seat(slug, code, page.client())
    except PodiumError as error:
        return _refused(page, slug, error)
    try:
        name = f"{page.web.events.summary(slug).format}.report"
        done = as_player(page, name, slug, code, dict(form))
    except PodiumError as error:
        return _table_page(page, slug, code, status=status_of(error), error=page.message(error),
                           last=form)
    return _table_page(page, slug, code, flash=page.fmt.gettext(_STATUS_TEXT[done.value.status]))


_STATUS_TEXT = REPORT_SAID  # msgids, one a report's status


@router.post("/confirm", response_class=HTMLResponse)
def confirm(page: Annotated[Page, Depends(form_page)], slug: str, code: Code,
            report: Annotated[int, Form(ge=1, le=2**31)]) -> Response:
    try:
        page.web.reports.seat(slug, code, page.client())
    except PodiumError as error:
        return _refused(page, slug, error)
    try:
        done = as_player(page, "report.confirm", slug, code, {"report": str(report)}).value
    except PodiumError as error:
        return _table_page(page, slug, code, status=status_of(error), error=page.message(error))
    said = (N_("Thank you: you confirmed it; the other players still confirm it.")
            if done.status == "pending" else _STATUS_TEXT[done.status])
    return _table_page(page, slug, code, flash=page.fmt.gettext(said))


@router.post("/dispute", response_class=HTMLResponse)
def dispute(page: Annotated[Page, Depends(form_page)], slug: str, code: Code,
            report: Annotated[int, Form(ge=1, le=2**31)],
            note: Annotated[str, Form(max_length=500)] = "") -> Response:
    try:
        page.web.reports.seat(slug, code, page.client())
    except PodiumError as error:
        return _refused(page, slug, error)
    try:
        as_player(page, "report.dispute", slug, code, {"report": str(report), "note": note})
    except PodiumError as error:
        return _table_page(page, slug, code, status=status_of(error), error=page.message(error),
                           dispute_error=report)
    return _table_page(page, slug, code, flash=page.fmt.gettext(_STATUS_TEXT["disputed"]))
