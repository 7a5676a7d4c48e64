"""Alembic environment for podium.

Configured in code by :func:`podium.store.db.alembic_config`; the caller normally passes an
open connection as ``config.attributes["connection"]`` so migrations run inside its
transaction on any backend. ``render_as_batch`` lets ALTERs work on SQLite.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine, pool

from podium.store.models import Base

config = context.config
target_metadata = Base.metadata

# Serialises concurrent migrators on PostgreSQL (SQLite serialises them with BEGIN IMMEDIATE).
_PG_LOCK_KEY = 0x706F6469756D  # "podium"


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_PG_LOCK_KEY})")
        context.run_migrations()


def run_migrations_offline() -> None:
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = config.get_main_option("sqlalchemy.url")
    assert url, "sqlalchemy.url is not set"
    engine = create_engine(url, poolclass=pool.NullPool)
    try:
        with engine.begin() as own_connection:
            _run(own_connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
