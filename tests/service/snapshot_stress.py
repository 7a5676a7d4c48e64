"""Many processes writing and reading one marathon and one Commander event while snapshots are
stored at random moments; every read is compared with a full replay of the log.

Each worker process runs a writer thread (marathon games imported in batches, some starting
at the same moment; a game disqualified and the decision reverted; Commander results entered,
corrected, the next round paired) and a reader thread (each event's standings through
:meth:`EventService.read`, what ``podium standings`` runs), over its own service whose
snapshot policy makes one due every few actions or after any catch-up. A read is right when
it equals the view of the log replayed up to some action between the log's length when the
read began and when it ended. The short run is a test (``tests/service/test_snapshot_stress.py``),
the long one ``bench/snapshot_stress.py``.
"""

from __future__ import annotations

import json
import multiprocessing
import random
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from podium.core.commands import CLI, TEXT, Caller
from podium.core.errors import PodiumError
from podium.core.replay import apply, created
from podium.service.catalog import Invocation
from podium.service.events import EventService
from podium.service.reader import encode
from podium.service.states import LoadedEvent, SnapshotPolicy
from podium.store.db import Database
from podium.store.repository import EventRepository

MARATHON, CUP = "mj", "cup"
ACTOR = "judge"
STAGE1 = datetime(2015, 2, 10, 12, 0, tzinfo=UTC)
HEADER = "game_id,table,start,player1,gp1,player2,gp2,player3,gp3,player4,gp4\n"
MJ_PLAYERS = [f"m{i:02d}" for i in range(16)]
CUP_PLAYERS = [f"c{i:02d}" for i in range(16)]


@dataclass
class Read:
    """One read: the event, the log's length before and after it, what it answered."""

    slug: str
    low: int
    high: int
    value: Any


@dataclass
class Outcome:
    reads: list[Read] = field(default_factory=list)
    writes: int = 0
    refused: int = 0
    snapshots: int = 0
    codes: dict[str, int] = field(default_factory=dict)  # the refusals' codes, counted


def setup(path: Path) -> None:
    """The two events: a marathon of 16 players with no games, a Commander event of 16
    players with round 1 paired."""
    db = Database(str(path))
    service = EventService(db)
    service.create_event(MARATHON, "Marathon", "mahjong-marathon", {}, ACTOR, seed=1)
    service.invoke("player.add", MARATHON, {"names": MJ_PLAYERS}, ACTOR)
    service.create_event(CUP, "Cup", "commander", {}, ACTOR, seed=2)
    service.invoke("player.add", CUP, {"names": CUP_PLAYERS}, ACTOR)
    service.invoke("round.pair", CUP, {}, ACTOR)
    db.dispose()


def _games_file(rng: random.Random, worker: int, batch: int, size: int) -> str:
    lines = []
    for k in range(size):
        seats = rng.sample(MJ_PLAYERS, 4)
        gp = [rng.randrange(-40, 41) for _ in range(3)]
        gp.append(-sum(gp))
        # a few start times shared by several games: the order of equal starts is by id
        start = STAGE1 + timedelta(minutes=rng.randrange(0, 600, 5))
        cells = [f"w{worker}b{batch}g{k}", "RU-Marathon-1",
                 start.strftime("%Y-%m-%dT%H:%M:%SZ")]
        for name, points in zip(seats, gp, strict=True):
            cells += [name, str(points)]
        lines.append(",".join(cells))
    return HEADER + "\n".join(lines) + "\n"


def _write(service: EventService, rng: random.Random, worker: int, step: int) -> None:
    roll = rng.random()
    if roll < 0.45:
        text = _games_file(rng, worker, step, rng.randint(1, 12))
        service.invoke("mahjong-marathon.import-games", MARATHON,
                       {"file": {"name": "games.csv", "text": text}}, ACTOR)
    elif roll < 0.55:
        state = service.load(MARATHON).state
        book = state.extra.get("mahjong")
        if book is None or not book.games.n:
            return
        game = book.games.ids[rng.randrange(book.games.n)]
        try:
            done = service.invoke("mahjong-marathon.disqualify-game", MARATHON,
                                  {"game": game, "ground": "left", "reason": "stress"}, ACTOR)
        except PodiumError:
            return
        if rng.random() < 0.5:
            seq = done.answer_json().get("seq")
            service.invoke("mahjong-marathon.revert", MARATHON,
                           {"seq": seq, "reason": "appeal"}, ACTOR)
    else:
        state = service.load(CUP).state
        rnd = state.rounds[-1]
        open_tables = [t for t in rnd.tables if t.number not in rnd.results]
        if not open_tables:
            if len(state.rounds) < 4:
                service.invoke("round.pair", CUP, {}, ACTOR)
            else:  # a correction of a played table
                table = rng.choice(rnd.tables)
                finish = "".join(str(i) for i in rng.sample(range(1, len(table.seats) + 1),
                                                            len(table.seats)))
                service.invoke("commander.result", CUP, {
                    "table": table.number, "finish": finish, "correct": True,
                    "round": rnd.number, "reason": "typo"}, ACTOR)
            return
        table = rng.choice(open_tables)
        finish = "".join(str(i) for i in rng.sample(range(1, len(table.seats) + 1),
                                                    len(table.seats)))
        service.invoke("commander.result", CUP, {"table": table.number, "finish": finish},
                       ACTOR)


def _last_seq(service: EventService, slug: str) -> int:
    with service.db.session(readonly=True) as session:
        repo = EventRepository(session)
        return repo.last_seq(repo.get(slug).id)


def read_view(service: EventService, slug: str, load: Any = None) -> Any:
    """The event's standings as the command line's ``podium standings`` reads them, as JSON."""
    seen = service.read(Invocation("standings", slug, {}, TEXT, CLI), Caller.cli(ACTOR), load)
    return json.loads(json.dumps(encode(seen), sort_keys=True))


def worker(path: str, seed: int, steps: int, queue: Any) -> None:
    """One process: a writer and a reader thread over one service (see the module)."""
    rng = random.Random(seed)
    policy = SnapshotPolicy(seconds=rng.choice([0.0, 0.002]), actions=rng.randint(1, 6))
    db = Database(path)
    service = EventService(db, snapshots=policy)
    outcome = Outcome()
    done = threading.Event()

    def reads() -> None:
        slugs = [MARATHON, CUP]
        while not done.is_set():
            slug = rng.choice(slugs)
            low = _last_seq(service, slug)
            value = read_view(service, slug)
            outcome.reads.append(Read(slug, low, _last_seq(service, slug), value))

    reader = threading.Thread(target=reads)
    reader.start()
    try:
        for step in range(steps):
            try:
                _write(service, rng, seed, step)
                outcome.writes += 1
            except PodiumError as error:
                outcome.refused += 1
                outcome.codes[error.code] = outcome.codes.get(error.code, 0) + 1
    finally:
        done.set()
        reader.join()
        service.states.wait_for_snapshots()
        db.dispose()
    queue.put(outcome)


def run(path: Path, processes: int, steps: int, seed: int = 0) -> Outcome:
    """``processes`` workers at once, ``steps`` writes each; their reads and counts."""
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    started = [context.Process(target=worker, args=(str(path), seed * 1000 + k, steps, queue))
               for k in range(processes)]
    for process in started:
        process.start()
    total = Outcome()
    for _ in started:
        got = queue.get(timeout=600)
        total.reads += got.reads
        total.writes += got.writes
        total.refused += got.refused
        for code, count in got.codes.items():
            total.codes[code] = total.codes.get(code, 0) + count
    for process in started:
        process.join(timeout=60)
        if process.exitcode != 0:
            raise RuntimeError(f"a worker ended with exit code {process.exitcode}")
    db = Database(str(path))
    with db.engine.connect() as connection:
        total.snapshots = int(connection.exec_driver_sql(
            "SELECT count(*) FROM snapshots").scalar() or 0)
    db.dispose()
    return total


def wrong_reads(path: Path, reads: list[Read]) -> list[Read]:
    """The reads that equal no replay of the log between their two lengths."""
    db = Database(str(path))
    service = EventService(db, snapshots=SnapshotPolicy(enabled=False))
    wrong = []
    for slug in (MARATHON, CUP):
        mine = [read for read in reads if read.slug == slug]
        wanted = {seq for read in mine for seq in range(read.low, read.high + 1)}
        with db.session(readonly=True) as session:
            repo = EventRepository(session)
            summary = repo.get(slug)
            actions = repo.actions(summary.id)
        ruleset = service.formats(summary.format)
        expected: dict[int, Any] = {}
        state = created(actions[0], ruleset)
        for action in actions:
            if action.seq > 1:
                apply(state, action, ruleset)
            if action.seq in wanted:
                loaded = LoadedEvent(summary, ruleset, state)
                expected[action.seq] = read_view(service, slug, lambda _slug, at=loaded: at)
        for read in mine:
            if not any(expected.get(seq) == read.value
                       for seq in range(read.low, read.high + 1)):
                wrong.append(read)
    db.dispose()
    return wrong
