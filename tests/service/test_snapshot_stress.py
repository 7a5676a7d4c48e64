"""Snapshots that never lie: processes importing, correcting and reading one marathon and one
Commander event while snapshots are stored at random moments; every read equals a replay of
the log (the long run: ``bench/snapshot_stress.py``)."""

from __future__ import annotations

from pathlib import Path

from tests.service.snapshot_stress import run, setup, wrong_reads


def test_every_read_beside_writes_and_snapshots_equals_a_replay(tmp_path: Path) -> None:
    path = tmp_path / "stress.db"
    setup(path)
    outcome = run(path, processes=3, steps=25, seed=11)
    assert outcome.writes >= 3 * 20, outcome.codes
    assert outcome.snapshots >= 1  # snapshots were stored while it ran
    assert {read.slug for read in outcome.reads} == {"mj", "cup"}
    assert wrong_reads(path, outcome.reads) == []
