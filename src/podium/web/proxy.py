"""The client's address behind the TLS proxy (``podium serve --behind-proxy``).

Why: the throttles key on the client's address, and ``X-Forwarded-For`` is a list anyone can
start: a client sends ``X-Forwarded-For: <anything>`` and the proxy appends the address it
saw (nginx's ``$proxy_add_x_forwarded_for``). Only that last entry is the proxy's word; a
server that took another one let each guess come from an address of the guesser's choosing.
uvicorn's own handling differs between versions and settings (``FORWARDED_ALLOW_IPS=*``
takes the first entry, the client's), so ``podium serve`` turns it off and this middleware
decides, the same everywhere:

* only a request from the trusted hop, the proxy on this machine (a loopback address), has
  its forwarded headers read; any other peer is the client itself, whatever it sends;
* the client's address is the **rightmost** entry of ``X-Forwarded-For`` (several headers are
  one list, in order), the one the proxy appended; one that is no IP address (a broken
  proxy) leaves the proxy's own address, so nothing the client sent is ever taken;
* ``X-Forwarded-Proto`` (``http`` or ``https``) from the proxy sets the request's scheme.
"""

from __future__ import annotations

import ipaddress

from starlette.types import ASGIApp, Receive, Scope, Send


def trusted_hop(host: str | None) -> bool:
    """Whether a peer is the trusted proxy: one on this machine."""
    try:
        return host is not None and ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def forwarded_client(values: list[str]) -> str | None:
    """The address the proxy appended: the last entry of the ``X-Forwarded-For`` values, when
    it is an IP address (nginx writes it bare; ``[v6]`` and a port are tolerated)."""
    entries = [entry.strip() for value in values for entry in value.split(",")]
    if not entries or not entries[-1]:
        return None
    last = entries[-1]
    if last.startswith("[") and "]" in last:  # [2001:db8::1]:443
        last = last[1:last.index("]")]
    elif last.count(":") == 1:  # 203.0.113.5:443
        last = last.split(":")[0]
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:
        return None


class ForwardedFor:
    """Pure ASGI middleware: the client address and scheme the trusted proxy forwarded."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            peer = scope.get("client")
            if trusted_hop(peer[0] if peer else None):
                forwarded, proto = [], None
                for name, value in scope.get("headers", []):
                    if name == b"x-forwarded-for":
                        forwarded.append(value.decode("latin-1"))
                    elif name == b"x-forwarded-proto":
                        proto = value.decode("latin-1").strip().lower()
                client = forwarded_client(forwarded)
                scope = dict(scope)
                if client is not None:
                    scope["client"] = (client, 0)
                if proto in ("http", "https"):
                    scheme = proto if scope["type"] == "http" else proto.replace("http", "ws")
                    scope["scheme"] = scheme
        await self.app(scope, receive, send)


__all__ = ["ForwardedFor", "forwarded_client", "trusted_hop"]
