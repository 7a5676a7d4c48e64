"""One module per regulation, each a composition of core parts registered by name."""

from podium.formats.registry import available, get_format, register

__all__ = ["available", "get_format", "register"]
