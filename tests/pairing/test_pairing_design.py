"""Whole-event seating schedules (``podium.pairing.design``), checked by hand-countable properties.

16 players in tables of 4 over 5 rounds: each player meets 3 opponents a round, 15 in all, the
other 15 players exactly, so 0 repeats means every pair meets exactly once (the 80 pairs of the
5 x 4 tables of 4 = 120 = 16*15/2 pairs). The lower bound of repeats is the pair-meetings the
tables create beyond the pairs there are: 16 x 6 rounds gives 6*4*6 - 120 = 24.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from podium.i18n import translations
from podium.pairing import design
from podium.pairing.design import (
    affine_rounds,
    lower_bound,
    repeats,
    round_by_round,
    schedule,
    seat_counts,
    seat_imbalance,
)


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch):
    """A small search budget: what is checked here (soundness, never worse than avoid,
    determinism) holds for any budget; the full budget's results are in bench/seating.py."""
    monkeypatch.setattr(design, "search_steps", lambda n, rounds: 1500)
    design._plan.cache_clear()
    yield
    design._plan.cache_clear()


def _check_rounds(rounds, players, sizes, byes=0) -> None:
    """Every player exactly once a round; the tables of the sizes asked for."""
    for rnd in rounds:
        seated = [p for table in rnd for p in table]
        assert sorted(seated, key=repr) == sorted(players, key=repr)
        tables = rnd[:-1] if byes else rnd
        assert sorted(len(t) for t in tables) == sorted(sizes)
        if byes:
            assert len(rnd[-1]) == byes


def test_affine_plane_16_players_5_rounds_meet_everyone_once() -> None:
    names = [f"p{i}" for i in range(16)]
    plan = schedule(names, 5, 4, seed=3)
    _check_rounds(plan, names, [4] * 4)
    met = Counter(frozenset(pair) for rnd in plan for t in rnd
                  for pair in itertools.combinations(t, 2))
    assert len(met) == 120 and set(met.values()) == {1}
    assert plan.method == "construction" and plan.repeats == 0 == plan.bound
    assert "AG(2, 4)" in plan.notes[0] and "0 repeated meetings (lower bound 0)" in plan.notes[0]
    # 5 games, 4 seats: everyone has the first seat once or twice (16 * 5 / 4 = 20 first seats)
    firsts = Counter(t[0] for rnd in plan for t in rnd)
    assert set(firsts.values()) <= {1, 2} and sum(firsts.values()) == 20


def test_affine_space_64_players_21_rounds() -> None:
    plan = schedule(list(range(64)), 21, 4, seed=1)
    _check_rounds(plan, list(range(64)), [4] * 16)
    assert repeats(plan) == 0 and plan.method == "construction"
    assert "AG(3, 4)" in plan.notes[0]
    assert seat_imbalance(plan) == 0


@pytest.mark.parametrize(("n", "rounds", "k", "named"), [
    (9, 4, 3, "AG(2, 3)"),          # 9 players, tables of 3: the affine plane of order 3
    (25, 6, 5, "AG(2, 5)"),
    (49, 8, 7, "AG(2, 7)"),
    (8, 7, 2, "AG(3, 2)"),          # duels: a round robin
    (20, 5, 4, "GF(5)"),            # 4 groups of 5, one of each group a table
    (32, 9, 4, "1 more round"),     # 4 groups of 8: 8 rounds, then the groups split in two
    (28, 9, 4, "Hermitian unital"), # 28 points of PG(2, 9), 63 blocks of 4 in 9 rounds
    (15, 7, 3, "PG(3, 2)"),         # Kirkman's 15 schoolgirls
    (40, 13, 4, "PG(3, 3)"),        # 130 lines of 4 in 13 spreads of 10
    (24, 7, 4, "cyclic design over Z_7"),  # 3 x 7 players turning, 3 staying put
    (36, 10, 4, "cyclic design over Z_10"),  # 3 x 10 players turning, 6 staying put
])
def test_constructions_have_no_repeats(n: int, rounds: int, k: int, named: str) -> None:
    plan = schedule(list(range(n)), rounds, k, seed=2)
    _check_rounds(plan, list(range(n)), [k] * (n // k))
    assert repeats(plan) == 0 and plan.method == "construction"
    assert named in plan.notes[0]
    assert seat_imbalance(plan) == 0


def test_every_pair_of_the_affine_geometry_on_one_line() -> None:
    for q, d in ((3, 2), (4, 2), (2, 4), (4, 3)):
        rounds = affine_rounds(q, d)
        assert len(rounds) == (q**d - 1) // (q - 1)
        met = Counter(frozenset(p) for rnd in rounds for t in rnd
                      for p in itertools.combinations(t, 2))
        assert len(met) == q**d * (q**d - 1) // 2 and set(met.values()) == {1}


def test_36_players_over_10_rounds_never_meet_twice() -> None:
    """36 players in tables of 4 over 10 rounds: each meets 3 a round, 30 of the other 35 in
    all, nobody twice (540 of the 630 pairs meet once), whatever the seed."""
    for seed in (1, 2):
        plan = schedule([f"p{i}" for i in range(36)], 10, 4, seed=seed)
        _check_rounds(plan, [f"p{i}" for i in range(36)], [4] * 9)
        met = Counter(frozenset(pair) for rnd in plan for t in rnd
                      for pair in itertools.combinations(t, 2))
        assert len(met) == 540 and set(met.values()) == {1}
        assert plan.repeats == 0 == plan.bound and plan.method == "construction"
        assert seat_imbalance(plan) == 0


def test_20_players_over_7_rounds_meet_everyone_at_the_bound() -> None:
    """20 players in tables of 4 over 7 rounds: 7 * 5 * 6 = 210 meetings for 190 pairs, so at
    least 20 repeats; at 20 everyone meets all 19 others, 20 pairs of them twice, none thrice."""
    for seed in (1, 2):
        plan = schedule(list(range(20)), 7, 4, seed=seed)
        _check_rounds(plan, list(range(20)), [4] * 5)
        met = Counter(frozenset(pair) for rnd in plan for t in rnd
                      for pair in itertools.combinations(t, 2))
        assert len(met) == 190 and sorted(Counter(met.values()).items()) == [(1, 170), (2, 20)]
        assert plan.repeats == 20 == plan.bound
        assert seat_imbalance(plan) == 0


def test_finite_fields_are_fields() -> None:
    for q in (4, 8, 9, 16, 25):
        add, mul = design._field(q)
        for a in range(1, q):
            assert sum(1 for b in range(q) if mul[a][b] == 1) == 1  # an inverse
        for a, b, c in itertools.product(range(q), repeat=3):
            assert mul[a][add[b][c]] == add[mul[a][b]][mul[a][c]]


def test_one_more_round_than_the_design_reaches_the_bound() -> None:
    """16 x 6: the five rounds of AG(2, 4), then any round repeats 24 pairs: the bound."""
    plan = schedule(list(range(16)), 6, 4, seed=1)
    assert lower_bound(16, [4] * 4, 6) == 24
    assert plan.repeats == repeats(plan) == 24 == plan.bound


def test_search_case_no_worse_than_avoid() -> None:
    """12 players in tables of 4 over 3 rounds: no construction (4 groups of 3 are too small
    for a transversal design); the search starts from today's round-by-round pairing with the
    same seed and keeps its best, so it is never worse."""
    plan = schedule(list(range(12)), 3, 4, seed=5)
    _check_rounds(plan, list(range(12)), [4] * 3)
    assert plan.method == "search" and "seeded search" in plan.notes[0]
    baseline = round_by_round(12, 3, [4] * 3, 0, 5)
    assert plan.bound <= plan.repeats == repeats(plan) <= repeats(baseline)


@pytest.mark.parametrize(("n", "rounds"), [(12, 4), (20, 7), (28, 5)])
def test_never_worse_than_avoid(n: int, rounds: int) -> None:
    for seed in (1, 2):
        plan = schedule(list(range(n)), rounds, 4, seed=seed)
        assert repeats(plan) <= repeats(round_by_round(n, rounds, [4] * (n // 4), 0, seed))


def test_seat_balance_bound() -> None:
    """Each player has each seat floor(R/k) or ceil(R/k) times: 7 rounds, 4 seats: 1 or 2."""
    for n, rounds in ((16, 5), (20, 7), (32, 8)):
        plan = schedule(list(range(n)), rounds, 4, seed=7)
        for counts in seat_counts(plan).values():
            assert all(math.floor(rounds / 4) <= c <= math.ceil(rounds / 4) for c in counts)


def test_same_seed_same_schedule_other_seed_other_draw() -> None:
    first = schedule(list(range(20)), 6, 4, seed=11)
    design._plan.cache_clear()
    again = schedule(list(range(20)), 6, 4, seed=11)
    assert first == again and first.notes == again.notes
    assert schedule(list(range(20)), 6, 4, seed=12) != first


def test_byes_rotate_and_short_tables() -> None:
    """15 players, 3 tables of 4 and 3 byes a round, 5 rounds: 15 byes, one each."""
    plan = schedule(list(range(15)), 5, sizes=[4, 4, 4], byes=3, seed=1)
    _check_rounds(plan, list(range(15)), [4, 4, 4], byes=3)
    sat_out = Counter(p for rnd in plan for p in rnd[-1])
    assert sorted(sat_out.values()) == [1] * 15
    short = schedule(list(range(14)), 3, sizes=[4, 4, 3, 3], seed=1)
    _check_rounds(short, list(range(14)), [4, 4, 3, 3])


def test_beyond_the_search_round_by_round(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(design, "SEARCH_LIMIT", 10)
    plan = schedule(list(range(12)), 3, 4, seed=1)  # no construction for 12 in tables of 4
    assert plan.method == "round-by-round"
    assert "beyond the whole-schedule search" in plan.notes[0]
    design._plan.cache_clear()


def test_history_is_avoided() -> None:
    """A re-planned schedule avoids meetings that already happened: 16 players who met in
    the first two rounds of AG(2, 4) get the other three rounds with no pair met twice."""
    done = affine_rounds(4, 2)[:2]
    history: dict[int, dict[int, int]] = {}
    for rnd in done:
        for table in rnd:
            for a, b in itertools.permutations(table, 2):
                history.setdefault(a, {})[b] = 1
    plan = schedule(list(range(16)), 3, 4, seed=1, history=history)
    assert plan.repeats == 0
    assert repeats([*done, *plan]) == 0


def test_explanation_in_russian() -> None:
    ru = translations("ru")
    plan = schedule(list(range(16)), 5, 4, seed=1)
    text = plan.notes[0].render(ru)
    assert text.startswith("расписание рассадки на 5 туров: прямые аффинной геометрии AG(2, 4)")
    assert "повторных встреч: 0 (нижняя граница 0)" in text
    assert plan.notes[1].render(ru).startswith("позиции за столом сбалансированы")


def test_bad_sizes_refused() -> None:
    with pytest.raises(ValueError, match="do not fill tables of 4"):
        schedule(list(range(10)), 2, 4)
    with pytest.raises(ValueError, match="more than once"):
        schedule([1, 1, 2, 3], 1, 4)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables=st.integers(1, 4), k=st.integers(3, 4), rounds=st.integers(1, 4),
       seed=st.integers(0, 1000))
def test_any_small_schedule_is_sound(tables: int, k: int, rounds: int, seed: int) -> None:
    n = tables * k
    plan = schedule(list(range(n)), rounds, k, seed=seed)
    _check_rounds(plan, list(range(n)), [k] * tables)
    assert plan.bound <= plan.repeats == repeats(plan)
    assert plan.repeats <= repeats(round_by_round(n, rounds, [k] * tables, 0, seed))
    for counts in seat_counts(plan).values():
        assert counts[0] <= math.ceil(rounds / k)
