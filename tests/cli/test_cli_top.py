"""The TOP after Commander's Swiss rounds on the command line: the TOP is the kernel's, format
neutral (rules BRK-1, BRK-2: seeded from the standings), built, played and undone like after
Berserk's tables (tests/formats/berserk/test_cli.py)."""

from __future__ import annotations

from podium.core.top_replay import top_of
from tests.cli.conftest import Podium


def test_top_after_commander(podium: Podium) -> None:
    """The TOP follows any format's Swiss stage: here Commander's, seeded by its standings."""
    podium("demo", "commander", "--players", "12", "--seed", "1", "--set", "final_size=0")
    out = podium.out("top", "build", "demo-commander-12-1", "--size", "4")
    state = podium.load("demo-commander-12-1").state
    bracket = top_of(state)
    assert bracket.draw_rule == "higher_seed" and bracket.minutes is None
    standings = podium.load("demo-commander-12-1").ruleset.standings(state).order()
    assert [bracket.seeds[p] for p in standings[:4]] == [1, 2, 3, 4]
    assert f"(1) {state.players[standings[0]].name}" in out
    podium("top", "result", "demo-commander-12-1", "1", "--winner",
           state.players[bracket.slots[0]].name)


def test_top_undo_through_the_cli(podium: Podium) -> None:
    """`podium top undo` takes back a TOP with no result (logged), so it can be built again."""
    podium("demo", "commander", "--players", "12", "--seed", "1", "--set", "final_size=0")
    podium("top", "build", "demo-commander-12-1", "--size", "8")
    out = podium.out("top", "undo", "demo-commander-12-1", "--reason", "the TOP is 4")
    assert "The TOP is undone" in out
    loaded = podium.load("demo-commander-12-1")
    assert top_of(loaded.state) is None
    last = podium.service().log("demo-commander-12-1")[-1]
    assert last.kind == "top.undone" and last.reason == "the TOP is 4"
    podium("top", "build", "demo-commander-12-1", "--size", "4")
    assert top_of(podium.load("demo-commander-12-1").state).size == 4

