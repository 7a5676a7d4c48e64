"""The event file is read as a stream of actions (docs/event-format.md, "How import
validates"): the same document and the same refusals as reading it whole."""

from __future__ import annotations

import json

import pytest

from podium.core import codes
from podium.core.errors import InvalidInput
from podium.service.transfer import FILE_FORMAT, FILE_VERSION, ActionsText, dumps, parse_document

ACTIONS = [{"seq": i, "kind": "player.registered", "actor": "judge", "reason": "",
            "at": "2026-01-01T10:00:00.000000Z",
            "payload": {"player": i, "name": f"Ann \"{i}\" [ё], {{x}}"}} for i in range(1, 6)]
DOCUMENT = {"file": FILE_FORMAT, "version": FILE_VERSION,
            "event": {"slug": "s", "name": "S", "format": "commander"}, "actions": ACTIONS}


@pytest.mark.parametrize("text", [
    dumps(DOCUMENT),  # canonical: "actions" first, indented
    json.dumps({k: DOCUMENT[k] for k in ("file", "version", "event", "actions")}),  # compact
    " \n" + json.dumps(DOCUMENT, indent="\t") + "\n\n",
])
def test_the_streamed_document_equals_the_whole_one(text):
    document = parse_document(text)
    assert isinstance(document["actions"], ActionsText)
    assert len(document["actions"]) == len(ACTIONS)
    assert list(document["actions"]) == ACTIONS
    assert list(document["actions"]) == ACTIONS  # read again (replay, then store)
    assert {k: v for k, v in document.items() if k != "actions"} == {
        k: v for k, v in DOCUMENT.items() if k != "actions"}


def test_an_empty_actions_array_reads_as_empty():
    document = parse_document(json.dumps({**DOCUMENT, "actions": []}))
    assert len(document["actions"]) == 0 and list(document["actions"]) == []


@pytest.mark.parametrize("broken", [
    lambda t: t.replace('"seq": 3', '"seq": 3,,', 1),  # inside the actions array
    lambda t: t.replace('"seq": 3', '"seq": 3}', 1),
    lambda t: t + "x",  # trailing junk
    lambda t: t[:-10],  # cut short
    lambda t: t.replace("[", "[,", 1),
])
def test_broken_json_is_refused_with_the_whole_readings_line(broken):
    text = broken(dumps(DOCUMENT))
    with pytest.raises(json.JSONDecodeError) as whole:
        json.loads(text)
    with pytest.raises(InvalidInput) as refused:
        parse_document(text)
    assert refused.value.code == codes.FILE_JSON
    assert refused.value.params["lineno"] == whole.value.lineno
    assert refused.value.params["msg"] == whole.value.msg


def test_not_an_event_file_is_refused():
    with pytest.raises(InvalidInput) as refused:
        parse_document(json.dumps([DOCUMENT]))
    assert refused.value.code == codes.FILE_FORMAT
