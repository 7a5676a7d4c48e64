"""Password hashing behind a small gate, so memory stays bounded whatever arrives.

Why: argon2 is memory-hard by design (the default costs 64 MiB a hash). Each login runs one
hash, a wrong password and an unknown account alike (the dummy hash keeps their times equal),
so 24 concurrent wrong logins took a server from 113 MB to 1,654 MB. Here at most ``slots``
hashes run at once; up to ``queue`` more callers wait their turn (``wait`` seconds at most);
past that a caller is answered at once with :class:`Busy` (HTTP 503 with ``Retry-After``), so
the memory a burst can take is ``slots`` hashes, never one per request.

The dummy hash verified for unknown accounts is made on first use (not when the module is
imported, which cost every command-line run a hash), once per set of argon2 costs (tests use
cheap ones).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

from argon2 import PasswordHasher

from podium.core import codes
from podium.core.errors import PodiumError
from podium.core.views import N_

T = TypeVar("T")

SLOTS = 2  # hashes at once: 2 x 64 MiB with argon2's default costs
QUEUE = 16  # callers waiting for a slot; more are answered 503 at once
WAIT = 10.0  # seconds a caller waits for a slot before it is answered 503
RETRY_AFTER = 5  # seconds a busy answer asks the caller to wait


class Busy(PodiumError):
    """Too many passwords being checked at once: try again after ``retry_after`` seconds."""

    category = "busy"
    status = 503

    def __init__(self, retry_after: int) -> None:
        super().__init__(N_("the server is checking too many passwords at once; try again in "
                            "%(seconds)s seconds"), code=codes.SERVER_BUSY, seconds=retry_after)
        self.retry_after = retry_after


class Gate:
    """At most ``slots`` calls at once, ``queue`` more waiting; the rest refused (:class:`Busy`).
    Callers are threads (the server's thread pool, the command line)."""

    def __init__(self, slots: int = SLOTS, queue: int = QUEUE, wait: float = WAIT,
                 retry_after: int = RETRY_AFTER) -> None:
        self.slots, self.queue, self.wait, self.retry_after = slots, queue, wait, retry_after
        self._running = threading.BoundedSemaphore(slots)
        self._lock = threading.Lock()
        self._inside = 0  # running and waiting

    def run(self, work: Callable[..., T], *args: Any) -> T:
        with self._lock:
            if self._inside >= self.slots + self.queue:
                raise Busy(self.retry_after)
            self._inside += 1
        try:
            if not self._running.acquire(timeout=self.wait):
                raise Busy(self.retry_after)
            try:
                return work(*args)
            finally:
                self._running.release()
        finally:
            with self._lock:
                self._inside -= 1

    @property
    def inside(self) -> int:
        """Calls running or waiting now."""
        return self._inside


GATE = Gate()
_dummies: dict[tuple[Any, ...], str] = {}
_dummy_lock = threading.Lock()


def hash_password(hasher: PasswordHasher, password: str) -> str:
    """``password``'s argon2 hash, through the gate."""
    return GATE.run(hasher.hash, password)


def verify_password(hasher: PasswordHasher, hashed: str | None, password: str) -> None:
    """Check ``password`` against ``hashed`` (None: an unknown account, checked against the
    dummy hash so that it takes as long), through the gate; raises argon2's
    ``VerificationError`` (or ``InvalidHashError``) when it does not match."""
    GATE.run(hasher.verify, hashed if hashed is not None else dummy_hash(hasher), password)


def dummy_hash(hasher: PasswordHasher) -> str:
    """A hash of no one's password with ``hasher``'s costs, made once on first use."""
    key = (hasher.time_cost, hasher.memory_cost, hasher.parallelism, hasher.hash_len,
           hasher.salt_len, hasher.type)
    with _dummy_lock:
        found = _dummies.get(key)
        if found is None:
            found = _dummies[key] = GATE.run(hasher.hash, "not a password of anyone")
        return found


__all__ = ["GATE", "Busy", "Gate", "dummy_hash", "hash_password", "verify_password"]
