"""``podium sw ...``: the 7 Wonders season on the command line (regulation W7). Thin: each
command runs one command object (:mod:`podium.formats.seven_wonders.commands`)."""

from __future__ import annotations

import csv
import io
import os
import random
from pathlib import Path

import click
from rich import box
from rich.markup import escape
from rich.table import Table

from podium.cli.base import Context, console, guarded, pass_ctx, progress_bar
from podium.core.errors import InvalidInput
from podium.core.model import EventState
from podium.core.rng import derive_seed
from podium.formats.seven_wonders import views as sw_views
from podium.formats.seven_wonders import year_cli
from podium.formats.seven_wonders.commands import (
    AcceptReport,
    AddOverrun,
    AssignLeagues,
    EnterGame,
    EnterSpecial,
    GameInput,
    LiftPenalty,
    RollDie,
    SetProfile,
    league_of,
    pairs,
    season,
)
from podium.formats.seven_wonders.demo import Odds, season_actions
from podium.formats.seven_wonders.rules import FORMAT, REGULAR_LEAGUES
from podium.formats.seven_wonders.season import SPECIALS, TITANS, Game, book_of, note_text
from podium.i18n import translate
from podium.service.commands import AddPlayers, AppendActions, MoveToDivision
from podium.store.repository import EventRepository


def _tr(lang: str):
    return lambda message: translate(message, lang)


def print_game(state: EventState, game: Game, lang: str = "en") -> None:
    """A game: its players best first with position, score, winner points and marks, then
    every decision with its explanation (rules W7-2, W7-20 .. W7-22, W7-26 .. W7-28)."""
    title = f"{game.ref}" + ("" if game.finished else " (unfinished)")
    table = Table(title=escape(title), box=box.SIMPLE, title_justify="left")
    for column in ("Pos", "Player", "Score", "Points", ""):
        table.add_column(column)
    for line in sw_views.game_lines(state, game):
        table.add_row(str(line["position"] or "-"), escape(str(line["name"])),
                      "" if line["score"] is None else str(line["score"]),
                      "" if line["points"] is None else str(line["points"]),
                      ", ".join(line["marks"]))
    console.print(table)
    if game.link:
        console.print(f"  {escape(game.link)}", highlight=False)
    for note in game.notes:
        console.print(f"  · {escape(note_text(note, _tr(lang)))}", highlight=False)


def print_table(state: EventState, lang: str = "en", league: str | None = None) -> None:
    """The season table league by league, with a note for each decision, then the special
    matches and the Battle of Titans."""
    views = sw_views.season_views(state)
    wanted = [v for v in views if v.key.startswith("league-")]
    if league:
        wanted = [v for v in wanted if v.key == f"league-{league}"]
    rows = {r.player: r for r in sw_views.season_rows(state)}
    tr = _tr(lang)
    for view in wanted:
        title = tr(view.title).format(**view.title_args)
        table = Table(title=escape(title), box=box.SIMPLE_HEAVY, title_justify="left")
        for column in view.columns:
            table.add_column(tr(column.label), justify="right" if column.numeric else "left")
        for cells in view.rows:
            player = state.player_by_name(str(cells["player"]))
            row = rows.get(player.id) if player else None
            note = sw_views.notes_text(row.notes, tr) if row else ""
            table.add_row(*[escape(note if c.key == "note" else
                                   "" if cells.get(c.key) is None else str(cells.get(c.key)))
                            for c in view.columns])
        console.print(table)
    book = book_of(state)
    for match in SPECIALS:
        game = book.specials.get(match)
        if game is None:
            continue
        console.print(f"[bold]{escape(tr(sw_views.MATCH_TITLES[match]))}[/]", highlight=False)
        print_game(state, game, lang)


def _game_input(order: str, score: tuple[str, ...], overrun: tuple[str, ...],
                kick: str | None, unfinished: bool, deepest: str | None, link: str,
                reporter: str | None, no_positions: bool = False) -> GameInput:
    return GameInput(order, pairs(score, "score"), tuple(overrun), kick, unfinished, deepest,
                     link, reporter, no_positions)


@click.group("sw")
def sw() -> None:
    """7 Wonders season league (regulation W7): leagues, games, penalties, ties, the table."""


@sw.command("leagues")
@click.argument("slug")
@click.option("--league", "leagues", multiple=True, metavar="NAMES",
              help="A league's 7 players, comma-separated; best league first (repeat).")
@click.option("--csv", "csv_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="A CSV with columns name and league (a league key, name or number).")
@click.option("--reason", default="", help="Why (logged).")
@pass_ctx
@guarded
def leagues_cmd(ctx: Context, slug: str, leagues: tuple[str, ...], csv_file: Path | None,
                reason: str) -> None:
    """Set the season's leagues (rules W7-2, W7-7): given, from a CSV, or the active players in
    sign-up order, 7 a league (Gods, Priests, Warriors A, Warriors B)."""
    groups = [tuple(n.strip() for n in text.split(",") if n.strip()) for text in leagues]
    if csv_file is not None:
        groups = read_leagues_csv(csv_file.read_bytes())
    done = ctx.service.execute(AssignLeagues(slug, tuple(groups), reason), ctx.actor)
    for key in done.value:
        division = done.state.divisions[key]
        names = ", ".join(done.state.players[p].name for p in division.members)
        console.print(f"{escape(division.name)} (level {division.level}): {escape(names)}",
                      highlight=False)


def read_leagues_csv(data: bytes) -> list[tuple[str, ...]]:
    """Rows ``name,league``: the leagues in the order of the regular season's keys (Gods
    first), then numbers, then as they first appear."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1251")
    reader = csv.DictReader(io.StringIO(text))
    fields = {f.strip().casefold(): f for f in reader.fieldnames or []}
    if "name" not in fields or "league" not in fields:
        raise InvalidInput("the CSV needs the columns name and league", code="sw.csv",
                           field="file")
    groups: dict[str, list[str]] = {}
    for row in reader:
        name = (row.get(fields["name"]) or "").strip()
        league = (row.get(fields["league"]) or "").strip().casefold()
        if name:
            groups.setdefault(league, []).append(name)
    known = [key for key, _n, _l in REGULAR_LEAGUES] + [n.casefold() for _k, n, _l in
                                                        REGULAR_LEAGUES]

    def rank(league: str) -> tuple[int, int, str]:
        if league in known:
            return (0, known.index(league) % len(REGULAR_LEAGUES), league)
        digits = league.removeprefix("league-").removeprefix("league ")
        if digits.isdigit():
            return (1, int(digits), league)
        return (2, list(groups).index(league), league)

    return [tuple(groups[key]) for key in sorted(groups, key=rank)]


@sw.command("move")
@click.argument("slug")
@click.argument("player")
@click.argument("league")
@click.option("--reason", required=True, help="Why (logged).")
@pass_ctx
@guarded
def move_cmd(ctx: Context, slug: str, player: str, league: str, reason: str) -> None:
    """Move PLAYER into LEAGUE before either league has played (a swap is two moves: a league
    starts only with 7 players, rule W7-15)."""
    state = season(ctx.service.load(slug))
    ctx.service.execute(MoveToDivision(slug, player, league_of(state, league), "organiser",
                                       reason), ctx.actor)
    console.print(f"{escape(player)} moved to {escape(league)}.", highlight=False)


@sw.command("profile")
@click.argument("slug")
@click.argument("player")
@click.option("--level", type=click.IntRange(0, 100), default=None,
              help="League level last season (0 = Gods).")
@click.option("--place", type=click.IntRange(1, 7), default=None, help="Place last season.")
@click.option("--overruns", type=click.IntRange(0, 100), default=None,
              help="Overruns earlier in the year (rule W7-19).")
@click.option("--premium/--no-premium", default=None, help="A premium account on the site.")
@click.option("--newcomer", is_flag=True, help="No league or place last season.")
@pass_ctx
@guarded
def profile_cmd(ctx: Context, slug: str, player: str, level: int | None, place: int | None,
                overruns: int | None, premium: bool | None, newcomer: bool) -> None:
    """Record what the season needs to know of PLAYER from before it (rules W7-19, W7-26,
    W7-36)."""
    ctx.service.execute(SetProfile(slug, player, level, place, overruns, premium, newcomer),
                        ctx.actor)
    console.print(f"Profile of {escape(player)} recorded.", highlight=False)


def game_options(func):
    for option in reversed([
        click.option("--score", multiple=True, metavar="NAME=POINTS",
                     help="A player's score, kept for the record (repeat)."),
        click.option("--overrun", multiple=True, metavar="NAME",
                     help="A player over the time limit: −5 (rule W7-19; repeat)."),
        click.option("--link", default="", help="The table's link on the site."),
        click.option("--reporter", default=None, help="The player who reported it."),
    ]):
        func = option(func)
    return func


@sw.command("game")
@click.argument("slug")
@click.argument("league")
@click.argument("order")
@click.option("--game", "number", type=int, default=None,
              help="Its number in the ladder (default: the game due).")
@game_options
@click.option("--kick", default=None, metavar="NAME",
              help="The player who kicked another: out with 0 points (rule W7-20).")
@click.option("--unfinished", is_flag=True, help="The game was not finished (rule W7-21).")
@click.option("--deepest", default=None, metavar="NAME",
              help="The player deepest in negative time (rules W7-21, W7-22).")
@click.option("--no-positions", is_flag=True,
              help="An unfinished game: ORDER only lists the players, no positions.")
@click.option("--reason", default="", help="Why (logged).")
@pass_ctx
@guarded
def game_cmd(ctx: Context, slug: str, league: str, order: str, number: int | None,
             score: tuple[str, ...], overrun: tuple[str, ...], link: str,
             reporter: str | None, kick: str | None, unfinished: bool, deepest: str | None,
             no_positions: bool, reason: str) -> None:
    """Enter LEAGUE's next game: ORDER best first, comma-separated, ties joined by = (rule
    W7-3), e.g. "Anna, Boris = Clara, Dmitry"."""
    entry = _game_input(order, score, overrun, kick, unfinished, deepest, link, reporter,
                        no_positions)
    done = ctx.service.execute(EnterGame(slug, league, entry, number, reason), ctx.actor)
    print_game(done.state, done.value)
    key = done.value.league or ""
    info = sw_views.next_game(done.state, key)
    _print_next(done.state, key, info)


@sw.command("special")
@click.argument("slug")
@click.argument("match", type=click.Choice(list(SPECIALS)))
@click.argument("order")
@game_options
@click.option("--reason", default="", help="Why (logged).")
@pass_ctx
@guarded
def special_cmd(ctx: Context, slug: str, match: str, order: str, score: tuple[str, ...],
                overrun: tuple[str, ...], link: str, reporter: str | None, reason: str) -> None:
    """Enter a special match (Fortune W7-11, Will W7-12, Battle of Titans W7-18): ORDER best
    first, ties joined by =."""
    entry = _game_input(order, score, overrun, None, False, None, link, reporter)
    done = ctx.service.execute(EnterSpecial(slug, match, entry, reason), ctx.actor)
    print_game(done.state, done.value)


@sw.command("overrun")
@click.argument("slug")
@click.argument("game")
@click.argument("player")
@click.option("--reason", default="", help="Why (logged).")
@pass_ctx
@guarded
def overrun_cmd(ctx: Context, slug: str, game: str, player: str, reason: str) -> None:
    """Record PLAYER over the time limit in GAME (gods/3 or a special match): −5 (rule
    W7-19)."""
    ctx.service.execute(AddOverrun(slug, game, player, reason), ctx.actor)
    console.print(f"Overrun of {escape(player)} in {escape(game)} recorded.", highlight=False)


@sw.command("lift")
@click.argument("slug")
@click.argument("game")
@click.argument("player")
@click.option("--penalty", type=click.Choice(["overrun", "kick"]), default="overrun",
              show_default=True)
@click.option("--reason", required=True, help="The organiser's reason (logged, rule W7-24).")
@pass_ctx
@guarded
def lift_cmd(ctx: Context, slug: str, game: str, player: str, penalty: str, reason: str) -> None:
    """Lift PLAYER's penalty in GAME (rule W7-24)."""
    ctx.service.execute(LiftPenalty(slug, game, player, penalty, reason), ctx.actor)
    console.print(f"The {penalty} penalty of {escape(player)} in {escape(game)} is lifted.",
                  highlight=False)


@sw.command("roll")
@click.argument("slug")
@click.argument("game")
@click.option("--roll", "rolls", multiple=True, metavar="NAME=VALUE",
              help="A value rolled at the table (repeat); without it the service rolls.")
@click.option("--reason", default="", help="Why (logged).")
@pass_ctx
@guarded
def roll_cmd(ctx: Context, slug: str, game: str, rolls: tuple[str, ...], reason: str) -> None:
    """The die roll that breaks the tie of GAME (rule W7-26 (4)); higher is better."""
    done = ctx.service.execute(RollDie(slug, game, pairs(rolls, "roll"), reason), ctx.actor)
    print_game(done.state, done.value)


@sw.command("accept")
@click.argument("slug")
@click.argument("report", type=int)
@click.option("--reason", default="", help="Why (logged).")
@pass_ctx
@guarded
def accept_cmd(ctx: Context, slug: str, report: int, reason: str) -> None:
    """Store self-report REPORT (its action number) as the game (rule W7-36)."""
    done = ctx.service.execute(AcceptReport(slug, report, reason), ctx.actor)
    print_game(done.state, done.value)


@sw.command("reports")
@click.argument("slug")
@pass_ctx
@guarded
def reports_cmd(ctx: Context, slug: str) -> None:
    """The players' self-reports and their state (rule W7-36)."""
    state = season(ctx.service.load(slug))
    table = Table(box=box.SIMPLE, title="Self-reports", title_justify="left")
    for column in ("Report", "Game", "By", "Confirmed by", "Disputed", "State"):
        table.add_column(column)
    for report in book_of(state).reports.values():
        name = sw_views.player_name
        table.add_row(str(report.seq), report.ref, escape(name(state, report.reporter)),
                      escape(", ".join(name(state, p) for p in report.confirmed
                                       if p != report.reporter)),
                      escape("; ".join(f"{name(state, p)}: {n}" for p, n in report.disputed)),
                      report.status)
    console.print(table)


def _print_next(state: EventState, key: str, info: dict) -> None:
    name = state.divisions[key].name
    if info["complete"]:
        console.print(f"{escape(name)}: the ladder is played.", highlight=False)
    elif info["waiting"] is not None:
        console.print(f"{escape(name)}: game {info['waiting'].number} waits for the die roll "
                      f"(podium sw roll).", highlight=False)
    elif not info["size_ok"]:
        console.print(f"{escape(name)}: the league needs 7 players to start.", highlight=False)
    else:
        kind = "final" if info["final"] else f"{len(info['players'])}-player game"
        console.print(f"{escape(name)}: next is game {info['number']} ({kind}): "
                      f"{escape(', '.join(info['players']))}.", highlight=False)
        if info["creator"]:
            console.print(f"  Table created by {escape(info['creator'])} (premium), with the "
                          f"settings: {escape(info['site_settings'])}", highlight=False)
        else:
            tb = info["turn_based"]
            console.print(f"  No premium account: the organiser creates a turn-based game of "
                          f"{tb['days']} days, active time {tb['hours']} (rule W7-36).",
                          highlight=False)
        if info["deadline"]:
            console.print(f"  Deadline: {info['deadline']}.", highlight=False)
        console.print("  The winner reports the result and the table link.", highlight=False)


@sw.command("status")
@click.argument("slug")
@click.option("--league", default=None, help="One league (key or name).")
@click.option("--lang", type=click.Choice(["ru", "en"]), default="en", show_default=True)
@pass_ctx
@guarded
def status_cmd(ctx: Context, slug: str, league: str | None, lang: str) -> None:
    """Each league's ladder so far and its next game: players, who creates it, the deadline."""
    state = season(ctx.service.load(slug))
    keys = [league_of(state, league)] if league else list(state.divisions)
    for key in keys:
        if key not in state.divisions:
            raise InvalidInput("no league %(league)s; leagues: %(known)s", code="sw.league",
                               field="league", league=key, known=list(state.divisions))
        board = sw_views.dashboard(state, key)
        console.print(f"[bold]{escape(board['name'])}[/]", highlight=False)
        for item in board["games"]:
            print_game(state, item["game"], lang)
        _print_next(state, key, board["next"])


@sw.command("table")
@click.argument("slug")
@click.option("--league", default=None, help="One league (key or name).")
@click.option("--lang", type=click.Choice(["ru", "en"]), default="en", show_default=True)
@pass_ctx
@guarded
def table_cmd(ctx: Context, slug: str, league: str | None, lang: str) -> None:
    """The season table: place, player, wins, unfinished, place points, Titans, penalties,
    total, with a note for each decision; then the special matches."""
    state = season(ctx.service.load(slug))
    print_table(state, lang, league_of(state, league) if league else None)


# -- demo ----------------------------------------------------------------------------------------
@click.command("seven-wonders")
@click.option("--players", type=click.IntRange(min=7), default=28, show_default=True,
              help="A multiple of 7: 28 makes the regular season's 4 leagues.")
@click.option("--seasons", type=click.IntRange(min=1, max=12), default=1, show_default=True)
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True)
@click.option("--starting", is_flag=True, help="A starting season (equal leagues, W7-6).")
@click.option("--lang", type=click.Choice(["ru", "en"]), default="en", show_default=True)
@pass_ctx
@guarded
def demo_seven_wonders(ctx: Context, players: int, seasons: int, seed: int, starting: bool,
                       lang: str) -> None:
    """Play seasons of 7-player leagues with random ties, overruns, kicks, unfinished games,
    die rolls and liftings, and print each season table with its Battle of Titans; with more
    than one season, a whole year (rule W7-1): each season's moves and the year table."""
    if seasons > 1:
        from podium.formats.seven_wonders.year_cli import demo_year

        demo_year(ctx, players, seasons, seed, lang)
        return
    if players % 7:
        raise InvalidInput("--players: a multiple of 7 (a league has 7, rule W7-2)",
                           code="sw.players", field="players")
    service = ctx.service
    for number in range(1, seasons + 1):
        slug = f"demo-seven-wonders-{players}-{seed}" + (f"-s{number}" if seasons > 1 else "")
        with service.db.session() as session:
            repo = EventRepository(session)
            old = repo.find(slug)
            if old is not None:
                repo.delete(old.id)
        settings = {"season": "starting" if starting else "regular", "start": "2025-03-01"}
        service.create_event(slug, f"Demo 7 Wonders season {number}, {players} players",
                             FORMAT, settings, "demo", derive_seed(seed, "season", number))
        width = len(str(players))
        service.execute(AddPlayers(slug, tuple(f"Player {i:0{width}d}"
                                               for i in range(1, players + 1))), "demo")
        rng = random.Random(derive_seed(seed, "demo", number))
        with progress_bar() as bar:
            task = bar.add_task(f"season {number}", total=None)
            for _ in range(500):
                loaded = service.load(slug)
                actions = season_actions(loaded.state, rng, Odds())
                if not actions:
                    break
                service.execute(AppendActions(slug, tuple(actions)), "demo")
                bar.advance(task)
        state = service.load(slug).state
        console.print(f"[bold]{escape(state.name)}[/]", highlight=False)
        print_table(state, lang)
        book = book_of(state)
        games = list(book.games())
        ties = sum(1 for g in games for n in g.notes if n[0].startswith(("tie ", "tie for")))
        console.print(
            f"{sum(1 for g in games if g.league)} ladder games, {ties} ties decided "
            f"({sum(1 for g in games if g.roll)} by a die roll), "
            f"{sum(len(g.overruns) for g in games)} overruns, "
            f"{sum(1 for g in games if g.kicker is not None)} kicks, "
            f"{sum(1 for g in games if not g.finished)} unfinished games, "
            f"{len(book.liftings)} penalties lifted.", highlight=False)
        titans = book.specials.get(TITANS)
        if titans is not None and titans.groups:
            winners = ", ".join(state.players[p].name for p in titans.groups[0])
            if len(titans.groups[0]) > 1:
                console.print(f"Battle of Titans: first place shared by {escape(winners)} "
                              "(rule W7-28).", highlight=False)
            else:
                console.print(f"Battle of Titans won by {escape(winners)}.", highlight=False)
        db = service.db
        where = os.path.relpath(db.url.database or "") if db.is_sqlite else "the database"
        console.print(f"Event id {slug} in {escape(where)}; try `podium sw status {slug}`.",
                      highlight=False)


year_cli.register(sw)
COMMANDS = [sw]

__all__ = ["COMMANDS", "demo_seven_wonders", "sw"]
