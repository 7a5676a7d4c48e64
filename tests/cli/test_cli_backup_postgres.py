"""`podium backup` on PostgreSQL: pg_dump's custom format, restored with pg_restore into a new
database (docs/deploy.md, "Backups and restore"), checks out with `podium backup --verify`."""

from __future__ import annotations

import shutil
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from podium.cli.main import cli
from podium.service.events import EventService
from podium.store.db import Database

pytestmark = pytest.mark.postgres


@pytest.fixture
def databases(postgres_url: str) -> Iterator[tuple[str, str]]:
    """Two new databases (the original and the one restored into), dropped at the end."""
    if shutil.which("pg_dump") is None or shutil.which("pg_restore") is None:
        pytest.skip("pg_dump and pg_restore are not installed")
    names = [f"podium_backup_{uuid.uuid4().hex[:10]}" for _ in range(2)]
    admin = create_engine(postgres_url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        for name in names:
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    urls = [make_url(postgres_url).set(database=name).render_as_string(hide_password=False)
            for name in names]
    try:
        yield urls[0], urls[1]
    finally:
        with admin.connect() as connection:
            for name in names:
                connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


def test_a_dump_restored_elsewhere_verifies(databases: tuple[str, str], tmp_path: Path) -> None:
    original, restored = databases
    db = Database(original)
    service = EventService(db)
    service.create_event("cup", "Cup", "commander", {}, "org", seed=4)
    service.add_players("cup", [f"P{i}" for i in range(1, 9)], "org")
    service.pair_round("cup", "org")
    db.dispose()
    dump = tmp_path / "cup.dump"
    runner = CliRunner()
    made = runner.invoke(cli, ["--db", original, "backup", str(dump)])
    assert made.exit_code == 0, made.output
    assert "pg_dump --format=custom" in made.stdout and dump.stat().st_size > 0
    target = make_url(restored).set(drivername="postgresql")
    subprocess.run(["pg_restore", "--no-owner",
                    f"--dbname={target.render_as_string(hide_password=False)}", str(dump)],
                   check=True, capture_output=True)
    checked = runner.invoke(cli, ["--db", original, "backup", "--verify", restored])
    assert checked.exit_code == 0, checked.output
    assert "same" in checked.stdout
    again = runner.invoke(cli, ["--db", original, "backup", str(dump)])
    assert again.exit_code == 4 and "exists already" in " ".join(again.stderr.split())
