"""Duel Swiss inside draft tables (rules BRK-6, BRK-10): pure functions over player ids.

- :func:`split_sizes` splits the players into draft tables of 8 to 16 as evenly as possible
  (rule BRK-6), never below the minimum of rule BRK-10.
- :func:`round_count` gives the number of Swiss rounds of rule BRK-6.
- :func:`pair_duels` pairs one table's players by standings with no rematch while one can be
  avoided: an exact search (dynamic programming over the subsets of unpaired players, at most
  2^16 states for a table of 16), minimising, in order, the rematches, the point gaps inside
  pairs and the standings distance inside pairs (so 1-2, 3-4, ... when nothing else matters).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache

from podium.core import codes
from podium.core.errors import InvalidInput

PlayerId = int

TARGET_MIN = 8  # rule BRK-6: tables of 8 to 16
TARGET_MAX = 16
#: The largest draft table the exact duel pairing handles (2^24 subsets, about 0.35 s a round);
#: the ``max_table`` setting is bounded by it.
MAX_DUEL_TABLE = 24


def split_sizes(players: int, tables: int | None = None, minimum: int = 4,
                maximum: int = TARGET_MAX) -> list[int]:
    """Table sizes, as even as possible (they differ by at most one), largest first.

    ``tables=None``: the fewest tables of at most ``maximum`` players (rule BRK-6). A split
    with a table under ``minimum`` players (rule BRK-10) or over ``maximum`` is refused.
    """
    if players < minimum:
        raise InvalidInput(
            "%(players)s players are too few: a table needs at least %(minimum)s "
            "(rule BRK-10)", code=codes.PLAYERS_TOO_FEW,
            players=players, minimum=minimum
        )
    if tables is None:
        tables = max(1, math.ceil(players / maximum))
    if tables < 1:
        raise InvalidInput("the number of draft tables must be at least 1",
                           code=codes.DIVISIONS_COUNT)
    base, extra = divmod(players, tables)
    sizes = [base + 1] * extra + [base] * (tables - extra)
    if sizes[-1] < minimum:
        raise InvalidInput(
            "%(players)s players at %(tables)s tables leaves a table of %(sizes)s, "
            "under the minimum of %(minimum)s (rule BRK-10); use at most %(most)s"
            " tables", code=codes.DIVISIONS_SMALL,
            players=players, tables=tables, sizes=sizes[-1], minimum=minimum,
            most=players // minimum,
        )
    if sizes[0] > maximum:
        raise InvalidInput(
            "%(players)s players at %(tables)s tables leaves a table of %(sizes)s, "
            "over the maximum of %(maximum)s (rule BRK-6); use at least %(ceil)s "
            "tables", code=codes.DIVISIONS_LARGE,
            players=players, tables=tables, sizes=sizes[0], maximum=maximum,
            ceil=math.ceil(players / maximum),
        )
    return sizes


def round_count(sizes: Sequence[int]) -> int:
    """Rule BRK-6: 3 Swiss rounds when every table has fewer than 8 players, 4 when most
    (more than half) have 8 or more; otherwise 3 [open default]."""
    large = sum(1 for size in sizes if size >= TARGET_MIN)
    return 4 if large * 2 > len(sizes) else 3


def pair_duels(
    order: Sequence[PlayerId],
    points: Mapping[PlayerId, Fraction | int],
    met: Mapping[PlayerId, Mapping[PlayerId, int]],
) -> tuple[list[tuple[PlayerId, PlayerId]], int]:
    """Pair an even number of players given best first; return the pairs (better-ranked
    player first, pairs in standings order) and the number of rematches.

    Exact: among all perfect pairings, the fewest rematches, then the smallest sum of point
    gaps, then the smallest sum of rank distances.
    """
    n = len(order)
    if n % 2:
        raise ValueError("pair_duels needs an even number of players")
    if n > MAX_DUEL_TABLE:
        raise ValueError(f"a draft table has at most {MAX_DUEL_TABLE} players here")
    exact = [Fraction(points.get(pid, 0)) for pid in order]
    scale = math.lcm(*(p.denominator for p in exact)) if exact else 1
    pts = [int(p * scale) for p in exact]  # ints: the same order, far cheaper than Fractions
    repeat = [[met.get(a, {}).get(b, 0) for b in order] for a in order]
    # the cost (rematches, point gaps, rank distances) compared in that order, as one int:
    # each part's sum over the pairs stays below the next part's unit
    dist_unit = n * n + 1
    gap_unit = ((max(pts) - min(pts)) * n + 1 if pts else 1) * dist_unit
    weight = [[repeat[i][j] * gap_unit + abs(pts[i] - pts[j]) * dist_unit + j - i
               for j in range(n)] for i in range(n)]
    full = (1 << n) - 1
    partner: dict[int, int] = {}

    @cache
    def best(mask: int) -> int:
        """The least cost of pairing the players not in ``mask``; the partner of the lowest
        of them, the first one reaching it, goes to ``partner``."""
        if mask == full:
            return 0
        i = (~mask & (mask + 1)).bit_length() - 1  # the lowest unpaired player
        low = -1
        row = weight[i]
        for j in range(i + 1, n):
            if mask >> j & 1:
                continue
            cost = best(mask | 1 << i | 1 << j) + row[j]
            if low < 0 or cost < low:
                low = cost
                partner[mask] = j
        return low

    best(0)
    best.cache_clear()
    pairs, mask = [], 0
    while mask != full:
        i = (~mask & (mask + 1)).bit_length() - 1
        j = partner[mask]
        pairs.append((i, j))
        mask |= 1 << i | 1 << j
    rematches = sum(repeat[i][j] for i, j in pairs)
    return [(order[i], order[j]) for i, j in pairs], rematches


def choose_bye(order: Sequence[PlayerId], byes: Mapping[PlayerId, int]) -> PlayerId:
    """The lowest-ranked player among those with the fewest byes so far."""
    fewest = min(byes.get(pid, 0) for pid in order)
    return next(pid for pid in reversed(order) if byes.get(pid, 0) == fewest)
