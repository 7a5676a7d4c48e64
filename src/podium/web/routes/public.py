"""Public pages, no login: events, standings (any format's views), pairings with "find my
table", and the pages a format plug-in adds. Each refreshes itself while a round is played
(HTMX polling of a fragment) and shows a QR code of its own address.
"""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Callable, Mapping
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Query
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from podium.core import codes, phases
from podium.core.errors import NotFound
from podium.core.text import search_key
from podium.service.events import EventService, LoadedEvent
from podium.service.exports import to_csv, to_html
from podium.web import rowpages
from podium.web.cache import Entry, Later
from podium.web.deps import Page, page_dep
from podium.web.fastpath import page_key, page_response, version_asked

router = APIRouter(include_in_schema=False)


def pairings_of(loaded: LoadedEvent) -> dict[str, Any]:
    """The current round's tables as plain rows for the template (and the name search)."""
    state = loaded.state
    rnd = state.current_round
    if rnd is None:
        return {"round": None, "tables": [], "byes": []}
    tables = []
    for table in rnd.tables:
        result = rnd.results.get(table.number)
        text = result_text(loaded, result)
        tables.append(
            {
                "number": table.number,
                "seats": [
                    {"seat": i, "name": state.players[pid].name,
                     "key": search_key(state.players[pid].name)}
                    for i, pid in enumerate(table.seats, 1)
                ],
                "done": result is not None,
                "result": text,
            }
        )
    byes = [state.players[b.player].name for b in rnd.byes]
    names = [search_key(p.name) for p in state.players.values()]
    return {"round": rnd, "tables": tables, "byes": byes, "final": rnd.stage == "final",
            "names": names, "earlier": earlier_rounds(loaded)}


def result_text(loaded: LoadedEvent, result: Any) -> str:
    """A table's result as its format describes it ("" before it is entered)."""
    entry = loaded.ruleset.result_entry()
    if result is None or entry is None or entry.describe is None:
        return ""
    return entry.describe(loaded.state, result)


def earlier_rounds(loaded: LoadedEvent) -> list[dict[str, Any]]:
    """The rounds before the current one, latest first: each table's result, whether it was
    corrected, and the game losses a judge gave (the ``game_losses`` of a stored entry)."""
    state = loaded.state
    rounds = []
    for rnd in reversed(state.rounds[:-1]):
        tables = []
        for table in rnd.tables:
            result = rnd.results.get(table.number)
            text = result_text(loaded, result)
            losses = [(state.players[loss["player"]].name, loss.get("reason", ""))
                      for loss in (result.entry.get("game_losses") or [] if result else [])
                      if loss.get("player") in state.players]
            tables.append({"number": table.number, "result": text, "losses": losses,
                           "corrected": bool(result and result.corrected),
                           "names": [state.players[p].name for p in table.seats]})
        rounds.append({"number": rnd.number, "final": rnd.stage == "final", "tables": tables,
                       "byes": [state.players[b.player].name for b in rnd.byes]})
    return rounds


def find(pairings: dict[str, Any], query: str) -> list[dict[str, Any]]:
    """The tables with a player whose name holds ``query`` (case, accents, ё/е ignored)."""
    needle = search_key(query)
    if not needle:
        return pairings["tables"]
    return [
        t for t in pairings["tables"]
        if any(needle in seat["key"] for seat in t["seats"])
    ]


def byes_found(pairings: dict[str, Any], query: str) -> list[str]:
    needle = search_key(query)
    return [name for name in pairings["byes"] if needle and needle in search_key(name)]


def registered(pairings: dict[str, Any], query: str) -> bool:
    """Whether ``query`` names a player of the event (to tell them they are not in the final)."""
    needle = search_key(query)
    return bool(needle) and any(needle in key for key in pairings.get("names", ()))


@router.get("/", response_class=HTMLResponse)
def index(page: Annotated[Page, Depends(page_dep)],
          q: Annotated[str, Query(max_length=200)] = "") -> Response:
    """Events by status (running, upcoming, finished), a series' members under it, archived
    ones left out; ``?q=`` searches names, ids and venues (the form works without script)."""
    from podium.service.home import TITLES, WORDS, home

    return page.render("public/index.html", home=home(page.web.events, q), titles=TITLES,
                       words=WORDS)


def canonical_query(params: Mapping[str, Any]) -> str:
    """The normalised query of a page: its known parameters in a fixed order, defaults left
    out (the only query under which a rendered page is cached)."""
    return urlencode({k: v for k, v in params.items() if v})


def cached_page(page: Page, slug: str, build: Callable[[], Response],
                params: Mapping[str, Any] | None = None, unlocked: bool = False) -> Response:
    """A public page for anonymous visitors, rendered once per event version, language and
    address, served gzipped when the browser accepts it, with an ETag for polling.

    ``params`` are the page's validated query parameters: a request whose query is not their
    normalised form (unknown parameters, another order, a default spelt out) is redirected to
    it, so visitors cannot fill the memo with junk addresses (3,000 of them grew the process by
    20 MB). Logged-in organisers (whose header differs) get a fresh render.

    ``unlocked``: ``build`` takes what it reads from the state through memos of its own (the
    standings), so it runs outside the event's lock and a write never waits for it.
    """
    request = page.request
    query = canonical_query(params or {})
    if request.url.query != query:
        target = request.url.path + (f"?{query}" if query else "")
        return RedirectResponse(target, status_code=307)
    if page.user is not None or page.flashed or request.cookies.get("podium_flash"):
        return build()
    web = page.web
    key = page_key(web.public_url, request, page.lang)

    def kept(entry: Entry) -> tuple[bytes, bytes, str, int]:
        def finish() -> tuple[bytes, bytes, str, int]:
            response = build()
            body = bytes(response.body)
            tag = zlib.crc32("\0".join([*key[1:], entry.created.isoformat()]).encode())
            etag = f'"{slug}-{entry.event_id}-{entry.seq}-{page.lang}-{tag}"'
            return (body, gzip.compress(body, compresslevel=5, mtime=0), etag,
                    response.status_code)

        def render(_loaded: LoadedEvent) -> Any:
            return Later(finish) if unlocked else finish()

        found: tuple[bytes, bytes, str, int] = web.cache.memo_of(entry, slug, key, render)
        return found

    # the builder's recipe for this page at a later version (with ``background``)
    web.cache.keep(slug, key, lambda: kept(web.cache.load(slug)))
    # the version before, while one is caught up (not for a page asked for at a version)
    stale = not version_asked(request.headers)
    return page_response(kept(web.cache.load(slug, stale=stale)), request.headers)


def round_in_progress(loaded: LoadedEvent) -> dict[str, int] | None:
    """The round whose results are still coming in (for the standings' marker), or None."""
    rnd = loaded.state.current_round
    if rnd is None or rnd.complete or not rnd.tables:
        return None
    return {"number": rnd.number, "done": len(rnd.results), "total": len(rnd.tables)}


PAGE_ROWS = 1000  # rows of one table per page, when the format shows one table at a time


ROW_BYTES = 512  # a view's row as the memo counts it (a dict of a dozen cells)


class ViewsData(dict[str, Any]):
    """What :func:`_views_data` takes from the state, with its size as the page memo counts
    it (:func:`podium.web.cache.size_of`: a large event's rows weigh megabytes)."""

    @property
    def nbytes(self) -> int:
        return 4096 + ROW_BYTES * rowpages.total_rows(self.get("views", ()))


def _views_data(loaded: LoadedEvent, table: str, service: EventService | None = None
                ) -> ViewsData:
    """What the standings show, taken from the state (under the event's lock, once per event
    version and table): the views, the tabs, the event's status and warnings.

    A format that declares ``one_table_per_page`` (many large tables, e.g. a marathon's stages)
    shows one table at a time, chosen by ``?table=KEY`` (the first by default), with links to
    the others: only that table is built. Other formats show all their tables."""
    ruleset = loaded.ruleset
    tabs: list[Any] = []
    if ruleset.one_table_per_page:
        tabs = ruleset.table_keys(loaded.state)
        chosen = table or (tabs[0][0] if tabs else "")
        one = ruleset.table(loaded.state, chosen) if chosen else None
        if table and one is None:
            raise NotFound(
                "no table %(table)r: %(value)s", code=codes.VIEW_UNKNOWN,
                table=table, value=', '.join(k for k, _t, _a in tabs))
        views = [one] if one is not None else []
        size = PAGE_ROWS
    else:
        if table:
            raise NotFound("no table %(table)r or row %(row)s: this event shows all its tables "
                           "at once", code=codes.VIEW_UNKNOWN, table=table, row=1)
        views = ruleset.tables(loaded.state)
        chosen = ""
        size = rowpages.PAGE_SIZE
    odds_keep: tuple[str, ...] = ()
    if service is not None:  # the chances, when the organiser shows them (odds_shown)
        from podium.service.odds import public_chances

        views, odds_keep = public_chances(service, loaded, views)
    return ViewsData(loaded=loaded, views=views, tabs=tabs, chosen=chosen, size=size,
                     odds_keep=odds_keep,
                     event_status=phases.status(loaded.state, ruleset),
                     in_progress=round_in_progress(loaded),
                     warnings=ruleset.warnings(loaded.state), keys={})


def standings_href(slug: str, table: str, start: int, q: str) -> str:
    """The address of a page of the standings (its query normalised as the route wants it)."""
    query = canonical_query({"table": table, "start": start, "q": q})
    return f"/e/{slug}" + (f"?{query}" if query else "")


def _render_views(page: Page, slug: str, data: dict[str, Any], start: int, q: str
                  ) -> tuple[str, bool]:
    """A page of the standings (outside the event's lock): the rows matching ``q`` (every row
    when blank), :func:`rowpages.page_of` from ``start`` when they are more than a page, with
    the paging bar. Also whether the table is long (the page then shows the server's search)."""
    views, size = data["views"], data["size"]
    long_table = rowpages.total_rows(views) > size
    shown = rowpages.matching(views, q, data["keys"])
    total = rowpages.total_rows(shown)
    if start and start >= total:
        raise NotFound("no row %(row)s in table %(table)r",
                       code=codes.VIEW_ROW, row=start + 1, table=data["chosen"] or q)
    paging = None
    if total > size:
        first = rowpages.first_of_page(start, total, size)
        shown = rowpages.page_of(shown, first, size)
        paging = rowpages.paging(first, total, size, lambda at: standings_href(
            slug, table=data["chosen"] if data["tabs"] else "", start=at, q=q))
    downloads = [(v.key, v.title, v.title_args) for v in views if len(v.rows) > size] \
        if long_table else []
    loaded = data["loaded"]
    fmt = rowpages.CachedCells(page.fmt, page.lang)
    context = {**data, "views": shown, "fmt": fmt,
               "row_html": rowpages.RowHtml(page.lang, loaded.state.slug, fmt),
               "slug": loaded.state.slug,
               "paging": paging, "event": loaded.state, "q": q, "long_table": long_table,
               "downloads": downloads, "found": total,
               "plugin": page.web.format(loaded.state.format)}
    return page.web.renderer.render(page.lang, "public/_views.html", context), long_table


def _views_html(page: Page, slug: str, table: str = "", start: int = 0, q: str = ""
                ) -> tuple[LoadedEvent, str, bool]:
    """The rendered tables of the event's views (a page of their rows: :mod:`podium.web.rowpages`)
    and whether they are long. Without a search, once per event version, language, table and
    page; the views themselves once per version and table (``("views-data", table)``), so a
    search or another page of the same version only filters and renders."""
    cache = page.web.cache
    if q:
        entry = cache.load(slug)
        data = cache.memo_of(entry, slug, ("views-data", table),
                             lambda loaded: _views_data(loaded, table, cache.events))
        html, long_table = _render_views(page, slug, data, start, q)
        return data["loaded"], html, long_table

    def build(loaded: LoadedEvent) -> Later:
        # Under the event's lock: what the page shows, taken from the state; the render (most
        # of the cost) runs after the lock is released (podium.web.cache.ViewCache.memo_of).
        data = cache.memo(slug, ("views-data", table),
                          lambda now: _views_data(now, table, cache.events))
        return Later(lambda: (data["loaded"], *_render_views(page, slug, data, start, "")))

    found: tuple[LoadedEvent, str, bool] = cache.memo(slug, ("views", page.lang, table, start),
                                                      build)
    return found


Table = Annotated[str, Query(max_length=40, pattern=r"^[A-Za-z0-9_-]*$")]
Start = Annotated[int, Query(ge=0, le=10**9)]
Search = Annotated[str, Query(max_length=80)]


def view_params(page: Page, slug: str, table: str, start: int) -> dict[str, Any]:
    """The standings' query, normalised: ``start`` to the first row of its page (a page is
    :data:`PAGE_ROWS` rows of a one-table format's table, else :data:`rowpages.PAGE_SIZE`)."""
    one_table = page.web.cache.load(slug, stale=True).loaded.ruleset.one_table_per_page
    size = PAGE_ROWS if one_table else rowpages.PAGE_SIZE
    return {"table": table, "start": start - start % size}


@router.get("/e/{slug}", response_class=HTMLResponse)
def standings(page: Annotated[Page, Depends(page_dep)], slug: str,
              table: Table = "", start: Start = 0, q: Search = "") -> Response:
    """The standings, a page of rows at a time when long (``?start=N``), searched across every
    page by a player's name (``?q=``: the matching rows, paged the same way)."""
    home = page.web.format(page.web.cache.load(slug, stale=True)[1].state.format).home_path
    if home and not table and not start and not q:  # a format's own page (a series' overview)
        return page.redirect(f"/e/{slug}/{home}")

    def build() -> Response:
        loaded, tables, long_table = _views_html(page, slug, table, start, q)
        query = canonical_query({"table": table, "start": start, "q": q})
        live = f"/e/{slug}/live/views" + (f"?{query}" if query else "")
        search = {"q": q, "table": table, "action": f"/e/{slug}",
                  "clear": standings_href(slug, table, 0, "")} if long_table or q else None
        return page.render(
            "public/event.html", event=loaded.state, tables=tables, title=loaded.state.name,
            live=live, qr=page.qr(), tab="standings", search=search,
            plugin=page.web.format(loaded.state.format),
        )

    if q:  # a search is not kept: visitors choose it (the views it filters are)
        return build()
    return cached_page(page, slug, build, view_params(page, slug, table, start), unlocked=True)


@router.get("/e/{slug}/live/views", response_class=HTMLResponse)
def standings_fragment(page: Annotated[Page, Depends(page_dep)], slug: str,
                       table: Table = "", start: Start = 0, q: Search = "") -> Response:
    def build() -> Response:
        return HTMLResponse(_views_html(page, slug, table, start, q)[1])

    if q:
        return build()
    return cached_page(page, slug, build, view_params(page, slug, table, start), unlocked=True)


@router.get("/e/{slug}/standings.{kind}")
def standings_download(page: Annotated[Page, Depends(page_dep)], slug: str, kind: str,
                       table: Table = "") -> Response:
    """The whole of one table (``?table=KEY``, the first by default) for those who want every
    row: CSV (cells safe for spreadsheets) or a standalone HTML page, in the page's language."""
    if kind not in ("csv", "html"):
        raise NotFound("no page %(key)r for this event", code=codes.PAGE_UNKNOWN,
                       key=f"standings.{kind}")
    one_table = page.web.cache.load(slug)[1].ruleset.one_table_per_page
    data = page.web.cache.memo(slug, ("views-data", table if one_table else ""),
                               lambda loaded: _views_data(loaded, table if one_table else ""))
    views = data["views"]
    view = next((v for v in views if v.key == table), None) if table else \
        (views[0] if views else None)
    if view is None:
        raise NotFound("no table %(table)r: %(value)s", code=codes.VIEW_UNKNOWN, table=table,
                       value=", ".join(v.key for v in views))
    lang = "ru" if page.lang == "ru" else "en"
    if kind == "csv":
        return Response(to_csv(view, lang).encode("utf-8-sig"),
                        media_type="text/csv; charset=utf-8",
                        headers={"Content-Disposition":
                                 f'attachment; filename="{slug}-{view.key}.csv"'})
    return HTMLResponse(to_html(view, data["loaded"].state.name, lang))


@router.get("/e/{slug}/pairings", response_class=HTMLResponse)
def pairings(page: Annotated[Page, Depends(page_dep)], slug: str,
                   q: Annotated[str, Query(max_length=80)] = "") -> Response:
    def build() -> Response:
        _seq, loaded, _memo = page.web.cache.load(slug)
        data = page.web.cache.memo(slug, "pairings", pairings_of)
        return page.render(
            "public/pairings.html", event=loaded.state, data=data, tables=find(data, q), q=q,
            byes_found=byes_found, registered=registered, needle=search_key(q),
            title=loaded.state.name, qr=page.qr(), tab="pairings",
            plugin=page.web.format(loaded.state.format), clock=_clock(page, loaded),
        )

    return cached_page(page, slug, build, {"q": q}) if not q else build()


@router.get("/e/{slug}/live/pairings", response_class=HTMLResponse)
def pairings_fragment(page: Annotated[Page, Depends(page_dep)], slug: str,
                            q: Annotated[str, Query(max_length=80)] = "") -> Response:
    def build() -> Response:
        _seq, loaded, _memo = page.web.cache.load(slug)
        data = page.web.cache.memo(slug, "pairings", pairings_of)
        return page.render("public/_pairings.html", data=data, tables=find(data, q), q=q,
                           byes_found=byes_found, registered=registered,
                           needle=search_key(q), clock=_clock(page, loaded))

    return cached_page(page, slug, build, {"q": q}) if not q else build()


def _clock(page: Page, loaded: LoadedEvent) -> dict[str, Any] | None:
    """The round clock at the request's moment (:mod:`podium.web.clock`)."""
    from podium.web.clock import clock_context

    return clock_context(loaded, page.web.events.clock())


@router.get("/e/{slug}/projector", response_class=HTMLResponse)
def projector(page: Annotated[Page, Depends(page_dep)], slug: str,
              q: Annotated[str, Query(max_length=80)] = "") -> Response:
    """The venue's screen: the clock, the round's tables, "find my table" and a
    QR code of the public pairings (:mod:`podium.web.projector`)."""
    from podium.web.projector import projector_page

    return cached_page(page, slug, lambda: projector_page(page, slug, q, live=False),
                       {"q": q}) if not q else projector_page(page, slug, q, live=False)


@router.get("/e/{slug}/live/projector", response_class=HTMLResponse)
def projector_fragment(page: Annotated[Page, Depends(page_dep)], slug: str) -> Response:
    from podium.web.projector import projector_page

    return cached_page(page, slug, lambda: projector_page(page, slug, "", live=True))


@router.get("/e/{slug}/p/{key}", response_class=HTMLResponse)
def plugin_page(page: Annotated[Page, Depends(page_dep)], slug: str, key: str) -> Response:
    from podium.web.routes.views import find_tab, tab_page

    found = find_tab(page, slug, key)
    if found is not None:  # a declared view listed as a tab
        return tab_page(page, found[0], slug, live=False, tab=found[1])
    _seq, loaded, _memo = page.web.cache.load(slug)
    plugin = page.web.format(loaded.state.format)
    extra = next((p for p in plugin.public_pages if p.key == key), None)
    if extra is None and key == "report" and plugin.reports:
        # a format's own "Report a result" tab, bookmarked before it used the shared one
        return page.redirect(f"/e/{slug}/report")
    if extra is None:
        raise NotFound(
            "no page %(key)r for this event", code=codes.PAGE_UNKNOWN,
            key=key)
    query = canonical_query(plugin_query(page))
    live = f"/e/{slug}/p/{key}/live" + (f"?{query}" if query else "")
    # the page reads the state as it renders: held still meanwhile (a format's own page)
    with page.web.cache.reading(slug) as loaded:
        more = extra.context(loaded, page.request.query_params) if extra.context else {}
        return page.render(
            "public/plugin_page.html", event=loaded.state, loaded=loaded, extra=extra,
            title=loaded.state.name, qr=page.qr(), tab=key, plugin=plugin, live=live, **more,
        )


#: The query parameters a format's page reads (a publication's ``n``, ``table`` and ``start``,
#: a player page's ``name``): its live part is polled, and cached, under the same ones.
PLUGIN_QUERY = ("n", "table", "start", "name")


def plugin_query(page: Page) -> dict[str, str]:
    params = page.request.query_params
    return {name: str(params.get(name, ""))[:200] for name in PLUGIN_QUERY}


@router.get("/e/{slug}/p/{key}/live", response_class=HTMLResponse)
def plugin_page_fragment(page: Annotated[Page, Depends(page_dep)], slug: str,
                               key: str) -> Response:
    """The live part of a format's page (polled by the page itself, with the page's own query:
    a publication polled without it showed "nothing is published"), cached per version."""

    from podium.web.routes.views import find_tab, tab_page

    found = find_tab(page, slug, key)
    if found is not None:  # a declared view listed as a tab
        return tab_page(page, found[0], slug, live=True, tab=found[1])

    def build() -> Response:
        _seq, loaded, _memo = page.web.cache.load(slug)
        plugin = page.web.format(loaded.state.format)
        extra = next((p for p in plugin.public_pages if p.key == key), None)
        if extra is None:
            raise NotFound(
                "no page %(key)r for this event", code=codes.PAGE_UNKNOWN,
                key=key)
        with page.web.cache.reading(slug) as loaded:
            more = extra.context(loaded, page.request.query_params) if extra.context else {}
            return page.render(extra.template, event=loaded.state, loaded=loaded,
                               extra=extra, plugin=plugin, **more)

    return cached_page(page, slug, build, plugin_query(page))
