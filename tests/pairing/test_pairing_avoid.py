"""The "avoid repeats" policy: no avoidable rematch, pods close to the standings fill."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from podium.pairing import (
    BYE_POLICIES,
    avoid_repeats,
    fill_by_standings,
    plan_pod_sizes,
    random_pods,
)

Met = dict[int, dict[int, int]]


def record(met: Met, pods: list[list[int]]) -> int:
    """Add a round to ``met``; return how many pair meetings of it were repeats."""
    repeats = 0
    for pod in pods:
        for i, a in enumerate(pod):
            for b in pod[i + 1 :]:
                before = met.setdefault(a, {}).get(b, 0)
                repeats += before > 0
                met[a][b] = before + 1
                met.setdefault(b, {})[a] = before + 1
    return repeats


def simulate(n_players: int, rounds: int, seed: int) -> tuple[int, list[list[list[int]]]]:
    """Rounds of a Swiss event: random round 1 (rule CMD-5), then standings with random
    results; returns the repeats of the whole event and each round's pods."""
    rng = random.Random(seed)
    players = list(range(100, 100 + n_players))
    points = dict.fromkeys(players, 0)
    met: Met = {}
    sizes = plan_pod_sizes(n_players, 4, "short-pods").sizes
    pods = random_pods(players, sizes, rng)
    history = [pods]
    repeats = record(met, pods)
    for round_no in range(2, rounds + 1):
        for pod in pods:
            points[rng.choice(pod)] += 3
        tiebreak = {p: rng.random() for p in players}
        order = sorted(players, key=lambda p: (-points[p], tiebreak[p]))
        pods = avoid_repeats(order, sizes, met, seed=round_no)
        history.append(pods)
        repeats += record(met, pods)
    return repeats, history


def test_without_history_it_is_the_standings_fill() -> None:
    # rule CMD-6: with nothing to avoid, the pods are exactly the standings fill.
    order = list(range(50, 0, -1))
    sizes = plan_pod_sizes(50, 4, "short-pods").sizes
    assert avoid_repeats(order, sizes, {}, seed=1) == fill_by_standings(order, sizes)


def test_unavoidable_repeats_are_kept_low_and_near_the_standings() -> None:
    # Players 1-4 met before; two tables of 4 must hold at least 2 repeated pairs. The cheapest
    # way in standings distance moves ranks 3 and 4 down and ranks 5 and 6 up.
    met: Met = {}
    record(met, [[1, 2, 3, 4]])
    pods = avoid_repeats(list(range(1, 9)), (4, 4), met, seed=1)
    assert [sorted(pod) for pod in pods] == [[1, 2, 5, 6], [3, 4, 7, 8]]


def test_cmd7_case_is_repaired_without_any_repeat() -> None:
    # The standings fill would repeat every table of the previous round (rule CMD-7's case);
    # avoid_repeats finds pods where nobody meets an earlier opponent, top seed at table 1.
    order = list(range(1, 17))
    met: Met = {}
    record(met, fill_by_standings(order, (4, 4, 4, 4)))
    pods = avoid_repeats(order, (4, 4, 4, 4), met, seed=1)
    assert record(met, pods) == 0
    assert 1 in pods[0]
    assert sorted(p for pod in pods for p in pod) == order


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_zero_repeats_for_32_players_over_5_rounds(seed: int) -> None:
    repeats, history = simulate(32, 5, seed)
    assert repeats == 0
    for pods in history:
        assert sorted(p for pod in pods for p in pod) == list(range(100, 132))


def test_16_players_over_7_rounds_reach_the_lower_bound() -> None:
    # Lower bound for pods of 4: N * max(0, 3R - N + 1) / 2 = 16 * 6 / 2 = 48.
    repeats, _ = simulate(16, 7, 1)
    assert repeats == 48


def test_deterministic_for_a_seed() -> None:
    _, first = simulate(40, 6, 7)
    _, second = simulate(40, 6, 7)
    assert first == second


@settings(max_examples=40, deadline=None)
@given(
    n_players=st.integers(2, 60),
    pod_size=st.integers(2, 7),
    policy=st.sampled_from(BYE_POLICIES),
    seed=st.integers(0, 2**32),
)
def test_each_player_once_and_sizes_respected(
    n_players: int, pod_size: int, policy: str, seed: int
) -> None:
    rng = random.Random(seed)
    plan = plan_pod_sizes(n_players, pod_size, policy)
    players = list(range(n_players))[: sum(plan.sizes)]
    met: Met = {}
    for _ in range(3):
        record(met, random_pods(players, plan.sizes, rng))
    order = players[:]
    rng.shuffle(order)
    pods = avoid_repeats(order, plan.sizes, met, seed=seed)
    assert sorted(p for pod in pods for p in pod) == sorted(players)
    assert tuple(len(pod) for pod in pods) == plan.sizes


def test_rejects_sizes_that_do_not_fit() -> None:
    with pytest.raises(ValueError, match="add up"):
        avoid_repeats([1, 2, 3], (4,), {}, seed=0)
    with pytest.raises(ValueError, match="more than once"):
        avoid_repeats([1, 1, 2, 3], (4,), {}, seed=0)


def test_large_field_is_fast_and_repeat_free() -> None:
    # The benchmark covers 10,000 players; here 4,000 players with a 3-round history, where the
    # standings fill itself would repeat every table of the previous round.
    rng = random.Random(5)
    players = list(range(4000))
    met: Met = {}
    pods: list[list[int]] = []
    for _ in range(3):
        pods = random_pods(players, [4] * 1000, rng)
        record(met, pods)
    order = [p for pod in pods for p in pod]
    started = time.perf_counter()
    new = avoid_repeats(order, [4] * 1000, met, seed=1)
    elapsed = time.perf_counter() - started
    assert record(met, new) == 0
    assert elapsed < 2.0  # about 0.02 s on the benchmark machine; generous for slow CI
    position = {p: i for i, p in enumerate(order)}
    # Top seeds stay at the top tables: nobody moves more than a few tables from the fill.
    assert max(abs(position[p] // 4 - t) for t, pod in enumerate(new) for p in pod) <= 4


def test_pods_are_best_first() -> None:
    met: Met = {}
    record(met, [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]])
    pods = avoid_repeats(list(range(1, 17)), (4, 4, 4, 4), met, seed=2)
    assert all(pod == sorted(pod) for pod in pods)
