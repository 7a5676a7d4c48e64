"""Every CSV download on the web neutralises formula cells (the OWASP "CSV injection"
rule): the marathon's publications, a series' table and a player's path. Names that a
spreadsheet would run come out with a leading ``'``; numbers stay numbers."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from fractions import Fraction

import pytest

from podium.service.exports import spreadsheet_safe
from podium.service.series import AddMember
from tests.formats.mahjong_marathon.conftest import add_game, anna, post  # noqa: F401
from tests.web.conftest import Site

EVIL = ['=HYPERLINK("http://evil.example","x")', "+1+cmd|' /C calc'!A0",
        "-2+3+cmd|'x'!A1", "@SUM(1+1)*cmd|'x'!A0"]
DANGEROUS = ("=", "+", "-", "@", "\t", "\r")


@pytest.mark.parametrize("text", [*EVIL, "\t=1+1", "\r=1+1", "=1+1", "-1+2", "+A1", "@x"])
def test_formula_text_gets_a_quote(text: str) -> None:
    assert spreadsheet_safe(text) == "'" + text


@pytest.mark.parametrize("value", [3, -3, Fraction(-7, 3), Decimal("-2.5"), -1.5, "-3.5", "+2",
                                   "-60", "1e5", "-", "Anna", "(+262)", "↓ 2", "", None])
def test_numbers_and_plain_text_stay_as_they_are(value: object) -> None:
    assert spreadsheet_safe(value) == value  # type: ignore[arg-type]


def rows_of(body: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))


def assert_safe(rows: list[list[str]], names: list[str]) -> None:
    flat = [cell for row in rows for cell in row]
    for cell in flat:
        if cell.startswith(DANGEROUS) and cell != "-":
            float(cell)  # only a number may start with a sign
    for name in names:
        assert "'" + name in flat, (name, rows)


def test_marathon_publication_csv(site: Site, anna) -> None:  # noqa: F811
    """Rule MJ-11's CSV of each published table, in both languages."""
    client, csrf = anna
    answer = add_game(client, csrf, "g1", "2015-03-01 12:00", list(zip(EVIL, [30, 25, 0, -55],
                                                                      strict=True)))
    assert answer.status_code == 303, answer.text
    assert post(client, csrf, "publish").status_code == 303
    public = site.client()
    table = "/e/mj/v/mahjong-marathon.table.csv?publication=1&table="
    for key in ("stage-1", "total"):
        for lang in ("en", "ru"):
            public.cookies.set("lang", lang)
            answer = public.get(table + key)
            assert answer.status_code == 200
            rows = rows_of(answer.content)
            assert_safe(rows, EVIL)
    stage = rows_of(public.get(table + "stage-1").content)
    assert "-55" in [cell for row in stage for cell in row]  # a negative GP stays a number


def test_series_table_and_player_csv(site: Site) -> None:
    """A series' table (player names) and a player's path (the members' labels)."""
    site.events.create_event("circuit", "Circuit", "series", {"best": 1}, "org", 1)
    site.events.create_event("night-1", "Night", "commander", {}, "setup", seed=11)
    site.events.add_players("night-1", [*EVIL, "Anna", "Boris", "Clara", "Dmitri"], "setup")
    site.events.run_command(AddMember("circuit", "night-1", EVIL[3]), "org")
    client = site.client()
    for lang in ("en", "ru"):
        table = client.get(f"/e/circuit/v/series.overview.csv?lang={lang}")
        assert table.status_code == 200
        assert_safe(rows_of(table.content), EVIL)
        path = client.get("/e/circuit/v/series.player.csv", params={"name": "Anna",
                                                                    "lang": lang})
        assert path.status_code == 200
        assert_safe(rows_of(path.content), [EVIL[3]])
