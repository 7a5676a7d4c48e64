"""Settings of the 7 Wonders season (regulation W7): every number of the regulation is a setting
whose default is the regulation's value; where the regulation is silent (**[open]** in
``regulations.md``) the default is the digest's proposal.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from fractions import Fraction
from typing import Any
from zoneinfo import ZoneInfo

from podium.core.errors import InvalidInput
from podium.core.views import N_
from podium.formats import settings as fs
from podium.formats.seven_wonders import codes

# Where the regulation is ambiguous, a setting whose default is the literal reading.
SHIFT, MATCH = "shift", "match"  # a leaving Fortune or Will winner's seat (W7-11, W7-12, W7-35)
AFTER_DROPOUTS, AS_FULL = "after-dropouts", "as-full"  # starting play-offs (W7-6, W7-35)

REGULAR = "regular"
STARTING = "starting"
SEASONS = (REGULAR, STARTING)
LEAGUE_SIZE = 7  # rules W7-2, W7-15: a league has 7 players
MAX_POINTS = 10_000

# Rule W7-17 [open]: place p gives (8 - p) x m, m = 3 (Gods), 2 (Priests), 1 (Warriors).
DEFAULT_PLACE_POINTS = "21,18,15,12,9,6,3/14,12,10,8,6,4,2/7,6,5,4,3,2,1"
# Rule W7-17 [open]: m = 2 in every league of a starting season.
DEFAULT_STARTING_POINTS = "14,12,10,8,6,4,2"
DEFAULT_SITE_SETTINGS = N_(
    "7 Wonders, base game; the table settings of the regulation's screenshot (game speed and "
    "active time may be changed slightly by agreement with the other players and the "
    "organiser)"
)


def _row(key: str, text: str, length: int | None) -> tuple[int, ...]:
    try:
        numbers = tuple(int(part.strip()) for part in text.split(",") if part.strip())
    except ValueError:
        raise InvalidInput("setting %(key)s: %(value)r must be whole numbers separated by "
                           "commas", code=codes.SETTING_TYPE, field=key, key=key,
                           value=text[:60]) from None
    if length is not None and len(numbers) != length:
        raise InvalidInput("setting %(key)s: give %(count)s numbers, one a place",
                           code=codes.SETTING_LENGTH, field=key, key=key, count=length)
    if not numbers or any(n < 0 or n > MAX_POINTS for n in numbers):
        raise InvalidInput("setting %(key)s: the points must be between 0 and %(limit)s",
                           code=codes.SETTING_RANGE, field=key, key=key, limit=MAX_POINTS)
    return numbers


def _text(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "/".join(",".join(map(str, row)) if isinstance(row, list | tuple) else str(row)
                        for row in value)
    return str(value)


def place_table(key: str, value: Any) -> tuple[tuple[int, ...], ...]:
    """Rule W7-17: one row of 7 place points a league level (0 = the top league), rows
    separated by ``/``; a level beyond the last row uses the last row."""
    text = _text(value)
    rows = tuple(_row(key, part, LEAGUE_SIZE) for part in text.split("/") if part.strip())
    if not rows or len(rows) > 20:
        raise InvalidInput("setting %(key)s: give 1 to 20 rows of 7 points, separated by /",
                           code=codes.SETTING_LENGTH, field=key, key=key)
    return rows


def place_row(key: str, value: Any) -> tuple[int, ...]:
    return _row(key, _text(value), LEAGUE_SIZE)


def titans_row(key: str, value: Any) -> tuple[int, ...]:
    """Rule W7-18: the points of places 1, 2, 3... of the Battle of Titans (places beyond the
    list get 0)."""
    numbers = _row(key, _text(value), None)
    if len(numbers) > LEAGUE_SIZE:
        raise InvalidInput("setting %(key)s: at most %(count)s numbers", code=codes.SETTING_LENGTH,
                           field=key, key=key, count=LEAGUE_SIZE)
    return numbers


def hours(key: str, value: Any) -> str:
    """An interval of the day like ``9:00-21:00``."""
    text = str(value).strip()
    first, sep, last = text.partition("-")
    try:
        a = [int(x) for x in first.split(":")]
        b = [int(x) for x in last.split(":")]
        ok = (sep and len(a) == 2 and len(b) == 2 and 0 <= a[0] < 24 and 0 <= b[0] <= 24
              and 0 <= a[1] < 60 and 0 <= b[1] < 60 and (a[0], a[1]) < (b[0], b[1]))
    except ValueError:
        ok = False
    if not ok:
        raise InvalidInput("setting %(key)s: %(value)r is not an interval like 9:00-21:00",
                           code=codes.SETTING_TYPE, field=key, key=key, value=text[:40])
    return text


def start_date(key: str, value: Any) -> str:
    """A date like ``2025-03-01`` (the season's first day), or empty."""
    out = str(value).strip()
    if out:
        try:
            date.fromisoformat(out)
        except ValueError:
            raise InvalidInput("setting %(key)s: %(value)r is not a date like 2025-03-01",
                               code=codes.SETTING_TYPE, field=key, key=key,
                               value=out[:20]) from None
    return out


def text(limit: int) -> Any:
    def parse(key: str, value: Any) -> str:
        out = " ".join(str(value).split())
        if len(out) > limit:
            raise InvalidInput("setting %(key)s: at most %(limit)s characters",
                               code=codes.SETTING_LENGTH, field=key, key=key, limit=limit)
        return out

    return parse


FIELDS = (
    fs.Field("season", REGULAR, fs.choice(SEASONS),
             "regular (Gods, Priests, two Warriors leagues) or starting (equal leagues, the "
             "league winners play the Battle of Titans)", "W7-1"),
    fs.Field("place_points", DEFAULT_PLACE_POINTS, place_table,
             "place points of a regular season: 7 numbers a league level (top league first), "
             "levels separated by /", "W7-17"),
    fs.Field("starting_place_points", DEFAULT_STARTING_POINTS, place_row,
             "place points of every league of a starting season (7 numbers)", "W7-17"),
    fs.Field("titans_points", "35,21,14", titans_row,
             "points of places 1, 2, 3 of the Battle of Titans", "W7-18"),
    fs.Field("overrun_penalty", 5, fs.integer(0, 1000),
             "season points taken for each time-limit overrun", "W7-19"),
    fs.Field("overruns_bar", 3, fs.integer(1, 100),
             "overruns in the year that bar a player from the next season", "W7-19"),
    fs.Field("overruns_bar_again", False, fs.boolean,
             "a 4th or later overrun in the tournament bars from the next season again (no: "
             "only the third bars)", "W7-19"),
    fs.Field("lifted_overrun_point", False, fs.boolean,
             "a lifted overrun gives back the unfinished game's point (no: the point stays "
             "withheld from the players over the time limit)", "W7-24"),
    fs.Field("leaving_winner_seat", SHIFT, fs.choice((SHIFT, MATCH)),
             "the seat a leaving Fortune or Will winner earned: shift (filled by the overall "
             "ranking) or match (passed down that match's order)", "W7-35"),
    fs.Field("starting_playoffs", AFTER_DROPOUTS, fs.choice((AFTER_DROPOUTS, AS_FULL)),
             "the starting season's play-offs when players leave: after-dropouts (the places "
             "as they fall once the leavers are out) or as-full (as if nobody left)", "W7-6"),
    fs.Field("playoff_ranks_split", True, fs.boolean,
             "a play-off's order ranks its players for the Warriors split (no: the W7-26 "
             "chain)", "W7-13"),
    fs.Field("unfinished_points", 1, fs.integer(0, 100),
             "points to each player of an unfinished game but the kicker and those over time",
             "W7-21"),
    fs.Field("confirmations", None, fs.optional_integer(1, 6),
             "other players of a game who must confirm a self-report (auto: all of them)",
             "W7-36"),
    fs.Field("start", "", start_date,
             "the season's first day (YYYY-MM-DD): the first games are due from it", "W7-36"),
    fs.Field("days_small", 5, fs.integer(1, 60),
             "days for a turn-based game of 3 to 5 players", "W7-36"),
    fs.Field("days_large", 7, fs.integer(1, 60),
             "days for a turn-based game of 6 or 7 players", "W7-36"),
    fs.Field("active_hours", "9:00-21:00", hours,
             "active time of a turn-based game the organiser creates", "W7-36"),
    fs.Field("site_settings", DEFAULT_SITE_SETTINGS, text(500),
             "the table settings a premium player copies when creating a game", "W7-36"),
    fs.Field("time_zone", "UTC", fs.time_zone, fs.TIME_ZONE_HELP),
    fs.RATING_WEIGHT,
    fs.ODDS_SHOWN,
    fs.ODDS_MODEL,
)


@dataclass(frozen=True)
class SevenWondersSettings:
    season: str
    place_points: tuple[tuple[int, ...], ...]
    starting_place_points: tuple[int, ...]
    titans_points: tuple[int, ...]
    overrun_penalty: int
    overruns_bar: int
    overruns_bar_again: bool
    lifted_overrun_point: bool
    leaving_winner_seat: str
    starting_playoffs: str
    playoff_ranks_split: bool
    unfinished_points: int
    confirmations: int | None
    start: str
    days_small: int
    days_large: int
    active_hours: str
    site_settings: str
    time_zone: str = "UTC"  # of the deadlines and times on the season's pages
    rating_weight: Fraction = Fraction(1)  # in ratings across events
    odds_shown: bool = False  # the chances on the public pages
    odds_model: str = "uniform"  # how the chances suppose a game ends

    @property
    def starting(self) -> bool:
        return self.season == STARTING

    def place_points_for(self, level: int) -> tuple[int, ...]:
        """Rule W7-17: the place points of a league of ``level`` (0 = the top league)."""
        if self.starting:
            return self.starting_place_points
        return self.place_points[min(max(level, 0), len(self.place_points) - 1)]

    @property
    def start_at(self) -> datetime | None:
        """The season's first day at 00:00 in the season's time zone (None when not set): a
        date-only start is a day where the players live, not UTC midnight (rule W7-36's
        deadlines count from it)."""
        if not self.start:
            return None
        day = date.fromisoformat(self.start)
        local = datetime(day.year, day.month, day.day, tzinfo=ZoneInfo(self.time_zone or "UTC"))
        return local.astimezone(UTC)

    def days_for(self, size: int) -> int:
        """Rule W7-36: 5 days for 3 to 5 players, 7 for 6 or 7."""
        return self.days_large if size >= 6 else self.days_small


def to_json(settings: SevenWondersSettings) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in FIELDS:
        value = getattr(settings, f.key)
        if f.key == "place_points":
            value = "/".join(",".join(map(str, row)) for row in value)
        elif f.key in ("starting_place_points", "titans_points"):
            value = ",".join(map(str, value))
        out[f.key] = fs.to_json(value) if isinstance(value, Fraction) else value
    return out
