"""What people read of a marathon (regulation MJ): its declared views (:mod:`podium.core.reads`).

- ``mahjong-marathon.table``: a stage table (rules MJ-7, MJ-8) or the total (MJ-9, MJ-10),
  live against the last publication, or as publication N froze it against N-1 (MJ-11);
- ``mahjong-marathon.publications``: the publications and one chosen table of one (the
  public tab ``/e/{slug}/p/publications``);
- ``mahjong-marathon.decisions``: the organiser's penalties and disqualifications (MJ-5,
  MJ-6) with their reasons and whether each holds (``podium decisions EVENT``);
- ``mahjong-marathon.player``: one player's games, best series and stage results (MJ-7a,
  MJ-8, MJ-10; ``/e/{slug}/p/player?name=...``, linked from every table's names).

Each is served alike by the command line, the API and the pages; the values are typed
(:mod:`.values`). A view builds only the table asked for: a million-game year has six.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from podium.core import inputs
from podium.core.commands import ORGANISER, Param
from podium.core.errors import NotFound
from podium.core.messages import M, Message
from podium.core.model import EventState
from podium.core.reads import ViewCall, ViewSpec
from podium.core.text import search_key
from podium.core.values import Exact, PlayerRef, TableValue
from podium.core.views import N_, Cell, Column, TableView
from podium.formats.mahjong_marathon import codes
from podium.formats.mahjong_marathon import views as mviews
from podium.formats.mahjong_marathon.rules import GAME_DQ, KIND_LABELS, PENALTY, book_of
from podium.formats.mahjong_marathon.values import (
    MarathonDecision,
    MarathonDecisions,
    MarathonGame,
    MarathonOpponent,
    MarathonPlayer,
    MarathonPublication,
    MarathonPublications,
    MarathonStage,
    MarathonTable,
    PublicationsShown,
)

FORMAT = "mahjong-marathon"
#: Rows of a published table on one page (``start`` pages through the rest).
PAGE_ROWS = 1000


@dataclass(frozen=True)
class TableKey(inputs.Text):
    """A table's key (``stage-2``, ``total``): letters, digits, ``-`` and ``_`` only, so
    ``../../x`` is refused as typed, never looked up."""

    max_length: int = 40

    def from_text(self, text: str, field: str) -> str:
        key = super().from_text(text, field)
        if not re.fullmatch(r"[A-Za-z0-9_-]*", key):
            raise inputs.refuse(field, N_("%(name)s: a table's key such as stage-1 or total"),
                                codes.QUERY, name=field)
        return key

    def schema(self) -> dict[str, Any]:
        return {**super().schema(), "pattern": "^[A-Za-z0-9_-]*$"}

    def hint(self) -> str:
        return N_("`stage-1` .. `stage-N`, or `total`")


TABLE = Param("table", TableKey(), N_("the table: `stage-N` (rules MJ-7, MJ-8) or `total` "
                                      "(MJ-9, MJ-10)"), default="total", label=N_("Stage or total"))
PUBLICATION = Param("publication", inputs.Integer(1, 100_000),
                    N_("as publication N froze it, against the one before (rule MJ-11); "
                       "empty: live, against the last publication"), label=N_("Publication"))


def _names(state: EventState) -> dict[int, str]:
    return {pid: p.name for pid, p in state.players.items()}


def _keys(stage_count: int) -> list[MarathonTable]:
    return [MarathonTable(key, title.format(**args), args.get("n"))
            for key, title, args in mviews.view_keys(stage_count)]


def _unknown_table(key: str, stage_count: int) -> NotFound:
    keys = ", ".join(k for k, _t, _a in mviews.view_keys(stage_count))
    return NotFound(N_("no table %(key)r: %(keys)s"), code=codes.TABLE_UNKNOWN, field="table",
                    key=key, keys=keys)


# -- a table, live or published --------------------------------------------------------------
def read_table(call: ViewCall) -> TableView:
    """Table ``table`` live (against the last publication), or as publication ``publication``
    froze it (against the one before, rule MJ-11); only that table is built."""
    state = call.state
    book = book_of(state)
    key = call.get("table", "total")
    number = call.get("publication")
    if number is None:
        view = mviews.live_view(book, state.settings, key, _names(state))
        count = len(state.settings.stage_bounds)
    else:
        view = mviews.published_view(state, book, number, key)  # refuses an unknown number
        count = len(book.publications[number - 1]["snapshot"]["stages"])
    if view is None:
        raise _unknown_table(key, count)
    return view


# -- the publications ----------------------------------------------------------------------------
def publication_items(state: EventState) -> list[MarathonPublication]:
    book = book_of(state)
    return [MarathonPublication(p["number"], datetime.fromisoformat(p["at"]), p["seq"],
                             [k.key for k in _keys(len(p["snapshot"]["stages"]))])
            for p in book.publications]


def read_publications(call: ViewCall) -> PublicationsShown:
    """Rule MJ-11: every publication, and one chosen table of one (the last publication's
    first table by default), compared with the publication before it; :data:`PAGE_ROWS` rows
    from ``start``. A number naming nothing published is not found (field ``n``)."""
    state = call.state
    book = book_of(state)
    items = publication_items(state)
    number = call.get("n")
    if number is None and not items:
        return PublicationsShown(items, None, "", [], 0, PAGE_ROWS, 0)
    number = len(items) if number is None else number
    if not 1 <= number <= len(items):
        raise NotFound(N_("no publication %(n)s; published: %(count)s"),
                       code=codes.PUBLICATION_UNKNOWN, field="n", n=number, count=len(items))
    count = len(book.publications[number - 1]["snapshot"]["stages"])
    tables = _keys(count)
    key = call.get("table") or tables[0].key
    view = mviews.published_view(state, book, number, key)
    if view is None:
        raise _unknown_table(key, count)
    total = len(view.rows)
    start = call.get("start", 0)
    first = min(start - start % PAGE_ROWS, max(total - 1, 0) // PAGE_ROWS * PAGE_ROWS)
    if total > PAGE_ROWS:
        view = replace(view, rows=view.rows[first : first + PAGE_ROWS])
    return PublicationsShown(items, number, key, tables, first, PAGE_ROWS, total, view)


def show_publications(value: MarathonPublications) -> list[TableView | Message]:
    """The list, then the chosen table (its page of rows) when there is one."""
    if not value.items:
        return [M("Nothing is published yet.")]
    rows: tuple[dict[str, Cell], ...] = tuple(
        {"number": p.number, "at": p.at.strftime("%Y-%m-%d %H:%M UTC"),
         "tables": ", ".join(p.tables)} for p in value.items)
    listed = TableView("publications", N_("Publications"), (
        Column("number", N_("#"), numeric=True), Column("at", N_("When (UTC)")),
        Column("tables", N_("Tables"))), rows)
    view = getattr(value, "view", None)
    return [listed, *([view] if view is not None else [])]


# -- the organiser's decisions ------------------------------------------------------------------
def _utc(seconds: int | None) -> str:
    if seconds is None:
        return "…"
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")


def decisions_of(state: EventState) -> MarathonDecisions:
    """Every organiser decision in the order taken (rules MJ-5, MJ-6): what it is, about whom
    or which game, why, by whom, and whether it holds or which action reverted it."""
    book = book_of(state)
    items = []
    for d in book.decisions.values():
        p = d.payload
        pid = p.get("player")
        player = state.players.get(pid) if isinstance(pid, int) else None
        ref = PlayerRef(player.id, player.name) if player is not None else None
        name = player.name if player is not None else ""
        if d.kind == PENALTY:
            title = KIND_LABELS.get(str(p.get("kind")), N_("Penalty"))
            detail = f"{name}: −{p.get('amount')} ({p.get('game') or p.get('stage')})"
        elif d.kind == GAME_DQ:
            title = N_("MJ-5: game disqualified")
            detail = f"{p.get('game')} ({p.get('ground', 'other')})"
        else:
            title = N_("player disqualified")
            detail = f"{name}: {_utc(p.get('from'))} – {_utc(p.get('until'))}"
        items.append(MarathonDecision(
            seq=d.seq, kind=d.kind, title=title, player=ref,
            game=p.get("game") if isinstance(p.get("game"), str) else None, detail=detail,
            reason=str(d.reason), actor=d.actor, at=datetime.fromisoformat(d.at),
            active=d.active, reverted_by=d.reverted_by))
    return MarathonDecisions(state.slug, items)


def read_decisions(call: ViewCall) -> MarathonDecisions:
    return decisions_of(call.state)


def show_decisions(value: MarathonDecisions) -> list[TableView | Message]:
    columns = (Column("seq", N_("#"), numeric=True), Column("at", N_("When (UTC)")),
               Column("actor", N_("Actor")), Column("title", N_("Decision")),
               Column("detail", N_("Details")), Column("reason", N_("Reason")),
               Column("status", N_("Status")))
    rows: list[dict[str, Cell]] = [
        {"seq": d.seq, "at": d.at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S"),
         "actor": d.actor, "title": Message(d.title), "detail": d.detail, "reason": d.reason,
         "status": M("in force") if d.active else M("reverted by %(seq)s", seq=d.reverted_by)}
        for d in value.items]
    return [TableView("decisions", N_("Decisions of {slug}"), columns, tuple(rows),
                      title_args={"slug": value.event})]


# -- one player ----------------------------------------------------------------------------------
#: Why a game does not count for the player (rules MJ-2, MJ-5, MJ-6).
WHY_NOT = {
    "stage": N_("outside every stage (rule MJ-2)"),
    "game-dq": N_("the game was disqualified (rule MJ-5)"),
    "player-dq": N_("during the player's disqualification (rule MJ-6)"),
}


def find_player(state: EventState, name: str) -> int:
    """The player the tables link with ``?name=``: that name, else as the event compares
    names (case and spaces); refused naming ``name`` (no name names no one: not found, as an
    address without its name is)."""
    found = next((pid for pid, p in state.players.items() if p.name == name), None)
    wanted = search_key(name)
    if found is None and wanted:
        found = next((pid for pid, p in state.players.items() if search_key(p.name) == wanted),
                     None)
    if found is None:
        raise NotFound(N_("no player %(name)r in this marathon"), code=codes.PLAYER_UNKNOWN,
                       field="name", name=name)
    return found


def read_player(call: ViewCall) -> MarathonPlayer:
    """One player's games in their own order (rule MJ-7a) with those of each stage's best
    series marked and those that do not count said why, their row of each stage (MJ-7, MJ-8)
    and their place in the total (MJ-10)."""
    from podium.formats.mahjong_marathon.player import player_record

    state = call.state
    record = player_record(state, find_player(state, call.get("name", "")))
    guests = set(state.settings.guest_names)  # named, never linked (rule MJ-3)
    players = {p.name: pid for pid, p in state.players.items()}
    games = [MarathonGame(
        game=g.game, table=g.table, start=datetime.fromtimestamp(g.start, UTC), stage=g.stage,
        gp=Exact.of(g.gp), tp=Exact.of(g.tp),
        opponents=[MarathonOpponent(o, None if o in guests else players.get(o))
                   for o in g.opponents],
        counted=g.counted, why_not=g.why_not, note=WHY_NOT.get(g.why_not, ""),
        in_series=g.in_series) for g in record.games]
    stages = [MarathonStage(
        stage=s.stage, place=s.place, result=Exact.of(s.result), tp=Exact.of(s.tp),
        gp=Exact.of(s.gp), games=s.games, nr=s.nr, series_tp=Exact.of(s.series_tp),
        series_gp=Exact.of(s.series_gp), qualified=s.qualified) for s in record.stages]
    return MarathonPlayer(PlayerRef(record.player, record.name), record.total_place, record.sn,
                      record.series_length, stages, games)


def show_player(value: MarathonPlayer) -> list[TableView | Message]:
    """The player's place in the total, their stage rows and every game."""
    out: list[TableView | Message] = []
    if value.total_place is not None:
        out.append(TableView("total", N_("Marathon total"), (
            Column("place", N_("#"), numeric=True), Column("sn", N_("SN"), numeric=True)),
            ({"place": value.total_place, "sn": value.sn},)))
    out.append(TableView("stages", N_("Stage results"), (
        Column("stage", N_("Stage"), numeric=True), Column("place", N_("#"), numeric=True),
        Column("result", N_("Result"), numeric=True), Column("tp", N_("TP"), numeric=True),
        Column("gp", N_("GP"), numeric=True, decimals=1),
        Column("games", N_("Games"), numeric=True), Column("nr", N_("NR"), numeric=True),
        Column("series_tp", N_("Series TP"), numeric=True),
        Column("series_gp", N_("Series GP"), numeric=True, decimals=1)),
        tuple({"stage": s.stage, "place": s.place, "result": s.result.fraction,
               "tp": s.tp.fraction, "gp": s.gp.fraction, "games": s.games, "nr": s.nr,
               "series_tp": s.series_tp.fraction, "series_gp": s.series_gp.fraction}
              for s in value.stages)))
    out.append(TableView("games", N_("Every game"), (
        Column("game", N_("Game")), Column("start", N_("Started")),
        Column("stage", N_("Stage"), numeric=True),
        Column("gp", N_("GP"), numeric=True, decimals=1), Column("tp", N_("TP"), numeric=True),
        Column("opponents", N_("Opponents")), Column("note", N_("Note"))),
        tuple(_game_row(g) for g in value.games),
        notes=(M("* the best series of a stage (rule MJ-7a)"),) if value.games else ()))
    return out


def _game_row(game: MarathonGame) -> dict[str, Cell]:
    return {"game": game.game + (" *" if game.in_series else ""),
            "start": game.start.strftime("%Y-%m-%d %H:%M UTC"), "stage": game.stage or None,
            "gp": game.gp.fraction, "tp": game.tp.fraction,
            "opponents": ", ".join(o.name for o in game.opponents),
            "note": Message(game.note) if game.note else ""}


def _first_player(state: EventState) -> dict[str, str] | None:
    first = next(iter(state.players.values()), None)
    return {"name": first.name} if first is not None else None


VIEWS: tuple[ViewSpec[Any], ...] = (
    ViewSpec(f"{FORMAT}.table", N_("A stage table or the total"), read_table, TableValue,
             params=(TABLE, PUBLICATION), paged=True,
             help=N_("Live against the last publication, or as publication N froze it against "
                     "the one before (rules MJ-7 .. MJ-11)."),
             example=lambda state: {"table": "total"}),
    ViewSpec(f"{FORMAT}.publications", N_("Publications"), read_publications, MarathonPublications,
             params=(Param("n", inputs.Integer(1, 100_000),
                           N_("the publication (default: the last)"), label=N_("Publication")),
                     Param("table", TableKey(), N_("its table (default: the first stage)"),
                           label=N_("Stage or total")),
                     Param("start", inputs.Integer(0, 10**9),
                           N_("the first row shown (0 is the first)"), default=0,
                           label=N_("First row"))),
             help=N_("Every publication (rule MJ-11), and one table of one against the "
                     "publication before it."),
             tab=True, template="formats/mahjong_marathon_publications.html",
             show=show_publications, example=lambda state: {}),
    ViewSpec(f"{FORMAT}.decisions", N_("Penalties and disqualifications"), read_decisions,
             MarathonDecisions, role=ORGANISER, shared=("", "decisions"),
             help=N_("The marathon's penalties and disqualifications, with their reasons."),
             show=show_decisions, example=lambda state: {}),
    ViewSpec(f"{FORMAT}.player", N_("Player"), read_player, MarathonPlayer,
             params=(Param("name", inputs.Text(100),
                           N_("the player's name as the tables show it"), argument=True,
                           label=N_("Player")),),
             help=N_("One player's games, best series and stage results (rules MJ-7a, MJ-8, "
                     "MJ-10)."),
             tab=True, shown=lambda state: False,
             template="formats/mahjong_marathon_player.html", show=show_player,
             example=_first_player),
)

__all__ = ["PAGE_ROWS", "VIEWS", "decisions_of"]
