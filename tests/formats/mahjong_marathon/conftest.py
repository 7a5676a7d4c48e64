"""Fixtures of the marathon's tests (regulation MJ): the command line (``podium``), the web site
(``site``) and an organiser signed in with a marathon ``mj`` created on the web (``anna``), and
the helpers that post its forms and read its tables."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from podium.formats.mahjong_marathon.commands import MarathonService
from podium.store.db import Database, resolve_url
from tests.cli.conftest import podium  # noqa: F401 - a fixture
from tests.web.conftest import Site, csrf_of, site  # noqa: F401 - a fixture

DO = "/manage/mj/do/mahjong-marathon."  # the marathon's forms (its declared commands)
API = "/api/v1/events/mj/commands/mahjong-marathon."  # the same commands on the API
CSV_HEADER = "game_id,table,start,player1,gp1,player2,gp2,player3,gp3,player4,gp4\n"
GAME1 = [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)]


@pytest.fixture
def anna(site: Site) -> tuple[Any, str]:  # noqa: F811
    """Organiser Anna, signed in, with the marathon ``mj`` she created on the web."""
    site.user("anna")
    client = site.login("anna")
    csrf = csrf_of(client.get("/manage").text)
    answer = client.post("/manage/new", data={
        "csrf_token": csrf, "format": "mahjong-marathon", "slug": "mj", "name": "Marathon",
    })
    assert answer.status_code == 303, answer.text
    return client, csrf


def post(client: Any, csrf: str, command: str, data: dict[str, str] | None = None,
         files: dict[str, Any] | None = None) -> Any:
    """Post the form of command ``mahjong-marathon.<command>``."""
    return client.post(DO + command, data={"csrf_token": csrf, **(data or {})}, files=files)


def add_game(client: Any, csrf: str, game_id: str, start: str, seats: list[tuple[str, int]],
             extra: dict[str, str] | None = None) -> Any:
    """The form of one game typed in (rule MJ-3), seat by seat, in the game server's zone."""
    data = {"id": game_id, "table": "RU-Marathon-1", "start": start, "zone": "server"}
    for k, (name, gp) in enumerate(seats, 1):
        data[f"player{k}"] = name
        data[f"gp{k}"] = str(gp)
    data.update(extra or {})
    return post(client, csrf, "add-game", data)


def rows_of(page: str, key: str) -> dict[str, dict[str, str]]:
    """The rows of view ``key`` on a page, by player name (cells as shown)."""
    section = page.split(f'id="view-{key}"', 1)[1].split("</section>", 1)[0]
    heads = [html.unescape(h) for h in re.findall(r"<th(?:\s[^>]*)?>(.*?)</th>", section)]
    rows = {}
    for tr in re.findall(r"<tr>(.*?)</tr>", section.split("<tbody>", 1)[1], re.S):
        cells = [html.unescape(re.sub(r"<[^>]+>", "", c))  # a name links to the player's page
                 for c in re.findall(r"<td[^>]*>(.*?)</td>", tr)]
        row = dict(zip(heads, cells, strict=True))
        rows[row["Player"] if "Player" in row else row["Игрок"]] = row
    return rows


def field_error(page: str, field: str) -> str:
    """The refusal shown next to form field ``field`` (empty when none)."""
    found = re.search(rf'id="mj-{re.escape(field)}-error" role="alert">(.*?)</small>', page, re.S)
    return html.unescape(found.group(1)) if found else ""


@pytest.fixture
def service(tmp_path: Path) -> Iterator[MarathonService]:
    """A marathon service on a fresh SQLite file, with the marathon ``mj`` created by the judge
    (a test file's own ``service`` fixture takes precedence)."""
    db = Database(resolve_url(str(tmp_path / "m.db")))
    svc = MarathonService(db)
    svc.create_event("mj", "Marathon", "mahjong-marathon", {}, "judge", seed=1)
    yield svc
    db.dispose()
