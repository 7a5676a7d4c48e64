"""Table sizes for any format: split players into tables of ``min_seats`` to ``max_seats``
(anything from 2 to 7), as many as possible of the ``preferred`` size.

Commander pods (4, or 3 to 5 when the organiser prefers short or long pods to byes), Berserk
duels (2), a 7 Wonders league's shrinking games (7 down to 3) and a mahjong table (4) are all
this one question. A pure function with a closed form per table count: for ``t`` tables the
seats needed are ``n - t * preferred``; they are spread over as few tables as possible (each
grows up to ``max_seats`` or shrinks down to ``min_seats``), and the table count chosen is the
one that leaves the fewest tables off the preferred size (then the nearest sizes, then the fewer
tables). When no split seats everybody, the fewest players are left over (the byes).
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_SEATS = 2
MAX_SEATS = 7


@dataclass(frozen=True)
class Partition:
    """Table sizes in table order (the preferred size first, then the others from the nearest
    to the farthest), and how many players no table could seat."""

    sizes: tuple[int, ...]
    left_over: int = 0


def _score(n: int, tables: int, low: int, high: int, preferred: int
           ) -> tuple[int, int, int] | None:
    """(tables off the preferred size, seats moved, tables) for ``tables`` tables, or None
    when ``n`` players do not fit them."""
    if tables < 0 or not tables * low <= n <= tables * high:
        return None
    need = n - tables * preferred
    step = (high - preferred) if need > 0 else (preferred - low)
    if need == 0:
        return (0, 0, tables)
    moved = -(-abs(need) // step)
    return (moved, abs(need), tables) if moved <= tables else None


def _sizes(n: int, tables: int, preferred: int, low: int, high: int) -> tuple[int, ...]:
    """The sizes behind :func:`_score`: the fewest tables moved, each as far as it may go."""
    need = n - tables * preferred
    if need == 0:
        return (preferred,) * tables
    step = (high - preferred) if need > 0 else (preferred - low)
    full, rest = divmod(abs(need), step)
    moved = [step] * full + ([rest] if rest else [])
    sign = 1 if need > 0 else -1
    changed = sorted((preferred + sign * m for m in moved), key=lambda s: abs(s - preferred))
    return (preferred,) * (tables - len(moved)) + tuple(changed)


def partition(n: int, min_seats: int, max_seats: int, preferred: int) -> Partition:
    """Split ``n`` players into tables of ``min_seats`` to ``max_seats``, ``preferred`` seats
    wherever possible; see the module docstring."""
    for name, value in (("min_seats", min_seats), ("max_seats", max_seats),
                        ("preferred", preferred), ("n", n)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{name} must be a whole number, got {value!r}")
    if not MIN_SEATS <= min_seats <= preferred <= max_seats <= MAX_SEATS:
        raise ValueError(f"need {MIN_SEATS} <= min_seats <= preferred <= max_seats <= "
                         f"{MAX_SEATS}, got {min_seats}, {preferred}, {max_seats}")
    if n < 0:
        raise ValueError(f"n must not be negative, got {n}")
    for seated in range(n, -1, -1):
        # The fewest tables off the preferred size is next to seated / preferred, when those
        # counts fit; only when they do not (a few players) is every table count tried.
        near = [c for t in {seated // preferred, -(-seated // preferred)}
                if (c := _score(seated, t, min_seats, max_seats, preferred)) is not None]
        if not near:
            near = [c for t in range(-(-seated // max_seats), seated // min_seats + 1)
                    if (c := _score(seated, t, min_seats, max_seats, preferred)) is not None]
        if near:
            tables = min(near)[2]
            return Partition(_sizes(seated, tables, preferred, min_seats, max_seats),
                             n - seated)
    return Partition((), n)  # unreachable: zero players always fit in zero tables
