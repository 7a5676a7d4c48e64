"""`podium player rename|remove|merge|substitute` and `podium event rename|archive|details|
delete`: what each prints and logs, its undo, and its refusals, which name the field
and store nothing."""

from __future__ import annotations

import json

from tests.cli.conftest import Podium, flat, last_action, refused


def test_player_rename_and_back(podium: Podium, make_event) -> None:
    make_event("cup", 8)
    out = flat(podium.out("player", "rename", "cup", "Anna", "Anya", "--reason", "typo"))
    assert out == "Renamed: Anya."
    action = last_action(podium)
    assert action["kind"] == "player.renamed" and action["reason"] == "typo"
    assert action["payload"] == {"player": 1, "name": "Anya", "old": "Anna"}
    assert action["actor"] == "judge"
    assert "Anya" in podium.out("standings", "cup")
    podium("player", "rename", "cup", "Anya", "Anna", "--reason", "undo")
    assert "Anna" in podium.out("standings", "cup")
    message = refused(podium, ["player", "rename", "cup", "Anna", "Boris"], 2,
                      "NAME", "a player named 'Boris' is already registered")
    assert "Traceback" not in message


def test_player_remove_only_before_the_first_table(podium: Podium, paired) -> None:
    podium("player", "add", "cup", "Extra")
    assert flat(podium.out("player", "remove", "cup", "Extra")) == "Extra removed."
    assert last_action(podium)["kind"] == "player.removed"
    refused(podium, ["player", "remove", "cup", paired[0][0]], 4,
            "has played (round 1)", "drop them instead")


def test_player_merge(podium: Podium, paired) -> None:
    pod = paired[0]
    refused(podium, ["player", "merge", "cup", pod[0], pod[0], "--reason", "x"], 2,
            "OTHER", "cannot be merged with themselves")
    refused(podium, ["player", "merge", "cup", pod[0], pod[1], "--reason", "x"], 4,
            "sat at one table")
    refused(podium, ["player", "merge", "cup", pod[0], paired[1][0]], 2, "--reason")
    podium.win_all("cup")
    podium("player", "add", "cup", "Newnick")
    out = flat(podium.out("player", "merge", "cup", "Newnick", pod[0], "--reason",
                          "nickname changed"))
    assert out == "Merged into Newnick."
    action = last_action(podium)
    assert action["kind"] == "player.merged" and action["reason"] == "nickname changed"
    assert podium.seating("cup", 1)[0][0] == "Newnick"


def test_player_substitute(podium: Podium, paired) -> None:
    pod = paired[0]
    out = flat(podium.out("player", "substitute", "cup", pod[1], "Sub", "--reason", "ill"))
    assert out == (f"Sub takes {pod[1]}'s seat from round 1 with a new record; {pod[1]} is "
                   "dropped.")
    action = last_action(podium)
    assert action["kind"] == "player.substituted"
    assert action["payload"]["record"] == "new"
    assert podium.seating("cup")[0][1] == "Sub"
    refused(podium, ["player", "substitute", "cup", pod[1], "Sub2"], 4,
            "has dropped: a substitute takes the seat of a player still in")
    refused(podium, ["player", "substitute", "cup", pod[2], "Sub3", "--from-round", "5"], 4,
            "--from-round", "not round 5")
    out = flat(podium.out("player", "substitute", "cup", pod[2], "Keeper", "--same-record",
                          "--json"))
    assert json.loads(out)["answer"]["record"] == "same"


def test_event_rename_archive_details_delete(podium: Podium, make_event) -> None:
    make_event("cup", 4)
    assert flat(podium.out("event", "rename", "cup", "Toxic Cup")) == (
        "The event is now called Toxic Cup.")
    assert last_action(podium)["payload"]["old"] == "cup"
    podium("event", "details", "cup", "--date", "2026-12-05", "--venue", "Club Orbit")
    assert last_action(podium)["payload"] == {"date": "2026-12-05", "venue": "Club Orbit"}
    refused(podium, ["event", "details", "cup", "--date", "5 December"], 2, "--date")
    assert "Archived" in podium.out("event", "archive", "cup", "--reason", "test event")
    refused(podium, ["event", "archive", "cup"], 4, "already archived")
    assert "back on the home page" in podium.out("event", "archive", "cup", "--restore")
    message = refused(podium, ["event", "delete", "cup"], 4, "--confirm", "4 players",
                      "type the event's id to confirm")
    assert "removes for good" in message
    refused(podium, ["event", "delete", "cup", "--confirm", "cupp"], 4, "--confirm")
    out = flat(podium.out("event", "delete", "cup", "--yes"))
    assert out.startswith("Deleted cup:")
    podium.error("standings", "cup", code=3)
