"""The application's secret key, and what is signed with it: device cookies and CSRF tokens.

Why a device cookie: the phones at a venue share the Wi-Fi's one address, so a throttle that
knows only the address lets one guessing player slow everyone there. A browser gets a device
id on its first visit, in a cookie signed with the application's key
(:meth:`AppKeys.new_device`); the throttles (:mod:`podium.service.throttle`) count each
device's failures apart, and every device at an address together (a fresh cookie costs
nothing, so the address keeps its own, larger, allowance). A cookie the server did not sign
is no device: the browser gets a new one.

Why CSRF tokens are signed: a visitor who is not signed in (the login form, a player's form)
had a CSRF cookie and the same value in the form, which a sibling site (another subdomain)
could plant together. The token is now the HMAC of the browser's device id under the
application's key, checked by the server, so a cookie and a form value the server did not
issue never match. A signed-in organiser's token is their session's, kept in the database.

The key is made once, on first use, in the database's ``app_keys`` (migration 0009), so every
server process over one database signs and checks alike; it never leaves the servers.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import threading

from sqlalchemy import select

from podium.service.events import Clock, utc_now
from podium.store.db import Database, insert_if_absent
from podium.store.models import AppKeyRow

KEY_NAME = "signing"
DEVICE_ID_BYTES = 16  # 128 bits: ids are never guessed, only signed
DEVICE_ID_LENGTH = 22  # the url-safe base64 of 16 bytes
MAC_LENGTH = 43  # the url-safe base64 of a SHA-256 HMAC, without padding


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


class AppKeys:
    """The application's signing key in ``db`` (made on first use), and what it signs."""

    def __init__(self, db: Database, clock: Clock = utc_now) -> None:
        self.db = db
        self.clock = clock
        self._secret: bytes | None = None
        self._lock = threading.Lock()

    def secret(self) -> bytes:
        """The key: read once, made by whichever process needs it first."""
        if self._secret is None:
            with self._lock:
                if self._secret is None:
                    self._secret = self._load()
        return self._secret

    def _load(self) -> bytes:
        with self.db.session() as session:
            insert_if_absent(session, AppKeyRow, [{
                "name": KEY_NAME, "secret": secrets.token_hex(32), "created_at": self.clock()}])
            stored = session.scalar(select(AppKeyRow.secret).where(AppKeyRow.name == KEY_NAME))
        assert stored is not None
        return bytes.fromhex(stored)

    def sign(self, purpose: str, value: str) -> str:
        """The HMAC-SHA256 of ``value`` for ``purpose`` (each purpose its own signatures)."""
        message = f"{purpose}\x00{value}".encode()
        return _b64(hmac.new(self.secret(), message, hashlib.sha256).digest())

    # device cookies ------------------------------------------------------------------------------
    def new_device(self) -> tuple[str, str]:
        """A new device id and its cookie's value (the id and its signature)."""
        device = _b64(secrets.token_bytes(DEVICE_ID_BYTES))
        return device, f"{device}.{self.sign('device', device)}"

    def device_of(self, cookie: str | None) -> str:
        """The device id of a cookie this application signed; "" for anything else."""
        if not cookie or len(cookie) != DEVICE_ID_LENGTH + 1 + MAC_LENGTH:
            return ""
        device, _dot, mac = cookie.partition(".")
        if len(device) != DEVICE_ID_LENGTH or not hmac.compare_digest(
                mac.encode(), self.sign("device", device).encode()):
            return ""
        return device

    # CSRF tokens ---------------------------------------------------------------------------------
    def csrf_of(self, device: str) -> str:
        """The CSRF token of a browser not signed in: bound to its device and this key."""
        return self.sign("csrf", device)

    def csrf_matches(self, device: str, sent: str | None) -> bool:
        return bool(device and sent) and hmac.compare_digest(
            str(sent).encode(), self.csrf_of(device).encode())


__all__ = ["AppKeys"]
