"""``--expect`` on the command line: a correction or a hand edit that names the version it was
made on is refused (exit 4, conflict) when what it changes changed since, saying what is there
now; nothing is stored. Without it the command runs as before."""

from __future__ import annotations

import json

from podium.cli.main import EXIT_CONFLICT
from tests.cli.conftest import Podium


def test_a_stale_correction_is_refused_and_a_current_one_stored(podium: Podium,
                                                                  make_event) -> None:
    make_event("cup", 8)
    podium("round", "pair", "cup")
    entered = json.loads(podium.out("result", "enter", "cup", "1", "--finish", "1234",
                                    "--json"))
    version = entered["answer"]["version"]
    shown = json.loads(podium.out("commander", "round", "cup", "--json"))
    assert shown["tables"][0]["result"]["version"] == version
    podium("result", "correct", "cup", "1", "--finish", "4321", "--reason", "slip",
           "--expect", str(version))
    before = podium.action_count("cup")
    message = podium.error("result", "correct", "cup", "1", "--finish", "2143", "--reason",
                           "slip", "--expect", str(version), code=EXIT_CONFLICT)
    assert f"round 1, table 1 changed after version {version}" in message
    assert "Nothing was stored" in message
    assert podium.action_count("cup") == before
    # without --expect: as before, the correction is stored
    podium("result", "correct", "cup", "1", "--finish", "2143", "--reason", "slip")
    assert podium.action_count("cup") == before + 1


def test_a_stale_hand_edit_is_refused(podium: Podium, make_event) -> None:
    make_event("cup", 8)
    podium("round", "pair", "cup")
    version = json.loads(podium.out("commander", "round", "cup", "--json"))["version"]
    seating = podium.seating("cup")
    podium("round", "swap", "cup", seating[0][0], seating[1][0], "--reason", "same club",
           "--expect", str(version))
    before = podium.action_count("cup")
    message = podium.error("round", "swap", "cup", seating[0][1], seating[1][1], "--reason",
                           "friends", "--expect", str(version), code=EXIT_CONFLICT)
    assert "round 1 changed after version" in message and "swapped places" in message
    assert podium.action_count("cup") == before
    assert "--expect" in podium.out("round", "swap", "--help")
