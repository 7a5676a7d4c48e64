"""Commander's settings do what docs/commander.md says of them, each value played through the
command line (rule CMD-8 and the settings beyond it).

- ``bye_policy`` with exactly 3 players and pods of 4: the docs promise "one 3-player pod at
  the bottom for 3" (``byes-or-short``) and 3-player pods for ``short-pods``; only ``byes``
  (the regulation: no pod of 4 can be filled) gives 3 byes. Before, every policy gave 3 byes.
- ``late_entry_bye``: ``yes`` lets a late entrant take the bye as the last table's player;
  ``no`` spares them while someone with no more byes can sit out. "Nobody sits out twice while
  someone has not" comes first, as the docs now say precisely: six players in pods of 4 give
  two byes a round, so after two rounds four have had one; a late entrant then sits out with
  the two who have had none rather than handing one of the four a second bye.
"""

from __future__ import annotations

import pytest

from tests.cli.conftest import Podium


@pytest.mark.parametrize(("policy", "pods", "byes", "said"), [
    ("byes", [], 3, "3 players cannot fill a single pod of 4; all get byes (rule CMD-8)"),
    ("short-pods", [3], 0, "3 players: 1 pod of 3, no byes (short pods at the bottom instead "
                           "of byes)"),
    ("byes-or-short", [3], 0, "3 players: 1 pod of 3, no byes (one short pod at the bottom "
                              "for the 3 left over; beyond the regulation)"),
    ("short-pods-top", [3], 0, "3 players: 1 pod of 3, no byes (short pods at the top instead "
                               "of byes; beyond the regulation)"),
    ("long-pods", [3], 0, "3 players cannot form 5-player pods"),
])
def test_three_players_under_each_bye_policy(podium: Podium, make_event, policy: str,
                                             pods: list[int], byes: int, said: str) -> None:
    make_event("cup", 3, 42, f"bye_policy={policy}")
    podium("round", "pair", "cup")
    rnd = podium.load("cup").state.rounds[0]
    assert [len(t.seats) for t in rnd.tables] == pods
    assert len(rnd.byes) == byes
    assert any(str(note).startswith(said) for note in rnd.notes), rnd.notes
    if pods:  # the pod plays: its result is entered as any other
        podium.win_all("cup")
        assert podium.load("cup").state.rounds[0].complete


def late_after_one_round(podium: Podium, make_event, value: str) -> int:
    """Nine players (pods of 4 and 1 bye), round 1 played; a late entrant joins: 10 players,
    2 byes in round 2, several players with no bye who could take them."""
    make_event("cup", 9, 7, f"late_entry_bye={value}")
    podium("round", "pair", "cup")
    podium.win_all("cup")
    podium("player", "add", "cup", "Latecomer")
    podium("round", "pair", "cup")
    return podium.load("cup").state.player_by_name("Latecomer").id


def test_late_entry_bye_yes_lets_a_late_entrant_sit_out(podium: Podium, make_event) -> None:
    late = late_after_one_round(podium, make_event, "yes")
    assert late in {b.player for b in podium.load("cup").state.rounds[-1].byes}


def test_late_entry_bye_no_spares_a_late_entrant(podium: Podium, make_event) -> None:
    late = late_after_one_round(podium, make_event, "no")
    byes = podium.load("cup").state.rounds[-1].byes
    assert late not in {b.player for b in byes} and len(byes) == 2
    for bye in byes:
        assert "late entrants in their first round get no bye" in str(bye.reason)


@pytest.mark.parametrize("value", ["yes", "no"])
def test_nobody_sits_out_twice_to_spare_a_late_entrant(podium: Podium, make_event,
                                                       value: str) -> None:
    """The case the property check found: round 3, three byes, four players who could sit out
    but have each had a bye already; the late entrant, with none, sits out (both values)."""
    make_event("cup", 6, 7, f"late_entry_bye={value}")
    for _ in range(2):
        podium("round", "pair", "cup")
        podium.win_all("cup")
    state = podium.load("cup").state
    had = {b.player for rnd in state.rounds for b in rnd.byes}
    assert len(had) == 4  # two byes a round, nobody twice
    podium("player", "add", "cup", "Latecomer")
    podium("round", "pair", "cup")
    state = podium.load("cup").state
    late = state.player_by_name("Latecomer").id
    byes = {b.player: str(b.reason) for b in state.rounds[-1].byes}
    assert late in byes and len(byes) == 3
    assert not set(byes) & had  # nobody got a second bye
    if value == "no":
        assert "a late entrant, as no one else with as few byes could sit out" in byes[late]
