"""What linking players to persons does (:mod:`podium.service.person_link` declares it): the
command objects, the suggestions and the view's rows. Imported when a link is run or read, so
a command line that never links loads nothing of the register's format."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from podium.core.errors import Conflict
from podium.core.log import Action
from podium.core.messages import M
from podium.core.model import EventState, Player
from podium.core.reads import ViewCall
from podium.core.views import N_, Column, TableView
from podium.formats.people import codes
from podium.formats.people.book import (
    PERSON_ADDED,
    PLAYER_LINKED,
    PeopleBook,
    Person,
    book_of,
)
from podium.formats.people.names import exact_key, loose_key, plain
from podium.formats.people.registry import registry_unit
from podium.formats.people.rules import REGISTRY
from podium.service.commands import Command
from podium.service.events import EventService, LoadedEvent, NewAction, Outcome
from podium.service.forms import resolve_player
from podium.service.person_link import Linked, LinkedAll, Suggested, Suggestion

_LATIN = re.compile(r"[a-zA-Z]")
_CYRILLIC = re.compile(r"[а-яА-ЯёЁ]")


# -- why two names may be one person ----------------------------------------------------------
def reason_of(player_name: str, person_name: str, alias: bool = False) -> str:
    """Why ``player_name`` may be ``person_name`` (a msgid): the same name, up to case or ё/е,
    in Latin letters, with the words in another order; an other name of the person."""
    a, b = plain(player_name), plain(person_name)
    if a == b:
        why = N_("same name")
    elif a.casefold() == b.casefold():
        why = N_("same name, other case")
    elif exact_key(a) == exact_key(b):
        why = N_("ё/е")
    elif bool(_LATIN.search(a)) != bool(_LATIN.search(b)) or \
            bool(_CYRILLIC.search(a)) != bool(_CYRILLIC.search(b)):
        why = N_("Latin spelling")
    elif sorted(a.casefold().split()) == sorted(b.casefold().split()):
        why = N_("word order")
    else:
        why = N_("another spelling")
    if alias:
        return ALIAS_REASONS[why]
    return why


#: The reasons when the name matched is one of the person's other names.
ALIAS_REASONS = {
    N_("same name"): N_("an other name"),
    N_("same name, other case"): N_("an other name, other case"),
    N_("ё/е"): N_("an other name, ё/е"),
    N_("Latin spelling"): N_("an other name, Latin spelling"),
    N_("word order"): N_("an other name, word order"),
    N_("another spelling"): N_("an other name, another spelling"),
}


def suggestions(book: PeopleBook, name: str) -> list[Suggestion]:
    """The persons a player called ``name`` may be: exact matches (up to case, spaces, ё/е),
    then loose ones (transliterated, reordered), each once."""
    out: list[Suggestion] = []
    key, loose = exact_key(name), loose_key(name)
    for person in book.persons.values():
        for index, spelled in enumerate(person.names()):
            if exact_key(spelled) == key:
                out.append(Suggestion(person.id, person.name,
                                      reason_of(name, spelled, index > 0), True))
                break
        else:
            for index, spelled in enumerate(person.names()):
                if loose_key(spelled) == loose:
                    out.append(Suggestion(person.id, person.name,
                                          reason_of(name, spelled, index > 0), False))
                    break
    return sorted(out, key=lambda s: (not s.exact, s.person))


# -- the command objects ---------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class _OnRegister(Command[Any]):
    """A command on event ``slug`` that writes to the register: the event read first, then
    the register's unit of work (made on first use, ``owner`` its owner)."""

    owner: str | None = None
    preview: bool = False
    register: str = REGISTRY
    event_state: list[EventState] = field(default_factory=list, compare=False)

    def run(self, service: EventService, actor: str) -> Outcome[Any]:
        loaded = service.load(self.slug)
        with loaded.held():
            self.event_state.append(loaded.state)
            with registry_unit(service, self.register, actor, self.owner,
                               dry_run=self.preview) as work:
                work.append(self.build(work.loaded))
                value = self.answer(work.loaded, work.stored)
        return Outcome(loaded, [], value)

    @property
    def state(self) -> EventState:
        return self.event_state[0]

    def check_free(self, book: PeopleBook, player: Player, person: Person | None = None
                   ) -> None:
        """Refuse a player linked already (to another: unlink first; to ``person``: done)."""
        linked = book.person_of(self.slug, player.id)
        if linked is None:
            return
        if person is not None and linked.id == person.id:
            raise Conflict(N_("%(player)s is already linked to %(person)s"),
                           code=codes.PERSON_LINKED, field="player", player=player.name,
                           person=linked.name)
        raise Conflict(N_("%(player)s is linked to %(person)s; unlink them first"),
                       code=codes.PERSON_LINKED, field="player", player=player.name,
                       person=linked.name)

    def linked(self, book: PeopleBook, player: int, person: int) -> Linked:
        return Linked(self.slug, player, self.state.players[player].name, person,
                      book.get(person).name)


@dataclass(frozen=True)
class LinkPlayer(_OnRegister):
    player: str
    person: str

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        from podium.formats.people.commands import find_person

        book = book_of(loaded.state)
        player = resolve_player(self.state, self.player)
        person = find_person(book, self.person)
        self.check_free(book, player, person)
        return [NewAction(PLAYER_LINKED, {"event": self.slug, "player": player.id,
                                          "person": person.id})]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Linked:
        p = stored[-1].payload
        return self.linked(book_of(loaded.state), p["player"], p["person"])


@dataclass(frozen=True)
class NewPerson(_OnRegister):
    player: str
    club: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        book = book_of(loaded.state)
        player = resolve_player(self.state, self.player)
        self.check_free(book, player)
        same = book.by_name(player.name)
        if same is not None:
            raise Conflict(N_("%(name)s is already person #%(person)s: link the player to "
                              "them"), code=codes.PERSON_DUPLICATE, field="player",
                           name=same.name, person=same.id)
        payload: dict[str, Any] = {"person": book.next_id, "name": player.name}
        if plain(self.club):
            payload["club"] = plain(self.club)
        return [NewAction(PERSON_ADDED, payload),
                NewAction(PLAYER_LINKED, {"event": self.slug, "player": player.id,
                                          "person": book.next_id})]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Linked:
        p = stored[-1].payload
        return self.linked(book_of(loaded.state), p["player"], p["person"])


@dataclass(frozen=True)
class LinkAll(_OnRegister):
    """Every unlinked player: linked to the one person spelled the same (up to case, spaces,
    ё/е), a new person made for one whom no person resembles, the rest left as suggestions
    (spelled another way, or several persons alike)."""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        book = book_of(loaded.state)
        taken = {book.resolve(p) for (e, _), p in book.links.items() if e == self.slug}
        new_keys: dict[str, int] = {}  # the names of the persons made here, once each
        next_id = book.next_id
        out: list[NewAction] = []
        for player in sorted(self.state.players.values(), key=lambda p: p.id):
            if (self.slug, player.id) in book.links:
                continue
            found = suggestions(book, player.name)
            exact = [s for s in found if s.exact]
            key = exact_key(player.name)
            if len(exact) == 1 and exact[0].person not in taken:
                taken.add(exact[0].person)
                out.append(NewAction(PLAYER_LINKED, {"event": self.slug, "player": player.id,
                                                     "person": exact[0].person}))
            elif not found and key not in new_keys:
                new_keys[key] = next_id
                out.append(NewAction(PERSON_ADDED, {"person": next_id, "name": player.name}))
                out.append(NewAction(PLAYER_LINKED, {"event": self.slug, "player": player.id,
                                                     "person": next_id}))
                next_id += 1
        return out

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> LinkedAll:
        book = book_of(loaded.state)
        made = {a.payload["person"] for a in stored if a.kind == PERSON_ADDED}
        linked: list[Linked] = []
        created: list[Linked] = []
        for action in stored:
            if action.kind == PLAYER_LINKED:
                one = self.linked(book, action.payload["player"], action.payload["person"])
                (created if one.person in made else linked).append(one)
        left = [Suggested(p.id, p.name, suggestions(book, p.name))
                for p in sorted(self.state.players.values(), key=lambda p: p.id)
                if (self.slug, p.id) not in book.links]
        return LinkedAll(linked, created, left, self.preview)


# -- the view's rows ----------------------------------------------------------------------------
def suggest_view(call: ViewCall) -> TableView:
    book: PeopleBook = call.source.extra("register")
    rows: list[dict[str, Any]] = []
    for player in sorted(call.state.players.values(), key=lambda p: p.id):
        ref = quote(player.name)  # the form shows the name (names are one a player)
        person = book.person_of(call.slug, player.id)
        if person is not None:
            rows.append({"player": player.name, "person": f"#{person.id} {person.name}",
                         "why": M(N_("linked")), "do": "", "query": ""})
            continue
        found = suggestions(book, player.name)
        for one in found:
            rows.append({"player": player.name, "person": f"#{one.person} {one.name}",
                         "why": M(one.reason), "do": "person.link",
                         "query": f"player={ref}&person={quote(f'#{one.person}')}"})
        if not found:
            rows.append({"player": player.name, "person": "",
                         "why": M(N_("no person resembles them")), "do": "person.new",
                         "query": f"player={ref}"})
    return TableView("suggest", N_("Persons of the players"),
                     (Column("player", N_("Player")), Column("person", N_("Person")),
                      Column("why", N_("Why"))), tuple(rows))


def register_book(service: EventService) -> PeopleBook:
    """A copy of the register's book as it stands (an empty one before it is made), for a
    view to read while the register moves on."""
    import copy

    from podium.formats.people.registry import registry_exists

    if not registry_exists(service, REGISTRY):
        return PeopleBook()
    loaded = service.load(REGISTRY)
    with loaded.held():
        return copy.deepcopy(book_of(loaded.state))


__all__ = ["LinkAll", "LinkPlayer", "NewPerson", "reason_of", "register_book", "suggest_view",
           "suggestions"]
