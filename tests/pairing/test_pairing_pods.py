"""Pod sizes, byes, standings fill and random pods (rules CMD-5, CMD-6, CMD-8)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from podium.pairing import (
    BYE_POLICIES,
    PodPlan,
    choose_byes,
    fill_by_standings,
    plan_pod_sizes,
    random_pods,
)

# -- plan_pod_sizes ------------------------------------------------------------------------


def test_cmd8_byes_policy_nine_players() -> None:
    # rule CMD-8: the last table cannot be filled, so its players get byes.
    plan = plan_pod_sizes(9, 4, "byes")
    assert plan == PodPlan((4, 4), 1, "9 players: 2 pods of 4, 1 bye (rule CMD-8)")


def test_full_pods_need_no_byes_under_any_policy() -> None:
    for policy in BYE_POLICIES:
        plan = plan_pod_sizes(12, 4, policy)
        assert plan.sizes == (4, 4, 4)
        assert plan.byes == 0


def test_short_pods_go_to_the_bottom() -> None:
    plan = plan_pod_sizes(10, 4, "short-pods")
    assert plan.sizes == (4, 3, 3)
    assert plan.byes == 0
    assert "short pods" in plan.note
    plan = plan_pod_sizes(9, 4, "short-pods")
    assert plan.sizes == (3, 3, 3)


def sizes_byes(players: int, policy: str) -> tuple[tuple[int, ...], int]:
    plan = plan_pod_sizes(players, 4, policy)
    return plan.sizes, plan.byes


def test_the_four_leftover_policies_of_pod_tools() -> None:
    """Leftover players (CMD-8 and beyond): 10 players in pods of 4 get 2 byes (the regulation),
    two 3-player pods at the bottom, two 5-player pods, or two 3-player pods at the top; an
    open-source pairer's rule gives byes for 1 or 2 left over and one 3-player pod for 3."""
    assert sizes_byes(10, "byes") == ((4, 4), 2)
    assert sizes_byes(10, "short-pods") == ((4, 3, 3), 0)
    assert sizes_byes(10, "long-pods") == ((5, 5), 0)
    top = plan_pod_sizes(10, 4, "short-pods-top")
    assert (top.sizes, top.byes) == ((3, 3, 4), 0) and "at the top" in top.note
    assert "beyond the regulation" in top.note
    assert sizes_byes(10, "byes-or-short") == ((4, 4), 2)
    assert sizes_byes(13, "byes-or-short") == ((4, 4, 4), 1)
    three = plan_pod_sizes(15, 4, "byes-or-short")
    assert (three.sizes, three.byes) == ((4, 4, 4, 3), 0) and "beyond the regulation" in three.note


def test_long_pods_go_to_the_bottom() -> None:
    # 10 players, remainder 2: two pods of 5 (needs 10 players, which we have).
    assert plan_pod_sizes(10, 4, "long-pods").sizes == (5, 5)
    assert plan_pod_sizes(13, 4, "long-pods").sizes == (4, 4, 5)


def test_long_pods_fall_back_to_short_pods() -> None:
    plan = plan_pod_sizes(7, 4, "long-pods")
    # 3 pods of 5 would need 15 players; one pod of 3 at the bottom instead.
    assert plan.sizes == (4, 3)
    assert plan.byes == 0
    assert plan.note.startswith("7 players cannot form 5-player pods")
    assert "instead" in plan.note


def test_long_pods_fall_back_to_byes_when_short_pods_also_fail() -> None:
    # k=7: long pods would have 8 seats (too many); 8 players: short needs 6 pods of 6.
    plan = plan_pod_sizes(8, 7, "long-pods")
    assert plan.sizes == (7,)
    assert plan.byes == 1
    assert "cannot form 8-player pods" in plan.note
    assert "rule CMD-8" in plan.note


def test_short_pods_fall_back_to_byes() -> None:
    # 5 players, pods of 4: r=1 needs 3 pods of 3 = 9 players.
    plan = plan_pod_sizes(5, 4, "short-pods")
    assert plan.sizes == (4,)
    assert plan.byes == 1
    assert plan.note.startswith("5 players cannot form 3-player pods")
    # Pods of 2 have no smaller pod to fall back to.
    plan = plan_pod_sizes(5, 2, "short-pods")
    assert plan.sizes == (2, 2)
    assert plan.byes == 1


def test_fewer_players_than_a_pod_all_get_byes() -> None:
    # rule CMD-8: not one pod of 4 can be filled
    plan = plan_pod_sizes(3, 4, "byes")
    assert plan.sizes == ()
    assert plan.byes == 3
    assert "all get byes" in plan.note
    # beyond it, as docs/commander.md says: the short-pod policies seat 3 as one pod of 3
    assert plan_pod_sizes(3, 4, "short-pods").sizes == (3,)
    # 2 players cannot make a pod of 3: byes, and the note says why
    two = plan_pod_sizes(2, 4, "short-pods")
    assert (two.sizes, two.byes) == ((), 2) and "cannot form 3-player pods" in two.note
    assert plan_pod_sizes(0, 4, "byes") == PodPlan((), 0, "0 players: no pods and no byes")


@pytest.mark.parametrize(
    ("n_players", "pod_size", "policy", "message"),
    [
        (8, 4, "random", "unknown bye policy"),
        (8, 1, "byes", "between 2 and 7"),
        (8, 8, "byes", "between 2 and 7"),
        (-1, 4, "byes", "cannot be negative"),
    ],
)
def test_plan_rejects_bad_input(n_players: int, pod_size: int, policy: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        plan_pod_sizes(n_players, pod_size, policy)


@given(
    n_players=st.integers(0, 400),
    pod_size=st.integers(2, 7),
    policy=st.sampled_from(BYE_POLICIES),
)
def test_plan_properties(n_players: int, pod_size: int, policy: str) -> None:
    # rule CMD-8 and the short/long pod options: every player is seated or has a bye.
    plan = plan_pod_sizes(n_players, pod_size, policy)
    assert sum(plan.sizes) + plan.byes == n_players
    assert all(2 <= size <= 7 for size in plan.sizes)
    assert plan.note
    # Short or long pods at the bottom (at the top with short-pods-top), all together.
    odd = [i for i, size in enumerate(plan.sizes) if size != pod_size]
    if policy == "short-pods-top":
        assert odd == list(range(len(odd)))
    else:
        assert odd == list(range(len(plan.sizes) - len(odd), len(plan.sizes)))
    fell_back = "cannot" in plan.note
    if policy == "byes-or-short":  # byes for up to k-2 left over, one short pod for k-1
        left = n_players % pod_size
        if n_players >= pod_size and left == pod_size - 1 and left >= 2:
            assert plan.byes == 0 and plan.sizes[-1] == left and len(odd) == 1
        else:
            assert plan.byes == (left if n_players >= pod_size else n_players)
    elif policy == "byes" or plan.byes:
        assert set(plan.sizes) <= {pod_size}
        assert plan.byes < pod_size or not plan.sizes
    elif policy in ("short-pods", "short-pods-top") or fell_back:
        assert set(plan.sizes) <= {pod_size, pod_size - 1}
        assert plan.byes == 0
    else:
        assert set(plan.sizes) <= {pod_size, pod_size + 1}
        assert plan.byes == 0
    if policy not in ("byes", "byes-or-short") and plan.byes and plan.sizes:
        assert fell_back  # a policy without byes only gives byes when it says why


# -- choose_byes ---------------------------------------------------------------------------


def test_cmd8_lowest_standing_get_the_byes() -> None:
    # rule CMD-8 [open default]: the bottom of the standings sits out.
    assert choose_byes([5, 4, 3, 2, 1], 2, {}) == [2, 1]
    assert choose_byes([5, 4, 3, 2, 1], 0, {}) == []


def test_cmd8_nobody_gets_a_second_bye_while_avoidable() -> None:
    # Players 2 and 1 already had one: the next lowest without a bye get it.
    assert choose_byes([5, 4, 3, 2, 1], 2, {1: 1, 2: 1}) == [4, 3]
    # Everyone had one: back to the bottom, but a third only after all have two.
    assert choose_byes([3, 2, 1], 1, {1: 2, 2: 1, 3: 1}) == [2]


def test_choose_byes_rejects_bad_counts() -> None:
    with pytest.raises(ValueError):
        choose_byes([1, 2], 3, {})
    with pytest.raises(ValueError):
        choose_byes([1, 1], 1, {})


@settings(max_examples=60)
@given(
    n_players=st.integers(5, 30),
    pod_size=st.integers(3, 5),
    rounds=st.integers(1, 12),
    seed=st.integers(0, 2**32),
)
def test_cmd8_second_bye_only_after_everyone_had_one(
    n_players: int, pod_size: int, rounds: int, seed: int
) -> None:
    # rule CMD-8 [open]: over simulated rounds with shuffled standings, no player gets a bye
    # more than others unless all have at least as many.
    rng = random.Random(seed)
    players = list(range(n_players))
    byes_had: dict[int, int] = {}
    for _ in range(rounds):
        order = players[:]
        rng.shuffle(order)
        count = plan_pod_sizes(n_players, pod_size, "byes").byes
        chosen = choose_byes(order, count, byes_had)
        assert len(chosen) == count
        assert chosen == [p for p in order if p in set(chosen)]
        # Nobody sitting out has had more byes than anybody who plays.
        chosen_set = set(chosen)
        for player in chosen:
            for other in players:
                if other not in chosen_set:
                    assert byes_had.get(other, 0) >= byes_had.get(player, 0)
        for player in chosen:
            byes_had[player] = byes_had.get(player, 0) + 1
        assert max(byes_had.values(), default=0) - min(byes_had.get(p, 0) for p in players) <= 1


# -- fill_by_standings and random_pods ----------------------------------------------------


def test_cmd6_fill_by_standings() -> None:
    # rule CMD-6: descending standings fill table 1, then table 2, ...
    order = [17, 3, 9, 4, 12, 8, 1, 2, 6, 5, 7]
    assert fill_by_standings(order, (4, 4, 3)) == [[17, 3, 9, 4], [12, 8, 1, 2], [6, 5, 7]]


def test_fill_rejects_sizes_that_do_not_fit() -> None:
    with pytest.raises(ValueError, match="add up"):
        fill_by_standings([1, 2, 3, 4, 5], (4,))


@given(
    players=st.lists(st.integers(0, 10_000), unique=True, min_size=2, max_size=60),
    seed=st.integers(0, 2**32),
)
def test_cmd5_random_pods_seat_everyone_once_and_reproducibly(
    players: list[int], seed: int
) -> None:
    # rule CMD-5: round 1 is random, reproducible from the recorded seed.
    plan = plan_pod_sizes(len(players), 4, "short-pods")
    seated = players[: sum(plan.sizes)]
    pods = random_pods(seated, plan.sizes, random.Random(seed))
    assert sorted(p for pod in pods for p in pod) == sorted(seated)
    assert [len(pod) for pod in pods] == list(plan.sizes)
    assert random_pods(seated, plan.sizes, random.Random(seed)) == pods


def test_random_pods_leave_input_alone() -> None:
    players = list(range(8))
    random_pods(players, (4, 4), random.Random(1))
    assert players == list(range(8))
