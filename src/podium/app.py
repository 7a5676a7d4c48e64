"""The web service: the pages and the JSON API over the same service layer as the CLI.

``create_app(db)`` builds the FastAPI application: organiser pages (login, events, players,
rounds, results, log, print), public pages (standings, pairings, format pages) with live refresh
and a QR code, player self-report, and the JSON API under ``/api/v1``. No domain logic lives in
routes or templates: they call :mod:`podium.service` and render what it returns.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware

from podium.api.problems import problem_body, route_error, validation_body
from podium.core.errors import Forbidden, InvalidInput, PodiumError, Unavailable, printable
from podium.core.views import N_
from podium.http import status_of
from podium.service.accounts import AccountService
from podium.service.catalog import Catalog
from podium.service.events import Clock, EventService, utc_now
from podium.service.hashing import Busy
from podium.service.keys import AppKeys
from podium.service.selfreport import SelfReportService
from podium.service.throttle import TooManyAttempts
from podium.store.db import Database
from podium.store.notify import Listener
from podium.web.cache import ViewCache
from podium.web.hosts import allowed_hosts as allowed_hosts_for
from podium.web.hosts import public_origin
from podium.web.plugins import WebFormat, WebParts
from podium.web.render import Renderer

if TYPE_CHECKING:
    from podium.web.live import Streams

STATIC_DIR = Path(__file__).resolve().parent / "web" / "static"
MAX_UPLOAD = 1_000_000  # bytes of a CSV import


@dataclass
class Web:
    """What every route needs, kept on ``app.state.web``."""

    db: Database
    events: EventService
    accounts: AccountService
    reports: SelfReportService
    renderer: Renderer
    cache: ViewCache
    poll_seconds: int
    secure_cookies: bool
    max_upload: int
    parts: WebParts
    keys: AppKeys
    public_url: str | None = None  # origin of absolute links; None: the request's (see hosts)
    listener: Listener | None = None  # "event changed" from other processes (PostgreSQL)
    streams: Streams | None = None  # the live pages' pushed streams (podium.web.live)

    @property
    def catalog(self) -> Catalog:
        return self.parts.catalog

    def format(self, name: str) -> WebFormat:
        """A format's pages (:class:`podium.web.plugins.WebFormat`)."""
        return self.parts.format(name)


def create_app(
    db: Database | str,
    parts: WebParts,
    *,
    clock: Clock = utc_now,
    poll_seconds: int = 5,
    secure_cookies: bool = False,
    max_upload: int = MAX_UPLOAD,
    freshness: float = 0.25,
    freeze_gc: bool = False,
    page_states: bool = False,
    background_pages: bool = False,
    public_url: str | None = None,
    allowed_hosts: Sequence[str] | None = None,
    listen: bool = True,
    behind_proxy: bool = False,
) -> FastAPI:
    """``parts``: the catalog of declared commands and the formats' pages, from the
    composition root (:func:`podium.compose.web_app` builds the whole application);
    ``freshness``: seconds a public page may lag the database; ``freeze_gc``: exempt each
    replayed event from the cycle collector (a server process; see ViewCache); ``page_states``:
    public pages built from states of their own, so a write never waits for one (ViewCache);
    ``background_pages``: a public page read before is rebuilt for a new version by a builder
    thread, its readers getting the last one meanwhile (ViewCache, :mod:`podium.web.builder`);
    ``public_url``: the origin of absolute links (QR codes); ``allowed_hosts``: ``Host``
    names answered besides the public URL's host and the local machine's names (with neither
    a public URL nor names, any host; see :mod:`podium.web.hosts`); ``listen``: on
    PostgreSQL, while the application runs (its lifespan), hear which events other processes
    changed and mark their pages stale at once (:mod:`podium.store.notify`);
    ``behind_proxy``: a TLS proxy on this machine forwards every request, and the client's
    address is the one it appended to ``X-Forwarded-For`` (:mod:`podium.web.proxy`)."""
    origin = public_origin(public_url)
    database = db if isinstance(db, Database) else Database(db)
    events = EventService(database, clock, catalog=parts.catalog)
    web = Web(
        db=database,
        events=events,
        accounts=AccountService(database, clock),
        reports=SelfReportService(events),
        renderer=Renderer(parts.template_dirs),
        cache=ViewCache(events, freshness, freeze_gc, page_states=page_states,
                        background=background_pages),
        poll_seconds=poll_seconds,
        secure_cookies=secure_cookies,
        max_upload=max_upload,
        parts=parts,
        keys=AppKeys(database, clock),
        public_url=origin,
    )
    from podium.web.live import Streams  # (it reads the fast path, which reads this module)

    web.streams = Streams(web.cache)
    if listen and not database.is_sqlite:
        web.listener = Listener(database, web.cache.changed, web.cache.forget_versions)
    app = FastAPI(
        lifespan=_lifespan,
        title="podium",
        version="1",
        summary="Tournaments for multiplayer table games: public results and organiser API.",
        docs_url=None,  # served from local files by podium.web.apidocs
        redoc_url=None,
    )
    app.state.web = web
    from podium.web.fastpath import CachedPublicPages

    app.add_middleware(CachedPublicPages)  # rendered public pages answered before routing
    hosts = allowed_hosts_for(origin, allowed_hosts)
    if hosts != ["*"]:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=hosts)  # before the cached pages
    from podium.web.limits import BodyLimits

    # request bodies counted as they stream, refused past the route's limit (413) before
    # anything parses them; anonymous callers get a small limit before authentication
    app.add_middleware(BodyLimits)
    from podium.web.security import SecurityHeaders

    # outermost: the headers go on every answer, the cached pages' included
    app.add_middleware(SecurityHeaders, docs_path="/api/docs", https=secure_cookies)
    if behind_proxy:
        from podium.web.proxy import ForwardedFor

        # outermost of all: every layer (the throttles' client address) sees the real client
        app.add_middleware(ForwardedFor)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    from podium.web.apidocs import add_api_docs

    add_api_docs(app)

    from podium.api import commands as api_commands
    from podium.api import routes as api_routes
    from podium.api import top as api_top
    from podium.web import health
    from podium.web.routes import (
        auth,
        commands,
        organiser,
        person,
        public,
        selfreport,
        signup,
        stream,
        views,
    )

    app.include_router(api_routes.router)
    app.include_router(api_routes.formats_router)
    app.include_router(health.router)
    app.include_router(api_top.router)
    app.include_router(api_commands.router_for(parts.catalog))  # every declared command
    from podium.api import views as api_views

    app.include_router(api_views.router_for(parts.catalog))  # every declared view
    api_commands.add_components(app)  # the formats' settings objects the bodies refer to
    for router in parts.routers:  # a format's own pages and JSON reads
        app.include_router(router)
    for module in (auth, public, organiser, commands, selfreport, signup, views, person,
                   stream):
        app.include_router(module.router)

    @app.exception_handler(PodiumError)
    async def podium_error(request: Request, error: PodiumError) -> Response:
        status = status_of(error)
        headers = {"WWW-Authenticate": "Bearer"} if status == 401 else {}
        if isinstance(error, TooManyAttempts | Busy | Unavailable):
            # 429; 503: the hashing gate is full, or the database is not answering (507 full)
            headers["Retry-After"] = str(error.retry_after)
        if request.url.path.startswith("/api/"):
            return JSONResponse(problem_body(error), status_code=status, headers=headers)
        return HTMLResponse(web.renderer.error_page(request, error, status), status_code=status,
                            headers=headers)

    from podium.web.deps import CsrfRefused, LoginRequired

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> Response:
        """A 422 naming each bad field: JSON for the API, the error page for forms. What was
        sent is echoed with any text no encoder can write shown as U+FFFD (never a 500)."""
        errors = printable(jsonable_encoder(error.errors()))
        problems = [
            f"{'.'.join(str(p) for p in item.get('loc', ()) if p not in ('body', 'query', 'path'))}"
            f": {item.get('msg', '')}"
            for item in errors
        ]
        if request.url.path.startswith("/api/"):
            return JSONResponse(validation_body(errors), status_code=422)
        return HTMLResponse(
            web.renderer.error_page(request, "; ".join(problems), 422), status_code=422
        )

    @app.exception_handler(StarletteHTTPException)
    async def no_route(request: Request, error: StarletteHTTPException) -> Response:
        """An unknown route or a method a route does not take: a ``Problem`` on the API."""
        if request.url.path.startswith("/api/") and error.status_code in (404, 405):
            refused = route_error(error.status_code, request.method, request.url.path)
            return JSONResponse(problem_body(refused), status_code=error.status_code,
                                headers=dict(error.headers or {}))
        return await http_exception_handler(request, error)

    @app.exception_handler(LoginRequired)
    async def login_required(request: Request, error: LoginRequired) -> Response:
        from urllib.parse import quote

        target = f"/login?next={quote(error.next_url)}" + ("&expired=1" if error.expired else "")
        if request.headers.get("hx-request"):
            return Response(status_code=401, headers={"HX-Redirect": target})
        return RedirectResponse(target, status_code=303)

    @app.exception_handler(CsrfRefused)
    async def csrf_refused(request: Request, error: CsrfRefused) -> Response:
        message = N_(
            "The form has expired or was not sent from this page: reload the page and try again."
        )
        return HTMLResponse(web.renderer.error_page(request, message, 403), status_code=403)

    return app


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """The process's listener (PostgreSQL) runs while the application does; at its end every
    live stream ends."""
    listener = app.state.web.listener
    if listener is not None:
        listener.start()
    try:
        yield
    finally:
        if app.state.web.streams is not None:
            await app.state.web.streams.stop()
        if listener is not None:
            listener.stop()


__all__ = ["Forbidden", "InvalidInput", "Web", "create_app", "status_of"]
