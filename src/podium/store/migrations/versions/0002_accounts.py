"""Accounts and self-report: users, web sessions, API tokens, event roles, player codes and
pending self-reports.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30 00:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _fk(table: str, column: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column], [f"{target}.id"], name=f"fk_{table}_{column}_{target}", ondelete="CASCADE"
    )


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("username", sa.String(length=40), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_users"),
        sa.UniqueConstraint("username", name="uq_users_username"),
    )
    op.create_table(
        "web_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("csrf", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        _fk("web_sessions", "user_id", "users"),
        sa.PrimaryKeyConstraint("id", name="pk_web_sessions"),
        sa.UniqueConstraint("token_hash", name="uq_web_sessions_token_hash"),
    )
    op.create_index("ix_web_sessions_user_id", "web_sessions", ["user_id"], unique=False)
    op.create_table(
        "api_tokens",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("label", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        _fk("api_tokens", "user_id", "users"),
        sa.PrimaryKeyConstraint("id", name="pk_api_tokens"),
        sa.UniqueConstraint("token_hash", name="uq_api_tokens_token_hash"),
    )
    op.create_index("ix_api_tokens_user_id", "api_tokens", ["user_id"], unique=False)
    op.create_table(
        "event_roles",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("granted_by", sa.String(length=120), nullable=False),
        sa.Column("granted_at", sa.DateTime(timezone=True), nullable=False),
        _fk("event_roles", "event_id", "events"),
        _fk("event_roles", "user_id", "users"),
        sa.PrimaryKeyConstraint("id", name="pk_event_roles"),
        sa.UniqueConstraint("event_id", "user_id", name="uq_event_roles_event_id_user_id"),
    )
    op.create_index("ix_event_roles_event_id", "event_roles", ["event_id"], unique=False)
    op.create_index("ix_event_roles_user_id", "event_roles", ["user_id"], unique=False)
    op.create_table(
        "player_codes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        _fk("player_codes", "event_id", "events"),
        sa.PrimaryKeyConstraint("id", name="pk_player_codes"),
        sa.UniqueConstraint("event_id", "player_id", name="uq_player_codes_event_id_player_id"),
        sa.UniqueConstraint("event_id", "code", name="uq_player_codes_event_id_code"),
    )
    op.create_index("ix_player_codes_event_id", "player_codes", ["event_id"], unique=False)
    op.create_table(
        "self_reports",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("table", sa.Integer(), nullable=False),
        sa.Column("reporter", sa.Integer(), nullable=False),
        sa.Column("entry", sa.JSON(), nullable=False),
        sa.Column("confirmed_by", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("note", sa.Text(), server_default="", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_by", sa.String(length=120), server_default="", nullable=False),
        _fk("self_reports", "event_id", "events"),
        sa.PrimaryKeyConstraint("id", name="pk_self_reports"),
    )
    op.create_index("ix_self_reports_event_id", "self_reports", ["event_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_self_reports_event_id", table_name="self_reports")
    op.drop_table("self_reports")
    op.drop_index("ix_player_codes_event_id", table_name="player_codes")
    op.drop_table("player_codes")
    op.drop_index("ix_event_roles_user_id", table_name="event_roles")
    op.drop_index("ix_event_roles_event_id", table_name="event_roles")
    op.drop_table("event_roles")
    op.drop_index("ix_api_tokens_user_id", table_name="api_tokens")
    op.drop_table("api_tokens")
    op.drop_index("ix_web_sessions_user_id", table_name="web_sessions")
    op.drop_table("web_sessions")
    op.drop_table("users")
