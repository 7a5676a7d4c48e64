"""The command line starts without the expensive imports (issue 24, part 3): no Alembic (the
schema is checked by a plain query, migrations imported only when it is behind), no argon2 hash
made at import, no web application. Structure only: the CPU figures are in docs/benchmarks.md."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from podium.store.db import Database, head_revision

HEAVY = ("alembic", "fastapi", "starlette", "jinja2", "podium.api", "podium.web", "podium.app")


def modules_after(code: str, env_db: Path) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys, json; print(json.dumps(sorted(sys.modules)))"],
        capture_output=True, text=True, check=True, env={"PODIUM_DB": str(env_db), "PATH": ""})
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def test_importing_the_cli_loads_no_migrations_web_or_password_hash(tmp_path: Path) -> None:
    code = ("import argon2\n"
            "calls = []\n"
            "real = argon2.PasswordHasher.hash\n"
            "def spy(self, *args, **kwargs):\n"
            "    calls.append(1)\n"
            "    return real(self, *args, **kwargs)\n"
            "argon2.PasswordHasher.hash = spy\n"
            "import podium.cli.main\n"
            "assert not calls, 'an argon2 hash was made at import'")
    loaded = modules_after(code, tmp_path / "cli.db")
    assert not [m for m in loaded if m.split(".")[0] in HEAVY or m.startswith(HEAVY)]


def test_opening_a_database_at_the_newest_schema_does_not_import_alembic(tmp_path: Path) -> None:
    path = tmp_path / "ready.db"
    Database(str(path)).dispose()  # created and migrated (Alembic runs here)
    code = (f"from podium.store.db import Database\nDatabase({str(path)!r}).dispose()\n"
            "import sys\nassert 'alembic' not in sys.modules")
    assert "alembic" not in modules_after(code, path)


def test_the_newest_migration_is_read_from_the_files_as_alembic_reads_it(tmp_path: Path) -> None:
    path = tmp_path / "fresh.db"
    db = Database(str(path))  # a new file: migrated by Alembic to its head
    try:
        assert db.current_revision() == head_revision() is not None
    finally:
        db.dispose()


def test_a_database_behind_the_migrations_is_still_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = Database(str(path), migrate=False)
    db.upgrade("0001")
    assert db.current_revision() == "0001"
    db.dispose()
    db = Database(str(path))
    try:
        assert db.current_revision() == head_revision()
    finally:
        db.dispose()
    assert json  # (imported for modules_after)
