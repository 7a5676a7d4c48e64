"""The 7 Wonders season's web plug-in (regulation W7).

Organiser actions, each one command (:mod:`podium.formats.seven_wonders.commands`, the same checks
as ``podium sw ...``; a refused action stores nothing and its message names the field):

- ``sw-leagues``: add players and set the leagues (before the first game);
- ``sw-profile``: last season's league and place (W7-26), earlier overruns (W7-19), premium
  account (W7-36);
- ``sw-game``: a ladder game: its order (ties joined by ``=``, W7-3), scores, overruns (W7-19), a
  kick (W7-20), an unfinished end with the player deepest in negative time (W7-21, W7-22), the
  table link and who reported it;
- ``sw-overrun``, ``sw-roll`` (W7-26 (4): rolled at the table, or by the service), ``sw-lift``
  (W7-24, a reason), ``sw-special`` (Fortune, Will, Battle of Titans), ``sw-reports`` (the
  players' self-reports, accepted by the organiser after a dispute).

Public pages: the season table (``season``, notes translated), one dashboard per league
(``league-gods``...: the ladder so far with every decision explained, the next game, who creates
it, its deadline; ``leagues`` shows every league at once), and ``report``: a player's
self-report with their code (W7-36), answered by the format's own routes below.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import HTMLResponse, Response

from podium.core.errors import PodiumError
from podium.core.model import EventState, PlayerId
from podium.core.views import N_
from podium.formats.seven_wonders import views as sw_views
from podium.formats.seven_wonders.commands import (
    AcceptReport,
    AddOverrun,
    AnswerReport,
    AssignLeagues,
    EnterGame,
    EnterSpecial,
    GameInput,
    LiftPenalty,
    ReportGame,
    RollDie,
    SetProfile,
    names_list,
    pairs,
)
from podium.formats.seven_wonders.rules import (
    FORMAT,
    REGULAR_LEAGUES,
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
    note_text,
    penalties_of,
    season_rows,
)
from podium.service.commands import AddPlayers
from podium.service.events import LoadedEvent
from podium.web.deps import Fields, form_page
from podium.web.i18n import LANGUAGES, Localised
from podium.web.plugins import PublicPage, WebFormat
from podium.web.render import formatter

Gettext = Callable[[str], str]


def _text(form: Mapping[str, str], key: str, limit: int = 200) -> str:
    return " ".join(str(form.get(key, "")).split())[:limit]


def _gettext(form: Mapping[str, str]) -> Gettext:
    lang = form.get("_lang", "en")
    return formatter(lang if lang in LANGUAGES else "en").gettext


def _optional_int(form: Mapping[str, str], key: str, low: int, high: int) -> int | None:
    text = _text(form, key, 6)
    if not text:
        return None
    if not text.isdigit() or not low <= int(text) <= high:
        raise Localised(N_("%(field)s: a whole number from %(low)s to %(high)s"), field=key,
                        low=low, high=high)
    return int(text)


def game_input(form: Mapping[str, str]) -> GameInput:
    """The game form's fields as typed (names, the order text) to the command's input."""
    order = _text(form, "order", 1000)
    if not order:
        raise Localised(N_("order: write the players best first, separated by commas, tied "
                           "players joined by = (rule W7-3)"))
    scores = pairs(names_list(form.get("scores", "").replace(";", ",")), "scores")
    return GameInput(order, scores, names_list(form.get("overruns", "")),
                     _text(form, "kicker", 100) or None, bool(form.get("unfinished")),
                     _text(form, "deepest", 100) or None, _text(form, "link", 500),
                     _text(form, "reporter", 100) or None, bool(form.get("no_positions")))


# -- organiser actions --------------------------------------------------------------------------
def leagues(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    """New players (one name a line), then the leagues: one league a line, its 7 players
    comma-separated, best league first; empty: the active players in sign-up order."""
    names = [line for line in str(form.get("names", "")).splitlines() if line.strip()]
    if names:
        web.events.execute(AddPlayers(slug, tuple(names)), actor)
    lines = [line for line in str(form.get("leagues", "")).splitlines() if line.strip()]
    if form.get("assign") or lines:
        groups = tuple(names_list(line) for line in lines)
        web.events.execute(AssignLeagues(slug, groups, _text(form, "reason", 500)), actor)
        return N_("Leagues set.")
    return N_("Players added.")


def profile(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    player = _text(form, "player", 100)
    if not player:
        raise Localised(N_("player: the player's name is missing"))
    premium = {"yes": True, "no": False}.get(_text(form, "premium", 5))
    web.events.execute(SetProfile(slug, player, _optional_int(form, "level", 0, 100),
                                  _optional_int(form, "place", 1, 7),
                                  _optional_int(form, "overruns", 0, 100), premium,
                                  bool(form.get("newcomer"))), actor)
    return N_("Profile recorded.")


def game(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    league = _text(form, "league", 40)
    if not league:
        raise Localised(N_("league: choose the league"))
    done = web.events.execute(EnterGame(slug, league, game_input(form),
                                        _optional_int(form, "number", 1, 7),
                                        _text(form, "reason", 500)), actor)
    return _gettext(form)(N_("Game %(game)s entered.")) % {"game": done.value.ref}


def special(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    match = _text(form, "match", 20)
    if match not in SPECIALS:
        raise Localised(N_("match: choose the special match"))
    web.events.execute(EnterSpecial(slug, match, game_input(form),
                                    _text(form, "reason", 500)), actor)
    return N_("Special match entered.")


def overrun(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    game_ref, player = _text(form, "game", 60), _text(form, "player", 100)
    if not game_ref or not player:
        raise Localised(N_("game: give the game (gods/3) and the player"))
    web.events.execute(AddOverrun(slug, game_ref, player, _text(form, "reason", 500)), actor)
    return N_("Overrun recorded (rule W7-19).")


def roll(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    game_ref = _text(form, "game", 60)
    if not game_ref:
        raise Localised(N_("game: choose the game waiting for a die roll"))
    values = pairs(names_list(form.get("rolls", "")), "rolls")
    web.events.execute(RollDie(slug, game_ref, values, _text(form, "reason", 500)), actor)
    return N_("Die roll recorded (rule W7-26).")


def lift(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    chosen = _text(form, "penalty", 200)
    ref, _, rest = chosen.partition("|")
    player, _, what = rest.partition("|")
    if not ref or not player.isdigit() or what not in ("overrun", "kick"):
        raise Localised(N_("penalty: choose the penalty to lift"))
    reason = _text(form, "reason", 500)
    if not reason:
        raise Localised(N_("reason: lifting a penalty needs the organiser's reason (rule "
                           "W7-24)"))
    web.events.execute(LiftPenalty(slug, ref, f"#{player}", what, reason), actor)
    return N_("Penalty lifted (rule W7-24).")


def accept(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    report = _optional_int(form, "report", 1, 2**31 - 1)
    if report is None:
        raise Localised(N_("report: choose the self-report"))
    web.events.execute(AcceptReport(slug, report, _text(form, "reason", 500)), actor)
    return N_("Self-report accepted: the game is entered.")


# -- what the templates read --------------------------------------------------------------------
def started(state: EventState) -> bool:
    return any(ladder.games for ladder in book_of(state).ladders.values())


def is_season(state: EventState) -> bool:
    return state.format == FORMAT


class SevenWondersWeb(WebFormat):
    """The plug-in; its templates call these helpers through ``plugin``."""

    def note(self, note: Note, tr: Gettext) -> str:
        return note_text(note, tr)

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
            title, args = sw_views.league_title(state, key)
            out.append({"key": key, "title": tr(title).format(**args),
                        "rows": [{**sw_views.row_cells(state, r, tr), "barred": r.barred}
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
            out.append({"match": match, "title": sw_views.MATCH_TITLES[match], "game": game,
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

    def when(self, moment: Any) -> str:
        return sw_views.when(moment)


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


def _page(page: Any, slug: str, code: str, status: int = 200, **extra: Any) -> Response:
    """The player's own page: their league's due game (or their special match), the open
    reports of it, and the report form."""
    from podium.formats.seven_wonders.commands import game_ref
    from podium.service.selfreport import SelfReportService

    loaded = page.web.events.load(slug)
    state = loaded.state
    plugin = web_plugin()
    pid: PlayerId | None = None
    games: list[dict[str, Any]] = []
    if is_season(state):
        with page.web.db.session(readonly=True) as session:
            pid = SelfReportService._player_of(session, loaded, code).id
        refs = []
        league = state.division_of.get(pid)
        if league in state.divisions:
            refs.append(due(state, league).ref)
        refs.extend(m for m in SPECIALS if ladders_complete(state))
        for ref in refs:
            try:
                players, _league, _n = expected_players(state, game_ref(state, ref))
            except PodiumError:
                continue
            if pid not in players:
                continue
            reports = [r for r in plugin.reports(loaded) if r["ref"] == ref
                       and r["status"] in ("pending", "disputed")]
            games.append({"ref": ref, "players": [sw_views.player_name(state, p)
                                                  for p in players], "reports": reports})
    return page.render("formats/seven_wonders_me.html", status=status, event=state,
                       loaded=loaded, plugin=plugin, code=code, me=pid, games=games,
                       tab="report", title="Report a result", **extra)


def _refused(page: Any, slug: str, error: PodiumError) -> Response:
    from podium.http import status_of

    loaded = page.web.events.load(slug)
    return page.render("formats/seven_wonders_me.html", status=status_of(error),
                       error=page.message(error), event=loaded.state, loaded=loaded,
                       plugin=web_plugin(), code="", me=None, games=[], tab="report",
                       title="Report a result")


@router.post("/me", response_class=HTMLResponse)
def me(request: Request, slug: str, code: Code,
       page: Annotated[Any, Depends(form_page)]) -> Response:
    try:
        return _page(page, slug, code)
    except PodiumError as error:
        return _refused(page, slug, error)


@router.post("/report", response_class=HTMLResponse)
def report(slug: str, page: Annotated[Any, Depends(form_page)], form: Fields) -> Response:
    code = form.get("code", "")[:32]
    try:
        _page(page, slug, code)  # a known code of this event
    except PodiumError as error:
        return _refused(page, slug, error)
    try:
        page.web.events.execute(ReportGame(slug, code, _text(form, "game", 60),
                                           game_input(form)), "player")
    except PodiumError as error:
        from podium.http import status_of

        return _page(page, slug, code, status=status_of(error), error=page.message(error))
    return _page(page, slug, code, flash=page.fmt.gettext(
        N_("Thank you: the other players of the game now confirm it.")))


@router.post("/answer", response_class=HTMLResponse)
def answer(request: Request, slug: str, code: Code,
           report_seq: Annotated[int, Form(alias="report", ge=1, le=2**31)],
           page: Annotated[Any, Depends(form_page)],
           dispute: Annotated[str, Form(max_length=10)] = "",
           note: Annotated[str, Form(max_length=500)] = "") -> Response:
    try:
        _page(page, slug, code)
    except PodiumError as error:
        return _refused(page, slug, error)
    try:
        done = page.web.events.execute(AnswerReport(slug, code, report_seq, bool(dispute),
                                                    note), "player")
    except PodiumError as error:
        from podium.http import status_of

        return _page(page, slug, code, status=status_of(error), error=page.message(error))
    text = {"accepted": N_("Confirmed: the game is entered."),
            "disputed": N_("Your objection is noted: the organiser decides."),
            }.get(done.value.status, N_("Thank you: your confirmation is noted."))
    return _page(page, slug, code, flash=page.fmt.gettext(text))


# -- registration --------------------------------------------------------------------------------
def _template(name: str) -> str:
    return f"formats/seven_wonders_{name}.html"


def _league_page(key: str, title: str) -> PublicPage:
    return PublicPage(f"league-{key}", title, _template("league"),
                      shown=lambda state, k=key: k in state.divisions)


STANDARD = [key for key, _n, _l in REGULAR_LEAGUES] + [f"league-{n}" for n in range(1, 6)]
LEAGUE_PAGES = tuple(
    _league_page(key, sw_views.LEAGUE_TITLES[key]) for key, _n, _l in REGULAR_LEAGUES
) + tuple(
    PublicPage(f"league-league-{n}", f"League {n}", _template("league"),
               shown=lambda state, k=f"league-{n}": k in state.divisions)
    for n in range(1, 6)
)


def _other_leagues(state: EventState) -> bool:
    return any(key not in STANDARD for key in state.divisions)


SEVEN_WONDERS_WEB = SevenWondersWeb(
    name=FORMAT,
    routes=router,
    public_pages=(
        PublicPage("season", N_("Season table"), _template("season")),
        *LEAGUE_PAGES,
        PublicPage("leagues", N_("Leagues"), _template("leagues"), shown=_other_leagues),
        PublicPage("report", N_("Report a result"), _template("report"),
                   shown=lambda state: bool(state.divisions)),
    ),
)


def web_plugin() -> SevenWondersWeb:
    from podium.compose import web_format

    plugin = web_format(FORMAT)
    assert isinstance(plugin, SevenWondersWeb)
    return plugin


__all__ = ["SEVEN_WONDERS_WEB", "SevenWondersWeb", "router"]
