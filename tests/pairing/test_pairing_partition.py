"""The table planner for any sizes from 2 to 7: hand-worked splits and properties checked
against an exhaustive search."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from podium.pairing.partition import partition


@pytest.mark.parametrize(("args", "sizes", "left"), [
    ((13, 3, 4, 4), (4, 3, 3, 3), 0),  # rule CMD-8 short pods: 3 pods of 3 at the bottom
    ((13, 4, 5, 4), (4, 4, 5), 0),  # long pods: 1 pod of 5
    ((13, 4, 4, 4), (4, 4, 4), 1),  # pods of 4 only: 1 bye
    ((11, 2, 2, 2), (2, 2, 2, 2, 2), 1),  # duels: one bye
    ((28, 3, 7, 7), (7, 7, 7, 7), 0),  # rule W7-2: four leagues of 7
    ((5, 3, 7, 7), (5,), 0),  # a league's third game of 5
    ((1, 2, 7, 4), (), 1),
    ((0, 2, 7, 4), (), 0),
    ((27, 3, 5, 4), (4, 4, 4, 4, 4, 4, 3), 0),
    ((14, 2, 7, 4), (4, 4, 6), 0),  # one table off the preferred size beats two (3, 3)
    ((14, 3, 5, 4), (4, 5, 5), 0),  # at most 5: two tables grow by one each
])
def test_hand_worked_splits(args, sizes, left):
    plan = partition(*args)
    assert (plan.sizes, plan.left_over) == (sizes, left)


@pytest.mark.parametrize("bad", [(10, 1, 4, 4), (10, 3, 8, 4), (10, 4, 5, 3), (-1, 2, 7, 4),
                                 (10, 2, 7, True)])
def test_impossible_bounds_are_refused(bad):
    with pytest.raises(ValueError):
        partition(*bad)


@cache
def best(n: int, low: int, high: int, preferred: int) -> tuple[int, int] | None:
    """(tables off the preferred size, seats away from it) of the best exact split, by
    exhaustive search; None when no split seats all ``n``."""
    if n == 0:
        return (0, 0)
    found = None
    for size in range(low, high + 1):
        if size <= n:
            rest = best(n - size, low, high, preferred)
            if rest is not None:
                here = (rest[0] + (size != preferred), rest[1] + abs(size - preferred))
                found = here if found is None or here < found else found
    return found


bounds = st.tuples(st.integers(2, 7), st.integers(2, 7), st.integers(2, 7)).map(sorted)


@given(st.integers(0, 60), bounds)
def test_the_split_is_as_good_as_an_exhaustive_search(n, limits):
    low, preferred, high = limits
    plan = partition(n, low, high, preferred)
    assert sum(plan.sizes) + plan.left_over == n
    assert all(low <= size <= high for size in plan.sizes)
    # the fewest players left over
    seated = n - plan.left_over
    assert best(seated, low, high, preferred) is not None
    assert all(best(m, low, high, preferred) is None for m in range(seated + 1, n + 1))
    # the fewest tables off the preferred size
    off = sum(size != preferred for size in plan.sizes)
    assert off == best(seated, low, high, preferred)[0]
    # the preferred size first
    assert list(plan.sizes[: len(plan.sizes) - off]) == [preferred] * (len(plan.sizes) - off)
