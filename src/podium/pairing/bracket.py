"""TOP (single-elimination play-off) seeding: rules BRK-1 .. BRK-4.

Pure functions over player ids. A bracket is a tuple of ``P`` slots (``P`` a power of two) in
bracket order: slots ``2k`` and ``2k+1`` meet in the first round (a *position*), the winners of
slot blocks ``[4k, 4k+4)`` meet in the second, and so on (rule BRK-2: a fixed bracket). ``None``
is a bye.

- :func:`seed_order` is the standard order (rules BRK-1, BRK-2): for 16,
  1-16, 8-9, 4-13, 5-12, 2-15, 7-10, 3-14, 6-11.
- :func:`reference_seeds` interleaves several tables' places (rule BRK-3); the *written
  bracket* is that interleave put in the standard order, "as in the example for one table".
- :func:`build_top` seeds a TOP in one of two modes (:data:`TOP_SEEDINGS`):

  ``written`` (the default): the written bracket, departed from only where it pairs two
  players of one table in the first round (rule BRK-4, goal 1), moving as few players as
  possible; among equally few moves it keeps the other goals and the seeds as close as it can.

  ``goals``: the bracket that best meets the three BRK-4 goals in their order, then moves few
  players from the written bracket.

  In both modes seeds 1 and 2 stay in opposite halves (they can meet only in the final, rule
  BRK-2), players with a first-round bye keep a bye (rule BRK-1), and the number of same-table
  first-round matches is the proven minimum (:func:`fewest_same_table`). Each result carries
  its goal report (met or not, and why) and notes that say who was moved and why.
- :func:`compare_seedings` gives both modes, so a preview can show what each choice costs.

Why the written mode can be exact and fast: moving players only to change first-round pairs,
a bracket that breaks ``d`` written pairs can always be reached by moving exactly ``d`` players
(the new pairs form cycles over the broken positions; each broken position keeps one of its two
players). So the fewest moves is the fewest broken positions, an assignment problem (each broken
position's leaving player goes to another broken position) solved exactly by the Hungarian
method. The same repair, with the 1st and 2nd places pinned, finishes the goals mode.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from podium.core.bracket import round_name
from podium.core.messages import M, Mn

PlayerId = int
Slots = tuple[PlayerId | None, ...]

#: The TOP seeding modes, the default first (see the module docstring).
TOP_SEEDINGS = ("written", "goals")

#: The goals mode tries other arrangements of the table winners (among the winners' own slots)
#: only while the best bracket found misses goal 3; it gives up after this many evaluated
#: arrangements, and the goal-3 report then says the search was not exhaustive.
ARRANGEMENT_LIMIT = 400
#: ... of which at most this many per plan of the winners' halves (see :func:`_half_plans`).
PLAN_TRIES = 8

#: The goals mode searches every bracket when there are at most this many to try (TOPs of up
#: to 8, and some with many byes).
EXHAUSTIVE_LIMIT = 12_000


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


def table_letter(table: int) -> str:
    """Table 0 is A, 1 is B, ...; past Z, ``T27``, ``T28``, ..."""
    return chr(ord("A") + table) if table < 26 else f"T{table + 1}-"


def entrant_label(entrant: Entrant) -> str:
    """``A7``: the 7th of table 1 (letters as in :func:`table_letter`)."""
    return f"{table_letter(entrant.table)}{entrant.place}"


# rule BRK-4: measures ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Score:
    """How well a bracket meets the BRK-4 goals; smaller is better, compared in this order.

    ``same_table``: first-round pairs of two players of one table (goal 1).
    ``winners``: for rounds 1..L, how many pairs of table winners can meet in that round
    (goal 2: fewer early meetings is later). ``pairs``: the same for each table's 1st and 2nd
    (goal 3). ``changes``: players not in their written slot. ``rank_moved``: how high the moved
    players placed at their tables (a 1st weighs most). ``displacement``: for each moved player,
    how far its seed is from the seed the standard order puts in its new slot, summed.
    ``winners_moved``: table winners not in their written slot.
    """

    same_table: int
    winners: tuple[int, ...]
    pairs: tuple[int, ...]
    changes: int
    rank_moved: int = 0
    displacement: int = 0
    winners_moved: int = 0

    def key(self) -> tuple:
        """The ``goals`` mode's order: the goals, then the fewest moves, then the fewest table
        winners moved (the top seeds keep their written slots), then the seeds kept closest,
        then lower places moved rather than higher."""
        return (self.same_table, self.winners, self.pairs, self.changes, self.winners_moved,
                self.displacement, self.rank_moved)


@dataclass(frozen=True)
class Goal:
    number: int
    met: bool
    text: str


@dataclass
class SeededBracket:
    """A seeded TOP: the slots in bracket order, each player's pre-TOP seed (rule BRK-3), the
    goal report (rule BRK-4) and notes for people.

    ``reference`` is the written bracket (rules BRK-1 .. BRK-3), ``seeding`` the mode that
    built ``slots`` (one of :data:`TOP_SEEDINGS`), ``searched`` whether ``slots`` departs from
    the written bracket.
    """

    slots: Slots
    seeds: dict[PlayerId, int]
    entrants: dict[PlayerId, Entrant]
    reference: Slots
    goals: list[Goal] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    searched: bool = False
    seeding: str = "written"


def score(slots: Slots, entrants: dict[PlayerId, Entrant], reference: Slots) -> Score:
    """Measure the three BRK-4 goals and the distance from the reference (written) bracket."""
    rounds = (len(slots) - 1).bit_length()
    same = 0
    for k in range(0, len(slots), 2):
        a, b = slots[k], slots[k + 1]
        if a is not None and b is not None and entrants[a].table == entrants[b].table:
            same += 1
    firsts, seconds = _key_slots(slots, entrants)
    winners = [0] * rounds
    for a, b in itertools.combinations(sorted(firsts.values()), 2):
        winners[meeting_round(a, b) - 1] += 1
    pairs = [0] * rounds
    for table, slot in firsts.items():
        if table in seconds:
            pairs[meeting_round(slot, seconds[table]) - 1] += 1
    order = seed_order(len(slots))
    seed = {pid: n for n, pid in zip(order, reference, strict=True) if pid is not None}
    moved = [(i, pid) for i, pid in enumerate(slots) if pid is not None and reference[i] != pid]
    rank_moved = sum(len(slots) + 1 - entrants[pid].place for _, pid in moved)
    displacement = sum(abs(seed[pid] - order[i]) for i, pid in moved)
    winners_moved = sum(1 for _, pid in moved if entrants[pid].place == 1)
    return Score(same, tuple(winners), tuple(pairs), len(moved), rank_moved, displacement,
                 winners_moved)


def _key_slots(slots: Slots, entrants: dict[PlayerId, Entrant]
               ) -> tuple[dict[int, int], dict[int, int]]:
    """The slot of each table's 1st and of each table's 2nd, by table."""
    firsts: dict[int, int] = {}
    seconds: dict[int, int] = {}
    for slot, pid in enumerate(slots):
        if pid is None:
            continue
        entrant = entrants[pid]
        if entrant.place == 1:
            firsts[entrant.table] = slot
        elif entrant.place == 2:
            seconds[entrant.table] = slot
    return firsts, seconds


def _first_round_players(slots: Slots) -> list[PlayerId]:
    """The players without a bye (both slots of their position are filled)."""
    return [pid for i, pid in enumerate(slots) if pid is not None and slots[i ^ 1] is not None]


def fewest_same_table(slots: Slots, entrants: dict[PlayerId, Entrant]) -> tuple[int, str]:
    """The fewest first-round matches between two players of one table that any arrangement of
    these first-round players can have (rule BRK-4, goal 1), and if more than none, why.

    The players with a bye keep it (rule BRK-1), so the first round has ``m`` fixed players in
    ``m/2`` matches. A table with ``c`` of them, ``c > m/2``, can face at most ``m − c`` players
    of other tables, so at least ``(c − (m − c)) / 2 = c − m/2`` of its matches are between its
    own players. That many is always reachable (pair every other player with one of this
    table's), and when no table has more than half, none is needed (sort the players by table
    and pair player ``i`` with player ``i + m/2``). So the minimum is ``max(0, c − m/2)``.
    """
    playing = _first_round_players(slots)
    counts: dict[int, int] = {}
    for pid in playing:
        counts[entrants[pid].table] = counts.get(entrants[pid].table, 0) + 1
    if not counts:
        return 0, ""
    table, most = max(counts.items(), key=lambda item: (item[1], -item[0]))
    half = len(playing) // 2
    if most <= half:
        return 0, ""
    others = len(playing) - most
    fewest = most - half
    return fewest, Mn(
        "table %(table)s has %(most)s of the %(playing)s players of the first round and the "
        "other tables only %(others)s, so at least %(n)s of its first-round matches is "
        "between two of its own players",
        "table %(table)s has %(most)s of the %(playing)s players of the first round and the "
        "other tables only %(others)s, so at least %(n)s of its first-round matches are "
        "between two of its own players", fewest, table=table + 1, most=most,
        playing=len(playing), others=others)


def same_table_avoidable(reference: Slots, entrants: dict[PlayerId, Entrant]) -> tuple[bool, str]:
    """Whether goal 1 can be met at all, and if not, why (see :func:`fewest_same_table`)."""
    fewest, why = fewest_same_table(reference, entrants)
    return fewest == 0, why


# the assignment problem -------------------------------------------------------------------------
def _assign(cost: list[list[int | None]]) -> list[int] | None:
    """Minimum-cost assignment of each row to a distinct column (rows <= columns; ``None`` is a
    forbidden cell): the Hungarian method with potentials, O(rows² · columns). ``None`` when no
    assignment avoids the forbidden cells."""
    rows = len(cost)
    if rows == 0:
        return []
    cols = len(cost[0])
    if rows > cols:
        return None
    finite = [abs(c) for row in cost for c in row if c is not None]
    forbidden = (max(finite, default=0) + 1) * (rows + 1) * 2
    a = [[forbidden if c is None else c for c in row] for row in cost]
    inf = float("inf")
    u: list[float] = [0] * (rows + 1)  # potentials: whole numbers, but compared with inf
    v: list[float] = [0] * (cols + 1)
    owner = [0] * (cols + 1)
    way = [0] * (cols + 1)
    for i in range(1, rows + 1):
        owner[0] = i
        j0 = 0
        minv = [inf] * (cols + 1)
        used = [False] * (cols + 1)
        while True:
            used[j0] = True
            i0 = owner[j0]
            row = a[i0 - 1]
            delta = inf
            j1 = 0
            ui0 = u[i0]
            for j in range(1, cols + 1):
                if not used[j]:
                    cur = row[j - 1] - ui0 - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(cols + 1):
                if used[j]:
                    u[owner[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if owner[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            owner[j0] = owner[j1]
            j0 = j1
    result = [0] * rows
    for j in range(1, cols + 1):
        if owner[j]:
            result[owner[j] - 1] = j - 1
    if any(cost[i][j] is None for i, j in enumerate(result)):
        return None
    return result


# the seeding problem ----------------------------------------------------------------------------
@dataclass
class _Top:
    """The written bracket and what the searches need to know about it."""

    reference: Slots
    entrants: dict[PlayerId, Entrant]
    seeds: dict[PlayerId, int]
    order: list[int]  # the seed the standard order puts in each slot
    rounds: int
    firsts: dict[int, int]  # table -> slot of its 1st in the written bracket
    seconds: dict[int, int]  # table -> slot of its 2nd in the written bracket
    fewest: int
    fewest_why: str

    @property
    def size(self) -> int:
        return len(self.reference)

    def table(self, pid: PlayerId) -> int:
        return self.entrants[pid].table

    def place(self, pid: PlayerId) -> int:
        return self.entrants[pid].place

    def top_two(self) -> set[PlayerId]:
        """Seeds 1 and 2 (they must stay in opposite halves, rule BRK-2)."""
        return {pid for pid, seed in self.seeds.items() if seed <= 2}

    def g3_weight(self, round_number: int) -> int:
        """A 1st and 2nd that can meet in ``round_number``: earlier weighs more, so that sums of
        weights compare like the goal-3 counts, earliest round first."""
        return (len(self.seconds) + 1) ** (self.rounds - round_number)

    def measure(self, slots: Slots) -> Score:
        return score(slots, self.entrants, self.reference)


def _context(tables: Sequence[Sequence[PlayerId]], size: int) -> _Top:
    seeds = reference_seeds(tables, size)
    entrants = {e.player: e for e in seeds}
    by_seed = {n: e.player for n, e in enumerate(seeds, start=1)}
    reference: Slots = tuple(None if s is None else by_seed[s] for s in seeded_slots(size))
    firsts, seconds = _key_slots(reference, entrants)
    seconds = {t: s for t, s in seconds.items() if t in firsts}
    fewest, why = fewest_same_table(reference, entrants)
    return _Top(
        reference=reference,
        entrants=entrants,
        seeds={e.player: n for n, e in enumerate(seeds, start=1)},
        order=seed_order(len(reference)),
        rounds=(len(reference) - 1).bit_length(),
        firsts=firsts,
        seconds=seconds,
        fewest=fewest,
        fewest_why=why,
    )


def _repair(top: _Top, slots: Slots, pinned: frozenset[int] = frozenset(),
            goals_first: bool = False) -> Slots:
    """Change as few players as possible so that the first round has the fewest same-table
    matches (rule BRK-4, goal 1); players in ``pinned`` slots do not move.

    Each first-round position has a *stayer* (a pinned player, else the better seed) and a
    *mover*. A permutation of the positions sends each broken position's mover to another broken
    position, next to its stayer; an unbroken position keeps both players. Rows are movers,
    columns the slots they could take, so the Hungarian method finds, exactly and in this
    order: the fewest same-table matches left, the fewest players moved, then (ties) the
    goals 2 and 3, the seeds kept closest, the lower places moved. With ``goals_first`` goals
    2 and 3 come before the number of moves (the ``goals`` mode). Moving seed 1 or 2 to the
    other half is not allowed (rule BRK-2); byes are not touched (rule BRK-1).
    """
    size = len(slots)
    half = size // 2
    positions = [p for p in range(half) if slots[2 * p] is not None
                 and slots[2 * p + 1] is not None]
    n = len(positions)
    if n < 2:
        return slots
    movers: list[int | None] = []
    stayers: list[int] = []
    for p in positions:
        a, b = 2 * p, 2 * p + 1
        if a in pinned and b in pinned:
            movers.append(None)
            stayers.append(a)
            continue
        first, second = slots[a], slots[b]
        assert first is not None and second is not None  # positions hold two players
        if a in pinned or (b not in pinned and top.seeds[first] < top.seeds[second]):
            movers.append(b)
            stayers.append(a)
        else:
            movers.append(a)
            stayers.append(b)
    firsts, seconds = _key_slots(slots, top.entrants)
    top_two = top.top_two()

    def goal3(pid: PlayerId, slot: int) -> int:
        entrant = top.entrants[pid]
        if entrant.place == 2 and entrant.table in firsts:
            return top.g3_weight(meeting_round(firsts[entrant.table], slot))
        if entrant.place == 1 and entrant.table in seconds:
            return top.g3_weight(meeting_round(slot, seconds[entrant.table]))
        return 0

    # the tie-break of one move, and weights that keep the criteria in order
    span = size + 2
    small = n * span * span + 1  # more than all seed distances and places together
    g3_top = top.g3_weight(1) * 2
    if goals_first:
        w_move = small
        w_g3 = 2 * (w_move + small) * (n + 1)
        w_g2 = 2 * w_g3 * (n * g3_top + 1)
        w_conflict = 2 * w_g2 * (n + 2)
    else:
        w_g3 = small
        w_g2 = 2 * w_g3 * (n * g3_top + 1)
        w_move = 2 * (w_g2 * (n + 1)) + 1
        w_conflict = w_move * (n + 2)

    def tiebreak(src: int, dest: int) -> int:
        pid = slots[src]
        assert pid is not None
        place = top.place(pid)
        return (
            (w_g2 if place == 1 else 0)
            + w_g3 * (goal3(pid, dest) - goal3(pid, src))
            + span * abs(top.seeds[pid] - top.order[dest])
            + (size + 1 - place)
        )

    cost: list[list[int | None]] = []
    for i in range(n):
        row: list[int | None] = []
        for j in range(n):
            src, dest = movers[i], movers[j]
            if i == j:
                left, right = slots[2 * positions[i]], slots[2 * positions[i] + 1]
                assert left is not None and right is not None
                same = top.table(left) == top.table(right)
                row.append(w_conflict if same else 0)
            elif src is None or dest is None or not _may_join(top, slots, src, stayers[j]):
                row.append(None)  # a same-table pair, or nobody to move
            elif slots[src] in top_two and src // half != dest // half:
                row.append(None)  # seeds 1 and 2 stay in their halves (rule BRK-2)
            else:
                row.append(w_move + tiebreak(src, dest))
        cost.append(row)
    lowest = min(c for row in cost for c in row if c is not None)
    if lowest < 0:  # a move that helps goal 3 can cost less than nothing: shift every cell
        cost = [[None if c is None else c - lowest for c in row] for row in cost]
    assignment = _assign(cost)
    if assignment is None:  # cannot happen: keeping every position is always allowed
        return slots
    out = list(slots)
    for i, j in enumerate(assignment):
        if i != j:
            src, dest = movers[i], movers[j]
            assert src is not None and dest is not None
            out[dest] = slots[src]
    return tuple(out)


def _may_join(top: _Top, slots: Slots, mover: int, stayer: int) -> bool:
    """Whether the player in slot ``mover`` may join the one in ``stayer``: other tables."""
    a, b = slots[mover], slots[stayer]
    return a is not None and b is not None and top.table(a) != top.table(b)


def _written(top: _Top) -> Slots:
    """The ``written`` mode: the written bracket, repaired only where it breaks goal 1."""
    if top.measure(top.reference).same_table <= top.fewest:
        return top.reference
    return _repair(top, top.reference)


# the goals mode ---------------------------------------------------------------------------------
@dataclass
class _Seat:
    """Where a 2nd place can go: one slot, or either slot of a position with no table winner
    (``second`` marks the other slot of such a position, i.e. sharing it with another 2nd)."""

    slots: tuple[int, ...]
    bye: bool
    winner_slot: int | None = None  # the table winner in the same position, if any
    second: bool = False


@dataclass
class _Placement:
    cost: int
    pairs: tuple[int, ...]  # the goal-3 counts, as in Score.pairs
    targets: dict[PlayerId, int]  # slot of each table winner and 2nd


def _seats(top: _Top, winner_slots: set[int]) -> list[_Seat]:
    seats: list[_Seat] = []
    ref = top.reference
    for p in range(top.size // 2):
        a, b = 2 * p, 2 * p + 1
        if ref[a] is None and ref[b] is None:
            continue
        if ref[a] is None or ref[b] is None:
            slot = a if ref[b] is None else b
            if slot not in winner_slots:
                seats.append(_Seat((slot,), bye=True))
            continue
        taken = [s for s in (a, b) if s in winner_slots]
        if len(taken) == 2:
            continue
        if taken:
            free = b if taken[0] == a else a
            seats.append(_Seat((free,), bye=False, winner_slot=taken[0]))
        else:
            seats.append(_Seat((a, b), bye=False))
            seats.append(_Seat((a, b), bye=False, second=True))
    return seats


def _crowded_tables(top: _Top) -> set[int]:
    """Tables with at least half of the first-round players: two players of other tables who
    meet each other in the first round take an opponent away from such a table (goal 1)."""
    playing = _first_round_players(top.reference)
    counts: dict[int, int] = {}
    for pid in playing:
        counts[top.table(pid)] = counts.get(top.table(pid), 0) + 1
    return {t for t, c in counts.items() if 2 * c >= len(playing)}


def _place_seconds(top: _Top, winners: dict[int, int], seats: list[_Seat],
                   crowded: set[int]) -> _Placement | None:
    """With the table winners in ``winners`` (table -> slot), put the 2nd places where they can
    meet their own 1st as late as possible (goal 3), exactly, by the Hungarian method. Ties go
    to: the fewest moves, no 2nd next to another table's winner or 2nd, the closest seeds. Where
    a table holds half of the first round or more, two other tables' players must not meet each
    other (it would cost goal 1), so 2nds then sit next to such winners only if one of the two
    is from that table."""
    ref = top.reference
    seconds = sorted(top.seconds.items())
    keys = {ref[s] for s in top.firsts.values()} | {ref[s] for s in top.seconds.values()}
    size = top.size
    span = size + 2
    # goal 3, then the fewest moves, then the fewest table winners moved, then 2nds not next
    # to another 1st or 2nd, then the closest seeds
    w_keys = span * span * 4 + 1
    w_winner = w_keys * (len(seconds) + 1) * 2
    w_move = w_winner * (len(winners) + 1) * 2
    w_goal = w_move * (4 * (len(seconds) + len(winners)) + 4)
    slot_of = {pid: slot for slot, pid in enumerate(ref) if pid is not None}

    def slot_cost(pid: PlayerId, slot: int) -> int:
        cost = 0
        if slot != slot_of[pid]:
            cost += w_move
            if ref[slot] not in keys:
                cost += w_move  # the player there moves too
        partner = ref[slot ^ 1]
        if partner is not None and partner not in keys and top.table(partner) == top.table(pid):
            cost += w_move  # a same-table first-round pair to repair
        return cost + abs(top.seeds[pid] - top.order[slot])

    winner_table = {slot: table for table, slot in winners.items()}
    cost: list[list[int | None]] = []
    for table, home in seconds:
        pid = ref[home]
        assert pid is not None
        bye = ref[home ^ 1] is None
        row: list[int | None] = []
        for seat in seats:
            if seat.bye != bye:
                row.append(None)
                continue
            if seat.winner_slot is not None:
                other = winner_table[seat.winner_slot]
                if crowded - {table, other}:
                    row.append(None)
                    continue
            if seat.second and crowded:
                row.append(None)
                continue
            options = sorted(slot_cost(pid, s) for s in seat.slots)
            base = options[-1] if seat.second else options[0]
            shared = seat.winner_slot is not None or seat.second
            rnd = meeting_round(winners[table], seat.slots[0])
            row.append(w_goal * top.g3_weight(rnd) + (w_keys if shared else 0) + base)
        cost.append(row)
    assignment = _assign(cost)
    if assignment is None:
        return None
    total = sum(cost[i][j] for i, j in enumerate(assignment))  # type: ignore[misc]
    targets: dict[PlayerId, int] = {}
    for table, slot in winners.items():
        winner = ref[top.firsts[table]]
        assert winner is not None
        targets[winner] = slot
        if slot != top.firsts[table]:
            total += w_move + w_winner + abs(top.seeds[winner] - top.order[slot])
    by_position: dict[tuple[int, ...], list[PlayerId]] = {}
    pairs = [0] * top.rounds
    for (table, home), j in zip(seconds, assignment, strict=True):
        pid = ref[home]
        assert pid is not None
        seat = seats[j]
        by_position.setdefault(seat.slots, []).append(pid)
        pairs[meeting_round(winners[table], seat.slots[0]) - 1] += 1
    for slot_set, pids in by_position.items():
        if len(slot_set) == 1:
            targets[pids[0]] = slot_set[0]
        elif len(pids) == 1:
            targets[pids[0]] = min(slot_set, key=lambda s: slot_cost(pids[0], s))
        else:
            a, b = slot_set
            x, y = pids
            if slot_cost(x, a) + slot_cost(y, b) <= slot_cost(x, b) + slot_cost(y, a):
                targets[x], targets[y] = a, b
            else:
                targets[x], targets[y] = b, a
    return _Placement(total, tuple(pairs), targets)


def _half_plans(top: _Top) -> Iterator[dict[int, int]]:
    """The halves (0 top, 1 bottom) the table winners can take so that every table's 2nd fits
    into the other half (goal 3 met), counting slots only: the winners split as evenly as
    goal 2 needs, seeds 1 and 2 apart (rule BRK-2), players with a bye on bye slots. The
    written halves first, then by how many winners change half."""
    ref = top.reference
    half = top.size // 2
    tables = sorted(top.firsts)
    if len(tables) > 12:
        return
    bye = {s: ref[s ^ 1] is None for s in range(top.size) if ref[s] is not None}
    key_slots = [*top.firsts.values(), *top.seconds.values()]
    key_room = {(h, k): sum(1 for s in key_slots if s // half == h and bye[s] == k)
                for h in (0, 1) for k in (True, False)}
    room = {(h, k): sum(1 for s, b in bye.items() if s // half == h and b == k)
            for h in (0, 1) for k in (True, False)}
    home = {t: top.firsts[t] // half for t in tables}
    plans = []
    for sides in itertools.product((0, 1), repeat=len(tables)):
        plan = dict(zip(tables, sides, strict=True))
        if abs(2 * sum(sides) - len(tables)) > 1:
            continue
        two = [plan[t] for t in tables if top.seeds[ref[top.firsts[t]]] <= 2]  # type: ignore[index]
        if len(two) == 2 and two[0] == two[1]:
            continue
        winners = {(h, k): 0 for h in (0, 1) for k in (True, False)}
        seconds = dict(winners)
        for t in tables:
            winners[(plan[t], bye[top.firsts[t]])] += 1
            if t in top.seconds:
                seconds[(1 - plan[t], bye[top.seconds[t]])] += 1
        if any(winners[c] > key_room[c] or seconds[c] > room[c] - winners[c] for c in winners):
            continue
        plans.append((sum(plan[t] != home[t] for t in tables), sides, plan))
    for _, _, plan in sorted(plans, key=lambda item: item[:2]):
        yield plan


def _arrangements(top: _Top, plan: dict[int, int] | None = None
                  ) -> Iterator[tuple[dict[int, int], tuple[int, ...]]]:
    """Places for the table winners, the written ones first: each winner takes a written slot
    of a 1st or 2nd place of its own kind (a winner with a bye keeps a bye, rule BRK-1), seeds
    1 and 2 stay in opposite halves (rule BRK-2), and the winners stay as far apart as a
    bracket allows (goal 2; blocks that would hold too many are cut early); with ``plan``, each
    winner in the half the plan gives its table. Each comes with a lower bound on its goal-3
    counts (each 2nd in its best slot, alone)."""
    ref = top.reference
    half = top.size // 2
    tables = sorted(top.firsts, key=lambda t: top.seeds[ref[top.firsts[t]]])  # type: ignore[index]
    bye_of = {t: ref[top.firsts[t] ^ 1] is None for t in tables}
    second_bye = {t: ref[s ^ 1] is None for t, s in top.seconds.items()}
    key_slots = [*top.firsts.values(), *top.seconds.values()]
    groups = {flag: sorted(s for s in key_slots if (ref[s ^ 1] is None) == flag)
              for flag in (True, False)}
    kind_slots = {flag: [s for s in range(top.size) if ref[s] is not None
                         and (ref[s ^ 1] is None) == flag] for flag in (True, False)}
    best_round = {(w, flag): max((meeting_round(w, s) for s in kind_slots[flag] if s != w),
                                 default=1)
                  for slots in groups.values() for w in slots for flag in (True, False)}
    seed_top = {t for t in tables if top.seeds[ref[top.firsts[t]]] <= 2}  # type: ignore[index]
    ideal = _ideal_winners(len(tables), top.rounds)
    count = len(tables)
    caps = {k: -(-count * (1 << k) // top.size) for k in range(1, top.rounds)}
    filled: dict[tuple[int, int], int] = {}
    chosen: dict[int, int] = {}
    used: set[int] = set()

    def bound() -> tuple[int, ...]:
        counts = [0] * top.rounds
        for t in top.seconds:
            if t in chosen:
                counts[best_round[(chosen[t], second_bye[t])] - 1] += 1
            else:
                counts[-1] += 1
        return tuple(counts)

    def spread() -> tuple[int, ...]:
        counts = [0] * top.rounds
        for a, b in itertools.combinations(sorted(chosen.values()), 2):
            counts[meeting_round(a, b) - 1] += 1
        return tuple(counts)

    def walk(index: int) -> Iterator[tuple[dict[int, int], tuple[int, ...]]]:
        if index == len(tables):
            if spread() == ideal:
                yield dict(chosen), bound()
            return
        table = tables[index]
        home = top.firsts[table]
        options = sorted(groups[bye_of[table]],
                         key=lambda s: (s != home, abs(top.order[s] - top.order[home]), s))
        for slot in options:
            if slot in used or (plan is not None and slot // half != plan[table]):
                continue
            if table in seed_top:
                other = [chosen[t] for t in seed_top if t in chosen]
                if other and other[0] // half == slot // half:
                    continue
            blocks = [(k, slot >> k) for k in caps]
            if any(filled.get(b, 0) >= caps[b[0]] for b in blocks):
                continue
            for b in blocks:
                filled[b] = filled.get(b, 0) + 1
            chosen[table] = slot
            used.add(slot)
            yield from walk(index + 1)
            used.discard(slot)
            del chosen[table]
            for b in blocks:
                filled[b] -= 1

    yield from walk(0)


def _cycles(reference: Slots, slots: Slots) -> list[list[int]]:
    """The moves from ``reference`` to ``slots`` as cycles of slots: the player written in the
    cycle's slot ``k`` is now in slot ``k + 1`` (and the last one's in the first)."""
    where = {pid: i for i, pid in enumerate(slots) if pid is not None}
    seen: set[int] = set()
    cycles: list[list[int]] = []
    for start, pid in enumerate(reference):
        if pid is None or start in seen or slots[start] == pid:
            continue
        cycle = [start]
        seen.add(start)
        nxt = where[pid]
        while nxt != start:
            cycle.append(nxt)
            seen.add(nxt)
            nxt = where[reference[nxt]]  # type: ignore[index]
        cycles.append(cycle)
    return cycles


def _revert(reference: Slots, slots: Slots, cycle: list[int]) -> Slots:
    out = list(slots)
    for slot in cycle:
        out[slot] = reference[slot]
    return tuple(out)


def _polish(top: _Top, slots: Slots) -> Slots:
    """Put back every group of moves that the goals do not need."""
    goals = top.measure(slots).key()[:3]
    changed = True
    while changed:
        changed = False
        for cycle in _cycles(top.reference, slots):
            trial = _revert(top.reference, slots, cycle)
            if _halves_ok(top, trial) and top.measure(trial).key()[:3] <= goals:
                slots, changed = trial, True
                goals = top.measure(slots).key()[:3]
                break
    return slots


def _goals(top: _Top, written: Slots) -> tuple[Slots, bool]:
    """The ``goals`` mode: the bracket that best meets goals 1, 2, 3 in order, then moves few
    players. Returns the slots and whether they are proven as good as any bracket for the goals
    (every goal at its ideal, or the search was exhaustive).

    Small TOPs are searched exhaustively (:func:`_exhaustive`). Otherwise: goal 1's minimum is
    known (:func:`fewest_same_table`); goal 2 is met by the table winners' written slots (seeds
    1..W of the standard order are as far apart as a bracket allows), so the winners are only
    rearranged among those slots; for each arrangement the 2nd places are placed exactly for
    goal 3 (an assignment problem), then the repair fixes goal 1 with the winners pinned, a
    swap search improves whatever is still short of the goals' ideal, and moves that no goal
    needs are put back.
    """
    if _exhaustive_size(top) <= EXHAUSTIVE_LIMIT:
        return _exhaustive(top), True
    ref = top.reference
    winner_slots = set(top.firsts.values())
    crowded = _crowded_tables(top)
    ideal = tuple([0] * (top.rounds - 1) + [len(top.seconds)])
    best: _Placement | None = None
    evaluated = 0

    def candidates() -> Iterator[tuple[dict[int, int], tuple[int, ...]]]:
        # first the winners' halves that leave room for goal 3, a few arrangements each
        for plan in _half_plans(top):
            yield from itertools.islice(_arrangements(top, plan), PLAN_TRIES)
        yield from _arrangements(top)

    for arrangement, low in candidates():
        if best is not None and (best.pairs == ideal or evaluated >= ARRANGEMENT_LIMIT):
            break
        if best is not None and low >= best.pairs:
            continue
        seats = _seats(top, set(arrangement.values()))
        placement = _place_seconds(top, arrangement, seats, crowded)
        if placement is None and crowded:  # too few seats without sharing a position
            placement = _place_seconds(top, arrangement, seats, set())
        evaluated += 1
        if placement is None:
            continue
        if best is None or (placement.pairs, placement.cost) < (best.pairs, best.cost):
            best = placement
    slots = written
    if best is not None:
        slots = _repair(top, _with_targets(top, best.targets),
                        frozenset(best.targets[ref[s]] for s in winner_slots),  # type: ignore[index]
                        goals_first=True)
    if top.measure(written).key() < top.measure(slots).key():
        slots = written
    if not _ideal(top, slots):
        slots = _local(top, slots)
    slots = _polish(top, slots)
    return slots, _ideal(top, slots)


def _with_targets(top: _Top, targets: dict[PlayerId, int]) -> Slots:
    """The written bracket with the given players at the given slots; the players they push
    out take the slots they left, in seed order (a bye stays a bye: targets keep the kind)."""
    ref = top.reference
    out: list[PlayerId | None] = [None] * top.size
    for pid, slot in targets.items():
        out[slot] = pid
    displaced: list[int] = []
    for slot, held in enumerate(ref):
        if held is not None and held not in targets:
            if out[slot] is None:
                out[slot] = held
            else:
                displaced.append(slot)
    for flag in (True, False):
        free = [s for s in range(top.size) if ref[s] is not None and out[s] is None
                and (ref[s ^ 1] is None) == flag]
        homes = sorted((s for s in displaced if (ref[s ^ 1] is None) == flag),
                       key=lambda s: top.order[s])
        for slot, home in zip(sorted(free, key=lambda s: top.order[s]), homes, strict=True):
            out[slot] = ref[home]
    return tuple(out)


def _ideal(top: _Top, slots: Slots) -> bool:
    """Whether every goal is as good as it can be on its own: goal 1 at its minimum, the table
    winners as far apart as the bracket allows, each table's 1st and 2nd apart until the final."""
    measured = top.measure(slots)
    return (measured.same_table == top.fewest
            and measured.winners == _ideal_winners(len(top.firsts), top.rounds)
            and measured.pairs[-1] == sum(measured.pairs))


def _halves_ok(top: _Top, slots: Slots) -> bool:
    """Seeds 1 and 2 in opposite halves (rule BRK-2)."""
    half = top.size // 2
    sides = {i // half for i, pid in enumerate(slots) if pid is not None
             and top.seeds[pid] <= 2}
    return len(sides) != 1 or len(top.seeds) < 2


def _local(top: _Top, slots: Slots) -> Slots:
    """Swap pairs of players (a bye for a bye) while that improves goals 1, 2, 3; seeds 1 and
    2 stay in opposite halves. A safety net behind the constructive steps."""
    ref = top.reference
    kinds = [[s for s in range(top.size) if ref[s] is not None and (ref[s ^ 1] is None) == flag]
             for flag in (True, False)]
    swaps = [(i, j) for kind in kinds for i, j in itertools.combinations(kind, 2)]
    current = top.measure(slots).key()[:3]
    for _ in range(4 * top.size):
        improved = False
        for i, j in swaps:
            trial = list(slots)
            trial[i], trial[j] = trial[j], trial[i]
            candidate = tuple(trial)
            if not _halves_ok(top, candidate):
                continue
            key = top.measure(candidate).key()[:3]
            if key < current:
                slots, current, improved = candidate, key, True
        if not improved:
            break
    return slots


def _pairings(players: list[PlayerId]) -> Iterator[list[tuple[PlayerId, PlayerId]]]:
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for k, other in enumerate(rest):
        for tail in _pairings(rest[:k] + rest[k + 1:]):
            yield [(first, other), *tail]


def _exhaustive_size(top: _Top) -> int:
    """How many brackets :func:`_exhaustive` would try: pairings of the first-round players,
    times their orders over the positions, times the places of the 1sts and 2nds with a bye."""
    ref = top.reference
    playing = len(_first_round_players(ref))
    with_bye = [pid for s, pid in enumerate(ref) if pid is not None and ref[s ^ 1] is None]
    bye_slots = len(with_bye)
    bye_keys = len([pid for pid in with_bye if top.place(pid) <= 2])
    count = math.prod(range(playing - 1, 0, -2)) * math.factorial(playing // 2)
    return count * math.perm(bye_slots, bye_keys)


def _exhaustive(top: _Top) -> Slots:
    """Every bracket that matters, for a small TOP: each pairing of the first-round players in
    each order over the first-round positions, each placing of the 1sts and 2nds that have a
    bye over the bye slots (the other players with a bye keep or fill bye slots: they count for
    no goal). Within a position the order that moves fewer players is taken. The best by
    goals 1, 2, 3, then the fewest moves, the closest seeds, the lower places moved."""
    ref = top.reference
    size = top.size
    playing_positions = [p for p in range(size // 2)
                         if ref[2 * p] is not None and ref[2 * p + 1] is not None]
    bye_slots = [s for s in range(size) if ref[s] is not None and ref[s ^ 1] is None]
    bye_keys = [ref[s] for s in bye_slots if top.place(ref[s]) <= 2]  # type: ignore[arg-type]
    bye_others = [s for s in bye_slots if ref[s] not in bye_keys]
    players = [ref[s] for p in playing_positions for s in (2 * p, 2 * p + 1)]
    best: Slots = ref
    best_key = top.measure(ref).key()
    for pairing in _pairings(players):  # type: ignore[arg-type]
        for order in itertools.permutations(pairing):
            base: list[PlayerId | None] = list(ref)
            for p, (x, y) in zip(playing_positions, order, strict=True):
                a, b = 2 * p, 2 * p + 1
                keep = (ref[a] == x) + (ref[b] == y)
                swap = (ref[a] == y) + (ref[b] == x)
                base[a], base[b] = (y, x) if swap > keep else (x, y)
            for places in itertools.permutations(bye_slots, len(bye_keys)):
                slots = list(base)
                for pid, slot in zip(bye_keys, places, strict=True):
                    slots[slot] = pid
                taken = set(places)
                free = [s for s in bye_slots if s not in taken and s not in bye_others]
                for home in bye_others:
                    if home in taken:
                        slots[free.pop(0)] = ref[home]
                    else:
                        slots[home] = ref[home]
                candidate = tuple(slots)
                if not _halves_ok(top, candidate):
                    continue
                key = top.measure(candidate).key()
                if key < best_key:
                    best, best_key = candidate, key
    return best


# notes and the goal report ----------------------------------------------------------------------
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


def _join(words: list[str]) -> str:
    if len(words) == 1:
        return words[0]
    return M("%(first)s and %(second)s", first=", ".join(words[:-1]), second=words[-1])


def _move_notes(top: _Top, slots: Slots) -> list[str]:
    """One sentence per group of moves: who moved, and which goal it serves."""
    ref = top.reference
    before, after = top.measure(ref), top.measure(slots)
    notes: list[str] = []
    for cycle in _cycles(ref, slots):
        names = [M("%(label)s (seed %(seed)s)", label=entrant_label(top.entrants[ref[s]]),  # type: ignore[index]
                   seed=top.seeds[ref[s]]) for s in cycle]  # type: ignore[index]
        if len(cycle) == 2:
            what = M("%(first)s and %(second)s swapped", first=names[0], second=names[1])
        else:
            steps = [M("%(who)s to the place of %(whom)s", who=names[k],
                       whom=names[(k + 1) % len(cycle)]) for k in range(len(cycle))]
            what = M("moved in a ring: %(steps)s", steps=steps)
        why = _cycle_reasons(top, ref, slots, cycle, before.same_table > after.same_table)
        notes.append(M("%(what)s so that %(why)s", what=what, why=why))
    return notes


def _cycle_reasons(top: _Top, ref: Slots, slots: Slots, cycle: list[int],
                   goal1_changed: bool) -> str:
    reasons: list[str] = []
    positions = {s // 2 for s in cycle}

    def same(bracket: Slots, p: int) -> bool:
        a, b = bracket[2 * p], bracket[2 * p + 1]
        return a is not None and b is not None and top.table(a) == top.table(b)

    if goal1_changed and sum(map(lambda p: same(ref, p), positions)) > sum(
            map(lambda p: same(slots, p), positions)):
        if top.fewest:
            reasons.append(M("as few first-round matches as possible are between players of "
                             "the same table (rule BRK-4, goal 1)"))
        else:
            reasons.append(M("no first-round match is between players of the same table "
                             "(rule BRK-4, goal 1)"))
    moved = {ref[s] for s in cycle}
    firsts_ref, seconds_ref = _key_slots(ref, top.entrants)
    firsts_now, seconds_now = _key_slots(slots, top.entrants)
    later = []
    for table in sorted(top.seconds):
        if top.reference[top.firsts[table]] in moved or ref[top.seconds[table]] in moved:
            was = meeting_round(firsts_ref[table], seconds_ref[table])
            now = meeting_round(firsts_now[table], seconds_now[table])
            if now > was:
                later.append((table, now))
    if later:
        tables = _join([table_letter(t) for t, _ in later])
        rounds = {now for _, now in later}
        when = (M("only in the final") if rounds == {top.rounds} else
                M("no earlier than the %(round)s", round=round_name(min(rounds), top.rounds)))
        reasons.append(Mn("the 1st and 2nd of table %(tables)s can meet %(when)s (rule BRK-4, "
                          "goal 3)",
                          "the 1st and 2nd of tables %(tables)s can meet %(when)s (rule BRK-4, "
                          "goal 3)", len(later), tables=tables, when=when))
    if not reasons:
        reasons.append(M("the other moves can keep the goals of rule BRK-4 in their order"))
    return _join(reasons)


def _report(top: _Top, slots: Slots, seeding: str, exact: bool) -> list[Goal]:
    after = top.measure(slots)
    goals: list[Goal] = []
    # goal 1
    if after.same_table == 0:
        goals.append(Goal(1, True, M("no first-round match is between players of the same "
                                     "table")))
    else:
        count = after.same_table
        text = Mn("%(n)s first-round match is between players of the same table",
                  "%(n)s first-round matches are between players of the same table", count)
        if count == top.fewest:
            text = M("%(text)s, the fewest possible: %(why)s", text=text, why=top.fewest_why)
        else:
            text = M("%(text)s; %(fewest)s would be possible", text=text, fewest=top.fewest)
        goals.append(Goal(1, False, text))
    # goal 2
    winner_count = len(top.firsts)
    ideal = _ideal_winners(winner_count, top.rounds)
    earliest = _earliest(after.winners)
    if earliest is None:
        goals.append(Goal(2, True, M("only one table winner is in the TOP")))
    else:
        text = M("table winners can meet at the earliest in the %(round)s",
                 round=round_name(earliest, top.rounds))
        if after.winners == ideal:
            goals.append(Goal(2, True, M("%(text)s, as late as the bracket allows", text=text)))
        else:
            best = _earliest(ideal) or top.rounds
            if seeding == "written":
                reason = M("the 'written' seeding moves players only for goal 1, with as few "
                           "moves as possible")
            elif exact:
                reason = M("no bracket that meets goal 1 as well, keeps seeds 1 and 2 in "
                           "opposite halves (rule BRK-2) and gives the byes to the highest "
                           "seeds (rule BRK-1) keeps them apart longer")
            else:
                reason = M("the search found no bracket that keeps them apart longer without "
                           "breaking goal 1 (it is not exhaustive for a TOP this large)")
            goals.append(Goal(2, False, M(
                "%(text)s; on their own they could be kept apart until the %(round)s, but "
                "%(reason)s", text=text, round=round_name(best, top.rounds), reason=reason)))
    # goal 3
    pair_count = sum(after.pairs)
    if not pair_count:
        goals.append(Goal(3, True, M("no table has both its 1st and 2nd in the TOP")))
    elif after.pairs[-1] == pair_count:
        goals.append(Goal(3, True, M("each table's 1st and 2nd can meet only in the final")))
    else:
        earliest = _earliest(after.pairs) or 1
        early = after.pairs[earliest - 1]
        before_final = pair_count - after.pairs[-1]
        text = M("%(before)s of the %(count)s tables with both their 1st and 2nd in the TOP can "
                 "see them meet before the final, %(early)s as early as the %(round)s",
                 before=before_final, count=pair_count, early=early,
                 round=round_name(earliest, top.rounds))
        if seeding == "written":
            reason = M("the written method (rules BRK-1 to BRK-3) places them so and the "
                       "'written' seeding moves players only for goal 1; the 'goals' seeding "
                       "looks for a bracket that keeps them apart longer")
        elif exact:
            reason = M("no bracket that meets goals 1 and 2 as well, keeps seeds 1 and 2 in "
                       "opposite halves (rule BRK-2) and gives the byes to the highest seeds "
                       "(rule BRK-1) keeps them apart longer")
        else:
            reason = M("the search found no bracket that keeps them apart longer without "
                       "breaking goal 1 or 2 (it is not exhaustive for a TOP this large)")
        goals.append(Goal(3, False, M("%(text)s: %(reason)s", text=text, reason=reason)))
    return goals


def _byes_note(byes: int) -> str:
    if byes == 1:
        return M("1 bye in the first round goes to seed 1 (rule BRK-1)")
    return Mn("%(n)s bye in the first round goes to seeds 1 to %(n)s (rule BRK-1)",
              "%(n)s byes in the first round go to seeds 1 to %(n)s (rule BRK-1)", byes)


# the entry points -------------------------------------------------------------------------------
def build_top(tables: Sequence[Sequence[PlayerId]], size: int,
              seeding: str = "written") -> SeededBracket:
    """Seed a TOP of ``size`` from one table (rules BRK-1, BRK-2) or several (rules BRK-3,
    BRK-4). Each table lists its players best first. ``seeding`` is one of
    :data:`TOP_SEEDINGS` (see the module docstring); one table has one seeding, the standard
    order. Every goal of rule BRK-4 is measured and reported, with the reason when one is not
    met, and the notes say who was moved from the written bracket and why.
    """
    if seeding not in TOP_SEEDINGS:
        raise ValueError(f"seeding must be one of {', '.join(TOP_SEEDINGS)}, not {seeding!r}")
    top = _context(tables, size)
    reference = top.reference
    result = SeededBracket(
        slots=reference,
        seeds=dict(top.seeds),
        entrants=top.entrants,
        reference=reference,
        seeding=seeding,
    )
    byes = len(reference) - size
    if len(tables) == 1:
        result.notes.append(
            M("one table: seed 1 meets seed %(size)s, seed 2 the second-to-last, and so on; "
              "seeds 1 and 2 can meet only in the final (rules BRK-1, BRK-2)", size=size)
            if not byes else
            M("one table: seed 1 has a bye, seed 2 the second-to-last, and so on; seeds 1 and "
              "2 can meet only in the final (rules BRK-1, BRK-2)")
        )
        if byes:
            result.notes.append(_byes_note(byes))
        return result
    result.notes.append(
        M("%(n)s tables: seeds interleave the tables' places, 1st places first (rule BRK-3); "
          "players are named by table letter and place (A7 is the 7th of table 1)",
          n=len(tables))
    )
    if byes:
        result.notes.append(_byes_note(byes))
    written = _written(top)
    exact = True
    if seeding == "written":
        slots = written
        result.notes.append(
            M("seeding 'written': the bracket of rules BRK-1 to BRK-3, changed only where it "
              "pairs two players of the same table in the first round (rule BRK-4, goal 1), "
              "moving as few players as possible")
        )
    else:
        slots, exact = _goals(top, written)
        result.notes.append(
            M("seeding 'goals': the bracket that best meets the goals of rule BRK-4 in their "
              "order (seeds 1 and 2 stay in opposite halves, rule BRK-2), moving few players "
              "from the written bracket")
        )
    result.slots = slots
    result.searched = slots != reference
    if result.searched:
        moved = top.measure(slots).changes
        result.notes.append(Mn("%(n)s player moved from the written bracket:",
                               "%(n)s players moved from the written bracket:", moved))
        result.notes.extend(_move_notes(top, slots))
    else:
        result.notes.append(M("the written bracket is kept as it is"))
    result.goals = _report(top, slots, seeding, exact)
    return result


def compare_seedings(tables: Sequence[Sequence[PlayerId]], size: int
                     ) -> dict[str, SeededBracket]:
    """The bracket of every mode of :data:`TOP_SEEDINGS`, by mode, each with its goal report,
    so that a preview can show what each choice costs."""
    return {seeding: build_top(tables, size, seeding) for seeding in TOP_SEEDINGS}
