"""Separation groups (beyond the regulation): players of one club kept apart as far
as the pairing allows, never at the cost of what the regulation asks: each pod keeps its points
(the score groups of the standings fill, rule CMD-6), no repeated opponent is added and no table
of the previous round comes back (rule CMD-7)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from podium.pairing import fill_by_standings, random_pods
from podium.pairing.separate import group_pairs, repeat_pairs, separate_groups

ZERO = Fraction(0)


def clubs(sizes: dict[str, int]) -> dict[int, str]:
    """Players 1, 2, ... in clubs of the given sizes, in that order."""
    group_of: dict[int, str] = {}
    for club, size in sizes.items():
        for _ in range(size):
            group_of[len(group_of) + 1] = club
    return group_of


def test_eight_players_two_clubs_of_four_sit_two_and_two() -> None:
    # worked by hand: 2 pods of 4, 4 Red and 4 Blue. Any pod with 3 of a club has 3 pairs of
    # it (and the other pod 3 as well: 6 in all); 2 + 2 in both pods is the fewest, 4 pairs.
    group_of = clubs({"Red": 4, "Blue": 4})
    worst = [[1, 2, 3, 4], [5, 6, 7, 8]]  # the draw that seats each club together
    done = separate_groups(worst, group_of, dict.fromkeys(group_of, ZERO), seed=1)
    for pod in done.pods:
        assert sorted(Counter(group_of[p] for p in pod).values()) == [2, 2]
    assert group_pairs(done.pods, group_of) == 4
    assert len(done.conflicts) == 4  # each pod: 2 Red, 2 Blue, both named


@pytest.mark.parametrize("seed", range(20))
def test_sixteen_players_four_clubs_of_four_one_of_each_club_at_every_pod(seed: int) -> None:
    # round 1 (rule CMD-5: a draw) of 4 clubs of 4: 4 pods, each with one player of each club
    group_of = clubs({"Red": 4, "Blue": 4, "Green": 4, "Gold": 4})
    rng = random.Random(seed)
    drawn = random_pods(sorted(group_of), [4, 4, 4, 4], rng)
    done = separate_groups(drawn, group_of, dict.fromkeys(group_of, ZERO), seed=seed)
    assert done.conflicts == []
    for pod in done.pods:
        assert sorted(group_of[p] for p in pod) == ["Blue", "Gold", "Green", "Red"]


def test_players_without_a_group_never_conflict() -> None:
    group_of = {1: "Red", 2: "Red"}
    pods = [[1, 2, 3, 4], [5, 6, 7, 8]]
    done = separate_groups(pods, group_of, dict.fromkeys(range(1, 9), ZERO), seed=3)
    assert done.conflicts == []
    assert [sorted(pod).count(1) + sorted(pod).count(2) for pod in done.pods] == [1, 1]


def test_only_players_on_equal_points_change_pods() -> None:
    # rule CMD-6: pod 1 holds the 4 leaders (3 points), pod 2 the rest (0): the two Red
    # leaders cannot be parted, since no one else has 3 points; the explanation names them.
    group_of = {1: "Red", 2: "Red", 5: "Red"}
    score = {1: Fraction(3), 2: Fraction(3), 3: Fraction(3), 4: Fraction(3),
             5: ZERO, 6: ZERO, 7: ZERO, 8: ZERO}
    pods = fill_by_standings([1, 2, 3, 4, 5, 6, 7, 8], [4, 4])
    done = separate_groups(pods, group_of, score, seed=5)
    assert done.pods == pods
    assert done.conflicts == [(0, "Red", (1, 2))]


def test_no_swap_adds_a_repeated_opponent() -> None:
    # Red 1 and 2 share pod 1; 2 could swap with 5 or 6 (same points) but met 7 and 8 before,
    # and 1 met 5 and 6: the only swaps that part them add a repeat, so none is made.
    group_of = {1: "Red", 2: "Red"}
    met = {2: {7: 1, 8: 1}, 7: {2: 1}, 8: {2: 1}, 1: {5: 1, 6: 1}, 5: {1: 1}, 6: {1: 1}}
    pods = [[1, 2, 3, 4], [5, 6, 7, 8]]
    score = {1: ZERO, 2: ZERO, 3: Fraction(1), 4: Fraction(1), 5: ZERO, 6: ZERO,
             7: Fraction(1), 8: Fraction(1)}
    done = separate_groups(pods, group_of, score, met, seed=2)
    assert done.pods == pods and done.swaps == 0


def test_no_swap_brings_back_a_table_of_the_previous_round() -> None:
    # rule CMD-7: only 2 and 5 are on equal points, and swapping them would seat exactly
    # {1, 5, 3, 4}, a table of the last round: the Red pair stays, and is reported
    group_of = {1: "Red", 2: "Red"}
    pods = [[1, 2, 3, 4], [5, 6, 7, 8]]
    score = {p: Fraction(p) for p in range(1, 9)} | {2: ZERO, 5: ZERO}
    previous = [[1, 5, 3, 4], [2, 6, 7, 8]]
    done = separate_groups(pods, group_of, score, previous=previous, seed=4)
    assert done.pods == pods
    assert done.conflicts == [(0, "Red", (1, 2))]
    # without that table in the previous round the swap is made
    assert separate_groups(pods, group_of, score, seed=4).conflicts == []


def test_the_same_arguments_give_the_same_pods() -> None:
    group_of = clubs({"A": 5, "B": 4, "C": 3})
    drawn = random_pods(sorted(group_of), [4, 4, 4], random.Random(9))
    scores = dict.fromkeys(group_of, ZERO)
    first = separate_groups(drawn, group_of, scores, seed=11)
    assert separate_groups(drawn, group_of, scores, seed=11) == first


@st.composite
def layouts(draw: st.DrawFn):
    """Pods of 3-5 with players on a few score levels, some in groups, with an earlier round
    (met) and its tables."""
    n_pods = draw(st.integers(1, 6))
    sizes = [draw(st.integers(3, 5)) for _ in range(n_pods)]
    n = sum(sizes)
    players = list(range(1, n + 1))
    n_groups = draw(st.integers(1, 4))
    group_of = {p: g for p in players
                if (g := draw(st.sampled_from(["", *("ABCD"[:n_groups])])))}
    score = {p: Fraction(draw(st.integers(0, 2))) for p in players}
    order = sorted(players, key=lambda p: (-score[p], p))
    pods = fill_by_standings(order, sizes)
    seed = draw(st.integers(0, 2**32))
    rng = random.Random(seed)
    earlier = list(players)
    rng.shuffle(earlier)
    previous = fill_by_standings(earlier, sizes) if draw(st.booleans()) else []
    met: dict[int, dict[int, int]] = {}
    for pod in previous:
        for a in pod:
            for b in pod:
                if a != b:
                    met.setdefault(a, {})[b] = 1
    return pods, group_of, score, met, previous, seed


@settings(max_examples=150, deadline=None)
@given(layouts())
def test_separation_never_breaks_the_pairing_and_never_adds_conflicts(case) -> None:
    pods, group_of, score, met, previous, seed = case
    done = separate_groups(pods, group_of, score, met, previous, seed=seed)
    # the same pods: sizes, players, and each pod's points (rule CMD-6's score groups)
    assert [len(p) for p in done.pods] == [len(p) for p in pods]
    assert sorted(p for pod in done.pods for p in pod) == sorted(p for pod in pods for p in pod)
    for before, after in zip(pods, done.pods, strict=True):
        assert Counter(score[p] for p in before) == Counter(score[p] for p in after)
    # repeat avoidance keeps priority: no more repeated pairs nor meetings, no table of the
    # previous round brought back (rule CMD-7) unless the input had it there already
    assert repeat_pairs(done.pods, met) <= repeat_pairs(pods, met)
    old = {frozenset(t) for t in previous}
    assert sum(frozenset(p) in old for p in done.pods) <= sum(frozenset(p) in old for p in pods)
    # and turning it on never seats more players of one group together than off
    assert group_pairs(done.pods, group_of) <= group_pairs(pods, group_of)
    assert bool(done.conflicts) == (group_pairs(done.pods, group_of) > 0)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="seated twice"):
        separate_groups([[1, 2], [2, 3]], {}, {1: ZERO, 2: ZERO, 3: ZERO}, seed=0)
    with pytest.raises(ValueError, match="no points"):
        separate_groups([[1, 2]], {}, {1: ZERO}, seed=0)
