"""Web fixtures: an app on a fresh SQLite file, a controllable clock, logged-in clients."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from podium.compose import web_app as create_app
from podium.service import accounts as accounts_module
from podium.service.accounts import AccountService
from podium.service.events import EventService
from podium.service.selfreport import SelfReportService
from podium.store.db import Database

PASSWORD = "correct horse"
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@dataclass
class Site:
    db: Database
    clock: Clock
    app: object
    events: EventService
    accounts: AccountService
    reports: SelfReportService

    def client(self) -> TestClient:
        return TestClient(self.app, follow_redirects=False)  # type: ignore[arg-type]

    def user(self, name: str) -> None:
        self.accounts.create_user(name, PASSWORD)

    def login(self, name: str) -> TestClient:
        client = self.client()
        csrf = csrf_of(client.get("/login").text)
        answer = client.post(
            "/login", data={"username": name, "password": PASSWORD, "csrf_token": csrf}
        )
        assert answer.status_code == 303, answer.text
        return client

    def event(self, slug: str, owner: str | None, players: int = 8, **settings: str) -> None:
        self.events.create_event(slug, slug.upper(), "commander", settings, "setup", seed=11)
        if players:
            self.events.add_players(slug, [f"P{i}" for i in range(1, players + 1)], "setup")
        if owner:
            self.accounts.grant(slug, owner, "owner", "setup")

    def log_length(self, slug: str) -> int:
        return len(self.events.log(slug))


def csrf_of(html: str) -> str:
    found = CSRF.search(html)
    assert found, "the page has no CSRF field"
    return found.group(1)


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Site]:
    # Cheap argon2 parameters in tests only (the defaults cost ~0.1 s a hash, by design).
    monkeypatch.setattr(accounts_module, "_hasher",
                        PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
    db = Database(str(tmp_path / "web.db"))
    clock = Clock()
    app = create_app(db, clock=clock, poll_seconds=1, freshness=0)
    web = app.state.web
    yield Site(db, clock, app, web.events, web.accounts, web.reports)
    db.dispose()


@pytest.fixture
def anna(site: Site):
    """An organiser account, logged in: its client and the organiser page's CSRF token."""
    site.user("anna")
    client = site.login("anna")
    return client, csrf_of(client.get("/manage").text)


def post(client, csrf: str, slug: str, command: str, **fields: str):
    """Post an organiser form of a declared command (``/manage/<slug>/do/<command>``)."""
    return client.post(f"/manage/{slug}/do/{command}", data={"csrf_token": csrf, **fields})
