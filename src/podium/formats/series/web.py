"""The series' pages (:mod:`podium.core.series`): its table across the members and a player's
history, as standalone HTML pages and CSV downloads in Russian and English. For a 7 Wonders
year the table is the year table (with the site-currency column, rule W7-1) and the history is
the player's path through the leagues. Thin: the service computes, the exports render."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from podium.core.errors import NotFound
from podium.core.series import history
from podium.core.views import N_, Column, TableView
from podium.service.exports import to_csv, to_html
from podium.service.series import series_ledger, series_members
from podium.web.plugins import WebFormat

router = APIRouter()


def _lang(lang: str) -> str:
    return "ru" if lang == "ru" else "en"


def _is_w7(events: list[Any]) -> bool:
    return bool(events) and all(e.ruleset.name == "seven-wonders" for e in events)


def table_view(service: Any, slug: str) -> tuple[str, TableView]:
    """The series' table: the W7 year table for a 7 Wonders year, else the ledger."""
    loaded = series_members(service, slug)
    ledger = series_ledger(service, slug, loaded=loaded)
    if _is_w7(loaded[1]):
        from podium.formats.seven_wonders.year_views import year_view

        return loaded[0].state.name, year_view(ledger)
    columns = [Column("rank", N_("Place"), numeric=True), Column("player", N_("Player"))]
    columns += [Column(f"m{i}", m.label, numeric=True) for i, m in enumerate(ledger.members)]
    columns.append(Column("total", N_("Total"), numeric=True))
    rows = tuple({"rank": rank, "player": row.player, "total": row.total,
                  **{f"m{i}": p for i, p in enumerate(row.points)}}
                 for rank, row in enumerate(ledger.rows, start=1))
    return loaded[0].state.name, TableView("series", N_("Series table"), tuple(columns), rows)


def player_view(service: Any, slug: str, player: str) -> tuple[str, TableView]:
    """A player's history across the series (a W7 player's path through the leagues)."""
    loaded = series_members(service, slug)
    if _is_w7(loaded[1]):
        from podium.formats.seven_wonders.year_commands import player_path
        from podium.formats.seven_wonders.year_views import path_view

        return loaded[0].state.name, path_view(player, player_path(service, slug, player))
    ledger = series_ledger(service, slug, loaded=loaded)
    steps = history(ledger, player)
    if not steps or all(points is None for _m, points in steps):
        raise NotFound("%(name)s played no event of the series", code="player.unknown",
                       field="player", name=player)
    rows = tuple({"event": m.label, "points": p} for m, p in steps)
    return loaded[0].state.name, TableView(
        "history", N_("History of {player}"),
        (Column("event", N_("Event")), Column("points", N_("Points"), numeric=True)), rows,
        {"player": player})


def _csv(view: TableView, lang: str, name: str) -> Response:
    return Response(to_csv(view, _lang(lang)).encode("utf-8-sig"),
                    media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/e/{slug}/series/table.csv", include_in_schema=False)
def table_csv(request: Request, slug: str, lang: str = Query("en", max_length=2)) -> Response:
    _name, view = table_view(request.app.state.web.events, slug)
    return _csv(view, lang, f"{slug}-table.csv")


@router.get("/e/{slug}/series/table.html", response_class=HTMLResponse,
            include_in_schema=False)
def table_html(request: Request, slug: str, lang: str = Query("en", max_length=2)
               ) -> Response:
    name, view = table_view(request.app.state.web.events, slug)
    return HTMLResponse(to_html(view, name, _lang(lang)))


@router.get("/e/{slug}/series/player/{player}.csv", include_in_schema=False)
def player_csv(request: Request, slug: str, player: str,
               lang: str = Query("en", max_length=2)) -> Response:
    _name, view = player_view(request.app.state.web.events, slug, player)
    return _csv(view, lang, f"{slug}-{view.key}.csv")


@router.get("/e/{slug}/series/player/{player}.html", response_class=HTMLResponse,
            include_in_schema=False)
def player_html(request: Request, slug: str, player: str,
                lang: str = Query("en", max_length=2)) -> Response:
    name, view = player_view(request.app.state.web.events, slug, player)
    return HTMLResponse(to_html(view, name, _lang(lang)))


SERIES_WEB = WebFormat(name="series", routes=router)
