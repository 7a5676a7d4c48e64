"""TOP (single-elimination play-off) seeding: rules BRK-1 .. BRK-4.

Pure functions over player ids. A bracket is a tuple of ``P`` slots (``P`` a power of two) in
bracket order: slots ``2k`` and ``2k+1`` meet in the first round, the winners of slot blocks
``[4k, 4k+4)`` meet in the second, and so on (rule BRK-2: a fixed bracket). ``None`` is a bye.

- :func:`seed_order` is the standard order (rules BRK-1, BRK-2): for 16,
  1-16, 8-9, 4-13, 5-12, 2-15, 7-10, 3-14, 6-11.
- :func:`reference_seeds` interleaves several tables' places (rule BRK-3).
- :func:`build_top` checks the three goals of rule BRK-4 on the reference bracket and, where the
  reference breaks a goal, searches the bracket that best meets the goals in order with the
  least change from the reference, and says which goal could not be met and why.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from podium.core.bracket import round_name

PlayerId = int
Slots = tuple[PlayerId | None, ...]

#: Above this many arrangements (the product of each movable group's factorial) the search is a
#: local search (best swap first) instead of the exhaustive enumeration; 8! = 40,320.
EXHAUSTIVE_LIMIT = 40_320


def bracket_size(entrants: int) -> int:
    """The smallest power of two that holds ``entrants`` (at least 2)."""
    if entrants < 2:
        raise ValueError("a TOP needs at least two players")
    return 1 << (entrants - 1).bit_length()


def seed_order(size: int) -> list[int]:
    """Seeds 1..``size`` in bracket order (rules BRK-1, BRK-2).

    Seed 1 meets the last seed, seed 2 the second-to-last; the pair holding seed ``k`` is pair
    ``k``, and the winner of pair ``k`` plays the next round as seed ``k``. Built by doubling:
    each seed ``s`` of the half-size order is followed by its first-round opponent
    ``2·half + 1 − s``.
    """
    if size < 2 or size & (size - 1):
        raise ValueError(f"a bracket size must be a power of two >= 2, not {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


def seeded_slots(entrants: int) -> list[int | None]:
    """Seeds 1..``entrants`` in bracket order, ``None`` where a seed beyond the TOP would be.

    For a TOP that is not a power of two the highest seeds meet those empty places, i.e. get
    byes in the first round (rule BRK-1).
    """
    return [s if s <= entrants else None for s in seed_order(bracket_size(entrants))]


def meeting_round(slot_a: int, slot_b: int) -> int:
    """The round (1 = first) in which the players of two slots can first meet (rule BRK-2)."""
    return (slot_a ^ slot_b).bit_length()


# rule BRK-3 ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Entrant:
    """A qualified player: ``table`` is the 0-based index of their table, ``place`` 1-based."""

    player: PlayerId
    table: int
    place: int


def reference_seeds(tables: Sequence[Sequence[PlayerId]], size: int) -> list[Entrant]:
    """Rule BRK-3: 1st of table 1 is seed 1, 1st of table 2 seed 2, ..., then the 2nd places in
    table order, and so on, until ``size`` seeds. Each table lists its players best first.

    When ``size`` is not a multiple of the table count, the first tables in table order send one
    more player; a table with fewer players than its share is skipped at the missing places.
    """
    seeds: list[Entrant] = []
    depth = max((len(t) for t in tables), default=0)
    for place in range(1, depth + 1):
        for index, table in enumerate(tables):
            if len(seeds) == size:
                return seeds
            if place <= len(table):
                seeds.append(Entrant(table[place - 1], index, place))
    if len(seeds) < size:
        raise ValueError(f"a TOP of {size} needs {size} players; the tables have {len(seeds)}")
    return seeds


# rule BRK-4 ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Score:
    """How well a bracket meets the BRK-4 goals; smaller is better, compared in this order.

    ``same_table``: first-round pairs of two players of one table (goal 1).
    ``winners``: for rounds 1..L, how many pairs of table winners can meet in that round
    (goal 2: fewer early meetings is later). ``pairs``: the same for each table's 1st and 2nd
    (goal 3). ``changes``: players not in their reference slot. ``rank_moved``: how high the moved
    players placed at their tables (a 1st weighs most), so that among equally small changes the
    search moves 2nd places rather than table winners.
    """

    same_table: int
    winners: tuple[int, ...]
    pairs: tuple[int, ...]
    changes: int
    rank_moved: int = 0

    def key(self) -> tuple:
        return (self.same_table, self.winners, self.pairs, self.changes, self.rank_moved)


@dataclass(frozen=True)
class Goal:
    number: int
    met: bool
    text: str


@dataclass
class SeededBracket:
    """A seeded TOP: the slots in bracket order, each player's pre-TOP seed (rule BRK-3), the
    goal report (rule BRK-4) and notes for people."""

    slots: Slots
    seeds: dict[PlayerId, int]
    entrants: dict[PlayerId, Entrant]
    reference: Slots
    goals: list[Goal] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    searched: bool = False


def score(slots: Slots, entrants: dict[PlayerId, Entrant], reference: Slots) -> Score:
    """Measure the three BRK-4 goals and the distance from the reference."""
    rounds = (len(slots) - 1).bit_length()
    same = 0
    for k in range(0, len(slots), 2):
        a, b = slots[k], slots[k + 1]
        if a is not None and b is not None and entrants[a].table == entrants[b].table:
            same += 1
    position = {pid: i for i, pid in enumerate(slots) if pid is not None}
    firsts: dict[int, int] = {}
    seconds: dict[int, int] = {}
    for pid, slot in position.items():
        entrant = entrants[pid]
        if entrant.place == 1:
            firsts[entrant.table] = slot
        elif entrant.place == 2:
            seconds[entrant.table] = slot
    winners = [0] * rounds
    for a, b in itertools.combinations(sorted(firsts.values()), 2):
        winners[meeting_round(a, b) - 1] += 1
    pairs = [0] * rounds
    for table, slot in firsts.items():
        if table in seconds:
            pairs[meeting_round(slot, seconds[table]) - 1] += 1
    moved = [pid for i, pid in enumerate(slots) if pid is not None and reference[i] != pid]
    rank_moved = sum(len(slots) + 1 - entrants[pid].place for pid in moved)
    return Score(same, tuple(winners), tuple(pairs), len(moved), rank_moved)


def _movable_groups(
    reference: Slots, entrants: dict[PlayerId, Entrant], by_place: bool
) -> list[list[int]]:
    """Slot groups whose players may swap.

    Players with a first-round bye stay the ones with a bye (the highest seeds, rule BRK-1), so
    they move only among bye slots. With ``by_place`` a player moves only to a slot of another
    player of the same table place (a 1st to a 1st's slot, ...): the tables' order in the BRK-3
    interleave is arbitrary, so such a move keeps the seeding as fair as the reference.
    """
    groups: dict[tuple[bool, int], list[int]] = {}
    for i, pid in enumerate(reference):
        if pid is None:
            continue
        place = entrants[pid].place if by_place else 0
        groups.setdefault((reference[i ^ 1] is None, place), []).append(i)
    return [g for _, g in sorted(groups.items()) if len(g) > 1]


def _exhaustive(
    start: Slots, reference: Slots, entrants: dict[PlayerId, Entrant], groups: list[list[int]]
) -> Slots:
    best = start
    best_key = score(start, entrants, reference).key()
    choices = [itertools.permutations([start[i] for i in g]) for g in groups]
    for combo in itertools.product(*choices):
        slots = list(start)
        for group, players in zip(groups, combo, strict=True):
            for i, pid in zip(group, players, strict=True):
                slots[i] = pid
        candidate = tuple(slots)
        key = score(candidate, entrants, reference).key()
        if key < best_key:
            best, best_key = candidate, key
    return best


def _local(
    start: Slots, reference: Slots, entrants: dict[PlayerId, Entrant], groups: list[list[int]]
) -> Slots:
    """Best-improving swaps, then best-improving pairs of swaps, until neither improves."""
    swaps = [(i, j) for g in groups for i, j in itertools.combinations(g, 2)]
    current = list(start)
    current_key = score(start, entrants, reference).key()

    def swapped(slots: list, moves: Sequence[tuple[int, int]]) -> tuple:
        out = list(slots)
        for i, j in moves:
            out[i], out[j] = out[j], out[i]
        return tuple(out)

    while True:
        best_moves: Sequence[tuple[int, int]] | None = None
        for move in swaps:
            key = score(swapped(current, [move]), entrants, reference).key()
            if key < current_key:
                best_moves, current_key = [move], key
        if best_moves is None and len(swaps) <= 200:
            for first, second in itertools.combinations(swaps, 2):
                key = score(swapped(current, [first, second]), entrants, reference).key()
                if key < current_key:
                    best_moves, current_key = [first, second], key
        if best_moves is None:
            return tuple(current)
        current = list(swapped(current, best_moves))


def search(reference: Slots, entrants: dict[PlayerId, Entrant], exhaustive: bool | None = None
           ) -> Slots:
    """The bracket with the best :class:`Score` among the reference's rearrangements (rule
    BRK-4): first moving players only among slots of their own table place, and only if that
    cannot meet goal 1 (while goal 1 is possible) among all slots. Exhaustive up to
    :data:`EXHAUSTIVE_LIMIT` arrangements in a step, else a local search."""
    possible, _ = same_table_avoidable(reference, entrants)
    best = reference
    for by_place in (True, False):
        groups = _movable_groups(reference, entrants, by_place)
        arrangements = math.prod(math.factorial(len(g)) for g in groups)
        full = arrangements <= EXHAUSTIVE_LIMIT if exhaustive is None else exhaustive
        step = _exhaustive if full else _local
        best = step(best, reference, entrants, groups)
        if not possible or score(best, entrants, reference).same_table == 0:
            break
    return best


def same_table_avoidable(reference: Slots, entrants: dict[PlayerId, Entrant]) -> tuple[bool, str]:
    """Whether goal 1 can be met at all, and if not, why.

    The first-round players (those without a bye) can be paired with no two of one table exactly
    when no table holds more than half of them: a table with more than half must pair two of its
    own; otherwise sorting them by table and pairing player i with player i + m/2 works.
    """
    playing = [
        pid for i, pid in enumerate(reference) if pid is not None and reference[i ^ 1] is not None
    ]
    counts: dict[int, int] = {}
    for pid in playing:
        counts[entrants[pid].table] = counts.get(entrants[pid].table, 0) + 1
    if not counts:
        return True, ""
    table, most = max(counts.items(), key=lambda item: (item[1], -item[0]))
    half = len(playing) // 2
    if most <= half:
        return True, ""
    return False, (
        f"table {table + 1} has {most} of the {len(playing)} players of the first round; "
        f"at most {half} of them can face a player from another table"
    )


def _ideal_winners(count: int, rounds: int) -> tuple[int, ...]:
    """The best goal-2 measure for ``count`` table winners alone: the first ``count`` seeds of
    the standard order are spread as far apart as the bracket allows."""
    size = 1 << rounds
    if count > size:
        return ()
    order = seed_order(size)
    slots = [order.index(s) for s in range(1, count + 1)]
    ideal = [0] * rounds
    for a, b in itertools.combinations(slots, 2):
        ideal[meeting_round(a, b) - 1] += 1
    return tuple(ideal)


def _earliest(counts: Sequence[int]) -> int | None:
    return next((r + 1 for r, n in enumerate(counts) if n), None)


def build_top(tables: Sequence[Sequence[PlayerId]], size: int,
              exhaustive: bool | None = None) -> SeededBracket:
    """Seed a TOP of ``size`` from one table (rules BRK-1, BRK-2) or several (rules BRK-3,
    BRK-4). Each table lists its players best first.

    The reference bracket (BRK-3 interleave, then BRK-1) is kept when no rearrangement meets the
    goals better; otherwise the best bracket, compared goal by goal and then by the fewest
    players moved, replaces it. Every goal is measured and reported.
    """
    seeds = reference_seeds(tables, size)
    entrants = {e.player: e for e in seeds}
    by_seed = {n: e.player for n, e in enumerate(seeds, start=1)}
    reference: Slots = tuple(None if s is None else by_seed[s] for s in seeded_slots(size))
    result = SeededBracket(
        slots=reference,
        seeds={e.player: n for n, e in enumerate(seeds, start=1)},
        entrants=entrants,
        reference=reference,
    )
    rounds = (len(reference) - 1).bit_length()
    if len(tables) == 1:
        result.notes.append(
            f"one table: seed 1 meets seed {size if size == len(reference) else 'with a bye'}, "
            f"seeds 1 and 2 can meet only in the final (rules BRK-1, BRK-2)"
        )
        if size != len(reference):
            result.notes.append(
                f"{len(reference) - size} byes in the first round go to seeds 1 to "
                f"{len(reference) - size} (rule BRK-1)"
            )
        return result
    before = score(reference, entrants, reference)
    possible, why = same_table_avoidable(reference, entrants)
    result.notes.append(
        f"{len(tables)} tables: seeds interleave the tables' places, 1st places first "
        "(rule BRK-3)"
    )
    if size != len(reference):
        result.notes.append(
            f"{len(reference) - size} byes in the first round go to seeds 1 to "
            f"{len(reference) - size} (rule BRK-1)"
        )
    # The reference is searched from whenever it is not already the best: goal 1 broken, or
    # table winners / a table's 1st and 2nd meeting earlier than a rearrangement allows. The
    # score puts the distance from the reference last, so a bracket that is already best stays.
    candidate = search(reference, entrants, exhaustive)
    if score(candidate, entrants, reference).key()[:3] < before.key()[:3]:
        result.searched = True
        result.slots = candidate
        moved = [
            pid for i, pid in enumerate(result.slots) if pid is not None and reference[i] != pid
        ]
        seeds_moved = ", ".join(str(s) for s in sorted(result.seeds[pid] for pid in moved))
        broken = [
            text
            for text, bad in (
                (f"has {before.same_table} first-round pair(s) from one table (goal 1)",
                 before.same_table),
                ("lets table winners meet earlier than needed (goal 2)",
                 before.winners != score(candidate, entrants, reference).winners),
                ("lets a table's 1st and 2nd meet earlier than needed (goal 3)",
                 before.pairs != score(candidate, entrants, reference).pairs),
            )
            if bad
        ]
        result.notes.append(
            f"the reference bracket {' and '.join(broken)}, so the bracket was searched "
            f"(rule BRK-4); {len(moved)} player(s) moved"
            + (f": seeds {seeds_moved}" if moved else "")
        )
    after = score(result.slots, entrants, reference)
    # goal 1
    if after.same_table == 0:
        result.goals.append(Goal(1, True, "no first-round pair of players from one table"))
    else:
        reason = why if not possible else "the search found no bracket without one"
        result.goals.append(Goal(
            1, False,
            f"{after.same_table} first-round pair(s) from one table could not be avoided: {reason}",
        ))
    # goal 2
    winner_count = sum(1 for e in seeds if e.place == 1)
    ideal = _ideal_winners(winner_count, rounds)
    earliest = _earliest(after.winners)
    if earliest is None:
        result.goals.append(Goal(2, True, "only one table winner is in the TOP"))
    else:
        text = (f"table winners can meet at the earliest in the "
                f"{round_name(earliest, rounds)}")
        if after.winners == ideal:
            result.goals.append(Goal(2, True, text + ", as late as the bracket allows"))
        else:
            best = _earliest(ideal)
            result.goals.append(Goal(
                2, False,
                f"{text}; alone they could be kept apart until the "
                f"{round_name(best or rounds, rounds)}, but goal 1 comes first",
            ))
    # goal 3
    pair_count = sum(after.pairs)
    earliest = _earliest(after.pairs)
    if not pair_count:
        result.goals.append(Goal(3, True, "no table has both its 1st and 2nd in the TOP"))
    elif after.pairs[-1] == pair_count:
        result.goals.append(Goal(3, True, "each table's 1st and 2nd can meet only in the final"))
    else:
        early = after.pairs[(earliest or 1) - 1]
        text = (f"{pair_count - after.pairs[-1]} of {pair_count} tables' 1st and 2nd can meet "
                f"before the final, {early} as early as the {round_name(earliest or 1, rounds)}")
        reason = "a later meeting would break goal 1 or 2, which come first"
        result.goals.append(Goal(3, False, f"{text}: {reason}"))
    return result
