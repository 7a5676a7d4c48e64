"""A declared command's progress bar is made at its first report only (most commands
report none, and rich's bar with its refreshing thread cost a one-game write 0.03 s of CPU)."""

from __future__ import annotations

import threading

from podium.cli.declared import _Progress


def test_no_bar_until_a_command_reports_progress() -> None:
    threads = threading.active_count()
    progress = _Progress("mahjong-marathon.add-game")
    assert progress.bar is None
    progress.stop()  # nothing to stop
    assert threading.active_count() == threads


def test_the_bar_shows_each_report_and_is_erased_at_the_end() -> None:
    progress = _Progress("mahjong-marathon.import-games")
    progress("checking", 20_000, 100_000)
    bar = progress.bar
    assert bar is not None
    [task] = bar.tasks
    assert (task.description, task.completed, task.total, task.visible) == (
        "checking", 20_000, 100_000, True)
    progress("stored", 100_000, 100_000)
    assert (task.description, task.completed) == ("stored", 100_000)
    progress.stop()
    assert progress.bar is None and not bar.live.is_started
