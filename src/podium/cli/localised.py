"""Hand-written commands and options whose help is written in the run's language (issue 20).

A declared command's help is translated by the shared adapter (:mod:`podium.cli.declared`); a
command written by hand with Click gives its help as a msgid instead of a docstring
(``@group.command("status", cls=LocalisedCommand, help=N_("..."))``, ``click.option(...,
cls=LocalisedOption, help=N_("..."))``), and it is translated when ``--help`` shows it, which
is after ``--lang`` is read. The msgids are marked with ``N_`` so the catalog has them.
"""

from __future__ import annotations

from typing import Any

import click

from podium.cli.lang import tr


class LocalisedCommand(click.Command):
    """A command whose ``help`` (a msgid) is shown in the run's language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help_msgid = kwargs.get("help")

    def _localise(self) -> None:
        if self.help_msgid:
            self.help = tr(self.help_msgid)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._localise()
        super().format_help_text(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        self._localise()
        return super().get_short_help_str(limit)


class LocalisedOption(click.Option):
    """An option whose ``help`` (a msgid) is shown in the run's language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help_msgid = kwargs.get("help")

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        if self.help_msgid:
            self.help = tr(self.help_msgid)
        return super().get_help_record(ctx)


__all__ = ["LocalisedCommand", "LocalisedOption"]
