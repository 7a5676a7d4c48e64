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
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from podium.core.errors import Conflict, InvalidInput
from podium.core.messages import Message, Mp
from podium.core.rng import derive_seed
from podium.core.views import N_
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.settings import (
    AFTER_DROPOUTS,
    AS_FULL,
    LEAGUE_SIZE,
    MATCH,
    SHIFT,
)

GODS, PRIESTS, WARRIORS, SURVIVAL = 0, 1, 2, 3
TIER_NAMES = {GODS: "Gods", PRIESTS: "Priests", WARRIORS: "Warriors"}
SMALL, LARGE = 4 * LEAGUE_SIZE, 5 * LEAGUE_SIZE  # rule W7-4: 28 or 35 players
NEXT_SEASON_SIZE = 4 * LEAGUE_SIZE  # rule W7-7: Gods, Priests, Warriors A and B


#: A league named inside a sentence ("1st in Gods", "to Priests"), as a message so that a
#: Russian page writes it in its case ("в лиге Богов", "в лигу Жрецов"); English reads the name.
LEAGUE_WORDS = {
    "Gods": Mp("league in a sentence", "Gods"),
    "Priests": Mp("league in a sentence", "Priests"),
    "Warriors": Mp("league in a sentence", "Warriors"),
    "Warriors A": Mp("league in a sentence", "Warriors A"),
    "Warriors B": Mp("league in a sentence", "Warriors B"),
}
#: A sign-up's account on the site (rule W7-5), as a word of the sentence.
ACCOUNTS = {"premium": Mp("account", "premium"), "basic": Mp("account", "basic")}


def league_word(name: Any) -> Any:
    """The regulation's league names (rules W7-4, W7-7) as message objects; a name the
    organiser gave as it is."""
    if not isinstance(name, str):
        return name
    numbered = re.fullmatch(r"League (\d+)", name)
    if numbered:
        return Mp("league in a sentence", "League %(n)s", n=int(numbered[1]))
    return LEAGUE_WORDS.get(name, name)


def spoken(params: Mapping[str, Any]) -> dict[str, Any]:
    """A decision's parameters as its sentence shows them in any language: the leagues it
    names (``league``, ``to``) and the account (``premium``) as message objects. The stored
    and computed values stay the names; only what a person reads changes."""
    out = dict(params)
    for key in ("league", "to"):
        if key in out:
            out[key] = league_word(out[key])
    if isinstance(out.get("premium"), str):
        out["premium"] = ACCOUNTS.get(out["premium"], out["premium"])
    return out


@dataclass(frozen=True)
class Line:
    """One explained decision about one player: a msgid with ``%(name)s`` and its params."""

    player: str
    msgid: str
    params: dict[str, Any] = field(default_factory=dict)

    def message(self) -> Message:
        """The decision as a message object (rendered in the reader's language)."""
        return Message(self.msgid, spoken({"name": self.player, **self.params}))

    def text(self, tr: Any = None) -> str:
        """The sentence: in English, or through ``tr`` (which renders a message object)."""
        return str(tr(self.message())) if tr else self.message().render(None)


def shared_places(totals: Sequence[Any]) -> list[int]:
    """Places over ``totals`` sorted best first: equal totals share the higher place and the
    next total skips the places they cover (16, 14, 14, 9 → 1, 2, 2, 4), as the year's tables
    show them (rule W7-1: the year table ranks by points; no tie-break is given for it)."""
    out: list[int] = []
    for index, total in enumerate(totals):
        out.append(out[-1] if index and total == totals[index - 1] else index + 1)
    return out


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
    kicked: bool = False  # kicked a player: out of the season at once (rule W7-20)
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
    # the settings of the points the regulation leaves open, literal by default
    winner_seat: str = SHIFT  # a leaving Fortune / Will winner's seat (W7-11, W7-12, W7-35)
    starting_playoffs: str = AFTER_DROPOUTS  # play-offs when players leave (W7-6, W7-35)
    playoff_ranks_split: bool = True  # a play-off's order ranks for the split (W7-13)

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
    rolls: list[DieRoll] = field(default_factory=list)  # every die rolled (W7-26 (4), W7-30)
    unplayed: list[int] = field(default_factory=list)  # play-offs due without a game (W7-6)
    dice_due: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)  # ties left


# -- ties (rules W7-26 (1)-(4), W7-30) ----------------------------------------------------------
def _roll(seed: int, label: str, name: str, attempt: int = 1) -> int:
    """A d6 drawn from the recorded seed; a re-roll (``attempt`` 2, 3 ...) is a new die."""
    if attempt == 1:
        return random.Random(derive_seed(seed, label, name)).randint(1, 6)
    return random.Random(derive_seed(seed, label, name, attempt)).randint(1, 6)


@dataclass(frozen=True)
class DieRoll:
    """Rules W7-26 (4), W7-30 (3): «Жребий (кубик ...)»: a group of players no other step
    separates, and every round of the die: each round rolls for the players still tied,
    (player, value) pairs, higher is better. ``by``: who rolled (``organiser``: the values
    the organiser entered; ``podium``: drawn from the recorded seed because the organiser
    asked podium to roll)."""

    rule: str
    players: tuple[str, ...]
    rounds: tuple[tuple[tuple[str, int], ...], ...]
    by: str = "podium"

    def payload(self) -> dict[str, Any]:
        return {"rule": self.rule, "players": list(self.players), "by": self.by,
                "rounds": [[{"player": n, "value": v} for n, v in r] for r in self.rounds]}

    def text(self) -> str:
        """The rolls as typed in a note: rounds apart by ``;`` ("A 3, B 3; A 5, B 2")."""
        return "; ".join(", ".join(f"{n} {v}" for n, v in r) for r in self.rounds)


ATTEMPTS = 60  # a tie left after 60 rounds of a d6 (odds below 6^-60) goes by name


def die_order(seed: int, label: str, rule: str, names: Sequence[str]
              ) -> tuple[list[str], DieRoll]:
    """Rules W7-26 (4), W7-30 (3): a d6 for each tied player (drawn from the recorded seed),
    higher first; players still tied roll again, until the die decides. Every roll is kept."""
    rounds: list[tuple[tuple[str, int], ...]] = []

    def settle(group: list[str], attempt: int) -> list[str]:
        if len(group) == 1:
            return group
        if attempt > ATTEMPTS:
            return sorted(group)
        values = {n: _roll(seed, label, n, attempt) for n in group}
        rounds.append(tuple((n, values[n]) for n in group))
        out: list[str] = []
        for value in sorted(set(values.values()), reverse=True):
            out.extend(settle([n for n in group if values[n] == value], attempt + 1))
        return out

    order = settle(list(names), 1)
    return order, DieRoll(rule, tuple(names), tuple(rounds))


@dataclass
class Dice:
    """Rules W7-26 (4), W7-30 (3): «кубик ... бросает один из организаторов». Where a step of
    the year needs the die, the organiser either enters the roll (``given``: a value per
    player, the values of one tie all different) or asks podium to roll (``podium``: drawn
    from the recorded ``seed``). Neither: the tie is kept in ``missing`` (rule, players) and
    ordered by name only provisionally, so a preview can say whom the die decides between and
    the command can refuse; podium never rolls unasked."""

    seed: int
    given: Mapping[str, int] = field(default_factory=dict)
    podium: bool = False
    missing: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    #: the ties whose order changes the outcome (a league, the Warriors' strength); the others
    #: are left by name, no die asked for them. None: every tie.
    only: set[frozenset[str]] | None = None

    def order(self, label: str, rule: str, names: Sequence[str]
              ) -> tuple[list[str], DieRoll | None]:
        """``names`` (tied) ordered by the die: the organiser's values, else podium's roll
        when asked, else by name, the tie noted in ``missing``."""
        if self.only is not None and frozenset(names) not in self.only:
            return sorted(names, key=lambda n: (n.casefold(), n)), None
        if all(n in self.given for n in names):
            values = [self.given[n] for n in names]
            if len(set(values)) != len(values):
                raise InvalidInput(N_("the die must separate %(names)s (rule %(rule)s): roll "
                                      "again for the players with equal values and enter the "
                                      "new values"), code=codes.YEAR_DIE, field="roll",
                                   names=list(names), rule=rule)
            ordered = sorted(names, key=lambda n: -self.given[n])
            return ordered, DieRoll(rule, tuple(names),
                                    (tuple((n, self.given[n]) for n in names),), "organiser")
        if self.podium:
            return die_order(self.seed, label, rule, names)
        self.missing.append((rule, tuple(names)))
        return sorted(names, key=lambda n: (n.casefold(), n)), None


def ranked(players: Sequence[PlayerSeason], key: Any, dice: Dice | int, label: str, rule: str
           ) -> tuple[list[PlayerSeason], list[DieRoll]]:
    """``players`` sorted by ``key`` (best first); players equal by it are ordered by the die
    (:class:`Dice`; a bare seed: podium rolls, :func:`die_order`), every roll returned."""
    roller = dice if isinstance(dice, Dice) else Dice(dice, podium=True)
    ordered = sorted(players, key=key)
    out: list[PlayerSeason] = []
    rolls: list[DieRoll] = []
    index = 0
    while index < len(ordered):
        end = index + 1
        while end < len(ordered) and key(ordered[end]) == key(ordered[index]):
            end += 1
        group = ordered[index:end]
        if len(group) > 1:
            by = {p.name: p for p in group}
            names, roll = roller.order(label, rule, [p.name for p in group])
            group = [by[n] for n in names]
            if roll is not None:
                rolls.append(roll)
        out.extend(group)
        index = end
    return out, rolls


def dice_lines(missing: Sequence[tuple[str, Sequence[str]]]) -> list[Line]:
    """Rules W7-26 (4), W7-30 (3): each tie the organiser's die must still decide."""
    return [Line(names[0], N_("%(name)s and %(others)s: still tied, the organiser's die "
                              "decides (rule %(rule)s): enter the roll, or let podium roll; "
                              "shown by name until then"),
                 {"others": list(names[1:]), "rule": rule}) for rule, names in missing]


def chain_key(p: PlayerSeason) -> tuple[Any, ...]:
    """Rule W7-26 (1)-(3) between players of one level and place: the better position in
    the season's games from the last back, the higher league last season, the higher place
    last season (then (4) the die: :func:`ranked`)."""
    back = tuple(9 if x is None else x for x in reversed(p.positions))
    return (back, 99 if p.last_level is None else p.last_level,
            99 if p.last_place is None else p.last_place)


def playoff_key(p: PlayerSeason) -> tuple[Any, ...]:
    """Rule W7-30 (1), (2): more points from ladder wins, then the better position in the
    previous game of the season and earlier games (then (3) the die: :func:`ranked`)."""
    back = tuple(9 if x is None else x for x in reversed(p.positions))
    return (-p.wins, back)


def roll_lines(rolls: Sequence[DieRoll]) -> list[Line]:
    """Each die rolled, explained with every round's values and who rolled it (rules W7-26
    (4), W7-30 (3))."""
    return [Line(roll.players[0], N_("%(name)s and %(others)s: still tied, the die decides "
                                     "(rule %(rule)s), rolled by podium as the organiser "
                                     "asked: %(rolls)s") if roll.by == "podium" else
                 N_("%(name)s and %(others)s: still tied, the organiser's die decides (rule "
                    "%(rule)s): %(rolls)s"),
                 {"others": list(roll.players[1:]), "rule": roll.rule, "rolls": roll.text()})
            for roll in rolls]


# -- the outcomes of a regular season (rules W7-8 .. W7-12) -------------------------------------
def _ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


def regular_tiers(facts: SeasonFacts, newcomers: bool) -> tuple[dict[str, int], list[Line]]:
    """Where each continuing player goes by their place (rules W7-8 .. W7-12): tier 0 Gods,
    1 Priests, 2 Warriors, 3 survival battles (Warriors 5th-7th when newcomers want in)."""
    tiers: dict[str, int] = {}
    lines: list[Line] = []
    will = list(facts.will)
    by = facts.by_name()
    gone = {p.name for p in facts.players if p.barred or p.leaving}
    # rule W7-11: the free Gods place goes to the higher of the Priests and Warriors players
    climbers = [n for n in facts.fortune if n in by and by[n].level in (1, 2)]
    if facts.winner_seat == MATCH:  # a leaving winner's seat passes down the match's order
        climbers = [n for n in climbers if n not in gone]
        will = [n for n in will if n not in gone]
    up = climbers[0] if climbers and climbers[0] not in gone else None
    # rule W7-12: «Такое право получает победитель этого матча»; a leaving winner's seat is
    # left to the overall ranking (rule W7-35) unless the setting passes it down the match
    winner_of_will = will[0] if will and will[0] not in gone else None

    def say(p: PlayerSeason, msgid: str, tier: int, **extra: Any) -> None:
        tiers[p.name] = tier
        lines.append(Line(p.name, msgid, {"place": _ordinal(p.place), "n": p.place,
                                          "league": facts.league_names.get(p.league, p.league),
                                          **extra}))

    for p in facts.players:
        if p.name in gone:
            continue
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
    first_up = next((n for n in facts.fortune if n in by and by[n].level in (1, 2)), None)
    passed = (
        (N_("%(name)s: %(left)s left, so the Gods place won in the Fortune match passes down "
            "its order (setting leaving_winner_seat, rules W7-11, W7-35)"), up, first_up),
        (N_("%(name)s: %(left)s left, so the seat won in the Will match passes down its "
            "order (setting leaving_winner_seat, rules W7-12, W7-35)"), winner_of_will,
         facts.will[0] if facts.will else None))
    for msgid, winner, first in passed:
        if winner is not None and first is not None and winner != first:
            lines.append(Line(winner, msgid, {"left": first}))
    return tiers, lines


Playoff = Sequence[str | Sequence[str]]  # a play-off's order, best first; a tie as a list


def playoff_groups(given: Playoff) -> list[list[str]]:
    """A play-off's order as groups of tied players (one name a group when nobody tied)."""
    return [[item] if isinstance(item, str) else list(item) for item in given]


def starting_tiers(facts: SeasonFacts, leagues: int, playoffs: Mapping[int, Playoff],
                   dice: Dice | None = None, decided: str | None = None
                   ) -> tuple[dict[str, int], list[Line], dict[int, list[str]],
                              dict[str, int], list[DieRoll]]:
    """Rules W7-6, W7-7, W7-30: a higher place in the starting season, a higher league in
    season 1; the last 2 (4 leagues) or 3 (5 leagues) of each league defend their places in
    survival battles; players of one place spread over two leagues play a play-off match
    (``playoffs``: its order, best first, tied players together; a tie goes by the W7-30 chain
    and the organiser's ``dice``). Returns the tiers, the lines, the play-offs due, each
    play-off player's rank in it and the dice rolled.

    A play-off with no order is not decided in advance: its lines say it is still due (the
    W7-30 chain only shows where its players would stand, no die rolled), unless the organiser
    decided the play-offs not played (``decided``: the reason), then the W7-30 chain decides
    it, the die included.

    Which play-offs are due when players leave (the schemes «приведены ниже» are missing from
    the text) is the setting ``starting_playoffs``: ``after-dropouts`` (the places as they fall
    once the leavers are out, the W7-35 shift first) or ``as-full`` (as if nobody left; a
    player out of the season for kicking another, rule W7-20, plays no play-off)."""
    dice = dice if dice is not None else Dice(facts.seed, podium=True)
    last = LEAGUE_SIZE - defenders_count(leagues)
    tiers: dict[str, int] = {}
    lines: list[Line] = []
    needed: dict[int, list[str]] = {}
    ranks: dict[str, int] = {}
    rolls: list[DieRoll] = []
    slot = 0
    full_slot = 0
    secured = [p for p in facts.players if not (p.barred or p.leaving)]
    for place in range(1, LEAGUE_SIZE + 1):
        group = [p for p in secured if p.place == place]
        everyone = [p for p in facts.players if p.place == place]
        if place > last:
            for p in group:
                tiers[p.name] = SURVIVAL
                lines.append(Line(p.name, N_("%(name)s: %(place)s in %(league)s of the starting "
                                             "season, defends a place in the survival battles "
                                             "(rule W7-6)"),
                                  {"place": _ordinal(p.place), "n": p.place,
                                   "league": facts.league_names.get(p.league, p.league)}))
            continue
        if facts.starting_playoffs == AS_FULL:
            spread = _spread(full_slot, len(everyone))
            # rule W7-20: «выбывает из текущего сезона»: a kicker plays no play-off
            players = [p for p in everyone if not p.kicked]
            if spread and group:
                for p in everyone:
                    if p.kicked:
                        lines.append(Line(p.name, N_("%(name)s: kicked a player, out of the "
                                                     "season at once (rule W7-20): plays no "
                                                     "play-off of the %(n)s places"),
                                          {"n": place}))
        else:
            spread = _spread(slot, len(group))
            players = group
        full_slot += len(everyone)
        if spread and group:
            names = [p.name for p in players]
            needed[place] = sorted(names)
            given = playoff_groups(playoffs.get(place, ()))
            # a play-off played before a player left still orders the others
            gone = {p.name for p in everyone if p.barred or p.leaving} - set(names)
            flat = [n for g in given for n in g if n not in gone]
            if given and (sorted(flat) != sorted(names) or len(set(flat)) != len(flat)):
                raise InvalidInput("the play-off of the %(place)s places is between %(names)s "
                                   "(rule W7-6)", code=codes.YEAR_PLAYOFF, field="playoff",
                                   place=_ordinal(place), names=sorted(names))
            by = {p.name: p for p in group}
            roller = dice
            if not given and decided is not None:  # the organiser's decision, with a reason
                given = [[p.name for p in group]]
                how = N_("%(name)s: %(place)s in %(league)s, play-off not played, decided by "
                         "the organiser (%(reason)s): %(rank)s of %(count)s by ladder wins "
                         "and the previous games (rule W7-30), to %(to)s (rule W7-7)")
            elif not given:  # rule W7-6: due; where its players would stand, no die rolled
                given = [[p.name for p in group]]
                roller = Dice(facts.seed)
                how = N_("%(name)s: %(place)s in %(league)s, the play-off of the %(n)s places "
                         "is still due (rule W7-6); until its game, %(rank)s of %(count)s by "
                         "ladder wins and the previous games (rule W7-30), to %(to)s")
            else:
                how = N_("%(name)s: %(place)s in %(league)s, play-off match %(rank)s of "
                         "%(count)s, to %(to)s (rules W7-6, W7-7)")
            ordered: list[PlayerSeason] = []
            for tied in given:
                present = [by[n] for n in tied if n in by]  # a leaver's place is shifted
                if len(present) > 1:  # rule W7-30: a tie in the play-off
                    present, rolled = ranked(present, playoff_key, roller, "W7-30", "W7-30")
                    rolls.extend(rolled)
                    if len(given) > 1:
                        how = N_("%(name)s: %(place)s in %(league)s, play-off match %(rank)s "
                                 "of %(count)s (a tie there by ladder wins and the previous "
                                 "games, rule W7-30), to %(to)s (rules W7-6, W7-7)")
                ordered.extend(present)
            group = ordered
            for rank, p in enumerate(group, start=1):
                ranks[p.name] = rank
        elif _spread(slot, len(group)):  # as-full: no play-off due, the W7-35 shift decides
            group, rolled = ranked(group, chain_key, dice, "W7-35", "W7-26 (4)")
            rolls.extend(rolled)
            how = N_("%(name)s: %(place)s in %(league)s, %(rank)s of %(count)s by the overall "
                     "ranking once players left (rules W7-26, W7-35), to %(to)s")
        else:
            how = N_("%(name)s: %(place)s in %(league)s of the starting season, to %(to)s "
                     "(rule W7-7)")
        for rank, p in enumerate(group, start=1):
            tier = min(slot // LEAGUE_SIZE, WARRIORS)
            tiers[p.name] = tier
            lines.append(Line(p.name, how, {"place": _ordinal(p.place), "n": p.place,
                                            "rank": rank,
                                            **({"reason": decided} if decided else {}),
                                            "count": len(group), "to": TIER_NAMES[tier],
                                            "league": facts.league_names.get(p.league,
                                                                             p.league)}))
            slot += 1
    return tiers, lines, needed, ranks, rolls


def _spread(slot: int, count: int) -> bool:
    """Rule W7-6: players of one place from ``slot`` on spread over two different leagues of
    season 1 (Warriors A and B are one level)."""
    if count == 0:
        return False
    first, end = slot // LEAGUE_SIZE, (slot + count - 1) // LEAGUE_SIZE
    return first != end and min(end, WARRIORS) != min(first, WARRIORS)


# -- the next season's leagues (rules W7-13, W7-15, W7-35) --------------------------------------
@dataclass(frozen=True)
class Swap:
    """The organiser's adjustment of the Warriors balance (rule W7-13): two players change
    Warriors league, with a reason."""

    first: str
    second: str
    reason: str


def next_leagues(facts: SeasonFacts, survivors: Sequence[str] = (),
                 newcomers: Sequence[str] = (), playoffs: Mapping[int, Playoff] = {},
                 swaps: Sequence[Swap] = (), premium: Mapping[str, bool] = {},
                 preview: bool = False, ratings: Mapping[str, int] = {},
                 newcomer_order: Sequence[str] | None = None,
                 history: Mapping[str, int] = {},
                 out_of_tournament: Sequence[str] = (), dice: Dice | None = None,
                 decided: str | None = None) -> NextSeason:
    """Season N+1 from season N (:func:`formed_leagues`). With the organiser's die
    (``dice`` not podium's), the leagues are formed once without it first, so that the die
    is asked only for the ties whose order changes the outcome (players going to different
    leagues, or into the Warriors' strength order: rules W7-13, W7-26 (4), W7-30 (3))."""
    args = (facts, survivors, newcomers, playoffs, swaps, premium, preview, ratings,
            newcomer_order, history, out_of_tournament)
    if dice is not None and not dice.podium and dice.only is None:
        probe = Dice(dice.seed, only=None)
        trial = formed_leagues(*args, probe, decided)
        where = {n: key for key, _name, _level, names in trial.leagues for n in names}

        def matters(names: Sequence[str]) -> bool:
            keys = {where.get(n) for n in names}
            return len(keys) > 1 or any(k is not None and k.startswith("warriors")
                                        for k in keys)

        dice.only = {frozenset(names) for _rule, names in probe.missing if matters(names)}
    return formed_leagues(*args, dice, decided)


def formed_leagues(facts: SeasonFacts, survivors: Sequence[str] = (),
                   newcomers: Sequence[str] = (), playoffs: Mapping[int, Playoff] = {},
                   swaps: Sequence[Swap] = (), premium: Mapping[str, bool] = {},
                   preview: bool = False, ratings: Mapping[str, int] = {},
                   newcomer_order: Sequence[str] | None = None,
                   history: Mapping[str, int] = {},
                   out_of_tournament: Sequence[str] = (), dice: Dice | None = None,
                   decided: str | None = None) -> NextSeason:
    """Season N+1 from season N.

    ``newcomers`` want to join through qualification (a returning player who skipped a season
    is one: rule W7-35, only into Warriors); ``survivors`` are the winners of the survival
    battles (W7-14) when they were needed. The players out of the next season (barred: rules
    W7-19, W7-20; dropped out: W7-35) leave places that everyone below takes by moving up the
    overall ranking across leagues (W7-35: «сдвиг по общему ранжированию сквозь все лиги»,
    ties by W7-26 (1)-(4), the die rolled again until it decides); when Gods and Priests cannot
    be filled otherwise, the defenders are pulled up too (by the same ranking) instead of
    playing the survival battles. Refused, naming the rule, when the leagues would not have
    exactly 7 each (W7-15) or only a newcomer could fill Gods or Priests (W7-35).

    The Warriors A/B split (W7-13) takes the Warriors players by the previous season's
    results («согласно результатам предыдущего сезона»: league, place, the play-off's order,
    then the W7-26 chain), the newcomers after them by their site ``ratings`` (ties by
    nickname, as W7-5) unless the organiser gives ``newcomer_order``. ``history`` holds the
    overruns a returning player had in the tournament before (W7-19: «в течение турнира»).
    A ``preview`` says who must play the survival battles and the play-offs for how many
    places, before their results. ``out_of_tournament`` names the players an unfinished
    survival battle barred from the tournament (rule W7-23, any season of the year so far):
    the outcome says so, and none of them comes back as a newcomer or a survivor.

    ``dice``: the organiser's die for the ties nothing else breaks (rules W7-26 (4), W7-30
    (3); by default podium rolls, as a pure question); the ties it leaves are ``dice_due``.
    ``decided``: the organiser decides the play-offs not played by rule W7-30, with this
    reason; otherwise they are ``unplayed`` (rule W7-6)."""
    dice = dice if dice is not None else Dice(facts.seed, podium=True)
    by = facts.by_name()
    lines: list[Line] = []
    for p in facts.players:
        if p.barred:
            lines.append(Line(p.name, N_("%(name)s: barred from the next season (rules W7-19, "
                                         "W7-20)")))
        elif p.leaving:
            lines.append(Line(p.name, N_("%(name)s: drops out; the players below move up "
                                         "(rule W7-35)")))
    for name in out_of_tournament:
        lines.append(Line(name, N_("%(name)s: barred from the tournament by an unfinished "
                                   "survival battle (rule W7-23)")))
    barred_w7_23 = set(out_of_tournament)
    for field_, names in (("newcomer", newcomers), ("survivor", survivors)):
        for name in names:
            if name in barred_w7_23:  # rule W7-23: «отстраняется от турнира»
                raise Conflict(N_("%(name)s is barred from the tournament by an unfinished "
                                  "survival battle (rule W7-23)"),
                               code=codes.YEAR_BARRED, field=field_, name=name)
    for name in newcomers:
        if name in by and (by[name].barred):
            raise Conflict("%(name)s is barred from the next season (rules W7-19, W7-20)",
                           code=codes.YEAR_BARRED, field="newcomer", name=name)
        if name in by and not by[name].leaving:
            raise InvalidInput("%(name)s plays this season: not a newcomer", field="newcomer",
                               code=codes.YEAR_NEWCOMER, name=name)
    playoff_groups: dict[int, list[str]] = {}
    ranks: dict[str, int] = {}
    rolls: list[DieRoll] = []
    if facts.starting:
        count = len({p.league for p in facts.players})
        tiers, tier_lines, playoff_groups, ranks, rolls = starting_tiers(facts, count, playoffs,
                                                                         dice, decided)
    else:
        tiers, tier_lines = regular_tiers(facts, newcomers=bool(newcomers))
    lines.extend(tier_lines)
    split_rank = ranks if facts.playoff_ranks_split else {}
    continuing = [p for p in facts.players if p.name in tiers]
    overall, rolled = ranked(continuing, lambda p: (p.level, p.place, split_rank.get(p.name, 0),
                                                  chain_key(p)),
                           dice, "W7-35", "W7-26 (4)")
    rolls.extend(rolled)
    position = {p.name: i for i, p in enumerate(overall)}
    staying = sorted((p for p in continuing if tiers[p.name] < SURVIVAL),
                     key=lambda p: (tiers[p.name], position[p.name]))
    defenders = [p.name for p in overall if tiers[p.name] == SURVIVAL]
    short = 2 * LEAGUE_SIZE - len(staying)  # rule W7-35: Gods and Priests from the ranking
    if short > 0:
        if short > len(defenders):
            raise Conflict("%(count)s players of this season can play in Gods and Priests next "
                           "season, %(size)s places: a newcomer comes in only into Warriors "
                           "(rules W7-15, W7-35)", code=codes.YEAR_CONSERVATION,
                           field="leaving", count=len(staying) + len(defenders),
                           size=2 * LEAGUE_SIZE)
        pulled, defenders = defenders[:short], defenders[short:]
        staying.extend(by[n] for n in pulled)
    else:
        pulled = []
    leagues_of: dict[str, int] = {}
    for index, q in enumerate(staying):
        tier = min(index // LEAGUE_SIZE, WARRIORS)
        leagues_of[q.name] = tier
        if q.name in pulled:
            lines.append(Line(q.name, N_("%(name)s: places freed above: up to %(to)s through "
                                         "the overall ranking, no survival battle (rule "
                                         "W7-35)"), {"to": TIER_NAMES[tier]}))
        elif tier < tiers[q.name]:
            lines.append(Line(q.name, N_("%(name)s: a place freed above: up to %(to)s through "
                                         "the overall ranking (rule W7-35)"),
                              {"to": TIER_NAMES[tier]}))
    free = NEXT_SEASON_SIZE - len(staying)
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
    known = sorted([p.name for p in staying if leagues_of[p.name] == WARRIORS]
                   + [n for n in chosen if n in position], key=lambda n: position[n])
    fresh = newcomer_strength([n for n in chosen if n not in position], ratings,
                              newcomer_order)
    warriors_strength = known + fresh
    a, b = balance(warriors_strength, {n: premium.get(n, by[n].premium if n in by else False)
                                       for n in warriors_strength})
    for swap in swaps:
        a, b = apply_swap(a, b, swap)
        lines.append(Line(swap.first, N_("%(name)s: changes Warriors league with %(other)s by "
                                         "the organiser: %(reason)s (rule W7-13)"),
                          {"other": swap.second, "reason": swap.reason}))
    strength = {n: i for i, n in enumerate(warriors_strength, start=1)}
    for name in a:
        lines.append(Line(name, N_("%(name)s: Warriors A by the balance snake, strength "
                                   "%(rank)s of %(count)s (rule W7-13)"),
                          {"rank": strength[name], "count": len(strength)}))
    for name in b:
        lines.append(Line(name, N_("%(name)s: Warriors B by the balance snake, strength "
                                   "%(rank)s of %(count)s (rule W7-13)"),
                          {"rank": strength[name], "count": len(strength)}))
    lines.extend(roll_lines(rolls))
    lines.extend(dice_lines(dice.missing))
    unplayed = [] if decided is not None else sorted(
        place for place in playoff_groups if not playoffs.get(place))
    leagues = [("gods", "Gods", 0, gods), ("priests", "Priests", 1, priests),
               ("warriors-a", "Warriors A", 2, a), ("warriors-b", "Warriors B", 2, b)]
    if not preview:
        check_conservation(leagues)
    profiles = {}
    for _key, _name, _level, names in leagues:
        for n in names:
            was = by.get(n)
            profiles[n] = {"level": None if was is None else was.level,
                           "place": None if was is None else was.place,
                           # rule W7-19: the overruns over the whole tournament
                           "overruns": history.get(n, 0) if was is None else was.overruns,
                           "premium": premium.get(n, was.premium if was else False)}
    return NextSeason(leagues, lines, profiles, candidates if len(candidates) > free else [],
                      free, playoff_groups, rolls, unplayed, list(dice.missing))


def newcomer_strength(names: Sequence[str], ratings: Mapping[str, int],
                      order: Sequence[str] | None) -> list[str]:
    """Rules W7-13, W7-14: newcomers have no results, so their strength is the site's rating
    (higher first, ties by nickname as W7-5), unless the organiser gives their ``order``
    (the ones it leaves out follow by rating)."""
    by_rating = sorted(names, key=lambda n: (-ratings.get(n, 0), n.casefold(), n))
    if not order:
        return by_rating
    given = [n for n in order if n in names]
    return given + [n for n in by_rating if n not in given]


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
