"""API tokens expire, are listed and revoked; tokens made before revision 0005 keep working
for the default lifetime counted from the upgrade."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa

from podium.core.errors import InvalidInput, NotFound
from podium.service.accounts import AccountService, TokenRefused, digest
from podium.store.db import Database
from tests.service.test_throttle import Clock, clock, db  # noqa: F401 - fixtures


def test_a_token_expires_after_its_days(db: Database, clock: Clock) -> None:  # noqa: F811
    accounts = AccountService(db, clock)
    accounts.create_user("anna", "correct horse")
    token = accounts.create_token("anna", "scoreboard", days=2)
    assert accounts.token_user(token).username == "anna"
    clock.advance(2 * 86400 - 1)
    assert accounts.token_user(token).username == "anna"
    clock.advance(1)
    with pytest.raises(TokenRefused) as refused:
        accounts.token_user(token)
    assert refused.value.status == 401 and "expired on 2026-12-02" in str(refused.value)
    [info] = accounts.tokens("anna")
    assert (info.label, info.state) == ("scoreboard", "expired")
    with pytest.raises(InvalidInput):
        accounts.create_token("anna", days=0)


def test_tokens_are_listed_and_revoked_one_by_one(db: Database, clock: Clock) -> None:  # noqa: F811
    accounts = AccountService(db, clock)
    accounts.create_user("anna", "correct horse")
    accounts.create_user("boris", "correct horse")
    first = accounts.create_token("anna", "first")
    second = accounts.create_token("anna", "second")
    listed = accounts.tokens("anna")
    assert [t.label for t in listed] == ["second", "first"]
    assert listed[0].expires_at == clock.now + timedelta(days=90)  # the default lifetime
    accounts.revoke_token("anna", listed[1].id)
    with pytest.raises(TokenRefused, match="was revoked"):
        accounts.token_user(first)
    assert accounts.token_user(second).username == "anna"
    assert [t.state for t in accounts.tokens("anna")] == ["active", "revoked"]
    with pytest.raises(NotFound):  # another user's token cannot be revoked by its id
        accounts.revoke_token("boris", listed[0].id)
    assert accounts.token_user("pod_unknown") is None


def test_tokens_made_before_the_migration_keep_working(tmp_path) -> None:
    url = str(tmp_path / "old.db")
    old = Database(url, migrate=False)
    old.upgrade("0004")
    made = datetime(2026, 1, 1, tzinfo=UTC)
    with old.engine.begin() as connection:
        connection.execute(sa.text(
            "INSERT INTO users (username, password_hash, created_at) VALUES ('anna', 'x', :t)"),
            {"t": made.replace(tzinfo=None)})
        connection.execute(sa.text(
            "INSERT INTO api_tokens (token_hash, user_id, label, created_at) "
            "VALUES (:h, 1, 'old', :t)"), {"h": digest("pod_old"), "t": made.replace(tzinfo=None)})
    old.dispose()
    upgraded = Database(url)  # to head
    try:
        accounts = AccountService(upgraded)
        assert accounts.token_user("pod_old").username == "anna"
        [info] = accounts.tokens("anna")
        left = info.expires_at - datetime.now(UTC)
        assert timedelta(days=89) < left <= timedelta(days=90)
    finally:
        upgraded.dispose()
