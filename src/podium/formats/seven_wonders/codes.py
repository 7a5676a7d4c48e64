"""The 7 Wonders refusal codes (regulation W7): every refusal of the format names its problem
with one of these, never its bare category (:mod:`podium.core.codes` has the kernel's).

A code is ``sw.<area>[.<problem>]``; the API answers it as ``code``, a test asserts it, and
the ruleset lists every one (:attr:`podium.formats.seven_wonders.rules.SevenWonders.codes`,
from :func:`catalogue`). The season's codes come first; the year's (the next season, survival
battles, the Legendary League) follow in their own section at the end of the module.
"""

from __future__ import annotations

# == the season (rules W7-2 .. W7-28, W7-36) ======================================================
# -- the event and its players --------------------------------------------------------------------
#: An organiser decision (lifting a penalty, rule W7-24) without its reason.
REASON = "sw.reason"
#: A player id in a stored action that the event does not have.
PLAYER_UNKNOWN = "sw.player.unknown"
#: A season has no rounds: its tables are per league.
NO_ROUNDS = "sw.rounds"
#: The demo's number of players is not a multiple of 7 (rule W7-2).
DEMO_PLAYERS = "sw.players"

# -- leagues (rules W7-2, W7-5, W7-7, W7-15) ------------------------------------------------------
#: No such league (by key or name).
LEAGUE = "sw.league"
#: A league of other than 7 players (rules W7-2, W7-15).
LEAGUE_SIZE = "sw.league_size"
#: The leagues are set before their first game.
LEAGUES_STARTED = "sw.leagues.started"
#: Sign-up order needs a multiple of 7 active players (rule W7-15).
LEAGUES_SIGNUP = "sw.leagues.signup"
#: A move between leagues once either league has played, or after the special matches began.
LEAGUES_PLAYED = "sw.leagues.played"
#: The leagues given twice: by name and from a file.
LEAGUES_EXCLUSIVE = "sw.leagues.exclusive"
#: A leagues file that cannot be read (columns name and league).
CSV = "sw.csv"

# -- a player's profile (rules W7-19, W7-26, W7-36) -----------------------------------------------
#: Nothing to record in a profile.
PROFILE_NONE = "sw.profile.none"
#: Last season's league and place changed once the player's league has begun (rule W7-26).
PROFILE_STARTED = "sw.profile.started"
#: A premium account given as both yes and no.
PROFILE_PREMIUM = "sw.profile.premium"

# -- games (rules W7-2, W7-3, W7-19 .. W7-22) -----------------------------------------------------
#: No such game (league/number or a special match).
GAME = "sw.game"
#: A game that is not the one due (rule W7-2).
NOT_DUE = "sw.not_due"
#: A game entered out of the ladder's order (rule W7-2).
ORDER = "sw.order"
#: A player listed twice in a game, a roll or the overruns.
TWICE = "sw.twice"
#: A player named in a game (kick, negative time, overrun, report) who did not play it.
NOT_IN_GAME = "sw.not_in_game"
#: A due player missing from a game (rule W7-2).
MISSING = "sw.missing"
#: A player of another league (rule W7-2).
OTHER_LEAGUE = "sw.league.other"
#: A player already out of the ladder (rule W7-2).
OUT = "sw.out"
#: A player who dropped out of the season.
DROPPED = "sw.dropped"
#: Positions that are not a ranking of the game's players (rule W7-3).
POSITIONS = "sw.positions"
#: The kicker named as the deepest in negative time too (rule W7-22).
DEEPEST = "sw.deepest"
#: An unfinished game by the time limit without the player deepest in negative time (W7-21).
UNFINISHED = "sw.unfinished"
#: The ladders are closed: the special matches have begun.
LADDERS_CLOSED = "sw.ladders.closed"
#: The league's ladder is played.
COMPLETE = "sw.complete"
#: The league's last game waits for a die roll (rule W7-26 (4)).
ROLL_DUE = "sw.roll_due"

# -- penalties, die rolls (rules W7-19, W7-24, W7-26 (4)) -----------------------------------------
#: An overrun already recorded (rule W7-19).
OVERRUN_EXISTS = "sw.overrun.exists"
#: No such penalty to lift (rule W7-24).
PENALTY = "sw.penalty"
#: A penalty already lifted.
LIFTED = "sw.lifted"
#: A die roll where no tie waits for one.
NO_TIE = "sw.no_tie"
#: A die roll by others than the players still tied.
ROLL_PLAYERS = "sw.roll_players"
#: A die roll that leaves players tied: roll again.
ROLL_TIED = "sw.roll_tied"

# -- special matches (rules W7-6, W7-11, W7-12, W7-18) --------------------------------------------
#: A special match while a league still plays its ladder.
LADDERS_OPEN = "sw.ladders_open"
#: A special match already entered.
SPECIAL_EXISTS = "sw.special.exists"
#: A special match this season does not have (rule W7-6).
SPECIAL_NONE = "sw.special.none"
#: The Battle of Titans before the Fortune match (rule W7-11).
FORTUNE_FIRST = "sw.fortune_first"

# -- self-reports (rule W7-36) --------------------------------------------------------------------
#: No such self-report.
REPORT = "sw.report"
#: A self-report that is no longer open.
REPORT_CLOSED = "sw.report.closed"
#: A self-report disputed: the organiser decides.
REPORT_DISPUTED = "sw.report.disputed"
#: A player who confirmed already.
CONFIRMED = "sw.confirmed"

# -- settings -------------------------------------------------------------------------------------
#: A setting's value of the wrong kind (not numbers, not an interval, not a date).
SETTING_TYPE = "sw.setting.type"
#: A setting with too many or too few items, or too long.
SETTING_LENGTH = "sw.setting.length"
#: A setting's points out of range.
SETTING_RANGE = "sw.setting.range"


# -- projections (chances and what a player needs) -----------------------------------------------
#: A results model other than the projections' (``uniform``, ``rating``).
ODDS_MODEL = "sw.odds.model"
#: A projection asked for a player the season does not have.
ODDS_PLAYER = "sw.odds.player"
#: A goal the player's league does not have (Gods have no promotion, Warriors no relegation).
ODDS_GOAL = "sw.odds.goal"


def catalogue() -> tuple[str, ...]:
    """Every code of this module, the season's and the year's (read when called, so codes
    defined anywhere in the module count): what the ruleset lists as its ``codes``."""
    found = [value for name, value in globals().items()
             if name.isupper() and isinstance(value, str) and value.startswith("sw.")]
    return tuple(dict.fromkeys(found))


# == the year (rules W7-1, W7-4 .. W7-15, W7-29 .. W7-35) =========================================
# The year's own section: its seasons (year.py, year_commands.py, year_declared.py), the survival
# battles (survival*.py) and the Legendary League (legendary*.py). YEAR_CODES lists them for the
# ruleset's ``codes``.

# the sign-ups and the starting season (rules W7-4, W7-5)
YEAR_SIGNUP_TWICE = "sw.year.signup_twice"
YEAR_SIGNUP_FEW = "sw.year.signup_few"
YEAR_SIGNUPS_FILE = "sw.year.signups_file"
YEAR_SIGNUPS_TYPED = "sw.year.signups_typed"
YEAR_SIGNUPS_NONE = "sw.year.signups_none"
YEAR_STARTED = "sw.year.started"
# the next season (rules W7-6 .. W7-15, W7-30, W7-35)
YEAR_PLAYOFF = "sw.year.playoff"
YEAR_BARRED = "sw.year.barred"
YEAR_NEWCOMER = "sw.year.newcomer"
YEAR_CONSERVATION = "sw.year.conservation"
YEAR_FREE_PLACES = "sw.year.free_places"
YEAR_SURVIVORS = "sw.year.survivors"
YEAR_SURVIVOR = "sw.year.survivor"
YEAR_SWAP = "sw.year.swap"
YEAR_SWAP_REASON = "sw.year.swap_reason"
YEAR_PLAYOFF_ENTERED = "sw.year.playoff_entered"  # a play-off's game entered already
YEAR_PLAYOFF_DUE = "sw.year.playoff_due"  # play-off matches not played yet (rule W7-6)
YEAR_PLAYOFF_REASON = "sw.year.playoff_reason"  # deciding one unplayed needs a reason
YEAR_DIE_NEEDED = "sw.year.die_needed"  # a step needs the organiser's die (W7-26 (4), W7-30 (3))
YEAR_DIE = "sw.year.die"  # a die roll that does not fit the tie it is for
# the series and its seasons
YEAR_NOT_SERIES = "sw.year.not_series"
YEAR_NOT_SEASON = "sw.year.not_season"
YEAR_SEASON_OPEN = "sw.year.season_open"
YEAR_NOT_MEMBER = "sw.year.not_member"
YEAR_EMPTY = "sw.year.empty"
YEAR_EXISTS = "sw.year.exists"
YEAR_PLAYER = "sw.year.player"
YEAR_PLAYERS = "sw.year.players"
# survival battles (rules W7-14, W7-23, W7-29)
SURVIVAL_NONE = "sw.survival.none"
SURVIVAL_NEGATIVE = "sw.survival.negative"
SURVIVAL_FORMAT = "sw.survival.format"
SURVIVAL_TWICE = "sw.survival.twice"
SURVIVAL_ENTRANT = "sw.survival.entrant"
SURVIVAL_POSITIONS = "sw.survival.positions"
SURVIVAL_UNFINISHED = "sw.survival.unfinished"
SURVIVAL_STRANGER = "sw.survival.stranger"
SURVIVAL_PLAYER = "sw.survival.player"
SURVIVAL_BEGUN = "sw.survival.begun"
SURVIVAL_REASON = "sw.survival.reason"
SURVIVAL_MATCHES = "sw.survival.matches"
SURVIVAL_MATCH = "sw.survival.match"
SURVIVAL_DECIDED = "sw.survival.decided"
SURVIVAL_PLAYERS = "sw.survival.players"
SURVIVAL_UNDECIDED = "sw.survival.undecided"
SURVIVAL_NOT_DRAWN = "sw.survival.not_drawn"
SURVIVAL_NOT_ENTRANT = "sw.survival.not_entrant"
# the Legendary League (rules W7-31 .. W7-34)
LEGENDARY_TWICE = "sw.legendary.twice"
LEGENDARY_FEW = "sw.legendary.few"
LEGENDARY_WON = "sw.legendary.won"
LEGENDARY_GAME_PLAYERS = "sw.legendary.game_players"
LEGENDARY_PLAYER = "sw.legendary.player"
LEGENDARY_BEGUN = "sw.legendary.begun"
LEGENDARY_NONE = "sw.legendary.none"
LEGENDARY_NOT_WAITING = "sw.legendary.not_waiting"
LEGENDARY_WAITING = "sw.legendary.waiting"
LEGENDARY_DECLINED = "sw.legendary.declined"
LEGENDARY_DEADLINE = "sw.legendary.deadline"
LEGENDARY_ANSWERED = "sw.legendary.answered"

YEAR_CODES: tuple[str, ...] = (
    YEAR_SIGNUP_TWICE, YEAR_SIGNUP_FEW, YEAR_SIGNUPS_FILE, YEAR_SIGNUPS_TYPED, YEAR_SIGNUPS_NONE,
    YEAR_STARTED, YEAR_PLAYOFF,
    YEAR_BARRED, YEAR_NEWCOMER, YEAR_CONSERVATION, YEAR_FREE_PLACES, YEAR_SURVIVORS,
    YEAR_SURVIVOR, YEAR_SWAP, YEAR_SWAP_REASON, YEAR_NOT_SEASON, YEAR_SEASON_OPEN,
    YEAR_NOT_MEMBER, YEAR_EMPTY, YEAR_EXISTS, YEAR_PLAYER, YEAR_PLAYERS,
    SURVIVAL_NONE, SURVIVAL_NEGATIVE, SURVIVAL_FORMAT, SURVIVAL_TWICE, SURVIVAL_ENTRANT,
    SURVIVAL_POSITIONS, SURVIVAL_UNFINISHED, SURVIVAL_STRANGER, SURVIVAL_PLAYER, SURVIVAL_BEGUN,
    SURVIVAL_REASON, SURVIVAL_MATCHES, SURVIVAL_MATCH, SURVIVAL_DECIDED, SURVIVAL_PLAYERS,
    SURVIVAL_UNDECIDED, SURVIVAL_NOT_DRAWN, SURVIVAL_NOT_ENTRANT, LEGENDARY_TWICE, LEGENDARY_FEW,
    LEGENDARY_WON, LEGENDARY_GAME_PLAYERS, LEGENDARY_PLAYER, LEGENDARY_BEGUN, LEGENDARY_NONE,
    LEGENDARY_NOT_WAITING, LEGENDARY_WAITING, LEGENDARY_DECLINED, LEGENDARY_DEADLINE,
    LEGENDARY_ANSWERED, YEAR_NOT_SERIES, YEAR_PLAYOFF_ENTERED, YEAR_PLAYOFF_DUE,
    YEAR_PLAYOFF_REASON, YEAR_DIE_NEEDED, YEAR_DIE,
)
"""Every code of the year's section (the merge adds them to ``SevenWonders.codes``)."""
