"""Commander's rounds played many times at once: the arrays behind its projections.

Every trial (a row) holds each player's record as integers: points scaled to a common
denominator, the elimination sum doubled (a shared order is a half, rule CMD-3a), wins, games
and byes; the meetings of the rounds played so far are one matrix shared by every trial, the
simulated rounds' pods are kept per trial, so the opponents' win ratio (CMD-3b) is computed
exactly as the engine pools it. Pairing follows the engine: standings order (CMD-3, the
seeded draw CMD-3c as the engine draws it), byes to the lowest among the fewest byes (CMD-8),
pods filled by standings (CMD-6), a pod repeating one of the previous round swapped by the
engine's own function (CMD-7). ``tests/formats/commander/test_odds_engine.py`` plays random
states through both and compares pods, points and tiebreaks.

A game ends in a finishing order (place 1 wins): every order equally likely, or by the
players' strengths (Plackett-Luce: a weight ``exp(strength)`` each, drawn by the Gumbel
trick). Simulated games have no draws; a drawn pod is played only where asked (what a player
needs).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import permutations
from typing import Any

import numpy as np

from podium.core.model import EventState, PlayerId, Round
from podium.core.records import build_records
from podium.core.rng import derive_seed
from podium.pairing import apply_repeat_swaps, plan_pod_sizes

Array = Any  # numpy arrays (numpy's own types add nothing to these shapes)


@dataclass
class Base:
    """What every trial shares: the players (index order = id order), the records of the
    Swiss rounds so far and the settings that decide pairing and scoring."""

    ids: list[PlayerId]
    index: dict[PlayerId, int]
    active: Array  # bool (N,)
    scale: int  # points are stored times this
    points: Array  # int64 (N,), scaled
    osum: Array  # int64 (N,), doubled
    wins: Array
    games: Array
    byes: Array
    met: Array  # int64 (N, N): meetings in the Swiss rounds with a result
    draw: Array  # int64 (N,): rank of the seeded draw (CMD-3c), higher ranks higher
    score: Array  # int64 (N,): rank of the score sum (constant here)
    tiebreakers: tuple[str, ...]
    pod_size: int
    bye_policy: str
    win: int
    loss: int
    drawn: int  # a draw survivor's points (CMD-13), scaled
    bye_points: int
    bye_order: int  # doubled
    log_weight: Array  # float (N,): a strength each (0: every finish equally likely)
    given: dict[int, set[int]] = field(default_factory=dict)  # round -> advance byes

    @property
    def size(self) -> int:
        return len(self.ids)


def base_of(state: EventState, swiss: Sequence[Round], given: Mapping[int, set[PlayerId]],
            log_weight: Mapping[PlayerId, float] | None = None) -> Base:
    settings = state.settings
    ids = sorted(state.players)
    index = {pid: i for i, pid in enumerate(ids)}
    records = build_records(state.players, swiss)
    awards = [settings.win_points, settings.loss_points, settings.draw_points,
              settings.bye_points, *(Fraction(records[p].points) for p in ids)]
    scale = math.lcm(*(Fraction(a).denominator for a in awards))
    n = len(ids)
    met = np.zeros((n, n), dtype=np.int64)
    for i, pid in enumerate(ids):
        for other in records[pid].opponents:
            if other in index:
                met[i, index[other]] += 1
    draws = [derive_seed(state.seed, "tiebreak", pid) for pid in ids]
    scores = [records[p].score_sum for p in ids]

    def column(values: Sequence[Any]) -> Array:
        return np.array([int(Fraction(v) * scale) for v in values], dtype=np.int64)

    return Base(
        ids=ids, index=index,
        active=np.array([not state.players[p].dropped for p in ids], dtype=bool),
        scale=scale, points=column([records[p].points for p in ids]),
        osum=np.array([int(Fraction(records[p].order_sum) * 2) for p in ids], dtype=np.int64),
        wins=np.array([records[p].wins for p in ids], dtype=np.int64),
        games=np.array([records[p].games for p in ids], dtype=np.int64),
        byes=np.array([records[p].byes for p in ids], dtype=np.int64),
        met=met, draw=_ranks(draws), score=_ranks(scores),
        tiebreakers=tuple(settings.tiebreakers), pod_size=settings.pod_size,
        bye_policy=settings.bye_policy,
        win=int(settings.win_points * scale), loss=int(settings.loss_points * scale),
        drawn=int(settings.draw_points * scale), bye_points=int(settings.bye_points * scale),
        bye_order=2 * settings.pod_size,
        log_weight=np.array([float((log_weight or {}).get(p, 0.0)) for p in ids]),
        given={number: {index[p] for p in players if p in index}
               for number, players in given.items()})


def _ranks(values: Sequence[Any]) -> Array:
    """Each value's rank among them (equal values equal ranks), as int64: the order of any
    exact values without their size."""
    distinct = {v: r for r, v in enumerate(sorted(set(values)))}
    return np.array([distinct[v] for v in values], dtype=np.int64)


@dataclass
class Played:
    """One simulated round's pods: ``members`` (T, S) the seated players pod after pod,
    ``sizes`` the pods' sizes (the same in every trial)."""

    members: Array
    sizes: tuple[int, ...]

    @property
    def starts(self) -> Array:
        return np.concatenate(([0], np.cumsum(self.sizes)[:-1])).astype(np.int64)


@dataclass
class Batch:
    """``trials`` rows of records, from the base's, with the rounds simulated so far."""

    base: Base
    trials: int
    points: Array
    osum: Array
    wins: Array
    games: Array
    byes: Array
    rounds: list[Played] = field(default_factory=list)
    previous: list[list[int]] | Played | None = None  # the previous round's pods (CMD-7)

    @classmethod
    def start(cls, base: Base, trials: int, previous: list[list[int]] | None) -> Batch:
        def tile(column: Array) -> Array:
            return np.tile(column, (trials, 1))

        return cls(base, trials, tile(base.points), tile(base.osum), tile(base.wins),
                   tile(base.games), tile(base.byes), previous=previous)

    # -- standings (CMD-3) ---------------------------------------------------------------------
    def opponents(self) -> tuple[Array, Array]:
        """Each player's opponents' wins and games, summed per meeting (CMD-3b)."""
        wins = self.wins @ self.base.met.T
        games = self.games @ self.base.met.T
        for played in self.rounds:
            for column, out in ((self.wins, wins), (self.games, games)):
                mine = np.take_along_axis(column, played.members, axis=1)
                sums = np.add.reduceat(mine, played.starts, axis=1)
                mates = np.repeat(sums, played.sizes, axis=1) - mine
                added = np.zeros_like(out)
                np.put_along_axis(added, played.members, mates, axis=1)
                out += added
        return wins, games

    def criteria(self, draw: Array | None = None) -> list[Array]:
        """The standings' columns, best highest: points, then the tiebreakers in order
        (``draw``: a draw of each trial's own in place of the event's seeded one)."""
        owp: Array | None = None
        out = []
        for name in ("points", *self.base.tiebreakers):
            if name == "points":
                out.append(self.points)
            elif name == "elimination_sum":
                out.append(self.osum)
            elif name == "wins":
                out.append(self.wins)
            elif name == "opponents_win_pct":
                if owp is None:
                    won, played = self.opponents()
                    # a ratio of small integers: two doubles are equal exactly when the ratios
                    # are, and ordered as they are
                    owp = np.divide(won, played, out=np.zeros(won.shape), where=played > 0)
                out.append(owp)
            elif name == "score_sum":
                out.append(np.broadcast_to(self.base.score, self.points.shape))
            elif name == "random":
                out.append(np.broadcast_to(self.base.draw, self.points.shape)
                           if draw is None else draw)
            else:
                raise ValueError(f"tiebreaker {name!r} is not simulated")
        return out

    def order(self, excluded: Array | None = None, draw: Array | None = None
              ) -> tuple[Array, int, list[Array]]:
        """Each trial's players best first (the active ones, less ``excluded``, first), how
        many of them count, and the criteria's columns."""
        columns = self.criteria(draw)
        out = ~self.base.active if excluded is None else ~self.base.active | excluded
        shape = self.points.shape
        ids = np.broadcast_to(np.arange(self.base.size), shape)
        keys = [ids, *(-np.asarray(c) for c in reversed(columns)),
                np.broadcast_to(out, shape)]
        return np.lexsort(keys, axis=-1), int((~out).sum()), columns

    # -- a round -------------------------------------------------------------------------------
    def pair(self, number: int) -> tuple[Played, Array]:
        """Round ``number`` paired as the engine pairs a Swiss round after the first: the
        pods (CMD-6, CMD-7) and the players sitting out (CMD-8, and byes given in advance),
        a bool (T, N)."""
        base = self.base
        given = np.zeros(base.size, dtype=bool)
        given[list(base.given.get(number, ()))] = True
        order, count, _columns = self.order(given)
        order = order[:, :count]
        plan = plan_pod_sizes(count, base.pod_size, base.bye_policy)
        rows = np.arange(self.trials)[:, None]
        sitting = np.zeros((self.trials, base.size), dtype=bool)
        sitting[:, given] = True
        seated = order
        if plan.byes:
            # rule CMD-8: the lowest in the standings among those with the fewest byes
            had = np.take_along_axis(self.byes, order, axis=1)
            key = had * (count + 1) - np.arange(count)
            chosen = np.argsort(key, axis=1, kind="stable")[:, :plan.byes]
            out = np.zeros((self.trials, count), dtype=bool)
            out[rows, chosen] = True
            sitting[rows, np.take_along_axis(order, chosen, axis=1)] = True
            seated = order[~out].reshape(self.trials, count - plan.byes)
        played = Played(np.ascontiguousarray(seated), plan.sizes)
        if self.previous is not None:
            self._swap_repeats(played, order)
        return played, sitting

    def _swap_repeats(self, played: Played, order: Array) -> None:
        """Rule CMD-7: the trials where a pod repeats one of the previous round are paired
        again by the engine's own swap (rare: once standings differ, pods rarely repeat)."""
        previous = self.previous
        where = np.full((self.trials, self.base.size), -1, dtype=np.int64)
        if isinstance(previous, Played):
            pod_of = np.repeat(np.arange(len(previous.sizes)), previous.sizes)
            np.put_along_axis(where, previous.members, np.broadcast_to(
                pod_of, previous.members.shape), axis=1)
            previous_sizes = np.array(previous.sizes)
        else:
            assert previous is not None
            for pod, players in enumerate(previous):
                where[:, players] = pod
            previous_sizes = np.array([len(p) for p in previous] or [0])
        repeats = np.zeros(self.trials, dtype=bool)
        for start, size in zip(played.starts.tolist(), played.sizes, strict=True):
            found = np.take_along_axis(where, played.members[:, start:start + size], axis=1)
            first = found[:, 0]
            repeats |= ((found == first[:, None]).all(axis=1) & (first >= 0)
                        & (previous_sizes[np.maximum(first, 0)] == size))
        for trial in np.flatnonzero(repeats).tolist():
            rank = {int(p): r for r, p in enumerate(order[trial].tolist(), start=1)}
            if isinstance(previous, Played):
                tables = _split(previous.members[trial].tolist(), previous.sizes)
            else:
                tables = [list(p) for p in previous or []]
            pods = _split(played.members[trial].tolist(), played.sizes)
            swapped = apply_repeat_swaps(pods, tables, rank)
            played.members[trial] = [p for pod in swapped.pods for p in pod]

    def play(self, played: Played, places: Array, sitting: Array | None = None,
             drawn: int | None = None) -> None:
        """Score one round: ``places`` (T, S) each seat's place in its pod (1 wins, rule
        CMD-2; the last place was eliminated first, order 1, CMD-3a); ``sitting`` the byes
        (CMD-9); ``drawn``: that pod ends in a draw every player survives (CMD-13, the
        survivors' orders by turn order, CMD-4b: ``members`` in seat order)."""
        base = self.base
        sizes = np.repeat(np.array(played.sizes, dtype=np.int64), played.sizes)
        won = places == 1
        points = np.where(won, base.win, base.loss)
        orders = 2 * (sizes[None, :] - places + 1)
        wins = won.astype(np.int64)
        if drawn is not None:
            start = int(played.starts[drawn])
            size = played.sizes[drawn]
            cut = slice(start, start + size)
            points[:, cut] = base.drawn
            orders[:, cut] = 2 * np.arange(1, size + 1)
            wins[:, cut] = 0
        for column, add in ((self.points, points), (self.osum, orders), (self.wins, wins),
                            (self.games, np.ones_like(wins))):
            delta = np.zeros_like(column)
            np.put_along_axis(delta, played.members, add, axis=1)
            column += delta
        if sitting is not None:
            self.points += sitting * base.bye_points
            self.osum += sitting * base.bye_order
            self.byes += sitting
        self.rounds.append(played)
        self.previous = played

    # -- results -------------------------------------------------------------------------------
    def places(self, played: Played, rng: np.random.Generator,
               fixed: tuple[int, int] | None = None) -> Array:
        """A finishing order of every pod by the model (Plackett-Luce on the strengths; the
        Gumbel trick). ``fixed`` = (player index, place): that player's place is given, the
        others of the pod are ordered among themselves by the model."""
        weight = self.base.log_weight[played.members]
        noise = weight + rng.gumbel(size=played.members.shape)
        out = np.empty(played.members.shape, dtype=np.int64)
        for start, size in zip(played.starts.tolist(), played.sizes, strict=True):
            cut = slice(start, start + size)
            out[:, cut] = rank_desc(noise[:, cut])
        if fixed is not None:  # in the next round, whose pods every trial shares
            player, place = fixed
            col = int(np.flatnonzero(played.members[0] == player)[0])
            pod = int(np.searchsorted(played.starts, col, side="right") - 1)
            start, size = int(played.starts[pod]), played.sizes[pod]
            others = [c for c in range(start, start + size) if c != col]
            ranked = rank_desc(noise[:, others])
            out[:, others] = ranked + (ranked >= place)
            out[:, col] = place
        return out


def _split(members: list[int], sizes: Sequence[int]) -> list[list[int]]:
    out, at = [], 0
    for size in sizes:
        out.append(members[at:at + size])
        at += size
    return out


def rank_desc(values: Array) -> Array:
    """Each column's place in its row, highest first (1-based)."""
    order = np.argsort(-values, axis=1, kind="stable")
    out = np.empty_like(order)
    np.put_along_axis(out, order, np.arange(1, values.shape[1] + 1)[None, :].repeat(
        values.shape[0], axis=0), axis=1)
    return out


def every_finish(sizes: Sequence[int]) -> Array:
    """Every combination of finishing orders of pods of these sizes: (L, S) places."""
    blocks = [np.array(list(permutations(range(1, size + 1))), dtype=np.int64)
              for size in sizes]
    if not blocks:
        return np.zeros((1, 0), dtype=np.int64)
    grids = np.meshgrid(*[np.arange(len(b)) for b in blocks], indexing="ij")
    return np.concatenate([b[g.ravel()] for b, g in zip(blocks, grids, strict=True)], axis=1)


def leaf_weights(places: Array, played: Played, log_weight: Array) -> Array:
    """Each enumerated finish's probability under Plackett-Luce (uniform: all equal)."""
    weights = np.exp(log_weight[played.members[0]])
    prob = np.ones(len(places))
    for start, size in zip(played.starts.tolist(), played.sizes, strict=True):
        w = weights[start:start + size]
        block = places[:, start:start + size]
        by_place = np.argsort(block, axis=1)  # seat of place 1, 2, ...
        ordered = w[by_place]
        remaining = np.cumsum(ordered[:, ::-1], axis=1)[:, ::-1]
        prob *= np.prod(ordered / remaining, axis=1)
    return prob / prob.sum()


def shares(batch: Batch, cut: int) -> tuple[Array, Array]:
    """Each player's share of the first ``cut`` places of the standings among the active
    players, as a numerator and a denominator (T, N). Players tied on every criterion before
    the seeded draw (CMD-3c) share the places their tie spans across the cut equally: the
    draw has not been made for a future standings, so each is as likely."""
    order, count, columns = batch.order()
    order = order[:, :count]
    averaged = bool(batch.base.tiebreakers) and batch.base.tiebreakers[-1] == "random"
    kept = columns[:-1] if averaged else columns
    trials = batch.trials
    positions = np.arange(count)
    if averaged:
        change = np.zeros((trials, count), dtype=bool)
        change[:, 0] = True
        for column in kept:
            ranked = np.take_along_axis(np.asarray(np.broadcast_to(column, batch.points.shape)),
                                        order, axis=1)
            change[:, 1:] |= ranked[:, 1:] != ranked[:, :-1]
        start = np.maximum.accumulate(np.where(change, positions, 0), axis=1)
        after = np.concatenate((change[:, 1:], np.ones((trials, 1), dtype=bool)), axis=1)
        end = np.minimum.accumulate(np.where(after, positions + 1, count)[:, ::-1],
                                    axis=1)[:, ::-1]
        numerator = np.clip(cut - start, 0, end - start)
        denominator = end - start
    else:
        numerator = np.broadcast_to((positions < cut).astype(np.int64), (trials, count))
        denominator = np.ones((trials, count), dtype=np.int64)
    num = np.zeros((trials, batch.base.size), dtype=np.int64)
    den = np.ones((trials, batch.base.size), dtype=np.int64)
    np.put_along_axis(num, order, numerator, axis=1)
    np.put_along_axis(den, order, denominator, axis=1)
    return num, den


def reached(batch: Batch, cut: int, rng: np.random.Generator) -> Array:
    """Whether each player is among the first ``cut`` active players of each trial's
    standings, a tie on every criterion before the seeded draw (CMD-3c) broken by a draw of
    the trial's own: the sampled form of :func:`shares`."""
    draw = None
    if batch.base.tiebreakers and batch.base.tiebreakers[-1] == "random":
        draw = rng.random(batch.points.shape)
    order, count, _columns = batch.order(draw=draw)
    out = np.zeros(batch.points.shape, dtype=bool)
    np.put_along_axis(out, order[:, :min(cut, count)], True, axis=1)
    return out
