"""The "avoid repeats" repeat policy: pods by standings that avoid earlier opponents.

The regulation's own repair (rule CMD-7, see ``swap.py``) only forbids a table identical to a
table of the previous round. Players and organisers ask for more: no avoidable rematch with any
earlier opponent in any earlier round. This module builds such pods while staying as close as
possible to the standings fill (rule CMD-6), so that top seeds keep the top tables.

Method (inspired by lexicographically weighted seating searches such as krcg's):

1. Greedy construction in standings order: each table takes the best unplaced player, then the
   next unplaced players in standings order that have met nobody at the table yet, looking ahead
   a bounded window. This alone gives zero repeats almost everywhere in a large field.
2. Local search: for each table that still seats a repeat, try swapping one of the players
   involved with a player of a nearby table, scoring only the two touched tables. A repeated
   pair costs far more than any displacement in the standings, so a swap is taken when it lowers
   the repeats, or keeps them and moves players less far from their standings place.
3. When that gets stuck (small fields, late rounds), seeded simulated annealing on the repeat
   count, moving only players who have a repeat, within a fixed number of steps; the best layout
   seen is kept, then a last descent (any player may move) brings players back towards their
   standings place without adding repeats.

All limits are counts, never clock time, so the result depends only on the arguments and seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

_NO_MEETINGS: Mapping[int, int] = {}


class _Search:
    """Mutable state of one search; private so that ``avoid_repeats`` stays a pure function."""

    def __init__(
        self,
        order: Sequence[int],
        sizes: Sequence[int],
        met: Mapping[int, Mapping[int, int]],
    ) -> None:
        self.order = list(order)
        self.sizes = list(sizes)
        self.met = met
        self.pos = {player: index for index, player in enumerate(self.order)}
        self.start: list[int] = []
        self.end: list[int] = []
        cursor = 0
        for size in self.sizes:
            self.start.append(cursor)
            cursor += size
            self.end.append(cursor)
        n = len(self.order)
        max_size = max(self.sizes, default=1)
        # Lexicographic weights: any repeated pair outweighs every "deep" term (a pair meeting
        # for the third time or more), which outweighs all standings displacement of a pod.
        self.deep = max_size * (n + 1) * (n + 1) + 1
        self.big = self.deep * (max_size * max_size * (n + 1) + 1)
        self.pods: list[list[int]] = []
        self.table_of: dict[int, int] = {}
        self.touched: set[int] = set()

    # -- scoring ---------------------------------------------------------------------------

    def contrib(self, player: int, others: Sequence[int], table: int) -> int:
        """Cost ``player`` adds to ``table`` next to ``others``: its repeated pairs and its
        squared distance from the table's slice of the standings."""
        cost = 0
        seen = self.met.get(player, _NO_MEETINGS)
        if seen:
            for other in others:
                times = seen.get(other, 0)
                if times > 0:
                    cost += self.big + self.deep * (times - 1)
        place = self.pos[player]
        if place < self.start[table]:
            gap = self.start[table] - place
            cost += gap * gap
        elif place >= self.end[table]:
            gap = place - self.end[table] + 1
            cost += gap * gap
        return cost

    def pod_cost(self, table: int) -> int:
        pod = self.pods[table]
        total = 0
        for index, player in enumerate(pod):
            total += self.contrib(player, pod[index + 1 :], table)
        return total

    def conflicted(self, table: int) -> list[int]:
        """Players of ``table`` who have met another player of it before."""
        pod = self.pods[table]
        out = []
        for player in pod:
            seen = self.met.get(player, _NO_MEETINGS)
            if seen and any(seen.get(other, 0) > 0 for other in pod if other != player):
                out.append(player)
        return out

    # -- phase 1: greedy -------------------------------------------------------------------

    def greedy(self, window: int) -> None:
        order = self.order
        met = self.met
        placed = [False] * len(order)
        head = 0
        for table, size in enumerate(self.sizes):
            pod: list[int] = []
            for _seat in range(size):
                while placed[head]:
                    head += 1
                best_index = -1
                best_hits = -1
                scanned = 0
                index = head
                while index < len(order) and scanned < window:
                    if placed[index]:
                        index += 1
                        continue
                    scanned += 1
                    seen = met.get(order[index], _NO_MEETINGS)
                    hits = 0
                    if seen:
                        for other in pod:
                            if seen.get(other, 0) > 0:
                                hits += 1
                    if hits == 0:
                        best_index = index
                        break
                    if best_index < 0 or hits < best_hits:
                        best_index, best_hits = index, hits
                    index += 1
                placed[best_index] = True
                player = order[best_index]
                pod.append(player)
                self.table_of[player] = table
            self.pods.append(pod)

    # -- phase 2: descent on tables with repeats --------------------------------------------

    def best_swap(
        self, table: int, radius: int, everyone: bool = False
    ) -> tuple[int, int, int, int] | None:
        """Best improving swap of a conflicted player of ``table`` (of any player when
        ``everyone``) with a player of a table at most ``radius`` away:
        (delta, player, other table, other player), or None."""
        pod = self.pods[table]
        movers = list(pod) if everyone else self.conflicted(table)
        if not movers:
            return None
        best: tuple[int, int, int, int] | None = None
        low = max(0, table - radius)
        high = min(len(self.pods), table + radius + 1)
        for mover in movers:
            rest = [p for p in pod if p != mover]
            old_mover = self.contrib(mover, rest, table)
            for other_table in range(low, high):
                if other_table == table:
                    continue
                other_pod = self.pods[other_table]
                for partner in other_pod:
                    other_rest = [p for p in other_pod if p != partner]
                    delta = (
                        self.contrib(partner, rest, table)
                        + self.contrib(mover, other_rest, other_table)
                        - old_mover
                        - self.contrib(partner, other_rest, other_table)
                    )
                    if delta < 0 and (best is None or delta < best[0]):
                        best = (delta, mover, other_table, partner)
        return best

    def swap(self, table: int, player: int, other_table: int, partner: int) -> None:
        pod = self.pods[table]
        other_pod = self.pods[other_table]
        pod[pod.index(player)] = partner
        other_pod[other_pod.index(partner)] = player
        self.table_of[player] = other_table
        self.table_of[partner] = table
        self.touched.add(table)
        self.touched.add(other_table)

    def descend(
        self, tables: list[int], radius: int, budget: int, everyone: bool = False
    ) -> tuple[int, int]:
        """Improve the given tables (and whatever they touch) until no improving swap is left
        or ``budget`` swaps are spent. Returns (total delta, swaps used)."""
        pending = sorted(set(tables))
        queued = set(pending)
        total = 0
        used = 0
        while pending and used < budget:
            table = pending.pop()
            queued.discard(table)
            move = self.best_swap(table, radius, everyone)
            if move is None:
                continue
            delta, player, other_table, partner = move
            self.swap(table, player, other_table, partner)
            total += delta
            used += 1
            for touched in (table, other_table):
                if touched not in queued:
                    queued.add(touched)
                    pending.append(touched)
        return total, used

    def result(self) -> list[list[int]]:
        """The pods, each best-first."""
        pos = self.pos
        return [sorted(pod, key=pos.__getitem__) for pod in self.pods]

    def bad_tables(self) -> list[int]:
        return [t for t in range(len(self.pods)) if self.conflicted(t)]

    # -- phase 3: annealing on the repeats ---------------------------------------------------

    def repeat_units(self, player: int, others: Sequence[int]) -> float:
        """Repeats ``player`` has with ``others``: 1 per earlier opponent, plus a quarter per
        extra earlier meeting (so a third meeting is worse than a second)."""
        seen = self.met.get(player, _NO_MEETINGS)
        units = 0.0
        if seen:
            for other in others:
                times = seen.get(other, 0)
                if times > 0:
                    units += 0.75 + 0.25 * times
        return units

    def anneal(self, bad: list[int], radius: int, steps: int, rng: random.Random) -> None:
        """Simulated annealing over swaps that move a player who has a repeat.

        The energy is the repeat count alone; standings distance is only a tie-break kept by
        remembering the best layout by full cost, and restored by a polishing descent after.
        Every step is counted, so the outcome depends on the seed only.
        """
        tables = len(self.pods)
        bad_set = set(bad)
        log: list[tuple[int, int, int, int]] = []
        cost = sum(self.pod_cost(t) for t in range(tables))
        best_cost = cost
        hot, cold = 0.6, 0.05
        ratio = (cold / hot) ** (1.0 / max(1, steps))
        temperature = hot
        self.touched.clear()
        changed: set[int] = set()
        for _ in range(steps):
            temperature *= ratio
            if not bad_set:
                break
            table = rng.choice(sorted(bad_set))
            pod = self.pods[table]
            mover = rng.choice(self.conflicted(table))
            low = max(0, table - radius)
            high = min(tables, table + radius + 1)
            other_table = rng.randrange(low, high - 1)
            if other_table >= table:
                other_table += 1
            other_pod = self.pods[other_table]
            partner = rng.choice(other_pod)
            rest = [p for p in pod if p != mover]
            other_rest = [p for p in other_pod if p != partner]
            delta = (
                self.repeat_units(partner, rest)
                + self.repeat_units(mover, other_rest)
                - self.repeat_units(mover, rest)
                - self.repeat_units(partner, other_rest)
            )
            if delta > 0 and rng.random() >= math.exp(-delta / temperature):
                continue
            cost += (
                self.contrib(partner, rest, table)
                + self.contrib(mover, other_rest, other_table)
                - self.contrib(mover, rest, table)
                - self.contrib(partner, other_rest, other_table)
            )
            self.swap(table, mover, other_table, partner)
            changed.add(table)
            changed.add(other_table)
            log.append((table, partner, other_table, mover))
            for touched in (table, other_table):
                if self.conflicted(touched):
                    bad_set.add(touched)
                else:
                    bad_set.discard(touched)
            if cost < best_cost:
                best_cost = cost
                log.clear()
        # Back to the best layout seen: undo the swaps made since, newest first.
        for table, player, other_table, partner in reversed(log):
            self.swap(table, player, other_table, partner)
        self.touched = changed


def avoid_repeats(
    order: Sequence[int],
    sizes: Sequence[int],
    met: Mapping[int, Mapping[int, int]],
    *,
    seed: int,
) -> list[list[int]]:
    """Pods for a later round that minimise repeated opponents, then distance from standings.

    ``order`` is best standings first; ``sizes`` the pod sizes in table order (short or long pods
    allowed, normally at the end); ``met[a][b]`` how many earlier games ``a`` and ``b`` shared, for
    all earlier rounds (it must be symmetric; missing entries mean 0). The primary objective is the
    number of repeated meetings this round creates; the secondary one keeps each player near their
    place in the standings fill (rule CMD-6), so top seeds stay at the top tables. ``seed`` drives
    the only random choices (the annealing), so the same arguments give the same pods.

    This is the configurable alternative to the regulation's minimal repair (rule CMD-7). A table
    identical to an earlier one repeats all its pairs, so the search avoids it far more strongly
    than rule CMD-7 does, though as a heuristic it proves no optimum. Pods come back in table
    order, each best-first like ``fill_by_standings`` (turn order: ``assign_seats``).
    """
    if len(set(order)) != len(order):
        raise ValueError("a player appears more than once in the order")
    if any(size < 1 for size in sizes):
        raise ValueError(f"pod sizes must be positive, got {list(sizes)}")
    if sum(sizes) != len(order):
        raise ValueError(f"pod sizes add up to {sum(sizes)} seats for {len(order)} players")
    if not sizes:
        return []

    search = _Search(order, sizes, met)
    max_size = max(sizes)
    search.greedy(window=max(24, 8 * max_size))

    tables = len(sizes)
    radius = min(tables, 6)
    search.descend(search.bad_tables(), radius, budget=20 * tables + 200)
    bad = search.bad_tables()
    if not bad or tables < 2:
        return search.result()

    # Phase 3: seeded annealing on the repeats near the tables that still have some, then a
    # polishing descent (any player may move) that brings players back towards their standings.
    rng = random.Random(seed)
    steps = min(20000, 8000 + 250 * len(bad))
    search.anneal(bad, min(tables - 1, 12), steps, rng)
    search.descend(sorted(search.touched), radius, budget=20 * tables + 200, everyone=True)
    return search.result()
