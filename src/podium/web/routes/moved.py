"""Addresses people kept from before a format's page became a declared view: each answers with
a permanent redirect to where the page is now (``Presentation.moved``,
:mod:`podium.core.demos`), its ``{name}`` parts carried over and its query kept, so a bookmark
or a shared link still opens the page (``/e/{slug}/series/overview`` → ``/e/{slug}/p/overview``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse


def _to(new: str) -> Callable[[Request], RedirectResponse]:
    def redirect(request: Request) -> RedirectResponse:
        params = {k: quote(str(v), safe="") for k, v in request.path_params.items()}
        target = f"/e/{params['slug']}/" + new.format(**params)
        query = request.url.query
        if query:
            target += ("&" if "?" in target else "?") + query
        return RedirectResponse(target, status_code=301)

    return redirect


def moved_router(moved: Mapping[str, str]) -> APIRouter:
    """A redirect for each old path (under ``/e/{slug}/``) to its new one, in the given order
    (a longer pattern, ``player/{name}.csv``, before the one it would be taken for)."""
    router = APIRouter(include_in_schema=False)
    for old, new in moved.items():
        router.add_api_route(f"/e/{{slug}}/{old}", _to(new), methods=["GET"])
    return router


__all__ = ["moved_router"]
