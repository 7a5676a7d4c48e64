"""Reading and writing events and their action logs inside one session (transaction)."""

from __future__ import annotations

import builtins
import json
import sys
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from podium.core import codes
from podium.core.errors import SURROGATE, Conflict, InvalidInput, NotFound
from podium.core.log import Action
from podium.store.columns import (
    ACTOR_LENGTH,
    FORMAT_LENGTH,
    KIND_LENGTH,
    NAME_LENGTH,
    SLUG_LENGTH,
)

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from podium.store.db import Database

# SQLAlchemy, its ORM and the models are imported by the first repository over a SQLAlchemy
# session, not with this module: a command line write on a SQLite file runs over plain sqlite3
# (:mod:`podium.store.plain_store`) and never needs them (0.23 s of CPU a run).
APPEND_BATCH = 10_000  # rows a statement when a long log is stored at once (import)
_LOCK_NAMESPACE = 0x706F64  # "pod": the first key of every per-event advisory lock


@cache
def _tables() -> tuple[Any, Any, tuple[Any, ...]]:
    """The ``actions`` and ``events`` tables and the log's columns: the payload is read as its
    JSON text and the whole log decoded with one json.loads call (per-row JSON decoding, by
    SQLAlchemy or psycopg, is what made long logs slow to load)."""
    from sqlalchemy import Text, cast

    from podium.store.models import ActionRow, EventRow

    actions, events = ActionRow.__table__, EventRow.__table__
    columns = (actions.c.seq, actions.c.kind, actions.c.actor, actions.c.at, actions.c.reason,
               cast(actions.c.payload, Text))
    return actions, events, columns


@dataclass(frozen=True)
class EventSummary:
    """An event's stored identity; its state is rebuilt from :meth:`EventRepository.actions`."""

    id: int
    slug: str
    name: str
    format: str
    created_at: datetime
    archived: bool = False
    date: str | None = None
    venue: str = ""
    status: str | None = None  # None: stored before migration 0007, not derived yet

    @property
    def listing(self) -> tuple[str, bool, str | None, str, str | None]:
        """What the home page lists, as mirrored from the log (:meth:`EventRepository.mirror`)."""
        return (self.name, self.archived, self.date, self.venue, self.status)


class StoredToken(NamedTuple):
    """An API token's row as a request's sign-in reads it (:meth:`EventRepository.api_token`)."""

    id: int
    user_id: int
    username: str
    expires_at: datetime
    revoked_at: datetime | None


def _summary(row: Any) -> EventSummary:
    """From an :class:`EventRow` or a row of its table's columns."""
    return EventSummary(
        id=row.id,
        slug=row.slug,
        name=row.name,
        format=row.format,
        created_at=row.created_at.astimezone(UTC),
        archived=bool(row.archived),
        date=row.starts_on,
        venue=row.venue or "",
        status=row.status,
    )


def list_events(db: Database) -> builtins.list[EventSummary]:
    """Every event of ``db``, oldest first, in one read (``podium event list`` reads it without
    the service and the core it imports)."""
    with db.session(readonly=True) as session:
        return EventRepository(session).list()


def storable(text: str) -> bool:
    """Text both stores can hold and compare: no NUL (PostgreSQL's text refuses it), no lone
    surrogate (no encoder writes it). A key that is not storable names nothing stored, so a
    lookup by it answers "not found" without asking the database."""
    return "\x00" not in text and SURROGATE.search(text) is None


def _check_length(what: str, value: str, limit: int) -> None:
    # PostgreSQL enforces VARCHAR lengths and SQLite does not: check here so both agree.
    if len(value) > limit:
        raise InvalidInput(
            "the %(what)s is too long (%(value_count)s characters, at most %(limit)s)",
            code=codes.TEXT_LENGTH, what=what, value_count=len(value), limit=limit)


class StaleLog(Conflict):
    """The change was built on an older state of the log than the stored one: nothing was
    stored. It says nothing about the change itself, so the service builds it again on the new
    state (:meth:`podium.service.events.EventService.execute`); writers of one event normally
    never meet it, since they queue on the event's lock."""


def _stale(last: int, first: int) -> StaleLog:
    return StaleLog(
        "another change to this event was saved meanwhile (the stored log ends at"
        " action %(last)s, this change starts at action %(first)s); reload the "
        "event and try again", code=codes.LOG_STALE, last=last, first=first
    )


BLOB_CHUNK = 1 << 20  # bytes of a large snapshot written into SQLite at a time


class EventRepository:
    """Events and their append-only logs, inside the caller's session (one transaction).

    Write methods leave the session usable after raising :class:`Conflict` (they work inside
    a savepoint), but the caller normally lets the error end the transaction.
    """

    def __new__(cls, session: Session) -> EventRepository:
        """Over a plain sqlite3 session (:class:`podium.store.plain_store.PlainSession`, the command
        line's writes) the same repository in plain SQL, so the service's code is
        the same over either store."""
        plain = sys.modules.get("podium.store.plain_store")  # none before it is imported
        if cls is EventRepository and plain is not None and isinstance(session,
                                                                       plain.PlainSession):
            return object.__new__(plain.PlainRepository)
        return object.__new__(cls)

    def __init__(self, session: Session) -> None:
        self.session = session

    # -- events ------------------------------------------------------------------------------

    def create(self, slug: str, name: str, format: str, created_at: datetime) -> EventSummary:
        """Store a new event; :class:`Conflict` if the slug is taken (nothing is stored)."""
        taken = self._may_create(slug, name, format, created_at)
        from sqlalchemy.exc import IntegrityError

        from podium.store.models import EventRow

        row = EventRow(slug=slug, name=name, format=format, created_at=created_at)
        try:
            with self.session.begin_nested():
                self.session.add(row)
        except IntegrityError:
            # Created by someone else between our check and our insert.
            raise taken from None
        return _summary(row)

    def _may_create(self, slug: str, name: str, format: str, created_at: datetime) -> Conflict:
        """Check a new event's fields and that its slug is free (both stores, the same
        refusals); the refusal to raise if the insert finds the slug taken after all."""
        if created_at.tzinfo is None:
            raise ValueError("created_at must carry a zone")
        _check_length("event slug", slug, SLUG_LENGTH)
        _check_length("event name", name, NAME_LENGTH)
        _check_length("format name", format, FORMAT_LENGTH)
        taken = Conflict(
            "an event with the slug %(slug)r already exists", code=codes.EVENT_EXISTS,
            slug=slug)
        if self.find(slug) is not None:
            raise taken
        return taken

    def find(self, slug: str) -> EventSummary | None:
        if not storable(slug):  # no event has it; PostgreSQL would refuse to compare it
            return None
        from sqlalchemy import select

        _, events, _ = _tables()
        # the row's columns, not an ORM object: loading an entity cost a write about 0.1 ms
        row = self.session.execute(select(events).where(events.c.slug == slug)).one_or_none()
        return None if row is None else _summary(row)

    def get(self, slug: str) -> EventSummary:
        """The event with this slug, or :class:`NotFound`."""
        found = self.find(slug)
        if found is None:
            raise NotFound(
                "no event %(slug)r", code=codes.EVENT_UNKNOWN,
                slug=slug)
        return found

    def list(self) -> builtins.list[EventSummary]:
        """Every event, oldest first."""
        from sqlalchemy import select

        from podium.store.models import EventRow

        rows = self.session.scalars(select(EventRow).order_by(EventRow.created_at, EventRow.id))
        return [_summary(row) for row in rows]

    def role_of(self, username: str, slug: str) -> str | None:
        """The role of the organiser account ``username`` in event ``slug`` (None: none)."""
        from sqlalchemy import select

        from podium.store.models import EventRoleRow, EventRow, UserRow

        return self.session.scalar(
            select(EventRoleRow.role)
            .join(EventRow, EventRow.id == EventRoleRow.event_id)
            .join(UserRow, UserRow.id == EventRoleRow.user_id)
            .where(EventRow.slug == slug, UserRow.username == username.strip().lower()))

    def share_roles(self, source: str, target: str, granted_by: str, at: datetime) -> int:
        """Give everyone who runs event ``source`` the same role in ``target`` (a season a
        year creates is run by the year's organisers), keeping a role ``target`` already
        gives; returns how many roles were added."""
        from sqlalchemy import select

        from podium.store.models import EventRoleRow, EventRow

        ids = dict(self.session.execute(
            select(EventRow.slug, EventRow.id).where(EventRow.slug.in_((source, target)))).all())
        if source not in ids or target not in ids:
            return 0
        have = set(self.session.scalars(
            select(EventRoleRow.user_id).where(EventRoleRow.event_id == ids[target])))
        added = 0
        for user_id, role in self.session.execute(
                select(EventRoleRow.user_id, EventRoleRow.role)
                .where(EventRoleRow.event_id == ids[source])).all():
            if user_id not in have:
                self.session.add(EventRoleRow(event_id=ids[target], user_id=user_id, role=role,
                                              granted_by=granted_by, granted_at=at))
                added += 1
        self.session.flush()
        return added

    def find_with_role(self, slug: str, username: str
                       ) -> tuple[EventSummary, str | None] | None:
        """:meth:`find` and :meth:`role_of` in one statement (a write's first read)."""
        from sqlalchemy import select

        from podium.store.models import EventRoleRow, UserRow

        if not storable(slug):
            return None
        _, events, _ = _tables()
        role = (select(EventRoleRow.role)
                .join(UserRow, UserRow.id == EventRoleRow.user_id)
                .where(EventRoleRow.event_id == events.c.id,
                       UserRow.username == username.strip().lower())
                .scalar_subquery())
        row = self.session.execute(select(events, role.label("role_in_event"))
                                   .where(events.c.slug == slug)).one_or_none()
        return None if row is None else (_summary(row), row.role_in_event)

    def find_with_last(self, slug: str) -> tuple[EventSummary, int] | None:
        """:meth:`find` and the ``seq`` of the event's last stored action (0: none) in one
        statement: what a unit of work reads before it writes."""
        from sqlalchemy import func, select

        if not storable(slug):
            return None
        actions, events, _ = _tables()
        last = (select(func.max(actions.c.seq)).where(actions.c.event_id == events.c.id)
                .scalar_subquery())
        row = self.session.execute(select(events, last.label("last_seq"))
                                   .where(events.c.slug == slug)).one_or_none()
        return None if row is None else (_summary(row), int(row.last_seq or 0))

    def get_with_last(self, slug: str) -> tuple[EventSummary, int]:
        """:meth:`find_with_last`, or :class:`NotFound`."""
        found = self.find_with_last(slug)
        if found is None:
            self.get(slug)  # NotFound, named
        assert found is not None
        return found

    def api_token(self, token_hash: str) -> StoredToken | None:
        """The API token stored under ``token_hash`` and its account's username."""
        from sqlalchemy import select

        from podium.store.models import ApiTokenRow, UserRow

        row = self.session.execute(
            select(ApiTokenRow.id, ApiTokenRow.user_id, UserRow.username,
                   ApiTokenRow.expires_at, ApiTokenRow.revoked_at)
            .join(UserRow, ApiTokenRow.user_id == UserRow.id)
            .where(ApiTokenRow.token_hash == token_hash)).first()
        return None if row is None else StoredToken(*row)

    def mirror(self, event_id: int, name: str, archived: bool, date: str | None, venue: str,
               status: str | None) -> None:
        """Write what replay derives of the event's own record into its row (the home page
        reads it without replaying the event)."""
        from sqlalchemy import update

        from podium.store.models import EventRow

        _check_length("name", name, NAME_LENGTH)
        self.session.execute(update(EventRow).where(EventRow.id == event_id).values(
            name=name, archived=archived, starts_on=date, venue=venue[:NAME_LENGTH],
            status=status))

    def delete(self, event_id: int) -> None:
        """Remove an event and its whole log (no error if it does not exist): its roles,
        player codes and self-reports too."""
        from sqlalchemy import delete

        from podium.store.models import (
            ActionRow,
            EventRoleRow,
            EventRow,
            PlayerCodeRow,
            SelfReportRow,
            SnapshotRow,
        )
        from podium.store.notify import announce

        for table in (SelfReportRow, PlayerCodeRow, EventRoleRow):
            self.session.execute(delete(table).where(table.event_id == event_id))
        self.session.execute(delete(SnapshotRow).where(SnapshotRow.event_id == event_id))
        self.session.execute(delete(ActionRow).where(ActionRow.event_id == event_id))
        self.session.execute(delete(EventRow).where(EventRow.id == event_id))
        announce(self.session, event_id, 0)

    # -- the action log ----------------------------------------------------------------------

    @property
    def locks(self) -> bool:
        """Whether :meth:`lock` takes a lock (PostgreSQL's advisory lock): then the log's end
        is read after it, not with the event's row."""
        return bool(self.session.get_bind().dialect.name == "postgresql")

    def lock(self, event_id: int) -> None:
        """Serialise the writers of one event until the transaction ends.

        SQLite's write transactions already run one at a time (``BEGIN IMMEDIATE``); on
        PostgreSQL a transaction-scoped advisory lock per event makes a second writer wait for
        the first instead of failing on the log's unique ``seq``, so it then builds its change
        on the state the first one left.
        """
        if self.session.get_bind().dialect.name == "postgresql":
            from sqlalchemy import text

            self.session.execute(text("SELECT pg_advisory_xact_lock(:ns, :id)"),
                                 {"ns": _LOCK_NAMESPACE, "id": event_id})

    def actions(self, event_id: int, after: int = 0, until: int | None = None
                ) -> builtins.list[Action]:
        """The event's log in ``seq`` order from action ``after + 1`` (to ``until``, when
        given; empty for an unknown event)."""
        from sqlalchemy import select

        table, _, columns = _tables()
        self.session.flush()  # the Core query below bypasses autoflush
        query = select(*columns).where(table.c.event_id == event_id)
        if after:
            query = query.where(table.c.seq > after)
        if until is not None:
            query = query.where(table.c.seq <= until)
        rows = self.session.connection().execute(query.order_by(table.c.seq)).all()
        payloads = json.loads("[" + ",".join(row[5] for row in rows) + "]")
        return [
            Action(seq=seq, kind=kind, actor=actor, at=at, reason=reason, payload=payload)
            for (seq, kind, actor, at, reason, _), payload in zip(rows, payloads, strict=True)
        ]

    def action_stamp(self, event_id: int, seq: int) -> tuple[str, datetime] | None:
        """The kind and time of action ``seq`` (to check that a snapshot still fits the log)."""
        from sqlalchemy import select

        from podium.store.models import ActionRow

        row = self.session.execute(
            select(ActionRow.kind, ActionRow.at)
            .where(ActionRow.event_id == event_id, ActionRow.seq == seq)
        ).first()
        return None if row is None else (row[0], row[1])

    # -- snapshots ---------------------------------------------------------------------------

    def latest_snapshot(self, event_id: int, code_version: str
                        ) -> tuple[int, str, datetime, bytes] | None:
        """The newest snapshot of the event for this code version: (seq, kind and time of the
        action at seq, the pickled state)."""
        from sqlalchemy import select

        from podium.store.models import SnapshotRow

        row = self.session.execute(
            select(SnapshotRow.seq, SnapshotRow.last_kind, SnapshotRow.last_at, SnapshotRow.data)
            .where(SnapshotRow.event_id == event_id, SnapshotRow.code_version == code_version)
            .order_by(SnapshotRow.seq.desc())
            .limit(1)
        ).first()
        return None if row is None else (row[0], row[1], row[2], row[3])

    def save_snapshot(self, event_id: int, seq: int, code_version: str, last_kind: str,
                      last_at: datetime, data: bytes | memoryview, now: datetime) -> None:
        """Store a snapshot and drop the event's older ones (and those of other code)."""
        from sqlalchemy import delete, func

        from podium.store.models import SnapshotRow

        self.session.execute(delete(SnapshotRow).where(SnapshotRow.event_id == event_id))
        streamed = (len(data) > BLOB_CHUNK
                    and self.session.get_bind().dialect.name == "sqlite")
        row = SnapshotRow(event_id=event_id, seq=seq, code_version=code_version,
                          last_kind=last_kind, last_at=last_at, created_at=now,
                          data=func.zeroblob(len(data)) if streamed else data)
        self.session.add(row)
        self.session.flush()
        if streamed:
            # written into the row in pieces: bound whole, SQLite copies the value first (58
            # MB at 200,000 players, at the peak of an import)
            connection = self.session.connection().connection.driver_connection
            assert connection is not None
            view = memoryview(data)
            with connection.blobopen("snapshots", "data", row.id) as blob:
                for start in range(0, len(view), BLOB_CHUNK):
                    blob.write(view[start:start + BLOB_CHUNK])

    def find_many(self, slugs: Sequence[str]) -> dict[str, tuple[EventSummary, int]]:
        """Several events with the ``seq`` of their last stored action, in two queries (a
        series and its members); slugs not found are left out."""
        from sqlalchemy import func, select

        from podium.store.models import ActionRow, EventRow

        rows = self.session.scalars(select(EventRow).where(EventRow.slug.in_(list(slugs))))
        found = {row.id: _summary(row) for row in rows}
        if not found:
            return {}
        lasts = dict(self.session.execute(
            select(ActionRow.event_id, func.max(ActionRow.seq))
            .where(ActionRow.event_id.in_(list(found))).group_by(ActionRow.event_id)).all())
        return {summary.slug: (summary, int(lasts.get(event_id) or 0))
                for event_id, summary in found.items()}

    def last_seq(self, event_id: int) -> int:
        """The ``seq`` of the event's last stored action, 0 when the log is empty."""
        from sqlalchemy import func, select

        from podium.store.models import ActionRow

        last = self.session.scalar(
            select(func.max(ActionRow.seq)).where(ActionRow.event_id == event_id)
        )
        return int(last or 0)

    def _has_event(self, event_id: int) -> bool:
        from podium.store.models import EventRow

        return self.session.get(EventRow, event_id) is not None

    def _continued(self, event_id: int, actions: Sequence[Action], last: int | None) -> int:
        """The log's last ``seq`` (read unless the caller gives it) after checking that
        ``actions`` continue it and fit their columns (both stores: the same refusals)."""
        trusted = last is not None
        if last is None:
            last = self.last_seq(event_id)
        if last == 0 and not trusted and not self._has_event(event_id):
            raise NotFound(
                "no event with id %(event_id)s", code=codes.EVENT_UNKNOWN,
                event_id=event_id)
        if [action.seq for action in actions] != builtins.list(
            range(last + 1, last + 1 + len(actions))
        ):
            raise _stale(last, actions[0].seq)
        for action in actions:
            _check_length("action kind", action.kind, KIND_LENGTH)
            _check_length("actor name", action.actor, ACTOR_LENGTH)
        return last

    def append(self, event_id: int, actions: Sequence[Action], *,
               last: int | None = None) -> None:
        """Add actions to the end of the event's log.

        Their ``seq`` must continue the stored log exactly (last + 1, last + 2, ...).
        Otherwise, or if a concurrent writer stored the same ``seq`` first, :class:`Conflict`
        is raised and none of them is stored.

        ``last``: the stored log's last ``seq`` as the caller read it in this transaction, with
        the event's lock held (a unit of work), and the caller ends the transaction on any
        error: the log is not read again and no savepoint is made (on SQLite those were a
        quarter of a result write's CPU). The log's unique ``seq`` still refuses a
        stale change.
        """
        if not actions:
            return
        from sqlalchemy import insert
        from sqlalchemy.exc import IntegrityError

        from podium.store.notify import announce

        trusted = last is not None
        last = self._continued(event_id, actions, last)
        rows = []
        for action in actions:
            rows.append(
                {
                    "event_id": event_id,
                    "seq": action.seq,
                    "kind": action.kind,
                    "actor": action.actor,
                    "at": action.at,
                    "reason": action.reason,
                    "payload": action.payload,
                }
            )
        try:
            with nullcontext() if trusted else self.session.begin_nested():
                # in batches: an imported file of 200,000 players is 450,000 rows, and one
                # statement over all of them holds every bound parameter in memory at once
                for start in range(0, len(rows), APPEND_BATCH):
                    self.session.execute(insert(_tables()[0]), rows[start:start + APPEND_BATCH])
        except IntegrityError:
            # A concurrent writer stored the same seq first (the unique constraint caught it).
            raise _stale(last, actions[0].seq) from None
        # every server's pages learn of it on commit (PostgreSQL; podium.store.notify)
        announce(self.session, event_id, actions[-1].seq)
