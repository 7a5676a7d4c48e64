"""``podium``: Click commands over the service layer. No domain logic lives here."""

from __future__ import annotations

import getpass
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from rich.markup import escape

from podium.cli import render
from podium.cli.base import (
    EXIT_CONFLICT,
    EXIT_INVALID,
    EXIT_NOT_FOUND,
    Context,
    console,
    errors,
    fail,
    guarded,
    parse_assignments,
    pass_ctx,
    setting_text,
    split_names,
)
from podium.core import phases
from podium.core.errors import InvalidInput, NotFound
from podium.formats import available, get_format
from podium.service.forms import PodResult, player_names_from_csv
from podium.service.transfer import dumps, export_document, import_document, parse_document

__all__ = ["EXIT_CONFLICT", "EXIT_INVALID", "EXIT_NOT_FOUND", "cli", "errors", "fail", "main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--db", envvar="PODIUM_DB", help="SQLite file or database URL (default: podium.db).")
@click.option("--actor", envvar="PODIUM_ACTOR", default=None,
              help="Who is acting, for the log (default: your login name).")
@click.pass_context
def cli(ctx: click.Context, db: str | None, actor: str | None) -> None:
    """podium: tournaments for multiplayer table games."""
    if actor is None:
        try:
            actor = getpass.getuser()
        except (KeyError, OSError):
            actor = "organiser"
    ctx.obj = Context(db, actor)


# events ---------------------------------------------------------------------------------------
@cli.group()
def event() -> None:
    """Create and inspect events."""


@event.command("create")
@click.argument("slug")
@click.option("--format", "format_name", default="commander", show_default=True,
              type=click.Choice(available()))
@click.option("--name", default="", help="Display name (default: the slug).")
@click.option("--set", "assignments", multiple=True, metavar="KEY=VALUE",
              help="A format setting; repeat for several. See `podium event formats`.")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="Seed of every random draw (default: a fresh random seed, recorded).")
@click.option("--owner", default=None, help="Organiser account that owns it on the web.")
@pass_ctx
@guarded
def event_create(ctx: Context, slug: str, format_name: str, name: str,
                 assignments: tuple[str, ...], seed: int | None, owner: str | None) -> None:
    """Create event SLUG."""
    from podium.service.accounts import OWNER, AccountService

    accounts = AccountService(ctx.service.db)
    if owner is not None:
        accounts.get_user(owner)  # an unknown owner is refused before the event is stored
    loaded = ctx.service.create_event(
        slug, name or slug, format_name, parse_assignments(assignments), ctx.actor, seed
    )
    if owner is not None:
        accounts.grant(loaded.summary.slug, owner, OWNER, ctx.actor)
    console.print(f"Created {loaded.summary.slug} ({format_name}), seed {loaded.state.seed}.")


@event.command("formats")
def event_formats() -> None:
    """List the formats and their settings with the regulation's defaults."""
    for name in available():
        ruleset = get_format(name)
        console.print(f"[bold]{name}[/]: {ruleset.title}")
        defaults = ruleset.settings_to_json(ruleset.parse_settings({}))
        for field in ruleset.fields:
            rule = f" (rule {field.rule})" if field.rule else ""
            value = defaults[field.key]
            console.print(f"  {field.key} = {setting_text(value)}: {field.help}{rule}",
                          highlight=False)


@event.command("list")
@pass_ctx
@guarded
def event_list(ctx: Context) -> None:
    """List the events of the database."""
    for summary in ctx.service.list_events():
        console.print(f"{summary.slug}\t{summary.format}\t{escape(summary.name)}", highlight=False)


@event.command("show")
@click.argument("slug")
@pass_ctx
@guarded
def event_show(ctx: Context, slug: str) -> None:
    """Settings and progress of an event."""
    loaded = ctx.service.load(slug)
    state = loaded.state
    console.print(f"[bold]{escape(state.name)}[/] ({state.slug}, {state.format}, "
                  f"seed {state.seed})")
    for key, value in loaded.ruleset.settings_to_json(state.settings).items():
        console.print(f"  {key} = {setting_text(value)}", highlight=False)
    active = len(state.active_players())
    console.print(f"Players: {len(state.players)} registered, {active} active.")
    for rnd in state.rounds:
        status = "complete" if rnd.complete else f"missing tables {rnd.missing}"
        console.print(f"Round {rnd.number} ({rnd.stage}): {len(rnd.tables)} tables, {status}.")
    for warning in loaded.ruleset.warnings(state):
        console.print(f"[bold yellow]Warning:[/] {escape(warning)}", highlight=False)
    now = phases.status(state, loaded.ruleset)
    stages = " -> ".join(p.key for p in phases.declared(state, loaded.ruleset))
    console.print(f"Stages: {stages}; now: {now.phase.key}.")
    if now.complete:
        champion = state.players[now.champion].name if now.champion in state.players else "-"
        console.print(f"[bold]Complete.[/] Champion: [bold]{escape(champion)}[/].")


@event.command("set")
@click.argument("slug")
@click.argument("assignments", nargs=-1, required=True)
@click.option("--reason", default="", help="Why the setting changes (logged).")
@pass_ctx
@guarded
def event_set(ctx: Context, slug: str, assignments: tuple[str, ...], reason: str) -> None:
    """Change settings (KEY=VALUE ...) from the next round on."""
    ctx.service.change_settings(slug, parse_assignments(assignments), ctx.actor, reason)
    console.print("Settings changed.")


# players --------------------------------------------------------------------------------------
@cli.group()
def player() -> None:
    """Register, import, drop and list players."""


@player.command("add")
@click.argument("slug")
@click.argument("names", nargs=-1, required=True)
@pass_ctx
@guarded
def player_add(ctx: Context, slug: str, names: tuple[str, ...]) -> None:
    """Register players (after round 1 they enter late, with 0 points)."""
    for added in ctx.service.add_players(slug, list(names), ctx.actor):
        console.print(f"#{added.id} {escape(added.name)}", highlight=False)


@player.command("import")
@click.argument("slug")
@click.argument("csv_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@pass_ctx
@guarded
def player_import(ctx: Context, slug: str, csv_file: Path) -> None:
    """Register the players of a CSV file with a 'name' column (UTF-8 or Windows-1251)."""
    names = player_names_from_csv(csv_file.read_bytes())
    added = ctx.service.add_players(slug, names, ctx.actor)
    console.print(f"Imported {len(added)} players.")


@player.command("drop")
@click.argument("slug")
@click.argument("name")
@click.option("--reason", default="", help="Why (logged).")
@pass_ctx
@guarded
def player_drop(ctx: Context, slug: str, name: str, reason: str) -> None:
    """Drop a player (by name or #id) from the next pairing on."""
    dropped = ctx.service.drop_player(slug, name, ctx.actor, reason)
    console.print(f"{escape(dropped.name)} dropped.", highlight=False)


@player.command("reinstate")
@click.argument("slug")
@click.argument("name")
@click.option("--reason", default="", help="Why (logged).")
@pass_ctx
@guarded
def player_reinstate(ctx: Context, slug: str, name: str, reason: str) -> None:
    """Undo a drop."""
    back = ctx.service.reinstate_player(slug, name, ctx.actor, reason)
    console.print(f"{escape(back.name)} is back in.", highlight=False)


@player.command("list")
@click.argument("slug")
@pass_ctx
@guarded
def player_list(ctx: Context, slug: str) -> None:
    """The registered players."""
    state = ctx.service.load(slug).state
    for p in state.players.values():
        flags = " (dropped)" if p.dropped else ""
        late = f" (entered after round {p.joined_round})" if p.joined_round else ""
        console.print(f"#{p.id} {escape(p.name)}{late}{flags}", highlight=False)


# rounds ---------------------------------------------------------------------------------------
@cli.group("round")
def round_group() -> None:
    """Pair, preview, show and undo rounds."""


@round_group.command("pair")
@click.argument("slug")
@click.option("--preview", is_flag=True, help="Show the pairing without committing it.")
@pass_ctx
@guarded
def round_pair(ctx: Context, slug: str, preview: bool) -> None:
    """Pair the next round (or the final) and explain every pod."""
    if preview:
        state, explanation = ctx.service.preview_explained(slug)
    else:
        state, explanation = ctx.service.pair_round_explained(slug, ctx.actor)
    title = f"{'PREVIEW round' if preview else 'Round'} {explanation.number} ({explanation.stage})"
    _print_explanation(state, explanation, title)
    if preview:
        console.print("[dim]Nothing stored. Run without --preview to commit.[/]")


def _print_explanation(state: Any, explanation: Any, title: str) -> None:
    for table in render.pairing_tables(state, explanation, title):
        console.print(table)
    for note in explanation.notes:
        console.print(f"• {escape(note)}", highlight=False)
    console.print(f"Repeated pairs in this round: {explanation.repeat_count}")


@round_group.command("show")
@click.argument("slug")
@click.argument("number", type=int, required=False)
@pass_ctx
@guarded
def round_show(ctx: Context, slug: str, number: int | None) -> None:
    """Pairings with their explanation, and the results entered so far."""
    state, explanation = ctx.service.explain(slug, number)
    _print_explanation(state, explanation, f"Round {explanation.number}")
    console.print(render.results_table(state, state.round(explanation.number)))


@round_group.command("undo")
@click.argument("slug")
@click.option("--reason", default="", help="Why (logged).")
@pass_ctx
@guarded
def round_undo(ctx: Context, slug: str, reason: str) -> None:
    """Undo the last round while it has no result."""
    number = ctx.service.undo_round(slug, ctx.actor, reason)
    console.print(f"Round {number} undone.")


# results --------------------------------------------------------------------------------------
def result_options(func: Callable[..., Any]) -> Callable[..., Any]:
    options = [
        click.option("--winner", multiple=True, help="The winner (last alive)."),
        click.option("--order", "eliminated", default="",
                     help="Eliminated players, first out first, comma-separated; players out "
                          "at the same moment joined by +, e.g. \"Boris,Vera+Gleb\"."),
        click.option("--draw", is_flag=True,
                     help="The game ended in a draw (CMD-12, CMD-13); with no --survivors, "
                          "everyone was eliminated."),
        click.option("--survivors", default="", help="Survivors of a draw, comma-separated."),
        click.option("--simultaneous", is_flag=True,
                     help="The winner took everyone out at once and named --order (CMD-4a)."),
        click.option("--game-loss", "game_losses", multiple=True, metavar="NAME=REASON",
                     help="A judge's game loss (CMD-14); the player must be in --order."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _form(winner: tuple[str, ...], eliminated: str, draw: bool, survivors: str,
          simultaneous: bool, game_losses: tuple[str, ...]) -> PodResult:
    losses = []
    for item in game_losses:
        name, sep, reason = item.partition("=")
        if not sep:
            raise InvalidInput(
                "--game-loss %(item)r: write it as NAME=REASON",
                item=item)
        losses.append((name.strip(), reason.strip()))
    return PodResult(tuple(winner), split_names(eliminated), draw, split_names(survivors),
                     simultaneous, tuple(losses))


@cli.group()
def result() -> None:
    """Enter and correct results."""


@result.command("enter")
@click.argument("slug")
@click.argument("table", type=int)
@result_options
@pass_ctx
@guarded
def result_enter(ctx: Context, slug: str, table: int, **form: Any) -> None:
    """Enter the result of TABLE in the current round."""
    pod = _form(**form)
    _state, rnd = ctx.service.enter_result(slug, table, pod.to_entry, ctx.actor)
    left = rnd.missing
    console.print(f"Round {rnd.number}, table {table}: saved. "
                  + (f"Waiting for tables {left}." if left else "The round is complete."))


@result.command("correct")
@click.argument("slug")
@click.argument("table", type=int)
@click.option("--round", "round_number", type=int, required=True, help="The round to correct.")
@click.option("--reason", required=True, help="Why the result changes (logged).")
@result_options
@pass_ctx
@guarded
def result_correct(ctx: Context, slug: str, table: int, round_number: int, reason: str,
                   **form: Any) -> None:
    """Replace the result of TABLE in any round; standings re-derive."""
    pod = _form(**form)
    ctx.service.enter_result(slug, table, pod.to_entry, ctx.actor, round_number=round_number,
                             correct=True, reason=reason)
    console.print(f"Round {round_number}, table {table}: corrected.")


# standings, log, files ------------------------------------------------------------------------
DEFAULT_TOP = 200  # rows `podium standings` prints unless --top says otherwise

@cli.command()
@click.argument("slug")
@click.option("--round", "through", type=int, default=None, help="Standings after this round.")
@click.option("--table", "key", default=None,
              help="One public table by its key (e.g. stage-2, total, table-1).")
@click.option("--stage", type=int, default=None, help="Shorthand for --table stage-N.")
@click.option("--publication", type=int, default=None,
              help="A frozen publication's table (formats that publish, e.g. the marathon).")
@click.option("--lang", type=click.Choice(["ru", "en"]), default="en",
              help="Language of a table's headers.")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False, path_type=Path), default=None)
@click.option("--html", "html_path", type=click.Path(dir_okay=False, path_type=Path), default=None)
@click.option("--top", "top", type=click.IntRange(min=0), default=None,
              help=f"Print only the first N rows (default {DEFAULT_TOP:,}; 0: every row).")
@pass_ctx
@guarded
def standings(ctx: Context, slug: str, through: int | None, key: str | None, stage: int | None,
              publication: int | None, lang: str, csv_path: Path | None,
              html_path: Path | None, top: int | None) -> None:
    """Standings with every tiebreak column, or one public table (a stage, the total).

    A terminal gets the first rows only (--top): a table of 200,000 rows takes minutes to
    draw; --csv and --html always write every row."""
    limit = None if top == 0 else (top or DEFAULT_TOP)
    if stage is not None:
        key = key or f"stage-{stage}"
    loaded = ctx.service.load(slug)
    state, ruleset = loaded.state, loaded.ruleset
    if key is None and publication is None and ruleset.capabilities.rounds:
        if csv_path or html_path:
            key = ruleset.main_view_key(state)
        else:
            state, table = ctx.service.standings(slug, through)
            shown = through if through is not None else len(state.rounds)
            console.print(render.standings_table(state, table,
                                                 f"{state.name}: after round {shown}", limit))
            return
    if through is not None:
        raise InvalidInput("a %(format)s event has no rounds: ask for one of its tables "
                           "(--table)", code="capability.rounds", field="round",
                           format=ruleset.name)
    key = key or ruleset.main_view_key(state)
    if publication is not None:
        view = next((v for v in ruleset.publication_views(state, publication) if v.key == key),
                    None)
    else:
        view = ruleset.view(state, key)
    if view is None:
        known = [k for k, _title, _args in ruleset.view_keys(state)]
        if stage is not None:
            raise NotFound("no stage %(stage)s; tables: %(known)s", code="view.unknown",
                           field="stage", stage=stage, known=known)
        raise NotFound("no table %(key)r; tables: %(known)s", code="view.unknown",
                       field="table", key=key, known=known)
    render.print_view(view, lang, limit)
    render.write_exports(view, state.name, lang, csv_path, html_path)


@cli.command()
@click.argument("slug")
@pass_ctx
@guarded
def log(ctx: Context, slug: str) -> None:
    """The event's action log: who did what, when, and why."""
    loaded = ctx.service.load(slug)
    console.print(render.log_table(ctx.service.log(slug), loaded.state))


@cli.command("export")
@click.argument("slug")
@pass_ctx
@guarded
def export_cmd(ctx: Context, slug: str) -> None:
    """Write the whole event as one JSON document to standard output."""
    click.echo(dumps(export_document(ctx.service, slug)), nl=False)


@cli.command("import")
@click.argument("file", type=click.File("rb"))
@click.option("--slug", default=None, help="Store under this id instead of the file's.")
@pass_ctx
@guarded
def import_cmd(ctx: Context, file: Any, slug: str | None) -> None:
    """Import an event file written by `podium export` (use - for standard input)."""
    data = file.read()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InvalidInput("the event file is not UTF-8 text") from None
    loaded = import_document(ctx.service, parse_document(text), slug)
    console.print(f"Imported {loaded.summary.slug}: {loaded.state.last_seq} actions, "
                  f"{len(loaded.state.players)} players, {len(loaded.state.rounds)} rounds.")


# demo -----------------------------------------------------------------------------------------
@cli.group()
def demo() -> None:
    """Simulated events on embedded SQLite."""


from podium.compose import attach_cli  # noqa: E402 - the formats' commands need the groups

attach_cli(cli, demo)


def main() -> None:
    cli(prog_name="podium")


if __name__ == "__main__":
    main()
