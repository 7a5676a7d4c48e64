"""Fixtures of the register's tests: the command line (``podium``) and the web site."""

from __future__ import annotations

from tests.cli.conftest import podium  # noqa: F401 - a fixture
from tests.web.conftest import site  # noqa: F401 - a fixture
