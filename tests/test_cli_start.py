"""The command line starts without the expensive imports: no Alembic (the
schema is checked by a plain query, migrations imported only when it is behind), no argon2 hash
made at import, no web application; ``podium --help`` and ``podium event list`` load no format,
no SQLAlchemy and no numpy, and a format's commands are loaded when one is named. Structure
only (which modules a run loads, never how long it takes): the CPU figures are in
docs/benchmarks.md."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from podium.cli.lang import choose
from podium.cli.lazy import LazyRoot
from podium.cli.main import build_cli
from podium.core.command_line import CommandLine
from podium.formats import registry
from podium.formats.registry import entries, get_format
from podium.service import EventService
from podium.store.db import Database, head_revision
from podium.store.plain import event_names
from podium.store.repository import list_events

HEAVY = ("alembic", "fastapi", "starlette", "jinja2", "podium.api", "podium.web", "podium.app")


def modules_after(code: str, env_db: Path) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys, json; print(json.dumps(sorted(sys.modules)))"],
        capture_output=True, text=True, check=True, env={"PODIUM_DB": str(env_db), "PATH": ""})
    return set(json.loads(out.stdout.strip().splitlines()[-1]))



def _cup_of_two(runner: CliRunner, root: click.Group, db: str) -> None:
    """A Commander event "cup" with Anna and Boris, made on ``root`` (a kernel command: the
    whole catalog loads)."""
    made = runner.invoke(root, ["--db", db, "--actor", "judge", "event", "create", "cup",
                                "--name", "Cup", "--format", "commander"])
    assert made.exit_code == 0, made.output
    added = runner.invoke(root, ["--db", db, "--actor", "judge", "player", "add", "cup",
                                 "Anna", "Boris"])
    assert added.exit_code == 0, added.output

def test_importing_the_cli_loads_no_migrations_web_or_password_hash(tmp_path: Path) -> None:
    code = ("import argon2\n"
            "calls = []\n"
            "real = argon2.PasswordHasher.hash\n"
            "def spy(self, *args, **kwargs):\n"
            "    calls.append(1)\n"
            "    return real(self, *args, **kwargs)\n"
            "argon2.PasswordHasher.hash = spy\n"
            "import podium.cli.main\n"
            "assert not calls, 'an argon2 hash was made at import'")
    loaded = modules_after(code, tmp_path / "cli.db")
    assert not [m for m in loaded if m.split(".")[0] in HEAVY or m.startswith(HEAVY)]


def test_opening_a_database_at_the_newest_schema_does_not_import_alembic(tmp_path: Path) -> None:
    path = tmp_path / "ready.db"
    Database(str(path)).dispose()  # created and migrated (Alembic runs here)
    code = (f"from podium.store.db import Database\nDatabase({str(path)!r}).dispose()\n"
            "import sys\nassert 'alembic' not in sys.modules")
    assert "alembic" not in modules_after(code, path)


def test_the_newest_migration_is_read_from_the_files_as_alembic_reads_it(tmp_path: Path) -> None:
    path = tmp_path / "fresh.db"
    db = Database(str(path))  # a new file: migrated by Alembic to its head
    try:
        assert db.current_revision() == head_revision() is not None
    finally:
        db.dispose()


def test_a_database_behind_the_migrations_is_still_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = Database(str(path), migrate=False)
    db.upgrade("0001")
    assert db.current_revision() == "0001"
    db.dispose()
    db = Database(str(path))
    try:
        assert db.current_revision() == head_revision()
    finally:
        db.dispose()
    assert json  # (imported for modules_after)


# what a run of `podium` loads --------------------------------------------------------------------
#: Never loaded by `podium --help` or `podium event list`: the formats' rules (and the numpy of
#: the marathon's), the catalog of declared commands, the service, the ORM, the web.
NEVER_AT_START = ("numpy", "sqlalchemy", "alembic", "fastapi", "starlette", "jinja2",
                  "podium.service", "podium.compose", "podium.core.ruleset", "podium.api",
                  "podium.web", "podium.app")


def podium_run(args: list[str], db: Path, env: dict[str, str] | None = None
               ) -> tuple[str, set[str]]:
    """``podium ARGS`` in a fresh interpreter: its output and the modules it loaded."""
    code = ("import sys, json\n"
            "from podium.cli.main import main\n"
            f"sys.argv = ['podium', *{args!r}]\n"
            "try:\n"
            "    main()\n"
            "except SystemExit:\n"
            "    pass\n"
            "print('\\n' + json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={"PODIUM_DB": str(db), "PATH": "", "LANG": "C.UTF-8",
                                          "COLUMNS": "120", **(env or {})})
    text, _, modules = out.stdout.rstrip().rpartition("\n")
    return text, set(json.loads(modules))


def heavy(loaded: set[str]) -> list[str]:
    rules = [m for m in loaded if m.startswith("podium.formats.") and
             m.count(".") >= 3]  # a format's own modules (its package alone is its declaration)
    return sorted([m for m in loaded if m.split(".")[0] in NEVER_AT_START
                   or m.startswith(NEVER_AT_START)] + rules)


@pytest.fixture
def filled(tmp_path: Path) -> Path:
    """A SQLite file at the newest schema with three events, one named in Russian."""
    path = tmp_path / "filled.db"
    service = EventService(Database(str(path)))
    for slug, name, format_name in (("spring", "Spring Cup", "commander"),
                                    ("zima", "Зимний кубок «Берсерк»", "berserk"),
                                    ("autumn", "Autumn <b>", "commander")):
        service.create_event(slug, name, format_name, {}, "judge", seed=1)
    service.db.dispose()
    return path


def test_help_lists_every_command_without_loading_a_format(tmp_path: Path) -> None:
    text, loaded = podium_run(["--help"], tmp_path / "none.db")
    assert heavy(loaded) == []
    for name in ("event", "standings", "commander", "seven-wonders", "sw", "mahjong-marathon",
                 "games", "result", "serve", "top"):
        assert f"\n  {name} " in text, name
    assert not (tmp_path / "none.db").exists()  # nothing opened: --help needs no database


def test_event_list_reads_the_file_without_the_orm_or_a_format(filled: Path) -> None:
    text, loaded = podium_run(["--db", str(filled), "event", "list"], filled)
    assert heavy(loaded) == []
    lines = text.splitlines()  # (the terminal expands the tabs)
    assert [line.split()[:2] for line in lines] == [["spring", "commander"], ["zima", "berserk"],
                                                    ["autumn", "commander"]]
    assert [line.split(maxsplit=2)[2] for line in lines] == [
        "Spring Cup", "Зимний кубок «Берсерк»", "Autumn <b>"]


def test_a_format_is_loaded_when_its_commands_are_named(tmp_path: Path) -> None:
    text, loaded = podium_run(["sw", "--help"], tmp_path / "none.db")
    assert "podium.formats.seven_wonders.rules" in loaded
    assert "Usage: podium sw" in text


def test_a_command_on_an_event_loads_its_format_only(filled: Path) -> None:
    """`podium log spring` (a Commander event) imports Commander, not the marathon's numpy
    nor 7 Wonders: the registry loads a format by its entry point's name."""
    text, loaded = podium_run(["--db", str(filled), "log", "spring"], filled)
    assert "podium.formats.commander.rules" in loaded
    assert not {"numpy", "podium.formats.mahjong_marathon.rules",
                "podium.formats.seven_wonders.rules"} & loaded
    assert "Spring Cup" in text or "spring" in text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_printing_the_log_imports_no_web_module(filled: Path, lang: str) -> None:
    """`podium log SLUG` says each action as the organiser's log page does, from the wording
    both share (podium.service.logtext): the command line depends on no module of the web
    package, nor on FastAPI or Jinja, in English or in Russian."""
    text, loaded = podium_run(["--db", str(filled), "--lang", lang, "log", "zima"], filled)
    assert "podium.service.logtext" in loaded  # the log was really printed through it
    assert [m for m in loaded if m == "podium.web" or m.startswith("podium.web.")] == []
    assert not {"fastapi", "starlette", "jinja2"} & loaded
    assert ("Журнал турнира zima" if lang == "ru" else "Log of zima") in text


def test_the_logs_wording_imports_no_web_module() -> None:
    """The shared wording itself, imported alone, loads nothing of the web."""
    code = ("import sys, json\nimport podium.service.logtext\n"
            "print(json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    loaded = set(json.loads(out.stdout))
    assert not [m for m in loaded if m.split(".")[0] in HEAVY or m.startswith(HEAVY)]


@pytest.mark.parametrize(("args", "own"), [
    (["games", "add", "--help"], "mahjong_marathon"),
    (["mahjong-marathon", "--help"], "mahjong_marathon"),
    (["commander", "--help"], "commander"),
    (["berserk", "--help"], "berserk")])
def test_a_command_only_one_format_adds_loads_no_other_format(
        tmp_path: Path, args: list[str], own: str) -> None:
    """`podium games add` (a marathon write) builds the marathon's catalog and
    command alone: no other format's rules or commands are imported (their packages are, for
    their declarations), nor the web."""
    text, loaded = podium_run(args, tmp_path / "none.db")
    assert f"Usage: podium {' '.join(args[:-1])}" in text
    assert f"podium.formats.{own}.rules" in loaded
    others = sorted(m for m in loaded if m.startswith("podium.formats.") and m.count(".") >= 3
                    and not m.startswith(f"podium.formats.{own}."))
    assert others == []
    assert not [m for m in loaded if m.split(".")[0] in HEAVY or m.startswith(HEAVY)]


def _alone() -> list[tuple[str, str]]:
    """(format, top-level name) for each name a format declared ``alone`` adds by itself."""
    from podium.cli.lazy import _owners

    return sorted((f, name) for name, f in _owners().items())


def test_a_format_declared_alone_has_the_same_commands_alone() -> None:
    """CommandLine(alone=True) is true: with only that format the catalog gives its events the
    commands the catalog of every format gives them."""
    from podium.compose import build_catalog

    everything = build_catalog()
    formats = {f for f, _ in _alone()}
    assert {"mahjong-marathon", "commander", "berserk"} <= formats
    for name in formats:
        one = build_catalog((name,))
        assert ([s.name for s in one.commands_for(name)]
                == [s.name for s in everything.commands_for(name)]), name
        assert ([s.name for s in one.declared_by(name)]
                == [s.name for s in everything.declared_by(name)]), name


def _helps(root: click.Group, args: list[str]) -> list[str]:
    """``podium ARGS --help`` and the help of each command under it."""
    ctx = click.Context(root)
    command = root
    for arg in args:
        found = command.get_command(ctx, arg) if isinstance(command, click.Group) else None
        assert found is not None, args
        command = found
    out = [CliRunner().invoke(root, [*args, "--help"]).output]
    if isinstance(command, click.Group):
        for sub in sorted(command.commands):
            out.append(CliRunner().invoke(root, [*args, sub, "--help"]).output)
    return out


@pytest.mark.parametrize(("format_name", "name"), _alone())
def test_one_formats_command_loaded_alone_is_the_loaded_one(format_name: str, name: str
                                                           ) -> None:
    """Each top-level command a format declared alone adds, loaded alone, has the help (its
    options, its subcommands) it has when every format is loaded."""
    lazy, loaded = build_cli(), build_cli()
    assert isinstance(lazy, LazyRoot) and isinstance(loaded, LazyRoot)
    loaded.load()
    first = CliRunner().invoke(lazy, [name, "--help"])
    assert first.exit_code == 0, first.output
    assert lazy.catalog is None and lazy.one is not None and lazy.one[0] == format_name
    assert set(lazy.one[2].formats) == {format_name}
    assert _helps(lazy, [name]) == _helps(loaded, [name])
    assert lazy.catalog is None


def test_after_one_formats_command_another_loads_everything(tmp_path: Path) -> None:
    """One root (as the tests' runner reuses it): `podium games --help` loads the marathon's
    command alone, then `podium player add` loads every format, the marathon's commands again
    among them."""
    root = build_cli()
    assert isinstance(root, LazyRoot)
    runner = CliRunner()
    assert runner.invoke(root, ["games", "--help"]).exit_code == 0
    assert root.one is not None and root.catalog is None
    db = str(tmp_path / "p.db")
    _cup_of_two(runner, root, db)
    assert root.catalog is not None and root.one is None
    assert "mahjong-marathon" in root.catalog.formats
    assert runner.invoke(root, ["games", "add", "--help"]).exit_code == 0


# the listing against the loaded command line --------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_listing_says_what_the_loaded_command_line_has(lang: str) -> None:
    """Every top-level command and its help as `podium --help` lists them before anything is
    loaded are those of the loaded command line: a format's COMMAND_LINE (its package's
    __init__) or podium.cli.lazy.KERNEL says what the commands really are."""
    lazy, loaded = build_cli(), build_cli()
    assert isinstance(lazy, LazyRoot) and isinstance(loaded, LazyRoot)
    loaded.load()
    try:
        before = CliRunner().invoke(lazy, ["--lang", lang, "--help"])
        after = CliRunner().invoke(loaded, ["--lang", lang, "--help"])
        assert lazy.catalog is None  # listed without loading
        assert before.exit_code == after.exit_code == 0
        assert before.output == after.output, (
            "update COMMAND_LINE in the format's package (or KERNEL in podium.cli.lazy)")
        ctx, full = click.Context(lazy), click.Context(loaded)
        for name in loaded.list_commands(full):
            listed, real = lazy.get_command(ctx, name), loaded.get_command(full, name)
            assert listed is not None and real is not None, name
            assert listed.get_short_help_str(300) == real.get_short_help_str(300), name
        assert lazy.catalog is None
    finally:
        choose(None)


def test_every_format_declares_its_command_line_with_its_title() -> None:
    for entry in entries():
        line = getattr(import_module(entry.module), "COMMAND_LINE", None)
        assert isinstance(line, CommandLine), entry.name
        assert line.title == get_format(entry.name).title, entry.name


def test_a_name_the_listing_does_not_know_loads_everything() -> None:
    """A command added without a declaration is still found: the root loads every format."""
    root = build_cli()
    assert isinstance(root, LazyRoot)
    ctx = click.Context(root)
    with pytest.raises(click.UsageError):
        root.resolve_command(ctx, ["no-such-command-here"])
    assert root.catalog is not None


def test_a_reading_group_gets_the_declared_commands_when_named(tmp_path: Path) -> None:
    """`podium player add` (a kernel command's shared place) and `podium event list` (a
    reading command) both work on one lazy root; the first loads the catalog."""
    root = build_cli()
    db = str(tmp_path / "p.db")
    runner = CliRunner()
    assert runner.invoke(root, ["--db", db, "event", "list"]).exit_code == 0
    assert isinstance(root, LazyRoot) and root.catalog is None
    _cup_of_two(runner, root, db)
    assert root.catalog is not None
    assert runner.invoke(root, ["--db", db, "event", "list"]).output.split() == [
        "cup", "commander", "Cup"]


# the plain listing against the ORM's ----------------------------------------------------------
def test_the_plain_listing_reads_what_the_orm_reads(filled: Path) -> None:
    db = Database(str(filled))
    try:
        assert event_names(str(filled)) == [(s.slug, s.format, s.name) for s in list_events(db)]
    finally:
        db.dispose()


def test_the_plain_listing_leaves_other_databases_to_the_orm(tmp_path: Path) -> None:
    """A file that is not there yet, one behind the migrations, a URL: ``None`` (the caller
    opens it through Database, which creates or migrates it)."""
    assert event_names(str(tmp_path / "missing.db")) is None
    assert not (tmp_path / "missing.db").exists()
    behind = tmp_path / "behind.db"
    db = Database(str(behind), migrate=False)
    db.upgrade("0001")
    db.dispose()
    assert event_names(str(behind)) is None
    assert event_names(f"sqlite:///{behind}") is None
    assert event_names(":memory:") is None
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all" * 100)
    assert event_names(str(junk)) is None


def test_event_list_on_a_database_behind_migrates_it_first(tmp_path: Path) -> None:
    behind = tmp_path / "behind.db"
    db = Database(str(behind), migrate=False)
    db.upgrade("0001")
    db.dispose()
    text, _loaded = podium_run(["--db", str(behind), "event", "list"], behind)
    assert text == ""
    db = Database(str(behind), migrate=False)
    try:
        assert db.current_revision() == head_revision()
    finally:
        db.dispose()


# reading commands on a played event ------------------------------------------------------------
@pytest.fixture(scope="module")
def berserk_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file at the newest schema with a played Berserk demo (draft tables, Swiss
    rounds, a TOP): demo-berserk-16-2-4-1."""
    path = tmp_path_factory.mktemp("brk") / "brk.db"
    made = CliRunner().invoke(build_cli(), ["--db", str(path), "demo", "berserk", "--players",
                                            "16", "--tables", "2", "--top", "4", "--seed", "1"])
    assert made.exit_code == 0, made.output
    return path


BRK = "demo-berserk-16-2-4-1"


@pytest.mark.parametrize("view", ["tables", "standings", "codes"])
def test_a_formats_view_reads_the_file_without_sqlalchemy(berserk_file: Path, view: str
                                                          ) -> None:
    """`podium berserk tables SLUG` (a format's declared view) reads the event's log and
    snapshots over plain sqlite3, as `podium standings` does: no SQLAlchemy, the same output
    as through the ORM (the file's URL). The players' codes live in their own table: `codes`
    still reads them through the ORM, and says the same."""
    text, loaded = podium_run(["--db", str(berserk_file), "berserk", view, BRK], berserk_file)
    through_orm, _ = podium_run(["--db", f"sqlite:///{berserk_file}", "berserk", view, BRK],
                                berserk_file)
    assert text == through_orm
    assert text.strip()
    if view != "codes":
        assert "sqlalchemy" not in loaded


@pytest.mark.parametrize("args", [["log", BRK], ["round", "show", BRK], ["standings", BRK],
                                  ["event", "show", BRK], ["player", "list", BRK]])
def test_reading_an_event_imports_no_command_of_the_kernel(berserk_file: Path,
                                                           args: list[str]) -> None:
    """A reading command reads a view: the kernel's commands (the clock's, the results',
    the players'...) and their answers are not imported for it."""
    text, loaded = podium_run(["--db", str(berserk_file), *args], berserk_file)
    assert text.strip()
    assert not {"podium.service.kernel", "podium.service.commands", "podium.service.clock",
                "podium.service.answers"} & loaded


# the formats' entry points, cached --------------------------------------------------------------
def test_a_second_run_finds_the_formats_without_importlib_metadata(berserk_file: Path,
                                                                   tmp_path: Path) -> None:
    """The formats' entry points found by one run are kept in the per-user cache: the next
    run loads the event's format without importing importlib.metadata (a tenth of a reading
    command's CPU), and prints the same."""
    cache = {"PODIUM_CACHE_DIR": str(tmp_path / "cache")}
    first, loaded = podium_run(["--db", str(berserk_file), "log", BRK], berserk_file, cache)
    assert "importlib.metadata" in loaded
    assert list((tmp_path / "cache").glob("formats-*.json"))
    second, loaded = podium_run(["--db", str(berserk_file), "log", BRK], berserk_file, cache)
    assert "importlib.metadata" not in loaded
    assert "podium.formats.berserk.rules" in loaded
    assert second == first


@pytest.fixture
def entry_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("PODIUM_CACHE_DIR", str(tmp_path / "cache"))
    entries.cache_clear()
    yield tmp_path / "cache"
    entries.cache_clear()


def _as_read() -> list[tuple[str, str]]:
    from importlib.metadata import entry_points

    return sorted(((e.name, e.value) for e in entry_points(group="podium.formats")),
                  key=lambda pair: pair[0])


def test_the_cached_entry_points_are_the_installed_ones(entry_cache: Path) -> None:
    found = [(e.name, e.value) for e in entries()]
    assert found == _as_read()
    entries.cache_clear()
    assert registry._cached_entries() is not None  # the next run reads them from the cache
    assert [(e.name, e.value) for e in entries()] == found
    assert entries()[0].load() is get_format(entries()[0].name)


def test_a_changed_folder_on_the_path_reads_the_entry_points_again(
        entry_cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Installing or removing a package changes its folder: the cached entry points are not
    used, they are read again."""
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    entries()
    assert registry._cached_entries() is not None
    (folder / "new_plugin-1.0.dist-info").mkdir()  # a package installed there
    assert registry._cached_entries() is None
    entries.cache_clear()
    assert [(e.name, e.value) for e in entries()] == _as_read()
    assert registry._cached_entries() is not None


def test_a_damaged_entry_point_cache_is_read_again(entry_cache: Path) -> None:
    entries()
    (stored,) = entry_cache.glob("formats-*.json")
    stored.write_text("{not json")
    entries.cache_clear()
    assert registry._cached_entries() is None
    assert [(e.name, e.value) for e in entries()] == _as_read()
