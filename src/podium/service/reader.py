"""Reading a declared view (:mod:`podium.core.reads`) for a caller: the one place that finds
the view, checks that the event's format has it and that the caller may read it, decodes its
parameters and reads it (:meth:`podium.service.events.EventService.read` calls :func:`read`).

The order is what a caller can learn, as for commands (:mod:`.invoke`): an unknown view or
event first (404), then who is asking (401, 403), then the parameters (422, every bad one
named at once), then what the view itself refuses (404 for a round that does not exist, 409
for a TOP not built).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING, Any

from podium.core import codes
from podium.core.commands import ANYONE, ORGANISER, PLAYER, Caller, decode_input
from podium.core.errors import Forbidden, Unauthorised
from podium.core.log import Action
from podium.core.reads import Member, ViewCall, ViewSpec
from podium.core.views import N_
from podium.service.catalog import Invocation, Seen
from podium.service.invoke import authorise, offered_on
from podium.service.states import holding

if TYPE_CHECKING:
    from podium.service.events import EventService
    from podium.service.states import LoadedEvent

Loader = Callable[[str], "LoadedEvent"]

#: What :meth:`ServiceSource.extra` reads for the register of persons
#: (:mod:`podium.service.ratings`).
PEOPLE_EXTRAS = frozenset({"ratings", "events_of", "person_of"})
#: What an organiser's read asks of its caller (:meth:`ServiceSource.organiser`).
_ORGANISER_READ: ViewSpec[Any] = ViewSpec("organiser", "organiser", lambda call: None, object,
                                          role=ORGANISER)


class ServiceSource:
    """What a view reads beyond the state, from the service (:class:`podium.core.reads.Source`):
    each part read only when the view asks for it."""

    def __init__(self, service: EventService, loaded: LoadedEvent, caller: Caller) -> None:
        self.service = service
        self.loaded = loaded
        self.caller = caller
        self._logs: dict[tuple[int, int | None], tuple[list[Action], int]] = {}

    def now(self) -> datetime:
        return self.service.clock()

    def created_at(self) -> datetime:
        created: datetime = self.loaded.summary.created_at
        return created

    def log(self, offset: int, limit: int | None) -> tuple[list[Action], int]:
        """A page of the log as the state read has it, read once (the command line prints
        the page the log view read)."""
        from podium.store.repository import EventRepository

        known = self._logs.get((offset, limit))
        if known is not None:
            return list(known[0]), known[1]
        last = self.loaded.state.last_seq  # the log as the state read has it
        until = last if limit is None else min(last, offset + limit)
        with self.service.db.session(readonly=True) as session:
            found = EventRepository(session).actions(self.loaded.summary.id, offset, until)
        self._logs[(offset, limit)] = (found, last)
        return list(found), last

    def tables(self) -> EventService:
        """The service over the tables beside the log (the players' codes, their
        self-reports): a service over plain sqlite3 (a command line's read, which reads the
        log and snapshots only) hands them to one over SQLAlchemy on the same file."""
        from podium.store.plain_store import PlainDatabase

        db = self.service.db
        if not isinstance(db, PlainDatabase):
            return self.service
        from podium.service.events import EventService
        from podium.store.db import Database

        return EventService(Database(f"sqlite:///{db.path}"), clock=self.service.clock,
                            catalog=self.service.catalog, formats=self.service.formats)

    def organiser(self) -> bool:
        """The command line (the organiser of its database), or an owner's or judge's
        account of this event."""
        from podium.core.errors import PodiumError

        try:
            authorise(self.service, _ORGANISER_READ, self.loaded.summary.slug, self.caller)
        except PodiumError:
            return False
        return True

    def codes(self) -> dict[int, str]:
        from podium.service.selfreport import SelfReportService

        return SelfReportService(self.tables()).codes(self.loaded.summary.slug)

    def members(self) -> list[Member]:
        """The members caught up in one database session; a member whose event is gone
        (deleted after it was added) is left out, so the series still shows the others."""
        from podium.core.errors import NotFound
        from podium.core.series import book_of

        entries = book_of(self.loaded.state).members
        try:
            loaded = self.service.load_many([m.event for m in entries]) if entries else []
        except NotFound:
            kept = []
            for entry in entries:
                try:
                    kept.append((entry, self.service.load(entry.event)))
                except NotFound:
                    continue
            return [Member(m.label, m.event, one.state, one.ruleset) for m, one in kept]
        return [Member(m.label, m.event, one.state, one.ruleset)
                for m, one in zip(entries, loaded, strict=True)]

    def extra(self, what: str, **params: Any) -> Any:
        catalog = self.service.require_catalog()
        if what == "commands":
            return catalog.commands_for(self.loaded.ruleset.name)
        if what == "views":
            return catalog.views_for(self.loaded.ruleset.name)
        if what == "reports":  # the players' self-reports, open ones or (all=True) every one
            from podium.service.selfreport import SelfReportService

            return SelfReportService(self.tables()).reports(
                self.loaded.summary.slug, open_only=not params.get("all"))
        if what in PEOPLE_EXTRAS:  # the register's: ratings across events, a person's events
            from podium.service import ratings

            return ratings.extra(self.service, self.loaded, what, **params)
        if what == "organiser":  # whether the reader is an organiser of the event
            return self.organiser()
        if what == "strengths":  # the players' strengths for a projection's rating model
            from podium.service.odds import strengths_of

            return strengths_of(self.service, self.loaded)
        if what == "register":  # the register of persons as it stands (a copy)
            from podium.service.person_link_run import register_book

            return register_book(self.service)
        raise KeyError(what)


def read(service: EventService, invocation: Invocation, caller: Caller,
         load: Loader | None = None) -> Seen:
    """Read the view ``invocation`` names as ``caller``; ``load`` gives the event (a server's
    cache of replayed events; default the service's own)."""
    catalog = service.require_catalog()
    spec = catalog.view(invocation.name)
    offered_on(spec, invocation.surface)
    slug = invocation.slug or ""
    if not spec.event:
        authorise_read(service, spec, None, caller)
        values = decode_input(spec, invocation.fields, invocation.source,
                              surface=invocation.surface)
        value = spec.read(ViewCall("", values, caller, None, None, None))  # type: ignore[arg-type]  # no event
        return Seen(spec, value, values, None)
    loaded = (load or service.load)(slug)
    authorise_read(service, spec, slug, caller)  # first: see invoke
    catalog.check_format(spec, loaded.ruleset, slug)
    values = decode_input(spec, invocation.fields, invocation.source, surface=invocation.surface)
    # held still: no catch-up or snapshot of this process changes it while it is read
    with holding(load or service.load, slug, loaded) as held:
        source = ServiceSource(service, held, caller)
        call = ViewCall(slug, values, caller, held.state, held.ruleset, source)
        return Seen(spec, spec.read(call), values, held, source)


def authorise_read(service: EventService, spec: ViewSpec[Any], slug: str | None,
                   caller: Caller) -> None:
    """The caller against the view's role: anyone reads a public view; an organiser's view
    needs the command line (the organiser of its database) or an owner's or judge's account;
    a player's needs the player's code."""
    if spec.role == ANYONE:
        return
    if spec.role == PLAYER and not caller.code:
        if caller.username or caller.local:
            raise Forbidden(N_("this is read with a player code, not an organiser's sign-in"),
                            code=codes.CODE_REQUIRED)
        raise Unauthorised(N_("this needs your player code"), code=codes.AUTH_REQUIRED)
    if spec.role == ORGANISER:
        authorise(service, spec, slug, caller)


@cache
def adapter(returns: Any) -> Any:
    """The pydantic adapter of a value type (imported only when a value is encoded)."""
    from pydantic import TypeAdapter

    return TypeAdapter(returns)


def encode(seen: Seen) -> Any:
    """The view's value as JSON data of its declared type (tables as their typed form, one
    page of rows as asked): what the API answers and ``--json`` prints."""
    from podium.core.values import Tables, table_value
    from podium.core.views import TableView

    value = seen.value
    if isinstance(value, TableView):
        limit = seen.values.get("limit")
        value = table_value(value, int(seen.values.get("offset") or 0),
                            None if limit is None else int(limit))
    elif isinstance(value, list) and all(isinstance(v, TableView) for v in value):
        value = Tables([table_value(v) for v in value])
    return adapter(seen.spec.returns).dump_python(value, mode="json")


__all__ = ["ServiceSource", "adapter", "authorise_read", "encode", "read"]
