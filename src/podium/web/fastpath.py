"""A fast path for the public pages that phones poll: an anonymous GET of a page already rendered
for the event's current version is answered before routing.

:func:`podium.web.routes.public.cached_page` renders a public page once per event version,
language and address and keeps the bytes in the :class:`~podium.web.cache.ViewCache`. Under a
venue's load most requests ask for exactly such a page; answering them here skips FastAPI's
routing and dependencies, which cost more than the page itself. Anything else (a logged-in
organiser, a flash message, a page not rendered yet, a new event version) goes through the
application unchanged, and the application fills the cache, so both paths serve the same bytes.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from podium.core.errors import NotFound, Unavailable
from podium.web.deps import FLASH_COOKIE, SESSION_COOKIE
from podium.web.hosts import cache_scope
from podium.web.i18n import COOKIE as LANG_COOKIE
from podium.web.i18n import negotiate


class CachedPublicPages:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["method"] == "GET"
            and scope["path"].startswith("/e/")
        ):
            # The lookup may ask the database for the event's version: off the event loop
            # unless the version is known fresh (then it is a few dict lookups).
            web: Any = scope["app"].state.web
            slug = scope["path"].split("/")[2]
            for _ in range(WAITS):
                if web.cache.fresh_key(slug) is not None:
                    response = cached_response(scope)
                else:
                    response = await run_in_threadpool(cached_response, scope)
                if isinstance(response, threading.Event):
                    # the page is being built (and the previous one is past the lag): wait for
                    # it here, so that waiting readers hold no thread of the pool, which the
                    # API's writes need too (writes queued behind them)
                    while not response.is_set():
                        await asyncio.sleep(WAIT_STEP)
                    continue
                if response is not None:
                    await response(scope, receive, send)
                    return
                break
        await self.app(scope, receive, send)


WAITS = 3  # builds of a page waited for on the event loop before the application answers
WAIT_STEP = 0.01  # seconds between looks at a build under way


def cached_response(scope: Scope) -> Response | threading.Event | None:
    """The cached page's response; the build of it under way (to wait for); or None to let
    the application answer."""
    request = Request(scope)
    cookies = request.cookies
    if SESSION_COOKIE in cookies or FLASH_COOKIE in cookies:
        return None
    web: Any = scope["app"].state.web
    slug = scope["path"].split("/")[2]
    try:
        key = web.cache.key(slug)
    except (NotFound, Unavailable):  # the application answers (the database's 503 page)
        return None
    lang = negotiate(cookies.get(LANG_COOKIE), request.headers.get("accept-language"))
    # the page of this version, or the last one while a reader rebuilds it (within the lag)
    part = page_key(web.public_url, request, lang)
    entry = web.cache.part(slug, key, part)
    if entry is None:
        flight: threading.Event | None = web.cache.flight(slug, part)
        return flight
    return page_response(entry, request.headers)


def page_key(public_url: str | None, request: Request, lang: str) -> tuple[str, ...]:
    """A rendered page's key in its event's memo. The query is the raw one: the application
    stores pages only under their normalised query (others are redirected to it), so a junk
    query never matches and never adds an entry. Without a public URL the page's absolute
    links come from the request's host, so the host is part of the key."""
    return ("page", cache_scope(public_url, request), lang, request.url.path, request.url.query)


def page_response(entry: tuple[bytes, bytes, str, int], headers: Any) -> Response:
    """A cached page as the browser asked for it: 304 for a known ETag, gzip when accepted."""
    body, zipped, etag, status = entry
    out = {"ETag": etag, "Vary": "Accept-Encoding, Accept-Language, Cookie",
           "Cache-Control": "no-cache"}
    if headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=out)
    if "gzip" in headers.get("accept-encoding", ""):
        out["Content-Encoding"] = "gzip"
        body = zipped
    return Response(body, status_code=status, headers=out, media_type="text/html")
