"""``podium``: Click commands over the service layer. No domain logic lives here.

The reading commands are defined here, importing nothing heavy; the formats, the catalog and
the service are imported when a command needs them (:mod:`podium.cli.lazy`)."""

from __future__ import annotations

import copy
import gc
import getpass
import os
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.markup import escape

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
from podium.cli.lang import choose, tr, use, value_text
from podium.cli.lazy import Extensible, LazyRoot
from podium.cli.localised import LocalisedGroup
from podium.core import codes
from podium.core.errors import NotFound
from podium.core.messages import M
from podium.core.views import N_

if TYPE_CHECKING:
    from podium.service.catalog import Catalog, Seen

__all__ = [
    "EXIT_CONFLICT", "EXIT_INVALID", "EXIT_NOT_FOUND", "build_cli", "cli", "errors", "fail",
    "main",
]


@click.group(cls=LocalisedGroup)
def static() -> None:
    """The reading commands and groups every root gets (:func:`build_cli` copies them)."""


WARNING = M("Warning:")

ROOT_HELP = N_("podium: tournaments for multiplayer table games.\n\n"
                "Every command of a format is listed by `podium FORMAT --help` (`commander`, "
                "`berserk`, `mahjong-marathon`, `seven-wonders`, `series`); the shared ones "
                "also stand below (`player`, `round`, `result`, `top`, `series`).")


def actor_or_login(actor: str | None) -> str:
    if actor is not None:
        return actor
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "organiser"


# events ---------------------------------------------------------------------------------------
@static.group(cls=Extensible, help=N_("Create and inspect events."))
def event() -> None:
    """``podium event``."""


@event.command("formats",
               help=N_("List the formats and their settings with the regulation's defaults."))
def event_formats() -> None:
    from podium.formats import available, get_format

    for name in available():
        ruleset = get_format(name)
        console.print(f"[bold]{name}[/]: {escape(tr(ruleset.title))}")
        defaults = ruleset.settings_to_json(ruleset.parse_settings({}))
        for field in ruleset.fields:
            text = (M("%(help)s (rule %(rule)s)", help=M(field.help), rule=field.rule)
                    if field.rule else M(field.help))
            value = defaults[field.key]
            console.print(f"  {field.key} = {escape(value_text(value))}: {escape(tr(text))}",
                          highlight=False)


@event.command("list", help=N_("List the events of the database."))
@pass_ctx
@guarded
def event_list(ctx: Context) -> None:
    from podium.store.plain import event_names

    rows = event_names(ctx.db_arg)  # a SQLite file at the newest schema: without SQLAlchemy
    if rows is None:
        from podium.store.repository import list_events

        rows = [(s.slug, s.format, s.name) for s in list_events(ctx.db)]
    for slug, format_name, name in rows:
        console.print(f"{slug}\t{format_name}\t{escape(name)}", highlight=False)


@event.command("show", help=N_("Settings and progress of an event."))
@click.argument("slug")
@pass_ctx
@guarded
def event_show(ctx: Context, slug: str) -> None:
    from podium.cli.views import print_seen, read_view

    print_seen(read_view(ctx, "event", slug, {}, plain=True))


# players --------------------------------------------------------------------------------------
@static.group(cls=Extensible, help=N_("Register, import, drop and list players."))
def player() -> None:
    """``podium player``."""


@player.command("list", help=N_("The registered players."))
@click.argument("slug")
@pass_ctx
@guarded
def player_list(ctx: Context, slug: str) -> None:
    from podium.cli.views import print_seen, read_view

    print_seen(read_view(ctx, "players", slug, {}, plain=True))


# rounds ---------------------------------------------------------------------------------------
@static.group("round", cls=Extensible, help=N_("Pair, preview, show and undo rounds."))
def round_group() -> None:
    """``podium round``."""


@round_group.command(
    "show", help=N_("Pairings with their explanation, and the results entered so far."))
@click.argument("slug")
@click.argument("number", type=int, required=False)
@pass_ctx
@guarded
def round_show(ctx: Context, slug: str, number: int | None) -> None:
    from podium.cli.views import print_seen, read_view

    fields = {"explain": "yes"} if number is None else {"explain": "yes", "round": str(number)}
    print_seen(read_view(ctx, "round", slug, fields, plain=True))


# standings, log, files ------------------------------------------------------------------------
DEFAULT_TOP = 200  # rows `podium standings` prints unless --top says otherwise
TOP_HELP = N_("Print only the first N rows (default 200; 0: every row).")
STANDINGS_HELP = N_("Standings with every tiebreak column, or one public table (a stage, the "
                    "total).\n\nA terminal gets the first rows only (--top): a table of 200,000 "
                    "rows takes minutes to draw; --csv and --html always write every row, and "
                    "every draft table of a format whose standings are split across tables "
                    "(Berserk) unless --table picks one.")

@static.command(help=STANDINGS_HELP)
@click.argument("slug")
@click.option("--round", "through", type=int, default=None,
              help=N_("Standings after this round."))
@click.option("--table", "key", default=None,
              help=N_("One public table by its key (e.g. stage-2, total, table-1)."))
@click.option("--stage", type=int, default=None, help=N_("Shorthand for --table stage-N."))
@click.option("--publication", type=int, default=None,
              help=N_("A frozen publication's table (formats that publish, e.g. the marathon)."))
@click.option("--lang", type=click.Choice(["ru", "en"]), default=None,
              help=N_("Language (default: podium --lang, else the locale's)."))
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help=N_("Also write the whole table (every row) to this CSV file."))
@click.option("--html", "html_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help=N_("Also write the whole table (every row) to this HTML file."))
@click.option("--top", "top", type=click.IntRange(min=0), default=None,
              help=TOP_HELP)
@click.option("--odds", is_flag=True, default=False,
              help=N_("With each player's chance of each outcome the regulation rewards (the "
                      "final, first place...), one column per goal."))
@click.option("--model", default=None, metavar="MODEL",
              help=N_("With --odds: uniform (every finish equally likely) or rating (by the "
                      "players' strengths); default: the event's setting."))
@pass_ctx
@guarded
def standings(ctx: Context, slug: str, through: int | None, key: str | None, stage: int | None,
              publication: int | None, lang: str, csv_path: Path | None,
              html_path: Path | None, top: int | None, odds: bool = False,
              model: str | None = None) -> None:
    from podium.cli import render
    from podium.cli.views import Options, print_seen, read_view

    lang = use(lang)
    limit = None if top == 0 else (top or DEFAULT_TOP)
    if stage is not None:
        key = key or f"stage-{stage}"
    if publication is not None:
        seen = read_publication(ctx, slug, key, publication)
        print_seen(seen, Options(limit=limit, lang=lang, csv=csv_path, html=html_path))
        return
    if key is None and (csv_path or html_path):
        from podium.service.exports import split_standings

        loaded = ctx.service.load(slug)
        whole = split_standings(loaded.ruleset, loaded.state, lang)
        if whole is not None:
            render.write_exports(whole, loaded.state.name, lang, csv_path, html_path)
            return
    fields = {name: str(value) for name, value in (("round", through), ("table", key))
              if value is not None}
    try:
        seen = read_view(ctx, "standings", slug, fields, plain=True)
    except NotFound as error:
        if stage is not None and error.code == codes.VIEW_UNKNOWN:
            raise NotFound("no stage %(stage)s; tables: %(known)s", code=codes.VIEW_UNKNOWN,
                           field="stage", stage=stage, known=error.params.get("known")
                           ) from None
        raise
    chances = read_odds(ctx, slug, model) if odds else None
    print_seen(seen, Options(limit=limit, lang=lang, csv=csv_path, html=html_path,
                             odds=chances))


def read_odds(ctx: Context, slug: str, model: str | None) -> object:
    """The ``odds`` view's value (every player's chances), a spinner on the terminal while a
    simulation runs."""
    from podium.cli.base import progress_bar
    from podium.cli.views import read_view

    fields = {} if model is None else {"model": model}
    with progress_bar() as bar:
        bar.add_task(tr(M("Computing the chances")), total=None)
        return read_view(ctx, "odds", slug, fields, plain=True).value


def read_publication(ctx: Context, slug: str, key: str | None, number: int) -> Seen:
    """``--publication N``: the table as publication N froze it, read through the view of the
    event's format that takes a ``publication`` and a ``table`` (the marathon's, rule MJ-11);
    a format without one has no publications."""
    from podium.cli.views import read_view
    from podium.compose import build_catalog

    service = ctx.service
    format_name = service.summary(slug).format
    if service.catalog is None:
        service.catalog = ctx.catalog = build_catalog((format_name,))
    spec = next((v for v in service.catalog.views_for(format_name)
                 if v.param("publication") is not None and v.param("table") is not None), None)
    if spec is None:
        raise NotFound("this format has no publications", code=codes.CAPABILITY_PUBLICATIONS,
                       field="publication")
    fields = {"publication": str(number), **({"table": key} if key else {})}
    return read_view(ctx, spec.name, slug, fields)


@static.command(help=N_("The event's action log: who did what, when, and why."))
@click.argument("slug")
@pass_ctx
@guarded
def log(ctx: Context, slug: str) -> None:
    from podium.cli.views import print_seen, read_view

    print_seen(read_view(ctx, "log", slug, {}, plain=True))


@static.command(
    "export", help=N_("Write the whole event as one JSON document to standard output."))
@click.argument("slug")
@pass_ctx
@guarded
def export_cmd(ctx: Context, slug: str) -> None:
    from podium.service.transfer import dumps, export_document

    click.echo(dumps(export_document(ctx.service, slug)), nl=False)


# backups --------------------------------------------------------------------------------------
@static.command("backup", help=N_(
    "Copy the database while servers write to it (SQLite: a consistent copy of the file; "
    "PostgreSQL: pg_dump --format=custom), or check a copy against it (--verify).\n\n"
    "PATH: the copy to write (default: a new file named after the database and the time, "
    "beside it) or to check. See docs/deploy.md, \"Backups and restore\"."))
@click.argument("path", required=False)
@click.option("--verify", is_flag=True,
              help=N_("Check the copy at PATH: replay each of its events and compare it "
                      "with the database's; exit code 4 if any differs."))
@click.option("--force", is_flag=True, help=N_("Replace PATH if it exists."))
@pass_ctx
@guarded
def backup_cmd(ctx: Context, path: str | None, verify: bool, force: bool) -> None:
    from podium.cli import backup

    if verify:
        backup.verify(ctx, path)
    else:
        backup.backup(ctx, path, force)


# demo -----------------------------------------------------------------------------------------
@static.group(cls=Extensible, help=N_("Simulated events on embedded SQLite."))
def demo() -> None:
    """``podium demo``."""


def _chosen_language(_ctx: click.Context, _param: click.Parameter, value: str | None
                     ) -> str | None:
    """``--lang`` read first (before ``--help``), for the whole run."""
    choose(value)
    return value


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``podium --version``: the installed package's version (click's words, translated)."""
    if not value or ctx.resilient_parsing:
        return
    choose(ctx.params.get("lang"))  # an eager option: ``--lang`` is read only if given first
    from importlib.metadata import PackageNotFoundError, version

    try:
        number = version("podium")
    except PackageNotFoundError:  # run from a source tree that is not installed
        number = "unknown"
    click.echo(tr("%(prog)s, version %(version)s") % {"prog": "podium", "version": number})
    ctx.exit()


def _copied(command: click.Command) -> click.Command:
    """A command with its own list of subcommands (so a root's additions stay its own)."""
    found = copy.copy(command)
    if isinstance(found, click.Group) and isinstance(command, click.Group):
        found.commands = {name: _copied(sub) for name, sub in command.commands.items()}
    return found


def build_cli(catalog: Catalog | None = None) -> click.Group:
    """The ``podium`` command line: the reading commands, and from the catalog of declared
    commands (built from the registered formats when a command first needs it, unless given)
    every format's group and the shared places of the kernel's commands. The entry point
    builds it once; a test that registers a format builds its own (with its catalog, it is
    loaded at once)."""
    from podium.cli.click_words import install

    install()  # click's own words (Usage:, Options) in the run's language

    def attach(root: LazyRoot) -> Catalog:
        from podium.compose import attach_cli, build_catalog

        chosen = catalog or build_catalog()
        attach_cli(root, root.commands["demo"], chosen)  # type: ignore[arg-type]
        return chosen

    def attach_one(root: LazyRoot, format_name: str, name: str) -> Catalog:
        from podium.compose import attach_one as attach_alone
        from podium.compose import build_catalog

        chosen = build_catalog((format_name,))
        attach_alone(root, chosen, format_name, name)
        return chosen

    @click.pass_context
    def start(ctx: click.Context, db: str | None, actor: str | None,
              lang: str | None) -> None:
        started()
        choose(lang)
        root = ctx.command
        ctx.obj = Context(db, actor_or_login(actor),
                          root.current if isinstance(root, LazyRoot) else None)
        ctx.call_on_close(ctx.obj.ended)

    root = LazyRoot("podium", attach=attach, attach_one=None if catalog else attach_one,
                    callback=start, help=ROOT_HELP,
                    context_settings={"help_option_names": ["-h", "--help"]}, params=[
        click.Option(["--db"], envvar="PODIUM_DB",
                     help=N_("SQLite file or database URL (default: podium.db).")),
        click.Option(["--actor"], envvar="PODIUM_ACTOR", default=None,
                     help=N_("Who is acting, for the log (default: your login name).")),
        click.Option(["--version"], is_flag=True, expose_value=False, is_eager=True,
                     callback=_print_version, help=N_("Show the version and exit.")),
        click.Option(["--lang"], envvar="PODIUM_LANG", type=click.Choice(["ru", "en"]),
                     default=None, is_eager=True, callback=_chosen_language,
                     help=N_("Language of what podium prints (default: the locale's, LANG / "
                             "LC_ALL: ru_RU.UTF-8 is Russian)."))])
    for name, command in static.commands.items():
        root.add_command(_copied(command), name)
    if catalog is not None:
        root.load()
    return root


cli = build_cli()


_STARTING = False  # main() paused the cycle collector for the command line's start


def started() -> None:
    """The command named is loaded: what the start imported (modules, classes, the catalog:
    none of it garbage) is frozen out of the cycle collector, which runs again (the
    full collections the imports set off cost a one-shot write tens of milliseconds)."""
    global _STARTING
    if _STARTING:
        _STARTING = False
        gc.freeze()
        gc.enable()


def main() -> None:
    global _STARTING
    from podium.cli import base
    from podium.core.gcpause import freeze_loaded_states

    base.LEAVING = True

    freeze_loaded_states()  # a loaded event is frozen out of the cycle collector
    if gc.isenabled():
        gc.disable()  # until the command is loaded (started())
        _STARTING = True
    try:
        cli(prog_name="podium")
    except SystemExit as done:
        leave(done.code)
        raise


def leave(code: int | str | None) -> None:
    """End the process without freeing a large loaded event's objects one by one: 200,000
    players are millions of them, and the interpreter's teardown took about 1.2 s of CPU after
    `podium standings --top 20` had printed. What a normal exit does that matters is done
    here: the output flushed, the databases closed, the exit handlers run. Only when no other
    thread runs (a normal exit waits for them); else, or for a small event, returns and the
    exit is the usual one."""
    from podium.cli.base import OPENED

    if threading.active_count() > 1 or not OPENED:
        return
    import atexit

    status = code if isinstance(code, int) else 0 if code is None else 1
    if isinstance(code, str):
        print(code, file=sys.stderr)
    for context in OPENED:
        context.close()
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe: as Python's own exit answers it
            status = 120
    os._exit(status)


if __name__ == "__main__":
    main()
