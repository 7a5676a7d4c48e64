"""The Legendary League at the end of the 7 Wonders year (rules W7-31 .. W7-34), as pure
functions over plain data.

- :func:`select` (rules W7-31, W7-33): seven players picked one by one, each time among those
  not picked yet, by a criterion of their seasons' points; players who declined in advance are
  skipped (W7-32); ties by the chain of W7-33, head-to-head included. Every pick is explained.
- :func:`confirm` (rule W7-32): the picked players confirm within 3 days; a place not confirmed
  passes to the highest all-seasons total among the players not picked, who confirms in turn.
- :func:`final` (rule W7-34): the Legendary League's ladder over the games entered so far (the
  same ladder as a league; with 3 players left, games until one player has two wins, a tie for
  first being no win; a tie for last place favours the lower selection number).

The year provides the inputs (each player's points per season, Battle of Titans points, the
year's games for head-to-head); nothing here is stored or reads a clock. Explanations are
notes (message id and parameters), translated at the edge by :func:`season.note_text`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from podium.core.errors import InvalidInput
from podium.core.model import PlayerId
from podium.core.rng import rng_for
from podium.core.views import N_
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.season import Note, SeasonBook, SeasonRow, ranking

SIZE = 7
STEPS: tuple[int | None, ...] = (None, 3, 2, None, 3, 1, None)
"""Rule W7-31, the criterion of picks #1 .. #7: None = all seasons, k = the best k seasons."""
CONFIRM_DAYS = 3  # rule W7-32
FINAL_WINS = 2  # rule W7-34
FINAL_PLAYERS = 3


@dataclass(frozen=True)
class YearRecord:
    """A player's year: points per season played (season number → points, the starting
    season included; a season played for 0 points is in it, a season not played is not) and
    the points from Battles of Titans over the year (rule W7-33 (4))."""

    player: PlayerId
    name: str
    seasons: Mapping[int, int]
    titans: int = 0

    def best(self, k: int | None) -> int:
        """Points over the best ``k`` seasons (all of them for None, or fewer played)."""
        values = sorted(self.seasons.values(), reverse=True)
        return sum(values if k is None else values[:k])


Game = Mapping[PlayerId, int]
"""One game of the year as head-to-head input (rule W7-33 (5)): each player's final position
in it (1 = first; equal positions are a tie). Every game of the year where the players met:
ladder games, special matches, battles."""


def year_record(player: PlayerId, name: str, rows: Mapping[int, SeasonRow]) -> YearRecord:
    """A player's year from their season table rows (season number → the row of each season
    played): the season totals (rules W7-16 .. W7-19) and the Battle of Titans points."""
    return YearRecord(player, name, {s: row.total for s, row in rows.items()},
                      sum(row.titans for row in rows.values()))


def season_games(book: SeasonBook) -> list[Game]:
    """A season's games as head-to-head input (rule W7-33 (5)): every ladder game and special
    match with positions (an unfinished game entered without them does not count)."""
    return [dict(g.positions) for g in book.games() if g.positions]


# -- the tie chain (rule W7-33) ------------------------------------------------------------------
@dataclass(frozen=True)
class _Step:
    """One step of the chain: ``value`` gives each tied player a number, higher is better, or
    None when the step does not apply to this group."""

    value: Callable[[Sequence[PlayerId]], dict[PlayerId, int] | None]
    note: str
    params: dict[str, object]
    #: A value as the note writes it: the number people count (2 seasons, not the -2 that
    #: ranks fewer seasons higher), "—" for a season not played.
    shown: Callable[[int], str] = str



def _best_of(records: Mapping[PlayerId, YearRecord], k: int, group: Sequence[PlayerId]
             ) -> dict[PlayerId, int] | None:
    return {p: records[p].best(k) for p in group}

def tie_chain(records: Mapping[PlayerId, YearRecord], last_season: int | None,
              games: Sequence[Game]) -> list[_Step]:
    """Rule W7-33 (1) .. (5): (1) the better best season, then best 2, best 3 ...; (2) the
    better last season (**[open]** a player who did not play it ranks below one who scored 0
    in it); (3) fewer seasons played; (4) more Battle of Titans points; (5) with two players
    only, more often ahead in head-to-head games (a shared position counts for neither). What
    they leave tied goes to (6), the die (:class:`Dice`)."""
    most = max((len(r.seasons) for r in records.values()), default=0)
    steps: list[_Step] = []
    for k in range(1, most + 1):
        steps.append(_Step(functools.partial(_best_of, records, k),
                           N_("rule W7-33 (1), the best %(k)s season(s): %(detail)s"), {"k": k}))
    if last_season is not None:
        steps.append(_Step(lambda group: {p: records[p].seasons.get(last_season, -1)
                                          for p in group},
                           N_("rule W7-33 (2), last season (%(season)s): %(detail)s"),
                           {"season": last_season},
                           lambda v: "—" if v < 0 else str(v)))
    steps.append(_Step(lambda group: {p: -len(records[p].seasons) for p in group},
                       N_("rule W7-33 (3), fewer seasons played: %(detail)s"), {},
                       lambda v: str(-v)))
    steps.append(_Step(lambda group: {p: records[p].titans for p in group},
                       N_("rule W7-33 (4), Battle of Titans points: %(detail)s"), {}))
    steps.append(_Step(lambda group: head_to_head(group, games) if len(group) == 2 else None,
                       N_("rule W7-33 (5), head-to-head, times ahead: %(detail)s"), {}))
    return steps


# -- the die (rule W7-33 (6)) --------------------------------------------------------------------
DRAWN = N_("rule W7-33 (6), die roll drawn with seed %(seed)s: %(detail)s")
"""A die podium drew unasked: a selection stored before the organiser's die was asked for
(its log replays as it was), or a pure question (no command)."""
ASKED = N_("rule W7-33 (6), die roll by podium as the organiser asked, drawn with seed "
           "%(seed)s: %(detail)s")
ENTERED = N_("rule W7-33 (6), the organiser's die roll: %(detail)s")
REPICK = N_("rule W7-33 (6), die roll by podium, drawn with seed %(seed)s: the place passed on "
            "after the selection and no roll the organiser entered covers this tie: %(detail)s")
DUE = N_("rule W7-33 (6): the organiser's die decides between %(names)s: enter each one's "
         "roll, or let podium roll; shown by name until then")


@dataclass(frozen=True)
class Roll:
    """Rule W7-33 (6): one die of the selection: the tied players with each one's value
    (higher is better) and who rolled: ``organiser`` (the values entered) or ``podium``
    (drawn from the recorded seed)."""

    players: tuple[PlayerId, ...]
    values: tuple[tuple[PlayerId, int], ...]
    by: str

    def payload(self) -> dict[str, object]:
        return {"players": list(self.players), "by": self.by,
                "values": [{"player": p, "value": v} for p, v in self.values]}


@dataclass
class Dice:
    """Rule W7-33 (6), «жребий»: a tie nothing else breaks goes to the organiser's die. The
    organiser enters the values (``given``: one per player, used in every such tie of theirs;
    the values of one tie all different) or asks podium to roll (``podium``: drawn from the
    recorded ``seed``). Neither: with ``ask`` the tie is kept in ``missing`` and its players
    ordered by name only provisionally (the command refuses it, a preview says it); without
    ``ask`` podium draws it, said by ``drawn`` (a log stored before, a re-pick of rule W7-32).
    Every die rolled is kept in ``rolls``."""

    seed: int
    given: Mapping[PlayerId, int] = field(default_factory=dict)
    podium: bool = False
    ask: bool = False
    drawn: str = DRAWN
    rolls: list[Roll] = field(default_factory=list)
    missing: list[tuple[PlayerId, ...]] = field(default_factory=list)

    def decide(self, group: Sequence[PlayerId], label: object, names: Mapping[PlayerId, str],
               notes: list[Note]) -> PlayerId:
        """The best of ``group`` (tied by W7-33 (1) .. (5)) by the die, noted in ``notes``."""
        left = sorted(group)
        named = [names.get(p, str(p)) for p in left]
        if all(p in self.given for p in left):
            values = {p: self.given[p] for p in left}
            if len(set(values.values())) != len(values):
                raise InvalidInput(N_("the die must separate %(names)s (rule %(rule)s): roll "
                                      "again for the players with equal values and enter the "
                                      "new values"), code=codes.YEAR_DIE, field="roll",
                                   names=named, rule="W7-33 (6)")
            by, note, params = "organiser", ENTERED, {}
        elif self.podium or not self.ask:
            rng = rng_for(self.seed, "legendary", label, *left)
            faces = rng.sample(range(1, max(6, len(left)) + 1), len(left))
            values = dict(zip(left, faces, strict=True))
            by, note, params = "podium", ASKED if self.podium else self.drawn, {"seed": self.seed}
        else:
            self.missing.append(tuple(left))
            notes.append((DUE, {"names": named}))
            return min(left, key=lambda p: (names.get(p, str(p)).casefold(), p))
        self.rolls.append(Roll(tuple(left), tuple((p, values[p]) for p in left), by))
        notes.append((note, {**params, "detail": ", ".join(
            f"{n} {values[p]}" for n, p in zip(named, left, strict=True))}))
        return max(left, key=lambda p: values[p])


def head_to_head(pair: Sequence[PlayerId], games: Sequence[Game]) -> dict[PlayerId, int]:
    """Rule W7-33 (5): how often each of two players finished ahead of the other in the games
    where both played."""
    a, b = pair
    ahead = {a: 0, b: 0}
    for game in games:
        if a in game and b in game and game[a] != game[b]:
            ahead[a if game[a] < game[b] else b] += 1
    return ahead


def best_of(group: Sequence[PlayerId], steps: Sequence[_Step], names: Mapping[PlayerId, str],
            notes: list[Note], die: Callable[[list[PlayerId]], PlayerId] | None = None
            ) -> PlayerId:
    """Narrow a tie for the best down the chain, each step written in ``notes``; what it
    leaves tied goes to ``die`` (rule W7-33 (6); without it, the first by id)."""
    left = sorted(group)
    for step in steps:
        if len(left) == 1:
            break
        values = step.value(left)
        if values is None:
            continue
        notes.append((step.note, {**step.params, "detail": ", ".join(
            f"{names.get(p, p)} {step.shown(values[p])}" for p in left)}))
        top = max(values.values())
        left = [p for p in left if values[p] == top]
    if len(left) > 1 and die is not None:
        return die(left)
    return left[0]


# -- the selection (rules W7-31, W7-32, W7-33) ---------------------------------------------------
@dataclass(frozen=True)
class Pick:
    """Selection number ``number`` (1..7): the player, the criterion (None = all seasons, k =
    best k seasons), the points by it, and the reasons."""

    number: int
    player: PlayerId
    best: int | None
    points: int
    notes: tuple[Note, ...]


@dataclass(frozen=True)
class Selection:
    """The picks; ``rolls``: every die of rule W7-33 (6) rolled; ``missing``: the ties the
    organiser's die must still decide (asked for, neither entered nor left to podium)."""

    picks: tuple[Pick, ...]
    notes: tuple[Note, ...] = ()
    rolls: tuple[Roll, ...] = ()
    missing: tuple[tuple[PlayerId, ...], ...] = ()

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return tuple(p.player for p in self.picks)


def select(records: Sequence[YearRecord], declined: Collection[PlayerId] = (),
           games: Sequence[Game] = (), seed: int = 0, last_season: int | None = None,
           dice: Dice | None = None) -> Selection:
    """Rules W7-31 .. W7-33: picks #1 .. #7 (:data:`STEPS`), each among the players not picked
    yet and not declined. ``last_season`` is the year's last season's number (default: the
    highest one any player played), ``games`` the year's games for head-to-head, ``seed`` the
    recorded seed of a die roll, ``dice`` the die of W7-33 (6) (default: podium draws from
    ``seed``). Fewer than 7 eligible players give fewer picks."""
    dice = dice if dice is not None else Dice(seed)
    by_id = _records(records)
    names = {p: r.name for p, r in by_id.items()}
    if last_season is None:
        last_season = max((s for r in records for s in r.seasons), default=None)
    notes: list[Note] = []
    skipped = sorted(p for p in declined if p in by_id)
    if skipped:
        notes.append((N_("%(names)s declined in advance: not considered (rule W7-32)"),
                      {"names": [names[p] for p in skipped]}))
    pool = [p for p in sorted(by_id) if p not in set(declined)]
    picks: list[Pick] = []
    for number, k in enumerate(STEPS, start=1):
        if not pool:
            notes.append((N_("no player left for #%(number)s (rule W7-31)"), {"number": number}))
            break
        player, points, why = _pick(pool, by_id, k, number, games, dice, last_season)
        picks.append(Pick(number, player, k, points, tuple(why)))
        pool.remove(player)
    return Selection(tuple(picks), tuple(notes), tuple(dice.rolls), tuple(dice.missing))


def _records(records: Sequence[YearRecord]) -> dict[PlayerId, YearRecord]:
    by_id: dict[PlayerId, YearRecord] = {}
    for r in records:
        if r.player in by_id:
            raise InvalidInput(N_("players: %(name)s is listed twice"),
                               code=codes.LEGENDARY_TWICE,
                               field="players", name=r.name)
        by_id[r.player] = r
    return by_id


def _pick(pool: Sequence[PlayerId], by_id: Mapping[PlayerId, YearRecord], k: int | None,
          number: int, games: Sequence[Game], dice: Dice, last_season: int | None,
          label: object = None) -> tuple[PlayerId, int, list[Note]]:
    names = {p: r.name for p, r in by_id.items()}
    values = {p: by_id[p].best(k) for p in pool}
    top = max(values.values())
    tied = [p for p in pool if values[p] == top]
    notes: list[Note] = []
    if len(tied) > 1:
        notes.append((N_("tie at %(points)s between %(names)s (rule W7-33)"),
                      {"points": top, "names": [names[p] for p in tied]}))
        label = number if label is None else label
        player = best_of(tied, tie_chain(by_id, last_season, games), names, notes,
                         lambda left: dice.decide(left, label, names, notes))
    else:
        player = tied[0]
    params = {"number": number, "name": names[player], "points": top, "k": k}
    if k is None:
        head = (N_("#%(number)s %(name)s: most points over all seasons, %(points)s (rule "
                   "W7-31)"), params)
    elif k == 1:
        head = (N_("#%(number)s %(name)s: most points in their best season, %(points)s (rule "
                   "W7-31)"), params)
    else:
        head = (N_("#%(number)s %(name)s: most points over their best %(k)s seasons, "
                   "%(points)s (rule W7-31)"), params)
    runners = sorted((p for p in pool if p != player), key=lambda p: (-values[p], names[p]))[:3]
    if runners:
        notes.append((N_("next by it: %(detail)s"), {"detail": ", ".join(
            f"{names[p]} {values[p]}" for p in runners)}))
    return player, top, [head, *notes]


# -- confirmation (rule W7-32) -------------------------------------------------------------------
@dataclass(frozen=True)
class Answer:
    """A picked player's answer at ``at`` (UTC): confirmed, or refused."""

    player: PlayerId
    at: datetime
    accepted: bool


@dataclass
class Holder:
    """Who held a place and how it ended: ``confirmed``, ``refused``, ``expired`` (no answer
    by the deadline) or ``waiting``."""

    player: PlayerId
    invited: datetime
    status: str = "waiting"
    at: datetime | None = None

    @property
    def deadline(self) -> datetime:
        return self.invited + timedelta(days=CONFIRM_DAYS)


@dataclass
class Seat:
    """A place of the Legendary League: its selection number and its holders in turn."""

    number: int
    holders: list[Holder] = field(default_factory=list)

    @property
    def holder(self) -> Holder:
        return self.holders[-1]


@dataclass(frozen=True)
class Roster:
    """The Legendary League's places as of ``now``: ``complete`` once every place is confirmed;
    ``numbers`` each confirmed player's selection number (rule W7-34 uses it)."""

    seats: tuple[Seat, ...]
    notes: tuple[Note, ...]
    rolls: tuple[Roll, ...] = ()  # the dice of W7-33 (6) its re-picks rolled (podium's)

    @property
    def complete(self) -> bool:
        return all(s.holder.status == "confirmed" for s in self.seats)

    @property
    def numbers(self) -> dict[PlayerId, int]:
        return {s.holder.player: s.number for s in self.seats if s.holder.status == "confirmed"}


def _when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def confirm(selection: Selection, records: Sequence[YearRecord], selected_at: datetime,
            answers: Sequence[Answer], now: datetime, declined: Collection[PlayerId] = (),
            games: Sequence[Game] = (), seed: int = 0, last_season: int | None = None,
            rolls: Mapping[PlayerId, int] | None = None) -> Roster:
    """Rule W7-32: every picked player is invited at ``selected_at`` and has 3 days to confirm.
    A place refused, or not confirmed by its deadline (``now`` is past it), passes to the
    highest all-seasons total among the players neither picked nor declined (ties by W7-33),
    who is invited at that moment and has 3 days in turn; the place keeps its number. Answers
    from a player not holding a place at that time, or after their deadline, do not count.

    A re-pick's tie nothing but the die breaks (W7-33 (6)) takes the organiser's ``rolls``
    entered at the selection when they cover it; else podium draws from ``seed`` and says so.
    The organiser is not asked: a place passes by the clock (no answer in 3 days) as well as
    by a refusal, and the roster is derived again on every read, so there is no command to
    take a roll at that moment; the draw is recorded (the seed is in the log) and named."""
    dice = Dice(seed, dict(rolls or {}), drawn=REPICK)
    by_id = _records(records)
    names = {p: r.name for p, r in by_id.items()}
    if last_season is None:
        last_season = max((s for r in records for s in r.seasons), default=None)
    seats = [Seat(p.number, [Holder(p.player, selected_at)]) for p in selection.picks]
    asked = set(selection.players)
    notes: list[Note] = []
    while True:
        event = _next_event(seats, answers, now)
        if event is None:
            break
        seat, status, at = event
        holder = seat.holder
        holder.status, holder.at = status, at
        if status == "confirmed":
            notes.append((N_("#%(number)s %(name)s confirmed on %(at)s (rule W7-32)"),
                          {"number": seat.number, "name": names[holder.player],
                           "at": _when(at)}))
            continue
        if status == "refused":
            notes.append((N_("#%(number)s %(name)s refused on %(at)s: the place passes (rule "
                             "W7-32)"), {"number": seat.number, "name": names[holder.player],
                                         "at": _when(at)}))
        else:
            notes.append((N_("#%(number)s %(name)s did not confirm by %(at)s: the place passes "
                             "(rule W7-32)"), {"number": seat.number,
                                               "name": names[holder.player], "at": _when(at)}))
        pool = [p for p in sorted(by_id) if p not in asked and p not in set(declined)]
        if not pool:
            notes.append((N_("#%(number)s: no player left to take the place (rule W7-32)"),
                          {"number": seat.number}))
            continue
        label = f"{seat.number}-{len(seat.holders)}"
        player, points, why = _pick(pool, by_id, None, seat.number, games, dice, last_season,
                                    label)
        asked.add(player)
        seat.holders.append(Holder(player, at))
        notes.append((N_("#%(number)s passes to %(name)s, the highest all-seasons total not "
                         "picked: %(points)s (rule W7-32)"),
                      {"number": seat.number, "name": names[player], "points": points}))
        notes.extend(why[1:])
    for seat in seats:
        if seat.holder.status == "waiting":
            notes.append((N_("#%(number)s %(name)s: waiting for the confirmation until "
                             "%(at)s (rule W7-32)"),
                          {"number": seat.number, "name": names[seat.holder.player],
                           "at": _when(seat.holder.deadline)}))
    return Roster(tuple(seats), tuple(notes), tuple(dice.rolls))


def _next_event(seats: Sequence[Seat], answers: Sequence[Answer], now: datetime
                ) -> tuple[Seat, str, datetime] | None:
    """The earliest thing that happens to a waiting place by ``now``: its holder's first
    answer within the 3 days, or its deadline passing."""
    events: list[tuple[datetime, int, Seat, str]] = []
    for seat in seats:
        holder = seat.holder
        if holder.status != "waiting":
            continue
        mine = sorted((a for a in answers if a.player == holder.player
                       and holder.invited <= a.at <= min(holder.deadline, now)),
                      key=lambda a: a.at)
        if mine:
            events.append((mine[0].at, seat.number, seat,
                           "confirmed" if mine[0].accepted else "refused"))
        elif now >= holder.deadline:
            events.append((holder.deadline, seat.number, seat, "expired"))
    if not events:
        return None
    at, _, seat, status = min(events, key=lambda e: (e[0], e[1]))
    return seat, status, at


# -- the final ladder (rule W7-34) ---------------------------------------------------------------
@dataclass
class FinalGame:
    """One game of the Legendary League: its players, who was out (a ladder game) or who won
    (a game of the 3-player final, None on a shared first place), and the reasons."""

    number: int
    players: tuple[PlayerId, ...]
    out: PlayerId | None = None
    winner: PlayerId | None = None
    notes: list[Note] = field(default_factory=list)


@dataclass(frozen=True)
class Final:
    """The Legendary League so far: ``places`` decided (7th .. 4th as players go out, 1st to
    3rd once the final is won), the final's ``wins``, the players of the ``next`` game (empty
    once there is a ``champion``)."""

    games: tuple[FinalGame, ...]
    places: dict[PlayerId, int]
    wins: dict[PlayerId, int]
    next: tuple[PlayerId, ...]
    champion: PlayerId | None
    notes: tuple[Note, ...] = ()


def final(numbers: Mapping[PlayerId, int], games: Sequence[Game],
          names: Mapping[PlayerId, str] | None = None) -> Final:
    """Rule W7-34 over the games entered so far. ``numbers`` are the players' selection numbers
    (from :attr:`Roster.numbers`); each game is its players' positions (rule W7-3).

    The ladder of rule W7-2: the last of each game is out and takes the lowest free place, a
    tie for last place going against the higher selection number; with 3 players left, they
    play until one has two wins (a shared first place is no win). **[open]** 2nd and 3rd then
    go by the final's wins, then the lower selection number. A game with other players than
    the ones due, or after the champion, is refused naming it."""
    names = dict(names or {})
    if len(numbers) < FINAL_PLAYERS:
        raise InvalidInput(N_("players: the Legendary League needs at least 3 players, it has "
                           "%(count)s"), code=codes.LEGENDARY_FEW, field="players",
                           count=len(numbers))
    alive = sorted(numbers, key=lambda p: numbers[p])
    places: dict[PlayerId, int] = {}
    wins = {p: 0 for p in alive}
    played: list[FinalGame] = []
    champion: PlayerId | None = None
    for index, entered in enumerate(games, start=1):
        field_ = f"games[{index}]"
        if champion is not None:
            raise InvalidInput(N_("game %(game)s: the Legendary League is won already"),
                               code=codes.LEGENDARY_WON, field=field_, game=index)
        if set(entered) != set(alive):
            raise InvalidInput(N_("game %(game)s: its players are %(names)s (rule W7-34)"),
                               code=codes.LEGENDARY_GAME_PLAYERS, field=field_, game=index,
                               names=[names.get(p, p) for p in alive])
        try:
            positions = ranking(entered, names)
        except InvalidInput as error:
            error.field = field_  # name the game, not only its positions
            raise
        game = FinalGame(index, tuple(alive))
        if len(alive) > FINAL_PLAYERS:
            _eliminate(game, positions, numbers, names)
            assert game.out is not None
            places[game.out] = len(alive)
            alive.remove(game.out)
        else:
            champion = _final_game(game, positions, wins, names)
        played.append(game)
    notes: list[Note] = []
    if champion is not None:
        others = sorted((p for p in alive if p != champion),
                        key=lambda p: (-wins[p], numbers[p]))
        places[champion] = 1
        for place, p in enumerate(others, start=2):
            places[p] = place
        notes.append((N_("%(name)s wins the Legendary League; then %(others)s by the final's "
                         "wins, then the lower selection number (rule W7-34)"),
                      {"name": names.get(champion, champion),
                       "others": [names.get(p, p) for p in others]}))
    finalists = {p: wins[p] for p in alive} if len(alive) <= FINAL_PLAYERS else {}
    return Final(tuple(played), places, finalists,
                 () if champion is not None else tuple(alive), champion, tuple(notes))


def _eliminate(game: FinalGame, positions: Mapping[PlayerId, int], numbers: Mapping[PlayerId, int],
               names: Mapping[PlayerId, str]) -> None:
    last = max(positions.values())
    tied = sorted((p for p in positions if positions[p] == last), key=lambda p: numbers[p])
    game.out = tied[-1]
    if len(tied) > 1:
        game.notes.append((N_("tie for last place between %(detail)s: the higher selection "
                              "number is out (rule W7-34)"),
                           {"detail": ", ".join(f"{names.get(p, p)} #{numbers[p]}"
                                                for p in tied)}))
    game.notes.append((N_("%(name)s is out and takes place %(place)s (rules W7-2, W7-34)"),
                       {"name": names.get(game.out, game.out), "place": len(positions)}))


def _final_game(game: FinalGame, positions: Mapping[PlayerId, int], wins: dict[PlayerId, int],
                names: Mapping[PlayerId, str]) -> PlayerId | None:
    first = [p for p in positions if positions[p] == 1]
    if len(first) > 1:
        game.notes.append((N_("%(names)s share first place: a tie is not a win (rule W7-34)"),
                           {"names": [names.get(p, p) for p in sorted(first)]}))
        return None
    game.winner = first[0]
    wins[game.winner] += 1
    game.notes.append((N_("%(name)s wins, %(wins)s of %(needed)s (rule W7-34)"),
                       {"name": names.get(game.winner, game.winner), "wins": wins[game.winner],
                        "needed": FINAL_WINS}))
    return game.winner if wins[game.winner] >= FINAL_WINS else None
