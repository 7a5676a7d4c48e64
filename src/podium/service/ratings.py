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
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from podium.core.model import EventState
from podium.core.rated import RatedGame
from podium.ratings.engine import Game, Params, Ratings, rate

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
class SystemRatings:
    """The ratings of one system: the engine's result, the games in the order rated, the
    events they came from, and the persons of the register they rate."""

    system: str
    ratings: Ratings
    games: list[PlayedGame]
    events: dict[str, RatedEvent]
    _by_person: dict[int, list[PlayedGame]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for game in self.games:
            for person in game.persons:
                self._by_person.setdefault(person, []).append(game)

    def games_of(self, person: int) -> list[PlayedGame]:
        return list(self._by_person.get(person, ()))

    def index_at(self, moment: datetime) -> int:
        """The index of the first game played at or after ``moment`` (a rating "as of")."""
        return next((g.index for g in self.games if g.at >= moment), len(self.games))

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


def played_games(events: Sequence[tuple[RatedEvent, list[RatedGame]]], book: PeopleBook
                 ) -> list[tuple[PlayedGame, Fraction]]:
    """Every game of the events with its persons, in the order played, and its weight."""
    keyed: list[tuple[Any, RatedEvent, RatedGame, datetime, tuple[int, ...]]] = []
    strangers: dict[tuple[str, int], int] = {}
    for event, games in events:
        for game in games:
            if len(game.places) < 2:
                continue
            at = game.at if game.at is not None else event.when
            persons: list[int] = []
            for player, _place in game.places:
                person = book.links.get((event.slug, player))
                if person is None:
                    person = strangers.setdefault((event.slug, player), -len(strangers) - 1)
                else:
                    person = book.resolve(person)
                persons.append(person)
            keyed.append(((at, event.when, event.slug, game.order), event, game, at,
                          tuple(persons)))
    keyed.sort(key=lambda item: item[0])
    out = []
    for index, (_key, event, game, at, seated) in enumerate(keyed):
        out.append((PlayedGame(index, event.slug, game.key, at, seated,
                               tuple(p for p, _ in game.places),
                               tuple(place for _, place in game.places)), event.weight))
    return out


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


def rated_systems(service: EventService) -> list[str]:
    """The game systems some registered format rates, in order."""
    from podium.formats import all_formats

    return sorted({f.rating_system for f in all_formats() if f.rating_system})


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
        events.append((event, list(one.ruleset.rated_games(state))))
    played = played_games(events, book)
    ratings = rate((Game(g.persons, g.places, w) for g, w in played), params)
    value = SystemRatings(system, ratings, [g for g, _ in played],
                          {e.slug: e for e, _ in events})
    cache.put(key, version, value)
    return value


__all__ = ["PlayedGame", "RatedEvent", "SystemRatings", "event_time", "played_games",
           "rated_systems", "ratings_of", "source_events", "weight_of"]


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


def person_of(service: EventService, slug: str, player: int) -> tuple[int, str] | None:
    """The person a player of event ``slug`` is linked to in the register (None: no register,
    or not linked)."""
    from podium.core.errors import NotFound
    from podium.formats.people.book import book_of
    from podium.formats.people.rules import REGISTRY

    try:
        register = service.load(REGISTRY)
    except NotFound:
        return None
    if register.state.format != "people":
        return None
    person = book_of(register.state).person_of(slug, player)
    return None if person is None else (person.id, person.shown)
