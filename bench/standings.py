"""Benchmark of a very large event: importing its file, then its standings, cold and warm.

For each size N, a Commander Swiss event file is written (not timed): N players, ``--rounds``
Swiss rounds of 4-player pods drawn at random (leftover players get a bye), each pod with a
plausible sample result (rule CMD-2 wins, draws, simultaneous wins and game losses as
:meth:`Commander.sample_result` gives them). Then, each step in its own fresh process, on a
fresh SQLite file:

- **import**: ``podium import FILE`` (read, parse, replay every action through the same
  checks as live entry, store the log in batches, store a snapshot): the whole command in a
  subprocess, its wall and CPU seconds and its peak RSS (``ru_maxrss`` of the children of a
  child that runs nothing else); with ``--parts``, also the same steps in the bench's own
  child, timed in parts (parse, replay and store);
- **cold standings**: ``podium standings SLUG --top 20``, a new process that loads the
  snapshot and ranks every player (CMD-3: points, elimination sum, opponents' win ratio,
  seeded random), timed in parts (load, rank, print) in the bench's own child, and as the
  whole command in a subprocess (wall and CPU seconds, interpreter start-up included);
- **warm standings**: the standings again in the same process (state already held, as a web
  worker has it), and once more with the Python sort (``rank_players_python``) the columnar
  one replaced, for a before/after on the same state;
- the peak memory (``VmHWM``) of each process.

Command: ``.venv/bin/python bench/standings.py`` (sizes 10,000, 100,000 and 200,000; about
3 minutes on 2 cores), or ``--sizes 2000`` for a quick run.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import resource
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

SLUG = "big"
START = datetime(2026, 1, 1, tzinfo=UTC)


def write_event(path: Path, players: int, rounds: int, seed: int) -> int:
    """The event file of a random Commander Swiss event; returns its number of actions."""
    from podium.core.log import Action, Kind
    from podium.core.model import Table
    from podium.formats import get_format
    from podium.formats.commander.demo import simulate_result
    from podium.service.transfer import FILE_FORMAT, FILE_VERSION, dumps

    ruleset = get_format("commander")
    settings = ruleset.settings_to_json(ruleset.parse_settings({"rounds": max(rounds, 5)}))
    actions: list[dict[str, Any]] = []

    def add(kind: str, payload: dict[str, Any]) -> None:
        at = START + timedelta(milliseconds=len(actions))
        actions.append(Action(len(actions) + 1, kind, "bench", at, payload).to_json())

    add(Kind.EVENT_CREATED, {"name": f"Bench {players}", "format": "commander", "seed": seed,
                             "settings": settings})
    for pid in range(1, players + 1):
        add(Kind.PLAYER_REGISTERED, {"player": pid, "name": f"Player {pid}"})
    rng = random.Random(seed)
    for number in range(1, rounds + 1):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        seated = players // 4 * 4
        tables = [order[i:i + 4] for i in range(0, seated, 4)]
        byes = [{"player": pid, "reason": "bench"} for pid in order[seated:]]
        add(Kind.ROUND_PAIRED, {"round": number, "stage": "swiss", "tables": tables,
                                "byes": byes, "seed": number, "notes": []})
        for index, seats in enumerate(tables, start=1):
            entry = simulate_result(Table(index, tuple(seats)), rng)
            add(Kind.RESULT_ENTERED, {"round": number, "table": index, "entry": entry})
    document = {"file": FILE_FORMAT, "version": FILE_VERSION,
                "event": {"slug": SLUG, "name": f"Bench {players}", "format": "commander"},
                "actions": actions}
    path.write_text(dumps(document), encoding="utf-8")
    return len(actions)


def peak_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def child_import(db: str, path: str) -> dict[str, float]:
    """One `podium import`, as the CLI runs it, timed in parts."""
    from podium.service import EventService
    from podium.service.transfer import import_document, parse_document
    from podium.store.db import Database, resolve_url

    cpu = time.process_time()
    started = time.perf_counter()
    # as the import command reads it: the actions left as text, read one at a time
    document = parse_document(Path(path).read_bytes().decode("utf-8-sig"))
    parsed = time.perf_counter()
    import_document(EventService(Database(resolve_url(db))), document)
    done = time.perf_counter()
    return {"parse": parsed - started, "import": done - parsed, "total": done - started,
            "cpu": time.process_time() - cpu, "peak_mb": peak_mb()}


def child_standings(db: str, top: int) -> dict[str, float]:
    """`podium standings --top` in a new process: load (snapshot), rank, print; then warm."""
    import io

    from rich.console import Console

    from podium.cli import render
    from podium.core.gcpause import freeze_loaded_states
    from podium.service import EventService
    from podium.store.db import Database, resolve_url

    # as the CLI's entry point does: the loaded state frozen out of the cycle collector, else
    # a collection that scans it (2.5 s of CPU at 200,000 players) falls on whatever runs next
    freeze_loaded_states()
    service = EventService(Database(resolve_url(db)))
    started = time.perf_counter()
    cpu = time.process_time()
    service.load(SLUG)
    loaded = time.perf_counter()
    load_cpu = time.process_time() - cpu
    cpu = time.process_time()
    state, table = service.standings(SLUG)
    ranked = time.perf_counter()
    rank_cpu = time.process_time() - cpu
    cpu = time.process_time()
    out = Console(file=io.StringIO(), width=140)
    out.print(render.standings_table(state, table, "bench", top))
    printed = time.perf_counter()
    print_cpu = time.process_time() - cpu
    warm, warm_cpu = [], []
    for _ in range(2):
        again, again_cpu = time.perf_counter(), time.process_time()
        service.standings(SLUG)
        warm.append(time.perf_counter() - again)
        warm_cpu.append(time.process_time() - again_cpu)
    # the same warm standings with the Python sort the columnar one replaced:
    # the before/after of the ranking on the same state, in the same process
    from podium.core import standings as core_standings
    from podium.formats.commander import rules as commander_rules

    commander_rules.rank_players = core_standings.rank_players_python  # type: ignore[assignment]
    python_cpu = []
    for _ in range(2):
        again_cpu = time.process_time()
        service.standings(SLUG)
        python_cpu.append(time.process_time() - again_cpu)
    commander_rules.rank_players = core_standings.rank_players
    return {"load": loaded - started, "rank": ranked - loaded, "print": printed - ranked,
            "python_warm_cpu": min(python_cpu), "print_cpu": print_cpu,
            "cold": printed - started, "warm": min(warm), "rows": len(table.rows),
            "rank_cpu": rank_cpu, "load_cpu": load_cpu, "warm_cpu": min(warm_cpu),
            "peak_mb": peak_mb()}


def child_cli_import(db: str, path: str) -> dict[str, float]:
    """The whole `podium import FILE` in a subprocess of this child (which runs nothing else,
    so the children's ``ru_maxrss`` is that command's peak): wall, CPU seconds, peak MB."""
    podium = Path(sys.executable).with_name("podium")
    started = time.perf_counter()
    subprocess.run([str(podium), "--db", db, "import", path], capture_output=True, check=True)
    wall = time.perf_counter() - started
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"total": wall, "cpu": usage.ru_utime + usage.ru_stime,
            "peak_mb": usage.ru_maxrss / 1024}


def run_child(*args: str) -> dict[str, float]:
    result = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True,
                            check=False)
    if result.returncode:
        raise SystemExit(f"child {args[0]} failed:\n{result.stderr}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def cli_seconds(db: str, top: int) -> tuple[float, float]:
    """The whole `podium standings --top` command, interpreter start-up included: wall
    seconds and CPU seconds (user + system)."""
    podium = Path(sys.executable).with_name("podium")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([str(podium), "--db", db, "standings", SLUG, "--top", str(top)],
                   capture_output=True, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000,200000")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--parts", action="store_true",
                        help="also import in the bench's own child, timed in parts")
    parser.add_argument("--child", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, *rest = args.child
        children = {"import": child_import, "cli-import": child_cli_import}
        result = (children[kind](*rest) if kind in children
                  else child_standings(rest[0], int(rest[1])))
        print(json.dumps(result))
        return
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; "
          f"{args.rounds} rounds of 4-player pods, SQLite")
    print("| players | actions | file MB | `podium import` s (CPU s) | `podium import` peak MB "
          "| import s (parse + replay/store) | import CPU s "
          "| import peak MB | cold load s (CPU s) | cold rank s (CPU s) | print top s (CPU s) "
          "| `podium standings --top` s (CPU s) | warm standings s (CPU s) "
          "| warm, Python sort CPU s | standings peak MB |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for size in (int(s) for s in args.sizes.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "event.json"
            db = str(Path(tmp) / "bench.db")
            count = write_event(path, size, args.rounds, args.seed)
            cli = run_child("--child", "cli-import", db, str(path))
            load_after_import = os.getloadavg()[0]
            imported = {"total": math.nan, "parse": math.nan, "import": math.nan,
                        "cpu": math.nan, "peak_mb": math.nan}
            if args.parts:
                parts_db = str(Path(tmp) / "parts.db")
                imported = run_child("--child", "import", parts_db, str(path))
            ranked = run_child("--child", "standings", db, str(args.top))
            whole, whole_cpu = cli_seconds(db, args.top)
            print(f"| {size:,} | {count:,} | {path.stat().st_size / 1e6:.0f} "
                  f"| {cli['total']:.1f} ({cli['cpu']:.1f}) | {cli['peak_mb']:.0f} "
                  f"| {imported['total']:.1f} ({imported['parse']:.1f} + "
                  f"{imported['import']:.1f}) | {imported['cpu']:.1f} "
                  f"| {imported['peak_mb']:.0f} | {ranked['load']:.2f} "
                  f"({ranked['load_cpu']:.2f}) "
                  f"| {ranked['rank']:.2f} ({ranked['rank_cpu']:.2f}) | {ranked['print']:.2f} "
                  f"({ranked['print_cpu']:.2f}) "
                  f"| {whole:.2f} ({whole_cpu:.2f}) "
                  f"| {ranked['warm']:.2f} ({ranked['warm_cpu']:.2f}) "
                  f"| {ranked['python_warm_cpu']:.2f} "
                  f"| {ranked['peak_mb']:.0f} |",
                  flush=True)
            print(f"  load average: {load_after_import:.1f} after the import, "
                  f"{os.getloadavg()[0]:.1f} after the standings", flush=True)


if __name__ == "__main__":
    main()
