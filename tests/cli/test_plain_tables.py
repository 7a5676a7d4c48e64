"""A table longer than PLAIN_ROWS rows is written as plain aligned text:
rich spent 94% of `podium standings --top 0`'s 10 s of CPU at 10,000 players drawing it. The
same title, columns, headers (in the run's language) and values, numbers right-aligned, every
row, nothing cut; a shorter table is still rich's. Checked by what is printed."""

from __future__ import annotations

import io

from rich.markup import escape
from rich.table import Table

from podium.cli.tables import PLAIN_ROWS, WholeTables, plain_text


def table_of(rows: int) -> Table:
    table = Table(title="Cup: after round 3", caption="Showing every row.")
    table.add_column("#", justify="right")
    table.add_column("Player", no_wrap=True)
    table.add_column("Pts", justify="right")
    table.add_column("Note")
    for n in range(1, rows + 1):
        table.add_row(str(n), escape(f"Player {n} [team]"), str(n % 7), "")
    return table


def test_plain_text_aligns_the_columns_and_keeps_every_value() -> None:
    table = Table(title="Кубок: после тура 3", caption="note")
    table.add_column("#", justify="right")
    table.add_column("Игрок")
    table.add_column("Очки", justify="right")
    table.add_row("1", "Анна", "12")
    table.add_row("10", escape("Bob [dropped]"), "3.5")
    table.add_row("2", "Vera\nPetrova", "7")
    assert plain_text(table).splitlines() == [
        "Кубок: после тура 3",
        " #  Игрок          Очки",
        "--  -------------  ----",
        " 1  Анна             12",
        "10  Bob [dropped]   3.5",
        " 2  Vera Petrova      7",
        "note",
    ]


def printed(rows: int) -> str:
    out = io.StringIO()
    console = WholeTables(file=out, width=100, force_terminal=False)
    console.print(table_of(rows))
    return out.getvalue()


def test_a_long_table_is_printed_plainly_every_row() -> None:
    text = printed(PLAIN_ROWS + 1)
    lines = text.splitlines()
    assert lines[0] == "Cup: after round 3"
    assert lines[1].split() == ["#", "Player", "Pts", "Note"]
    body = lines[3:-1]
    assert len(body) == PLAIN_ROWS + 1
    assert body[0].split() == ["1", "Player", "1", "[team]", "1"]
    assert body[-1].split()[:4] == [str(PLAIN_ROWS + 1), "Player", str(PLAIN_ROWS + 1), "[team]"]
    assert lines[-1] == "Showing every row."
    assert "━" not in text and "…" not in text


def test_a_shorter_table_is_still_drawn_by_rich() -> None:
    text = printed(PLAIN_ROWS)
    assert "─" in text or "━" in text  # rich's rules
    assert "Player 1000 [team]" in text
