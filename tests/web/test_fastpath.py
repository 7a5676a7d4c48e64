"""The fast path for public pages: the same bytes as the application, only for anonymous
visitors of a page already rendered for the event's current version."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.responses import Response

from podium.store.db import Database
from podium.web.fastpath import cached_response
from tests.web.conftest import Site
from tests.web.test_public import results
from tests.web.test_read_your_writes import (
    Api,
    apps_over,
    assert_gone,
    assert_round_seen,
    rounds_seen,
    warm,
)


def test_a_rendered_page_is_served_again_from_the_cache_with_the_same_bytes(site: Site) -> None:
    site.event("cup", None)
    results(site, "cup")
    client = site.client()
    headers = {"Accept-Language": "ru"}
    first = client.get("/e/cup", headers=headers)
    again = client.get("/e/cup", headers=headers)
    assert again.status_code == 200 and again.content == first.content
    assert again.headers["etag"] == first.headers["etag"]
    assert client.get("/e/cup", headers={**headers, "If-None-Match": first.headers["etag"]}
                      ).status_code == 304
    # English is another page; a new result is a new version, rendered afresh
    assert client.get("/e/cup", headers={"Accept-Language": "en"}).content != first.content
    site.events.pair_round("cup", "org")  # a new version of the event (freshness 0 here)
    newer = client.get("/e/cup", headers=headers)
    assert newer.status_code == 200 and newer.headers["etag"] != first.headers["etag"]


def test_the_fast_path_answers_only_anonymous_cached_pages(site: Site) -> None:
    site.event("cup", None)
    anonymous = site.client()
    anonymous.get("/e/cup")  # renders and caches
    scope = {
        "type": "http", "method": "GET", "path": "/e/cup", "query_string": b"",
        "headers": [(b"host", b"testserver")], "app": site.app,
    }
    assert cached_response(scope) is not None
    other_host = {**scope, "headers": [(b"host", b"elsewhere.example")]}
    assert cached_response(other_host) is None  # without a public URL: cached per host
    with_session = {**scope, "headers": [(b"host", b"testserver"),
                                         (b"cookie", b"podium_session=abc")]}
    assert cached_response(with_session) is None
    other_page = {**scope, "path": "/e/cup/pairings"}
    assert cached_response(other_page) is None  # not rendered yet: the application answers
    unknown = {**scope, "path": "/e/nope"}
    assert cached_response(unknown) is None


# -- a write of this process is seen at once, whatever was answered after it ---------------------

STATES = pytest.mark.parametrize("page_states", [False, True],
                                 ids=["shared-states", "page-states"])
# the app's default (0.25 s), and a lag far longer than the test, so that a read behind is
# caught however slow the machine is
FRESHNESS = pytest.mark.parametrize("freshness", [None, 60.0], ids=["default", "minute"])


def one_app(tmp_path: Path, page_states: bool, freshness: float | None) -> Api:
    """An application over a new database, with ``page_states`` as ``podium serve`` runs it."""
    options = {} if freshness is None else {"freshness": freshness}
    api, = apps_over(Database(str(tmp_path / "fast.db")), 1, page_states, **options)
    assert api.app.state.web.cache.freshness == (freshness or 0.25)
    return api


def fast_page(api: Api, path: str) -> str | None:
    """The public page as the fast path answers it now, or None (the application answers)."""
    scope = {"type": "http", "method": "GET", "path": path, "query_string": b"",
             "headers": [(b"host", b"testserver")], "app": api.app}
    found = cached_response(scope)
    if found is None:
        return None
    assert isinstance(found, Response)
    return bytes(found.body).decode()


@STATES
@FRESHNESS
def test_a_read_right_after_a_refused_command_sees_the_write_before_it(
        tmp_path: Path, page_states: bool, freshness: float | None) -> None:
    """Pair round 2, be refused pairing again (round 2 misses its results): every read, right
    after the refusal, has round 2; before, for up to the freshness lag, the refusal made the
    version read before the write trusted again (404 "no round 2; rounds paired: 1")."""
    api = one_app(tmp_path, page_states, freshness)
    api.create("cup", ["Ann", "Bob", "Cid", "Dan"])
    assert api.do("cup", "round.pair").status_code == 200
    assert api.do("cup", "commander.result", table=1, finish="1234").status_code == 200
    warm(api, "cup")
    before = fast_page(api, "/e/cup/pairings")
    assert before is not None and "<h2>Round 1</h2>" in before  # answered by the fast path
    paired = api.do("cup", "round.pair")
    assert paired.status_code == 200 and paired.json()["said"] == "Round 2 paired."
    again = api.do("cup", "round.pair")
    assert again.status_code == 409 and again.json()["code"] == "round.incomplete"
    assert_round_seen(api, "cup", 2)  # at once: no sleep, no retry
    page = fast_page(api, "/e/cup/pairings")
    assert page is not None and "<h2>Round 2</h2>" in page


@STATES
@FRESHNESS
def test_a_command_refused_half_way_leaves_nothing_in_the_reads(
        tmp_path: Path, page_states: bool, freshness: float | None) -> None:
    """Adding Quentin and Ann, Ann being registered, is refused once Quentin was applied to the
    state (the writers drop it): no read shows Quentin (before, with the pages reading the
    writers' states, he stayed on every read until the next write)."""
    api = one_app(tmp_path, page_states, freshness)
    api.create("cup", ["Ann", "Bob", "Cid", "Dan"])
    warm(api, "cup")
    refused = api.do("cup", "player.add", names=["Quentin", "Ann"])
    assert refused.status_code == 422 and refused.json()["code"] == "player.duplicate"
    players = api.get("/api/v1/events/cup/players").json()
    assert [p["name"] for p in players] == ["Ann", "Bob", "Cid", "Dan"]
    assert api.get("/api/v1/events/cup").json()["players"] == 4
    assert api.get("/api/v1/events/cup/views/event").json()["players"] == 4
    standings = api.get("/api/v1/events/cup/views/standings").json()
    assert "Quentin" not in str(standings["rows"])
    assert "Quentin" not in api.page("/e/cup").text


@STATES
@FRESHNESS
def test_an_event_deleted_here_is_served_no_more_at_once(
        tmp_path: Path, page_states: bool, freshness: float | None) -> None:
    api = one_app(tmp_path, page_states, freshness)
    api.create("cup", ["Ann", "Bob", "Cid", "Dan"])
    assert api.do("cup", "round.pair").status_code == 200
    warm(api, "cup")
    unconfirmed = api.do("cup", "event.delete")  # refused: the id not typed again
    assert unconfirmed.status_code == 409 and unconfirmed.json()["code"] == "event.confirm"
    assert_round_seen(api, "cup", 1)
    warm(api, "cup")
    assert fast_page(api, "/e/cup/pairings") is not None
    assert api.do("cup", "event.delete", confirm="cup").status_code == 200
    assert fast_page(api, "/e/cup/pairings") is None
    assert_gone(api, "cup")  # at once, on every read
    # created again under its slug: the new event at once, nothing of the old one
    api.create("cup", ["Zoe", "Yan", "Xia"])
    assert [p["name"] for p in api.get("/api/v1/events/cup/players").json()] == [
        "Zoe", "Yan", "Xia"]
    assert rounds_seen(api, "cup") == [0, 0, 0, 0]
