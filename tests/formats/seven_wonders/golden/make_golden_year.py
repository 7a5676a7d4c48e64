"""Write the golden year (rule W7-1): 28 sign-ups, the starting season and season 1 with its
survival battles, then the Legendary League, all through the year's commands, on a clock that
ticks a minute a call (so the files are the same each time they are written). Run from the
repository root: ``.venv/bin/python tests/formats/seven_wonders/golden/make_golden_year.py``."""

from __future__ import annotations

import json
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from podium.formats.seven_wonders import legendary_rules, survival_rules
from podium.formats.seven_wonders.year_demo import play_year
from podium.formats.seven_wonders.year_views import year_view
from podium.service.events import EventService
from podium.service.exports import to_csv
from podium.service.series import series_ledger, series_members
from podium.service.transfer import dumps, export_document
from podium.store.db import Database

HERE = Path(__file__).resolve().parent
SLUGS = ("y-year", "y-s0", "y-s1")


class Ticking:
    def __init__(self) -> None:
        self.now = datetime(2025, 1, 1, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        clock = Ticking()
        service = EventService(Database(str(Path(tmp) / "golden.db")), clock=clock)
        play_year(service, "y", 28, 2, 7)
        for slug in SLUGS:
            (HERE / f"{slug}.json").write_text(dumps(export_document(service, slug)),
                                               encoding="utf-8")
        series, members = series_members(service, "y-year")
        ledger = series_ledger(service, "y-year", loaded=(series, members))
        view = year_view(ledger)
        (HERE / "year_table.csv").write_text(to_csv(view, "en"), encoding="utf-8")
        s0, s1 = members[0].state, members[1].state
        league = legendary_rules.legendary_of(s1, clock.now)
        expected = {
            "survivors": sorted(s0.players[p].name
                                for p in survival_rules.survival_of(s0).warriors),
            "picks": [s1.players[p].name for p in league.selection.players],
            "holders": [s1.players[s.holder.player].name for s in league.roster.seats],
            "champion": s1.players[league.final.champion].name,
            "places": {s1.players[p].name: n for p, n in league.final.places.items()},
        }
        (HERE / "expected.json").write_text(json.dumps(expected, ensure_ascii=False, indent=2,
                                                       sort_keys=True) + "\n",
                                            encoding="utf-8")


if __name__ == "__main__":
    main()
