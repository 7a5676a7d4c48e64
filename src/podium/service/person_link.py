"""Linking an event's players to the register's persons: the kernel's commands ``person.link``,
``person.new`` and ``person.link-all`` and its view ``person.suggest``, on any event with
players (what they do: :mod:`podium.service.person_link_run`, imported when one runs).

The organiser of the event runs them; what they store is the register's (``people.
player_linked``, ``people.person_added``), in one transaction on the register (which is made
on first use: :func:`podium.formats.people.registry.registry_unit`); the event's own log is
unchanged. Beyond the regulations. A suggestion is only a suggestion: a name spelled the same
up to case, spaces and ё/е is linked by ``link-all``, one spelled another way (Latin letters,
words in another order) waits for the organiser's tap."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from podium.core import inputs
from podium.core.commands import ORGANISER, Call, CommandSpec, Param
from podium.core.messages import M
from podium.core.model import EventState
from podium.core.reads import ViewSpec
from podium.core.values import TableValue
from podium.core.views import N_, Column, TableView


def _run() -> Any:
    from podium.service import person_link_run

    return person_link_run


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A person the player may be, and why (a message id)."""

    person: int
    name: str
    reason: str
    exact: bool


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


# -- the declarations ----------------------------------------------------------------------------
def _owner(call: Call) -> str | None:
    return call.caller.username if not call.caller.local else None


def _with_players(state: EventState) -> bool:
    return bool(state.players) and state.format != "people"


def _first_player(state: EventState) -> str | None:
    return next((p.name for p in state.players.values()), None)


PLAYER_ARG = Param("player", inputs.Player(), N_("the player: a name or #id"), required=True,
                   argument=True, label=N_("Player"))
PERSON_ARG = Param("person", inputs.Text(200, non_empty=True),
                   N_("the person: their name or other name in the register, or their "
                      "number (#12)"), required=True,
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
    lambda call: _run().LinkPlayer(call.slug, call["player"], call["person"], owner=_owner(call)),
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
    lambda call: _run().NewPerson(call.slug, call["player"], call.get("club") or "",
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
    lambda call: _run().LinkAll(call.slug, owner=_owner(call), preview=bool(call.get("preview"))),
    params=(PREVIEW,),
    help=N_("Each unlinked player spelled as one person (up to case, spaces, ё/е) is linked "
            "to them; one whom no person resembles becomes a new person; the rest (Latin "
            "spelling, words in another order) are left to confirm. Preview first."),
    shared=("person", "link-all"), shown=_with_players,
    example=lambda state: {} if _with_players(state) else None,
    said=_all_said, show=_all_shown, answer=lambda done: done, answers=LinkedAll,
)


# -- the view -------------------------------------------------------------------------------------
PERSON_SUGGEST: ViewSpec[TableValue] = ViewSpec(
    "person.suggest", N_("Persons of the players"),
    lambda call: _run().suggest_view(call), TableValue,
    help=N_("Each player's linked person, or the persons they may be and why (same name, "
            "ё/е, Latin spelling, word order): one tap links a suggestion."),
    role=ORGANISER, shared=("person", "suggest"), shown=_with_players,
    template="public/person_suggest.html",
    example=lambda state: {} if _with_players(state) else None,
)


def person_commands() -> list[CommandSpec]:
    return [PERSON_LINK_ALL, PERSON_LINK, PERSON_NEW]


def person_views() -> list[ViewSpec[Any]]:
    return [PERSON_SUGGEST]



__all__ = ["Linked", "LinkedAll", "Suggested", "Suggestion", "person_commands",
           "person_views"]
