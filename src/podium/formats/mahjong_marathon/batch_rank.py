"""The stage table (rules MJ-7b..e, MJ-8) and the year's total (MJ-9, MJ-10) of many simulated
trials at once, for the projections (:mod:`.odds`).

:func:`.scoring.rank_stage` and :func:`.scoring.total_standings` rank one table; a projection
ranks thousands of versions of the same stage that differ only in the stage's TP and GP. Here
the same rules run on one row per trial: the same result fraction
(:func:`.scoring.result_fraction`), the same MJ-7e order and shared places, the same
normalised rating (:func:`.scoring.normalised_rating`), the same dropped stage and total
order. The float sum of stage results that orders the total can misorder near-equal sums;
:func:`total_top` reports the trials where such a near tie reaches the first four rows, and
those are ranked again by :func:`.scoring.total_standings` itself. Tests compare both ways on
random trials (tests/formats/mahjong_marathon/test_odds.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from podium.formats.mahjong_marathon.scoring import (
    RankRules,
    StageRanking,
    normalised_rating,
    result_fraction,
)

NEAR = 1e-9  # total_standings' own threshold for an exact re-sort of result sums


def _places(order_keys_desc: Sequence[np.ndarray], players: np.ndarray) -> np.ndarray:
    """Competition places (1, 2, 2, 4) of each column, per row, by keys best-first (each
    ``(trials, players)``); fully tied columns share the higher place."""
    rows, width = order_keys_desc[0].shape
    if not width:
        return np.zeros((rows, 0), dtype=np.int64)
    tiebreak = np.broadcast_to(players, (rows, width))
    order = np.lexsort((tiebreak, *(-k for k in reversed(order_keys_desc))), axis=-1)
    change = np.zeros((rows, width), dtype=bool)
    change[:, 0] = True
    for key in order_keys_desc:
        ordered = np.take_along_axis(key, order, axis=1)
        change[:, 1:] |= ordered[:, 1:] != ordered[:, :-1]
    sorted_place = np.maximum.accumulate(np.where(change, np.arange(width), 0), axis=1) + 1
    place = np.empty_like(sorted_place)
    np.put_along_axis(place, order, sorted_place, axis=1)
    return place


@dataclass
class StageRows:
    """A batch's stage tables: per trial and stage player, the MJ-7e place, the MJ-8 NR and
    the exact result ``num / den`` (with its float ``value``)."""

    place: np.ndarray
    nr: np.ndarray
    num: np.ndarray
    den: np.ndarray
    value: np.ndarray


def stage_rows(players: np.ndarray, games: np.ndarray, tp12: np.ndarray, gp: np.ndarray,
               series_tp12: np.ndarray, series_gp: np.ndarray, tp_penalty: np.ndarray,
               gp_penalty: np.ndarray, rules: RankRules) -> StageRows:
    """:func:`.scoring.rank_stage` for each row of ``tp12``... (``games`` and the penalties:
    one value per player, the same in every trial)."""
    tp = tp12 + tp_penalty
    s_tp = series_tp12 + (tp_penalty if rules.tp_penalty_in_series else 0)
    s_gp = series_gp + (gp_penalty if rules.gp_penalty_in_series else 0)
    games_b = np.broadcast_to(games, tp.shape)
    num, den = result_fraction(s_tp, games_b, tp, rules.series_length)
    value = num / den
    place = _places((value, s_gp, games_b), players)
    nr = np.zeros(place.shape, dtype=np.int64)
    qualified = games >= rules.min_games
    count = int(qualified.sum())
    if count:
        if count == players.size:
            q_place = place
        elif rules.nr_places == "all":
            q_place = place[:, qualified]
        else:
            q_place = _places((value[:, qualified], s_gp[:, qualified],
                               games_b[:, qualified]), players[qualified])
        rated = normalised_rating(q_place.ravel(), count, rules.nr_rounding)
        nr[:, qualified] = rated.reshape(q_place.shape)
    return StageRows(place, nr, num, den, value)


@dataclass
class TotalFrame:
    """The year's other stages, fixed while the current one is played: one row per player of
    any stage (``players``, ascending), one column per stage."""

    players: np.ndarray
    nr: np.ndarray
    games: np.ndarray
    value: np.ndarray
    played: np.ndarray
    current: int  # the column of the stage being played
    rows: np.ndarray  # the row of each of the current stage's players


def total_frame(stages: Sequence[StageRanking], stage_count: int, current: int,
                current_players: np.ndarray, current_games: np.ndarray) -> TotalFrame:
    every = [s.players for s in stages] + [current_players]
    players = np.unique(np.concatenate(every)).astype(np.int64) if every else np.zeros(0)
    p = players.size
    nr = np.zeros((p, stage_count), dtype=np.int64)
    games = np.zeros((p, stage_count), dtype=np.int64)
    value = np.zeros((p, stage_count), dtype=np.float64)
    for s in stages:
        if s.stage == current:
            continue
        rows = np.searchsorted(players, s.players)
        nr[rows, s.stage - 1] = s.nr
        games[rows, s.stage - 1] = s.games
        value[rows, s.stage - 1] = s.value
    rows = np.searchsorted(players, current_players)
    games[rows, current - 1] = current_games
    return TotalFrame(players, nr, games, value, games > 0, current - 1, rows)


def total_top(frame: TotalFrame, stage: StageRows, top: int = 3
              ) -> tuple[np.ndarray, np.ndarray]:
    """Per trial, the players at places 1..``top`` of the total (``(trials, top)`` player
    indexes into ``frame.players``, in order, with their places), and which trials have a
    near tie of result sums among the first ``top + 1`` rows (to be ranked exactly)."""
    trials = stage.nr.shape[0]
    nr = np.broadcast_to(frame.nr, (trials, *frame.nr.shape)).copy()
    value = np.broadcast_to(frame.value, (trials, *frame.value.shape)).copy()
    nr[:, frame.rows, frame.current] = stage.nr
    value[:, frame.rows, frame.current] = stage.value
    games = frame.games
    k = games.shape[1]
    all_played = frame.played.all(axis=1) if k > 1 else np.zeros(games.shape[0], dtype=bool)
    # rule MJ-9: the dropped stage is the lowest NR, then result, then games, then earliest
    candidate = nr == nr.min(axis=2, keepdims=True)
    low_value = np.where(candidate, value, np.inf)
    candidate &= low_value == low_value.min(axis=2, keepdims=True)
    low_games = np.where(candidate, games, np.iinfo(np.int64).max)
    candidate &= low_games == low_games.min(axis=2, keepdims=True)
    dropped = np.argmax(candidate, axis=2)
    counted = np.broadcast_to(frame.played, nr.shape).copy()
    drop_rows = np.flatnonzero(all_played)
    if drop_rows.size:
        t_index = np.repeat(np.arange(trials), drop_rows.size)
        r_index = np.tile(drop_rows, trials)
        counted[t_index, r_index, dropped[:, drop_rows].ravel()] = False
    sn = np.where(counted, nr, 0).sum(axis=2)
    rsum = np.where(counted, value, 0.0).sum(axis=2)
    total_games = np.broadcast_to(games.sum(axis=1), sn.shape)
    players = np.broadcast_to(frame.players, sn.shape)
    order = np.lexsort((players, -total_games, -rsum, -sn), axis=-1)[:, :top + 1]
    sn_o = np.take_along_axis(sn, order, axis=1)
    rs_o = np.take_along_axis(rsum, order, axis=1)
    near = ((sn_o[:, 1:] == sn_o[:, :-1]) & (np.abs(rs_o[:, 1:] - rs_o[:, :-1]) < NEAR))
    return order[:, :top], near.any(axis=1)
