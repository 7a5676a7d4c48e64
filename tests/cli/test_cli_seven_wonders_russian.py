"""The 7 Wonders command line speaks Russian: with ``--lang ru`` every sentence
``podium sw ...`` and ``podium demo seven-wonders`` print is Russian (player and event names,
rule IDs, slugs and commands aside), and so are click's own words (``Usage:``, ``Options``,
``Missing argument``). The check is the Russian crawl's (tests/web/test_russian_pages.py): any
Latin-script word left is a fault."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from podium.cli import main
from podium.cli.main import cli
from podium.formats.seven_wonders.commands import game_ref
from podium.service import EventService
from podium.store.db import Database, resolve_url
from tests.cli.conftest import ANSI
from tests.web.test_russian_pages import latin_words

ENV = {"LANG": "C.UTF-8", "LC_ALL": None, "LC_MESSAGES": None, "PODIUM_LANG": None}
#: What is code, not language: a command to type (`podium sw year ...`), the database file, a
#: player's name.
CODE = re.compile(r"`[^`]*`|podium sw [\w-]+|\S+\.db\b|--db\b|Player \d+")


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(main.console, "width", 160)  # no cell cut to "Pla…"
        yield str(tmp_path_factory.mktemp("sw_ru") / "sw.db")


def run(db: str, *args: str, code: int = 0, env: dict[str, str | None] | None = None
        ) -> str:
    result = CliRunner().invoke(cli, ["--db", db, "--actor", "judge", *args],
                                env={**ENV, **(env or {})})
    assert result.exit_code == code, (result.stdout, result.stderr)
    return ANSI.sub("", result.stdout + result.stderr)


def english(db: str, text: str) -> list[str]:
    """The Latin words of ``text`` once the events' names, slugs and league keys are out."""
    service = EventService(Database(resolve_url(db)))
    names: list[str] = []
    allowed: set[str] = set()
    for summary in service.list_events():
        state = service.load(summary.slug).state
        names.append(state.name)
        allowed |= {summary.slug, *state.divisions}
    service.db.dispose()
    text = CODE.sub(" ", text)
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return [w for w in latin_words(text, allowed) if not any(w in s for s in allowed)]


def test_a_season_in_russian(db: str) -> None:
    """`demo seven-wonders`, `sw table`, `sw status` (a league's next game, rule W7-36) and
    `sw reports` under --lang ru."""
    out = run(db, "--lang", "ru", "demo", "seven-wonders", "--players", "14", "--seed", "1")
    assert "Битву Титанов выиграл" in out or "первое место делят" in out, out
    assert "попробуйте `podium sw status demo-seven-wonders-14-1`" in out
    texts = [out]
    # a season half played: one league with a premium player, one without (rule W7-36)
    run(db, "event", "create", "sw", "--format", "seven-wonders")
    run(db, "event", "set", "sw", "start=2025-03-01")
    run(db, "player", "add", "sw", *[f"Player {i:02d}" for i in range(1, 15)])
    texts.append(run(db, "--lang", "ru", "sw", "leagues", "sw"))
    run(db, "sw", "profile", "sw", "Player 02", "--premium")
    status = run(db, "sw", "status", "sw", "--lang", "ru")
    assert "Стол создаёт Player 02 (премиум-аккаунт)" in status, status
    assert "следующая — игра 1" in status and "организатор создаёт пошаговый" in status, status
    texts += [status, run(db, "--lang", "ru", "sw", "table", "demo-seven-wonders-14-1"),
              run(db, "--lang", "ru", "sw", "status", "demo-seven-wonders-14-1"),
              run(db, "--lang", "ru", "sw", "reports", "sw")]
    for text in texts:
        assert not english(db, text), (english(db, text), text)


def test_a_year_in_russian(db: str) -> None:
    """The year's demo (rule W7-1: seasons, moves, survival battles, the Legendary League),
    `sw year` and `sw path`, with a Russian locale instead of --lang."""
    ru = {"LANG": "ru_RU.UTF-8"}
    out = run(db, "demo", "seven-wonders", "--players", "28", "--seasons", "2", "--seed", "2",
              env=ru)
    assert "Легендарная лига: отбор" in out and "Легендарная лига: финал" in out, out
    assert "Место 1:" in out and "подтвердил(а)" in out
    texts = [out, run(db, "sw", "year", "demo-sw-28-2-year", env=ru),
             run(db, "sw", "path", "demo-sw-28-2-year", "Player 01", env=ru)]
    assert "в лиге №1 нулевого сезона, в лигу Богов" in out  # the year's moves (W7-7)
    for text in texts:
        assert not english(db, text), (english(db, text), text)


def test_a_special_match_is_typed_by_its_name(db: str) -> None:
    """Rules W7-11, W7-12, W7-18: the forms and the command line take a special match by its
    key or by the name a page shows, in English or Russian."""
    service = EventService(Database(resolve_url(db)))
    if "demo-seven-wonders-14-1" not in {e.slug for e in service.list_events()}:  # run alone
        run(db, "demo", "seven-wonders", "--players", "14", "--seed", "1")
    state = service.load("demo-seven-wonders-14-1").state
    service.db.dispose()
    for typed, key in [("Матч Фортуны", "fortune"), ("фортуна", "fortune"),
                       ("Fortune match", "fortune"), ("матч воли", "will"),
                       ("Битва титанов", "titans"), ("titans", "titans")]:
        assert game_ref(state, typed) == key


def test_clicks_own_words_in_russian(db: str) -> None:
    """`--help` and click's usage errors are Russian with --lang ru or a Russian locale, and
    stay English otherwise."""
    helped = run(db, "--lang", "ru", "sw", "status", "--help")
    assert "Использование: podium sw status" in helped and "Параметры:" in helped
    assert "Показать эту справку и выйти." in helped
    assert "Лесенка каждой лиги" in helped and "Одна лига (ключ или название)." in helped
    # the view's help too; its usage line, options and metavars are typed as they are
    typed = re.sub(r"\[OPTIONS\]|EVENT|LEAGUE|JSON|\[en\|ru\]|-?-[\w-]+", " ", helped)
    assert not english(db, typed), helped
    missing = run(db, "sw", "status", code=2, env={"LANG": "ru_RU.UTF-8"})
    assert "Ошибка: Не указан аргумент 'EVENT'." in missing
    assert "Справка: 'podium sw status --help'." in missing
    unknown = run(db, "--lang", "ru", "sw", "table", "sw", "--bogus", code=2)
    assert "Нет такого параметра '--bogus'." in unknown and "Error" not in unknown
    wrong = run(db, "--lang", "ru", "demo", "seven-wonders", "--players", "x", code=2)
    assert "--players: целое число от 7 до 10000" in wrong
    root = run(db, "--lang", "ru", "--help")  # its --help made before --lang was read
    assert "-h, --help" in root and "Показать эту справку и выйти." in root
    english_help = run(db, "sw", "status", "--help")
    assert "Usage: podium sw status" in english_help and "Show this message" in english_help
