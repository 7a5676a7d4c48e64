"""A Russian run reads the catalog compiled by an earlier run: the ``.po`` is compiled once
into the per-user cache (``PODIUM_CACHE_DIR`` here), keyed by its content, and compiled again
when it changes; a cache that cannot be used costs only the compilation
(:func:`podium.i18n.compiled_catalog`)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import podium.i18n
from podium.cli.main import cli
from podium.i18n import translations
from tests.cli.conftest import ANSI


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PODIUM_CACHE_DIR", str(folder))
    translations.cache_clear()  # a new run: nothing compiled in this process yet
    yield folder
    translations.cache_clear()


def new_run() -> None:
    """What a new process starts with: no catalog compiled in memory."""
    translations.cache_clear()


def run_ru(tmp_path: Path, *args: str, code: int = 0) -> tuple[str, str]:
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "p.db"), "--lang", "ru", *args],
                                env={"LANG": "C.UTF-8", "LC_ALL": None})
    assert result.exit_code == code, (result.stdout, result.stderr)
    return ANSI.sub("", result.stdout), ANSI.sub("", result.stderr)


def no_compiling(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the .po was compiled again")

    monkeypatch.setattr("babel.messages.pofile.read_po", refuse)


def test_the_second_russian_run_reads_the_compiled_catalog(
        cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, _ = run_ru(tmp_path, "--help")
    assert "турниры по многопользовательским настольным играм" in first
    assert len(list(cache.glob("messages-ru-*.mo"))) == 1
    new_run()
    no_compiling(monkeypatch)
    second, _ = run_ru(tmp_path, "--help")
    assert second == first


def test_an_edited_catalog_is_compiled_again(
        cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locale = tmp_path / "locale"
    shutil.copytree(podium.i18n.LOCALE_DIR, locale)
    monkeypatch.setattr(podium.i18n, "LOCALE_DIR", locale)
    _, error = run_ru(tmp_path, "event", "show", "nope", code=3)
    assert error.startswith("Ошибка:")
    po = locale / "ru" / "LC_MESSAGES" / "messages.po"
    text = po.read_text(encoding="utf-8")
    assert 'msgid "Error:"\nmsgstr "Ошибка:"\n' in text
    po.write_text(text.replace('msgid "Error:"\nmsgstr "Ошибка:"\n',
                               'msgid "Error:"\nmsgstr "Сбой:"\n'), encoding="utf-8")
    new_run()
    _, error = run_ru(tmp_path, "event", "show", "nope", code=3)
    assert error.startswith("Сбой:")
    assert len(list(cache.glob("messages-ru-*.mo"))) == 1  # the older compilation removed


def test_a_damaged_cached_catalog_is_compiled_again(cache: Path, tmp_path: Path) -> None:
    first, _ = run_ru(tmp_path, "--help")
    (stored,) = cache.glob("messages-ru-*.mo")
    stored.write_bytes(b"not a catalog")
    new_run()
    assert run_ru(tmp_path, "--help")[0] == first
    assert stored.read_bytes() != b"not a catalog"


def test_a_cache_that_cannot_be_written_still_gives_russian(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("PODIUM_CACHE_DIR", str(blocked / "podium"))
    new_run()
    try:
        out, _ = run_ru(tmp_path, "--help")
    finally:
        new_run()
    assert "турниры по многопользовательским настольным играм" in out
