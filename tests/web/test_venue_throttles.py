"""A busy venue: hundreds of phones behind the one address of the Wi-Fi, served by two
servers over one database (a SQLite file, PostgreSQL). Right codes sent at once all pass;
a guessing phone is slowed and the others at its address are not; the owner logs in from the
guesser's address; behind the proxy the client is the address the proxy appended.

Threads stand for the phones; no test depends on the machine's speed."""

from __future__ import annotations

import os
import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from sqlalchemy import select

from podium.compose import web_app as create_app
from podium.service import accounts as accounts_module
from podium.service.throttle import CODE_LIMITS, LOGIN_LIMITS
from podium.store.db import Database
from podium.store.models import ThrottleCountRow
from tests.store.conftest import db_url  # noqa: F401 - the fixture is used here
from tests.web.conftest import PASSWORD, Clock, csrf_of

VENUE = "203.0.113.80"  # the Wi-Fi's one address
PLAYERS = 200


@dataclass
class Venue:
    apps: list[object]
    databases: list[Database]
    codes: dict[int, str]

    def phone(self, n: int = 0, address: str = VENUE) -> TestClient:
        """A phone: its own cookies, on server ``n % 2``."""
        return TestClient(self.apps[n % 2], follow_redirects=False,  # type: ignore[arg-type]
                          client=(address, 40000 + n % 20000))


@pytest.fixture
def venue(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Venue]:  # noqa: F811
    monkeypatch.setattr(accounts_module, "_hasher",
                        PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
    clock = Clock()
    databases = [Database(db_url) for _ in range(2)]  # two servers' engines
    apps = [create_app(d, clock=clock, poll_seconds=1, freshness=0, listen=False)
            for d in databases]
    web = apps[0].state.web
    web.events.create_event("cup", "CUP", "commander", {}, "setup", seed=3)
    web.events.add_players("cup", [f"P{i}" for i in range(1, PLAYERS + 1)], "setup")
    web.events.pair_round("cup", "setup")
    web.accounts.create_user("anna", PASSWORD)
    try:
        yield Venue(apps, databases, web.reports.codes("cup"))
    finally:
        for database in databases:
            database.dispose()


def at_once(count: int, work) -> list[int]:  # type: ignore[no-untyped-def]
    """Run ``work(n)`` in ``count`` threads released together; their answers' statuses."""
    barrier = threading.Barrier(count)
    statuses: list[int] = []
    lock = threading.Lock()

    def run(n: int) -> None:
        prepared = work(n)
        barrier.wait()
        status = prepared()
        with lock:
            statuses.append(status)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def test_two_hundred_right_codes_at_once_from_one_address_all_pass(venue: Venue) -> None:
    """128 phones behind one address sending right codes at once got 429 "Too many failed
    attempts" though nothing failed: the attempts in flight counted against the address's
    allowance. Now 200 at once, through two servers over one database (the API, which knows
    them by the address alone, and the report pages, by their device cookies), all pass;
    a guessing phone at the same address is slowed, the others are not."""
    players = sorted(venue.codes)

    def by_api(n: int):  # type: ignore[no-untyped-def]
        phone, code = venue.phone(n), venue.codes[players[n]]
        return lambda: phone.get("/api/v1/events/cup/me",
                                 headers={"Authorization": f"Bearer {code}"}).status_code

    assert at_once(PLAYERS, by_api) == [200] * PLAYERS

    def by_page(n: int):  # type: ignore[no-untyped-def]
        phone, code = venue.phone(n), venue.codes[players[n]]
        csrf = csrf_of(phone.get("/e/cup/report").text)
        return lambda: phone.post("/e/cup/report/table",
                                  data={"csrf_token": csrf, "code": code}).status_code

    assert at_once(PLAYERS, by_page) == [200] * PLAYERS

    guesser = venue.phone(1)
    csrf = csrf_of(guesser.get("/e/cup/report").text)
    for i in range(CODE_LIMITS.pair.free):
        wrong = guesser.post("/e/cup/report/table", data={"csrf_token": csrf,
                                                          "code": f"WRONG{i:03d}"})
        assert wrong.status_code == 403
    right = {"csrf_token": csrf, "code": venue.codes[players[1]]}
    assert guesser.post("/e/cup/report/table", data=right).status_code == 429
    # the other phones at the same address: their own device, no failures
    other = venue.phone(2)
    csrf = csrf_of(other.get("/e/cup/report").text)
    assert other.post("/e/cup/report/table", data={
        "csrf_token": csrf, "code": venue.codes[players[2]]}).status_code == 200
    assert venue.phone(3).get("/api/v1/events/cup/me", headers={
        "Authorization": f"Bearer {venue.codes[players[3]]}"}).status_code == 200


def test_one_guessing_phone_does_not_block_the_venue(venue: Venue) -> None:
    """After 30 wrong codes from the venue's address, every right code from it got 429. The
    failures now count against the guessing phone (its device cookie); a player at the same
    address with a phone of their own gets in."""
    guesser = venue.phone(0)
    csrf = csrf_of(guesser.get("/e/cup/report").text)
    for i in range(CODE_LIMITS.pair.free + 10):
        guesser.post("/e/cup/report/table", data={"csrf_token": csrf, "code": f"BAD{i:05d}"})
    refused = guesser.post("/e/cup/report/table", data={"csrf_token": csrf,
                                                        "code": venue.codes[1]})
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
    for n in (1, 2, 3):  # on both servers
        player = venue.phone(n)
        csrf = csrf_of(player.get("/e/cup/report").text)
        answer = player.post("/e/cup/report/table", data={"csrf_token": csrf,
                                                          "code": venue.codes[n + 1]})
        assert answer.status_code == 200, answer.text


def test_the_owner_logs_in_from_the_guessers_address(venue: Venue) -> None:
    """The owner was refused from the attacker's address (the pair was (address, account)).
    The pair is now (browser, account): the guessing browser waits, the owner's own browser
    at the same address gets in."""
    guesser = venue.phone(0)
    csrf = csrf_of(guesser.get("/login").text)
    for i in range(LOGIN_LIMITS.pair.free):
        wrong = guesser.post("/login", data={"username": "anna", "password": f"guess {i}",
                                             "csrf_token": csrf})
        assert wrong.status_code == 401
    refused = guesser.post("/login", data={"username": "anna", "password": PASSWORD,
                                           "csrf_token": csrf})
    assert refused.status_code == 429
    owner = venue.phone(1)
    csrf = csrf_of(owner.get("/login").text)
    answer = owner.post("/login", data={"username": "anna", "password": PASSWORD,
                                        "csrf_token": csrf})
    assert answer.status_code == 303
    assert answer.headers["cache-control"] == "no-store"  # it sets the session's token


# behind the proxy ---------------------------------------------------------------------------
@pytest.fixture
def proxied(tmp_path, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    monkeypatch.setattr(accounts_module, "_hasher",
                        PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
    database = Database(str(tmp_path / "proxy.db"))
    app = create_app(database, clock=Clock(), freshness=0, behind_proxy=True)
    web = app.state.web
    web.events.create_event("cup", "CUP", "commander", {}, "setup", seed=3)
    web.events.add_players("cup", ["Anna", "Boris", "Cid", "Dan"], "setup")
    yield app
    database.dispose()


def test_behind_the_proxy_the_client_is_the_address_the_proxy_appended(proxied) -> None:
    """With --behind-proxy, rotating X-Forwarded-For values escaped the throttle. The client
    is now the entry the proxy on this machine appended (the rightmost): whatever a guesser
    puts before it, its guesses count against that one address."""
    web = proxied.state.web  # type: ignore[attr-defined]
    code = web.reports.codes("cup")[1]
    proxy = TestClient(proxied, client=("127.0.0.1", 50000))  # type: ignore[arg-type]

    def me(code: str, forwarded: str) -> int:
        return proxy.get("/api/v1/events/cup/me", headers={
            "Authorization": f"Bearer {code}", "X-Forwarded-For": forwarded}).status_code

    for i in range(CODE_LIMITS.pair.free):
        assert me(f"WRONG{i:03d}", f"10.{i}.{i}.{i}, {uuid.uuid4().hex}, 198.51.100.7") == 403
    assert me(code, "10.99.99.99, 198.51.100.7") == 429  # the appended address waits
    assert me(code, "198.51.100.7, 198.51.100.8") == 200  # another client of the proxy
    with web.db.session(readonly=True) as session:
        keys = set(session.scalars(select(ThrottleCountRow.key)))
    assert "code|address|198.51.100.7" in keys
    assert all("198.51.100.7" in key or key == "code|*" for key in keys), keys


def test_only_the_proxy_on_this_machine_is_trusted(proxied) -> None:
    """A client that reaches the server directly is its own address, whatever it forwards;
    several X-Forwarded-For headers are one list (the proxy's entry is still the last)."""
    web = proxied.state.web  # type: ignore[attr-defined]
    code = web.reports.codes("cup")[1]
    direct = TestClient(proxied, client=("192.0.2.66", 50000))  # type: ignore[arg-type]
    for i in range(CODE_LIMITS.pair.free):
        direct.get("/api/v1/events/cup/me", headers={
            "Authorization": f"Bearer WRONG{i:03d}", "X-Forwarded-For": f"10.0.0.{i}"})
    assert direct.get("/api/v1/events/cup/me", headers={
        "Authorization": f"Bearer {code}", "X-Forwarded-For": "10.1.1.1"}).status_code == 429
    proxy = TestClient(proxied, client=("127.0.0.1", 50000))  # type: ignore[arg-type]
    answer = proxy.get("/api/v1/events/cup/me", headers=[
        ("Authorization", f"Bearer {code}"), ("X-Forwarded-For", "192.0.2.66"),
        ("X-Forwarded-For", "203.0.113.1")])
    assert answer.status_code == 200  # the last entry: 203.0.113.1, not the direct guesser


def test_serve_leaves_the_forwarded_headers_to_podium(tmp_path, monkeypatch) -> None:
    """``podium serve --behind-proxy`` turns uvicorn's own reading of X-Forwarded-For off
    (its choice of entry depends on its version and FORWARDED_ALLOW_IPS) and the
    application's on."""
    import uvicorn
    from click.testing import CliRunner

    from podium.cli.main import cli

    calls: list[dict[str, object]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **options: calls.append(options))
    for name in ("PODIUM_SERVE_PROXY", "PODIUM_SERVE_SECURE", "PODIUM_SERVE_DB",
                 "PODIUM_SERVE_POLL", "PODIUM_PUBLIC_URL"):
        monkeypatch.setenv(name, "")  # serve sets them; put back as they were afterwards
    done = CliRunner().invoke(cli, ["--db", str(tmp_path / "s.db"), "serve", "--behind-proxy"])
    assert done.exit_code == 0, done.output
    assert calls and calls[0]["proxy_headers"] is False
    assert os.environ["PODIUM_SERVE_PROXY"] == "1"
