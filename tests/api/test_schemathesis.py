"""Schemathesis against /openapi.json on both stores (SQLite and PostgreSQL): generated
requests, anonymous, as the owner of real events (the slug pinned to them) and with a player
code, then stateful sequences following the links between operations (an event created, then
read, changed, paired...): never a server error, and every answer matches the schema (status
codes declared, bodies conforming). Then negative data (Schemathesis's negative mode: each
part of a request broken the way the schema forbids): never a server error, always refused.

Sized by ``PODIUM_FUZZ_EXAMPLES`` (examples per operation and per caller, and state-machine
runs): the CI default is small; the nightly size is 1,000 (docs/web.md, "Fuzzing the API").
"""

from __future__ import annotations

import atexit
import os
import tempfile
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from argon2 import PasswordHasher
from hypothesis import HealthCheck, Phase, settings
from schemathesis import GenerationMode
from schemathesis.checks import (
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.specs.openapi.checks import negative_data_rejection

from podium.compose import web_app as create_app
from podium.formats.berserk.commands import split_tables
from podium.formats.mahjong_marathon.commands import MarathonService
from podium.service import accounts as accounts_module
from podium.service import top
from podium.store.db import Database
from tests.conftest import DEFAULT_PG_URL

EXAMPLES = int(os.environ.get("PODIUM_FUZZ_EXAMPLES", "10"))
CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance]
# Negative data (bodies, paths and queries the schema calls invalid): never a server error, and
# always refused (4xx), so the schema says exactly what the API takes.
NEGATIVE_CHECKS = [not_a_server_error, negative_data_rejection]
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                    suppress_health_check=list(HealthCheck), database=None)
# few examples for the negative data (every operation, each part broken in turn), seeded
NEGATIVE = settings(max_examples=max(3, EXAMPLES // 2), deadline=None, derandomize=True,
                    suppress_health_check=list(HealthCheck), database=None)
STATEFUL = settings(max_examples=max(5, EXAMPLES // 5), stateful_step_count=8, deadline=None,
                    derandomize=True, suppress_health_check=list(HealthCheck), database=None,
                    phases=[Phase.explicit, Phase.generate])


@dataclass
class Api:
    app: Any
    token: str
    code: str


def _seed(db: Database) -> Api:
    accounts_module._hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    app = create_app(db)
    web = app.state.web
    web.accounts.create_user("owner", "longenough")
    web.events.create_event("cup", "Cup", "commander", {}, "owner", seed=1)
    web.accounts.grant("cup", "owner", "owner", "owner")
    web.events.add_players("cup", [f"P{i}" for i in range(1, 10)], "owner")
    web.events.pair_round("cup", "owner")
    # A Berserk event with a built TOP, so the TOP routes are exercised on a real bracket too.
    web.events.create_event("brk", "Brk", "berserk", {"top_size": 4}, "owner", seed=2)
    web.accounts.grant("brk", "owner", "owner", "owner")
    web.events.add_players("brk", [f"B{i}" for i in range(1, 9)], "owner")
    split_tables(web.events, "brk", "owner", 2)
    _state, rnd = web.events.pair_round("brk", "owner")
    for table in rnd.tables:
        web.events.enter_result("brk", table.number,
                                lambda _s, t=table: {"winner": t.seats[0]}, "owner")
    top.build(web.events, "brk", "owner")
    # a mahjong marathon (open play, its own API routes) with a game and a publication
    web.events.create_event("mj", "MJ", "mahjong-marathon", {}, "owner")
    web.accounts.grant("mj", "owner", "owner", "owner")
    marathon = MarathonService(db)
    marathon.add_game("mj", "g1", "RU-Marathon-1", "2015-03-01 12:00", "server",
                      [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)], "owner")
    marathon.publish("mj", "owner")
    code = next(iter(web.reports.codes("cup").values()))
    return Api(app, web.accounts.create_token("owner", days=3650), code)


def _postgres_schema() -> tuple[str | None, str]:
    """A fresh PostgreSQL schema's URL, or None and why (a failure on CI, where PostgreSQL
    must be there). Built at import: schemathesis parametrizes tests when they are collected."""
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url
    from sqlalchemy.pool import NullPool

    base = os.environ.get("PODIUM_TEST_PG_URL") or DEFAULT_PG_URL
    try:
        admin = create_engine(base, poolclass=NullPool, connect_args={"connect_timeout": 5})
        name = f"podium_fuzz_{uuid.uuid4().hex}"
        with admin.begin() as connection:
            connection.exec_driver_sql(f'CREATE SCHEMA "{name}"')
    except Exception as error:  # no server: the PostgreSQL half is skipped, or fails on CI
        return None, f"PostgreSQL not reachable: {type(error).__name__}"

    def drop() -> None:
        with admin.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA "{name}" CASCADE')
        admin.dispose()

    atexit.register(drop)
    return make_url(base).update_query_dict(
        {"options": f"-csearch_path={name}"}).render_as_string(hide_password=False), ""


SQLITE = _seed(Database(str(Path(tempfile.mkdtemp(prefix="podium-st-")) / "st.db")))
_PG_URL, _PG_MISSING = _postgres_schema()
POSTGRES = _seed(Database(_PG_URL)) if _PG_URL else None


def _needs(api: Api | None) -> Api:
    if api is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{_PG_MISSING} (CI must provide one: set PODIUM_TEST_PG_URL)")
        pytest.skip(f"{_PG_MISSING}: the PostgreSQL fuzzing is skipped")
    return api


def _pinned(case: Any, slug: str) -> Any:
    if case.path_parameters and "slug" in case.path_parameters:
        case.path_parameters["slug"] = slug
    return case


def _suite(store: str, api: Api | None) -> None:
    """The fuzz tests of one store, added to this module as ``test_<name>_<store>``."""
    everything = schemathesis.openapi.from_asgi("/openapi.json", (api or SQLITE).app)
    # the owner's runs keep their events: deleting one is tested on its own (test_contract)
    schema = everything.exclude(method="DELETE")
    # Negative data: every part the schema describes broken in turn; the caller's token is
    # set by the test (not mutated), and no undeclared parameters are added (ignored, as a
    # web server ignores an unknown query parameter).
    negative = schemathesis.openapi.from_asgi("/openapi.json", (api or SQLITE).app)
    negative = negative.exclude(method="DELETE")
    negative.config.generation.update(modes=[GenerationMode.NEGATIVE],
                                      with_security_parameters=False,
                                      allow_extra_parameters=False)

    def as_owner(slug: str) -> Callable[[Any], None]:
        def test(case: Any) -> None:
            seeded = _needs(api)
            response = _pinned(case, slug).call(
                headers={"Authorization": f"Bearer {seeded.token}"})
            case.validate_response(response, checks=CHECKS)
        return test

    def anonymous(case: Any) -> None:
        _needs(api)
        case.validate_response(case.call(), checks=CHECKS)

    def negative_as_owner(case: Any) -> None:
        seeded = _needs(api)
        slug = (case.path_parameters or {}).get("slug")
        if isinstance(slug, str) and len(slug) <= 64:  # not the broken part: a real event
            case = _pinned(case, "cup")
        response = case.call(
            headers={"Authorization": f"Bearer {seeded.token}"})
        case.validate_response(response, checks=NEGATIVE_CHECKS)

    def player_code(case: Any) -> None:
        seeded = _needs(api)
        response = _pinned(case, "cup").call(headers={"Authorization": f"Bearer {seeded.code}"})
        case.validate_response(response, checks=CHECKS)

    def stateful() -> None:
        """Sequences along the links between operations (inferred from the response schemas
        and path parameters): events created by one call are read and changed by the next."""
        token = _needs(api).token

        class Owner(schema.as_state_machine()):  # type: ignore[misc]
            def get_call_kwargs(self, case: Any) -> dict[str, Any]:
                return {"headers": {"Authorization": f"Bearer {token}"}}

            def validate_response(self, response: Any, case: Any,
                                  additional_checks: Any = None, **kwargs: Any) -> None:
                case.validate_response(response, checks=CHECKS)

        assert Owner.bundles, "no links between operations: nothing stateful to run"
        Owner.run(settings=STATEFUL)

    tests = {
        "anonymous": everything.parametrize()(SETTINGS(anonymous)),
        "owner_on_a_commander_event": schema.parametrize()(SETTINGS(as_owner("cup"))),
        "player_code_on_a_commander_event": schema.parametrize()(SETTINGS(player_code)),
        # the TOP routes on a built bracket (rules BRK-1 .. BRK-5)
        "owner_on_a_berserk_top":
            schema.include(path_regex="/top").parametrize()(SETTINGS(as_owner("brk"))),
        # a marathon: its own routes and the round routes it refuses
        "owner_on_a_marathon": schema.parametrize()(SETTINGS(as_owner("mj"))),
        "stateful_sequences_as_the_owner": stateful,
        # what the schema calls invalid is refused, never a 500
        "negative_data_as_the_owner": negative.parametrize()(NEGATIVE(negative_as_owner)),
    }
    for name, test in tests.items():
        test.__name__ = f"test_{name}_{store}"
        globals()[test.__name__] = test


_suite("sqlite", SQLITE)
_suite("postgresql", POSTGRES)
