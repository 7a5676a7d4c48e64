"""The command line speaks the person's language: ``podium --lang ru``, a command's
own ``--lang``, or a Russian locale (LANG / LC_ALL = ru_*) give Russian tables, sentences and
errors from the same catalogs as the pages; English otherwise."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from podium.cli.lang import from_environment
from podium.cli.main import cli
from tests.cli.conftest import ANSI

ENGLISH = re.compile(r"\b(after round|Player|Note|Round|table|Error|Champion|Stages|rows)\b")


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    path = str(tmp_path_factory.mktemp("lang") / "l.db")
    result = CliRunner().invoke(cli, ["--db", path, "demo", "commander", "--players", "12",
                                      "--seed", "2"], env={"LANG": "C.UTF-8", "LC_ALL": None})
    assert result.exit_code == 0, result.output
    yield path


def run(db: str, *args: str, env: dict[str, str | None] | None = None,
        code: int = 0) -> tuple[str, str]:
    environment = {"LANG": "C.UTF-8", "LC_ALL": None, "LC_MESSAGES": None, **(env or {})}
    result = CliRunner().invoke(cli, ["--db", db, *args], env=environment)
    assert result.exit_code == code, (result.stdout, result.stderr)
    return ANSI.sub("", result.stdout), ANSI.sub("", result.stderr)


@pytest.mark.parametrize("how", ["option", "command", "LANG", "LC_ALL"])
def test_commander_standings_in_russian(db: str, how: str) -> None:
    args = ["standings", "demo-commander-12-2", "--top", "3"]
    env: dict[str, str | None] = {}
    if how == "option":
        args = ["--lang", "ru", *args]
    elif how == "command":
        args = [*args, "--lang", "ru"]
    else:
        env = {how: "ru_RU.UTF-8"}
    out, _ = run(db, *args, env=env)
    assert "Игрок" in out and "после тура 6" in out and "Показаны первые 3 строк" in out, out
    assert not ENGLISH.search(re.sub(r"Player \d+|Demo Commander, \d+ players", "", out)), out


def test_english_by_default_and_with_an_english_locale(db: str) -> None:
    out, _ = run(db, "standings", "demo-commander-12-2", "--top", "3",
                 env={"LANG": "en_GB.UTF-8"})
    assert "Player" in out and "after round 6" in out
    out, _ = run(db, "--lang", "en", "standings", "demo-commander-12-2", "--top", "3",
                 env={"LC_ALL": "ru_RU.UTF-8"})
    assert "Player" in out  # --lang wins over the locale


def test_errors_in_russian(db: str) -> None:
    _, err = run(db, "--lang", "ru", "standings", "nope", code=3)
    assert "Ошибка:" in err and "Error" not in err
    _, err = run(db, "event", "create", "x", "--set", "rounds=many", code=2,
                 env={"LANG": "ru_RU.UTF-8"})
    assert "Ошибка:" in err


def test_sentences_and_tables_in_russian(db: str) -> None:
    out, _ = run(db, "--lang", "ru", "event", "show", "demo-commander-12-2")
    assert "Турнир завершён. Чемпион:" in out and "Этапы: Швейцарка" in out
    assert "= да" in out or "= нет" in out
    out, _ = run(db, "--lang", "ru", "round", "show", "demo-commander-12-2", "1")
    assert "Тур 1 · стол 1" in out and "Позиция за столом" in out and "Результаты тура 1" in out
    out, _ = run(db, "--lang", "ru", "log", "demo-commander-12-2")
    assert "Журнал турнира" in out and "турнир создан" in out


@pytest.mark.parametrize(("environ", "lang"), [
    ({}, "en"), ({"LANG": "C"}, "en"), ({"LANG": "ru_RU.UTF-8"}, "ru"), ({"LANG": "ru"}, "ru"),
    ({"LANG": "de_DE.UTF-8"}, "en"), ({"LC_ALL": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),
    ({"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
])
def test_the_locale_picks_the_language(environ: dict[str, str], lang: str) -> None:
    assert from_environment(environ) == lang


def test_declared_commands_help_in_russian(db: str) -> None:
    out, _ = run(db, "--lang", "ru", "event", "create", "--help")
    assert "Создать турнир." in out and "одно из:" in out and "напечатать ответ в JSON" in out
    out, _ = run(db, "event", "create", "--help", env={"LANG": "ru_RU.UTF-8"})
    assert "Создать турнир." in out
    out, _ = run(db, "--lang", "ru", "--help")
    assert "Опубликовать таблицы (правило MJ-11)" in out
    out, _ = run(db, "event", "create", "--help")
    assert "Create an event." in out and "one of:" in out
