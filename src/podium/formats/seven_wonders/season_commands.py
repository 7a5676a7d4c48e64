"""The season's declared commands (regulation W7): leagues, profiles, games, special matches,
penalties, die rolls and self-reports, each declared once (:mod:`podium.core.commands`) and
served by the command line, the API and the organiser's pages alike."""

from __future__ import annotations

from podium.core.commands import CommandSpec

SEASON_COMMANDS: tuple[CommandSpec, ...] = ()
