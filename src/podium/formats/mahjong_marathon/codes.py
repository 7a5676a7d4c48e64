"""The marathon's refusal codes (regulation MJ): every refusal this package raises carries one.

A code names the problem for a program (the API's ``code``, a test) as the message names it
for a person. The kernel's codes are in :mod:`podium.core.codes`; these start with ``mj.`` and
are listed in :attr:`podium.formats.mahjong_marathon.rules.MahjongMarathon.codes` (the
catalogue a refusal's code must come from). Each line says where it is raised and the rule.
"""

from __future__ import annotations

# -- the event ----------------------------------------------------------------------------------
NOT_MARATHON = "mj.not_marathon"  # a marathon read (tables, publications) of another event
NO_ROUNDS = "mj.no_rounds"  # standings through a round: a marathon has stages (MJ-1)

# -- settings (MJ-1 .. MJ-4) ----------------------------------------------------------------------
SETTING_ZONE = "mj.setting.zone"  # a time zone setting that is no zone name (MJ-2)
SETTING_PATTERN = "mj.setting.pattern"  # the table-name pattern (MJ-3)
SETTING_CALENDAR = "mj.setting.calendar"  # the stage calendar (MJ-1)
SETTING_PLACE_POINTS = "mj.setting.place_points"  # TP by place (MJ-4)
SETTING_NAMES = "mj.setting.names"  # a list of names (the guests, MJ-3)

# -- games: a file, a typed game, a stored batch (MJ-1 .. MJ-3) ---------------------------------
FILE = "mj.file"  # a games file that cannot be read (not CSV or JSON, its shape)
FILE_COLUMNS = "mj.file.columns"  # a CSV without the needed columns
FILE_ENCODING = "mj.file.encoding"  # neither UTF-8 nor Windows-1251 text
FILE_TOO_MANY = "mj.file.too_many"  # more games than one import takes
ZONE = "mj.zone"  # an unknown time zone name (MJ-2)
START = "mj.start"  # a start time that is missing or not a date and time
START_ZONE = "mj.start.zone"  # a start time with no zone where none is declared (MJ-2)
GAME_ID = "mj.game_id"  # a game without its id
SEATS = "mj.seats"  # not four players at a table (MJ-3)
NAME = "mj.name"  # a player's name missing from a game
TWICE = "mj.twice"  # one player twice at a table, or one id twice in a file (MJ-3)
CASE = "mj.case"  # two names that are one player (names compared without case)
GP = "mj.gp"  # game points that are not a whole number, or beyond the limit
GP_FRACTION = "mj.gp.fraction"  # game points that are not whole (MJ-3: the server scores whole)
TABLE = "mj.table"  # a table that does not count (MJ-3)
CALENDAR = "mj.calendar"  # a game outside every stage (MJ-1, MJ-2)
CHANGED = "mj.changed"  # a typed game whose id is stored with other data
GAME_KNOWN = "mj.game.known"  # a stored batch repeating a stored game's id
BATCH = "mj.batch"  # a stored batch whose columns do not fit together
PLAYER_UNKNOWN = "mj.player.unknown"  # a stored action naming an unregistered player

# -- decisions (MJ-5, MJ-6) ---------------------------------------------------------------------
REASON = "mj.reason"  # an organiser decision without a reason
PENALTY_KIND = "mj.penalty.kind"  # a penalty that is not 6a, 6b or 6c (MJ-6)
PENALTY_AMOUNT = "mj.penalty.amount"  # an amount the regulation does not allow (MJ-6)
PENALTY_LIMIT = "mj.penalty_limit"  # beyond any real game's GP or a stage's TP (MJ-6)
PENALTY_GAME = "mj.game"  # a 6a penalty without its game (MJ-6a)
PENALTY_STAGE = "mj.stage"  # a 6b or 6c penalty without its stage (MJ-6b, MJ-6c)
NOT_IN_GAME = "mj.not_in_game"  # a 6a penalty of a player who did not play the game
GAME_UNKNOWN = "mj.game.unknown"  # no game with that id
STAGE_UNKNOWN = "mj.stage.unknown"  # no stage with that number (MJ-1)
GROUND = "mj.ground"  # not a ground of MJ-5
ALREADY_DISQUALIFIED = "mj.game.disqualified"  # a game disqualified twice (MJ-5)
PERIOD = "mj.period"  # a disqualification period that ends before it starts, or outside
DECISION_UNKNOWN = "mj.decision.unknown"  # a revert of something that is no decision
REVERTED = "mj.decision.reverted"  # a decision reverted twice

# -- publications (MJ-11) -----------------------------------------------------------------------
PUBLICATION = "mj.publication"  # a stored publication out of turn, or without its snapshot
PUBLICATION_UNKNOWN = "mj.publication.unknown"  # no publication with that number
TABLE_UNKNOWN = "mj.table.unknown"  # no table with that key (stage-N, total)
QUERY = "mj.query"  # a page's number that is not a whole number

#: Every code above: the ruleset's catalogue (``MahjongMarathon.codes``).
CODES: tuple[str, ...] = tuple(
    value for key, value in sorted(globals().items())
    if key.isupper() and key != "CODES" and isinstance(value, str) and value.startswith("mj.")
)

__all__ = ["CODES"]
