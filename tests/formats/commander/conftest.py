"""Fixtures of Commander's tests (regulation CMD), the shared ones: the command line
(``podium``, ``make_event``, ``paired``), the web site (``site``) and the API's scenario
(``scenario``)."""

from __future__ import annotations

from tests.api.conftest import scenario  # noqa: F401 - a fixture
from tests.cli.conftest import make_event, paired, podium  # noqa: F401 - fixtures
from tests.web.conftest import site  # noqa: F401 - a fixture
