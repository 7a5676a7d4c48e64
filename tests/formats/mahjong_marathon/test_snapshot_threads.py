"""A snapshot pickled in its own thread while a reader sorts the same games (what a command
line read does when the read made a snapshot due): the reader's standings and the snapshot
both stay right. The two once extended the games' id order from the same start at once and
the read counted every game twice."""

from __future__ import annotations

import pickle
import threading
from datetime import timedelta
from typing import Any

import numpy as np
import pytest

from podium.core.replay import replay
from podium.formats.mahjong_marathon import ids as ids_module
from podium.formats.mahjong_marathon.ids import GameIds
from tests.formats.mahjong_marathon.builders import STAGE1, Marathon


def _interleaving_sort(monkeypatch: pytest.MonkeyPatch, other: Any) -> list[threading.Thread]:
    """``id_sort`` that, on its first call, lets ``other`` run in another thread before it
    returns: the moment at which two callers of ``by_id`` overlapped."""
    real = ids_module.id_sort
    started: list[threading.Thread] = []

    def sort(values: list[str]) -> np.ndarray:
        if not started:
            thread = threading.Thread(target=other)
            started.append(thread)
            thread.start()
            # the other caller either finishes now (nothing serialises them) or waits for
            # this one to end; a bounded wait either way, and the outcome is checked after
            thread.join(timeout=0.5)
        return real(values)

    monkeypatch.setattr(ids_module, "id_sort", sort)
    return started


def test_two_threads_sorting_the_ids_at_once_give_each_row_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    games = GameIds()
    games.extend(["30", "10", "20", "g-b", "g-a"])
    seen: dict[str, np.ndarray] = {}
    threads = _interleaving_sort(monkeypatch, lambda: seen.setdefault("other", games.by_id()))
    mine = games.by_id()
    for thread in threads:
        thread.join()
    expected = [1, 2, 0, 4, 3]  # 10, 20, 30 numerically, then g-a, g-b
    assert mine.tolist() == expected
    assert seen["other"].tolist() == expected
    assert games.by_id().tolist() == expected


def _stage(ruleset: Any, state: Any) -> dict[str, Any]:
    return {row["player"]: row for row in ruleset.tables(state)[0].rows}


def test_a_snapshot_pickled_beside_a_read_leaves_both_right(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # rule MJ-7a: games that start at the same moment go in id order, so the read sorts ids
    m = Marathon()
    for i in range(12):
        m.game((f"p{i % 5}", 40), (f"p{(i + 1) % 5}", 20), (f"p{(i + 2) % 5}", 0),
               (f"p{(i + 3) % 5}", -60), at=STAGE1 + timedelta(minutes=10 * (i // 2)))
    expected = _stage(m.ruleset, replay(m.log.actions, m.ruleset))
    assert sum(row["games"] for row in expected.values()) == 12 * 4
    state = replay(m.log.actions, m.ruleset)  # a process's state, its id order not sorted
    reads: dict[str, Any] = {}
    # the snapshot's thread sorts the ids first; the reader comes in while it does
    threads = _interleaving_sort(monkeypatch, lambda: reads.setdefault(
        "during", _stage(m.ruleset, state)))
    data = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    for thread in threads:
        thread.join()
    assert reads["during"] == expected
    assert _stage(m.ruleset, state) == expected  # the next read in the process
    assert _stage(m.ruleset, pickle.loads(data)) == expected  # the next process
