"""The online mahjong marathon (regulation MJ): the plug-in."""

from podium.formats.mahjong_marathon.rules import MAHJONG_MARATHON, MahjongMarathon

__all__ = ["MAHJONG_MARATHON", "MahjongMarathon"]
