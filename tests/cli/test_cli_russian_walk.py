"""A Russian walk of the command line's output: every reading command, every view a format
declares for the command line, the demos and a few writes, under ``--lang ru`` in a
100-column terminal, over small events of the four formats (players and events named in
Russian, so whatever Latin word is left is podium's own).

Each output must have no Latin-script word but data (slugs, commands in backticks, the
database file) and :data:`ALLOWED` (the product's name, file formats, the regulations'
abbreviations), no number printed with a dot as its decimal separator (Russian writes 34,5;
an exact half is 2,5, never 2.500), and no help line cut short with «...»."""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from podium.cli import main
from podium.cli.main import build_cli
from podium.core.commands import CLI
from podium.core.errors import PodiumError
from podium.service import EventService, simulate
from podium.service.accounts import AccountService
from podium.store.db import Database, resolve_url
from tests.cli.conftest import ANSI
from tests.web.test_russian_pages import NAMES, RULE_ID, latin_words

ENV = {"LANG": "C.UTF-8", "LC_ALL": None, "LC_MESSAGES": None, "PODIUM_LANG": None,
       "COLUMNS": "100"}
EVENTS = {"cmd": "commander", "brk": "berserk", "mj": "mahjong-marathon", "sw": "seven-wonders"}
#: Latin words that are not English: the product, the database and file formats, the
#: marathon's abbreviations as the published tables write them (GP, TP), the game server's
#: default table names and its anonymous guest (data of the server).
ALLOWED = {"podium", "sqlite", "csv", "json", "html", "utc", "gp", "tp", "ru-marathon",
           "noname", "top"}
#: Data the simulator typed: the actor of the events, its reasons, a game's link.
SIMULATED = {"org", "sample", "conduct", "premium", "balance", "com"}
#: What is typed, not language: code in backticks, a command line, an option, a file path, a
#: setting as typed (``pod_size = 4``, ``leaving_winner_seat = shift``), an id with dots or
#: dashes (``commander.result``, ``stage-1``, ``priests/1``), a demo's player (``Player 3``),
#: a table's key (``total``).
CODE = re.compile(r"`[^`]*`|podium(?: [\w-]+)+|--[\w-]+|\S+\.(?:db|csv|html|json)\b"
                  r"|\bPlayer \d+|\btotal\b"
                  r"|\b[a-z][a-z0-9_]* = [^\s:;]*|\b[a-z][a-z0-9]*(?:[._/-][a-z0-9]+)+\b")
#: A decimal number written with a dot (a Russian 34,5 printed 34.500); dates, times and the
#: regulation's clauses (п. 2.1) aside.
DOTTED = re.compile(r"(?<![\d.:-])(?<!п\. )\d+\.\d+(?![\d.:-])")


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The four events, played part-way (Berserk through its TOP), with an owner."""
    path = str(tmp_path_factory.mktemp("walk_ru") / "walk.db")
    service = EventService(Database(resolve_url(path)))
    rng = random.Random(7)
    service.create_event("cmd", "Вечер коммандера", "commander", {}, "org", seed=3)
    service.add_players("cmd", NAMES[:12], "org")
    simulate.play(service, "cmd", "org", rng, rounds=2)
    service.create_event("brk", "Кубок Берсерка", "berserk", {"top_size": "4"}, "org", seed=3)
    service.add_players("brk", NAMES[:10], "org")
    simulate.play(service, "brk", "org", rng, top_size=4)
    service.create_event("mj", "Марафон", "mahjong-marathon", {}, "org", seed=3)
    service.add_players("mj", NAMES[:8], "org")
    simulate.play(service, "mj", "org", rng, batches=2)
    service.create_event("sw", "Сезон", "seven-wonders", {}, "org", seed=3)
    service.add_players("sw", NAMES[:14], "org")
    simulate.play(service, "sw", "org", rng, batches=2)
    accounts = AccountService(service.db)
    accounts.create_user("owner", "a long password 1")
    service.db.dispose()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(main.console, "width", 100)
        yield path


def run(db: str, *args: str) -> str:
    result = CliRunner().invoke(build_cli(), ["--lang", "ru", "--db", db, "--actor", "judge",
                                              *args], env=ENV, terminal_width=100)
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return ANSI.sub("", result.stdout + result.stderr)


def faults(db: str, text: str) -> list[str]:
    """What the output must not say: English, a dotted decimal, a help line cut short."""
    data = {*EVENTS, *EVENTS.values(), "owner", "judge", Path(db).name, *SIMULATED}
    data |= known(db)
    for word in sorted(data, key=len, reverse=True):  # a player's code, a setting's default
        if len(word) > 3 and not word.islower():
            text = text.replace(word, " ")
    plain = CODE.sub(" ", RULE_ID.sub(" ", text))
    found = [w for w in latin_words(plain, data) if w.lower() not in ALLOWED]
    found += [f"dotted number {n}" for n in DOTTED.findall(CODE.sub(" ", text))]
    found += [f"cut: {line.strip()}" for line in text.splitlines() if line.rstrip().endswith(
        "...") and not line.strip().startswith(("Использование:", "Usage:"))]
    return found


def known(db: str) -> set[str]:
    """The events' data: division keys, the players' codes, the command line's names of
    commands and views (the ``views`` and ``commands`` listings name them as typed)."""
    from podium.compose import build_catalog
    from podium.service.selfreport import SelfReportService

    found: set[str] = set()
    service = EventService(Database(resolve_url(db)))
    try:
        for summary in service.list_events():
            found |= set(service.load(summary.slug).state.divisions)
            with contextlib.suppress(PodiumError):  # a format without self-report
                found |= set(SelfReportService(service).codes(summary.slug).values())
    finally:
        service.db.dispose()
    catalog = build_catalog()
    found |= set(catalog.formats)  # `event formats` names each as it is typed
    for ruleset in catalog.formats.values():  # a setting's default text (7 Wonders' site)
        defaults = ruleset.settings_to_json(ruleset.parse_settings({}))
        found |= {v for v in defaults.values() if isinstance(v, str)}
        found |= {w for v in defaults.values() if isinstance(v, str) and len(v) > 40
                  for w in re.findall(r"[A-Za-z']+", v)}  # a long default typed as it is
    for name in EVENTS.values():
        for spec in [*catalog.views_by(name), *catalog.views_for(name),
                     *catalog.declared_by(name), *catalog.commands_for(name)]:
            found |= {spec.name, spec.command_name, *spec.name.split(".")}
    return found


def reading_commands() -> list[tuple[str, ...]]:
    """The kernel's reading commands on each event, and every view each format declares for the
    command line that needs nothing but the event."""
    from podium.cli.declared import group_name
    from podium.compose import build_catalog

    catalog = build_catalog()
    out: list[tuple[str, ...]] = [("event", "list"), ("event", "formats")]
    for slug, name in EVENTS.items():
        out += [("event", "show", slug), ("player", "list", slug), ("standings", slug),
                ("standings", slug, "--top", "5"), ("log", slug), ("codes", slug)]
        if name in ("commander", "berserk"):
            out += [("round", "show", slug), ("round", "show", slug, "1")]
        for view in {v.name: v for v in [*catalog.views_by(name),
                                         *catalog.views_for(name)]}.values():
            if not view.on(CLI) or any(p.required or p.argument for p in view.params_on(CLI)):
                continue
            command = group_name(view)
            out.append((name, command.replace("_", "-"), slug))
    return out


def test_every_reading_command_prints_russian(db: str) -> None:
    problems = {}
    for args in reading_commands():
        try:
            found = faults(db, run(db, *args))
        except AssertionError as error:
            if "не для турнира" in str(error):  # a view of a series on a season: refused
                continue
            found = [str(error)[:300]]
        if found:
            problems[" ".join(args)] = found
    assert not problems, "\n".join(f"{k}: {v}" for k, v in problems.items())


@pytest.mark.parametrize("args", [
    ("demo", "commander", "--players", "8", "--seed", "1"),
    ("demo", "berserk", "--players", "8", "--tables", "2", "--top", "4", "--seed", "1"),
    ("demo", "marathon", "--players", "8", "--games", "40", "--seed", "1"),
    ("demo", "seven-wonders", "--players", "7", "--seasons", "1", "--seed", "1"),
])
def test_demos_print_russian(db: str, tmp_path: Path, args: tuple[str, ...]) -> None:
    out = run(str(tmp_path / "demo.db"), *args)
    assert not faults(str(tmp_path / "demo.db"), out), faults(str(tmp_path / "demo.db"), out)


def test_writes_print_russian(db: str) -> None:
    outputs = [
        run(db, "player", "add", "cmd", "Яна"),
        run(db, "round", "pair", "cmd", "--preview"),
        run(db, "user", "grant", "cmd", "owner", "--role", "owner"),
        run(db, "standings", "cmd", "--top", "3"),
    ]
    problems = [faults(db, out) for out in outputs]
    assert not any(problems), problems


def test_help_lists_are_never_cut(db: str) -> None:
    """Every group's list of commands, at any depth, whole (Click cut a long one-line help
    to fit with «...»)."""
    import click

    root = build_cli()
    CliRunner().invoke(root, ["--lang", "ru", "commander", "--help"], env=ENV)  # loads all
    groups = [(), *[(name,) for name, c in root.commands.items()
                    if isinstance(c, click.Group)]]
    for path in groups:
        for lang in ("ru", "en"):
            result = CliRunner().invoke(root, ["--lang", lang, *path, "--help"], env=ENV,
                                        terminal_width=100)
            cut = [line for line in result.output.splitlines()
                   if line.rstrip().endswith("...") and "[ARGS]..." not in line]
            assert not cut, (path, lang, cut)
