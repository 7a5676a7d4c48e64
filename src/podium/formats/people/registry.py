"""The register's unit of work: the register of persons is created on first use.

Every write to the register (its own commands, and a link from an event's player) runs in
:func:`registry_unit`: a unit of work on the register's event, and when that event does not
exist yet, one that creates it (format ``people``, the caller's account its owner) in the same
transaction as the write, so a refused first command leaves no empty register behind."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from podium.core import codes
from podium.core.errors import Conflict
from podium.formats.people.rules import REGISTER_NAME

if TYPE_CHECKING:
    from podium.service.events import EventService, UnitOfWork


def registry_exists(service: EventService, slug: str) -> bool:
    from podium.store.repository import EventRepository

    with service.db.session(readonly=True) as session:
        return EventRepository(session).find(slug) is not None


@contextmanager
def registry_unit(service: EventService, slug: str, actor: str, owner: str | None = None,
                  *, dry_run: bool = False) -> Iterator[UnitOfWork]:
    """A unit of work on register ``slug``; created first, in the same transaction, when it
    does not exist (``owner``: the account made its owner). ``dry_run``: a preview, nothing
    stored (on a register not made yet: on an empty one in memory)."""
    if registry_exists(service, slug):
        with service.unit(slug, actor, dry_run=dry_run) as work:
            yield work
        return
    if dry_run:
        with _preview_unit(service, slug, actor) as work:
            yield work
        return
    with _created_unit(service, slug, actor, owner) as work:
        yield work


@contextmanager
def _preview_unit(service: EventService, slug: str, actor: str) -> Iterator[UnitOfWork]:
    """A preview on a register not made yet: an empty one in memory, nothing stored."""
    from podium.service.events import UnitOfWork, new_event_actions
    from podium.service.states import LoadedEvent
    from podium.store.repository import EventRepository

    _created, state = new_event_actions(slug, REGISTER_NAME, "people", {}, actor, None,
                                        service.clock(), service.formats)
    with service.db.session(readonly=True) as session:
        from podium.store.repository import EventSummary

        summary = EventSummary(0, slug, REGISTER_NAME, "people", service.clock())
        loaded = LoadedEvent(summary, service.formats("people"), state)
        yield UnitOfWork(service, session, EventRepository(session), loaded, actor, [], True)


@contextmanager
def _created_unit(service: EventService, slug: str, actor: str,
                  owner: str | None) -> Iterator[UnitOfWork]:
    """As :meth:`EventService.store_new` and :meth:`EventService.unit` together: the
    register's row, its ``event.created``, the owner's role and the command's actions in one
    transaction; any refusal rolls all of it back and drops the state."""
    from sqlalchemy import select

    from podium.service.accounts import OWNER
    from podium.service.events import UnitOfWork, mirror, new_event_actions
    from podium.service.states import LoadedEvent
    from podium.store.models import EventRoleRow, UserRow
    from podium.store.repository import EventRepository, StaleLog

    created, state = new_event_actions(slug, REGISTER_NAME, "people", {}, actor, None,
                                       service.clock(), service.formats)
    ruleset = service.formats("people")
    holder = service.states.holder(slug)
    with holder.lock:
        try:
            with service.db.session() as session:
                repo = EventRepository(session)
                try:
                    summary = repo.create(slug, created.payload["name"], "people", created.at)
                except Conflict as error:
                    if error.code != codes.EVENT_EXISTS:
                        raise
                    # made by another writer a moment ago: the command runs again on it
                    raise StaleLog("the register was made meanwhile", code=codes.EVENT_EXISTS,
                                   field="slug") from None
                repo.append(summary.id, [created])
                if owner:
                    user = session.scalar(select(UserRow).where(
                        UserRow.username == owner.strip().lower()))
                    if user is not None:
                        session.add(EventRoleRow(event_id=summary.id, user_id=user.id,
                                                 role=OWNER, granted_by=actor,
                                                 granted_at=created.at))
                loaded = LoadedEvent(summary, ruleset, state, holder)
                holder.discard()
                holder.loaded = loaded
                work = UnitOfWork(service, session, repo, loaded, actor, [])
                yield work
                mirror(repo, summary, loaded)
            holder.pending_actions = state.last_seq
        except BaseException:
            holder.discard()
            raise
        finally:
            service.states.answered()


__all__ = ["REGISTER_NAME", "registry_exists", "registry_unit"]
