"""Survival battles of the 7 Wonders year (rules W7-14, W7-23, W7-29): newcomers against the
players who must defend their Warriors place, as pure functions over plain data.

The year (a series of seasons) calls these; nothing here is stored or reads a clock:

- :func:`propose_format` (rule W7-14): from the number of entrants and of free Warriors places,
  the matches (their sizes and qualifying places) the organiser starts from; an organiser's own
  format is checked by :func:`check_format`.
- :func:`draw` (rule W7-14): who plays which match: a premium player in every match, last
  season's league mates apart, strength spread by the snake of rule W7-5; every placement with
  its reason, for a preview before the draw is stored. The only random choice (the order of
  players equally strong by last season's results) comes from the recorded ``seed``.
- :func:`battle_outcome` (rules W7-23, W7-29): who qualifies from a match's game (ties for a
  qualifying place by W7-29), or, for an unfinished game, who replays it and who is barred.

Explanations are notes (an English message id and its parameters, translated at the edge by
:func:`podium.formats.seven_wonders.season.note_text`), like the season's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from podium.core.errors import InvalidInput
from podium.core.model import PlayerId
from podium.core.rng import rng_for
from podium.core.views import N_
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.season import (
    WORSE,
    Criterion,
    Note,
    order_of,
    ranking,
    survival_replay,
)

TABLE_MAX = 7  # a 7 Wonders table seats at most 7
TABLE_MIN = 2
SEARCH_LIMIT = 200_000  # nodes of the draw's search before a rule is relaxed


# -- the entrants --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Entrant:
    """One player of the survival battles.

    A *defender* played last season (``league`` is the name of last season's league as it is
    shown, ``level`` its rank, 0 = the top league, ``place`` the place in it); a *newcomer* did
    not (``league`` is None: a new player, or one back after skipping a season, rule W7-35).
    ``rating`` is the site rating (a newcomer's strength, rule W7-14), ``signup`` the order of
    the application (1 = first, rule W7-29 (3)), ``premium`` a premium account on the site (its
    holder creates the match's table, rules W7-14, W7-36).
    """

    player: PlayerId
    name: str
    premium: bool = False
    rating: int = 0
    signup: int | None = None
    league: str | None = None
    level: int | None = None
    place: int | None = None

    @property
    def defender(self) -> bool:
        return self.league is not None


def newcomer(player: PlayerId, name: str, rating: int, premium: bool = False,
             signup: int | None = None) -> Entrant:
    """A player who did not play last season."""
    return Entrant(player, name, premium, rating, signup)


def defender(player: PlayerId, name: str, league: str, level: int, place: int,
             premium: bool = False, signup: int | None = None, rating: int = 0) -> Entrant:
    """A player of last season who must defend a Warriors place (rules W7-6, W7-10)."""
    return Entrant(player, name, premium, rating, signup, league, level, place)


# -- the format (rule W7-14) ---------------------------------------------------------------------
@dataclass(frozen=True)
class Slot:
    """One match of the battles: its number of players and of qualifying places."""

    size: int
    qualifying: int


@dataclass(frozen=True)
class BattleFormat:
    """The matches, easiest first (most qualifying places per player): the snake starts there,
    so the strongest get the easier slots where the numbers cannot be even (rule W7-14)."""

    slots: tuple[Slot, ...]
    free: int
    notes: tuple[Note, ...] = ()

    @property
    def entrants(self) -> int:
        return sum(s.size for s in self.slots)


def propose_format(entrants: int, free: int, newcomers: int = 1) -> BattleFormat:
    """Rule W7-14: the organiser sets the format from the number of free places; this is the
    proposal they start from. ``entrants`` play for ``free`` Warriors places.

    No battle (no slots) when no newcomer applies (rule W7-10: the defenders keep their places)
    or when there are places for everyone. Otherwise as few tables as can seat everyone (at most
    7 a table), sizes as equal as possible, the qualifying places shared in proportion to the
    sizes (largest remainder), and the matches ordered easiest first.
    """
    if entrants < 0 or free < 0:
        raise InvalidInput(N_("the number of entrants and of free places cannot be negative"),
                           code=codes.SURVIVAL_NEGATIVE, field="free")
    if newcomers == 0:
        return BattleFormat((), free, ((N_("no newcomer applies: the players who must defend "
                                           "keep their Warriors places (rule W7-10)"), {}),))
    if entrants <= free:
        return BattleFormat((), free, ((N_("%(free)s free places for %(entrants)s players: "
                                           "everyone plays in Warriors, no battle (rule W7-14)"),
                                        {"free": free, "entrants": entrants}),))
    count = -(-entrants // TABLE_MAX)
    base, extra = divmod(entrants, count)
    sizes = [base + 1 if i < extra else base for i in range(count)]
    shares = [free * s // entrants for s in sizes]
    rest = free - sum(shares)
    by_remainder = sorted(range(count), key=lambda i: (-(free * sizes[i] % entrants), sizes[i], i))
    for i in by_remainder[:rest]:
        shares[i] += 1
    slots = sorted((Slot(s, q) for s, q in zip(sizes, shares, strict=True)),
                   key=lambda s: (-Fraction(s.qualifying, s.size), s.size))
    notes: list[Note] = [(N_("%(entrants)s players for %(free)s free places: %(count)s matches "
                             "(%(detail)s), the easiest first (rule W7-14)"),
                          {"entrants": entrants, "free": free, "count": count,
                           "detail": _slots_text(slots)})]
    if any(s.qualifying == 0 for s in slots):
        notes.append((N_("fewer free places than matches: a match without a qualifying place; "
                         "the organiser sets a preliminary stage (rule W7-14)"), {}))
    return BattleFormat(tuple(slots), free, tuple(notes))


def _slots_text(slots: Sequence[Slot]) -> str:
    return ", ".join(f"{s.size}/{s.qualifying}" for s in slots)


def check_format(fmt: BattleFormat, entrants: int) -> BattleFormat:
    """An organiser's format, checked: every entrant seated once, 2 to 7 a table, the
    qualifying places of each match within its size and adding up to the free places."""
    if sum(s.size for s in fmt.slots) != entrants:
        raise InvalidInput(N_("format: the matches seat %(seated)s players, there are "
                              "%(entrants)s"),
                           code=codes.SURVIVAL_FORMAT, field="format",
                           seated=sum(s.size for s in fmt.slots), entrants=entrants)
    for number, slot in enumerate(fmt.slots, start=1):
        if not TABLE_MIN <= slot.size <= TABLE_MAX:
            raise InvalidInput(N_("format: match %(match)s has %(size)s players; a table seats 2 "
                               "to 7"), code=codes.SURVIVAL_FORMAT, field="format", match=number,
                               size=slot.size)
        if not 0 <= slot.qualifying <= slot.size:
            raise InvalidInput(N_("format: match %(match)s has %(qualifying)s qualifying places "
                               "for %(size)s players"), code=codes.SURVIVAL_FORMAT, field="format",
                               match=number, qualifying=slot.qualifying, size=slot.size)
    if sum(s.qualifying for s in fmt.slots) != min(fmt.free, entrants):
        raise InvalidInput(N_("format: the matches give %(given)s qualifying places for %(free)s "
                           "free places"), code=codes.SURVIVAL_FORMAT, field="format",
                           given=sum(s.qualifying for s in fmt.slots), free=fmt.free)
    return fmt


# -- the draw (rule W7-14) -----------------------------------------------------------------------
@dataclass(frozen=True)
class Placement:
    """One entrant's seat: the match (1 = the first), the strength rank (1 = the strongest),
    the match the snake offered, and why they sit where they do."""

    player: PlayerId
    match: int
    rank: int
    snake: int
    notes: tuple[Note, ...]


@dataclass(frozen=True)
class Draw:
    """The proposed draw, to preview before it is stored: ``order`` is the strength list the
    snake runs over, ``matches`` each match's players in that order."""

    format: BattleFormat
    seed: int
    order: tuple[PlayerId, ...]
    placements: tuple[Placement, ...]
    matches: tuple[tuple[PlayerId, ...], ...]
    separated: bool  # last season's league mates kept apart as far as possible
    premium_everywhere: bool  # a premium player in as many matches as there are premium players
    notes: tuple[Note, ...] = ()

    def match_of(self, player: PlayerId) -> int:
        return next(p.match for p in self.placements if p.player == player)


def strength_order(entrants: Sequence[Entrant], seed: int) -> tuple[list[Entrant], list[Note]]:
    """Rule W7-14: strength by last season's results, by the site rating for newcomers.
    **[open]** one list needs both: the players of last season come first (W7-29 (1) favours
    them too), by league (the top first) then place; newcomers by rating, ties by nickname
    (as rule W7-5). Players of last season equal on league rank and place (5th of Warriors A
    and 5th of Warriors B) are ordered by a draw from ``seed``."""
    notes: list[Note] = []
    defenders = [e for e in entrants if e.defender]
    ordered: list[Entrant] = []
    keys = sorted({(_or_worse(e.level), _or_worse(e.place)) for e in defenders})
    for level, place in keys:
        group = sorted((e for e in defenders
                        if (_or_worse(e.level), _or_worse(e.place)) == (level, place)),
                       key=lambda e: e.player)
        if len(group) > 1:
            rng_for(seed, "survival-strength", level, place).shuffle(group)
            notes.append((N_("%(names)s are equally strong by last season (leagues of one "
                             "rank, place %(place)s): their order is drawn (seed %(seed)s, "
                             "recorded; rule W7-14)"),
                          {"names": [e.name for e in group], "level": level, "place": place,
                           "seed": seed}))
        ordered.extend(group)
    ordered.extend(sorted((e for e in entrants if not e.defender),
                          key=lambda e: (-e.rating, e.name.casefold(), e.name, e.player)))
    for rank, e in enumerate(ordered, start=1):
        if e.defender:
            notes.append((N_("strength %(rank)s: %(name)s, last season %(league)s, place "
                             "%(place)s"), {"rank": rank, "name": e.name, "league": e.league,
                                            "place": e.place}))
        else:
            notes.append((N_("strength %(rank)s: %(name)s, newcomer, site rating %(rating)s"),
                          {"rank": rank, "name": e.name, "rating": e.rating}))
    return ordered, notes


def _or_worse(value: int | None) -> int:
    return WORSE if value is None else value


def snake_slots(sizes: Sequence[int], count: int) -> list[int]:
    """Rule W7-5's snake over matches of the given sizes: 1, 2, ..., k, k, ..., 2, 1, 1, 2 ...,
    a full match skipped. Returns the match index (0-based) offered to each of ``count``
    players in strength order."""
    free = list(sizes)
    k = len(sizes)
    out: list[int] = []
    forward = True
    while len(out) < min(count, sum(sizes)):
        for i in (range(k) if forward else range(k - 1, -1, -1)):
            if len(out) < count and free[i] > 0:
                free[i] -= 1
                out.append(i)
        forward = not forward
    return out


@dataclass
class _Search:
    """The draw's search: players in strength order, each tried in the snake's match first,
    then the nearest others; a seat is refused when it breaks a rule or leaves the rest of the
    draw unable to keep them. The first complete draw found is the most snake-like one."""

    players: list[Entrant]
    sizes: list[int]
    offered: list[int]
    separate: bool
    premium: bool
    caps: dict[str, int]
    cover: int
    seats: list[list[Entrant]] = field(default_factory=list)
    why: list[list[tuple[str, int]]] = field(default_factory=list)
    chosen: list[int] = field(default_factory=list)
    nodes: int = 0

    def run(self) -> bool | None:
        self.seats = [[] for _ in self.sizes]
        self.why = [[] for _ in self.players]
        self.chosen = [-1] * len(self.players)
        try:
            return self._place(0)
        except _TooLong:
            return None

    def _place(self, i: int) -> bool:
        if i == len(self.players):
            return True
        self.nodes += 1
        if self.nodes > SEARCH_LIMIT:
            raise _TooLong
        self.why[i] = []
        entrant = self.players[i]
        home = self.offered[i]
        for j in sorted(range(len(self.sizes)), key=lambda j: (abs(j - home), j)):
            reason = self._refusal(i, entrant, j)
            if reason is not None:
                self.why[i].append((reason, j))
                continue
            self.seats[j].append(entrant)
            self.chosen[i] = j
            if self._place(i + 1):
                return True
            self.seats[j].pop()
            self.why[i].append(("rest", j))
        return False

    def _refusal(self, i: int, entrant: Entrant, j: int) -> str | None:
        if len(self.seats[j]) >= self.sizes[j]:
            return "full"
        if (self.separate and entrant.league is not None
                and sum(1 for e in self.seats[j] if e.league == entrant.league)
                >= self.caps[entrant.league]):
            return "league"
        self.seats[j].append(entrant)
        try:
            if self.premium and not self._premium_possible(i + 1):
                return "premium"
            if self.separate and not self._leagues_possible(i + 1):
                return "rest"
        finally:
            self.seats[j].pop()
        return None

    def _premium_possible(self, next_index: int) -> bool:
        left = sum(1 for e in self.players[next_index:] if e.premium)
        covered = sum(1 for seats in self.seats if any(e.premium for e in seats))
        open_ = sum(1 for seats, size in zip(self.seats, self.sizes, strict=True)
                    if len(seats) < size and not any(e.premium for e in seats))
        return covered + min(left, open_) >= self.cover

    def _leagues_possible(self, next_index: int) -> bool:
        remaining: dict[str, int] = {}
        for e in self.players[next_index:]:
            if e.league is not None:
                remaining[e.league] = remaining.get(e.league, 0) + 1
        for league, count in remaining.items():
            room = sum(min(self.caps[league] - sum(1 for e in seats if e.league == league),
                           size - len(seats))
                       for seats, size in zip(self.seats, self.sizes, strict=True))
            if room < count:
                return False
        return True


class _TooLong(Exception):
    pass


def draw(fmt: BattleFormat, entrants: Sequence[Entrant], seed: int) -> Draw:
    """Rule W7-14: the draw of the survival battles over ``fmt`` (from :func:`propose_format`
    or the organiser's, checked here).

    Strength is :func:`strength_order`; the snake (:func:`snake_slots`) offers each player in
    turn a match, the first one easiest. A player sits elsewhere only when the offered seat
    would (1) leave a match without a premium player while a premium player could still sit
    there (as many matches as there are premium players get one), or (2) put two players of the
    same league last season together when they can be kept apart (at most ⌈n / matches⌉ of a
    league's n players a match), or when the rest of the draw could not then keep those rules.
    If no draw keeps both, league separation is given up first, then the premium rule (each
    said in the notes). ``seed`` orders equally strong players and is recorded in the draw.
    """
    check_format(fmt, len(entrants))
    ids = [e.player for e in entrants]
    if len(set(ids)) != len(ids):
        raise InvalidInput(N_("players: a player is entered twice"),
                           code=codes.SURVIVAL_TWICE, field="players")
    order, notes = strength_order(entrants, seed)
    sizes = [s.size for s in fmt.slots]
    offered = snake_slots(sizes, len(order))
    leagues: dict[str, int] = {}
    for e in order:
        if e.league is not None:
            leagues[e.league] = leagues.get(e.league, 0) + 1
    caps = {lg: -(-n // max(1, len(sizes))) for lg, n in leagues.items()}
    premium = sum(1 for e in order if e.premium)
    cover = min(len(sizes), premium)
    search: _Search | None = None
    separate = with_premium = False
    for separate, with_premium in ((True, True), (False, True), (True, False), (False, False)):
        search = _Search(order, sizes, offered, separate, with_premium, caps, cover)
        if search.run():
            break
    assert search is not None
    if not separate:
        notes.append((N_("last season's league mates cannot all be kept apart in this format: "
                         "that rule is given up for this draw (rule W7-14)"), {}))
    if not with_premium:
        notes.append((N_("the premium players cannot be spread over the matches in this "
                         "format: that rule is given up for this draw (rule W7-14)"), {}))
    if premium < len(sizes):
        notes.append((N_("%(premium)s premium players for %(count)s matches: %(missing)s "
                         "without one; the organiser creates those tables as turn-based games "
                         "(rules W7-14, W7-36)"),
                      {"premium": premium, "count": len(sizes),
                       "missing": len(sizes) - premium}))
    placements = _placements(search, order)
    matches = tuple(tuple(e.player for e in seats) for seats in search.seats)
    return Draw(fmt, seed, tuple(e.player for e in order), placements, matches, separate,
                with_premium, tuple(notes))


def _placements(search: _Search, order: Sequence[Entrant]) -> tuple[Placement, ...]:
    out: list[Placement] = []
    seen: list[list[Entrant]] = [[] for _ in search.sizes]
    for i, entrant in enumerate(order):
        j = search.chosen[i]
        notes: list[Note] = []
        rank, snake, match = i + 1, search.offered[i] + 1, j + 1
        if j == search.offered[i]:
            notes.append((N_("%(name)s (strength %(rank)s): match %(match)s, the snake's slot "
                             "(rule W7-14)"), {"name": entrant.name, "rank": rank,
                                               "match": match}))
        else:
            notes.append((N_("%(name)s (strength %(rank)s): match %(match)s; the snake offered "
                             "match %(snake)s (rule W7-14)"),
                          {"name": entrant.name, "rank": rank, "match": match, "snake": snake}))
        for reason, k in search.why[i]:
            notes.append(_refusal_note(reason, k, entrant, seen[k]))
        if entrant.premium and not any(e.premium for e in seen[j]):
            notes.append((N_("%(name)s has a premium account and creates the table of match "
                             "%(match)s (rules W7-14, W7-36)"),
                          {"name": entrant.name, "match": match}))
        seen[j].append(entrant)
        out.append(Placement(entrant.player, match, rank, snake, tuple(notes)))
    return tuple(out)


def _refusal_note(reason: str, k: int, entrant: Entrant, seats: Sequence[Entrant]) -> Note:
    match = k + 1
    if reason == "full":
        return (N_("match %(match)s is full"), {"match": match})
    if reason == "league":
        return (N_("match %(match)s already has %(names)s of %(league)s last season: kept "
                   "apart (rule W7-14)"),
                {"match": match, "league": entrant.league,
                 "names": [e.name for e in seats if e.league == entrant.league]})
    if reason == "premium":
        if entrant.premium:
            return (N_("match %(match)s already has a premium player and another match "
                       "needs one (rule W7-14)"), {"match": match})
        return (N_("match %(match)s keeps its seat for a premium player, so that every match "
                   "has one (rule W7-14)"), {"match": match})
    return (N_("in match %(match)s the rest of the draw could not keep its rules (rule "
               "W7-14)"), {"match": match})


# -- a battle's outcome (rules W7-23, W7-29) -----------------------------------------------------
@dataclass(frozen=True)
class BattleGame:
    """A survival match's game as entered: ``positions`` as the site shows them (rule W7-3,
    a tie shares a position), or an unfinished game: its kicker, the players who went into
    negative time and, ended by the overall time limit, the deepest of them (rule W7-23).
    ``roll`` is a die roll entered for a tie rule W7-29 cannot break (higher is better)."""

    players: tuple[PlayerId, ...]
    positions: Mapping[PlayerId, int] | None = None
    finished: bool = True
    kicker: PlayerId | None = None
    negative_time: tuple[PlayerId, ...] = ()
    deepest: PlayerId | None = None
    roll: Mapping[PlayerId, int] | None = None


@dataclass
class BattleOutcome:
    """What a match's game gives: the qualified players (they play in Warriors next season,
    rule W7-14) and the others, best first; or, unfinished, the replay's players and the
    barred one (rule W7-23). ``waiting`` holds a tie that needs a die roll."""

    qualified: list[PlayerId] = field(default_factory=list)
    out: list[PlayerId] = field(default_factory=list)
    replay: tuple[PlayerId, ...] | None = None
    barred: PlayerId | None = None
    waiting: list[PlayerId] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    #: the game's positions as a competition ranking (rule W7-3), None for an unfinished
    #: game: the places a rating across events counts (:mod:`.rated`)
    positions: dict[PlayerId, int] | None = None


def battle_outcome(slot: Slot, game: BattleGame, entrants: Mapping[PlayerId, Entrant]
                   ) -> BattleOutcome:
    """Rules W7-14, W7-23, W7-29 for one survival match of ``slot.qualifying`` places."""
    names = {pid: e.name for pid, e in entrants.items()}
    missing = [p for p in game.players if p not in entrants]
    if missing:
        raise InvalidInput(N_("players: %(players)s did not enter the survival battles"),
                           code=codes.SURVIVAL_ENTRANT, field="players", players=missing)
    result = BattleOutcome()
    if not game.finished or game.kicker is not None:
        return _unfinished(slot, game, names, result)
    if game.positions is None or set(game.positions) != set(game.players):
        raise InvalidInput(N_("positions: give a position for each of %(names)s (rule W7-3)"),
                           code=codes.SURVIVAL_POSITIONS, field="positions",
                           names=[names[p] for p in game.players])
    positions = ranking(game.positions, names)
    result.positions = positions
    q = min(slot.qualifying, len(game.players))
    ordered: list[list[PlayerId]] = []
    for value in sorted(set(positions.values())):
        group = sorted(p for p in game.players if positions[p] == value)
        placed = sum(len(g) for g in ordered)
        if len(group) > 1 and placed < q < placed + len(group):
            result.notes.append((N_("tie for a qualifying place (position %(position)s) between "
                                    "%(names)s (rule W7-29)"),
                                 {"position": value, "names": [names[p] for p in group]}))
            ordered.extend(_w7_29(group, entrants, game.roll, names, result.notes))
        else:
            ordered.append(group)
    placed = 0
    for group in ordered:
        if placed + len(group) <= q:
            result.qualified.extend(group)
        elif placed >= q:
            result.out.extend(group)
        else:
            result.waiting = list(group)
        placed += len(group)
    if result.waiting:
        result.notes.append((N_("still tied: a die roll decides between %(names)s"),
                             {"names": [names[p] for p in result.waiting]}))
    else:
        result.notes.append((N_("qualified for Warriors next season: %(names)s (rule W7-14)"),
                             {"names": [names[p] for p in result.qualified]}))
    return result


def _w7_29(group: Sequence[PlayerId], entrants: Mapping[PlayerId, Entrant],
           roll: Mapping[PlayerId, int] | None, names: Mapping[PlayerId, str],
           notes: list[Note]) -> list[list[PlayerId]]:
    """Rule W7-29: (1) a player of the previous season first; then between them (2) the higher
    place last season (the higher league, then the place in it), between newcomers (3) the
    earlier sign-up. **[open]** still tied (two 5th places of the two Warriors leagues): a die
    roll (``roll``, higher is better); without it the tie waits."""
    die = Criterion(lambda pid: None if roll is None or pid not in roll else -roll[pid],
                    N_("die roll: %(detail)s"), {},
                    lambda pid: str(roll.get(pid, "–")) if roll else "–", roll=True)
    played = sorted(p for p in group if entrants[p].defender)
    new = sorted(p for p in group if not entrants[p].defender)
    if played and new:
        notes.append((N_("rule W7-29 (1), played last season: %(detail)s"),
                      {"detail": ", ".join(f"{names[p]} {'+' if p in played else '–'}"
                                           for p in (*played, *new))}))
    out: list[list[PlayerId]] = []
    if played:
        place = Criterion(lambda pid: _or_worse(entrants[pid].level) * 1000
                          + _or_worse(entrants[pid].place),
                          N_("rule W7-29 (2), place last season: %(detail)s"), {},
                          lambda pid: f"{entrants[pid].league} {entrants[pid].place}")
        out.extend(order_of(played, [place, die], names, notes))
    if new:
        signup = Criterion(lambda pid: _or_worse(entrants[pid].signup),
                           N_("rule W7-29 (3), sign-up order: %(detail)s"), {},
                           lambda pid: str(entrants[pid].signup or "–"))
        out.extend(order_of(new, [signup, die], names, notes))
    return out


def _unfinished(slot: Slot, game: BattleGame, names: Mapping[PlayerId, str],
                result: BattleOutcome) -> BattleOutcome:
    """Rule W7-23 (through :func:`season.survival_replay`)."""
    if game.kicker is None and game.deepest is None and not game.negative_time:
        raise InvalidInput(N_("deepest: an unfinished survival battle needs its kicker or the "
                           "player deepest in negative time (rule W7-23)"),
                           code=codes.SURVIVAL_UNFINISHED,
                           field="deepest")
    involved = [("kicker", game.kicker), ("deepest", game.deepest),
                *(("negative_time", p) for p in game.negative_time)]
    strangers = [(field_, p) for field_, p in involved if p is not None
                 and p not in game.players]
    if strangers:
        raise InvalidInput(N_("%(names)s did not play this match"),
                           code=codes.SURVIVAL_STRANGER, field=strangers[0][0],
                           names=[names.get(p, p) for _f, p in strangers])
    negative = list(game.negative_time)
    if game.deepest is not None and game.deepest not in negative:
        negative.append(game.deepest)
    players, barred = survival_replay(game.players, game.kicker, negative, game.deepest)
    result.barred = barred
    gone = [p for p in game.players if p not in players]
    result.notes.append((N_("unfinished survival battle: %(barred)s caused it and is barred "
                            "from the tournament; %(gone)s leave the battle (rule W7-23)"),
                         {"barred": names.get(barred or 0, barred),
                          "gone": [names[p] for p in gone]}))
    if len(players) <= slot.qualifying:
        result.qualified = list(players)
        result.out = gone
        result.notes.append((N_("%(names)s are left for %(places)s qualifying places: they "
                                "qualify without a replay (rule W7-23)"),
                             {"names": [names[p] for p in players], "places": slot.qualifying}))
        return result
    result.replay = tuple(players)
    result.out = gone
    result.notes.append((N_("replayed by %(names)s for %(places)s qualifying places (rule "
                            "W7-23)"), {"names": [names[p] for p in players],
                                        "places": slot.qualifying}))
    return result


def to_warriors(outcomes: Sequence[BattleOutcome]) -> list[PlayerId]:
    """Rule W7-14: the winners of the battles play in Warriors next season (the qualified of
    every decided match, in match order)."""
    return [p for o in outcomes if o.replay is None and not o.waiting for p in o.qualified]
