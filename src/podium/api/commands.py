"""``POST /api/v1/events/{slug}/commands/{name}``: every declared command on the JSON API.

One route per declaration of the catalog (:mod:`podium.core.commands`), so ``/openapi.json``
documents each command's body (its fields' JSON Schemas, from their inputs) and its answer. The
body is decoded by the same inputs as a form or the command line and run by the service
(:meth:`EventService.execute`), which checks the format and the caller's role; the route holds
no use case. A command that makes an event (``event.create``, ``event.import``) is at
``POST /api/v1/commands/{name}``.

Callers: ``Authorization: Bearer pod_...`` (an organiser token) or ``Bearer <player code>``
(player commands, the player's own table only). The answer: ``{"command", "event", "stored"
(the new actions' numbers), "said" (the sentence for people, English), "answer" (the
command's own small result)}``. A command that writes into a round (a result) answers with the
table and the round's progress; ``?round=full`` adds the whole round (``"round"``, as ``GET
.../rounds/{n}`` gives it): 253 kB at 10,000 players, against 209 bytes (issue 24).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from podium.core import codes
from podium.core.commands import API, JSON, Caller, CommandSpec
from podium.core.errors import InvalidInput
from podium.core.views import N_
from podium.http import TooLarge, client_address, command_limit
from podium.service.catalog import Catalog, Invocation

ERROR = {"type": "object", "properties": {
    "detail": {}, "code": {"type": "string"}, "field": {"type": ["string", "null"]},
    "message": {"type": "string"}, "params": {"type": "object"},
    "problems": {"type": "array"}}}
ERRORS = {
    "400": "The body is not readable JSON.",
    "401": "No token, or an unknown one.",
    "403": "The token may not do this (role, other event, other table).",
    "404": "No such event or command, or one not offered on the API.",
    "409": "Not possible in the event's current state, or a command of another format; "
           "nothing stored.",
    "413": "The body is too large.",
    "422": "Invalid input, every bad field named (problems); nothing stored.",
    "429": "Too many wrong player codes: wait the seconds of Retry-After.",
}


#: What an optional field may hold to mean "not given" (its default): ``null``, blank text or
#: an empty list (:func:`podium.core.commands.decode_param`). The schema says so, so that
#: whatever the schema calls invalid is refused (Schemathesis's negative data).
ABSENT: list[dict[str, Any]] = [{"type": "null"}, {"type": "string", "pattern": r"^\s*$"},
                                {"type": "array", "maxItems": 0}]


def body_schema(spec: CommandSpec) -> dict[str, Any]:
    """The JSON Schema of a command's body: its fields (those offered on the API)."""
    properties = {}
    required = []
    for param in spec.params_on(API):
        schema = dict(param.input.schema())
        if not param.required:
            schema = {"anyOf": [schema, *ABSENT]}
        if param.help:
            schema["description"] = param.help
        properties[param.name] = schema
        if param.required:
            required.append(param.name)
    out: dict[str, Any] = {"type": "object", "properties": properties,
                           "additionalProperties": False}
    if required:
        out["required"] = required
    return out


#: ``?round=``: the whole round in the answer of a command that writes into one, or not.
ROUND_QUERY = ("brief", "full")
ROUND_PARAMETER = {
    "name": "round", "in": "query", "required": False,
    "schema": {"type": "string", "enum": list(ROUND_QUERY), "default": "brief"},
    "description": "full: the answer also carries the whole round (\"round\", as GET "
                   ".../rounds/{n} gives it); brief (the default): the table written and the "
                   "round's progress only."}


def full_round(spec: CommandSpec, request: Request) -> bool:
    """Whether the caller asked for the whole round (refused, before anything runs, when
    ``round`` is neither ``brief`` nor ``full``)."""
    values = request.query_params.getlist("round")
    if not values or not spec.round_answer:  # (another command ignores it, as before)
        return False
    if len(values) > 1 or values[0] not in ROUND_QUERY:
        raise InvalidInput(N_("round: brief, or full for the whole round in the answer"),
                           code=codes.INPUT_CHOICE, field="round")
    return values[0] == "full"


def round_json(done: Any) -> dict[str, Any]:
    """The round a command wrote into, as ``GET .../rounds/{n}`` answers it."""
    from podium.api.routes import round_out

    state = done.state
    return round_out(state, state.round(done.answer_json()["round"])).model_dump(mode="json")


def caller_of(request: Request) -> Caller:
    """Who calls: an organiser token's account, a player code, or nobody."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    token = token.strip()
    address = client_address(request)
    if scheme.lower() != "bearer" or not token:
        return Caller(actor="anonymous", address=address)
    from podium.service.accounts import TOKEN_PREFIX

    if token.startswith(TOKEN_PREFIX):
        user = request.app.state.web.accounts.token_user(token)
        if user is None:
            from podium.core.errors import Unauthorised

            raise Unauthorised(N_("unknown organiser token"), code=codes.AUTH_REQUIRED)
        return Caller(actor=user.username, username=user.username, address=address)
    return Caller(actor="player", code=token[:64], address=address)


async def read_body(request: Request, limit: int) -> Any:
    """The JSON body, read up to ``limit`` bytes (refused past it, before it is parsed)."""
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > limit:
        raise TooLarge(N_("the body is larger than %(kb)s kB"), code=codes.INPUT_BODY,
                       kb=limit // 1000)
    data = bytearray()
    async for chunk in request.stream():
        data.extend(chunk)
        if len(data) > limit:
            raise TooLarge(N_("the body is larger than %(kb)s kB"), code=codes.INPUT_BODY,
                           kb=limit // 1000)
    if not data.strip():
        return {}
    try:
        return json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        raise BadJson(N_("the body is not readable JSON"), code=codes.INPUT_BODY,
                      field="body") from None


class BadJson(InvalidInput):
    status = 400


#: Bytes of a file sent as the raw body kept in memory; the rest is spooled to disk.
SPOOL = 1_000_000


def file_param(spec: CommandSpec) -> str | None:
    """The one field of a command that takes a file (an import), if it has exactly one."""
    from podium.core.inputs import File

    files = [p.name for p in spec.params_on(API) if isinstance(p.input, File)]
    return files[0] if len(files) == 1 else None


async def read_file_body(request: Request, limit: int, field: str) -> dict[str, Any]:
    """A command whose file is the raw body (any type but JSON; its other fields, and the
    file's ``name``, in the query string): the body is spooled as it streams, counted and
    refused past ``limit``, and handed on as a stream, so that an import parses it as it
    reads it and never holds it whole (issue 22: bounded memory)."""
    import tempfile

    from podium.core.inputs import Upload

    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > limit:
        raise TooLarge(N_("the body is larger than %(kb)s kB"), code=codes.INPUT_BODY,
                       kb=limit // 1000)
    spool = tempfile.SpooledTemporaryFile(max_size=SPOOL)  # noqa: SIM115 (closed by the GC)
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            spool.close()
            raise TooLarge(N_("the body is larger than %(kb)s kB"), code=codes.INPUT_BODY,
                           kb=limit // 1000)
        spool.write(chunk)
    spool.seek(0)
    values: dict[str, Any] = {key: value for key, value in request.query_params.items()
                              if key not in ("name", field)}
    name = request.query_params.get("name") or "upload"
    values[field] = Upload(name, stream=spool, size=size)  # type: ignore[arg-type]
    return values


def endpoint(spec: CommandSpec) -> Callable[..., Any]:
    limit = command_limit(spec)  # as the body limits' middleware counts (podium.web.limits)
    raw_file = file_param(spec)

    async def run(request: Request) -> JSONResponse:
        caller = caller_of(request)
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if raw_file and kind and kind != "application/json":
            body = await read_file_body(request, limit, raw_file)
        else:
            body = await read_body(request, limit)
        whole = full_round(spec, request)
        slug = request.path_params.get("slug")
        web = request.app.state.web
        done = await run_in_threadpool(
            web.events.execute, Invocation(spec.name, slug, body, JSON, API), caller)
        stored = [] if done.preview else [a.seq for a in done.outcome.actions]
        answer = done.answer_json()
        out = {"command": spec.name, "event": slug or answer.get("slug"),
               "stored": stored, "said": str(done.said), "answer": answer}
        if whole:
            out["round"] = await run_in_threadpool(round_json, done)
        return JSONResponse(out)

    run.__name__ = "command_" + spec.name.replace(".", "_").replace("-", "_")
    return run


def model_name(name: str) -> str:
    """``commander.result`` as ``CommanderResult``: a name generators keep as it is."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[.\-_]", name) if part)


def done_model(spec: CommandSpec) -> Any:
    """The answer's model of a command: what was done, and the answer of its declared type
    (with the whole round, when asked, for a command that writes into one)."""
    from pydantic import Field, create_model

    from podium.api.models import RoundOut

    fields: dict[str, Any] = {
        "command": (str, ...),
        "event": (str | None, None),
        "stored": (list[int], Field(description="The numbers of the actions stored (none for "
                                                "a preview).")),
        "said": (str, Field(description="What was done, for people (English).")),
        "answer": (spec.answers, ...),
    }
    if spec.round_answer:
        fields["round"] = (RoundOut | None, Field(None, description=(
            "The whole round after the write (only with ?round=full).")))
    return create_model(model_name(spec.name) + "Done", **fields)


def router_for(catalog: Catalog) -> APIRouter:
    """One route per declared command offered on the API."""
    router = APIRouter(prefix="/api/v1", tags=["commands"])
    for spec in sorted(catalog.all(), key=lambda s: s.name):
        if not spec.on(API):
            continue
        path = (f"/events/{{slug}}/commands/{spec.name}" if spec.event
                else f"/commands/{spec.name}")
        parameters = ([{"name": "slug", "in": "path", "required": True,
                        "schema": {"type": "string", "maxLength": 64}}] if spec.event else [])
        if spec.round_answer:
            parameters.append(ROUND_PARAMETER)
        owner = f" ({spec.format} events)" if spec.format else ""
        router.add_api_route(
            path, endpoint(spec), methods=["POST"], summary=spec.title + owner,
            description=(spec.help or spec.title) + f"\n\nWho may run it: {spec.role}."
            + ("\n\nThe file may also be the raw body (any Content-Type but JSON), its name "
               "and the other fields in the query string (`?name=games.csv`): it is then read "
               "as it streams, never held whole." if file_param(spec) else ""),
            response_class=JSONResponse,
            response_model=done_model(spec),
            operation_id=spec.name,
            responses={
                200: {"description": "Done (or, for a preview, shown)."},
                **{int(code): {"description": text,
                               "content": {"application/json": {"schema": ERROR}}}
                   for code, text in ERRORS.items()}},
            openapi_extra={"parameters": parameters,
                           "requestBody": {"required": bool(body_schema(spec).get(
                               "required")), "content": {
                               "application/json": {"schema": body_schema(spec)}}}},
        )
    return router


__all__ = ["router_for"]
