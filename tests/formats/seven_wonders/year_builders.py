"""Years of the 7 Wonders league built through the year's declared commands (rule W7-1), once
per test session, and copied for each test (a SQLite file each), so every test starts from the
same year and stores what it likes."""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from podium.core.commands import API, JSON, Caller
from podium.core.errors import PodiumError
from podium.service.catalog import Done, Invocation
from podium.service.events import EventService
from podium.store.db import Database

YEAR = "y-year"
ORGANISER = "org"
#: Rules W7-6, W7-30, W7-26 (4): a test about something else lets the organiser's decisions
#: through: the play-offs not played decided by rule W7-30 (with a reason) and podium rolling
#: the die.
DECIDED = {"decide_playoffs": True, "playoff_reason": "a test about something else",
           "podium_rolls": True}


class ManualClock:
    """A clock the test moves (the 3 days of rule W7-32)."""

    def __init__(self, now: datetime | None = None) -> None:
        self.now = now or datetime.now(UTC).replace(microsecond=0)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def build_year(folder: Path, players: int, seasons: int, seed: int) -> Path:
    """A year of ``seasons`` played seasons (the last one complete), no Legendary League."""
    from podium.formats.seven_wonders.year_demo import play_year

    path = folder / "year.db"
    service = EventService(Database(str(path)))
    play_year(service, "y", players, seasons, seed, legendary=False)
    service.db.dispose()
    return path


def copy_of(source: Path, tmp_path: Path, name: str = "year.db") -> Path:
    target = tmp_path / name
    shutil.copyfile(source, target)
    return target


def service_on(path: Path, clock: ManualClock | None = None) -> EventService:
    return EventService(Database(str(path)), clock=clock or ManualClock())


def invoke(service: EventService, what: str, fields: Mapping[str, Any], slug: str = YEAR,
           surface: str = API) -> Done:
    """A year command (``seven-wonders.<what>``) with a JSON body, as the API runs it."""
    return service.execute(Invocation(f"seven-wonders.{what}", slug, dict(fields), JSON,
                                      surface), Caller.cli(ORGANISER))


def everything(service: EventService) -> dict[str, int]:
    """Every event of the database and the length of its log: what "nothing stored" keeps."""
    return {e.slug: len(service.log(e.slug)) for e in service.list_events()}


def refused(service: EventService, what: str, fields: Mapping[str, Any],
            slug: str = YEAR, surface: str = API) -> PodiumError:
    """The refusal the command gets; nothing is stored anywhere (no event, no action)."""
    before = everything(service)
    with pytest.raises(PodiumError) as caught:
        invoke(service, what, fields, slug, surface)
    assert everything(service) == before
    return caught.value


def fields_of(error: PodiumError) -> set[str]:
    """The fields a refusal names (each of several, at once)."""
    problems = getattr(error, "problems", [error])
    return {(p.field or "").split("[")[0] for p in problems}


def names(service: EventService, slug: str) -> dict[int, str]:
    return {pid: p.name for pid, p in service.load(slug).state.players.items()}


def league_players(service: EventService, slug: str) -> set[str]:
    state = service.load(slug).state
    return {state.players[p].name for p in state.division_of}
