"""`podium serve` on a fresh database serves the organiser and public pages in both
languages (a real server process on loopback)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.web.test_browser import _free_port


def test_podium_serve_on_a_fresh_database(tmp_path: Path) -> None:
    podium = Path(sys.executable).with_name("podium")
    db = tmp_path / "fresh.db"
    subprocess.run([str(podium), "--db", str(db), "event", "create", "cup", "--seed", "1"],
                   check=True, capture_output=True)
    port = _free_port()
    server = subprocess.Popen([str(podium), "--db", str(db), "serve", "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        base = f"http://127.0.0.1:{port}"
        english = httpx.get(f"{base}/e/cup", headers={"Accept-Language": "en"})
        russian = httpx.get(f"{base}/e/cup", headers={"Accept-Language": "ru"})
        assert english.status_code == russian.status_code == 200
        assert "Standings" in english.text and "Турнирная таблица" in russian.text
        login = httpx.get(f"{base}/login", headers={"Accept-Language": "ru"})
        assert "Вход для организатора" in login.text
        assert httpx.get(f"{base}/static/htmx.min.js").status_code == 200
        assert httpx.get(f"{base}/openapi.json").json()["openapi"].startswith("3.")
    finally:
        server.terminate()
        server.wait(timeout=20)
