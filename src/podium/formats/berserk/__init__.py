"""Berserk CCG: duel Swiss in draft tables, then a TOP (regulation BRK): the plug-in.

The rules are imported when the plug-in is first asked for (``BERSERK``), not when the package
is: :data:`COMMAND_LINE` is read without them (:mod:`podium.core.command_line`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from podium.core.command_line import CommandLine, lazy_rules

if TYPE_CHECKING:
    from podium.formats.berserk.rules import BERSERK, Berserk

COMMAND_LINE = CommandLine("Berserk CCG: duel Swiss in draft tables, then a TOP", alone=True)

__getattr__ = lazy_rules(__name__, "BERSERK", "Berserk")

__all__ = ["BERSERK", "COMMAND_LINE", "Berserk"]
