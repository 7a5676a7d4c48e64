"""Caches that cannot be poisoned or grown by visitors.

A request's ``Host`` header never reaches another visitor's page; junk addresses never grow the
rendered-page memo; an event deleted and created again under its slug is never served from the
old one; concurrent readers neither corrupt shared caches nor replay an event twice; a page read
never waits for a writer's lock.
"""

from __future__ import annotations

import importlib
import inspect
import sqlite3
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from podium.cli.main import cli
from podium.compose import web_app as create_app
from podium.core.errors import InvalidInput
from podium.service import states as states_module
from podium.service.states import SnapshotPolicy
from podium.store.db import Database
from podium.store.repository import EventRepository
from podium.web.cache import MEMO_ITEMS, Memo
from podium.web.hosts import public_origin
from podium.web.render import qr_svg
from tests.web.conftest import Site

PUBLIC = "https://results.example.org"


def qr_of(url: str) -> str:
    return str(qr_svg(url))


@pytest.fixture
def public_site(site: Site) -> Iterator[Callable[..., TestClient]]:
    """Clients of a second app on the same database, started with ``--public-url``."""
    apps: list[Any] = []

    def client(base_url: str = "http://testserver", **options: Any) -> TestClient:
        app = create_app(site.db, clock=site.clock, freshness=0, public_url=PUBLIC, **options)
        apps.append(app)
        return TestClient(app, base_url=base_url, follow_redirects=False)

    yield client


# Host header poisoning -------------------------------------------------------------------------
def test_without_a_public_url_a_forged_host_never_reaches_another_visitors_page(
        site: Site) -> None:
    site.event("cup", None)
    evil = site.client().get("/e/cup", headers={"Host": "evil.example"})
    assert evil.status_code == 200 and qr_of("http://evil.example/e/cup") in evil.text
    for _ in range(2):  # rendered afresh, then from the cache (the fast path)
        page = site.client().get("/e/cup")
        assert page.status_code == 200
        assert qr_of("http://testserver/e/cup") in page.text
        assert "evil.example" not in page.text
        assert qr_of("http://evil.example/e/cup") not in page.text
    assert page.headers["etag"] != evil.headers["etag"]


def test_with_a_public_url_links_come_from_it_and_other_hosts_are_refused(
        site: Site, public_site: Callable[..., TestClient]) -> None:
    site.event("cup", None)
    client = public_site()
    refused = client.get("/e/cup", headers={"Host": "evil.example"})
    assert refused.status_code == 400
    for host in ("results.example.org", "localhost", "127.0.0.1"):
        page = client.get("/e/cup", headers={"Host": host})
        assert page.status_code == 200, host
        assert qr_of(f"{PUBLIC}/e/cup") in page.text
    # every Host allowed: links still come from the public URL, whatever the request says
    anything = public_site(allowed_hosts=["*"])
    first = anything.get("/e/cup", headers={"Host": "evil.example"})
    again = anything.get("/e/cup", headers={"Host": "results.example.org"})
    for page in (first, again):
        assert page.status_code == 200
        assert qr_of(f"{PUBLIC}/e/cup") in page.text and "evil.example" not in page.text


def test_allowed_hosts_add_to_the_defaults(site: Site,
                                           public_site: Callable[..., TestClient]) -> None:
    """``--public-url https://results.example.org --allowed-host venue.local``: the public
    URL's host and localhost still answered (they got 400), the venue's name too."""
    site.event("cup", None)
    client = public_site(allowed_hosts=["venue.local", "Podium.LAN"])
    for host in ("venue.local", "podium.lan", "results.example.org", "localhost", "127.0.0.1"):
        assert client.get("/e/cup", headers={"Host": host}).status_code == 200, host
    assert client.get("/e/cup", headers={"Host": "evil.example"}).status_code == 400
    # without a public URL, the names given and the machine's own
    alone = TestClient(create_app(site.db, clock=site.clock, freshness=0,
                                  allowed_hosts=["venue.local"]), follow_redirects=False)
    for host, status in (("venue.local", 200), ("localhost", 200), ("evil.example", 400)):
        assert alone.get("/e/cup", headers={"Host": host}).status_code == status, host


def test_allowed_hosts_from_the_command_line_add_to_the_defaults(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What ``podium serve`` hands the server process, and what its help says."""
    from click.testing import CliRunner

    from podium.cli.main import cli
    from podium.web.hosts import allowed_hosts

    assert allowed_hosts(PUBLIC, ["venue.local"]) == [
        "results.example.org", "localhost", "127.0.0.1", "[::1]", "::1", "venue.local"]
    assert allowed_hosts(None, []) == ["*"]
    shown = " ".join(CliRunner().invoke(cli, ["serve", "--help"], terminal_width=200)
                     .output.split())
    assert "besides the defaults" in shown and "never replaces them" in shown


@pytest.mark.parametrize("url", ["ftp://results.example.org", "https://results.example.org/x",
                                 "results.example.org", "https://", "https://a:b@host",
                                 "https://host:99999"])
def test_a_malformed_public_url_is_refused(url: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        public_origin(url)
    assert refused.value.field == "public_url"


def test_a_public_url_is_normalised() -> None:
    assert public_origin("https://Results.Example.org:8443/") == "https://results.example.org:8443"
    assert public_origin("") is None and public_origin(None) is None


def test_podium_serve_refuses_a_malformed_public_url_before_starting(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "x.db"), "serve",
                                      "--public-url", "ftp://nowhere"])
    assert result.exit_code != 0
    assert "public URL" in result.output and "Traceback" not in result.output


# junk addresses --------------------------------------------------------------------------------
def test_junk_addresses_leave_the_memo_bounded(site: Site) -> None:
    site.event("cup", None)
    client = site.client()
    assert client.get("/e/cup").status_code == 200
    statuses: dict[int, int] = {}
    for i in range(3000):
        url = [f"/e/cup?junk{i}=x", f"/e/cup?start={i * 1000 + 1000}",
               f"/e/cup/live/views?table=t{i}", f"/e/cup/pairings?x={i}&q="][i % 4]
        status = client.get(url).status_code
        statuses[status] = statuses.get(status, 0) + 1
    assert set(statuses) <= {307, 404, 422}  # redirected to the normalised page, or refused
    _seq, _loaded, memo = site.app.state.web.cache.load("cup")  # type: ignore[attr-defined]
    assert len(memo) <= 4  # the page (per host and language) and its parts, nothing per junk
    # a redirect leads to the one cached page
    answer = client.get("/e/cup?utm_source=qr")
    assert answer.status_code == 307 and answer.headers["location"] == "/e/cup"


def test_the_memo_is_a_bounded_lru() -> None:
    memo = Memo(max_items=3, max_bytes=10_000)
    for key in "abc":
        memo[key] = key * 10
    assert memo.get("a") == "a" * 10  # used: now the most recent
    memo["d"] = "d"
    assert memo.get("b") is None and memo.get("a") is not None and len(memo) == 3
    memo["big"] = b"x" * 9_000  # over the byte budget with the others: they go first
    assert memo.get("big") is not None and memo.nbytes <= 10_000
    assert MEMO_ITEMS <= 1000


# the event's id in the key ---------------------------------------------------------------------
def test_an_event_created_again_under_its_slug_is_never_served_from_the_old_one(
        site: Site) -> None:
    site.event("cup", None, players=4)
    client = site.client()
    old = client.get("/e/cup")
    assert old.status_code == 200 and "P1" in old.text
    old_log = site.log_length("cup")
    with site.db.session() as session:
        repo = EventRepository(session)
        repo.delete(repo.get("cup").id)
    site.clock.advance(seconds=1)  # another process deleted it and created it again
    site.events.create_event("cup", "CUP", "commander", {}, "setup", seed=11)
    site.events.add_players("cup", ["Q1", "Q2", "Q3", "Q4"], "setup")
    assert site.log_length("cup") == old_log  # the same version number as the old event
    new = client.get("/e/cup")
    assert new.status_code == 200 and "Q1" in new.text and "P1" not in new.text
    assert new.headers["etag"] != old.headers["etag"]


# shared state under concurrent readers ---------------------------------------------------------
@pytest.fixture
def fast_switching() -> Iterator[None]:
    """Threads switch far more often than by default, so a race shows up in a few trials."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def _in_threads(count: int, work: Callable[[], Any]) -> list[Any]:
    barrier = threading.Barrier(count)
    results: list[Any] = [None] * count

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = work()
        except BaseException as error:  # reported below, with the thread's result
            results[i] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_concurrent_misses_replay_an_event_once_and_render_it_once(
        site: Site, monkeypatch: pytest.MonkeyPatch, fast_switching: None) -> None:
    site.event("cup", None)
    cache = site.app.state.web.cache  # type: ignore[attr-defined]
    site.events.states.forget("cup")
    replays = []
    real_replay = states_module.replay

    def counting_replay(*args: Any, **kwargs: Any) -> Any:
        replays.append(1)
        return real_replay(*args, **kwargs)

    monkeypatch.setattr(states_module, "replay", counting_replay)
    builds = []

    def build(loaded: Any) -> str:
        builds.append(1)
        sum(range(200_000))  # a render takes a while: other misses arrive meanwhile
        return f"{loaded.state.slug}:{loaded.state.last_seq}"

    results = _in_threads(8, lambda: cache.memo("cup", "part", build))
    assert all(r == f"cup:{site.log_length('cup')}" for r in results), results
    assert len(replays) == 1 and len(builds) == 1


# reads never wait for a writer, routes never block the event loop -------------------------------
def test_a_page_read_completes_while_a_writer_holds_the_write_lock(
        site: Site, tmp_path: Path) -> None:
    site.event("cup", None)
    client = site.client()
    assert client.get("/e/cup").status_code == 200  # cached
    site.user("anna")
    organiser = site.login("anna")
    cache = site.app.state.web.cache  # type: ignore[attr-defined]
    writer = sqlite3.connect(tmp_path / "web.db", isolation_level=None, timeout=0)
    try:
        writer.execute("BEGIN IMMEDIATE")  # another process's write transaction
        writer.execute("UPDATE events SET name = name")
        site.events.states.forget("cup")  # and a cold replay for the next reader...
        cache.clear()
        site.events.states.policy = SnapshotPolicy(seconds=0.0)  # ...which makes a snapshot due
        for url in ("/e/cup", "/e/cup/pairings", "/e/cup/live/views", "/"):
            assert client.get(url).status_code == 200, url
        assert organiser.get("/manage").status_code == 200
        assert client.get("/api/v1/events/cup/views").status_code == 200
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    cache.wait_for_snapshots()  # stored once the writer was done, not by the page's request
    with site.db.session(readonly=True) as session:
        stored = session.connection().exec_driver_sql("SELECT count(*) FROM snapshots").scalar()
    assert stored == 1


def test_no_route_runs_on_the_event_loop(site: Site) -> None:
    """Every page route is a plain function, which FastAPI runs in its thread pool: a database
    read or a replay in one request never stalls the others. The routes on the loop are the
    declared commands and views (they read their body, then hand the work to the thread pool)
    and a live page's stream, which waits on the loop for its part's changes (a thread each
    would cap the streams at the pool's size) and reads in the thread pool."""
    from tests.conformance.test_conformance import all_routes

    routes = [r for r in all_routes(site.app.routes)  # type: ignore[attr-defined]
              if isinstance(r, APIRoute)]
    assert len(routes) > 100  # through every included router
    on_the_loop = {route.endpoint.__module__ for route in routes
                   if inspect.iscoroutinefunction(route.endpoint)}
    allowed = {"podium.api.commands", "podium.api.views", "podium.web.routes.commands",
               "podium.web.routes.stream"}
    assert on_the_loop <= allowed, on_the_loop - allowed
    for module in allowed - {"podium.web.routes.stream"}:
        assert "run_in_threadpool" in inspect.getsource(importlib.import_module(module))
    assert "run_in_threadpool" in inspect.getsource(importlib.import_module("podium.web.live"))


def test_a_reader_session_never_takes_the_write_lock(tmp_path: Path) -> None:
    db = Database(str(tmp_path / "r.db"))
    try:
        other = sqlite3.connect(tmp_path / "r.db", isolation_level=None, timeout=0)
        other.execute("BEGIN IMMEDIATE")
        with db.session(readonly=True) as session:
            assert session.connection().exec_driver_sql("SELECT count(*) FROM events").scalar() == 0
        other.execute("ROLLBACK")
        other.close()
        assert db.engine.connect().exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    finally:
        db.dispose()
