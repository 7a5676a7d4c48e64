"""What the JSON API and the pages share at the HTTP edge, so neither imports the other: the
caller's address and device, the status of a refusal and its JSON shape, and the limits of request
bodies (and the refusal of one that is too large)."""

from __future__ import annotations

from typing import Any

from podium.core.errors import PodiumError
from podium.service.throttle import Client

#: The device cookie (:mod:`podium.service.keys`); with Secure cookies its ``__Host-`` name,
#: which only this host can set over HTTPS (a sibling subdomain cannot plant it).
DEVICE_COOKIE = "podium_device"
SECURE_DEVICE_COOKIE = "__Host-podium_device"


def client_address(request: Any) -> str:
    """The caller's address, the key of login and player-code throttling (behind a proxy,
    :class:`podium.web.proxy.ForwardedFor` puts here the address the trusted proxy saw)."""
    return request.client.host if request.client else ""


def device_cookie(secure: bool) -> str:
    """The device cookie's name: ``__Host-`` prefixed when cookies are Secure."""
    return SECURE_DEVICE_COOKIE if secure else DEVICE_COOKIE


def client_of(request: Any) -> Client:
    """The caller as the throttles know it: its address, and its device when it sent a
    device cookie this application signed (a browser; an API client without one is known
    by its address)."""
    web = request.app.state.web
    cookie = request.cookies.get(device_cookie(web.secure_cookies))
    return Client(client_address(request), web.keys.device_of(cookie))


def status_of(error: PodiumError) -> int:
    """The HTTP status of a refusal: its category's (422, 404, 409, 403, 401), or its own."""
    return error.status


#: Bytes of a request body from a caller not (yet) known as an organiser: a login form, a
#: player's self-report (a form or a JSON body with the player's code), an anonymous call.
ANONYMOUS_BODY = 64_000
#: Bytes of an organiser's request body (a form, a declared command's JSON).
SMALL_BODY = 2_000_000
#: Bytes of an organiser's import (an event file, a marathon's games): a very large marathon.
IMPORT_BODY = 200_000_000


def command_limit(spec: Any) -> int:
    """The body limit of a declared command (a :class:`~podium.core.commands.CommandSpec`) on
    the API: an import (a field taking a file larger than a small body) gets the import's."""
    from podium.core.inputs import File

    files = [p.input.max_bytes for p in spec.params if isinstance(p.input, File)]
    return IMPORT_BODY if any(size > SMALL_BODY // 2 for size in files) else SMALL_BODY


def problem_body(error: PodiumError) -> dict[str, Any]:
    """A refusal as the JSON API answers it (the ``Problem`` of its schema): the first
    problem's code, field, message and values, every problem (at least that one), and the
    message again as ``detail`` for older clients."""
    body = error.to_json()
    body.setdefault("problems", [{key: body[key] for key in ("code", "field", "message",
                                                              "params")}])
    body["detail"] = body["message"]
    return body


class TooLarge(PodiumError):
    """A request body over its limit: HTTP 413, refused before it is read."""

    status = 413


__all__ = ["ANONYMOUS_BODY", "DEVICE_COOKIE", "IMPORT_BODY", "SMALL_BODY", "TooLarge",
           "client_address", "client_of", "command_limit", "device_cookie", "problem_body",
           "status_of"]
