"""``GET /api/v1/events/{slug}/views/{name}``: every declared view on the JSON API.

One route per view of the catalog (:mod:`podium.core.reads`): its parameters are the query's
(decoded by the same inputs as the command line's options), its answer the view's typed value
as JSON, whose schema ``/openapi.json`` generates from the value's type (``returns``). A view
that answers tables (:class:`~podium.core.views.TableView`) answers their typed form
(:class:`~podium.core.values.TableValue`: exact values, display text, each row's player id),
one page of rows (``limit``, ``offset``) with the total.

A public view's answer is kept per event version and query (:mod:`podium.web.cache`), so
polling clients cost one encoding per change; organisers' and players' views are read afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from podium.api.problems import responses
from podium.core.commands import ANYONE, API, PLAYER, TEXT, Param
from podium.core.reads import PAGE_LIMIT, ViewSpec
from podium.service.catalog import Catalog, Invocation
from podium.service.reader import encode

#: The statuses a view answers besides 200, and what each means.
ERRORS = {
    "401": "The view needs an organiser token or a player code, and none was sent.",
    "403": "The token or code may not read this view.",
    "404": "No such event or view, or a round, table or player the view names.",
    "409": "Not readable in the event's current state (a TOP not built), or a view of "
           "another format.",
    "422": "A bad query parameter, named.",
}


def query_parameter(param: Param) -> dict[str, Any]:
    schema = dict(param.input.schema())
    default = PAGE_LIMIT if param.name == "limit" else param.default
    if default is not None and default is not False:
        schema["default"] = default
    out: dict[str, Any] = {"name": param.name, "in": "query", "required": param.required,
                           "schema": schema}
    if param.help:
        out["description"] = param.help
    return out


def endpoint(spec: ViewSpec[Any]) -> Callable[..., Any]:
    import json

    from podium.api.commands import caller_of

    keys = {p.name for p in spec.params_on(API)}

    async def run(request: Request) -> Response:
        caller = caller_of(request)
        fields = {key: request.query_params.getlist(key) for key in keys
                  if key in request.query_params}
        unknown = sorted(set(request.query_params) - keys)
        if unknown:
            from podium.core import codes
            from podium.core.inputs import refuse
            from podium.core.views import N_

            raise refuse(unknown[0][:60], N_("unknown field; known: %(known)s"),
                         codes.INPUT_UNKNOWN, known=sorted(keys))
        if spec.paged and "limit" not in fields:
            fields["limit"] = [str(PAGE_LIMIT)]  # the API answers a page at a time
        slug = request.path_params.get("slug")
        web = request.app.state.web

        def load(name: str) -> Any:
            return web.cache.load(name).loaded

        def answer() -> tuple[bytes, int | None]:
            seen = web.events.read(Invocation(spec.name, slug, fields, TEXT, API), caller, load)
            # a value with a version (a round) answers it as its ETag too, to send back
            # as If-Match with a command that changes it
            version = getattr(seen.value, "version", None)
            return json.dumps(encode(seen), ensure_ascii=False,
                              separators=(",", ":")).encode("utf-8"), (
                version if type(version) is int else None)

        if spec.role == ANYONE and slug:
            query = tuple(sorted((k, tuple(v)) for k, v in fields.items()))
            body, version = await run_in_threadpool(
                web.cache.memo, slug, ("api-view", spec.name, query), lambda _loaded: answer())
        else:
            body, version = await run_in_threadpool(answer)
        headers = {} if spec.role == ANYONE else {"Cache-Control": "no-store"}
        if version is not None:
            headers["ETag"] = f'"{version}"'
        return Response(body, media_type="application/json", headers=headers)

    run.__name__ = "view_" + spec.name.replace(".", "_").replace("-", "_")
    return run


def router_for(catalog: Catalog) -> APIRouter:
    """One route per declared view offered on the API."""
    router = APIRouter(prefix="/api/v1")
    for spec in sorted(catalog.all_views(), key=lambda s: s.name):
        if not spec.on(API):
            continue
        path = f"/events/{{slug}}/views/{spec.name}" if spec.event else f"/views/{spec.name}"
        parameters = ([{"name": "slug", "in": "path", "required": True,
                        "schema": {"type": "string", "maxLength": 64}}] if spec.event else [])
        parameters += [query_parameter(p) for p in spec.params_on(API)]
        owner = f" ({spec.format} events)" if spec.format else ""
        router.add_api_route(
            path, endpoint(spec), methods=["GET"], summary=spec.title + owner,
            description=(spec.help or spec.title) + f"\n\nWho may read it: {spec.role}.",
            response_model=spec.returns, operation_id=f"views.{spec.name}",
            tags=[tag_of(spec)],
            responses=responses(
                [*(int(code) for code in ERRORS), *([429] if spec.role == PLAYER else [])],
                **{f"s{code}": text for code, text in ERRORS.items()}),
            openapi_extra={"parameters": parameters},
        )
    return router


def tag_of(spec: ViewSpec[Any]) -> str:
    """The route's tag: ``views``, or the format's (``seven_wonders_views``), names a client
    generator turns into clean module names."""
    if spec.format is None:
        return "views"
    return spec.format.replace("-", "_") + "_views"


__all__ = ["encode", "router_for"]
