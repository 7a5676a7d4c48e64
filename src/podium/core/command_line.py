"""What a format adds to the top of ``podium``, declared where it costs nothing to read.

``podium --help`` lists every command with its one-line help, and most commands (``podium
event list``, ``podium standings``) need no format at all; importing the formats (their rules,
numpy, their commands and pages) cost every run most of a second. So a format's
package declares, next to its plug-in and without importing it, a :class:`CommandLine`: its
title (the help of its group, ``podium <format>``), the other names of that group (``sw``) and
its other top-level commands with their help. The command line's root
(:mod:`podium.cli.lazy`) lists them and loads the formats only when one of their commands is
named; tests/test_cli_start.py checks each declaration against the commands the format really
adds. A format without one (a third party's) still works: the root then loads every format to
list them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class CommandLine:
    """A format's top-level commands. ``title``: the format's title (an English msgid, the
    same as its ruleset's); ``aliases``: other names of its group; ``commands``: each other
    top-level name it adds (its own commands, its declared commands' shared places) and that
    command's one-line help (a msgid or a message object, as the command shows it);
    ``alone``: its commands are the same with no other format registered (it adopts none and
    no other format declares commands for its events), so naming one of its top-level commands
    builds its catalog and commands only (``podium games add``: the marathon's;
    tests/test_cli_start.py checks the commands are the same); ``plain``: its own declared
    commands read and write the event's log and snapshots only (no other table, no ORM object
    of the session), so the command line runs them over plain sqlite3 on a SQLite file at the
    newest schema (:class:`podium.store.plain_store.PlainDatabase`: the same service and checks
    without SQLAlchemy's import)."""

    title: str
    aliases: tuple[str, ...] = ()
    commands: Mapping[str, Any] = field(default_factory=dict)
    alone: bool = False
    plain: bool = False


def lazy_rules(package: str, *names: str) -> Callable[[str], Any]:
    """A format package's module ``__getattr__`` that imports ``<package>.rules`` when one of
    ``names`` (its plug-in and ruleset class) is first asked for, so that importing the package
    to read its :class:`CommandLine` costs nothing."""

    def attribute(name: str) -> Any:
        if name in names:
            return getattr(importlib.import_module(f"{package}.rules"), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return attribute


__all__ = ["CommandLine", "lazy_rules"]
