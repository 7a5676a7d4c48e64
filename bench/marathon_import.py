"""Benchmark: the peak memory of a marathon games import, refused and accepted.

Writes CSV files of marathon games shaped like a server's lobby log (long game ids, Cyrillic
nicknames, 400 players, stage 1 of the regulation's calendar) and imports each in a fresh
process over a fresh SQLite file, printing the process's peak RSS (``ru_maxrss``) beside its
RSS before the import, CPU seconds, wall time and the load average (the machine is shared):

- ``api``: the organiser's API (``POST /api/v1/events/mj/commands/mahjong-marathon.import-games``
  with an API token, the file's text in the JSON body), in process through the ASGI test
  client, the body limits' middleware included: the big file (180,000 games by default) is
  refused past the server's limit of games; the largest accepted import is the limit's size;
- ``api-raw``: the same, the file as the raw body (``Content-Type: text/csv``, its name in the
  query string), sent as it is read;
- ``cli``: ``podium games import`` in a child process (the command line has no limit of games):
  the big file and the limit's size.

"Before" figures: run with ``--src /work/main/src`` at a commit before the streamed import
(the children import podium from there).

Command: ``.venv/bin/python bench/marathon_import.py`` (``--games 180000 --accepted 20000``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HEADER = "game_id,table,start,player1,gp1,player2,gp2,player3,gp3,player4,gp4\n"
NAMES = [f"Игрок_{k:03d}_{'абвгдежзик'[k % 10] * (4 + k % 9)}" for k in range(400)]


def write_file(path: Path, games: int) -> int:
    """``games`` rows of a lobby log; the file's size in bytes."""
    with path.open("w", encoding="utf-8", newline="") as out:
        out.write(HEADER)
        for k in range(1, games + 1):
            seats = [NAMES[(k * 7 + s * 101) % 400] for s in range(4)]
            if len(set(seats)) < 4:
                seats = [NAMES[(k + s) % 400] for s in range(4)]
            gp = (k % 50, 25 - k % 50, 10, -35)
            day, minute = 2 + k % 56, k % 1440
            month, day = (2, day) if day <= 28 else (3, day - 28)
            out.write(f"2015{month:02d}{day:02d}{minute // 60:02d}gm-0009-7447-{k:08x}-"
                      f"{k * 2654435761 % 2**32:08x},RU-Marathon-{k % 9 + 1},"
                      f"2015-{month:02d}-{day:02d}T{minute // 60:02d}:{minute % 60:02d}:"
                      f"{k % 60:02d}.{k % 1000:03d}000+00:00,"
                      + ",".join(f"{n},{g:+d}" for n, g in zip(seats, gp, strict=True)) + "\n")
    return path.stat().st_size


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def child_api(db: str, path: str, mode: str = "api") -> dict:
    """One API import in this process: the answer's status and what it took."""
    from fastapi.testclient import TestClient

    from podium.compose import web_app
    from podium.formats.mahjong_marathon.commands import MarathonService
    from podium.service.accounts import AccountService
    from podium.store.db import Database

    database = Database(db)
    MarathonService(database).create_event("mj", "MJ", "mahjong-marathon", {}, "bench", seed=1)
    accounts = AccountService(database)
    accounts.create_user("owner", "bench password 1")
    accounts.grant("mj", "owner", "owner", "bench")
    token = accounts.create_token("owner")
    client = TestClient(web_app(database, max_upload=200_000_000))
    url = "/api/v1/events/mj/commands/mahjong-marathon.import-games"
    headers = {"Authorization": f"Bearer {token}"}
    if mode == "api-raw":  # the file as the raw body, sent as it is read
        body = b""
        before = rss_mb()
        cpu, wall = time.process_time(), time.perf_counter()
        with open(path, "rb") as file:
            answer = client.post(url, params={"name": Path(path).name}, content=_chunks(file),
                                 headers={**headers, "Content-Type": "text/csv"})
    else:
        body = json.dumps({"file": {"name": Path(path).name,
                                    "text": Path(path).read_text(encoding="utf-8")}}).encode()
        before = rss_mb()
        cpu, wall = time.process_time(), time.perf_counter()
        answer = client.post(url, content=body,
                             headers={**headers, "Content-Type": "application/json"})
    return {"status": answer.status_code, "before_mb": before,
            "cpu_s": time.process_time() - cpu, "wall_s": time.perf_counter() - wall,
            "said": answer.json().get("said") or answer.json().get("code"),
            "body_mb": len(body) / 1e6}


def _chunks(file: Any) -> Iterator[bytes]:
    while chunk := file.read(1 << 16):
        yield chunk


def run_child(src: str | None, mode: str, db: str, path: str) -> dict:
    env = dict(os.environ)
    if src:
        env["PYTHONPATH"] = src
    started = time.perf_counter()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    if mode.startswith("api"):
        done = subprocess.run([sys.executable, __file__, "--child", db, path, mode],
                              capture_output=True, text=True, env=env, check=True)
        out = json.loads(done.stdout.strip().splitlines()[-1])
    else:
        init = [sys.executable, "-m", "podium.cli.main", "--db", db, "--actor", "bench"]
        subprocess.run([*init, "event", "create", "mj", "--name", "MJ", "--format",
                        "mahjong-marathon"], capture_output=True, text=True, env=env,
                       check=True)
        done = subprocess.run(["/usr/bin/time", "-f", "TIME %M %U %S %e", *init, "games",
                               "import", "mj", path, "--json"],
                              capture_output=True, text=True, env=env)
        timed = [ln for ln in done.stderr.splitlines() if ln.startswith("TIME ")][-1].split()
        said = (done.stdout.strip() or done.stderr.replace(" ".join(timed), "").strip())
        return {"status": done.returncode, "said": said[-160:], "peak_mb": int(timed[1]) / 1024,
                "cpu_s": float(timed[2]) + float(timed[3]), "wall_s": float(timed[4])}
    out["child_cpu_s"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - usage.ru_utime
    out["child_wall_s"] = time.perf_counter() - started
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=180_000)
    parser.add_argument("--accepted", type=int, default=20_000)
    parser.add_argument("--src", default=None, help="import podium from this folder")
    parser.add_argument("--modes", default="api,api-raw,cli")
    parser.add_argument("--child", nargs=3, metavar=("DB", "FILE", "MODE"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        out = child_api(*args.child)
        out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(json.dumps(out))
        return 0
    with tempfile.TemporaryDirectory() as folder:
        files = {}
        for games in sorted({args.accepted, args.games}):
            path = Path(folder) / f"games-{games}.csv"
            files[games] = (str(path), write_file(path, games))
        print(f"load before: {os.getloadavg()[0]:.2f}; podium from: {args.src or 'this tree'}")
        print("| surface | games in file | file MB | answer | peak RSS MB | RSS before MB | "
              "CPU s | wall s | load |")
        print("|---|---|---|---|---|---|---|---|---|")
        for mode in args.modes.split(","):
            for games in sorted(files, reverse=True):
                path, size = files[games]
                db = str(Path(folder) / f"{mode}-{games}.db")
                out = run_child(args.src, mode, db, path)
                cpu = out.get("cpu_s", out.get("child_cpu_s", 0.0))
                wall = out.get("wall_s", out.get("child_wall_s", 0.0))
                print(f"| {mode} | {games:,} | {size / 1e6:.1f} | {out['status']} "
                      f"{str(out['said'])[:60]!r} | {out['peak_mb']:.0f} | "
                      f"{out.get('before_mb', 0):.0f} | {cpu:.1f} | {wall:.1f} | "
                      f"{os.getloadavg()[0]:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
