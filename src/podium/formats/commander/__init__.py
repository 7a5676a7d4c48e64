"""Commander Swiss in 4-player pods with a top-4 final (regulation CMD): the plug-in.

The rules are imported when the plug-in is first asked for (``COMMANDER``), not when the
package is: :data:`COMMAND_LINE` is read without them (:mod:`podium.core.command_line`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from podium.core.command_line import CommandLine, lazy_rules

if TYPE_CHECKING:
    from podium.formats.commander.rules import COMMANDER, Commander

COMMAND_LINE = CommandLine("Commander Swiss pods with a top-4 final", alone=True)

__getattr__ = lazy_rules(__name__, "COMMANDER", "Commander")

__all__ = ["COMMANDER", "COMMAND_LINE", "Commander"]
