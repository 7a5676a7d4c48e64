"""Login, logout and the language switch."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Form
from fastapi.responses import Response

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
    found = page.web.accounts.login(username, password)
    if found is None:
        return page.render("login.html", status=401, next=safe_next(next), failed=True,
                           username=username, title="Log in")
    token, _session = found
    response = page.redirect(safe_next(next))
    response.set_cookie(SESSION_COOKIE, token, httponly=True, samesite="lax",
                        secure=page.web.secure_cookies)
    return response


@router.post("/logout")
def logout(page: Annotated[Page, Depends(form_page)]) -> Response:
    token = page.request.cookies.get(SESSION_COOKIE)
    if token:
        page.web.accounts.logout(token)
    response = page.redirect("/")
    response.delete_cookie(SESSION_COOKIE)
    return response


@router.get("/lang/{lang}")
def switch_language(page: Annotated[Page, Depends(page_dep)], lang: str,
                    next: str = "/") -> Response:
    if lang in LANGUAGES:
        page.cookies[LANG_COOKIE] = lang
    return page.redirect(safe_next(next, "/"))
