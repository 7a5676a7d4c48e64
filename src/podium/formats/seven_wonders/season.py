"""One 7 Wonders season (regulation W7), as replay derives it: the leagues' ladders, their
games as entered, every tie decision with its explanation, and the season points.

Nothing here is stored: the log holds the games as entered (:mod:`.rules`), and this module
derives what follows from them. A ladder's elimination is decided when its game is entered
(rules W7-2, W7-20 .. W7-22, W7-26) and frozen with the game, so a later game always follows
from the earlier ones; points (W7-16 .. W7-19, W7-21, W7-24, W7-25, W7-28) are derived on
demand from the games, the penalties and the liftings.

Explanations are *notes*: an English message id with ``%(name)s`` parameters, translated at
the edge like every refusal (:func:`note_text`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from podium.core.errors import InvalidInput, render
from podium.core.model import EventState, PlayerId
from podium.core.views import N_
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.settings import LEAGUE_SIZE, SevenWondersSettings

Note = tuple[str, dict[str, Any]]
OVERRUN = "overrun"
KICK = "kick"
PENALTIES = (OVERRUN, KICK)
FORTUNE, WILL, TITANS = "fortune", "will", "titans"
SPECIALS = (FORTUNE, WILL, TITANS)
WORSE = 10**9  # "no value" sorts after every real league level or place


def note_text(note: Note, gettext: Callable[[str], str] | None = None) -> str:
    """A note as text, translated by ``gettext`` when given."""
    msgid, params = note
    return render(gettext(msgid) if gettext else msgid, params)


# -- the records ---------------------------------------------------------------------------------
@dataclass
class Profile:
    """What the season knows of a player from outside it (``seven-wonders.profile``): last
    season's league level (0 = the top league) and place (rule W7-26 (2), (3)), the overruns
    earlier in the year (rule W7-19) and a premium account on the site (rule W7-36)."""

    level: int | None = None
    place: int | None = None
    overruns: int = 0
    premium: bool = False


@dataclass
class Game:
    """One game as entered, and what it decided.

    ``positions`` are the final positions as the site shows them, as a competition ranking
    (tied players share the best position they cover, rule W7-3); None when an unfinished game
    was entered without them. ``withdrawn`` players dropped out of the season before this game
    and take the lowest free places. An elimination game decides ``out``; a final decides
    ``order`` (places 1, 2, 3); ``unresolved`` holds a tie that waits for a die roll (rule W7-26
    (4)).
    """

    ref: str  # "gods/3" for a ladder game, "fortune" / "will" / "titans" for a special match
    league: str | None
    number: int
    players: tuple[PlayerId, ...]
    positions: dict[PlayerId, int] | None
    scores: dict[PlayerId, int]
    finished: bool
    kicker: PlayerId | None
    deepest: PlayerId | None
    overruns: list[PlayerId]
    link: str
    reporter: PlayerId | None
    seq: int
    at: datetime
    actor: str = ""
    withdrawn: tuple[PlayerId, ...] = ()
    final: bool = False
    out: PlayerId | None = None
    order: tuple[PlayerId, ...] = ()
    groups: list[list[PlayerId]] = field(default_factory=list)  # a special match's places
    unresolved: list[list[PlayerId]] = field(default_factory=list)
    roll: dict[PlayerId, int] | None = None
    notes: list[Note] = field(default_factory=list)

    @property
    def size(self) -> int:
        return len(self.players)

    @property
    def decided(self) -> bool:
        return not self.unresolved


@dataclass
class Ladder:
    """A league's ladder so far: its games in order and the places they gave."""

    key: str
    games: list[Game] = field(default_factory=list)
    places: dict[PlayerId, int] = field(default_factory=dict)
    out_in: dict[PlayerId, int] = field(default_factory=dict)  # the game a player left in

    def game(self, number: int) -> Game | None:
        return self.games[number - 1] if 1 <= number <= len(self.games) else None

    @property
    def waiting(self) -> Game | None:
        """The last game, if a tie in it waits for a die roll."""
        return self.games[-1] if self.games and self.games[-1].unresolved else None


@dataclass
class Lifting:
    """Rule W7-24: a penalty lifted by the organiser (action ``seq``, with its reason)."""

    ref: str
    player: PlayerId
    penalty: str
    seq: int
    reason: str
    actor: str


@dataclass
class Report:
    """A player's self-report of a game, waiting for the others' confirmations (rule W7-36)."""

    seq: int
    ref: str
    reporter: PlayerId
    payload: dict[str, Any]
    confirmed: list[PlayerId] = field(default_factory=list)
    disputed: list[tuple[PlayerId, str]] = field(default_factory=list)
    status: str = "pending"  # pending, disputed, accepted, superseded
    at: datetime | None = None


@dataclass
class SeasonBook:
    """``state.extra["seven-wonders"]``: everything the format's actions stored, as replayed."""

    ladders: dict[str, Ladder] = field(default_factory=dict)
    specials: dict[str, Game] = field(default_factory=dict)
    profiles: dict[PlayerId, Profile] = field(default_factory=dict)
    liftings: list[Lifting] = field(default_factory=list)
    reports: dict[int, Report] = field(default_factory=dict)
    late_overruns: int = 0  # overruns recorded after their game (seven-wonders.overrun)
    #: the season table as of an action number (derived, never pickled into a snapshot)
    rows_memo: tuple[int, list[SeasonRow]] | None = field(default=None, repr=False,
                                                          compare=False)

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "rows_memo": None}

    def ladder(self, key: str) -> Ladder:
        found = self.ladders.get(key)
        if found is None:
            found = self.ladders[key] = Ladder(key)
        return found

    def profile(self, player: PlayerId) -> Profile:
        return self.profiles.get(player) or Profile()

    def find(self, ref: str) -> Game | None:
        if ref in self.specials:
            return self.specials[ref]
        league, _, number = ref.partition("/")
        ladder = self.ladders.get(league)
        if ladder is None or not number.isdigit():
            return None
        return ladder.game(int(number))

    def games(self) -> Iterable[Game]:
        for ladder in self.ladders.values():
            yield from ladder.games
        yield from self.specials.values()

    def lifted(self, ref: str, player: PlayerId, penalty: str) -> Lifting | None:
        return next((lift for lift in self.liftings if lift.ref == ref
                     and lift.player == player and lift.penalty == penalty), None)


def book_of(state: EventState) -> SeasonBook:
    return state.book("seven-wonders", SeasonBook)


# -- positions (rule W7-3) -----------------------------------------------------------------------
def ranking(positions: Mapping[PlayerId, int], names: Mapping[PlayerId, str]
            ) -> dict[PlayerId, int]:
    """Rule W7-3: the positions of a game as a competition ranking (1, 1, 3, 4: a tie, "делёж",
    shares the best position it covers). A dense ranking (1, 1, 2, 3) is read the same way;
    anything else is not a ranking of the game's players and is refused."""
    n = len(positions)
    values = sorted(positions.values())
    if any(not 1 <= v <= n for v in values):
        bad = next(pid for pid, v in positions.items() if not 1 <= v <= n)
        raise InvalidInput("position of %(name)s: %(position)s is not between 1 and %(count)s",
                           code=codes.POSITIONS, field="positions", name=names.get(bad, bad),
                           position=positions[bad], count=n)
    competition = all(v == 1 + sum(1 for w in values if w < v) for v in values)
    distinct = sorted(set(values))
    dense = distinct == list(range(1, len(distinct) + 1))
    if not (competition or dense):
        raise InvalidInput("positions %(positions)s are not a ranking of the game's %(count)s "
                           "players: tied players share a position and the next one skips "
                           "(1, 1, 3) (rule W7-3)", code=codes.POSITIONS, field="positions",
                           positions=values, count=n)
    return {pid: 1 + sum(1 for w in positions.values() if w < v)
            for pid, v in positions.items()}


# -- tie-breaking (rules W7-22, W7-26, W7-27) -----------------------------------------------------
@dataclass(frozen=True)
class Criterion:
    """One step of a tie-break chain: lower values are better; ``None`` values mean the
    criterion cannot be applied (a die not rolled yet)."""

    value: Callable[[PlayerId], int | None]
    note: str  # msgid with %(detail)s (and %(game)s)
    params: dict[str, Any]
    show: Callable[[PlayerId], str]
    roll: bool = False


def _shown_of(value: Callable[[PlayerId], int | None], pid: PlayerId) -> str:
    return _shown(value(pid))


def _known_values(criterion: Criterion, players: Sequence[PlayerId]
                  ) -> dict[PlayerId, int] | None:
    """Each player's value, or None while one cannot be known yet (a die not rolled)."""
    values = {pid: criterion.value(pid) for pid in players}
    known = {pid: v for pid, v in values.items() if v is not None}
    return known if len(known) == len(values) else None


def chain(book: SeasonBook, league: str | None, before: int, names: Mapping[PlayerId, str],
          roll: Mapping[PlayerId, int] | None, games_of: Callable[[PlayerId], Ladder] | None = None
          ) -> list[Criterion]:
    """Rule W7-26: (1) the higher result in the previous game of the season, then the one
    before, back to the season's start; (2) the higher league last season; (3) the higher place
    last season; (4) a die roll (higher is better). ``games_of`` gives each player's own ladder
    (special matches compare players of different leagues, rule W7-27)."""
    out: list[Criterion] = []
    for number in range(before - 1, 0, -1):
        def position(pid: PlayerId, n: int = number) -> int | None:
            ladder = (games_of(pid) if games_of
                      else book.ladders.get(league or "") or Ladder(league or ""))
            game = ladder.game(n)
            if game is None or game.positions is None or pid not in game.positions:
                return WORSE
            return game.positions[pid]

        out.append(Criterion(position, N_("rule W7-26 (1), game %(game)s: %(detail)s"),
                             {"game": number},
                             functools.partial(_shown_of, position)))
    out.append(Criterion(lambda pid: _or_worse(book.profile(pid).level),
                         N_("rule W7-26 (2), league last season (0 = the top one): %(detail)s"),
                         {}, lambda pid: _shown(book.profile(pid).level)))
    out.append(Criterion(lambda pid: _or_worse(book.profile(pid).place),
                         N_("rule W7-26 (3), place last season: %(detail)s"),
                         {}, lambda pid: _shown(book.profile(pid).place)))
    out.append(_roll_criterion(roll))
    return out


def _roll_criterion(roll: Mapping[PlayerId, int] | None) -> Criterion:
    return Criterion(lambda pid: None if roll is None or pid not in roll else -roll[pid],
                     N_("rule W7-26 (4), die roll: %(detail)s"), {},
                     lambda pid: _shown(roll.get(pid) if roll else None), roll=True)


def _or_worse(value: int | None) -> int:
    return WORSE if value is None else value


def _shown(value: int | None) -> str:
    return "–" if value is None or value >= WORSE else str(value)


def _detail(players: Sequence[PlayerId], criterion: Criterion,
            names: Mapping[PlayerId, str]) -> str:
    return ", ".join(f"{names.get(p, p)} {criterion.show(p)}" for p in players)


def worst_of(group: Sequence[PlayerId], criteria: Sequence[Criterion],
             names: Mapping[PlayerId, str], notes: list[Note]) -> list[PlayerId]:
    """Narrow a tie for the worst place down the chain: at each step keep the players worst on
    it (each step explained in ``notes``); more than one left means a die roll is needed."""
    left = sorted(group)
    for criterion in criteria:
        if len(left) == 1:
            break
        values = _known_values(criterion, left)
        if values is None:
            break  # the die is not rolled yet
        notes.append((criterion.note, {**criterion.params,
                                       "detail": _detail(left, criterion, names)}))
        worst = max(values.values())
        left = [pid for pid in left if values[pid] == worst]
    return left


def order_of(group: Sequence[PlayerId], criteria: Sequence[Criterion],
             names: Mapping[PlayerId, str], notes: list[Note]) -> list[list[PlayerId]]:
    """Order a tied group down the chain (a final, a special match): the groups still tied
    after every step wait for a die roll."""
    players = sorted(group)
    if len(players) == 1:
        return [players]
    for index, criterion in enumerate(criteria):
        values = _known_values(criterion, players)
        if values is None:
            return [players]
        notes.append((criterion.note, {**criterion.params,
                                       "detail": _detail(players, criterion, names)}))
        distinct = sorted(set(values.values()))
        if len(distinct) == 1:
            continue
        out: list[list[PlayerId]] = []
        for value in distinct:
            sub = [pid for pid in players if values[pid] == value]
            out.extend(order_of(sub, criteria[index + 1:], names, notes))
        return out
    return [players]


def groups_by_position(players: Sequence[PlayerId], positions: Mapping[PlayerId, int]
                       ) -> list[list[PlayerId]]:
    return [sorted(p for p in players if positions[p] == value)
            for value in sorted({positions[p] for p in players})]


# -- a ladder game's decision (rules W7-2, W7-20 .. W7-22, W7-26) --------------------------------
def decide(book: SeasonBook, ladder: Ladder, game: Game, names: Mapping[PlayerId, str]) -> None:
    """Decide what ``game`` gives: who is out (an elimination game) or the places 1..n (the
    final), with the explanation; a tie the chain cannot break waits for the die
    (``game.unresolved``). Places are written into the ladder once decided."""
    game.notes = [n for n in game.notes if n[0] in _ENTRY_NOTES]
    game.unresolved = []
    criteria = chain(book, game.league, game.number, names, game.roll)
    if game.final:
        _decide_final(game, criteria, names)
    else:
        _decide_elimination(game, criteria, names)
    if game.unresolved:
        game.notes.append((N_("still tied: a die roll decides (rule W7-26 (4)); the next game "
                              "waits for it"), {}))
        return
    free = LEAGUE_SIZE - len(ladder.places)
    if game.final:
        for place, pid in enumerate(game.order, start=1):
            ladder.places[pid] = place
            ladder.out_in[pid] = game.number
        game.notes.append((N_("league places: %(detail)s"), {"detail": ", ".join(
            f"{place} {names.get(p, p)}" for place, p in enumerate(game.order, start=1))}))
    else:
        assert game.out is not None
        ladder.places[game.out] = free
        ladder.out_in[game.out] = game.number
        game.notes.append((N_("%(name)s is out and takes place %(place)s in the league "
                              "(rule W7-2)"), {"name": names.get(game.out, game.out),
                                               "place": free}))


def _decide_elimination(game: Game, criteria: list[Criterion],
                        names: Mapping[PlayerId, str]) -> None:
    if game.kicker is not None:
        game.out = game.kicker
        game.notes.append((N_("%(name)s kicked a player: out of the season at once with 0 "
                              "points and barred from the next season (rules W7-20, W7-21)"),
                           {"name": names.get(game.kicker, game.kicker)}))
        return
    if not game.finished:
        game.out = game.deepest
        game.notes.append((N_("unfinished game (overall time limit): %(name)s, the deepest in "
                              "negative time, is out (rule W7-21)"),
                           {"name": names.get(game.deepest or 0, game.deepest)}))
        return
    assert game.positions is not None
    last = max(game.positions.values())
    tied = sorted(p for p in game.players if game.positions[p] == last)
    if len(tied) == 1:
        game.out = tied[0]
        return
    game.notes.append((N_("tie for last place (position %(position)s) between %(names)s "
                          "(rule W7-26)"), {"position": last,
                                            "names": [names.get(p, p) for p in tied]}))
    left = worst_of(tied, criteria, names, game.notes)
    if len(left) > 1:
        game.unresolved = [left]
        game.out = None
    else:
        game.out = left[0]


def _decide_final(game: Game, criteria: list[Criterion], names: Mapping[PlayerId, str]) -> None:
    """Rule W7-2: the final's order gives places 1 to 3; rule W7-22 when it is unfinished. A
    tie for any place of the final is broken by the chain of rule W7-26 (the regulation words
    it for last place; W7-22 uses the same chain for an unfinished final)."""
    players = list(game.players)
    tail: list[PlayerId] = []
    if game.kicker is not None:
        tail = [game.kicker]
        players.remove(game.kicker)
        game.notes.append((N_("%(name)s kicked a player: last in the final, out of the season "
                              "with 0 points and barred from the next season (rules W7-20, "
                              "W7-22)"), {"name": names.get(game.kicker, game.kicker)}))
        if not game.finished and game.deepest in players and len(players) > 1:
            players.remove(game.deepest)
            tail.insert(0, game.deepest)
            game.notes.append((N_("unfinished final: %(name)s went deeper in negative time and "
                                  "takes the place above the kicker (rule W7-22)"),
                               {"name": names.get(game.deepest, game.deepest)}))
    elif not game.finished:
        assert game.deepest is not None
        tail = [game.deepest]
        players.remove(game.deepest)
        game.notes.append((N_("unfinished final (overall time limit): %(name)s, the deepest "
                              "in negative time, takes the last place; the others go by the "
                              "previous game of the season (rule W7-22)"),
                           {"name": names.get(game.deepest, game.deepest)}))
    if game.finished and game.positions is not None:
        groups = groups_by_position(players, game.positions)
    else:
        groups = [sorted(players)] if players else []
    ordered: list[list[PlayerId]] = []
    for group in groups:
        if len(group) > 1:
            if game.finished:
                game.notes.append((N_("tie in the final between %(names)s (rule W7-26)"),
                                   {"names": [names.get(p, p) for p in group]}))
            ordered.extend(order_of(group, criteria, names, game.notes))
        else:
            ordered.append(group)
    ordered.extend([pid] for pid in tail)
    game.unresolved = [g for g in ordered if len(g) > 1]
    game.order = tuple(g[0] for g in ordered) if not game.unresolved else ()


_ENTRY_NOTES = {
    N_("%(names)s dropped out of the season before this game and take places %(places)s"),
}


# -- special matches (rules W7-8 .. W7-12, W7-18, W7-27, W7-28) ---------------------------------
def decide_special(book: SeasonBook, game: Game, levels: Mapping[PlayerId, int],
                   names: Mapping[PlayerId, str], titans_points: Sequence[int] = ()) -> None:
    """Rule W7-27 for the Fortune and Will matches (a tie favours the higher league, then
    between players of one level the chain of W7-26); rule W7-28 for the Battle of Titans (a
    tie is shared, no replay)."""
    game.notes = []
    game.unresolved = []
    assert game.positions is not None
    groups = groups_by_position(game.players, game.positions)
    if game.ref == TITANS:
        game.groups = groups
        game.order = tuple(p for g in groups for p in g)
        shares = titans_shares(groups, titans_points)
        place = 1
        for group in groups:
            if len(group) > 1:
                game.notes.append((N_("tie in the Battle of Titans: %(names)s share places "
                                      "%(first)s-%(last)s, %(points)s points each, no replay "
                                      "(rule W7-28)"),
                                   {"names": [names.get(p, p) for p in group], "first": place,
                                    "last": place + len(group) - 1,
                                    "points": shares[group[0]]}))
            place += len(group)
        return
    level = Criterion(lambda pid: levels.get(pid, WORSE),
                      N_("rule W7-27, league this season (0 = the top one): %(detail)s"), {},
                      lambda pid: _shown(levels.get(pid)))

    def ladder_of(pid: PlayerId) -> Ladder:
        return next((lad for lad in book.ladders.values() if pid in lad.places), Ladder(""))

    last = max((len(lad.games) for lad in book.ladders.values()), default=0)
    criteria = [level, *chain(book, None, last + 1, names, game.roll, ladder_of)]
    ordered: list[list[PlayerId]] = []
    for group in groups:
        if len(group) > 1:
            game.notes.append((N_("tie between %(names)s (rule W7-27)"),
                               {"names": [names.get(p, p) for p in group]}))
            ordered.extend(order_of(group, criteria, names, game.notes))
        else:
            ordered.append(group)
    game.unresolved = [g for g in ordered if len(g) > 1]
    game.groups = ordered
    game.order = tuple(g[0] for g in ordered) if not game.unresolved else ()
    if game.unresolved:
        game.notes.append((N_("still tied: a die roll decides (rule W7-26 (4))"), {}))
    elif game.order:
        game.notes.append((N_("order: %(names)s"), {"names": [names.get(p, p)
                                                              for p in game.order]}))


def titans_shares(groups: Sequence[Sequence[PlayerId]], points: Sequence[int]
                  ) -> dict[PlayerId, int]:
    """Rules W7-18, W7-28: places 1, 2, 3 give 35, 21, 14; tied players share the points of the
    places they cover, rounded down (two tied for 1st-2nd get (35 + 21) // 2 = 28 each)."""
    out: dict[PlayerId, int] = {}
    place = 0
    for group in groups:
        covered = [points[i] if i < len(points) else 0 for i in range(place, place + len(group))]
        for pid in group:
            out[pid] = sum(covered) // len(group)
        place += len(group)
    return out


def winner_points(game: Game) -> dict[PlayerId, int]:
    """Rules W7-16, W7-25: the winner of a regular game gets as many points as players in it;
    a tie for first splits them, rounded down. An unfinished game gives none (rule W7-21)."""
    if not game.finished or game.positions is None or game.league is None:
        return {}
    first = [p for p in game.players if game.positions[p] == 1]
    return {pid: game.size // len(first) for pid in first}


# -- W7-23: an unfinished survival battle (used by the year's survival battles) -------
def survival_replay(players: Sequence[PlayerId], kicker: PlayerId | None,
                    negative_time: Sequence[PlayerId], deepest: PlayerId | None = None
                    ) -> tuple[list[PlayerId], PlayerId | None]:
    """Rule W7-23: an unfinished survival battle is replayed without the kicker and without
    everyone who went into negative time; the player who caused the interruption (the kicker,
    else the deepest in negative time) is barred from the tournament. Returns the players of
    the replay and the barred player."""
    gone = {p for p in negative_time} | ({kicker} if kicker is not None else set())
    barred = kicker if kicker is not None else deepest
    if barred is None and negative_time:
        barred = negative_time[0]
    return [p for p in players if p not in gone], barred


# -- the season table (rules W7-16 .. W7-19, W7-21, W7-24, W7-25, W7-28) --------------------------
@dataclass
class SeasonRow:
    """One player's season: what each part of the points comes from."""

    player: PlayerId
    league: str
    level: int
    place: int | None
    wins: int = 0
    unfinished: int = 0
    place_points: int = 0
    titans: int = 0
    overruns: int = 0  # overruns this season not lifted
    penalties: int = 0
    kicked: bool = False  # out of the season with 0 points (rule W7-20), not lifted
    barred: bool = False  # from the next season (rules W7-19, W7-20)
    withdrawn: bool = False
    floored: bool = False
    lifted: int = 0
    notes: list[Note] = field(default_factory=list)

    @property
    def raw(self) -> int:
        return self.wins + self.unfinished + self.place_points + self.titans - self.penalties

    @property
    def total(self) -> int:
        """Rule W7-19: the season total is floored at 0; rule W7-20: a kicker ends with 0."""
        return 0 if self.kicked else max(0, self.raw)


def season_rows(state: EventState, settings: SevenWondersSettings | None = None
                ) -> list[SeasonRow]:
    """Every league player's season, league by league (in level order), best place first
    (computed once per action number: the year's tables and ledger ask for it again)."""
    book = book_of(state)
    if settings is None:
        memo = book.rows_memo
        if memo is None or memo[0] != state.last_seq:
            memo = book.rows_memo = (state.last_seq, _season_rows(state, state.settings, book))
        return list(memo[1])
    return _season_rows(state, settings, book)


def _season_rows(state: EventState, settings: SevenWondersSettings, book: SeasonBook
                 ) -> list[SeasonRow]:
    rows: dict[PlayerId, SeasonRow] = {}
    divisions = sorted(state.divisions.values(), key=lambda d: d.level)
    for division in divisions:
        ladder = book.ladders.get(division.key) or Ladder(division.key)
        table = settings.place_points_for(division.level)
        for pid in division.members:
            place = ladder.places.get(pid)
            row = SeasonRow(pid, division.key, division.level, place)
            if place is not None:
                row.place_points = table[place - 1] if place <= len(table) else 0
            rows[pid] = row
        for game in ladder.games:
            for pid in game.withdrawn:
                if pid in rows:
                    rows[pid].withdrawn = True
                    rows[pid].notes.append((N_("withdrew from the season"), {}))
    for game in book.games():
        _game_points(book, game, rows, settings)
    titans = book.specials.get(TITANS)
    if titans is not None and titans.groups:
        for pid, points in titans_shares(titans.groups, settings.titans_points).items():
            if pid in rows:
                rows[pid].titans += points
    for pid, row in rows.items():
        before = book.profile(pid).overruns
        year = before + row.overruns
        if bars(before, row.overruns, settings):
            row.barred = True
            row.notes.append((N_("overrun %(n)s of the year: barred from the next season "
                                 "(rule W7-19)"), {"n": year}))
        if row.kicked:
            row.barred = True
        if not row.kicked and row.raw < 0:
            row.floored = True
            row.notes.append((N_("total floored at 0 (rule W7-19)"), {}))
    order = {d.key: i for i, d in enumerate(divisions)}
    # places 1-3 of the final, then the players still in the ladder, then 4th to 7th
    return sorted(rows.values(), key=lambda r: (order[r.league], r.place or 3.5, r.player))


def bars(before: int, now: int, settings: SevenWondersSettings) -> bool:
    """Rule W7-19: «Третья просрочка в течение турнира лишает игрока права участвовать в
    следующем сезоне». ``before`` overruns in the tournament before this season, ``now`` this
    season's (not lifted). Only a new overrun bars: the one that makes the third (setting
    ``overruns_bar``); a 4th or later bars again only with the setting ``overruns_bar_again``
    (the text names the third alone). A season with no new overrun never bars."""
    if now <= 0:
        return False
    if settings.overruns_bar_again:
        return before + now >= settings.overruns_bar
    return before < settings.overruns_bar <= before + now


def _game_points(book: SeasonBook, game: Game, rows: dict[PlayerId, SeasonRow],
                 settings: SevenWondersSettings) -> None:
    for pid, points in winner_points(game).items():
        if pid in rows:
            rows[pid].wins += points
    if game.league is not None and not game.finished:
        # rule W7-21: 1 point to everyone but the kicker and the players over time
        # rule W7-24 lifts «штрафные санкции (штрафные баллы и запрет)»: the withheld point
        # comes back only with the setting lifted_overrun_point
        for pid in game.players:
            over = pid in game.overruns and (not settings.lifted_overrun_point
                                             or book.lifted(game.ref, pid, OVERRUN) is None)
            if pid != game.kicker and not over and pid in rows:
                rows[pid].unfinished += settings.unfinished_points
    for pid in game.overruns:
        if pid not in rows:
            continue
        if book.lifted(game.ref, pid, OVERRUN) is not None:
            rows[pid].lifted += 1
            rows[pid].notes.append((N_("overrun in %(game)s lifted (rule W7-24)"),
                                    {"game": game.ref}))
            continue
        rows[pid].overruns += 1
        rows[pid].penalties += settings.overrun_penalty
        rows[pid].notes.append((N_("overrun in %(game)s: −%(points)s (rule W7-19)"),
                                {"game": game.ref, "points": settings.overrun_penalty}))
    if game.kicker is not None and game.kicker in rows:
        if book.lifted(game.ref, game.kicker, KICK) is not None:
            rows[game.kicker].lifted += 1
            rows[game.kicker].notes.append((N_("kick in %(game)s: penalty lifted (rule W7-24)"),
                                            {"game": game.ref}))
        else:
            rows[game.kicker].kicked = True
            rows[game.kicker].notes.append((N_("kicked a player in %(game)s: out with 0 points, "
                                               "barred from the next season (rule W7-20)"),
                                            {"game": game.ref}))


def penalties_of(book: SeasonBook) -> list[tuple[str, PlayerId, str]]:
    """Every penalty recorded this season: (game ref, player, ``overrun`` or ``kick``)."""
    out: list[tuple[str, PlayerId, str]] = []
    for game in book.games():
        out.extend((game.ref, pid, OVERRUN) for pid in game.overruns)
        if game.kicker is not None:
            out.append((game.ref, game.kicker, KICK))
    return out
