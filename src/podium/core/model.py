"""The domain state that replay derives from the log.

The types are general on purpose: a table seats 2 to 7 players in turn order, a result gives
each seat a place (ties allowed), and optionally an elimination order and a raw game score
(mahjong game points, which can be negative). A format decides how a result is entered and
scored; the core only stores and aggregates the outcome.
"""

from __future__ import annotations

import copyreg
import operator
import pickle
import threading
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import accumulate, chain
from operator import attrgetter
from typing import Any, TypeVar

PlayerId = int
Book = TypeVar("Book")

MIN_SEATS = 2
MAX_SEATS = 7


@dataclass
class Player:
    """A registered player. ``joined_round`` is the number of rounds paired before registration,
    so a late entrant is known to have missed them (and starts with 0 points)."""

    id: PlayerId
    name: str
    joined_round: int = 0
    dropped: bool = False
    drop_reason: str = ""
    group: str = ""  # a club, family or team, kept apart by a pairing setting

    def __reduce__(self) -> Any:
        """Pickled as its constructor's arguments, the trailing defaults left out: a snapshot's
        players (and the name index sharing them) load in half the time of a dataclass's
        state dict each (50,000 marathon players 0.03 s of CPU instead of 0.06 s; 200,000
        Commander players). Anything more on the instance keeps the dict."""
        found = self.__dict__
        if type(self) is not Player or len(found) != 6:
            return (copyreg.__newobj__, (type(self),), dict(found))  # type: ignore[attr-defined]
        args = (self.id, self.name, self.joined_round, self.dropped, self.drop_reason,
                self.group)
        end = len(args)
        while end > 2 and args[end - 1] == _PLAYER_DEFAULTS[end - 3]:
            end -= 1
        return (Player, args[:end])


_PLAYER_DEFAULTS = (0, False, "", "")  # joined_round, dropped, drop_reason, group



@dataclass(frozen=True, slots=True)  # slots: a million of them at 200,000 players
class Table:
    """One table of a round. ``seats[0]`` takes the first turn, ``seats[1]`` the second, ..."""

    number: int
    seats: tuple[PlayerId, ...]

    def seat_of(self, player: PlayerId) -> int:
        """Turn position of ``player``, 1-based."""
        return self.seats.index(player) + 1


@dataclass(frozen=True)
class Bye:
    """A player who sits out a round with the points and elimination order the format grants."""

    player: PlayerId
    points: Fraction
    order: int | None
    reason: str


@dataclass(frozen=True, slots=True)  # slots: a million of them at 200,000 players
class SeatOutcome:
    """What one game gave one player.

    ``place``: 1 is best; tied players share the best place they cover.
    ``order``: elimination order where the format uses one (1 = first out, table size = winner;
    players out at the same moment share the average of the orders they cover, e.g. 3/2).
    ``score``: the raw game score where the game has one.
    """

    player: PlayerId
    points: Fraction
    place: int
    won: bool = False
    drew: bool = False
    order: int | Fraction | None = None
    score: Fraction | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)  # slots: a million of them at 200,000 players
class TableResult:
    """The scored result of one table, plus the entry as the organiser gave it."""

    outcomes: tuple[SeatOutcome, ...]
    entry: dict[str, Any]
    corrected: bool = False

    def of(self, player: PlayerId) -> SeatOutcome:
        for outcome in self.outcomes:
            if outcome.player == player:
                return outcome
        raise KeyError(player)


@dataclass
class Round:
    """A paired round: its tables, byes, the seed of its draw and the pairing's explanation."""

    number: int
    stage: str
    tables: list[Table]
    byes: list[Bye]
    seed: int
    notes: list[str] = field(default_factory=list)
    results: dict[int, TableResult] = field(default_factory=dict)
    # Versions, so that two organisers editing at once cannot silently overwrite each other:
    # the action (seq) that last changed the round's tables or byes (its pairing, a hand
    # edit), and per table the action that last changed its result (entered, corrected,
    # scored again). Derived on replay, never stored in the log.
    seq: int = 0
    versions: dict[int, int] = field(default_factory=dict)

    def result_version(self, table: int) -> int:
        """The version of table ``table``'s result (0: none entered)."""
        return self.versions.get(table, 0)

    @property
    def version(self) -> int:
        """The latest change of the round: its tables, byes or any result."""
        return max(self.seq, max(self.versions.values(), default=0))

    @property
    def complete(self) -> bool:
        # fewer results than tables: one is missing, without scanning 2,500 tables on every
        # write of a 10,000-player round
        if len(self.results) < len(self.tables):
            return False
        return all(table.number in self.results for table in self.tables)

    @property
    def missing(self) -> list[int]:
        if len(self.results) >= len(self.tables) and self.complete:
            return []
        results = self.results
        return [t.number for t in self.tables if t.number not in results]

    def table(self, number: int) -> Table:
        # tables are numbered 1, 2, ... in order: look there first (a 10,000-player round)
        if 1 <= number <= len(self.tables) and self.tables[number - 1].number == number:
            return self.tables[number - 1]
        for table in self.tables:
            if table.number == number:
                return table
        raise KeyError(number)

    def players(self) -> Iterator[PlayerId]:
        for table in self.tables:
            yield from table.seats
        for bye in self.byes:
            yield bye.player

    # -- the compact form in a snapshot -----------------------------------------
    #
    # A round of 200,000 players is 50,000 tables and as many results, 200,000 seat outcomes:
    # pickled as objects they made a snapshot whose writing doubled the import's memory (the
    # pickler's memo of every object) and whose loading took seconds, though a cold standings
    # reads only the kept records (podium.core.records.RecordBook). So a round pickles its
    # tables and results as a few columns (:func:`pack_round`), and a round loaded from a
    # snapshot decodes them on first use (``__getattr__``: they are simply absent from the
    # instance until then, so every other access costs nothing extra).

    @property
    def packed(self) -> bool:
        """Loaded from a snapshot and its tables and results not decoded yet."""
        return "_packed" in self.__dict__

    def __reduce__(self) -> Any:
        found = self.__dict__
        packed = found.get("_packed")
        if packed is None:
            packed = pack_round(found["tables"], found["results"])
        rest = {key: value for key, value in found.items() if key not in _ROUND_PACKED}
        return (_packed_round, (type(self), rest, packed))

    def __getattr__(self, name: str) -> Any:
        # only called for an attribute the instance lacks: the tables and results of a
        # round loaded from a snapshot, before their first use
        found = self.__dict__
        if name in ("tables", "results") and "_packed" in found:
            with _UNPACKING:  # two readers decode it once, and hand out the same objects
                if name not in found:
                    tables, results = unpack_round(found["_packed"])
                    found["tables"], found["results"] = tables, results
                    # what was decoded, as decoded: a RecordBook that counted the round
                    # before it was stored compares the round with these (records._Mark)
                    found["_unpacked"] = (list(tables), dict(results))
                    del found["_packed"]
            return found[name]
        if name in ("tables", "results") and name in found:  # decoded by another thread
            return found[name]
        raise AttributeError(name)

    def pack(self) -> bool:
        """Hold the tables and results in the compact form of a snapshot from now on (decoded
        again on first use, as after a load); False when they have no compact form. For a
        round that nothing reads for a while: a 200,000-player import holds the rounds
        already played this way (docs/benchmarks.md)."""
        found = self.__dict__
        if "_packed" in found:
            return True
        packed = pack_round(found["tables"], found["results"])
        if packed[0] != "columns":
            return False
        for name in _ROUND_PACKED:
            found.pop(name, None)
        found["_packed"] = packed
        return True

    def unpacked(self) -> tuple[list[Table], dict[int, TableResult]] | None:
        """The tables and results as decoded from the snapshot (None: not loaded from one)."""
        self.tables  # noqa: B018 - decodes a packed round
        return self.__dict__.get("_unpacked")


_ROUND_PACKED = frozenset({"tables", "results", "_packed", "_unpacked"})
_UNPACKING = threading.Lock()


def _packed_round(cls: type[Round], rest: dict[str, Any], packed: tuple[Any, ...]) -> Round:
    rnd = object.__new__(cls)
    rnd.__dict__.update(rest)
    rnd.__dict__["_packed"] = packed
    return rnd


def _ints(values: list[int]) -> array[int]:
    """``values`` as the smallest array of machine integers that holds them (OverflowError:
    beyond 64 bits, TypeError: not all ints)."""
    low, high = (min(values), max(values)) if values else (0, 0)
    for code in ("b", "h", "i", "q"):
        bound = 1 << (8 * array(code).itemsize - 1)
        if -bound <= low and high < bound:
            return array(code, values)
    raise OverflowError(high)


_BY_VALUE = frozenset({int, bool, Fraction, type(None)})


def _indexed(objects: list[Any], values: list[Any], where: dict[Any, int]) -> array[int]:
    """Each object as its index in ``values``: objects shared by identity (a format's award,
    its shared note) are stored once, and decode as one object again; so are equal numbers
    of one type, which are immutable (200,000 players' elimination sums are a few hundred
    distinct Fractions, each slow to unpickle)."""
    index: list[int] = []
    add = index.append
    for obj in objects:
        kind = type(obj)
        key: Any = (kind, obj) if kind in _BY_VALUE else id(obj)
        found = where.get(key)
        if found is None:
            found = where[key] = len(values)
            values.append(obj)
        add(found)
    return _ints(index)


_OUTCOME = attrgetter("player", "points", "place", "won", "drew", "order", "score", "note")


def pack_round(tables: list[Table], results: dict[int, TableResult]) -> tuple[Any, ...]:
    """A round's tables and results as columns: the table numbers and seats, each result's
    outcomes field by field (points, orders, scores and notes as indexes into the distinct
    objects), its ``corrected`` flag, and the entries as one pickle. Anything of another
    shape (a subclass, a flag that is not a bool, an id beyond 64 bits) keeps the objects
    (``"objects"``). :func:`unpack_round` gives back equal objects, in the same order."""
    try:
        if not (all(type(t) is Table for t in tables)
                and all(type(r) is TableResult and type(r.outcomes) is tuple
                        and type(r.corrected) is bool for r in results.values())):
            raise TypeError
        seats = list(chain.from_iterable(t.seats for t in tables))
        outcomes = list(chain.from_iterable(r.outcomes for r in results.values()))
        if not all(type(o) is SeatOutcome for o in outcomes):
            raise TypeError
        fields = list(zip(*map(_OUTCOME, outcomes), strict=True)) or [()] * 8
        players, points, places, won, drew, orders, scores, notes = fields
        kinds = {*map(type, seats), *map(type, players), *map(type, places)}
        if not kinds <= {int} or not {*map(type, won), *map(type, drew)} <= {bool}:
            raise TypeError
        values: list[Any] = []
        where: dict[Any, int] = {}
        indexes = [_indexed(list(column), values, where)
                   for column in (points, orders, scores, notes)]
        return (
            "columns",
            _ints([t.number for t in tables]), _ints([len(t.seats) for t in tables]),
            _ints(seats), _ints(list(results)),
            _ints([len(r.outcomes) for r in results.values()]),
            _ints(list(players)), _ints(list(places)),
            bytes(map(int.__add__, won, map((2).__mul__, drew))),
            bytes(r.corrected for r in results.values()),
            *indexes,
            # the distinct values (notes with their parameters, Fractions) and the entries
            # as one pickle of their own: a cold load does not build them
            pickle.dumps((values, [r.entry for r in results.values()]),
                         protocol=pickle.HIGHEST_PROTOCOL),
        )
    except (TypeError, OverflowError, ValueError):
        return ("objects", tables, results)


def unpack_round(packed: tuple[Any, ...]) -> tuple[list[Table], dict[int, TableResult]]:
    """The tables and results that :func:`pack_round` stored."""
    if packed[0] == "objects":
        return packed[1], packed[2]
    (_kind, numbers, sizes, seats, keys, counts, players, places, flags, corrected,
     points, orders, scores, notes, objects) = packed
    values, entries = pickle.loads(objects)
    seat_list = seats.tolist()
    tables = []
    start = 0
    for number, end in zip(numbers.tolist(), accumulate(sizes.tolist()), strict=True):
        tables.append(Table(number, tuple(seat_list[start:end])))
        start = end
    value = values.__getitem__
    outcomes = list(map(
        SeatOutcome, players.tolist(), map(value, points), places.tolist(),
        map(bool, map((1).__and__, flags)), map(bool, map((2).__and__, flags)),
        map(value, orders), map(value, scores), map(value, notes)))
    results = {}
    start = 0
    for key, end, entry, fixed in zip(keys.tolist(), accumulate(counts.tolist()),
                                      entries, corrected, strict=True):
        results[key] = TableResult(tuple(outcomes[start:end]), entry, bool(fixed))
        start = end
    return tables, results


class PlayerBook(dict[PlayerId, Player]):
    """The event's players by id. A player merged into another (``player.merged``) is no
    longer registered, but a stored result or entry that names their old id still reads as
    the player they became (:attr:`aliases`), so every page shows the kept name."""

    aliases: dict[PlayerId, PlayerId]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.aliases = {}

    def __missing__(self, key: PlayerId) -> Player:
        seen = 0
        while key in self.aliases and seen < 1000:
            key = self.aliases[key]
            if dict.__contains__(self, key):
                return dict.__getitem__(self, key)
            seen += 1
        raise KeyError(key)

    def __reduce__(self) -> Any:
        return (_player_book, (dict(self), dict(self.aliases)))


def _player_book(players: dict[PlayerId, Player], aliases: dict[PlayerId, PlayerId]
                 ) -> PlayerBook:
    book = PlayerBook(players)
    book.aliases = aliases
    return book


@dataclass
class EventState:
    """Everything replay derives for one event."""

    slug: str
    name: str
    format: str
    settings: Any
    seed: int
    # a PlayerBook (merged ids read as the player kept), typed as the dict it is
    players: dict[PlayerId, Player] = field(default_factory=PlayerBook)
    rounds: list[Round] = field(default_factory=list)
    last_seq: int = 0
    draws: int = 0  # rounds paired so far, undone ones included: each draw gets its own seed
    # The phases entered so far (podium.core.phases.PhaseEntry), the current one last; empty
    # while the event is in its first phase.
    phase_log: list[Any] = field(default_factory=list)
    # Named groups of players (podium.core.divisions), in their declared order.
    divisions: dict[str, Any] = field(default_factory=dict)
    division_of: dict[PlayerId, str] = field(default_factory=dict)
    # Format-specific state (games of an open-play marathon, a bracket...), each under a key
    # owned by the format's own action kinds (Ruleset.action_kinds); the core never reads it.
    extra: dict[str, Any] = field(default_factory=dict)
    # Names are unique per event without case, unless the format says case matters (an online
    # server's accounts "Anna" and "anna" are two people): Ruleset.names_case_sensitive.
    names_case_sensitive: bool = False
    # The event's own record (podium.core.people): archived (off the home page), its date
    # ("YYYY-MM-DD") and venue, and whether play has begun (an action beyond the setup).
    archived: bool = False
    date: str | None = None
    venue: str = ""
    started: bool = False
    # Ids no longer registered: removed (None) or merged into another player (their id).
    gone: dict[PlayerId, PlayerId | None] = field(default_factory=dict)
    _names: dict[str, Player] = field(default_factory=dict, repr=False, compare=False)
    # Derived aggregates kept beside the state and pickled with it in a snapshot (a
    # podium.core.records.RecordBook per key): a cache, never compared; replay rebuilds it.
    caches: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def current_round(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def active_players(self) -> list[Player]:
        return [p for p in self.players.values() if not p.dropped]

    def book(self, key: str, new: Callable[[], Book]) -> Book:
        """The format's state kept under ``key`` in :attr:`extra`, made by ``new`` on first use
        (each format's ``book_of``)."""
        found = self.extra.get(key)
        if found is None:
            found = self.extra[key] = new()
        return found

    def add_player(self, player: Player) -> None:
        self.players[player.id] = player
        self._names[self.name_key(player.name)] = player

    def next_player_id(self) -> PlayerId:
        """The id a new player gets: never one a removed or merged player had."""
        return max(max(self.players, default=0), max(self.gone, default=0)) + 1

    def forget_player(self, player: PlayerId, into: PlayerId | None = None) -> None:
        """Unregister ``player`` (removed, or merged ``into`` another): their name is free."""
        gone = self.players.pop(player)
        self._names.pop(self.name_key(gone.name), None)
        self.gone[player] = into
        if into is not None and isinstance(self.players, PlayerBook):
            self.players.aliases[player] = into

    def rename_player(self, player: Player, name: str) -> None:
        """Give ``player`` a new name (checked unique by the caller)."""
        self._names.pop(self.name_key(player.name), None)
        player.name = name
        self._names[self.name_key(name)] = player

    def name_key(self, name: str) -> str:
        """How a name is compared: without case, or as written when case matters."""
        return name.strip() if self.names_case_sensitive else name.casefold().strip()

    def player_by_name(self, name: str) -> Player | None:
        """Names are unique per event (see :meth:`name_key`)."""
        return self._names.get(self.name_key(name))

    def set_names_case_sensitive(self, sensitive: bool) -> list[str]:
        """Compare names as the format now says; the names that would then collide (nothing
        changes when there are any)."""
        keys: dict[str, Player] = {}
        clashes = []
        for player in self.players.values():
            key = player.name.strip() if sensitive else player.name.casefold().strip()
            if key in keys:
                clashes.append(player.name)
            keys[key] = player
        if not clashes:
            self.names_case_sensitive = sensitive
            self._names = keys
        return clashes

    def round(self, number: int) -> Round:
        if 1 <= number <= len(self.rounds):
            return self.rounds[number - 1]
        raise KeyError(number)

    # -- in a snapshot ----------------------------------------------------------
    #
    # The index of names is what :meth:`add_player`, :meth:`rename_player` and
    # :meth:`forget_player` keep it: one key per registered player. A snapshot leaves it out
    # when it is exactly that (200,000 names cost a cold load 0.1 s to unpickle, and the
    # standings never read it), and the first lookup of a loaded state builds it again.

    def _names_rebuilt(self) -> dict[str, Player]:
        key = self.name_key
        return {key(player.name): player for player in self.players.values()}

    def __reduce__(self) -> Any:
        found = dict(self.__dict__)
        names = found.get("_names")
        if names is not None:
            rebuilt = self._names_rebuilt()
            if (list(rebuilt) == list(names)
                    and all(map(operator.is_, rebuilt.values(), names.values()))):
                del found["_names"]
        return (_event_state, (type(self), found))

    def __getattr__(self, name: str) -> Any:
        # only called for an attribute the instance lacks: the index of names of a state
        # loaded from a snapshot, before its first use
        if name == "_names" and "players" in self.__dict__:
            names = self.__dict__["_names"] = self._names_rebuilt()
            return names
        raise AttributeError(name)


def _event_state(cls: type[EventState], found: dict[str, Any]) -> EventState:
    state = object.__new__(cls)
    state.__dict__.update(found)
    return state
