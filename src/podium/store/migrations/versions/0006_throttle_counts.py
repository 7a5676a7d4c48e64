"""Throttle counters in the database: ``throttle_counts``.

Failed logins and player-code guesses were counted in each server process, so two processes
allowed twice the guesses and a restart forgot them. The counters now live here, one row a
key (an address, an (address, account) or (address, event) pair, a gate's global count),
changed under the row's lock (PostgreSQL) or the write lock (SQLite).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02 00:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "throttle_counts",
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("pending", sa.Integer(), nullable=False),
        sa.Column("first_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("pending_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("key", name="pk_throttle_counts"),
    )


def downgrade() -> None:
    op.drop_table("throttle_counts")
