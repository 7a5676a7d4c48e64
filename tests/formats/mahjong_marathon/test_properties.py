"""Marathon properties (Hypothesis): TP sums, NR bounds, order independence, idempotence."""

from __future__ import annotations

import tempfile
from datetime import timedelta
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from podium.core.errors import InvalidInput
from podium.formats.mahjong_marathon.commands import MarathonService
from podium.formats.mahjong_marathon.files import GameRecord, make_record
from podium.formats.mahjong_marathon.rules import book_of
from podium.formats.mahjong_marathon.scoring import (
    PlayerStats,
    _shared_places,
    rank_stage,
    table_tp12,
)
from podium.store.db import Database, resolve_url
from tests.formats.mahjong_marathon.builders import STAGE1, Marathon, epoch

gp_value = st.integers(min_value=-3, max_value=3).map(lambda v: v * 8)
table = st.lists(gp_value, min_size=4, max_size=4)
NAMES = [f"P{i}" for i in range(7)]


@given(st.lists(table, min_size=1, max_size=50))
def test_tp_of_every_game_sum_to_seven(tables):
    """Rule MJ-4: whatever the ties, a game hands out 4 + 2 + 1 + 0 = 7 TP (84 twelfths)."""
    tp12 = table_tp12(np.array(tables))
    assert (tp12.sum(axis=1) == 84).all()
    assert (tp12 >= 0).all()


@given(table, st.integers(0, 3), st.sampled_from([5, 10, 20, 60]))
def test_tp_still_sum_to_seven_after_a_game_penalty(gp, seat, amount):
    """Rule MJ-6a: the penalised game is re-scored for all four, and still gives 7 TP."""
    m = Marathon()
    gid = m.game(*zip(["A", "B", "C", "D"], gp, strict=True))
    m.penalty("6a", "ABCD"[seat], amount, game=gid)
    rows = m.stage_rows()
    assert sum(rows[p]["tp"] for p in "ABCD") == 7


stats_rows = st.lists(
    st.tuples(st.integers(1, 14), st.integers(0, 48), st.integers(-40, 40)),
    min_size=1, max_size=30,
)


@given(stats_rows)
def test_nr_is_1000_for_the_winner_and_0_for_the_last_qualified(rows):
    """Rule MJ-8: among the N players with at least 4 games, the first has 1000 and one alone
    in last place has 0; everyone else is in between, never rising down the table; players
    with fewer than 4 games have 0."""
    n = len(rows)
    games = np.array([r[0] for r in rows])
    tp = np.array([min(r[1] * g, 48 * g) for r, g in zip(rows, games, strict=True)])
    gp = np.array([r[2] * g for r, g in zip(rows, games, strict=True)])
    series = np.minimum(tp, np.minimum(games, 10) * 48)
    stats = PlayerStats(np.arange(1, n + 1), games, tp, gp, series, gp)
    ranking = rank_stage(1, stats)
    q = ranking.qualified
    assert (ranking.nr[~q] == 0).all()
    nr = ranking.nr[q]
    if nr.size:
        assert nr[0] == 1000
        assert ((nr >= 0) & (nr <= 1000)).all()
        assert (np.diff(nr) <= 0).all()
        last = ranking.games[q].size
        places = _shared_places(
            (ranking.result_num / ranking.result_den)[q], ranking.series_gp[q], ranking.games[q])
        if last > 1 and (places == last).any():
            assert nr[places == last].tolist() == [0]


games_strategy = st.lists(
    st.tuples(
        st.lists(st.sampled_from(NAMES), min_size=4, max_size=4, unique=True),
        st.lists(gp_value, min_size=4, max_size=4),
        st.integers(0, 20),  # minutes after the first game: repeats make same-second starts
        st.integers(0, 1),  # stage 1 or stage 2
    ),
    min_size=1, max_size=25,
)


def _record(i: int, game: tuple) -> GameRecord:
    names, gp, minute, stage = game
    start = STAGE1 + timedelta(days=60 * stage, minutes=minute)
    return GameRecord(f"g{i:03d}", "RU-Marathon-1", epoch(start), tuple(names), tuple(gp))


def _by_name(views) -> list[dict]:
    """Each table's rows by player name (an id is given in the order players first appear)."""
    return [{row["player"]: {k: v for k, v in row.items() if k not in ("player", "player_id")}
             for row in view.rows} for view in views]


def _service(tmp: str) -> MarathonService:
    svc = MarathonService(Database(resolve_url(str(Path(tmp) / "p.db"))))
    svc.create_event("m", "M", "mahjong-marathon", {}, "judge", seed=1)
    return svc


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games_strategy, st.randoms(use_true_random=False))
def test_standings_do_not_depend_on_import_order(games, rnd):
    """Rules MJ-7..MJ-10: the same games imported in another order (one file or game by game)
    give the same tables, player by player."""
    records = [_record(i, g) for i, g in enumerate(games)]
    shuffled = records[:]
    rnd.shuffle(shuffled)
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        first, second = _service(a), _service(b)
        try:
            first.ingest("m", records, "judge")
            for record in shuffled:
                second.ingest("m", [record], "judge")
            assert _by_name(first.tables("m")[1]) == _by_name(second.tables("m")[1])
        finally:
            first.db.dispose()
            second.db.dispose()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games_strategy, st.data())
def test_import_is_idempotent_over_overlapping_files(games, data):
    """Importing a file again, or one that overlaps it, never counts a game twice."""
    records = [_record(i, g) for i, g in enumerate(games)]
    cut = data.draw(st.integers(0, len(records)))
    start = data.draw(st.integers(0, cut))
    with tempfile.TemporaryDirectory() as tmp:
        svc = _service(tmp)
        try:
            svc.ingest("m", records[:cut], "judge")
            svc.ingest("m", records[start:], "judge")
            again = svc.ingest("m", records, "judge")
            assert again.added == 0 and again.duplicates == len(records)
            state = svc.load("m").state
            assert book_of(state).games.n == len(records)
            assert sorted(book_of(state).games.ids) == sorted(r.game_id for r in records)
        finally:
            svc.db.dispose()


@given(st.text(max_size=8))
def test_gp_text_is_a_whole_number_or_a_clear_error(text):
    """Bad input: a non-numeric GP is refused with a message naming the game and player; a
    file's game scored in fractions is read as such (the import skips and counts it)."""
    seats = [("A", text), ("B", 0), ("C", 0), ("D", 0)]
    try:
        record = make_record("g1", "RU-Marathon-1", 0, seats, "line 2")
    except InvalidInput as error:
        assert "line 2 (game g1)" in str(error) and "GP of A" in str(error)
    else:
        number = float(text.strip().replace("\u2212", "-"))
        if record.fractional:
            assert not number.is_integer()
        else:
            assert record.gp[0] == int(number)


@pytest.mark.parametrize("count", [3, 5])
def test_wrong_player_counts_are_refused(count):
    """Rule MJ-3: a game typed in has exactly 4 players; a file's game of another table size
    is read (the import skips and counts it: a server log holds 3-player games too); a file's
    game of 1 or 8 players is no game at all."""
    seats = [(f"P{i}", 0) for i in range(count)]
    with pytest.raises(InvalidInput, match=f"{count} players"):
        make_record("g1", "RU-Marathon-1", 0, seats, "")
    assert len(make_record("g1", "RU-Marathon-1", 0, seats, "game #1").names) == count
    for wrong in (1, 8):
        with pytest.raises(InvalidInput, match=f"{wrong} players"):
            make_record("g1", "RU-Marathon-1", 0, [(f"P{i}", 0) for i in range(wrong)],
                        "game #1")
