"""Turn order inside a pod.

In Commander the player who takes the first turn wins measurably more often (public data: about
24.7 / 19.3 / 16.7 / 14.6 % by seat), so over an event nobody should go first much more often than
the others. The turn order also decides draws (rule CMD-4b), so it must be recorded, and it must be
reproducible: ties are broken only by the caller's ``random.Random``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence

_EXACT_UP_TO = 5


def random_seats(pod: Sequence[int], rng: random.Random) -> list[int]:
    """Round 1 turn order: a shuffled copy of the pod (no history to balance yet, rule CMD-5)."""
    seats = list(pod)
    rng.shuffle(seats)
    return seats


def assign_seats(
    pod: Sequence[int],
    seat_counts: Mapping[int, Mapping[int, int]],
    rng: random.Random,
) -> list[int]:
    """Turn order for one pod in a later round, balancing who goes first.

    ``seat_counts[player][position]`` is how many games the player took turn ``position + 1``.
    Objectives, in order: the player going first has gone first as rarely as possible; then the
    sum, over the seats, of how often each player already had that seat is as small as possible;
    remaining ties are broken with ``rng``. Pods of up to 5 are solved exactly by trying every
    order (at most 120); 6 and 7 seats are filled greedily seat by seat.
    """
    players = list(pod)
    if len(set(players)) != len(players):
        raise ValueError("a player appears more than once in the pod")
    if len(players) <= 1:
        return players

    def count(player: int, position: int) -> int:
        return seat_counts.get(player, {}).get(position, 0)

    if len(players) <= _EXACT_UP_TO:
        seats_n = len(players)
        table = {p: [count(p, pos) for pos in range(seats_n)] for p in players}
        best: list[tuple[int, ...]] = []
        best_key: tuple[int, int] | None = None
        for perm in itertools.permutations(players):
            key = (table[perm[0]][0], sum(table[p][pos] for pos, p in enumerate(perm)))
            if best_key is None or key < best_key:
                best_key, best = key, [perm]
            elif key == best_key:
                best.append(perm)
        return list(rng.choice(best))

    # Greedy for 6-7 seats: shuffle first so that ties fall randomly, then give each seat in turn
    # to the remaining player who has had it least (seat 1 first, the primary objective).
    remaining = list(players)
    rng.shuffle(remaining)
    seats: list[int] = []
    for position in range(len(players)):
        choice = min(remaining, key=lambda p: count(p, position))
        remaining.remove(choice)
        seats.append(choice)
    return seats
