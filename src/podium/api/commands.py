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
.../rounds/{n}`` gives it): 253 kB at 10,000 players, against 209 bytes.

A body is checked against the schema the route publishes before anything runs
(:mod:`podium.api.validate`): JSON types only, settings as the chosen format declares them;
every refusal is a ``Problem`` (:mod:`podium.api.problems`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from podium.core import codes, jsontext
from podium.core.commands import (
    API,
    JSON,
    ORGANISER,
    OWNER,
    Caller,
    CommandSpec,
    InvalidFields,
    Param,
)
from podium.core.errors import InvalidInput
from podium.core.views import N_
from podium.http import TooLarge, client_of, command_limit
from podium.service.catalog import Catalog, Invocation

#: The statuses a command answers besides 200 (each a ``Problem``).
STATUSES = (400, 401, 403, 404, 409, 413, 422, 429)


def settings_component(format_name: str) -> str:
    """``seven-wonders`` as ``SevenWondersSettings``: the component of its settings object."""
    return model_name(format_name) + "Settings"


@cache
def settings_components() -> dict[str, dict[str, Any]]:
    """Each format's settings as a JSON object (every key its own type and help, no other
    key): the schemas ``settings`` refers to."""
    from podium.formats import available, get_format
    from podium.formats.settings import settings_schema

    out = {}
    for name in available():
        schema = settings_schema(get_format(name).fields)
        schema["title"] = settings_component(name)
        schema["description"] = (f"The settings of a {name} event; a key left out keeps its "
                                 "value (its default for a new event).")
        out[settings_component(name)] = schema
    return out


def add_components(app: Any) -> None:
    """The application's OpenAPI document with the formats' settings objects, which the
    bodies of ``event.create`` and ``event.settings`` refer to."""
    made = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = made()
            schema.setdefault("components", {}).setdefault("schemas", {}).update(
                settings_components())
            items_said(schema)
        return dict(app.openapi_schema)

    app.openapi = openapi


def items_said(schema: Any) -> None:
    """Every list in ``schema`` with its items said (any JSON value where nothing narrower is
    declared), as client generators need."""
    if isinstance(schema, list):
        for item in schema:
            items_said(item)
    elif isinstance(schema, dict):
        if schema.get("type") == "array" and "items" not in schema:
            schema["items"] = {}
        for value in schema.values():
            items_said(value)


def settings_param(param: Param) -> bool:
    from podium.core.inputs import Assignments

    return isinstance(param.input, Assignments)


def field_schema(param: Param) -> dict[str, Any]:
    """One field's JSON Schema in a body: its input's as JSON types only (a list a list, a
    number a number: the text forms the command line and the forms take are not offered), or
    a settings object of any format."""
    if settings_param(param):
        from podium.formats import available

        return {"anyOf": [{"$ref": f"#/components/schemas/{settings_component(name)}"}
                          for name in available()]}
    return json_only(param.input.schema())


def json_only(schema: Any) -> Any:
    """``schema`` with its text forms of other values left out (in a choice of forms, a text
    beside a list, an object or a number), choices as ``anyOf`` (never ambiguous), nested
    choices flattened, and every list's items said."""
    if isinstance(schema, list):
        return [json_only(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: json_only(value) for key, value in schema.items() if key != "oneOf"}
    branches = schema.get("oneOf") or schema.get("anyOf")
    if branches:
        direct = json_only(branches)
        if any(b.get("type") in ("array", "object", "number") for b in direct):
            direct = [b for b in direct if b.get("type") != "string"]
        flat: list[Any] = []
        for branch in direct:
            inner = branch.get("anyOf") if isinstance(branch, dict) else None
            flat += inner if inner and len(branch) == 1 else [branch]
        out.pop("anyOf", None)
        if len(flat) == 1 and not out:
            return flat[0]
        out["anyOf"] = flat
    if out.get("type") == "array" and "items" not in out:
        out["items"] = {}
    return out


def body_schema(spec: CommandSpec) -> dict[str, Any]:
    """The JSON Schema of a command's body: its fields (those offered on the API), JSON types
    only; an optional field may be left out or ``null`` (its default)."""
    properties = {}
    required = []
    for param in spec.params_on(API):
        schema = field_schema(param)
        if not param.required:
            branches = schema["anyOf"] if list(schema) == ["anyOf"] else [schema]
            schema = {"anyOf": [*branches, {"type": "null"}]}
        if param.help:
            schema["description"] = str(param.help)
        properties[param.name] = schema
        if param.required:
            required.append(param.name)
    out: dict[str, Any] = {"type": "object", "properties": properties,
                           "additionalProperties": False,
                           "title": model_name(spec.name) + "Body"}
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
    client = client_of(request)  # a browser's device cookie where it sent one
    address, device = client.address, client.device
    if scheme.lower() != "bearer" or not token:
        return Caller(actor="anonymous", address=address, device=device)
    from podium.service.accounts import TOKEN_PREFIX

    if token.startswith(TOKEN_PREFIX):
        user = request.app.state.web.accounts.token_user(token)
        if user is None:
            from podium.core.errors import Unauthorised

            raise Unauthorised(N_("unknown organiser token"), code=codes.AUTH_REQUIRED)
        return Caller(actor=user.username, username=user.username, address=address,
                      device=device)
    return Caller(actor="player", code=token[:64], address=address, device=device)


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
        return jsontext.parse(data, "body")
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise BadJson(N_("the body is not readable JSON"), code=codes.INPUT_BODY,
                      field="body") from None
    except InvalidInput as error:  # nested too deep, a number too long
        raise BadJson(error.msgid, code=error.code, field="body") from None


class BadJson(InvalidInput):
    status = 400




def file_param(spec: CommandSpec) -> str | None:
    """The one field of a command that takes a file (an import), if it has exactly one."""
    from podium.core.inputs import File

    files = [p.name for p in spec.params_on(API) if isinstance(p.input, File)]
    return files[0] if len(files) == 1 else None


async def run_streamed(spec: CommandSpec, request: Request, limit: int, field: str,
                       caller: Caller, web: Any, slug: str | None) -> dict[str, Any]:
    """A command whose file is the raw body (any type but JSON; its other fields, and the
    file's ``name``, in the query string), run while the body arrives (:mod:`.pipe`): the
    import parses it as it comes, and the body is read no further once the command has
    ended (refused at its cap) or past ``limit`` bytes."""
    from podium.api.pipe import BodyPipe, stream_into
    from podium.core.inputs import Upload

    length = request.headers.get("content-length", "")
    too_large = TooLarge(N_("the body is larger than %(kb)s kB"), code=codes.INPUT_BODY,
                         kb=limit // 1000)
    if length.isdigit() and int(length) > limit:
        raise too_large
    values: dict[str, Any] = {key: value for key, value in request.query_params.items()
                              if key not in ("name", field)}
    name = request.query_params.get("name") or "upload"
    pipe = BodyPipe()
    values[field] = Upload(name, stream=pipe,  # type: ignore[arg-type]
                           size=int(length) if length.isdigit() else None)
    return await stream_into(pipe, request.stream(), limit, too_large,
                             run_command(spec, values, caller, web, slug,
                                         full_round(spec, request)))


def endpoint(spec: CommandSpec) -> Callable[..., Any]:
    limit = command_limit(spec)  # as the body limits' middleware counts (podium.web.limits)
    raw_file = file_param(spec)

    async def run(request: Request) -> JSONResponse:
        caller = caller_of(request)
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        slug = request.path_params.get("slug")
        web = request.app.state.web
        if raw_file and kind and kind != "application/json":
            return JSONResponse(await run_streamed(spec, request, limit, raw_file, caller,
                                                   web, slug))
        else:
            body = with_if_match(spec, await read_body(request, limit), request)
            await run_in_threadpool(check_body, spec, body, web, slug, caller)
        whole = full_round(spec, request)
        return JSONResponse(await run_command(spec, body, caller, web, slug, whole))

    run.__name__ = "command_" + spec.name.replace(".", "_").replace("-", "_")
    return run


def version_field(spec: CommandSpec) -> str | None:
    """The field of a command that names the version of what it changes
    (:data:`podium.core.commands.EXPECT`), if it has one."""
    from podium.core.inputs import Version

    return next((p.name for p in spec.params_on(API) if isinstance(p.input, Version)), None)


def with_if_match(spec: CommandSpec, body: Any, request: Request) -> Any:
    """``If-Match`` read as the command's version field (``expect``): the ETag a read gave,
    sent back; refused (stale, 412) by the command when what it changes changed since.
    ``*`` (anything) names no version. Given both ways, they must agree."""
    field = version_field(spec)
    match = request.headers.get("if-match")
    if field is None or match is None or match.strip() == "*" or not isinstance(body, dict):
        return body
    tag = match.strip()
    given = body.get(field)
    if given is not None and str(given).strip().strip('"') != tag.removeprefix("W/").strip('"'):
        from podium.core.inputs import refuse

        raise refuse(field, N_("If-Match says %(header)s and %(name)s %(value)s: give the "
                               "version once"), codes.INPUT_EXCLUSIVE, header=tag,
                     name=field, value=given)
    return {**body, field: tag}


async def run_command(spec: CommandSpec, body: Any, caller: Caller, web: Any,
                      slug: str | None, whole: bool = False) -> dict[str, Any]:
    """Run the command as the service runs every command; its answer as the API gives it."""
    done = await run_in_threadpool(
        web.events.execute, Invocation(spec.name, slug, body, JSON, API), caller)
    stored = [] if done.preview else [a.seq for a in done.outcome.actions]
    answer = done.answer_json()
    out = {"command": spec.name, "event": slug or answer.get("slug"),
           "stored": stored, "said": str(done.said), "answer": answer}
    if whole:
        out["round"] = await run_in_threadpool(round_json, done)
    return out


def check_body(spec: CommandSpec, body: Any, web: Any, slug: str | None,
               caller: Caller) -> None:
    """Refuse a body its published schema calls invalid (every bad field named), and settings
    the chosen format does not declare as they are (``settings.<key>``): nothing runs."""
    from podium.api.validate import Checker

    checker = Checker(settings_components())
    schema = body_schema(spec)
    if isinstance(body, dict):
        for param in spec.params_on(API):
            if settings_param(param) and isinstance(body.get(param.name), dict):
                # the chosen format's settings, so that a bad key is named (settings.<key>)
                ref = {"$ref": settings_component(settings_format(spec, body, web, slug))}
                schema["properties"][param.name] = ref if param.required else {
                    "anyOf": [ref, {"type": "null"}]}
    problems = unreadable_text(body) or [
        own_refusal(spec, body, problem) for problem in checker.problems(body, schema)]
    if problems:
        asked_first(spec, web, slug, caller)
        raise InvalidFields(problems)


def own_refusal(spec: CommandSpec, body: Any, problem: InvalidInput) -> InvalidInput:
    """A field's own refusal (its input's code and words: ``input.link``, not the schema's
    generic ``input.text``) where its input refuses the value too; else the schema's."""
    from podium.core.commands import decode_param
    from podium.core.errors import PodiumError

    param = spec.param(problem.field or "")
    if param is None or not isinstance(body, dict) or param.name not in body:
        return problem
    try:
        decode_param(param, body[param.name], JSON)
    except InvalidInput as own:
        return own
    except PodiumError:
        return problem
    return problem


def unreadable_text(body: Any) -> list[InvalidInput]:
    """Text no store can hold (a lone surrogate), each field named: refused before its type is
    looked at, as the inputs refuse it."""
    from podium.core.inputs import unicode_checked

    problems = []
    if isinstance(body, dict):
        for key, value in body.items():
            try:
                unicode_checked(value, str(key))
            except InvalidInput as error:
                problems.append(error)
    return problems


def asked_first(spec: CommandSpec, web: Any, slug: str | None, caller: Caller) -> None:
    """What the service answers before it reads any field: an unknown event or a command of
    another format (404, 409), then who asks (401, 403); so a bad body never tells a caller
    more than a good one would."""
    from podium.service.invoke import authorise, offered_on

    service = web.events
    offered_on(spec, API)
    if spec.event and slug is not None:
        username = caller.username if spec.role in (ORGANISER, OWNER) else None
        summary, role = service.summary_and_role(slug, username)
        web.catalog.check_format(spec, service.formats(summary.format), slug)
        authorise(service, spec, slug, caller, role)
    else:
        authorise(service, spec, slug, caller)


def settings_format(spec: CommandSpec, body: dict[str, Any], web: Any,
                    slug: str | None) -> str:
    """The format whose settings a body gives: the event's, or the one it makes."""
    if spec.event and slug is not None:
        return str(web.events.summary(slug).format)
    chosen = body.get("format")
    if isinstance(chosen, str):
        return chosen
    defaults = [p.default for p in spec.params_on(API) if p.name == "format"]
    return str(defaults[0] if defaults and defaults[0] else "commander")


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


def tag_of(spec: CommandSpec) -> str:
    """The route's tag: ``commands`` for the kernel's, else the format's key
    (``seven_wonders``): names a client generator turns into clean module names."""
    return "commands" if spec.format is None else spec.format.replace("-", "_")


SLUG_PARAMETER = {"name": "slug", "in": "path", "required": True,
                  "schema": {"type": "string", "maxLength": 64}}


def router_for(catalog: Catalog) -> APIRouter:
    """One route per declared command offered on the API."""
    from podium.api.problems import responses

    router = APIRouter(prefix="/api/v1")
    for spec in sorted(catalog.all(), key=lambda s: s.name):
        if not spec.on(API):
            continue
        path = (f"/events/{{slug}}/commands/{spec.name}" if spec.event
                else f"/commands/{spec.name}")
        parameters = [SLUG_PARAMETER] if spec.event else []
        if spec.round_answer:
            parameters.append(ROUND_PARAMETER)
        owner = f" ({spec.format} events)" if spec.format else ""
        router.add_api_route(
            path, endpoint(spec), methods=["POST"], summary=spec.title + owner,
            description=(spec.help or spec.title) + f"\n\nWho may run it: {spec.role}."
            + ("\n\n`If-Match` (a result's or round's `version`, or the `ETag` of a read) is "
               "read as the field `expect`: refused with 412 (`result.stale`, `round.stale`) "
               "and nothing stored when what it changes changed since."
               if version_field(spec) else "")
            + ("\n\nThe file may also be the raw body (any Content-Type but JSON), its name "
               "and the other fields in the query string (`?name=games.csv`): it is then read "
               "as it streams, never held whole." if file_param(spec) else ""),
            response_class=JSONResponse,
            response_model=done_model(spec),
            operation_id=spec.name,
            tags=[tag_of(spec)],
            responses={
                200: {"description": "Done (or, for a preview, shown)."},
                **responses(STATUSES + ((412,) if version_field(spec) else ()))},
            openapi_extra={"parameters": parameters,
                           "requestBody": {"required": bool(body_schema(spec).get(
                               "required")), "content": {
                               "application/json": {"schema": body_schema(spec)}}}},
        )
    if catalog.find("event.delete").on(API):
        add_delete(router, catalog.find("event.delete"))
    return router


def add_delete(router: APIRouter, spec: CommandSpec) -> None:
    """``DELETE /api/v1/events/{slug}?confirm={slug}``: the declared command ``event.delete``
    run as its ``POST`` runs it (its confirmation in the query)."""
    from podium.api.problems import responses

    async def delete_event(request: Request) -> JSONResponse:
        caller = caller_of(request)
        slug = request.path_params["slug"]
        confirm = request.query_params.getlist("confirm")
        if len(confirm) > 1:
            from podium.core.inputs import refuse

            raise refuse("confirm", N_("give this field once"), codes.INPUT_REPEATED)
        body = {"confirm": confirm[0]} if confirm else {}
        web = request.app.state.web
        await run_in_threadpool(check_body, spec, body, web, slug, caller)
        return JSONResponse(await run_command(spec, body, caller, web, slug))

    confirm = next(p for p in spec.params_on(API) if p.name == "confirm")
    router.add_api_route(
        "/events/{slug}", delete_event, methods=["DELETE"], summary=spec.title,
        description=(spec.help or spec.title) + f"\n\nWho may run it: {spec.role}. The same "
        "as `POST .../commands/event.delete`.",
        response_class=JSONResponse, response_model=done_model(spec),
        operation_id="events.delete", tags=["events"],
        responses={
            200: {"description": "Deleted."},
            **responses((401, 403, 404, 409, 422, 429))},
        openapi_extra={"parameters": [SLUG_PARAMETER, {
            "name": "confirm", "in": "query", "required": False,
            "schema": field_schema(confirm), "description": str(confirm.help)}]},
    )


__all__ = ["router_for"]
