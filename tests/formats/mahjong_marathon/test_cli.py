"""`podium` marathon commands: import, add, decisions, standings, publish, demo; exit codes.

The use cases are the marathon's declared commands, at the places people know them (`podium
games import|add`, `podium penalty`, `podium disqualify game|player`, `podium revert`, `podium
publish`) and in the format's group (`podium mahjong-marathon <command>`)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.conftest import flat

HEADER = "game_id,table,start,player1,gp1,player2,gp2,player3,gp3,player4,gp4\n"
GAMES = (
    "g1,RU-Marathon-1,2015-02-10 12:00,Anna,40,Boris,20,Clara,0,Dmitri,-60\n"
    "g2,RU-Marathon-2,2015-02-10 14:00,Anna,10,Boris,10,Clara,10,Dmitri,-30\n"
    "g3,Lobby,2015-02-10 15:00,Anna,10,Boris,10,Clara,10,Dmitri,-30\n"
)


def make(podium, tmp_path: Path, text: str = GAMES) -> Path:
    podium("event", "create", "mj", "--format", "mahjong-marathon", "--seed", "1")
    path = tmp_path / "games.csv"
    path.write_text(HEADER + text, encoding="utf-8")
    return path


def test_import_reports_and_is_idempotent(podium, tmp_path):
    path = make(podium, tmp_path)
    out = flat(podium.out("games", "import", "mj", str(path), "--zone", "server"))
    # the command's sentence, as the page and the API say it
    assert "Games read: 3; added: 2; already known: 0;" in out
    assert "other tables: 1;" in out and "new players: 4" in out
    count = podium.action_count("mj")
    out = flat(podium.out("games", "import", "mj", str(path), "--zone", "server"))
    assert "added: 0; already known: 2" in out
    assert podium.action_count("mj") == count


def test_import_without_zone_is_refused_and_nothing_stored(podium, tmp_path):
    path = make(podium, tmp_path)
    count = podium.action_count("mj")
    message = podium.error("games", "import", "mj", str(path), code=2)
    assert "line 2" in message and "no time zone" in message
    assert podium.action_count("mj") == count


def test_stage_table_and_total(podium, tmp_path):
    path = make(podium, tmp_path)
    podium("games", "import", "mj", str(path), "--zone", "server")
    out = podium.out("standings", "mj", "--stage", "1")
    assert "Stage 1" in out and "2.333" not in out  # stage TP of Anna is 4 + 7/3 = 6.333
    assert "6.333" in out
    total = podium.out("standings", "mj")
    assert "Marathon total" in total
    ru = podium.out("standings", "mj", "--stage", "1", "--lang", "ru")
    assert "Игрок" in ru and "Этап 1" in ru
    assert "no stage 7" in podium.error("standings", "mj", "--stage", "7", code=3)


def test_add_penalty_disqualify_revert(podium, tmp_path):
    make(podium, tmp_path, "")
    podium("games", "add", "mj", "--id", "m1", "--table", "RU-Marathon-1",
           "--start", "2015-02-10 10:00", "--players", "Anna=30", "--players", "Boris=25",
           "--players", "Clara=0", "--players", "Dmitri=-55")
    assert "--players: game m2: 3 players" in podium.error(
        "games", "add", "mj", "--id", "m2", "--table", "RU-Marathon-1", "--start",
        "2015-02-10 11:00", "--players", "A=1,B=2,C=3", code=2)
    count = podium.action_count("mj")
    assert "--amount: rule MJ-6a" in podium.error(
        "penalty", "mj", "Anna", "--kind", "6a", "--amount", "7", "--game", "m1", "--reason",
        "slow", code=2)
    assert podium.action_count("mj") == count
    out = podium.out("penalty", "mj", "Anna", "--kind", "6a", "--amount", "5", "--game", "m1",
                     "--reason", "slow play", "--json")
    seq = str(json.loads(out)["answer"]["seq"])
    rows = podium.out("standings", "mj", "--stage", "1")
    # Anna 25 ties Boris 25: both 3 TP (rule MJ-6a)
    assert [line.split()[4] for line in rows.splitlines() if "Anna" in line or "Boris" in line
            ] == ["3", "3"]
    podium("disqualify", "game", "mj", "m1", "--ground", "server", "--reason", "server down")
    assert "Anna" not in podium.out("standings", "mj", "--stage", "1")
    podium("disqualify", "player", "mj", "Clara", "--from", "2015-02-01", "--reason", "cheat")
    decisions = flat(podium.out("decisions", "mj"))
    assert "slow play" in decisions and "server down" in decisions and "cheat" in decisions
    podium("revert", "mj", seq, "--reason", "appeal")
    assert "reverted by" in podium.out("decisions", "mj")
    assert "already reverted" in podium.error("revert", "mj", seq, "--reason", "x", code=4)


def test_publish_writes_csv_and_html(podium, tmp_path):
    path = make(podium, tmp_path)
    podium("games", "import", "mj", str(path), "--zone", "server")
    out_dir = tmp_path / "pub"
    out = podium.out("publish", "mj", "--out", str(out_dir), "--lang", "ru")
    assert "Публикация 1" in out  # --lang: what it prints and what it writes
    csv_text = (out_dir / "mj-1-stage-1.csv").read_text(encoding="utf-8")
    assert csv_text.startswith("№,∆,Игрок,Результат,ТО,ИО")
    html_text = (out_dir / "mj-1-total.html").read_text(encoding="utf-8")
    assert html_text.startswith("<!DOCTYPE html>") and "Итоги марафона" in html_text
    podium("standings", "mj", "--publication", "1", "--csv", str(tmp_path / "t.csv"))
    assert (tmp_path / "t.csv").read_text(encoding="utf-8").startswith("#,±,Player,SN")


def test_commands_refuse_a_commander_event(podium, tmp_path):
    podium("event", "create", "cup", "--seed", "1")
    path = tmp_path / "g.csv"
    path.write_text(HEADER + GAMES, encoding="utf-8")
    assert "is not for cup, a commander event" in podium.error(
        "games", "import", "cup", str(path), code=4)
    assert "is not for" in podium.error(
        "mahjong-marathon", "publish", "cup", code=4)


def test_round_pair_explains_there_are_no_rounds(podium, tmp_path):
    make(podium, tmp_path, "")
    assert "is not for mj, a mahjong-marathon event" in podium.error("round", "pair", "mj",
                                                                      code=4)


def test_demo_marathon_prints_stage_tables_and_total(podium):
    out = podium.out("demo", "marathon", "--players", "40", "--games", "600", "--seed", "2",
                     "--rows", "5")
    for stage in range(1, 6):
        assert f"Stage {stage}" in out
    assert "Marathon total" in out and "games imported" in out
    assert "demo-marathon-40-2" in out
    again = podium.out("demo", "marathon", "--players", "40", "--games", "600", "--seed", "2",
                       "--rows", "5")
    assert again == out  # seeded: the same year again


def test_event_file_round_trip_keeps_games_and_decisions(podium, tmp_path):
    """The log is the truth: an exported marathon replays to the same tables elsewhere."""
    path = make(podium, tmp_path)
    podium("games", "import", "mj", str(path), "--zone", "server")
    podium("penalty", "mj", "Anna", "--kind", "6c", "--amount", "1", "--stage", "1",
           "--reason", "late")
    podium("publish", "mj")
    document = podium.export("mj")
    podium("import", "-", "--slug", "copy", input=document)
    assert podium.out("standings", "copy", "--stage", "1") == podium.out(
        "standings", "mj", "--stage", "1")


def test_log_names_game_batches_and_reverted_decisions(podium, tmp_path):
    path = make(podium, tmp_path)
    podium("games", "import", "mj", str(path), "--zone", "server")
    out = podium.out("penalty", "mj", "Anna", "--kind", "6b", "--amount", "50", "--stage", "1",
                     "--reason", "rude", "--json")
    seq = str(json.loads(out)["answer"]["seq"])
    podium("revert", "mj", seq, "--reason", "apology")
    log = flat(podium.out("log", "mj"))
    assert "mahjong.games.added 2 games" in log
    assert "mahjong.penalty stage: 1; player: Anna; kind: 6b; amount: 50 rude" in log
    assert f"mahjong.reverted action: {seq} apology" in log


def test_standings_options_belong_to_their_format(podium, tmp_path):
    make(podium, tmp_path, "")
    assert "no rounds" in podium.error("standings", "mj", "--round", "1", code=2)
    podium("event", "create", "cup", "--seed", "1")
    assert "no stage 1" in podium.error("standings", "cup", "--stage", "1", code=3)
