"""A fast path for the public pages that phones poll: an anonymous GET of a page already rendered
for the event's current version is answered before routing.

:func:`podium.web.routes.public.cached_page` renders a public page once per event version,
language and address and keeps the bytes in the :class:`~podium.web.cache.ViewCache`. Under a
venue's load most requests ask for exactly such a page; answering them here skips FastAPI's
routing and dependencies, which cost more than the page itself. Anything else (a logged-in
organiser, a flash message, a page not rendered yet, a new event version) goes through the
application unchanged, and the application fills the cache, so both paths serve the same bytes.

With the pages rebuilt in the background (:mod:`podium.web.builder`) a reader gets the last page
built while the new one is; a request naming a version (``Podium-Version: <seq>``, e.g. a live
page told of a write, or a client that made it) waits for the page built at that version or a
later one.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from podium.core.errors import NotFound, Unavailable
from podium.web.builder import STALE_LIMIT
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
            at_least = version_asked(Request(scope).headers)
            for _ in range(WAITS):
                fresh = web.cache.fresh_key(slug)
                if fresh is not None and fresh[2] >= at_least:
                    response = cached_response(scope)
                else:
                    response = await run_in_threadpool(cached_response, scope)
                if isinstance(response, Future):
                    # a page asked for at a version the builder is building: wait for it
                    # here (the builder's limit at most, then the application builds it)
                    try:
                        await asyncio.wait_for(asyncio.wrap_future(response), STALE_LIMIT)
                    except TimeoutError:
                        break
                    continue
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


VERSION_HEADER = "podium-version"


def version_asked(headers: Any) -> int:
    """The version a request asks its page at (``Podium-Version``), 0 for none."""
    value = headers.get(VERSION_HEADER, "")
    return int(value) if value.isdigit() and len(value) < 19 else 0


def cached_response(scope: Scope) -> Response | threading.Event | Future[int] | None:
    """The cached page's response; the build of it under way (to wait for: an event, or the
    builder's future for a page asked for at a version); or None to let the application
    answer."""
    request = Request(scope)
    cookies = request.cookies
    if SESSION_COOKIE in cookies or FLASH_COOKIE in cookies:
        return None
    web: Any = scope["app"].state.web
    slug = scope["path"].split("/")[2]
    at_least = version_asked(request.headers)
    try:
        key = web.cache.key(slug, at_least)
    except (NotFound, Unavailable):  # the application answers (the database's 503 page)
        return None
    lang = negotiate(cookies.get(LANG_COOKIE), request.headers.get("accept-language"))
    # the page of this version, or the last one while a reader rebuilds it (within the lag)
    part = page_key(web.public_url, request, lang)
    entry = web.cache.part(slug, key, part, min(at_least, key[2]))
    if entry is None:
        if at_least and web.cache.builder is not None \
                and web.cache.builder.can_rebuild(slug, part):
            built: Future[int] = web.cache.builder.built(key[0], min(at_least, key[2]), part)
            return None if built.done() else built
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
