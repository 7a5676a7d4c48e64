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

import os
import re
import sys
import threading
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

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


class FormatEntry:
    """A format's entry point as the registry uses it: its name and its ``module:attribute``
    value, loaded as :class:`importlib.metadata.EntryPoint` loads it."""

    __slots__ = ("name", "value")

    def __init__(self, name: str, value: str) -> None:
        self.name = name
        self.value = value

    @property
    def module(self) -> str:
        return self.value.partition(":")[0].strip()

    def load(self) -> Any:
        from importlib import import_module

        found = import_module(self.module)
        for part in filter(None, self.value.partition(":")[2].strip().split(".")):
            found = getattr(found, part)
        return found

    def __repr__(self) -> str:
        return f"FormatEntry({self.name!r}, {self.value!r})"


#: An entry point's value the cache keeps: ``module`` or ``module:attribute`` (no extras).
_PLAIN_VALUE = re.compile(r"^[\w.]+\s*(:\s*[\w.]+)?\s*$")
_CACHE_FORMAT = 1


@cache
def entries() -> tuple[FormatEntry, ...]:
    """The entry points of the group, by name (read once: reading them imports no format).

    Importing :mod:`importlib.metadata` costs a command line run 0.02 s of CPU (email,
    zipfile...), a tenth of a reading command; so what it found is kept in the per-user cache
    (:mod:`podium.usercache`) with what it depends on: the interpreter, every folder of
    ``sys.path`` and its modification time (installing or removing a package changes its
    folder's), and each ``entry_points.txt`` read, its time and size. Any of them changed,
    the entry points are read again."""
    found = _cached_entries()
    if found is not None:
        return found
    from importlib.metadata import entry_points

    points = sorted(entry_points(group=GROUP), key=lambda e: e.name)
    found = tuple(FormatEntry(e.name, e.value) for e in points)
    _store_entries(found, points)
    return found


def _entries_file() -> tuple[Path, list[Any]]:
    """Where this interpreter's entry points are cached, and what they depend on."""
    import hashlib
    import json

    from podium.usercache import cache_dir

    folders: list[Any] = []
    for folder in sys.path:
        try:
            folders.append([folder, os.stat(folder or ".").st_mtime_ns])
        except OSError:
            folders.append([folder, None])
    key = json.dumps([_CACHE_FORMAT, sys.executable, sys.version, sys.path])
    name = hashlib.sha256(key.encode()).hexdigest()[:24]
    return cache_dir() / f"formats-{name}.json", [_CACHE_FORMAT, sys.executable, sys.version,
                                                  folders]


def _file_stamp(path: str) -> list[Any] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return [path, found.st_mtime_ns, found.st_size]


def _cached_entries() -> tuple[FormatEntry, ...] | None:
    import json

    try:
        path, depends = _entries_file()
        stored = json.loads(path.read_bytes())
        if stored["depends"] != depends:
            return None
        if any(_file_stamp(file) != [file, *stamp] for file, *stamp in stored["files"]):
            return None
        return tuple(FormatEntry(str(name), str(value)) for name, value in stored["entries"])
    except Exception:  # no file, unreadable, damaged: read the entry points
        return None


def _store_entries(found: tuple[FormatEntry, ...], points: list[EntryPoint]) -> None:
    """Keep ``found`` for the next run, if every entry point was read from a file whose time
    can be checked and its value is plain (else the next run reads them again)."""
    import json

    from podium.usercache import store

    files = set()
    for point in points:
        folder = getattr(getattr(point, "dist", None), "_path", None)
        if folder is None or not _PLAIN_VALUE.match(point.value):
            return
        files.add(str(Path(str(folder)) / "entry_points.txt"))
    stamps = [_file_stamp(file) for file in sorted(files)]
    if any(stamp is None for stamp in stamps):
        return
    try:
        path, depends = _entries_file()
    except OSError:
        return
    text = json.dumps({"depends": depends, "files": stamps,
                       "entries": [[e.name, e.value] for e in found]})
    store(path, text.encode())


def registered() -> list[str]:
    """The formats registered so far (in code, or loaded from their entry points), without
    loading any."""
    return sorted(_FORMATS)


_FROM_ENTRIES: set[str] = set()  # the entry points loaded so far, by name


def _load_entry(entry: FormatEntry) -> None:
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
