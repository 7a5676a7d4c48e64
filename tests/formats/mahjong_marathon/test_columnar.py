"""The marathon's columnar game ids and its one-sort chronological order (rule MJ-7a) give
exactly what the former implementation gave: the same order of games that start at the same
moment, the same row for every id, the same standings, also after a snapshot round trip and
games added to a loaded snapshot."""

from __future__ import annotations

import pickle

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from podium.formats import get_format
from podium.formats.mahjong_marathon import ids as ids_module
from podium.formats.mahjong_marathon.book import MarathonBook
from podium.formats.mahjong_marathon.ids import GameIds, id_order
from tests.formats.mahjong_marathon.builders import STAGE1, epoch

BASE = epoch(STAGE1)
SETTINGS = get_format("mahjong-marathon").parse_settings({})


def reference_chronological(book: MarathonBook) -> np.ndarray:
    """The former ``MarathonBook.chronological``: a stable sort by start time, then every run
    of equal start times re-sorted by ``id_order`` in Python (rule MJ-7a)."""
    g = book.games
    start = g.view("start")
    if not start.size:
        return np.zeros(0, dtype=np.int64)
    key = (start - start.min()) * 1_000_000 + g.view("usec")
    order = np.argsort(key, kind="stable")
    ordered = key[order]
    same = np.flatnonzero(ordered[1:] == ordered[:-1])
    if same.size:
        runs = np.split(same, np.flatnonzero(np.diff(same) > 1) + 1)
        for run in runs:
            lo, hi = int(run[0]), int(run[-1]) + 2
            order[lo:hi] = sorted(order[lo:hi].tolist(), key=lambda i: id_order(g.ids[i]))
    return order


class ReferenceBook(MarathonBook):
    """The book with the former chronological order, to compare standings with."""

    def chronological(self) -> np.ndarray:
        return reference_chronological(self)


# ids that tie in id_order ("7", "07"), numeric beside text ("10" < "9a"), long digit strings
# (19 digits are text), non-ASCII and a newline (the snapshot keeps those as a list)
game_id = st.one_of(
    st.integers(0, 40).map(str),
    st.integers(0, 40).map(lambda v: f"0{v}"),
    st.sampled_from(["9a", "a", "A", "b10", "b9", "10000000000000000000", "1" * 18, "é", "z\n"]),
    st.text(alphabet="abc019-", min_size=1, max_size=4),
)
game = st.tuples(game_id, st.integers(0, 3), st.sampled_from([0, 0, 0, 250_000]),
                 st.lists(st.integers(1, 6), min_size=4, max_size=4, unique=True),
                 st.lists(st.integers(-3, 3).map(lambda v: v * 8), min_size=4, max_size=4))


def add(book: MarathonBook, games: list) -> None:
    if not games:
        return
    book.games.extend(
        [g[0] for g in games], np.zeros(len(games), dtype=np.int32),
        np.array([BASE + 60 * g[1] for g in games], dtype=np.int64),
        np.array([g[3] for g in games], dtype=np.int32),
        np.array([g[4] for g in games], dtype=np.int32), (4, 2, 1, 0),
        usec=np.array([g[2] for g in games], dtype=np.int32),
    )


def books(batches: list[list], snapshot_after: int) -> tuple[MarathonBook, MarathonBook]:
    """The same games in a new book (snapshot round trip after ``snapshot_after`` batches)
    and in a reference book that never went through a snapshot."""
    book, reference = MarathonBook(), ReferenceBook()
    for i, batch in enumerate(batches):
        if i == snapshot_after:
            book = pickle.loads(pickle.dumps(book, protocol=pickle.HIGHEST_PROTOCOL))
        add(book, batch)
        add(reference, batch)
    return book, reference


def unique(batches: list[list]) -> list[list]:
    """Ids are unique in a table (an import skips a known id): keep the first of each."""
    seen: set[str] = set()
    out = []
    for batch in batches:
        kept = []
        for g in batch:
            if g[0] not in seen:
                seen.add(g[0])
                kept.append(g)
        out.append(kept)
    return out


batches = st.lists(st.lists(game, max_size=25), min_size=1, max_size=4).map(unique)


@settings(max_examples=150, deadline=None)
@given(batches, st.integers(0, 4))
def test_mj7a_chronological_order_is_the_former_one(batches, snapshot_after):
    """Rule MJ-7a: games that start at the same moment (most of them here: 4 minutes, 2
    sub-second offsets) go by game id, numeric ids numerically, ties in id order (``7`` and
    ``07``) in ingest order, exactly as the former per-run Python sort put them."""
    book, reference = books(batches, snapshot_after)
    assert book.chronological().tolist() == reference_chronological(reference).tolist()


@settings(max_examples=100, deadline=None)
@given(batches, st.integers(0, 4), st.lists(game_id, max_size=5))
def test_every_id_finds_its_row(batches, snapshot_after, unknown):
    """``games.index`` answers as the former dict did: each id its row, an unknown id None."""
    book, _ = books(batches, snapshot_after)
    ids = [g[0] for batch in batches for g in batch]
    assert list(book.games.ids) == ids
    assert [book.games.ids[i] for i in range(len(ids))] == ids
    for row, gid in enumerate(ids):
        assert book.games.index[gid] == row
        assert gid in book.games.index
    for gid in unknown:
        expected = ids.index(gid) if gid in ids else None
        assert book.games.index.get(gid) == expected


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(batches, st.integers(0, 4))
def test_standings_are_the_former_ones(batches, snapshot_after):
    """Rules MJ-7 .. MJ-10: every stage table and the total equal those of the former path."""
    book, reference = books(batches, snapshot_after)
    for s in range(1, len(SETTINGS.stage_bounds) + 1):
        a, b = book.stage(SETTINGS, s), reference.stage(SETTINGS, s)
        for name in ("players", "games", "tp12", "gp", "series_tp12", "series_gp",
                     "result_num", "result_den", "place", "nr"):
            assert getattr(a, name).tolist() == getattr(b, name).tolist(), (s, name)
    ta, tb = book.total(SETTINGS), reference.total(SETTINGS)
    for name in ("players", "sn", "place", "total_games"):
        assert getattr(ta, name).tolist() == getattr(tb, name).tolist(), name


def test_a_loaded_table_takes_ids_below_and_above_its_own(monkeypatch):
    """Games added after a snapshot: ids after every stored one are appended to the id
    order, a few below some are inserted, many below are sorted again; lookups switch to a
    dict after many probes. Each path keeps the id order and every row."""
    ids = GameIds()
    ids.extend(f"g{i:04d}" for i in range(0, 2000, 2))
    ids = pickle.loads(pickle.dumps(ids))
    ids.extend(["h1", "h2"])  # above every stored id
    ids.extend(["g0001", "7", "g1999"])  # below some
    ids.extend(f"g{i:04d}" for i in range(3, 1000, 2))
    ids.by_id()
    monkeypatch.setattr(ids_module, "_INSERT_AT_MOST", 100)
    ids.extend(f"g{i:04d}" for i in range(1001, 1999, 2))
    expected = sorted(range(len(ids)), key=lambda i: (id_order(ids[i]), i))
    for _ in range(2):
        assert ids.by_id().tolist() == expected
        ids = pickle.loads(pickle.dumps(ids))
    every = list(ids)
    for _ in range(3):
        assert all(ids.row(gid) == row for row, gid in enumerate(every))
    assert ids.row("g2000") is None


@settings(max_examples=200, deadline=None)
@given(st.lists(game_id, max_size=30))
def test_id_sort_is_a_stable_sort_by_id_order(ids):
    """The numpy sort of ids (ASCII) and the Python one (any other) both give the positions
    sorted stably by ``id_order`` (rule MJ-7a's tie order)."""
    expected = sorted(range(len(ids)), key=lambda i: id_order(ids[i]))
    assert ids_module.id_sort(ids).tolist() == expected


@given(st.lists(game_id, max_size=20), st.integers(0, 20), st.integers(-3, 25),
       st.integers(-3, 25))
def test_slices_of_a_loaded_table(ids, split, start, stop):
    """Slices read the snapshot's string and the later list as one sequence."""
    table = GameIds()
    table.extend(ids[:split])
    table = pickle.loads(pickle.dumps(table))
    table.extend(ids[split:])
    assert table[start:stop] == ids[start:stop]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(batches, st.lists(game, min_size=1, max_size=6))
def test_a_new_game_refreshes_its_players_as_a_full_recompute_would(batches, later):
    """Rule MJ-7a: a game added to a computed book re-sorts its players' games (by start, then
    game id when two start at the same moment) as the full recompute orders them."""
    book = MarathonBook()
    for batch in batches:
        add(book, batch)
    book.stages(SETTINGS)
    known = {g[0] for batch in batches for g in batch}
    for g in later:
        if g[0] in known:
            continue
        known.add(g[0])
        first = book.games.n
        add(book, [g])
        book.games_added(SETTINGS, range(first, first + 1))
    incremental = book.stages(SETTINGS)
    book.invalidate()
    full = book.stages(SETTINGS)
    for a, b in zip(incremental, full, strict=True):
        for name in ("players", "games", "tp12", "gp", "series_tp12", "series_gp", "place"):
            assert getattr(a, name).tolist() == getattr(b, name).tolist(), name
