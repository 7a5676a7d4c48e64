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
INPUT_EXCLUSIVE = "input.exclusive"
INPUT_SLUG = "input.slug"
INPUT_FIELDS = "input.fields"

# -- commands: who may run what, where (podium.core.commands, the service) -------------------
COMMAND_UNKNOWN = "command.unknown"
COMMAND_SURFACE = "command.surface"
FORMAT_OTHER = "format.other"
AUTH_REQUIRED = "auth.required"
ROLE_MISSING = "role.missing"
CODE_REQUIRED = "code.required"
