"""What a 7 Wonders season rewards, and which of it a finished season gives each player.

The goals of a regular season (rules W7-8 .. W7-12) and of a starting one (W7-6), per
league: winning the league, a place in the Battle of Titans, promotion, a place in the
Fortune match and in the Will match, relegation, and (Warriors) having to defend one's place
in the survival battles. :meth:`Reader.reached` reads them off one complete outcome (every
league's places, the Fortune and Will matches' orders) through the format's own functions:
who plays each match is :func:`.rules.special_lineup` (as the season's pages say), and where
each player goes next season is the year's :func:`.year.regular_tiers` (as ``sw
next-season`` decides it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from podium.core.model import PlayerId
from podium.core.projection import Goal
from podium.core.views import N_
from podium.formats.seven_wonders.odds_now import Order, SeasonNow
from podium.formats.seven_wonders.rules import special_lineup
from podium.formats.seven_wonders.season import FORTUNE, TITANS, WILL
from podium.formats.seven_wonders.settings import LEAGUE_SIZE
from podium.formats.seven_wonders.year import (
    SURVIVAL,
    PlayerSeason,
    SeasonFacts,
    defenders_count,
    regular_tiers,
)

LEAGUE_GOAL = Goal("league", N_("Winning the league"), "W7-2")
TITANS_GOAL = Goal("titans", N_("Battle of Titans"), "W7-8")
PROMOTION_GOAL = Goal("promotion", N_("Promotion"), "W7-9")
FORTUNE_GOAL = Goal("fortune", N_("Fortune match"), "W7-11")
WILL_GOAL = Goal("will", N_("Will match"), "W7-12")
RELEGATION_GOAL = Goal("relegation", N_("Relegation"), "W7-8")
SURVIVAL_GOAL = Goal("survival", N_("Survival battles"), "W7-10")
GOALS = (LEAGUE_GOAL, TITANS_GOAL, PROMOTION_GOAL, FORTUNE_GOAL, WILL_GOAL, RELEGATION_GOAL,
         SURVIVAL_GOAL)
STARTING_TITANS = Goal("titans", N_("Battle of Titans"), "W7-6")
STARTING_SURVIVAL = Goal("survival", N_("Survival battles"), "W7-6")


def goals_for(level: int, starting: bool) -> tuple[Goal, ...]:
    """The goals a league of ``level`` has: Gods (0) go no higher, Warriors (2) no lower
    (their 5th-7th defend their place instead, W7-10); a starting season's league winners
    play the Titans and its last 2 (3 with 5 leagues) defend (W7-6)."""
    if starting:
        return (LEAGUE_GOAL, STARTING_TITANS, STARTING_SURVIVAL)
    if level == 0:
        return (LEAGUE_GOAL, TITANS_GOAL, FORTUNE_GOAL, RELEGATION_GOAL)
    if level == 1:
        return (LEAGUE_GOAL, TITANS_GOAL, PROMOTION_GOAL, FORTUNE_GOAL, WILL_GOAL,
                RELEGATION_GOAL)
    return (LEAGUE_GOAL, TITANS_GOAL, PROMOTION_GOAL, FORTUNE_GOAL, WILL_GOAL, SURVIVAL_GOAL)


def season_goals(now: SeasonNow) -> tuple[Goal, ...]:
    """Every goal some league of the season has, in :data:`GOALS` order."""
    keys = {g.key for league in now.leagues for g in goals_for(league.level, now.starting)}
    if now.starting:
        return tuple(g for g in goals_for(0, True) if g.key in keys)
    return tuple(g for g in GOALS if g.key in keys)


def slot_count(now: SeasonNow, match: str) -> int:
    """How many players a special match has when nobody in it is out of the season."""
    levels = [league.level for league in now.leagues]
    if now.starting:
        return 0
    if match == FORTUNE:
        return sum(1 for lv in levels if lv <= 2)
    return sum(1 for lv in levels if lv in (1, 2))


Slots = dict[tuple[int, int], list[PlayerId]]


class Reader:
    """Reads the goals of a season's complete outcomes; built once per projection (each
    player's record for the year's decision is reused, only its place changes)."""

    def __init__(self, now: SeasonNow) -> None:
        self.now = now
        self.members = [(pid, league.level, league.key) for league in now.leagues
                        for pid in league.members]
        self.records = {pid: PlayerSeason(now.names[pid], key, level, LEAGUE_SIZE,
                                          barred=pid in now.barred, leaving=pid in now.leaving)
                        for pid, level, key in self.members}
        self.facts = SeasonFacts(False, list(self.records.values()), {},
                                 winner_seat=now.winner_seat)

    def slots(self, places: Mapping[PlayerId, int]) -> Slots:
        """Who is at each (league level, place)."""
        out: Slots = {}
        for pid, level, _key in self.members:
            place = places.get(pid)
            if place is not None:
                out.setdefault((level, place), []).append(pid)
        return out

    def lineups(self, slots: Slots) -> tuple[Order, Order]:
        """The Fortune and Will matches' players on these places (rules W7-11, W7-12)."""
        now = self.now

        def at(level: int, place: int) -> list[PlayerId]:
            return list(slots.get((level, place), ()))

        return (tuple(special_lineup(FORTUNE, now.starting, at, None, now.no_specials)),
                tuple(special_lineup(WILL, now.starting, at, None, now.no_specials)))

    def reached(self, places: Mapping[PlayerId, int], slots: Slots,
                fortune: Sequence[PlayerId], will: Sequence[PlayerId]
                ) -> dict[PlayerId, frozenset[str]]:
        """The goals each league player reaches in one complete outcome: ``places`` every
        league player's, ``fortune`` and ``will`` the matches' orders (empty: not played)."""
        now = self.now

        def at(level: int, place: int) -> list[PlayerId]:
            return list(slots.get((level, place), ()))

        winner = fortune[0] if fortune else None
        titans = set(special_lineup(TITANS, now.starting, at, winner, now.no_specials))
        out: dict[PlayerId, frozenset[str]] = {}
        if now.starting:
            last = LEAGUE_SIZE - defenders_count(len(now.leagues))
            gone = now.barred | now.leaving
            for pid, _level, _key in self.members:
                got = set()
                if places.get(pid) == 1:
                    got.add(LEAGUE_GOAL.key)
                if pid in titans:
                    got.add(TITANS_GOAL.key)
                if places.get(pid, 0) > last and pid not in gone:
                    got.add(SURVIVAL_GOAL.key)
                out[pid] = frozenset(got)
            return out
        names = now.names
        for pid, record in self.records.items():
            record.place = places.get(pid, LEAGUE_SIZE)
        self.facts.fortune = [names[p] for p in fortune]
        self.facts.will = [names[p] for p in will]
        tiers, _lines = regular_tiers(self.facts, True)
        in_fortune = set(fortune) if len(fortune) >= 2 else set()
        in_will = set(will) if len(will) >= 2 else set()
        for pid, level, _key in self.members:
            got = set()
            tier = tiers.get(names[pid])
            if places.get(pid) == 1:
                got.add(LEAGUE_GOAL.key)
            if pid in titans:
                got.add(TITANS_GOAL.key)
            if pid in in_fortune:
                got.add(FORTUNE_GOAL.key)
            if pid in in_will and level >= 1:
                got.add(WILL_GOAL.key)
            if tier is not None and level >= 1 and tier < level:
                got.add(PROMOTION_GOAL.key)
            if tier is not None and level <= 1 and tier > level:
                got.add(RELEGATION_GOAL.key)
            if tier == SURVIVAL and level >= 2:
                got.add(SURVIVAL_GOAL.key)
            out[pid] = frozenset(got)
        return out
