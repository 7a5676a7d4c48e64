"""Linking an event's players to the register's persons: the kernel's commands ``person.link``,
``person.new`` and ``person.link-all`` and its view ``person.suggest``, on any event with
players.

The organiser of the event runs them; what they store is the register's (``people.
player_linked``, ``people.person_added``), in one transaction on the register (which is made
on first use: :func:`podium.formats.people.registry.registry_unit`); the event's own log is
unchanged. Beyond the regulations. A suggestion is only a suggestion: a name spelled the same
up to case, spaces and ё/е is linked by ``link-all``, one spelled another way (Latin letters,
words in another order) waits for the organiser's tap."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from podium.core import inputs
from podium.core.commands import Call, CommandSpec, Param
from podium.core.errors import Conflict
from podium.core.log import Action
from podium.core.messages import M
from podium.core.model import EventState, Player
from podium.core.reads import ViewCall, ViewSpec
from podium.core.values import TableValue
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


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A person the player may be, and why (a message id)."""

    person: int
    name: str
    reason: str
    exact: bool


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


# -- answers ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Linked:
    """One player of the event and the person it is linked to."""

    event: str
    player: int
    player_name: str
    person: int
    person_name: str


@dataclass(frozen=True, slots=True)
class Suggested:
    """A player left for the organiser to confirm: the persons it may be."""

    player: int
    player_name: str
    persons: list[Suggestion]


@dataclass(frozen=True, slots=True)
class LinkedAll:
    """What ``person.link-all`` linked, made new, and left as suggestions."""

    linked: list[Linked]
    created: list[Linked]
    suggested: list[Suggested]
    preview: bool


# -- the command objects --------------------------------------------------------------------------
def _owner(call: Call) -> str | None:
    return call.caller.username if not call.caller.local else None


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


# -- the declarations -----------------------------------------------------------------------------
def _with_players(state: EventState) -> bool:
    return bool(state.players) and state.format != "people"


def _first_player(state: EventState) -> str | None:
    return next((p.name for p in state.players.values()), None)


PLAYER_ARG = Param("player", inputs.Player(), N_("the player: a name or #id"), required=True,
                   argument=True, label=N_("Player"))
PERSON_ARG = Param("person", inputs.Text(200, non_empty=True),
                   N_("the person: #id, a name or an other name"), required=True,
                   argument=True, label=N_("Person"))
PREVIEW = Param("preview", inputs.YesNo(), N_("show what it would store, store nothing"))


def _linked_said(one: Linked) -> str:
    return M("%(player)s is %(person)s (#%(id)s).", player=one.player_name,
             person=one.person_name, id=one.person)


def _all_said(done: LinkedAll) -> str:
    counts = {"linked": len(done.linked), "created": len(done.created),
              "left": len(done.suggested)}
    if done.preview:
        return M("Would link %(linked)s, make %(created)s new persons, leave %(left)s to "
                 "confirm; nothing stored.", **counts)
    return M("Linked %(linked)s, made %(created)s new persons, %(left)s left to confirm.",
             **counts)


def _all_shown(done: LinkedAll) -> list[Any]:
    rows = [{"player": one.player_name, "person": f"#{one.person} {one.person_name}",
             "what": M(N_("linked"))} for one in done.linked]
    rows += [{"player": one.player_name, "person": f"#{one.person} {one.person_name}",
              "what": M(N_("new person"))} for one in done.created]
    rows += [{"player": s.player_name,
              "person": ", ".join(f"#{p.person} {p.name}" for p in s.persons),
              "what": M(N_("to confirm"))} for s in done.suggested]
    return [TableView("linked", N_("Players and persons"),
                      (Column("player", N_("Player")), Column("person", N_("Person")),
                       Column("what", N_("What"))), tuple(rows))] if rows else []


PERSON_LINK = CommandSpec(
    "person.link", N_("Link a player to a person"),
    lambda call: LinkPlayer(call.slug, call["player"], call["person"], owner=_owner(call)),
    params=(PLAYER_ARG, PERSON_ARG),
    help=N_("The event's player is that person of the register (their results count for "
            "the person's rating); refused for a player linked to someone else: unlink "
            "first."),
    shared=("person", "link"), shown=_with_players,
    example=lambda state: ({"player": name, "person": name}
                           if (name := _first_player(state)) else None),
    said=_linked_said, answer=lambda one: one, answers=Linked,
)

PERSON_NEW = CommandSpec(
    "person.new", N_("Make a person of a player"),
    lambda call: NewPerson(call.slug, call["player"], call.get("club") or "",
                           owner=_owner(call)),
    params=(PLAYER_ARG, Param("club", inputs.Text(200), N_("the person's club"),
                              label=N_("Club"))),
    help=N_("A new person of the register, named as the player, and the player linked to "
            "them."),
    shared=("person", "new"), shown=_with_players,
    said=_linked_said, answer=lambda one: one, answers=Linked,
)

PERSON_LINK_ALL = CommandSpec(
    "person.link-all", N_("Link every player to a person"),
    lambda call: LinkAll(call.slug, owner=_owner(call), preview=bool(call.get("preview"))),
    params=(PREVIEW,),
    help=N_("Each unlinked player spelled as one person (up to case, spaces, ё/е) is linked "
            "to them; one whom no person resembles becomes a new person; the rest (Latin "
            "spelling, words in another order) are left to confirm. Preview first."),
    shared=("person", "link-all"), shown=_with_players,
    example=lambda state: {} if _with_players(state) else None,
    said=_all_said, show=_all_shown, answer=lambda done: done, answers=LinkedAll,
)


# -- the view -------------------------------------------------------------------------------------
def _suggest(call: ViewCall) -> TableView:
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


PERSON_SUGGEST: ViewSpec[TableValue] = ViewSpec(
    "person.suggest", N_("Persons of the players"), _suggest, TableValue,
    help=N_("Each player's linked person, or the persons they may be and why (same name, "
            "ё/е, Latin spelling, word order): one tap links a suggestion."),
    role="organiser", shared=("person", "suggest"), shown=_with_players,
    template="public/person_suggest.html",
    example=lambda state: {} if _with_players(state) else None,
)


def person_commands() -> list[CommandSpec]:
    return [PERSON_LINK_ALL, PERSON_LINK, PERSON_NEW]


def person_views() -> list[ViewSpec[Any]]:
    return [PERSON_SUGGEST]


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


__all__ = ["Linked", "LinkedAll", "Suggested", "Suggestion", "person_commands",
           "person_views", "reason_of", "register_book", "suggestions"]

