"""Game points in tenths: rule MJ-3's server scores whole points, so an
imported game with decimals (``+3.7``) is skipped and counted by default; the event setting
``fractional_points=accept`` (beyond the regulation) stores them as exact tenths, and every
table stays exact (Fractions at the edges, rounded only for display)."""

from __future__ import annotations

import csv
from collections import defaultdict
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from podium.core.errors import InvalidInput
from podium.core.views import display
from podium.formats.mahjong_marathon.commands import MarathonService
from podium.store.db import Database, resolve_url
from podium.web.i18n import translations

ACTOR = "judge"
HEADER = "game_id,table,start,player1,gp1,player2,gp2,player3,gp3,player4,gp4\n"
WHOLE = "w1,RU-Marathon-1,2015-02-10T12:00Z,Anna,40,Boris,20,Clara,0,Dmitri,-60\n"
TENTHS = ("d1,RU-Marathon-1,2015-02-11T12:00Z,Anna,+3.7,Boris,+1.2,Clara,-1.2,Dmitri,-3.7\n"
          "d2,RU-Marathon-2,2015-02-12T12:00Z,Anna,-0.5,Boris,+0.5,Clara,0.0,Dmitri,0\n")


@pytest.fixture
def service(tmp_path: Path) -> Iterator[MarathonService]:
    db = Database(resolve_url(str(tmp_path / "m.db")))
    yield MarathonService(db)
    db.dispose()


def stage_rows(service: MarathonService, slug: str, publication: int | None = None
               ) -> dict[str, dict]:
    _state, views = service.tables(slug, publication)
    return {str(row["player"]): row for row in views[0].rows}


def test_tenths_are_skipped_by_default(service):
    """Rule MJ-3 (default ``skip``): the two games in tenths are skipped and counted."""
    service.create_event("mj", "MJ", "mahjong-marathon", {}, ACTOR)
    summary = service.import_file("mj", (HEADER + WHOLE + TENTHS).encode(), "log.csv", ACTOR)
    assert (summary.added, summary.fractional, summary.tenths) == (1, 2, 0)


def test_worked_example_with_two_games_in_tenths(service):
    """Beyond the regulation (``fractional_points=accept``), worked by hand (rules MJ-4, MJ-6a,
    MJ-7): w1 (whole) is stored first, then d1 and d2 in tenths.

    - w1: Anna 40, Boris 20, Clara 0, Dmitri -60: TP 4 / 2 / 1 / 0.
    - d1: Anna +3.7, Boris +1.2, Clara -1.2, Dmitri -3.7: TP 4 / 2 / 1 / 0.
    - d2: Boris +0.5, Clara 0.0 and Dmitri 0 tied (places 2-3: (2 + 1) / 2 = 1.5 each), Anna
      -0.5: TP 0 / 4 / 1.5 / 1.5.
    - GP: Anna 40 + 3.7 - 0.5 = 43.2; Boris 21.7; Clara -1.2; Dmitri -63.7.
    - Then a 6a penalty of 5 GP to Anna in d1: 3.7 - 5 = -1.3 puts her third in d1 (Boris
      1.2 first, Clara -1.2 second): her TP 4 + 1 + 0 = 5, Boris 2 + 4 + 4 = 10, Clara
      1 + 2 + 1.5 = 4.5, Dmitri 0 + 0 + 1.5 = 1.5; Anna's GP 38.2."""
    service.create_event("mj", "MJ", "mahjong-marathon", {"fractional_points": "accept"}, ACTOR)
    first = service.import_file("mj", (HEADER + WHOLE).encode(), "w.csv", ACTOR)
    assert first.added == 1
    summary = service.import_file("mj", (HEADER + WHOLE + TENTHS).encode(), "d.csv", ACTOR)
    assert (summary.added, summary.duplicates, summary.tenths, summary.fractional) == (2, 1, 2, 0)
    rows = stage_rows(service, "mj")
    gp = {name: rows[name]["gp"] for name in rows}
    assert gp == {"Anna": Fraction("43.2"), "Boris": Fraction("21.7"),
                  "Clara": Fraction("-1.2"), "Dmitri": Fraction("-63.7")}
    assert {name: rows[name]["tp"] for name in rows} == {
        "Anna": 8, "Boris": 8, "Clara": Fraction(7, 2), "Dmitri": Fraction(3, 2)}
    column = next(c for c in service.tables("mj")[1][0].columns if c.key == "gp")
    assert display(rows["Anna"]["gp"], column) == "43.2"  # rounded for display only
    service.publish("mj", ACTOR, "before the penalty")
    seq = service.penalty("mj", "6a", "Anna", 5, "late", ACTOR, game="d1")  # rule MJ-6a
    rows = stage_rows(service, "mj")
    assert rows["Anna"]["gp"] == Fraction("38.2")
    assert {name: rows[name]["tp"] for name in rows} == {
        "Anna": 5, "Boris": 10, "Clara": Fraction(9, 2), "Dmitri": Fraction(3, 2)}
    assert rows["Anna"]["gp_change"].delta == -5  # against publication 1, exactly
    frozen = stage_rows(service, "mj", publication=1)
    assert frozen["Anna"]["gp"] == Fraction("43.2")
    again = service.import_file("mj", (HEADER + WHOLE + TENTHS).encode(), "d.csv", ACTOR)
    assert (again.added, again.duplicates, again.changed) == (0, 3, [])  # idempotent
    # reverted on appeal: the whole 5 GP come back, though the book holds tenths
    service.revert("mj", seq, "appeal upheld", ACTOR)
    rows = stage_rows(service, "mj")
    assert rows["Anna"]["gp"] == Fraction("43.2")
    assert {name: rows[name]["tp"] for name in rows} == {
        "Anna": 8, "Boris": 8, "Clara": Fraction(7, 2), "Dmitri": Fraction(3, 2)}


def test_the_real_lobby_log_with_tenths_accepted(service, external_dir):
    """The 92 real games (report.txt: 54 four-player games, 8 of them in tenths, 38 of three
    players): with ``accept`` all 54 are added and every player's stage GP is the exact sum of
    the file's decimals (guests never ranked, rule MJ-3)."""
    path = external_dir / "tenhou_lobby_logs" / "converted" / "all_games.csv"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    service.create_event("lobby", "Lobby", "mahjong-marathon",
                         {"table_pattern": ".+", "stages": "2012-01-01..2018-12-31",
                          "fractional_points": "accept"}, ACTOR)
    summary = service.import_file("lobby", path.read_bytes(), path.name, ACTOR)
    assert (summary.read, summary.other_sizes, summary.fractional) == (92, 38, 0)
    assert (summary.added, summary.tenths) == (54, 8)
    expected: dict[str, Fraction] = defaultdict(Fraction)
    games: dict[str, int] = defaultdict(int)
    with path.open(encoding="utf-8") as file:
        for row in csv.DictReader(file):
            seats = [(row[f"player{k}"], row[f"gp{k}"]) for k in range(1, 5)
                     if row.get(f"player{k}")]
            if len(seats) == 4:
                for name, value in seats:
                    expected[name] += Fraction(value)
                    games[name] += 1
    expected.pop("NoName")
    games.pop("NoName")
    rows = stage_rows(service, "lobby")
    assert set(rows) == set(expected)
    assert {name: Fraction(rows[name]["gp"]) for name in rows} == dict(expected)
    assert {name: rows[name]["games"] for name in rows} == dict(games)
    assert any(Fraction(rows[name]["gp"]).denominator == 10 for name in rows)


def test_a_bad_value_is_refused(service):
    with pytest.raises(InvalidInput) as refused:
        service.create_event("mj", "MJ", "mahjong-marathon", {"fractional_points": "round"},
                             ACTOR)
    assert "fractional_points" in str(refused.value)
    assert service.list_events() == []


def test_the_setting_in_russian():
    """The setting's help and its two values have Russian text (a page shows them)."""
    ru = translations("ru")
    from podium.formats.mahjong_marathon.settings import FIELDS

    field = next(f for f in FIELDS if f.key == "fractional_points")
    assert field.default == "skip" and field.rule == "MJ-3"
    help_text = ru.gettext(field.help)
    assert help_text != field.help and "вне регламента" in help_text
    for value in ("skip", "accept"):
        shown = ru.pgettext("setting value", value)
        assert shown != value and shown.isascii() is False
