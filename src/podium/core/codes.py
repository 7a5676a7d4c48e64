"""The catalogue of refusal codes: every refusal a person can meet carries one of these.

A code names the problem for a program (the API's ``code``, a test), as the message names it
for a person; the class of the refusal (:mod:`podium.core.errors`) says only its category, and
the adapters map the category to an exit code or an HTTP status. A refusal never falls back to
its bare category: ``tests/core/test_codes.py`` fails on one that does, and on a code used
anywhere in ``src`` that is not in this catalogue or a format's own (``Ruleset.codes``).

Codes are ``area.problem``; a format's own codes start with its prefix (``sw.``, ``mj.``,
``brk.``, ``cmd.``) and live in its package.
"""

from __future__ import annotations

# -- input: a field as typed (podium.core.inputs) --------------------------------------------
INPUT_MISSING = "input.missing"
INPUT_UNKNOWN = "input.unknown"
INPUT_REPEATED = "input.repeated"
INPUT_TEXT = "input.text"
INPUT_TOO_LONG = "input.too_long"
INPUT_TOO_MANY = "input.too_many"
INPUT_INTEGER = "input.integer"
INPUT_DECIMAL = "input.decimal"
INPUT_RANGE = "input.range"
INPUT_YES_NO = "input.yes_no"
INPUT_CHOICE = "input.choice"
INPUT_PLAYER = "input.player"
INPUT_PLAYERS = "input.players"
INPUT_ORDER = "input.order"
INPUT_PAIR = "input.pair"
INPUT_MOMENT = "input.moment"
INPUT_ZONE = "input.zone"
INPUT_FILE = "input.file"
INPUT_JSON = "input.json"
INPUT_BODY = "input.body"
INPUT_NESTING = "input.nesting"
INPUT_NUMBER = "input.number"
INPUT_EXCLUSIVE = "input.exclusive"
INPUT_SLUG = "input.slug"
INPUT_FIELDS = "input.fields"
INPUT_LINK = "input.link"
INPUT_VERSION = "input.version"  # a version (If-Match, --expect) that is not an action number

# -- commands: who may run what, where (podium.core.commands, the service) -------------------
COMMAND_UNKNOWN = "command.unknown"
COMMAND_SURFACE = "command.surface"
FORMAT_UNKNOWN = "format.unknown"
FORMAT_OTHER = "format.other"
AUTH_REQUIRED = "auth.required"
ROLE_MISSING = "role.missing"
CODE_REQUIRED = "code.required"

# -- accounts, tokens and guessing (podium.service.accounts, .throttle, the edges) -----------
USER_NAME = "user.name"
USER_PASSWORD = "user.password"
USER_PASSWORDS_DIFFER = "user.passwords_differ"
SERVE_PORT_TAKEN = "serve.port_taken"
USER_EXISTS = "user.exists"
USER_UNKNOWN = "user.unknown"
ROLE_UNKNOWN = "role.unknown"
ROLE_NONE = "role.none"
ROLE_OWNER = "role.owner"
ROLE_SELF = "role.self"
TOKEN_DAYS = "token.days"
TOKEN_UNKNOWN = "token.unknown"
TOKEN_REVOKED = "token.revoked"
TOKEN_EXPIRED = "token.expired"
ATTEMPTS_TOO_MANY = "attempts.too_many"

# -- events and their store (podium.service.events, podium.store) ----------------------------
EVENT_UNKNOWN = "event.unknown"
EVENT_EXISTS = "event.exists"
EVENT_COMPLETE = "event.complete"
EVENT_SEED = "event.seed"
# -- an event's own record: name, archive, date and venue, deletion (podium.core.people) -----
EVENT_NAME_SAME = "event.name_same"
EVENT_ARCHIVE_SAME = "event.archive_same"
EVENT_DATE = "event.date"
EVENT_CONFIRM = "event.confirm"
ACTION_ACTOR = "action.actor"
ACTIONS_NONE = "actions.none"
STORE_BUSY = "store.busy"
# the database cannot be reached or lost the connection (HTTP 503), is full (HTTP 507), or
# lost the connection while committing and could not be asked afterwards (podium.store.db)
STORE_UNAVAILABLE = "store.unavailable"
STORE_FULL = "store.full"
STORE_UNKNOWN = "store.unknown"
# backups (podium.store.backup, `podium backup`)
BACKUP_PATH = "backup.path"
BACKUP_EXISTS = "backup.exists"
BACKUP_MISSING = "backup.missing"
BACKUP_NOT_PODIUM = "backup.not_podium"
BACKUP_STORE = "backup.store"
BACKUP_TOOL = "backup.tool"
BACKUP_DIFFERS = "backup.differs"

# -- text a person typed (podium.core.text, the store's column lengths) ----------------------
TEXT_CONTROL = "text.control"
TEXT_LENGTH = "text.length"
TEXT_EMPTY = "text.empty"

# -- the log and its replay (podium.core.replay, podium.store.repository) --------------------
LOG_EMPTY = "log.empty"
LOG_START = "log.start"
LOG_SEQ = "log.seq"
LOG_FORMAT = "log.format"
LOG_CREATED = "log.created"
LOG_BROKEN = "log.broken"
LOG_STALE = "log.stale"
KIND_UNKNOWN = "kind.unknown"

# -- an action's payload against its schema (podium.core.schema); all start with "payload." --
PAYLOAD_TYPE = "payload.type"
PAYLOAD_MISSING = "payload.missing"
PAYLOAD_UNKNOWN = "payload.unknown"
PAYLOAD_EMPTY = "payload.empty"
PAYLOAD_CHOICE = "payload.choice"
PAYLOAD_NUMBER = "payload.number"
PAYLOAD_RANGE = "payload.range"
PAYLOAD_TOO_LONG = "payload.too_long"
PAYLOAD_TOO_FEW = "payload.too_few"
PAYLOAD_TOO_MANY = "payload.too_many"
PAYLOAD_CONTROL = "payload.control"
PAYLOAD_SEED = "payload.seed"
PAYLOAD_SETTINGS = "payload.settings"

# -- files: event files and player lists (podium.service.transfer, .forms, .kernel) ----------
FILE_JSON = "file.json"
FILE_FORMAT = "file.format"
FILE_VERSION = "file.version"
FILE_EVENT = "file.event"
FILE_ACTIONS = "file.actions"
FILE_ACTION = "file.action"
FILE_LOG = "file.log"
FILE_ENCODING = "file.encoding"
CSV_COLUMN = "csv.column"
CSV_FIELDS = "csv.fields"

# -- settings (podium.formats.settings, a format's parse_settings, settings changes) ---------
SETTINGS_NONE = "settings.none"
SETTINGS_PHASE = "settings.phase"
SETTINGS_NAMES = "settings.names"
SETTING_UNKNOWN = "setting.unknown"
SETTING_TYPE = "setting.type"
SETTING_RANGE = "setting.range"
SETTING_CHOICE = "setting.choice"
SETTING_REPEATED = "setting.repeated"
SETTING_ZONE = "setting.zone"
SERVER_PUBLIC_URL = "server.public_url"
SERVER_BUSY = "server.busy"  # too many passwords being checked at once (HTTP 503)

# -- players (podium.core.replay, podium.service.forms) --------------------------------------
PLAYER_UNKNOWN = "player.unknown"
PLAYER_ID = "player.id"
PLAYER_NAME = "player.name"
PLAYER_DUPLICATE = "player.duplicate"
PLAYER_DROPPED = "player.dropped"
PLAYER_ACTIVE = "player.active"
# -- people: rename, remove, merge, substitute (podium.core.people) ---------------------------
PLAYER_RENAME_SAME = "player.rename_same"
PLAYER_GROUP_SAME = "player.group_same"
PLAYER_PLAYED = "player.played"
PLAYER_MERGE_SELF = "player.merge_self"
PLAYER_MERGE_MET = "player.merge_met"
PLAYER_MERGE_ROUND = "player.merge_round"
PLAYER_SUBSTITUTE_DROPPED = "player.substitute_dropped"
PLAYER_SUBSTITUTE_ROUND = "player.substitute_round"
PLAYER_TOP = "player.top"
PLAYER_ROUNDS = "player.rounds"
PLAYERS_NONE = "players.none"
PLAYERS_TOO_FEW = "players.too_few"

# -- phases and what a format can do (podium.core.phases, podium.core.ruleset) ---------------
PHASE_UNDECLARED = "phase.undeclared"
PHASE_CLOSED = "phase.closed"
PHASE_ORDER = "phase.order"
CAPABILITY_ROUNDS = "capability.rounds"
CAPABILITY_DIVISIONS = "capability.divisions"
CAPABILITY_STANDINGS = "capability.standings"
CAPABILITY_PUBLICATIONS = "capability.publications"

# -- rounds, tables and their results (podium.core.replay, a format's rules) -----------------
ROUND_NONE = "round.none"
ROUND_UNKNOWN = "round.unknown"
ROUND_NUMBER = "round.number"
ROUND_INCOMPLETE = "round.incomplete"
ROUND_ALL_PAIRED = "round.all_paired"
ROUND_STAGE = "round.stage"
ROUND_TABLE_SIZE = "round.table_size"
ROUND_PLAYER = "round.player"
ROUND_TWICE = "round.twice"
ROUND_DROPPED = "round.dropped"
ROUND_NOT_LAST = "round.not_last"
ROUND_NOT_CURRENT = "round.not_current"
ROUND_HAS_RESULTS = "round.has_results"
TABLE_UNKNOWN = "table.unknown"
RESULT_MISSING = "result.missing"
RESULT_EXISTS = "result.exists"
RESULT_SEAT = "result.seat"
RESULT_WINNER = "result.winner"
RESULT_STALE = "result.stale"  # a correction naming a version the result has moved past
REASON_MISSING = "reason.missing"

# -- hand edits of a paired round: move, swap, turn order, undo (podium.core.round_edits) --------
ROUND_EDIT_ROUND = "round.edit.round"  # no such round, not the last one, none yet, TOP begun
ROUND_EDIT_STARTED = "round.edit.started"  # a move or swap once a result is entered
ROUND_EDIT_PLAYER = "round.edit.player"  # a player not in the round, or dropped
ROUND_EDIT_TABLE = "round.edit.table"  # no such table, already there, one table's two players
ROUND_EDIT_SIZE = "round.edit.size"  # a move into a full pod
ROUND_EDIT_SEATS = "round.edit.seats"  # a turn order that is not the table's players
ROUND_EDIT_UNDO = "round.edit.undo"  # nothing to undo, or the round changed since
ROUND_STALE = "round.stale"  # a hand edit naming a version the round's tables moved past

# -- divisions and draft tables (podium.core.divisions, podium.pairing.duel) -----------------
DIVISIONS_DUPLICATE = "divisions.duplicate"
DIVISIONS_PLAYER = "divisions.player"
DIVISIONS_TWICE = "divisions.twice"
DIVISIONS_MISSING = "divisions.missing"
DIVISIONS_UNASSIGNED = "divisions.unassigned"
DIVISIONS_STARTED = "divisions.started"
DIVISIONS_PLAYED = "divisions.played"
DIVISIONS_COUNT = "divisions.count"
DIVISIONS_SMALL = "divisions.small"
DIVISIONS_LARGE = "divisions.large"
DIVISION_UNKNOWN = "division.unknown"
DIVISION_SAME = "division.same"

# -- the TOP, a single-elimination play-off (podium.core.top_replay, .bracket, service.top) --
TOP_NONE = "top.none"
TOP_EXISTS = "top.exists"
TOP_SIZE = "top.size"
TOP_SEEDING = "top.seeding"
TOP_DRAW_RULE = "top.draw_rule"
TOP_MINUTES = "top.minutes"
TOP_SLOTS = "top.slots"
TOP_PLAYER = "top.player"
TOP_DROPPED = "top.dropped"
TOP_TWICE = "top.twice"
TOP_SEEDS = "top.seeds"
TOP_TABLES = "top.tables"
TOP_GOALS = "top.goals"
TOP_MATCH = "top.match"
TOP_SIDE = "top.side"
TOP_BYE = "top.bye"
TOP_ENTRY = "top.entry"
TOP_RESULT = "top.result"
TOP_LATER = "top.later"
TOP_ADVANCER_MISSING = "top.advancer.missing"
TOP_ADVANCER_UNWANTED = "top.advancer.unwanted"
TOP_HAS_RESULTS = "top.has_results"

# -- series of events (podium.core.series, podium.service.series) ----------------------------
SERIES_SELF = "series.self"
SERIES_TWICE = "series.twice"
SERIES_ABSENT = "series.absent"
SERIES_NESTED = "series.nested"
SERIES_NOT = "series.not_series"  # a series' ledger or members asked of another event
SERIES_PLAYER = "series.player"  # a player who played no member of the series

# -- self-report by player code (podium.service.selfreport) ----------------------------------
CODE_UNKNOWN = "code.unknown"
CODE_OTHER_EVENT = "code.other_event"
REPORT_UNKNOWN = "report.unknown"
REPORT_STALE = "report.stale"
REPORT_REASON = "report.reason"
REPORT_WAITING = "report.waiting"
REPORT_DECIDED = "report.decided"
REPORT_DECISION = "report.decision"
REPORT_NO_TABLE = "report.no_table"
REPORT_NO_GAME = "report.no_game"
REPORT_OTHER_TABLE = "report.other_table"

# -- pages and views (podium.web, podium.cli) ------------------------------------------------
VIEW_UNKNOWN = "view.unknown"
VIEW_SURFACE = "view.surface"
VIEW_ROW = "view.row"
PAGE_UNKNOWN = "page.unknown"
PRINT_UNKNOWN = "print.unknown"
# the JSON API's routing (podium.api.problems): a route, a method, a path or query parameter
ROUTE_UNKNOWN = "route.unknown"
ROUTE_METHOD = "route.method"
INPUT_PARAMETER = "input.parameter"

# -- the round clock (podium.core.clock) -----------------------------------------------------
CLOCK_ROUND_DONE = "clock.round_done"  # every table of the round has its result
CLOCK_NOT_CURRENT = "clock.not_current"  # an earlier round's clock
CLOCK_RUNNING = "clock.running"  # start while it runs
CLOCK_NOT_RUNNING = "clock.not_running"  # pause while it does not run
CLOCK_MINUTES = "clock.minutes"  # no round length known (a format without one, no --minutes)
CLOCK_NOTHING = "clock.nothing"  # undo with no clock action left

# -- sign-up and check-in (podium.core.signup, podium.service.signup) -------------------------
SIGNUP_NOT_OPEN = "signup.not_open"  # no sign-up was opened, or it is closed now
SIGNUP_CLOSED = "signup.closed"  # its closing time has passed
SIGNUP_DUPLICATE = "signup.duplicate"  # a name already signed up (case, spaces, ё/е)
SIGNUP_NAME = "signup.name"  # an empty name
SIGNUP_FIELD = "signup.field"  # a field the sign-up does not ask, or of the wrong kind
SIGNUP_FIELD_MISSING = "signup.field_missing"  # a required field left empty
SIGNUP_ENTRY = "signup.entry"  # no such entry
SIGNUP_INACTIVE = "signup.inactive"  # an entry withdrawn or rejected
SIGNUP_APPROVAL = "signup.approval"  # approve: not needed, or done already
SIGNUP_FULL = "signup.full"  # an admission past the capacity
SIGNUP_ADMITTED = "signup.admitted"  # an entry admitted twice
SIGNUP_PLAYER = "signup.player"  # an admission's player missing, unknown or taken
SIGNUP_CODE = "signup.code"  # a sign-up code not known in this event
SIGNUP_FIELDS = "signup.fields"  # signup.open: a field no format of the event offers
CHECKIN_DONE = "checkin.done"  # checked in already
CHECKIN_NONE = "checkin.none"  # undo: not checked in
CHECKIN_NOT_IN = "checkin.not_in"  # a sign-up code whose entry is not a player (waitlist)
CHECKIN_UNUSED = "checkin.unused"  # drop-absent: nobody checked in yet
CHECKIN_LATE = "checkin.late"  # drop-absent after round 1 was paired

# -- projections: chances and what a player needs (podium.core.projection, service.odds) ------
ODDS_NONE = "odds.none"  # the event's format makes no projections
ODDS_HIDDEN = "odds.hidden"  # the organiser has not shown the chances to the public
ODDS_GOAL = "odds.goal"  # a goal the format's projection does not have
