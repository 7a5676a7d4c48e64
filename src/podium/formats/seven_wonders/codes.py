"""The 7 Wonders format's refusal codes (regulation W7): every refusal of the format carries one
of these, and the ruleset lists them (``Ruleset.codes``), so a program (the API's ``code``, a
test) tells the problems apart as the message does for a person."""

from __future__ import annotations

# -- the year (rules W7-1, W7-4 .. W7-15, W7-29 .. W7-35) ----------------------------------------
# The year's own section: its seasons (year.py, year_commands.py, year_declared.py), the survival
# battles (survival*.py) and the Legendary League (legendary*.py). YEAR_CODES lists them for the
# ruleset's ``codes``.

# the sign-ups and the starting season (rules W7-4, W7-5)
YEAR_SIGNUP_TWICE = "sw.year.signup_twice"
YEAR_SIGNUP_FEW = "sw.year.signup_few"
YEAR_SIGNUPS_FILE = "sw.year.signups_file"
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
    YEAR_SIGNUP_TWICE, YEAR_SIGNUP_FEW, YEAR_SIGNUPS_FILE, YEAR_STARTED, YEAR_PLAYOFF,
    YEAR_BARRED, YEAR_NEWCOMER, YEAR_CONSERVATION, YEAR_FREE_PLACES, YEAR_SURVIVORS,
    YEAR_SURVIVOR, YEAR_SWAP, YEAR_SWAP_REASON, YEAR_NOT_SEASON, YEAR_SEASON_OPEN,
    YEAR_NOT_MEMBER, YEAR_EMPTY, YEAR_EXISTS, YEAR_PLAYER, YEAR_PLAYERS,
    SURVIVAL_NONE, SURVIVAL_NEGATIVE, SURVIVAL_FORMAT, SURVIVAL_TWICE, SURVIVAL_ENTRANT,
    SURVIVAL_POSITIONS, SURVIVAL_UNFINISHED, SURVIVAL_STRANGER, SURVIVAL_PLAYER, SURVIVAL_BEGUN,
    SURVIVAL_REASON, SURVIVAL_MATCHES, SURVIVAL_MATCH, SURVIVAL_DECIDED, SURVIVAL_PLAYERS,
    SURVIVAL_UNDECIDED, SURVIVAL_NOT_DRAWN, SURVIVAL_NOT_ENTRANT, LEGENDARY_TWICE, LEGENDARY_FEW,
    LEGENDARY_WON, LEGENDARY_GAME_PLAYERS, LEGENDARY_PLAYER, LEGENDARY_BEGUN, LEGENDARY_NONE,
    LEGENDARY_NOT_WAITING, LEGENDARY_WAITING, LEGENDARY_DECLINED, LEGENDARY_DEADLINE,
    LEGENDARY_ANSWERED, YEAR_NOT_SERIES,
)
"""Every code of the year's section (the merge adds them to ``SevenWonders.codes``)."""
