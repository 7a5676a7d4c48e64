"""The 7 Wonders tests' fixtures: the surfaces' ``podium`` (the command line on a SQLite file) and
``site`` (the web application on one, with its API), and years built once per session through
the year's commands (rule W7-1), copied per test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import podium  # noqa: F401 - fixtures used by the tests here
from tests.formats.seven_wonders.year_builders import build_year
from tests.web.conftest import site  # noqa: F401


@pytest.fixture(scope="session")
def one_season(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """28 sign-ups: the starting season of 4 leagues, played to its Battle of Titans."""
    return build_year(tmp_path_factory.mktemp("one"), 28, 1, 5)


@pytest.fixture(scope="session")
def two_seasons(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The starting season and season 1 (its survival battles played), both complete."""
    return build_year(tmp_path_factory.mktemp("two"), 28, 2, 5)
