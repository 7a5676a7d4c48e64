"""Sign-up and check-in pages (:mod:`podium.service.signup`): every write runs a declared
command through the one ``execute``, every read the declared views.

- ``/e/{slug}/signup``: the public phone form (a name, the club and the format's questions the
  organiser asked); after sending, the confirmation page with the link to keep (a copy button).
- ``/e/{slug}/signup/me?code=...``: the player's page: status (in, waitlist place, awaiting
  approval, checked in), withdraw, check in. The code is remembered on that phone for the
  event's pages (an HttpOnly cookie), so the QR at the venue opens it.
- ``/e/{slug}/checkin``: the venue's QR code, opening the player's own page to check in.
- ``/manage/{slug}/signup``: the organiser's list in order with approve and reject buttons
  and check-in taps.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query
from fastapi.responses import HTMLResponse, Response

from podium.core.commands import JSON, TEXT, WEB, Caller
from podium.core.errors import PodiumError
from podium.core.messages import Message
from podium.core.signup import book_of
from podium.http import status_of
from podium.service.catalog import Done, Invocation
from podium.service.signup import absent_players, event_zone
from podium.service.signup_views import STATUS_SAID, status_said
from podium.web.deps import Fields, OrganiserPage, Page, form_page, organiser_form, page_dep
from podium.web.hosts import absolute
from podium.web.render import qr_svg

router = APIRouter(include_in_schema=False)

CODE_COOKIE = "podium_signup"
CODE_DAYS = 120
PublicPage = Annotated[Page, Depends(page_dep)]
FormPage = Annotated[Page, Depends(form_page)]
OrganiserForm = Annotated[Page, Depends(organiser_form)]
#: What the organiser's list taps run (each back to the list).
TAPS = frozenset({"signup.approve", "signup.reject", "checkin.mark", "checkin.undo"})


def _caller(page: Page, code: str = "") -> Caller:
    client = page.client()
    return Caller(actor="player" if code else "anonymous", code=code or None,
                  address=client.address, device=client.device)


def _run(page: Page, name: str, slug: str, fields: dict[str, Any], code: str = "",
         json: bool = False) -> Done:
    """A command as the page's visitor (their code, if any); ``json``: the fields are JSON
    values, not text (answers that hold commas)."""
    return page.web.events.execute(Invocation(name, slug, fields, JSON if json else TEXT, WEB),
                                   _caller(page, code))


def _said(page: Page, done: Done) -> str:
    said = done.said
    return said.render(page.fmt.catalog) if isinstance(said, Message) else str(said)


def _link(page: Page, slug: str, code: str) -> str:
    return absolute(page.web.public_url, page.request, f"/e/{slug}/signup/me?code={code}")


def _remember(page: Page, slug: str, response: Response, code: str) -> Response:
    response.set_cookie(CODE_COOKIE, code, max_age=CODE_DAYS * 24 * 3600, path=f"/e/{slug}",
                        httponly=True, samesite="lax", secure=page.web.secure_cookies)
    response.headers["Cache-Control"] = "no-store"  # the page holds the code
    return response


# -- the public form --------------------------------------------------------------------------
def _form(page: Page, slug: str, status: int = 200, **extra: Any) -> Response:
    loaded = page.web.events.load(slug)
    book = book_of(loaded.state)
    closes = page.fmt.when(book.closes, event_zone(loaded.state).key) if book.closes else ""
    closed = book.closes is not None and page.web.events.clock() >= book.closes
    return page.render("signup/form.html", status=status, event=loaded.state, book=book,
                       closes=closes, closed=closed, title="Sign-up", **extra)


@router.get("/e/{slug}/signup", response_class=HTMLResponse)
def signup_form(page: PublicPage, slug: str) -> Response:
    return _form(page, slug)


def _typed(form: dict[str, str], book: Any) -> dict[str, str]:
    """The answers to the questions by key (a check box sent: yes), sent as JSON so an answer
    keeps its commas (a commander's full name: «Atraxa, Praetors' Voice»)."""
    out = {}
    for item in book.fields:
        key = item["key"]
        value = form.get(f"f_{key}", "")
        if item["kind"] == "yesno":
            value = "yes" if value else "no"
        value = " ".join(value.split())[:200]
        if value:
            out[key] = value
    return out


@router.post("/e/{slug}/signup", response_class=HTMLResponse)
def signup_send(page: FormPage, slug: str, form: Fields) -> Response:
    book = book_of(page.web.events.load(slug).state)
    fields: dict[str, Any] = {"name": form.get("name", "")[:80],
                              "club": form.get("club", "")[:80]}
    answers = _typed(form, book)
    if answers:
        fields["fields"] = answers
    try:
        done = _run(page, "signup.enter", slug, fields, json=True)
    except PodiumError as error:
        if status_of(error) == 429:
            raise
        return _form(page, slug, status_of(error), error=page.message(error), last=form)
    return _me(page, slug, done.value.code, fresh=True)


# -- the player's page --------------------------------------------------------------------------
def _me(page: Page, slug: str, code: str, status: int = 200, fresh: bool = False,
        **extra: Any) -> Response:
    loaded = page.web.events.load(slug)
    seen = page.web.events.read(Invocation("signup.mine", slug, {}, TEXT, WEB),
                                _caller(page, code))
    mine = seen.value
    said = status_said(mine)
    response = page.render(
        "signup/me.html", status=status, event=loaded.state, mine=mine,
        said=said.render(page.fmt.catalog), link=_link(page, slug, code), code=code,
        fresh=fresh, rounds=loaded.ruleset.capabilities.rounds, title="My sign-up", **extra)
    return _remember(page, slug, response, code)


def _ask(page: Page, slug: str, status: int = 200, error: str = "") -> Response:
    loaded = page.web.events.load(slug)
    return page.render("signup/code.html", status=status, event=loaded.state, error=error,
                       title="My sign-up")


@router.get("/e/{slug}/signup/me", response_class=HTMLResponse)
def my_signup(page: PublicPage, slug: str,
              code: Annotated[str, Query(max_length=32)] = "") -> Response:
    code = code or page.request.cookies.get(CODE_COOKIE, "")[:32]
    if not code:
        return _ask(page, slug)
    try:
        return _me(page, slug, code)
    except PodiumError as error:
        if status_of(error) == 404:
            raise
        return _ask(page, slug, status_of(error), page.message(error))


@router.post("/e/{slug}/signup/{what}", response_class=HTMLResponse)
def player_step(page: FormPage, slug: str, what: str, form: Fields) -> Response:
    """The player withdraws or checks in, with their link's code."""
    name = {"withdraw": "signup.withdraw", "checkin": "checkin.self"}.get(what)
    if name is None:
        return _ask(page, slug, 404)
    code = form.get("code", "")[:32]
    try:
        done = _run(page, name, slug, {}, code)
    except PodiumError as error:
        if status_of(error) in (403, 429):
            return _ask(page, slug, status_of(error), page.message(error))
        return _me(page, slug, code, status_of(error), error=page.message(error))
    return _me(page, slug, code, flash=_said(page, done))


# -- the venue's QR -------------------------------------------------------------------------------
@router.get("/e/{slug}/checkin", response_class=HTMLResponse)
def checkin_qr(page: PublicPage, slug: str) -> Response:
    loaded = page.web.events.load(slug)
    target = absolute(page.web.public_url, page.request, f"/e/{slug}/signup/me")
    return page.render("signup/checkin.html", event=loaded.state, target=target,
                       code_qr=qr_svg(target, fluid=True), title="Check-in")


# -- the organiser's list -------------------------------------------------------------------------
def _list(page: Page, slug: str, status: int = 200, **extra: Any) -> Response:
    loaded = page.web.events.load(slug)
    book = book_of(loaded.state)
    state = loaded.state
    rows = []
    for number, entry in enumerate(book.entries.values(), start=1):
        status_key = book.status(entry)
        rows.append({"number": number, "entry": entry, "status": status_key,
                     "position": book.position(entry),
                     "checked": entry.player in book.checked_in,
                     "player": state.players.get(entry.player) if entry.player else None})
    signed = {e.player for e in book.entries.values() if e.player}
    others = [p for p in state.active_players() if p.id not in signed]
    return page.render(
        "signup/organiser.html", status=status, event=state, book=book, rows=rows,
        others=others, words=STATUS_SAID, rounds=loaded.ruleset.capabilities.rounds,
        absent=[p.name for p in absent_players(state)] if not state.rounds else [],
        public=absolute(page.web.public_url, page.request, f"/e/{slug}/signup"),
        title="Sign-ups", **extra)


@router.get("/manage/{slug}/signup", response_class=HTMLResponse)
def organiser_list(page: OrganiserPage, slug: str) -> Response:
    return _list(page, slug)


@router.post("/manage/{slug}/signup/{name}", response_class=HTMLResponse)
def organiser_tap(page: OrganiserForm, slug: str, name: str, form: Fields) -> Response:
    if name not in TAPS:
        return _list(page, slug, 404)
    fields = {k: v for k, v in form.items() if k in ("name", "player", "reason")}
    try:
        done = page.run(name, slug, fields)
    except PodiumError as error:
        return _list(page, slug, status_of(error), error=page.message(error))
    page.flash(_said(page, done))
    return page.redirect(f"/manage/{slug}/signup")


__all__ = ["router"]
