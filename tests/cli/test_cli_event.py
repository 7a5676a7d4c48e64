"""`podium` end to end, as an organiser runs an event: every command through Click, on SQLite."""

from __future__ import annotations

from pathlib import Path

from tests.cli.conftest import Podium, flat, printed_pods, standings_rows


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


def test_full_event_flow(podium: Podium, make_event) -> None:
    make_event("cup", 8, 42, "rounds=3", "final_size=0", "fewer_rounds=yes")
    before = podium.action_count("cup")

    # Preview: prints the pods, stores nothing; the commit then stores exactly those pods.
    preview = podium.out("round", "pair", "cup", "--preview")
    assert "PREVIEW round 1" in preview
    assert "Nothing stored" in preview
    assert podium.action_count("cup") == before
    previewed = printed_pods(preview)
    assert len(previewed) == 2 and all(len(pod) == 4 for pod in previewed)

    committed = podium.out("round", "pair", "cup")
    assert "Nothing stored" not in committed
    assert podium.seating("cup") == previewed
    assert printed_pods(committed) == previewed
    assert printed_pods(podium.out("round", "show", "cup", "1")) == previewed
    assert podium.action_count("cup") == before + 1

    # Round 1. Table 1: a winner and the order of the others, first out first.
    t1, t2 = podium.seating("cup")
    out = podium.out("result", "enter", "cup", "1", "--winner", t1[1],
                     "--order", f"{t1[3]},{t1[0]},{t1[2]}")
    assert "Round 1, table 1: saved. Waiting for table 2." in flat(out)
    # Table 2: a draw; the survivors count as eliminated in turn order (rule CMD-4b).
    out = podium.out("result", "enter", "cup", "2", "--draw", "--survivors", f"{t2[2]},{t2[0]}",
                     "--order", f"{t2[3]},{t2[1]}")
    assert "The round is complete." in out

    rows = standings_rows(podium.out("standings", "cup"))
    expected = {  # name: (points, elimination sum)
        t1[1]: ("3", "4"), t1[2]: ("0", "3"), t1[0]: ("0", "2"), t1[3]: ("0", "1"),
        t2[0]: ("1", "3"), t2[2]: ("1", "4"), t2[1]: ("0", "2"), t2[3]: ("0", "1"),
    }
    assert {name: (row["Pts"], row["Elim. sum"]) for name, row in rows.items()} == expected
    assert rows[t1[1]]["#"] == "1"
    assert rows[t2[0]]["W-D-L"] == "0-1-0"

    shown = flat(podium.out("round", "show", "cup", "1"))
    assert "survived the draw" in shown

    # Round 2: pairing by standings, preview again equals the commit.
    preview = podium.out("round", "pair", "cup", "--preview")
    podium("round", "pair", "cup")
    assert podium.seating("cup") == printed_pods(preview)
    r2 = podium.seating("cup")
    # Table 1: a simultaneous win, the winner names the order (rule CMD-4a).
    podium("result", "enter", "cup", "1", "--simultaneous", "--winner", r2[0][0],
           "--order", ",".join([r2[0][3], r2[0][2], r2[0][1]]))
    # Table 2: a judge's game loss (rule CMD-14).
    podium("result", "enter", "cup", "2", "--winner", r2[1][3],
           "--order", ",".join(r2[1][:3]), "--game-loss", f"{r2[1][0]}=broke a deal")
    shown = flat(podium.out("round", "show", "cup"))
    assert "simultaneous win" in shown
    assert "game loss: broke a deal" in shown

    # A correction of round 1 after round 2: standings re-derive, round 2 stays as paired.
    before_rows = standings_rows(podium.out("standings", "cup"))
    out = podium.out("result", "correct", "cup", "1", "--round", "1", "--reason", "wrong winner",
                     "--winner", t1[0], "--order", f"{t1[3]},{t1[2]},{t1[1]}")
    assert "Round 1, table 1: corrected." in out
    after_rows = standings_rows(podium.out("standings", "cup"))
    assert int(after_rows[t1[0]]["Pts"]) == int(before_rows[t1[0]]["Pts"]) + 3
    assert int(after_rows[t1[1]]["Pts"]) == int(before_rows[t1[1]]["Pts"]) - 3
    assert int(after_rows[t1[1]]["Elim. sum"]) == int(before_rows[t1[1]]["Elim. sum"]) - 1
    assert int(after_rows[t1[0]]["Elim. sum"]) == int(before_rows[t1[0]]["Elim. sum"]) + 2
    assert after_rows != before_rows
    assert podium.seating("cup", 2) == r2
    round1 = standings_rows(podium.out("standings", "cup", "--round", "1"))
    assert round1[t1[0]]["Pts"] == "3" and round1[t1[1]]["Pts"] == "0"
    assert "(corrected)" in flat(podium.out("round", "show", "cup", "1"))

    # The log says who did what and why.
    log = flat(podium.out("log", "cup"))
    assert "judge" in log
    assert "result.corrected" in log
    assert "wrong winner" in log
    assert "round 1, table 1" in log

    shown = flat(podium.out("event", "show", "cup"))
    assert "Players: 8 registered, 8 active." in shown
    assert "Round 1 (swiss): 2 tables, complete." in shown
    assert "Round 2 (swiss): 2 tables, complete." in shown


def test_standings_show_every_tiebreak_column(podium: Podium, make_event) -> None:
    make_event("cup", 9)
    podium("round", "pair", "cup")
    podium.win_all("cup")
    out = podium.out("standings", "cup")
    header = next(line for line in out.splitlines() if "Player" in line)
    for column in ("Pts", "Elim. sum", "Opp. win %", "Random", "W-D-L", "Byes"):
        assert column in header
    rows = standings_rows(out)
    assert len(rows) == 9
    (bye,) = podium.byes("cup")
    assert rows[bye]["Pts"] == "1" and rows[bye]["Elim. sum"] == "4"  # rule CMD-9
    assert rows[bye]["Byes"] == "1"


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
    assert "Stages: swiss -> final; now: final." in out
    champion = podium.load("demo-commander-12-3")
    from podium.core import phases

    name = champion.state.players[phases.champion(champion.state, champion.ruleset)].name
    assert f"Complete. Champion: {name}." in out
    assert "the event is complete" in podium.error("round", "pair", "demo-commander-12-3",
                                                   code=4)
