"""``GET /e/<event>/stream``: a public page's live part, pushed (:mod:`podium.web.live`)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from sse_starlette import EventSourceResponse

from podium.http import client_address
from podium.web.i18n import COOKIE as LANG_COOKIE
from podium.web.i18n import negotiate
from podium.web.live import PING, VISITOR, Refused

router = APIRouter(include_in_schema=False)


@router.get("/e/{slug}/stream")
async def stream(request: Request, slug: str,
                 part: Annotated[str, Query(max_length=400)] = "",
                 v: Annotated[str, Query(max_length=64)] = "") -> Response:
    """The stream of ``part`` (a live part of this event's pages); ``v``: the visitor's
    random id, so that a visitor has one stream per page (a second one ends the first)."""
    streams = request.app.state.web.streams
    if not part.startswith(f"/e/{slug}/"):
        return Response("not a live part of this event\n", status_code=404,
                        media_type="text/plain")
    lang = negotiate(request.cookies.get(LANG_COOKIE), request.headers.get("accept-language"))
    visitor = v if VISITOR.match(v) else ""
    try:
        opened = await streams.open(request.app, part, lang, request.headers.get("host", ""),
                                    client_address(request), visitor)
    except Refused as refused:
        headers = {"Retry-After": "30"} if refused.status in (429, 503) else {}
        return Response(f"{refused}\n", status_code=refused.status, media_type="text/plain",
                        headers=headers)

    async def messages() -> AsyncIterator[dict[str, Any] | bytes]:
        try:
            async for message in opened.messages():
                yield message
        finally:
            streams.release(opened)

    return EventSourceResponse(messages(), ping=PING,
                               headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
