"""Pure, vectorised scoring of an online mahjong marathon (regulation MJ).

Why numpy: a marathon year holds up to a million 4-player games, and the whole standings must be
recomputed in well under a second (docs/benchmarks.md). Everything here works on columns.

Exact points without Fractions in the hot path: tournament points (TP) with tie averaging
(rule MJ-4) are always a multiple of 1/12 (the averages 3, 1.5, 0.5, 7/3, 1, 1.75 of whole
place points over 1 to 4 tied places), so TP are stored as whole numbers of twelfths
(``TP_DEN``) and turned into :class:`fractions.Fraction` only at the edges (views, tests).
A stage result (rule MJ-7d) is the exact fraction ``num / den`` with both parts integers.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

TP_DEN = 12  # TP are stored in twelfths: 7/3 TP is 28
SERIES_GP_OFFSET = 1 << 39  # packs (series TP, series GP) into one int64 key
_GP_MASK = (1 << 40) - 1
_NO_WINDOW = np.iinfo(np.int64).min


def tp_fraction(twelfths: int) -> Fraction:
    return Fraction(int(twelfths), TP_DEN)


def table_tp12(gp: np.ndarray, place_tp: Sequence[int] = (4, 2, 1, 0)) -> np.ndarray:
    """Rule MJ-4: TP (in twelfths) of every seat of every game from the game points.

    ``gp`` has shape (games, 4). Players tied on GP share the places they cover and each gets
    the average of those places' TP: with 4/2/1/0, a tie for 1st-2nd gives 3 each, 1st-2nd-3rd
    7/3 each, all four 1.75 each.
    """
    gp = np.asarray(gp)
    greater = (gp[:, None, :] > gp[:, :, None]).sum(axis=2)  # players strictly ahead of seat i
    equal = (gp[:, None, :] == gp[:, :, None]).sum(axis=2)  # seat i and the players tied with it
    cumulative = np.concatenate(([0], np.cumsum(place_tp), [sum(place_tp)])) * TP_DEN
    return (cumulative[greater + equal] - cumulative[greater]) // equal


def stable_argsort_u32(key: np.ndarray) -> np.ndarray:
    """A stable argsort of non-negative keys below 2**32, as two 16-bit radix passes.

    numpy sorts 16-bit keys stably in linear time; a 32-bit stable sort is a comparison sort
    and several times slower on the million-game scale.
    """
    top = int(key.max()) if key.size else 0
    if top < 1 << 16:
        return np.argsort(key.astype(np.uint16), kind="stable")
    key = np.asarray(key, dtype=np.int64)
    if top >= 1 << 32:
        return np.argsort(key, kind="stable")
    low = (key & 0xFFFF).astype(np.uint16)
    order = np.argsort(low, kind="stable")
    high = (key[order] >> 16).astype(np.uint16)
    return order[np.argsort(high, kind="stable")]


@dataclass
class PlayerStats:
    """Per-player totals of one stage, from the counted games only (rule MJ-7a..c inputs).

    Arrays are aligned: ``players[i]`` played ``games[i]`` games with ``tp12[i]`` TP and
    ``gp[i]`` GP; their best series has ``series_tp12[i]`` TP and ``series_gp[i]`` GP.
    """

    players: np.ndarray
    games: np.ndarray
    tp12: np.ndarray
    gp: np.ndarray
    series_tp12: np.ndarray
    series_gp: np.ndarray


def segment_stats(
    seg_players: np.ndarray,
    starts: np.ndarray,
    tp12: np.ndarray,
    gp: np.ndarray,
    series_length: int = 10,
) -> PlayerStats:
    """Rule MJ-7a over entries sorted by (player, own chronological order).

    ``starts`` are the first entry of each player's segment. The best series is the window of
    ``series_length`` consecutive games with the highest TP sum, then the highest GP sum; with
    fewer games it is all of them.
    """
    n = tp12.size
    if n == 0:
        empty = np.zeros(0, dtype=np.int64)
        return PlayerStats(seg_players, empty, empty, empty, empty, empty)
    length = series_length
    ends = np.append(starts[1:], n)
    counts = ends - starts
    cs_tp = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(tp12, out=cs_tp[1:])
    cs_gp = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(gp, out=cs_gp[1:])
    tp_total = cs_tp[ends] - cs_tp[starts]
    gp_total = cs_gp[ends] - cs_gp[starts]
    # window_key[i]: the window of ``length`` games ending at entry i, packed (TP, GP)
    window_key = np.full(n, _NO_WINDOW, dtype=np.int64)
    if n >= length:
        keys = cs_tp[length:] - cs_tp[:-length]
        keys <<= 40
        keys += cs_gp[length:]
        keys -= cs_gp[:-length]
        keys += SERIES_GP_OFFSET
        window_key[length - 1 :] = keys
        del keys
        # windows that would start in the previous player's (or stage's) segment
        crossing = (starts[:, None] + np.arange(length - 1)).ravel()
        window_key[crossing[crossing < n]] = _NO_WINDOW
    best = np.maximum.reduceat(window_key, starts)
    short = counts < length
    series_tp = np.where(short, tp_total, best >> 40)
    series_gp = np.where(short, gp_total, (best & _GP_MASK) - SERIES_GP_OFFSET)
    return PlayerStats(seg_players, counts, tp_total, gp_total, series_tp, series_gp)


def player_stats(tp12: np.ndarray, gp: np.ndarray, series_length: int = 10) -> tuple:
    """The stats of one player from their chronological games: (games, tp12, gp, s_tp, s_gp)."""
    stats = segment_stats(
        np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64),
        np.asarray(tp12, dtype=np.int64), np.asarray(gp, dtype=np.int64), series_length,
    )
    return (int(stats.games[0]), int(stats.tp12[0]), int(stats.gp[0]),
            int(stats.series_tp12[0]), int(stats.series_gp[0]))


@dataclass
class StageRanking:
    """One stage's table in MJ-7e order. Row ``i`` is ``players[i]``.

    ``result_num / result_den`` is the exact MJ-7d result; ``place`` is the MJ-7e place among
    all players of the stage (ties share the higher place); ``nr`` is the MJ-8 normalised
    rating (0 for players with fewer than ``min_games``); ``qualified`` marks the N players
    counted by MJ-8.
    """

    stage: int
    players: np.ndarray
    games: np.ndarray
    tp12: np.ndarray  # stage TP with MJ-6c penalties
    gp: np.ndarray  # stage GP with MJ-6b penalties
    series_tp12: np.ndarray
    series_gp: np.ndarray
    result_num: np.ndarray
    result_den: np.ndarray
    place: np.ndarray
    nr: np.ndarray
    qualified: np.ndarray
    value: np.ndarray  # the result as a float, for ordering only

    def result(self, row: int) -> Fraction:
        return Fraction(int(self.result_num[row]), int(self.result_den[row]))

    def __len__(self) -> int:
        return int(self.players.size)


def _shared_places(*keys_desc: np.ndarray) -> np.ndarray:
    """Competition places (1, 2, 2, 4) of rows already sorted best first on ``keys_desc``."""
    n = keys_desc[0].size if keys_desc else 0
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    change = np.zeros(n, dtype=bool)
    change[0] = True
    for key in keys_desc:
        change[1:] |= key[1:] != key[:-1]
    index = np.where(change, np.arange(n), 0)
    return np.maximum.accumulate(index) + 1


@dataclass(frozen=True)
class RankRules:
    """The settings the stage ranking reads; the defaults are the regulation's (with the
    [open] defaults of MJ-6 and MJ-8)."""

    series_length: int = 10  # rule MJ-7a
    min_games: int = 4  # rule MJ-8
    nr_rounding: str = "half-up"  # rule MJ-8 [open]: or "down"
    nr_places: str = "qualified"  # rule MJ-8 [open]: P among qualified players, or "all"
    tp_penalty_in_series: bool = False  # rule MJ-6c [open]: 6c lowers the series TP too
    gp_penalty_in_series: bool = False  # rule MJ-6b [open]: 6b lowers the series GP too


def normalised_rating(places: np.ndarray, n: int, rounding: str = "half-up") -> np.ndarray:
    """Rule MJ-8: NR = 1000 (N - P) / (N - 1), an integer rounded half up [open default]
    (or down), never below 0.

    The winner always gets 1000 (also when N = 1), the last of the N gets 0.
    """
    places = np.asarray(places, dtype=np.int64)
    if n <= 1:
        return np.full(places.size, 1000, dtype=np.int64)
    if rounding == "down":
        nr = (1000 * (n - places)) // (n - 1)
    else:  # floor(x + 1/2) with x = 1000 (N - P) / (N - 1), in integers
        nr = (2000 * (n - places) + (n - 1)) // (2 * (n - 1))
    return np.maximum(nr, 0)


def rank_stage(
    stage: int,
    stats: PlayerStats,
    tp_penalty12: np.ndarray | None = None,
    gp_penalty: np.ndarray | None = None,
    rules: RankRules = RankRules(),
) -> StageRanking:
    """Rules MJ-7b..e and MJ-8 for one stage.

    MJ-6c TP penalties (``tp_penalty12``, negative, aligned with ``stats.players``) lower the
    stage TP and so the stage average (MJ-7c), not the series; MJ-6b GP penalties lower the
    stage GP shown, not the series GP that breaks ties [open defaults of MJ-6; see
    :class:`RankRules` for the alternatives].

    The sort uses the result as a float: two results ``a/b`` and ``c/d`` with denominators
    below 2**26 (more than 250,000 games by one player in one stage) that differ, differ by more
    than 2**-52, and equal fractions give identical floats, so the order and the ties are exact.
    Fully tied rows share a place and are listed by player id.
    """
    n = stats.players.size
    tp_pen = tp_penalty12 if tp_penalty12 is not None else 0
    gp_pen = gp_penalty if gp_penalty is not None else 0
    tp = stats.tp12 + tp_pen
    gp = stats.gp + gp_pen
    s_tp = stats.series_tp12 + (tp_pen if rules.tp_penalty_in_series else 0)
    s_gp = stats.series_gp + (gp_pen if rules.gp_penalty_in_series else 0)
    num, den = result_fraction(s_tp, stats.games, tp, rules.series_length)
    value = num / den
    order = (np.lexsort((stats.players, -stats.games, -s_gp, -value)) if n
             else np.zeros(0, dtype=np.int64))
    return _finish(stage, stats.players[order], stats.games[order], tp[order], gp[order],
                   s_tp[order], s_gp[order], num[order], den[order], value[order], rules)


def result_fraction(series_tp12: Any, games: Any, tp12: Any, series_length: int) -> tuple:
    """Rule MJ-7b..d: result = (S/L + T/max(g, L)) / 2 with S, T in twelfths, as num / den."""
    m = np.maximum(games, series_length)
    return (series_tp12 * m + series_length * tp12, 2 * series_length * TP_DEN * m)


def _finish(stage: int, players: np.ndarray, games: np.ndarray, tp: np.ndarray, gp: np.ndarray,
            s_tp: np.ndarray, s_gp: np.ndarray, num: np.ndarray, den: np.ndarray,
            value: np.ndarray, rules: RankRules) -> StageRanking:
    """Places (MJ-7e) and NR (MJ-8) of rows already in order."""
    place = _shared_places(value, s_gp, games)
    qualified = games >= rules.min_games
    nr = np.zeros(players.size, dtype=np.int64)
    q_rows = np.flatnonzero(qualified)
    if q_rows.size == players.size:
        nr = normalised_rating(place, int(players.size), rules.nr_rounding)
    elif q_rows.size:
        q_place = (place[q_rows] if rules.nr_places == "all"
                   else _shared_places(value[q_rows], s_gp[q_rows], games[q_rows]))
        nr[q_rows] = normalised_rating(q_place, int(q_rows.size), rules.nr_rounding)
    g = np.gcd(num, den)
    return StageRanking(stage, players, games, tp, gp, s_tp, s_gp, num // g, den // g, place,
                        nr, qualified, value)


def rerank_changed(old: StageRanking, rows: list[tuple[int, int, int, int, int, int]],
                   rules: RankRules = RankRules()) -> StageRanking:
    """:func:`rank_stage` after a few players' stats changed (a new game): the changed rows
    ``(player, games, tp12, gp, series_tp12, series_gp)``, penalties included, are taken out
    and put back at their place by binary search, instead of sorting the whole stage again."""
    changed = np.array([r[0] for r in rows], dtype=old.players.dtype)
    keep = ~np.isin(old.players, changed)
    players, games = old.players[keep], old.games[keep]
    s_gp, value = old.series_gp[keep], old.value[keep]
    new = []
    for player, g, tp, gp, s_tp, sgp in rows:
        num, den = result_fraction(s_tp, g, tp, rules.series_length)
        new.append((-(num / den), -sgp, -g, player, num, den, tp, gp, s_tp))
    new.sort()
    positions = [
        bisect.bisect_left(range(players.size), key[:4],
                           key=lambda i: (-value[i], -s_gp[i], -games[i], players[i]))
        for key in new
    ]

    def put(array: np.ndarray, column: list) -> np.ndarray:
        return np.insert(array, positions, column)

    return _finish(
        old.stage, put(players, [r[3] for r in new]), put(games, [-r[2] for r in new]),
        put(old.tp12[keep], [r[6] for r in new]), put(old.gp[keep], [r[7] for r in new]),
        put(old.series_tp12[keep], [r[8] for r in new]), put(s_gp, [-r[1] for r in new]),
        put(old.result_num[keep], [r[4] for r in new]),
        put(old.result_den[keep], [r[5] for r in new]), put(value, [-r[0] for r in new]),
        rules,
    )


@dataclass
class Total:
    """The marathon total (rules MJ-9, MJ-10), rows in final order.

    ``nr``, ``games``, ``played`` have one column per stage; ``dropped`` is the dropped stage's
    index (0-based) or -1. :meth:`result_sum` gives the exact MJ-10 second criterion of a row.
    """

    players: np.ndarray
    sn: np.ndarray
    nr: np.ndarray
    played: np.ndarray
    dropped: np.ndarray
    games: np.ndarray  # per stage
    total_games: np.ndarray
    place: np.ndarray
    num: np.ndarray
    den: np.ndarray

    def result_sum(self, row: int) -> Fraction:
        return _exact_sum(self.num, self.den, self.played, self.dropped, row)

    def result_sums(self) -> list[Fraction]:
        """Every row's :meth:`result_sum`, in integers where the denominators allow."""
        counted = self.played.copy()
        has_drop = self.dropped >= 0
        counted[np.flatnonzero(has_drop), self.dropped[has_drop]] = False
        nums = np.where(counted, self.num, 0)
        dens = np.where(counted, self.den, 1)
        fits_cell = _COMMON_DEN % dens == 0
        scaled = (nums * (_COMMON_DEN // np.where(fits_cell, dens, 1))).sum(axis=1)
        fits = fits_cell.all(axis=1)
        g = np.gcd(scaled, _COMMON_DEN)
        top, bottom = (scaled // g).tolist(), (_COMMON_DEN // g).tolist()
        cache: dict[tuple[int, int], Fraction] = {}
        out = []
        for row, ok in enumerate(fits.tolist()):
            if ok:
                key = (top[row], bottom[row])
                value = cache.get(key)
                if value is None:
                    value = cache[key] = Fraction(*key)
                out.append(value)
            else:
                out.append(self.result_sum(row))
        return out

    def __len__(self) -> int:
        return int(self.players.size)


def _exact_sum(num: np.ndarray, den: np.ndarray, played: np.ndarray, dropped: np.ndarray,
               row: int) -> Fraction:
    return sum(
        (Fraction(int(num[row, c]), int(den[row, c]))
         for c in range(num.shape[1]) if played[row, c] and c != dropped[row]),
        Fraction(0),
    )


# Results of players with up to 12 games (m = 10 or 12) have denominators dividing this.
_COMMON_DEN = 2 * 10 * TP_DEN * 27720


def _exact_rank(nums: np.ndarray, dens: np.ndarray) -> np.ndarray:
    """A rank of the exact row sums of fractions (equal sums, equal rank).

    Integer arithmetic when every denominator divides :data:`_COMMON_DEN` (players with at
    most 12 games in each stage: the usual case in a near-tie); Fractions otherwise."""
    fits_cell = _COMMON_DEN % dens == 0
    fits = fits_cell.all(axis=1)
    scaled = (nums * (_COMMON_DEN // np.where(fits_cell, dens, 1))).sum(axis=1)
    if fits.all():
        return scaled
    distinct, inverse = np.unique(scaled[fits], return_inverse=True)
    values = [Fraction(int(v), _COMMON_DEN) for v in distinct]
    rows = np.flatnonzero(~fits)
    odd = [sum((Fraction(int(a), int(b)) for a, b in zip(nums[r], dens[r], strict=True)),
               Fraction(0)) for r in rows]
    rank_of = {value: r for r, value in enumerate(sorted(set(values) | set(odd)))}
    rank = np.zeros(nums.shape[0], dtype=np.int64)
    rank[fits] = np.array([rank_of[v] for v in values], dtype=np.int64)[np.ravel(inverse)]
    rank[rows] = [rank_of[v] for v in odd]
    return rank


def _union(stages: Sequence[StageRanking]) -> tuple[np.ndarray, Any]:
    """The players of all stages, ascending, and the function giving their rows.

    Player ids are the event's own small positive numbers, so a table of marks indexed by id
    finds them in one pass (20 times faster than sorting the stages' players together and
    searching each stage's in them); ids spread far beyond the players' count fall back to
    the sort."""
    if not stages:
        return np.zeros(0, dtype=np.int64), lambda ids: np.zeros(0, dtype=np.int64)
    every = np.concatenate([s.players for s in stages])
    if every.size and every.min() >= 0 and every.max() < 4 * every.size + (1 << 20):
        seen = np.zeros(int(every.max()) + 1, dtype=bool)
        seen[every] = True
        row_of = np.cumsum(seen) - 1
        return np.flatnonzero(seen), lambda ids: row_of[ids]
    players = np.unique(every)
    return players, lambda ids: np.searchsorted(players, ids)


def total_standings(stages: Sequence[StageRanking], stage_count: int) -> Total:
    """Rules MJ-9 and MJ-10 from the stage rankings.

    SN is the sum of stage NR; a player who played every stage of a calendar of 2 or more
    stages ("played" = at least one counted game) drops the worst: lowest NR, then
    lowest stage result (MJ-7d), then fewer games, then (for determinism) the earliest stage.
    The order is SN, then the sum of the stage results over the counted stages, then total
    games (all stages), all descending; players equal on all three share a place.
    """
    k = stage_count
    players, rows_of = _union(stages)
    p = players.size
    nr = np.zeros((p, k), dtype=np.int64)
    games = np.zeros((p, k), dtype=np.int64)
    played = np.zeros((p, k), dtype=bool)
    num = np.zeros((p, k), dtype=np.int64)
    den = np.ones((p, k), dtype=np.int64)
    for s in stages:
        col = s.stage - 1
        rows = rows_of(s.players)
        nr[rows, col] = s.nr
        games[rows, col] = s.games
        played[rows, col] = s.games > 0
        num[rows, col] = s.result_num
        den[rows, col] = s.result_den
    value = num / den
    # a one-stage calendar has nothing to drop
    all_played = played.all(axis=1) if k > 1 else np.zeros(p, dtype=bool)
    dropped = np.full(p, -1, dtype=np.int64)
    if all_played.any():
        rows = np.flatnonzero(all_played)
        cells_r = np.repeat(rows, k)
        cells_c = np.tile(np.arange(k), rows.size)
        order = np.lexsort((cells_c, games[cells_r, cells_c], value[cells_r, cells_c],
                            nr[cells_r, cells_c], cells_r))
        first = order[::k]  # per player (sorted by row first), the worst stage
        dropped[cells_r[first]] = cells_c[first]
    counted = played.copy()
    has_drop = dropped >= 0
    counted[np.flatnonzero(has_drop), dropped[has_drop]] = False
    sn = np.where(counted, nr, 0).sum(axis=1)
    rsum = np.where(counted, value, 0.0).sum(axis=1)
    total_games = games.sum(axis=1)
    order = np.lexsort((players, -total_games, -rsum, -sn))

    # The float sum of up to 5 fractions may misorder near-equal sums or split exact ties:
    # every run of rows with equal SN and float sums within 1e-9 is re-sorted exactly. Rows of
    # a run mostly share the same stage results, so each distinct set of results is summed
    # exactly once (as Fractions) and the run is re-sorted on the rank of that exact sum.
    sn_o, rs_o = sn[order], rsum[order]
    near = (sn_o[1:] == sn_o[:-1]) & (np.abs(rs_o[1:] - rs_o[:-1]) < 1e-9)
    same_run = np.zeros(order.size, dtype=bool)  # row i is in the same run as row i - 1
    same_run[1:] = near
    exact_rank = np.zeros(order.size, dtype=np.int64)
    if near.any():
        in_run = same_run.copy()
        in_run[:-1] |= near
        pos = np.flatnonzero(in_run)
        run_id = np.cumsum(~same_run)[pos]
        rows = order[pos]
        cnum = np.where(counted[rows], num[rows], 0)
        cden = np.where(counted[rows], den[rows], 1)
        rank = _exact_rank(cnum, cden)
        sub = np.lexsort((players[rows], -total_games[rows], -rank, run_id))
        order = order.copy()
        order[pos] = rows[sub]
        exact_rank[pos] = rank[sub]
    g_o, sn_o = total_games[order], sn[order]
    change = np.ones(order.size, dtype=bool)
    change[1:] = ((sn_o[1:] != sn_o[:-1]) | (g_o[1:] != g_o[:-1]) | ~same_run[1:]
                  | (exact_rank[1:] != exact_rank[:-1]))
    place = np.maximum.accumulate(np.where(change, np.arange(order.size), 0)) + 1
    return Total(players[order], sn[order], nr[order], played[order], dropped[order],
                 games[order], total_games[order], place, num[order], den[order])
