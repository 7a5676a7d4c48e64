"""Click's own words in the run's language: ``Usage:``, ``Options``, ``Show this message and
exit.``, ``Error: No such option '--x'.``, ``Missing argument 'SLUG'.``.

Click marks its words with the standard library's gettext: each of its modules does ``from
gettext import gettext as _`` (and ``ngettext``), which looks the words up in the process's
default gettext domain, a ``.mo`` file podium neither ships nor wants. :func:`install` gives
those modules podium's own lookup instead: the same catalog as every other text
(``src/podium/locale/ru/LC_MESSAGES/messages.po``, compiled in memory by
:func:`podium.i18n.translations`), in the run's language (:func:`podium.cli.lang.current`:
``--lang``, ``PODIUM_LANG``, the locale), read when click writes the word, so ``podium --lang
ru sw status --help`` is Russian once ``--lang`` is read. English is the msgids themselves.

Click's msgids are marked in :data:`WORDS` below so that the extraction (docs/i18n.md) keeps
them in the catalog and the catalog test checks each has its Russian. They are click's own
``str.format`` texts (``{name!r}``), formatted by click after the lookup; a word click adds in a
later version stays English until it is added here. Words only a programmer sees (a command
declared twice, a bad parameter declaration) are left out.
"""

from __future__ import annotations

import gettext
import sys
from typing import Any

from podium.core.messages import Mn
from podium.core.views import N_

WORDS = (
    # help pages
    N_("Usage:"), N_("Options"), N_("Commands"), N_("Positional arguments"),
    N_("Show this message and exit."), N_("Show the version and exit."),
    N_("%(prog)s, version %(version)s"), N_("env var: {var}"), N_("default: {default}"),
    N_("(dynamic)"), N_("deprecated"),
    N_("DeprecationWarning: The command {name!r} is deprecated.{extra_message}"),
    N_("DeprecationWarning: The {param_type} {name!r} is deprecated.{extra_message}"),
    # usage errors
    N_("Error: {message}"), N_("Try '{command} {option}' for help."),
    N_("No such option {name!r}."), N_("No such command {name!r}."), N_("Missing command."),
    N_("Missing argument"), N_("Missing option"), N_("Missing parameter"),
    N_("Missing {param_type}"), N_("Missing parameter: {param_name}"),
    N_("Invalid value: {message}"), N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid start character for option ({option})"),
    N_("Argument {name!r} takes {nargs} values."), N_("Option {name!r} does not take a value."),
    N_("unknown error"), N_("Aborted!"),
    # values
    N_("Value must be an iterable."), N_("Choose from:\n\t{choices}"),
    N_("Choice({choices})"),
    N_("{value!r} is not a valid {number_type}."), N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("{value!r} is not a valid UUID."),
    N_("file"), N_("directory"), N_("path"),
    N_("{name} {filename!r} does not exist."), N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."), N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."), N_("{name} {filename!r} is not executable."),
    N_("Could not open file {filename!r}: {message}"),
    # prompts
    N_("Do you want to continue?"), N_("Confirm the action without prompting."),
    N_("Repeat for confirmation"), N_("Error: The two entered values do not match."),
    N_("Error: invalid input"), N_("Press any key to continue..."),
    # with a number (click's ngettext)
    Mn("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", 1),
    Mn("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given.",
       1),
    Mn("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 1),
    Mn("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.",
       1),
    Mn("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 1),
    Mn("{value!r} does not match the format {format}.",
       "{value!r} does not match the formats {formats}.", 1),
    Mn("{len_type} values are required, but {len_value} was given.",
       "{len_type} values are required, but {len_value} were given.", 1),
)


def click_gettext(message: str) -> str:
    """One of click's words in the run's language."""
    from podium.cli.lang import current
    from podium.i18n import translations

    return translations(current()).gettext(message)


def click_ngettext(singular: str, plural: str, n: int) -> str:
    """One of click's words with a number, in the run's language and its plural form."""
    from podium.cli.lang import current
    from podium.i18n import translations

    return translations(current()).ngettext(singular, plural, n)


HELP = "Show this message and exit."


def _help_record(original: Any) -> Any:
    """Click makes a command's ``--help`` option once, when the command is first parsed, which
    is before ``--lang`` is read (``podium --lang ru --help``): its text is written again in
    the run's language when the help is shown."""
    import click

    name = getattr(click.core, "_HELP_OPTION_STORAGE_NAME", "help")

    def get_help_record(self: click.Option, ctx: click.Context) -> tuple[str, str] | None:
        if self.name == name:
            self.help = click_gettext(HELP)
        return original(self, ctx)  # type: ignore[no-any-return]

    get_help_record.podium = True  # type: ignore[attr-defined]
    return get_help_record


def install() -> None:
    """Give every loaded module of click podium's lookup in place of the standard library's
    (idempotent; click is imported by then: the command line is built with it)."""
    import click

    if not getattr(click.Option.get_help_record, "podium", False):
        click.Option.get_help_record = _help_record(  # type: ignore[method-assign]
            click.Option.get_help_record)
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "click" or name.startswith("click.")):
            continue
        if getattr(module, "_", None) is gettext.gettext:
            module._ = click_gettext  # type: ignore[attr-defined]
        if getattr(module, "ngettext", None) is gettext.ngettext:
            module.ngettext = click_ngettext  # type: ignore[attr-defined]


__all__ = ["WORDS", "click_gettext", "click_ngettext", "install"]
