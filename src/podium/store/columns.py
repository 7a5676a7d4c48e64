"""The lengths of the log's and the events' text columns, known without SQLAlchemy.

The models (:mod:`podium.store.models`) declare their columns with them, and both
repositories (:mod:`podium.store.repository` over SQLAlchemy, :mod:`podium.store.plain_store` over
sqlite3) check a value against them before storing it: PostgreSQL enforces VARCHAR lengths and
SQLite does not, so checking here makes both stores agree. They live apart from the models so
that a command line write that never imports SQLAlchemy checks the same limits.
"""

from __future__ import annotations

SLUG_LENGTH = 64
NAME_LENGTH = 200
FORMAT_LENGTH = 40
KIND_LENGTH = 64
ACTOR_LENGTH = 120

__all__ = ["ACTOR_LENGTH", "FORMAT_LENGTH", "KIND_LENGTH", "NAME_LENGTH", "SLUG_LENGTH"]
