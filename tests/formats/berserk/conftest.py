"""Fixtures of Berserk's tests (regulation BRK): the command line (``podium``), the web site
(``site``) and the API's scenario (``scenario``), the shared ones."""

from __future__ import annotations

from tests.api.conftest import scenario  # noqa: F401 - a fixture
from tests.cli.conftest import podium  # noqa: F401 - a fixture
from tests.web.conftest import site  # noqa: F401 - a fixture
