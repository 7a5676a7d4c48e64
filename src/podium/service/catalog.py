"""The catalog: every declared command of the registered formats and of the kernel, built once.

The composition root builds one :class:`Catalog` at start-up and hands it to the command line's
root and to the web application; the adapters list, describe and run commands through it and
never name a format. :meth:`Catalog.commands_for` is what an event's format may run: the
kernel's commands its capabilities bring (pairing for round-based play, the TOP for a play-off,
membership for a series...), its result command (built from its
:meth:`~podium.core.ruleset.Ruleset.result_entry`) and its own (:meth:`Ruleset.commands`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from podium.core import codes
from podium.core.commands import CLI, TEXT, CommandSpec, check_spec
from podium.core.errors import Conflict, NotFound
from podium.core.messages import Message
from podium.core.projection import PROJECTIONS
from podium.core.reads import ViewSpec, check_view, with_paging
from podium.core.ruleset import Ruleset, RulesetError, makes_projections
from podium.core.views import N_

#: A command's or a view's declaration (what a format declares by name).
Declared = TypeVar("Declared", CommandSpec, ViewSpec[Any])


@dataclass(frozen=True)
class Invocation:
    """A declared command asked for by name: its event (None for one that makes an event) and
    its fields as typed (``source="text"``: the command line's options, a form's fields) or as
    a JSON object (``source="json"``), on one ``surface``."""

    name: str
    slug: str | None
    fields: Mapping[str, Any]
    source: str = TEXT
    surface: str = CLI
    progress: Any = field(default=None, compare=False)  # (what, done, total): a CLI's bar


@dataclass
class Done:
    """What a declared command did: its declaration, the outcome (the event after it, the
    actions stored, the command's own value), its answer as JSON, the sentence for people, and
    the fields it was given (decoded)."""

    spec: CommandSpec
    outcome: Any
    answer: Any  # the declaration's typed answer (a dataclass; a dict where none is declared)
    said: str
    values: dict[str, Any]

    def answer_json(self) -> dict[str, Any]:
        """The answer as JSON data of its declared type (what the API answers)."""
        from podium.service.reader import adapter

        kind: Any = self.spec.answers
        if kind is not None:
            found: dict[str, Any] = adapter(kind).dump_python(self.answer, mode="json")
            return found
        return _jsonable(self.answer)

    @property
    def value(self) -> Any:
        return self.outcome.value

    @property
    def state(self) -> Any:
        return self.outcome.state

    @property
    def preview(self) -> bool:
        """A preview: checked, nothing stored."""
        return bool(self.spec.preview or self.values.get("preview"))


@dataclass
class Seen:
    """What a declared view read: its declaration, its value, the parameters it was given
    (decoded) and the event it was read from (None for a view of no event)."""

    spec: ViewSpec[Any]
    value: Any
    values: dict[str, Any]
    loaded: Any
    source: Any = None  # what the view read beyond the state (podium.core.reads.Source)


def _jsonable(value: Any) -> Any:
    from fractions import Fraction

    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else str(value)
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


class Catalog:
    """Every command and view, by name, with the formats each belongs to."""

    def __init__(self, formats: Iterable[Ruleset],
                 kernel: Sequence[CommandSpec] | None = None,
                 kernel_views: Sequence[ViewSpec[Any]] | None = None,
                 commands_later: bool = False) -> None:
        """``commands_later``: the commands are read (and checked) when first asked for,
        not now: a reading command of the command line reads a view only, and the kernel's
        commands cost it a tenth of its start (docs/benchmarks.md). A catalog built for a
        server or a whole command line reads them at once, so a format's wrong declaration
        stops it at start."""
        from podium.service.kernel_views import kernel_views as declared_views

        self.formats: dict[str, Ruleset] = {f.name: f for f in formats}
        self._given_kernel = kernel
        self._kernel: dict[str, CommandSpec] | None = None
        self._own: dict[str, dict[str, CommandSpec]] | None = None
        problems: list[str] = []
        self.kernel_views: dict[str, ViewSpec[Any]] = {}
        self.own_views: dict[str, dict[str, ViewSpec[Any]]] = {}
        for view in kernel_views if kernel_views is not None else declared_views():
            view = with_paging(view)
            problems.extend(check_view(view))
            self.kernel_views[view.name] = view
        for ruleset in self.formats.values():
            views = self._owned(ruleset, "view", map(with_paging, ruleset.views()), check_view,
                                problems)
            self.own_views[ruleset.name] = views
        if not commands_later:
            problems[:0] = self._read_commands()
        if problems:
            raise RulesetError("; ".join(problems))

    def _read_commands(self) -> list[str]:
        """The kernel's commands and each format's, by name; the problems of their
        declarations."""
        from podium.service.kernel import (
            kernel_commands,
            open_report_command,
            report_command,
            result_command,
        )

        kernel: dict[str, CommandSpec] = {}
        own: dict[str, dict[str, CommandSpec]] = {}
        problems: list[str] = []
        for spec in self._given_kernel if self._given_kernel is not None else kernel_commands():
            problems.extend(check_spec(spec))
            kernel[spec.name] = spec
        for ruleset in self.formats.values():
            declared = list(ruleset.commands())
            entry = ruleset.result_entry()
            if entry is not None:
                declared[:0] = [result_command(ruleset, entry), report_command(ruleset, entry)]
            game_report = ruleset.open_report()
            if game_report is not None:
                declared[:0] = [open_report_command(ruleset, game_report)]
            own[ruleset.name] = self._owned(ruleset, "command", declared, check_spec, problems)
        self._kernel, self._own = kernel, own
        return problems

    def _commands(self) -> tuple[dict[str, CommandSpec], dict[str, dict[str, CommandSpec]]]:
        if self._kernel is None or self._own is None:
            problems = self._read_commands()
            if problems:
                raise RulesetError("; ".join(problems))
        assert self._kernel is not None and self._own is not None
        return self._kernel, self._own

    @property
    def kernel(self) -> dict[str, CommandSpec]:
        """The kernel's commands by name."""
        return self._commands()[0]

    @property
    def own(self) -> dict[str, dict[str, CommandSpec]]:
        """Each format's own commands by name."""
        return self._commands()[1]

    def _owned(self, ruleset: Ruleset, kind: str, declared: Iterable[Declared],
               check: Callable[[Declared], list[str]], problems: list[str]
               ) -> dict[str, Declared]:
        """A format's own commands or views by name, each marked as the format's and
        checked; a declaration of a format it adopts that is served is left to that format,
        and a name must start with the format's (``problems`` gets what is wrong)."""
        out: dict[str, Declared] = {}
        for item in declared:
            adopted = next((a for a in ruleset.adopts if item.name.startswith(f"{a}.")), None)
            if adopted is not None and adopted in self.formats:
                continue  # the adopted format's own, brought by brought()
            item = replace(item, format=ruleset.name)
            problems.extend(check(item))
            if adopted is None and not item.name.startswith(f"{ruleset.name}."):
                problems.append(f"{kind} {item.name!r} of format {ruleset.name!r} must "
                                f"start with {ruleset.name + '.'!r}")
            if item.name in out:
                problems.append(f"{kind} {item.name!r} is declared twice")
            out[item.name] = item
        return out

    # finding ---------------------------------------------------------------------------------
    def all(self) -> list[CommandSpec]:
        out = list(self.kernel.values())
        for mine in self.own.values():
            out.extend(mine.values())
        return out

    def find(self, name: str) -> CommandSpec:
        if name in self.kernel:
            return self.kernel[name]
        for mine in self.own.values():
            if name in mine:
                return mine[name]
        raise NotFound(N_("no command %(name)r"), code=codes.COMMAND_UNKNOWN, field="command",
                       name=name[:80])

    def brought(self, spec: CommandSpec | ViewSpec[Any], ruleset: Ruleset) -> bool:
        """Whether an event of ``ruleset``'s format has ``spec`` (a format that adopts
        another's declarations, :attr:`Ruleset.adopts`, has that format's commands)."""
        if spec.format is not None:
            return (ruleset.name in (spec.on_formats or (spec.format,))
                    or spec.format in ruleset.adopts)
        if spec.capability == PROJECTIONS:  # the chances: formats that make projections
            return makes_projections(ruleset)
        return spec.capability is None or bool(getattr(ruleset.capabilities, spec.capability))

    def commands_for(self, format_name: str) -> list[CommandSpec]:
        """What an event of this format can run: its own (the result command first), another
        format's that run on its events (the 7 Wonders year on a series), then the kernel's
        its capabilities bring."""
        ruleset = self.formats[format_name]
        own = [s for s in self.own.get(format_name, {}).values() if self.brought(s, ruleset)]
        others = [s for name, mine in self.own.items() if name != format_name
                  for s in mine.values() if format_name in s.on_formats
                  or (name in ruleset.adopts and self.brought(s, ruleset))]
        kernel = [s for s in self.kernel.values() if s.event and self.brought(s, ruleset)]
        return [*own, *others, *kernel]

    def declared_by(self, format_name: str) -> list[CommandSpec]:
        """Every command the format declares (those it runs on other formats' events too)."""
        return list(self.own.get(format_name, {}).values())

    def result_command(self, format_name: str) -> CommandSpec | None:
        """The format's result command (``<format>.result``), if it plays in rounds."""
        return self.own.get(format_name, {}).get(f"{format_name}.result")

    def report_command(self, format_name: str) -> CommandSpec | None:
        """The player's self-report of the format (``<format>.report``)."""
        return self.own.get(format_name, {}).get(f"{format_name}.report")

    # views -------------------------------------------------------------------------------------
    def all_views(self) -> list[ViewSpec[Any]]:
        out = list(self.kernel_views.values())
        for mine in self.own_views.values():
            out.extend(mine.values())
        return out

    def view(self, name: str) -> ViewSpec[Any]:
        if name in self.kernel_views:
            return self.kernel_views[name]
        for mine in self.own_views.values():
            if name in mine:
                return mine[name]
        raise NotFound(N_("no view %(name)r"), code=codes.VIEW_UNKNOWN, field="view",
                       name=name[:80])

    def views_for(self, format_name: str) -> list[ViewSpec[Any]]:
        """What an event of this format can be read by: its own views, another format's that
        read its events, then the kernel's its capabilities bring."""
        ruleset = self.formats[format_name]
        own = [v for v in self.own_views.get(format_name, {}).values()
               if self.brought(v, ruleset)]
        others = [v for name, mine in self.own_views.items() if name != format_name
                  for v in mine.values() if format_name in v.on_formats
                  or (name in ruleset.adopts and self.brought(v, ruleset))]
        kernel = [v for v in self.kernel_views.values() if v.event and self.brought(v, ruleset)]
        return [*own, *others, *kernel]

    def views_by(self, format_name: str) -> list[ViewSpec[Any]]:
        """Every view the format declares."""
        return list(self.own_views.get(format_name, {}).values())

    def check_format(self, spec: CommandSpec | ViewSpec[Any], ruleset: Ruleset,
                     slug: str) -> None:
        """The one guard of "this command belongs to another format"."""
        if self.brought(spec, ruleset):
            return
        raise Conflict(N_("“%(command)s” is not for %(slug)s, a %(format)s event"),
                       code=codes.FORMAT_OTHER, command=Message(spec.title), slug=slug,
                       format=ruleset.name)


__all__ = ["Catalog", "Done", "Invocation", "Seen"]
