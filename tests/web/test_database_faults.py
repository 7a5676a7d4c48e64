"""PostgreSQL failing under two servers: connections killed, the server restarted.

Two `podium serve` processes over one PostgreSQL database (a database of its own, so that
killing its connections touches no other test's); a storm of writes (each adds a player of
its own name) and reads through both while another connection ends every backend of that
database with ``pg_terminate_backend`` (or, in the last test, while a private PostgreSQL
cluster is restarted). Every write is either acknowledged and stored exactly once, or refused
with 503 and the one Problem shape (``store.unavailable``: stored nowhere; ``store.unknown``:
its COMMIT's outcome was lost, stored at most once); nothing answers 500; both servers come
back by themselves and their live pages show the last write. No assertion on time: the faults
are paced by the storm's progress, never by a clock.

A database that does not answer at all gives the same refusal on every surface: the API's
Problem, a page, the command line's exit code 5.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import threading
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from podium.cli.main import cli
from podium.compose import web_app
from podium.service.accounts import AccountService
from podium.service.events import EventService
from podium.store.db import Database
from tests.web.test_several_servers import _free_port, _request, _until

pytestmark = pytest.mark.postgres

WRITERS = 5
WRITES = 18  # each writer's (all of them fit on one live page, 100 rows)
READERS = 2


def _fresh_database(base_url: str) -> tuple[str, Callable[[], None]]:
    """A new PostgreSQL database on ``base_url``'s server, migrated, with event ``cup`` owned
    by ``anna``; its URL and what drops it."""
    name = f"podium_faults_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base_url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    url = make_url(base_url).set(database=name).render_as_string(hide_password=False)
    db = Database(url)
    AccountService(db).create_user("anna", "correct horse")
    EventService(db).create_event("cup", "Cup", "commander", {}, "anna", seed=1)
    AccountService(db).grant("cup", "anna", "owner", "anna")
    db.dispose()

    def drop() -> None:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()

    return url, drop


def _terminate(url: str) -> int:
    """End every backend of ``url``'s database but this one (as ``postgres``): the servers'
    pooled connections, mid-transaction or idle, and their listeners; how many."""
    engine = create_engine(url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            return len(connection.execute(text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()")).all())
    finally:
        engine.dispose()


class Servers:
    """Two `podium serve` processes on one database."""

    def __init__(self, url: str) -> None:
        podium = str(Path(os.environ.get("VIRTUAL_ENV", "")) / "bin" / "podium")
        if not Path(podium).exists():
            import sys

            podium = str(Path(sys.executable).with_name("podium"))
        self.ports = [_free_port(), _free_port()]
        self.processes = [subprocess.Popen(
            [podium, "--db", url, "serve", "--port", str(port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for port in self.ports]
        for port, process in zip(self.ports, self.processes, strict=True):
            def up(port: int = port, process: subprocess.Popen[bytes] = process) -> bool:
                assert process.poll() is None, "a server stopped"
                try:
                    return _request(port, "GET", "/health")[0] == 200
                except OSError:
                    return False
            _until(up, "serving", timeout=120)

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            process.wait(timeout=30)


class Storm:
    """Writers and readers through both servers; what each write was answered."""

    def __init__(self, ports: list[int], token: str) -> None:
        self.ports = ports
        self.headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        self.lock = threading.Lock()
        self.answers: dict[str, tuple[int, dict[str, object]]] = {}
        self.reads: Counter[int] = Counter()
        self.done = threading.Event()
        self.progress = threading.Condition(self.lock)

    def write(self, writer: int) -> None:
        for number in range(WRITES):
            name = f"W{writer}-{number:03d}"
            port = self.ports[(writer + number) % 2]
            status, body = _request(port, "POST", "/api/v1/events/cup/commands/player.add",
                                    {"names": [name]}, self.headers)
            with self.progress:
                self.answers[name] = (status, json.loads(body) if body else {})
                self.progress.notify_all()

    def read(self, reader: int) -> None:
        paths = ["/api/v1/events/cup/players", "/e/cup/live/views", "/e/cup"]
        turn = 0
        while not self.done.is_set():
            status, _ = _request(self.ports[(reader + turn) % 2], "GET", paths[turn % 3])
            turn += 1
            with self.lock:
                self.reads[status] += 1

    def wait_for(self, answered: int) -> bool:
        """Until ``answered`` writes were answered (False: every writer is done first)."""
        with self.progress:
            while len(self.answers) < answered:
                if len(self.answers) >= WRITERS * WRITES:
                    return False
                self.progress.wait(1.0)
            return True

    def run(self, fault: Callable[[], None], every: int = 10) -> None:
        """The storm, ``fault()`` each time ``every`` more writes were answered."""
        writers = [threading.Thread(target=self.write, args=(i,)) for i in range(WRITERS)]
        readers = [threading.Thread(target=self.read, args=(i,)) for i in range(READERS)]
        for thread in writers + readers:
            thread.start()
        mark = every
        while self.wait_for(mark) and mark < WRITERS * WRITES - every:
            fault()
            mark += every
        for thread in writers:
            thread.join(900)
        self.done.set()
        for thread in readers:
            thread.join(120)

    def check(self, url: str) -> Counter[str]:
        """Each write stored as answered; the answers' kinds counted."""
        db = Database(url)
        try:
            names = [p.name for p in EventService(db).load("cup").state.players.values()]
        finally:
            db.dispose()
        stored = Counter(names)
        kinds: Counter[str] = Counter()
        for name, (status, body) in sorted(self.answers.items()):
            if status == 200:
                kinds["acknowledged"] += 1
                assert stored[name] == 1, (name, stored[name])
                continue
            assert status == 503, (name, status, body)  # never a 500
            assert set(body) >= {"code", "field", "message", "params", "problems", "detail"}
            if body["code"] == "store.unknown":
                kinds["unknown"] += 1
                assert stored[name] <= 1, name
            else:
                assert body["code"] == "store.unavailable", body
                kinds["refused"] += 1
                assert stored[name] == 0, name  # refused: stored nowhere
        assert len(self.answers) == WRITERS * WRITES
        assert set(self.reads) <= {200, 503}, self.reads  # reads too: never a 500
        return kinds


def _back(storm: Storm, url: str) -> None:
    """Both servers answer again by themselves, and their live pages show the last write."""
    status, body = _request(storm.ports[0], "POST", "/api/v1/events/cup/commands/player.add",
                            {"names": ["Last"]}, storm.headers)
    assert status == 200, body
    for port in storm.ports:
        _until(lambda port=port: "Last" in _request(port, "GET", "/e/cup/live/views")[1],
               "the live page showing the last write", timeout=120)
        assert _request(port, "GET", "/health")[0] == 200


@pytest.fixture
def database(postgres_url: str) -> Iterator[str]:
    url, drop = _fresh_database(postgres_url)
    try:
        yield url
    finally:
        drop()


def test_connections_killed_in_a_storm_lose_no_acknowledged_write(database: str) -> None:
    servers = Servers(database)
    try:
        token = AccountService(Database(database)).create_token("anna")
        storm = Storm(servers.ports, token)
        ended: list[int] = []
        storm.run(lambda: ended.append(_terminate(database)))
        assert sum(ended) > 0, "no connection was ended"
        kinds = storm.check(database)
        assert kinds["acknowledged"] > 0
        _back(storm, database)
    finally:
        servers.stop()


# -- a database that does not answer at all --------------------------------------------------

def _closed_port_url() -> str:
    return f"postgresql+psycopg://postgres@127.0.0.1:{_free_port()}/nowhere"


def test_an_unreachable_database_is_a_503_problem_and_a_page() -> None:
    db = Database(_closed_port_url(), migrate=False)
    app = web_app(db, listen=False)
    client = TestClient(app, follow_redirects=False)
    answer = client.get("/api/v1/events/cup")
    assert answer.status_code == 503, answer.text
    problem = answer.json()
    assert problem["code"] == "store.unavailable" and problem["field"] is None
    assert "the database is not answering" in problem["message"]
    assert answer.headers["Retry-After"]
    written = client.post("/api/v1/events/cup/commands/player.add", json={"names": ["A"]},
                          headers={"Authorization": "Bearer nothing"})
    assert written.status_code == 503 and written.json()["code"] == "store.unavailable"
    page = client.get("/e/cup")
    assert page.status_code == 503 and "the database is not answering" in page.text.lower()
    assert client.get("/health").status_code == 503
    db.dispose()


def test_the_command_line_says_so_with_exit_code_5() -> None:
    result = CliRunner().invoke(cli, ["--db", _closed_port_url(), "event", "list"])
    assert result.exit_code == 5, result.output
    assert "Traceback" not in result.output
    assert "the database is not answering" in " ".join(result.stderr.split())


# -- a restart of the server (a private cluster, so no other test's database goes down) ------

def _pg_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return found[-1].parent if found else None


class Cluster:
    """A throw-away PostgreSQL cluster of its own (initdb, pg_ctl as the ``postgres`` user)."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.dir = Path(tempfile.mkdtemp(prefix="podium-backup-pg-"))
        shutil.chown(self.dir, "postgres", "postgres")
        self.data = self.dir / "data"
        self.port = _free_port()
        self._as_postgres("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres",
                          "--no-sync", "-E", "UTF8")
        self._as_postgres("pg_ctl", "-D", str(self.data), "-l", str(self.dir / "log"), "-w",
                          "-o", f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
                          "-c fsync=off", "start")
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _as_postgres(self, tool: str, *args: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", str(self.bin / tool), *args],
                       check=True, capture_output=True, timeout=120)

    def restart(self) -> None:
        # (with its log file: pg_ctl's own output is a pipe the server would hold open)
        self._as_postgres("pg_ctl", "-D", str(self.data), "-l", str(self.dir / "log"), "-m",
                          "fast", "-w", "restart")

    def remove(self) -> None:
        try:
            self._as_postgres("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    bin_dir = _pg_bin()
    if bin_dir is None or shutil.which("runuser") is None or os.geteuid() != 0:
        pytest.skip("restarting PostgreSQL needs its binaries and root (to run them as "
                    "postgres): a private cluster is made for it")
    try:
        made = Cluster(bin_dir)
    except (subprocess.CalledProcessError, KeyError, LookupError, OSError) as error:
        pytest.skip(f"no private PostgreSQL cluster could be made: {error}")
    try:
        yield made
    finally:
        made.remove()


def test_postgresql_restarted_in_a_storm_loses_no_acknowledged_write(cluster: Cluster) -> None:
    url, drop = _fresh_database(cluster.url)
    servers = Servers(url)
    try:
        token = AccountService(Database(url)).create_token("anna")
        storm = Storm(servers.ports, token)
        restarts: list[int] = []

        def restart() -> None:
            if len(restarts) < 3:
                cluster.restart()
                restarts.append(1)

        storm.run(restart, every=25)
        assert restarts, "the server was not restarted"
        kinds = storm.check(url)
        assert kinds["acknowledged"] > 0
        _back(storm, url)
    finally:
        servers.stop()
        drop()
