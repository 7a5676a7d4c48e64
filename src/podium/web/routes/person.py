"""A person's pages across events: short addresses of the register's declared views
(:mod:`podium.formats.people.reads`), read through the one reader like every view page.

- ``/p/{person}``: the person's page (``people.person``);
- ``/p/{person}/rating/{system}.svg``: their rating's history as a chart (pygal), an image of
  its own so the page needs no inline style or script (the CSP of :mod:`podium.web.security`);
- ``/p/{person}/versus?other=N``: the head to head (``people.versus``);
- ``/ratings``: the rating table with its system picker and "since" (``people.ratings``).
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import HTMLResponse, Response

from podium.core import codes
from podium.core.errors import NotFound
from podium.core.reads import ViewSpec
from podium.formats.people.registry import registry_exists
from podium.formats.people.rules import REGISTRY
from podium.web.deps import Page, page_dep
from podium.web.routes.views import find_view, read_page_view, render_view

router = APIRouter(include_in_schema=False)

#: A script element of the chart (pygal writes its configuration in one even with no script
#: file named): removed, the chart is a picture.
SCRIPT = re.compile(rb"<script\b.*?</script>", re.S)

#: The chart's own policy: its inline style only, nothing else (it is shown as an image).
SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"


def register_view(page: Page, name: str) -> ViewSpec[Any]:
    """The register's view ``name`` (NotFound when there is no register yet)."""
    spec = find_view(page, REGISTRY, name)
    if spec is None:
        raise NotFound("no view %(name)r of event %(slug)r", code=codes.VIEW_UNKNOWN,
                       field="view", name=name, slug=REGISTRY)
    return spec


def show(page: Page, name: str, preset: dict[str, str] | None = None) -> Response:
    spec = register_view(page, name)
    seen = read_page_view(page, spec, REGISTRY, preset)
    return render_view(page, spec, REGISTRY, seen, spec.command_name)


@router.get("/ratings", response_class=HTMLResponse)
def ratings_page(page: Annotated[Page, Depends(page_dep)]) -> Response:
    if not registry_exists(page.web.events, REGISTRY):  # nobody linked yet: say how
        return page.render("people/no_register.html", title=page.fmt.gettext("Ratings"))
    return show(page, "people.ratings")


@router.get("/p/{person}", response_class=HTMLResponse)
def person_page(page: Annotated[Page, Depends(page_dep)], person: str) -> Response:
    return show(page, "people.person", {"person": person[:200]})


@router.get("/p/{person}/versus", response_class=HTMLResponse)
def versus_page(page: Annotated[Page, Depends(page_dep)], person: str) -> Response:
    return show(page, "people.versus", {"person": person[:200]})


@router.get("/p/{person}/rating/{system}.svg")
def rating_chart(page: Annotated[Page, Depends(page_dep)], person: str, system: str
                 ) -> Response:
    """The person's rating after each game of ``system``, as an SVG image."""
    spec = register_view(page, "people.person")
    seen = read_page_view(page, spec, REGISTRY, {"person": person[:200]})
    found = next((r for r in seen.value.ratings if r.system == system), None)
    if found is None:
        raise NotFound("no rating of %(system)s", code=codes.PAGE_UNKNOWN, field="system",
                       system=system[:40])
    return Response(chart(page, found), media_type="image/svg+xml",
                    headers={"content-security-policy": SVG_CSP,
                             "cache-control": "no-cache"})


def chart(page: Page, rating: Any) -> bytes:
    """A line of the rating after each game (pygal, no script)."""
    import pygal
    from pygal.style import CleanStyle

    gettext = page.fmt.gettext
    # sized for a phone's width: the picture is scaled down to ~360 px, so its words are big
    style = CleanStyle(label_font_size=18, major_label_font_size=18, title_font_size=20,
                       font_family="sans-serif")
    line = pygal.Line(js=[], width=480, height=300, show_legend=False, style=style,
                      x_title=gettext("Game number"), show_minor_x_labels=False,
                      x_labels_major_count=6, dots_size=3, truncate_label=-1, margin=8)
    # game numbers, not dates: a phone cannot fit a date under every game (the dates are in
    # the games' table below the chart)
    line.x_labels = [str(n) for n in range(1, len(rating.history) + 1)]
    line.add(gettext("Rating"), [round(float(p.rating.fraction), 1) for p in rating.history])
    svg: bytes = line.render()
    return SCRIPT.sub(b"", svg)  # pygal's configuration for its (unused) tooltips script


__all__ = ["router"]
