"""The regulation's repeat repair: swap players between neighbouring tables (rule CMD-7).

After the standings fill (rule CMD-6) a table may seat exactly the players of a table of the
previous round. The regulation repairs that with one simple, explainable move, repeated until no
table repeats; this module applies it and writes down every swap in words, so the organiser can
show players why they moved.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from podium.core.messages import M, Mn


@dataclass
class SwapResult:
    """Pods after the swaps, one sentence per swap or failure, and the pods still repeating.

    ``unresolved`` holds 0-based indexes into ``pods``; notes number tables from 1.
    """

    pods: list[list[int]]
    notes: list[str] = field(default_factory=list)
    unresolved: list[int] = field(default_factory=list)


def _state(pods: Sequence[Sequence[int]]) -> tuple[frozenset[int], ...]:
    return tuple(frozenset(pod) for pod in pods)


def apply_repeat_swaps(
    pods: Sequence[Sequence[int]],
    previous_tables: Iterable[Collection[int]],
    rank: Mapping[int, int],
) -> SwapResult:
    """Repair tables that repeat a table of the previous round (rule CMD-7).

    ``pods`` are in standings order (from ``fill_by_standings``); ``rank`` maps each player to
    their standing (1 = best). The first repeating table swaps its lowest-standing player with
    the highest-standing player of the next table; the last table, having no next one, swaps its
    highest-standing player with the lowest-standing player of the table before it ([open]
    default of rule CMD-7). This repeats until no table repeats.

    A swap can make the receiving table repeat in turn, and in small events the chain can come
    back to a layout already seen. So the loop remembers every layout: a swap that would return to
    one cannot help, the table is given up, reported in ``unresolved`` and in a note, and the loop
    goes on with the other tables. The number of swaps is also bounded, so it always ends.
    """
    current = [sorted(pod, key=lambda p: _rank(rank, p)) for pod in pods]
    previous = {frozenset(table) for table in previous_tables}
    notes: list[str] = []
    given_up: set[int] = set()
    seen = {_state(current)}
    max_swaps = 10 * len(current) + 10

    def repeats(index: int) -> bool:
        return frozenset(current[index]) in previous

    swaps = 0
    while True:
        index = next(
            (i for i in range(len(current)) if i not in given_up and repeats(i)),
            None,
        )
        if index is None:
            break
        table = index + 1
        if len(current) == 1:
            given_up.add(index)
            notes.append(
                M("table %(table)s repeats a table of the previous round and there is no other "
                  "table to swap with; left as it is (rule CMD-7)", table=table)
            )
            continue
        if swaps >= max_swaps:
            given_up.add(index)
            notes.append(
                Mn("table %(table)s still repeats a table of the previous round after %(n)s "
                   "swap; left as it is (rule CMD-7)",
                   "table %(table)s still repeats a table of the previous round after %(n)s "
                   "swaps; left as it is (rule CMD-7)", swaps, table=table)
            )
            continue
        if index + 1 < len(current):
            # rule CMD-7: lowest-standing player here <-> highest-standing player of next table.
            other = index + 1
            mover = current[index][-1]
            partner = current[other][0]
        else:
            # rule CMD-7 [open default]: the last table swaps with the table before it.
            other = index - 1
            mover = current[index][0]
            partner = current[other][-1]
        candidate = [list(pod) for pod in current]
        candidate[index][candidate[index].index(mover)] = partner
        candidate[other][candidate[other].index(partner)] = mover
        candidate[index].sort(key=lambda p: _rank(rank, p))
        candidate[other].sort(key=lambda p: _rank(rank, p))
        state = _state(candidate)
        if state in seen:
            given_up.add(index)
            notes.append(
                M("table %(table)s repeats a table of the previous round, and swapping player "
                  "%(mover)s (rank %(mover_rank)s) with player %(partner)s (rank "
                  "%(partner_rank)s) would only bring back an earlier layout; left as it is "
                  "(rule CMD-7)", table=table, mover=mover, mover_rank=rank[mover],
                  partner=partner, partner_rank=rank[partner])
            )
            continue
        seen.add(state)
        current = candidate
        swaps += 1
        notes.append(
            M("player %(mover)s (rank %(mover_rank)s) swapped with player %(partner)s (rank "
              "%(partner_rank)s): table %(table)s repeated a table of the previous round "
              "(rule CMD-7)", mover=mover, mover_rank=rank[mover], partner=partner,
              partner_rank=rank[partner], table=table)
        )

    unresolved = [i for i in range(len(current)) if repeats(i)]
    return SwapResult(current, notes, unresolved)


def _rank(rank: Mapping[int, int], player: int) -> int:
    try:
        return rank[player]
    except KeyError:
        raise ValueError(f"player {player} has no rank") from None
