"""Throttling of guessing (logins, player codes) that slows the attacker, never the event.

Why: a password or a 40-bit player code is only as strong as the number of guesses an attacker
may make; but a throttle keyed on the account or the event alone lets anyone lock the owner or
the players out by guessing wrong on purpose, and one keyed on the address alone lets one
player at a venue (where every phone shares the Wi-Fi's address) lock out everyone there. So
an attempt is counted under four keys:

* the **pair** (client, account) of a login, (client, event) of a player code: a few mistakes
  for free, then each further attempt of the pair waits a delay that doubles;
* the **client**: the browser's signed device cookie (:mod:`podium.service.keys`) where it
  has one, else its address (an API client): more failures for free, then the same delay;
* the **address** (an IPv6 address by its /64 network: one subscriber's, or one venue's):
  every client there together, with an allowance set from what a guess can win
  (:data:`CODE_ADDRESS_FREE`, from the codes' entropy: docs/deploy.md, "Throttles and
  guessing"), so a venue's typos never reach it while guessing from one address stays
  hopeless; a client with a fresh cookie still counts here;
* a **global cap** per gate: once that many failures were counted in its window (an attack
  from many addresses), a client with failures of its own, or an address with more than
  ``suspect`` of them, is refused until the window ends.

A key with no failures never refuses anyone: the owner's right password and a player's right
code from a browser of their own pass, whatever another client at the same address or
elsewhere tried, until that address's own large allowance is used up.

Counting is atomic and includes attempts in flight: :meth:`Gate.attempt` reserves the attempt
(counts it as pending) *before* the expensive check (the password hash, the code lookup) and
settles it after: passed clears the pair's failures, failed counts a failure against every
key, anything else (a server error, an unknown event) only frees the reservation. Attempts in
flight never refuse a right secret because of someone else's: on a key people share (an
address, a client known by its address, a player-code pair) they count only once its free
allowance is used up (then one attempt at a time); only a login pair, which one person uses,
counts them against its allowance, so 40 wrong logins of one account sent at once reach the
password check no more than its 5 free ones. The counters live in the database
(:class:`DatabaseCounters`, table ``throttle_counts``), changed under the rows' locks, so
every server process over one database shares them; :class:`MemoryCounters` serves tests.
The clock is injected: no test sleeps.
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Protocol, TypeVar

from sqlalchemy import delete, select

from podium.core import codes
from podium.core.errors import PodiumError
from podium.core.views import N_
from podium.service.events import Clock, utc_now
from podium.store.db import Busy, Database, insert_if_absent
from podium.store.models import THROTTLE_KEY_LENGTH, ThrottleCountRow

log = logging.getLogger("podium.security")

T = TypeVar("T")

MAX_KEYS = 100_000  # counters an in-memory store keeps at most (the oldest are forgotten)
RESERVATION_TTL = timedelta(minutes=1)  # an attempt never settled (a crash) stops counting
PURGE_EVERY = 500  # a database store deletes counters idle for a day every so many changes
IDLE = timedelta(days=1)


class TooManyAttempts(PodiumError):
    """Too many failed attempts of a login or a player code: HTTP 429, try again later."""

    category = "throttled"
    status = 429

    @property
    def retry_after(self) -> int:
        return int(self.params.get("seconds", 1))


@dataclass(frozen=True)
class Policy:
    """How many failures a key may have for free in its window, and the wait after that.

    ``in_flight``: attempts in flight count against the free allowance (a key one person
    uses: a login pair). On a key people share they would refuse one person's right secret
    because of the others' attempts, so there they count only past the allowance."""

    free: int
    base: timedelta = timedelta(seconds=1)
    cap: timedelta = timedelta(minutes=15)
    window: timedelta = timedelta(hours=1)
    in_flight: bool = False

    def delay(self, failures: int) -> timedelta:
        if failures < self.free:
            return timedelta(0)
        doublings = min(failures - self.free, 40)  # 2**40 s is far past any cap
        return min(self.cap, self.base * 2**doublings)


@dataclass(frozen=True)
class Limits:
    """A gate's policies: the pair's, the client's, the address's, and the global cap of
    failures, past which clients with failures (and addresses with more than ``suspect``)
    wait until the global window ends."""

    pair: Policy
    client: Policy
    address: Policy
    global_cap: int
    suspect: int = 0
    global_window: timedelta = timedelta(minutes=15)


@dataclass(frozen=True)
class Client:
    """Who makes an attempt: the address it comes from and, for a browser with a signed
    device cookie (:mod:`podium.service.keys`), that device's id."""

    address: str
    device: str = ""

    @property
    def key(self) -> str:
        """The client's own key: its device, else its address (an API client)."""
        return f"device:{self.device}" if self.device else f"at:{network(self.address)}"


def network(address: str) -> str:
    """The address an attempt is counted under: an IPv4 address as it is, an IPv6 address by
    its /64 network (one subscriber or one venue holds a whole /64 and may pick any address
    in it), anything else (a test client's name) as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


@dataclass
class Count:
    """One key's counter: failures in the window that began at ``first``, attempts in flight."""

    failures: int = 0
    pending: int = 0
    first: datetime | None = None
    last: datetime | None = None
    pending_at: datetime | None = None

    @property
    def clean(self) -> bool:
        return self.failures == 0 and self.pending == 0

    def expire(self, window: timedelta, now: datetime) -> None:
        if self.first is not None and now - self.first >= window:
            self.failures, self.first, self.last = 0, None, None
        if self.pending and (self.pending_at is None or now - self.pending_at >= RESERVATION_TTL):
            self.pending, self.pending_at = 0, None


class Counters(Protocol):
    """Where the counts live. ``change`` gets the counts of ``keys`` (zero for a key never
    seen), changes them in place, and the store keeps the result, all atomically."""

    def change(self, keys: list[str], change: Callable[[dict[str, Count]], T]) -> T: ...


class MemoryCounters:
    """Counts in this process (tests, a single process): bounded, thread-safe."""

    def __init__(self, max_keys: int = MAX_KEYS) -> None:
        self.max_keys = max_keys
        self.counts: OrderedDict[str, Count] = OrderedDict()
        self._lock = threading.Lock()

    def change(self, keys: list[str], change: Callable[[dict[str, Count]], T]) -> T:
        with self._lock:
            counts = {key: self.counts.get(key) or Count() for key in keys}
            result = change(counts)
            for key, count in counts.items():
                if count.clean:
                    self.counts.pop(key, None)
                else:
                    self.counts[key] = count
                    self.counts.move_to_end(key)
            while len(self.counts) > self.max_keys:
                self.counts.popitem(last=False)
            return result


class _Vanished(Exception):
    """A counter row was deleted by another transaction while this one waited for it."""


class DatabaseCounters:
    """Counts in the database's ``throttle_counts``, shared by every process over it.

    Each change is one transaction: the rows are created if absent (``INSERT ... ON CONFLICT
    DO NOTHING``), locked in key order (``SELECT ... FOR UPDATE`` on PostgreSQL; SQLite's write
    transactions are serial already), changed, and written back; a row with nothing counted is
    deleted, so the table holds only addresses with failures or attempts in flight."""

    def __init__(self, db: Database, clock: Clock = utc_now) -> None:
        self.db = db
        self.clock = clock
        self._changes = 0

    def change(self, keys: list[str], change: Callable[[dict[str, Count]], T]) -> T:
        for _attempt in range(10):
            try:
                return self._change_once(sorted(set(keys)), change)
            except _Vanished:
                continue
            except Busy:
                # a venue's burst on SQLite: the counters' write waited out the busy timeout;
                # nothing was counted, so counting again is safe (a right code is not refused)
                time.sleep(0.05)
                continue
        raise TooManyAttempts(N_("Too many failed attempts: wait %(seconds)s s and try again."),
                              code=codes.ATTEMPTS_TOO_MANY, seconds=1)

    def _change_once(self, keys: list[str], change: Callable[[dict[str, Count]], T]) -> T:
        self._changes += 1
        with self.db.session() as session:
            insert_if_absent(session, ThrottleCountRow, [
                {"key": key, "failures": 0, "pending": 0} for key in keys])
            rows = {row.key: row for row in session.scalars(
                select(ThrottleCountRow).where(ThrottleCountRow.key.in_(keys))
                .order_by(ThrottleCountRow.key).with_for_update())}
            if len(rows) != len(keys):
                raise _Vanished()
            counts = {key: Count(row.failures, row.pending, row.first_at, row.last_at,
                                 row.pending_at) for key, row in rows.items()}
            result = change(counts)
            for key, row in rows.items():
                count = counts[key]
                if count.clean:
                    session.delete(row)
                    continue
                row.failures, row.pending = count.failures, count.pending
                row.first_at, row.last_at = count.first, count.last
                row.pending_at = count.pending_at
            if self._changes % PURGE_EVERY == 0:  # forget counters idle for a day
                session.execute(delete(ThrottleCountRow).where(
                    ThrottleCountRow.last_at < self.clock() - IDLE,
                    ThrottleCountRow.pending == 0))
            return result


def _key(*parts: str) -> str:
    """A counter's key; parts that could not be stored as they are (too long, NUL, a lone
    surrogate) are replaced by their digest."""
    text = "|".join(parts)
    try:
        text.encode("utf-8")
        safe = text.isprintable() and len(text) <= THROTTLE_KEY_LENGTH
    except UnicodeEncodeError:
        safe = False
    if safe:
        return text
    raw = "|".join(parts).encode("utf-8", "surrogatepass")
    return f"{parts[0]}|sha256:{hashlib.sha256(raw).hexdigest()}"


@dataclass
class Attempt:
    """One guarded attempt, reserved; say :meth:`failed` when the secret was wrong."""

    outcome: str = "passed"
    reserved: bool = field(default=False, repr=False)

    def failed(self) -> None:
        self.outcome = "failed"


class Gate:
    """The throttle of one kind of secret (``name``: "login", "code"), with its limits."""

    def __init__(self, name: str, limits: Limits, counters: Counters,
                 clock: Clock = utc_now) -> None:
        self.name = name
        self.limits = limits
        self.counters = counters
        self.clock = clock

    def keys(self, client: Client, subject: str) -> tuple[str, str, str, str]:
        """The pair's, the client's, the address's and the global key of an attempt."""
        return (_key(self.name, "pair", client.key, subject), _key(self.name, client.key),
                _key(self.name, "address", network(client.address)), _key(self.name, "*"))

    @contextmanager
    def attempt(self, client: Client | str, subject: str, what: str = "") -> Iterator[Attempt]:
        """Guard one check of a secret of ``subject`` (an account, an event) by ``client`` (a
        :class:`Client`, or an address alone).

        Refuses with TooManyAttempts (HTTP 429, with the seconds to wait) before the check
        when the pair, the client or the address waits, or when the global cap is reached and
        the client (or its address, past ``suspect``) has failures of its own. Otherwise the
        attempt is reserved until the block ends: normally (passed, unless
        :meth:`Attempt.failed` was called) or by an exception (only a failure said with
        :meth:`Attempt.failed` counts)."""
        who = client if isinstance(client, Client) else Client(client)
        what = what or self.name
        keys = self.keys(who, subject)
        now = self.clock()
        refusal = self.counters.change(list(keys),
                                       lambda counts: self._reserve(counts, keys, now))
        if refusal is not None:
            seconds, which = refusal
            log.warning("%s refused: too many failures (%s) from %r%s for %r; retry in %d s",
                        what, which, who.address, _device(who), subject, seconds)
            raise TooManyAttempts(
                N_("Too many failed attempts: wait %(seconds)s s and try again."),
                code=codes.ATTEMPTS_TOO_MANY, seconds=seconds)
        attempt = Attempt(reserved=True)
        try:
            yield attempt
        except BaseException:
            if attempt.outcome != "failed":
                attempt.outcome = "released"
            raise
        finally:
            later = self.clock()
            failures = self.counters.change(
                list(keys), lambda counts: self._settle(counts, keys, attempt.outcome, later))
            if attempt.outcome == "failed" and failures >= self.limits.pair.free:
                log.warning("%s failed: %d failures from %r%s for %r", what, failures,
                            who.address, _device(who), subject)

    # the decisions, on the counts of one attempt -----------------------------------------------
    def _policies(self) -> tuple[Policy, Policy, Policy]:
        return self.limits.pair, self.limits.client, self.limits.address

    def _expire(self, counts: dict[str, Count], keys: tuple[str, str, str, str],
                now: datetime) -> None:
        for key, policy in zip(keys, self._policies(), strict=False):
            counts[key].expire(policy.window, now)
        counts[keys[3]].expire(self.limits.global_window, now)

    def _reserve(self, counts: dict[str, Count], keys: tuple[str, str, str, str],
                 now: datetime) -> tuple[int, str] | None:
        self._expire(counts, keys, now)
        pair, client, addr, everyone = keys
        names = ("client and " + ("account" if self.name == "login" else "event"), "client",
                 "address")
        waits = [(_wait(counts[key], policy, now), name)
                 for key, policy, name in zip(keys, self._policies(), names, strict=False)]
        glob = counts[everyone]
        suspect = counts[client].failures or counts[addr].failures > self.limits.suspect
        if suspect and glob.failures >= self.limits.global_cap and glob.first:
            waits.append((glob.first + self.limits.global_window - now, "all addresses"))
        wait, which = max(waits, key=lambda item: item[0])
        if wait > timedelta(0):
            return max(1, math.ceil(wait.total_seconds())), which
        for key in (pair, client, addr):
            counts[key].pending += 1
            counts[key].pending_at = now
        return None

    def _settle(self, counts: dict[str, Count], keys: tuple[str, str, str, str],
                outcome: str, now: datetime) -> int:
        self._expire(counts, keys, now)
        pair = keys[0]
        for key in keys[:3]:
            counts[key].pending = max(0, counts[key].pending - 1)
            if not counts[key].pending:
                counts[key].pending_at = None
        if outcome == "failed":
            for key in keys:
                count = counts[key]
                count.first = count.first or now
                count.failures += 1
                count.last = now
        elif outcome == "passed":
            # the pair only: a guesser with one right code of the event must not wipe out
            # the failures of the client or the address by using it between guesses
            counts[pair].failures, counts[pair].first, counts[pair].last = 0, None, None
        return counts[pair].failures


def _device(client: Client) -> str:
    return f" (device {client.device[:8]})" if client.device else ""


def _wait(count: Count, policy: Policy, now: datetime) -> timedelta:
    """How long an attempt of this key waits: nothing within the free allowance (attempts in
    flight included only for a key one person uses), a moment while attempts are in flight
    past it (one at a time), else the doubling delay from the last failure."""
    held = count.pending if policy.in_flight else 0
    if count.failures + held < policy.free:
        return timedelta(0)
    if count.pending:
        return timedelta(seconds=1)
    if count.last is None:
        return timedelta(0)
    return count.last + policy.delay(count.failures) - now


# The gates of the service ------------------------------------------------------------------------
# What a code guess can win, from the codes' alphabet and length (podium.service.selfreport:
# CODE_ALPHABET, CODE_LENGTH; a test checks they agree): 32**8 = 2**40 codes.
CODE_SPACE = 32**8
# An address guessing the codes of an event of GUESSED_PLAYERS players must need GUESS_YEARS
# on average to find one: at most HOUR_BUDGET guesses an hour (1,254).
GUESSED_PLAYERS = 1000
GUESS_YEARS = 100
HOUR_BUDGET = CODE_SPACE // (GUESSED_PLAYERS * GUESS_YEARS * 8766)
# The address's free failures an hour: four fifths of the budget, in hundreds (1,000); the rest
# is for the doubling delays' tries and the attempts in flight when the allowance ran out.
CODE_ADDRESS_FREE = HOUR_BUDGET * 4 // 5 // 100 * 100
# A player code: the pair (one phone, or an API client's address, and one event) and the client
# allow a phone's typos; the address allows a venue's (hundreds of players) and nothing
# that guessing could use; the global cap is above one address's allowance, so one address
# alone never trips it.
CODE_LIMITS = Limits(pair=Policy(free=30, cap=timedelta(minutes=5)),
                     client=Policy(free=60, cap=timedelta(minutes=5)),
                     address=Policy(free=CODE_ADDRESS_FREE, cap=timedelta(minutes=5)),
                     global_cap=2 * CODE_ADDRESS_FREE, suspect=100)
# A login: 5 mistakes of one account from one client (attempts in flight included), 20 from
# one client, 100 an hour from one address (a venue's organisers are a few); an attack from
# many addresses (300 failures in 15 minutes) stops every client that failed.
LOGIN_LIMITS = Limits(pair=Policy(free=5, in_flight=True), client=Policy(free=20),
                      address=Policy(free=100), global_cap=300, suspect=20)


def login_gate(db: Database | None, clock: Clock = utc_now) -> Gate:
    """The login throttle, counted in ``db`` (in this process when None)."""
    counters: Counters = DatabaseCounters(db, clock) if db is not None else MemoryCounters()
    return Gate("login", LOGIN_LIMITS, counters, clock)


def code_gate(db: Database | None, clock: Clock = utc_now) -> Gate:
    """The player-code throttle, counted in ``db`` (in this process when None)."""
    counters: Counters = DatabaseCounters(db, clock) if db is not None else MemoryCounters()
    return Gate("code", CODE_LIMITS, counters, clock)
