"""Benchmark: many processes writing and reading one marathon and one Commander event while
snapshots are stored at random moments; every read compared with a replay of the log.

The long run of ``tests/service/test_snapshot_stress.py`` (the module
``tests/service/snapshot_stress.py`` says what each process does). Printed per round: the
processes, writes stored and refused (by code), reads made, snapshots left stored, reads that
differ from every replay between their start and end (must be 0), wall and CPU seconds and the
machine's load.

Command: `.venv/bin/python bench/snapshot_stress.py` (options: --rounds 5 --processes 6
--steps 80).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.service.snapshot_stress import run, setup, wrong_reads


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--processes", type=int, default=6)
    parser.add_argument("--steps", type=int, default=80)
    options = parser.parse_args()
    total_wrong = 0
    for number in range(1, options.rounds + 1):
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "stress.db"
            setup(path)
            started, cpu = time.perf_counter(), cpu_seconds()
            outcome = run(path, options.processes, options.steps, seed=number)
            wrong = wrong_reads(path, outcome.reads)
            total_wrong += len(wrong)
            print(f"round {number}: {options.processes} processes, {outcome.writes} writes, "
                  f"{outcome.refused} refused {outcome.codes}, {len(outcome.reads)} reads, "
                  f"{outcome.snapshots} snapshots stored, {len(wrong)} reads unlike a replay; "
                  f"{time.perf_counter() - started:.1f} s wall, "
                  f"{cpu_seconds() - cpu:.1f} s CPU, load {os.getloadavg()[0]:.1f}",
                  flush=True)
    print(f"reads unlike a replay in all: {total_wrong}")
    sys.exit(1 if total_wrong else 0)


if __name__ == "__main__":
    main()
