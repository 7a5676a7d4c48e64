"""The year of the W7 league between seasons: registration, the starting season's leagues,
each season's outcomes and the next season's leagues (rules W7-4 .. W7-15, W7-30, W7-35).

Pure functions over plain data (players by name), so a season event, a test or the demo can
ask them the same question: the service (:mod:`.next_season`) reads a finished season into a
:class:`SeasonFacts`, asks :func:`next_leagues` and stores the answer as the next season's
actions. Every decision comes with a :class:`Line` that explains it to a person ("Anna: 6th in
Gods, down to Priests (rule W7-8)"), kept as a msgid and its parameters so it is shown in the
page's language.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from podium.core.errors import Conflict, InvalidInput
from podium.core.rng import derive_seed
from podium.core.views import N_
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.settings import LEAGUE_SIZE

GODS, PRIESTS, WARRIORS, SURVIVAL = 0, 1, 2, 3
TIER_NAMES = {GODS: "Gods", PRIESTS: "Priests", WARRIORS: "Warriors"}
SMALL, LARGE = 4 * LEAGUE_SIZE, 5 * LEAGUE_SIZE  # rule W7-4: 28 or 35 players
NEXT_SEASON_SIZE = 4 * LEAGUE_SIZE  # rule W7-7: Gods, Priests, Warriors A and B


@dataclass(frozen=True)
class Line:
    """One explained decision about one player: a msgid with ``%(name)s`` and its params."""

    player: str
    msgid: str
    params: dict[str, Any] = field(default_factory=dict)

    def text(self, gettext: Any = None) -> str:
        from podium.core.errors import render

        return render(gettext(self.msgid) if gettext else self.msgid,
                      {"name": self.player, **self.params})


# -- registration and the starting season (rules W7-4 .. W7-6) ----------------------------------
@dataclass(frozen=True)
class SignUp:
    """A sign-up, in the order they came: the site's rating and a premium account (W7-4, W7-5)."""

    name: str
    rating: int = 0
    premium: bool = False


@dataclass
class Cut:
    """Rule W7-4: who plays the starting season and who goes to qualification for season 1."""

    playing: list[SignUp]
    qualification: list[SignUp]
    lines: list[Line]

    @property
    def leagues(self) -> int:
        return len(self.playing) // LEAGUE_SIZE


def registration_cut(signups: Sequence[SignUp]) -> Cut:
    """Rule W7-4: 28 or 35 players (4 or 5 leagues) in sign-up order; with 29-34 the first 28
    play and the rest go to qualification for season 1; over 35 the first 35 play."""
    names = [s.name for s in signups]
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise InvalidInput("%(name)s signed up twice", code=codes.YEAR_SIGNUP_TWICE,
                           field="signups", name=twice)
    if len(signups) < SMALL:
        raise InvalidInput("%(count)s sign-ups: the starting season needs at least %(size)s "
                           "(rule W7-4)", code=codes.YEAR_SIGNUP_FEW, field="signups",
                           count=len(signups), size=SMALL)
    size = LARGE if len(signups) >= LARGE else SMALL
    playing, rest = list(signups[:size]), list(signups[size:])
    lines = [Line(s.name, N_("%(name)s: sign-up %(n)s of %(size)s, plays the starting season "
                             "(rule W7-4)"), {"n": i, "size": size})
             for i, s in enumerate(playing, start=1)]
    lines += [Line(s.name, N_("%(name)s: sign-up %(n)s, after the first %(size)s: goes to "
                              "qualification for season 1 (rule W7-4)"), {"n": i, "size": size})
              for i, s in enumerate(rest, start=size + 1)]
    return Cut(playing, rest, lines)


def snake(ordered: Sequence[Any], count: int) -> list[list[Any]]:
    """Rule W7-5: league 1, 2, ..., k, k, ..., 2, 1, 1, 2, ... over ``ordered``."""
    out: list[list[Any]] = [[] for _ in range(count)]
    for index, item in enumerate(ordered):
        lap, step = divmod(index, count)
        out[step if lap % 2 == 0 else count - 1 - step].append(item)
    return out


def draft_order(signups: Sequence[SignUp]) -> list[SignUp]:
    """Rule W7-5: premium accounts first, then the site's rating (higher first), ties by
    nickname alphabetically."""
    return sorted(signups, key=lambda s: (not s.premium, -s.rating, s.name.casefold(), s.name))


def starting_leagues(signups: Sequence[SignUp]) -> tuple[list[list[str]], list[Line]]:
    """Rules W7-4, W7-5: the cut, then the snake into 4 or 5 equal leagues; each player's
    pick explained."""
    cut = registration_cut(signups)
    ordered = draft_order(cut.playing)
    leagues = snake([s.name for s in ordered], cut.leagues)
    where = {n: i for i, league in enumerate(leagues) for n in league}
    lines = list(cut.lines)
    for pick, s in enumerate(ordered, start=1):
        lines.append(Line(s.name, N_("%(name)s: pick %(pick)s (%(premium)s, rating %(rating)s), "
                                     "League %(league)s by the snake (rule W7-5)"),
                          {"pick": pick, "premium": "premium" if s.premium else "basic",
                           "rating": s.rating, "league": where[s.name] + 1}))
    return leagues, lines


def defenders_count(leagues: int) -> int:
    """Rule W7-6: with 4 leagues the last 2 of each league defend their places in survival
    battles, with 5 leagues the last 3."""
    return 2 if leagues <= 4 else 3


# -- a finished season, as plain data -----------------------------------------------------------
@dataclass
class PlayerSeason:
    """One player's season: league (its level: 0 the top one), place, what the tie chains
    need (positions in the ladder's games, game 1 first; last season's level and place;
    points from ladder wins), the premium account, and whether they may not continue."""

    name: str
    league: str
    level: int
    place: int
    premium: bool = False
    positions: tuple[int | None, ...] = ()
    last_level: int | None = None
    last_place: int | None = None
    wins: int = 0
    total: int = 0
    overruns: int = 0  # in the year so far, this season's included (rule W7-19)
    barred: bool = False  # rules W7-19, W7-20
    leaving: bool = False  # dropped out (rule W7-35)


@dataclass
class SeasonFacts:
    """What the next season's leagues depend on: every player's season, the league names,
    and the Fortune and Will matches' orders (best first; rules W7-11, W7-12)."""

    starting: bool
    players: list[PlayerSeason]
    league_names: dict[str, str]
    fortune: list[str] = field(default_factory=list)
    will: list[str] = field(default_factory=list)
    seed: int = 0

    def by_name(self) -> dict[str, PlayerSeason]:
        return {p.name: p for p in self.players}


@dataclass
class NextSeason:
    """The next season's leagues (key, name, level, players), each decision explained, the
    players' profiles for its ties (rule W7-26 (2), (3)) and overruns (W7-19)."""

    leagues: list[tuple[str, str, int, list[str]]]
    lines: list[Line]
    profiles: dict[str, dict[str, Any]]
    survival: list[str]  # who had to play the survival battles (W7-10, W7-14)
    free: int  # Warriors places the survival battles filled
    playoffs: dict[int, list[str]] = field(default_factory=dict)  # place: its players


# -- ties (rules W7-26 (1)-(4), W7-30) ----------------------------------------------------------
def _roll(seed: int, label: str, name: str) -> int:
    return random.Random(derive_seed(seed, label, name)).randint(1, 6)


def chain_key(p: PlayerSeason, seed: int, label: str) -> tuple[Any, ...]:
    """Rule W7-26 (1)-(4) between players of one level and place: the better position in
    the season's games from the last back, the higher league last season, the higher place
    last season, then a die drawn from the recorded seed (higher is better)."""
    back = tuple(9 if x is None else x for x in reversed(p.positions))
    return (back, 99 if p.last_level is None else p.last_level,
            99 if p.last_place is None else p.last_place, -_roll(seed, label, p.name))


def playoff_key(p: PlayerSeason, seed: int) -> tuple[Any, ...]:
    """Rule W7-30: more points from ladder wins, then the better position in the previous
    game of the season and earlier games, then a die (recorded seed)."""
    back = tuple(9 if x is None else x for x in reversed(p.positions))
    return (-p.wins, back, -_roll(seed, "W7-30", p.name))


# -- the outcomes of a regular season (rules W7-8 .. W7-12) -------------------------------------
def _ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


def regular_tiers(facts: SeasonFacts, newcomers: bool) -> tuple[dict[str, int], list[Line]]:
    """Where each continuing player goes by their place (rules W7-8 .. W7-12): tier 0 Gods,
    1 Priests, 2 Warriors, 3 survival battles (Warriors 5th-7th when newcomers want in)."""
    tiers: dict[str, int] = {}
    lines: list[Line] = []
    fortune = [n for n in facts.fortune]
    will = list(facts.will)
    by = facts.by_name()
    # rule W7-11: the free Gods place goes to the higher of the Priests and Warriors players
    climbers = [n for n in fortune if n in by and by[n].level in (1, 2)]
    up = climbers[0] if climbers else None
    winner_of_will = will[0] if will else None

    def say(p: PlayerSeason, msgid: str, tier: int, **extra: Any) -> None:
        tiers[p.name] = tier
        lines.append(Line(p.name, msgid, {"place": _ordinal(p.place), "n": p.place,
                                          "league": facts.league_names.get(p.league, p.league),
                                          **extra}))

    for p in facts.players:
        if p.level == 0:
            if p.place <= 2:
                say(p, N_("%(name)s: %(place)s in %(league)s, to the Battle of Titans, stays in "
                          "Gods (rule W7-8)"), GODS)
            elif p.place == 3:
                say(p, N_("%(name)s: %(place)s in %(league)s, Fortune match, stays in Gods "
                          "(rule W7-8)"), GODS)
            elif p.place <= 5:
                say(p, N_("%(name)s: %(place)s in %(league)s, stays in Gods (rule W7-8)"), GODS)
            else:
                say(p, N_("%(name)s: %(place)s in %(league)s, down to Priests (rule W7-8)"),
                    PRIESTS)
        elif p.level == 1:
            if p.place == 1:
                say(p, N_("%(name)s: %(place)s in %(league)s, to the Battle of Titans, up to "
                          "Gods (rule W7-9)"), GODS)
            elif p.place == 2:
                if p.name == up:
                    say(p, N_("%(name)s: %(place)s in %(league)s, highest of Priests and "
                              "Warriors in the Fortune match, up to Gods (rule W7-11)"), GODS)
                else:
                    say(p, N_("%(name)s: %(place)s in %(league)s, Fortune match, stays in "
                              "Priests (rules W7-9, W7-11)"), PRIESTS)
            elif p.place <= 4:
                say(p, N_("%(name)s: %(place)s in %(league)s, stays in Priests (rule W7-9)"),
                    PRIESTS)
            elif p.place == 5:
                if not will:
                    say(p, N_("%(name)s: %(place)s in %(league)s, no Will match was played: "
                              "stays in Priests (rule W7-12)"), PRIESTS)
                elif p.name == winner_of_will:
                    say(p, N_("%(name)s: %(place)s in %(league)s, won the Will match, stays in "
                              "Priests (rule W7-12)"), PRIESTS)
                else:
                    say(p, N_("%(name)s: %(place)s in %(league)s, lost the Will match, down "
                              "to Warriors (rules W7-9, W7-12)"), WARRIORS)
            else:
                say(p, N_("%(name)s: %(place)s in %(league)s, down to Warriors (rule W7-9)"),
                    WARRIORS)
        else:
            if p.place == 1:
                if p.name == up:
                    say(p, N_("%(name)s: %(place)s in %(league)s, highest of Priests and "
                              "Warriors in the Fortune match, up to Gods (rules W7-10, "
                              "W7-11)"), GODS)
                else:
                    say(p, N_("%(name)s: %(place)s in %(league)s, Fortune match, up to "
                              "Priests (rule W7-10)"), PRIESTS)
            elif p.place == 2:
                if p.name == winner_of_will:
                    say(p, N_("%(name)s: %(place)s in %(league)s, won the Will match, up to "
                              "Priests (rules W7-10, W7-12)"), PRIESTS)
                else:
                    say(p, N_("%(name)s: %(place)s in %(league)s, Will match not won, stays "
                              "in Warriors (rules W7-10, W7-12)"), WARRIORS)
            elif p.place <= 4:
                say(p, N_("%(name)s: %(place)s in %(league)s, stays in Warriors (rule W7-10)"),
                    WARRIORS)
            elif newcomers:
                say(p, N_("%(name)s: %(place)s in %(league)s, defends a Warriors place in the "
                          "survival battles (rules W7-10, W7-14)"), SURVIVAL)
            else:
                say(p, N_("%(name)s: %(place)s in %(league)s, no newcomers: stays in Warriors "
                          "(rule W7-10)"), WARRIORS)
    return tiers, lines


def starting_tiers(facts: SeasonFacts, leagues: int, playoffs: Mapping[int, Sequence[str]]
                   ) -> tuple[dict[str, int], list[Line], dict[int, list[str]]]:
    """Rules W7-6, W7-7, W7-30: a higher place in the starting season, a higher league in
    season 1; the last 2 (4 leagues) or 3 (5 leagues) of each league defend their places in
    survival battles; players of one place spread over two leagues play a play-off match
    (``playoffs``: its order, best first; without it the W7-30 chain orders them)."""
    last = LEAGUE_SIZE - defenders_count(leagues)
    tiers: dict[str, int] = {}
    lines: list[Line] = []
    needed: dict[int, list[str]] = {}
    slot = 0
    secured = [p for p in facts.players if not (p.barred or p.leaving)]
    for place in range(1, LEAGUE_SIZE + 1):
        group = [p for p in secured if p.place == place]
        if place > last:
            for p in group:
                tiers[p.name] = SURVIVAL
                lines.append(Line(p.name, N_("%(name)s: %(place)s in %(league)s of the starting "
                                             "season, defends a place in the survival battles "
                                             "(rule W7-6)"),
                                  {"place": _ordinal(p.place), "n": p.place,
                                   "league": facts.league_names.get(p.league, p.league)}))
            continue
        first, end = slot // LEAGUE_SIZE, (slot + len(group) - 1) // LEAGUE_SIZE
        if first != end and min(end, WARRIORS) != min(first, WARRIORS):
            names = [p.name for p in group]
            needed[place] = sorted(names)
            given = list(playoffs.get(place, ()))
            if given and sorted(given) != sorted(names):
                raise InvalidInput("the play-off of the %(place)s places is between %(names)s "
                                   "(rule W7-6)", code=codes.YEAR_PLAYOFF, field="playoff",
                                   place=_ordinal(place), names=sorted(names))
            if given:
                order = {n: i for i, n in enumerate(given)}
                group.sort(key=lambda p: order[p.name])
                how = N_("%(name)s: %(place)s in %(league)s, play-off match %(rank)s of "
                         "%(count)s, to %(to)s (rules W7-6, W7-7)")
            else:
                group.sort(key=lambda p: playoff_key(p, facts.seed))
                how = N_("%(name)s: %(place)s in %(league)s, play-off %(rank)s of %(count)s by "
                         "ladder wins and the previous games (rule W7-30), to %(to)s (rule W7-7)")
        else:
            how = N_("%(name)s: %(place)s in %(league)s of the starting season, to %(to)s "
                     "(rule W7-7)")
        for rank, p in enumerate(group, start=1):
            tier = min(slot // LEAGUE_SIZE, WARRIORS)
            tiers[p.name] = tier
            lines.append(Line(p.name, how, {"place": _ordinal(p.place), "n": p.place,
                                            "rank": rank,
                                            "count": len(group), "to": TIER_NAMES[tier],
                                            "league": facts.league_names.get(p.league,
                                                                             p.league)}))
            slot += 1
    return tiers, lines, needed


# -- the next season's leagues (rules W7-13, W7-15, W7-35) --------------------------------------
@dataclass(frozen=True)
class Swap:
    """The organiser's adjustment of the Warriors balance (rule W7-13): two players change
    Warriors league, with a reason."""

    first: str
    second: str
    reason: str


def next_leagues(facts: SeasonFacts, survivors: Sequence[str] = (),
                 newcomers: Sequence[str] = (), playoffs: Mapping[int, Sequence[str]] = {},
                 swaps: Sequence[Swap] = (), premium: Mapping[str, bool] = {},
                 preview: bool = False) -> NextSeason:
    """Season N+1 from season N.

    ``newcomers`` want to join through qualification (a returning player who skipped a season
    is one: rule W7-35, only into Warriors); ``survivors`` are the winners of the survival
    battles (W7-14) when they were needed. The players out of the next season (barred: rules
    W7-19, W7-20; dropped out: W7-35) leave places that everyone below takes by moving up the
    overall ranking across leagues (W7-35, ties by W7-26 (1)-(4)). Refused, naming the places,
    when the leagues would not have exactly 7 each (W7-15). A ``preview`` says who must play
    the survival battles and the play-offs for how many places, before their results."""
    by = facts.by_name()
    lines: list[Line] = []
    for p in facts.players:
        if p.barred:
            lines.append(Line(p.name, N_("%(name)s: barred from the next season (rules W7-19, "
                                         "W7-20)")))
        elif p.leaving:
            lines.append(Line(p.name, N_("%(name)s: drops out; the players below move up "
                                         "(rule W7-35)")))
    for name in newcomers:
        if name in by and (by[name].barred):
            raise Conflict("%(name)s is barred from the next season (rules W7-19, W7-20)",
                           code=codes.YEAR_BARRED, field="newcomer", name=name)
        if name in by and not by[name].leaving:
            raise InvalidInput("%(name)s plays this season: not a newcomer", field="newcomer",
                               code=codes.YEAR_NEWCOMER, name=name)
    playoff_groups: dict[int, list[str]] = {}
    if facts.starting:
        leagues = len({p.league for p in facts.players})
        tiers, tier_lines, playoff_groups = starting_tiers(facts, leagues, playoffs)
    else:
        tiers, tier_lines = regular_tiers(
            SeasonFacts(facts.starting, [p for p in facts.players
                                         if not (p.barred or p.leaving)],
                        facts.league_names, facts.fortune, facts.will, facts.seed),
            newcomers=bool(newcomers))
    lines.extend(tier_lines)
    staying = sorted((p for p in facts.players if tiers.get(p.name, SURVIVAL) < SURVIVAL),
                     key=lambda p: (tiers[p.name], p.level, p.place,
                                    chain_key(p, facts.seed, "W7-35")))
    leagues_of: dict[str, int] = {}
    for index, p in enumerate(staying):
        tier = min(index // LEAGUE_SIZE, WARRIORS)
        leagues_of[p.name] = tier
        if tier < tiers[p.name]:
            lines.append(Line(p.name, N_("%(name)s: a place freed above: up to %(to)s through "
                                         "the overall ranking (rule W7-35)"),
                              {"to": TIER_NAMES[tier]}))
    free = NEXT_SEASON_SIZE - len(staying)
    defenders = [p.name for p in facts.players if tiers.get(p.name) == SURVIVAL]
    candidates = defenders + [n for n in newcomers if n not in defenders]
    if free < 0:
        raise Conflict("%(count)s players keep a place: more than the %(size)s places of the "
                       "next season (rule W7-15)", code=codes.YEAR_CONSERVATION, field="leagues",
                       count=len(staying), size=NEXT_SEASON_SIZE)
    if len(candidates) <= free:
        chosen = list(candidates)
        if len(chosen) < free:
            raise Conflict("%(free)s Warriors places are free and only %(count)s players can "
                           "take them (%(names)s): the leagues would not have 7 each "
                           "(rule W7-15)", code=codes.YEAR_FREE_PLACES, field="newcomer",
                           free=free, count=len(chosen), names=chosen)
        for name in chosen:
            lines.append(Line(name, N_("%(name)s: no survival battle needed, plays in "
                                       "Warriors (rules W7-14, W7-35)")))
    elif preview and not survivors:
        chosen = []
    else:
        chosen = list(survivors)
        strangers = [n for n in chosen if n not in candidates]
        if strangers:
            raise InvalidInput("%(names)s did not play the survival battles (rule W7-14)",
                               code=codes.YEAR_SURVIVOR, field="survivor", names=strangers)
        if len(set(chosen)) != free:
            raise Conflict("%(count)s survival winners for %(free)s free Warriors places: the "
                           "leagues would not have 7 each (rule W7-15)",
                           code=codes.YEAR_SURVIVORS, field="survivor", count=len(set(chosen)),
                           free=free)
        for name in candidates:
            if name in chosen:
                lines.append(Line(name, N_("%(name)s: won a survival battle, plays in Warriors "
                                           "(rule W7-14)")))
            else:
                lines.append(Line(name, N_("%(name)s: lost the survival battles, out of the "
                                           "next season (rule W7-14)")))
    gods = [p.name for p in staying if leagues_of[p.name] == GODS]
    priests = [p.name for p in staying if leagues_of[p.name] == PRIESTS]
    warriors_strength = [p.name for p in staying if leagues_of[p.name] == WARRIORS] + chosen
    a, b = balance(warriors_strength, {n: premium.get(n, by[n].premium if n in by else False)
                                       for n in warriors_strength})
    for swap in swaps:
        a, b = apply_swap(a, b, swap)
        lines.append(Line(swap.first, N_("%(name)s: changes Warriors league with %(other)s by "
                                         "the organiser: %(reason)s (rule W7-13)"),
                          {"other": swap.second, "reason": swap.reason}))
    for name in a:
        lines.append(Line(name, N_("%(name)s: Warriors A by the balance snake (rule W7-13)")))
    for name in b:
        lines.append(Line(name, N_("%(name)s: Warriors B by the balance snake (rule W7-13)")))
    leagues = [("gods", "Gods", 0, gods), ("priests", "Priests", 1, priests),
               ("warriors-a", "Warriors A", 2, a), ("warriors-b", "Warriors B", 2, b)]
    if not preview:
        check_conservation(leagues)
    profiles = {}
    for _key, _name, _level, names in leagues:
        for n in names:
            p = by.get(n)
            profiles[n] = {"level": None if p is None else p.level,
                           "place": None if p is None else p.place,
                           "overruns": 0 if p is None else p.overruns,
                           "premium": premium.get(n, p.premium if p else False)}
    return NextSeason(leagues, lines, profiles, candidates if len(candidates) > free else [],
                      free, playoff_groups)


def balance(strength: Sequence[str], premium: Mapping[str, bool]) -> tuple[list[str], list[str]]:
    """Rule W7-13: the two Warriors leagues by the W7-5 snake over a list of premium accounts
    first, then strength (``strength`` is strongest first)."""
    rank = {n: i for i, n in enumerate(strength)}
    ordered = sorted(strength, key=lambda n: (not premium.get(n, False), rank[n]))
    a, b = snake(ordered, 2)
    return a, b


def apply_swap(a: list[str], b: list[str], swap: Swap) -> tuple[list[str], list[str]]:
    """Rule W7-13: the organiser swaps a Warriors A and a Warriors B player, with a reason."""
    if not swap.reason.strip():
        raise InvalidInput("changing the Warriors balance needs a reason (rule W7-13)",
                           code=codes.YEAR_SWAP_REASON, field="reason")
    first, second = swap.first, swap.second
    if first in b and second in a:
        first, second = second, first
    if first not in a or second not in b:
        raise InvalidInput("%(first)s and %(second)s are not in two different Warriors leagues",
                           code=codes.YEAR_SWAP, field="swap", first=swap.first,
                           second=swap.second)
    a = [second if n == first else n for n in a]
    b = [first if n == second else n for n in b]
    return a, b


def check_conservation(leagues: Sequence[tuple[str, str, int, Sequence[str]]]) -> None:
    """Rule W7-15: every league has exactly 7 players and nobody plays in two."""
    seen: dict[str, str] = {}
    for key, name, _level, names in leagues:
        if len(names) != LEAGUE_SIZE:
            raise Conflict("league %(league)s would have %(count)s players, not %(size)s: "
                           "places %(places)s (rule W7-15)", code=codes.YEAR_CONSERVATION,
                           field="leagues", league=name, count=len(names), size=LEAGUE_SIZE,
                           places=(list(range(len(names) + 1, LEAGUE_SIZE + 1))
                                   if len(names) < LEAGUE_SIZE
                                   else list(range(LEAGUE_SIZE + 1, len(names) + 1))))
        for n in names:
            if n in seen:
                raise Conflict("%(name)s would play in %(first)s and %(second)s (rule W7-15)",
                               code=codes.YEAR_CONSERVATION, field="leagues", name=n,
                               first=seen[n], second=name)
            seen[n] = key
