"""What every command module shares: the context (database and actor), the consoles, and the
translation of a refusal into a message and an exit code."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

import click
from rich.console import Console
from rich.markup import escape

from podium.cli.tables import WholeTables
from podium.core import codes
from podium.core.errors import Conflict, InvalidInput, NotFound, PodiumError, Unavailable

if TYPE_CHECKING:  # imported when a command first needs them: `podium --help` never does
    from rich.progress import Progress

    from podium.core.commands import CommandSpec
    from podium.service import EventService
    from podium.service.catalog import Catalog
    from podium.store.db import Database

EXIT_INVALID = 2
EXIT_NOT_FOUND = 3
EXIT_CONFLICT = 4
EXIT_UNAVAILABLE = 5  # the database is not answering, or full: nothing stored, try again later

# Piped output (a file, a pager) gets a wide page instead of rich's 80-column default; a table
# is never cut (podium.cli.tables): wrapped, widened in a pipe, or a narrow layout.
console = WholeTables(width=None if sys.stdout.isatty() or os.environ.get("COLUMNS") else 140)
errors = Console(stderr=True)


#: players of an event held from which the exit skips freeing its objects (a state of a few
#: thousand players is freed in milliseconds)
LARGE_EVENT = 10_000

#: the contexts of this run holding a large event, kept for :func:`podium.cli.main.leave` when
#: the process is the command line's own (:func:`podium.cli.main.main` sets ``LEAVING``); a
#: context is otherwise let go when its command ends (an in-process caller invokes thousands)
OPENED: list[Context] = []
LEAVING = False


class Context:
    """What every command gets: the database it opens, who acts, and the catalog of declared
    commands (built once by the entry point, when a command first needs it). The service, the
    store and the ORM are imported when a command first asks for the service (the
    command line starts without them)."""

    def __init__(self, db: str | None, actor: str, catalog: Catalog | None = None) -> None:
        self.db_arg = db
        self.actor = actor
        self.catalog = catalog
        self._db: Database | None = None
        self._service: EventService | None = None

    def close(self) -> None:
        """Close the database's connections (a SQLite file's journal is then folded in)."""
        if self._db is not None:
            self._db.dispose()

    def ended(self) -> None:
        """The command is done: its connections closed at once (a pooled PostgreSQL
        connection otherwise stays open until the collector finds the context). A context
        holding a large event is kept for the exit, which skips freeing it."""
        self.close()
        if LEAVING and self.players_held() >= LARGE_EVENT:
            OPENED.append(self)

    def players_held(self) -> int:
        """The players of the largest event this run holds (0: none loaded)."""
        if self._service is None:
            return 0
        return max(map(len, (state.players for state in self._service.states.held())),
                   default=0)

    @property
    def db(self) -> Database:
        """The database, opened (and migrated if it is behind) on first use."""
        if self._db is None:
            from podium.store.db import Database, resolve_url

            self._db = Database(resolve_url(self.db_arg))
        return self._db

    @property
    def service(self) -> EventService:
        if self._service is None:
            from podium.service import EventService

            self._service = EventService(self.db, catalog=self.catalog)
        return self._service

    def reading(self) -> EventService:
        """The service a reading command runs through: over plain sqlite3 when the database is
        a SQLite file at the newest schema (a read touches the event's log and snapshots
        only), else :attr:`service`. SQLAlchemy's import was most of the CPU of ``podium
        standings --top 5`` or ``podium log`` on a small event (docs/benchmarks.md)."""
        if self._service is None and self._db is None:
            from podium.service import EventService
            from podium.store.plain import plain_database

            db = plain_database(self.db_arg)
            if db is not None:
                self._db = db
                self._service = EventService(db, catalog=self.catalog)
        return self.service

    def service_for(self, spec: CommandSpec) -> EventService:
        """The service a declared command runs through: over plain sqlite3 when its format
        declares its commands plain (:attr:`podium.core.command_line.CommandLine.plain`) and
        the database is a SQLite file at the newest schema (:func:`podium.store.plain.
        plain_database`); else :attr:`service`, over SQLAlchemy. The same service code, checks
        and transaction either way; the plain one spares the run SQLAlchemy's import
        (docs/benchmarks.md: a large part of a one-game write's CPU)."""
        if self._service is None and self._db is None and plain_format(spec.format):
            from podium.service import EventService
            from podium.store.plain import plain_database

            db = plain_database(self.db_arg)
            if db is not None:
                self._db = db
                self._service = EventService(db, catalog=self.catalog)
        return self.service


def plain_format(name: str | None) -> bool:
    """Whether format ``name`` declares its commands plain (read from its package's
    :class:`~podium.core.command_line.CommandLine`, its rules not imported for it)."""
    if name is None:
        return False
    from importlib import import_module

    from podium.core.command_line import CommandLine
    from podium.formats.registry import entries

    for entry in entries():
        if entry.name == name:
            line = getattr(import_module(entry.module), "COMMAND_LINE", None)
            return isinstance(line, CommandLine) and line.plain
    return False


def fail(error: PodiumError, prefix: str = "") -> NoReturn:
    """Print the refusal (after ``prefix``, the option it concerns) and exit with its code:
    2 invalid, 3 not found, 4 conflict, 5 the database unavailable (or full).
"""
    code = (
        EXIT_NOT_FOUND if isinstance(error, NotFound)
        else EXIT_CONFLICT if isinstance(error, Conflict)
        else EXIT_UNAVAILABLE if isinstance(error, Unavailable)
        else EXIT_INVALID
    )
    errors.print(error_line(error, prefix), highlight=False)
    sys.exit(code)


def error_line(error: PodiumError, prefix: str = "") -> str:
    """``Error: --option: the refusal``, in the run's language (markup for rich)."""
    from podium.cli.lang import tr
    from podium.core.messages import M

    label = tr(M("Error:"))
    return f"[bold red]{escape(label)}[/] {escape(prefix)}{escape(tr(error.as_message()))}"


def guarded(func: Callable[..., Any]) -> Callable[..., Any]:
    """Turn a PodiumError into a clear message and an exit code (nothing was stored)."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except PodiumError as error:
            fail(error)

    wrapper.__name__ = func.__name__
    wrapper.__doc__ = func.__doc__
    return wrapper


def parse_assignments(pairs: tuple[str, ...]) -> dict[str, str]:
    settings = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise InvalidInput(
                "setting %(pair)r: write it as key=value", code=codes.INPUT_PAIR,
                pair=pair)
        settings[key.strip()] = value.strip()
    return settings


def setting_text(value: Any) -> str:
    """A setting as typed on the command line: lists comma-separated, None as auto."""
    if isinstance(value, list):
        return ",".join(map(str, value))
    return "auto" if value is None else str(value)


def stored_where(ctx: Context, slug: str, hint: Any) -> Any:
    """``Event id SLUG in FILE; HINT`` (a message), where a demo stored its event."""
    from podium.core.messages import M

    db = ctx.service.db
    if db.is_sqlite:
        # the full path: a relative one (../home/podium-demo.db) means nothing elsewhere
        where = os.path.abspath(db.url.database or "")
        # not the default (podium.db here): the hint's commands need the option too
        if where != os.path.abspath("podium.db"):
            return M("Event id %(slug)s in %(where)s; %(hint)s (with --db %(where)s)",
                     slug=slug, where=where, hint=hint)
        return M("Event id %(slug)s in %(where)s; %(hint)s", slug=slug, where=where, hint=hint)
    return M("Event id %(slug)s in the database; %(hint)s", slug=slug, hint=hint)


def split_names(text: str | None) -> list[str]:
    return [name.strip() for name in (text or "").split(",") if name.strip()]



pass_ctx = click.make_pass_decorator(Context)


def progress_bar() -> Progress:
    """A transient progress bar on stderr (long imports, demos)."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=errors, transient=True)
