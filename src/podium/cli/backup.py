"""``podium backup [PATH]`` and ``podium backup --verify PATH`` (docs/deploy.md, "Backups and
restore"): the copy made by :mod:`podium.store.backup`, checked by
:mod:`podium.service.backup`."""

from __future__ import annotations

import shutil
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from rich.markup import escape
from rich.table import Table

from podium.cli.base import Context, console, errors, progress_bar
from podium.cli.lang import tr
from podium.core import codes
from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.messages import M
from podium.core.views import N_

if TYPE_CHECKING:
    from podium.service.backup import EventCheck

LONG_COPY = 2_048  # pages (8 MiB of 4 KiB pages) from which a copy shows a progress bar

RESULTS = {
    "same": N_("same"),
    "differs": N_("differs"),
    "missing": N_("missing from the copy"),
    "only_copy": N_("only in the copy"),
    "broken": N_("does not replay"),
}


def live_database(ctx: Context) -> tuple[str, Path | None]:
    """The database's URL and, for a SQLite file, its path; a SQLite file that does not exist
    is refused (opening it would make an empty one)."""
    from podium.store.location import resolve_url

    url = resolve_url(ctx.db_arg)
    if not url.startswith("sqlite"):
        return url, None
    if url == "sqlite://":
        raise InvalidInput(N_("a database in memory has nothing to back up"),
                           code=codes.BACKUP_STORE, field="db")
    path = Path(url.removeprefix("sqlite:///"))
    if not path.is_file():
        raise NotFound(N_("no database at %(path)s"), code=codes.BACKUP_MISSING, field="db",
                       path=str(path))
    return url, path


def backup(ctx: Context, target: str | None, force: bool) -> None:
    url, source = live_database(ctx)
    if source is None:
        pg_dump(url, target, force)
        return
    from podium.store.backup import check_target, copy_sqlite, default_target

    path = Path(target).expanduser().resolve() if target else \
        default_target(source, datetime.now(UTC))
    check_target(path, source, force)
    bar = None
    task = None

    def progress(done: int, total: int) -> None:
        nonlocal bar, task
        if total < LONG_COPY:
            return
        if bar is None:
            bar = progress_bar()
            bar.start()
            task = bar.add_task(tr(M("copying")), total=total)
        assert task is not None
        bar.update(task, completed=done, total=total)

    try:
        pages = copy_sqlite(source, path, progress)
    finally:
        if bar is not None:
            bar.stop()
    size = path.stat().st_size
    console.print(escape(tr(M("Copied %(source)s to %(path)s (%(size)s bytes, %(pages)s "
                              "pages).", source=str(source), path=str(path), size=size,
                              pages=pages))), highlight=False)
    console.print(escape(tr(M("Check it with: podium backup --verify %(path)s",
                              path=str(path)))), highlight=False)


def pg_dump(url: str, target: str | None, force: bool) -> None:
    """A PostgreSQL database: ``pg_dump --format=custom`` run (when installed), else printed."""
    from sqlalchemy.engine import make_url

    from podium.store.backup import check_target, pg_dump_command

    parsed = make_url(url)
    path = Path(target).expanduser().resolve() if target else Path.cwd() / (
        f"{parsed.database or 'podium'}-backup-{datetime.now(UTC):%Y%m%d-%H%M%S}.dump")
    check_target(path, path.with_suffix(".none"), force)
    arguments, environment, shown = pg_dump_command(parsed, path)
    if shutil.which("pg_dump") is None:
        raise NotFound(N_("pg_dump is not installed here; run this where it is: %(command)s"),
                       code=codes.BACKUP_TOOL, command=shown)
    console.print(escape(shown), highlight=False)
    done = subprocess.run(arguments, env=environment, capture_output=True, text=True)
    if done.returncode != 0:
        Path(path).unlink(missing_ok=True)
        raise Conflict(N_("pg_dump failed: %(error)s"), code=codes.BACKUP_TOOL,
                       error=done.stderr.strip())
    console.print(escape(tr(M("Copied the database to %(path)s (%(size)s bytes); restore it "
                              "with pg_restore (docs/deploy.md).", path=str(path),
                              size=path.stat().st_size))), highlight=False)


def verify(ctx: Context, target: str | None) -> None:
    from contextlib import AbstractContextManager, nullcontext

    from podium.formats import get_format
    from podium.service.backup import verify as check
    from podium.store.db import Database

    if not target:
        raise InvalidInput(N_("name the copy to check: podium backup --verify PATH"),
                           code=codes.BACKUP_PATH, field="path")
    opened: AbstractContextManager[Database]
    if "://" in target:  # a PostgreSQL database restored from a dump, say
        opened = nullcontext(Database(target, migrate=False))
    else:
        from podium.store.backup import open_copy

        opened = open_copy(Path(target).expanduser().resolve())
    live_database(ctx)
    with opened as copy:
        checks = check(ctx.db, copy, get_format)
    show(checks)
    failed = [c.slug for c in checks if c.failed]
    if failed:
        raise Conflict(N_("the copy does not match the database: %(events)s"),
                       code=codes.BACKUP_DIFFERS, field="path", events=failed)
    console.print(escape(tr(M("The copy matches the database (events checked: %(count)s).",
                              count=len(checks)))), highlight=False)


def show(checks: list[EventCheck]) -> None:
    table = Table(tr(M("Event")), tr(M("Actions")), tr(M("Digest")), tr(M("Result")))
    for check in checks:
        actions = str(check.copy_actions)
        if check.live_actions > check.copy_actions and check.copy_actions:
            actions = tr(M("%(copied)s (database: %(stored)s)", copied=check.copy_actions,
                           stored=check.live_actions))
        digest = (check.copy_digest or check.live_digest or "")[:16]
        result = tr(M(RESULTS[check.result]))
        style = "red" if check.failed else "yellow" if check.result == "only_copy" else "green"
        if check.problem:
            errors.print(escape(f"{check.slug}: {check.problem}"), highlight=False)
        table.add_row(escape(check.slug), actions, digest, f"[{style}]{escape(result)}[/]")
    console.print(table)


__all__ = ["backup", "verify"]
