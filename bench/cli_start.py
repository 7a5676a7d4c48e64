"""Benchmark of the command line's start and its small commands (target: every command on a
small event under 0.3 s of CPU).

Each command runs in a fresh process, ``--runs`` times; printed per command: the median and the
lowest CPU seconds (user + system of the child, from ``getrusage``) and wall seconds, beside
bare ``python -c pass`` and the machine's load average (CPU seconds on a loaded machine are
higher than on an idle one: shared caches and cores).

The commands: ``podium --help``, ``podium event list`` (a migrated SQLite file with one event),
``podium standings SLUG`` on that small event (a 16-player Commander demo: loads the event's
format, the service and the ORM), ``podium sw --help`` (names a format: loads them all),
``podium games add --help`` and ``podium commander --help`` (a command one format adds: that
format's catalog alone, with the service its commands run through), and ``podium games add``
itself: one game written to a new marathon (the marathon's commands run over plain sqlite3,
without SQLAlchemy: :mod:`podium.store.plain`; a new game id each run). Then the walk-through's
reading commands on a small Berserk event (the demo's 40 players at 4 draft tables with a TOP
of 16): ``standings --top 5``, ``round show``, ``log``, ``event show``, ``player list``,
``event list`` (the kernel's reading commands run over plain sqlite3 too), and the format's
own ``berserk tables`` view; and in Russian: the Russian catalog is compiled from its ``.po``
once into the per-user cache (:func:`podium.i18n.compiled_catalog`; here a folder of the run,
``PODIUM_CACHE_DIR``), so a Russian run is timed with the cache filled (every run but the first
after the ``.po`` changes) and, once, with a new empty cache each run (the compilation).

Command: ``.venv/bin/python bench/cli_start.py`` (about a minute), ``--runs 3`` for a quick run.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def podium() -> list[str]:
    """The installed ``podium`` script next to this interpreter, else the module."""
    script = Path(sys.executable).parent / "podium"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from podium.cli.main import main; main()"]


def timed(command: list[str] | tuple[list[str], dict[str, str]], env: dict[str, str]
          ) -> tuple[float, float]:
    """One run: (CPU seconds of the child, wall seconds); ``command`` may come with variables
    of its own environment."""
    if isinstance(command, tuple):
        command, extra = command
        env = {**env, **extra}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "start.db")
        env = {**os.environ, "PODIUM_DB": db, "COLUMNS": "120", "LANG": "C.UTF-8",
               "PODIUM_CACHE_DIR": str(Path(tmp) / "cache")}
        subprocess.run([*podium(), "demo", "commander", "--players", "16"], env=env,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        slug = subprocess.run([*podium(), "event", "list"], env=env, check=True,
                              capture_output=True, text=True).stdout.split()[0]
        subprocess.run([*podium(), "event", "create", "mj", "--format", "mahjong-marathon"],
                       env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        subprocess.run([*podium(), "demo", "berserk", "--players", "40", "--tables", "4",
                        "--top", "16", "--seed", "1"], env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        brk = "demo-berserk-40-4-16-1"
        games = iter(range(1, 1_000_000))
        caches = iter(range(1, 1_000_000))
        russian = ["--lang", "ru", "standings", brk, "--top", "5"]
        subprocess.run([*podium(), *russian], env=env, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)  # the Russian catalog compiled and cached

        def uncached() -> tuple[list[str], dict[str, str]]:
            return [*podium(), *russian], {"PODIUM_CACHE_DIR": str(Path(tmp) /
                                                                   f"new-{next(caches)}")}

        def add_game() -> list[str]:
            return [*podium(), "games", "add", "mj", "--id", f"G-{next(games)}", "--table",
                    "RU-Marathon-1", "--start", "2015-03-01 13:30", "--players",
                    "Anna=40,Boris=20,Clara=0,Dmitri=-60"]

        cases: dict[str, Any] = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "podium --help": [*podium(), "--help"],
            "podium event list": [*podium(), "event", "list"],
            f"podium standings {slug}": [*podium(), "standings", slug],
            "podium sw --help": [*podium(), "sw", "--help"],
            "podium games add --help": [*podium(), "games", "add", "--help"],
            "podium commander --help": [*podium(), "commander", "--help"],
            "podium games add (one game, new marathon)": add_game,
            "podium standings BRK --top 5": [*podium(), "standings", brk, "--top", "5"],
            "podium round show BRK": [*podium(), "round", "show", brk],
            "podium round show BRK 1": [*podium(), "round", "show", brk, "1"],
            "podium log BRK": [*podium(), "log", brk],
            "podium event show BRK": [*podium(), "event", "show", brk],
            "podium player list BRK": [*podium(), "player", "list", brk],
            "podium berserk tables BRK": [*podium(), "berserk", "tables", brk],
            "podium --lang ru standings BRK --top 5": [*podium(), *russian],
            "the same, the Russian catalog not cached": uncached,
            "podium --lang ru log BRK": [*podium(), "--lang", "ru", "log", brk],
        }
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print(f"{'command (BRK: a 40-player Berserk event)':44} {'CPU s median':>12} "
              f"{'CPU s min':>10} {'wall s median':>14}")
        for name, command in cases.items():
            runs = [timed(command() if callable(command) else command, env)
                    for _ in range(args.runs)]
            cpu = [c for c, _ in runs]
            wall = [w for _, w in runs]
            print(f"{name:44} {statistics.median(cpu):12.3f} {min(cpu):10.3f} "
                  f"{statistics.median(wall):14.3f}")
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
