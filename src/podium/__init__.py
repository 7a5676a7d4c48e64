"""podium: a tournament engine for multiplayer table games (2 to 7 seats a table)."""

__version__ = "0.1.0"
