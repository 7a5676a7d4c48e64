"""The 7 Wonders season's tests use the surfaces' fixtures: ``podium`` (the command line on a
SQLite file) and ``site`` (the web application on one, with its API)."""

from __future__ import annotations

from tests.cli.conftest import podium  # noqa: F401 - fixtures used by the tests here
from tests.web.conftest import site  # noqa: F401
