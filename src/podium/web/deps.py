"""Per-request context of the HTML pages: language, login, device, CSRF token, and the checks.

Every browser gets a device id on its first visit to a page with a form (a signed cookie,
:mod:`podium.service.keys`): the throttles tell the phones at one address apart by it, and the
CSRF token of a visitor who is not signed in is bound to it (an HMAC under the application's
key), so a cookie and a form value planted together by another site never pass. A signed-in
organiser's token is their session's."""

from __future__ import annotations

import hmac
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any
from urllib.parse import quote, unquote

from fastapi import Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from podium.app import Web
from podium.core import codes
from podium.core.commands import TEXT, WEB, Caller
from podium.core.errors import Forbidden, PodiumError
from podium.core.views import N_
from podium.http import TooLarge, client_address, device_cookie
from podium.service.accounts import JUDGE, OWNER, User, WebSession
from podium.service.catalog import Done, Invocation
from podium.service.throttle import Client, TooManyAttempts
from podium.web.hosts import absolute
from podium.web.i18n import COOKIE as LANG_COOKIE
from podium.web.i18n import Formatter, localise, negotiate
from podium.web.render import formatter, qr_svg

SESSION_COOKIE = "podium_session"
CSRF_FIELD = "csrf_token"
FLASH_COOKIE = "podium_flash"
CSRF_HEADER = "x-csrf-token"


class LoginRequired(Exception):
    def __init__(self, expired: bool, next_url: str) -> None:
        self.expired = expired
        self.next_url = next_url


class CsrfRefused(Exception):
    pass


@dataclass
class Page:
    request: Request
    web: Web
    lang: str
    fmt: Formatter
    user: User | None
    session: WebSession | None
    expired: bool
    token: str  # the CSRF token; read it through ``csrf`` so the cookie is set only when used
    device: str  # the browser's device id (a new one when it sent no cookie we signed)
    device_cookie: str  # the cookie to set for a new device ("": the browser has its own)
    cookies: dict[str, str] = field(default_factory=dict)
    flashed: str = ""
    csrf_used: bool = False
    device_used: bool = False
    retry_after: int = 0  # the seconds of the last throttle refusal shown (Retry-After)

    @property
    def csrf(self) -> str:
        self.csrf_used = True
        return self.token

    @property
    def new_device(self) -> bool:
        return bool(self.device_cookie)

    def client(self) -> Client:
        """The visitor as the throttles know it: address and device (whose cookie this
        answer sets when the browser had none)."""
        self.device_used = True
        return Client(client_address(self.request), self.device)

    def flash(self, message: str) -> None:
        """A message for the next page (after a redirect)."""
        self.flashed = message

    def render(self, template: str, status: int = 200, headers: dict[str, str] | None = None,
               **context: Any) -> HTMLResponse:
        context.setdefault("title", "")
        context.setdefault("qr", None)
        shown = self.request.cookies.get(FLASH_COOKIE)
        if shown:
            context.setdefault("flash", unquote(shown)[:300])
        html = self.web.renderer.render(
            self.lang,
            template,
            {"page": self, "fmt": self.fmt, "request": self.request, **context},
        )
        response = HTMLResponse(html, status_code=status, headers=headers)
        if shown:
            response.delete_cookie(FLASH_COOKIE)
        if status == 429 and "retry-after" not in response.headers:
            response.headers["Retry-After"] = str(self.retry_after or 1)
        if self.private:
            # secrets on the page (a new API token, player codes, a code typed in, a CSRF
            # token): no cache, no back-button copy, no shared proxy may keep it
            response.headers["Cache-Control"] = "no-store"
        self.finish(response)
        return response

    @property
    def private(self) -> bool:
        """Whether the page may show a secret: a signed-in organiser's page, a page opened
        with a player code in its address, any answer to a form (it may carry a code), a
        page holding a CSRF token (a form: the login page, a player's form)."""
        return (self.user is not None or "code" in self.request.query_params
                or self.request.method not in ("GET", "HEAD") or self.csrf_used)

    def redirect(self, url: str) -> RedirectResponse:
        response = RedirectResponse(url, status_code=303)
        self.finish(response)
        return response

    def finish(self, response: Response) -> None:
        if self.new_device and (self.csrf_used or self.device_used):
            # a year; __Host- (with Secure cookies): this host only, path /, no Domain
            response.set_cookie(
                device_cookie(self.web.secure_cookies), self.device_cookie,
                max_age=365 * 24 * 3600, httponly=True, samesite="lax",
                secure=self.web.secure_cookies,
            )
            response.headers["Cache-Control"] = "no-store"  # a shared cache must not keep it
        if self.flashed:
            response.set_cookie(FLASH_COOKIE, quote(self.flashed), max_age=60, samesite="lax",
                                httponly=True)
        for key, value in self.cookies.items():
            response.set_cookie(key, value, max_age=365 * 24 * 3600, samesite="lax")

    def message(self, error: PodiumError) -> str:
        """An error's message in the page's language (a throttle's refusal also sets the
        page's Retry-After: every 429 page says when to try again)."""
        if isinstance(error, TooManyAttempts):
            self.retry_after = error.retry_after
        return localise(error, self.lang)

    def qr(self) -> Any:
        """The page's address as a QR code: from the public URL when one is set, never from a
        request's Host header then (see :mod:`podium.web.hosts`)."""
        return qr_svg(absolute(self.web.public_url, self.request, self.request.url.path))

    def require_login(self) -> User:
        if self.user is None:
            raise LoginRequired(self.expired, self.request.url.path)
        return self.user

    def role(self, slug: str) -> str | None:
        return self.web.accounts.role_of(self.user, slug)

    def caller(self) -> Caller:
        """The signed-in organiser as the caller of a declared command (refused to a visitor
        who is not signed in: the login page, then back)."""
        user = self.require_login()
        return Caller(actor=user.username, username=user.username,
                      address=client_address(self.request), device=self.device)

    def run(self, name: str, slug: str | None, fields: Mapping[str, Any]) -> Done:
        """Run declared command ``name`` on event ``slug`` with a form's fields (text, and
        :class:`~podium.core.inputs.Upload` files) as the signed-in organiser: the service
        checks the role, decodes the fields and stores (:mod:`podium.service.invoke`)."""
        return self.web.events.execute(Invocation(name, slug, fields, TEXT, WEB), self.caller())

    def view(self, slug: str, name: str, **params: Any) -> Any:
        """Declared view ``name`` of event ``slug`` (its parameters as text), read as this
        page's visitor through the one reader: what a format's own template shows beyond its
        context (the games due on a form) it reads from the format's views."""
        from podium.web.routes.views import page_caller

        fields = {key: str(value) for key, value in params.items() if value is not None}
        web = self.web
        return web.events.read(Invocation(name, slug, fields, TEXT, WEB), page_caller(self),
                               lambda event: web.cache.load(event).loaded).value

    def require_role(self, slug: str, *roles: str) -> User:
        user = self.require_login()
        allowed = roles or (OWNER, JUDGE)
        if self.role(slug) not in allowed:
            self.web.cache.version(slug)  # an unknown event is a 404, not a 403
            if allowed == (OWNER,):
                raise Forbidden(N_("you do not run event %(slug)r: only its owner may do this"),
                                code=codes.ROLE_MISSING, slug=slug)
            raise Forbidden(
                N_("you do not run event %(slug)r: only its owner or a judge may do this"),
                code=codes.ROLE_MISSING, slug=slug)
        return user


def get_page(request: Request) -> Page:
    web: Web = request.app.state.web
    lang = negotiate(request.cookies.get(LANG_COOKIE), request.headers.get("accept-language"))
    user = session = None
    expired = False
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        session, expired = web.accounts.session_of(token)
        user = session.user if session else None
    device = web.keys.device_of(request.cookies.get(device_cookie(web.secure_cookies)))
    cookie = ""
    if not device:  # none, or one this application did not sign: a new device
        device, cookie = web.keys.new_device()
    csrf = session.csrf if session is not None else web.keys.csrf_of(device)
    return Page(request, web, lang, formatter(lang), user, session, expired, csrf, device,
                cookie)


async def check_csrf(request: Request) -> None:
    """Every form POST carries the page's CSRF token (field or ``X-CSRF-Token`` header): the
    session's, or (not signed in) the one this application signed for the browser's device,
    so a token from a browser without a device cookie we signed never passes."""
    page: Page = request.state.page
    sent = request.headers.get(CSRF_HEADER)
    if not sent:
        form = await request.form()
        value = form.get(CSRF_FIELD)
        sent = value if isinstance(value, str) else None
    fresh = page.session is None and page.new_device
    if fresh or not sent or not hmac.compare_digest(sent.encode(), page.token.encode()):
        raise CsrfRefused()


def page_dep(request: Request) -> Page:
    """The page context; a plain function, so FastAPI runs its database read (the session of
    the cookie) in the thread pool, never on the event loop."""
    page = get_page(request)
    request.state.page = page
    return page


async def form_page(request: Request) -> Page:
    """The page of a POST form, after the CSRF check; refused before anything is done."""
    page = await run_in_threadpool(page_dep, request)  # a database read: off the event loop
    length = request.headers.get("content-length", "")
    limit = page.web.max_upload + 64_000  # the file plus the form's other fields
    if length.isdigit() and int(length) > limit:
        raise TooLarge(N_("file: the upload is larger than %(kb)s kB"), code=codes.INPUT_FILE,
                       kb=page.web.max_upload // 1000)
    if page.expired and page.user is None and request.url.path.startswith("/manage"):
        raise LoginRequired(True, request.url.path)
    await check_csrf(request)
    return page


async def form_fields(request: Request) -> dict[str, str]:
    """The text fields of a form. Also a dependency (``Fields``): routes that take it can be
    plain functions, whose blocking work FastAPI runs in the thread pool."""
    form = await request.form()
    return {key: value for key, value in form.items() if isinstance(value, str)}


async def form_uploads(request: Request) -> dict[str, tuple[str, bytes]]:
    """The files of a multipart form as ``name: (filename, bytes)``, each read up to one byte
    past the upload limit (so a route can refuse a larger one). A dependency (``Uploads``)."""
    form = await request.form()
    web: Web = request.app.state.web
    files = {}
    for name, value in form.items():
        if isinstance(value, str) or not hasattr(value, "read"):
            continue
        files[name] = (value.filename or "", await value.read(web.max_upload + 1))
    return files


Fields = Annotated[dict[str, str], Depends(form_fields)]
Uploads = Annotated[dict[str, tuple[str, bytes]], Depends(form_uploads)]


def organiser_page(request: Request, slug: str) -> Page:
    """A page of event ``slug`` for its organisers (owner or judge): signed in, else the
    login page; another account gets 403, an unknown event 404."""
    page = page_dep(request)
    page.require_role(slug)
    return page


def owner_page(request: Request, slug: str) -> Page:
    """A page of event ``slug`` for its owner only (its judges)."""
    page = page_dep(request)
    page.require_role(slug, OWNER)
    return page


async def organiser_form(request: Request, slug: str) -> Page:
    """An organiser's form of event ``slug`` (CSRF checked first, then the role)."""
    page = await form_page(request)
    await run_in_threadpool(page.require_role, slug)
    return page


async def owner_form(request: Request, slug: str) -> Page:
    page = await form_page(request)
    await run_in_threadpool(page.require_role, slug, OWNER)
    return page


OrganiserPage = Annotated[Page, Depends(organiser_page)]
OwnerPage = Annotated[Page, Depends(owner_page)]
OrganiserForm = Annotated[Page, Depends(organiser_form)]
OwnerForm = Annotated[Page, Depends(owner_form)]
