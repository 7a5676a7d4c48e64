"""A 7 Wonders season's games as a rating across events counts them
(``SevenWonders.rated_games``), played through the service's ``invoke`` as an organiser
types them.

Worked example, one league of 7 (Gods):

- Game 1: ``Anna, Boris = Clara, Dmitry, Elena, Fedor, Galina``: Boris and Clara tied
  ("делёж", rule W7-3): places 1, 2, 2, 4, 5, 6, 7; Galina out (rule W7-2).
- Game 2: ``Boris, Anna, Clara, Dmitry, Elena = Fedor``: a tie for last place, broken by game 1
  (rule W7-26 (1): Fedor out), yet in the game itself Elena and Fedor tie 5th.

The starting season's play-off of the 2nd places (rule W7-6), entered with a tie and then as a
correction: the corrected places under the same key, ``playoff-2``. A survival battle of six
(rule W7-14) with two players tied 2nd: places 1, 2, 2, 4, 5, 6 (``survival-m1-g1``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from podium.core.commands import Caller
from podium.formats.seven_wonders import survival_rules
from podium.formats.seven_wonders.rules import league_places
from podium.service.catalog import Invocation
from podium.service.events import EventService
from podium.store.db import Database
from tests.formats.seven_wonders.year_builders import YEAR, copy_of, invoke, service_on

SLUG = "s"
GODS = ("Anna", "Boris", "Clara", "Dmitry", "Elena", "Fedor", "Galina")


@pytest.fixture
def events(tmp_path: Path):
    db = Database(str(tmp_path / "rated.db"))
    service = EventService(db)
    service.create_event(SLUG, "Season", "seven-wonders", {}, "org", seed=7)
    yield service
    db.dispose()


def run(events: EventService, name: str, **fields: Any) -> Any:
    typed = {key: "yes" if value is True else str(value) for key, value in fields.items()}
    return events.execute(Invocation(name, SLUG, typed), Caller.cli("org"))


def games(events: EventService, slug: str = SLUG) -> dict[str, dict[str, int]]:
    loaded = events.load(slug)
    names = {pid: p.name for pid, p in loaded.state.players.items()}
    return {g.key: {names[pid]: place for pid, place in g.places}
            for g in loaded.ruleset.rated_games(loaded.state)}


def test_ladder_games_with_ties_give_the_games_places(events) -> None:
    run(events, "seven-wonders.leagues", names="\n".join(GODS), assign=True)
    run(events, "seven-wonders.game", league="gods",
        order="Anna, Boris = Clara, Dmitry, Elena, Fedor, Galina")
    run(events, "seven-wonders.game", league="gods",
        order="Boris, Anna, Clara, Dmitry, Elena = Fedor")
    found = games(events)
    assert found == {
        "gods/1": {"Anna": 1, "Boris": 2, "Clara": 2, "Dmitry": 4, "Elena": 5, "Fedor": 6,
                   "Galina": 7},  # rule W7-3: a tie shares the best position
        "gods/2": {"Boris": 1, "Anna": 2, "Clara": 3, "Dmitry": 4, "Elena": 5, "Fedor": 5},
    }
    loaded = events.load(SLUG)
    ladder = loaded.state.extra["seven-wonders"].ladders["gods"]
    assert loaded.state.players[ladder.games[1].out].name == "Fedor"  # rule W7-26 (1)
    first, second = loaded.ruleset.rated_games(loaded.state)
    assert first.order < second.order and first.at is None


def test_a_corrected_playoff_game_keeps_its_key(one_season: Path, tmp_path: Path) -> None:
    """Rules W7-6, W7-3: the 2nd places' play-off, then its correction."""
    year = service_on(copy_of(one_season, tmp_path))
    state = year.load("y-s0").state
    seconds = sorted(state.players[pid].name for key in state.divisions
                     for pid, place in league_places(state, key).items() if place == 2)
    assert len(seconds) == 4  # four leagues of the starting season
    a, b, c, d = seconds
    before = set(games(year, "y-s0"))
    invoke(year, "playoff-game", {"place": 2, "order": [a, b, [c, d]]}, YEAR)
    assert games(year, "y-s0")["playoff-2"] == {a: 1, b: 2, c: 3, d: 3}
    invoke(year, "playoff-game", {"place": 2, "order": [d, c, b, a], "correction": True},
           YEAR)
    after = games(year, "y-s0")
    assert after["playoff-2"] == {d: 1, c: 2, b: 3, a: 4}
    assert set(after) == before | {"playoff-2"}  # one game, replaced
    assert not games(year, YEAR)  # the year (a series) has no games of its own


def test_a_survival_battle_with_a_tie(one_season: Path, tmp_path: Path) -> None:
    """Rules W7-14, W7-3: a survival match's game, a tie shared as the site shows it (W7-29
    breaks it for the qualifying places, not in the game), kept in the season's log."""
    year = service_on(copy_of(one_season, tmp_path))
    invoke(year, "survival-draw", {"newcomer": ["Ann", "Bob", "Cid", "Dan"],
                                   "premium": ["Dan"]}, YEAR)
    state = year.load("y-s0").state
    [first, *_] = survival_rules.book_of(state).matches
    p = [state.players[pid].name for pid in first]
    assert len(p) == 6
    invoke(year, "survival-game", {"match": 1, "order": [p[0], [p[1], p[2]], *p[3:]]}, YEAR)
    assert games(year, "y-s0")["survival-m1-g1"] == {
        p[0]: 1, p[1]: 2, p[2]: 2, p[3]: 4, p[4]: 5, p[5]: 6}
