"""7 Wonders "Marathon", one season of the league (regulation W7): the plug-in.

The rules are imported when the plug-in is first asked for (``SEVEN_WONDERS``), not when the
package is: :data:`COMMAND_LINE` is read without them (:mod:`podium.core.command_line`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from podium.core.command_line import CommandLine, lazy_rules

if TYPE_CHECKING:
    from podium.formats.seven_wonders.rules import SEVEN_WONDERS, SevenWonders

COMMAND_LINE = CommandLine(
    "7 Wonders season league: 7-player ladders, promotion and relegation", aliases=("sw",))

__getattr__ = lazy_rules(__name__, "SEVEN_WONDERS", "SevenWonders")

__all__ = ["COMMAND_LINE", "SEVEN_WONDERS", "SevenWonders"]
