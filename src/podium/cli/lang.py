"""The command line's language: ``podium --lang ru ...`` (or a command's own ``--lang``), else
the environment's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG`` as a shell reads them:
``ru_RU.UTF-8`` is Russian), else English.

Every sentence the command line prints goes through :func:`tr`: a message object
(:mod:`podium.core.messages`, what the domain says, a command's answer, a refusal) rendered in
that language, or a plain msgid (a header, ``N_("Player")``) translated, from the same catalogs
as the web pages and the downloads (:mod:`podium.i18n`). No Python value is printed as it is:
:func:`value_text` writes a setting as it is typed (yes/no, auto, a list comma-separated).
"""

from __future__ import annotations

import os
from typing import Any

from podium.core.messages import Message, Mp, is_message
from podium.core.views import N_
from podium.i18n import DEFAULT, LANGUAGES, tr_for

_chosen: dict[str, str | None] = {"lang": None}

# Phase titles the formats declare as plain text (``Phase(SWISS, ROUNDS, "Swiss")``): marked
# here so the catalog has them for ``podium event show`` and a round's heading.
PHASE_TITLES = (N_("Swiss"), N_("Final"), N_("TOP"), N_("Open play"))


def from_environment(environ: Any = None) -> str:
    """The locale's language, as the C library picks it: the first of LC_ALL, LC_MESSAGES and
    LANG that is set; one podium does not speak (or C/POSIX) is English."""
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in LANGUAGES else DEFAULT
    return DEFAULT


def choose(lang: str | None) -> None:
    """The language of this run (``--lang``); None: the environment's."""
    _chosen["lang"] = lang


def current() -> str:
    return _chosen["lang"] or from_environment()


def use(lang: str | None) -> str:
    """A command's own ``--lang``: chosen for the whole run when given; the language."""
    if lang:
        choose(lang)
    return current()


def lang_option() -> Any:
    """A command's own ``--lang`` (the language of the whole run when given; the command gets
    the run's language either way)."""
    import click

    from podium.cli.localised import LocalisedOption

    return click.option("--lang", type=click.Choice(list(LANGUAGES)), default=None,
                        callback=lambda _ctx, _param, value: use(value), cls=LocalisedOption,
                        help=N_("Language (default: podium --lang, else the locale's)."))


def tr(message: Any) -> str:
    """``message`` in the run's language: a message object (or one as the log stores it)
    rendered, a msgid translated."""
    if isinstance(message, Message) or is_message(message):
        return tr_for(current())(message)
    return tr_for(current())(message) if isinstance(message, str) else str(message)


def value_text(value: Any) -> str:
    """A setting's value for a person: yes/no, auto for none, a list comma-separated, never a
    Python literal (``True``, ``None``, ``['a', 'b']``)."""
    if isinstance(value, bool):
        return tr(Mp("setting value", "yes") if value else Mp("setting value", "no"))
    if value is None:
        return tr(Mp("setting value", "auto"))
    if isinstance(value, (list, tuple)):
        return ",".join(value_text(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}={value_text(v)}" for k, v in sorted(value.items()))
    return str(value)


__all__ = ["choose", "current", "from_environment", "lang_option", "tr", "use", "value_text"]
