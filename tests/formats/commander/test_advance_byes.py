"""Byes given in advance (beyond rule CMD-8, which gives byes only to players left over): a
judge who plays sits out round 2 with the round's bye and the reason; the others are paired as
the rules say; a cancellation is a new record; bad requests are refused with nothing stored."""

from __future__ import annotations

from podium.cli.main import EXIT_CONFLICT, EXIT_INVALID
from tests.cli.conftest import Podium, refused


def test_a_bye_given_in_advance_sits_the_player_out_with_the_reason(podium: Podium,
                                                                     make_event) -> None:
    make_event("cup", 9, 42, "rounds=3", "fewer_rounds=yes")
    said = podium.out("commander", "bye", "cup", "Anna", "--reason", "judges round 1")
    assert "Anna has a bye in round 1." in said
    preview = podium.out("round", "pair", "cup", "--preview")
    assert "a bye given in advance: judges round 1" in preview
    podium("round", "pair", "cup")
    # 9 players, Anna out: 8 left fill two pods of 4 (rule CMD-8 leaves no one over)
    assert podium.byes("cup", 1) == ["Anna"]
    assert sorted(len(pod) for pod in podium.seating("cup", 1)) == [4, 4]
    state = podium.load("cup").state
    (bye,) = state.rounds[0].byes
    assert str(bye.reason) == "a bye given in advance: judges round 1"
    assert bye.points == 1  # the bye's points, as for any bye (rule CMD-9)
    log = [a for a in state_log(podium) if a.kind == "commander.bye.given"]
    assert log and log[0].reason == "judges round 1"


def state_log(podium: Podium):
    return podium.service().log("cup")


def test_a_cancelled_bye_is_a_new_record_and_the_player_is_paired(podium: Podium,
                                                                   make_event) -> None:
    make_event("cup", 8, 42, "rounds=3", "fewer_rounds=yes")
    podium("commander", "bye", "cup", "Boris", "--round", "1", "--reason", "invited")
    podium("commander", "bye-cancel", "cup", "Boris", "--round", "1")
    podium("round", "pair", "cup")
    assert podium.byes("cup", 1) == []
    kinds = [a.kind for a in state_log(podium)]
    assert kinds.count("commander.bye.given") == 1 and kinds.count("commander.bye.cancelled") == 1


def test_bad_byes_in_advance_are_refused_with_nothing_stored(podium: Podium,
                                                             make_event) -> None:
    make_event("cup", 8, 42, "rounds=3", "fewer_rounds=yes")
    podium("round", "pair", "cup")
    refused(podium, ["commander", "bye", "cup", "Anna", "--round", "1", "--reason", "late"],
            EXIT_CONFLICT, "already paired")
    refused(podium, ["commander", "bye", "cup", "Anna", "--round", "2"], EXIT_INVALID,
            "reason")
    refused(podium, ["commander", "bye", "cup", "Nobody", "--round", "2", "--reason", "x"],
            EXIT_INVALID, "Nobody")
    podium("commander", "bye", "cup", "Anna", "--round", "2", "--reason", "judge")
    refused(podium, ["commander", "bye", "cup", "Anna", "--round", "2", "--reason", "again"],
            EXIT_CONFLICT, "already has a bye in round 2")
    refused(podium, ["commander", "bye-cancel", "cup", "Boris", "--round", "2"],
            EXIT_CONFLICT, "no bye given in advance")
