"""The event's own record on the home page: ``events.archived``, ``starts_on``,
``venue`` and ``status``.

The log holds each change (``event.archived``, ``event.details``, every round); these columns
mirror what replay derives, written in the same transaction as the actions, so the home page
lists, groups and searches events without replaying each one. ``status`` is NULL for an event
stored before it (filled the first time the home page meets it).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02 00:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # plain ADD COLUMN on every backend: SQLite never rebuilds ``events`` (whose rebuild
    # would cascade into the tables that refer to it)
    op.add_column("events", sa.Column("archived", sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
    op.add_column("events", sa.Column("starts_on", sa.String(length=10), nullable=True))
    op.add_column("events", sa.Column("venue", sa.String(length=200), nullable=False,
                                      server_default=""))
    op.add_column("events", sa.Column("status", sa.String(length=16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("status")
        batch.drop_column("venue")
        batch.drop_column("starts_on")
        batch.drop_column("archived")
