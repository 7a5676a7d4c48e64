"""Whole-event seating schedules: every round planned at once, with the fewest repeated meetings.

Pairing one round at a time (``avoid.py``) cannot see that an early choice closes later doors:
16 players in pods of 4 over 5 rounds can meet each other at most once, but a round-by-round
search often ends with repeats. Mahjong tournaments, and Commander organisers who want it, plan
all rounds at the start instead (a *fixed schedule*). This module builds such schedules:

1. **Constructions** where the numbers fit a known design, exact and instant:

   - the lines of the affine geometry AG(d, q) over the finite field GF(q), for ``q`` players a
     table (a prime power: 2, 3, 4, 5, 7) and ``q**d`` players: (q**d - 1)/(q - 1) rounds in
     which no two players meet twice (16 players in tables of 4: 5 rounds; 64: 21 rounds);
   - a resolvable transversal design from the affine plane of order ``m`` (a prime power,
     ``m >= q``): ``q * m`` players in ``q`` groups of ``m``, ``m`` rounds in which each table
     takes one player of each group; the players of a group have not met yet, so each group's
     own schedule (built the same way, recursively) adds rounds (32 players: 8 + 1 rounds);
   - cyclic designs: a base round whose players turn over Z_r round after round while a few
     stay put, searched once and stored when the search is too slow to repeat (36 players:
     10 rounds over Z_10).

2. **A seeded search** elsewhere: simulated annealing over swaps of two players of one round
   (as krcg's seating and Dotú and Van Hentenryck's social golfer search do), moving mostly
   players who sit with someone they have already met. It starts from the better of the
   construction's rounds (continued round by round) and today's round-by-round ``avoid``
   pairing, and keeps the best schedule seen, so it is never worse than ``avoid`` with the same
   seed. Short of the lower bound, it also keeps all but the last of the construction's rounds
   and searches only the rest around them (20 players over 7 rounds: 4 rounds over GF(5) kept,
   the bound reached). Every limit is an iteration count, never the clock: the result depends
   only on the arguments and the seed.

3. **Too large for the search** (more player-rounds than ``SEARCH_LIMIT``): round-by-round
   ``avoid`` pairing, said so in the explanation.

Then **seats**: the order inside each table (turn order in Commander, the wind in mahjong) is
balanced across the rounds so that every player sits in each position as evenly as possible,
first seat first (``balance_seats``).

Repeats are counted as in the benchmarks: over every pair of players, max(0, meetings - 1). The
lower bound is the number of pair-meetings the tables create minus the number of pairs
(shared/anchors.md: N * max(0, 3R - N + 1) / 2 for tables of 4). Every schedule explains itself
with message objects (construction or search, repeats against the bound), so it renders in
every language of the catalog.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from podium.core.messages import M, Message, Mn
from podium.pairing.avoid import avoid_repeats

P = TypeVar("P", bound=Hashable)

SEARCH_LIMIT = 2400  # player-rounds beyond which the search gives way to round-by-round pairing
MIN_TABLE, MAX_TABLE = 2, 7

Rounds = list[list[list[int]]]


# -- finite fields ---------------------------------------------------------------------------


def _prime_power(q: int) -> tuple[int, int] | None:
    """(p, m) with q == p**m for a prime p, or None."""
    if q < 2:
        return None
    for p in range(2, q + 1):
        if q % p == 0:
            m = 0
            rest = q
            while rest % p == 0:
                rest //= p
                m += 1
            return (p, m) if rest == 1 else None
    return None  # pragma: no cover - the loop always finds a divisor


@lru_cache(maxsize=32)
def _field(q: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Addition and multiplication tables of GF(q), elements 0..q-1.

    An element is a polynomial over GF(p) written in base p (digit i is the coefficient of
    x**i); products are reduced modulo the first monic irreducible polynomial of degree m found
    (checked here: a product table without zero divisors is a field). Exact integers only.
    """
    pm = _prime_power(q)
    if pm is None:
        raise ValueError(f"GF({q}) does not exist: {q} is not a prime power")
    p, m = pm

    def digits(a: int) -> list[int]:
        return [(a // p**i) % p for i in range(m)]

    def number(ds: Sequence[int]) -> int:
        return sum(d * p**i for i, d in enumerate(ds))

    add = tuple(tuple(number([(x + y) % p for x, y in zip(digits(a), digits(b), strict=True)])
                      for b in range(q)) for a in range(q))
    if m == 1:
        mul = tuple(tuple((a * b) % p for b in range(q)) for a in range(q))
        return add, mul
    for tail in range(p**m):
        modulus = [*digits(tail), 1]  # x**m + tail
        table = []
        for a in range(q):
            row = []
            for b in range(q):
                prod = [0] * (2 * m - 1)
                for i, x in enumerate(digits(a)):
                    for j, y in enumerate(digits(b)):
                        prod[i + j] = (prod[i + j] + x * y) % p
                for top in range(2 * m - 2, m - 1, -1):
                    coef = prod[top]
                    if coef:
                        for k in range(m + 1):
                            prod[top - m + k] = (prod[top - m + k] - coef * modulus[k]) % p
                row.append(number(prod[:m]))
            table.append(tuple(row))
        if all(table[a][b] for a in range(1, q) for b in range(1, q)):
            return add, tuple(table)
    raise AssertionError(f"no irreducible polynomial found for GF({q})")  # pragma: no cover


# -- constructions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Construction:
    """Repeat-free rounds over players 0..n-1 and how they were made (a message)."""

    rounds: Rounds
    how: Message


def affine_rounds(q: int, d: int) -> Rounds:
    """The parallel classes of lines of AG(d, q): q**d points, (q**d - 1)/(q - 1) rounds of
    q**(d-1) tables of q; two points lie on exactly one line, so nobody meets anyone twice."""
    add, mul = _field(q)
    n = q**d

    def coords(index: int) -> list[int]:
        return [(index // q**i) % q for i in range(d)]

    def index_of(vector: Sequence[int]) -> int:
        return sum(c * q**i for i, c in enumerate(vector))

    rounds: Rounds = []
    for direction in range(1, n):
        vector = coords(direction)
        first = next(c for c in vector if c)
        if first != 1:
            continue  # one direction per point of PG(d-1, q): leading coordinate 1
        seen = [False] * n
        tables = []
        for start in range(n):
            if seen[start]:
                continue
            base = coords(start)
            line = []
            for t in range(q):
                point = index_of([add[b][mul[t][v]] for b, v in zip(base, vector, strict=True)])
                seen[point] = True
                line.append(point)
            tables.append(line)
        rounds.append(tables)
    return rounds


def transversal_rounds(k: int, m: int) -> Rounds:
    """A resolvable transversal design RTD(k, m) from the affine plane of order m (a prime
    power, m >= k): players (g, x) = g*m + x for group g < k and x in GF(m); in round a the
    table b holds (g, a*e_g + b). Two players of different groups meet exactly once, players of
    one group never."""
    add, mul = _field(m)
    rounds: Rounds = []
    for a in range(m):
        tables = []
        for b in range(m):
            tables.append([g * m + add[mul[a][g]][b] for g in range(k)])
        rounds.append(tables)
    return rounds


def _resolve(n: int, blocks: Sequence[tuple[int, ...]], limit: int = 200_000) -> Rounds | None:
    """A resolution of a design: its blocks split into rounds, each round covering every
    point once. Depth-first and deterministic: every parallel class first (at most ``limit``),
    then an exact cover of the blocks by classes, the least covered block first. None when
    the limits are reached first."""
    size = len(blocks[0])
    by_point: list[list[tuple[int, ...]]] = [[] for _ in range(n)]
    for block in blocks:
        for p in block:
            by_point[p].append(block)
    classes: list[tuple[tuple[int, ...], ...]] = []
    covered = [False] * n
    chosen: list[tuple[int, ...]] = []

    def classes_from(start: int) -> bool:
        free = next((p for p in range(start, n) if not covered[p]), None)
        if free is None:
            classes.append(tuple(chosen))
            return len(classes) < limit
        for block in by_point[free]:
            if block[0] < free or any(covered[x] for x in block):
                continue
            for x in block:
                covered[x] = True
            chosen.append(block)
            going = classes_from(free + 1)
            chosen.pop()
            for x in block:
                covered[x] = False
            if not going:
                return False
        return True

    if not classes_from(0):
        return None
    number = {block: i for i, block in enumerate(blocks)}
    sets = [frozenset(number[b] for b in c) for c in classes]
    holding: list[list[int]] = [[] for _ in blocks]
    for index, members in enumerate(sets):
        for b in members:
            holding[b].append(index)
    picked: list[int] = []
    steps = [0]

    def cover(used: frozenset[int]) -> bool:
        steps[0] += 1
        if len(used) == len(blocks):
            return True
        if steps[0] > limit:
            return False
        options = min(((b, [c for c in holding[b] if not sets[c] & used])
                       for b in range(len(blocks)) if b not in used), key=lambda o: len(o[1]))
        for c in options[1]:
            picked.append(c)
            if cover(used | sets[c]):
                return True
            picked.pop()
        return False

    if not cover(frozenset()) or len(blocks) % (n // size):
        return None
    return [[list(block) for block in classes[c]] for c in picked]


def _projective_points(q: int, dim: int) -> list[tuple[int, ...]]:
    """The points of PG(dim, q): nonzero vectors, first nonzero coordinate 1."""
    return [v for v in itertools.product(range(q), repeat=dim + 1)
            if any(v) and next(c for c in v if c) == 1]


def unital_rounds(q: int) -> Rounds | None:
    """The Hermitian unital of PG(2, q**2): its q**3 + 1 points x**(q+1) + y**(q+1) +
    z**(q+1) = 0 and the lines meeting it in q + 1 points, any two points on exactly one; its
    blocks resolved into q**2 rounds (found here for q = 3: 28 players, tables of 4, 9 rounds)."""
    big = q * q
    add, mul = _field(big)

    def power(a: int, e: int) -> int:
        out = 1
        for _ in range(e):
            out = mul[out][a]
        return out

    def dot(u: Sequence[int], v: Sequence[int]) -> int:
        total = 0
        for a, b in zip(u, v, strict=True):
            total = add[total][mul[a][b]]
        return total

    plane = _projective_points(big, 2)
    points = [p for p in plane if dot([power(c, q) for c in p], p) == 0]
    index = {p: i for i, p in enumerate(points)}
    blocks = set()
    for line in plane:
        on = tuple(index[p] for p in points if dot(p, line) == 0)
        if len(on) == q + 1:
            blocks.add(on)
    return _resolve(len(points), sorted(blocks))


def spread_rounds(q: int) -> Rounds | None:
    """A packing of PG(3, q): its lines (q + 1 points) split into spreads, each covering every
    point once (found here for q = 2: Kirkman's 15 schoolgirls, tables of 3, 7 rounds; q = 3:
    40 players, tables of 4, 13 rounds, among the 8,424 spreads of PG(3, 3))."""
    add, mul = _field(q)
    points = _projective_points(q, 3)
    index = {p: i for i, p in enumerate(points)}

    def normal(v: Sequence[int]) -> tuple[int, ...]:
        first = next(c for c in v if c)
        inverse = next(x for x in range(q) if mul[first][x] == 1)
        return tuple(mul[inverse][c] for c in v)

    lines = set()
    for a, b in itertools.combinations(points, 2):
        lines.add(tuple(sorted({index[normal([add[mul[s][x]][mul[t][y]]
                                               for x, y in zip(a, b, strict=True)])]
                                for s in range(q) for t in range(q) if s or t})))
    return _resolve(len(points), sorted(lines))


def cyclic_rounds(n: int, k: int, r: int, levels: int, fixed: int,
                  node_limit: int = 20_000, tries: int = 20) -> Rounds | None:
    """A cyclic design: players (u, x) for level u < ``levels`` and x in Z_r, and ``fixed``
    players who stay put; round i is a base round with every x moved by i. A pair's class
    (its levels and the difference of its x) meets once over the r rounds, so the base round
    has no repeat when no class occurs twice in it (a fixed player meets each level once, the
    fixed players never meet). The base round is found by a bounded backtracking search with a
    fixed seed, so it is always the same (24 players, tables of 4: 7 rounds over Z_7 with 3
    fixed players)."""
    tables = n // k
    if levels * r + fixed != n or fixed > tables:
        return None
    rng = random.Random(0)
    finite = [(u, x) for u in range(levels) for x in range(r)]

    def kind(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int, int] | None:
        (u, x), (v, y) = sorted((a, b))
        if u == v:
            d = min((y - x) % r, (x - y) % r)
            return None if 2 * d == r else (u, u, d)  # half a class would meet twice
        return (u, v, (y - x) % r)

    for _attempt in range(tries):
        base: list[list[tuple[int, int]]] = [[(-1, j)] if j < fixed else [] for j in range(tables)]
        order = list(finite)
        rng.shuffle(order)
        if _fill_base(order, base, k, kind, node_limit, rng):
            def number(p: tuple[int, int], shift: int) -> int:
                u, x = p
                return levels * r + x if u < 0 else u * r + (x + shift) % r

            return [[[number(p, i) for p in table] for table in base] for i in range(r)]
    return None


def _fill_base(order: Sequence[tuple[int, int]], base: list[list[tuple[int, int]]], k: int,
               kind: Callable[[tuple[int, int], tuple[int, int]], tuple[int, int, int] | None],
               node_limit: int, rng: random.Random) -> bool:
    """Backtracking of ``cyclic_rounds``: seat ``order`` into the base round's tables (fixed
    players are (-1, j)) with no class twice; False when ``node_limit`` nodes are spent."""
    used: set[tuple[int, int, int]] = set()
    nodes = [0]
    tables = len(base)

    def place(i: int) -> bool:
        nodes[0] += 1
        if i == len(order):
            return True
        if nodes[0] > node_limit:
            return False
        p = order[i]
        choices = list(range(tables))
        rng.shuffle(choices)
        tried_empty = False
        for t in choices:
            table = base[t]
            if len(table) >= k or (not table and tried_empty):
                continue
            tried_empty = tried_empty or not table
            new: list[tuple[int, int, int]] = []
            for other in table:
                c = (-1, other[1], p[0]) if other[0] < 0 else kind(p, other)
                if c is None or c in used or c in new:
                    break
                new.append(c)
            else:
                table.append(p)
                used.update(new)
                if place(i + 1):
                    return True
                table.pop()
                used.difference_update(new)
        return False

    return place(0)


# Base rounds found once by the bounded backtracking of ``cyclic_rounds`` (with more tries than
# it makes at run time) and kept here, so these designs cost nothing when asked for. Key (n, k):
# (r, levels, base rounds); player u * r + x is (u, x) of ``cyclic_rounds``, the players after
# levels * r stay put. ``developed_rounds`` turns them into the rounds; tests check every pair.
CYCLIC_BASES: dict[tuple[int, int], tuple[int, int, tuple[tuple[tuple[int, ...], ...], ...]]] = {
    # 36 players: 3 levels of 10 turning over Z_10, 6 staying put (a fixed player per table)
    (36, 4): (10, 3, (((0, 10, 21, 32), (1, 17, 27, 31), (2, 22, 24, 25), (3, 11, 20, 30),
                       (4, 6, 7, 18), (5, 14, 29, 35), (8, 13, 26, 34), (9, 12, 28, 33),
                       (15, 16, 19, 23)),)),
}


def developed_rounds(r: int, levels: int,
                     bases: Sequence[Sequence[Sequence[int]]]) -> Rounds:
    """The r rounds of each base round: in round i every turning player (u, x) moves to
    (u, x + i) in Z_r, the others stay put."""
    turning = levels * r

    def moved(p: int, shift: int) -> int:
        return p if p >= turning else (p // r) * r + (p % r + shift) % r

    return [[[moved(p, i) for p in table] for table in base] for base in bases for i in range(r)]


@lru_cache(maxsize=64)
def _design(n: int, k: int) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], str, tuple[int, ...]]:
    """The most repeat-free rounds known here for n players in tables of k, as (rounds, kind,
    parameters); kind "" when there is none."""
    best: tuple[tuple[tuple[tuple[int, ...], ...], ...], str, tuple[int, ...]] = ((), "", ())
    if n < k or n % k:
        return best
    d = round(math.log(n, k))
    if _prime_power(k) and k**d == n and d >= 2:
        rounds = affine_rounds(k, d)
        best = (_freeze(rounds), "affine", (d, k))
    for (size, players), (kind, build, params) in {
            (4, 28): ("unital", lambda: unital_rounds(3), (3,)),
            (3, 15): ("spread", lambda: spread_rounds(2), (2,)),
            (4, 40): ("spread", lambda: spread_rounds(3), (3,)),
            (4, 24): ("cyclic", lambda: cyclic_rounds(24, 4, 7, 3, 3), (7, 3)),
    }.items():
        if (size, players) == (k, n):
            resolved = build()
            if resolved and len(resolved) > len(best[0]):
                best = (_freeze(resolved), kind, params)
    if (n, k) in CYCLIC_BASES:
        r, levels, bases = CYCLIC_BASES[n, k]
        if len(bases) * r > len(best[0]):
            best = (_freeze(developed_rounds(r, levels, bases)), "cyclic", (r, n - levels * r))
    m = n // k
    if _prime_power(m) and m >= k:
        rounds = transversal_rounds(k, m)
        inner, _kind, _params = _design(m, k)
        if inner:
            # every group plays its own repeat-free rounds at the same time, relabelled
            for inner_round in inner:
                rounds.append([[g * m + x for x in table] for g in range(k)
                               for table in inner_round])
        if len(rounds) > len(best[0]):
            best = (_freeze(rounds), "transversal", (k, m, len(inner)))
    if not best[0]:
        return ((tuple(tuple(range(s, s + k)) for s in range(0, n, k)),), "single", ())
    return best


def _freeze(rounds: Rounds) -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(tuple(tuple(table) for table in rnd) for rnd in rounds)


def construction(n: int, k: int) -> Construction | None:
    """The repeat-free rounds a construction gives for n players in tables of k, or None."""
    frozen, kind, params = _design(n, k)
    if not frozen or (kind == "single" and n > k):
        return None  # one round of full tables is no design; the search does better
    rounds = [[list(table) for table in rnd] for rnd in frozen]
    if kind == "affine":
        how = M("lines of the affine geometry AG(%(d)s, %(q)s)", d=params[0], q=params[1])
    elif kind == "unital":
        how = M("the resolvable Hermitian unital of PG(2, %(q2)s)", q2=params[0] ** 2)
    elif kind == "spread":
        how = M("a packing of the projective space PG(3, %(q)s) into spreads", q=params[0])
    elif kind == "cyclic":
        how = M("a cyclic design over Z_%(r)s with %(fixed)s fixed players", r=params[0],
                fixed=params[1])
    elif kind == "transversal" and not params[2]:
        how = M("a resolvable transversal design over GF(%(m)s): %(k)s groups of %(m)s",
                k=params[0], m=params[1])
    elif kind == "transversal":
        how = Mn("a resolvable transversal design over GF(%(m)s): %(k)s groups of %(m)s, "
                 "%(n)s more round inside the groups",
                 "a resolvable transversal design over GF(%(m)s): %(k)s groups of %(m)s, "
                 "%(n)s more rounds inside the groups", params[2], k=params[0], m=params[1])
    else:
        how = M("one round of full tables")
    return Construction(rounds, how)


# -- counting --------------------------------------------------------------------------------


def meeting_counts(rounds: Sequence[Sequence[Sequence[P]]]) -> dict[frozenset[P], int]:
    """How often each pair of players shared a table."""
    counts: dict[frozenset[P], int] = {}
    for rnd in rounds:
        for table in rnd:
            for a, b in itertools.combinations(table, 2):
                key = frozenset((a, b))
                counts[key] = counts.get(key, 0) + 1
    return counts


def repeats(rounds: Sequence[Sequence[Sequence[P]]]) -> int:
    """Repeated meetings: over every pair, max(0, meetings - 1), summed."""
    return sum(c - 1 for c in meeting_counts(rounds).values() if c > 1)


def lower_bound(n: int, sizes: Sequence[int], rounds: int) -> int:
    """At least this many repeats: the pair-meetings the tables create beyond the n(n-1)/2
    pairs there are (each extra meeting repeats some pair)."""
    per_round = sum(s * (s - 1) // 2 for s in sizes)
    return max(0, per_round * rounds - n * (n - 1) // 2)


def seat_counts(rounds: Sequence[Sequence[Sequence[P]]]) -> dict[P, list[int]]:
    """How often each player sat in each position (index 0: the first seat)."""
    width = max((len(t) for rnd in rounds for t in rnd), default=0)
    counts: dict[P, list[int]] = {}
    for rnd in rounds:
        for table in rnd:
            for position, player in enumerate(table):
                counts.setdefault(player, [0] * width)[position] += 1
    return counts


def seat_imbalance(rounds: Sequence[Sequence[Sequence[P]]], position: int = 0) -> int:
    """Players who sat in ``position`` more often than ceil(games / table size), or less than
    the floor: 0 when seats are as balanced as the schedule allows."""
    counts = seat_counts(rounds)
    games: dict[P, list[int]] = {}
    for rnd in rounds:
        for table in rnd:
            for player in table:
                games.setdefault(player, []).append(len(table))
    off = 0
    for player, sizes in games.items():
        if position >= max(sizes):
            continue
        fair = sum(1 / s for s in sizes if s > position)
        have = counts[player][position]
        if have > math.ceil(fair - 1e-9) or have < math.floor(fair + 1e-9):
            off += 1
    return off


# -- search ----------------------------------------------------------------------------------


class _Anneal:
    """Simulated annealing over one schedule (indices 0..n-1); private, mutable."""

    def __init__(self, n: int, rounds: Rounds, history: Sequence[Sequence[int]],
                 bye_table: int | None, had: Sequence[int] = ()) -> None:
        self.n = n
        self.history = history
        self.had = list(had) or [0] * n  # byes before this schedule
        self.bye_table = bye_table
        self.bye_weight = n * n
        self.tenure = 8  # moves a player may not return to a table it left (at least)
        self.stall = 1000 + 20 * n  # moves without a better schedule before a restart
        self.wide = False  # True: try every player of the round who has a repeat, not just the pair
        self.load(rounds)

    def load(self, rounds: Rounds) -> None:
        """Start from ``rounds``: every count rebuilt."""
        n, history, bye_table = self.n, self.history, self.bye_table
        self.rounds = [[list(t) for t in rnd] for rnd in rounds]
        self.cnt = [list(row) for row in history] if history else [[0] * n for _ in range(n)]
        self.where: list[list[int]] = []  # where[r][p]: p's table in round r
        self.byes = list(self.had)
        self.bad: list[tuple[int, int]] = []  # pairs met twice or more, for move selection
        self.bad_at: dict[tuple[int, int], int] = {}
        for rnd in self.rounds:
            where = [0] * n
            for index, table in enumerate(rnd):
                for p in table:
                    where[p] = index
                if index == bye_table:
                    for p in table:
                        self.byes[p] += 1
                    continue
                for a, b in itertools.combinations(table, 2):
                    self.cnt[a][b] += 1
                    self.cnt[b][a] += 1
            self.where.append(where)
        for a in range(n):
            for b in range(a + 1, n):
                if self.cnt[a][b] >= 2:
                    self._mark(a, b, True)

    def movable(self, r: int, a: int, b: int) -> bool:
        """May a and b swap in round r? Always between tables; between a table and the byes
        only when the bye passes between equals (as many byes before the schedule, and this the
        only one of the one sitting out), so no one sits out twice while avoidable."""
        where = self.where[r]
        if self.bye_table not in (where[a], where[b]):
            return True
        out, seated = (a, b) if where[a] == self.bye_table else (b, a)
        had = self.had
        return (had[out] == had[seated] and self.byes[out] == had[out] + 1
                and self.byes[seated] == had[seated])

    def conflicted(self, r: int) -> list[int]:
        """Players of round ``r`` sitting with someone they meet more than once."""
        out = []
        cnt = self.cnt
        for index, table in enumerate(self.rounds[r]):
            if index == self.bye_table:
                continue
            for p in table:
                row = cnt[p]
                if any(row[x] > 1 for x in table if x != p):
                    out.append(p)
        return out

    def _mark(self, a: int, b: int, bad: bool) -> None:
        key = (a, b) if a < b else (b, a)
        if bad and key not in self.bad_at:
            self.bad_at[key] = len(self.bad)
            self.bad.append(key)
        elif not bad and key in self.bad_at:
            index = self.bad_at.pop(key)
            last = self.bad.pop()
            if index < len(self.bad):
                self.bad[index] = last
                self.bad_at[last] = index

    def energy(self) -> int:
        """Pairs weighted by meetings choose 2 (a third meeting costs more than a second), plus
        byes beyond the first, weighted above every repeat."""
        n = self.n
        pairs = sum(c * (c - 1) // 2 for a in range(n) for c in self.cnt[a][a + 1:])
        byes = sum(b * (b - 1) // 2 for b in self.byes)
        return pairs + self.bye_weight * byes

    def delta(self, r: int, a: int, b: int) -> int:
        cnt = self.cnt
        ta, tb = self.where[r][a], self.where[r][b]
        table_a, table_b = self.rounds[r][ta], self.rounds[r][tb]
        d = 0
        if ta != self.bye_table:
            row_a, row_b = cnt[a], cnt[b]
            for x in table_a:
                if x != a:
                    d += row_b[x] - row_a[x] + 1
        else:
            d += self.bye_weight * (self.byes[b] - self.byes[a] + 1)
        if tb != self.bye_table:
            row_a, row_b = cnt[a], cnt[b]
            for y in table_b:
                if y != b:
                    d += row_a[y] - row_b[y] + 1
        else:
            d += self.bye_weight * (self.byes[a] - self.byes[b] + 1)
        return d

    def _move(self, p: int, q: int, table: list[int], leave: bool) -> None:
        """p leaves (or joins) ``table`` in place of q: pair counts of p with the others."""
        cnt = self.cnt
        for x in table:
            if x in (p, q):
                continue
            cnt[p][x] += -1 if leave else 1
            cnt[x][p] = cnt[p][x]
            c = cnt[p][x]
            if leave and c == 1:
                self._mark(p, x, False)
            elif not leave and c == 2:
                self._mark(p, x, True)

    def swap(self, r: int, a: int, b: int) -> None:
        ta, tb = self.where[r][a], self.where[r][b]
        table_a, table_b = self.rounds[r][ta], self.rounds[r][tb]
        if ta == self.bye_table:
            self.byes[a] -= 1
            self.byes[b] += 1
        else:
            self._move(a, b, table_a, leave=True)
            self._move(b, a, table_a, leave=False)
        if tb == self.bye_table:
            self.byes[b] -= 1
            self.byes[a] += 1
        else:
            self._move(b, a, table_b, leave=True)
            self._move(a, b, table_b, leave=False)
        table_a[table_a.index(a)] = b
        table_b[table_b.index(b)] = a
        self.where[r][a], self.where[r][b] = tb, ta

    def run(self, steps: int, rng: random.Random, floor: int = 0) -> Rounds:
        """Tabu search for ``steps`` moves; the best schedule seen (by energy) comes back.

        Each move takes a pair that met more than once, one of the rounds they shared and one
        of the two, and makes the best swap of that player with a player of another table of
        that round, among the swaps not forbidden (a player may not go back to a table it left
        in the last few moves, unless that gives the best schedule yet). When no better
        schedule has been seen for a while, the search restarts from the best one with a few
        random swaps. Counting the swaps tried, not the time, makes the result the seed's.
        Who sits out stays as fair as the start has it (round by round, the fewest byes first:
        rule CMD-8's default): a bye only passes between two players with as many byes before,
        and no other bye in the schedule."""
        energy = self.energy()
        best_energy, best = energy, [[list(t) for t in rnd] for rnd in self.rounds]
        n_rounds = len(self.rounds)
        tables = len(self.rounds[0]) if self.rounds else 0
        if tables < 2 or steps <= 0:
            return best
        tabu: dict[tuple[int, int, int], int] = {}
        stall_limit = self.stall
        since_best = 0
        step = 0
        while step < steps and best_energy > floor:
            step += 1
            if self.bad and rng.random() < 0.95:
                u, v = self.bad[rng.randrange(len(self.bad))]
                shared = [r for r in range(n_rounds) if self.where[r][u] == self.where[r][v]
                          and self.where[r][u] != self.bye_table]
                if not shared:
                    continue  # they met in the history only
                r = rng.choice(shared)
                movers: Sequence[int] = self.conflicted(r) if self.wide else (u, v)
            else:
                r = rng.randrange(n_rounds)
                movers = (rng.randrange(self.n),)
            where = self.where[r]
            chosen: list[tuple[int, int]] = []
            chosen_delta = 0
            for mover in movers:
                home = where[mover]
                for other, table in enumerate(self.rounds[r]):
                    if other == home:
                        continue
                    for partner in table:
                        if not self.movable(r, mover, partner):
                            continue
                        d = self.delta(r, mover, partner)
                        if (tabu.get((r, mover, other), 0) > step
                                or tabu.get((r, partner, home), 0) > step) and (
                                energy + d >= best_energy):
                            continue
                        if not chosen or d < chosen_delta:
                            chosen, chosen_delta = [(mover, partner)], d
                        elif d == chosen_delta:
                            chosen.append((mover, partner))
            if not chosen:
                continue
            mover, partner = chosen[rng.randrange(len(chosen))]
            home, other = where[mover], where[partner]
            self.swap(r, mover, partner)
            energy += chosen_delta
            tenure = self.tenure + rng.randrange(self.tenure)
            tabu[(r, mover, home)] = step + tenure
            tabu[(r, partner, other)] = step + tenure
            if energy < best_energy:
                best_energy, since_best = energy, 0
                best = [[list(t) for t in rnd] for rnd in self.rounds]
            else:
                since_best += 1
                if since_best > stall_limit:
                    self.load(best)
                    energy, since_best = best_energy, 0
                    tabu.clear()
                    for _kick in range(2 + self.n // 16):
                        r = rng.randrange(n_rounds)
                        a = rng.randrange(self.n)
                        b = rng.randrange(self.n)
                        if self.where[r][a] != self.where[r][b] and self.movable(r, a, b):
                            energy += self.delta(r, a, b)
                            self.swap(r, a, b)
        return best


# -- round by round (today's avoid) -----------------------------------------------------------


def round_by_round(n: int, rounds: int, sizes: Sequence[int], byes: int, seed: int,
                   history: Sequence[Sequence[int]] = (), had_before: Sequence[int] = ()
                   ) -> Rounds:
    """Today's pairing with every player tied: each round a seeded shuffle, byes to those with
    the fewest so far (rule CMD-8's default), then ``avoid_repeats`` against all earlier
    meetings. A bye group, when there is one, is the last table of each round."""
    rng = random.Random(seed)
    met: dict[int, dict[int, int]] = {}
    for a, row in enumerate(history):
        for b, c in enumerate(row):
            if c:
                met.setdefault(a, {})[b] = c
    had = list(had_before) or [0] * n
    out: Rounds = []
    for number in range(rounds):
        order = list(range(n))
        rng.shuffle(order)
        sitting: list[int] = []
        if byes:
            sitting = sorted(order, key=lambda p: had[p])[:byes]
            for p in sitting:
                had[p] += 1
            out_set = set(sitting)
            order = [p for p in order if p not in out_set]
        pods = avoid_repeats(order, list(sizes), met, seed=seed + 7919 * (number + 1))
        for pod in pods:
            for a, b in itertools.permutations(pod, 2):
                met.setdefault(a, {})[b] = met.get(a, {}).get(b, 0) + 1
        out.append([*pods, sitting] if byes else pods)
    return out


# -- seats -----------------------------------------------------------------------------------


def balance_seats(rounds: Rounds, seed: int, bye_table: int | None = None,
                  sweeps: int = 12) -> Rounds:
    """Reorder the players of every table so that each player sits in each position as evenly
    as possible over the rounds, the first seat weighted most (in Commander the first turn wins
    most often; in mahjong East is the dealer).

    Coordinate descent on the sum of squared seat counts: each table in turn takes the order
    that lowers it most (every order for tables of up to 5, swaps of two seats for 6 and 7),
    until a sweep changes nothing or ``sweeps`` are done. Seeded: the first order is shuffled,
    so equal choices fall the same way for the same seed.
    """
    rng = random.Random(seed)
    out = [[list(t) for t in rnd] for rnd in rounds]
    width = max((len(t) for rnd in out for t in rnd), default=0)
    counts: dict[int, list[int]] = {}
    for rnd in out:
        for index, table in enumerate(rnd):
            if index == bye_table:
                continue
            rng.shuffle(table)
            for position, p in enumerate(table):
                counts.setdefault(p, [0] * width)[position] += 1
    weights = [4] + [1] * (width - 1)

    def place(order: Sequence[int], sign: int) -> None:
        for i, p in enumerate(order):
            counts[p][i] += sign

    for _sweep in range(sweeps):
        changed = False
        for rnd in out:
            for index, table in enumerate(rnd):
                if index == bye_table or len(table) < 2:
                    continue
                place(table, -1)

                def added(order: Sequence[int]) -> int:
                    # what an order adds to the sum of w * count**2: w * (2c + 1) a seat
                    return sum(weights[i] * (2 * counts[p][i] + 1) for i, p in enumerate(order))

                best, best_cost = list(table), added(table)
                if len(table) <= 5:
                    candidates: Sequence[Sequence[int]] = list(itertools.permutations(table))
                else:
                    candidates = []
                    for i, j in itertools.combinations(range(len(table)), 2):
                        moved = list(table)
                        moved[i], moved[j] = moved[j], moved[i]
                        candidates.append(moved)
                for order in candidates:
                    c = added(order)
                    if c < best_cost:
                        best, best_cost = list(order), c
                if best != table:
                    changed = True
                    table[:] = best
                place(table, 1)
        if not changed:
            break
    _repair_seats(out, counts, bye_table)
    return out


def _repair_seats(out: Rounds, counts: dict[int, list[int]], bye_table: int | None) -> None:
    """Last pass of ``balance_seats``: while a player sits in a position more often than the
    ceiling of a fair share (or less than its floor), swap them with a table-mate when that
    lowers the total distance from the fair range; each swap lowers it, so this ends."""
    share: dict[int, list[float]] = {}
    width = max((len(c) for c in counts.values()), default=0)
    for rnd in out:
        for index, table in enumerate(rnd):
            if index == bye_table:
                continue
            for p in table:
                row = share.setdefault(p, [0.0] * width)
                for i in range(len(table)):
                    row[i] += 1 / len(table)

    def off(p: int, i: int, c: int) -> int:
        fair = share[p][i]
        return max(0, c - math.ceil(fair - 1e-9)) + max(0, math.floor(fair + 1e-9) - c)

    seats_of: dict[int, list[tuple[int, int]]] = {}  # player -> (round, table) it plays
    for r, rnd in enumerate(out):
        for index, table in enumerate(rnd):
            if index != bye_table:
                for p in table:
                    seats_of.setdefault(p, []).append((r, index))

    def violation(p: int) -> int:
        return sum(off(p, i, c) for i, c in enumerate(counts[p]) if share[p][i] > 0)

    def chain(p: int, i: int, j: int) -> bool:
        """Alternating chain (as in de Werra's equitable colouring): p gives a seat i for a
        seat j at one of its tables; the player who took that seat i gives up one elsewhere
        if now over, and so on. Kept only when the players involved end less off."""
        involved = {p}
        before = violation(p)
        done: list[tuple[int, int, int, int]] = []
        used: set[tuple[int, int]] = set()
        x = p
        for _hop in range(4 * len(out) + 4):
            spot = next(((r, t) for r, t in seats_of[x] if (r, t) not in used
                         and len(out[r][t]) > max(i, j) and out[r][t][i] == x), None)
            if spot is None:
                break
            used.add(spot)
            r, t = spot
            table = out[r][t]
            y = table[j]
            if y not in involved:
                involved.add(y)
                before += violation(y)
            table[i], table[j] = y, x
            counts[x][i] -= 1
            counts[x][j] += 1
            counts[y][i] += 1
            counts[y][j] -= 1
            done.append((r, t, x, y))
            if counts[y][i] <= math.ceil(share[y][i] - 1e-9):
                break
            x = y
        if sum(violation(v) for v in involved) < before:
            return True
        for r, t, x, y in reversed(done):
            table = out[r][t]
            table[i], table[j] = x, y
            counts[x][i] += 1
            counts[x][j] -= 1
            counts[y][i] -= 1
            counts[y][j] += 1
        return False

    for _pass in range(3):
        fixed = False
        for p in sorted(counts):
            for i in range(width):
                if share[p][i] == 0 or counts[p][i] <= math.ceil(share[p][i] - 1e-9):
                    continue
                for j in range(width):
                    if j != i and share[p][j] > 0 and counts[p][j] < math.ceil(
                            share[p][j] - 1e-9) and chain(p, i, j):
                        fixed = True
                        break
        if not fixed:
            break

    improved = True
    while improved:
        improved = False
        for rnd in out:
            for index, table in enumerate(rnd):
                if index == bye_table:
                    continue
                for i, j in itertools.combinations(range(len(table)), 2):
                    p, q = table[i], table[j]
                    cp, cq = counts[p], counts[q]
                    before = off(p, i, cp[i]) + off(p, j, cp[j]) + off(q, i, cq[i]) + off(
                        q, j, cq[j])
                    after = off(p, i, cp[i] - 1) + off(p, j, cp[j] + 1) + off(
                        q, i, cq[i] + 1) + off(q, j, cq[j] - 1)
                    if after < before:
                        cp[i] -= 1
                        cp[j] += 1
                        cq[i] += 1
                        cq[j] -= 1
                        table[i], table[j] = q, p
                        improved = True


# -- the schedule ----------------------------------------------------------------------------


class Schedule(list[list[list[P]]]):
    """The rounds, each a list of tables, each a list of players in seat order (a list, so it
    is what ``schedule`` promises); and how it was made: ``method`` ("construction", "search" or
    "round-by-round"), ``repeats`` against the lower ``bound``, the ``seed``, and ``notes``
    (messages for the organiser and the players)."""

    def __init__(self, rounds: Sequence[list[list[P]]], method: str, repeats: int, bound: int,
                 seed: int, notes: Sequence[Message]) -> None:
        super().__init__(rounds)
        self.method, self.repeats, self.bound, self.seed = method, repeats, bound, seed
        self.notes = list(notes)


def search_steps(n: int, rounds: int) -> int:
    """The search's budget: a count of moves growing with the schedule, capped (each move
    tries every swap of one or two players in one round)."""
    return min(40_000, 10_000 + 200 * n * rounds, 2_000_000 // max(n, 1))


def schedule(
    players: Sequence[P],
    rounds: int,
    table_size: int = 4,
    *,
    sizes: Sequence[int] | None = None,
    byes: int = 0,
    seed: int = 0,
    history: Mapping[P, Mapping[P, int]] | None = None,
    sat_out: Mapping[P, int] | None = None,
) -> Schedule[P]:
    """``rounds`` rounds for ``players`` in tables of ``table_size``: a list of rounds, each a
    list of tables, each a list of the given players in seat order (seat 1 first).

    ``sizes`` gives the table sizes of each round when they are not all ``table_size`` (short
    or long pods, from ``plan_pod_sizes``); ``byes`` players sit out each round (given as one
    more, last, "table" of each round, rotated so nobody sits out twice while avoidable, rule
    CMD-8's default). ``history`` (``history[a][b]``: games a and b already shared) makes the
    search avoid earlier opponents too (a schedule re-planned after a drop); ``sat_out`` (the
    byes each player already had) sends the byes first to those who had fewest. The same arguments
    and ``seed`` give the same schedule. The result also says how it was made (``method``,
    ``repeats`` against the lower ``bound``, ``notes``)."""
    people = list(players)
    n = len(people)
    if len(set(people)) != n:
        raise ValueError("a player appears more than once")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
        raise ValueError(f"rounds must be a non-negative integer, got {rounds!r}")
    if sizes is None:
        if not MIN_TABLE <= table_size <= MAX_TABLE:
            raise ValueError(f"table size must be {MIN_TABLE} to {MAX_TABLE}, got {table_size}")
        if (n - byes) % table_size:
            raise ValueError(f"{n - byes} players do not fill tables of {table_size}")
        sizes = [table_size] * ((n - byes) // table_size)
    sizes = list(sizes)
    if any(not MIN_TABLE <= s <= MAX_TABLE for s in sizes) or sum(sizes) + byes != n:
        raise ValueError(f"table sizes {sizes} and {byes} byes do not seat {n} players")
    index = {p: i for i, p in enumerate(people)}
    rows: tuple[tuple[int, ...], ...] = ()
    if history:
        grid = [[0] * n for _ in range(n)]
        for a, seen in history.items():
            for b, c in seen.items():
                if a in index and b in index and a != b:
                    grid[index[a]][index[b]] = c
        rows = tuple(tuple(row) for row in grid)
    had = tuple((sat_out or {}).get(p, 0) for p in people) if byes else ()
    plan = _plan(n, rounds, tuple(sizes), byes, seed, rows, had)
    named = [[[people[i] for i in table] for table in rnd] for rnd in plan.rounds]
    return Schedule(named, plan.method, plan.repeats, plan.bound, seed, list(plan.notes))


@dataclass(frozen=True)
class _Plan:
    rounds: Rounds
    method: str
    repeats: int
    bound: int
    notes: tuple[Message, ...]


def _count(n: int, rounds: Rounds, bye_table: int | None,
           history: Sequence[Sequence[int]]) -> int:
    """Repeats the rounds add to the history."""
    cnt = [list(row) for row in history] if history else [[0] * n for _ in range(n)]
    before = sum(c - 1 for a in range(n) for c in cnt[a][a + 1:] if c > 1)
    for rnd in rounds:
        for index, table in enumerate(rnd):
            if index == bye_table:
                continue
            for a, b in itertools.combinations(table, 2):
                cnt[a][b] += 1
    after = 0
    for a in range(n):
        for b in range(a + 1, n):
            c = cnt[a][b] + cnt[b][a] - (history[a][b] if history else 0)
            if c > 1:
                after += c - 1
    return after - before


@lru_cache(maxsize=16)
def _plan(n: int, rounds: int, sizes: tuple[int, ...], byes: int, seed: int,
          history: tuple[tuple[int, ...], ...], had: tuple[int, ...] = ()) -> _Plan:
    """The schedule over indices; cached, as a preview and its commit ask for the same one."""
    bye_table = len(sizes) if byes else None
    bound = lower_bound(n, sizes, rounds)
    if rounds == 0 or n == 0:
        return _Plan([], "construction", 0, 0, (M("no rounds to plan"),))
    uniform = len(set(sizes)) == 1 and not byes
    built = construction(n, sizes[0]) if uniform else None
    how: Message | None = None
    candidates: list[tuple[Rounds, str]] = []
    if built is not None:
        how = built.how
        head = [[list(t) for t in rnd] for rnd in built.rounds[:rounds]]
        if len(head) == rounds and not history:
            plan_rounds = balance_seats(head, seed)
            return _Plan(plan_rounds, "construction", 0, bound,
                         _explain("construction", how, 0, bound, rounds, plan_rounds, None))
        if len(head) < rounds:
            more = round_by_round(n, rounds - len(head), sizes, byes, seed,
                                  _add(n, history, head))
            head = head + more
        if not history and _count(n, head, None, history) == bound:
            # the construction and round-by-round pairing after it already reach the bound
            plan_rounds = balance_seats(head, seed)
            how = M("%(construction)s, the remaining rounds paired round by round avoiding "
                    "repeats", construction=how)
            return _Plan(plan_rounds, "construction", bound, bound,
                         _explain("construction", how, bound, bound, rounds, plan_rounds, None))
        candidates.append((head, "construction"))
    if n * rounds > SEARCH_LIMIT:
        # beyond the search: the construction's rounds continued round by round, or today's
        # round-by-round pairing throughout, whichever repeats less
        candidates.append((round_by_round(n, rounds, sizes, byes, seed, history, had),
                           "round-by-round"))
        best, method = min(candidates, key=lambda c: _count(n, c[0], bye_table, history))
        if method == "round-by-round":
            how = None
    else:
        candidates.append((round_by_round(n, rounds, sizes, byes, seed, history, had), "search"))
        steps = search_steps(n, rounds)
        floor = 0 if history or any(had) else _energy_floor(n, sizes, byes, rounds)
        # each start gets its share of the moves; the fewest repeats win (the construction's
        # start first on a tie)
        results = []
        for order, (start, kind) in enumerate(candidates):
            searched = _Anneal(n, start, history, bye_table, had).run(
                steps // len(candidates), random.Random(seed + order), floor)
            results.append((_count(n, searched, bye_table, history), order, searched, kind))
        results.sort(key=lambda item: (item[0], item[1]))
        budget = steps  # the moves at most, as the explanation says
        if results[0][0] > bound and built is not None and not history:
            # short of the bound: keep all but the last of the construction's rounds and search
            # only the rest around them (20 x 7: 4 rounds over GF(5) kept, the bound reached)
            keep = [[list(t) for t in rnd] for rnd in built.rounds[:len(built.rounds) - 1]]
            around = _add(n, history, keep)
            rest = _Anneal(n, round_by_round(n, rounds - len(keep), sizes, byes, seed, around),
                           around, bye_table).run(steps // len(candidates),
                                                  random.Random(seed + len(candidates)), floor)
            whole = keep + rest
            budget += steps // len(candidates)
            results.append((_count(n, whole, bye_table, history), len(candidates), whole,
                            "construction"))
            results.sort(key=lambda item: (item[0], item[1]))
        best = results[0][2]
        scored = [(best, results[0][3])]
        method = "search"
        how = Mn("a seeded search over swaps (%(n)s step at most, seed %(seed)s)",
                 "a seeded search over swaps (%(n)s steps at most, seed %(seed)s)", budget,
                 seed=seed) if scored[0][1] != "construction" or how is None else M(
            "%(construction)s, the remaining rounds by a seeded search over swaps "
            "(%(steps)s steps at most, seed %(seed)s)", construction=how, steps=budget,
            seed=seed)
    found = _count(n, best, bye_table, history)
    if method == "round-by-round" or how is None:
        how = M("round-by-round pairing avoiding repeats: %(n)s players over %(rounds)s "
                "rounds is beyond the whole-schedule search", n=n, rounds=rounds)
    elif method == "construction":
        how = M("%(construction)s, the remaining rounds paired round by round avoiding "
                "repeats", construction=how)
    plan_rounds = balance_seats(best, seed, bye_table)
    return _Plan(plan_rounds, method, found, bound,
                 _explain(method, how, found, bound, rounds, plan_rounds, bye_table))


def _energy_floor(n: int, sizes: Sequence[int], byes: int, rounds: int) -> int:
    """No schedule has a lower search energy than this: the repeats' lower bound (each
    repeat costs at least 1) plus the byes spread as evenly as possible; reaching it, the
    search stops."""
    spread, extra = divmod(byes * rounds, n) if n else (0, 0)
    bye_energy = extra * (spread + 1) * spread // 2 + (n - extra) * spread * (spread - 1) // 2
    return lower_bound(n, sizes, rounds) + n * n * bye_energy


def _add(n: int, history: Sequence[Sequence[int]], rounds: Rounds) -> tuple[tuple[int, ...], ...]:
    grid = [list(row) for row in history] if history else [[0] * n for _ in range(n)]
    for rnd in rounds:
        for table in rnd:
            for a, b in itertools.permutations(table, 2):
                grid[a][b] += 1
    return tuple(tuple(row) for row in grid)


def _explain(method: str, how: Message, found: int, bound: int, rounds: int,
             plan_rounds: Rounds, bye_table: int | None) -> tuple[Message, ...]:
    seated = [[t for i, t in enumerate(rnd) if i != bye_table] for rnd in plan_rounds]
    first = seat_counts(seated)
    low = min((c[0] for c in first.values()), default=0)
    high = max((c[0] for c in first.values()), default=0)
    summary = Mn("seating schedule for %(n)s round: %(how)s; %(repeats)s repeated meetings "
                 "(lower bound %(bound)s)",
                 "seating schedule for %(n)s rounds: %(how)s; %(repeats)s repeated meetings "
                 "(lower bound %(bound)s)", rounds, how=how, repeats=found, bound=bound)
    seats = M("seats balanced over the schedule: each player has the first seat %(low)s to "
              "%(high)s times", low=low, high=high)
    return (summary, seats)
