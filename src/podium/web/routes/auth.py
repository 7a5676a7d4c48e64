"""Login (throttled), logout, the language switch and the organiser's account (API tokens)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Path
from fastapi.responses import Response

from podium.core.errors import PodiumError
from podium.service.accounts import MAX_TOKEN_DAYS, TOKEN_DAYS
from podium.service.throttle import TooManyAttempts
from podium.web.deps import SESSION_COOKIE, Page, form_page, page_dep
from podium.web.i18n import COOKIE as LANG_COOKIE
from podium.web.i18n import LANGUAGES

router = APIRouter(include_in_schema=False)


def safe_next(url: str | None, default: str = "/manage") -> str:
    """Only a local path: never redirect to another site (``//host``, ``/\\host``)."""
    if not url or not url.startswith("/") or url[1:2] in ("/", "\\") or "\\" in url:
        return default
    return url


@router.get("/login")
def login_form(page: Annotated[Page, Depends(page_dep)], next: str = "/manage",
               expired: int = 0) -> Response:
    return page.render("login.html", next=safe_next(next), expired=bool(expired or page.expired),
                       title="Log in")


@router.post("/login")
def login(
    page: Annotated[Page, Depends(form_page)],
    username: Annotated[str, Form(max_length=100)],
    password: Annotated[str, Form(max_length=200)],
    next: Annotated[str, Form(max_length=500)] = "/manage",
) -> Response:
    try:
        found = page.web.accounts.login(username, password, page.client())
    except TooManyAttempts as error:
        return page.render("login.html", status=error.status, next=safe_next(next),
                           throttled=page.message(error), username=username, title="Log in",
                           headers={"Retry-After": str(error.retry_after)})
    if found is None:
        return page.render("login.html", status=401, next=safe_next(next), failed=True,
                           username=username, title="Log in")
    token, _session = found
    response = page.redirect(safe_next(next))
    response.set_cookie(SESSION_COOKIE, token, httponly=True, samesite="lax",
                        secure=page.web.secure_cookies)
    response.headers["Cache-Control"] = "no-store"  # it sets the session's token
    return response


@router.post("/logout")
def logout(page: Annotated[Page, Depends(form_page)]) -> Response:
    token = page.request.cookies.get(SESSION_COOKIE)
    if token:
        page.web.accounts.logout(token)
    response = page.redirect("/")
    response.delete_cookie(SESSION_COOKIE)
    response.headers["Cache-Control"] = "no-store"
    return response


@router.get("/lang/{lang}")
def switch_language(page: Annotated[Page, Depends(page_dep)], lang: str,
                    next: str = "/") -> Response:
    if lang in LANGUAGES:
        page.cookies[LANG_COOKIE] = lang
    return page.redirect(safe_next(next, "/"))


# the organiser's account: API tokens ------------------------------------------------------------
def _account(page: Page, status: int = 200, **extra: Any) -> Response:
    user = page.require_login()
    return page.render("account.html", status=status, tokens=page.web.accounts.tokens(
        user.username), default_days=TOKEN_DAYS, max_days=MAX_TOKEN_DAYS, title="Your account",
        **extra)


@router.get("/account")
def account(page: Annotated[Page, Depends(page_dep)]) -> Response:
    return _account(page)


@router.post("/account/tokens")
def create_token(
    page: Annotated[Page, Depends(form_page)],
    label: Annotated[str, Form(max_length=200)] = "",
    days: Annotated[int, Form(ge=1, le=MAX_TOKEN_DAYS)] = TOKEN_DAYS,
) -> Response:
    """The new token is shown on this answer only (never stored, never in a URL)."""
    user = page.require_login()
    try:
        token = page.web.accounts.create_token(user.username, label, days)
    except PodiumError as error:
        return _account(page, status=error.status, error=page.message(error))
    return _account(page, new_token=token)


@router.post("/account/tokens/{token_id}/revoke")
def revoke_token(page: Annotated[Page, Depends(form_page)],
                 token_id: Annotated[int, Path(ge=1, le=2**31 - 1)]) -> Response:
    user = page.require_login()
    page.web.accounts.revoke_token(user.username, token_id)
    page.flash(page.fmt.gettext("Token #%(id)s revoked.") % {"id": token_id})
    return page.redirect("/account")
