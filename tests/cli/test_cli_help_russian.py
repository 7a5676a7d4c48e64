"""Every ``--help`` of the command line speaks Russian with ``--lang ru``.

The whole command line is loaded, then each command and group, at any depth, is asked for
``podium --lang ru ... --help``: its help text, its options' help and the one-line help of its
subcommands must have no Latin-script word (the Russian crawl's check,
tests/web/test_russian_pages.py). What is typed as it is stays, and only that: the usage line,
option names and metavars (``--db TEXT``, ``KEY=VALUE``), choices (``[ru|en]``), the command
names in a listing, rule IDs, URLs, code in backticks (`podium FORMAT --help`) and the word
``podium`` (the program's name).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import click
from click.testing import CliRunner

from podium.cli.lazy import LazyRoot
from podium.cli.main import cli
from tests.cli.conftest import ANSI
from tests.web.test_russian_pages import latin_words

ENV = {"LANG": "C.UTF-8", "LC_ALL": None, "LC_MESSAGES": None, "PODIUM_LANG": None}
#: What is typed as it is: code in backticks, an option with its metavar or choices, a
#: metavar alone (SLUG, KEY=VALUE), a setting as typed (repeat_policy=avoid), a default shown.
TYPED = re.compile(r"`[^`]*`|«[^»]*»|--?[\w-]+(?:\s+\[[\w|]+\])?"
                   r"|\b[A-Z][A-Z_]+(?:=[A-Z_]+)?\b|\b\w+=[-\w.,]+|\[[\w|]+\]|\bx(?=[<>]=)"
                   r"|\b[a-z]+(?:_[a-z0-9]+)+\b")
#: Typed as they are: the program's name, the database it uses (SQLite) and the file a default
#: names (podium.db); the players
#: of the declared commands' examples (``Anna=40,Boris=20``); a CSV file's columns (``name,
#: rating, premium``); the values ``none`` of ``legendary-answer`` and ``server`` (the game
#: server's time zone) of the marathon's ``--zone``.
ALLOWED = {"podium", "db", "Anna", "Boris", "Clara", "Dmitry", "Dmitri", "name", "rating",
           "premium", "league", "none", "server", "SQLite"}
#: The values a declared command's option takes, as its help lists them (``одно из: judge,
#: owner``) and its default (``[по умолчанию: judge]``).
VALUES = re.compile(r"одно из:([^\[\]]*)|по умолчанию: ([^\]\)]*)")


def commands(group: click.Group, path: tuple[str, ...] = ()
             ) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    """Every command under ``group`` with its path, groups included, at any depth."""
    for name, command in sorted(group.commands.items()):
        yield (*path, name), command
        if isinstance(command, click.Group):
            yield from commands(command, (*path, name))


def russian_help(path: tuple[str, ...]) -> str:
    result = CliRunner().invoke(cli, ["--lang", "ru", *path, "--help"], env=ENV)
    assert result.exit_code == 0, (path, result.output)
    return ANSI.sub("", result.output)


def typed_values(command: click.Command) -> set[str]:
    """The words of the values its options take as they are typed: a choice (``--role
    judge``), a default shown (``[по умолчанию: judge]``)."""
    words: set[str] = set()
    for param in command.params:
        if isinstance(param.type, click.Choice):
            words |= {w for c in param.type.choices for w in re.findall(r"[A-Za-z]+", str(c))}
        if isinstance(param.default, str):
            words |= set(re.findall(r"[A-Za-z]+", param.default))
    return words


def english(text: str, allowed: set[str]) -> list[str]:
    """The Latin words of a help page once its usage line, options as typed, metavars, the
    values typed and the command names of its listing are out."""
    lines = text.splitlines()
    assert lines[0].startswith("Использование:"), text[:200]
    kept = []
    for line in lines[1:]:
        if re.match(r"  [a-z][\w-]* {2,}", line) or re.fullmatch(r"  [a-z][\w-]*:?", line):
            # a command in a listing; a format's key heading its fields (result enter)
            line = line.split(None, 1)[1] if len(line.split(None, 1)) > 1 else ""
        kept.append(line)
    text = "\n".join(kept)
    for listed in VALUES.findall(text):
        allowed = allowed | set(re.findall(r"[A-Za-z]+", " ".join(listed)))
    return latin_words(TYPED.sub(" ", text), ALLOWED | allowed)


def test_every_help_is_russian() -> None:
    """rule-free: the root, every group and every command, hand-written or
    declared, at any depth."""
    assert isinstance(cli, LazyRoot)
    cli.load()
    faults = {}
    checked = 0
    for path, command in [((), cli), *commands(cli)]:
        found = english(russian_help(path), typed_values(command))
        checked += 1
        if found:
            faults[" ".join(path)] = found
    assert checked > 60  # the whole tree was walked, not just the root
    assert not faults, "\n".join(f"{k}: {v}" for k, v in faults.items())
