"""Berserk CCG: duel Swiss in draft tables, then a TOP (regulation BRK): the plug-in."""

from podium.formats.berserk.rules import BERSERK, Berserk

__all__ = ["BERSERK", "Berserk"]
