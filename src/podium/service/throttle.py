"""Throttling of guessing: failed logins and unknown player codes slow down, then lock out.

Why: a password or a 40-bit player code is only as strong as the number of guesses an attacker
may make. Each guarded attempt names a few keys (the account and the client address for a
login; the event and the address for a player code). Failures of a key are counted within a
window; after ``free`` failures every further attempt on that key waits an exponentially
growing delay (``base`` seconds, doubled per failure, at most ``cap``) counted from the last
failure. While a key waits, every attempt naming it is refused with :class:`TooManyAttempts`
(HTTP 429) *before* the secret is checked, so a right guess during the wait gains nothing.

The state is kept in memory by the service (one server process; a restart forgets it, which
only gives an attacker one fresh allowance per restart), bounded in size, and read through an
injected clock so tests need no sleeping.
"""

from __future__ import annotations

import logging
import math
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from podium.core import codes
from podium.core.errors import PodiumError
from podium.core.views import N_
from podium.service.events import Clock, utc_now

log = logging.getLogger("podium.security")

MAX_KEYS = 100_000  # keys remembered at most (the oldest are forgotten first)


class TooManyAttempts(PodiumError):
    """Too many failed attempts of a login or a player code: HTTP 429, try again later."""

    category = "throttled"
    status = 429

    @property
    def retry_after(self) -> int:
        return int(self.params.get("seconds", 1))


@dataclass(frozen=True)
class Policy:
    """How many failures a key may have for free, and how long it waits after that."""

    free: int
    base: timedelta = timedelta(seconds=1)
    cap: timedelta = timedelta(minutes=15)
    window: timedelta = timedelta(hours=1)

    def delay(self, failures: int) -> timedelta:
        if failures < self.free:
            return timedelta(0)
        doublings = min(failures - self.free, 40)  # 2**40 s is far past any cap
        return min(self.cap, self.base * 2**doublings)


@dataclass
class _Count:
    failures: int
    last: datetime


class Throttle:
    """Failure counts per key, each key with its policy; thread-safe (routes run in threads)."""

    def __init__(self, policies: dict[str, Policy], clock: Clock = utc_now,
                 max_keys: int = MAX_KEYS) -> None:
        self.policies = policies
        self.clock = clock
        self.max_keys = max_keys
        self._counts: OrderedDict[tuple[str, str], _Count] = OrderedDict()
        self._lock = threading.Lock()

    def check(self, keys: Iterable[tuple[str, str]], what: str) -> None:
        """Refuse with TooManyAttempts when any key still waits; ``what`` names it in the log."""
        now = self.clock()
        waits = [(self._wait(kind, value, now), kind, value) for kind, value in keys]
        wait, kind, value = max(waits, default=(timedelta(0), "", ""))
        if wait > timedelta(0):
            seconds = max(1, math.ceil(wait.total_seconds()))
            log.warning("%s refused: too many failures of %s %r; retry in %d s",
                        what, kind, value, seconds)
            raise TooManyAttempts(
                N_("Too many failed attempts: wait %(seconds)s s and try again."),
                code=codes.ATTEMPTS_TOO_MANY, seconds=seconds,
            )

    def failed(self, keys: Iterable[tuple[str, str]], what: str) -> None:
        """Count a failed attempt against every key."""
        now = self.clock()
        with self._lock:
            for kind, value in keys:
                policy = self.policies[kind]
                count = self._counts.get((kind, value))
                if count is None or now - count.last > policy.window:
                    count = _Count(0, now)
                count.failures += 1
                count.last = now
                self._counts[(kind, value)] = count
                self._counts.move_to_end((kind, value))
                if count.failures >= policy.free:
                    log.warning("%s failed: %d failures of %s %r; next attempt waits %d s",
                                what, count.failures, kind, value,
                                policy.delay(count.failures).total_seconds())
            while len(self._counts) > self.max_keys:
                self._counts.popitem(last=False)

    def succeeded(self, keys: Iterable[tuple[str, str]]) -> None:
        """Forget the failures of ``keys`` (an account after its right password)."""
        with self._lock:
            for key in keys:
                self._counts.pop(key, None)

    def _wait(self, kind: str, value: str, now: datetime) -> timedelta:
        with self._lock:
            count = self._counts.get((kind, value))
        if count is None:
            return timedelta(0)
        return count.last + self.policies[kind].delay(count.failures) - now


# The policies of the service: accounts lock sooner than addresses (one person may mistype; a
# classroom shares one address), an event's codes allow many mistypes of many players.
LOGIN_ACCOUNT = "account"
LOGIN_ADDRESS = "login address"
CODE_EVENT = "event"
CODE_ADDRESS = "code address"
POLICIES = {
    LOGIN_ACCOUNT: Policy(free=5),
    LOGIN_ADDRESS: Policy(free=20),
    CODE_EVENT: Policy(free=30, cap=timedelta(minutes=5)),
    CODE_ADDRESS: Policy(free=10),
}


def service_throttle(clock: Clock = utc_now) -> Throttle:
    return Throttle(POLICIES, clock)
