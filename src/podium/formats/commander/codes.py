"""Commander's own refusal codes (prefix ``cmd.``); the kernel's are in :mod:`podium.core.codes`.

Listed in :attr:`podium.formats.commander.rules.Commander.codes`, the catalogue a Commander
refusal's code must come from (``tests/core/test_codes.py``).
"""

from __future__ import annotations

# -- settings (rules CMD-10, CMD-11) ----------------------------------------------------------
MIN_ROUNDS = "cmd.min_rounds"
FINAL_SIZE = "cmd.final_size"

# -- a pod's result (rules CMD-2, CMD-4, CMD-13, CMD-14) -------------------------------------
FINISH = "cmd.finish"
WINNERS = "cmd.winners"
WIN_OR_DRAW = "cmd.win_or_draw"
OUTCOME_MISSING = "cmd.outcome.missing"
SIMULTANEOUS = "cmd.simultaneous"
SURVIVORS_WIN = "cmd.survivors.win"
SURVIVORS_ONE = "cmd.survivors.one"
GAME_LOSS_ORDER = "cmd.game_loss.order"
ORDER = "cmd.order"

# -- pairing (rule CMD-10) --------------------------------------------------------------------
FINAL_PLAYERS = "cmd.final.players"

# -- byes given in advance (rule CMD-8, beyond it) -------------------------------------------
ADVANCE_BYE_ROUND = "cmd.advance_bye.round"  # a round already paired, or not a Swiss round
ADVANCE_BYE_PLAYER = "cmd.advance_bye.player"  # a dropped player
ADVANCE_BYE_TWICE = "cmd.advance_bye.twice"  # the same bye given twice
ADVANCE_BYE_NONE = "cmd.advance_bye.none"  # a cancellation of a bye never given

#: Every code above, for ``Commander.codes``.
ALL: tuple[str, ...] = tuple(
    value for name, value in sorted(globals().items())
    if name.isupper() and isinstance(value, str))
