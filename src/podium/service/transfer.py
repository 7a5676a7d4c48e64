"""The event file: one JSON document that holds an event's whole log (see docs/event-format.md).

Since the log is the truth, the file is the event's identity plus its actions; an import replays
every action through the same checks as live entry, so a broken file is refused whole.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

from podium.core import codes, jsontext
from podium.core.errors import InvalidInput, PodiumError
from podium.core.log import Action
from podium.core.replay import replay
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
    if not isinstance(raw_actions, list | ActionsText) or not raw_actions:
        raise InvalidInput("the file has no actions", code=codes.FILE_ACTIONS)
    try:
        state = replay(_actions(raw_actions), ruleset)
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
    name = str(event.get("name") or state.name)
    loaded = service.store_new(slug, name, ruleset.name, _actions(raw_actions), state)
    if isinstance(raw_actions, ActionsText):
        raw_actions.release()
    snapshot_after_import(service, loaded.summary.slug, len(raw_actions))
    return loaded


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
