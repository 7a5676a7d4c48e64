"""The marathon's game ids, by row and by id, without a million-entry dict on every load.

A year of a marathon holds up to a million games. Keeping their ids as a list of strings with
a dict from id to row cost 0.5 s of every cold load (building the dict) and a third of the
snapshot's size; a command-line write that adds one game paid it every time. Here the ids
of a loaded snapshot stay one string (sliced on demand through an array of offsets), and the
row of an id is found by binary search in the rows sorted by :func:`id_order` (kept in the
snapshot as one integer column). Ids added since (a log's tail, new writes) sit in a list and
a small dict. A caller that looks up thousands of ids (an import) gets the full dict, built
once on that first heavy use.

The same sorted column gives the tie order of games that start at the same moment (rule
MJ-7a: a player's own chronological order), so :meth:`MarathonBook.chronological` is one
stable sort instead of a Python sort per run of equal start times.
"""

from __future__ import annotations

import bisect
import threading
from collections.abc import Iterable, Iterator
from typing import Any, overload

import numpy as np

SEPARATOR = "\n"
_NEWLINE = ord(SEPARATOR)
# single-id lookups by binary search before the full dict is worth building
_PROBES_BEFORE_DICT = 4096
# new ids below stored ones inserted one by one (binary search) up to this many, else re-sorted
_INSERT_AT_MOST = 50_000


def id_order(game_id: str) -> tuple[int, int, str]:
    """How games that start at the same moment are ordered: numeric ids numerically (``9``
    before ``10``), before any other id, which go in text order."""
    if game_id.isdigit() and len(game_id) < 19:
        return (0, int(game_id), "")
    return (1, 0, game_id)


def id_sort(ids: list[str]) -> np.ndarray:
    """Positions of ``ids`` sorted stably by :func:`id_order`.

    In numpy when every id is ASCII without a NUL (numpy's text order is then Python's:
    it ignores trailing NULs) and the numeric ones have ASCII digits; in Python otherwise."""
    if not ids:
        return np.zeros(0, dtype=np.int64)
    text = SEPARATOR.join(ids)
    if not text.isascii() or "\0" in text:
        return np.asarray(sorted(range(len(ids)), key=lambda i: id_order(ids[i])),
                          dtype=np.int64)
    arr = np.array(ids)
    numeric = np.strings.isdigit(arr) & (np.strings.str_len(arr) < 19)
    if not numeric.any():
        if bool((arr[1:] > arr[:-1]).all()):  # already in order (a server numbers its games)
            return np.arange(len(ids), dtype=np.int64)
        return np.argsort(arr, kind="stable")
    num_rows = np.flatnonzero(numeric)
    text_rows = np.flatnonzero(~numeric)
    values = arr[num_rows].astype(np.int64)
    return np.concatenate([num_rows[np.argsort(values, kind="stable")],
                           text_rows[np.argsort(arr[text_rows], kind="stable")]])


class GameIds:
    """The game id of every row, in ingest order (a read-only sequence of ``str``).

    Rows ``[0, frozen)`` come from a snapshot: one ASCII string joined by newlines, sliced
    through offsets computed on first access. Rows ``[frozen, n)`` are a list. ``_by_id`` holds
    rows ``[0, sorted_n)`` sorted by ``(id_order(id), row)``; rows ``[sorted_n, n)`` are in the
    ``_recent`` dict."""

    def __init__(self) -> None:
        self._joined = ""
        self._frozen = 0
        self._starts: np.ndarray | None = None  # offsets of the frozen ids, built on first use
        self._tail: list[str] = []
        self._by_id = np.zeros(0, dtype=np.int64)
        self._recent: dict[str, int] = {}
        self._full: dict[str, int] | None = None  # every id, once lookups were many
        self._probes = 0
        # by_id() extends its sorted column in place; a snapshot pickled in its own thread
        # and a reader sorting the games call it at once (both extending it from the same
        # start stored every row twice: a read that counted every game twice)
        self._sorting = threading.Lock()

    # -- the sequence ---------------------------------------------------------------------------
    def __len__(self) -> int:
        return self._frozen + len(self._tail)

    @overload
    def __getitem__(self, row: int) -> str: ...

    @overload
    def __getitem__(self, row: slice) -> list[str]: ...

    def __getitem__(self, row: int | slice) -> str | list[str]:
        if isinstance(row, slice):
            start, stop, step = row.indices(len(self))
            if step != 1:
                return [self[i] for i in range(start, stop, step)]
            frozen, head = self._frozen, []
            if start < min(stop, frozen):
                starts = self._starts
                if starts is None:
                    starts = self._starts = self._offsets()
                head = self._joined[starts[start] : starts[min(stop, frozen)] - 1].split(
                    SEPARATOR)
            return head + self._tail[max(start - frozen, 0) : max(stop - frozen, 0)]
        row = int(row)
        if row < 0:
            row += len(self)
        if row >= self._frozen:
            return self._tail[row - self._frozen]
        if row < 0:
            raise IndexError(row)
        starts = self._starts
        if starts is None:
            starts = self._starts = self._offsets()
        return self._joined[starts[row] : starts[row + 1] - 1]

    def __iter__(self) -> Iterator[str]:
        if self._frozen:
            yield from self._joined.split(SEPARATOR)
        yield from self._tail

    def __contains__(self, game_id: object) -> bool:
        return isinstance(game_id, str) and self.row(game_id) is not None

    def _offsets(self) -> np.ndarray:
        return self._offsets_of(self._joined, self._frozen)

    @staticmethod
    def _offsets_of(joined: str, n: int) -> np.ndarray:
        """Where each of the ``n`` ids of ``joined`` starts, plus one past the end (the
        separator counted)."""
        data = np.frombuffer(joined.encode("ascii"), dtype=np.uint8)
        starts = np.empty(n + 1, dtype=np.int64)
        starts[0] = 0
        if n:
            starts[1:-1] = np.flatnonzero(data == _NEWLINE) + 1
            starts[-1] = data.size + 1
        return starts

    def extend(self, ids: Iterable[str]) -> None:
        first = len(self)
        ids = list(ids)
        self._tail.extend(ids)
        rows = range(first, first + len(ids))
        self._recent.update(zip(ids, rows, strict=True))
        if self._full is not None:
            self._full.update(zip(ids, rows, strict=True))

    # -- the row of an id -----------------------------------------------------------------------
    def row(self, game_id: str) -> int | None:
        """The row of ``game_id`` (the last one, should an id be stored twice), or None."""
        if self._full is not None:
            return self._full.get(game_id)
        found = self._recent.get(game_id)
        if found is not None or not self._by_id.size:
            return found
        self._probes += 1
        if self._probes > _PROBES_BEFORE_DICT:
            self._full = {game: i for i, game in enumerate(self)}
            return self._full.get(game_id)
        by_id, key = self._by_id, id_order(game_id)
        at = bisect.bisect_left(range(by_id.size), key, key=lambda i: id_order(self[int(by_id[i])]))
        while at < by_id.size:
            candidate = int(by_id[at])
            stored = self[candidate]
            if id_order(stored) != key:
                break
            if stored == game_id:
                found = candidate  # rows ascend within equal keys: the last match wins
            at += 1
        return found

    # -- the id order ---------------------------------------------------------------------------
    def by_id(self) -> np.ndarray:
        """Every row, sorted by ``(id_order(id), row)`` (a stable sort by :func:`id_order`)."""
        with self._sorting:
            return self._by_id_locked()

    def _by_id_locked(self) -> np.ndarray:
        old = self._by_id
        n, done = len(self), old.size
        if done == n:
            return old
        new = id_sort(self[done:n]) + done
        first = id_order(self[int(new[0])])
        if not done or first >= id_order(self[int(old[-1])]):
            merged = np.concatenate([old, new])
        elif new.size <= _INSERT_AT_MOST:  # a few ids below some stored ones: insert them
            at = [bisect.bisect_right(range(old.size), id_order(self[i]),
                                      key=lambda r: id_order(self[int(old[r])]))
                  for i in new.tolist()]
            merged = np.insert(old, at, new)
        else:
            merged = id_sort(self[0:n])
        self._by_id = merged
        self._recent = {}
        return merged

    # -- pickling (the service's snapshots) ---------------------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        """The ids as one string (a list when some id holds a newline) and the rows in id
        order as one integer column: loading neither splits the string nor builds a dict."""
        by_id = self.by_id()
        n = len(self)
        # ids stored in id order (the usual case: a server numbers its games) need no column
        in_order = bool((by_id == np.arange(n)).all())
        state: dict[str, Any] = {"n": n, "by_id": None if in_order else by_id.astype(
            np.int32 if n < 2**31 else np.int64)}
        joined = SEPARATOR.join(self._tail)
        if self._frozen:
            joined = self._joined + SEPARATOR + joined if self._tail else self._joined
        if n and (joined.count(SEPARATOR) != n - 1 or not joined.isascii()):
            state["ids"] = list(self)
            return state
        state["ids"] = joined
        # each id's length (one byte when all are shorter than 256): the loaded table finds
        # an id's place by one cumulative sum instead of scanning the string for separators
        starts = (self._starts if self._starts is not None and not self._tail
                  else self._offsets_of(joined, n))
        lengths = np.diff(starts) - 1
        if not lengths.size or int(lengths.max()) < 256:
            state["lengths"] = lengths.astype(np.uint8)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__()  # type: ignore[misc]
        ids, n = state["ids"], state["n"]
        if isinstance(ids, str):
            self._joined, self._frozen = ids, n
            lengths = state.get("lengths")
            if lengths is not None:
                starts = np.zeros(n + 1, dtype=np.int64)
                np.cumsum(lengths, out=starts[1:])
                starts[1:] += np.arange(1, n + 1)
                self._starts = starts
        else:
            self._tail = ids
        by_id = state["by_id"]
        self._by_id = (np.arange(n, dtype=np.int64) if by_id is None
                       else np.asarray(by_id, dtype=np.int64))


class IdIndex:
    """``games.index``: the row of a game id, read like a dict (``get``, ``in``, ``[id]``)."""

    def __init__(self, ids: GameIds) -> None:
        self._ids = ids

    def get(self, game_id: str, default: int | None = None) -> int | None:
        found = self._ids.row(game_id)
        return default if found is None else found

    def __getitem__(self, game_id: str) -> int:
        found = self._ids.row(game_id)
        if found is None:
            raise KeyError(game_id)
        return found

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._ids

    def __len__(self) -> int:
        return len(self._ids)
