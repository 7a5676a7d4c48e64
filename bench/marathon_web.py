"""Benchmark of the marathon's public standings page: every table vs one table at a time.

A simulated year (bench/marathon.py's generator) is applied in memory; then, best of 3, each
with the book's caches warm (the page is rendered once per event version, after the tables):

- ``views(state)``: every stage table and the total, as the page built them before;
- ``view(state, key)``: the one table the page now shows (``/e/{slug}?table=stage-1``);
- rendering with the shared template ``public/_views.html`` (Russian): all tables, the whole
  of one, and one page of it (:data:`podium.web.routes.public.PAGE_ROWS` rows, what is sent).

Command: ``.venv/bin/python bench/marathon_web.py --games 1000000 --players 50000``.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from marathon import Log, payloads
from podium.core.log import Kind
from podium.formats.mahjong_marathon.demo import generate_year
from podium.formats.mahjong_marathon.rules import book_of
from podium.web.render import Renderer, formatter
from podium.web.routes.public import PAGE_ROWS


def best(fn, runs: int = 3) -> tuple[float, object]:
    times, out = [], None
    for _ in range(runs):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    m = Log()
    state, ruleset = m.state, m.ruleset
    year = generate_year(args.players, args.games, args.seed, state.settings.stage_bounds)
    for pid in range(1, args.players + 1):
        m.do(Kind.PLAYER_REGISTERED, {"player": pid, "name": f"player{pid:05d}"})
    for payload in payloads(year, 0, args.games):
        m.do("mahjong.games.added", payload)
    book_of(state).total(state.settings)  # warm the rankings, as after the first page
    renderer, fmt = Renderer(), formatter("ru")

    def render(views: list) -> str:
        return renderer.render("ru", "public/_views.html", {"views": views, "fmt": fmt})

    t_all, views = best(lambda: ruleset.tables(state))
    t_one, one = best(lambda: ruleset.table(state, "stage-1"))
    r_all, html_all = best(lambda: render(views), 1)
    r_one, html_one = best(lambda: render([one]))
    paged = replace(one, rows=one.rows[:PAGE_ROWS])
    r_page, html_page = best(lambda: render([paged]))
    rows = sum(len(v.rows) for v in views)
    print(f"games {args.games:,}, players {args.players:,}: all tables {rows:,} rows, "
          f"stage 1 {len(one.rows):,} rows")
    print("| build all views s | build one view s | render all s | render one s | "
          f"render {PAGE_ROWS} rows s | HTML all MB | one MB | {PAGE_ROWS} rows MB |")
    print(f"| {t_all:.2f} | {t_one:.2f} | {r_all:.2f} | {r_one:.2f} | {r_page:.3f} | "
          f"{len(html_all) / 1e6:.1f} | {len(html_one) / 1e6:.1f} | "
          f"{len(html_page) / 1e6:.2f} |")


if __name__ == "__main__":
    main()
