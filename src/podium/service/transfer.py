"""The event file: one JSON document that holds an event's whole log (see docs/event-format.md).

Since the log is the truth, the file is the event's identity plus its actions; an import replays
every action through the same checks as live entry, so a broken file is refused whole.
"""

from __future__ import annotations

import json
from typing import Any

from podium.core import codes
from podium.core.errors import InvalidInput, PodiumError
from podium.core.log import Action
from podium.core.replay import replay
from podium.formats import get_format
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
    try:
        document = json.loads(text)
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


def import_document(
    service: EventService, document: dict[str, Any], slug: str | None = None
) -> LoadedEvent:
    """Store the event of ``document`` (under ``slug`` if given) after replaying it in full."""
    event = document.get("event")
    if not isinstance(event, dict):
        raise InvalidInput("the file has no \"event\" object", code=codes.FILE_EVENT)
    slug = check_slug(slug or str(event.get("slug", "")))
    ruleset = get_format(str(event.get("format", "")))
    raw_actions = document.get("actions")
    if not isinstance(raw_actions, list) or not raw_actions:
        raise InvalidInput("the file has no actions", code=codes.FILE_ACTIONS)
    actions = []
    for index, raw in enumerate(raw_actions, start=1):
        try:
            actions.append(Action.from_json(raw))
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise InvalidInput(
                "action #%(index)s is malformed: %(error)s", code=codes.FILE_ACTION,
                index=index, error=error) from None
    try:
        state = replay(actions, ruleset)
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
    loaded = service.store_new(slug, name, ruleset.name, actions, state)
    snapshot_after_import(service, loaded.summary.slug, len(actions))
    return loaded


def snapshot_after_import(service: EventService, slug: str, actions: int) -> None:
    """Store a snapshot of the freshly replayed state at once (when the policy would after
    that many actions): otherwise the next command, in a new process, replays the whole file
    again (a minute for 200,000 players) before it can answer."""
    policy = service.states.policy
    if policy.enabled and actions >= policy.actions:
        service.states.save_snapshot(slug, service.clock())
