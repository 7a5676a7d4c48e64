"""One package per regulation, each a declared plug-in found through the registry."""

from podium.formats.registry import all_formats, available, get_format, register

__all__ = ["all_formats", "available", "get_format", "register"]
