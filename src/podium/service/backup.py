"""``podium backup --verify``: a copy of the database checked event by event against it.

Each event of the copy is replayed (the replay the service runs, :func:`podium.core.replay.
replay`, from the whole log, no snapshot) and given a **digest**: the SHA-256 of the canonical
JSON (sorted keys, no spaces, UTF-8) of ``{"log": its actions, "state": what people see of the
replayed event}``, each action as ``[seq, kind, actor, at (ISO 8601, UTC), reason,
payload]`` and the state as :func:`podium.testing.kit.digest` gives it (players, rounds,
results, divisions, phases, the bracket, every public table). The database's event gets the
digest of the same number of its first actions: a server may have stored more since the copy
was made, and those are not the copy's to have.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from podium.core.errors import PodiumError
from podium.core.log import Action
from podium.core.replay import replay
from podium.core.ruleset import Formats
from podium.store.db import Database
from podium.store.repository import EventRepository, EventSummary

SAME = "same"  # the copy's log and state are the database's (up to the copy's last action)
DIFFERS = "differs"  # another log, or another state from it
MISSING = "missing"  # in the database, not in the copy
ONLY_COPY = "only_copy"  # in the copy, no longer in the database (deleted since)
BROKEN = "broken"  # the copy's log (or the database's) does not replay
FAILED = (DIFFERS, MISSING, BROKEN)  # what makes a copy untrustworthy


@dataclass(frozen=True)
class EventCheck:
    """One event of the check: its actions in the copy and in the database, the digests and
    the verdict."""

    slug: str
    result: str
    copy_actions: int = 0
    live_actions: int = 0
    copy_digest: str | None = None
    live_digest: str | None = None
    problem: str = ""

    @property
    def failed(self) -> bool:
        return self.result in FAILED


def _canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"),
                      default=str).encode("utf-8")


def log_json(actions: Sequence[Action]) -> list[list[Any]]:
    return [[a.seq, a.kind, a.actor, a.at.isoformat(), a.reason, a.payload] for a in actions]


def event_digest(actions: Sequence[Action], format_name: str, formats: Formats) -> str:
    """The digest of an event's log (see the module's docstring); a refusal if it does not
    replay."""
    from podium.testing.kit import digest as seen

    ruleset = formats(format_name)
    state = replay(list(actions), ruleset)
    body = {"log": log_json(actions), "state": seen(state, ruleset)}
    return hashlib.sha256(_canonical(body)).hexdigest()


def _logs(db: Database) -> dict[str, EventSummary]:
    with db.session(readonly=True) as session:
        return {summary.slug: summary for summary in EventRepository(session).list()}


def _actions(db: Database, event_id: int, until: int | None = None) -> list[Action]:
    with db.session(readonly=True) as session:
        return EventRepository(session).actions(event_id, until=until)


def verify(live: Database, copy: Database, formats: Formats,
           progress: Callable[[int, int], None] | None = None) -> list[EventCheck]:
    """Every event of either database checked (see the module's docstring), the database's
    order first, then what only the copy has."""
    theirs, ours = _logs(live), _logs(copy)
    slugs = list(theirs) + [slug for slug in ours if slug not in theirs]
    checks = []
    for done, slug in enumerate(slugs):
        checks.append(_check(slug, theirs.get(slug), ours.get(slug), live, copy, formats))
        if progress is not None:
            progress(done + 1, len(slugs))
    return checks


def _check(slug: str, live_event: EventSummary | None, copy_event: EventSummary | None,
           live: Database, copy: Database, formats: Formats) -> EventCheck:
    if copy_event is None:
        return EventCheck(slug, MISSING, live_actions=len(_actions(live, live_event.id))
                          if live_event else 0)
    copied = _actions(copy, copy_event.id)
    try:
        copy_digest = event_digest(copied, copy_event.format, formats)
    except (PodiumError, LookupError) as error:
        return EventCheck(slug, BROKEN, len(copied), problem=str(error))
    if live_event is None:
        return EventCheck(slug, ONLY_COPY, len(copied), copy_digest=copy_digest)
    with live.session(readonly=True) as session:
        repo = EventRepository(session)
        total = repo.last_seq(live_event.id)
        stored = repo.actions(live_event.id, until=len(copied))
    try:
        live_digest = event_digest(stored, live_event.format, formats)
    except (PodiumError, LookupError) as error:
        return EventCheck(slug, BROKEN, len(copied), total, copy_digest, problem=str(error))
    result = SAME if live_digest == copy_digest and len(stored) == len(copied) else DIFFERS
    return EventCheck(slug, result, len(copied), total, copy_digest, live_digest)


__all__ = ["BROKEN", "DIFFERS", "MISSING", "ONLY_COPY", "SAME", "EventCheck", "event_digest",
           "verify"]
