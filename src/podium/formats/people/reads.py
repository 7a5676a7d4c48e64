"""What people read of the register: ratings across events and a person's page, declared views
(:mod:`podium.core.reads`) on the one register (``fixed=REGISTRY``), so the command line takes
no EVENT for them (``podium rating list commander``, ``podium rating show 3``), the API serves
``/api/v1/events/people/views/<name>`` and the pages ``/p/<person>`` and ``/ratings``.

- ``people.ratings``: the rating table of one game system (place, person, rating, mu, sigma,
  games, change since a date), optionally a club's persons or a series' events only;
- ``people.person``: a person's page: the events played with their places and points, the best
  results, each system's rating with its history, every game with the opponents;
- ``people.versus``: two persons' games together and who finished ahead;
- ``people.list``: the persons.

The ratings are derived by the service (:mod:`podium.service.ratings`) and read through
``call.source.extra``, so these stay pure. A hidden person is shown under initials only,
everywhere (a page, the API, the command line); a player linked to nobody is never shown."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from fractions import Fraction
from typing import Any
from zoneinfo import ZoneInfo

from podium.core import inputs
from podium.core.commands import Param
from podium.core.errors import InvalidInput, NotFound
from podium.core.messages import M, Message
from podium.core.reads import Member, ViewCall, ViewSpec
from podium.core.values import Exact, TableValue
from podium.core.views import N_, Cell, Column, TableView
from podium.formats.people import codes
from podium.formats.people.book import PeopleBook, Person, book_of
from podium.formats.people.rules import REGISTRY

#: The game systems the built-in formats rate (:attr:`podium.core.ruleset.Ruleset.
#: rating_system`), with their names for people.
SYSTEMS = {"commander": N_("Commander"), "seven-wonders": N_("7 Wonders"),
           "mahjong": N_("Mahjong"), "berserk": N_("Berserk")}

#: Each system's rating table's title.
SYSTEM_TITLES = {"commander": N_("Commander ratings"), "seven-wonders": N_("7 Wonders ratings"),
                 "mahjong": N_("Mahjong ratings"), "berserk": N_("Berserk ratings")}

SYSTEM = Param("system", inputs.Choice(tuple(SYSTEMS), labels=SYSTEMS),
               N_("the game system (commander, seven-wonders, mahjong, berserk)"),
               default="commander", argument=True, label=N_("Game"))
SINCE = Param("since", inputs.Day(), N_("show each rating's change since this day "
                                        "(YYYY-MM-DD, the register's time zone)"),
              label=N_("Change since"))
CLUB = Param("club", inputs.Text(200), N_("only the persons of this club"), label=N_("Club"))
SERIES = Param("series", inputs.Text(64), N_("only the events of this series (its id)"),
               label=N_("Series"), more=True)
PERSON = Param("person", inputs.Text(200, non_empty=True),
               N_("the person: their number, or their name"), required=True, argument=True,
               label=N_("Person"))
OTHER = Param("other", inputs.Text(200, non_empty=True),
              N_("the other person: their number, or their name"), required=True,
              argument=True, label=N_("Against"))


# -- typed values -------------------------------------------------------------------------------
@dataclass(frozen=True)
class PersonRef:
    """A person as a public page names them (initials when hidden)."""

    id: int
    name: str


@dataclass(frozen=True)
class EventLine:
    """One event a person played: its place and points in the event's standings."""

    event: str
    name: str
    date: str | None
    place: int | None
    players: int
    points: Exact | None


@dataclass(frozen=True)
class Opponent:
    """Someone at a game's table: a person of the register (None: linked to nobody, never
    named) and their place."""

    person: PersonRef | None
    place: int


@dataclass(frozen=True)
class GameLine:
    """One rated game of the person: the system, event, when, their place and the others'."""

    system: str
    event: str
    event_name: str
    key: str
    at: datetime
    place: int
    opponents: list[Opponent]
    rating: Exact


@dataclass(frozen=True)
class RatingPoint:
    """The rating after one game (its index in the system's order, when, the event)."""

    index: int
    at: datetime
    event: str
    rating: Exact


@dataclass(frozen=True)
class SystemRating:
    """A person's rating in one system now (ordinal mu - 3 sigma), its parts and history."""

    system: str
    title: str  # the system's name for people (a msgid)
    rating: Exact
    mu: Exact
    sigma: Exact
    games: int
    place: int | None
    history: list[RatingPoint]


@dataclass(frozen=True)
class PersonPage:
    """A person's page."""

    person: PersonRef
    club: str
    events: list[EventLine]
    best: list[EventLine]
    ratings: list[SystemRating]
    games: list[GameLine]
    others: list[PersonRef]


@dataclass(frozen=True)
class VersusGame:
    system: str
    event: str
    event_name: str
    key: str
    at: datetime
    place: int
    other_place: int


@dataclass(frozen=True)
class Versus:
    """Two persons' games together and who finished ahead in each."""

    person: PersonRef
    other: PersonRef
    games: list[VersusGame]
    ahead: int
    behind: int
    even: int


# -- helpers ------------------------------------------------------------------------------------
def exact(value: float) -> Exact:
    """A float rating as the exact decimal it prints as (its shortest repr)."""
    return Exact.of(Fraction(repr(float(value))))


def ref(person: Person) -> PersonRef:
    return PersonRef(person.id, person.shown)


def find_person(book: PeopleBook, text: str, field: str = "person") -> Person:
    """A person by number (``3``, ``#3``) or by name; a hidden person by number only, so a
    page never confirms whose initials they are."""
    word = text.strip().lstrip("#")
    if word.isdigit():
        return book.get(int(word), field)
    found = book.by_name(text)
    if found is None or found.hidden:
        raise NotFound("no person %(person)s", code=codes.PERSON_UNKNOWN, field=field,
                       person=text[:80])
    return found


def zone_of(call: ViewCall) -> ZoneInfo:
    return ZoneInfo(str(call.state.settings.get("time_zone", "UTC")))


def since_moment(call: ViewCall, day: date) -> datetime:
    """The start of ``day`` in the register's zone, in UTC."""
    return datetime.combine(day, time(0), zone_of(call)).astimezone(UTC)


def system_ratings(call: ViewCall, system: str, series: str | None = None) -> Any:
    """The system's ratings (:class:`podium.service.ratings.SystemRatings`)."""
    return call.source.extra("ratings", system=system, series=series or None)


# -- people.ratings -----------------------------------------------------------------------------
RATING_COLUMNS = (
    Column("rank", N_("Place"), numeric=True), Column("player", N_("Person")),
    Column("rating", N_("Rating"), numeric=True, decimals=1),
    Column("mu", N_("mu"), numeric=True, decimals=2),
    Column("sigma", N_("sigma"), numeric=True, decimals=2),
    Column("games", N_("Games"), numeric=True))


def read_ratings(call: ViewCall) -> TableView:
    """The rating table, best first: every person of the register rated in the system (a
    club's only with ``club``), the change of each rating since ``since``."""
    book = book_of(call.state)
    system = call.get("system") or "commander"
    found = system_ratings(call, system, call.get("series"))
    club = (call.get("club") or "").strip().casefold()
    since = call.get("since")
    before = found.index_at(since_moment(call, since)) if since is not None else None
    columns = RATING_COLUMNS + ((Column("change", N_("Change"), numeric=True, decimals=1),)
                                if since is not None else ())
    rows: list[dict[str, Cell]] = []
    for person_id, rating in found.table():
        person = book.persons.get(person_id)
        if person is None or (club and person.club.casefold() != club):
            continue
        row: dict[str, Cell] = {
            "rank": len(rows) + 1, "player": person.shown, "person_id": person.id,
            "rating": exact(rating.ordinal).fraction, "mu": exact(rating.mu).fraction,
            "sigma": exact(rating.sigma).fraction, "games": rating.games}
        if before is not None:
            was = found.ratings.of(person_id, before)
            delta = exact(rating.ordinal).fraction - exact(was.ordinal).fraction
            row["change"] = delta
        rows.append(row)
    return TableView("ratings", SYSTEM_TITLES.get(system, N_("Ratings")), columns, tuple(rows),
                     notes=(N_("Rating: mu - 3 sigma (openskill), over every game of the "
                               "events linked to the register."),))


# -- people.person ------------------------------------------------------------------------------
def event_line(member: Member, player: int) -> EventLine | None:
    """The person's place and points in an event, from the event's standings."""
    state, ruleset = member.state, member.ruleset
    if player not in state.players:
        return None
    standings = ruleset.standings(state)
    row = next((r for r in standings.rows if r.player == player), None)
    points = None
    if row is not None and row.values and isinstance(row.values[0], int | Fraction) \
            and not isinstance(row.values[0], bool):
        points = Exact.of(row.values[0])
    return EventLine(member.slug, state.name, state.date, row.rank if row else None,
                     len(standings.rows), points)


def best_results(events: Sequence[EventLine], count: int = 3) -> list[EventLine]:
    """The best places, by the share of the field finished ahead of (a first of 30 before a
    first of 4), then the larger field."""
    placed = [e for e in events if e.place is not None and e.players > 0]
    placed.sort(key=lambda e: (Fraction(e.place or 0, e.players), -e.players, e.event))
    return placed[:count]


def opponents_of(book: PeopleBook, persons: Sequence[int], places: Sequence[int],
                 me: int) -> list[Opponent]:
    out = []
    for person, place in zip(persons, places, strict=True):
        if person == me:
            continue
        known = book.persons.get(person) if person > 0 else None
        out.append(Opponent(ref(known) if known is not None else None, place))
    return out


def person_ratings(call: ViewCall, book: PeopleBook, person: Person
                   ) -> tuple[list[SystemRating], list[GameLine]]:
    ratings: list[SystemRating] = []
    games: list[GameLine] = []
    for system in SYSTEMS:
        found = system_ratings(call, system)
        mine = found.games_of(person.id)
        if not mine:
            continue
        history = found.ratings.history_of(person.id)
        after = dict(history)
        now = found.ratings.of(person.id)
        place = next((i for i, (p, _r) in enumerate(
            (row for row in found.table() if row[0] in book.persons), start=1)
            if p == person.id), None)
        points = [RatingPoint(index, found.game(index).at, found.game(index).event,
                              exact(r.ordinal)) for index, r in history]
        ratings.append(SystemRating(system, SYSTEMS[system], exact(now.ordinal), exact(now.mu),
                                    exact(now.sigma), now.games, place, points))
        for game in mine:
            seat = game.persons.index(person.id)
            event = found.events[game.event]
            games.append(GameLine(system, game.event, event.name, game.key, game.at,
                                  game.places[seat],
                                  opponents_of(book, game.persons, game.places, person.id),
                                  exact(after[game.index].ordinal)))
    games.reverse()  # the newest first (each system's games are in the order played)
    games.sort(key=lambda g: g.at, reverse=True)
    return ratings, games


def read_person(call: ViewCall) -> PersonPage:
    book = book_of(call.state)
    person = find_person(book, call.get("person") or "")
    played: list[tuple[Member, int]] = call.source.extra("events_of", person=person.id)
    events = [line for member, player in played
              if (line := event_line(member, player)) is not None]
    events.sort(key=lambda e: (e.date or "", e.event), reverse=True)
    ratings, games = person_ratings(call, book, person)
    others = sorted((ref(p) for p in book.persons.values() if p.id != person.id),
                    key=lambda r: r.name.casefold())
    return PersonPage(ref(person), person.club, events, best_results(events), ratings, games,
                      others)


def show_person(value: PersonPage) -> list[TableView | Message]:
    """The command line's printing of a person's page."""
    out: list[TableView | Message] = [M("%(name)s (#%(id)s)", name=value.person.name,
                                        id=value.person.id)]
    out.append(TableView("ratings", N_("Ratings"), (
        Column("system", N_("Game")), Column("rating", N_("Rating"), numeric=True, decimals=1),
        Column("place", N_("Place"), numeric=True), Column("games", N_("Games"), numeric=True)),
        tuple({"system": SYSTEMS.get(r.system, r.system), "rating": r.rating.fraction,
               "place": r.place, "games": r.games} for r in value.ratings)))
    out.append(TableView("events", N_("Events"), (
        Column("name", N_("Event")), Column("date", N_("Date")),
        Column("place", N_("Place"), numeric=True), Column("players", N_("Players"),
                                                           numeric=True),
        Column("points", N_("Points"), numeric=True)),
        tuple({"name": e.name, "date": e.date, "place": e.place, "players": e.players,
               "points": e.points.fraction if e.points else None} for e in value.events)))
    return out


# -- people.versus ------------------------------------------------------------------------------
def read_versus(call: ViewCall) -> Versus:
    """Every rated game the two played at one table, and who finished ahead."""
    book = book_of(call.state)
    me = find_person(book, call.get("person") or "")
    other = find_person(book, call.get("other") or "", "other")
    if me.id == other.id:
        raise InvalidInput("choose another person", code=codes.VERSUS_SELF, field="other")
    games: list[VersusGame] = []
    for system in SYSTEMS:
        found = system_ratings(call, system)
        for game in found.games_of(me.id):
            if other.id not in game.persons:
                continue
            mine = game.places[game.persons.index(me.id)]
            theirs = game.places[game.persons.index(other.id)]
            games.append(VersusGame(system, game.event, found.events[game.event].name,
                                    game.key, game.at, mine, theirs))
    games.sort(key=lambda g: g.at)
    return Versus(ref(me), ref(other), games,
                  sum(g.place < g.other_place for g in games),
                  sum(g.place > g.other_place for g in games),
                  sum(g.place == g.other_place for g in games))


def show_versus(value: Versus) -> list[TableView | Message]:
    return [M("%(a)s against %(b)s: ahead %(ahead)s, behind %(behind)s, level %(even)s.",
              a=value.person.name, b=value.other.name, ahead=value.ahead,
              behind=value.behind, even=value.even),
            TableView("games", N_("Games together"), (
                Column("event", N_("Event")), Column("game", N_("Game")),
                Column("place", N_("Place"), numeric=True),
                Column("other", N_("Their place"), numeric=True)),
                tuple({"event": g.event_name, "game": g.key, "place": g.place,
                       "other": g.other_place} for g in value.games))]


# -- people.list --------------------------------------------------------------------------------
def read_list(call: ViewCall) -> TableView:
    book = book_of(call.state)
    rows: tuple[dict[str, Cell], ...] = tuple(
        {"id": p.id, "player": p.shown, "person_id": p.id, "club": p.club}
        for p in sorted(book.persons.values(), key=lambda p: p.shown.casefold()))
    return TableView("persons", N_("Persons"), (
        Column("id", N_("#"), numeric=True), Column("player", N_("Name")),
        Column("club", N_("Club"))), rows)


def views() -> tuple[ViewSpec[Any], ...]:
    return (
        ViewSpec("people.ratings", N_("Ratings"), read_ratings, TableValue,
                 params=(SYSTEM, SINCE, CLUB, SERIES),
                 help=N_("The rating table of one game across events: every game of the "
                         "events linked to the register, rated with openskill."),
                 shared=("rating", "list"), cli="ratings", tab=True,
                 template="people/ratings.html", fixed=REGISTRY),
        ViewSpec("people.person", N_("A person's page"), read_person, PersonPage,
                 params=(PERSON,),
                 help=N_("A person's events, best results, ratings with their history, and "
                         "games with the opponents."),
                 shared=("rating", "show"), cli="person", template="people/person.html",
                 show=show_person, example=lambda state: {"person": "1"}
                 if book_of(state).persons.get(1) else None, fixed=REGISTRY),
        ViewSpec("people.versus", N_("Head to head"), read_versus, Versus,
                 params=(PERSON, OTHER),
                 help=N_("Two persons' games at one table and who finished ahead."),
                 cli="versus", template="people/versus.html", show=show_versus,
                 example=lambda state: {"person": "1", "other": "3"}
                 if {1, 3} <= set(book_of(state).persons) else None, fixed=REGISTRY),
        ViewSpec("people.list", N_("Persons"), read_list, TableValue,
                 help=N_("Every person of the register (a hidden one under initials)."),
                 cli="list", tab=True, template="people/list.html", fixed=REGISTRY),
    )


__all__ = ["REGISTRY", "SYSTEMS", "PersonPage", "Versus", "views"]
