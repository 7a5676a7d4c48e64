"""The bracket for people: a text tree in the terminal and a printable HTML page at 32."""

from __future__ import annotations

from podium.cli.bracket_text import bracket_lines
from podium.core.top_replay import top_of
from podium.service.bracket_html import bracket_html
from tests.cli.conftest import Podium


def test_32_player_bracket_as_text_and_html(podium: Podium, tmp_path) -> None:
    podium("demo", "berserk", "--players", "64", "--tables", "4", "--top", "32", "--seed", "2")
    state = podium.load("demo-berserk-64-4-32-2").state
    bracket = top_of(state)
    lines = bracket_lines(state, bracket)
    assert len(lines) == 63  # a row per entrant and one between each
    assert max(map(len, lines)) <= 140  # fits the piped page width
    champion = state.players[bracket.champion].name
    assert lines[31].endswith(champion)  # the middle row holds the final's winner
    page = bracket_html(state, bracket)
    assert page.count('class="match"') == 31
    assert page.count("<h2>") == 5 and "<h2>final</h2>" in page
    assert f"Champion: {champion}" in page


def test_html_escapes_names(podium: Podium) -> None:
    podium("event", "create", "esc", "--format", "berserk", "--seed", "1", "--set", "rounds=1")
    podium("player", "add", "esc", "<b>Bold</b>", "A & B", "Cleo", "Dan")
    podium("berserk", "split", "esc")
    podium("round", "pair", "esc")
    for table, pair in enumerate(podium.seating("esc"), start=1):
        podium("berserk", "result", "esc", str(table), "--winner", pair[0])
    podium("top", "build", "esc", "--size", "4")
    out = podium.db.parent / "top.html"
    podium("top", "show", "esc", "--html", str(out))
    page = out.read_text(encoding="utf-8")
    assert "&lt;b&gt;Bold&lt;/b&gt;" in page and "A &amp; B" in page
    assert "<b>Bold</b>" not in page


def test_berserk_event_exports_and_imports(podium: Podium) -> None:
    """The TOP's actions go through the same replay as every action: an exported event imports
    and rebuilds the same bracket."""
    podium("demo", "berserk", "--players", "16", "--tables", "2", "--top", "8", "--seed", "3")
    exported = podium.export("demo-berserk-16-2-8-3")
    path = podium.db.parent / "event.json"
    path.write_text(exported, encoding="utf-8")
    podium("import", str(path), "--slug", "copy")
    original = top_of(podium.load("demo-berserk-16-2-8-3").state)
    copy = top_of(podium.load("copy").state)
    assert copy.slots == original.slots and copy.champion == original.champion
