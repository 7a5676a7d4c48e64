"""Settings of the online mahjong marathon: every number of regulation MJ is a setting whose
default is the 2015 regulation's value."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from fractions import Fraction
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from podium.core.errors import InvalidInput
from podium.core.inputs import YEARS
from podium.core.views import N_
from podium.formats import settings as fs
from podium.formats.mahjong_marathon import codes
from podium.formats.mahjong_marathon.scoring import RankRules

# Rule MJ-1: five two-month stages, 1 Feb - 30 Nov 2015 (inclusive dates, stage time zone).
DEFAULT_STAGES = (
    "2015-02-01..2015-03-31,2015-04-01..2015-05-31,2015-06-01..2015-07-31,"
    "2015-08-01..2015-09-30,2015-10-01..2015-11-30"
)
MJ6A_AMOUNTS = (5, 10, 20, 60)  # rule MJ-6a, GP in one game
MJ6B_AMOUNTS = (50, 100, 200, 600)  # rule MJ-6b, GP from the total
MJ6C_AMOUNTS = (1, 2, 4)  # rule MJ-6c, TP from the stage
#: Imported games scored in tenths (``+3.7``): skipped and counted (rule MJ-3: the regulation's
#: server scores whole points, the default), or accepted as exact tenths (beyond the regulation).
FRACTIONAL = ("skip", "accept")


def zone(key: str, value: Any) -> str:
    text = str(value).strip()
    try:
        ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError):
        raise InvalidInput(N_("setting %(key)s: %(text)r is not a time zone name"),
                           code=codes.SETTING_ZONE, field=key, key=key, text=text) from None
    return text


def pattern(key: str, value: Any) -> str:
    text = str(value).strip()
    try:
        re.compile(text)
    except re.error as error:
        raise InvalidInput(N_("setting %(key)s: %(text)r is not a valid pattern (%(error)s)"),
                           code=codes.SETTING_PATTERN, field=key, key=key, text=text,
                           error=str(error)) from None
    if not text:
        raise InvalidInput(N_("setting %(key)s: the table-name pattern is empty"),
                           code=codes.SETTING_PATTERN, field=key, key=key)
    return text


def names(key: str, value: Any) -> tuple[str, ...]:
    """Names separated by commas (a list in JSON); empty means none."""
    items = value.split(",") if isinstance(value, str) else list(value or ())
    out = tuple(" ".join(str(item).split()) for item in items)
    out = tuple(name for name in out if name)
    if any(len(name) > 64 for name in out):
        raise InvalidInput(N_("setting %(key)s: a name is longer than 64 characters"),
                           code=codes.SETTING_NAMES, field=key, key=key)
    return out


def calendar(key: str, value: Any) -> str:
    """Stages as ``YYYY-MM-DD..YYYY-MM-DD`` ranges (inclusive), comma-separated, in order."""
    text = ",".join(value) if isinstance(value, list | tuple) else str(value)
    parse_calendar(key, text)
    return ",".join(part.strip() for part in text.split(",") if part.strip())


def parse_calendar(key: str, text: str) -> list[tuple[date, date]]:
    stages: list[tuple[date, date]] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        first, sep, last = part.partition("..")
        try:
            a: date | None = date.fromisoformat(first.strip())
            b: date | None = date.fromisoformat(last.strip())
        except ValueError:
            a = b = None
        if not sep or a is None or b is None:
            raise InvalidInput(N_("setting %(key)s: %(part)r is not a range like "
                                  "2015-02-01..2015-03-31"), code=codes.SETTING_CALENDAR,
                               field=key, key=key, part=part)
        if not (YEARS[0] <= a.year <= YEARS[1] and YEARS[0] <= b.year <= YEARS[1]):
            raise InvalidInput(N_("setting %(key)s: stage %(part)r: years from %(first)s to "
                                  "%(last)s"), code=codes.SETTING_CALENDAR, field=key, key=key,
                               part=part, first=YEARS[0], last=YEARS[1])
        if b < a:
            raise InvalidInput(N_("setting %(key)s: stage %(part)r ends before it starts"),
                               code=codes.SETTING_CALENDAR, field=key, key=key, part=part)
        if stages and a <= stages[-1][1]:
            raise InvalidInput(N_("setting %(key)s: stage %(part)r overlaps or precedes the one "
                                  "before"), code=codes.SETTING_CALENDAR, field=key, key=key,
                               part=part)
        stages.append((a, b))
    if not stages:
        raise InvalidInput(N_("setting %(key)s: at least one stage is needed"),
                           code=codes.SETTING_CALENDAR, field=key, key=key)
    return stages


def place_points(key: str, value: Any) -> tuple[int, ...]:
    items = value.split(",") if isinstance(value, str) else list(value)
    try:
        numbers = tuple(int(str(item).strip()) for item in items)
    except ValueError:
        raise InvalidInput(N_("setting %(key)s: %(value)r must be 4 whole numbers"),
                           code=codes.SETTING_PLACE_POINTS, field=key, key=key,
                           value=value) from None
    if len(numbers) != 4 or any(n < 0 for n in numbers) or list(numbers) != sorted(numbers,
                                                                                    reverse=True):
        raise InvalidInput(N_("setting %(key)s: give 4 non-negative, non-increasing whole "
                              "numbers"), code=codes.SETTING_PLACE_POINTS, field=key, key=key)
    return numbers


FIELDS = (
    fs.Field("stages", DEFAULT_STAGES, calendar,
             "stage calendar: inclusive date ranges in the stage time zone", "MJ-1"),
    fs.Field("server_timezone", "America/Los_Angeles", zone,
             "time zone of the game server's clock (San Diego)", "MJ-2"),
    fs.Field("stage_timezone", "Europe/Moscow", zone,
             "time zone whose calendar date decides a game's stage", "MJ-2"),
    fs.Field("window_timezone", "America/Los_Angeles", zone,
             "time zone of the marathon's first and last day (the seed's 2.1: San Diego)",
             "MJ-1"),
    fs.Field("table_pattern", r"RU-Marathon-\d+", pattern,
             "regular expression a table name must match in full to count", "MJ-3"),
    fs.Field("place_points", (4, 2, 1, 0), place_points, "TP for places 1-4", "MJ-4"),
    fs.Field("series_length", 10, fs.integer(1, 100), "games in the best series", "MJ-7a"),
    fs.Field("min_games", 4, fs.integer(1), "games needed for a stage NR", "MJ-8"),
    fs.Field("custom_penalties", False, fs.boolean,
             "allow penalty amounts other than the regulation's", "MJ-6"),
    fs.Field("tp_penalty_in_series", False, fs.boolean,
             "a 6c TP penalty lowers the best series too, not only the stage average", "MJ-6c"),
    fs.Field("gp_penalty_in_series", False, fs.boolean,
             "a 6b GP penalty lowers the best series' GP (a tiebreak) too", "MJ-6b"),
    fs.Field("nr_rounding", "half-up", fs.choice(("half-up", "down")),
             "rounding of the normalised rating", "MJ-8"),
    fs.Field("nr_places", "qualified", fs.choice(("qualified", "all")),
             "P in NR: the place among players with enough games, or among all", "MJ-8"),
    fs.Field("case_sensitive_names", True, fs.boolean,
             "nicknames differing only in case are different players (as on the server)",
             "MJ-3"),
    fs.Field("guest_names", ("NoName",), names,
             "names the server gives anonymous guests (a different person each time): their "
             "games count for the other players; they never appear in the tables", "MJ-3"),
    # rule MJ-3: the regulation's server scores whole game points; a lobby log may give tenths
    fs.Field("fractional_points", "skip", fs.choice(FRACTIONAL),
             "imported games whose game points have decimals (+3.7): skip and count them (the "
             "regulation's whole points), or accept them as exact tenths (beyond the "
             "regulation)", "MJ-3"),
    fs.RATING_WEIGHT,
    fs.ODDS_SHOWN,
    fs.ODDS_MODEL,
)


@dataclass(frozen=True)
class MarathonSettings:
    stages: str
    server_timezone: str
    stage_timezone: str
    window_timezone: str
    table_pattern: str
    place_points: tuple[int, ...]
    series_length: int
    min_games: int
    custom_penalties: bool
    tp_penalty_in_series: bool
    gp_penalty_in_series: bool
    nr_rounding: str
    nr_places: str
    case_sensitive_names: bool = True
    guest_names: tuple[str, ...] = ("NoName",)
    fractional_points: str = "skip"
    rating_weight: Fraction = Fraction(1)  # in ratings across events
    odds_shown: bool = False  # the chances on the public pages
    odds_model: str = "uniform"  # how the chances suppose a game ends

    @property
    def accepts_tenths(self) -> bool:
        """Whether an import stores games scored in tenths of a point (beyond rule MJ-3)."""
        return self.fractional_points == "accept"

    @property
    def rank_rules(self) -> RankRules:
        cached = self.__dict__.get("_rules")
        if cached is None:
            cached = RankRules(self.series_length, self.min_games, self.nr_rounding,
                               self.nr_places, self.tp_penalty_in_series,
                               self.gp_penalty_in_series)
            object.__setattr__(self, "_rules", cached)
        return cached

    @property
    def calendar(self) -> list[tuple[date, date]]:
        return parse_calendar("stages", self.stages)

    @property
    def stage_bounds(self) -> list[tuple[int, int]]:
        """Rule MJ-2: each stage as [start, end) in UTC epoch seconds, from midnight to
        midnight in the stage time zone (Moscow by default); and rule MJ-1 as the seed's 2.1
        writes it: the marathon itself starts and ends at midnight in the window zone (San
        Diego), so the first stage starts no earlier, and the last ends no later, than that.
        By default this drops the games of 1 February before midnight in San Diego (the 11
        hours after midnight in Moscow); at the end nothing moves, Moscow's 30 November ending
        first."""
        cached = self.__dict__.get("_bounds")
        if cached is None:
            tz = ZoneInfo(self.stage_timezone)
            window = ZoneInfo(self.window_timezone)
            calendar = self.calendar
            opens = int(datetime.combine(calendar[0][0], time(0), tzinfo=window).timestamp())
            closes = int(datetime.combine(calendar[-1][1] + timedelta(days=1), time(0),
                                          tzinfo=window).timestamp())
            cached = []
            for a, b in calendar:
                lo = int(datetime.combine(a, time(0), tzinfo=tz).timestamp())
                hi = int(datetime.combine(b + timedelta(days=1), time(0), tzinfo=tz).timestamp())
                cached.append((max(lo, opens), min(hi, closes)))
            object.__setattr__(self, "_bounds", cached)
        return cached

    def table_regex(self) -> re.Pattern[str]:
        return re.compile(self.table_pattern)
