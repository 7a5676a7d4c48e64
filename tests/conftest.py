"""Shared test fixtures."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# No test may depend on the machine's speed: Hypothesis' per-example deadline and its "too slow"
# health check both fail on a loaded machine, so the whole suite runs without them.
settings.register_profile("podium", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("podium")

# -- PostgreSQL ----------------------------------------------------------------------------------

DEFAULT_PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


@pytest.fixture(scope="session")
def postgres_url() -> str:
    """The SQLAlchemy URL of a reachable PostgreSQL database for tests.

    From ``PODIUM_TEST_PG_URL`` (default: local server, user ``postgres``, database ``test``).
    Skips the test when the server cannot be reached, except on CI (``CI=true``) where that
    is a failure. Tests should isolate themselves (e.g. a fresh schema each).
    """
    from sqlalchemy import create_engine, make_url, text
    from sqlalchemy.pool import NullPool

    url = os.environ.get("PODIUM_TEST_PG_URL") or DEFAULT_PG_URL
    shown = make_url(url).render_as_string(hide_password=True)
    try:
        engine = create_engine(url, poolclass=NullPool, connect_args={"connect_timeout": 5})
        try:
            with engine.connect() as connection:
                connection.execute(text("SELECT 1"))
        finally:
            engine.dispose()
    except Exception as error:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(
                f"PostgreSQL not reachable at {shown}: {error} "
                "(CI must provide one: set PODIUM_TEST_PG_URL)",
                pytrace=False,
            )
        pytest.skip(
            f"PostgreSQL not reachable at {shown}: PostgreSQL tests skipped "
            "(set PODIUM_TEST_PG_URL)"
        )
    return url


# -- real material from public sources ------------------------------------------------------------

@pytest.fixture(scope="session")
def external_dir() -> Path:
    """``../shared/external/`` beside the repository (or ``PODIUM_EXTERNAL``): real material from
    public sources, read from there and never copied into the project. Tests that need it skip
    with a message when it is absent (a user's fresh clone)."""
    where = Path(os.environ.get("PODIUM_EXTERNAL")
                 or Path(__file__).resolve().parents[1].parent / "shared" / "external")
    if not where.is_dir():
        pytest.skip(f"the external reference data is not at {where} (set PODIUM_EXTERNAL)")
    return where
