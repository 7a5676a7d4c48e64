"""Public pages rebuilt in the background (``ViewCache(background=True)``, as ``podium serve``
runs): a reader of a page read before never rebuilds it, it gets the last one built while the
process's builder builds the new version; the writer's own reads (the API, an organiser) see
its write at once; a page is never served more than the builder's lag late
(:data:`podium.web.builder.STALE_LIMIT`), and a failed rebuild leaves the page to its readers.

Every test holds the builder on an event it releases itself: nothing here depends on timing.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from podium.store.db import Database
from podium.web.builder import STALE_LIMIT
from podium.web.cache import ViewCache
from tests.web.conftest import csrf_of
from tests.web.test_fastpath import fast_page
from tests.web.test_read_your_writes import PASSWORD, ROUND_HEADING, Api, apps_over


class Tick:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.at = 1000.0

    def __call__(self) -> float:
        return self.at


class HeldBuilder:
    """The builder's rounds wait until the test lets them run (or fail)."""

    def __init__(self, cache: ViewCache, monkeypatch: pytest.MonkeyPatch) -> None:
        HELD.append(self)
        self.entered = threading.Event()
        self.gate = threading.Event()
        self.fail = False
        original = cache.build_pages

        def held(slug: str, rebuilds: list[Any]) -> Any:
            self.entered.set()
            self.gate.wait(30)
            if self.fail:
                raise RuntimeError("a template error")
            return original(slug, rebuilds)

        monkeypatch.setattr(cache, "build_pages", held)


HELD: list[HeldBuilder] = []


@pytest.fixture(params=[False, True], ids=["shared-states", "page-states"])
def api(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Api]:
    db = Database(str(tmp_path / "background.db"))
    one, = apps_over(db, 1, request.param, background_pages=True)
    one.app.state.web.cache.now = Tick()
    one.create("cup", ["Ann", "Bob", "Cid", "Dan"])
    assert one.do("cup", "round.pair").status_code == 200
    for _ in range(2):  # through the application, then from the fast path
        assert one.page("/e/cup/pairings").status_code == 200
    yield one
    while HELD:  # a test that failed half-way leaves no round held
        HELD.pop().gate.set()
    cache_of(one).wait_for_builds()
    db.dispose()


def cache_of(api: Api) -> ViewCache:
    cache: ViewCache = api.app.state.web.cache
    return cache


def round_on(page: str | None) -> int:
    """The last round the public pairings page heads."""
    assert page is not None, "the fast path did not answer"
    return max(int(n) for n in ROUND_HEADING.findall(page))


def next_round(api: Api) -> None:
    """Round 1's result and round 2 paired: two writes, a new version."""
    assert api.do("cup", "commander.result", table=1, finish="1234").status_code == 200
    assert api.do("cup", "round.pair").status_code == 200


def held_after_a_write(api: Api, monkeypatch: pytest.MonkeyPatch, fail: bool = False
                       ) -> tuple[ViewCache, HeldBuilder]:
    """The builder held, a new version written, and an anonymous reader given the last page
    built (which asks the builder for the new one)."""
    cache = cache_of(api)
    held = HeldBuilder(cache, monkeypatch)
    held.fail = fail
    next_round(api)
    assert round_on(fast_page(api, "/e/cup/pairings")) == 1
    assert held.entered.wait(30)
    return cache, held


def test_a_reader_gets_the_last_page_while_the_builder_builds_the_new_one(
        api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = cache_of(api)
    held = HeldBuilder(cache, monkeypatch)
    assert round_on(fast_page(api, "/e/cup/pairings")) == 1
    next_round(api)
    # the writer's own reads see its write at once, the builder held or not
    assert len(api.get("/api/v1/events/cup/rounds").json()) == 2
    event_id, _created, seq = cache.key("cup")
    ready = cache.built(event_id, seq)
    # a reader (of the fast path, or of the application) gets the last page built, at once
    assert round_on(fast_page(api, "/e/cup/pairings")) == 1
    assert round_on(api.page("/e/cup/pairings").text) == 1
    assert held.entered.wait(30)  # the builder was asked for the new one
    assert not ready.done()
    held.gate.set()
    assert ready.result(30) >= seq
    assert cache.wait_for_builds()
    assert round_on(fast_page(api, "/e/cup/pairings")) == 2
    assert round_on(api.page("/e/cup/pairings").text) == 2


def test_a_hook_hears_each_built_version(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = cache_of(api)
    heard: list[tuple[int, int]] = []
    cache.on_built(lambda event, seq: heard.append((event, seq)))
    next_round(api)
    event_id, _created, seq = cache.key("cup")
    assert cache.built(event_id, seq).result(30) == seq
    assert (event_id, seq) in heard
    assert cache.built(event_id, seq).done()  # built already: at once


def test_past_the_lag_a_reader_gets_the_new_page_not_the_old_one(
        api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    cache, held = held_after_a_write(api, monkeypatch)  # the newer version seen now
    cache.now.at += STALE_LIMIT  # type: ignore[attr-defined]
    assert fast_page(api, "/e/cup/pairings") is None  # the application answers it
    assert round_on(api.page("/e/cup/pairings").text) == 2
    held.gate.set()
    assert cache.wait_for_builds()


def test_a_failed_rebuild_leaves_the_page_to_its_readers(
        api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    cache, held = held_after_a_write(api, monkeypatch, fail=True)
    held.gate.set()
    assert cache.wait_for_builds()
    # no earlier page is served any more: a reader builds it (and would see an error)
    assert fast_page(api, "/e/cup/pairings") is None
    assert round_on(api.page("/e/cup/pairings").text) == 2


def test_an_organiser_never_gets_an_earlier_page(api: Api, monkeypatch: pytest.MonkeyPatch
                                                 ) -> None:
    cache = cache_of(api)
    held = HeldBuilder(cache, monkeypatch)
    form = api.client.get("/login").text
    answer = api.client.post("/login", data={"username": "anna", "password": PASSWORD,
                                             "csrf_token": csrf_of(form)})
    assert answer.status_code == 303, answer.text
    next_round(api)
    assert round_on(fast_page(api, "/e/cup/pairings")) == 1  # an anonymous reader
    page = api.client.get("/e/cup/pairings")  # the organiser's session: built for her
    assert round_on(page.text) == 2
    held.gate.set()
    assert cache.wait_for_builds()


def test_a_page_asked_for_at_a_version_is_the_one_built_for_it(
        api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    cache, held = held_after_a_write(api, monkeypatch)
    seq = cache.key("cup")[2]
    got: list[str] = []
    asking = threading.Thread(target=lambda: got.append(api.visitor.get(
        "/e/cup/pairings", headers={"Podium-Version": str(seq)}).text))
    asking.start()
    held.gate.set()
    asking.join()
    assert round_on(got[0]) == 2  # never the page of the version before


def test_a_version_header_that_is_no_number_is_ignored(api: Api) -> None:
    for value in ("x", "-1", "9" * 40, ""):
        answer = api.visitor.get("/e/cup/pairings", headers={"Podium-Version": value})
        assert answer.status_code == 200 and round_on(answer.text) == 1
