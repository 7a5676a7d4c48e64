"""``podium``: Click commands over the service layer. No domain logic lives here."""

from __future__ import annotations

import copy
import getpass
from pathlib import Path

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
    pass_ctx,
)
from podium.cli.lang import value_text
from podium.cli.printing import print_explanation
from podium.core import codes, phases
from podium.core.errors import InvalidInput, NotFound
from podium.formats import available, get_format
from podium.service.catalog import Catalog
from podium.service.transfer import dumps, export_document

__all__ = [
    "EXIT_CONFLICT", "EXIT_INVALID", "EXIT_NOT_FOUND", "build_cli", "cli", "errors", "fail",
    "main",
]


@click.group()
def static() -> None:
    """The reading commands and groups every root gets (:func:`build_cli` copies them)."""


ROOT_HELP = """podium: tournaments for multiplayer table games.

    Every command of a format is listed by `podium FORMAT --help` (commander, berserk,
    mahjong-marathon, seven-wonders, series); the shared ones also stand below (player,
    round, result, top, series)."""


def actor_or_login(actor: str | None) -> str:
    if actor is not None:
        return actor
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "organiser"


# events ---------------------------------------------------------------------------------------
@static.group()
def event() -> None:
    """Create and inspect events."""


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
            console.print(f"  {field.key} = {value_text(value)}: {field.help}{rule}",
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
        console.print(f"  {key} = {value_text(value)}", highlight=False)
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


# players --------------------------------------------------------------------------------------
@static.group()
def player() -> None:
    """Register, import, drop and list players."""


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
@static.group("round")
def round_group() -> None:
    """Pair, preview, show and undo rounds."""


@round_group.command("show")
@click.argument("slug")
@click.argument("number", type=int, required=False)
@pass_ctx
@guarded
def round_show(ctx: Context, slug: str, number: int | None) -> None:
    """Pairings with their explanation, and the results entered so far."""
    state, explanation = ctx.service.explain(slug, number)
    print_explanation(state, explanation, f"Round {explanation.number}")
    console.print(render.results_table(state, state.round(explanation.number)))


# standings, log, files ------------------------------------------------------------------------
DEFAULT_TOP = 200  # rows `podium standings` prints unless --top says otherwise

@static.command()
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
                           "(--table)", code=codes.CAPABILITY_ROUNDS, field="round",
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
            raise NotFound("no stage %(stage)s; tables: %(known)s", code=codes.VIEW_UNKNOWN,
                           field="stage", stage=stage, known=known)
        raise NotFound("no table %(key)r; tables: %(known)s", code=codes.VIEW_UNKNOWN,
                       field="table", key=key, known=known)
    render.print_view(view, lang, limit)
    render.write_exports(view, state.name, lang, csv_path, html_path)


@static.command()
@click.argument("slug")
@pass_ctx
@guarded
def log(ctx: Context, slug: str) -> None:
    """The event's action log: who did what, when, and why."""
    loaded = ctx.service.load(slug)
    console.print(render.log_table(ctx.service.log(slug), loaded.state))


@static.command("export")
@click.argument("slug")
@pass_ctx
@guarded
def export_cmd(ctx: Context, slug: str) -> None:
    """Write the whole event as one JSON document to standard output."""
    click.echo(dumps(export_document(ctx.service, slug)), nl=False)


# demo -----------------------------------------------------------------------------------------
@static.group()
def demo() -> None:
    """Simulated events on embedded SQLite."""


def _copied(command: click.Command) -> click.Command:
    """A command with its own list of subcommands (so a root's additions stay its own)."""
    found = copy.copy(command)
    if isinstance(found, click.Group):
        found.commands = {name: _copied(sub) for name, sub in command.commands.items()}
    return found


def build_cli(catalog: Catalog | None = None) -> click.Group:
    """The ``podium`` command line: the reading commands, and from the catalog of declared
    commands (built once here, from the registered formats, unless given) every format's group
    and the shared places of the kernel's commands. The entry point builds it once; a test
    that registers a format builds its own."""
    from podium.compose import attach_cli, build_catalog

    chosen = catalog or build_catalog()

    @click.pass_context
    def start(ctx: click.Context, db: str | None, actor: str | None) -> None:
        ctx.obj = Context(db, actor_or_login(actor), chosen)

    root = click.Group("podium", callback=start, help=ROOT_HELP,
                       context_settings={"help_option_names": ["-h", "--help"]}, params=[
        click.Option(["--db"], envvar="PODIUM_DB",
                     help="SQLite file or database URL (default: podium.db)."),
        click.Option(["--actor"], envvar="PODIUM_ACTOR", default=None,
                     help="Who is acting, for the log (default: your login name).")])
    for name, command in static.commands.items():
        root.add_command(_copied(command), name)
    attach_cli(root, root.commands["demo"], chosen)  # type: ignore[arg-type]
    return root


cli = build_cli()


def main() -> None:
    cli(prog_name="podium")


if __name__ == "__main__":
    main()
