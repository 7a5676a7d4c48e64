"""What the JSON API and the pages share at the HTTP edge, so neither imports the other: the
caller's address, the status of a refusal, and the refusal of a body that is too large."""

from __future__ import annotations

from typing import Any

from podium.core.errors import PodiumError


def client_address(request: Any) -> str:
    """The caller's address, the key of login and player-code throttling (behind a proxy,
    uvicorn puts the forwarded client address here when the proxy is trusted)."""
    return request.client.host if request.client else ""


def status_of(error: PodiumError) -> int:
    """The HTTP status of a refusal: its category's (422, 404, 409, 403, 401), or its own."""
    return error.status


class TooLarge(PodiumError):
    """A request body over its limit: HTTP 413, refused before it is read."""

    status = 413


__all__ = ["TooLarge", "client_address", "status_of"]
