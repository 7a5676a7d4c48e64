"""A command leaves no connection open behind it: a program (or a test run) that invokes the
command line many times in one process must not pile up PostgreSQL connections until the
server refuses new clients."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from click.testing import CliRunner
from sqlalchemy import create_engine, make_url, text
from sqlalchemy.pool import NullPool

from podium.cli.main import cli
from tests.web.test_several_servers import fresh_schema


@pytest.fixture
def schema_url(postgres_url: str) -> Iterator[tuple[str, str]]:
    """A fresh schema's URL whose connections carry a name of their own, and that name."""
    name = f"podium-test-{uuid.uuid4().hex[:10]}"
    with fresh_schema(postgres_url, "podium_cli") as url:
        yield make_url(url).update_query_dict({"application_name": name}).render_as_string(
            hide_password=False), name


def open_connections(postgres_url: str, name: str) -> int:
    admin = create_engine(postgres_url, poolclass=NullPool)
    try:
        with admin.connect() as connection:
            return int(connection.execute(text(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = :name"),
                {"name": name}).scalar_one())
    finally:
        admin.dispose()


def test_commands_close_their_connections(schema_url: tuple[str, str],
                                          postgres_url: str) -> None:
    url, name = schema_url
    runner = CliRunner()
    first = runner.invoke(cli, ["--db", url, "event", "create", "cup", "--name", "Cup"])
    assert first.exit_code == 0, first.output
    for player in ("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor"):
        added = runner.invoke(cli, ["--db", url, "commander", "player-add", "cup", player])
        assert added.exit_code == 0, added.output
        shown = runner.invoke(cli, ["--db", url, "standings", "cup"])
        assert shown.exit_code == 0, shown.output
    refused = runner.invoke(cli, ["--db", url, "standings", "nowhere"])
    assert refused.exit_code == 3, refused.output

    assert open_connections(postgres_url, name) == 0
