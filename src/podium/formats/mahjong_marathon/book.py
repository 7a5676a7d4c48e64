"""The marathon's games and decisions as replay builds them (kept in ``state.extra``).

Games are columns (numpy arrays with doubling capacity), so a million games take about 100 MB
and the full recompute is vectorised. Organiser decisions (penalties, disqualifications) are
kept by the ``seq`` of the action that made them, so a revert names that ``seq``.

Derived tables are cached per stage: a new game refreshes only its own four players in its
stage (then the stage is re-ranked); a decision that changes games (MJ-5, MJ-6a, a player's
disqualification) recomputes everything on the next read; MJ-6b/6c re-rank only their stage.

Those caches are filled by reads, and several threads of a web server read one book: every
method that reads or changes them takes the book's lock (concurrent readers raised KeyError
while one of them was filling a stage in place).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from podium.formats.mahjong_marathon.ids import GameIds, IdIndex, id_order
from podium.formats.mahjong_marathon.scoring import (
    PlayerStats,
    StageRanking,
    Total,
    player_stats,
    rank_stage,
    rerank_changed,
    segment_stats,
    stable_argsort_u32,
    table_tp12,
    total_standings,
)

SEATS = 4
PLAYER_DQ = "mahjong.player.disqualified"


class GameTable:
    """Columns of every ingested game, in ingest order (index = position). An anonymous guest's
    seat holds -1..-4 (rule MJ-3): the game counts for the others, the guest is never ranked."""

    guests = False  # any guest seat stored (a class default: older snapshots lack the field)

    def __init__(self) -> None:
        self.ids = GameIds()  # by row; the row of an id is ``index`` (see .ids)
        self.table_names: list[str] = []
        self._table_index: dict[str, int] = {}
        self.n = 0
        cap = 16
        self.table = np.zeros(cap, dtype=np.int32)
        self.start = np.zeros(cap, dtype=np.int64)  # UTC, seconds since the epoch
        self.players = np.zeros((cap, SEATS), dtype=np.int32)
        self.gp = np.zeros((cap, SEATS), dtype=np.int32)  # as played
        self.penalty = np.zeros((cap, SEATS), dtype=np.int32)  # MJ-6a GP taken, per seat
        self.tp12 = np.zeros((cap, SEATS), dtype=np.int16)  # MJ-4 TP from gp - penalty
        self.penalised = False  # any MJ-6a penalty ever applied
        self.place_tp: tuple[int, ...] = (4, 2, 1, 0)  # the MJ-4 points tp12 was scored with
        self.dq = np.zeros(cap, dtype=bool)  # MJ-5
        self.usec = np.zeros(cap, dtype=np.int32)  # microseconds of the start, when a file has them

    @property
    def index(self) -> IdIndex:
        """The row of a game id, read like a dict (found by binary search, see :mod:`.ids`)."""
        return IdIndex(self.ids)

    # pickling (the service's snapshots) -------------------------------------------------------
    _COLUMNS = ("table", "start", "players", "gp", "penalty", "tp12", "dq", "usec")

    def __getstate__(self) -> dict[str, Any]:
        """The columns cut to the games stored (a column of zeros, such as ``penalty`` without
        an MJ-6a penalty, as nothing), the ids as one string with their id order as a column
        (:class:`.ids.GameIds`): a snapshot of a million games loads without building a dict
        or a list of a million strings."""
        state = dict(self.__dict__)
        n = self.n
        state["_capacity"] = self.start.size
        for name in self._COLUMNS:
            used = state[name][:n]
            narrow = _narrow(used) if used.any() else None
            # a copy, never a view: a reader may re-score the columns in place once the
            # book's lock is released (see MarathonBook.__getstate__)
            state[name] = narrow.copy() if narrow is not None and narrow.base is not None \
                else narrow
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        capacity = state.pop("_capacity")
        n = state["n"]
        empty = GameTable()
        for name in self._COLUMNS:
            like = getattr(empty, name)
            column = np.zeros((capacity, *like.shape[1:]), dtype=like.dtype)
            if state[name] is not None:
                column[:n] = state[name]
            state[name] = column
        self.__dict__.update(state)

    def _grow(self, need: int) -> None:
        cap = self.start.size
        if need <= cap:
            return
        while cap < need:
            cap *= 2
        for name in self._COLUMNS:
            old = getattr(self, name)
            new = np.zeros((cap, *old.shape[1:]), dtype=old.dtype)
            new[: self.n] = old[: self.n]
            setattr(self, name, new)

    def table_code(self, name: str) -> int:
        code = self._table_index.get(name)
        if code is None:
            code = self._table_index[name] = len(self.table_names)
            self.table_names.append(name)
        return code

    def extend(self, ids: list[str], tables: np.ndarray, start: np.ndarray,
               players: np.ndarray, gp: np.ndarray, place_tp: tuple[int, ...],
               usec: np.ndarray | None = None) -> range:
        first, count = self.n, len(ids)
        self._grow(first + count)
        end = first + count
        self.table[first:end] = tables
        self.start[first:end] = start
        self.players[first:end] = players
        if not self.guests and bool((np.asarray(players) < 0).any()):
            self.guests = True
        self.gp[first:end] = gp
        if tuple(place_tp) != self.place_tp and first:
            self.tp12[:first] = table_tp12(self.gp[:first] - self.penalty[:first], place_tp)
        self.place_tp = tuple(place_tp)
        self.tp12[first:end] = table_tp12(gp, place_tp)
        if usec is not None:
            self.usec[first:end] = usec
        self.ids.extend(ids)
        self.n = end
        return range(first, end)

    def rescore(self, game: int, place_tp: tuple[int, ...]) -> None:
        """Rule MJ-6a: the TP of all four seats from the penalised GP."""
        self.penalised = True
        self.tp12[game] = table_tp12((self.gp[game] - self.penalty[game])[None, :], place_tp)[0]

    def view(self, name: str) -> np.ndarray:
        return getattr(self, name)[: self.n]


_NARROW = (np.uint8, np.int8, np.uint16, np.int16, np.uint32, np.int32)


def _narrow(column: np.ndarray) -> np.ndarray:
    """A snapshot's column in the smallest integer type that holds its values (a start time
    fits 32 bits unsigned, a player id mostly 16, TP in twelfths 8): loading casts it back
    while it copies the column into place anyway, and a smaller snapshot reads faster."""
    if column.dtype.kind not in "iu" or not column.size:
        return column
    low, high = int(column.min()), int(column.max())
    for dtype in _NARROW:
        info = np.iinfo(dtype)
        if info.bits >= 8 * column.dtype.itemsize:
            break
        if info.min <= low and high <= info.max:
            return column.astype(dtype)
    return column


class _CapturedGames:
    """A :class:`GameTable`'s pickled state taken at one moment; unpickles as the table."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = state

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        return _restore_games, (self.state,)


def _restore_games(state: dict[str, Any]) -> GameTable:
    table = GameTable.__new__(GameTable)
    table.__setstate__(dict(state))
    return table


@dataclass
class Decision:
    """An organiser decision (MJ-5, MJ-6, a player's disqualification) and whether it holds."""

    seq: int
    kind: str
    payload: dict[str, Any]
    reason: str
    actor: str
    at: str
    active: bool = True
    reverted_by: int | None = None


@dataclass
class _StageCache:
    stats: PlayerStats
    row_of: dict[int, int] | None = None  # player -> row of stats, built on first use
    ranking: StageRanking | None = None
    changed: set[int] = field(default_factory=set)  # players re-scored since ``ranking``


@dataclass
class MarathonBook:
    """Everything the MJ format keeps in ``state.extra["mahjong"]``."""

    games: GameTable = field(default_factory=GameTable)
    decisions: dict[int, Decision] = field(default_factory=dict)
    publications: list[dict[str, Any]] = field(default_factory=list)
    imports: list[dict[str, Any]] = field(default_factory=list)  # summaries, by action
    # GP are held as whole multiples of 1/gp_unit: 1 (the regulation's whole points, MJ-3), or
    # 10 once a batch of games scored in tenths is stored (``fractional_points``, beyond the
    # regulation): exact integers either way, shown divided by the unit
    gp_unit: int = 1
    # derived caches ----------------------------------------------------------------------------
    _settings: Any = None
    _stages: dict[int, _StageCache] | None = None
    _total: Total | None = None
    # entries of the last full compute, sorted by (stage, player, own chronological order)
    _seg_keys: np.ndarray | None = None  # player * 256 + stage of each segment, ascending
    _seg_starts: np.ndarray | None = None
    _entry_src: np.ndarray | None = None  # entry -> index into the chrono-ordered seats
    _chrono: np.ndarray | None = None
    _overlay: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    _lock: Any = field(default_factory=threading.RLock, repr=False, compare=False)

    def __getstate__(self) -> dict[str, Any]:
        """Without the derived caches (the first read after loading recomputes them): a
        snapshot stays the games and decisions, 40 % smaller for a year of games."""
        with self._lock:
            state = dict(self.__dict__)
            # the games' columns taken under the lock too: a snapshot is pickled in a thread
            # of its own while readers of the same state fill the caches (and re-score the
            # columns when the MJ-4 points changed), holding only this lock
            state["games"] = _CapturedGames(self.games.__getstate__())
        state.pop("_lock", None)
        state.update(_settings=None, _stages=None, _total=None, _seg_keys=None,
                     _seg_starts=None, _entry_src=None, _chrono=None, _overlay={})
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._lock = threading.RLock()

    def use_unit(self, unit: int) -> None:
        """Hold GP in 1/``unit`` points from now on (a batch in tenths arrives): the games
        stored so far and their MJ-6a penalties are scaled, exactly; the tables recomputed."""
        if unit <= self.gp_unit:
            return
        factor, n = unit // self.gp_unit, self.games.n
        with self._lock:
            self.games.gp[:n] *= factor
            self.games.penalty[:n] *= factor
            self.gp_unit = unit
            self._settings = None  # the next read recomputes every table
            self.invalidate()

    # -- decisions that the computation reads ---------------------------------------------------
    def active(self, kind: str) -> list[Decision]:
        return [d for d in self.decisions.values() if d.active and d.kind == kind]

    def invalidate(self) -> None:
        with self._lock:
            self._stages = None
            self._total = None
            self._overlay = {}

    def rerank(self, stage: int) -> None:
        with self._lock:
            if self._stages is not None and stage in self._stages:
                self._stages[stage].ranking = None
                self._stages[stage].changed.clear()
            self._total = None

    # -- counting -------------------------------------------------------------------------------
    def player_dq_mask(self, settings: Any, rows: slice | np.ndarray | None = None) -> np.ndarray:
        """Entries (game, seat) of a player during their disqualification period (MJ-6)."""
        g = self.games
        players = g.view("players") if rows is None else g.players[rows]
        start = g.view("start") if rows is None else g.start[rows]
        mask = np.zeros(players.shape, dtype=bool)
        for d in self.active(PLAYER_DQ):
            p = d.payload
            until = p.get("until")
            inside = start >= p["from"]
            if until is not None:
                inside &= start < until
            mask |= (players == p["player"]) & inside[:, None]
        return mask

    def stage_of(self, settings: Any, start: np.ndarray) -> np.ndarray:
        """Rule MJ-2: the stage (1-based, 0 = outside the calendar) of UTC start times."""
        starts = np.asarray([s for s, _ in settings.stage_bounds], dtype=np.int64)
        ends = np.asarray([e for _, e in settings.stage_bounds], dtype=np.int64)
        idx = np.searchsorted(starts, start, side="right") - 1
        inside = (idx >= 0) & (start < ends[np.clip(idx, 0, None)])
        return np.where(inside, idx + 1, 0)

    # -- full recompute ----------------------------------------------------------------------------
    def _full(self, settings: Any) -> None:
        """Every stage's per-player stats (MJ-7a..c inputs) from the columns, vectorised.

        Entries (game, seat) in chronological order are stably sorted by player, so each
        player's games stay in their own order and, stages being time ranges, fall into
        contiguous (player, stage) segments."""
        g = self.games
        if g.place_tp != tuple(settings.place_points):  # the MJ-4 setting changed: re-score
            g.place_tp = tuple(settings.place_points)
            if g.n:
                g.tp12[: g.n] = table_tp12(g.view("gp") - g.view("penalty"), g.place_tp)
        chrono = self.chronological()
        stage_c = self.stage_of(settings, g.start[chrono]).astype(np.int16)
        e_player = g.players[chrono].ravel()
        e_tp = g.tp12[chrono].ravel()
        e_gp = g.gp[chrono].ravel()
        if g.penalised:
            e_gp = e_gp - g.penalty[chrono].ravel()
        e_stage = np.repeat(stage_c, SEATS)
        game_ok = (stage_c > 0) & ~g.dq[chrono]
        ok = None if game_ok.all() else np.repeat(game_ok, SEATS)
        if g.guests:  # a guest's seat is nobody's entry (rule MJ-3)
            named = e_player > 0
            ok = named if ok is None else ok & named
        if self.active(PLAYER_DQ):
            dq = self.player_dq_mask(settings)[chrono].ravel()
            ok = ~dq if ok is None else ok & ~dq
        source = None
        if ok is not None:
            source = np.flatnonzero(ok)
            e_player, e_tp, e_gp, e_stage = e_player[ok], e_tp[ok], e_gp[ok], e_stage[ok]
        order = stable_argsort_u32(e_player)
        e_player, e_stage = e_player[order], e_stage[order]
        e_tp, e_gp = e_tp[order], e_gp[order]
        m = e_player.size
        first = np.ones(m, dtype=bool)
        first[1:] = (e_player[1:] != e_player[:-1]) | (e_stage[1:] != e_stage[:-1])
        starts = np.flatnonzero(first)
        seg_player = e_player[starts].astype(np.int64)
        seg_stage = e_stage[starts].astype(np.int64)
        stats = segment_stats(seg_player, starts, e_tp, e_gp, settings.series_length)
        self._seg_keys = seg_player * 256 + seg_stage
        self._seg_starts = np.append(starts, m)
        self._entry_src = order if source is None else source[order]
        self._chrono = chrono
        self._overlay = {}
        self._stages = {}
        for s in range(1, len(settings.stage_bounds) + 1):
            sel = np.flatnonzero(seg_stage == s)
            self._stages[s] = _StageCache(PlayerStats(
                stats.players[sel], stats.games[sel], stats.tp12[sel], stats.gp[sel],
                stats.series_tp12[sel], stats.series_gp[sel],
            ))
        self._total = None
        self._settings = settings

    def chronological(self) -> np.ndarray:
        """Game indices by start time (to the microsecond when a file gives it); games that
        start at the same moment by game id, numeric ids numerically (rule MJ-7a: a player's
        own chronological order, whatever the import order was).

        One stable sort: the rows already in id order (:meth:`.ids.GameIds.by_id`, kept in
        the snapshot) sorted stably by start, so equal starts keep the id order. Without equal
        starts the id order is not needed (nor computed)."""
        g = self.games
        start = g.view("start")
        if not start.size:
            return np.zeros(0, dtype=np.int64)
        key = (start - start.min()) * 1_000_000 + g.view("usec")
        order = np.argsort(key, kind="stable")
        ordered = key[order]
        if not (ordered[1:] == ordered[:-1]).any():
            return order
        by_id = g.ids.by_id()
        return by_id[np.argsort(key[by_id], kind="stable")]

    # -- incremental: new games -----------------------------------------------------------------
    def games_added(self, settings: Any, rows: range) -> None:
        """Refresh the stats of the new games' players in their stages only (if cached)."""
        with self._lock:
            self._games_added(settings, rows)

    def _games_added(self, settings: Any, rows: range) -> None:
        if self._stages is None or settings is not self._settings:
            self.invalidate()
            return
        if len(rows) > 1000:  # a big import: recompute everything on the next read
            self.invalidate()
            return
        g = self.games
        idx = np.arange(rows.start, rows.stop)
        stages = self.stage_of(settings, g.start[idx])
        ok = (~g.dq[idx])[:, None] & ~self.player_dq_mask(settings, idx)
        touched: set[tuple[int, int]] = set()
        for game, stage, oks in zip(idx.tolist(), stages.tolist(), ok, strict=True):
            if not stage:
                continue
            for seat in range(SEATS):
                if oks[seat] and g.players[game, seat] > 0:  # a guest is never ranked (MJ-3)
                    key = (stage, int(g.players[game, seat]))
                    self._overlay.setdefault(key, []).append(game)
                    touched.add(key)
        for stage, player in touched:
            self._refresh_player(settings, stage, player)
            self._stages[stage].changed.add(player)
        self._total = None

    def _player_games(self, stage: int, player: int) -> list[int]:
        keys, starts = self._seg_keys, self._seg_starts
        assert keys is not None and starts is not None
        assert self._entry_src is not None and self._chrono is not None
        key = player * 256 + stage
        at = int(np.searchsorted(keys, key))
        found: list[int] = []
        if at < keys.size and keys[at] == key:
            src = self._entry_src[starts[at] : starts[at + 1]]
            found = self._chrono[src // SEATS].tolist()
        return found + self._overlay.get((stage, player), [])

    def player_entries(self, settings: Any, stage: int, player: int
                       ) -> tuple[np.ndarray, np.ndarray]:
        """One player's counted games of a stage in their own chronological order (rule
        MJ-7a): the TP (twelfths) and the GP (MJ-6a penalties taken) of each."""
        with self._lock:
            self._ensure(settings)
            g = self.games
            # rule MJ-7a: the player's games by start, then game id; sorted by start in numpy,
            # and by the whole key in Python only when two of them start at the same moment
            arr = np.asarray(self._player_games(stage, player), dtype=np.int64)
            moment = g.start[arr] * 1_000_000 + g.usec[arr]
            by_start = np.argsort(moment, kind="stable")
            arr, moment = arr[by_start], moment[by_start]
            if bool((moment[1:] == moment[:-1]).any()):
                arr = np.asarray(sorted(arr.tolist(), key=lambda x: (
                    int(g.start[x]), int(g.usec[x]), id_order(g.ids[x]))), dtype=np.int64)
            seat = np.argmax(g.players[arr] == player, axis=1)
            return g.tp12[arr, seat], g.gp[arr, seat] - g.penalty[arr, seat]

    def _refresh_player(self, settings: Any, stage: int, player: int) -> None:
        assert self._stages is not None
        tp, gp = self.player_entries(settings, stage, player)
        values = player_stats(tp, gp, settings.series_length)
        cache = self._stages[stage]
        if cache.row_of is None:
            cache.row_of = {int(p): i for i, p in enumerate(cache.stats.players.tolist())}
        row = cache.row_of.get(player)
        st = cache.stats
        if row is None:
            row = cache.row_of[player] = st.players.size
            cache.stats = st = PlayerStats(
                np.append(st.players, player), *(np.append(a, 0) for a in (
                    st.games, st.tp12, st.gp, st.series_tp12, st.series_gp))
            )
        st.games[row], st.tp12[row], st.gp[row], st.series_tp12[row], st.series_gp[row] = values

    # -- reads ----------------------------------------------------------------------------------
    def _ensure(self, settings: Any) -> dict[int, _StageCache]:
        if self._stages is None or settings is not self._settings:
            self._full(settings)
        assert self._stages is not None
        return self._stages

    def stage(self, settings: Any, stage: int) -> StageRanking:
        """Rules MJ-7, MJ-8: the ranking of one stage (cached; under the book's lock, as the
        cache is filled in place)."""
        with self._lock:
            return self._stage(settings, stage)

    def _stage(self, settings: Any, stage: int) -> StageRanking:
        caches = self._ensure(settings)
        cache = caches[stage]
        pens = [d.payload for d in self.active("mahjong.penalty")
                if d.payload["kind"] in ("6b", "6c") and d.payload["stage"] == stage]
        if cache.ranking is not None and cache.changed:
            assert cache.row_of is not None
            rows = []
            for player in cache.changed:
                i = cache.row_of[player]
                st = cache.stats
                tp_pen = sum(p["amount"] * 12 for p in pens
                             if p["player"] == player and p["kind"] == "6c")
                gp_pen = sum(p["amount"] * self.gp_unit for p in pens
                             if p["player"] == player and p["kind"] == "6b")
                rules = settings.rank_rules
                rows.append((player, int(st.games[i]), int(st.tp12[i]) - tp_pen,
                             int(st.gp[i]) - gp_pen,
                             int(st.series_tp12[i]) - (tp_pen if rules.tp_penalty_in_series
                                                       else 0),
                             int(st.series_gp[i]) - (gp_pen if rules.gp_penalty_in_series
                                                     else 0)))
            cache.ranking = rerank_changed(cache.ranking, rows, settings.rank_rules)
            cache.changed.clear()
        if cache.ranking is None:
            st = cache.stats
            tp_pen = np.zeros(st.players.size, dtype=np.int64)
            gp_pen = np.zeros(st.players.size, dtype=np.int64)
            if pens:
                if cache.row_of is None:
                    cache.row_of = {int(p): i for i, p in enumerate(st.players.tolist())}
                for p in pens:
                    row = cache.row_of.get(p["player"])
                    if row is None:
                        continue  # no counted game in the stage: nothing to lower
                    if p["kind"] == "6c":
                        tp_pen[row] -= p["amount"] * 12
                    else:
                        gp_pen[row] -= p["amount"] * self.gp_unit
            cache.ranking = rank_stage(stage, st, tp_pen, gp_pen, settings.rank_rules)
            cache.changed.clear()
        return cache.ranking

    def stages(self, settings: Any) -> list[StageRanking]:
        with self._lock:
            return [self._stage(settings, s) for s in range(1, len(settings.stage_bounds) + 1)]

    def total(self, settings: Any) -> Total:
        """Rules MJ-9, MJ-10."""
        with self._lock:
            stages = self.stages(settings)
            if self._total is None:
                self._total = total_standings(stages, len(settings.stage_bounds))
            return self._total
