"""The register of persons, replayed from its own event's log.

A person plays in several events; each event's player is linked to one. The register is an
event of the ``people`` format: its log holds every person added, renamed, given other names
or a club, hidden under initials, merged, and every link from an event's player, each with its
actor, time and reason, so a rating or a person's page is derived by replay and an undo is a
new record (a rename back, an unlink). Kinds (``people.*``):

- ``people.person_added``: ``person`` (the new id), ``name``, ``aliases`` (nicknames on game
  servers), ``club``;
- ``people.person_changed``: ``person`` and any of ``name``, ``aliases``, ``club`` (the old
  values kept in ``old``);
- ``people.person_hidden``: ``person``, ``hidden`` (shown under initials; results kept);
- ``people.persons_merged``: ``keep``, ``other`` (the other's links and names become the kept
  person's; its id then reads as the kept one);
- ``people.player_linked``: ``event``, ``player``, ``person``;
- ``people.player_unlinked``: ``event``, ``player``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.log import Action
from podium.core.model import EventState
from podium.core.ruleset import ActionKind
from podium.core.schema import NAME, PLAYER, AnyJson, Bool, ListOf, Obj, Str, obj
from podium.formats.people import codes
from podium.formats.people.names import exact_key, initials, loose_key, plain

PERSON_ADDED = "people.person_added"
PERSON_CHANGED = "people.person_changed"
PERSON_HIDDEN = "people.person_hidden"
PERSONS_MERGED = "people.persons_merged"
PLAYER_LINKED = "people.player_linked"
PLAYER_UNLINKED = "people.player_unlinked"

PERSON = PLAYER  # a positive whole number
SLUG = Str(80, non_empty=True)
ALIASES = ListOf(Str(200, non_empty=True), max_items=20)
CLUB = Str(200)


@dataclass
class Person:
    """One person as the register stands: ``aliases`` their other names (nicknames on BGA,
    Tenhou, MahjongTime...), ``hidden`` shown under initials only."""

    id: int
    name: str
    aliases: tuple[str, ...] = ()
    club: str = ""
    hidden: bool = False

    @property
    def shown(self) -> str:
        """The name a public page shows."""
        return initials(self.name) if self.hidden else self.name

    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


@dataclass
class PeopleBook:
    """``state.extra["people"]``: the persons, the merged ids (read as the kept one) and the
    links ``(event, player) -> person``, with indexes so a register of 10,000 persons answers
    a name or a person's events without a scan."""

    persons: dict[int, Person] = field(default_factory=dict)
    merged: dict[int, int] = field(default_factory=dict)
    links: dict[tuple[str, int], int] = field(default_factory=dict)
    next_id: int = 1
    #: exact name key -> person; loose key -> persons; person -> their (event, player) links
    exact: dict[str, int] = field(default_factory=dict)
    loose: dict[str, set[int]] = field(default_factory=dict)
    linked: dict[int, dict[tuple[str, int], None]] = field(default_factory=dict)

    def resolve(self, person: int) -> int:
        """The id a person is kept under now (a merged id reads as the kept one)."""
        while person in self.merged:
            person = self.merged[person]
        return person

    def get(self, person: int, field_name: str = "person") -> Person:
        found = self.persons.get(self.resolve(person))
        if found is None:
            raise NotFound("no person %(person)s", code=codes.PERSON_UNKNOWN, field=field_name,
                           person=person)
        return found

    def person_of(self, event: str, player: int) -> Person | None:
        person = self.links.get((event, player))
        return None if person is None else self.persons.get(self.resolve(person))

    def players_of(self, person: int) -> list[tuple[str, int]]:
        """Every (event, player) linked to the person, in the order linked."""
        return list(self.linked.get(self.resolve(person), {}))

    def events_of(self, person: int) -> set[str]:
        return {event for event, _player in self.players_of(person)}

    def by_name(self, name: str) -> Person | None:
        """The person whose name or other name is ``name`` up to case, spaces and ё/е."""
        found = self.exact.get(exact_key(name))
        return None if found is None else self.persons.get(found)

    def similar(self, name: str) -> list[Person]:
        """Persons whose name or other name spells ``name`` another way (transliterated,
        the words in another order): suggestions to confirm."""
        ids = sorted(self.loose.get(loose_key(name), ()))
        return [self.persons[i] for i in ids if i in self.persons]

    # the indexes, kept by the handlers below
    def index(self, person: Person) -> None:
        for name in person.names():
            self.exact[exact_key(name)] = person.id
            self.loose.setdefault(loose_key(name), set()).add(person.id)

    def unindex(self, person: Person) -> None:
        for name in person.names():
            if self.exact.get(exact_key(name)) == person.id:
                del self.exact[exact_key(name)]
            self.loose.get(loose_key(name), set()).discard(person.id)

    def link(self, key: tuple[str, int], person: int) -> None:
        self.unlink(key)
        self.links[key] = person
        self.linked.setdefault(person, {})[key] = None

    def unlink(self, key: tuple[str, int]) -> None:
        person = self.links.pop(key, None)
        if person is not None:
            self.linked.get(self.resolve(person), {}).pop(key, None)


def book_of(state: EventState) -> PeopleBook:
    return state.book("people", PeopleBook)


def _free(book: PeopleBook, names: list[str], person: int | None, field_name: str) -> None:
    """A name or other name may belong to one person only (a link suggestion must be one)."""
    for name in names:
        owner = book.by_name(name)
        if owner is not None and owner.id != person:
            raise Conflict("%(name)s is already a name of %(other)s", code=codes.PERSON_DUPLICATE,
                           field=field_name, name=name, other=owner.name)


def _aliases(values: list[str], name: str) -> tuple[str, ...]:
    out: list[str] = []
    for alias in (plain(a) for a in values):
        if alias and exact_key(alias) != exact_key(name) and \
                exact_key(alias) not in {exact_key(a) for a in out}:
            out.append(alias)
    return tuple(out)


def person_added(state: EventState, action: Action, ruleset: Any) -> None:
    book = book_of(state)
    p = action.payload
    if p["person"] != book.next_id:
        raise InvalidInput("the next person's id is %(expected)s", code=codes.PERSON_ID,
                           field="person", expected=book.next_id)
    name = plain(p["name"])
    aliases = _aliases(p.get("aliases", []), name)
    _free(book, [name], None, "name")
    _free(book, list(aliases), None, "aliases")
    person = Person(book.next_id, name, aliases, plain(p.get("club", "")))
    book.persons[person.id] = person
    book.index(person)
    book.next_id += 1


def person_changed(state: EventState, action: Action, ruleset: Any) -> None:
    book = book_of(state)
    p = action.payload
    person = book.get(p["person"])
    name = plain(p["name"]) if "name" in p else person.name
    if not name:
        raise InvalidInput("a person needs a name", code=codes.PERSON_NAME, field="name")
    aliases = _aliases(p["aliases"], name) if "aliases" in p else _aliases(list(person.aliases),
                                                                           name)
    _free(book, [name], person.id, "name")
    _free(book, list(aliases), person.id, "aliases")
    book.unindex(person)
    person.name, person.aliases = name, aliases
    book.index(person)
    if "club" in p:
        person.club = plain(p["club"])


def person_hidden(state: EventState, action: Action, ruleset: Any) -> None:
    book_of(state).get(action.payload["person"]).hidden = action.payload["hidden"]


def persons_merged(state: EventState, action: Action, ruleset: Any) -> None:
    book = book_of(state)
    keep = book.get(action.payload["keep"], "keep")
    other = book.get(action.payload["other"], "other")
    if keep.id == other.id:
        raise InvalidInput("a person cannot be merged with themselves",
                           code=codes.PERSON_MERGE_SELF, field="other")
    both = sorted(book.events_of(keep.id) & book.events_of(other.id))
    if both:
        raise Conflict("%(keep)s and %(other)s both played %(event)s: two people",
                       code=codes.PERSON_MERGE_MET, field="other", keep=keep.name,
                       other=other.name, event=both[0])
    book.unindex(other)
    book.unindex(keep)
    del book.persons[other.id]
    book.merged[other.id] = keep.id
    for key in book.linked.pop(other.id, {}):
        book.linked.setdefault(keep.id, {})[key] = None
    keep.aliases = _aliases([*keep.aliases, *other.names()], keep.name)
    book.index(keep)
    if not keep.club:
        keep.club = other.club
    keep.hidden = keep.hidden or other.hidden


def player_linked(state: EventState, action: Action, ruleset: Any) -> None:
    book = book_of(state)
    p = action.payload
    person = book.get(p["person"])
    key = (p["event"], p["player"])
    linked = book.person_of(*key)
    if linked is not None and linked.id != person.id:
        raise Conflict("that player is already linked to %(other)s", code=codes.PERSON_LINKED,
                       field="player", other=linked.name)
    # a person plays once in an event: two of its players are two people
    for event, player in book.players_of(person.id):
        if event == key[0] and player != key[1]:
            raise Conflict("%(person)s is already player #%(player)s of %(event)s",
                           code=codes.PERSON_TWICE, field="person", person=person.name,
                           player=player, event=event)
    book.link(key, person.id)


def player_unlinked(state: EventState, action: Action, ruleset: Any) -> None:
    book = book_of(state)
    key = (action.payload["event"], action.payload["player"])
    if key not in book.links:
        raise NotFound("that player is linked to nobody", code=codes.PERSON_NOT_LINKED,
                       field="player")
    book.unlink(key)


PEOPLE_KINDS = (
    ActionKind(PERSON_ADDED, person_added,
               obj({"person": PERSON, "name": NAME}, {"aliases": ALIASES, "club": CLUB}),
               "Person added"),
    ActionKind(PERSON_CHANGED, person_changed,
               obj({"person": PERSON}, {"name": NAME, "aliases": ALIASES, "club": CLUB,
                                        "old": Obj(extra=AnyJson(1000))}),
               "Person changed"),
    ActionKind(PERSON_HIDDEN, person_hidden, obj({"person": PERSON, "hidden": Bool()}),
               "Person hidden or shown"),
    ActionKind(PERSONS_MERGED, persons_merged, obj({"keep": PERSON, "other": PERSON}),
               "Persons merged"),
    ActionKind(PLAYER_LINKED, player_linked,
               obj({"event": SLUG, "player": PLAYER, "person": PERSON}), "Player linked"),
    ActionKind(PLAYER_UNLINKED, player_unlinked, obj({"event": SLUG, "player": PLAYER}),
               "Player unlinked"),
)
