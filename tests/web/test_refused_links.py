"""No link or button to an action the event's state refuses: every link on every organiser and
public page of events in each phase (before round 1, tables playing, between rounds, a TOP,
finished, open play, a 7 Wonders year) opens a page (never a 409: "pairing is refused while
tables play" behind a "preview the next round" link), and pairing is offered only when the
round has every result."""

from __future__ import annotations

import html
from collections import deque
from urllib.parse import urljoin, urlsplit

from tests.web.conftest import Site
from tests.web.test_russian_pages import LINKS, SLUGS, populate

PAIRING = 'action="/manage/{slug}/rounds"'


def _links(client, starts: list[str], limit: int = 700) -> dict[str, tuple[int, str]]:
    """Every page reachable by links from ``starts``: URL -> (status, the page it was on)."""
    seen: dict[str, tuple[int, str]] = {}
    queue = deque((url, "start") for url in starts)
    while queue and len(seen) < limit:
        url, source = queue.popleft()
        if url in seen:
            continue
        answer = client.get(url)
        seen[url] = (answer.status_code, source)
        if "text/html" not in answer.headers.get("content-type", ""):
            continue
        for link in LINKS.findall(answer.text):
            parts = urlsplit(urljoin(url, html.unescape(link)))
            path = parts.path + (f"?{parts.query}" if parts.query else "")
            if parts.netloc in ("", "testserver") and not path.startswith(
                    ("/lang/", "/api", "/static", "/logout")) and path not in seen:
                queue.append((path, url))
    return seen


def test_no_link_leads_to_a_refusal(site: Site) -> None:
    populate(site)
    client = site.login("owner")
    starts = ["/", "/manage"] + [f"/{side}/{slug}" for slug in SLUGS for side in ("manage", "e")]
    refused = {url: found for url, found in _links(client, starts).items()
               if found[0] in (409, 412, 422)}
    assert not refused, refused


def test_pairing_is_offered_only_when_the_round_is_complete(site: Site) -> None:
    populate(site)
    client = site.login("owner")
    for slug, fmt in SLUGS.items():
        state = site.events.load(slug).state
        if fmt not in ("commander", "berserk"):
            continue
        page = client.get(f"/manage/{slug}").text
        playing = state.current_round is not None and not state.current_round.complete
        if playing:
            assert PAIRING.format(slug=slug) not in page, slug
            assert f"/manage/{slug}/preview" not in page, slug
    # between rounds (and before the first), pairing is the next step, its preview beside it
    for slug in ("cmdb", "cmd0"):
        page = client.get(f"/manage/{slug}").text
        assert PAIRING.format(slug=slug) in page and f"/manage/{slug}/preview" in page, slug
