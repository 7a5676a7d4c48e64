"""The regulation's repeat repair by swapping with the next table (rule CMD-7)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from podium.pairing import apply_repeat_swaps, fill_by_standings, random_pods

RANKS = {player: player for player in range(1, 17)}  # player id = rank, to read examples easily


def test_cmd7_first_table_repeats_swaps_rank_4_and_5() -> None:
    # rule CMD-7: table 1 seats exactly a table of the previous round, so its lowest-standing
    # player (rank 4) swaps with the highest-standing player of table 2 (rank 5).
    pods = fill_by_standings(list(range(1, 9)), (4, 4))
    result = apply_repeat_swaps(pods, [{1, 2, 3, 4}, {5, 6, 7, 9}], RANKS)
    assert result.pods == [[1, 2, 3, 5], [4, 6, 7, 8]]
    assert result.unresolved == []
    assert result.notes == [
        "player 4 (rank 4) swapped with player 5 (rank 5): table 1 repeated a table of the "
        "previous round (rule CMD-7)"
    ]


def test_cmd7_last_table_swaps_with_the_table_before() -> None:
    # rule CMD-7 [open default]: the last table has no next table; its highest-standing player
    # swaps with the lowest-standing player of the table before it.
    pods = fill_by_standings(list(range(1, 13)), (4, 4, 4))
    result = apply_repeat_swaps(pods, [{9, 10, 11, 12}], RANKS)
    assert result.pods == [[1, 2, 3, 4], [5, 6, 7, 9], [8, 10, 11, 12]]
    assert result.unresolved == []
    assert "table 3 repeated" in result.notes[0]
    assert result.notes[0].startswith("player 9 (rank 9) swapped with player 8 (rank 8)")


def test_cmd7_swap_chain_moves_down_the_tables() -> None:
    # rule CMD-7: "repeat until no table repeats": the swap makes table 2 repeat, so it swaps on.
    pods = fill_by_standings(list(range(1, 13)), (4, 4, 4))
    previous = [{1, 2, 3, 4}, {4, 6, 7, 8}, {5, 9, 10, 11}]
    result = apply_repeat_swaps(pods, previous, RANKS)
    assert result.unresolved == []
    assert len(result.notes) == 2
    assert "table 2 repeated" in result.notes[1]
    assert all(frozenset(pod) not in map(frozenset, previous) for pod in result.pods)


def test_cmd7_single_table_cannot_be_repaired_and_is_reported() -> None:
    # rule CMD-7: "or no swap can help, then report it".
    result = apply_repeat_swaps([[1, 2, 3, 4]], [[4, 3, 2, 1]], RANKS)
    assert result.pods == [[1, 2, 3, 4]]
    assert result.unresolved == [0]
    assert "no other table" in result.notes[0]


def test_cmd7_loop_is_detected_and_reported() -> None:
    # Both layouts reachable by the rule repeat a previous table: the swap would only return to
    # the first layout, so table 1 is reported instead of looping forever.
    previous = [{1, 2, 3, 4}, {1, 2, 3, 5}]
    result = apply_repeat_swaps([[1, 2, 3, 4], [5, 6, 7, 8]], previous, RANKS)
    assert result.unresolved == [0]
    assert result.notes[-1].endswith(
        "would only bring back an earlier layout; left as it is (rule CMD-7)"
    )


def test_cmd7_short_and_long_pods() -> None:
    pods = fill_by_standings(list(range(1, 10)), (4, 5))
    result = apply_repeat_swaps(pods, [{5, 6, 7, 8, 9}], RANKS)
    assert result.pods == [[1, 2, 3, 5], [4, 6, 7, 8, 9]]


def test_cmd7_input_is_not_changed() -> None:
    pods = [[1, 2, 3, 4], [5, 6, 7, 8]]
    apply_repeat_swaps(pods, [{1, 2, 3, 4}], RANKS)
    assert pods == [[1, 2, 3, 4], [5, 6, 7, 8]]


@settings(max_examples=80)
@given(n_tables=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_cmd7_result_is_a_permutation_and_reports_every_repeat(n_tables: int, seed: int) -> None:
    rng = random.Random(seed)
    order = list(range(1, 4 * n_tables + 1))
    previous = random_pods(order, [4] * n_tables, rng)
    # rule CMD-7: standings that make the fill repeat a random subset of previous tables.
    keep = [pod for pod in previous if rng.random() < 0.5]
    rest = [p for pod in previous if pod not in keep for p in pod]
    mixed = [p for pod in keep for p in sorted(pod)] + rest
    ranks = {p: i + 1 for i, p in enumerate(mixed)}
    pods = fill_by_standings(mixed, [4] * n_tables)
    result = apply_repeat_swaps(pods, previous, ranks)
    assert sorted(p for pod in result.pods for p in pod) == order
    assert [len(pod) for pod in result.pods] == [4] * n_tables
    repeating = [i for i, pod in enumerate(result.pods) if set(pod) in map(set, previous)]
    assert result.unresolved == repeating
    for pod in result.pods:
        assert pod == sorted(pod, key=ranks.__getitem__)  # each pod best-first
