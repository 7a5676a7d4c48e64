"""The columnar ranking (``np.lexsort`` over int64 keys) gives exactly the rows of the Python
sort it replaced (``rank_players_python``): the same order, ranks, every column value (the
random draw's shown places, rule CMD-3c, included), records and drop marks.

Random events (pods with byes, sample results with draws and shared eliminations, drops, a late
entry), and random records built to tie heavily, with fractions, negative values and values
beyond int64 (where the Python sort takes over).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from podium.core import standings
from podium.core.records import PlayerRecord, build_records
from podium.core.standings import Standings, rank_players, rank_players_python
from podium.core.tiebreakers import TIEBREAKERS, get_tiebreaker
from tests.core.test_standings_fast import random_event


@pytest.fixture(autouse=True)
def columnar_always(monkeypatch: pytest.MonkeyPatch) -> None:
    """The columnar sort for every size here (a small event takes the Python sort)."""
    monkeypatch.setattr(standings, "COLUMNAR_FROM", 0)


CRITERIA = [
    ("points", "elimination_sum", "opponents_win_pct", "random"),  # rule CMD-3
    ("points", "opponents_win_pct", "elimination_sum", "wins", "random"),
    ("points", "elimination_sum"),  # no draw: full ties share a rank
    ("points",),
    ("random",),
    ("points", "random", "wins"),  # the draw before another criterion: Python path
    (),
]


def same(fast: Standings, slow: Standings) -> None:
    assert fast.criteria == slow.criteria
    assert len(fast.rows) == len(slow.rows)
    for a, b in zip(fast.rows, slow.rows, strict=True):
        assert (a.rank, a.player, a.dropped, a.note) == (b.rank, b.player, b.dropped, b.note)
        assert a.values == b.values
        assert [type(v) for v in a.values] == [type(v) for v in b.values]
        assert a.record is b.record


@pytest.mark.parametrize("seed", range(40))
def test_random_events_rank_the_same(seed: int) -> None:
    event = random_event(seed, pod=3 + seed % 3)
    state = event.state
    records = build_records(state.players, state.rounds)
    dropped = [pid for pid, p in state.players.items() if p.dropped]
    for names in CRITERIA:
        criteria = [get_tiebreaker(name) for name in names]
        same(rank_players(state.players, records, criteria, state.seed, dropped),
             rank_players_python(state.players, records, criteria, state.seed, dropped))


def random_records(rng: random.Random, count: int, huge: bool) -> dict[int, PlayerRecord]:
    """Records with few distinct values (many ties), fractions, negatives, shuffled ids."""
    ids = rng.sample(range(1, count * 3 + 2), count)
    records = {}
    for pid in ids:
        wins = rng.randint(0, 2)
        points: Fraction | int = rng.choice([wins * 3, wins * 3 + 1, Fraction(7, 2), -1])
        order = rng.choice([0, 3, Fraction(7, 2), Fraction(10, 3), -2])
        if huge and rng.random() < 0.1:
            order = rng.choice([1 << 70, -(1 << 66), Fraction(1 << 64, 3)])
        records[pid] = PlayerRecord(pid, points=points, games=rng.randint(0, 3), wins=wins,
                                    order_sum=order, score_sum=Fraction(rng.randint(0, 2)),
                                    opponents=rng.sample(ids, rng.randint(0, min(4, len(ids)))))
    return records


@pytest.mark.parametrize("seed", range(60))
def test_random_records_rank_the_same(seed: int) -> None:
    rng = random.Random(seed)
    records = random_records(rng, rng.randint(0, 80), huge=seed % 4 == 3)
    players = list(records)
    dropped = rng.sample(players, len(players) // 5)
    names = list(TIEBREAKERS)
    for names_ in [*CRITERIA, tuple(rng.sample(names, rng.randint(1, len(names))))]:
        criteria = [get_tiebreaker(name) for name in names_]
        same(rank_players(players, records, criteria, seed, dropped),
             rank_players_python(players, records, criteria, seed, dropped))


def test_fully_tied_players_are_ordered_by_the_draw() -> None:
    """Rule CMD-3c: among players equal on every criterion the seeded draw decides, shown as
    1, 2, 3 in the order it gave; a player alone on their values shows no draw."""
    records = {pid: PlayerRecord(pid, points=3) for pid in (1, 2, 3)}
    records[4] = PlayerRecord(4, points=6)
    criteria = [get_tiebreaker("points"), get_tiebreaker("random")]
    standings = rank_players(list(records), records, criteria, 7)
    assert standings.rows[0].player == 4 and standings.rows[0].values == (6, None)
    assert [row.values[1] for row in standings.rows[1:]] == [1, 2, 3]
    assert [row.rank for row in standings.rows] == [1, 2, 3, 4]
    draws = {pid: TIEBREAKERS["random"].compute(pid, records, 7) for pid in (1, 2, 3)}
    assert [row.player for row in standings.rows[1:]] == sorted(draws, key=draws.__getitem__,
                                                                reverse=True)
