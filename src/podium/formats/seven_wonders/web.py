"""The 7 Wonders season's web plug-in (regulation W7).

What organisers do is the season's declared commands (:mod:`.season_commands`), each a form on
the event's page (``/manage/{slug}``) posted to ``/manage/{slug}/do/seven-wonders.<what>`` by
the shared adapter; the forms worth their own layout are this package's templates
(``formats/seven_wonders_{leagues_form,game,roll,lift,special,reports}.html``), which call the
helpers of :class:`SevenWondersWeb` through ``plugin`` (the games due, the ties waiting for a
die, the penalties, the self-reports).

Public pages: the season table (``season``, notes translated), one dashboard per league
(``league-gods``...: the ladder so far with every decision explained, the next game, who creates
it, its deadline; ``leagues`` shows every league at once), and ``report``: a player's
self-report with their code (rule W7-36). The player's page ``/e/{slug}/sw/...`` runs the
declared player commands (``seven-wonders.report``, ``.confirm``, ``.dispute``) through
:meth:`EventService.execute` with the player's code as the caller, like the shared
self-report pages (:mod:`podium.web.routes.selfreport`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Query
from fastapi.responses import HTMLResponse, Response

from podium.core.commands import TEXT, WEB, Caller
from podium.core.errors import PodiumError
from podium.core.messages import M, Message
from podium.core.model import EventState, PlayerId
from podium.core.views import N_
from podium.formats.seven_wonders import views as sw_views
from podium.formats.seven_wonders.rules import (
    FORMAT,
    REGULAR_LEAGUES,
    deadline,
    due,
    expected_players,
    ladders_complete,
    special_players,
    specials_due,
)
from podium.formats.seven_wonders.season import (
    SPECIALS,
    Note,
    book_of,
    penalties_of,
    season_rows,
)
from podium.formats.seven_wonders.season_commands import started
from podium.http import client_address, status_of
from podium.service.catalog import Done, Invocation
from podium.service.events import LoadedEvent
from podium.web.deps import Fields, form_page, page_dep
from podium.web.i18n import Formatter
from podium.web.plugins import PublicPage, WebFormat
from podium.web.routes.commands import field_errors

Gettext = Callable[[str], str]


# -- what the templates read --------------------------------------------------------------------
def is_season(state: EventState) -> bool:
    return state.format == FORMAT


class SevenWondersWeb(WebFormat):
    """The plug-in; its templates call these helpers through ``plugin``."""

    points_note = sw_views.POINTS_NOTE

    def note(self, state: EventState, note: Note) -> Message:
        """A decision's note as a message (the template renders it with ``tr``)."""
        return sw_views.note_message(state, note)

    def game(self, state: EventState, ref: str) -> Message | str:
        """A game's name from its reference (``gods/3``, ``fortune``), for ``tr``."""
        return sw_views.game_label(state, ref)

    def leagues(self, loaded: LoadedEvent) -> list[tuple[str, str, int]]:
        return [(d.key, d.name, d.level) for d in loaded.state.divisions.values()]

    def league_name(self, loaded: LoadedEvent, key: str, tr: Gettext) -> str:
        """A league's name in the page's language (the regulation's names for the usual
        leagues, else the name the organiser gave)."""
        title, args = sw_views.league_title(loaded.state, key)
        return tr(title).format(**args)

    def dashboard(self, loaded: LoadedEvent, key: str) -> dict[str, Any] | None:
        state = loaded.state
        if not is_season(state) or key not in state.divisions:
            return None
        return sw_views.dashboard(state, key)

    def season(self, loaded: LoadedEvent, tr: Gettext) -> list[dict[str, Any]]:
        """Each league's rows, notes translated (rules W7-16 .. W7-19, W7-24, W7-28)."""
        state = loaded.state
        if not is_season(state):
            return []
        rows = season_rows(state)
        out = []
        for key in state.divisions:
            out.append({"key": key, "title": tr(sw_views.league_label(state, key)),
                        "rows": [{**sw_views.row_cells(state, r),
                                  "note": tr(sw_views.notes_message(state, r.notes)),
                                  "barred": r.barred}
                                 for r in rows if r.league == key]})
        return out

    def specials(self, loaded: LoadedEvent) -> list[dict[str, Any]]:
        """The special matches: entered (with their decisions) or due (with their players)."""
        state = loaded.state
        if not is_season(state):
            return []
        book = book_of(state)
        out = []
        done = ladders_complete(state)
        for match in SPECIALS:
            game = book.specials.get(match)
            due_now = done and match in specials_due(state)
            if game is None and not due_now:
                continue
            out.append({"match": match, "title": sw_views.match_label(match), "game": game,
                        "lines": sw_views.game_lines(state, game) if game else [],
                        "players": [sw_views.player_name(state, p)
                                    for p in special_players(state, match)]})
        return out

    def waiting(self, loaded: LoadedEvent) -> list[tuple[str, list[str]]]:
        """Games whose tie waits for a die roll (rule W7-26 (4))."""
        state = loaded.state
        return [(g.ref, [sw_views.player_name(state, p) for grp in g.unresolved for p in grp])
                for g in book_of(state).games() if g.unresolved]

    def penalties(self, loaded: LoadedEvent) -> list[dict[str, Any]]:
        """Every penalty of the season, lifted or not (rules W7-19, W7-20, W7-24)."""
        state = loaded.state
        book = book_of(state)
        out = []
        for ref, pid, what in penalties_of(book):
            lifting = book.lifted(ref, pid, what)
            out.append({"value": f"{ref}|{pid}|{what}", "ref": ref, "what": what,
                        "name": sw_views.player_name(state, pid), "lifted": lifting})
        return out

    def reports(self, loaded: LoadedEvent) -> list[dict[str, Any]]:
        state = loaded.state
        name = sw_views.player_name
        return [{"seq": r.seq, "ref": r.ref, "by": name(state, r.reporter),
                 "confirmed": [name(state, p) for p in r.confirmed if p != r.reporter],
                 "disputed": [(name(state, p), note) for p, note in r.disputed],
                 "status": r.status, "order": order_text(state, r.payload)}
                for r in reversed(book_of(state).reports.values())]

    def due_games(self, loaded: LoadedEvent) -> list[dict[str, Any]]:
        """Each league's next game (for the game form's hints)."""
        state = loaded.state
        out = []
        for key, division in state.divisions.items():
            now = due(state, key)
            if now.complete or now.waiting is not None or not now.size_ok:
                continue
            out.append({"key": key, "name": division.name, "number": now.number,
                        "players": [sw_views.player_name(state, p) for p in now.players]})
        return out

    def started(self, state: EventState) -> bool:
        return started(state)

    def when(self, state: EventState, moment: datetime | None, lang: str) -> str:
        """A moment (a deadline, a game entered) in the season's time zone (its ``time_zone``
        setting) and the page's language; the zone named after it."""
        if moment is None:
            return ""
        zone = state.settings.time_zone if is_season(state) else "UTC"
        return f"{Formatter(lang, zone).when(moment)} ({zone})"


def order_text(state: EventState, payload: Mapping[str, Any]) -> str:
    """A game payload's results as its order text (``Anna, Boris = Clara``)."""
    results = payload.get("results") or []
    groups: dict[int, list[str]] = {}
    for item in results:
        position = item.get("position") or 0
        groups.setdefault(position, []).append(sw_views.player_name(state, item.get("player")))
    return ", ".join(" = ".join(groups[p]) for p in sorted(groups))


# -- self-report pages (rule W7-36) --------------------------------------------------------------
router = APIRouter(prefix="/e/{slug}/sw", include_in_schema=False)
Code = Annotated[str, Form(max_length=32)]


def _plugin(page: Any) -> SevenWondersWeb:
    plugin = page.web.format(FORMAT)
    assert isinstance(plugin, SevenWondersWeb)
    return plugin


def _page(page: Any, slug: str, code: str, status: int = 200, **extra: Any) -> Response:
    """The player's own page: their league's due game (or their special match), the open
    reports of it, and the report form. The code is checked first (throttled: repeated wrong
    codes wait, :mod:`podium.service.throttle`)."""
    seat = page.web.reports.seat(slug, code, client_address(page.request))
    loaded = page.web.events.load(slug)
    state = loaded.state
    plugin = _plugin(page)
    pid: PlayerId = seat.player.id
    games: list[dict[str, Any]] = []
    if is_season(state):
        refs = []
        league = state.division_of.get(pid)
        if league in state.divisions:
            refs.append(due(state, league).ref)
        refs.extend(m for m in SPECIALS if ladders_complete(state))
        for ref in refs:
            try:
                players, _league, _n = expected_players(state, ref)
            except PodiumError:
                continue
            if pid not in players:
                continue
            reports = [r for r in plugin.reports(loaded) if r["ref"] == ref
                       and r["status"] in ("pending", "disputed")]
            games.append({"ref": ref, "players": [sw_views.player_name(state, p)
                                                  for p in players],
                          "seats": [(p, sw_views.player_name(state, p)) for p in players],
                          "deadline": deadline(state, league) if ref not in SPECIALS
                          and league else None,
                          "reports": reports})
    return page.render("formats/seven_wonders_me.html", status=status, event=state,
                       loaded=loaded, plugin=plugin, code=code, me=pid, games=games,
                       tab="report", title="Report a result", **extra)


def _refused(page: Any, slug: str, error: PodiumError) -> Response:
    loaded = page.web.events.load(slug)
    return page.render("formats/seven_wonders_me.html", status=status_of(error),
                       error=page.message(error), event=loaded.state, loaded=loaded,
                       plugin=_plugin(page), code="", me=None, games=[], tab="report",
                       title="Report a result")


def as_player(page: Any, name: str, slug: str, code: str, form: Mapping[str, str]) -> Done:
    """Declared player command ``name`` with the player's code as the caller (the game is
    always one the code's player plays: the command checks it)."""
    spec = page.web.catalog.find(name)
    fields = {p.name: form[p.name] for p in spec.params_on(WEB) if p.name in form}
    caller = Caller(actor="player", code=code, address=client_address(page.request))
    return page.web.events.execute(Invocation(name, slug, fields, TEXT, WEB), caller)


def _run(page: Any, slug: str, name: str, form: Mapping[str, str]) -> Response:
    """Run a player command from the player's page; the page again, with the sentence or
    with the refusal (each field it names next to that field, what was typed kept)."""
    code = form.get("code", "")[:32]
    try:
        page.web.reports.seat(slug, code, client_address(page.request))
    except PodiumError as error:
        return _refused(page, slug, error)
    try:
        done = as_player(page, name, slug, code, form)
    except PodiumError as error:
        return _page(page, slug, code, status=status_of(error), error=page.message(error),
                     errors=field_errors(page, error), last=dict(form),
                     failed=form.get("game") or form.get("report"))
    said = done.said.render(page.fmt.catalog) if hasattr(done.said, "render") else (
        str(done.said))
    return _page(page, slug, code, flash=said)


CODE_COOKIE = "podium_sw_code"
CODE_DAYS = 14


def _remember(page: Any, slug: str, response: Response, code: str) -> Response:
    """Keep an accepted code on this phone, for this season's player pages only."""
    response.set_cookie(CODE_COOKIE, code, max_age=CODE_DAYS * 24 * 3600,
                        path=f"/e/{slug}/sw", httponly=True, samesite="lax",
                        secure=page.web.secure_cookies)
    return response


@router.get("/me", response_class=HTMLResponse)
def my_game(slug: str, page: Annotated[Any, Depends(page_dep)],
            code: Annotated[str, Query(max_length=32)] = "") -> Response:
    """What a code slip's QR code opens (``?code=...``, :attr:`WebFormat.report_path`): the
    player's due game with its report form (rule W7-36); without a code, the code this phone
    remembers, else the field to type it."""
    remembered = page.request.cookies.get(CODE_COOKIE, "")[:32]
    if not code and remembered:
        try:
            return _remember(page, slug, _page(page, slug, remembered), remembered)
        except PodiumError:
            pass  # a stale code (the organiser made new ones): ask again
    if not code:
        loaded = page.web.events.load(slug)
        return page.render("formats/seven_wonders_me.html", event=loaded.state, loaded=loaded,
                           plugin=_plugin(page), code="", me=None, games=[], tab="report",
                           title="Report a result")
    try:
        return _remember(page, slug, _page(page, slug, code), code)
    except PodiumError as error:
        return _refused(page, slug, error)


@router.post("/me", response_class=HTMLResponse)
def me(slug: str, code: Code, page: Annotated[Any, Depends(form_page)]) -> Response:
    try:
        return _remember(page, slug, _page(page, slug, code), code)
    except PodiumError as error:
        return _refused(page, slug, error)


@router.post("/report", response_class=HTMLResponse)
def report(slug: str, page: Annotated[Any, Depends(form_page)], form: Fields) -> Response:
    """Rule W7-36: the player reports their game (``seven-wonders.report``)."""
    return _run(page, slug, "seven-wonders.report", form)


@router.post("/confirm", response_class=HTMLResponse)
def confirm(slug: str, page: Annotated[Any, Depends(form_page)], form: Fields) -> Response:
    """Another player of the game confirms a report (``seven-wonders.confirm``)."""
    return _run(page, slug, "seven-wonders.confirm", form)


@router.post("/dispute", response_class=HTMLResponse)
def dispute(slug: str, page: Annotated[Any, Depends(form_page)], form: Fields) -> Response:
    """Another player of the game disputes a report (``seven-wonders.dispute``)."""
    return _run(page, slug, "seven-wonders.dispute", form)


# -- registration --------------------------------------------------------------------------------
def _template(name: str) -> str:
    return f"formats/seven_wonders_{name}.html"


def _has(key: str) -> Callable[[EventState], bool]:
    """Whether a season has league ``key`` (its page's tab is listed then)."""
    def shown(state: EventState) -> bool:
        return key in state.divisions
    return shown


def _league_page(key: str, title: str) -> PublicPage:
    return PublicPage(f"league-{key}", title, _template("league"), shown=_has(key))


STANDARD = [key for key, _n, _l in REGULAR_LEAGUES] + [f"league-{n}" for n in range(1, 6)]
LEAGUE_PAGES = tuple(
    _league_page(key, sw_views.LEAGUE_TITLES[key]) for key, _n, _l in REGULAR_LEAGUES
) + tuple(
    # a starting season's numbered leagues (rule W7-4), their titles in the page's language
    _league_page(f"league-{n}", M("League %(n)s", n=n)) for n in range(1, 6)
)


def _other_leagues(state: EventState) -> bool:
    return any(key not in STANDARD for key in state.divisions)


SEVEN_WONDERS_WEB = SevenWondersWeb(
    name=FORMAT,
    routes=router,
    report_path="sw/me",
    public_pages=(
        PublicPage("season", N_("Season table"), _template("season")),
        *LEAGUE_PAGES,
        PublicPage("leagues", N_("Leagues"), _template("leagues"), shown=_other_leagues),
        PublicPage("report", N_("Report a result"), _template("report"),
                   shown=lambda state: bool(state.divisions)),
    ),
)


__all__ = ["SEVEN_WONDERS_WEB", "SevenWondersWeb", "router"]
