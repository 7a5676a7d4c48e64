"""Guessing is throttled: failed logins per account and per address, unknown player codes per
event and per address; the clock is injected, so no test sleeps."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

import pytest
from argon2 import PasswordHasher

from podium.core.errors import Forbidden as PodiumForbidden
from podium.service import accounts as accounts_module
from podium.service.accounts import AccountService
from podium.service.events import EventService
from podium.service.selfreport import SelfReportService
from podium.service.throttle import Policy, Throttle, TooManyAttempts
from podium.store.db import Database


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db(tmp_path, monkeypatch) -> Database:
    monkeypatch.setattr(accounts_module, "_hasher",
                        PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
    database = Database(str(tmp_path / "t.db"))
    yield database
    database.dispose()


def test_delays_double_after_the_free_failures_up_to_the_cap(clock: Clock) -> None:
    throttle = Throttle({"k": Policy(free=3, cap=timedelta(seconds=10))}, clock)
    key = [("k", "x")]
    for _ in range(2):
        throttle.failed(key, "test")
    throttle.check(key, "test")  # two failures: still free
    throttle.failed(key, "test")
    waits = []
    for _ in range(5):
        with pytest.raises(TooManyAttempts) as refused:
            throttle.check(key, "test")
        waits.append(refused.value.retry_after)
        clock.advance(refused.value.retry_after)
        throttle.check(key, "test")  # the wait is over
        throttle.failed(key, "test")
    assert waits == [1, 2, 4, 8, 10]
    assert refused.value.status == 429


def test_failures_are_forgotten_after_the_window(clock: Clock) -> None:
    throttle = Throttle({"k": Policy(free=2, window=timedelta(minutes=10))}, clock)
    key = [("k", "x")]
    throttle.failed(key, "test")
    clock.advance(11 * 60)
    throttle.failed(key, "test")  # a new window: one failure
    throttle.check(key, "test")


def test_memory_is_bounded(clock: Clock) -> None:
    throttle = Throttle({"k": Policy(free=1)}, clock, max_keys=100)
    for i in range(1000):
        throttle.failed([("k", str(i))], "test")
    assert len(throttle._counts) == 100
    with pytest.raises(TooManyAttempts):
        throttle.check([("k", "999")], "test")


def test_login_locks_the_account_after_five_wrong_passwords(db: Database, clock: Clock,
                                                            caplog) -> None:
    accounts = AccountService(db, clock)
    accounts.create_user("anna", "correct horse")
    for i in range(5):
        assert accounts.login("anna", f"wrong {i}", address=f"10.0.0.{i}") is None
    caplog.set_level(logging.WARNING, logger="podium.security")
    with pytest.raises(TooManyAttempts) as refused:  # even the right password, from anywhere
        accounts.login("anna", "correct horse", address="10.9.9.9")
    assert "wait 1 s" in str(refused.value)
    assert any("login refused" in r.getMessage() and "anna" in r.getMessage()
               for r in caplog.records)
    clock.advance(1)
    assert accounts.login("ANNA", "correct horse", address="10.9.9.9") is not None
    assert accounts.login("anna", "wrong", address="10.9.9.9") is None  # the count restarted
    assert accounts.login("anna", "correct horse") is not None


def test_login_locks_an_address_guessing_many_accounts(db: Database, clock: Clock) -> None:
    accounts = AccountService(db, clock)
    accounts.create_user("boris", "correct horse")
    for i in range(20):
        assert accounts.login(f"user{i}", "guess", address="192.0.2.7") is None
    with pytest.raises(TooManyAttempts):
        accounts.login("boris", "correct horse", address="192.0.2.7")
    assert accounts.login("boris", "correct horse", address="192.0.2.8") is not None


def test_player_codes_are_throttled_per_address_and_per_event(db: Database,
                                                              clock: Clock) -> None:
    events = EventService(db, clock)
    events.create_event("cup", "CUP", "commander", {}, "org", seed=1)
    events.add_players("cup", [f"P{i}" for i in range(1, 9)], "org")
    events.pair_round("cup", "org")
    reports = SelfReportService(events)
    code = reports.codes("cup")[1]
    for i in range(10):
        with pytest.raises(PodiumForbidden):
            reports.seat("cup", f"WRONG{i}", address="198.51.100.1")
    with pytest.raises(TooManyAttempts):  # the right code waits too: a guess gains nothing
        reports.seat("cup", code, address="198.51.100.1")
    assert reports.seat("cup", code, address="198.51.100.2").player.id == 1
    # many addresses guessing one event: the event's codes slow down after 30 failures
    for i in range(20):
        with pytest.raises(PodiumForbidden):
            reports.table_reports("cup", f"WRONG{i}", address=f"203.0.113.{i}")
    with pytest.raises(TooManyAttempts) as refused:
        reports.seat("cup", code, address="198.51.100.3")
    clock.advance(refused.value.retry_after)
    assert reports.seat("cup", code, address="198.51.100.3").player.id == 1

