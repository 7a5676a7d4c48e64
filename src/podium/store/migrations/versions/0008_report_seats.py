"""A self-report records the players of the table it was made for.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02 06:40:00

A hand edit (a move or a swap of an unstarted round) changes who sits at a table without a new
draw: a report made before it names players who are no longer there, and one who now sits
there never agreed to it. Reports stored before have no seats (NULL) and keep counting for the
table as it is.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("self_reports") as batch:
        batch.add_column(sa.Column("seats", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("self_reports") as batch:
        batch.drop_column("seats")
