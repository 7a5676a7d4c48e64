"""The event file: one JSON document that holds an event's whole log (see docs/event-format.md).

Since the log is the truth, the file is the event's identity plus its actions; an import replays
every action through the same checks as live entry, so a broken file is refused whole.
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any, BinaryIO

from podium.core import codes, jsontext
from podium.core.errors import InvalidInput, PodiumError
from podium.core.log import Action
from podium.core.model import EventState, Round
from podium.core.records import RecordBook
from podium.core.replay import replay
from podium.core.ruleset import Ruleset
from podium.service.events import EventService, LoadedEvent, check_slug

FILE_FORMAT = "podium-event"
FILE_VERSION = 1


def export_document(service: EventService, slug: str) -> dict[str, Any]:
    loaded = service.load(slug)
    return {
        "file": FILE_FORMAT,
        "version": FILE_VERSION,
        "event": {
            "slug": loaded.summary.slug,
            "name": loaded.state.name or loaded.summary.name,
            "format": loaded.summary.format,
        },
        "actions": [action.to_json() for action in service.log(slug)],
    }


def dumps(document: dict[str, Any]) -> str:
    """Canonical text: sorted keys, 2-space indent, UTF-8 as is; a re-export is byte-identical."""
    return json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def parse_document(text: str) -> dict[str, Any]:
    """The event file's top-level object, checked; its ``actions`` as :class:`ActionsText`.

    The file is read without building its whole document (an event of 200,000 players is a
    169 MB file whose parsed document took about 1 GB): the top-level keys are read one by
    one, and the actions array is only checked here (each element decoded and dropped); the
    import reads it again, one action at a time (:func:`import_document`).
    """
    try:
        document = _scan(text)
    except (_Unusual, json.JSONDecodeError, IndexError, InvalidInput):
        document = None  # anything unusual: the whole-document reading, with its messages
    if document is None:
        try:
            document = jsontext.parse(text, "file")
        except json.JSONDecodeError as error:
            raise InvalidInput(
                "not a JSON file: %(msg)s at line %(lineno)s", code=codes.FILE_JSON,
                msg=error.msg, lineno=error.lineno) from None
    return _checked(document)


def _checked(document: Any) -> dict[str, Any]:
    """The event file's top-level object, its kind and version checked."""
    if not isinstance(document, dict) or document.get("file") != FILE_FORMAT:
        raise InvalidInput(
            'not a podium event file (expected "file": "%(file_format)s")', code=codes.FILE_FORMAT,
            file_format=FILE_FORMAT)
    version = document.get("version")
    if version != FILE_VERSION:
        raise InvalidInput(
            "event file version %(version)s is not supported; this podium reads "
            "version %(file_version)s", code=codes.FILE_VERSION,
            version=repr(version), file_version=FILE_VERSION
        )
    return document


class _Unusual(Exception):
    """The text is not a plain JSON object as :func:`_scan` reads it."""


_SPACE = re.compile(r"[ \t\n\r]*")


def _skip(text: str, index: int) -> int:
    found = _SPACE.match(text, index)
    return found.end() if found is not None else index


class ActionsText:
    """The ``actions`` array of an event file, still as text: iterating decodes one element
    at a time, so the import never holds every action's parsed JSON at once."""

    def __init__(self, text: str, start: int, count: int) -> None:
        self._text = text
        self._start = start
        self.count = count

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Any]:
        text, decode = self._text, jsontext.decode_at
        index = _skip(text, self._start + 1)
        if text[index] == "]":
            return
        while True:
            value, index = decode(text, index)
            yield value
            index = _skip(text, index)
            if text[index] == "]":
                return
            index = _skip(text, index + 1)  # the comma (checked by _scan)

    def release(self) -> None:
        """Drop the text (the import has read it): the snapshot that follows needs room."""
        self._text = ""


def _array(text: str, index: int) -> tuple[int, int]:
    """Check the array at ``index`` element by element; its length and the index after it."""
    decode = jsontext.decode_at
    index = _skip(text, index + 1)
    if text[index] == "]":
        return 0, index + 1
    count = 0
    while True:
        _value, index = decode(text, index)
        count += 1
        index = _skip(text, index)
        if text[index] == "]":
            return count, index + 1
        if text[index] != ",":
            raise _Unusual
        index = _skip(text, index + 1)


def _scan(text: str) -> dict[str, Any]:
    """The top-level object of ``text`` key by key, its ``actions`` array left as text."""
    decode = jsontext.decode_at
    index = _skip(text, 0)
    if text[index] != "{":
        raise _Unusual
    index = _skip(text, index + 1)
    document: dict[str, Any] = {}
    if text[index] != "}":
        while True:
            if text[index] != '"':
                raise _Unusual
            key, index = decode(text, index)
            index = _skip(text, index)
            if text[index] != ":":
                raise _Unusual
            index = _skip(text, index + 1)
            if key == "actions" and text[index] == "[":
                start = index
                count, index = _array(text, index)
                document[key] = ActionsText(text, start, count)
            else:
                document[key], index = decode(text, index)
            index = _skip(text, index)
            if text[index] == "}":
                break
            if text[index] != ",":
                raise _Unusual
            index = _skip(text, index + 1)
    if _skip(text, index + 1) != len(text):
        raise _Unusual
    return document


def read_document(stream: BinaryIO) -> dict[str, Any]:
    """The event file of ``stream`` as :func:`parse_document` gives it, read as a stream when
    the stream can be read again (a file on disk, a spooled upload): the text is never held
    whole, only a chunk of it (:class:`StreamedActions`); the import reads the file three
    times (checked here, replayed, stored), as it decodes the text three times anyway.
    Another stream, or a file of unusual shape, is read whole as before (the same refusals).
    A file that is not UTF-8 raises ``UnicodeDecodeError``."""
    if stream.seekable():
        start = stream.tell()
        try:
            document = _scan_stream(stream, start)
        except (_Unusual, json.JSONDecodeError, IndexError, InvalidInput):
            stream.seek(start)  # anything unusual: read whole, with the same messages
        else:
            return _checked(document)
    return parse_document(stream.read().decode("utf-8-sig"))


_CHUNK = 1 << 20  # bytes of the file read at once
_NUMBER_TAIL = 3  # the most a number's end can lack and still read as a number (``e-5``)


class _Reader:
    """The text of a binary stream, UTF-8 (a BOM skipped), read a chunk at a time: JSON
    values are decoded at :attr:`at`, the text before it dropped as more is read."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream
        self._decoder = codecs.getincrementaldecoder("utf-8-sig")()
        self.text = ""
        self.at = 0
        self.done = False

    def more(self) -> bool:
        """Read the next chunk (False at the end of the stream)."""
        if self.done:
            return False
        chunk = self._stream.read(_CHUNK)
        self.done = not chunk
        self.text = self.text[self.at:] + self._decoder.decode(chunk, self.done)
        self.at = 0
        return True

    def char(self) -> str:
        """The next character after blanks ("" at the end), not consumed."""
        while True:
            self.at = _skip(self.text, self.at)
            if self.at < len(self.text) or not self.more():
                return self.text[self.at:self.at + 1]

    def expect(self, char: str) -> None:
        if self.char() != char:
            raise _Unusual
        self.at += 1

    def value(self) -> Any:
        """The JSON value at :attr:`at` (after blanks); a value cut by the chunk's end is
        read again with more text (a number near the chunk's end may go on: ``1.`` cut
        from ``1.5`` reads as 1)."""
        self.char()
        while True:
            try:
                value, end = jsontext.decode_at(self.text, self.at)
            except json.JSONDecodeError:
                if self.more():
                    continue
                raise
            if len(self.text) - end < _NUMBER_TAIL and self.more():
                continue
            self.at = end
            return value

    def elements(self) -> Iterator[Any]:
        """The elements of the array at :attr:`at`, one at a time."""
        self.expect("[")
        if self.char() == "]":
            self.at += 1
            return
        while True:
            yield self.value()
            if self.char() == "]":
                self.at += 1
                return
            self.expect(",")

    def members(self) -> Iterator[str]:
        """The keys of the object at :attr:`at`, each with :attr:`at` at its value (which
        the caller reads before the next key)."""
        self.expect("{")
        if self.char() == "}":
            self.at += 1
            return
        while True:
            if self.char() != '"':
                raise _Unusual
            yield self.value()
            if self.char() == "}":
                self.at += 1
                return
            self.expect(",")


class StreamedActions:
    """The ``actions`` array of an event file in a stream that can be read again: iterating
    reads the stream from its start, one action at a time (:class:`ActionsText` for a
    stream read whole)."""

    def __init__(self, stream: BinaryIO, start: int, count: int) -> None:
        self._stream = stream
        self._start = start
        self.count = count

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Any]:
        self._stream.seek(self._start)
        reader = _Reader(self._stream)
        for key in reader.members():
            reader.expect(":")
            if key == "actions":
                yield from reader.elements()
                return
            reader.value()
        raise _Unusual  # the file changed since it was checked

    def release(self) -> None:
        """Nothing held: the stream belongs to the caller."""


def _scan_stream(stream: BinaryIO, start: int) -> dict[str, Any]:
    """:func:`_scan` of a stream's text: the top-level object key by key, its ``actions``
    array checked element by element and left in the stream."""
    reader = _Reader(stream)
    document: dict[str, Any] = {}
    for key in reader.members():
        reader.expect(":")
        if key == "actions" and reader.char() == "[":
            if key in document:
                raise _Unusual  # read again, the array would be the first one
            count = sum(1 for _value in reader.elements())
            document[key] = StreamedActions(stream, start, count)
        elif key == "actions":
            raise _Unusual
        else:
            document[key] = reader.value()
    if reader.char() != "":
        raise _Unusual
    return document


def import_document(
    service: EventService, document: dict[str, Any], slug: str | None = None
) -> LoadedEvent:
    """Store the event of ``document`` (under ``slug`` if given) after replaying it in full.

    The actions are read one at a time (from :class:`ActionsText` or a list), replayed, then
    read again to be stored in batches: neither the parsed file nor every :class:`Action` is
    held at once (a 200,000-player file: docs/benchmarks.md). A broken file is refused whole
    before anything is stored.
    """
    event = document.get("event")
    if not isinstance(event, dict):
        raise InvalidInput("the file has no \"event\" object", code=codes.FILE_EVENT)
    slug = check_slug(slug or str(event.get("slug", "")))
    ruleset = service.formats(str(event.get("format", "")))
    raw_actions = document.get("actions")
    if not isinstance(raw_actions, list | ActionsText | StreamedActions) or not raw_actions:
        raise InvalidInput("the file has no actions", code=codes.FILE_ACTIONS)
    try:
        state = replay(_actions(raw_actions), ruleset, _played_rounds_compact(ruleset))
    except _Malformed as error:
        raise error.refusal from None
    except PodiumError as error:
        problem = "malformed" if error.code.startswith("payload.") else "inconsistent"
        raise InvalidInput(
            "the file's log is %(problem)s: %(error)s",
            problem=problem, error=error, code=codes.FILE_LOG,
                           field=error.field) from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        # A payload of the wrong shape (a list where an object belongs, ...): refuse, no trace.
        kind = type(error).__name__
        raise InvalidInput(
            "the file's log is malformed: %(kind)s: %(error)s", code=codes.FILE_LOG,
            kind=kind, error=error) from None
    _compact(state, ruleset, state.rounds)  # the last round too: the snapshot packs it anyway
    name = str(event.get("name") or state.name)
    loaded = service.store_new(slug, name, ruleset.name, _actions(raw_actions), state)
    if isinstance(raw_actions, ActionsText | StreamedActions):
        raw_actions.release()
    snapshot_after_import(service, loaded.summary.slug, len(raw_actions))
    return loaded


def _played_rounds_compact(ruleset: Ruleset) -> Callable[[EventState], None]:
    """What the replay of an import does each time a round is paired: the rounds before it
    counted by the format's records (:meth:`Ruleset.warm`) and held in a snapshot's compact
    form (:meth:`RecordBook.compact`), as a load from the snapshot would hold them. The
    replayed state of 200,000 players held a million seat outcomes as objects (about 400 MB,
    most of the import's peak); a later action that reads such a round decodes it again."""
    def paired(state: EventState) -> None:
        _compact(state, ruleset, state.rounds[:-1])
    return paired


def _compact(state: EventState, ruleset: Ruleset, rounds: list[Round]) -> None:
    ruleset.warm(state)
    for cache in state.caches.values():
        if isinstance(cache, RecordBook):
            cache.compact(rounds)


class _Malformed(Exception):
    """An action of the file that is no action (carries the refusal past the replay's own)."""

    def __init__(self, refusal: InvalidInput) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal


def _actions(raw_actions: Iterable[Any]) -> Iterator[Action]:
    for index, raw in enumerate(raw_actions, start=1):
        try:
            yield Action.from_json(raw)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise _Malformed(InvalidInput(
                "action #%(index)s is malformed: %(error)s", code=codes.FILE_ACTION,
                index=index, error=error)) from None


def snapshot_after_import(service: EventService, slug: str, actions: int) -> None:
    """Store a snapshot of the freshly replayed state at once (when the policy would after
    that many actions): otherwise the next command, in a new process, replays the whole file
    again (a minute for 200,000 players) before it can answer."""
    policy = service.states.policy
    if policy.enabled and actions >= policy.actions:
        service.states.save_snapshot(slug, service.clock())
