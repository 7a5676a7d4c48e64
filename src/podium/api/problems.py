"""One shape for every refusal of the JSON API (``Problem``): a command's or a read's refusal,
a query or path parameter FastAPI refused, an unknown route (404), a wrong method (405); and
the responses every route declares with it, so a generated client knows each status."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from podium.core import codes
from podium.core.errors import InvalidInput, NotFound, PodiumError, printable
from podium.core.views import N_
from podium.http import problem_body

#: What each status means, on any route that may answer it.
MEANINGS = {
    400: "The body is not readable JSON.",
    401: "No token, or an unknown one.",
    403: "The token may not do this (role, other event, other table).",
    404: "No such event, command, view, round, table, player or report.",
    405: "The route does not take this method.",
    409: "Not possible in the event's current state, or a command of another format; "
         "nothing stored.",
    412: "What the command changes changed after the version it named (expect, If-Match): "
         "the message shows it as it is now; nothing stored.",
    413: "The body is too large.",
    422: "Invalid input, every bad field named (problems); nothing stored.",
    429: "Too many wrong player codes from this address or for this event: wait the seconds "
         "of Retry-After.",
}


def responses(statuses: Iterable[int], **meanings: str) -> dict[int | str, dict[str, Any]]:
    """The routes' ``responses`` for ``statuses``, each a ``Problem`` (``meanings`` overrides a
    status's text: ``s404="No such round"``)."""
    from podium.api.models import Problem

    return {status: {"model": Problem,
                     "description": meanings.get(f"s{status}", MEANINGS[status])}
            for status in sorted(statuses)}


def with_items(items: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A refusal made of ``items`` (the first one's fields, and all of them)."""
    first = items[0]
    return {**first, "problems": list(items), "detail": first["message"]}


class MethodNotAllowed(PodiumError):
    status = 405


def validation_body(errors: Sequence[Any]) -> dict[str, Any]:
    """FastAPI's own refusal of a path or query parameter, as a ``Problem``: each field named
    as the caller sent it (``number``, ``open_only``)."""
    found = []
    for error in printable(list(errors)) or [{}]:
        where = [str(p) for p in error.get("loc", ()) if p not in ("body", "query", "path",
                                                                     "header", "cookie")]
        refused = InvalidInput(N_("invalid value: %(problem)s"), code=codes.INPUT_PARAMETER,
                               field=".".join(where) or None,
                               problem=str(error.get("msg", ""))[:200])
        found.append(problem_body(refused)["problems"][0])
    return with_items(found)


def route_error(status: int, method: str, path: str) -> PodiumError:
    """An unknown route (404) or a method the route does not take (405)."""
    if status == 405:
        return MethodNotAllowed(N_("%(path)s does not take %(method)s"),
                                code=codes.ROUTE_METHOD, method=method, path=path[:200])
    return NotFound(N_("no such route: %(method)s %(path)s"), code=codes.ROUTE_UNKNOWN,
                    method=method, path=path[:200])


__all__ = ["MEANINGS", "problem_body", "responses", "route_error", "validation_body"]
