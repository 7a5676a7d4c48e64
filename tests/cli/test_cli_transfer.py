"""`podium export` / `podium import`: the event file round-trips byte for byte."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.cli.conftest import Podium

CYRILLIC = ["Анна", "Борис", "Вера", "Глеб", "Дарья", "Егор", "Жанна", "Зоя", "Илья"]


def play_everything(podium: Podium, tmp_path: Path) -> None:
    """An event with every kind of action: import from a Windows-1251 CSV, an undo, a draw, a
    game loss, a simultaneous win, a drop, a late entry, a settings change, a correction and a
    reinstatement."""
    podium("event", "create", "cup", "--name", "Кубок «Гусеница»", "--seed", "2026",
           "--set", "rounds=3", "--set", "fewer_rounds=yes")
    csv_file = tmp_path / "players.csv"
    csv_file.write_bytes(("имя;name\n" + "".join(f"x;{n}\n" for n in CYRILLIC)).encode("cp1251"))
    podium("player", "import", "cup", str(csv_file))
    podium("round", "pair", "cup")
    podium("round", "undo", "cup", "--reason", "Илья опоздал")
    podium("round", "pair", "cup")
    t1, t2 = podium.seating("cup")
    podium("result", "enter", "cup", "1", "--draw", "--survivors", f"{t1[0]},{t1[3]}",
           "--order", f"{t1[2]},{t1[1]}")
    podium("result", "enter", "cup", "2", "--winner", t2[2], "--order",
           f"{t2[0]},{t2[1]},{t2[3]}", "--game-loss", f"{t2[0]}=нарушил договорённость")
    podium("player", "drop", "cup", t1[1], "--reason", "ушёл домой")
    podium("player", "add", "cup", "Ярослав")
    podium("event", "set", "cup", "win_points=4", "draw_points=1/2", "--reason", "по регламенту")
    podium("round", "pair", "cup")
    r2 = podium.seating("cup")
    podium("result", "enter", "cup", "1", "--simultaneous", "--winner", r2[0][1],
           "--order", ",".join([r2[0][0], *r2[0][2:]]))
    podium("result", "enter", "cup", "2", "--winner", r2[1][0], "--order", ",".join(r2[1][1:]))
    podium("result", "correct", "cup", "2", "--round", "1", "--reason", "перепутали победителя",
           "--winner", t2[3], "--order", f"{t2[0]},{t2[1]},{t2[2]}")
    podium("player", "reinstate", "cup", t1[1])


@pytest.fixture
def exported(podium: Podium, tmp_path: Path) -> str:
    play_everything(podium, tmp_path)
    return podium.export("cup")


def views(podium: Podium, slug: str, db: Path | None = None) -> list[str]:
    """What people read: standings (now and after round 1), every round, the players."""
    return [
        podium.out("standings", slug, db=db),
        podium.out("standings", slug, "--round", "1", db=db),
        podium.out("round", "show", slug, "1", db=db),
        podium.out("round", "show", slug, "2", db=db),
        podium.out("player", "list", slug, db=db),
    ]


def test_the_file_is_canonical_json(exported: str) -> None:
    document = json.loads(exported)
    assert exported == json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    assert "Кубок «Гусеница»" in exported  # UTF-8 as is, not \u escapes
    assert document["file"] == "podium-event" and document["version"] == 1
    assert document["event"] == {"slug": "cup", "name": "Кубок «Гусеница»", "format": "commander"}
    actions = document["actions"]
    assert [a["seq"] for a in actions] == list(range(1, len(actions) + 1))
    for action in actions:
        assert set(action) == {"seq", "kind", "actor", "at", "reason", "payload"}
        assert action["actor"] == "judge"
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z", action["at"])
    kinds = {a["kind"] for a in actions}
    assert kinds == {"event.created", "player.registered", "round.paired", "round.undone",
                     "result.entered", "result.corrected", "player.dropped", "player.reinstated",
                     "settings.changed"}
    changed = next(a for a in actions if a["kind"] == "settings.changed")
    assert changed["payload"] == {"settings": {"win_points": 4, "draw_points": "1/2"}}
    assert changed["reason"] == "по регламенту"


def test_round_trip_into_a_fresh_database_is_byte_identical(
    podium: Podium, exported: str, tmp_path: Path
) -> None:
    path = tmp_path / "a.json"
    path.write_text(exported, encoding="utf-8")
    fresh = tmp_path / "fresh.db"
    out = podium.out("import", str(path), db=fresh)
    assert "Imported cup:" in out and "10 players, 2 rounds" in out
    assert podium.export("cup", db=fresh) == exported
    assert views(podium, "cup", db=fresh) == views(podium, "cup")
    assert podium.out("log", "cup", db=fresh) == podium.out("log", "cup")


@pytest.mark.parametrize("same_database", [True, False], ids=["same-db", "fresh-db"])
def test_round_trip_under_another_slug(podium: Podium, exported: str, tmp_path: Path,
                                       same_database: bool) -> None:
    path = tmp_path / "a.json"
    path.write_text(exported, encoding="utf-8")
    db = None if same_database else tmp_path / "fresh.db"
    podium("import", str(path), "--slug", "ev2", db=db)
    again = podium.export("ev2", db=db)
    assert again != exported
    assert again == exported.replace('"slug": "cup"', '"slug": "ev2"', 1)
    assert json.loads(again)["actions"] == json.loads(exported)["actions"]
    assert views(podium, "ev2", db=db) == views(podium, "cup")
    if same_database:
        assert podium.export("cup") == exported  # the original is untouched


def test_import_from_standard_input(podium: Podium, exported: str, tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.db"
    podium("import", "-", "--slug", "piped", db=fresh, input=exported.encode("utf-8"))
    assert podium.export("piped", db=fresh) == exported.replace('"slug": "cup"',
                                                                '"slug": "piped"', 1)


def test_the_imported_event_goes_on(podium: Podium, exported: str, tmp_path: Path) -> None:
    """The imported copy is a live event: it can be paired and played like the original, and
    both draw the same next round (the seed travels in the file)."""
    path = tmp_path / "a.json"
    path.write_text(exported, encoding="utf-8")
    podium("import", str(path), "--slug", "ev2")
    podium("round", "pair", "cup")
    podium("round", "pair", "ev2")
    assert podium.seating("ev2") == podium.seating("cup")


def test_demo_round_trip(podium: Podium, tmp_path: Path) -> None:
    podium("demo", "commander", "--players", "13", "--seed", "3")
    slug = "demo-commander-13-3"
    exported = podium.export(slug)
    path = tmp_path / "demo.json"
    path.write_text(exported, encoding="utf-8")
    fresh = tmp_path / "fresh.db"
    podium("import", str(path), db=fresh)
    assert podium.export(slug, db=fresh) == exported
    assert podium.out("standings", slug, db=fresh) == podium.out("standings", slug)


def test_a_file_saved_with_a_bom_imports(podium: Podium, exported: str, tmp_path: Path) -> None:
    # Windows editors save UTF-8 with a byte-order mark; the file must still import unchanged.
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + exported.encode("utf-8"))
    fresh = tmp_path / "fresh.db"
    podium.out("import", str(path), db=fresh)
    assert podium.export("cup", db=fresh) == exported
