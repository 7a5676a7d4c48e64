"""`podium user ...` and `podium event create --owner`: accounts from the command line."""

from __future__ import annotations

import pytest

from podium.service.accounts import AccountService, TokenRefused
from podium.store.db import Database, resolve_url
from tests.cli.conftest import Podium, flat


def accounts(podium: Podium) -> AccountService:
    return AccountService(Database(resolve_url(str(podium.db))))


def test_create_a_user_grant_and_token(podium: Podium) -> None:
    out = podium.out("user", "create", "Anna", "--password-stdin", input="a long secret\n")
    assert "User anna created." in out
    podium("user", "create", "anna", "--password-stdin", input="another one\n", code=4)
    podium("user", "create", "bob", "--password-stdin", input="short\n", code=2)
    podium("event", "create", "cup")
    podium("user", "grant", "cup", "anna", "--role", "owner")
    service = accounts(podium)
    assert service.role_of(service.get_user("anna"), "cup") == "owner"
    token = podium.out("user", "token", "anna").strip()
    assert service.token_user(token).username == "anna"
    podium("user", "grant", "nope", "anna", code=3)
    podium("user", "revoke", "cup", "anna")
    assert service.role_of(service.get_user("anna"), "cup") is None


def test_event_create_with_an_owner(podium: Podium) -> None:
    podium("user", "create", "anna", "--password-stdin", input="a long secret\n")
    podium("event", "create", "cup", "--owner", "anna")
    service = accounts(podium)
    assert service.role_of(service.get_user("anna"), "cup") == "owner"
    err = podium("event", "create", "cup2", "--owner", "ghost", code=3).stderr
    assert "no user" in flat(err)
    assert "cup2" not in podium.out("event", "list")  # nothing stored


def test_serve_is_documented(podium: Podium) -> None:
    out = flat(podium.out("serve", "--help"))
    assert "--port" in out and "--host" in out


def test_player_codes(podium: Podium) -> None:
    podium("event", "create", "cup")
    podium("player", "add", "cup", "Anna", "Boris")
    lines = podium.out("codes", "cup").strip().splitlines()
    assert [line.split("\t")[2] for line in lines] == ["Anna", "Boris"]
    assert podium.out("codes", "cup").strip().splitlines() == lines  # stable
    podium("codes", "nope", code=3)


def test_tokens_are_listed_and_revoked_from_the_cli(podium: Podium) -> None:
    podium("user", "create", "anna", "--password-stdin", input="correct horse\n")
    kept = podium.out("user", "token", "anna", "--label", "scoreboard").strip()
    gone = podium.out("user", "token", "anna", "--label", "laptop", "--days", "7").strip()
    service = accounts(podium)
    listing = podium.out("user", "token", "anna", "--list").splitlines()
    assert [line.split("\t")[0] for line in listing] == ["#2", "#1"]
    assert "laptop" in listing[0] and "active" in listing[0]
    podium("user", "token", "anna", "--revoke", "2")
    assert "revoked" in podium.out("user", "token", "anna", "--list").splitlines()[0]
    assert service.token_user(kept).username == "anna"
    with pytest.raises(TokenRefused):
        service.token_user(gone)
    podium("user", "token", "anna", "--revoke", "9", code=3)  # not anna's token
    podium("user", "token", "anna", "--days", "0", code=2)
