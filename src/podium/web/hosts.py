"""The server's public address, and which ``Host`` headers it answers.

Why: a page's absolute links (the QR code of its address) were built from the request's
``Host`` header, and the page was then cached and served to everyone: a single request with
``Host: evil.example`` made every phone's QR code point at the attacker. With a configured
public URL (``podium serve --public-url``, or ``$PODIUM_PUBLIC_URL``) every absolute link is
built from it. Without one the request's host is used, and then rendered pages are cached per
host (never served to a request for another). Requests for a host not allowed are refused
before routing (Starlette's ``TrustedHostMiddleware``): the public URL's host and the local
machine's names are allowed, and ``--allowed-host`` adds names to them.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection

from podium.core import codes
from podium.core.errors import InvalidInput
from podium.core.views import N_

PUBLIC_URL_ENV = "PODIUM_PUBLIC_URL"
ALLOWED_HOSTS_ENV = "PODIUM_ALLOWED_HOSTS"
LOCAL_HOSTS = ("localhost", "127.0.0.1", "[::1]", "::1")


def public_origin(url: str | None) -> str | None:
    """``https://host[:port]`` from a configured public URL (a typed refusal if malformed)."""
    if url is None or not url.strip():
        return None
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        parts, port = None, None
    if (parts is None or parts.scheme not in ("http", "https") or not parts.hostname
            or parts.path not in ("", "/") or parts.query or parts.fragment
            or parts.username or parts.password):
        raise InvalidInput(N_("public URL: give the server's address as http(s)://host[:port], "
                           "for example https://results.example.org (got %(url)s)"),
                           code=codes.SERVER_PUBLIC_URL, field="public_url", url=url[:200])
    host = parts.hostname
    if ":" in host:
        host = f"[{host}]"
    return f"{parts.scheme}://{host}" + (f":{port}" if port else "")


def allowed_hosts(origin: str | None, hosts: Sequence[str] | None) -> list[str]:
    """The ``Host`` names answered: the public URL's host and the local machine's names
    (``localhost``, ``127.0.0.1``, ``[::1]``), plus the names given (``--allowed-host``: added
    to those, never replacing them). With neither a public URL nor a name given, any host,
    each cached on its own."""
    given = [h.strip().lower() for h in hosts or () if h.strip()]
    if origin is None and not given:
        return ["*"]
    public = [urlsplit(origin).hostname or ""] if origin is not None else []
    names = [*public, *LOCAL_HOSTS, *given]
    return list(dict.fromkeys(names))  # in order, once each


def origin_of(public: str | None, connection: HTTPConnection) -> str:
    """The origin absolute links start with: the public URL, else the request's own."""
    if public is not None:
        return public
    url = connection.url
    return f"{url.scheme}://{url.netloc}"


def absolute(public: str | None, connection: HTTPConnection, path: str) -> str:
    """``path`` (starting with ``/``) as an absolute URL a visitor can open."""
    return origin_of(public, connection) + path


def cache_scope(public: str | None, connection: HTTPConnection) -> str:
    """The part of a rendered page's cache key that its absolute links depend on: nothing
    when they come from the public URL, the request's origin otherwise."""
    return "" if public is not None else origin_of(None, connection)
