"""The root of ``podium``, lazy: the command line starts without the formats.

Importing every format (their rules, numpy, their commands and pages) and building the catalog
of declared commands cost every run of ``podium``, ``--help`` included, about a second of CPU.
Most runs need none of it: ``podium event list``, ``podium standings``, ``podium --help``.

So the root knows each top-level command's name and one-line help before anything is loaded:

- its reading commands (:mod:`podium.cli.main`), real and cheap;
- :data:`KERNEL`: the commands the kernel and the adapters always add (``serve``, ``result``,
  ``import``...);
- each registered format's :class:`~podium.core.command_line.CommandLine`, read from the
  package its entry point names, which imports no rules.

A command is loaded when it is named. A name only one format adds, of a format that declares
itself ``alone`` (``podium games``, ``podium mahjong-marathon``, ``podium commander``), builds
that format's catalog and that command only (:func:`podium.compose.attach_one`): a write on a
marathon loads no other format's rules or commands. Naming any other name but a reading command
loads everything, as the command line always did (:func:`podium.compose.attach_cli`: every
format's group, the kernel's declared commands in their shared places); a root that loaded one
format's command drops it first. A group of reading commands that the catalog extends
(``podium player`` gets ``add``; ``podium round`` gets ``pair``) is an :class:`Extensible` group:
its own commands run at once, any other name (or its ``--help``)
loads the rest first, so a command declared later, by any format, in any shared place, is found
with nothing to list by hand. A top-level name a format adds without declaring it is still
found (everything is loaded when an unknown name is asked for); tests/test_cli_start.py checks
that the listing says what the loaded command line has.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

import click

from podium.cli.localised import LocalisedGroup
from podium.core.command_line import CommandLine
from podium.core.messages import M
from podium.core.views import N_

if TYPE_CHECKING:
    from podium.service.catalog import Catalog

#: The top-level commands the kernel and the adapters always add, and their one-line help as
#: the loaded command shows it: ``serve``, ``user`` and ``codes`` (:mod:`podium.cli.serve`), the
#: TOP's reading commands (:mod:`podium.cli.top`), ``result`` and the kernel's declared
#: commands' shared places (:func:`podium.cli.declared.attach`).
KERNEL: dict[str, Any] = {
    "checkin": N_("Check a player in"),
    "codes": N_("Every player's self-report code for event SLUG (new players get theirs now)."),
    "division": N_("Divisions: move a player to another division."),
    "import": N_("Import an event file"),
    "need": N_("What a player needs"),
    "person": N_("Persons across events: the register, and links from events' players."),
    "result": N_("Enter and correct results."),
    "serve": N_("Serve the organiser pages, the public pages and the JSON API."),
    "signup": N_("Sign-up: open, close, list, approve."),
    "top": N_("The TOP (single-elimination play-off) after the Swiss stage of any format."),
    "user": N_("Organiser accounts, event roles and API tokens."),
}


def group_help(title: str) -> Any:
    """The help of a format's group (``podium commander``), as
    :func:`podium.cli.declared.format_group` writes it."""
    return M("%(title)s: its commands.", title=M(title))


@cache
def _declared_by_formats() -> tuple[frozenset[str], dict[str, Any]] | None:
    """The entry points' format names and the top-level commands their packages declare
    (``None``: a format declares none, so listing needs it loaded)."""
    from podium.formats.registry import entries

    listed: dict[str, Any] = {}
    for entry in entries():
        line = getattr(import_module(entry.module), "COMMAND_LINE", None)
        if not isinstance(line, CommandLine):
            return None
        for name in (entry.name, *line.aliases):
            listed[name] = group_help(line.title)
        listed.update(line.commands)
    return frozenset(e.name for e in entries()), listed


@cache
def _owners() -> dict[str, str]:
    """Each top-level name that one format alone adds (its group, its aliases, its other
    commands no other format and not the kernel adds), of a format declared ``alone``, and that
    format's name."""
    from podium.formats.registry import entries

    counted: dict[str, list[str]] = {}
    alone: set[str] = set()
    for entry in entries():
        line = getattr(import_module(entry.module), "COMMAND_LINE", None)
        if not isinstance(line, CommandLine):
            return {}
        if line.alone:
            alone.add(entry.name)
        for name in {entry.name, *line.aliases, *line.commands}:
            counted.setdefault(name, []).append(entry.name)
    return {name: found[0] for name, found in counted.items()
            if len(found) == 1 and found[0] in alone and name not in KERNEL}


def owner(name: str) -> str | None:
    """The format whose catalog alone is enough to run top-level command ``name`` (None: load
    everything)."""
    if listing() is None:  # a format registered in code, or one without a declaration
        return None
    return _owners().get(name)


def listing() -> dict[str, Any] | None:
    """Every top-level command that is not a reading command, with its help, known without
    loading a format; ``None`` when that cannot be known (a format without a declaration, or one
    registered in code, as the tests' toy format): then the root loads everything."""
    from podium.formats.registry import registered

    found = _declared_by_formats()
    if found is None:
        return None
    names, listed = found
    if set(registered()) - names:
        return None
    return {**KERNEL, **listed}


class Listed(click.Command):
    """A top-level command as ``podium --help`` lists it before it is loaded: its name and its
    one-line help in the run's language (never run: naming it loads the real one)."""

    def __init__(self, name: str, text: Any) -> None:
        super().__init__(name)
        self.text = text

    def get_short_help_str(self, limit: int = 45) -> str:
        from podium.cli.lang import tr

        self.help = tr(self.text)
        return super().get_short_help_str(limit)


class LazyRoot(LocalisedGroup):
    """``podium``: its reading commands at once, the rest listed from their declarations and
    loaded (all together, by ``attach``, which returns the catalog it built) when named."""

    def __init__(self, *args: Any, attach: Callable[[LazyRoot], Catalog],
                 attach_one: Callable[[LazyRoot, str, str], Catalog] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._attach = attach
        self._attach_one = attach_one
        self.catalog: Catalog | None = None
        #: one format's command loaded alone: (its name, the names it added, its catalog)
        self.one: tuple[str, frozenset[str], Catalog] | None = None

    @property
    def current(self) -> Catalog | None:
        """The catalog of what is loaded: every format's, or the one format's."""
        if self.catalog is None and self.one is not None:
            return self.one[2]
        return self.catalog

    def load(self, ctx: click.Context | None = None) -> Catalog:
        """Every command attached (once) and the catalog they run through, handed to the
        run's context too when it is already made."""
        if self.catalog is None:
            if self.one is not None:  # one format's command, attached alone: dropped first
                for name in self.one[1]:
                    self.commands.pop(name, None)
                self.one = None
            self.catalog = self._attach(self)
        self._hand(ctx, self.catalog)
        return self.catalog

    def load_one(self, ctx: click.Context, name: str, format_name: str) -> None:
        """Top-level command ``name`` of format ``format_name`` alone."""
        if self._attach_one is None or (self.one is not None and self.one[0] != format_name):
            self.load(ctx)
            return
        before = set(self.commands)
        catalog = self._attach_one(self, format_name, name)
        added = frozenset(set(self.commands) - before)
        self.one = (format_name, added | (self.one[1] if self.one else frozenset()), catalog)
        self._hand(ctx, catalog)

    @staticmethod
    def _hand(ctx: click.Context | None, catalog: Catalog) -> None:
        if ctx is not None:
            from podium.cli.base import Context

            obj = ctx.find_object(Context)
            if obj is not None and obj.catalog is None:
                obj.catalog = catalog

    def list_commands(self, ctx: click.Context) -> list[str]:
        if self.catalog is None:
            listed = listing()
            if listed is not None:
                return sorted({*self.commands, *listed})
            self.load(ctx)
        return super().list_commands(ctx)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """A loaded command; before loading, for the help's list, a :class:`Listed` one."""
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        if self.catalog is None:
            listed = listing()
            if listed is not None and cmd_name in listed:
                return Listed(cmd_name, listed[cmd_name])
            self.load(ctx)
        return self.commands.get(cmd_name)

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[str | None, click.Command | None, list[str]]:
        """The command named, loaded first unless it is a reading command: alone when one
        format's catalog is enough for it (:func:`owner`)."""
        if args and args[0] not in self.commands:
            found = owner(args[0]) if self.catalog is None else None
            if found is not None:
                self.load_one(ctx, args[0], found)
            if args[0] not in self.commands:
                self.load(ctx)
        return super().resolve_command(ctx, args)


class Extensible(LocalisedGroup):
    """A group of reading commands that declared commands join (``podium player``,
    ``podium round``, ``podium event``, ``podium demo``): its own run without loading
    anything; another name, or its list, loads everything first (:meth:`LazyRoot.load`)."""

    def _load(self, ctx: click.Context) -> None:
        root = ctx.find_root().command
        if isinstance(root, LazyRoot):
            root.load(ctx)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            self._load(ctx)
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        self._load(ctx)
        return super().list_commands(ctx)


__all__ = ["KERNEL", "Extensible", "LazyRoot", "Listed", "group_help", "listing", "owner"]
