"""Bad input: a clear message on stderr, the documented exit code, and nothing stored.

Exit codes (podium.cli.main): 2 invalid input, 3 not found, 4 conflict with the event's state.
"Nothing stored" is checked by comparing the exported event file before and after. A bad
result of Commander's own form (its fields and rules) is in tests/formats/commander/test_cli.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from podium.cli.main import EXIT_CONFLICT, EXIT_INVALID, EXIT_NOT_FOUND
from podium.core.errors import Conflict
from tests.cli.conftest import Podium, refused, w


def test_table_that_does_not_exist(podium: Podium, paired: list[list[str]]) -> None:
    refused(podium, ["result", "enter", "cup", "9", *w(paired[0])], EXIT_NOT_FOUND,
            "round 1 has no table 9")


def test_second_result_for_a_table_needs_the_correction_command(
    podium: Podium, paired: list[list[str]]
) -> None:
    podium("result", "enter", "cup", "1", *w(paired[0]))
    pod = paired[0]
    refused(podium, ["result", "enter", "cup", "1", "--winner", pod[1], "--order",
                     ",".join([pod[0], *pod[2:]])], EXIT_CONFLICT, "use the correction command")


def test_correction_needs_a_result_a_round_and_a_reason(
    podium: Podium, paired: list[list[str]]
) -> None:
    refused(podium, ["result", "correct", "cup", "1", "--round", "1", "--reason", "typo",
                     *w(paired[0])], EXIT_CONFLICT, "has no result to correct")
    podium("result", "enter", "cup", "1", *w(paired[0]))
    refused(podium, ["result", "correct", "cup", "1", "--round", "7", "--reason", "typo",
                     *w(paired[0])], EXIT_NOT_FOUND, "no round 7")
    refused(podium, ["result", "correct", "cup", "1", "--round", "1", "--reason", "  ",
                     *w(paired[0])], EXIT_INVALID, "a correction needs a reason")


def test_result_for_a_round_that_is_not_current(podium: Podium, paired: list[list[str]]) -> None:
    podium.win_all("cup")
    podium("round", "pair", "cup")
    exported = podium.export("cup")
    # The CLI enters results for the current round only; a use case naming round 1 is refused.
    service = podium.service()
    with pytest.raises(Conflict, match="round 1 is not the current round; use the correction"):
        service.enter_result("cup", 1, lambda _s: {"winner": 1, "eliminated": [2, 3, 4]},
                             "judge", round_number=1)
    assert podium.export("cup") == exported


def test_pairing_while_results_are_missing(podium: Podium, paired: list[list[str]]) -> None:
    podium("result", "enter", "cup", "1", *w(paired[0]))
    refused(podium, ["round", "pair", "cup"], EXIT_CONFLICT,
            "round 1 still misses results for tables 2")
    refused(podium, ["round", "pair", "cup", "--preview"], EXIT_CONFLICT, "misses results")


def test_unknown_things_are_not_found(podium: Podium, paired: list[list[str]]) -> None:
    assert "'nope'" in podium.error("event", "show", "nope", code=EXIT_NOT_FOUND)
    podium.error("standings", "nope", code=EXIT_NOT_FOUND)
    podium.error("export", "nope", code=EXIT_NOT_FOUND)
    refused(podium, ["round", "show", "cup", "5"], EXIT_NOT_FOUND, "no round 5")
    refused(podium, ["round", "show", "cup", "0"], EXIT_NOT_FOUND, "no round 0")
    refused(podium, ["standings", "cup", "--round", "2"], EXIT_NOT_FOUND, "no round 2")
    refused(podium, ["standings", "cup", "--round", "-1"], EXIT_NOT_FOUND, "no round -1")
    assert "after round 0" in podium.out("standings", "cup", "--round", "0")


def test_drop_of_an_unknown_or_dropped_player(podium: Podium, paired: list[list[str]]) -> None:
    refused(podium, ["player", "drop", "cup", "Nobody"], EXIT_INVALID, "no player named")
    refused(podium, ["player", "drop", "cup", "#99"], EXIT_INVALID, "no player #99")
    podium("player", "drop", "cup", paired[0][0])
    refused(podium, ["player", "drop", "cup", paired[0][0]], EXIT_CONFLICT, "already dropped")
    refused(podium, ["player", "add", "cup", paired[0][1].upper()], EXIT_INVALID,
            "already registered")


@pytest.mark.parametrize(("setting", "needle"), [
    ("win_points=abc", "setting win_points: 'abc' is not a number"),
    ("win_points=-1", "setting win_points: -1 must be between 0 and 1000000"),
    ("pod_size=-1", "setting pod_size: -1 must be between 2 and 7"),
    ("pod_size=4.5", "setting pod_size: '4.5' is not a whole number"),
    ("rounds=x", "setting rounds: 'x' is not a whole number"),
    ("rounds=0", "setting rounds: 0 must be between 1 and 100"),
    ("bye_policy=maybe", "setting bye_policy: 'maybe' is not one of"),
    ("tiebreakers=random,luck", "setting tiebreakers: 'luck' is not one of"),
    ("final_size=1", "final_size"),
    ("colour=red", "unknown setting 'colour'"),
    ("win_points", "write it as key=value"),
])
def test_bad_setting(podium: Podium, setting: str, needle: str) -> None:
    message = podium.error("event", "create", "cup", "--set", setting, code=EXIT_INVALID)
    assert needle in message
    assert podium.out("event", "list") == ""  # the event was not created
    podium("event", "create", "cup", "--seed", "1")
    refused(podium, ["event", "set", "cup", setting], EXIT_INVALID, needle)


@pytest.mark.parametrize("slug", ["Cup", "my cup", "cup!", "", "x" * 65, "кубок"])
def test_bad_slug(podium: Podium, slug: str) -> None:
    message = podium.error("event", "create", slug, code=EXIT_INVALID)
    assert "lowercase latin letters" in message or (not slug and "required" in message)
    assert podium.out("event", "list") == ""


def test_duplicate_event(podium: Podium, paired: list[list[str]]) -> None:
    refused(podium, ["event", "create", "cup"], EXIT_CONFLICT)


@pytest.mark.parametrize(("content", "needle"), [
    (b"nick,club\nAnna,X\n", "needs a 'name' column; found columns: nick, club"),
    (b"name\nAnna\nBoris\nanna\n", "line 4: 'anna' is already on line 2"),
    (b"name\nAnna\n\nBoris\nANNA\n", "line 5: 'ANNA' is already on line 2"),
    ("name;club\nАнна;A\nАННА;B\n".encode("cp1251"), "already on line 2"),
    (b"name\n", "the CSV has no players"),
    (b"club;name\nX;Anna\nY;   \n", "line 3: a player name is empty"),
    (b"name\n#7 Anna\n", "must not start with '#'"),
    (b"name\nSmith, John\nDoe\n", "line 2: more fields than the header"),
    (b"name\nHanna\n", "already registered"),  # a player of the event already has the name
])
def test_bad_csv_adds_nobody(podium: Podium, paired: list[list[str]], tmp_path: Path,
                             content: bytes, needle: str) -> None:
    csv_file = tmp_path / "players.csv"
    csv_file.write_bytes(content)
    refused(podium, ["player", "import", "cup", str(csv_file)], EXIT_INVALID, needle)


# event files ------------------------------------------------------------------------------------
@pytest.fixture
def document(podium: Podium, paired: list[list[str]]) -> dict:
    podium("result", "enter", "cup", "1", *w(paired[0]))
    return json.loads(podium.export("cup"))


def first(document: dict, kind: str) -> dict:
    return next(a for a in document["actions"] if a["kind"] == kind)


def _player99_result(doc: dict) -> None:
    first(doc, "result.entered")["payload"]["entry"]["winner"] = 99


def _player99_paired(doc: dict) -> None:
    first(doc, "round.paired")["payload"]["tables"][0][0] = 99


def _seq_gap(doc: dict) -> None:
    for action in doc["actions"][3:]:
        action["seq"] += 1


def _result_before_pairing(doc: dict) -> None:
    paired = first(doc, "round.paired")
    result = first(doc, "result.entered")
    paired["kind"], result["kind"] = result["kind"], paired["kind"]
    paired["payload"], result["payload"] = result["payload"], paired["payload"]


def _round1_result_in_round2(doc: dict) -> None:
    """Round 2 paired by hand, then a result for round 1 entered (not corrected)."""
    actions = doc["actions"]
    pods = first(doc, "round.paired")["payload"]["tables"]
    last = actions[-1]
    extra_result = json.loads(json.dumps(first(doc, "result.entered")))
    extra_result["payload"]["table"] = 2
    extra_result["payload"]["entry"] = {
        "winner": pods[1][0], "eliminated": pods[1][1:], "draw": False, "survivors": [],
        "simultaneous": False, "game_losses": [],
    }
    round2 = json.loads(json.dumps(first(doc, "round.paired")))
    round2["payload"]["round"] = 2
    late = json.loads(json.dumps(first(doc, "result.entered")))
    for offset, action in enumerate((extra_result, round2, late), start=1):
        action["seq"] = last["seq"] + offset
        actions.append(action)


def _unknown_kind(doc: dict) -> None:
    doc["actions"][-1]["kind"] = "result.guessed"


def _bad_time(doc: dict) -> None:
    doc["actions"][2]["at"] = "yesterday"


def _bye_not_an_object(doc: dict) -> None:
    first(doc, "round.paired")["payload"]["byes"] = [5]


def _settings_not_an_object(doc: dict) -> None:
    doc["actions"].append({"seq": len(doc["actions"]) + 1, "kind": "settings.changed",
                           "actor": "x", "at": "2026-01-01T00:00:00.000000Z", "reason": "",
                           "payload": {"settings": [1]}})


def _bad_setting_in_file(doc: dict) -> None:
    doc["actions"][0]["payload"]["settings"]["pod_size"] = 12


def _duplicate_name(doc: dict) -> None:
    doc["actions"][2]["payload"]["name"] = doc["actions"][1]["payload"]["name"]


BROKEN_FILES = {
    "result names player 99": (_player99_result, "is not at this table"),
    "round.paired seats unknown player": (_player99_paired, "round 1: no player 99"),
    "seq gap": (_seq_gap, "action 5 does not follow action 3"),
    "result before pairing": (_result_before_pairing, "inconsistent"),
    "round 1 entered while round 2 is current": (_round1_result_in_round2,
                                                 "round 1 is not the current round"),
    "unknown kind": (_unknown_kind, "unknown kind 'result.guessed'"),
    "bad time": (_bad_time, "action #3 is malformed"),
    "bye not an object": (_bye_not_an_object, "malformed"),
    "settings not an object": (_settings_not_an_object, "malformed"),
    "setting out of range": (_bad_setting_in_file, "setting pod_size: 12"),
    "duplicate player name": (_duplicate_name, "already registered"),
}


@pytest.mark.parametrize("case", list(BROKEN_FILES))
def test_broken_event_file_is_refused_whole(podium: Podium, document: dict, tmp_path: Path,
                                            case: str) -> None:
    breaker, needle = BROKEN_FILES[case]
    breaker(document)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    message = podium.error("import", str(path), "--slug", "ev2", code=EXIT_INVALID)
    assert needle in message
    assert [line.split()[0] for line in podium.out("event", "list").splitlines()] == ["cup"]
    podium.error("event", "show", "ev2", code=EXIT_NOT_FOUND)


@pytest.mark.parametrize(("mutate", "needle"), [
    (lambda d: d.update(version=2), "event file version 2 is not supported; this podium reads "
                                    "version 1"),
    (lambda d: d.pop("version"), "event file version None is not supported"),
    (lambda d: d.update(file="something-else"), "not a podium event file"),
    (lambda d: d.update(actions=[]), "the file has no actions"),
    (lambda d: d.pop("event"), "no \"event\" object"),
    (lambda d: d["event"].update(format="chess"), "unknown format 'chess'"),
    (lambda d: d["event"].update(slug="Not OK"), "lowercase latin letters"),
])
def test_event_file_of_the_wrong_kind(podium: Podium, document: dict, tmp_path: Path,
                                      mutate, needle: str) -> None:
    mutate(document)
    path = tmp_path / "other.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert needle in podium.error("import", str(path), code=EXIT_INVALID)
    assert podium.out("event", "list").split()[0] == "cup"
    assert len(podium.out("event", "list").splitlines()) == 1


def test_event_file_that_is_not_json_or_not_utf8(podium: Podium, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    assert "not a JSON file" in podium.error("import", str(path), code=EXIT_INVALID)
    path.write_bytes('{"file": "podium-event", "name": "Кубок"}'.encode("cp1251"))
    assert "not UTF-8" in podium.error("import", str(path), code=EXIT_INVALID)
    assert podium.out("event", "list") == ""


def test_import_over_an_existing_event(podium: Podium, document: dict, tmp_path: Path) -> None:
    path = tmp_path / "cup.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    refused(podium, ["import", str(path)], EXIT_CONFLICT)


def test_boolean_player_id_in_a_file_is_refused(podium: Podium, document: dict,
                                                tmp_path: Path) -> None:
    (seats,) = [t for t in first(document, "round.paired")["payload"]["tables"] if 1 in t]
    seats[seats.index(1)] = True
    assert json.dumps(seats).count("true") == 1
    path = tmp_path / "bool.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    podium.error("import", str(path), "--slug", "ev2", code=EXIT_INVALID)
