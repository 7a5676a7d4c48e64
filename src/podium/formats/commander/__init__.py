"""Commander Swiss in 4-player pods with a top-4 final (regulation CMD): the plug-in."""

from podium.formats.commander.rules import COMMANDER, Commander

__all__ = ["COMMANDER", "Commander"]
