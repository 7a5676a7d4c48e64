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
