"""The online mahjong marathon (regulation MJ): the plug-in.

The rules (and numpy) are imported when the plug-in is first asked for (``MAHJONG_MARATHON``),
not when the package is: :data:`COMMAND_LINE` is read without them
(:mod:`podium.core.command_line`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from podium.core.command_line import CommandLine, lazy_rules
from podium.core.views import N_

if TYPE_CHECKING:
    from podium.formats.mahjong_marathon.rules import MAHJONG_MARATHON, MahjongMarathon

COMMAND_LINE = CommandLine(
    "Online mahjong marathon: open play, stages, best series, normalised rating",
    commands={
        "decisions": N_("Penalties and disqualifications"),
        "disqualify": N_("Disqualify a game or a player."),
        "games": N_("Add and import games."),
        "penalty": "Penalty (rule MJ-6)",
        "publish": "Publish the tables (rule MJ-11)",
        "revert": "Revert a decision",
    }, alone=True, plain=True)

__getattr__ = lazy_rules(__name__, "MAHJONG_MARATHON", "MahjongMarathon")

__all__ = ["COMMAND_LINE", "MAHJONG_MARATHON", "MahjongMarathon"]
