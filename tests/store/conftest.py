"""Store fixtures: every database test runs on SQLite (a file) and on PostgreSQL (a schema)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from podium.store.db import Database, resolve_url

BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL of an empty database: a SQLite file, or a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        yield resolve_url(str(tmp_path / "podium.db"))
        return
    base: str = request.getfixturevalue("postgres_url")
    schema = f"podium_test_{uuid.uuid4().hex}"
    admin = create_engine(base, poolclass=NullPool)
    with admin.begin() as connection:
        connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    try:
        url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.dispose()


@pytest.fixture
def make_db(db_url: str) -> Iterator[Callable[..., Database]]:
    """Open (and at the end dispose) Database objects on the test database."""
    opened: list[Database] = []

    def make(**options: Any) -> Database:
        database = Database(db_url, **options)
        opened.append(database)
        return database

    yield make
    for database in opened:
        database.dispose()


@pytest.fixture
def db(make_db: Callable[..., Database]) -> Database:
    return make_db()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return resolve_url(str(tmp_path / "podium.db"))
