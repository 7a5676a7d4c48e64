"""Public pages never wait for a rebuild.

While one reader rebuilds a page for a new version of the event, the others get the page of the
previous version instead of waiting, within the lag a page is allowed anyway (``freshness``);
the rebuild's render runs outside the event's lock, so a write never waits for it; a write only
makes the version change, and the next read (not the write) builds the new page. Every test
blocks the rebuild on an event it releases itself: nothing here depends on timing.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from podium.compose import web_app as create_app
from podium.core.errors import Conflict, NotFound
from podium.service.events import EventService, LoadedEvent
from podium.service.people import DeleteEvent
from podium.store.db import Database
from podium.web.cache import Later, ViewCache


class Tick:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.at = 1000.0

    def __call__(self) -> float:
        return self.at


@pytest.fixture
def events(tmp_path: Path) -> Iterator[EventService]:
    db = Database(str(tmp_path / "stale.db"))
    service = EventService(db)
    service.create_event("cup", "Cup", "commander", {}, "setup", seed=11)
    service.add_players("cup", ["P1", "P2", "P3", "P4"], "setup")
    yield service
    db.dispose()


def version_of(loaded: LoadedEvent) -> str:
    return f"page at {loaded.state.last_seq}"


class Blocked:
    """A build whose render (outside the lock) waits until the test releases it."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()

    def __call__(self, loaded: LoadedEvent) -> Later:
        text = version_of(loaded)  # taken under the lock

        def finish() -> str:
            self.started.set()
            self.release.wait()
            return text

        return Later(finish)


def never(_loaded: LoadedEvent) -> str:
    raise AssertionError("a second reader rebuilt the page instead of getting the last one")


def rebuild_in_thread(cache: ViewCache, build: Blocked) -> tuple[threading.Thread, list[Any]]:
    out: list[Any] = []
    entry = cache.load("cup")
    thread = threading.Thread(target=lambda: out.append(cache.memo_of(entry, "cup", "k", build)))
    thread.start()
    build.started.wait()
    return thread, out


def test_a_reader_during_a_rebuild_gets_the_previous_page_and_then_the_new_one(
        events: EventService) -> None:
    tick = Tick()
    cache = ViewCache(events, freshness=10, now=tick)
    first = cache.memo("cup", "k", version_of)
    events.add_players("cup", ["P5"], "desk")  # a new version
    build = Blocked()
    thread, out = rebuild_in_thread(cache, build)
    try:
        tick.at += 5  # within the page's allowed lag
        entry = cache.load("cup")
        assert entry.seq > int(first.split()[-1])
        # rule: a reader never waits for a rebuild in progress: it gets the last page
        assert cache.memo_of(entry, "cup", "k", never) == first
        assert cache.memo("cup", "k", never) == first
        # the render runs outside the event's lock: a writer could take it now
        holder = events.states.holder("cup")
        assert holder.lock.acquire(blocking=False)
        holder.lock.release()
    finally:
        build.release.set()
        thread.join()
    assert out == [f"page at {entry.seq}"]
    assert cache.memo("cup", "k", never) == f"page at {entry.seq}"


def test_a_write_during_the_render_is_stored_and_the_next_read_shows_it(
        events: EventService) -> None:
    cache = ViewCache(events, freshness=10, now=Tick())
    cache.memo("cup", "k", version_of)
    events.add_players("cup", ["P5"], "desk")
    build = Blocked()
    thread, _out = rebuild_in_thread(cache, build)
    try:
        events.add_players("cup", ["P6"], "desk")  # not held up by the render in progress
    finally:
        build.release.set()
        thread.join()
    last = events.states.holder("cup").loaded
    assert last is not None
    assert cache.memo("cup", "k", version_of) == f"page at {last.state.last_seq}"


def test_past_the_allowed_lag_a_reader_waits_for_the_new_page(events: EventService) -> None:
    tick = Tick()
    cache = ViewCache(events, freshness=10, now=tick)
    cache.memo("cup", "k", version_of)
    events.add_players("cup", ["P5"], "desk")
    build = Blocked()
    thread, out = rebuild_in_thread(cache, build)
    got: list[str] = []
    try:
        tick.at += 10  # the earlier page is now too old to be shown
        entry = cache.load("cup")
        reader = threading.Thread(
            target=lambda: got.append(cache.memo_of(entry, "cup", "k", version_of)))
        reader.start()
    finally:
        build.release.set()
        thread.join()
    reader.join()
    assert got == out == [f"page at {entry.seq}"]


def test_a_write_makes_the_version_change_at_once_and_rebuilds_nothing(
        events: EventService) -> None:
    # a version is trusted for an hour here: only the write itself can make it change
    cache = ViewCache(events, freshness=3600, now=Tick())
    before = cache.load("cup")
    cache.memo_of(before, "cup", "k", version_of)
    events.add_players("cup", ["P5"], "desk")
    key = cache.key("cup")
    assert key[2] == before.seq + 1  # the next read sees the write
    assert cache.peek("cup", key) is None  # and the write built no page
    assert cache.memo("cup", "k", version_of) == f"page at {key[2]}"


@pytest.mark.parametrize("page_states", [False, True], ids=["shared-states", "page-states"])
def test_a_refusal_after_a_write_leaves_the_write_seen_at_once(events: EventService,
                                                               page_states: bool) -> None:
    """A refused command drops the writers' state: it must not make the version read before
    the write it follows trusted again (a version is trusted for an hour here)."""
    cache = ViewCache(events, freshness=3600, now=Tick(), page_states=page_states)
    before = cache.load("cup")
    cache.memo_of(before, "cup", "k", version_of)
    events.pair_round("cup", "desk")
    with pytest.raises(Conflict):
        events.pair_round("cup", "desk")  # round 1 misses its result
    assert events.states.holder("cup").loaded is None  # (dropped)
    entry = cache.load("cup")
    assert entry.seq == before.seq + 1 and len(entry.loaded.state.rounds) == 1
    assert cache.memo("cup", "k", version_of) == f"page at {entry.seq}"


@pytest.mark.parametrize("page_states", [False, True], ids=["shared-states", "page-states"])
def test_an_event_deleted_by_this_process_is_unknown_at_once(events: EventService,
                                                             page_states: bool) -> None:
    cache = ViewCache(events, freshness=3600, now=Tick(), page_states=page_states)
    cache.memo("cup", "k", version_of)
    events.run_command(DeleteEvent("cup", yes=True), "desk")
    with pytest.raises(NotFound):
        cache.key("cup")
    with pytest.raises(NotFound):
        cache.memo("cup", "k", version_of)


def test_a_read_after_a_write_waits_for_a_snapshot_of_the_shared_state(
        events: EventService) -> None:
    """With the writers' states shared, their lock is also held by this process's writes and
    snapshots (pickled under it): a reader after a write waits for it, and never gets the
    version before the write (the pages' own states are held by readers only)."""
    cache = ViewCache(events, freshness=10, now=Tick())
    before = cache.load("cup")
    events.add_players("cup", ["P5"], "desk")
    lock = events.states.holder("cup").lock
    held, release = threading.Event(), threading.Event()

    def snapshot() -> None:  # a snapshot being pickled under the holder's lock
        with lock:
            held.set()
            release.wait(60)

    other = threading.Thread(target=snapshot)
    other.start()
    held.wait(60)
    found: list[int] = []
    reader = threading.Thread(target=lambda: found.append(cache.load("cup", stale=True).seq))
    reader.start()
    reader.join(0.2)
    waited = not found  # (a reader answered at once got the version before)
    release.set()
    other.join()
    reader.join(60)
    assert found == [before.seq + 1] and waited


def test_the_standings_page_is_served_stale_while_it_is_rebuilt(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the application: the standings render is the part that runs outside the lock."""
    db = Database(str(tmp_path / "app.db"))
    app = create_app(db, freshness=10)
    web = app.state.web
    web.events.create_event("cup", "Cup", "commander", {}, "setup", seed=11)
    web.events.add_players("cup", ["Ann", "Bob", "Cid", "Dan"], "setup")
    client = TestClient(app)
    first = client.get("/e/cup/live/views")
    assert first.status_code == 200 and "Ann" in first.text
    web.events.add_players("cup", ["Eve"], "desk")

    renderer = web.renderer
    real = renderer.render
    started, release = threading.Event(), threading.Event()

    def slow(lang: str, template: str, context: dict[str, Any]) -> str:
        if template == "public/_views.html" and not started.is_set():
            started.set()
            release.wait()
        return real(lang, template, context)

    monkeypatch.setattr(renderer, "render", slow)
    out: list[str] = []
    rebuild = threading.Thread(target=lambda: out.append(client.get("/e/cup/live/views").text))
    rebuild.start()
    try:
        started.wait()
        during = client.get("/e/cup/live/views")
        assert during.status_code == 200
        assert "Eve" not in during.text and "Ann" in during.text  # the previous page
    finally:
        release.set()
        rebuild.join()
    assert "Eve" in out[0]
    assert "Eve" in client.get("/e/cup/live/views").text
    db.dispose()


def test_a_page_built_from_a_part_being_rebuilt_waits_for_the_new_part(
        events: EventService) -> None:
    """The previous version's part is for readers only: a page built for the new version from
    it would be kept as that version's page until the next write."""
    cache = ViewCache(events, freshness=10, now=Tick())
    cache.memo("cup", "k", version_of)
    events.add_players("cup", ["P5"], "desk")
    build = Blocked()
    thread, _out = rebuild_in_thread(cache, build)  # the part "k" is being rebuilt
    page: list[str] = []

    def outer(_loaded: LoadedEvent) -> Later:
        return Later(lambda: "page of " + cache.memo("cup", "k", never))

    reader = threading.Thread(target=lambda: page.append(cache.memo("cup", "page", outer)))
    reader.start()
    build.release.set()
    thread.join()
    reader.join()
    assert page == [f"page of page at {cache.load('cup').seq}"]


def test_the_fast_path_lets_one_reader_of_a_new_version_build_and_serves_the_others_stale(
        events: EventService) -> None:
    """After a write, before anyone loaded the new version: the first reader of the fast path
    goes on to the application (it builds the page); the others get the page of the version
    before while within the lag (counted from when this process first saw the new version),
    and none of them once past it. Before, all of them went through the application."""
    tick = Tick()
    cache = ViewCache(events, freshness=10, now=tick)
    part = ("page", "cup")
    old = cache.load("cup")
    cache.memo_of(old, "cup", part, version_of)
    assert cache.part("cup", old.key, part) == f"page at {old.seq}"
    events.add_players("cup", ["P5"], "desk")
    key = cache.key("cup")
    assert key[2] == old.seq + 1
    assert cache.part("cup", key, part) is None  # the first: goes on and builds it
    assert cache.part("cup", key, part) == f"page at {old.seq}"  # the others: the one before
    assert cache.part("cup", key, part) == f"page at {old.seq}"
    tick.at += 10  # past the lag since the new version was first seen: nobody gets it
    assert cache.part("cup", key, part) is None
    assert cache.memo("cup", part, version_of) == f"page at {key[2]}"  # (the build)
    assert cache.part("cup", key, part) == f"page at {key[2]}"


def test_readers_that_find_the_version_stale_together_ask_the_database_once(
        events: EventService, monkeypatch: pytest.MonkeyPatch) -> None:
    """After a write of this process every reader finds the trusted version stale; the first
    asks the database, the others (waiting for it, or coming after) take its answer."""
    cache = ViewCache(events, freshness=3600, now=Tick())
    cache.key("cup")
    events.add_players("cup", ["P5"], "desk")  # this process's write: the version is stale
    asked: list[str] = []
    real = cache._ask
    asking, go = threading.Event(), threading.Event()

    def ask(slug: str, now: float) -> Any:
        asked.append(slug)
        asking.set()
        go.wait()  # the first reader's query is slow: the others come meanwhile
        return real(slug, now)

    monkeypatch.setattr(cache, "_ask", ask)
    keys: list[Any] = []
    threads = [threading.Thread(target=lambda: keys.append(cache.key("cup")))
               for _ in range(3)]
    threads[0].start()
    asking.wait()
    for thread in threads[1:]:
        thread.start()
    go.set()
    for thread in threads:
        thread.join()
    assert len(keys) == 3 and len(set(keys)) == 1
    assert keys[0][2] == events.load("cup").state.last_seq  # the write is seen
    assert asked == ["cup"]
