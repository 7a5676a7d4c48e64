"""`podium player group` and a players' CSV with a club column (separation groups,
beyond the regulation): what each prints and logs, clearing a group, the refusals (nothing
stored), and a Commander round that keeps the clubs apart, explained in Russian too."""

from __future__ import annotations

import json
from collections import Counter

from podium.cli.main import EXIT_INVALID
from tests.cli.conftest import Podium, flat, last_action, refused


def test_a_group_is_set_cleared_and_logged(podium: Podium, make_event) -> None:
    make_event("cup", 8)
    out = flat(podium.out("player", "group", "cup", "Anna", "Club Orbit", "--reason", "form"))
    assert out == "Anna is in group Club Orbit."
    action = last_action(podium)
    assert action["kind"] == "player.grouped" and action["reason"] == "form"
    assert action["payload"] == {"player": 1, "group": "Club Orbit", "old": ""}
    assert "#1 Anna [Club Orbit]" in podium.out("player", "list", "cup")
    refused(podium, ["player", "group", "cup", "Anna", "Club  Orbit"], EXIT_INVALID,
            "GROUP", "Anna is already in group Club Orbit")
    assert flat(podium.out("player", "group", "cup", "Anna")) == "Anna has no group."
    assert last_action(podium)["payload"] == {"player": 1, "group": "", "old": "Club Orbit"}
    refused(podium, ["player", "group", "cup", "Anna"], EXIT_INVALID, "no group to clear")
    refused(podium, ["player", "group", "cup", "Nobody", "X"], EXIT_INVALID, "Nobody")
    long = "x" * 81
    refused(podium, ["player", "group", "cup", "Anna", long], EXIT_INVALID, "GROUP")


def test_a_csv_with_a_club_column_registers_each_players_group(podium: Podium,
                                                                tmp_path) -> None:
    podium("event", "create", "cup", "--seed", "3", "--set", "separate_groups=always")
    rows = ["name;клуб", *(f"{c}{i};{club}" for c, club in (("A", "Орбита"), ("B", "Ладья"))
                            for i in range(1, 5))]
    path = tmp_path / "players.csv"
    path.write_bytes("\n".join(rows).encode("cp1251"))  # a Russian spreadsheet's export
    assert flat(podium.out("player", "import", "cup", str(path))) == "Imported 8 players."
    state = podium.load("cup").state
    assert {p.name: p.group for p in state.players.values()}["A1"] == "Орбита"
    registered = json.loads(podium.export("cup"))["actions"][1]
    assert registered["payload"] == {"player": 1, "name": "A1", "group": "Орбита"}
    podium("round", "pair", "cup")
    for pod in podium.seating("cup", 1):  # 2 pods of 4, two clubs of 4: 2 + 2 at each
        assert sorted(Counter(name[0] for name in pod).values()) == [2, 2]
    shown = flat(podium.out("--lang", "ru", "round", "show", "cup"))
    assert "2 стола с игроками одной группы" in shown
    assert "(Орбита)" in shown and "(Ладья)" in shown


def test_a_csv_group_too_long_refuses_the_file(podium: Podium, tmp_path) -> None:
    podium("event", "create", "cup")
    path = tmp_path / "players.csv"
    path.write_text("name,team\nVera,Red\nGleb," + "x" * 81 + "\n", encoding="utf-8")
    refused(podium, ["player", "import", "cup", str(path)], EXIT_INVALID,
            "line 3: the group", "longer than 80 characters")


def test_a_bad_setting_value_is_refused_naming_the_setting(podium: Podium) -> None:
    message = podium.error("event", "create", "cup", "--set", "separate_groups=sometimes",
                           code=EXIT_INVALID)
    assert "setting separate_groups: 'sometimes' is not one of off, first-rounds, always" \
        in message
    ru = flat(podium("--lang", "ru", "event", "create", "cup", "--set",
                     "separate_groups_rounds=0", code=EXIT_INVALID).stderr)
    assert ru == "Ошибка: настройка separate_groups_rounds: 0 должно быть от 1 до 100"


def test_player_add_takes_one_group_for_every_name(podium: Podium) -> None:
    """A club registering its players at the desk: one `--group` for the names added; without
    it they have none; a group too long refuses the whole command with nothing stored."""
    podium("event", "create", "cup")
    podium("player", "add", "cup", "Anna", "Boris", "--group", "Club  Orbit ")
    podium("player", "add", "cup", "Vera")
    listed = podium.out("player", "list", "cup")
    assert "#1 Anna [Club Orbit]" in listed and "#2 Boris [Club Orbit]" in listed
    assert "#3 Vera\n" in listed + "\n" and "Vera [" not in listed
    actions = json.loads(podium.export("cup"))["actions"]
    assert actions[2]["payload"] == {"player": 2, "name": "Boris", "group": "Club Orbit"}
    assert actions[3]["payload"] == {"player": 3, "name": "Vera"}
    before = len(actions)
    refused(podium, ["player", "add", "cup", "Gleb", "--group", "x" * 81], EXIT_INVALID,
            "--group: at most 80 characters")
    assert len(json.loads(podium.export("cup"))["actions"]) == before
