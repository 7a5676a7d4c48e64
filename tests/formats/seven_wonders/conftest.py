"""The 7 Wonders year's tests use the command line's and the web's fixtures: ``podium`` (the
CLI in-process on a fresh SQLite file) and ``site`` (the app with a controllable clock)."""

from tests.cli.conftest import podium  # noqa: F401 - fixtures used by the tests here
from tests.web.conftest import site  # noqa: F401
