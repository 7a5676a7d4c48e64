"""7 Wonders "Marathon", one season of the league (regulation W7): the plug-in."""

from podium.formats.seven_wonders.rules import SEVEN_WONDERS, SevenWonders

__all__ = ["SEVEN_WONDERS", "SevenWonders"]
