"""Golden 7 Wonders seasons: event files written by ``podium export`` from seasons played through
``podium sw`` (``golden/make_golden.py`` says how each was played), imported with the current
code, exported again byte for byte, and deriving the season table they were written with
(``golden/<name>.table.json``, the ``season`` view's rows) and the totals worked by hand below
from the regulation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from podium.core import phases
from podium.formats import get_format
from podium.service.events import EventService
from podium.service.transfer import dumps, export_document, import_document, parse_document
from podium.store.db import Database
from tests.formats.seven_wonders.golden.make_golden import table_rows

GOLDEN = Path(__file__).resolve().parent / "golden"

# Worked by hand from the regulation for the games make_golden.py plays (place points (8 - p)
# x m: m = 3 Gods, 2 Priests, 1 Warriors, 2 in a starting season, rule W7-17).
HAND = {
    "regular": {
        # Gods: wins 7 + 4 + 3 (W7-16), 1st 21, Titans 1st-2nd shared with P1: (35 + 21) / 2
        "Anna": 14 + 21 + 28,
        "Boris": 6 + 18 + 14,  # win in game 2, 2nd 18, Titans 3rd 14 (W7-18)
        "Clara": 5 + 15,  # win in game 3, 3rd 15; the Fortune match gives no points (W7-16)
        "Galina": 12,  # 4th 12; the overrun's -5 in gods/1 is lifted (W7-24)
        "Dmitry": 9, "Elena": 6,
        "Fedor": 3,  # tied for last in game 1 with Galina, out by the die roll 2 to 5 (W7-26 (4))
        # Priests: game 1 unfinished by P7's kick: 1 point to each of the others (W7-21)
        "P1": 1 + 5 + 4 + 3 + 14 + 28,
        "P2": 1 + 6 + 12,  # wins game 2; the Fortune match's winner, 4th in the Titans: 0
        "P3": 1 + 10 - 5,  # the overrun in priests/2 reported after the game (W7-19)
        "P4": 1 + 8, "P5": 1 + 6, "P6": 1 + 4,
        "P7": 0,  # the kicker: out at once with 0 points (W7-20)
        # Warriors: W1 / V1 win every game: 7 + 6 + 5 + 4 + 3, then place points 7 .. 1
        "W1": 25 + 7, "W2": 6, "W3": 5, "W4": 4, "W5": 3, "W6": 2, "W7": 1,
        "V1": 25 + 7, "V2": 6, "V3": 5, "V4": 4, "V5": 3, "V6": 2, "V7": 1,
    },
    "starting": {
        # League 1, game 1 ended by the time limit: A7 deepest in negative time is out and over
        # time (-5, floored at 0: 2 - 5), the others get 1 point each (W7-19, W7-21)
        "A1": 1 + 6 + 5 + 4 + 3 + 14 + 21,  # the Titans' 2nd (W7-6, W7-18)
        "A2": 1 + 12, "A3": 1 + 10, "A4": 1 + 8, "A5": 1 + 6, "A6": 1 + 4, "A7": 0,
        "B1": 25 + 14 + 35, "B2": 12, "B3": 10, "B4": 8, "B5": 6, "B6": 4, "B7": 2,
    },
}
CHAMPIONS = {"regular": "Anna", "starting": "B1"}  # W7-28: Anna's league is above P1's


@pytest.mark.parametrize("name", sorted(HAND))
def test_a_golden_season_imports_and_derives_its_table(tmp_path: Path, name: str) -> None:
    text = (GOLDEN / f"{name}.json").read_text(encoding="utf-8")
    service = EventService(Database(str(tmp_path / "golden.db")))
    try:
        loaded = import_document(service, parse_document(text))
        slug = loaded.summary.slug
        assert dumps(export_document(service, slug)) == text  # re-exported byte for byte
        rows = table_rows(service, slug)
        expected = json.loads((GOLDEN / f"{name}.table.json").read_text(encoding="utf-8"))
        assert rows == expected
        assert {row["player"]: row["total"] for row in rows} == HAND[name]
        state = service.load(slug).state
        status = phases.status(state, get_format(state.format))
        assert status.complete
        assert state.players[status.champion].name == CHAMPIONS[name]
    finally:
        service.db.dispose()


def test_the_regular_golden_season_holds_every_case() -> None:
    """The file covers what it says: a die roll at the table, a lifting with its reason, a kick,
    a late overrun, a self-report confirmed by the others, the three special matches."""
    actions = json.loads((GOLDEN / "regular.json").read_text(encoding="utf-8"))["actions"]
    kinds = [a["kind"] for a in actions]
    for kind in ("seven-wonders.roll", "seven-wonders.lifted", "seven-wonders.overrun",
                 "seven-wonders.report", "seven-wonders.confirmed", "seven-wonders.profile"):
        assert kind in kinds, kind
    assert [a["payload"]["match"] for a in actions if a["kind"] == "seven-wonders.special"] \
        == ["fortune", "will", "titans"]
    assert any(a["payload"].get("kicker") for a in actions if a["kind"] == "seven-wonders.game")
    lifted = next(a for a in actions if a["kind"] == "seven-wonders.lifted")
    assert lifted["reason"] == "the site froze (confirmed)"
    entered = [a for a in actions if a["kind"] == "seven-wonders.game"
               and a["payload"].get("report")]
    assert entered and entered[0]["actor"] == "player:V1"
