"""The one registry of formats: Python entry points of the group ``podium.formats``.

Every format, built in or shipped by a third party as its own package, is found the same way:
an entry point whose value is a :class:`podium.core.ruleset.Ruleset` instance (or class), for
example in a ``pyproject.toml``::

    [project.entry-points."podium.formats"]
    commander = "podium.formats.commander:COMMANDER"

Each format's declaration is checked (:func:`podium.core.ruleset.check_ruleset`) when it is
loaded, so an inconsistent plug-in fails at start-up with every problem listed, not later in a
page. :func:`register` adds a format in code (tests use it for a toy format).

A format is imported when first asked for: :func:`get_format` loads the one entry point of that
name, :func:`all_formats` and :func:`available` every one (a command on a Commander
event does not import the marathon's numpy).
"""

from __future__ import annotations

import threading
from functools import cache
from typing import TYPE_CHECKING

from podium.core import codes
from podium.core.errors import InvalidInput

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from podium.core.ruleset import Ruleset

GROUP = "podium.formats"

_FORMATS: dict[str, Ruleset] = {}
_loaded = False
# Loading is guarded: two threads of a new process (a server's first requests, a command and
# the reader beside it) once saw a half-loaded registry and refused a known format.
_loading = threading.RLock()


def register(ruleset: Ruleset | type[Ruleset]) -> Ruleset:
    """Add a format (checked first); a second format with the same name is refused."""
    from podium.core.ruleset import RulesetError, check_ruleset

    instance = ruleset() if isinstance(ruleset, type) else ruleset
    check_ruleset(instance)
    existing = _FORMATS.get(instance.name)
    if existing is not None and type(existing) is not type(instance):
        raise RulesetError(f"two formats are named {instance.name!r}")
    _FORMATS[instance.name] = instance
    return instance


def unregister(name: str) -> None:
    """Remove a format registered in code (tests)."""
    _FORMATS.pop(name, None)
    _FROM_ENTRIES.discard(name)


@cache
def entries() -> tuple[EntryPoint, ...]:
    """The entry points of the group, by name (read once: reading them imports no format)."""
    from importlib.metadata import entry_points

    return tuple(sorted(entry_points(group=GROUP), key=lambda e: e.name))


def registered() -> list[str]:
    """The formats registered so far (in code, or loaded from their entry points), without
    loading any."""
    return sorted(_FORMATS)


_FROM_ENTRIES: set[str] = set()  # the entry points loaded so far, by name


def _load_entry(entry: EntryPoint) -> None:
    from podium.core.ruleset import RulesetError

    if entry.name in _FROM_ENTRIES:
        return
    instance = register(entry.load())
    if instance.name != entry.name:
        raise RulesetError(
            f"entry point {entry.name!r} names the format {instance.name!r}; use one name"
        )
    _FROM_ENTRIES.add(entry.name)


def _load() -> None:
    global _loaded
    if _loaded:
        return
    with _loading:
        if _loaded:
            return
        for entry in entries():
            _load_entry(entry)
        _loaded = True


def get_format(name: str) -> Ruleset:
    """The format ``name``: registered, or loaded from its own entry point (only that one)."""
    if name not in _FORMATS and not _loaded:
        with _loading:
            found = next((e for e in entries() if e.name == name), None)
            if found is not None:
                _load_entry(found)
    if name not in _FORMATS:
        _load()
    try:
        return _FORMATS[name]
    except KeyError:
        raise InvalidInput("unknown format %(format)r; available: %(available)s",
                           code=codes.FORMAT_UNKNOWN, field="format", format=name,
                           available=available()) from None


def available() -> list[str]:
    _load()
    return sorted(_FORMATS)


def all_formats() -> list[Ruleset]:
    _load()
    return [_FORMATS[name] for name in sorted(_FORMATS)]
