"""The series' tests use the web's fixture ``site`` (the app with a controllable clock) and the
command line's ``podium``."""

from tests.cli.conftest import podium  # noqa: F401 - fixtures used by the tests here
from tests.web.conftest import site  # noqa: F401
