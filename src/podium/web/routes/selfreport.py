"""Player self-report pages: a code, one's own table, report, confirm or dispute.

The code is typed once and sent again with every form (as a hidden field), never put in a URL.
The table is always the code's own: the service finds it, the form cannot name another.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form
from fastapi.responses import HTMLResponse, Response

from podium.compose import web_format
from podium.core.errors import PodiumError
from podium.core.views import N_
from podium.web.app import status_of
from podium.web.deps import Fields, Page, client_address, form_page, page_dep
from podium.web.routes.organiser import _describer, parse_entry

router = APIRouter(prefix="/e/{slug}/report", include_in_schema=False)

Code = Annotated[str, Form(max_length=32)]


@router.get("", response_class=HTMLResponse)
def code_form(page: Annotated[Page, Depends(page_dep)], slug: str) -> Response:
    _seq, loaded, _memo = page.web.cache.load(slug)
    return page.render("report/code.html", event=loaded.state, tab="report",
                       plugin=web_format(loaded.state.format), title="Report a result")


def _table_page(page: Page, slug: str, code: str, status: int = 200, **extra: Any) -> Response:
    seat, reports = page.web.reports.table_reports(slug, code, client_address(page.request))
    loaded = page.web.events.load(slug)
    state = loaded.state
    plugin = web_format(state.format)
    done = ""
    if seat.table is not None and seat.round is not None:
        result = seat.round.results.get(seat.table.number)
        if result is not None:
            done = plugin.describe_result(state, result) if plugin.describe_result else "✓"
    seats = [state.players[p] for p in seat.table.seats] if seat.table else []
    return page.render(
        "report/table.html", status=status, event=state, seat=seat, seats=seats,
        reports=reports, code=code, done=done, plugin=plugin, describe=_describer(loaded),
        tab="report", title="Report a result", **extra,
    )


def _refused(page: Page, slug: str, error: PodiumError) -> Response:
    _seq, loaded, _memo = page.web.cache.load(slug)
    return page.render("report/code.html", status=status_of(error), error=page.message(error),
                       event=loaded.state, tab="report", plugin=web_format(loaded.state.format),
                       title="Report a result")


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
        seat = page.web.reports.seat(slug, code, client_address(page.request))
    except PodiumError as error:
        return _refused(page, slug, error)
    try:
        loaded = page.web.events.load(slug)
        report = page.web.reports.report(
            slug, code, lambda state, rnd, table: parse_entry(loaded, rnd, table, form)
        )
    except PodiumError as error:
        return _table_page(page, slug, code, status=status_of(error), error=page.message(error),
                           last=form)
    del seat
    return _table_page(page, slug, code, flash=page.fmt.gettext(_STATUS_TEXT[report.status]))


_STATUS_TEXT = {  # msgids (extracted by the N_ keyword)
    "pending": N_("Thank you: the other players of your table now confirm it."),
    "accepted": N_("Confirmed by everyone: the result is in."),
    "conflict": N_("Your report differs from another one: the organiser decides."),
    "rejected": N_("The organiser rejected this report."),
}


@router.post("/confirm", response_class=HTMLResponse)
def confirm(page: Annotated[Page, Depends(form_page)], slug: str, code: Code,
            report: Annotated[int, Form(ge=1, le=2**31)]) -> Response:
    try:
        page.web.reports.seat(slug, code, client_address(page.request))
    except PodiumError as error:
        return _refused(page, slug, error)
    try:
        done = page.web.reports.confirm(slug, code, report)
    except PodiumError as error:
        return _table_page(page, slug, code, status=status_of(error), error=page.message(error))
    return _table_page(page, slug, code, flash=page.fmt.gettext(_STATUS_TEXT[done.status]))


@router.post("/dispute", response_class=HTMLResponse)
def dispute(page: Annotated[Page, Depends(form_page)], slug: str, code: Code,
            report: Annotated[int, Form(ge=1, le=2**31)],
            note: Annotated[str, Form(max_length=500)] = "") -> Response:
    try:
        page.web.reports.seat(slug, code, client_address(page.request))
    except PodiumError as error:
        return _refused(page, slug, error)
    try:
        done = page.web.reports.dispute(slug, code, report, note)
    except PodiumError as error:
        return _table_page(page, slug, code, status=status_of(error), error=page.message(error))
    return _table_page(page, slug, code, flash=page.fmt.gettext(_STATUS_TEXT[done.status]))
