"""The ratings of one game system across events, derived from the logs (:mod:`podium.ratings`).

Which games count: every event linked in the register of persons (format ``people``, at
:data:`podium.formats.people.rules.REGISTRY`) whose format rates its games for the system
(:attr:`podium.core.ruleset.Ruleset.rating_system`), optionally only the members of a series.
Each event's games are its format's :meth:`~podium.core.ruleset.Ruleset.rated_games`; each
player is read as the person the register links them to (a merged person's id as the kept
one); a player linked to nobody counts as a person of their own for that game (their
opponents' ratings move as they played) but is never shown. A game weighs its event's
``rating_weight`` (the tournament coefficient). Games are ordered across events as played:
the game's own time, else the event's date, else when the event was created; then the event,
then the game's order in it.

Nothing is stored: the ratings are recomputed from the logs when one of them changed, and kept
in the process keyed by every source event's last action and the register's, so a correction
anywhere rates every game again as if the corrected result had been entered first. Views read
it through ``call.source.extra("ratings", ...)`` (:mod:`podium.service.reader`)."""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from podium.core.model import EventState
from podium.core.rated import RatedColumns, RatedGame, columns_of
from podium.ratings.bulk import rate_arrays
from podium.ratings.engine import Game, Params, Ratings, as_float, rate

if TYPE_CHECKING:
    from podium.formats.people.book import PeopleBook
    from podium.service.events import EventService
    from podium.service.states import LoadedEvent


@dataclass(frozen=True)
class RatedEvent:
    """One event whose games count: its id, name, weight and when it was played."""

    slug: str
    name: str
    format: str
    weight: Fraction
    when: datetime


@dataclass(frozen=True)
class PlayedGame:
    """One game as rated: its index in the rating's order, its event and key, when, and each
    seat's person (a negative id: a player linked to nobody) and place."""

    index: int
    event: str
    key: str
    at: datetime
    persons: tuple[int, ...]
    players: tuple[int, ...]
    places: tuple[int, ...]


@dataclass
class GameTable:
    """Every game of a system in the order rated, as columns (``n`` games, ``k`` seats):
    ``persons`` (a negative id: a player linked to nobody; 0 after the game's ``sizes``),
    ``players`` (the event's player ids), ``places``, ``at`` (UTC epoch seconds, the event's
    time when the game has none), ``event`` (an index into ``events``), ``row`` (the game's
    row in its event's columns) and ``weight``."""

    persons: np.ndarray
    players: np.ndarray
    places: np.ndarray
    sizes: np.ndarray
    at: np.ndarray
    event: np.ndarray
    row: np.ndarray
    weight: np.ndarray
    events: list[RatedEvent]
    keys: list[Callable[[int], str]]

    def __len__(self) -> int:
        return int(self.sizes.size)

    def game(self, index: int) -> PlayedGame:
        size = int(self.sizes[index])
        event = self.events[int(self.event[index])]
        return PlayedGame(
            index, event.slug, self.keys[int(self.event[index])](int(self.row[index])),
            datetime.fromtimestamp(float(self.at[index]), UTC),
            tuple(int(p) for p in self.persons[index, :size]),
            tuple(int(p) for p in self.players[index, :size]),
            tuple(int(p) for p in self.places[index, :size]))


@dataclass
class SystemRatings:
    """The ratings of one system: the engine's result, the games in the order rated, the
    events they came from, and the persons of the register they rate."""

    system: str
    ratings: Ratings
    played: GameTable
    events: dict[str, RatedEvent]
    _index: tuple[np.ndarray, np.ndarray] | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def game(self, index: int) -> PlayedGame:
        return self.played.game(index)

    def games_of(self, person: int) -> list[PlayedGame]:
        """The person's games in the order rated (an index over every seat, built once)."""
        with self._lock:
            if self._index is None:
                seats = self.played.persons
                valid = np.arange(seats.shape[1])[None, :] < self.played.sizes[:, None]
                games = np.nonzero(valid)[0]
                who = seats[valid]
                order = np.argsort(who, kind="stable")
                self._index = (who[order], games[order])
            who, games = self._index
        first, last = np.searchsorted(who, [person, person + 1])
        return [self.played.game(int(i)) for i in games[first:last]]

    def index_at(self, moment: datetime) -> int:
        """The index of the first game played at or after ``moment`` (a rating "as of")."""
        return int(np.searchsorted(self.played.at, moment.timestamp(), side="left"))

    def table(self) -> list[tuple[int, Any]]:
        """Every person of the register rated, best first (players linked to nobody left
        out)."""
        return [(p, r) for p, r in self.ratings.table() if p > 0]


def weight_of(settings: Any) -> Fraction:
    """An event's ``rating_weight`` (1 for a format without the setting)."""
    value = (settings.get("rating_weight") if isinstance(settings, dict)
             else getattr(settings, "rating_weight", None))
    return Fraction(1) if value is None else Fraction(value)


def event_time(state: EventState, created: datetime) -> datetime:
    """When an event was played for ordering: its date (noon UTC), else its creation."""
    if state.date:
        try:
            day = datetime.strptime(state.date, "%Y-%m-%d")
        except ValueError:
            return created
        return day.replace(hour=12, tzinfo=UTC)
    return created if created.tzinfo else created.replace(tzinfo=UTC)


def ordered(events: Sequence[tuple[RatedEvent, RatedColumns]], book: PeopleBook
            ) -> GameTable:
    """Every game of the events with its persons, in the order played (the game's time,
    else its event's; then its event's time and id; then its order in the event)."""
    links: dict[str, list[tuple[int, int]]] = {}
    for (slug, player), person in book.links.items():
        links.setdefault(slug, []).append((player, book.resolve(person)))
    events = sorted(events, key=lambda item: item[0].slug)
    k = max((cols.players.shape[1] for _e, cols in events if len(cols)), default=2)
    parts: list[tuple[np.ndarray, ...]] = []
    stranger = 0  # a player linked to nobody: a person of their own, a negative id
    for number, (event, cols) in enumerate(events):
        n = len(cols)
        if not n:
            continue
        players = np.zeros((n, k), np.int64)
        players[:, :cols.players.shape[1]] = cols.players
        places = np.zeros((n, k), np.int64)
        places[:, :cols.places.shape[1]] = cols.places
        top = int(players.max(initial=0))
        lookup = -(stranger + np.arange(top + 1, dtype=np.int64))
        stranger += top + 1
        for player, person in links.get(event.slug, ()):
            if player <= top:
                lookup[player] = person
        valid = np.arange(k)[None, :] < cols.sizes[:, None]
        persons = np.where(valid, lookup[players], 0)
        moment = event.when.timestamp()
        at = np.where(np.isnan(cols.at), moment, cols.at)
        parts.append((persons, players, places, cols.sizes, at, np.full(n, moment),
                      np.full(n, number), np.arange(n), np.full(n, as_float(event.weight))))
    if not parts:
        empty = np.zeros((0, k), np.int64)
        none = np.zeros(0, np.int64)
        return GameTable(empty, empty, empty, none, np.zeros(0), none, none, np.zeros(0),
                         [e for e, _ in events], [c.key for _, c in events])
    persons, players, places, sizes, at, when, event_no, row, weight = (
        np.concatenate(column) for column in zip(*parts, strict=True))
    order = np.lexsort((row, event_no, when, at))
    return GameTable(persons[order], players[order], places[order], sizes[order], at[order],
                     event_no[order], row[order], weight[order], [e for e, _ in events],
                     [c.key for _, c in events])


def played_games(events: Sequence[tuple[RatedEvent, list[RatedGame]]], book: PeopleBook
                 ) -> list[tuple[PlayedGame, Fraction]]:
    """Every game of the events with its persons, in the order played, and its weight."""
    table = ordered([(e, columns_of(games)) for e, games in events], book)
    weights = {e.slug: e.weight for e in table.events}
    return [(game, weights[game.event]) for game in map(table.game, range(len(table)))]


def rate_table(table: GameTable, params: Params) -> Ratings:
    """The engine over the games (PlackettLuce from the columns; other models one by one)."""
    if params.fast:
        return rate_arrays(table.persons, table.places, table.sizes, table.weight, params)
    weights = [e.weight for e in table.events]
    return rate(Game(tuple(int(p) for p in table.persons[i, :table.sizes[i]]),
                     tuple(int(p) for p in table.places[i, :table.sizes[i]]),
                     weights[int(table.event[i])]) for i in range(len(table)))


class RatingsCache:
    """The ratings per (system, series), kept while no source log changed."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._found: dict[tuple[Any, ...], tuple[tuple[Any, ...], SystemRatings]] = {}

    def get(self, key: tuple[Any, ...], version: tuple[Any, ...]) -> SystemRatings | None:
        with self._lock:
            found = self._found.get(key)
        return found[1] if found is not None and found[0] == version else None

    def put(self, key: tuple[Any, ...], version: tuple[Any, ...], value: SystemRatings) -> None:
        with self._lock:
            self._found[key] = (version, value)


_CACHES: weakref.WeakKeyDictionary[Any, RatingsCache] = weakref.WeakKeyDictionary()
_CACHES_LOCK = threading.Lock()


def cache_of(service: EventService) -> RatingsCache:
    """One cache per set of cached states (a server's services share it; another database's
    service has its own, gone with it)."""
    with _CACHES_LOCK:
        found = _CACHES.get(service.states)
        if found is None:
            found = _CACHES[service.states] = RatingsCache()
        return found


def source_events(service: EventService, book: PeopleBook, system: str,
                  series: str | None = None) -> list[LoadedEvent]:
    """The events linked in the register whose format rates ``system`` (only a series'
    members when ``series`` names one), caught up; an event deleted since is left out."""
    from podium.core.series import book_of as series_book

    linked = {event for event, _player in book.links}
    if series:
        members = {m.event for m in series_book(service.load(series).state).members}
        linked &= members
    slugs = []
    for summary in service.list_events():
        if summary.slug not in linked:
            continue
        try:
            ruleset = service.formats(summary.format)
        except Exception:  # a format no longer installed: its games cannot be read
            continue
        if ruleset.rating_system == system:
            slugs.append(summary.slug)
    return service.load_many(sorted(slugs)) if slugs else []


def ratings_of(service: EventService, register: LoadedEvent, params: Params, system: str,
               series: str | None = None) -> SystemRatings:
    """The ratings of ``system`` from the register's links (cached while no log changed)."""
    from podium.formats.people.book import book_of

    book = book_of(register.state)
    loaded = source_events(service, book, system, series)
    version = (register.state.last_seq, params,
               tuple((one.summary.slug, one.state.last_seq) for one in loaded))
    key = (system, series or "", register.summary.slug)
    cache = cache_of(service)
    found = cache.get(key, version)
    if found is not None:
        return found
    events = []
    for one in loaded:
        state = one.state
        event = RatedEvent(one.summary.slug, state.name, state.format,
                           weight_of(state.settings), event_time(state, one.summary.created_at))
        events.append((event, one.ruleset.rated_columns(state)))
    table = ordered(events, book)
    value = SystemRatings(system, rate_table(table, params), table,
                          {e.slug: e for e in table.events})
    cache.put(key, version, value)
    return value


__all__ = ["GameTable", "PlayedGame", "RatedEvent", "SystemRatings", "event_time", "ordered",
           "played_games",
           "ratings_of", "source_events", "weight_of"]


# -- what the register's views read (:meth:`podium.service.reader.ServiceSource.extra`) --------
def extra(service: EventService, loaded: LoadedEvent, what: str, **params: Any) -> Any:
    """``ratings`` (system, series): a system's ratings from the register ``loaded``;
    ``events_of`` (person): each event the person played and their player there, as
    :class:`podium.core.reads.Member` and id; ``person_of`` (player): the register's person
    linked to that player of the event ``loaded`` (id and shown name), else None."""
    from podium.formats.people.book import book_of
    from podium.formats.people.rules import rating_params

    if what == "ratings":
        return ratings_of(service, loaded, rating_params(loaded.state.settings),
                          str(params["system"]), params.get("series"))
    if what == "events_of":
        return events_of(service, book_of(loaded.state), int(params["person"]))
    if what == "person_of":
        return person_of(service, loaded.summary.slug, int(params["player"]))
    raise KeyError(what)


def events_of(service: EventService, book: PeopleBook, person: int) -> list[tuple[Any, int]]:
    from podium.core.reads import Member

    linked = book.players_of(person)
    known = {s.slug for s in service.list_events()}
    slugs = sorted({event for event, _ in linked if event in known})
    loaded = {one.summary.slug: one for one in service.load_many(slugs)} if slugs else {}
    return [(Member(loaded[e].state.name, e, loaded[e].state, loaded[e].ruleset), player)
            for e, player in linked if e in loaded]


def register_of(service: EventService) -> LoadedEvent | None:
    """The register of persons (None: there is none)."""
    from podium.core.errors import NotFound
    from podium.formats.people.rules import REGISTRY

    try:
        register = service.load(REGISTRY)
    except NotFound:
        return None
    return register if register.state.format == "people" else None


def person_of(service: EventService, slug: str, player: int) -> tuple[int, str] | None:
    """The person a player of event ``slug`` is linked to in the register (None: no register,
    or not linked)."""
    from podium.formats.people.book import book_of

    register = register_of(service)
    if register is None:
        return None
    person = book_of(register.state).person_of(slug, player)
    return None if person is None else (person.id, person.shown)
