"""The register's commands (``people.*``), each run on the register (``fixed=REGISTRY``):
add, rename, edit, hide and show a person, merge two, unlink an event's player, import and
export the persons as CSV. Beyond the regulations (none says how a register is kept): each
action keeps its actor, time and reason; a refusal names its field and stores nothing.

A person field takes ``#id`` or a name: the person's own name first, then an other name
(both compared up to case, spaces and ё/е); a name spelled another way (transliterated,
reordered) is only suggested back, never taken."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from podium.core import codes as kernel_codes
from podium.core import inputs
from podium.core.commands import Call, CommandSpec, Param
from podium.core.errors import InvalidInput, NotFound
from podium.core.log import Action
from podium.core.messages import M, Mn
from podium.core.model import EventState
from podium.core.views import N_, Column, TableView
from podium.formats.people import codes
from podium.formats.people.book import (
    PERSON_ADDED,
    PERSON_CHANGED,
    PERSON_HIDDEN,
    PERSONS_MERGED,
    PLAYER_UNLINKED,
    PeopleBook,
    Person,
    book_of,
)
from podium.formats.people.names import exact_key, plain
from podium.formats.people.registry import registry_unit
from podium.formats.people.rules import REGISTRY
from podium.service.commands import Command
from podium.service.events import EventService, LoadedEvent, NewAction, Outcome


# -- finding a person -----------------------------------------------------------------------------
def find_person(book: PeopleBook, ref: str, field: str = "person") -> Person:
    """A person by ``#id`` or by name: their own name, then an other name (up to case, spaces
    and ё/е). Unknown, or named only another way (several persons so spelled), refused with
    ``field`` named."""
    text = plain(ref)
    if text.startswith("#") and text[1:].isdigit():
        return book.get(int(text[1:]), field)
    key = exact_key(text)
    own = [p for p in book.persons.values() if exact_key(p.name) == key]
    other = [p for p in book.persons.values() if any(exact_key(a) == key for a in p.aliases)]
    found = own or other
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise InvalidInput(N_("%(name)s names several persons: %(persons)s; give the #id"),
                           code=codes.PERSON_AMBIGUOUS, field=field, name=text,
                           persons=", ".join(f"#{p.id} {p.name}" for p in found))
    similar = book.similar(text)
    if similar:
        raise NotFound(N_("no person named %(name)s; did you mean %(persons)s?"),
                       code=codes.PERSON_UNKNOWN, field=field, name=text,
                       persons=", ".join(f"#{p.id} {p.name}" for p in similar))
    raise NotFound(N_("no person named %(name)s"), code=codes.PERSON_UNKNOWN, field=field,
                   name=text)


def split_aliases(text: str | None) -> list[str]:
    """Other names as typed: separated by commas or semicolons (so one never holds the CSV
    file's separator of other names, and an export reads back the same)."""
    return [plain(a) for a in re.split(r"[,;]", text or "") if plain(a)]


# -- the answers ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PersonAnswer:
    """The person as the register has them now."""

    person: int
    name: str
    aliases: list[str]
    club: str
    hidden: bool


def person_answer(person: Person) -> PersonAnswer:
    return PersonAnswer(person.id, person.name, list(person.aliases), person.club,
                        person.hidden)


@dataclass(frozen=True, slots=True)
class PersonsImported:
    """The persons a file added (or, previewed, would add)."""

    persons: list[PersonAnswer]
    preview: bool


@dataclass(frozen=True, slots=True)
class PersonsCsv:
    """The register's persons as CSV text."""

    csv: str


@dataclass(frozen=True, slots=True)
class Unlinked:
    event: str
    player: int


# -- the command objects --------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class RegisterCommand(Command[Any]):
    """A command on the register, which it creates on first use (``owner``: the caller's
    account, made its owner then)."""

    owner: str | None = None
    preview: bool = False
    #: What :meth:`prepare` read beyond the register (an event's player's id).
    resolved: dict[str, Any] = field(default_factory=dict, compare=False)

    def run(self, service: EventService, actor: str) -> Outcome[Any]:
        self.prepare(service)
        with registry_unit(service, self.slug, actor, self.owner,
                           dry_run=self.preview) as work:
            work.append(self.build(work.loaded))
            value = self.answer(work.loaded, work.stored)
            return Outcome(work.loaded, list(work.stored), value)

    def prepare(self, service: EventService) -> None:
        """What the command reads beyond the register (another event's players)."""


@dataclass(frozen=True)
class AddPerson(RegisterCommand):
    name: str
    aliases: tuple[str, ...] = ()
    club: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        name = plain(self.name)
        if not name:
            raise InvalidInput(N_("a person needs a name"), code=codes.PERSON_NAME,
                               field="name")
        payload: dict[str, Any] = {"person": book_of(loaded.state).next_id, "name": name}
        if self.aliases:
            payload["aliases"] = list(self.aliases)
        if plain(self.club):
            payload["club"] = plain(self.club)
        return [NewAction(PERSON_ADDED, payload)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Person:
        return book_of(loaded.state).get(stored[-1].payload["person"])


@dataclass(frozen=True)
class _OnePerson(RegisterCommand):
    person: str
    reason: str = ""

    def found(self, loaded: LoadedEvent) -> Person:
        return find_person(book_of(loaded.state), self.person)

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Person:
        payload = stored[-1].payload
        return book_of(loaded.state).get(payload.get("person", payload.get("keep", 0)))


@dataclass(frozen=True)
class RenamePerson(_OnePerson):
    name: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        person = self.found(loaded)
        name = plain(self.name)
        if not name:
            raise InvalidInput(N_("a person needs a name"), code=codes.PERSON_NAME,
                               field="name")
        return [NewAction(PERSON_CHANGED, {"person": person.id, "name": name,
                                           "old": {"name": person.name}}, self.reason)]


@dataclass(frozen=True)
class EditPerson(_OnePerson):
    aliases: tuple[str, ...] | None = None  # None: unchanged; (): none any more
    club: str | None = None

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        person = self.found(loaded)
        payload: dict[str, Any] = {"person": person.id}
        old: dict[str, Any] = {}
        if self.aliases is not None:
            payload["aliases"], old["aliases"] = list(self.aliases), list(person.aliases)
        if self.club is not None:
            payload["club"], old["club"] = plain(self.club), person.club
        if not old:
            raise InvalidInput(N_("give the other names or the club to change"),
                               code=codes.PERSON_NOTHING, field="aliases")
        payload["old"] = old
        return [NewAction(PERSON_CHANGED, payload, self.reason)]


@dataclass(frozen=True)
class HidePerson(_OnePerson):
    hidden: ClassVar[bool] = True

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        person = self.found(loaded)
        return [NewAction(PERSON_HIDDEN, {"person": person.id, "hidden": self.hidden},
                          self.reason)]


@dataclass(frozen=True)
class ShowPerson(HidePerson):
    hidden: ClassVar[bool] = False


@dataclass(frozen=True)
class MergePersons(_OnePerson):
    other: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        book = book_of(loaded.state)
        keep = find_person(book, self.person, "keep")
        other = find_person(book, self.other, "other")
        if not self.reason.strip():
            raise InvalidInput(N_("a merge needs a reason"), code=kernel_codes.REASON_MISSING,
                               field="reason")
        return [NewAction(PERSONS_MERGED, {"keep": keep.id, "other": other.id},
                          self.reason)]


def event_player(service: EventService, event: str, ref: str, field: str = "player") -> int:
    """Player ``ref`` (a name or ``#id``) of ``event``; an event no longer stored takes an
    ``#id`` only."""
    from podium.service.forms import resolve_player

    text = ref.strip()
    try:
        state: EventState = service.load(event).state
    except NotFound:
        if text.startswith("#") and text[1:].isdigit():
            return int(text[1:])
        raise NotFound(N_("no event %(slug)r"), code=kernel_codes.EVENT_UNKNOWN, field="event",
                       slug=event) from None
    return resolve_player(state, text, field).id


@dataclass(frozen=True)
class UnlinkPlayer(RegisterCommand):
    event: str
    player: str
    reason: str = ""

    def prepare(self, service: EventService) -> None:
        self.resolved["player"] = event_player(service, self.event, self.player)

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        return [NewAction(PLAYER_UNLINKED, {"event": self.event,
                                            "player": self.resolved["player"]}, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Unlinked:
        return Unlinked(self.event, stored[-1].payload["player"])


@dataclass(frozen=True)
class ImportPersons(RegisterCommand):
    data: bytes

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        from podium.formats.people.csvfile import read_persons

        book = book_of(loaded.state)
        rows = read_persons(self.data, book)
        out: list[NewAction] = []
        for offset, row in enumerate(rows):
            pid = book.next_id + offset
            payload: dict[str, Any] = {"person": pid, "name": row.name}
            if row.aliases:
                payload["aliases"] = list(row.aliases)
            if row.club:
                payload["club"] = row.club
            out.append(NewAction(PERSON_ADDED, payload, "import"))
            if row.hidden:
                out.append(NewAction(PERSON_HIDDEN, {"person": pid, "hidden": True}, "import"))
        return out

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> PersonsImported:
        book = book_of(loaded.state)
        return PersonsImported([person_answer(book.get(a.payload["person"])) for a in stored
                                if a.kind == PERSON_ADDED], self.preview)


@dataclass(frozen=True)
class ExportPersons(RegisterCommand):
    def run(self, service: EventService, actor: str) -> Outcome[Any]:
        from podium.formats.people.csvfile import write_persons
        from podium.formats.people.registry import registry_exists

        if not registry_exists(service, self.slug):
            raise NotFound(N_("no person is registered yet"), code=codes.PERSON_UNKNOWN)
        loaded = service.load(self.slug)
        with loaded.held():
            text = write_persons(book_of(loaded.state))
        return Outcome(loaded, [], PersonsCsv(text))


def csv_table(text: str) -> TableView:
    """The exported file as a table (what a page shows of it)."""
    import csv
    import io

    rows = list(csv.reader(io.StringIO(text)))[1:]
    keys = ("id", "name", "aliases", "club", "hidden")
    return TableView("persons", N_("Persons"), (
        Column("id", N_("#"), numeric=True), Column("name", N_("Name")),
        Column("aliases", N_("Other names")), Column("club", N_("Club")),
        Column("hidden", N_("Hidden"))), tuple(dict(zip(keys, row, strict=False))
                                              for row in rows))


# -- the declarations -----------------------------------------------------------------------------
def _owner(call: Call) -> str | None:
    return call.caller.username if not call.caller.local else None


def _slug(call: Call) -> str:
    return call.slug or REGISTRY


PERSON = Param("person", inputs.Text(200, non_empty=True),
               N_("the person: #id, a name or an other name"), required=True, argument=True,
               label=N_("Person"))
NAME = Param("name", inputs.Text(80, non_empty=True), N_("the person's name"), required=True,
             argument=True, label=N_("Name"))
ALIASES = Param("aliases", inputs.Text(2000),
                N_("other names (nicknames on game servers), separated by commas"),
                label=N_("Other names"))
CLUB = Param("club", inputs.Text(200), N_("the person's club"), label=N_("Club"))
REASON = Param("reason", inputs.Text(500), N_("why (kept in the log)"))
NEEDED_REASON = Param("reason", inputs.Text(500, non_empty=True), N_("why (kept in the log)"),
                      required=True)
PREVIEW = Param("preview", inputs.YesNo(), N_("show what it would store, store nothing"))


def _person_said(person: Person) -> str:
    return M("%(name)s is person #%(person)s.", name=person.name, person=person.id)


def _first(state: EventState) -> Person | None:
    return next(iter(book_of(state).persons.values()), None) if state.format == "people" \
        else None


def _add(call: Call) -> Command[Any]:
    return AddPerson(_slug(call), call["name"], tuple(split_aliases(call.get("aliases"))),
                     call.get("club") or "", owner=_owner(call))


def _edit(call: Call) -> Command[Any]:
    aliases = call.get("aliases")
    return EditPerson(_slug(call), call["person"], call.get("reason") or "",
                      None if aliases is None else tuple(split_aliases(
                          "" if aliases.strip() == "-" else aliases)),
                      call.get("club"), owner=_owner(call))


def _import(call: Call) -> Command[Any]:
    return ImportPersons(_slug(call), call["file"].data, owner=_owner(call),
                         preview=bool(call.get("preview")))


PEOPLE_ADD = CommandSpec(
    "people.add", N_("Add a person"), _add,
    params=(NAME, ALIASES, CLUB),
    help=N_("A person of the register, who may play in many events; the answer is their "
            "#id."),
    fixed=REGISTRY, shared=("person", "add"),
    example=lambda state: {"name": "Kit Person", "aliases": "kit1, kit2", "club": "Kit"},
    said=_person_said, answer=person_answer, answers=PersonAnswer,
)

PEOPLE_RENAME = CommandSpec(
    "people.rename", N_("Rename a person"),
    lambda call: RenamePerson(_slug(call), call["person"], call.get("reason") or "",
                              call["name"], owner=_owner(call)),
    params=(PERSON, Param("name", inputs.Text(80, non_empty=True), N_("the new name"),
                          required=True, argument=True, label=N_("New name")), REASON),
    help=N_("Every page shows the new name; the log keeps the old one."),
    fixed=REGISTRY, shared=("person", "rename"),
    shown=lambda state: bool(book_of(state).persons),
    example=lambda state: ({"person": f"#{p.id}", "name": "Kit Renamed", "reason": "typo"}
                           if (p := _first(state)) else None),
    said=lambda p: M("Renamed: %(name)s.", name=p.name),
    answer=person_answer, answers=PersonAnswer,
)

PEOPLE_EDIT = CommandSpec(
    "people.edit", N_("Change a person's other names or club"), _edit,
    params=(PERSON, Param("aliases", inputs.Text(2000),
                          N_("the other names, separated by commas (“-”: none)"),
                          label=N_("Other names")), CLUB, REASON),
    help=N_("What is given replaces what the register had; the log keeps the old values."),
    fixed=REGISTRY, shared=("person", "edit"),
    shown=lambda state: bool(book_of(state).persons),
    example=lambda state: ({"person": f"#{p.id}", "club": "Kit Club"}
                           if (p := _first(state)) else None),
    said=lambda p: M("%(name)s changed.", name=p.name),
    answer=person_answer, answers=PersonAnswer,
)

PEOPLE_HIDE = CommandSpec(
    "people.hide", N_("Hide a person's name"),
    lambda call: HidePerson(_slug(call), call["person"], call.get("reason") or "",
                            owner=_owner(call)),
    params=(PERSON, REASON),
    help=N_("Public pages show the person's initials only; their results stay."),
    fixed=REGISTRY, shared=("person", "hide"),
    shown=lambda state: any(not p.hidden for p in book_of(state).persons.values()),
    example=lambda state: ({"person": f"#{p.id}", "reason": "asked to"}
                           if (p := _first(state)) else None),
    said=lambda p: M("%(name)s is shown as %(shown)s.", name=p.name, shown=p.shown),
    answer=person_answer, answers=PersonAnswer,
)

PEOPLE_SHOW = CommandSpec(
    "people.show", N_("Show a person's name again"),
    lambda call: ShowPerson(_slug(call), call["person"], call.get("reason") or "",
                            owner=_owner(call)),
    params=(PERSON, REASON),
    help=N_("Undo a hide: public pages show the whole name."),
    fixed=REGISTRY, shared=("person", "show"),
    shown=lambda state: any(p.hidden for p in book_of(state).persons.values()),
    example=lambda state: next(({"person": f"#{p.id}", "reason": "agreed"}
                                for p in book_of(state).persons.values() if p.hidden), None)
    if state.format == "people" else None,
    said=lambda p: M("%(name)s is shown again.", name=p.name),
    answer=person_answer, answers=PersonAnswer,
)


def _two(state: EventState) -> dict[str, Any] | None:
    if state.format != "people":
        return None
    book = book_of(state)
    persons = list(book.persons.values())
    for a in persons:
        for b in persons:
            events_a = {e for e, _ in book.players_of(a.id)}
            if a.id < b.id and not events_a & {e for e, _ in book.players_of(b.id)}:
                return {"person": f"#{a.id}", "other": f"#{b.id}", "reason": "same person"}
    return None


PEOPLE_MERGE = CommandSpec(
    "people.merge", N_("Merge two persons"),
    lambda call: MergePersons(_slug(call), call["person"], call.get("reason") or "",
                              call["other"], owner=_owner(call)),
    params=(Param("person", inputs.Text(200, non_empty=True),
                  N_("the person kept: #id or a name"), required=True, argument=True,
                  label=N_("Keep")),
            Param("other", inputs.Text(200, non_empty=True),
                  N_("the person merged into them: #id or a name"), required=True,
                  argument=True, label=N_("Other")),
            NEEDED_REASON),
    help=N_("One person registered twice: the other's names, links and results become the "
            "kept person's; refused for two who played the same event."),
    fixed=REGISTRY, shared=("person", "merge"), danger=True,
    shown=lambda state: len(book_of(state).persons) > 1,
    example=_two,
    said=lambda p: M("Merged into %(name)s.", name=p.name),
    answer=person_answer, answers=PersonAnswer,
)

PEOPLE_UNLINK = CommandSpec(
    "people.unlink", N_("Unlink an event's player"),
    lambda call: UnlinkPlayer(_slug(call), call["event"], call["player"],
                              call.get("reason") or "", owner=_owner(call)),
    params=(Param("event", inputs.Text(80, non_empty=True), N_("the event's id"),
                  required=True, argument=True, label=N_("Event")),
            Param("player", inputs.Text(200, non_empty=True),
                  N_("the player: a name or #id"), required=True, argument=True,
                  label=N_("Player")),
            REASON),
    help=N_("The player is no longer that person (a wrong link); link them again to "
            "another."),
    fixed=REGISTRY, shared=("person", "unlink"),
    shown=lambda state: bool(book_of(state).links),
    example=lambda state: next(({"event": e, "player": f"#{p}", "reason": "wrong person"}
                                for (e, p) in book_of(state).links), None)
    if state.format == "people" else None,
    said=lambda u: M("%(event)s: player #%(player)s unlinked.", event=u.event,
                     player=u.player),
    answer=lambda u: u, answers=Unlinked,
)


def _imported_said(done: PersonsImported) -> str:
    if done.preview:
        return Mn("%(n)s person would be added; nothing stored.",
                  "%(n)s persons would be added; nothing stored.", len(done.persons))
    return Mn("%(n)s person added.", "%(n)s persons added.", len(done.persons))


PEOPLE_IMPORT = CommandSpec(
    "people.import", N_("Import persons"), _import,
    params=(Param("file", inputs.File(1_000_000, ".csv,text/csv"),
                  N_("a CSV with the columns name, aliases (separated by “;”), club, hidden "
                     "(and an id, not read back), in English or Russian (имя, другие имена, "
                     "клуб, скрыт)"), required=True, argument=True, label=N_("File")),
            PREVIEW),
    help=N_("Check the file with --preview first; a bad row or a name already registered "
            "is refused with its line, and nothing is stored."),
    fixed=REGISTRY, shared=("person", "import"),
    example=lambda state: {"file": ("persons.csv", "name,aliases,club\nKit Imported,kit9,\n")},
    said=_imported_said, answer=lambda d: d, answers=PersonsImported,
)

PEOPLE_EXPORT = CommandSpec(
    "people.export", N_("Export persons"),
    lambda call: ExportPersons(_slug(call)),
    params=(Param("output", inputs.Text(500), N_("write the CSV to this file (default: the "
                                                 "screen)"), surfaces=("cli",)),),
    help=N_("Every person as CSV (id, name, aliases, club, hidden): what import reads."),
    fixed=REGISTRY, shared=("person", "export"), preview=True,
    said=lambda d: M("Persons as CSV."), answer=lambda d: d, answers=PersonsCsv,
    show=lambda d: [csv_table(d.csv)],
    render="podium.cli.declared:write_csv_answer",
)


def people_commands() -> Sequence[CommandSpec]:
    return (PEOPLE_ADD, PEOPLE_RENAME, PEOPLE_EDIT, PEOPLE_HIDE, PEOPLE_SHOW, PEOPLE_MERGE,
            PEOPLE_UNLINK, PEOPLE_IMPORT, PEOPLE_EXPORT)


__all__ = ["REGISTRY", "RegisterCommand", "find_person", "people_commands"]
