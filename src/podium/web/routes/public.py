"""Public pages, no login: events, standings (any format's views), pairings with "find my
table", and the pages a format plug-in adds. Each refreshes itself while a round is played
(HTMX polling of a fragment) and shows a QR code of its own address.
"""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Callable
from dataclasses import replace
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Query
from fastapi.responses import HTMLResponse, Response

from podium.compose import web_format
from podium.core import phases
from podium.core.errors import NotFound
from podium.service.events import LoadedEvent
from podium.web.deps import Page, page_dep
from podium.web.fastpath import page_response

router = APIRouter(include_in_schema=False)


def pairings_of(loaded: LoadedEvent) -> dict[str, Any]:
    """The current round's tables as plain rows for the template (and the name search)."""
    state = loaded.state
    rnd = state.current_round
    if rnd is None:
        return {"round": None, "tables": [], "byes": []}
    plugin = web_format(state.format)
    tables = []
    for table in rnd.tables:
        result = rnd.results.get(table.number)
        text = ""
        if result is not None and plugin.describe_result is not None:
            text = plugin.describe_result(state, result)
        tables.append(
            {
                "number": table.number,
                "seats": [
                    {"seat": i, "name": state.players[pid].name}
                    for i, pid in enumerate(table.seats, 1)
                ],
                "done": result is not None,
                "result": text,
            }
        )
    byes = [state.players[b.player].name for b in rnd.byes]
    return {"round": rnd, "tables": tables, "byes": byes}


def find(pairings: dict[str, Any], query: str) -> list[dict[str, Any]]:
    needle = query.casefold().strip()
    if not needle:
        return pairings["tables"]
    return [
        t for t in pairings["tables"]
        if any(needle in seat["name"].casefold() for seat in t["seats"])
    ]


def byes_found(pairings: dict[str, Any], query: str) -> list[str]:
    needle = query.casefold().strip()
    return [name for name in pairings["byes"] if needle and needle in name.casefold()]


@router.get("/", response_class=HTMLResponse)
def index(page: Annotated[Page, Depends(page_dep)]) -> Response:
    return page.render("public/index.html", events=page.web.events.list_events())


def cached_page(page: Page, slug: str, build: Callable[[], Response]) -> Response:
    """A public page for anonymous visitors, rendered once per event version, language and
    address, served gzipped when the browser accepts it, with an ETag for polling.

    Logged-in organisers (whose header differs) get a fresh render.
    """
    if page.user is not None or page.flashed or page.request.cookies.get("podium_flash"):
        return build()
    request = page.request
    version, _loaded, memo = page.web.cache.load(slug)
    key = ("page", page.lang, request.url.path, request.url.query)
    entry = memo.get(key)
    if entry is None:
        response = build()
        body = bytes(response.body)
        etag = f'"{slug}-{version}-{page.lang}-{zlib.crc32(key[2].encode() + key[3].encode())}"'
        entry = (body, gzip.compress(body, compresslevel=5, mtime=0), etag, response.status_code)
        memo[key] = entry
    return page_response(entry, request.headers)


PAGE_ROWS = 1000  # rows of one table per page, when the format shows one table at a time


def _views_html(page: Page, slug: str, table: str = "", start: int = 0
                ) -> tuple[LoadedEvent, str]:
    """The rendered tables of the event's views, once per event version, language and table.

    A format that declares ``one_table_per_page`` (many large tables, e.g. a marathon's stages)
    shows one table at a time, chosen by ``?table=KEY`` (the first by default), with links to
    the others: only that table is built, and only :data:`PAGE_ROWS` of its rows from
    ``?start=N`` are rendered. Other formats show all their tables.
    """

    def build(loaded: LoadedEvent) -> tuple[LoadedEvent, str]:
        ruleset = loaded.ruleset
        tabs: list[Any] = []
        paging: dict[str, int] | None = None
        if ruleset.one_table_per_page:
            tabs = ruleset.view_keys(loaded.state)
            chosen = table or (tabs[0][0] if tabs else "")
            one = ruleset.view(loaded.state, chosen) if chosen else None
            if table and one is None:
                raise NotFound(
                    "no table %(table)r: %(value)s",
                    table=table, value=', '.join(k for k, _t, _a in tabs))
            views = [one] if one is not None else []
            if one is not None and len(one.rows) > PAGE_ROWS:
                first = min(start - start % PAGE_ROWS, (len(one.rows) - 1) // PAGE_ROWS
                            * PAGE_ROWS)
                views = [replace(one, rows=one.rows[first : first + PAGE_ROWS])]
                paging = {"first": first, "last": min(first + PAGE_ROWS, len(one.rows)),
                          "total": len(one.rows), "size": PAGE_ROWS}
        else:
            views = ruleset.views(loaded.state)
            chosen = ""
        html = page.web.renderer.render(
            page.lang, "public/_views.html",
            {"views": views, "fmt": page.fmt, "tabs": tabs, "chosen": chosen,
             "slug": loaded.state.slug, "paging": paging, "event": loaded.state,
             "event_status": phases.status(loaded.state, ruleset),
             "warnings": ruleset.warnings(loaded.state)},
        )
        return loaded, html

    return page.web.cache.memo(slug, ("views", page.lang, table, start), build)


Table = Annotated[str, Query(max_length=40)]
Start = Annotated[int, Query(ge=0, le=10**9)]


@router.get("/e/{slug}", response_class=HTMLResponse)
async def standings(page: Annotated[Page, Depends(page_dep)], slug: str,
                    table: Table = "", start: Start = 0) -> Response:
    def build() -> Response:
        loaded, tables = _views_html(page, slug, table, start)
        query = urlencode({k: v for k, v in (("table", table), ("start", start)) if v})
        live = f"/e/{slug}/live/views" + (f"?{query}" if query else "")
        return page.render(
            "public/event.html", event=loaded.state, tables=tables, title=loaded.state.name,
            live=live, qr=page.qr(), tab="standings",
            plugin=web_format(loaded.state.format),
        )

    return cached_page(page, slug, build)


@router.get("/e/{slug}/live/views", response_class=HTMLResponse)
async def standings_fragment(page: Annotated[Page, Depends(page_dep)], slug: str,
                             table: Table = "", start: Start = 0) -> Response:
    return cached_page(page, slug,
                       lambda: HTMLResponse(_views_html(page, slug, table, start)[1]))


@router.get("/e/{slug}/pairings", response_class=HTMLResponse)
async def pairings(page: Annotated[Page, Depends(page_dep)], slug: str,
                   q: Annotated[str, Query(max_length=80)] = "") -> Response:
    def build() -> Response:
        _seq, loaded, _memo = page.web.cache.load(slug)
        data = page.web.cache.memo(slug, "pairings", pairings_of)
        return page.render(
            "public/pairings.html", event=loaded.state, data=data, tables=find(data, q), q=q,
            byes_found=byes_found,
            title=loaded.state.name, qr=page.qr(), tab="pairings",
            plugin=web_format(loaded.state.format),
        )

    return cached_page(page, slug, build) if not q else build()


@router.get("/e/{slug}/live/pairings", response_class=HTMLResponse)
async def pairings_fragment(page: Annotated[Page, Depends(page_dep)], slug: str,
                            q: Annotated[str, Query(max_length=80)] = "") -> Response:
    def build() -> Response:
        data = page.web.cache.memo(slug, "pairings", pairings_of)
        return page.render("public/_pairings.html", data=data, tables=find(data, q), q=q,
                           byes_found=byes_found)

    return cached_page(page, slug, build) if not q else build()


@router.get("/e/{slug}/p/{key}", response_class=HTMLResponse)
def plugin_page(page: Annotated[Page, Depends(page_dep)], slug: str, key: str) -> Response:
    _seq, loaded, _memo = page.web.cache.load(slug)
    plugin = web_format(loaded.state.format)
    extra = next((p for p in plugin.public_pages if p.key == key), None)
    if extra is None:
        raise NotFound(
            "no page %(key)r for this event",
            key=key)
    more = extra.context(loaded, page.request.query_params) if extra.context else {}
    return page.render(
        "public/plugin_page.html", event=loaded.state, loaded=loaded, extra=extra,
        title=loaded.state.name, qr=page.qr(), tab=key, plugin=plugin, **more,
    )


@router.get("/e/{slug}/p/{key}/live", response_class=HTMLResponse)
async def plugin_page_fragment(page: Annotated[Page, Depends(page_dep)], slug: str,
                               key: str) -> Response:
    """The live part of a format's page (polled by the page itself), cached per version."""

    def build() -> Response:
        _seq, loaded, _memo = page.web.cache.load(slug)
        plugin = web_format(loaded.state.format)
        extra = next((p for p in plugin.public_pages if p.key == key), None)
        if extra is None:
            raise NotFound(
                "no page %(key)r for this event",
                key=key)
        return page.render(extra.template, event=loaded.state, loaded=loaded, extra=extra,
                           plugin=plugin)

    return cached_page(page, slug, build)
