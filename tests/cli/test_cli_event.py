"""`podium` end to end, as an organiser runs an event: every command through Click, on SQLite."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from podium.cli.main import cli
from tests.cli.conftest import Podium, flat, standings_rows


def test_create_show_and_formats(podium: Podium) -> None:
    out = podium.out("event", "create", "cup", "--name", "Spring  Cup", "--seed", "42",
                     "--set", "win_points=5", "--set", "rounds=3", "--set", "final_size=0",
                     "--set", "fewer_rounds=yes")
    assert "Created cup (commander), seed 42." in out

    shown = flat(podium.out("event", "show", "cup"))
    assert "Spring Cup (cup, commander, seed 42)" in shown  # the name's spaces are normalised
    assert "win_points = 5" in shown
    assert "rounds = 3" in shown
    assert "final_size = 0" in shown
    assert "draw_points = 1" in shown  # untouched settings keep the regulation's default
    assert "tiebreakers = elimination_sum,opponents_win_pct,random" in shown
    assert "Players: 0 registered, 0 active." in shown

    formats = flat(podium.out("event", "formats"))
    assert "commander:" in formats
    for line in ("pod_size = 4", "win_points = 3", "draw_points = 1", "bye_points = 1",
                 "rounds = auto", "final_size = 4", "(rule CMD-11)"):
        assert line in formats

    assert flat(podium.out("event", "list")) == "cup commander Spring Cup"


def test_seed_makes_the_draw_reproducible(podium: Podium, tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    for db in (podium.db, other):
        podium("event", "create", "cup", "--seed", "7", db=db)
        podium("player", "add", "cup", "A", "B", "C", "D", "E", "F", "G", "H", db=db)
        podium("round", "pair", "cup", db=db)
    first = podium.load("cup").state.rounds[0]
    second = podium.load("cup", db=other).state.rounds[0]
    assert [t.seats for t in first.tables] == [t.seats for t in second.tables]
    assert first.seed == second.seed


def test_undo_allowed_without_results_refused_with_one(podium: Podium, make_event) -> None:
    make_event("cup", 8)
    podium("round", "pair", "cup")
    first = podium.seating("cup")
    first_seed = podium.load("cup").state.rounds[0].seed
    assert "Round 1 undone." in podium.out("round", "undo", "cup", "--reason", "late arrival")
    assert podium.load("cup").state.rounds == []
    assert "late arrival" in flat(podium.out("log", "cup"))

    podium("round", "pair", "cup")
    assert podium.load("cup").state.rounds[0].seed != first_seed  # a fresh, recorded draw
    assert len(podium.seating("cup")) == len(first)
    podium.win_all("cup")
    exported = podium.export("cup")
    message = podium.error("round", "undo", "cup", code=4)
    assert "cannot be undone" in message
    assert podium.export("cup") == exported


def test_drop_and_late_entry(podium: Podium, make_event) -> None:
    make_event("cup", 8, 3, "rounds=3", "fewer_rounds=yes")
    podium("round", "pair", "cup")
    podium.win_all("cup")
    dropped = podium.seating("cup")[0][2]
    assert f"{dropped} dropped." in podium.out("player", "drop", "cup", dropped,
                                               "--reason", "went home")
    assert "#9 Zoya" in podium.out("player", "add", "cup", "Zoya")
    listed = podium.out("player", "list", "cup")
    assert f"{dropped} (dropped)" in listed
    assert "Zoya (entered after round 1)" in listed

    rows = standings_rows(podium.out("standings", "cup"))
    assert rows["Zoya"]["Pts"] == "0"
    assert "late entry after round 1" in rows["Zoya"]["Note"]
    assert "dropped" in rows[dropped]["Note"]

    podium("round", "pair", "cup")
    seated = [name for pod in podium.seating("cup") for name in pod] + podium.byes("cup")
    assert "Zoya" in seated
    assert dropped not in seated
    assert len(seated) == 8

    assert "is back in" in podium.out("player", "reinstate", "cup", dropped)
    podium.win_all("cup")
    podium("round", "pair", "cup")
    seated = [name for pod in podium.seating("cup") for name in pod] + podium.byes("cup")
    assert dropped in seated and len(seated) == 9


def test_import_players_from_utf8_csv_with_bom(podium: Podium, tmp_path: Path) -> None:
    podium("event", "create", "cup", "--seed", "1")
    csv_file = tmp_path / "players.csv"
    csv_file.write_bytes("Name,Club\nАнна Петрова,Север\nBoris,Юг\nЁжик,\n".encode("utf-8-sig"))
    assert "Imported 3 players." in podium.out("player", "import", "cup", str(csv_file))
    names = [p.name for p in podium.load("cup").state.players.values()]
    assert names == ["Анна Петрова", "Boris", "Ёжик"]  # no BOM glued to the header or a name


def test_import_players_from_windows_1251_csv(podium: Podium, tmp_path: Path) -> None:
    podium("event", "create", "cup", "--seed", "1")
    csv_file = tmp_path / "players.csv"
    text = "№;имя;name;город\r\n1;x;Анна;Москва\r\n2;y;Щукин Ярослав;Тверь\r\n3;z;Эльза;\r\n"
    csv_file.write_bytes(text.encode("cp1251"))
    assert "Imported 3 players." in podium.out("player", "import", "cup", str(csv_file))
    names = [p.name for p in podium.load("cup").state.players.values()]
    assert names == ["Анна", "Щукин Ярослав", "Эльза"]
    # Cyrillic names are then entered and shown like any other.
    listed = podium.out("player", "list", "cup")
    assert "#2 Щукин Ярослав" in listed


def test_names_with_brackets_are_shown_verbatim(podium: Podium, make_event) -> None:
    """Rich markup in a name must neither vanish nor crash the output."""
    make_event("cup", 6)
    podium("player", "add", "cup", "Ivan [Moscow]", "Olga [/b]")
    assert "Olga [/b]" in podium.out("player", "list", "cup")
    podium("round", "pair", "cup")
    podium.win_all("cup")
    out = podium.out("standings", "cup")
    assert "Ivan [Moscow]" in out and "Olga [/b]" in out
    message = podium.error("player", "drop", "cup", "Nobody [/x]", code=2)
    assert "Nobody [/x]" in message


def test_event_show_says_when_the_event_is_complete(podium) -> None:
    """Phases in `event show`: the stages, the current one, and the champion once complete
    (rule CMD-10: the final pod's winner)."""
    podium("demo", "commander", "--players", "12", "--seed", "3", "--set", "rounds=2",
           "--set", "fewer_rounds=yes")
    out = podium.out("event", "show", "demo-commander-12-3")
    assert "Stages: Swiss -> Final; now: Final." in out
    champion = podium.load("demo-commander-12-3")
    from podium.core import phases

    name = champion.state.players[phases.champion(champion.state, champion.ruleset)].name
    assert f"Complete. Champion: {name}." in out
    assert "the event is complete" in podium.error("round", "pair", "demo-commander-12-3",
                                                   code=4)


def test_every_fields_help_has_its_placeholders_filled() -> None:
    """Reproduced before: ``podium result enter --help`` said of Commander's ``--order`` "names
    comma-separated; %(tie)s joins players at one place" (the hint's placeholder unfilled, on
    the CLI and on the generated forms)."""
    from podium.cli.declared import _help
    from podium.compose import build_catalog
    from podium.i18n import translate

    for spec in build_catalog().all():
        for param in spec.params:
            assert "%(" not in _help(param), (spec.name, param.name, _help(param))
            hint = param.input.hint()
            for lang in ("en", "ru"):
                assert "%(" not in translate(hint, lang), (spec.name, param.name, lang)
    assert "+ joins players at one place" in flat(CliRunner().invoke(
        cli, ["result", "enter", "--help"]).stdout)
