"""The mahjong marathon's web plug-in (regulation MJ): open play, so no rounds on its pages.

The organiser's forms are the marathon's declared commands (:mod:`.declared`: a game by hand,
an import, a penalty, a disqualification of a game or of a player, a revert, a publication),
each posted to ``/manage/{slug}/do/mahjong-marathon.<command>`` and drawn by its own template
(``templates/formats/mahjong_marathon_*.html``), which reads the helpers below through
``plugin`` (the decisions, the regulation's penalty amounts, the MJ-5 grounds).

Public pages: the standings page shows the live stage tables and the total (the format's
``views``); ``/e/{slug}/p/publications`` lists the publications and shows a chosen table of one,
with the movement against the previous publication (place, GP, games), and links to its CSV and
standalone HTML exports (:mod:`podium.service.exports`). ``/e/{slug}/p/player?name=...`` is one
player's page (games, best series, stage results; :mod:`.player`), linked from every table's
names; on a phone the tables keep the result (a stage) or SN (the total) beside №, ± and the
name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from podium.core.errors import InvalidInput, NotFound
from podium.core.text import search_key
from podium.core.views import N_, TableView
from podium.formats.mahjong_marathon import codes
from podium.formats.mahjong_marathon import views as mviews
from podium.formats.mahjong_marathon.commands import require_marathon
from podium.formats.mahjong_marathon.player import player_record
from podium.formats.mahjong_marathon.rules import DQ_GROUNDS, GAME_DQ, PENALTY, book_of
from podium.formats.mahjong_marathon.settings import MJ6A_AMOUNTS, MJ6B_AMOUNTS, MJ6C_AMOUNTS
from podium.formats.mahjong_marathon.views import published_view
from podium.service.events import LoadedEvent
from podium.service.exports import label, to_csv, to_html
from podium.web.plugins import PublicPage, WebFormat

# Rule MJ-6: the amounts the regulation allows, per kind (the select of the penalty form).
PENALTIES = (("6a", MJ6A_AMOUNTS), ("6b", MJ6B_AMOUNTS), ("6c", MJ6C_AMOUNTS))
GROUND_LABELS = {
    "left": N_("two or more players left the table"),
    "absent": N_("more than 8 hands played without one of the players"),
    "automoves": N_("400 or more auto-moves by one player"),
    "player-dq": N_("a player was disqualified"),
    "server": N_("a server failure that affected all four players"),
    "other": N_("another organiser decision"),
}
assert set(GROUND_LABELS) == set(DQ_GROUNDS)
KIND_LABELS = {
    "6a": N_("MJ-6a: GP in one game"),
    "6b": N_("MJ-6b: GP from the total (stage)"),
    "6c": N_("MJ-6c: TP from a stage"),
}


# what the templates read ------------------------------------------------------------------------
def decisions(loaded: LoadedEvent) -> list[dict[str, Any]]:
    """The organiser decisions, newest first, as lines for the revert form."""
    state = loaded.state
    book = book_of(state)
    rows = []
    for d in sorted(book.decisions.values(), key=lambda d: -d.seq):
        p = d.payload
        player = state.players.get(p.get("player")) if "player" in p else None
        if d.kind == PENALTY:
            what = KIND_LABELS.get(p.get("kind"), "")
            where = p.get("game") or p.get("stage")
            detail = f"{player.name if player else ''}: −{p.get('amount')} ({where})"
        elif d.kind == GAME_DQ:
            what = N_("MJ-5: game disqualified")
            detail = f"{p.get('game')} ({p.get('ground')})"
        else:
            what = N_("player disqualified")
            detail = player.name if player else ""
        rows.append({"seq": d.seq, "what": what, "detail": detail, "reason": d.reason,
                     "actor": d.actor, "at": d.at, "active": d.active,
                     "reverted_by": d.reverted_by})
    return rows


def penalty_choices(loaded: LoadedEvent) -> list[tuple[str, str, list[int]]]:
    return [(kind, KIND_LABELS[kind], list(amounts)) for kind, amounts in PENALTIES]


PAGE_ROWS = 1000  # rows of a published table per page


def published_table(loaded: LoadedEvent, number: int, key: str) -> TableView | None:
    return published_view(loaded.state, book_of(loaded.state), number, key)


def _query_number(query: Mapping[str, str], name: str, default: int) -> int:
    """A whole number of the page's query, bounded (``n=10**30`` is refused, not guessed)."""
    text = str(query.get(name, "")).strip()
    if not text:
        return default
    if not text.isdigit() or not text.isascii() or len(text) > 9:
        raise InvalidInput(N_("%(name)s: a whole number from 0 to 999999999"),
                           code=codes.QUERY, field=name, name=name)
    return int(text)


def _query_key(query: Mapping[str, str]) -> str:
    """The page's ``table`` (``stage-2``, ``total``): letters, digits, ``-`` and ``_`` only
    (``../../x`` is refused, not looked up); empty when not given."""
    key = str(query.get("table", "")).strip()
    if not re.fullmatch(r"[A-Za-z0-9_-]{0,40}", key):
        raise InvalidInput(N_("%(name)s: a table's key such as stage-1 or total"),
                           code=codes.QUERY, field="table", name="table")
    return key


def publications_context(loaded: LoadedEvent, query: Mapping[str, str]) -> dict[str, Any]:
    """Rule MJ-11: the publications, and one chosen table of one (the last by default),
    compared with the publication before it; 1,000 rows a page from ``start``. The page's
    query is checked before anything is looked up, publications or not: a malformed one is
    refused (422), a well-formed one naming nothing published is not found (404)."""
    book = book_of(loaded.state)
    pubs = [{"number": p["number"], "at": p["at"]} for p in book.publications]
    number = _query_number(query, "n", len(pubs))
    typed_key = _query_key(query)
    start = _query_number(query, "start", 0)
    if not pubs and "n" not in query:
        return {"publications": [], "chosen": None, "shown": [], "tables": []}
    if not 1 <= number <= len(pubs):
        raise NotFound(N_("no publication %(n)s; published: %(count)s"),
                       code=codes.PUBLICATION_UNKNOWN, field="n", n=number, count=len(pubs))
    snapshot = book.publications[number - 1]["snapshot"]
    tables = mviews.view_keys(len(snapshot["stages"]))
    key = typed_key or tables[0][0]
    view = published_table(loaded, number, key)
    if view is None:
        raise NotFound(N_("no table %(key)r in publication %(number)s"),
                       code=codes.TABLE_UNKNOWN, field="table", key=key, number=number)
    total = len(view.rows)
    first = min(start - start % PAGE_ROWS, max(total - 1, 0) // PAGE_ROWS * PAGE_ROWS)
    paging = None
    if total > PAGE_ROWS:
        view = replace(view, rows=view.rows[first : first + PAGE_ROWS])
        paging = {"first": first, "last": min(first + PAGE_ROWS, total), "total": total,
                  "size": PAGE_ROWS}
    return {"publications": pubs, "chosen": number, "tables": tables, "table_key": key,
            "shown": [view], "pub_paging": paging}


# the player's page --------------------------------------------------------------------------------
WHY_NOT = {
    "stage": N_("outside every stage (rule MJ-2)"),
    "game-dq": N_("the game was disqualified (rule MJ-5)"),
    "player-dq": N_("during the player's disqualification (rule MJ-6)"),
}


def player_context(loaded: LoadedEvent, query: Mapping[str, str]) -> dict[str, Any]:
    """One player's games, best series and stage results (rules MJ-7a, MJ-8, MJ-10), found by
    the name the tables link with (``?name=``), as the event compares names."""
    name = str(query.get("name", "")).strip()
    wanted = search_key(name)
    found = next((pid for pid, p in loaded.state.players.items() if p.name == name), None)
    if found is None and wanted:
        found = next((pid for pid, p in loaded.state.players.items()
                      if search_key(p.name) == wanted), None)
    if found is None:
        raise NotFound(N_("no player %(name)r in this marathon"), code=codes.PLAYER_UNKNOWN,
                       field="name", name=name)
    record = player_record(loaded.state, found)
    return {"record": record, "why_not": WHY_NOT,
            "guests": set(loaded.state.settings.guest_names),  # named, never linked (MJ-3)
            "started": {g.game: datetime.fromtimestamp(g.start, UTC) for g in record.games}}


# exports (the plug-in's own routes, outside the API schema) -------------------------------------
router = APIRouter()


def _published_view(request: Request, slug: str, number: int, key: str
                    ) -> tuple[LoadedEvent, TableView]:
    web = request.app.state.web
    _seq, loaded, _memo = web.cache.load(slug)
    require_marathon(loaded)
    found = published_table(loaded, number, key)
    if found is None:
        raise NotFound(N_("no table %(key)r in publication %(number)s"),
                       code=codes.TABLE_UNKNOWN, field="table", key=key, number=number)
    return loaded, found


@router.get("/e/{slug}/p/publications/{number}/{key}.csv", include_in_schema=False)
def export_csv(request: Request, slug: str, number: int, key: str,
               lang: str = Query("en", max_length=2)) -> Response:
    """Rule MJ-11: a published table as CSV (UTF-8), English or Russian headers."""
    _loaded, view = _published_view(request, slug, number, key)
    text = to_csv(view, "ru" if lang == "ru" else "en")
    name = f"{slug}-publication-{number}-{key}.csv"
    return Response(text.encode("utf-8-sig"), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/e/{slug}/p/publications/{number}/{key}.html", response_class=HTMLResponse,
            include_in_schema=False)
def export_html(request: Request, slug: str, number: int, key: str,
                lang: str = Query("en", max_length=2)) -> Response:
    """Rule MJ-11: a published table as a standalone HTML page (no scripts, no files)."""
    loaded, view = _published_view(request, slug, number, key)  # the whole table
    language = "ru" if lang == "ru" else "en"
    subtitle = label(N_("Publication {n}"), language).format(n=number)
    return HTMLResponse(to_html(view, loaded.state.name, language, subtitle))


# registration -----------------------------------------------------------------------------------
class MarathonWeb(WebFormat):
    """The marathon's plug-in; its templates call these helpers through ``plugin``."""

    def decisions(self, loaded: LoadedEvent) -> list[dict[str, Any]]:
        return decisions(loaded)

    def penalty_choices(self, loaded: LoadedEvent) -> list[tuple[str, str, list[int]]]:
        return penalty_choices(loaded)

    def grounds(self) -> dict[str, str]:
        return GROUND_LABELS


def _template(name: str) -> str:
    return f"formats/mahjong_marathon_{name}.html"


MARATHON_WEB = MarathonWeb(
        name="mahjong-marathon",
        routes=router,
        public_pages=(PublicPage("publications", N_("Publications"), _template("publications"),
                                 publications_context),
                      PublicPage("player", N_("Player"), _template("player"), player_context,
                                 shown=lambda _state: False)),
        phone_columns=("result", "sn"),  # rules MJ-7d, MJ-10: what decides the place
        player_page="player",
)

__all__ = ["MARATHON_WEB"]
