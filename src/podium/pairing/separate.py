"""Separation groups: keep players of one club, family or team apart, as far as the pairing
allows (beyond the regulation, which has no groups).

The regulation's pairing comes first and is never undone: the pods arrive here already made
(a random draw, rule CMD-5; a standings fill, rule CMD-6; its repeat repair, rule CMD-7, or the
avoid-repeats policy). Separation then only swaps two players **on equal points** between two
pods, so every pod keeps exactly the points it had (the score groups of the standings fill);
and a swap is taken only when it lowers the number of same-group pairs without adding a repeated
opponent or bringing back a whole table of the previous round. So turning separation on never
breaks what the regulation asks, and never seats more players of one group together.

Method: a descent over such swaps (each mover a player sharing a pod with someone of their
group, each partner a player on equal points in another pod, the best swap for each mover
taken), in an order drawn from the caller's seed; when pairs of one group remain, a seeded
simulated annealing over the same swaps (the best layout seen kept), then the descent again.
When every player is on the same points and
nobody has met anybody (round 1), a second start is tried too: the players dealt over the pods
group by group, the largest group first, each into the pod with the fewest of their group (this
is the best possible when the pods are equal), then the same descent; the start with fewer
same-group pairs wins. All limits are counts, so the result depends only on the arguments.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

_NONE: Mapping[int, int] = {}


@dataclass(frozen=True)
class Separation:
    """Pods after separation (in table order, each in its input order where kept), how many
    swaps were made, and the pods still seating two or more of one group:
    ``(table index, group, players)`` with the players in pod order."""

    pods: list[list[int]]
    swaps: int
    conflicts: list[tuple[int, str, tuple[int, ...]]]


def group_pairs(pods: Sequence[Sequence[int]], group_of: Mapping[int, str]) -> int:
    """How many pairs of players of one group share a pod (players without a group never
    count)."""
    total = 0
    for pod in pods:
        counts: dict[str, int] = {}
        for player in pod:
            group = group_of.get(player, "")
            if group:
                total += counts.get(group, 0)
                counts[group] = counts.get(group, 0) + 1
    return total


def repeat_pairs(pods: Sequence[Sequence[int]], met: Mapping[int, Mapping[int, int]]
                 ) -> tuple[int, int]:
    """(pairs of a pod who met before, their earlier meetings in all)."""
    pairs = times = 0
    for pod in pods:
        for index, player in enumerate(pod):
            seen = met.get(player, _NONE)
            for other in pod[index + 1:]:
                count = seen.get(other, 0)
                if count:
                    pairs += 1
                    times += count
    return pairs, times


def conflicts_of(pods: Sequence[Sequence[int]], group_of: Mapping[int, str]
                 ) -> list[tuple[int, str, tuple[int, ...]]]:
    """The pods seating two or more of one group: (table index, group, those players)."""
    out = []
    for index, pod in enumerate(pods):
        members: dict[str, list[int]] = {}
        for player in pod:
            group = group_of.get(player, "")
            if group:
                members.setdefault(group, []).append(player)
        for group, players in members.items():
            if len(players) > 1:
                out.append((index, group, tuple(players)))
    return out


class _Descent:
    """Mutable state of one descent; private so :func:`separate_groups` stays pure."""

    def __init__(self, pods: Sequence[Sequence[int]], group_of: Mapping[int, str],
                 score_of: Mapping[int, object], met: Mapping[int, Mapping[int, int]],
                 previous: Collection[frozenset[int]]) -> None:
        self.pods = [list(pod) for pod in pods]
        self.group_of = group_of
        self.score_of = score_of
        self.met = met
        self.previous = previous
        self.table_of = {p: t for t, pod in enumerate(self.pods) for p in pod}
        self.counts: list[dict[str, int]] = []
        for pod in self.pods:
            counts: dict[str, int] = {}
            for player in pod:
                group = group_of.get(player, "")
                if group:
                    counts[group] = counts.get(group, 0) + 1
            self.counts.append(counts)
        self.by_score: dict[object, list[int]] = {}
        for pod in self.pods:
            for player in pod:
                self.by_score.setdefault(score_of[player], []).append(player)
        self.swaps = 0

    def _met_with(self, player: int, others: Sequence[int], skip: int) -> tuple[int, int]:
        seen = self.met.get(player, _NONE)
        pairs = times = 0
        if seen:
            for other in others:
                if other != skip:
                    count = seen.get(other, 0)
                    if count:
                        pairs += 1
                        times += count
        return pairs, times

    def _gain(self, mover: int, partner: int) -> int:
        """How many same-group pairs the swap removes (negative: adds)."""
        a, b = self.group_of.get(mover, ""), self.group_of.get(partner, "")
        if a == b:
            return 0
        here, there = self.counts[self.table_of[mover]], self.counts[self.table_of[partner]]
        gain = 0
        if a:
            gain += (here[a] - 1) - there.get(a, 0)
        if b:
            gain += (there[b] - 1) - here.get(b, 0)
        return gain

    def _allowed(self, mover: int, partner: int) -> bool:
        """No repeated opponent added (pairs nor meetings), no table of the previous round
        brought back (rule CMD-7)."""
        here = self.pods[self.table_of[mover]]
        there = self.pods[self.table_of[partner]]
        if self.met:
            old_a = self._met_with(mover, here, mover)
            old_b = self._met_with(partner, there, partner)
            new_a = self._met_with(mover, there, partner)
            new_b = self._met_with(partner, here, mover)
            if (new_a[0] + new_b[0] > old_a[0] + old_b[0]
                    or new_a[1] + new_b[1] > old_a[1] + old_b[1]):
                return False
        if self.previous:
            new_here = frozenset(partner if p == mover else p for p in here)
            new_there = frozenset(mover if p == partner else p for p in there)
            if new_here in self.previous or new_there in self.previous:
                return False
        return True

    def _swap(self, mover: int, partner: int) -> None:
        i, j = self.table_of[mover], self.table_of[partner]
        a, b = self.group_of.get(mover, ""), self.group_of.get(partner, "")
        self.pods[i][self.pods[i].index(mover)] = partner
        self.pods[j][self.pods[j].index(partner)] = mover
        self.table_of[mover], self.table_of[partner] = j, i
        for counts, gone, come in ((self.counts[i], a, b), (self.counts[j], b, a)):
            if gone:
                counts[gone] -= 1
                if not counts[gone]:
                    del counts[gone]
            if come:
                counts[come] = counts.get(come, 0) + 1
        self.swaps += 1

    def run(self, rng: random.Random, budget: int) -> None:
        players = [p for pod in self.pods for p in pod if self.group_of.get(p, "")]
        rng.shuffle(players)
        improved = True
        while improved and self.swaps < budget:
            improved = False
            for mover in players:
                group = self.group_of[mover]
                if self.counts[self.table_of[mover]][group] < 2:
                    continue
                best, best_gain = None, 0
                for partner in self.by_score[self.score_of[mover]]:
                    if self.table_of[partner] == self.table_of[mover]:
                        continue
                    gain = self._gain(mover, partner)
                    if gain > best_gain and self._allowed(mover, partner):
                        best, best_gain = partner, gain
                if best is not None:
                    self._swap(mover, best)
                    improved = True
                    if self.swaps >= budget:
                        break


    def cost(self) -> int:
        return sum(c * (c - 1) // 2 for counts in self.counts for c in counts.values())

    def anneal(self, rng: random.Random, steps: int) -> None:
        """Seeded simulated annealing over the same allowed swaps (a mover who shares a pod
        with their group, a partner on equal points), so a descent stuck in a local minimum
        can go on; a swap that adds same-group pairs is taken with a chance that falls with
        the temperature. The best layout seen is restored at the end: never worse than the
        descent. Counted in steps, never in time."""
        players = [p for pod in self.pods for p in pod if self.group_of.get(p, "")]
        cost = best = self.cost()
        since: list[tuple[int, int]] = []
        hot, cold = 1.0, 0.05
        ratio = (cold / hot) ** (1.0 / max(1, steps))
        temperature = hot
        for _ in range(steps):
            if best == 0:
                break
            temperature *= ratio
            mover = rng.choice(players)
            if self.counts[self.table_of[mover]][self.group_of[mover]] < 2:
                continue
            partner = rng.choice(self.by_score[self.score_of[mover]])
            if self.table_of[partner] == self.table_of[mover]:
                continue
            gain = self._gain(mover, partner)
            if gain < 0 and rng.random() >= math.exp(gain / temperature):
                continue
            if not self._allowed(mover, partner):
                continue
            self._swap(mover, partner)
            since.append((mover, partner))
            cost -= gain
            if cost < best:
                best = cost
                since.clear()
        for mover, partner in reversed(since):  # back to the best layout seen
            self._swap(partner, mover)
            self.swaps -= 2


def _deal(pods: Sequence[Sequence[int]], group_of: Mapping[int, str]) -> list[list[int]]:
    """Round 1's second start: the drawn players dealt over pods of the same sizes, group by
    group (the largest first, then in the order drawn), each into the pod with the fewest of
    their group, then the most free seats; players without a group fill the seats left."""
    sizes = [len(pod) for pod in pods]
    drawn = [p for pod in pods for p in pod]
    groups: dict[str, list[int]] = {}
    for player in drawn:
        group = group_of.get(player, "")
        if group:
            groups.setdefault(group, []).append(player)
    out: list[list[int]] = [[] for _ in sizes]
    counts: list[dict[str, int]] = [{} for _ in sizes]
    for group, members in sorted(groups.items(), key=lambda item: -len(item[1])):
        for player in members:
            table = min((t for t in range(len(sizes)) if len(out[t]) < sizes[t]),
                        key=lambda t: (counts[t].get(group, 0), len(out[t]) - sizes[t], t))
            out[table].append(player)
            counts[table][group] = counts[table].get(group, 0) + 1
    rest = iter(p for p in drawn if not group_of.get(p, ""))
    for table, size in enumerate(sizes):
        while len(out[table]) < size:
            out[table].append(next(rest))
    return out


def separate_groups(
    pods: Sequence[Sequence[int]],
    group_of: Mapping[int, str],
    score_of: Mapping[int, object],
    met: Mapping[int, Mapping[int, int]] | None = None,
    previous: Collection[Collection[int]] = (),
    *,
    seed: int,
) -> Separation:
    """Swap players on equal points between ``pods`` so that fewer players of one group share
    a pod; see the module docstring.

    ``group_of`` maps a player to their group ("" or missing: none); ``score_of`` every seated
    player to their points (only players on equal points are swapped); ``met[a][b]`` how many
    earlier games ``a`` and ``b`` shared (no swap adds to it); ``previous`` the tables of the
    previous round (no swap brings one back, rule CMD-7). ``seed`` orders the search.
    """
    seated = [p for pod in pods for p in pod]
    if len(set(seated)) != len(seated):
        raise ValueError("a player is seated twice")
    missing = [p for p in seated if p not in score_of]
    if missing:
        raise ValueError(f"players {missing} have no points")
    met = met or {}
    old = frozenset(frozenset(t) for t in previous)
    budget = 4 * len(seated) + 16
    rng = random.Random(seed)
    steps = min(20_000, 100 * len(seated))

    def search(start: Sequence[Sequence[int]]) -> _Descent:
        found = _Descent(start, group_of, score_of, met, old)
        found.run(rng, budget)
        if found.cost() and len(start) > 1:
            found.anneal(rng, steps)
            found.run(rng, budget + found.swaps)
        return found

    best = search(pods)
    fresh = not any(met.get(p) for p in seated)
    if fresh and len({score_of[p] for p in seated}) <= 1 and len(pods) > 1:
        dealt = search(_deal(pods, group_of))
        # the deal starts afresh: it must do no worse on the previous round's tables either
        if group_pairs(dealt.pods, group_of) < group_pairs(best.pods, group_of) and not any(
                frozenset(pod) in old for pod in dealt.pods):
            best = dealt
    order = {p: i for i, p in enumerate(seated)}
    result = [sorted(pod, key=order.__getitem__) for pod in best.pods]
    return Separation(result, best.swaps, conflicts_of(result, group_of))


__all__ = ["Separation", "conflicts_of", "group_pairs", "repeat_pairs", "separate_groups"]
