"""The register of persons built for tests: its actions stored through the service, in one
function (:func:`register`) to switch to the register's own commands (``people.add``,
``person.link``) once they exist."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from podium.core.commands import CLI, TEXT, Caller
from podium.core.errors import NotFound
from podium.formats.people.book import (
    PERSON_ADDED,
    PERSON_CHANGED,
    PERSON_HIDDEN,
    PLAYER_LINKED,
    book_of,
)
from podium.formats.people.rules import REGISTRY
from podium.service.catalog import Invocation, Seen
from podium.service.events import EventService, NewAction

ACTOR = "judge"


def register(service: EventService, persons: Sequence[str] = (),
             links: Sequence[tuple[str, str, str]] = (), hidden: Sequence[str] = (),
             settings: dict[str, Any] | None = None, clubs: dict[str, str] | None = None
             ) -> dict[str, int]:
    """Add ``persons`` (names) to the register (created if missing), link each ``(event,
    player's name, person's name)``, hide ``hidden`` persons and give persons their
    ``clubs``; the persons' ids by name."""
    try:
        loaded = service.load(REGISTRY)
    except NotFound:
        loaded = service.create_event(REGISTRY, "Persons", "people", settings or {}, ACTOR)
    book = book_of(loaded.state)
    new = [n for n in persons if book.by_name(n) is None]
    actions = [NewAction(PERSON_ADDED, {"person": book.next_id + i, "name": n})
               for i, n in enumerate(new)]
    if actions:
        service.run(REGISTRY, ACTOR, lambda _loaded: actions)
    book = book_of(service.load(REGISTRY).state)
    ids = {p.name: p.id for p in book.persons.values()}
    actions = []
    for event, player, person in links:
        found = service.load(event).state.player_by_name(player)
        assert found is not None, player
        actions.append(NewAction(PLAYER_LINKED, {"event": event, "player": found.id,
                                                 "person": ids[person]}))
    actions += [NewAction(PERSON_HIDDEN, {"person": ids[n], "hidden": True}) for n in hidden]
    actions += [NewAction(PERSON_CHANGED, {"person": ids[n], "club": club})
                for n, club in (clubs or {}).items()]
    if actions:
        service.run(REGISTRY, ACTOR, lambda _loaded: actions)
    return ids


def read(service: EventService, name: str, **fields: Any) -> Seen:
    """A declared view of the register, as the command line reads it."""
    return service.read(Invocation(name, REGISTRY, fields, TEXT, CLI),
                        Caller(actor=ACTOR, local=True))
