"""The series' pages (:mod:`podium.core.series`): its overview, its table across the members and
a player's history, in Russian and English.

No format is named here: what a series shows comes from its members' format when they share
one (:meth:`podium.core.ruleset.Ruleset.series_views`, ``series_history``: a 7 Wonders year
gives its year table with the site-currency column, what is due, its survival battles and
Legendary League, and a player's path through the leagues), else the series' own defaults (the
ledger). Thin: the service replays, the member format computes, the templates render.

- ``/e/{slug}/p/overview`` (a tab of the series' public page): the overview, loaded from
  ``/e/{slug}/series/overview`` (also a page of its own): the members with their status, the
  last member's divisions (a 7 Wonders season's leagues), the format's views;
- ``/e/{slug}/series/table.html|csv``: the series' table, standalone HTML and CSV;
- ``/e/{slug}/series/player/{player}.html|csv``: a player's history.

The overview is rendered afresh on every request, never from the public page cache, since it
changes with the members, not with the series' own log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse, Response

from podium.core import phases
from podium.core.ruleset import Ruleset
from podium.core.series import Ledger
from podium.core.views import N_, TableView
from podium.service.events import EventService, LoadedEvent
from podium.service.exports import to_csv, to_html
from podium.service.series import series_ledger, series_members
from podium.web.deps import Page, page_dep
from podium.web.plugins import PublicPage, WebFormat

router = APIRouter()
PageDep = Annotated[Page, Depends(page_dep)]


@dataclass(frozen=True)
class Overview:
    """A series as its pages show it: the series, its members in order, its ledger, the
    format that speaks for the members and that format's views (the table first)."""

    series: LoadedEvent
    members: list[LoadedEvent]
    ledger: Ledger
    format: Ruleset
    views: list[TableView]

    def rows(self) -> list[dict[str, Any]]:
        """Each member: its label, slug, whether it is complete and the phase it plays."""
        out = []
        for member, loaded in zip(self.ledger.members, self.members, strict=True):
            status = phases.status(loaded.state, loaded.ruleset)
            out.append({"label": member.label, "event": member.event,
                        "complete": status.complete, "phase": status.phase.title})
        return out

    def events(self) -> dict[str, str]:
        """Each member's label -> its event's slug (a table names the members by label)."""
        return {m.label: m.event for m in self.ledger.members}

    def column_events(self, view: TableView) -> dict[str, str]:
        """The columns of ``view`` that are members (a season's points) -> the member's slug,
        so that a column's head links to its event."""
        events = self.events()
        return {c.key: events[c.label] for c in view.columns if c.label in events}

    def divisions(self) -> list[tuple[str, list[str]]]:
        """The last member's divisions (a season's leagues) with their players."""
        if not self.members:
            return []
        state = self.members[-1].state
        return [(d.name, [state.players[p].name for p in d.members])
                for d in state.divisions.values()]


def member_format(series: LoadedEvent, members: list[LoadedEvent]) -> Ruleset:
    """The members' format when they share one, else the series' own (the ledger)."""
    formats = {m.ruleset.name for m in members}
    return members[0].ruleset if len(formats) == 1 else series.ruleset


def overview(service: EventService, slug: str) -> Overview:
    series, members = series_members(service, slug)
    ledger = series_ledger(service, slug, loaded=(series, members))
    fmt = member_format(series, members)
    views = fmt.series_views(ledger, [m.state for m in members], service.clock())
    return Overview(series, members, ledger, fmt, views)


def _lang(lang: str, page: Page | None = None) -> str:
    """The language asked for (``?lang=``), else the page's (the visitor's choice)."""
    if not lang and page is not None:
        lang = page.lang
    return "ru" if lang == "ru" else "en"


def _csv(view: TableView, lang: str, name: str) -> Response:
    return Response(to_csv(view, lang).encode("utf-8-sig"),
                    media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


def history_view(service: EventService, slug: str, player: str) -> tuple[str, TableView]:
    found = overview(service, slug)
    view = found.format.series_history(found.ledger, [m.state for m in found.members], player)
    return found.series.state.name, view


@router.get("/e/{slug}/series/overview", response_class=HTMLResponse, include_in_schema=False)
def overview_page(page: PageDep, request: Request, slug: str) -> Response:
    """The series' overview: a page of its own, or (asked by the overview tab) its body."""
    found = overview(page.web.events, slug)
    if request.headers.get("hx-request"):
        return page.render("formats/series__overview.html", overview=found,
                           event=found.series.state)
    plugin = page.web.format(found.series.state.format)
    return page.render("formats/series_overview.html", overview=found,
                       event=found.series.state, loaded=found.series, plugin=plugin,
                       tab="standings", title=found.series.state.name)


Lang = Annotated[str, Query(max_length=2)]


@router.get("/e/{slug}/series/table.csv", include_in_schema=False)
def table_csv(page: PageDep, slug: str, lang: Lang = "") -> Response:
    return _csv(overview(page.web.events, slug).views[0], _lang(lang, page),
                f"{slug}-table.csv")


@router.get("/e/{slug}/series/table.html", response_class=HTMLResponse,
            include_in_schema=False)
def table_html(page: PageDep, slug: str, lang: Lang = "") -> Response:
    found = overview(page.web.events, slug)
    return HTMLResponse(to_html(found.views[0], found.series.state.name, _lang(lang, page)))


@router.get("/e/{slug}/series/player/{player}.csv", include_in_schema=False)
def player_csv(page: PageDep, slug: str, player: str, lang: Lang = "") -> Response:
    _name, view = history_view(page.web.events, slug, player)
    return _csv(view, _lang(lang, page), f"{slug}-{view.key}.csv")


@router.get("/e/{slug}/series/player/{player}.html", response_class=HTMLResponse,
            include_in_schema=False)
def player_html(page: PageDep, slug: str, player: str, lang: Lang = "") -> Response:
    name, view = history_view(page.web.events, slug, player)
    return HTMLResponse(to_html(view, name, _lang(lang, page)))


@router.get("/e/{slug}/series/player/{player}", response_class=HTMLResponse,
            include_in_schema=False)
def player_page(page: PageDep, slug: str, player: str) -> Response:
    """A player's path through the series (a 7 Wonders year: each season's league, place and
    points, rule W7-1), each member linked to its event, with the downloads."""
    found = overview(page.web.events, slug)
    view = found.format.series_history(found.ledger, [m.state for m in found.members], player)
    return page.render("formats/series_player.html", overview=found, view=view, player=player,
                       event=found.series.state, loaded=found.series,
                       plugin=page.web.format(found.series.state.format), tab="standings",
                       title=found.series.state.name)


SERIES_WEB = WebFormat(
    name="series",
    # the series' public page is its overview (/e/{slug} sends there); the old tab's address
    # still answers
    public_pages=(PublicPage("overview", N_("Overview"), "formats/series_overview_tab.html",
                             shown=lambda state: False),),
    routes=router,
    home_path="series/overview",
)
