"""The event file is read as a stream of actions (docs/event-format.md, "How import
validates"): the same document and the same refusals as reading it whole."""

from __future__ import annotations

import io
import json

import pytest

from podium.core import codes
from podium.core.errors import InvalidInput
from podium.service import transfer
from podium.service.transfer import (
    FILE_FORMAT,
    FILE_VERSION,
    ActionsText,
    StreamedActions,
    dumps,
    parse_document,
    read_document,
)

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


# -- a file read as a stream: never held whole (a 200,000-player file is 169 MB) -------------

class _Unseekable(io.RawIOBase):
    """Standard input: read once, never again."""

    def __init__(self, data: bytes) -> None:
        super().__init__()
        self._data = io.BytesIO(data)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer):  # type: ignore[no-untyped-def]
        return self._data.readinto(buffer)


TEXTS = [
    dumps(DOCUMENT),
    json.dumps({k: DOCUMENT[k] for k in ("file", "version", "event", "actions")}),
    " \n" + json.dumps(DOCUMENT, indent="\t") + "\n\n",
    "\ufeff" + dumps(DOCUMENT),  # a byte order mark, as an editor may write one
    json.dumps({**DOCUMENT, "version": 1.0, "actions": ACTIONS[:1]}),
]


@pytest.mark.parametrize("chunk", [1, 7, 1 << 20])
@pytest.mark.parametrize("text", TEXTS)
def test_a_streamed_file_equals_the_whole_reading(text, chunk, monkeypatch):
    monkeypatch.setattr(transfer, "_CHUNK", chunk)  # values cut anywhere: numbers, strings
    whole = parse_document(text.removeprefix("\ufeff"))
    stream = io.BytesIO(text.encode("utf-8"))
    document = read_document(stream)
    assert isinstance(document["actions"], StreamedActions)
    assert len(document["actions"]) == len(whole["actions"])
    assert list(document["actions"]) == list(whole["actions"])
    assert list(document["actions"]) == list(whole["actions"])  # read again (replay, store)
    assert {k: v for k, v in document.items() if k != "actions"} == {
        k: v for k, v in whole.items() if k != "actions"}


@pytest.mark.parametrize("chunk", [3, 1 << 20])
@pytest.mark.parametrize("broken", [
    lambda t: t.replace('"seq": 3', '"seq": 3,,', 1),
    lambda t: t.replace('"seq": 3', '"seq": 3}', 1),
    lambda t: t + "x",
    lambda t: t[:-10],
    lambda t: t.replace("[", "[,", 1),
    lambda t: t.replace('"version": 1', '"version": 12', 1),  # a number cut by a chunk
])
def test_a_broken_streamed_file_is_refused_as_the_whole_reading_refuses_it(broken, chunk,
                                                                         monkeypatch):
    monkeypatch.setattr(transfer, "_CHUNK", chunk)
    text = broken(dumps(DOCUMENT))
    with pytest.raises(InvalidInput) as whole:
        parse_document(text)
    with pytest.raises(InvalidInput) as streamed:
        read_document(io.BytesIO(text.encode("utf-8")))
    assert (streamed.value.code, streamed.value.params) == (whole.value.code, whole.value.params)


def test_unusual_shapes_are_read_whole_with_the_same_answer():
    # the actions twice (the last wins, as in json.loads), actions that are no array
    twice = (f'{{"actions": [], "file": "{FILE_FORMAT}", "version": {FILE_VERSION}, '
             f'"event": {{}}, "actions": {json.dumps(ACTIONS)}}}')
    assert list(read_document(io.BytesIO(twice.encode()))["actions"]) == ACTIONS
    odd = json.dumps({**DOCUMENT, "actions": {"a": 1}})
    assert read_document(io.BytesIO(odd.encode()))["actions"] == {"a": 1}


def test_a_stream_that_cannot_be_read_again_is_read_whole():
    document = read_document(_Unseekable(dumps(DOCUMENT).encode("utf-8")))  # type: ignore[arg-type]
    assert isinstance(document["actions"], ActionsText)
    assert list(document["actions"]) == ACTIONS


def test_a_file_that_is_not_utf8_raises_the_decoding_error():
    data = dumps(DOCUMENT).encode("utf-8").replace(b"Ann", b"\xff\xfe", 1)
    with pytest.raises(UnicodeDecodeError):
        read_document(io.BytesIO(data))
