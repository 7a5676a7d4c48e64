"""The 7 Wonders season's test builders live in ``tests/formats/seven_wonders/``; this name stays
for the year's tests that import it from here."""

from tests.formats.seven_wonders.sw_builders import *  # noqa: F403
from tests.formats.seven_wonders.sw_builders import (  # noqa: F401 - re-exported
    GODS,
    LEAGUES,
    PRIESTS,
    WARRIORS_A,
    WARRIORS_B,
    Season,
    play_out,
)
