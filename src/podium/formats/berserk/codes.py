"""Berserk's own refusal codes (prefix ``brk.``); the kernel's are in :mod:`podium.core.codes`.

Listed in :attr:`podium.formats.berserk.rules.Berserk.codes`, the catalogue a Berserk
refusal's code must come from (``tests/core/test_codes.py``).
"""

from __future__ import annotations

# -- settings (rules BRK-6, BRK-10) -----------------------------------------------------------
TABLE_SIZES = "brk.table_sizes"
TOP_BOUNDS = "brk.top_bounds"  # top_size_min above top_size_max
TOP_POWER = "brk.top_power"  # a TOP bound that is not a power of two

# -- a duel's result (rules BRK-8, BRK-9) -----------------------------------------------------
DUEL = "brk.duel"
RESULT = "brk.result"
WINNERS = "brk.winners"
OUTCOME = "brk.outcome"

# -- a Team Sealed match (rule BRK-9) ---------------------------------------------------------
GAMES = "brk.games"
DECIDER_MISSING = "brk.decider.missing"
DECIDER_UNWANTED = "brk.decider.unwanted"
DECIDER_INVALID = "brk.decider.invalid"

#: Every code above, for ``Berserk.codes``.
ALL: tuple[str, ...] = tuple(
    value for name, value in sorted(globals().items())
    if name.isupper() and isinstance(value, str))
