"""The application's secret keys: ``app_keys``.

Device cookies (which tell the phones behind one venue's address apart for the throttles) and
the CSRF tokens of visitors not signed in are signed with a key every server process over the
database shares, made once on first use.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-03 00:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "app_keys",
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("secret", sa.String(length=128), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name", name="pk_app_keys"),
    )


def downgrade() -> None:
    op.drop_table("app_keys")
