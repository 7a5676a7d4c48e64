"""Tables: ``events`` and ``actions`` (the append-only log, one row per :class:`Action`).

The schema itself is created by the Alembic migrations in :mod:`podium.store.migrations`;
these models must stay in step with them (a test compares the two).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Dialect,
    ForeignKey,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from podium.store.columns import (
    ACTOR_LENGTH,
    FORMAT_LENGTH,
    KIND_LENGTH,
    NAME_LENGTH,
    SLUG_LENGTH,
)

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC datetime on every backend.

    PostgreSQL stores ``timestamptz``; SQLite has no zones, so the value is written as naive UTC
    and the zone is put back on reading. Microseconds are kept on both.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"time {value.isoformat()} must carry a zone")
        value = value.astimezone(UTC)
        if dialect.name != "postgresql":
            value = value.replace(tzinfo=None)
        return value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class EventRow(Base):
    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    slug: Mapped[str] = mapped_column(String(SLUG_LENGTH), unique=True, nullable=False)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH), nullable=False)
    format: Mapped[str] = mapped_column(String(FORMAT_LENGTH), nullable=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)
    # migration 0007: what replay derives of the event's own record, for the home page
    archived: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False,
                                           server_default=false())
    starts_on: Mapped[str | None] = mapped_column(String(10), nullable=True)
    venue: Mapped[str] = mapped_column(String(NAME_LENGTH), nullable=False, default="",
                                       server_default="")
    status: Mapped[str | None] = mapped_column(String(16), nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("event_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), index=True, nullable=False
    )
    seq: Mapped[int] = mapped_column(Integer, nullable=False)
    kind: Mapped[str] = mapped_column(String(KIND_LENGTH), nullable=False)
    actor: Mapped[str] = mapped_column(String(ACTOR_LENGTH), nullable=False)
    at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)
    reason: Mapped[str] = mapped_column(Text, nullable=False, default="", server_default="")
    payload: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False, default=dict)


# -- accounts and self-report (migration 0002) ---------------------------------------------------
USERNAME_LENGTH = 40
HASH_LENGTH = 200
TOKEN_HASH_LENGTH = 64
ROLE_LENGTH = 16
CODE_LENGTH = 16
STATUS_LENGTH = 16


class UserRow(Base):
    """An organiser account; the password only as an argon2 hash."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(USERNAME_LENGTH), unique=True, nullable=False)
    password_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), nullable=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)


class WebSessionRow(Base):
    """A login: the cookie's token only as its SHA-256, with its CSRF token and expiry."""

    __tablename__ = "web_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(TOKEN_HASH_LENGTH), unique=True, nullable=False)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True, nullable=False
    )
    csrf: Mapped[str] = mapped_column(String(TOKEN_HASH_LENGTH), nullable=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)


class ApiTokenRow(Base):
    """A bearer token of the JSON API, stored only as its SHA-256."""

    __tablename__ = "api_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(TOKEN_HASH_LENGTH), unique=True, nullable=False)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True, nullable=False
    )
    label: Mapped[str] = mapped_column(String(NAME_LENGTH), nullable=False, default="")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class EventRoleRow(Base):
    """Who runs an event: its owner, and the judges the owner invited."""

    __tablename__ = "event_roles"
    __table_args__ = (UniqueConstraint("event_id", "user_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), index=True, nullable=False
    )
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True, nullable=False
    )
    role: Mapped[str] = mapped_column(String(ROLE_LENGTH), nullable=False)
    granted_by: Mapped[str] = mapped_column(String(ACTOR_LENGTH), nullable=False)
    granted_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)


class PlayerCodeRow(Base):
    """A player's personal self-report code for one event."""

    __tablename__ = "player_codes"
    __table_args__ = (
        UniqueConstraint("event_id", "player_id"),
        UniqueConstraint("event_id", "code"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), index=True, nullable=False
    )
    player_id: Mapped[int] = mapped_column(Integer, nullable=False)
    code: Mapped[str] = mapped_column(String(CODE_LENGTH), nullable=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)


class SelfReportRow(Base):
    """A result a player reported for their own table, waiting for the others (or a decision).

    Not part of the event's log: only an accepted report becomes a result action.
    """

    __tablename__ = "self_reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), index=True, nullable=False
    )
    round: Mapped[int] = mapped_column(Integer, nullable=False)
    table: Mapped[int] = mapped_column(Integer, nullable=False)
    reporter: Mapped[int] = mapped_column(Integer, nullable=False)
    entry: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False, default=dict)
    confirmed_by: Mapped[list[Any]] = mapped_column(JSON, nullable=False, default=list)
    status: Mapped[str] = mapped_column(String(STATUS_LENGTH), nullable=False)
    note: Mapped[str] = mapped_column(Text, nullable=False, default="", server_default="")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)
    decided_by: Mapped[str] = mapped_column(
        String(ACTOR_LENGTH), nullable=False, default="", server_default=""
    )
    # The draw of the round the report belongs to (the round's seed, new at every draw): an
    # undo and a new draw of the round leave the report behind. Empty in reports stored before
    # migration 0004, which count for whatever draw the round has.
    draw: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    # The players of the table when it was reported (migration 0008): a hand edit that moves
    # players leaves the report behind. Empty in reports stored before, which count for the
    # table as it is.
    seats: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)


# -- snapshots of replayed state (migration 0003) ------------------------------------------------
CODE_VERSION_LENGTH = 64


class SnapshotRow(Base):
    """A replayed event's state after action ``seq``, pickled, for the code version that made it.

    Derived data, never the truth: a snapshot is used only when its ``code_version`` equals the
    running code's and the stored action at ``seq`` still has the same kind and time; otherwise
    the event is replayed from its log. Deleted with the event.
    """

    __tablename__ = "snapshots"
    __table_args__ = (UniqueConstraint("event_id", "code_version", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), index=True, nullable=False
    )
    seq: Mapped[int] = mapped_column(Integer, nullable=False)
    code_version: Mapped[str] = mapped_column(String(CODE_VERSION_LENGTH), nullable=False)
    last_kind: Mapped[str] = mapped_column(String(KIND_LENGTH), nullable=False)
    last_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)
    data: Mapped[bytes] = mapped_column(LargeBinary, nullable=False)


# -- throttle counters (migration 0006) ----------------------------------------------------------
THROTTLE_KEY_LENGTH = 200


class ThrottleCountRow(Base):
    """One throttle counter (:mod:`podium.service.throttle`): failed attempts of a login or a
    player code for one key (a client: a browser's device or an address; a (client, account)
    or (client, event) pair; an address; or a gate's global count), and the attempts in
    flight (reserved, not yet settled).

    Shared by every server process over the database, so two processes allow no more guesses
    than one. A row with nothing counted is deleted; counts past their window are reset.
    """

    __tablename__ = "throttle_counts"

    key: Mapped[str] = mapped_column(String(THROTTLE_KEY_LENGTH), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer, nullable=False)
    pending: Mapped[int] = mapped_column(Integer, nullable=False)
    first_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    last_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    pending_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


# -- the application's secret keys (migration 0009) ---------------------------------------------
class AppKeyRow(Base):
    """A secret key of the application (:mod:`podium.service.keys`), made once on first use
    and shared by every server process over the database: device cookies and the CSRF tokens
    of visitors who are not signed in are signed with it, so any server checks what another
    issued. Read by the servers only; never shown."""

    __tablename__ = "app_keys"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    secret: Mapped[str] = mapped_column(String(128), nullable=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)
