"""``/e/{slug}/v/{name}``: every declared view as a page (:mod:`podium.core.reads`).

The page reads the view through the one reader with the page's caller (anyone; the signed-in
organiser; a player's ``?code=``), its parameters from the query (decoded by their inputs, a
bad one refused with its name), and renders the view's own template (its context: ``value``
and, for a dataclass value, each of its fields by name) or the generic one: its tables, its
sentences, else its fields. A view a format lists as a tab (``tab=True``) is also served at
``/e/{slug}/p/{key}`` among the event's tabs, with the shared live refresh.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import HTMLResponse, Response

from podium.core.commands import TEXT, WEB, Caller
from podium.core.reads import Tab, ViewSpec
from podium.core.views import TableView
from podium.http import client_address
from podium.service.catalog import Invocation, Seen
from podium.web.deps import Page, page_dep

router = APIRouter(include_in_schema=False)

#: Query parameters a page of a view may carry besides the view's own.
PAGE_QUERY = frozenset({"code", "lang"})


def page_caller(page: Page) -> Caller:
    """Who reads: the signed-in organiser, a player with ``?code=``, or anyone."""
    address = client_address(page.request)
    code = page.request.query_params.get("code")
    if code:
        return Caller(actor="player", code=code[:64], address=address, device=page.device)
    if page.user is not None:
        return Caller(actor=page.user.username, username=page.user.username, address=address,
                      device=page.device)
    return Caller(actor="anonymous", address=address, device=page.device)


def read_page_view(page: Page, spec: ViewSpec[Any], slug: str,
                   preset: Mapping[str, str] | None = None) -> Seen:
    """Read the view with the page's query (``preset``: the parameters of its tab first)."""
    params = page.request.query_params
    keys = {p.name for p in spec.params_on(WEB)}
    fields: dict[str, Any] = {key: params.getlist(key) for key in keys if key in params}
    fields.update(preset or {})
    web = page.web
    return web.events.read(Invocation(spec.name, slug, fields, TEXT, WEB), page_caller(page),
                           lambda name: web.cache.load(name).loaded)


def view_context(seen: Seen) -> dict[str, Any]:
    """What a view's template gets: the value, its fields by name (a dataclass), and the
    tables and sentences the generic template shows."""
    value = seen.value
    context: dict[str, Any] = {"value": value, "seen": seen, "spec": seen.spec}
    if isinstance(value, TableView):
        context["views"] = [value]
    elif isinstance(value, list) and all(isinstance(v, TableView) for v in value):
        context["views"] = value
    elif seen.spec.show is not None:
        shown = list(seen.spec.show(value))
        context["views"] = [v for v in shown if isinstance(v, TableView)]
        context["lines"] = [v for v in shown if not isinstance(v, TableView)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type | TableView):
        fields = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
        context = {**fields, **context}
    return context


def find_view(page: Page, slug: str, name: str, tab: bool = False) -> ViewSpec[Any] | None:
    """The event's view ``name`` (or, for a tab, the view listed at ``name``)."""
    if tab:
        found = find_tab(page, slug, name)
        return found[0] if found is not None else None
    loaded = page.web.cache.load(slug).loaded
    views = page.web.catalog.views_for(loaded.ruleset.name)
    return next((v for v in views if v.name == name), None)


def find_tab(page: Page, slug: str, key: str) -> tuple[ViewSpec[Any], Tab] | None:
    """The view listed among the event's tabs at ``/e/{slug}/p/{key}``, and that tab (its
    parameters): a view's own short name, or one of the tabs it lists (a league's board)."""
    loaded = page.web.cache.load(slug).loaded
    for view in page.web.catalog.views_for(loaded.ruleset.name):
        for tab in view.tabs_of(loaded.state):
            if tab.key == key:
                return view, tab
    return None


def view_download(page: Page, spec: ViewSpec[Any], slug: str, name: str,
                  kind: str) -> Response:
    """A view's tables whole, for those who want every row: CSV (cells safe for
    spreadsheets: the first table) or a standalone HTML page, in the language the link asks
    for (``?lang=``), else the page's."""
    from podium.core import codes
    from podium.core.errors import NotFound
    from podium.service.exports import to_csv, to_html

    seen = read_page_view(page, spec, slug)
    tables = view_context(seen).get("views") or []
    if not tables:
        raise NotFound("no page %(key)r for this event", code=codes.PAGE_UNKNOWN,
                       key=f"v/{name}.{kind}"[:80])
    asked = page.request.query_params.get("lang")  # a link's ``?lang=``, else the page's
    lang = "ru" if (asked or page.lang) == "ru" else "en"
    if kind == "csv":
        return Response(to_csv(tables[0], lang).encode("utf-8-sig"),
                        media_type="text/csv; charset=utf-8",
                        headers={"Content-Disposition":
                                 f'attachment; filename="{slug}-{tables[0].key}.csv"'})
    return HTMLResponse(to_html(tables[0], seen.loaded.state.name, lang))


@router.get("/e/{slug}/v/{name}", response_class=HTMLResponse)
def view_page(page: Annotated[Page, Depends(page_dep)], slug: str, name: str) -> Response:
    """The view's page; ``NAME.csv`` and ``NAME.html`` download its table whole."""
    from podium.core import codes
    from podium.core.errors import NotFound

    base, _, kind = name.rpartition(".")
    if kind in ("csv", "html"):
        found = find_view(page, slug, base)
        if found is not None:
            return view_download(page, found, slug, base, kind)
    spec = find_view(page, slug, name)
    if spec is None:
        page.web.catalog.view(name)  # no view of that name at all: its own refusal
        loaded = page.web.cache.load(slug).loaded
        raise NotFound("no view %(name)r of event %(slug)r", code=codes.VIEW_UNKNOWN,
                       field="view", name=name[:80], slug=slug,
                       format=loaded.ruleset.name)
    return render_view(page, spec, slug, read_page_view(page, spec, slug))


def render_view(page: Page, spec: ViewSpec[Any], slug: str, seen: Seen,
                tab: str = "") -> Response:
    return page.render("public/view.html", **_context(page, spec, slug, seen, tab))


def tab_page(page: Page, spec: ViewSpec[Any], slug: str, live: bool,
             tab: Tab | None = None) -> Response:
    """A view listed among the event's tabs (``/e/{slug}/p/{key}``, read with the tab's
    parameters): the page with the shared live refresh, or (``live``) its refreshed part
    alone."""
    from urllib.parse import urlencode

    key = tab.key if tab is not None else spec.command_name
    preset = dict(tab.values) if tab is not None else {}
    seen = read_page_view(page, spec, slug, preset)
    if live:
        return page.render("public/_view_body.html", **_context(page, spec, slug, seen, key))
    params = {k: v for k, v in page.request.query_params.items()
              if k in {p.name for p in spec.params_on(WEB)} and k not in preset}
    refresh = f"/e/{slug}/p/{key}/live" + (f"?{urlencode(params)}" if params else "")
    return page.render("public/view.html", **_context(page, spec, slug, seen, key),
                       live=refresh)


def _context(page: Page, spec: ViewSpec[Any], slug: str, seen: Seen, tab: str
             ) -> dict[str, Any]:
    loaded = seen.loaded
    plugin = page.web.format(loaded.state.format)
    return {**view_context(seen), "event": loaded.state, "loaded": loaded,
            "title": loaded.state.name, "tab": tab or spec.command_name,
            "plugin": plugin, "qr": page.qr(), "own": spec.template, "slug": slug,
            "person_link": person_link(seen, spec, plugin.player_page)}


def person_link(seen: Seen, spec: ViewSpec[Any], player_page: str) -> tuple[int, str] | None:
    """On a format's page about one player (its ``player_page``, read with ``?name=``): the
    person of the register that player is linked to (their id and shown name), for a link to
    the person's page across events; None when not linked (or no register)."""
    name = seen.values.get("name") if player_page and spec.command_name == player_page else None
    if not name or seen.source is None:
        return None
    player = seen.loaded.state.player_by_name(str(name))
    if player is None:
        return None
    found: tuple[int, str] | None = seen.source.extra("person_of", player=player.id)
    return found


__all__ = ["find_tab", "find_view", "read_page_view", "render_view", "router", "tab_page",
           "view_context"]
