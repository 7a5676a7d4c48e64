"""Benchmark: the cycle collector's pauses during writes, with a loaded state frozen or not.

A process that loads a large event (the CLI, a web worker, an import) builds its state with the
collector paused (``service/states.py`` ``_no_gc``): every object of it is still in the
youngest generation when the collector runs again, so the collections that follow scan the
whole state, and now and then a full one scans the heap: 212-326 ms that fell on one write
(issue 24). ``podium.core.gcpause.freeze_loaded_states`` (turned on by the CLI, the server and
the benches) freezes a loaded state out of the collector instead.

What is measured: a Commander event of ``--players`` with 3 rounds played and a fourth paired
(``bench/web.py``'s set-up) in a SQLite file; then, in a fresh interpreter for each mode
(``off``, ``on``), a new service loads the event (from its snapshot) and enters the fourth
round's results one at a time (``EventService.enter_result``), as a scorekeeper's long session
does. Printed per mode: writes, p50/p99/max write ms, the collections that ran during the writes
(all generations, and full ones), the longest, their total, what one full collection costs
after the writes (``gc.collect()``: the pause the collector's next full one would make), and the
process's CPU seconds.

Command: ``.venv/bin/python bench/gc_writes.py --players 10000 --writes 300`` (``--event
FILE``: the event ``bench/web.py --writer --event FILE`` built, instead of building one).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))


def writes_case(db: str, freeze: bool, writes: int) -> dict[str, Any]:
    from podium.core.gcpause import freeze_loaded_states
    from podium.service.events import EventService
    from podium.store.db import Database

    freeze_loaded_states(freeze)
    cpu = time.process_time()
    service = EventService(Database(db))
    loaded = service.load("live")
    rnd = loaded.state.current_round
    assert rnd is not None
    jobs = [(t.number, list(t.seats)) for t in rnd.tables if t.number not in rnd.results]
    collections: list[tuple[int, float]] = []
    started = [0.0]
    timing = [False]

    def on_gc(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        elif timing[0]:
            collections.append((info["generation"], time.perf_counter() - started[0]))

    gc.callbacks.append(on_gc)
    times = []
    for number, seats in jobs[:writes]:
        entry = {"winner": seats[0], "eliminated": seats[1:]}
        timing[0] = True
        began = time.perf_counter()
        service.enter_result("live", number, lambda _s, e=entry: e, "bench")
        times.append(time.perf_counter() - began)
        timing[0] = False
    times.sort()
    full = [d for g, d in collections if g == 2]
    began = time.perf_counter()
    gc.collect()  # what a full collection costs now, whenever the collector decides on one
    forced = time.perf_counter() - began
    return {"freeze": freeze, "writes": len(times),
            "p50": times[len(times) // 2] * 1000, "p99": times[int(len(times) * 0.99)] * 1000,
            "max": times[-1] * 1000, "collections": len(collections), "full": len(full),
            "longest": max((d for _g, d in collections), default=0) * 1000,
            "total_gc": sum(d for _g, d in collections) * 1000, "forced": forced * 1000,
            "cpu": time.process_time() - cpu}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=10000)
    parser.add_argument("--writes", type=int, default=300)
    parser.add_argument("--event", help="a SQLite file built by bench/web.py --event (reused)")
    parser.add_argument("--case", help=argparse.SUPPRESS)
    parser.add_argument("--freeze", choices=("on", "off"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        print(json.dumps(writes_case(args.case, args.freeze == "on", args.writes)))
        return 0
    from web import build_open_event

    folder = Path(tempfile.mkdtemp(prefix="podium-gc-"))
    built = folder / "built.db"
    if args.event:
        shutil.copy(args.event, built)
    else:
        build_open_event(built, args.players)
    print(f"# {args.players} players, 3 rounds played, the 4th's results entered one at a "
          f"time in a new process; load average {os.getloadavg()[0]:.1f}")
    print("| frozen | writes | p50 ms | p99 ms | max ms | collections | full | longest ms "
          "| collector total ms | one full collection after, ms | process CPU s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for mode in ("off", "on"):
        db = folder / f"{mode}.db"
        shutil.copy(built, db)
        done = subprocess.run([sys.executable, __file__, "--case", str(db), "--freeze", mode,
                               "--writes", str(args.writes)], stdout=subprocess.PIPE,
                              text=True, check=True)
        r = json.loads(done.stdout)
        print(f"| {mode} | {r['writes']} | {r['p50']:.1f} | {r['p99']:.1f} | {r['max']:.1f} | "
              f"{r['collections']} | {r['full']} | {r['longest']:.1f} | {r['total_gc']:.1f} | "
              f"{r['forced']:.1f} | {r['cpu']:.2f} |", flush=True)
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
