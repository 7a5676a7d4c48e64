"""A self-report records the draw of the round it belongs to.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 03:50:00

Reports stored before have no draw (NULL) and keep counting for the round's current draw.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("self_reports") as batch:
        batch.add_column(sa.Column("draw", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("self_reports") as batch:
        batch.drop_column("draw")
