"""Copies of the database that can be trusted while a server writes to it.

SQLite: :func:`copy_sqlite` uses SQLite's online backup API (``sqlite3.Connection.backup``)
from inside one read transaction, so the copy is the database as it was at one moment (WAL
lets the writers go on meanwhile; the backup never restarts because of them), written to a
temporary file beside the target and renamed into place once whole: a failed copy leaves no
half file. The copy is a single file (journal mode DELETE), ready to be copied elsewhere.

PostgreSQL: ``pg_dump --format=custom`` (:func:`pg_dump_command`), restored with
``pg_restore`` (docs/deploy.md, "Backups and restore").

:func:`open_copy` opens a SQLite copy for reading without changing it (a private temporary
copy, migrated if it is of an older schema), for ``podium backup --verify``.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from podium.core import codes
from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.views import N_

if TYPE_CHECKING:
    from sqlalchemy.engine import URL

    from podium.store.db import Database

Progress = Callable[[int, int], None]  # pages copied, pages in all
STEP_PAGES = 1024  # pages a backup step copies (4 MiB of 4 KiB pages) between progress reports
SQLITE_HEADER = b"SQLite format 3\x00"
PODIUM_TABLES = {"events", "actions", "alembic_version"}


def default_target(database: Path, now: datetime) -> Path:
    """A new copy's path when none is given: beside the database, named after it and the
    moment (UTC), e.g. ``podium-backup-20261130-101500.db``."""
    return database.with_name(f"{database.stem}-backup-{now:%Y%m%d-%H%M%S}.db")


def check_target(target: Path, source: Path, force: bool) -> None:
    """Refuse a target that cannot be written or would overwrite something by surprise."""
    folder = target.parent
    if not folder.is_dir():
        raise InvalidInput(N_("the folder %(folder)s does not exist"), code=codes.BACKUP_PATH,
                           field="path", folder=str(folder))
    if target.is_dir():
        raise InvalidInput(N_("%(path)s is a folder: name the file to write"),
                           code=codes.BACKUP_PATH, field="path", path=str(target))
    if target.exists() and source.exists() and os.path.samefile(target, source):
        raise InvalidInput(N_("%(path)s is the database itself: name another file"),
                           code=codes.BACKUP_PATH, field="path", path=str(target))
    if target.exists() and not force:
        raise Conflict(N_("%(path)s exists already: name another file, or add --force to "
                          "replace it"), code=codes.BACKUP_EXISTS, field="path",
                       path=str(target))


def podium_tables(connection: sqlite3.Connection) -> bool:
    """Whether the SQLite database on ``connection`` has podium's tables."""
    rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {row[0] for row in rows} >= PODIUM_TABLES


def not_podium(path: Path) -> InvalidInput:
    return InvalidInput(N_("%(path)s is not a podium database"),
                        code=codes.BACKUP_NOT_PODIUM, field="path", path=str(path))


def copy_sqlite(source: Path, target: Path, progress: Progress | None = None,
                step: int = STEP_PAGES) -> int:
    """Copy the SQLite database ``source`` to ``target`` (replacing it) while others may write
    to ``source``; the pages copied. See the module's docstring."""
    partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
    reader = sqlite3.connect(str(source), timeout=10, isolation_level=None)
    try:
        # One read transaction for the whole copy: every step reads the same snapshot, so
        # a write meanwhile (another connection's) never restarts the backup nor shows in it.
        reader.execute("BEGIN")
        if not podium_tables(reader):
            raise not_podium(source)
        writer = sqlite3.connect(str(partial), isolation_level=None)
        try:
            def report(_status: int, remaining: int, total: int) -> None:
                if progress is not None:
                    progress(total - remaining, total)

            reader.backup(writer, pages=step, progress=report)
            pages = int(writer.execute("PRAGMA page_count").fetchone()[0])
            # one file, no -wal beside it: a copy is moved and opened elsewhere
            writer.execute("PRAGMA journal_mode=DELETE")
        finally:
            writer.close()
        reader.execute("COMMIT")
        with open(partial, "rb+") as written:
            os.fsync(written.fileno())
        os.replace(partial, target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    finally:
        reader.close()
    return pages


def check_copy(path: Path) -> None:
    """Refuse a path that is no SQLite podium database (missing, another kind of file)."""
    if not path.exists():
        raise NotFound(N_("no file %(path)s"), code=codes.BACKUP_MISSING, field="path",
                       path=str(path))
    if path.is_dir():
        raise InvalidInput(N_("%(path)s is a folder, not a copy of a database"),
                           code=codes.BACKUP_PATH, field="path", path=str(path))
    with open(path, "rb") as file:
        if file.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
            raise not_podium(path)


@contextmanager
def open_copy(path: Path) -> Iterator[Database]:
    """The SQLite podium database at ``path`` opened for reading, the file left exactly as it
    is: read into a private temporary copy (migrated if its schema is older), removed after."""
    from podium.store.db import Database

    check_copy(path)
    folder = Path(tempfile.mkdtemp(prefix="podium-verify-"))
    try:
        try:
            reader = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                if not podium_tables(reader):
                    raise not_podium(path)
                writer = sqlite3.connect(str(folder / "copy.db"))
                try:
                    reader.backup(writer)
                finally:
                    writer.close()
            finally:
                reader.close()
        except sqlite3.DatabaseError:  # damaged, or not a database after all
            raise not_podium(path) from None
        db = Database(str(folder / "copy.db"))
        try:
            yield db
        finally:
            db.dispose()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def pg_dump_command(url: URL, target: Path) -> tuple[list[str], dict[str, str], str]:
    """The ``pg_dump`` run that copies the PostgreSQL database at ``url`` to ``target`` (the
    custom format, what ``pg_restore`` reads): its arguments, its environment (the password
    travels there, never on the command line) and the command as printed (no password). A
    database kept in a schema of its own (``search_path`` in the URL's options) is dumped
    alone."""
    query = dict(url.query)
    libpq = url.set(drivername="postgresql", password=None)
    arguments = ["pg_dump", "--format=custom", f"--file={target}"]
    options = query.get("options")
    for option in (options if isinstance(options, tuple) else (options,)):
        if option and "search_path=" in option:
            arguments.append(f"--schema={option.split('search_path=', 1)[1].split()[0]}")
    arguments.append(libpq.render_as_string(hide_password=False))
    environment = dict(os.environ)
    if url.password:
        environment["PGPASSWORD"] = str(url.password)
    return arguments, environment, " ".join(arguments)


__all__ = ["check_copy", "check_target", "copy_sqlite", "default_target", "open_copy",
           "pg_dump_command"]
