"""The cycle collector paused while a computation builds objects by the hundred thousand.

Standings of 200,000 players create a record, a key tuple and a row per player, none of them
garbage; each full collection that this triggers scans the whole heap again, the replayed state
of the event included (millions of objects). Pausing it is pure: no I/O, and the result is the
same; the collector runs again as soon as the outermost pause ends.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


def collector_paused(func: Callable[P, R]) -> Callable[P, R]:
    """Run ``func`` with the cycle collector off (nested calls leave it to the outermost)."""

    @wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        if not gc.isenabled():
            return func(*args, **kwargs)
        gc.disable()
        try:
            return func(*args, **kwargs)
        finally:
            gc.enable()

    return wrapper
