"""The CLI and the server on one SQLite file at the same time: both write the same event's
log, nothing is lost or corrupted (WAL, busy timeout, BEGIN IMMEDIATE)."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys

import httpx

from tests.web.conftest import Site
from tests.web.test_browser import server  # noqa: F401 - the fixture


def test_cli_and_server_write_one_file_together(site: Site, server: str) -> None:  # noqa: F811
    site.user("anna")
    site.event("cup", "anna", players=0)
    token = site.accounts.create_token("anna")
    path = site.db.url.database
    cli_names = [f"Cli {i}" for i in range(8)]
    script = (
        "import sys, time\nfrom podium.cli.main import cli\n"
        "for name in sys.argv[2:]:\n"
        "    time.sleep(0.05)\n"
        "    try:\n"
        "        cli(['--db', sys.argv[1], '--actor', 'cli', 'player', 'add', 'cup', name],"
        " standalone_mode=False)\n"
        "    except SystemExit as e:\n"
        "        if e.code: raise\n"
    )
    env = {**os.environ, "COLUMNS": "120"}
    process = subprocess.Popen([sys.executable, "-c", script, path, *cli_names], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    web_names = []
    with httpx.Client(base_url=server, headers={"Authorization": f"Bearer {token}"}) as http:
        i = 0
        while process.poll() is None or i < 8:
            name = f"Web {i}"
            answer = http.post("/api/v1/events/cup/commands/player.add", json={"names": [name]})
            assert answer.status_code == 200, answer.text
            web_names.append(name)
            i += 1
    _out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err.decode()
    log = site.events.log("cup")
    assert [a.seq for a in log] == list(range(1, len(log) + 1))
    registered = {a.payload["name"] for a in log if a.kind == "player.registered"}
    assert registered == set(cli_names) | set(web_names)
    actors = [a.actor for a in log[1:]]
    assert set(actors) == {"cli", "anna"}
    interleaved = "".join("c" if a == "cli" else "w" for a in actors)
    assert re.search("cw+c", interleaved), interleaved  # the writes really interleaved
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
