"""API tokens expire and can be revoked: ``expires_at`` and ``revoked_at`` on ``api_tokens``.

Tokens made before this revision keep working: the migration gives each one the default
lifetime (90 days) counted from the upgrade, so no token lives forever and no integration
breaks on the day of the upgrade. ``podium user token NAME --list`` shows their expiry.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 00:00:00
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

EXISTING_LIFETIME = timedelta(days=90)


def upgrade() -> None:
    with op.batch_alter_table("api_tokens") as batch:
        batch.add_column(sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True))
    expires = datetime.now(UTC) + EXISTING_LIFETIME
    if op.get_bind().dialect.name != "postgresql":  # stored naive UTC, as UTCDateTime does
        expires = expires.replace(tzinfo=None)
    tokens = sa.table("api_tokens", sa.column("expires_at", sa.DateTime(timezone=True)))
    op.execute(tokens.update().values(expires_at=expires))
    with op.batch_alter_table("api_tokens") as batch:
        batch.alter_column("expires_at", existing_type=sa.DateTime(timezone=True),
                           nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("api_tokens") as batch:
        batch.drop_column("revoked_at")
        batch.drop_column("expires_at")
