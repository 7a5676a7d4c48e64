"""Marathon projections (regulation MJ): each player's chance of winning the current stage or
finishing in its top three (rule MJ-7e), and of winning the year or finishing in its top three
(rules MJ-9, MJ-10), and what they need from their next game.

A marathon has no rounds; what remains is the games still to be played in the current stage
(the stage of the latest game in the book, rule MJ-2). The regulation sets no limit on them
(MJ-1), so each player is taken to keep their own pace: as many more games as they played in
the stage so far, scaled by the time left to the stage's end over the time since its start
(rounded to the nearest whole game), measured from the latest game's start. Later stages have
no games yet and are not played (a note says so).

Each simulated game is one of the player's own: a place drawn by the model (``uniform``: each
of the four places a quarter of the time; ``rating``: the Plackett-Luce chance of the player,
of weight ``exp(z)`` in :mod:`podium.formats.strengths`, against three players of the field's
average strength), and the game points of a game drawn from the event's own counted games,
its seats sorted by points, the player taking the seat of their place. The TP of that game are
the format's own (:func:`.scoring.table_tp12`, rule MJ-4, shared places of tied points
included); each player's stage is then scored by the format's own functions: the best series
by :func:`.scoring.segment_stats` (MJ-7a) over the player's last games and the new ones, the
stage table by :func:`.scoring.rank_stage` (MJ-7b..e, MJ-8, with the stage's penalties) and
the year by :func:`.scoring.total_standings` (MJ-9, MJ-10). The other seats of a simulated
game are not counted for anyone: each player's games are drawn on their own.

When the remaining games give at most :data:`EXACT_LEAVES` outcomes (distinct game-point rows
times four places, per game) they are enumerated and weighed exactly; otherwise ``trials``
simulations are played, vectorised over the games of a batch of trials.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from podium.core.messages import M, Message
from podium.core.model import EventState, PlayerId
from podium.core.projection import Chance, Goal, Need, Outcome, Projection, Strengths
from podium.core.rng import derive_seed
from podium.core.views import N_
from podium.formats.mahjong_marathon.batch_rank import (
    TotalFrame,
    stage_rows,
    total_frame,
    total_top,
)
from podium.formats.mahjong_marathon.book import SEATS, MarathonBook
from podium.formats.mahjong_marathon.scoring import (
    PlayerStats,
    StageRanking,
    player_stats,
    rank_stage,
    segment_stats,
    table_tp12,
    total_standings,
)
from podium.formats.strengths import as_fraction, standard_scores

if TYPE_CHECKING:
    from podium.formats.mahjong_marathon.settings import MarathonSettings

#: The remaining games are enumerated when they give at most this many outcomes.
EXACT_LEAVES = 4096
BATCH = 64  # trials played together (their games as one set of columns)
#: At most this many cells (a trial's columns of games, and of the year's players by stage)
#: in one batch of trials: a year of a million games plays a few trials at a time.
BATCH_CELLS = 4_000_000
#: At most this many game columns over all trials: a stage of 400,000 seats still to play is
#: simulated 250 times, not 9,604 (a note says so; each chance keeps its own wider margin).
WORK = 100_000_000
MIN_TRIALS = 100

GOAL_STAGE_FIRST = Goal("stage_first", N_("Stage winner"), "MJ-7e")
GOAL_STAGE_TOP3 = Goal("stage_top3", N_("Stage top 3"), "MJ-7e")
GOAL_TOTAL_FIRST = Goal("total_first", N_("Marathon winner"), "MJ-10")
GOAL_TOTAL_TOP3 = Goal("total_top3", N_("Marathon top 3"), "MJ-10")
GOALS = (GOAL_STAGE_FIRST, GOAL_STAGE_TOP3, GOAL_TOTAL_FIRST, GOAL_TOTAL_TOP3)
_NO_WINDOW = np.iinfo(np.int64).min
_GP_SHIFT = 40
_GP_OFFSET = 1 << 39  # the packing of a series (TP, GP) as .scoring keys it


@dataclass
class Start:
    """What the projection starts from: the current stage, each of its players' games so far
    (raw, without the stage's penalties) and games left, and the games whose points a
    simulated game draws."""

    stage: int  # 1-based; 0: nothing remains
    stages: list[StageRanking]
    stage_count: int
    settings: MarathonSettings
    players: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    games: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    tp12: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    gp: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    series_tp12: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    series_gp: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    tails: list[tuple[np.ndarray, np.ndarray]] = field(default_factory=list)
    tp_penalty: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    gp_penalty: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    left: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    rows_gp: np.ndarray = field(default_factory=lambda: np.zeros((0, SEATS), dtype=np.int64))
    notes: list[Message] = field(default_factory=list)

    @property
    def remaining(self) -> int:
        return int(self.left.sum()) if self.stage else 0


def _counted_rows(book: MarathonBook, settings: MarathonSettings) -> np.ndarray:
    g = book.games
    stage = book.stage_of(settings, g.view("start"))
    ok = (stage > 0) & ~g.view("dq")
    return np.flatnonzero(ok)


def start(state: EventState, book: MarathonBook) -> Start:
    """The current stage as the book holds it (rules MJ-1, MJ-2, MJ-7)."""
    settings: MarathonSettings = state.settings
    stages = book.stages(settings)
    found = Start(0, stages, len(settings.stage_bounds), settings)
    rows = _counted_rows(book, settings)
    if not rows.size:
        found.notes.append(M("no game is counted yet"))
        return found
    g = book.games
    now = int(g.start[rows].max())
    stage = int(book.stage_of(settings, np.asarray([now]))[0])
    lo, hi = settings.stage_bounds[stage - 1]
    ranking = stages[stage - 1]
    if not ranking.players.size:
        return found
    found.stage = stage
    elapsed, left = max(now - lo, 86_400), max(hi - now, 0)  # a pace over a day at least
    players = np.sort(ranking.players.astype(np.int64))
    row_of = {int(p): i for i, p in enumerate(ranking.players.tolist())}
    length = settings.series_length
    stats, tails = [], []
    for player in players.tolist():
        tp, gp = (a.astype(np.int64) for a in book.player_entries(settings, stage, player))
        stats.append(player_stats(tp, gp, length))
        tails.append((tp[-(length - 1):] if length > 1 else tp[:0],
                      gp[-(length - 1):] if length > 1 else gp[:0]))
    columns = np.asarray(stats, dtype=np.int64).reshape(-1, 5)
    found.players = players
    found.games, found.tp12, found.gp, found.series_tp12, found.series_gp = columns.T
    found.tails = tails
    rows_in = np.asarray([row_of[int(p)] for p in players.tolist()], dtype=np.int64)
    found.tp_penalty = ranking.tp12[rows_in].astype(np.int64) - found.tp12
    found.gp_penalty = ranking.gp[rows_in].astype(np.int64) - found.gp
    # rule MJ-1: no limit on games; each player keeps their own pace to the stage's end
    found.left = (2 * found.games * left + elapsed) // (2 * elapsed)
    gp_rows = (g.gp[rows] - g.penalty[rows]).astype(np.int64)
    found.rows_gp = -np.sort(-gp_rows, axis=1)  # each game's points, best seat first
    if stage < found.stage_count:
        found.notes.append(M("stages after stage %(stage)s have no games yet: the year's "
                             "chances count them as not played", stage=stage))
    found.notes.append(M("the games left are each player's pace in stage %(stage)s so far, to "
                         "its end, from the latest game in the book", stage=stage))
    return found


def place_chances(state: EventState, book: MarathonBook, begin: Start, model: str,
                  strengths: Strengths | None) -> list[tuple[Fraction, ...]]:
    """Each stage player's chance of each place in a game (1st..4th)."""
    if model != "rating":
        return [(Fraction(1, 4),) * 4] * begin.players.size
    scores = standard_scores(strengths or own_strengths(begin), begin.players.tolist())
    out = []
    for player in begin.players.tolist():
        w = float(np.exp(scores[int(player)]))
        first = w / (w + 3)
        second = 3 * w / ((w + 3) * (w + 2))
        third = 6 * w / ((w + 3) * (w + 2) * (w + 1))
        chances = [as_fraction(first), as_fraction(second), as_fraction(third)]
        out.append((*chances, 1 - sum(chances, Fraction(0))))
    return out


def own_strengths(begin: Start) -> Strengths:
    """The event's own results as strengths: each player's TP per game over the stages."""
    tp: dict[int, int] = {}
    games: dict[int, int] = {}
    for ranking in begin.stages:
        for p, t, n in zip(ranking.players.tolist(), ranking.tp12.tolist(),
                           ranking.games.tolist(), strict=True):
            tp[p] = tp.get(p, 0) + t
            games[p] = games.get(p, 0) + n
    return Strengths({p: tp[p] / 12 / games[p] for p in tp if games[p]}, "results")


@dataclass
class _Layout:
    """Where each player's last games and new games sit in a trial's columns."""

    entry_player: np.ndarray  # the stage player (index) of each new game
    new_at: np.ndarray  # the column of each new game
    tail_at: np.ndarray
    tail_tp: np.ndarray
    tail_gp: np.ndarray
    starts: np.ndarray  # each player's first column
    width: int
    tail_tp_sum: np.ndarray
    tail_gp_sum: np.ndarray


def _layout(begin: Start, left: np.ndarray) -> _Layout:
    sizes = np.asarray([t.size for t, _g in begin.tails], dtype=np.int64) + left
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1])).astype(np.int64)
    tail_at: list[int] = []
    tail_tp: list[int] = []
    tail_gp: list[int] = []
    new_at: list[int] = []
    entry_player: list[int] = []
    for j, (tp, gp) in enumerate(begin.tails):
        s = int(starts[j])
        tail_at.extend(range(s, s + tp.size))
        tail_tp.extend(tp.tolist())
        tail_gp.extend(gp.tolist())
        new_at.extend(range(s + tp.size, s + tp.size + int(left[j])))
        entry_player.extend([j] * int(left[j]))
    return _Layout(np.asarray(entry_player, dtype=np.int64), np.asarray(new_at, dtype=np.int64),
                   np.asarray(tail_at, dtype=np.int64), np.asarray(tail_tp, dtype=np.int64),
                   np.asarray(tail_gp, dtype=np.int64), starts, int(sizes.sum()),
                   np.asarray([t.sum() for t, _g in begin.tails], dtype=np.int64),
                   np.asarray([g.sum() for _t, g in begin.tails], dtype=np.int64))


@dataclass
class Trials:
    """The stage stats of a batch of trials: one row per trial, one column per stage player
    (:attr:`Start.players`), raw (before the stage's penalties)."""

    games: np.ndarray  # (players,): the same in every trial
    tp12: np.ndarray
    gp: np.ndarray
    series_tp12: np.ndarray
    series_gp: np.ndarray

    def __len__(self) -> int:
        return int(self.tp12.shape[0])

    def stats(self, players: np.ndarray, trial: int) -> PlayerStats:
        return PlayerStats(players, self.games, self.tp12[trial], self.gp[trial],
                           self.series_tp12[trial], self.series_gp[trial])


def stage_stats(begin: Start, layout: _Layout, left: np.ndarray, new_tp: np.ndarray,
                new_gp: np.ndarray) -> Trials:
    """Each trial's stage stats (MJ-7a..c inputs) after its new games (``new_tp``/``new_gp``:
    one row per trial, one column per new game): the series by the format's own
    :func:`segment_stats` over each player's last games and new ones, kept against the best
    series of the games before."""
    trials = new_tp.shape[0]
    p, width, length = begin.players.size, layout.width, begin.settings.series_length
    tp = np.zeros((trials, width), dtype=np.int64)
    gp = np.zeros((trials, width), dtype=np.int64)
    tp[:, layout.tail_at] = layout.tail_tp
    gp[:, layout.tail_at] = layout.tail_gp
    tp[:, layout.new_at] = new_tp
    gp[:, layout.new_at] = new_gp
    starts = (np.arange(trials)[:, None] * width + layout.starts[None, :]).ravel()
    seg = segment_stats(np.tile(np.arange(p), trials), starts, tp.ravel(), gp.ravel(), length)
    shape = (trials, p)
    return _combined(begin.games, begin.tp12, begin.gp, begin.series_tp12, begin.series_gp,
                     layout.tail_tp_sum, layout.tail_gp_sum, left,
                     [a.reshape(shape) for a in (seg.games, seg.tp12, seg.gp,
                                                 seg.series_tp12, seg.series_gp)],
                     length)


def player_column(begin: Start, layout: _Layout, left: np.ndarray, j: int,
                  new_tp: np.ndarray, new_gp: np.ndarray) -> Trials:
    """:func:`stage_stats` of stage player ``j`` alone (one column), for the need of their
    next game: the other players' columns do not change with it."""
    trials = new_tp.shape[0]
    tail_tp, tail_gp = begin.tails[j]
    mine = layout.entry_player == j
    width = tail_tp.size + int(mine.sum())
    tp = np.empty((trials, width), dtype=np.int64)
    gp = np.empty((trials, width), dtype=np.int64)
    tp[:, :tail_tp.size], gp[:, :tail_tp.size] = tail_tp, tail_gp
    tp[:, tail_tp.size:], gp[:, tail_tp.size:] = new_tp[:, mine], new_gp[:, mine]
    seg = segment_stats(np.zeros(trials, dtype=np.int64), np.arange(trials) * width,
                        tp.ravel(), gp.ravel(), begin.settings.series_length)
    at = slice(j, j + 1)
    return _combined(begin.games[at], begin.tp12[at], begin.gp[at], begin.series_tp12[at],
                     begin.series_gp[at], layout.tail_tp_sum[at], layout.tail_gp_sum[at],
                     left[at], [a.reshape(trials, 1) for a in (
                         seg.games, seg.tp12, seg.gp, seg.series_tp12, seg.series_gp)],
                     begin.settings.series_length)


def _combined(games0: np.ndarray, tp0: np.ndarray, gp0: np.ndarray, series_tp0: np.ndarray,
              series_gp0: np.ndarray, tail_tp_sum: np.ndarray, tail_gp_sum: np.ndarray,
              left: np.ndarray, segments: Sequence[np.ndarray], length: int) -> Trials:
    """The stats of the games before (``*0``) and of the segments of last and new games
    (games, TP, GP, series TP, series GP): totals, and the better of the old best series and
    the segments' (rule MJ-7a; all the games when fewer than ``length``)."""
    seg_games, seg_tp, seg_gp, seg_stp, seg_sgp = segments
    games = games0 + left
    total_tp = tp0 - tail_tp_sum + seg_tp
    total_gp = gp0 - tail_gp_sum + seg_gp
    new_key = np.where((left > 0) & (seg_games >= length),
                       (seg_stp << _GP_SHIFT) + seg_sgp + _GP_OFFSET, _NO_WINDOW)
    old_key = np.where(games0 >= length,
                       (series_tp0 << _GP_SHIFT) + series_gp0 + _GP_OFFSET, _NO_WINDOW)
    key = np.maximum(new_key, old_key)
    short = games < length
    series_tp = np.where(short, total_tp, key >> _GP_SHIFT)
    series_gp = np.where(short, total_gp, (key & ((1 << _GP_SHIFT) - 1)) - _GP_OFFSET)
    return Trials(games, total_tp, total_gp, series_tp, series_gp)


@dataclass
class _Tally:
    """Chances of the tracked players (``players``): exact weights, or hits out of trials."""

    players: list[PlayerId]
    exact: bool
    trials: int = 0
    weights: dict[str, list[Fraction]] = field(default_factory=dict)
    hits: dict[str, np.ndarray] = field(default_factory=dict)

    def __post_init__(self) -> None:
        n = len(self.players)
        for goal in GOALS:
            self.weights[goal.key] = [Fraction(0)] * n
            self.hits[goal.key] = np.zeros(n, dtype=np.int64)

    def add(self, goal: str, reached: np.ndarray, weights: Sequence[Fraction] | None) -> None:
        """``reached``: per trial (rows) and tracked player (columns), whether it got there."""
        if weights is None:
            self.hits[goal] += reached.sum(axis=0)
            return
        column = self.weights[goal]
        for trial, player in zip(*np.nonzero(reached), strict=True):
            column[int(player)] += weights[int(trial)]

    def chance(self, index: int, goal: str) -> Chance:
        if self.exact:
            return Chance(exact=self.weights[goal][index])
        return Chance(hits=int(self.hits[goal][index]), trials=self.trials)


def _score(begin: Start, stats: PlayerStats) -> tuple[StageRanking, Any]:
    """The stage table and the year's total after one trial (the format's own scoring)."""
    ranking = rank_stage(begin.stage, stats, begin.tp_penalty, begin.gp_penalty,
                         begin.settings.rank_rules)
    stages = list(begin.stages)
    stages[begin.stage - 1] = ranking
    return ranking, total_standings(stages, begin.stage_count)


@dataclass
class _Goals:
    """Where the tracked players sit among the stage's players and the total's."""

    begin: Start
    frame: TotalFrame
    stage_map: np.ndarray  # tracked index of each stage player, -1: not tracked
    total_map: np.ndarray  # tracked index of each player of the total, -1: not tracked
    tracked: int
    year: bool = True  # the year's goals wanted (a need for a stage's goal does without)

    def record(self, tally: _Tally, batch: Trials, weights: Sequence[Fraction] | None) -> None:
        begin = self.begin
        rows = stage_rows(begin.players, batch.games, batch.tp12, batch.gp, batch.series_tp12,
                          batch.series_gp, begin.tp_penalty, begin.gp_penalty,
                          begin.settings.rank_rules)
        trials = len(batch)
        for goal, cut in ((GOAL_STAGE_FIRST, 1), (GOAL_STAGE_TOP3, 3)):
            tally.add(goal.key, self._spread(rows.place <= cut, self.stage_map), weights)
        if not self.year:
            return
        top, near = total_top(self.frame, rows)
        at_place = np.zeros((trials, self.frame.players.size), dtype=np.int64)
        for place in range(3):
            at_place[np.arange(trials), top[:, place]] = place + 1
        for trial in np.flatnonzero(near).tolist():  # ranked again exactly (MJ-10)
            _ranking, total = _score(begin, batch.stats(begin.players, trial))
            at_place[trial] = 0
            rows_of = np.searchsorted(self.frame.players, total.players)
            at_place[trial, rows_of] = np.where(total.place <= 3, total.place, 0)
        for goal, cut in ((GOAL_TOTAL_FIRST, 1), (GOAL_TOTAL_TOP3, 3)):
            reached = (at_place > 0) & (at_place <= cut)
            tally.add(goal.key, self._spread(reached, self.total_map), weights)

    def _spread(self, reached: np.ndarray, where: np.ndarray) -> np.ndarray:
        out = np.zeros((reached.shape[0], self.tracked), dtype=bool)
        mine = where >= 0
        out[:, where[mine]] = reached[:, mine]
        return out


def _goals(begin: Start, players: list[PlayerId], left: np.ndarray, year: bool) -> _Goals:
    index_of = {p: i for i, p in enumerate(players)}
    frame = total_frame(begin.stages, begin.stage_count, begin.stage, begin.players,
                        begin.games + left)
    stage_map = np.asarray([index_of.get(int(p), -1) for p in begin.players.tolist()],
                           dtype=np.int64)
    total_map = np.asarray([index_of.get(int(p), -1) for p in frame.players.tolist()],
                           dtype=np.int64)
    return _Goals(begin, frame, stage_map, total_map, len(players), year)


def _outcomes(begin: Start, chances: Sequence[tuple[Fraction, ...]], left: np.ndarray,
              forced: tuple[int, int] | None) -> tuple[int, list[list[tuple[int, int, Fraction]]]]:
    """Each new game's possible (place, game-points row) with its weight, for enumeration;
    and the number of leaves (stopping once above :data:`EXACT_LEAVES`)."""
    unique, counts = np.unique(begin.rows_gp, axis=0, return_counts=True)
    total = int(counts.sum())
    per_game = []
    leaves = 1
    for j, k in enumerate(left.tolist()):
        for g in range(k):
            places = range(4) if not (forced and forced[0] == j and g == 0) else [forced[1]]
            options = [(place, row, (Fraction(1) if len(places) == 1 else chances[j][place])
                        * Fraction(int(counts[row]), total))
                       for place in places for row in range(unique.shape[0])]
            per_game.append(options)
            leaves *= len(options)
            if leaves > EXACT_LEAVES:
                return leaves, per_game
    return leaves, per_game


def play(state: EventState, book: MarathonBook, begin: Start, model: str, trials: int,
         seed: int, strengths: Strengths | None, players: list[PlayerId],
         forced: tuple[int, Sequence[int]] | None = None, year: bool = True
         ) -> list[_Tally]:
    """The tracked ``players``' chances, the remaining games enumerated when few, else
    ``trials`` simulations. ``forced``: a stage player and the places their next game is
    set to in turn (one tally each; the simulations share their draws)."""
    if not begin.stage:  # no game counted yet: nobody reaches anything
        return [_Tally(players, True)]
    left = begin.left.copy()
    if forced is not None:
        left[forced[0]] = max(int(left[forced[0]]), 1)
    chances = place_chances(state, book, begin, model, strengths)
    layout = _layout(begin, left)
    goals = _goals(begin, players, left, year)
    versions = [None] if forced is None else [(forced[0], p) for p in forced[1]]
    leaves, _options = _outcomes(begin, chances, left, versions[0])
    if leaves <= EXACT_LEAVES:
        return [_enumerate(begin, layout, left, goals, players,
                           _outcomes(begin, chances, left, version)[1])
                for version in versions]
    asked = trials
    trials = min(trials, max(MIN_TRIALS, WORK // max(layout.width, 1)))
    if trials < asked:
        begin.notes.append(M("a stage this large is played %(trials)s times, not %(asked)s: "
                             "each chance says its own wider margin", trials=trials,
                             asked=asked))
    cells = layout.width + goals.frame.nr.size
    batch_size = max(1, min(BATCH, BATCH_CELLS // max(cells, 1)))
    tallies = [_Tally(players, False, trials) for _version in versions]
    rng = np.random.default_rng(derive_seed(seed, "marathon-odds"))
    cumulative = np.cumsum(np.asarray([[float(c) for c in row] for row in chances]), axis=1)
    per_entry = cumulative[layout.entry_player]
    rows_tp = table_tp12(begin.rows_gp, begin.settings.place_points).astype(np.int64)
    rows = begin.rows_gp.shape[0]
    first = None if forced is None else int(np.flatnonzero(layout.entry_player
                                                            == forced[0])[0])
    for lo in range(0, trials, batch_size):
        size = min(batch_size, trials - lo)
        shape = (size, layout.entry_player.size)
        if model == "rating":
            draw = rng.random(shape)
            place = np.minimum((draw[:, :, None] >= per_entry[None, :, :]).sum(axis=2), 3)
            row = rng.integers(0, rows, size=shape)
        else:  # one draw gives both the place (a quarter each) and the game's points
            both = rng.integers(0, 4 * rows, size=shape)
            place, row = both % 4, both // 4
        batch: Trials | None = None
        new_tp, new_gp = rows_tp[row, place], begin.rows_gp[row, place]
        for tally, version in zip(tallies, versions, strict=True):
            if version is not None and first is not None:  # the player's next game's place
                new_tp[:, first] = rows_tp[row[:, first], version[1]]
                new_gp[:, first] = begin.rows_gp[row[:, first], version[1]]
            if batch is None:
                batch = stage_stats(begin, layout, left, new_tp, new_gp)
            elif version is not None:  # only the forced player's column changes
                j = version[0]
                column = player_column(begin, layout, left, j, new_tp, new_gp)
                batch = Trials(batch.games, *(
                    _with_column(whole, part, j) for whole, part in (
                        (batch.tp12, column.tp12), (batch.gp, column.gp),
                        (batch.series_tp12, column.series_tp12),
                        (batch.series_gp, column.series_gp))))
            goals.record(tally, batch, None)
    return tallies


def _with_column(whole: np.ndarray, part: np.ndarray, j: int) -> np.ndarray:
    out = whole.copy()
    out[:, j] = part[:, 0]
    return out


def _enumerate(begin: Start, layout: _Layout, left: np.ndarray, goals: _Goals,
               players: list[PlayerId], per_game: list[list[tuple[int, int, Fraction]]]
               ) -> _Tally:
    """Every way the remaining games end (place and game-points row of each), weighed."""
    unique = np.unique(begin.rows_gp, axis=0)
    unique_tp = table_tp12(unique, begin.settings.place_points).astype(np.int64)
    tally = _Tally(players, True)
    combos = list(itertools.product(*per_game))
    for lo in range(0, len(combos), BATCH):
        chunk = combos[lo:lo + BATCH]
        place = np.asarray([[c[0] for c in combo] for combo in chunk],
                           dtype=np.int64).reshape(len(chunk), -1)
        row = np.asarray([[c[1] for c in combo] for combo in chunk],
                         dtype=np.int64).reshape(len(chunk), -1)
        weights = []
        for combo in chunk:
            weight = Fraction(1)
            for c in combo:
                weight *= c[2]
            weights.append(weight)
        batch = stage_stats(begin, layout, left, unique_tp[row, place], unique[row, place])
        goals.record(tally, batch, weights)
    return tally


def projection(state: EventState, book: MarathonBook, model: str, trials: int, seed: int,
               strengths: Strengths | None) -> Projection:
    begin = start(state, book)
    players = sorted(state.players)
    (tally,) = play(state, book, begin, model, trials, seed, strengths, players)
    chances = {p: {goal.key: tally.chance(i, goal.key) for goal in GOALS}
               for i, p in enumerate(players)}
    return Projection(GOALS, chances, model=model, exact=tally.exact,
                      trials=0 if tally.exact else tally.trials, seed=seed,
                      remaining=begin.remaining, notes=tuple(begin.notes))


def need(state: EventState, book: MarathonBook, player: PlayerId, goal: str, model: str,
         trials: int, seed: int, strengths: Strengths | None) -> Need | None:
    """The chance of ``goal`` after each place of the player's next game in the stage."""
    target = next((g for g in GOALS if g.key == goal), None)
    if target is None or player not in state.players:
        return None
    begin = start(state, book)
    where = np.flatnonzero(begin.players == player) if begin.stage else np.zeros(0)
    if not where.size:
        return Need(player, target, (), (), model=model, exact=True,
                    notes=(*begin.notes, M("the player has no game in the current stage")))
    index = int(where[0])
    tallies = play(state, book, begin, model, trials, seed, strengths, [player],
                   forced=(index, range(4)),
                   year=goal in (GOAL_TOTAL_FIRST.key, GOAL_TOTAL_TOP3.key))
    after = [tally.chance(0, goal) for tally in tallies]
    outcomes = tuple(Outcome(str(place), M("place %(place)s of %(count)s in the next game",
                                            place=place, count=4)) for place in range(1, 5))
    exact = all(c.exact is not None for c in after)
    notes = list(begin.notes)
    if not exact:
        notes.append(M("estimate: the stage's remaining games played %(trials)s times",
                       trials=after[0].trials))
    return Need(player, target, outcomes, tuple(after), model=model, exact=exact,
                notes=tuple(notes))
