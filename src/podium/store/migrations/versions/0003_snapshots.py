"""Snapshots of replayed event state, so a new process catches up without replaying everything.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 00:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "snapshots",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("code_version", sa.String(length=64), nullable=False),
        sa.Column("last_kind", sa.String(length=64), nullable=False),
        sa.Column("last_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"],
                                name="fk_snapshots_event_id_events", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_snapshots"),
        sa.UniqueConstraint("event_id", "code_version", "seq",
                            name="uq_snapshots_event_id_code_version_seq"),
    )
    op.create_index("ix_snapshots_event_id", "snapshots", ["event_id"], unique=False)


def downgrade() -> None:
    op.drop_table("snapshots")
