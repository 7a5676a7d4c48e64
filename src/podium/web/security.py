"""Security headers on every response of the web service.

Why: a page that cannot run injected script, cannot be framed by another site and is not
content-sniffed limits what a stored-input mistake or a hostile site can do. Every page of
podium uses only script files from ``/static`` (no inline ``<script>``, no ``on...=``
handlers: a test greps the templates), so the policy allows scripts from the site itself only.

The one exception is FastAPI's interactive API documentation (``/api/docs``): Swagger UI's
files are served by podium itself (:mod:`podium.web.apidocs`, no CDN) and started by an inline
script. Its policy allows exactly that script (by its SHA-256, computed from the page itself),
nothing else inline.

Behind a TLS proxy (``podium serve --behind-proxy``) the answers also carry
Strict-Transport-Security and cookies are sent with ``Secure``.
"""

from __future__ import annotations

import base64
import hashlib
import re

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
DOCS_CSP = (
    "default-src 'self'; script-src 'self' {hashes}; style-src 'self' "
    "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
COMMON = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
}
HSTS = "max-age=31536000"
INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.S)
INLINE_STYLE = re.compile(rb"<style>(.*?)</style>", re.S)
# A standalone download (a marathon publication's or a year's table as ``.html``) carries its
# stylesheet inside, so it looks right opened from disk; the policy allows exactly that block.
DOWNLOAD_CSP = CSP.replace("style-src 'self'", "style-src 'self' {hashes}")


def script_hashes(html: bytes, pattern: re.Pattern[bytes] = INLINE_SCRIPT) -> str:
    """The CSP sources allowing exactly the inline scripts (or styles) of ``html``."""
    return " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(body).digest()).decode() + "'"
        for body in pattern.findall(html)
    )


def is_download(path: str) -> bool:
    """A standalone ``.html`` page (exports), whose embedded stylesheet is allowed by hash."""
    return path.endswith(".html")


class SecurityHeaders:
    """Pure ASGI middleware (no per-request task, unlike BaseHTTPMiddleware)."""

    def __init__(self, app: ASGIApp, docs_path: str | None = "/api/docs",
                 https: bool = False) -> None:
        self.app = app
        self.docs_path = docs_path
        extra = {"strict-transport-security": HSTS} if https else {}
        self.headers = [(k.encode(), v.encode()) for k, v in {**COMMON, **extra}.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope.get("path") == self.docs_path:
            await self._buffered(scope, receive, send, DOCS_CSP, INLINE_SCRIPT)
            return
        if is_download(str(scope.get("path", ""))):
            await self._buffered(scope, receive, send, DOWNLOAD_CSP, INLINE_STYLE)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = self._add(message.get("headers", []), CSP)
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _add(self, headers: list[tuple[bytes, bytes]], csp: str) -> list[tuple[bytes, bytes]]:
        present = {name.lower() for name, _value in headers}
        added = [(n, v) for n, v in self.headers if n not in present]
        if b"content-security-policy" not in present:
            added.append((b"content-security-policy", csp.encode()))
        return [*headers, *added]

    async def _buffered(self, scope: Scope, receive: Receive, send: Send, policy: str,
                        pattern: re.Pattern[bytes]) -> None:
        """The API docs page or a download, buffered to hash its inline script or style."""
        start: Message = {}
        body = bytearray()

        async def collect(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
            elif message["type"] == "http.response.body":
                body.extend(message.get("body", b""))

        await self.app(scope, receive, collect)
        csp = policy.format(hashes=script_hashes(bytes(body), pattern))
        start["headers"] = self._add(list(start.get("headers", [])), csp)
        await send(start)
        await send({"type": "http.response.body", "body": bytes(body)})
