"""Formats registered by name, so events, files and the CLI can refer to them as text."""

from __future__ import annotations

from podium.core.errors import InvalidInput
from podium.core.ruleset import Ruleset

_FORMATS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    _FORMATS[ruleset.name] = ruleset
    return ruleset


def _load_builtin() -> None:
    # Imported here so that registering happens once, on first use, without import cycles.
    from podium.formats import berserk, commander, mahjong_marathon  # noqa: F401


def get_format(name: str) -> Ruleset:
    _load_builtin()
    try:
        return _FORMATS[name]
    except KeyError:
        raise InvalidInput(
            f"unknown format {name!r}; available: {', '.join(available())}"
        ) from None


def available() -> list[str]:
    _load_builtin()
    return sorted(_FORMATS)
