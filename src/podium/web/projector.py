"""The projector page (beyond the regulation): what a venue's screen shows during a
round, on one 1920x1080 screen without scrolling: the large round clock, the round's tables in
columns (denser as there are more of them: 16 pods of a 64-player round fit), "find my table"
and a QR code of the public pairings page, for the players' phones.

It refreshes its tables and clock by polling a fragment (``/e/<event>/live/projector``), and
``/static/clock.js`` counts the clock down and filters the names as they are typed.
"""

from __future__ import annotations

from fastapi.responses import Response

from podium.core.text import search_key
from podium.web.deps import Page
from podium.web.hosts import absolute
from podium.web.render import qr_svg


def density(tables: int) -> str:
    """How tightly the tables are set: each step a smaller type and more columns."""
    if tables <= 8:
        return "d1"
    if tables <= 16:
        return "d2"
    if tables <= 30:
        return "d3"
    return "d4"


def projector_page(page: Page, slug: str, q: str, live: bool) -> Response:
    from podium.web.routes.public import _clock, find, pairings_of

    _seq, loaded, _memo = page.web.cache.load(slug)
    data = page.web.cache.memo(slug, "pairings", pairings_of)
    needle = search_key(q)
    found = find(data, q) if needle else []
    pairings = f"/e/{slug}/pairings"
    return page.render(
        "public/_projector.html" if live else "public/projector.html",
        event=loaded.state, data=data, tables=data["tables"], q=q, needle=needle,
        found=found, clock=_clock(page, loaded), density=density(len(data["tables"])),
        pairings_url=absolute(page.web.public_url, page.request, pairings),
        pairings_qr=qr_svg(absolute(page.web.public_url, page.request, pairings), fluid=True),
        title=loaded.state.name)


__all__ = ["density", "projector_page"]
