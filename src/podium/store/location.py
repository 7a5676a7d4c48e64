"""Where the database is and which schema is newest, known without SQLAlchemy or Alembic.

Both are asked by every run of the command line before it knows whether it needs the ORM
(importing SQLAlchemy costs a run more than the listing it serves), so they live
here, importing nothing but the standard library; :mod:`podium.store.db` re-exports them.
"""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

DEFAULT_DB = "podium.db"
"""The database file used when neither ``--db`` nor ``PODIUM_DB`` names one."""

ENV_VAR = "PODIUM_DB"
MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"


def resolve_url(db: str | None) -> str:
    """The SQLAlchemy URL for ``db``: an explicit value, else ``$PODIUM_DB``, else ``podium.db``.

    A value containing ``://`` is a SQLAlchemy URL and is used as is (for example
    ``postgresql+psycopg://user@host/dbname``); anything else is a path to a SQLite file,
    made absolute, whose parent directory is created if missing.
    """
    value = db or os.environ.get(ENV_VAR) or DEFAULT_DB
    if "://" in value:
        return value
    if value == ":memory:":
        return "sqlite://"
    path = Path(value).expanduser().resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


_REVISION = re.compile(r'^(down_)?revision(?:: [^=]+)? = (?:"([^"]+)"|None)', re.MULTILINE)


@cache
def head_revision() -> str | None:
    """The newest migration's revision, read from the migration files' ``revision`` and
    ``down_revision`` lines (the one no other migration revises) without importing Alembic:
    importing it cost every CLI command 0.36 s of CPU, and almost every run finds the
    database already there. ``None`` if the files do not say plainly (then
    :meth:`Database.upgrade` asks Alembic)."""
    revisions, parents = set(), set()
    for path in (MIGRATIONS_DIR / "versions").glob("*.py"):
        found = dict((bool(down), value) for down, value in
                     _REVISION.findall(path.read_text(encoding="utf-8")))
        if False not in found:
            return None
        revisions.add(found[False])
        if found.get(True):
            parents.add(found[True])
    heads = revisions - parents
    return heads.pop() if len(heads) == 1 else None


__all__ = ["DEFAULT_DB", "ENV_VAR", "MIGRATIONS_DIR", "head_revision", "resolve_url"]
