"""A plain numpy calculation of a marathon's standings (regulation MJ), the yardstick of the
book's full recompute in ``bench/marathon.py`` and ``bench/marathon_cli.py``.

It reads the same stored columns as ``MarathonBook`` (start, microseconds, players, TP in
twelfths, GP, the rows in game-id order) and does the regulation's calculation with nothing
but numpy: chronological order (MJ-7a, ties by game id), each player's stage totals and best
series of ``L`` games (MJ-7a..d), the stage places and NR (MJ-7e, MJ-8), the total with the
worst stage dropped (MJ-9, MJ-10). It orders on floats and skips what the book adds for
exactness and for the other settings (exact sums of tied results, penalties, disqualified
games and players, guests): with none of those in the simulated year, its top of the total
must equal the book's, which the bench checks.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def _places(*keys: np.ndarray) -> np.ndarray:
    n = keys[0].size
    change = np.zeros(n, dtype=bool)
    if n:
        change[0] = True
    for key in keys:
        change[1:] |= key[1:] != key[:-1]
    return np.maximum.accumulate(np.where(change, np.arange(n), 0)) + 1


def _nr(places: np.ndarray, n: int) -> np.ndarray:
    if n <= 1:
        return np.full(places.size, 1000, dtype=np.int64)
    return np.maximum((2000 * (n - places) + (n - 1)) // (2 * (n - 1)), 0)


def standings(start: np.ndarray, usec: np.ndarray, players: np.ndarray, tp12: np.ndarray,
              gp: np.ndarray, by_id: np.ndarray, bounds: Sequence[tuple[int, int]],
              length: int = 10, min_games: int = 4) -> tuple[np.ndarray, np.ndarray]:
    """The total's players and SN, best first."""
    key = (start - start.min()) * 1_000_000 + usec
    chrono = by_id[np.argsort(key[by_id], kind="stable")]
    lo = np.array([b[0] for b in bounds])
    hi = np.array([b[1] for b in bounds])
    at = np.searchsorted(lo, start[chrono], side="right") - 1
    stage = np.where((at >= 0) & (start[chrono] < hi[np.clip(at, 0, None)]), at + 1, 0)
    e_player = players[chrono].ravel().astype(np.int64)
    e_stage = np.repeat(stage, 4)
    e_tp = tp12[chrono].ravel()
    e_gp = gp[chrono].ravel()
    keep = e_stage > 0
    e_player, e_stage, e_tp, e_gp = e_player[keep], e_stage[keep], e_tp[keep], e_gp[keep]
    # a stable sort by player keeps each player's games in time order, so their stages (time
    # ranges) are contiguous; numpy sorts 16-bit keys stably by radix
    small = np.uint16 if e_player.max() < 1 << 16 else np.uint32
    order = np.argsort(e_player.astype(small), kind="stable")
    seg_key = e_player[order] * 8 + e_stage[order]
    e_tp, e_gp = e_tp[order], e_gp[order]
    n = seg_key.size
    starts = np.flatnonzero(np.r_[True, seg_key[1:] != seg_key[:-1]])
    games = np.diff(np.r_[starts, n])
    cs_tp = np.r_[0, np.cumsum(e_tp, dtype=np.int64)]
    cs_gp = np.r_[0, np.cumsum(e_gp, dtype=np.int64)]
    tp = cs_tp[starts + games] - cs_tp[starts]
    gps = cs_gp[starts + games] - cs_gp[starts]
    window = np.full(n, np.iinfo(np.int64).min)
    if n >= length:
        window[length - 1:] = (((cs_tp[length:] - cs_tp[:-length]) << 40)
                               + (cs_gp[length:] - cs_gp[:-length]) + (1 << 39))
        inside = np.arange(n) - np.repeat(starts, games) >= length - 1
        window[~inside] = np.iinfo(np.int64).min
    best = np.maximum.reduceat(window, starts)
    short = games < length
    s_tp = np.where(short, tp, best >> 40)
    s_gp = np.where(short, gps, (best & ((1 << 40) - 1)) - (1 << 39))
    m = np.maximum(games, length)
    value = (s_tp * m + length * tp) / (2 * length * 12 * m)
    seg_player, seg_stage = seg_key[starts] // 8, seg_key[starts] % 8
    k = len(bounds)
    all_players = np.unique(seg_player)
    row = np.searchsorted(all_players, seg_player)
    nr = np.zeros((all_players.size, k), dtype=np.int64)
    res = np.zeros((all_players.size, k))
    cnt = np.zeros((all_players.size, k), dtype=np.int64)
    for s in range(1, k + 1):
        sel = np.flatnonzero(seg_stage == s)
        o = sel[np.lexsort((seg_player[sel], -games[sel], -s_gp[sel], -value[sel]))]
        q = o[games[o] >= min_games]
        nr[row[q], s - 1] = _nr(_places(value[q], s_gp[q], games[q]), q.size)
        res[row[o], s - 1] = value[o]
        cnt[row[o], s - 1] = games[o]
    played = cnt > 0
    counted = played.copy()
    full = played.all(axis=1) if k > 1 else np.zeros(all_players.size, dtype=bool)
    r = np.flatnonzero(full)
    cells_r, cells_c = np.repeat(r, k), np.tile(np.arange(k), r.size)
    worst = np.lexsort((cells_c, cnt[cells_r, cells_c], res[cells_r, cells_c],
                        nr[cells_r, cells_c], cells_r))[::k]
    counted[cells_r[worst], cells_c[worst]] = False
    sn = np.where(counted, nr, 0).sum(axis=1)
    rsum = np.where(counted, res, 0.0).sum(axis=1)
    total_games = cnt.sum(axis=1)
    final = np.lexsort((all_players, -total_games, -rsum, -sn))
    return all_players[final], sn[final]
