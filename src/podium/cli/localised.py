"""Hand-written commands, groups and options whose help is written in the run's language.

A declared command's help is translated by the shared adapter (:mod:`podium.cli.declared`); a
command written by hand with Click gives its help as a msgid instead of a docstring
(``@group.command("status", cls=LocalisedCommand, help=N_("..."))``), and it is translated
when ``--help`` shows it, which is after ``--lang`` is read. The msgids are marked with ``N_``
so the catalog has them.

A localised command translates its options' help too (``click.option(..., help=N_("..."))``
needs no class of its own); a :class:`LocalisedGroup` makes its subcommands
(``@group.command``) and subgroups (``@group.group``) localised, so a hand-written tree needs
the class named once, at its root. :class:`LocalisedOption` stays for an option given to a
command that is not localised (a declared command's ``--lang``).
"""

from __future__ import annotations

from typing import Any

import click

from podium.cli.lang import tr


def _translated(holder: Any) -> None:
    """``holder.help`` (a msgid, kept the first time) in the run's language."""
    msgid = getattr(holder, "help_msgid", None)
    if msgid is None:
        msgid = holder.help_msgid = holder.help
    if msgid:
        holder.help = tr(msgid)


class LocalisedHelp:
    """The help of a command (a msgid) and of its options, shown in the run's language."""

    help: str | None
    params: list[click.Parameter]

    def _localise(self) -> None:
        _translated(self)
        for param in self.params:
            if isinstance(param, click.Option) and param.help:
                _translated(param)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._localise()
        super().format_help(ctx, formatter)  # type: ignore[misc]

    def get_short_help_str(self, limit: int = 45) -> str:
        self._localise()
        return super().get_short_help_str(limit)  # type: ignore[misc]


class WholeListing:
    """A group whose list of commands gives each one-line help whole, wrapped to the terminal:
    Click cuts one longer than the room left beside the names with «...», a help people
    cannot read to its end."""

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):  # type: ignore[attr-defined]
            command = self.get_command(ctx, name)  # type: ignore[attr-defined]
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=10_000)))
        if rows:
            from podium.cli.click_words import click_gettext

            with formatter.section(click_gettext("Commands")):
                formatter.write_dl(rows)


class LocalisedCommand(LocalisedHelp, click.Command):
    """A command whose ``help`` (a msgid) and options' help are shown in the run's language."""


class LocalisedGroup(WholeListing, LocalisedHelp, click.Group):
    """A group whose help is shown in the run's language, as are its subcommands' and
    subgroups' (made localised by ``@group.command`` / ``@group.group``)."""

    command_class = LocalisedCommand


LocalisedGroup.group_class = LocalisedGroup  # a subgroup (of a subclass too) is localised


class LocalisedOption(click.Option):
    """An option whose ``help`` (a msgid) is shown in the run's language."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        if self.help:
            _translated(self)
        return super().get_help_record(ctx)


__all__ = ["LocalisedCommand", "LocalisedGroup", "LocalisedHelp", "LocalisedOption", "WholeListing"]
