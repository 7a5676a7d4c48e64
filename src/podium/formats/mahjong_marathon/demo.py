"""A simulated marathon year, seeded: for the demo command, the tests and the benchmark.

Realism that matters for the rules: players differ in strength (who wins) and in activity
(how many games); many play in only 1 to 4 stages and some play fewer than 10 games, so the
best-series, fewer-than-4-games and worst-stage rules all show up. Game points are multiples of
8 around each player's strength, so ties on GP (rule MJ-4) happen as in real MCR scoring. A few
games are at other tables and are skipped on import (rule MJ-3). Start times are server time
(San Diego), spread over the calendar, so some fall near Moscow midnight at a stage boundary.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from podium.core import inputs
from podium.core.commands import Param
from podium.core.demos import DemoCall, DemoSpec, Stored
from podium.core.messages import M, Mn
from podium.core.rng import derive_seed
from podium.core.views import N_
from podium.formats.mahjong_marathon.files import GameRecord
from podium.formats.mahjong_marathon.views import top

OTHER_TABLE_SHARE = 0.02


@dataclass
class YearColumns:
    """Generated games as columns; ``players`` are 0-based player numbers."""

    start: np.ndarray  # UTC epoch seconds
    players: np.ndarray  # (games, 4)
    gp: np.ndarray  # (games, 4)
    other_table: np.ndarray  # bool: not a marathon table
    table_no: np.ndarray


def generate_year(players: int, games: int, seed: int,
                  stage_bounds: list[tuple[int, int]]) -> YearColumns:
    if players < 4:
        raise ValueError("a marathon needs at least 4 players")
    rng = np.random.default_rng(derive_seed(seed, "demo-marathon"))
    k = len(stage_bounds)
    strength = rng.normal(0.0, 0.5, players)
    activity = rng.lognormal(0.0, 1.0, players)
    casual = rng.random(players) < 0.12  # drop in for a handful of games only
    activity[casual] *= 0.02
    # stages each player takes part in: a third play every stage, the others 1 to k-1 stages
    active = np.zeros((players, k), dtype=bool)
    everywhere = rng.random(players) < 0.35
    active[everywhere] = True
    for p in np.flatnonzero(~everywhere):
        count = int(rng.integers(1, max(2, k)))
        active[p, rng.choice(k, size=min(count, k), replace=False)] = True
    lengths = np.array([hi - lo for lo, hi in stage_bounds], dtype=float)
    stage_of_game = rng.choice(k, size=games, p=lengths / lengths.sum())
    lo = np.array([b[0] for b in stage_bounds])[stage_of_game]
    hi = np.array([b[1] for b in stage_bounds])[stage_of_game]
    start = lo + (rng.random(games) * (hi - lo)).astype(np.int64)
    start -= start % 60  # whole minutes, as a server log shows them
    seats = np.zeros((games, 4), dtype=np.int64)
    for s in range(k):
        rows = np.flatnonzero(stage_of_game == s)
        pool = np.flatnonzero(active[:, s])
        if pool.size < 4:
            pool = np.arange(players)
        weight = activity[pool] / activity[pool].sum()
        seats[rows] = _draw_tables(rng, pool, weight, rows.size)
    gp = (8 * np.round(rng.normal(strength[seats], 2.5))).astype(np.int64)
    gp -= gp.sum(axis=1, keepdims=True) // 4  # roughly zero-sum, still multiples of ties
    order = np.argsort(start, kind="stable")
    return YearColumns(start[order], seats[order], gp[order],
                       rng.random(games) < OTHER_TABLE_SHARE, rng.integers(1, 6, games))


def _draw_tables(rng: np.random.Generator, pool: np.ndarray, weight: np.ndarray,
                 count: int) -> np.ndarray:
    """``count`` tables of 4 distinct players drawn by activity."""
    out = pool[rng.choice(pool.size, size=(count, 4), p=weight)]
    for _ in range(50):
        srt = np.sort(out, axis=1)
        bad = np.flatnonzero((srt[:, 1:] == srt[:, :-1]).any(axis=1))
        if not bad.size:
            return out
        out[bad] = pool[rng.choice(pool.size, size=(bad.size, 4), p=weight)]
    for row in np.flatnonzero((np.sort(out, axis=1)[:, 1:] == np.sort(out, axis=1)[:, :-1])
                              .any(axis=1)):
        out[row] = rng.choice(pool, size=4, replace=False)
    return out


def player_name(number: int, width: int) -> str:
    return f"player{number + 1:0{width}d}"


def records(year: YearColumns, seed: int, players: int) -> list[GameRecord]:
    width = len(str(players))
    out = []
    for i in range(year.start.size):
        table = ("RU-Friendly-1" if year.other_table[i]
                 else f"RU-Marathon-{int(year.table_no[i])}")
        out.append(GameRecord(
            f"MT{seed}-{i + 1:07d}", table, int(year.start[i]),
            tuple(player_name(int(p), width) for p in year.players[i]),
            tuple(int(g) for g in year.gp[i]),
        ))
    return out


# -- podium demo marathon -----------------------------------------------------------------------
def run_demo(call: DemoCall) -> Iterator[Any]:
    """A year of ``games`` games among ``players`` players (seeded), imported in two parts
    with a publication mid-way through the last stage and one at the end (rule MJ-11); its
    tables' first ``rows`` rows, then what was imported and where the event is."""
    from podium.formats.mahjong_marathon.commands import FORMAT, MarathonService
    from podium.store.repository import EventRepository

    players, count, seed = call["players"], call["games"], call["seed"]
    service = MarathonService.sharing(call.service)
    slug = f"demo-marathon-{players}-{seed}"
    with service.db.session() as session:
        repo = EventRepository(session)
        old = repo.find(slug)
        if old is not None:
            repo.delete(old.id)
    service.create_event(slug, call.named(M("Demo marathon, %(n)s players", n=players)), FORMAT,
                         {}, "demo", seed)
    bounds = service.load(slug).state.settings.stage_bounds
    games = records(generate_year(players, count, seed, bounds), seed, players)
    middle = (bounds[-1][0] + bounds[-1][1]) // 2  # publish once mid-way through the last stage
    before_last = [g for g in games if g.start < middle]
    last = [g for g in games if g.start >= middle]
    importing = N_("Importing games")
    call.progress(importing, 0, len(games))
    first = service.ingest(slug, before_last, "demo", source="demo, first part")
    call.progress(importing, len(before_last), len(games))
    service.publish(slug, "demo", "mid-way through the last stage")
    second = service.ingest(slug, last, "demo", source="demo, second part")
    call.progress(importing, len(games), len(games))
    state, _number, views = service.publish(slug, "demo", "end of the marathon")
    for view in views:
        yield top(view, call["rows"])
    yield M("%(games)s imported (%(skipped)s at other tables skipped), %(players)s.",
            games=Mn("%(n)s game", "%(n)s games", first.added + second.added),
            skipped=first.other_tables + second.other_tables,
            players=Mn("%(n)s player", "%(n)s players", len(state.players)))
    yield Stored(slug, M("try `podium standings %(slug)s --stage 1`.", slug=slug))


DEMO = DemoSpec(
    "marathon", N_("A simulated marathon year"), run_demo,
    params=(Param("players", inputs.Integer(4, 1_000_000), N_("How many players."), default=300),
            Param("games", inputs.Integer(1, 10_000_000), N_("How many games."), default=20000),
            Param("seed", inputs.Integer(0, 2**63 - 1), N_("The seed of the random draws."),
                  default=1),
            Param("rows", inputs.Integer(1, 1_000_000), N_("Rows of each table to print."),
                  default=15)),
    help=N_("Simulate a marathon year (players of different strength and activity), import "
            "it, publish mid-way through the last stage and at the end, and print the tables."),
)
