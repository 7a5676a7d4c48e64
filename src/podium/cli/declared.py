"""The command line of declared commands: ``podium <format> <command> EVENT --field value``.

Every declaration of the catalog (:mod:`podium.core.commands`) becomes a Click command whose
arguments and options are its fields, each with its help and default in ``--help``. Click
reads only text here: the field's input (:mod:`podium.core.inputs`) decodes it, exactly as it
decodes a form field, and the service runs it (:meth:`EventService.execute` with an
:class:`~podium.service.catalog.Invocation`), so a refusal names the field as ``--option``
and nothing is stored. The answer is the declaration's sentence, a format's own printing
(``render``), or with ``--json`` the answer as JSON.

Kernel commands also stand where people look for them (``podium player add``, ``podium round
pair``); ``podium result enter|correct EVENT TABLE ...`` runs the event's format's result
command, whatever the format.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Protocol

import click
from rich.markup import escape

from podium.cli.base import Context, console, error_line, errors, fail, progress_bar
from podium.cli.lang import tr
from podium.cli.localised import WholeListing
from podium.core import codes
from podium.core.commands import CLI, PLAYER, TEXT, Caller, CommandSpec, InvalidFields, Param
from podium.core.errors import PodiumError
from podium.core.inputs import File, Upload
from podium.core.messages import M, Message
from podium.core.views import N_
from podium.service.catalog import Catalog, Done, Invocation

EVENT = "_event"  # the event argument (a field may be named ``event``: a series' member)


class Declaration(Protocol):
    """What the command line reads of a declaration: a command's, a view's or a demo's."""

    @property
    def name(self) -> str: ...
    @property
    def event(self) -> bool: ...
    @property
    def capability(self) -> str | None: ...
    @property
    def on_formats(self) -> tuple[str, ...]: ...
    @property
    def role(self) -> str: ...
    @property
    def fixed(self) -> str: ...

    def params_on(self, surface: str) -> tuple[Param, ...]: ...


def _loaded(path: str) -> Callable[..., Any]:
    from importlib import import_module

    module, _, attribute = path.partition(":")
    return getattr(import_module(module), attribute)


def _help(param: Param) -> str:
    """A field's help in the run's language: its text, what to type, its choices, its
    default."""
    parts = [tr(param.help or param.label or param.name)]
    hint = param.input.hint()
    if hint:
        parts.append(f"({tr(hint)})")
    choices = param.input.choices()
    if choices:
        parts.append(tr(M("one of: %(choices)s", choices=", ".join(choices))))
    if param.default not in (None, False, "", ()):
        parts.append(tr(M("[default: %(value)s]", value=param.input.to_text(param.default))))
    if param.required and not param.argument:
        parts.append(tr(M("[required]")))
    return " ".join(parts).replace("%", "%%")


class _Field(click.Option):
    """A declared field as an option, its help written in the run's language when asked
    (``--help`` comes after ``--lang`` is read)."""

    def __init__(self, *args: Any, param: Param | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.field = param
        self._help_text: Any = None

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        if self.field is not None:
            self.help = _help(self.field)
        elif isinstance(self.help_text, Message):
            self.help = tr(self.help_text)
        return super().get_help_record(ctx)

    @property
    def help_text(self) -> Any:
        return getattr(self, "_help_text", None)


def _option(decls: list[str], text: Any, **kwargs: Any) -> _Field:
    option = _Field(decls, help=str(text), **kwargs)
    option._help_text = text
    return option


class _Declared(click.Command):
    """A declared command, its help in the run's language when asked."""

    def __init__(self, *args: Any, texts: tuple[Any, ...] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.texts = texts

    def _localise(self) -> None:
        if self.texts:
            title, *rest = self.texts
            self.short_help = tr(title)
            self.help = (" ".join([tr(title) + ".", *(tr(t) for t in rest if t)])
                         .replace("%", "%%"))

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._localise()
        super().format_help_text(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        self._localise()
        return super().get_short_help_str(limit)


def click_params(spec: Declaration, preset: frozenset[str] = frozenset()
                 ) -> list[click.Parameter]:
    """The declaration's fields as Click parameters: text only, decoded by the fields' inputs
    (``preset`` fields are given by the command itself, not typed)."""
    out: list[click.Parameter] = []
    if takes_event(spec):
        of_series = spec.capability == "series" or "series" in spec.on_formats
        out.append(click.Argument([EVENT], metavar="SERIES" if of_series else "EVENT",
                                  required=True))
    for param in spec.params_on(CLI):
        if param.name in preset:
            continue
        inp = param.input
        metavar = param.name.upper()
        if param.argument:
            nargs = -1 if inp.multiple else 1
            out.append(click.Argument([param.name], nargs=nargs, required=param.required,
                                      metavar=metavar + ("..." if nargs == -1 else "")))
        elif inp.flag:
            out.append(_Field([param.option, *param.aliases, param.name], is_flag=True,
                              default=None, param=param))
        else:
            out.append(_Field([param.option, *param.aliases, param.name],
                              multiple=inp.multiple,
                              metavar="PATH" if isinstance(inp, File) else metavar,
                              param=param))
    if spec.role == PLAYER:
        out.append(_option(["--code", "_code"], M("your player code"), required=True,
                           metavar="CODE"))
    out.append(_option(["--json", "_json"], M("print the answer as JSON"), is_flag=True))
    names = [p.name for p in out]
    if len(set(names)) != len(names):  # two would overwrite each other: refuse at start-up
        raise RuntimeError(f"command {spec.name!r}: a field's name is taken on the command "
                           f"line ({sorted(n for n in names if names.count(n) > 1)})")
    return out


def takes_event(spec: Declaration) -> bool:
    """Whether the command line asks for the event: not for one that always runs on its own
    (``fixed``: the register of persons)."""
    return spec.event and not spec.fixed


def event_of(spec: Declaration, given: dict[str, Any]) -> str | None:
    """The event a command or view runs on: the EVENT argument typed, else its fixed one
    (what both :func:`click_command` and a view's command read)."""
    return given.pop(EVENT, None) or spec.fixed or None


def _file(text: str, name: str) -> Upload:
    """The file as a stream (an import reads it as it parses); its size when known."""
    if text == "-":
        return Upload("stdin", stream=sys.stdin.buffer)
    path = Path(text)
    try:
        stream = path.open("rb")
        return Upload(path.name, stream=stream, size=os.fstat(stream.fileno()).st_size)
    except OSError:
        from podium.core.inputs import refuse

        raise refuse(name, N_("cannot read the file %(path)s"), "input.file",
                     path=text[:200]) from None


def fields_of(spec: Declaration, given: dict[str, Any]) -> dict[str, Any]:
    """Click's values as the fields of an invocation (text, a list of texts, a file read)."""
    fields: dict[str, Any] = {}
    for param in spec.params_on(CLI):
        value = given.get(param.name)
        if value is None or value == ():
            continue
        if param.input.flag:
            fields[param.name] = "yes" if value else "no"
        elif isinstance(param.input, File):
            fields[param.name] = _file(value, param.name)
        elif isinstance(value, tuple):
            fields[param.name] = list(value)
        else:
            fields[param.name] = value
    return fields


def show_refusal(spec: CommandSpec | Any, error: PodiumError) -> None:
    """Each refused field as its ``--option`` (or argument) and the message, then exit."""
    problems = error.problems if isinstance(error, InvalidFields) else [error]
    for problem in problems[:-1]:
        errors.print(error_line(problem, _where(spec, problem)), highlight=False)
    fail(problems[-1], prefix=_where(spec, problems[-1]))


def _where(spec: CommandSpec | Any, error: PodiumError) -> str:
    field = (error.field or "").split("[")[0].split(".")[0]
    param = spec.param(field)
    if param is None:
        return ""
    return (f"{param.name.upper()}: " if param.argument else f"{param.option}: ")


class _Progress:
    """A command's progress (a long import's): a transient bar on stderr, made and started at
    the first report. Most commands report none, and making the bar (rich's progress and its
    refreshing thread) cost a one-game write 0.03-0.04 s of CPU."""

    def __init__(self, name: Any) -> None:
        self.name = name  # the command's title: the bar's words before the first report
        self.bar: Any = None
        self.task: Any = None

    def __call__(self, what: str, done: int, total: int) -> None:
        if self.bar is None:
            self.bar = progress_bar()
            self.bar.start()
            self.task = self.bar.add_task(tr(self.name), total=None)
        # what the command reports is a message or a msgid: in the run's language
        self.bar.update(self.task, description=tr(what), completed=done, total=total)

    def stop(self) -> None:
        """The bar erased (before the answer or a refusal is printed)."""
        if self.bar is not None:
            self.bar.stop()
            self.bar = None


def run(ctx: Context, spec: CommandSpec, slug: str | None, fields: dict[str, Any],
        code: str | None = None, as_json: bool = False) -> Done:
    caller = Caller(actor=ctx.actor, local=spec.role != PLAYER, code=code)
    progress = _Progress(spec.title)
    try:
        done = ctx.service_for(spec).execute(Invocation(spec.name, slug, fields, TEXT, CLI,
                                                        progress), caller)
    except PodiumError as error:
        progress.stop()
        show_refusal(spec, error)
        raise AssertionError("unreachable") from None
    finally:
        progress.stop()
    if as_json:
        click.echo(json.dumps({"command": spec.name, "answer": done.answer_json(),
                               "said": str(done.said)}, ensure_ascii=False, default=str))
    elif spec.render:
        _loaded(spec.render)(done)
    elif spec.show is not None:
        from podium.cli.views import print_shown

        console.print(escape(tr(done.said)), highlight=False)
        print_shown(spec.show(done.value), ctx)
    else:
        console.print(escape(tr(done.said)), highlight=False)
    return done


def click_command(spec: CommandSpec, name: str | None = None,
                  preset: dict[str, str] | None = None, text: str = "") -> click.Command:
    """One declaration as a Click command (the service checks and runs it); ``preset``
    fields are set by the command (``podium result correct`` sets ``correct``)."""
    fixed = dict(preset or {})

    @click.pass_obj
    def callback(ctx: Context, **given: Any) -> None:
        slug = event_of(spec, given)
        if spec.param("lang") is not None and given.get("lang"):
            from podium.cli.lang import use

            use(given["lang"])  # a command's own --lang: the language of what it prints
        try:
            fields = {**fields_of(spec, given), **fixed}
        except PodiumError as error:
            show_refusal(spec, error)
        run(ctx, spec, slug, fields, given.get("_code"), bool(given.get("_json")))

    texts: tuple[Any, ...] = () if text else (spec.title, spec.help)
    text = text or spec.title + "." + (f" {spec.help}" if spec.help else "")
    command = _Declared(name or spec.command_name.replace("_", "-"), callback=callback,
                        params=click_params(spec, frozenset(fixed)),
                        help=text.replace("%", "%%"), short_help=spec.title, texts=texts)
    command.declared = spec.name  # type: ignore[attr-defined]  # the same command elsewhere
    return command


def one_name(group: click.Group, name: str) -> None:
    """Command ``name`` of ``group`` listed once: another name of the same declared command in
    the group (``podium series series-add`` beside its shared place ``podium series add``)
    still runs, hidden from the list."""
    declared = getattr(group.commands[name], "declared", None)
    for other_name, other in group.commands.items():
        if other_name != name and declared and getattr(other, "declared", None) == declared:
            other.hidden = True


class _FormatGroup(WholeListing, click.Group):
    """``podium <format>``, its help in the run's language when asked."""

    def __init__(self, *args: Any, title: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.title = title

    def _localise(self) -> None:
        self.help = tr(M("%(title)s: its commands.", title=M(self.title))).replace("%", "%%")

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._localise()
        super().format_help_text(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        self._localise()
        return super().get_short_help_str(limit)


def _short(spec: CommandSpec | Any) -> str:
    """A command's name inside a format's group: its own (``game``), or for a kernel
    command (or another format's) its whole name with dashes (``player-add``)."""
    return spec.command_name if spec.format is not None else spec.name.replace(".", "-")


def format_group(catalog: Catalog, format_name: str, title: str,
                 own: click.Group | None = None) -> click.Group:
    """``podium <format> ...``: every command an event of the format can run (its own and the
    kernel's its capabilities bring), and the format's own reading commands (``own``)."""
    group = _FormatGroup(format_name, help=f"{title}: its commands.", title=title)
    specs = {s.name: s for s in [*catalog.declared_by(format_name),
                                 *catalog.commands_for(format_name)]}
    for spec in specs.values():
        if spec.on(CLI):
            group.add_command(click_command(spec, _short(spec)))
    from podium.cli.views import click_view

    views = {v.name: v for v in [*catalog.views_by(format_name),
                                 *catalog.views_for(format_name)]}
    for view in views.values():
        name = group_name(view)
        if view.on(CLI) and name not in group.commands:
            group.add_command(click_view(view, name))
    if own is not None:
        for name, command in own.commands.items():
            if name not in group.commands:
                group.add_command(command, name)
    return group


def group_name(view: Any) -> str:
    """A view's name in a format's group: a format's by its command name, a kernel view by
    its name with ``-`` for ``.`` (``standings``, ``signup-list``), as a kernel command's."""
    if view.format is not None:
        return str(view.command_name)
    return str(view.name).replace(".", "-")


def top_place(spec: CommandSpec | Any) -> str | None:
    """The top-level name under which a command with a shared place is found (``games`` for
    ``podium games add``, ``penalty`` for ``podium penalty``)."""
    if spec.shared is None or not spec.on(CLI):
        return None
    group_name, name = spec.shared
    return group_name.split()[0] if group_name else name


def attach_shared(root: click.Group, specs: Iterable[CommandSpec]) -> None:
    """Each of ``specs`` that names a shared place, in that place."""
    from podium.cli.lazy import KERNEL, listing
    from podium.cli.localised import LocalisedGroup

    helps = {**KERNEL, **(listing() or {})}  # a shared group's help, as `podium --help` lists it
    for spec in specs:
        if spec.shared is None or not spec.on(CLI):
            continue
        group_name, name = spec.shared
        if not group_name:
            root.add_command(click_command(spec, name))
            continue
        group = root
        for part in group_name.split():  # "round clock": a group inside a group
            inner = group.commands.get(part)
            if not isinstance(inner, click.Group):
                inner = LocalisedGroup(part, help=helps.get(part) if group is root else None)
                group.add_command(inner)
            group = inner
        group.add_command(click_command(spec, name))
        one_name(group, name)


def attach_shared_views(root: click.Group, views: Iterable[Any]) -> None:
    """Each of a format's views that names a shared place, in that place (``podium
    decisions``); the kernel's stand in theirs already (:mod:`podium.cli.main`)."""
    from podium.cli.lazy import KERNEL, listing
    from podium.cli.localised import LocalisedGroup
    from podium.cli.views import click_view

    helps = {**KERNEL, **(listing() or {})}
    for view in views:
        if view.shared is None or not view.on(CLI):
            continue
        group_name, name = view.shared
        group = root
        for part in group_name.split():
            inner = group.commands.get(part)
            if not isinstance(inner, click.Group):
                inner = LocalisedGroup(part, help=helps.get(part) if group is root else None)
                group.add_command(inner)
            group = inner
        if name not in group.commands:
            group.add_command(click_view(view, name))


def attach(root: click.Group, catalog: Catalog) -> None:
    """Each command that names a shared place in its own place too (``podium player add``,
    a format's ``podium games import``), and ``podium result enter|correct``."""
    from podium.cli.lazy import KERNEL
    from podium.cli.localised import LocalisedGroup

    attach_shared(root, catalog.all())
    # the kernel's reading commands stand in their places already (:mod:`podium.cli.main`);
    # a kernel view in a place none holds (``podium signup list``, ``podium person suggest``)
    # takes it
    attach_shared_views(root, catalog.all_views())
    top = root.commands.get("top")
    if isinstance(top, click.Group) and "top.result" in catalog.kernel:
        correct = click_command(catalog.kernel["top.result"], "correct", {"correct": "yes"},
                                "Replace the result of TOP match MATCH (while the next match "
                                "has none); needs --reason.")
        # its title and help in the run's language when --help shows them
        correct.texts = (N_("Replace the result of a TOP match"),  # type: ignore[attr-defined]
                         N_("While the next match has none; needs --reason."))
        top.add_command(correct)
    result = LocalisedGroup("result", help=KERNEL["result"])
    result.add_command(result_command(catalog, correct=False))
    result.add_command(result_command(catalog, correct=True))
    root.add_command(result)


class _ResultCommand(click.Command):
    """``podium result enter|correct EVENT TABLE ...``: the event's format's result command,
    found once the event is named; its help lists each format's fields."""

    def __init__(self, catalog: Catalog, correct: bool) -> None:
        self.catalog = catalog
        self.correct = correct
        name = "correct" if correct else "enter"
        text = (N_("Replace the result of TABLE in any round (--round, --reason); standings "
                   "re-derive.") if correct else
                N_("Enter the result of TABLE in the current round."))
        super().__init__(name, help=text, context_settings={
            "ignore_unknown_options": True, "allow_extra_args": True,
            "help_option_names": []}, params=[
            click.Argument(["args"], nargs=-1, type=click.UNPROCESSED)])
        self.add_help_option = False
        self.help_msgid = text

    def get_short_help_str(self, limit: int = 45) -> str:
        self.help = tr(self.help_msgid)  # in the run's language, as its own help
        return super().get_short_help_str(limit)

    def invoke(self, ctx: click.Context) -> Any:
        args = list(ctx.params.get("args") or ())
        if not args or args[0] in ("-h", "--help"):
            click.echo(self.format_every_help(ctx))
            ctx.exit(0)
        slug = args[0]
        obj: Context = ctx.find_object(Context)  # type: ignore[assignment]
        try:
            summary = obj.service.summary(slug)
        except PodiumError as error:
            fail(error)
        spec = self.catalog.result_command(summary.format)
        if spec is None:
            from podium.core.errors import Conflict

            fail(Conflict(N_("a %(format)s event has no rounds to enter results of"),
                          code=codes.CAPABILITY_ROUNDS, format=summary.format))
        command = click_command(spec, self.name, {"correct": "yes"} if self.correct else None)
        return command.main(args=args, prog_name=ctx.command_path, standalone_mode=False,
                            obj=obj)

    def format_every_help(self, ctx: click.Context) -> str:
        formatter = ctx.make_formatter()
        formatter.write_usage(ctx.command_path, "EVENT TABLE [FIELDS]...")
        lines = [formatter.getvalue().rstrip("\n"), "", f"  {tr(self.help_msgid)}", "",
                 "  " + tr(N_("The fields are the event's format's:"))]
        for name in sorted(self.catalog.formats):
            spec = self.catalog.result_command(name)
            if spec is None:
                continue
            lines.append("")
            lines.append(f"  {name}:")
            for param in spec.params_on(CLI):
                if param.argument or (param.name == "correct"):
                    continue
                lines.append(f"    {param.option:<16} {_help(param).replace('%%', '%')}")
        return "\n".join(lines)


def result_command(catalog: Catalog, correct: bool) -> click.Command:
    return _ResultCommand(catalog, correct)


def write_csv_answer(done: Done) -> None:
    """A command answering CSV text (``podium person export``): to ``--output FILE``, else to
    standard output as it is (no markup), so it can be redirected."""
    text = str(getattr(done.answer, "csv", ""))
    output = done.values.get("output")
    if output:
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as error:
            from podium.core.inputs import refuse

            show_refusal(done.spec, refuse("output", N_("cannot write the file %(path)s"),
                                           codes.INPUT_FILE, path=str(error.filename)[:200]))
        console.print(escape(tr(M("Written to %(path)s.", path=output))), highlight=False)
        return
    click.echo(text, nl=False)


__all__ = ["attach", "click_command", "event_of", "format_group", "run", "takes_event",
           "write_csv_answer"]
