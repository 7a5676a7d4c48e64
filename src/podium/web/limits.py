"""Request bodies counted as they arrive, and refused past their route's limit (HTTP 413)
before anything parses or stores them, with or without a ``Content-Length``.

Why: a body without ``Content-Length`` (chunked) was read in full, into memory or a temporary
file, before any check: anonymous uploads of 200 MB to ``/login`` or the self-report were
written whole before their refusal, and anonymous JSON was parsed in full before the login
check (8 x 60 MB took 848 MB). Here, before the application sees the request:

- a caller not known as an organiser (no credentials, a player code, credentials that do not
  check out) may send :data:`~podium.http.ANONYMOUS_BODY` bytes, whatever the route: a login
  form or a self-report is far smaller;
- an organiser (a live session cookie or an API token, checked only when the body may be
  larger than the anonymous limit) may send the route's limit: a declared command's on the API
  (:func:`~podium.http.command_limit`: an import gets :data:`~podium.http.IMPORT_BODY`), a
  form with its upload on the pages (the upload limit and the form's other fields), else
  :data:`~podium.http.SMALL_BODY`.

A declared ``Content-Length`` over the limit is answered at once, nothing read; otherwise the
bytes are counted as the application reads them, and the read that passes the limit ends the
request with 413 (the application's own answer to the broken read is replaced).
"""

from __future__ import annotations

import contextlib
import json
import re
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from podium.core import codes
from podium.core.views import N_
from podium.http import ANONYMOUS_BODY, SMALL_BODY, TooLarge, command_limit, problem_body

SESSION_COOKIE = "podium_session"  # as podium.web.deps names it (no import: deps is heavier)
TOKEN_PREFIX = "pod_"
COMMAND = re.compile(r"^/api/v1/(?:events/[^/]+/)?commands/([^/]+)$")
FORM_EXTRA = 64_000  # a page's form: its fields besides the upload


class BodyTooLarge(Exception):
    """Raised into the application from its ``receive`` when the body passes the limit."""


class BodyLimits:
    """The ASGI middleware (hooked in :func:`podium.app.create_app`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", ())}
        length = headers.get("content-length", "")
        declared = int(length) if length.strip().isdigit() else None
        limit = ANONYMOUS_BODY
        if declared is None or declared > ANONYMOUS_BODY:
            limit = await self._limit(scope, headers)
        if declared is not None and declared > limit:
            await self._too_large(scope, send, limit)
            return
        counted = 0
        over = False
        started = False

        async def counting_receive() -> Message:
            nonlocal counted, over
            if over:
                raise BodyTooLarge()
            message = await receive()
            if message["type"] == "http.request":
                counted += len(message.get("body", b""))
                if counted > limit:
                    over = True
                    raise BodyTooLarge()
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if over:  # the application's answer to the broken read: ours instead
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        with contextlib.suppress(BodyTooLarge):  # the application let the broken read out
            await self.app(scope, counting_receive, guarded_send)
        if over and not started:
            await self._too_large(scope, send, limit)

    async def _limit(self, scope: Scope, headers: dict[str, str]) -> int:
        """The route's limit for an organiser whose credentials check out, else the
        anonymous one."""
        web: Any = scope["app"].state.web
        path: str = scope["path"]
        if not await run_in_threadpool(_organiser, web, headers):
            return ANONYMOUS_BODY
        found = COMMAND.match(path)
        if found:
            try:
                return command_limit(web.catalog.find(found.group(1)))
            except Exception:  # an unknown command: the route answers 404
                return SMALL_BODY
        if path.startswith("/manage"):
            return int(web.max_upload) + FORM_EXTRA
        return SMALL_BODY

    @staticmethod
    async def _too_large(scope: Scope, send: Send, limit: int) -> None:
        error = TooLarge(N_("the body is larger than %(kb)s kB"), code=codes.INPUT_BODY,
                         field="body", kb=limit // 1000)
        if scope["path"].startswith("/api/"):
            body = json.dumps(problem_body(error)).encode()
            kind = b"application/json"
        else:
            body = await _page(scope, error)
            kind = b"text/html; charset=utf-8"
        await send({"type": "http.response.start", "status": 413, "headers": [
            (b"content-type", kind), (b"content-length", str(len(body)).encode()),
            (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


def _organiser(web: Any, headers: dict[str, str]) -> bool:
    """Whether the request's credentials are an organiser's: an API token that exists, or a
    live session cookie (a database read, in the thread pool)."""
    scheme, _, token = headers.get("authorization", "").partition(" ")
    token = token.strip()
    if scheme.lower() == "bearer" and token.startswith(TOKEN_PREFIX):
        return web.accounts.token_user(token) is not None
    cookie = _cookie(headers.get("cookie", ""), SESSION_COOKIE)
    if cookie:
        session, _expired = web.accounts.session_of(cookie)
        return session is not None
    return False


def _cookie(header: str, name: str) -> str:
    for part in header.split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value.strip('"')
    return ""


async def _page(scope: Scope, error: TooLarge) -> bytes:
    """The error page in the visitor's language (plain text if it cannot be drawn)."""
    web: Any = scope["app"].state.web
    try:
        return str(web.renderer.error_page(Request(scope), error, 413)).encode("utf-8")
    except Exception:  # the page needs nothing the request lacks; never fail the refusal
        return str(error).encode("utf-8")


__all__ = ["BodyLimits", "BodyTooLarge"]
