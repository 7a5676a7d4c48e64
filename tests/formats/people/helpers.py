"""The register of persons built for tests through its own declared commands (``people.add``,
``person.link``, ``people.hide``, ``people.edit``), as the command line runs them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from podium.core.commands import CLI, TEXT, Caller
from podium.core.errors import NotFound
from podium.formats.people.book import book_of
from podium.formats.people.rules import REGISTER_NAME, REGISTRY
from podium.service.catalog import Invocation, Seen
from podium.service.events import EventService

ACTOR = "judge"


def run(service: EventService, command: str, slug: str, **fields: Any) -> Any:
    """A declared command as the command line runs it (the organiser of the database)."""
    return service.execute(Invocation(command, slug, fields, TEXT, CLI),
                           Caller(actor=ACTOR, local=True))


def register(service: EventService, persons: Sequence[str] = (),
             links: Sequence[tuple[str, str, str]] = (), hidden: Sequence[str] = (),
             settings: dict[str, Any] | None = None, clubs: dict[str, str] | None = None
             ) -> dict[str, int]:
    """Add ``persons`` (names) to the register (made by its first command), link each
    ``(event, player's name, person's name)``, hide ``hidden`` persons and give persons their
    ``clubs``, through the register's own commands; the persons' ids by name. ``settings``:
    the register made first with them (the rating model)."""
    if settings:
        try:
            service.load(REGISTRY)
        except NotFound:
            service.create_event(REGISTRY, REGISTER_NAME, "people", settings, ACTOR)
    for name in persons:
        run(service, "people.add", REGISTRY, name=name)
    for event, player, person in links:
        run(service, "person.link", event, player=player, person=person)
    for name in hidden:
        run(service, "people.hide", REGISTRY, person=name, reason="asked to")
    for name, club in (clubs or {}).items():
        run(service, "people.edit", REGISTRY, person=name, club=club)
    book = book_of(service.load(REGISTRY).state)
    return {p.name: p.id for p in book.persons.values()}


def read(service: EventService, name: str, **fields: Any) -> Seen:
    """A declared view of the register, as the command line reads it."""
    return service.read(Invocation(name, REGISTRY, fields, TEXT, CLI),
                        Caller(actor=ACTOR, local=True))
