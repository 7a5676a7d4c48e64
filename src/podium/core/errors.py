"""Errors that carry a message meant for the organiser who caused them."""


class PodiumError(Exception):
    """Base class: the message names the problem in words an organiser understands."""


class InvalidInput(PodiumError):
    """Bad input (a result, a setting, a file): nothing was stored."""


class NotFound(PodiumError):
    """An event, player, round or table that does not exist."""


class Conflict(PodiumError):
    """The action does not fit the event's current state (e.g. pairing with results missing)."""


class Forbidden(PodiumError):
    """The caller may not do this (a player code for another table or event, a missing role)."""
