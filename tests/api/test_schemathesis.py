"""Schemathesis against /openapi.json: generated requests, anonymous and as the owner of a
real event (the slug pinned to it), must never get a server error, and every answer must
match the schema (status codes declared, bodies conforming)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import schemathesis
from argon2 import PasswordHasher
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from podium.formats.berserk.commands import split_tables
from podium.formats.mahjong_marathon.commands import MarathonService
from podium.service import accounts as accounts_module
from podium.service import top
from podium.store.db import Database
from podium.web.app import create_app

accounts_module._hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
_DB = Database(str(Path(tempfile.mkdtemp(prefix="podium-st-")) / "st.db"))
APP = create_app(_DB)
_web = APP.state.web
_web.accounts.create_user("owner", "longenough")
_web.events.create_event("cup", "Cup", "commander", {}, "owner", seed=1)
_web.accounts.grant("cup", "owner", "owner", "owner")
_web.events.add_players("cup", [f"P{i}" for i in range(1, 10)], "owner")
_web.events.pair_round("cup", "owner")
# A Berserk event with a built TOP, so the TOP routes are exercised on a real bracket too.
_web.events.create_event("brk", "Brk", "berserk", {"top_size": 4}, "owner", seed=2)
_web.accounts.grant("brk", "owner", "owner", "owner")
_web.events.add_players("brk", [f"B{i}" for i in range(1, 9)], "owner")
split_tables(_web.events, "brk", "owner", 2)
_state, _round = _web.events.pair_round("brk", "owner")
for _table in _round.tables:
    _web.events.enter_result("brk", _table.number,
                             lambda _s, t=_table: {"winner": t.seats[0]}, "owner")
top.build(_web.events, "brk", "owner")
TOKEN = _web.accounts.create_token("owner")
# a mahjong marathon (open play, its own API routes) with a game and a publication
_web.events.create_event("mj", "MJ", "mahjong-marathon", {}, "owner")
_web.accounts.grant("mj", "owner", "owner", "owner")
_marathon = MarathonService(_DB)
_marathon.add_game("mj", "g1", "RU-Marathon-1", "2015-03-01 12:00", "server",
                   [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)], "owner")
_marathon.publish("mj", "owner")
CODE = next(iter(_web.reports.codes("cup").values()))

schema = schemathesis.openapi.from_asgi("/openapi.json", APP)
CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance]
SETTINGS = settings(max_examples=25, deadline=None, derandomize=True,
                    suppress_health_check=list(HealthCheck))


@schema.parametrize()
@SETTINGS
def test_anonymous(case) -> None:
    response = case.call()
    case.validate_response(response, checks=CHECKS)


@schema.parametrize()
@SETTINGS
def test_owner_on_a_real_event(case) -> None:
    if case.path_parameters and "slug" in case.path_parameters:
        case.path_parameters["slug"] = "cup"
    response = case.call(headers={"Authorization": f"Bearer {TOKEN}"})
    case.validate_response(response, checks=CHECKS)


@schema.parametrize()
@SETTINGS
def test_player_code_on_a_real_event(case) -> None:
    if case.path_parameters and "slug" in case.path_parameters:
        case.path_parameters["slug"] = "cup"
    response = case.call(headers={"Authorization": f"Bearer {CODE}"})
    case.validate_response(response, checks=CHECKS)


@schema.include(path_regex="/top").parametrize()
@SETTINGS
def test_owner_on_a_berserk_top(case) -> None:
    """The TOP routes on a built bracket (rules BRK-1 .. BRK-5): no server error."""
    if case.path_parameters and "slug" in case.path_parameters:
        case.path_parameters["slug"] = "brk"
    response = case.call(headers={"Authorization": f"Bearer {TOKEN}"})
    case.validate_response(response, checks=CHECKS)


@schema.parametrize()
@SETTINGS
def test_owner_on_a_marathon(case) -> None:
    """The same, on a mahjong marathon: its own routes and the round routes it refuses."""
    if case.path_parameters and "slug" in case.path_parameters:
        case.path_parameters["slug"] = "mj"
    response = case.call(headers={"Authorization": f"Bearer {TOKEN}"})
    case.validate_response(response, checks=CHECKS)
