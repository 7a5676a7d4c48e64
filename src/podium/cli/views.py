"""The command line of declared views: ``podium <format> <view> EVENT --param value``.

Every view of the catalog (:mod:`podium.core.reads`) becomes a Click command whose arguments
and options are its parameters (decoded by their inputs, as a command's fields), run by the
one reader (:meth:`podium.service.events.EventService.read`), so a refusal names the parameter
and has the same code as on the API. What it prints: ``--json`` the typed value as the API
answers it; a table (standings, a stage) as a terminal table with ``--top``, ``--csv`` and
``--html``; the kernel's values (the event, a round, the log...) as their own printing below;
any other value by its declaration's ``show`` (tables and sentences), else field by field.

The kernel's views also stand where people look for them (``podium standings``, ``podium
round show``, ``podium log``), defined in :mod:`podium.cli.main` to start quickly; their
bodies read through :func:`read_view` and print through :func:`print_seen`.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from rich.markup import escape

from podium.cli.base import Context, console
from podium.cli.lang import current, tr
from podium.core.commands import CLI, TEXT, Caller
from podium.core.errors import PodiumError
from podium.core.gcpause import paused_to_the_end
from podium.core.messages import M, Message
from podium.core.reads import ViewSpec
from podium.core.views import TableView
from podium.service.catalog import Invocation, Seen

#: Rows a terminal prints of a table unless ``--top`` says otherwise.
DEFAULT_TOP = 200


def read_view(ctx: Context, name: str, slug: str | None, fields: dict[str, Any],
              code: str | None = None, plain: bool = False) -> Seen:
    """Read view ``name`` of event ``slug`` as the command line's caller (the organiser of
    its database; a player with ``code``), with the catalog of the event's format alone when
    none is loaded yet (a reading command starts without the other formats). ``plain``: a
    view of the event's log and snapshots alone (the kernel's event, players, round,
    standings and log, and any declared view read without a player's code: what it reads
    beside the log, codes and self-reports, goes through SQLAlchemy,
    :meth:`podium.service.reader.ServiceSource.tables`), read over plain sqlite3 when it can
    be (:meth:`Context.reading`)."""
    service = ctx.reading() if plain else ctx.service
    if service.catalog is None and slug:
        from podium.compose import build_catalog

        # a view read: the commands are read only if the view lists them (`commands`)
        service.catalog = ctx.catalog = build_catalog((service.summary(slug).format,),
                                                      commands_later=True)
    caller = Caller(actor=ctx.actor, local=code is None, code=code)
    # what the view builds is held until the command ends: no collection scans it (0.3-0.5 s
    # of CPU after the ranking of 200,000 players)
    paused_to_the_end()
    return service.read(Invocation(name, slug, fields, TEXT, CLI), caller)


# -- printing ---------------------------------------------------------------------------------
Printer = Callable[[Seen, "Options"], None]


@dataclasses.dataclass
class Options:
    """How a value is printed: rows of a table (None: all), the language, files to write."""

    limit: int | None = DEFAULT_TOP
    lang: str | None = None
    csv: Path | None = None
    html: Path | None = None
    odds: Any = None  # the ``odds`` view's value: a chance column per goal on the standings


def print_json(seen: Seen) -> None:
    from podium.service.reader import encode

    click.echo(json.dumps(encode(seen), ensure_ascii=False, indent=2))


def print_seen(seen: Seen, options: Options | None = None) -> None:
    """A view's value for people, in the run's language."""
    options = options or Options()
    printer = PRINTERS.get(seen.spec.name) if seen.spec.format is None else None
    if printer is not None:
        printer(seen, options)
        return
    value = seen.value
    if isinstance(value, TableView):
        print_tables([value], seen, options)
    elif isinstance(value, list) and value and all(isinstance(v, TableView) for v in value):
        print_tables(value, seen, options)
    elif seen.spec.show is not None:
        shown = list(seen.spec.show(value))
        print_tables([v for v in shown if isinstance(v, TableView)], seen, options)
        for line in shown:
            if not isinstance(line, TableView):
                console.print(escape(tr(line)), highlight=False)
    else:
        print_fields(value)


def print_shown(items: Any, ctx: Context | None = None) -> None:
    """What a demo or a command shows (:mod:`podium.core.demos`): tables (the standings with
    their own columns, a TOP as its tree), sentences, files to write, where its event is
    stored."""
    from podium.cli import render
    from podium.cli.base import stored_where
    from podium.core.demos import Stored, Written
    from podium.core.top_view import BracketTable
    from podium.service.kernel_views import StandingsTable

    for item in items:
        if isinstance(item, StandingsTable):
            console.print(render.standings_table(item.state, item.standings, tr(item.title)))
        elif isinstance(item, BracketTable):
            from podium.cli.top import print_top

            print_top(item.state, item.bracket)
        elif isinstance(item, TableView):
            render.print_view(item)
        elif isinstance(item, Written):
            Path(item.path).parent.mkdir(parents=True, exist_ok=True)  # a folder named anew
            Path(item.path).write_text(item.text, encoding="utf-8")
            console.print(escape(tr(M("Wrote %(path)s.", path=item.path))), highlight=False)
        elif isinstance(item, Stored) and ctx is not None:
            console.print(escape(tr(stored_where(ctx, item.slug, item.hint))), highlight=False)
        else:
            console.print(escape(tr(item)), highlight=False)


def print_tables(views: list[TableView], seen: Seen, options: Options) -> None:
    from podium.cli import render

    for view in views:
        render.print_view(view, options.lang, options.limit)
    if views and (options.csv or options.html):
        name = seen.loaded.state.name if seen.loaded is not None else seen.spec.name
        render.write_exports(views[0], name, options.lang or "en", options.csv, options.html)


def print_fields(value: Any, indent: str = "") -> None:
    """A value field by field: lists of records as tables, the rest as ``name: value``."""
    from rich import box
    from rich.table import Table

    if not dataclasses.is_dataclass(value):
        console.print(f"{indent}{escape(_text(value))}", highlight=False)
        return
    for item in dataclasses.fields(value):
        found = getattr(value, item.name)
        if isinstance(found, list) and found and dataclasses.is_dataclass(found[0]):
            table = Table(box=box.SIMPLE, title=escape(item.name), title_justify="left")
            keys = [f.name for f in dataclasses.fields(found[0])]
            for key in keys:
                table.add_column(key)
            for row in found:
                table.add_row(*(escape(_text(getattr(row, key))) for key in keys))
            console.print(table)
        else:
            console.print(f"{indent}{item.name}: {escape(_text(found))}", highlight=False)


def _text(value: Any) -> str:
    from podium.core.values import Exact, PlayerRef

    if value is None:
        return ""
    if isinstance(value, Message):
        return tr(value)
    if isinstance(value, Exact):
        from podium.cli.lang import value_text

        return value_text(value.fraction)
    if isinstance(value, PlayerRef):
        return value.name
    if isinstance(value, bool):
        return tr(M("yes")) if value else tr(M("no"))
    if isinstance(value, list):
        return ", ".join(_text(v) for v in value)
    return str(value)


def print_event(seen: Seen, options: Options) -> None:
    from podium.cli.lang import value_text
    from podium.core import phases
    from podium.core.messages import Mn

    loaded = seen.loaded
    state, ruleset = loaded.state, loaded.ruleset
    value = seen.value
    console.print(f"[bold]{escape(state.name)}[/] "
                  + escape(tr(M("(%(slug)s, %(format)s, seed %(seed)s)", slug=state.slug,
                                format=state.format, seed=state.seed))), highlight=False)
    for key, setting in value.settings.items():
        console.print(f"  {key} = {escape(value_text(setting))}", highlight=False)
    console.print(escape(tr(M("Players: %(registered)s registered, %(active)s active.",
                              registered=value.players, active=value.active_players))),
                  highlight=False)
    stage_titles = {p.key: p.title for p in phases.declared(state, ruleset)}
    for rnd in state.rounds:
        stage = M(stage_titles.get(rnd.stage, rnd.stage))
        tables = Mn("%(n)s table", "%(n)s tables", len(rnd.tables))
        line = (M("Round %(number)s (%(stage)s): %(tables)s, complete.", number=rnd.number,
                  stage=stage, tables=tables) if rnd.complete else
                M("Round %(number)s (%(stage)s): %(tables)s, missing tables %(missing)s.",
                  number=rnd.number, stage=stage, tables=tables,
                  missing=", ".join(map(str, rnd.missing))))
        console.print(escape(tr(line)), highlight=False)
    for warning in value.warnings:
        console.print(f"[bold yellow]{escape(tr(M('Warning:')))}[/] {escape(tr(warning))}",
                      highlight=False)
    stages = " -> ".join(tr(p.title) for p in phases.declared(state, ruleset))
    console.print(escape(tr(M("Stages: %(stages)s; now: %(now)s.", stages=stages,
                              now=value.phase_title))), highlight=False)
    if value.complete:
        champion = value.champion.name if value.champion is not None else "-"
        console.print(escape(tr(M("Complete. Champion: %(name)s.", name=champion))),
                      highlight=False)


def print_players(seen: Seen, options: Options) -> None:
    for p in seen.value.items:
        flags = " " + tr(M("(dropped)")) if p.dropped else ""
        late = (" " + tr(M("(entered after round %(n)s)", n=p.joined_round))
                if p.joined_round else "")
        if p.group:
            late = f" [{p.group}]{late}"
        console.print(f"#{p.id} {escape(p.name)}{escape(late + flags)}", highlight=False)


def print_round(seen: Seen, options: Options) -> None:
    from podium.cli import render
    from podium.cli.printing import print_explanation
    from podium.service.events import explain_paired

    loaded, value = seen.loaded, seen.value
    state = loaded.state
    explanation = explain_paired(loaded, value.number)
    print_explanation(state, explanation, tr(M("Round %(n)s", n=value.number)))
    console.print(render.results_table(state, state.round(value.number), value.stage_title))
    if value.clock:
        console.print(escape(tr(value.clock)), highlight=False)


def print_standings(seen: Seen, options: Options) -> None:
    from podium.cli import render
    from podium.service.kernel_views import StandingsTable

    value = seen.value
    if isinstance(value, StandingsTable):
        state = seen.loaded.state
        title = tr(M("%(name)s: after round %(n)s", name=state.name, n=value.after))
        console.print(render.standings_table(state, value.standings, title, options.limit,
                                             options.odds))
        if options.odds is not None:
            from podium.service.odds_shows import how_computed

            console.print(escape(tr(how_computed(options.odds))), highlight=False)
        if options.csv or options.html:
            render.write_exports(value, state.name, options.lang or "en", options.csv,
                                 options.html)
        return
    print_tables([value], seen, options)
    if options.odds is not None:  # a format whose standings are not the kernel's table
        from podium.service.odds_shows import show_odds

        print_shown(show_odds(options.odds))


def print_log(seen: Seen, options: Options) -> None:
    """The page of the log, each action's details in the run's language
    (:func:`podium.service.logtext.describe`, from the actions as stored)."""
    from podium.cli import render

    loaded = seen.loaded
    offset = int(seen.values.get("offset") or 0)
    limit = seen.values.get("limit")
    actions = seen.source.log(offset, None if limit is None else int(limit))[0]
    console.print(render.log_table(actions, loaded.state, loaded.ruleset))


def print_codes(seen: Seen, options: Options) -> None:
    for item in seen.value.items:
        click.echo(f"#{item.player}\t{item.code}\t{item.name}")


def print_need(seen: Seen, options: Options) -> None:
    """Each goal's chance now, the table of the next round's results, then the sentence."""
    from podium.service.odds_shows import show_need

    print_shown(show_need(seen.value))


PRINTERS: dict[str, Printer] = {
    "event": print_event, "players": print_players, "round": print_round,
    "standings": print_standings, "log": print_log, "codes": print_codes,
    "need": print_need,
}


# -- generated commands -----------------------------------------------------------------------
def click_view(spec: ViewSpec[Any], name: str | None = None) -> click.Command:
    """One view as a Click command."""
    from podium.cli.declared import _Declared, _option, click_params, event_of, fields_of

    tables = spec.returns.__name__ in ("TableValue", "Tables")

    @click.pass_obj
    def callback(ctx: Context, **given: Any) -> None:
        slug = event_of(spec, given)
        try:
            code = given.get("_code")
            # a player's code is looked up in its table: over SQLAlchemy (Context.service)
            if spec.slow:
                from podium.cli.base import progress_bar

                with progress_bar() as bar:
                    bar.add_task(tr(spec.title), total=None)
                    seen = read_view(ctx, spec.name, slug, fields_of(spec, given), code,
                                     plain=code is None)
            else:
                seen = read_view(ctx, spec.name, slug, fields_of(spec, given), code,
                                 plain=code is None)
        except PodiumError as error:
            from podium.cli.declared import show_refusal

            show_refusal(spec, error)
            return
        if given.get("_json"):
            print_json(seen)
            return
        top = given.get("_top")
        print_seen(seen, Options(limit=None if top == 0 else (top or DEFAULT_TOP),
                                 lang=current(), csv=given.get("_csv"),
                                 html=given.get("_html")))

    params = click_params(spec)  # no EVENT for a view of its one event (fixed)
    if spec.param("lang") is None:  # the language it prints in, as a command's own --lang
        from podium.cli.lang import LANGUAGES, use

        params.append(_option(["--lang", "_lang"], M("Language (default: podium --lang, else "
                                                     "the locale's)."),
                              type=click.Choice(list(LANGUAGES)), default=None,
                              callback=lambda _ctx, _param, value: use(value),
                              is_eager=True))
    if tables:
        path = click.Path(dir_okay=False, path_type=Path)
        params += [
            _option(["--top", "_top"], M("Print only the first N rows (default 200; 0: every "
                                         "row)."), type=click.IntRange(min=0), metavar="N"),
            _option(["--csv", "_csv"], M("Also write the whole table (every row) to this CSV "
                                         "file."), type=path, metavar="PATH"),
            _option(["--html", "_html"], M("Also write the whole table (every row) to this "
                                           "HTML file."), type=path, metavar="PATH")]
    return _Declared(name or spec.command_name.replace("_", "-"), callback=callback,
                     params=params, help=(spec.title + ". " + spec.help).replace("%", "%%"),
                     short_help=spec.title, texts=(spec.title, spec.help))


__all__ = ["DEFAULT_TOP", "Options", "click_view", "print_json", "print_seen", "read_view"]


def click_demo(spec: Any) -> click.Command:
    """``podium demo <name>``: a format's declared demo (:class:`podium.core.demos.DemoSpec`):
    its fields as options, a progress bar while it plays, then what it shows."""
    from podium.cli.base import guarded, progress_bar
    from podium.cli.declared import _Declared, click_params, fields_of
    from podium.core.commands import decode_input
    from podium.core.demos import DemoCall

    @click.pass_obj
    @guarded
    def callback(ctx: Context, **given: Any) -> None:
        from podium.cli.declared import show_refusal

        declared = _DemoParams(spec)
        try:
            values = decode_input(declared, fields_of(declared, given), TEXT, surface=CLI)
            with progress_bar() as bar:
                task = bar.add_task("", total=None)

                def progress(what: str, done: int, total: int) -> None:
                    bar.update(task, description=tr(what), completed=done, total=total)

                shown = list(spec.run(DemoCall(values, ctx.service, progress, current())))
        except PodiumError as error:  # each refused field named by its option
            show_refusal(declared, error)
            return
        print_shown(shown, ctx)

    params = [p for p in click_params(_DemoParams(spec)) if p.name != "_json"]
    return _Declared(spec.name, callback=callback, params=params,
                     help=(spec.title + ". " + spec.help).replace("%", "%%"),
                     short_help=spec.title, texts=(spec.title, spec.help))


@dataclasses.dataclass(frozen=True)
class _DemoParams:
    """A demo's fields as :func:`podium.cli.declared.click_params` reads a declaration's."""

    spec: Any
    event: bool = False
    capability: str | None = None
    on_formats: tuple[str, ...] = ()
    role: str = "organiser"
    fixed: str = ""

    @property
    def name(self) -> str:
        return f"demo.{self.spec.name}"

    def params_on(self, surface: str) -> tuple[Any, ...]:
        return tuple(self.spec.params)

    def param(self, name: str) -> Any:
        return next((p for p in self.spec.params if p.name == name), None)
