"""Accounts: argon2 hashes, sessions that expire, hashed API tokens, per-event roles."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select

from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.service.accounts import SESSION_TTL, AccountService
from podium.service.events import EventService
from podium.store.db import Database
from podium.store.models import ApiTokenRow, UserRow, WebSessionRow
from tests.web.conftest import Clock


@pytest.fixture
def accounts(tmp_path: Path):
    db = Database(str(tmp_path / "a.db"))
    clock = Clock()
    yield AccountService(db, clock), EventService(db, clock), clock
    db.dispose()


def test_password_is_stored_as_an_argon2_hash(accounts) -> None:
    service, _events, _clock = accounts
    service.create_user("Alice", "a long secret")
    with service.db.session() as session:
        row = session.scalar(select(UserRow))
    assert row.username == "alice"
    assert row.password_hash.startswith("$argon2")
    assert "a long secret" not in row.password_hash
    assert service.authenticate("alice", "a long secret") is not None
    assert service.authenticate("alice", "wrong secret") is None
    assert service.authenticate("nobody", "a long secret") is None


@pytest.mark.parametrize(
    ("name", "password", "message"),
    [("", "longenough", "username"), ("bad name", "longenough", "username"),
     ("bob", "short", "at least 8")],
)
def test_bad_accounts_are_refused(accounts, name, password, message) -> None:
    service, _events, _clock = accounts
    with pytest.raises(InvalidInput, match=message):
        service.create_user(name, password)


def test_a_username_is_taken_once(accounts) -> None:
    service, _events, _clock = accounts
    service.create_user("bob", "longenough")
    with pytest.raises(Conflict):
        service.create_user("BOB", "longenough")


def test_a_session_expires(accounts) -> None:
    service, _events, clock = accounts
    service.create_user("bob", "longenough")
    token, _web = service.login("bob", "longenough")
    with service.db.session() as session:
        stored = session.scalar(select(WebSessionRow))
    assert stored.token_hash != token  # only the hash is kept
    assert service.session_of(token)[0].user.username == "bob"
    clock.advance(seconds=SESSION_TTL.total_seconds() + 1)
    assert service.session_of(token) == (None, True)
    assert service.session_of("forged") == (None, False)


def test_api_tokens_are_kept_hashed(accounts) -> None:
    service, _events, _clock = accounts
    service.create_user("bob", "longenough")
    token = service.create_token("bob", "laptop")
    with service.db.session() as session:
        assert session.scalar(select(ApiTokenRow.token_hash)) != token
    assert service.token_user(token).username == "bob"
    assert service.token_user(token + "x") is None


def test_roles_are_per_event(accounts) -> None:
    service, events, _clock = accounts
    service.create_user("owner", "longenough")
    service.create_user("judge", "longenough")
    for slug in ("a", "b"):
        events.create_event(slug, slug, "commander", {}, "cli", seed=1)
    service.grant("a", "owner", "owner", "cli")
    service.grant("a", "judge", "judge", "owner")
    owner, judge = service.get_user("owner"), service.get_user("judge")
    assert service.role_of(owner, "a") == "owner"
    assert service.role_of(judge, "a") == "judge"
    assert service.role_of(judge, "b") is None
    assert service.events_of(judge) == {"a": "judge"}
    service.revoke("a", "judge")
    assert service.role_of(judge, "a") is None
    with pytest.raises(InvalidInput):
        service.grant("a", "judge", "admin", "owner")
    with pytest.raises(NotFound):
        service.grant("missing", "judge", "judge", "owner")
