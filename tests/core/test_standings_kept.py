"""Standings kept between versions (:class:`podium.core.standings.KeptRanking`: only players
whose records changed are placed again, rows made when read) equal the full ranking at every
step of random Commander events: results, corrections of earlier rounds, undone rounds, drops,
late entries, shared eliminations and a snapshot's round trip; with the seeded draw last
(rule CMD-3c: shown as the order it gave among the players tied on everything before it),
without a draw (tied players share a rank, CMD-3) and with the draw elsewhere (the full
ranking then). Every page of rows, and the public table's cells, equal the full ones."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from podium.core import standings as standings_module
from podium.core.log import Kind
from podium.core.records import build_records
from podium.core.standings import (
    KeptRanking,
    RankedRows,
    Standings,
    kept_ranking,
    rank_players,
    rank_players_python,
)
from podium.core.views import StandingCells, standings_view
from podium.formats.commander.demo import simulate_result
from tests.builders import EventLog
from tests.core.random_play import correct_earlier, drop_or_enter_late
from tests.core.random_play import swiss_rounds as _swiss

TIEBREAKERS = [
    ("elimination_sum", "opponents_win_pct", "random"),  # the regulation's (CMD-3a-c)
    ("random",),
    ("wins", "random"),
    ("elimination_sum",),  # no draw: ties share a rank
    ("opponents_win_pct", "score_sum", "wins"),
    ("random", "wins"),  # the draw not last: ranked afresh each time
]


def _rows(rows: Any) -> list[tuple[Any, ...]]:
    return [(r.rank, r.player, r.values, r.dropped, r.note, r.record.points, r.record.games,
             r.record.wins, r.record.order_sum, r.record.byes) for r in rows]


def _check(event: EventLog) -> None:
    """The event's standings (kept where they can be) equal a full ranking of records built
    from scratch: all rows, every page of them, and the public table's cells."""
    state = event.state
    live = event.standings()
    criteria = live.criteria
    dropped = [pid for pid, p in state.players.items() if p.dropped]
    full = rank_players_python(list(state.players),
                               build_records(state.players, _swiss(event)), criteria,
                               state.seed, dropped)
    expected = _rows(full.rows)
    names = tuple(tb.name for tb in criteria)
    if "random" not in names[:-1]:  # the kept ranking serves it (rows made when read)
        assert isinstance(live.ranked, RankedRows)
    count = live.count()
    assert count == len(expected)
    for start in range(0, count + 3, 3):  # every page, read before the rows are made
        assert _rows(live.page(start, start + 3)) == expected[start:start + 3]
    view = standings_view(state, live)
    eager = standings_view(state, Standings(criteria, list(full.rows)))
    assert [dict(row) for row in view.rows] == [dict(row) for row in eager.rows]
    if isinstance(view.rows, StandingCells):
        assert view.rows.names() == [row["player"] for row in eager.rows]
        assert view.rows[1:4] == eager.rows[1:4]
    assert _rows(live.rows) == expected  # and all rows made at once


def _play(event: EventLog, rng: random.Random) -> None:
    snapshot_taken = False
    while True:
        try:
            rnd = event.pair()
        except Exception:  # the Swiss rounds are over
            break
        _check(event)
        if rng.random() < 0.3:  # the round undone, then paired again
            event.do(Kind.ROUND_UNDONE, {"round": rnd.number}, "redo")
            _check(event)
            rnd = event.pair()
        for table in rnd.tables:
            seats = list(table.seats)
            rng.shuffle(seats)
            if rng.random() < 0.2 and len(seats) >= 3:  # two out at once (CMD-3a: 3/2...)
                entry = {"winner": seats[0], "eliminated": [seats[1:3], *seats[3:]]}
            else:
                entry = simulate_result(table, rng)
            event.result(table.number, entry)
            if rng.random() < 0.5:
                _check(event)
        _check(event)
        correct_earlier(event, rng, 3, after=_check)  # of any round played so far
        if not snapshot_taken and rng.random() < 0.3:  # a snapshot's round trip, then on
            event.state = pickle.loads(pickle.dumps(event.state, pickle.HIGHEST_PROTOCOL))
            snapshot_taken = True
            _check(event)
        drop_or_enter_late(event, rng, late=0.2, after=_check)


@st.composite
def events(draw: st.DrawFn) -> tuple[EventLog, random.Random]:
    players = draw(st.integers(min_value=5, max_value=24))
    seed = draw(st.integers(min_value=0, max_value=2**31))
    tiebreakers = draw(st.sampled_from(TIEBREAKERS))
    event = EventLog(players=players, seed=seed, bye_policy="byes", final_size=0,
                     rounds=draw(st.integers(min_value=5, max_value=6)),
                     tiebreakers=list(tiebreakers))
    return event, random.Random(seed)


@pytest.mark.parametrize("replace_ratio", [0, standings_module.REPLACE_RATIO])
@settings(max_examples=30, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(case=events())
def test_kept_standings_equal_the_full_ranking(case, replace_ratio, monkeypatch):
    # rules CMD-3, CMD-3a, CMD-3b, CMD-3c; re-placed player by player however many changed
    # (ratio 0), or ranked afresh once more than one player in eight changed (the default)
    monkeypatch.setattr(standings_module, "REPLACE_RATIO", replace_ratio)
    event, rng = case
    _play(event, rng)


def test_a_ranking_is_kept_per_players_mapping_and_not_for_a_list():
    event = EventLog(players=8, seed=3, bye_policy="byes", final_size=0, rounds=5)
    players = event.state.players
    assert kept_ranking(players) is kept_ranking(players)
    assert kept_ranking(list(players)) is None
    assert kept_ranking(dict(players)) is None  # a plain dict is not weakly referable


def test_records_not_from_a_book_are_ranked_afresh():
    # only a RecordBook promises that an unchanged record is the same object
    event = EventLog(players=8, seed=3, bye_policy="byes", final_size=0, rounds=5)
    rnd = event.pair()
    for table in rnd.tables:
        event.result(table.number, simulate_result(table, random.Random(table.number)))
    records = build_records(event.state.players, _swiss(event))
    criteria = event.standings().criteria
    assert not KeptRanking.usable(records, criteria)
    ranked = rank_players(event.state.players, records, criteria, event.state.seed)
    assert isinstance(ranked.ranked, list)
    assert _rows(ranked.rows) == _rows(event.standings().rows)
