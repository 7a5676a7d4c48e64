"""``podium sw ...``: the 7 Wonders season on the command line (regulation W7).

The season's use cases are declared commands (:mod:`.season_commands`): the shared adapter
(:mod:`podium.cli.declared`) makes ``podium sw leagues|profile|game|special|overrun|lift|roll|
accept|report|confirm|dispute`` from them, with their arguments and options, and this module
prints what some of them answer (``render``: a game with its decisions, the leagues). Here
stay the reads (``status``, ``table``, ``reports``), ``podium sw move`` (the kernel's
``division.move`` under its old name) and the demo."""

from __future__ import annotations

import os
import random

import click
from rich import box
from rich.markup import escape
from rich.table import Table

from podium.cli.base import Context, console, guarded, pass_ctx, progress_bar
from podium.cli.declared import click_command
from podium.cli.lang import current, lang_option, tr
from podium.cli.localised import LocalisedCommand, LocalisedGroup, LocalisedOption
from podium.core.errors import Conflict, InvalidInput
from podium.core.messages import M, Message, Mn, Mp
from podium.core.model import EventState
from podium.core.rng import derive_seed
from podium.core.views import N_
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders import views as sw_views
from podium.formats.seven_wonders.commands import league_of
from podium.formats.seven_wonders.demo import Odds, season_actions
from podium.formats.seven_wonders.rules import FORMAT
from podium.formats.seven_wonders.season import SPECIALS, TITANS, Game, book_of
from podium.formats.seven_wonders.year_views import league_name
from podium.i18n import translate
from podium.service.catalog import Done
from podium.service.commands import AddPlayers, AppendActions
from podium.service.events import LoadedEvent
from podium.service.kernel import DIVISION_MOVE
from podium.store.repository import EventRepository

LANG = lang_option()
#: A player's marks in a game as the pages write them (rules W7-2, W7-19 .. W7-22).
MARKS = {"overrun": N_("over time"), "kick": N_("kick"), "deepest": N_("deepest in negative time"),
         "out": N_("out")}


def _tr(lang: str | None):
    return lambda message: translate(message, lang or current())


def print_game(state: EventState, game: Game, lang: str | None = None) -> None:
    """A game: its players best first with position, score, winner points and marks, then
    every decision with its explanation (rules W7-2, W7-20 .. W7-22, W7-26 .. W7-28)."""
    tr = _tr(lang)
    # the game's name, then its reference as the commands take it (sw lift gods/3)
    # a special match's title is typed as it is (rule W7-11: "Матч Фортуны", "Fortune match")
    label = tr(sw_views.game_label(state, game.ref))
    title = (label if game.ref in SPECIALS else f"{label} ({game.ref})") + (
        "" if game.finished else " " + tr(M("(unfinished)")))
    table = Table(title=escape(title), box=box.SIMPLE, title_justify="left")
    for column in (Mp("rank", "Rank"), M("Player"), M("Score"), M("Points"), ""):
        table.add_column(escape(tr(column)))
    for line in sw_views.game_lines(state, game):
        table.add_row(str(line["position"] or "-"), escape(str(line["name"])),
                      "" if line["score"] is None else str(line["score"]),
                      "" if line["points"] is None else str(line["points"]),
                      escape(", ".join(tr(MARKS.get(m, m)) for m in line["marks"])))
    console.print(table)
    if game.link:
        console.print(f"  {escape(game.link)}", highlight=False)
    for note in game.notes:
        console.print(f"  · {escape(_tr(lang)(sw_views.note_message(state, note)))}",
                      highlight=False)


def print_table(state: EventState, lang: str | None = None, league: str | None = None) -> None:
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
            note = tr(sw_views.notes_message(state, row.notes)) if row else ""
            table.add_row(*[escape(note if c.key == "note" else
                                   "" if cells.get(c.key) is None else str(cells.get(c.key)))
                            for c in view.columns])
        console.print(table)
    book = book_of(state)
    for match in SPECIALS:
        game = book.specials.get(match)
        if game is None:
            continue
        console.print(f"[bold]{escape(tr(sw_views.match_label(match)))}[/]", highlight=False)
        print_game(state, game, lang)


def season_of(loaded: LoadedEvent) -> EventState:
    """The state of a season; the format's reads refuse an event of another format."""
    if loaded.ruleset.name != FORMAT:
        raise Conflict("event %(slug)s is a %(format)s event, not a 7 Wonders season",
                       code=codes.NOT_SEASON, field="event", slug=loaded.state.slug,
                       format=loaded.ruleset.name)
    return loaded.state


# -- what declared commands print (their ``render``) --------------------------------------------
def print_played(done: Done) -> None:
    """A game just entered, rolled or accepted, with its decisions; then the sentence."""
    print_game(done.state, done.value.game)
    console.print(escape(tr(done.said)), highlight=False)


def print_entered(done: Done) -> None:
    """A ladder game just entered, then what is next in its league (rule W7-36)."""
    print_played(done)
    key = done.value.game.league or ""
    _print_next(done.state, key, sw_views.next_game(done.state, key))


def print_leagues(done: Done) -> None:
    """Each league set (with its level) and its players; or the players added."""
    for player in done.value.added:
        console.print(f"#{player.id} {escape(player.name)}", highlight=False)
    for key, name, level, names in done.value.leagues:
        line = M("%(league)s (level %(level)s): %(names)s", league=league_name(key, name),
                 level=level, names=", ".join(names))
        console.print(escape(tr(line)), highlight=False)
    console.print(escape(tr(done.said)), highlight=False)


@click.group("sw", cls=LocalisedGroup,
             help=N_("7 Wonders season league (regulation W7): leagues, games, penalties, ties, "
                     "the table."))
def sw() -> None:
    """The group's commands are added to it (its help is given to the decorator)."""


MOVE = click_command(DIVISION_MOVE, "move",
                     text="Move PLAYER into another league before either league has played (a "
                          "swap is two moves: a league starts only with 7 players, rule "
                          "W7-15); needs --reason.")
# its title and help in the run's language when --help shows them (the adapter's texts)
MOVE.texts = (N_("Move a player into another league"),  # type: ignore[attr-defined]
              N_("Before either league has played (a swap is two moves: a league starts only "
                 "with 7 players, rule W7-15); needs --reason."))
sw.add_command(MOVE)


@sw.command("reports", cls=LocalisedCommand,
            help=N_("The players' self-reports and their state (rule W7-36)."))
@click.argument("slug")
@pass_ctx
@guarded
def reports_cmd(ctx: Context, slug: str) -> None:
    """The players' self-reports and their state (rule W7-36)."""
    state = season_of(ctx.service.load(slug))
    table = Table(box=box.SIMPLE, title=escape(tr(N_("Self-reports"))), title_justify="left")
    for column in (N_("Report"), N_("Game"), N_("By"), N_("Confirmed by"), N_("Disputed"),
                   N_("Status")):
        table.add_column(escape(tr(column)))
    for report in book_of(state).reports.values():
        name = sw_views.player_name
        table.add_row(str(report.seq), escape(tr(sw_views.game_label(state, report.ref))),
                      escape(name(state, report.reporter)),
                      escape(", ".join(name(state, p) for p in report.confirmed
                                       if p != report.reporter)),
                      escape("; ".join(f"{name(state, p)}: {n}" for p, n in report.disputed)),
                      escape(tr(report.status)))
    console.print(table)


def next_lines(state: EventState, key: str, info: dict) -> list[Message]:
    """What is due in league ``key`` as sentences (rule W7-36): the game, its players, who
    creates the table on the site and with which settings, the deadline, who reports."""
    league = sw_views.league_label(state, key)
    if info["complete"]:
        return [M("%(league)s: the ladder is played.", league=league)]
    if info["waiting"] is not None:
        return [M("%(league)s: game %(n)s waits for the die roll (podium sw roll, rule W7-26).",
                  league=league, n=info["waiting"].number)]
    if not info["size_ok"]:
        return [M("%(league)s: the league needs 7 players to start (rule W7-2).",
                  league=league)]
    kind = (M("the final: its order gives places 1 to 3") if info["final"] else
            M("%(count)s players, the last one is out", count=len(info["players"])))
    lines = [M("%(league)s: next is game %(n)s (%(kind)s): %(names)s.", league=league,
               n=info["number"], kind=kind, names=", ".join(info["players"]))]
    if info["creator"]:
        lines.append(M("Creates the table: %(name)s (premium account), with these "
                       "settings: %(settings)s", name=info["creator"],
                       settings=Message(info["site_settings"])))
    else:
        tb = info["turn_based"]
        lines.append(M("No player has a premium account: the organiser creates a "
                       "turn-based game of %(days)s days, active time %(hours)s (rule W7-36).",
                       days=tb["days"], hours=tb["hours"]))
    if info["deadline"]:
        lines.append(M("Deadline: %(when)s", when=info["deadline"]))
    lines.append(M("The winner reports the result and the table link; the other players "
                   "confirm."))
    return lines


def _print_next(state: EventState, key: str, info: dict) -> None:
    for number, line in enumerate(next_lines(state, key, info)):
        console.print(("  " if number else "") + escape(tr(line)), highlight=False)


@sw.command("status", cls=LocalisedCommand,
            help=N_("Each league's ladder so far and its next game: players, who creates it, "
                    "the deadline."))
@click.argument("slug")
@click.option("--league", default=None, cls=LocalisedOption,
              help=N_("One league (key or name)."))
@LANG
@pass_ctx
@guarded
def status_cmd(ctx: Context, slug: str, league: str | None, lang: str) -> None:
    """Each league's ladder so far and its next game: players, who creates it, the deadline."""
    state = season_of(ctx.service.load(slug))
    keys = [league_of(state, league)] if league else list(state.divisions)
    for key in keys:
        if key not in state.divisions:
            raise InvalidInput("no league %(league)s; leagues: %(known)s", code=codes.LEAGUE,
                               field="league", league=key, known=list(state.divisions))
        board = sw_views.dashboard(state, key)
        console.print(f"[bold]{escape(tr(board['label']))}[/]", highlight=False)
        for item in board["games"]:
            print_game(state, item["game"], lang)
        _print_next(state, key, board["next"])


@sw.command("table", cls=LocalisedCommand,
            help=N_("The season table: place, player, wins, unfinished, place points, Titans, "
                    "penalties, total, with a note for each decision; then the special "
                    "matches."))
@click.argument("slug")
@click.option("--league", default=None, cls=LocalisedOption,
              help=N_("One league (key or name)."))
@LANG
@pass_ctx
@guarded
def table_cmd(ctx: Context, slug: str, league: str | None, lang: str) -> None:
    """The season table: place, player, wins, unfinished, place points, Titans, penalties,
    total, with a note for each decision; then the special matches."""
    state = season_of(ctx.service.load(slug))
    print_table(state, lang, league_of(state, league) if league else None)


# -- demo ----------------------------------------------------------------------------------------
@click.command("seven-wonders", cls=LocalisedCommand,
               help=N_("Play seasons of 7-player leagues with random ties, overruns, kicks, "
                       "unfinished games, die rolls and liftings, and print each season table "
                       "with its Battle of Titans; with more than one season, a whole year "
                       "(rule W7-1): each season's moves and the year table."))
@click.option("--players", type=click.IntRange(min=7), default=28, show_default=True,
              cls=LocalisedOption,
              help=N_("A multiple of 7: 28 makes the regular season's 4 leagues."))
@click.option("--seasons", type=click.IntRange(min=1, max=12), default=1, show_default=True,
              cls=LocalisedOption, help=N_("Seasons to play (more than one: a year)."))
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True,
              cls=LocalisedOption, help=N_("The seed of the random draws."))
@click.option("--starting", is_flag=True, cls=LocalisedOption,
              help=N_("A starting season (equal leagues, W7-6)."))
@LANG
@pass_ctx
@guarded
def demo_seven_wonders(ctx: Context, players: int, seasons: int, seed: int, starting: bool,
                       lang: str) -> None:
    """Play seasons of 7-player leagues with random ties, overruns, kicks, unfinished games,
    die rolls and liftings, and print each season table with its Battle of Titans; with more
    than one season, a whole year (rule W7-1): each season's moves and the year table."""
    if seasons > 1:
        from podium.cli.views import print_shown
        from podium.formats.seven_wonders.year_demo import shown_year

        print_shown(shown_year(ctx.service, players, seasons, seed), ctx)
        return
    if players % 7:
        raise InvalidInput("--players: a multiple of 7 (a league has 7, rule W7-2)",
                           code=codes.DEMO_PLAYERS, field="players")
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
            task = bar.add_task(escape(tr(M("season %(n)s", n=number))), total=None)
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
        counts = [
            Mn("%(n)s ladder game", "%(n)s ladder games", sum(1 for g in games if g.league)),
            Mn("%(n)s tie decided", "%(n)s ties decided", ties),
            Mn("(%(n)s by a die roll)", "(%(n)s by a die roll)",
               sum(1 for g in games if g.roll)),
            Mn("%(n)s overrun", "%(n)s overruns", sum(len(g.overruns) for g in games)),
            Mn("%(n)s kick", "%(n)s kicks", sum(1 for g in games if g.kicker is not None)),
            Mn("%(n)s unfinished game", "%(n)s unfinished games",
               sum(1 for g in games if not g.finished)),
            Mn("%(n)s penalty lifted", "%(n)s penalties lifted", len(book.liftings)),
        ]
        console.print(escape(", ".join(tr(c) for c in counts).replace(", (", " (") + "."),
                      highlight=False)
        titans = book.specials.get(TITANS)
        if titans is not None and titans.groups:
            winners = ", ".join(state.players[p].name for p in titans.groups[0])
            won = (M("Battle of Titans: first place shared by %(names)s (rule W7-28).",
                     names=winners) if len(titans.groups[0]) > 1 else
                   M("Battle of Titans won by %(names)s.", names=winners))
            console.print(escape(tr(won)), highlight=False)
        db = service.db
        where = (os.path.relpath(db.url.database or "") if db.is_sqlite else
                 tr(M("the database")))
        console.print(escape(tr(M("Event id %(slug)s in %(where)s; try `%(command)s`.",
                                  slug=slug, where=where,
                                  command=f"podium sw status {slug}"))), highlight=False)


COMMANDS = [sw]

__all__ = ["COMMANDS", "demo_seven_wonders", "sw"]
