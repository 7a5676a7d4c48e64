"""Several `podium serve` processes over one PostgreSQL database (docs/deploy.md):
what one server stores, the other shows on its live pages within the freshness window (each
process reads the event's version from the database, :mod:`podium.web.cache`), and at once
through ``LISTEN/NOTIFY`` (:mod:`podium.store.notify`: the other server's listener hears the
write, also after its connection was ended); writers split over both store every acknowledged
write exactly once; each server's reads show at once what it answered.

Two real server processes on two ports; the database is migrated once, before they start.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

import pytest
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from podium.service.accounts import AccountService
from podium.service.events import EventService
from podium.store.db import Database

pytestmark = pytest.mark.postgres
PODIUM = str(Path(sys.executable).with_name("podium"))


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _request(port: int, method: str, path: str, body: object = None,
             headers: dict[str, str] | None = None) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        connection.request(method, path, None if body is None else json.dumps(body),
                           headers or {})
        answer = connection.getresponse()
        return answer.status, answer.read().decode()
    finally:
        connection.close()


@contextmanager
def fresh_schema(postgres_url: str, prefix: str) -> Iterator[str]:
    """The URL of a new PostgreSQL schema (the database's search path), dropped at the end."""
    schema = f"{prefix}_{uuid.uuid4().hex}"
    admin = create_engine(postgres_url, poolclass=NullPool)
    with admin.begin() as connection:
        connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    try:
        yield make_url(postgres_url).update_query_dict(
            {"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.dispose()


@pytest.fixture
def database(postgres_url: str) -> Iterator[str]:
    """A fresh PostgreSQL schema, migrated once (as docs/deploy.md says), with an event
    ``cup`` of 8 players owned by ``anna``."""
    with fresh_schema(postgres_url, "podium_servers") as url:
        db = Database(url)  # the migrations, once
        AccountService(db).create_user("anna", "correct horse")
        EventService(db).create_event("cup", "Cup", "commander", {}, "anna", seed=1)
        EventService(db).add_players("cup", [f"P{i}" for i in range(1, 9)], "anna")
        AccountService(db).grant("cup", "anna", "owner", "anna")
        db.dispose()
        yield url


@contextmanager
def serving(url: str, count: int = 2, env: dict[str, str] | None = None,
            options: tuple[str, ...] = ()) -> Iterator[list[int]]:
    """``count`` `podium serve` processes over ``url`` (``env`` added to their environment,
    ``options`` to their command line), each on its own port, once event ``cup`` answers."""
    ports = [_free_port() for _ in range(count)]
    processes = [subprocess.Popen([PODIUM, "--db", url, "serve", "--port", str(port),
                                   *options],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  env={**os.environ, **(env or {})})
                 for port in ports]
    try:
        for port, process in zip(ports, processes, strict=True):
            for _ in range(600):
                assert process.poll() is None, "a server stopped"
                try:
                    if _request(port, "GET", "/api/v1/events/cup")[0] == 200:
                        break
                except OSError:
                    time.sleep(0.1)
        yield ports
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=30)


@pytest.fixture
def servers(database: str) -> Iterator[list[int]]:
    """Two `podium serve` processes on two ports over the one database."""
    with serving(database) as ports:
        yield ports


def test_a_write_through_one_server_is_on_the_other_s_live_page(database: str,
                                                                servers: list[int]) -> None:
    one, other = servers
    token = AccountService(Database(database)).create_token("anna")
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    assert "Yana" not in _request(other, "GET", "/e/cup/live/views")[1]  # cached there now
    status, answer = _request(one, "POST", "/api/v1/events/cup/commands/player.add",
                              {"names": ["Yana"]}, headers)
    assert status == 200
    # asked for at the write's version: the page built for it (the other server's cached
    # page is rebuilt in the background, and until then is the last one built)
    version = str(max(json.loads(answer)["stored"]))
    status, page = _request(other, "GET", "/e/cup/live/views", None, {"Podium-Version": version})
    assert status == 200 and "Yana" in page
    players = json.loads(_request(other, "GET", "/api/v1/events/cup/players")[1])
    assert "Yana" in [p["name"] for p in players]


def test_64_writers_split_over_both_servers_store_every_write_once(
        database: str, servers: list[int]) -> None:
    token = AccountService(Database(database)).create_token("anna")
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    acknowledged: list[str] = []
    refused: list[tuple[int, str]] = []
    lock = threading.Lock()
    start = threading.Barrier(64)

    def write(index: int) -> None:
        name = f"Writer {index:02d}"
        start.wait()
        status, text = _request(servers[index % 2], "POST",
                                "/api/v1/events/cup/commands/player.add",
                                {"names": [name]}, headers)
        with lock:
            (acknowledged.append(name) if status == 200 else refused.append((status, text)))

    threads = [threading.Thread(target=write, args=(i,)) for i in range(64)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(600)
    assert not refused, refused[:3]
    db = Database(database)
    names = [p.name for p in EventService(db).load("cup").state.players.values()]
    db.dispose()
    assert sorted(n for n in names if n.startswith("Writer")) == sorted(acknowledged)
    assert len(acknowledged) == 64


def _health(port: int) -> dict[str, object]:
    status, body = _request(port, "GET", "/health")
    assert status == 200, body
    found: dict[str, object] = json.loads(body)
    return found


def _listener(port: int) -> dict[str, int]:
    listener = _health(port)["listener"]
    assert isinstance(listener, dict)
    return listener


def _listening(port: int, connections: int = 1) -> bool:
    """Whether the server's listener is connected, after ``connections`` connections."""
    listener = _listener(port)
    return bool(listener["connected"]) and listener["connections"] >= connections


def _until(condition: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
    """Wait for ``condition`` (generous: a loaded machine; never a speed assertion)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"still not {what} after {timeout} s"
        time.sleep(0.02)


def _add_and_see(one: int, other: int, name: str, headers: dict[str, str]) -> None:
    """Add a player through ``one``; the other server's listener hears it and its live page
    shows the player."""
    before = _listener(other)["received"]
    status, _ = _request(one, "POST", "/api/v1/events/cup/commands/player.add",
                         {"names": [name]}, headers)
    assert status == 200
    _until(lambda: name in _request(other, "GET", "/e/cup/live/views")[1], f"{name} shown")
    _until(lambda: _listener(other)["received"] > before, "the notification heard")


def test_the_other_server_hears_the_write(database: str, servers: list[int]) -> None:
    one, other = servers
    token = AccountService(Database(database)).create_token("anna")
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    for port in servers:
        _until(partial(_listening, port), "listening")
    assert _health(other)["store"] == "postgresql"
    assert "Zoe" not in _request(other, "GET", "/e/cup/live/views")[1]  # cached there now
    _add_and_see(one, other, "Zoe", headers)
    _add_and_see(other, one, "Xavier", headers)  # and the other way round


def test_the_listeners_come_back_after_their_connections_are_ended(
        database: str, servers: list[int]) -> None:
    from tests.web.test_notify import end_listeners

    one, other = servers
    token = AccountService(Database(database)).create_token("anna")
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    for port in servers:
        _until(partial(_listening, port), "listening")
    assert end_listeners(database) == 2  # pg_terminate_backend on both servers' listeners
    for port in servers:
        _until(partial(_listening, port, 2), "listening again")
        assert _listener(port)["failures"] >= 1
    _add_and_see(one, other, "Walter", headers)  # notifications flow again


def _rounds_seen(port: int, slug: str, version: int = 0) -> list[int]:
    """The rounds each read of one server says are paired (the event, its rounds, the declared
    event view, the public pairings page's last round). ``version``: the write the public page
    is asked for at (``Podium-Version``; without it, a page read before may be the last one
    built while its rebuild runs: docs/web.md, "Concurrency")."""
    reads = [_request(port, "GET", path) for path in (
        f"/api/v1/events/{slug}", f"/api/v1/events/{slug}/rounds",
        f"/api/v1/events/{slug}/views/event")]
    reads.append(_request(port, "GET", f"/e/{slug}/pairings", None,
                          {"Podium-Version": str(version)} if version else None))
    assert all(status == 200 for status, _body in reads), reads
    headed = [int(n) for n in re.findall(r"<h2>Round (\d+)</h2>", reads[3][1])]
    return [json.loads(reads[0][1])["rounds"], len(json.loads(reads[1][1])),
            json.loads(reads[2][1])["rounds"], max(headed, default=0)]


def test_each_server_sees_at_once_what_it_answered(database: str, servers: list[int]) -> None:
    """A server's reads right after its answer show what the answer said, a refusal in between
    or not: round 2 paired, then refused pairing again (round 2 misses results), on the server
    that paired it and on the other one, which refused it too; a delete on the one that
    answered it. (What only the other server answered may lag by the freshness window.)"""
    one, other = servers
    token = AccountService(Database(database)).create_token("anna")
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}

    def do(port: int, command: str, **body: object) -> tuple[int, dict[str, object]]:
        status, text = _request(port, "POST", f"/api/v1/events/cup/commands/{command}",
                                body, headers)
        return status, json.loads(text)

    assert do(one, "round.pair")[0] == 200
    for table in (1, 2):
        assert do(other, "commander.result", table=table, finish="1234")[0] == 200
    for port in (other, one):  # versions read, trusted for the freshness window
        _rounds_seen(port, "cup")
        _request(port, "GET", "/api/v1/events/cup/rounds/2")
    status, paired = do(one, "round.pair")
    assert status == 200 and paired["said"] == "Round 2 paired."
    stored = paired["stored"]
    assert isinstance(stored, list)
    status, again = do(one, "round.pair")
    assert status == 409 and again["code"] == "round.incomplete"
    for port in (one, other):
        if port == other:
            status, refused = do(other, "round.pair")  # it saw round 2 to refuse it
            assert status == 409 and refused["code"] == "round.incomplete"
        assert _rounds_seen(port, "cup", max(stored)) == [2, 2, 2, 2]
        for path in ("/api/v1/events/cup/rounds/2", "/api/v1/events/cup/views/round?round=2"):
            status, body = _request(port, "GET", path)
            assert status == 200 and json.loads(body)["number"] == 2, body
    assert do(other, "event.delete", confirm="cup")[0] == 200
    for path in ("/api/v1/events/cup", "/api/v1/events/cup/rounds/2", "/e/cup/pairings"):
        assert _request(other, "GET", path)[0] == 404
