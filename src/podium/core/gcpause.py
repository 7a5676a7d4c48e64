"""The cycle collector paused while a computation builds objects by the hundred thousand.

Standings of 200,000 players create a record, a key tuple and a row per player, none of them
garbage; each full collection that this triggers scans the whole heap again, the replayed state
of the event included (millions of objects). Pausing it is pure: no I/O, and the result is the
same; the collector runs again as soon as the outermost pause ends.

A state loaded with the collector paused is then frozen out of it (:func:`settle`) in the
processes that ask for it (:func:`freeze_loaded_states`).
"""

from __future__ import annotations

import gc
import threading
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


_freeze = threading.Event()  # set: states loaded in this process are frozen (:func:`settle`)


def freeze_loaded_states(on: bool = True) -> None:
    """Freeze every state this process loads out of the cycle collector (``gc.freeze``).

    Why: a state is built with the collector paused, so its objects, hundreds of thousands of
    them, are all still in the youngest generation when it runs again; the collections that
    follow scan them again and move them up, and a full one scans the whole heap: 212-326 ms
    that fell on a write now and then. Frozen, they are never scanned; reference
    counting still frees them when a newer state replaces them. Cyclic garbage made while
    loading stays until the process ends, so the long-lived processes turn this on at their
    entry point (the CLI, the server, the benches), not the library (a test run loads
    thousands of events)."""
    if on:
        _freeze.set()
    else:
        _freeze.clear()


def settle() -> None:
    """Freeze what the process holds now if :func:`freeze_loaded_states` asked for it (called
    by :class:`podium.service.states.StateCache` once a state is loaded)."""
    if _freeze.is_set():
        gc.freeze()


def paused_to_the_end() -> None:
    """Turn the cycle collector off for the rest of the process if :func:`freeze_loaded_states`
    asked for frozen states (an entry point's process, not a test run): a command line's
    reading command holds what it builds (the ranking of 200,000 players: a key and a row
    each) until it ends a moment later, and each collection would scan it all again."""
    if _freeze.is_set():
        gc.disable()
