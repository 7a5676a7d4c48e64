"""Memory kept by the web cache after many junk addresses (3,000 junk URLs grew the
process by 20 MB for one small event, never freed while the event was unchanged).

Serves one 32-player Commander event in process (Starlette's test client), renders its pages
once, then asks for ``--count`` junk addresses (unknown parameters, rows and tables that do not
exist, pairings with junk) and reports the Python memory still allocated (tracemalloc, after a
full collection) and the event's memo size.

Command: ``.venv/bin/python bench/cache_junk.py --count 3000``
"""

from __future__ import annotations

import argparse
import gc
import tempfile
import tracemalloc
from pathlib import Path

from fastapi.testclient import TestClient

from podium.compose import web_app as create_app
from podium.store.db import Database


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=3000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(str(Path(tmp) / "bench.db"))
        app = create_app(db, freshness=0)
        events = app.state.web.events
        events.create_event("cup", "Cup", "commander", {}, "bench", seed=1)
        events.add_players("cup", [f"Player {i}" for i in range(1, 33)], "bench")
        events.pair_round("cup", "bench")
        client = TestClient(app, follow_redirects=False)
        for url in ("/e/cup", "/e/cup/pairings", "/e/cup/live/views", "/e/cup/live/pairings"):
            client.get(url)
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        statuses: dict[int, int] = {}
        for i in range(args.count):
            url = [f"/e/cup?junk{i}=x", f"/e/cup?start={i * 1000 + 1000}",
                   f"/e/cup/live/views?table=t{i}", f"/e/cup/pairings?x={i}&q="][i % 4]
            status = client.get(url).status_code
            statuses[status] = statuses.get(status, 0) + 1
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        memo = app.state.web.cache.load("cup").memo
        print(f"junk requests: {args.count}  answers: {dict(sorted(statuses.items()))}")
        print(f"memory kept after them: {(after - before) / 1e6:.2f} MB (tracemalloc)")
        print(f"memo of the event: {len(memo)} entries, {memo.nbytes / 1e3:.0f} kB")
        db.dispose()


if __name__ == "__main__":
    main()
