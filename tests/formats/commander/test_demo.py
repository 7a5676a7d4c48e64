"""`podium demo commander`: a whole simulated event, deterministic for a seed."""

from __future__ import annotations

import re

from tests.cli.conftest import Podium, flat, standings_rows


def test_demo_64_players_is_complete_and_deterministic(podium: Podium) -> None:
    first = podium.out("demo", "commander", "--players", "64", "--seed", "1")
    second = podium.out("demo", "commander", "--players", "64", "--seed", "1")
    assert first == second  # the demo re-creates its event: same seed, same event

    rows = standings_rows(first)
    assert len(rows) == 64
    assert sorted(int(row["#"]) for row in rows.values()) == list(range(1, 65))
    assert set(rows) == {f"Player {i:02d}" for i in range(1, 65)}
    header = next(line for line in first.splitlines() if re.match(r"^\s*#\s+Player", line))
    for column in ("Pts", "Elim. sum", "Opp. win %", "Random"):
        assert column in header

    champion = re.search(r"Champion: (Player \d\d)\.", flat(first))
    assert champion
    assert rows[champion[1]]["#"] == "1"
    assert rows[champion[1]]["Note"] == "champion"
    finalists = sorted(row["Note"] for row in rows.values() if row["Note"])
    assert finalists == ["champion", "final: 2", "final: 3", "final: 4"]
    # 64 players: max(5, ceil(log2 64) - 1) = 5 Swiss rounds (CMD-11), every player in each.
    for row in rows.values():
        wins, draws, losses = map(int, row["W-D-L"].split("-"))
        assert wins + draws + losses + int(row["Byes"]) == 5

    state = podium.load("demo-commander-64-1").state
    assert [r.stage for r in state.rounds] == ["swiss"] * 5 + ["final"]
    assert all(r.complete for r in state.rounds)


def test_demo_with_another_seed_differs(podium: Podium) -> None:
    one = podium.out("demo", "commander", "--players", "12", "--seed", "1")
    two = podium.out("demo", "commander", "--players", "12", "--seed", "2")
    assert standings_rows(one) != standings_rows(two)


def test_the_demo_is_declared_and_built_on_commander_formats_get_none() -> None:
    """`podium demo commander` is Commander's declared demo (no command line module of its
    own); a format built on these rules plays no Commander demo of its own."""
    from podium.formats.commander import COMMANDER, Commander

    (demo,) = COMMANDER.demos()
    assert demo.name == "commander"
    assert [p.name for p in demo.params] == ["players", "seed", "settings"]
    assert [p.option for p in demo.params] == ["--players", "--seed", "--set"]

    class Built(Commander):
        name = "built"

    assert Built().demos() == ()


def test_the_demos_options_are_refused_by_name(podium: Podium) -> None:
    """Each bad option named (rule CMD-1's pods need 4 players), nothing stored."""
    assert "--players: must be at least 4" in podium.error(
        "demo", "commander", "--players", "2", code=2)
    assert "--seed: expected a whole number" in podium.error(
        "demo", "commander", "--seed", "x", code=2)
    assert "--set: unknown setting 'nope'" in podium.error(
        "demo", "commander", "--players", "8", "--set", "nope=1", code=2)
    assert "--set: write it as key=value" in podium.error(
        "demo", "commander", "--set", "nope", code=2)
    assert podium.out("event", "list") == ""


def test_the_demo_plays_with_the_settings_given(podium: Podium) -> None:
    out = podium.out("demo", "commander", "--players", "9", "--seed", "2",
                     "--set", "repeat_policy=avoid", "--set", "final_size=0")
    state = podium.load("demo-commander-9-2").state
    assert state.settings.repeat_policy == "avoid" and state.settings.final_size == 0
    assert "Demo Commander, 9 players: final standings" in out
    assert "try `podium standings demo-commander-9-2`" in flat(out)
