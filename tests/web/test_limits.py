"""Bounded memory: request bodies are counted as they arrive and refused past their
route's limit before anything parses or stores them, with or without ``Content-Length``;
anonymous callers get a small limit before they are authenticated; password hashing runs
behind a small gate whose full queue is answered 503 with ``Retry-After``.

The bodies are 60 MB offered to the application through ASGI directly, so the test counts
the bytes the server actually pulled (a limit that held reads at most the limit plus one
chunk), never a time.
"""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher

from podium.http import ANONYMOUS_BODY, SMALL_BODY
from podium.service import hashing
from tests.web.conftest import PASSWORD, Site, csrf_of

MB = 1_000_000
CHUNK = 64 * 1024
BIG = 60 * MB


def offer(app: Any, method: str, path: str, headers: dict[str, str], size: int = BIG,
          declared: bool = False, body: bytes | None = None) -> tuple[int, int, bytes, dict]:
    """Send ``size`` bytes (or ``body``) to ``app`` in chunks of 64 KiB, with a
    ``Content-Length`` when ``declared`` (else as a chunked upload would arrive): the answer's
    status, the bytes the application pulled, the answer's body and headers."""
    total = len(body) if body is not None else size
    pulled = 0
    sent: list[dict[str, Any]] = []
    raw = [(k.lower().encode(), v.encode()) for k, v in headers.items()]
    if declared:
        raw.append((b"content-length", str(total).encode()))

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        if pulled >= total:
            await asyncio.sleep(3600)  # a client that sent everything waits for the answer
        piece = (body[pulled:pulled + CHUNK] if body is not None
                 else b"x" * min(CHUNK, total - pulled))
        pulled += len(piece)
        return {"type": "http.request", "body": piece, "more_body": pulled < total}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "headers": raw,
             "client": ("127.0.0.1", 5000), "server": ("testserver", 80)}

    async def run() -> None:
        await asyncio.wait_for(app(scope, receive, send), timeout=600)

    asyncio.run(run())
    start = next(m for m in sent if m["type"] == "http.response.start")
    answer = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return (start["status"], pulled, answer,
            {k.decode(): v.decode() for k, v in start["headers"]})


@pytest.fixture
def cup(site: Site) -> dict[str, str]:
    site.user("anna")
    site.event("cup", "anna")
    return {"Authorization": f"Bearer {site.accounts.create_token('anna')}",
            "Content-Type": "application/json"}


ANONYMOUS_ROUTES = [
    ("/login", "application/x-www-form-urlencoded"),
    ("/e/cup/report/table", "application/x-www-form-urlencoded"),
    ("/e/cup/report/submit", "multipart/form-data; boundary=xyz"),
    ("/api/v1/commands/event.import", "application/json"),
    ("/api/v1/events/cup/commands/player.add", "application/json"),
]


@pytest.mark.parametrize(("path", "kind"), ANONYMOUS_ROUTES)
@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "chunked"])
def test_an_anonymous_body_of_60_mb_is_refused_before_it_is_read(
        site: Site, cup: dict[str, str], path: str, kind: str, declared: bool) -> None:
    status, pulled, body, _ = offer(site.app, "POST", path, {"Content-Type": kind},
                                    declared=declared)
    assert status == 413
    assert pulled <= (0 if declared else ANONYMOUS_BODY + CHUNK), pulled
    if path.startswith("/api/"):
        assert json.loads(body)["code"] == "input.body"


def test_a_player_code_is_anonymous_for_the_limit(site: Site, cup: dict[str, str]) -> None:
    code = next(iter(site.reports.codes("cup").values()))
    status, pulled, _, _ = offer(site.app, "POST", "/api/v1/events/cup/commands/report.confirm",
                                 {"Authorization": f"Bearer {code}",
                                  "Content-Type": "application/json"})
    assert status == 413 and pulled <= ANONYMOUS_BODY + CHUNK


def test_a_made_up_token_or_cookie_is_anonymous_for_the_limit(site: Site,
                                                             cup: dict[str, str]) -> None:
    for headers in ({"Authorization": "Bearer pod_made-up"},
                    {"Cookie": "podium_session=made-up"}):
        status, pulled, _, _ = offer(site.app, "POST", "/api/v1/commands/event.import",
                                     {**headers, "Content-Type": "application/json"})
        # refused (413), or turned away as unknown (401) before the body is read
        assert status in (401, 413) and pulled <= ANONYMOUS_BODY + CHUNK, (headers, status)


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "chunked"])
def test_an_organiser_s_body_past_the_route_s_limit_is_refused_as_it_streams(
        site: Site, cup: dict[str, str], declared: bool) -> None:
    status, pulled, body, _ = offer(site.app, "POST", "/api/v1/events/cup/commands/player.add",
                                    cup, declared=declared)
    assert status == 413 and json.loads(body)["code"] == "input.body"
    assert pulled <= (0 if declared else SMALL_BODY + CHUNK), pulled
    # an organiser's page form: the upload limit and the form's fields
    client = site.login("anna")
    cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    status, pulled, _, _ = offer(site.app, "POST", "/manage/cup/players",
                                 {"Cookie": cookie, "Content-Type":
                                  "application/x-www-form-urlencoded"})
    assert status == 413 and pulled <= 1_064_000 + CHUNK


def test_bodies_within_the_limit_are_served_chunked_or_not(site: Site,
                                                          cup: dict[str, str]) -> None:
    body = json.dumps({"names": ["Yana", "Zoe"]}).encode()
    for declared in (True, False):
        status, pulled, _, _ = offer(site.app, "POST", "/api/v1/events/cup/commands/player.add",
                                     cup, body=body, declared=declared)
        assert status == 200 and pulled == len(body)
        body = json.dumps({"names": ["Yuri"]}).encode()
    # an organiser's import is allowed more than a small body (it is streamed to its check)
    big = json.dumps({"file": {"name": "e.json", "text": " " * (3 * MB)}}).encode()
    status, pulled, answer, _ = offer(site.app, "POST", "/api/v1/commands/event.import",
                                      cup, body=big, declared=False)
    assert pulled == len(big) and status == 422, answer[:200]


# the hashing gate ----------------------------------------------------------------------------
def test_the_gate_runs_a_few_hashes_at_once_and_turns_the_rest_away() -> None:
    gate = hashing.Gate(slots=1, queue=1, wait=30, retry_after=7)
    inside, release = threading.Event(), threading.Event()

    def hold() -> None:
        inside.set()
        release.wait(30)

    holder = threading.Thread(target=gate.run, args=(hold,))
    holder.start()
    assert inside.wait(30)
    waiter = threading.Thread(target=gate.run, args=(lambda: None,))
    waiter.start()
    while gate.inside < 2:  # the second caller waits its turn in the queue
        time.sleep(0.01)
    with pytest.raises(hashing.Busy) as refused:  # the third finds the queue full
        gate.run(lambda: None)
    assert refused.value.status == 503 and refused.value.retry_after == 7
    release.set()
    holder.join(30)
    waiter.join(30)
    assert gate.inside == 0 and gate.run(lambda: 5) == 5


def test_a_full_gate_answers_the_login_with_503_and_retry_after(
        site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    site.user("anna")
    gate = hashing.Gate(slots=1, queue=0, wait=30, retry_after=9)
    monkeypatch.setattr(hashing, "GATE", gate)
    release = threading.Event()
    holder = threading.Thread(target=gate.run, args=(lambda: release.wait(30),))
    holder.start()
    try:
        while gate.inside < 1:
            time.sleep(0.01)
        client = site.client()
        csrf = csrf_of(client.get("/login").text)
        answer = client.post("/login", data={"username": "anna", "password": PASSWORD,
                                             "csrf_token": csrf})
        assert answer.status_code == 503 and answer.headers["Retry-After"] == "9"
    finally:
        release.set()
        holder.join(30)
    assert site.login("anna")  # the gate free again: the right password passes


def test_the_dummy_hash_is_made_on_first_use_not_at_import() -> None:
    code = ("import podium.service.accounts, podium.service.hashing as h; "
            "print(len(h._dummies))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "0"
    hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    assert hashing.dummy_hash(hasher) is hashing.dummy_hash(hasher)


# memory of a burst of wrong logins, in a real server process -----------------------------------
def _rss(pid: int, field: str) -> int:
    """``VmRSS`` or ``VmHWM`` (the peak) of process ``pid``, in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no {field} for {pid}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_24_concurrent_wrong_logins_keep_the_server_s_memory_bounded(tmp_path: Path) -> None:
    """Argon2 with its default costs (64 MiB a hash), as a server runs it: 24 concurrent
    logins of unknown accounts (each verified against the dummy hash) grow the server's peak
    memory by less than 300 MB (it was 1,541 MB: one hash per request at once)."""
    podium = Path(sys.executable).with_name("podium")
    db = tmp_path / "burst.db"
    subprocess.run([str(podium), "--db", str(db), "user", "create", "anna", "--password-stdin"],
                   input=PASSWORD + "\n", text=True, check=True, capture_output=True)
    port = _free_port()
    server = subprocess.Popen([str(podium), "--db", str(db), "serve", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        client = httpx.Client(base_url=base, timeout=300)
        csrf = csrf_of(client.get("/login").text)

        def login(name: str) -> int:
            return client.post("/login", data={"username": name, "password": "wrong password",
                                               "csrf_token": csrf}).status_code

        assert login("warm-up") == 401  # the dummy hash made, the server warm
        before = _rss(server.pid, "VmRSS")
        statuses: list[int] = []
        threads = [threading.Thread(target=lambda i=i: statuses.append(login(f"nobody{i}")))
                   for i in range(24)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(600)
        peak = _rss(server.pid, "VmHWM")
        assert peak - before < 300 * MB, (before, peak)
        # 401: the hash ran; 503: the hashing gate was full; 429: the address's throttle (20
        # failures from one address) stopped the rest before any hash
        assert len(statuses) == 24 and set(statuses) <= {401, 429, 503}, statuses
        assert statuses.count(401) >= hashing.SLOTS
    finally:
        server.terminate()
        server.wait(timeout=30)



def test_a_raw_body_import_stops_reading_at_the_import_s_cap(site: Site,
                                                              cup: dict[str, str]) -> None:
    """A games file sent as the raw body is parsed as it arrives: past the 20,000 games a
    server import takes it is refused, the rest of the body never read (it was spooled to
    disk whole first: 195 MB of a 260 MB body)."""
    from podium.formats.mahjong_marathon.declared import SERVER_GAMES

    site.events.create_event("mj", "Mj", "mahjong-marathon", {}, "setup", seed=3)
    site.accounts.grant("mj", "anna", "owner", "setup")
    header = b"game_id,table,start,player1,gp1,player2,gp2,player3,gp3,player4,gp4\n"
    line = b"g%06d,RU-Marathon-1,2015-03-01T12:00:00Z,A,16,B,8,C,0,D,-24\n"
    games = 5 * SERVER_GAMES
    body = header + b"".join(line % i for i in range(games))
    headers = {**cup, "Content-Type": "text/csv"}
    status, pulled, answer, _ = offer(
        site.app, "POST", "/api/v1/events/mj/commands/mahjong-marathon.import-games",
        headers, body=body, declared=True)
    assert status == 422, answer[:300]
    assert json.loads(answer)["field"] == "file"
    taken = len(header) + (SERVER_GAMES + 1) * len(line % 0)
    assert pulled <= taken + 20 * CHUNK < len(body), (pulled, len(body))
    assert len(site.events.log("mj")) == 1  # nothing stored
    # a file within the cap streams in whole and is stored
    small = header + b"".join(line % i for i in range(3))
    status, pulled, answer, _ = offer(
        site.app, "POST", "/api/v1/events/mj/commands/mahjong-marathon.import-games",
        headers, body=small, declared=False)
    assert status == 200, answer[:300]
    assert pulled == len(small)
    assert json.loads(answer)["answer"]["added"] == 3
