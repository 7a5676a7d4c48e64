"""``GET /health``: whether this server process can answer, for a reverse proxy's or a
process manager's health checks (docs/deploy.md), and what its listener heard.

It asks the database one trivial query (503 when that fails: the proxy should send requests
elsewhere) and reports this process's "event changed" listener on PostgreSQL
(:mod:`podium.store.notify`): connected or not, notifications received, connections made and
lost. Counts only, nothing about events or people, so it needs no login; it is left out of the
API's schema (it is the process's, not the API's).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from podium.core.errors import Unavailable
from podium.store.db import Busy

router = APIRouter()


@router.get("/health", include_in_schema=False)
def health(request: Request) -> JSONResponse:
    web: Any = request.app.state.web
    try:
        with web.db.session(readonly=True) as session:
            session.execute(text("SELECT 1"))
        database = True
    except (SQLAlchemyError, Busy, Unavailable):
        database = False
    listener = web.listener.status() if web.listener is not None else None
    body = {"status": "ok" if database else "unavailable", "database": database,
            "store": "sqlite" if web.db.is_sqlite else "postgresql", "listener": listener}
    return JSONResponse(body, status_code=200 if database else 503,
                        headers={"Cache-Control": "no-store"})
