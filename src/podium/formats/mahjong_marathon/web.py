"""The mahjong marathon's web plug-in (regulation MJ): open play, so no rounds on its pages.

Organiser actions, each one command (:mod:`podium.formats.mahjong_marathon.commands`; the same
checks as ``podium games``/``penalty``/``disqualify``/``revert``/``publish`` on the command line,
and a refused action stores nothing):

- ``game``: one game by hand (rule MJ-3: its id, a counting table, the start time with its zone
  (MJ-2), four players and their GP); a wrong field is named and nothing is stored;
- ``import``: a CSV or JSON file of games (UTF-8 or Windows-1251), idempotent; the summary says
  what was added, already known, changed (reported, not applied), skipped;
- ``penalty``: MJ-6a (GP in a game), MJ-6b (GP from the total, per stage), MJ-6c (TP of a stage),
  the regulation's amounts as a select, a reason required;
- ``disqualify-game`` (MJ-5, on a ground) and ``disqualify-player`` (a period);
- ``revert``: the decisions with their state, one reverted with a reason;
- ``publish``: MJ-11, a frozen snapshot of every table.

Public pages: the standings page shows the live stage tables and the total (the format's
``views``); ``/e/{slug}/p/publications`` lists the publications and shows a chosen table of one,
with the movement against the previous publication (place, GP, games), and links to its CSV and
standalone HTML exports (:mod:`podium.service.exports`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from podium.core.errors import InvalidInput, NotFound, PodiumError
from podium.core.views import N_, TableView
from podium.formats.mahjong_marathon import views as mviews
from podium.formats.mahjong_marathon.commands import (
    FORMAT,
    ImportSummary,
    MarathonService,
)
from podium.formats.mahjong_marathon.files import parse_start, resolve_zone, whole_gp
from podium.formats.mahjong_marathon.rules import DQ_GROUNDS, GAME_DQ, PENALTY, book_of
from podium.formats.mahjong_marathon.settings import MJ6A_AMOUNTS, MJ6B_AMOUNTS, MJ6C_AMOUNTS
from podium.formats.mahjong_marathon.views import published_view
from podium.service.events import LoadedEvent
from podium.service.exports import label, to_csv, to_html
from podium.web.i18n import LANGUAGES, Localised
from podium.web.plugins import (
    PublicPage,
    WebFormat,
)
from podium.web.render import formatter

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


def service(web: Any) -> MarathonService:
    return MarathonService.sharing(web.events)


def _text(form: Mapping[str, str], key: str, limit: int = 200) -> str:
    return " ".join(str(form.get(key, "")).split())[:limit]


def _reason(form: Mapping[str, str]) -> str:
    reason = _text(form, "reason", 500)
    if not reason:
        raise Localised(N_("reason: an organiser decision needs a reason"))
    return reason


def _gettext(web: Any, form: Mapping[str, str]) -> Any:
    lang = form.get("_lang", "en")
    return formatter(lang if lang in LANGUAGES else "en").gettext


# organiser actions ------------------------------------------------------------------------------
def add_game(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    """One game typed into the form (rules MJ-1 .. MJ-3 are the service's: a table that does
    not count, a start outside the calendar, a player sitting twice come back as refusals that
    name their field)."""
    loaded = web.cache.load(slug)[1]  # the cached replay: settings only
    settings = loaded.state.settings
    game_id = _text(form, "game_id", 64)
    if not game_id:
        raise Localised(N_("game_id: the server's game id is missing"))
    table = _text(form, "table", 100)
    if not table:
        raise Localised(N_("table: the table name is missing (e.g. RU-Marathon-1)"))
    try:
        zone = resolve_zone(_text(form, "zone", 64) or "server", settings.server_timezone)
    except InvalidInput as error:
        raise InvalidInput(
            "zone: %(error)s",
            error=error) from None
    start_text = _text(form, "start", 64)
    parse_start(start_text, zone, "start")  # names the field on a bad time
    seats: list[tuple[str, int]] = []
    for k in range(1, 5):
        name = _text(form, f"player{k}", 100)
        if not name:
            raise Localised(N_("player%(k)s: the name of player %(k)s is missing (rule MJ-3)"), k=k)
        seats.append((name, whole_gp(form.get(f"gp{k}", ""), f"gp{k}", name)))
    zone_name = _text(form, "zone", 64) or "server"
    summary = service(web).add_game(slug, game_id, table, start_text, zone_name, seats, actor)
    tr = _gettext(web, form)
    if summary.added:
        return tr(N_("Game %(id)s added.")) % {"id": game_id}
    return tr(N_("Game %(id)s was already stored with the same data: nothing changed.")) % {
        "id": game_id}


def summary_text(summary: ImportSummary, tr: Any) -> str:
    text = tr(N_("Games read: %(read)s; added: %(added)s; already known: %(known)s; "
              "changed and NOT applied: %(changed)s; other tables: %(other)s; "
              "outside the stages: %(outside)s; new players: %(players)s.")) % {
        "read": summary.read, "added": summary.added, "known": summary.duplicates,
        "changed": len(summary.changed), "other": summary.other_tables,
        "outside": summary.outside_calendar, "players": summary.new_players}
    if summary.changed:
        shown = ", ".join(summary.changed[:5]) + (" …" if len(summary.changed) > 5 else "")
        text += " " + tr(N_("Changed games: %(ids)s.")) % {"ids": shown}
    return text


def import_games(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    """Idempotent: a game already stored is counted as known, never twice (see the service)."""
    files = getattr(form, "files", {})
    filename, data = files.get("file", ("", b""))
    if not data:
        raise Localised(N_("file: choose a CSV or JSON file of games"))
    zone = _text(form, "zone", 64) or None
    summary = service(web).import_file(slug, data, filename or "games.csv", actor, zone=zone)
    return summary_text(summary, _gettext(web, form))


def penalty(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    """Rule MJ-6a/6b/6c: the kind and the amount from the select (``6a:10``)."""
    choice = _text(form, "penalty", 20)
    kind, _, amount_text = choice.partition(":")
    custom = _text(form, "custom_amount", 12)
    if custom:
        amount_text = custom
    if kind not in ("6a", "6b", "6c"):
        raise Localised(N_("penalty: choose the kind and the amount (rule MJ-6)"))
    if not amount_text.isdigit() or int(amount_text) <= 0:
        raise Localised(N_("custom_amount: a positive whole number"))
    player = _text(form, "player", 100)
    if not player:
        raise Localised(N_("player: the penalised player's name is missing"))
    reason = _reason(form)
    game = _text(form, "game", 64) or None
    stage: int | None = None
    if kind == "6a" and not game:
        raise Localised(N_("game: a 6a penalty needs the game id (rule MJ-6a)"))
    if kind != "6a":
        stage_text = _text(form, "stage", 4)
        if not stage_text.isdigit():
            raise Localised(
                N_("stage: a %(kind)s penalty needs the stage number (rule MJ-%(kind)s)"),
                kind=kind)
        stage = int(stage_text)
    seq = service(web).penalty(slug, kind, player, int(amount_text), reason, actor,
                               game=game if kind == "6a" else None, stage=stage)
    return _gettext(web, form)(N_("Penalty saved (decision %(seq)s).")) % {"seq": seq}


def disqualify_game(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    """Rule MJ-5: the game counts for none of its players."""
    game = _text(form, "game", 64)
    if not game:
        raise Localised(N_("game: the game id is missing"))
    ground = _text(form, "ground", 20) or "other"
    if ground not in DQ_GROUNDS:
        raise Localised(N_("ground: use one of %(grounds)s (rule MJ-5)"),
                        grounds=", ".join(DQ_GROUNDS))
    seq = service(web).disqualify_game(slug, game, ground, _reason(form), actor)
    return _gettext(web, form)(N_("Game %(id)s disqualified (decision %(seq)s).")) % {
        "id": game, "seq": seq}


def disqualify_player(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    """Rule MJ-6 (last line): the player's games in [from, until) do not count for them."""
    player = _text(form, "player", 100)
    if not player:
        raise Localised(N_("player: the player's name is missing"))
    start = _text(form, "from", 64)
    if not start:
        raise Localised(N_("from: the start of the disqualification is missing"))
    until = _text(form, "until", 64) or None
    zone = _text(form, "zone", 64) or None  # the decision (stage) zone by default
    reason = _reason(form)
    seq = service(web).disqualify_player(slug, player, start, until, zone, reason, actor)
    return _gettext(web, form)(N_("%(name)s disqualified (decision %(seq)s).")) % {
        "name": player, "seq": seq}


def revert(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    seq_text = _text(form, "seq", 12)
    if not seq_text.isdigit():
        raise Localised(N_("seq: choose the decision to revert"))
    seq = service(web).revert(slug, int(seq_text), _reason(form), actor)
    return _gettext(web, form)(N_("Decision %(n)s reverted (action %(seq)s).")) % {
        "n": seq_text, "seq": seq}


def publish(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    """Rule MJ-11."""
    _state, number, _views = service(web).publish(slug, actor, _text(form, "reason", 500))
    return _gettext(web, form)(N_("Publication %(n)s is out.")) % {"n": number}


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
                           code="query.number", field=name, name=name)
    return int(text)


def publications_context(loaded: LoadedEvent, query: Mapping[str, str]) -> dict[str, Any]:
    """Rule MJ-11: the publications, and one chosen table of one (the last by default),
    compared with the publication before it; 1,000 rows a page from ``start``."""
    book = book_of(loaded.state)
    pubs = [{"number": p["number"], "at": p["at"]} for p in book.publications]
    if not pubs:
        return {"publications": [], "chosen": None, "shown": [], "tables": []}
    number = _query_number(query, "n", len(pubs))
    if not 1 <= number <= len(pubs):
        raise NotFound(N_("no publication %(n)s; published: %(count)s"), code="publication",
                       field="n", n=number, count=len(pubs))
    snapshot = book.publications[number - 1]["snapshot"]
    tables = mviews.view_keys(len(snapshot["stages"]))
    key = str(query.get("table", "")) or tables[0][0]
    view = published_table(loaded, number, key)
    if view is None:
        raise NotFound(
            "no table %(key)r in publication %(number)s",
            key=key, number=number)
    start = _query_number(query, "start", 0)
    total = len(view.rows)
    first = min(start - start % PAGE_ROWS, max(total - 1, 0) // PAGE_ROWS * PAGE_ROWS)
    paging = None
    if total > PAGE_ROWS:
        view = replace(view, rows=view.rows[first : first + PAGE_ROWS])
        paging = {"first": first, "last": min(first + PAGE_ROWS, total), "total": total,
                  "size": PAGE_ROWS}
    return {"publications": pubs, "chosen": number, "tables": tables, "table_key": key,
            "shown": [view], "pub_paging": paging}


# exports (the plug-in's own routes, outside the API schema) -------------------------------------
router = APIRouter()


def _published_view(request: Request, slug: str, number: int, key: str
                    ) -> tuple[LoadedEvent, TableView]:
    web = request.app.state.web
    _seq, loaded, _memo = web.cache.load(slug)
    if loaded.ruleset.name != FORMAT:
        raise NotFound(
            "event %(slug)r is not a mahjong marathon",
            slug=slug)
    found = published_table(loaded, number, key)
    if found is None:
        raise NotFound(
            "no table %(key)r in publication %(number)s",
            key=key, number=number)
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
        name=FORMAT,
        routes=router,
        public_pages=(PublicPage("publications", N_("Publications"), _template("publications"),
                                 publications_context),),
)

__all__ = ["MARATHON_WEB", "PodiumError"]
