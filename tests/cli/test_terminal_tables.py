"""Terminal tables never cut a place, a name or a number: each format's tables
printed in a terminal 80 and 100 columns wide, without a "…", every name whole, no column
printed empty that has values (the marathon's № and ∆), long notes whole under their table;
wider than the terminal, a table switches to the narrow layout (one block a row), and the TOP
tree to its matches round by round."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from podium.cli import base
from podium.cli.main import cli
from podium.cli.render import cell
from podium.service import EventService
from podium.service.exports import cell_text
from podium.store.db import Database, resolve_url

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One database with a demo of each format (small, seeded)."""
    path = str(tmp_path_factory.mktemp("term") / "t.db")
    for args in (
        ["commander", "--players", "24", "--seed", "3"],
        ["berserk", "--players", "20", "--tables", "2", "--top", "16", "--seed", "3"],
        ["marathon", "--players", "60", "--games", "1500", "--seed", "3"],
        ["seven-wonders", "--players", "28", "--seed", "3"],
    ):
        result = CliRunner().invoke(cli, ["--db", path, "demo", *args])
        assert result.exit_code == 0, result.output
    yield path


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """The command line's console as a terminal of a given width."""

    def at(width: int) -> None:
        monkeypatch.setattr(base.console, "_force_terminal", True)
        monkeypatch.setattr(base.console, "_width", width)
        monkeypatch.setattr(base.console, "_file", None)

    yield at


def shown(db: str, *args: str) -> str:
    result = CliRunner().invoke(cli, ["--db", db, *args])
    assert result.exit_code == 0, result.output
    return ANSI.sub("", result.output)


TABLES = [
    ("standings", "demo-commander-24-3", "--top", "30"),
    ("log", "demo-commander-24-3"),
    ("round", "show", "demo-commander-24-3", "1"),
    ("berserk", "tables", "demo-berserk-20-2-16-3"),
    ("top", "show", "demo-berserk-20-2-16-3", "--matches"),
    ("standings", "demo-marathon-60-3", "--stage", "1", "--lang", "ru", "--top", "30"),
    ("standings", "demo-marathon-60-3", "--table", "total", "--top", "30"),
    ("sw", "table", "demo-seven-wonders-28-3", "--lang", "ru"),
]


@pytest.mark.parametrize("width", [80, 100])
@pytest.mark.parametrize("args", TABLES, ids=lambda a: " ".join(a[:3]))
def test_no_cell_is_cut(db: str, terminal, width: int, args: tuple[str, ...]) -> None:
    terminal(width)
    text = shown(db, *args)
    assert "…" not in text, text[:2000]
    assert all(len(line) <= width for line in text.splitlines()), max(map(len, text.splitlines()))


def test_every_name_is_whole_in_a_narrow_terminal(db: str, terminal) -> None:
    terminal(80)
    text = shown(db, "standings", "demo-marathon-60-3", "--stage", "1", "--top", "0")
    names = set(re.findall(r"player\d+", text))
    assert len(names) > 20  # each name printed whole: player and its number


def test_a_table_wider_than_the_terminal_takes_the_narrow_layout(db: str, terminal) -> None:
    terminal(60)
    text = shown(db, "standings", "demo-marathon-60-3", "--stage", "1", "--top", "3")
    assert "…" not in text
    assert re.search(r"^1 \S+", text, re.M), text  # "1 player042" then its columns


def test_into_a_file_a_table_keeps_its_full_width(db: str, tmp_path: Path) -> None:
    text = shown(db, "standings", "demo-marathon-60-3", "--stage", "1", "--top", "3")
    assert "…" not in text


def _row_blocks(text: str, names: list[str]) -> list[str]:
    """The printed text of each row, found by its player's name: from the line holding the
    name to the line before the next row's name (a table's line, or a narrow block)."""
    lines = text.splitlines()
    starts: list[int] = []
    at = 0
    for name in names:
        pattern = re.compile(rf"(?<!\S){re.escape(name)}(?!\S)")
        at = next(i for i in range(at, len(lines)) if pattern.search(lines[i]))
        starts.append(at)
        at += 1
    ends = [*starts[1:], min(len(lines), starts[-1] + 4)]
    return ["\n".join(lines[a:b]) for a, b in zip(starts, ends, strict=True)]


def _loaded(db: str, slug: str):
    return EventService(Database(resolve_url(db))).load(slug)


VIEWS = [
    ("demo-marathon-60-3", "stage-1", "ru",
     ("standings", "demo-marathon-60-3", "--stage", "1", "--lang", "ru", "--top", "30")),
    ("demo-marathon-60-3", "total", "en",
     ("standings", "demo-marathon-60-3", "--table", "total", "--top", "30")),
]


@pytest.mark.parametrize("width", [80, 100])
@pytest.mark.parametrize("case", VIEWS, ids=lambda c: f"{c[1]}-{c[2]}")
def test_no_column_is_printed_empty(db: str, terminal, width: int, case) -> None:
    """Each row's place, change, name and numbers are printed whole, in its row (in 100
    columns the marathon's № and ∆ once came out empty: rich had squeezed them to nothing)."""
    slug, key, lang, args = case
    terminal(width)
    text = shown(db, *args)
    loaded = _loaded(db, slug)
    view = loaded.ruleset.table(loaded.state, key)
    rows = view.rows[:30]
    player = next(c for c in view.columns if c.key == "player")
    wanted = [c for c in view.columns if c.numeric]
    assert len(wanted) >= 5
    blocks = _row_blocks(text, [cell_text(r.get("player"), player, lang) for r in rows])
    for row, block in zip(rows, blocks, strict=True):
        for column in wanted:
            value = cell(row.get(column.key), column, lang)  # in the language's format
            if value:
                assert re.search(rf"(?<!\S){re.escape(value)}(?!\S)", block), (
                    column.key, value, block)


@pytest.mark.parametrize("width", [80, 100])
def test_seven_wonders_notes_print_whole_and_short(db: str, terminal, width: int) -> None:
    """A season's notes (an overrun lifted, a kick) are printed whole, never as a tall cell:
    under the table as [n] with the player's name, or in the row's block."""
    from podium.formats.seven_wonders import views as sw_views
    from podium.i18n import tr_for

    terminal(width)
    text = shown(db, "sw", "table", "demo-seven-wonders-28-3", "--lang", "ru")
    state = _loaded(db, "demo-seven-wonders-28-3").state
    tr = tr_for("ru")
    notes = [tr(sw_views.notes_message(state, r.notes)) if r.notes else ""
             for r in sw_views.season_rows(state)]
    notes = [n for n in notes if n]
    assert notes
    flat = " ".join(text.split())
    for note in notes:
        assert " ".join(note.split()) in flat
    # no cell wraps onto a third line: a line of a table is never only a note's tail
    table_lines = [line for line in text.splitlines()
                   if line.startswith("      ") and line.strip()]
    assert not [line for line in table_lines if not line.strip()[0].isdigit()], text


@pytest.mark.parametrize("width", [80, 100])
def test_the_top_tree_is_never_wrapped(db: str, terminal, width: int) -> None:
    """A 16-player TOP tree is 107 columns: in 80 or 100 it is printed match by match, every
    name whole; in a wide terminal as the tree."""
    terminal(width)
    text = shown(db, "top", "show", "demo-berserk-20-2-16-3")
    assert all(len(line) <= width for line in text.splitlines())
    assert "─┐" not in text and "[15] " in text
    from podium.core.top_replay import top_of

    state = _loaded(db, "demo-berserk-20-2-16-3").state
    bracket = top_of(state)
    assert bracket is not None
    for pid, seed in bracket.seeds.items():
        assert f"({seed}) {state.players[pid].name}" in text
    terminal(140)
    assert "─┐" in shown(db, "top", "show", "demo-berserk-20-2-16-3")


def _sample_tables() -> Iterator[object]:
    """Tables as the command line makes them: numbers, names, long wrapped notes, markup,
    emoji codes, wide characters, an empty column, the paddings rich collapses."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    rows = [["1", "Анна Каренина", "a long note that wraps " * 6, "[bold]13.5[/]", ""],
            ["10", "名前 :smile:", "short", "1\\[2]", Text("плюс\nминус")],
            ["100", "", "", "", "word" * 12]]
    for options in ({"box": box.SIMPLE}, {"box": box.SIMPLE_HEAVY, "pad_edge": False},
                    {"collapse_padding": True, "padding": (0, 1, 0, 3)},
                    {"show_header": False, "min_width": 150}, {"show_footer": True}):
        table = Table(title="Title", **options)  # type: ignore[arg-type]
        for index, header in enumerate(["#", "Player", "Note", "Pts", "More"]):
            table.add_column(header, justify="right" if index in (0, 3) else "left",
                             no_wrap=index == 1, footer="total" if index == 2 else "")
        for row in rows:
            table.add_row(*row)
        yield table


def test_a_tables_width_bound_is_never_under_richs_measure() -> None:
    """A table printed into a pipe skips rich's measure when its bound fits the page
    (podium.cli.tables.width_bound): the bound must never be under the measure, or a table
    would be printed narrower than before."""
    from rich.console import Console
    from rich.table import Table

    from podium.cli.tables import needed, prepared, width_bound

    console = Console(width=80, file=io.StringIO())
    for table in _sample_tables():
        assert isinstance(table, Table)
        widest = console.measure(table, options=console.options.update_width(10_000)).maximum
        assert (width_bound(table, lines=True) or 0) >= widest
        prepared(table)
        least = console.measure(table, options=console.options.update_width(100_000)).minimum
        assert needed(console, table) == least
        assert (width_bound(table) or 0) >= least
