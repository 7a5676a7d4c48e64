"""The fast path for public pages: the same bytes as the application, only for anonymous
visitors of a page already rendered for the event's current version."""

from __future__ import annotations

from podium.web.fastpath import cached_response
from tests.web.conftest import Site
from tests.web.test_public import results


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
