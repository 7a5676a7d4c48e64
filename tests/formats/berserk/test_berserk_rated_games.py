"""Berserk's games as a rating across events counts them (``Berserk.rated_games``), played
through the service's ``invoke`` as an organiser types them.

Worked example: 5 players, seed 4, one draft table (rule BRK-6), 1 Swiss round, a TOP of 4.
Round 1 has duels 1 and 2 and one bye (an odd table).

- Duel 1 ``1``: seat 1 won: places 1 and 2; corrected to ``2``: seat 2 first, same key.
- Duel 2 ``=``: a draw, both first (tied).
- TOP match 1 a draw (rule BRK-5 sends the better seed on, yet the game is a tie), match 2
  won by its second player: keys ``top-r1-m1``, ``top-r1-m2``, after the Swiss duels.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from podium.core.commands import Caller
from podium.core.top_replay import top_of
from podium.service.catalog import Invocation
from podium.service.events import EventService
from podium.store.db import Database

SLUG = "brk"


@pytest.fixture
def events(tmp_path: Path):
    db = Database(str(tmp_path / "rated.db"))
    service = EventService(db)
    service.create_event(SLUG, "Cup", "berserk", {"rounds": 1, "top_size": 4}, "org", seed=4)
    yield service
    db.dispose()


def run(events: EventService, name: str, **fields: Any) -> Any:
    typed = {key: "yes" if value is True else str(value) for key, value in fields.items()}
    return events.execute(Invocation(name, SLUG, typed), Caller.cli("org"))


def games(events: EventService) -> dict[str, Any]:
    loaded = events.load(SLUG)
    return {game.key: dict(game.places) for game in loaded.ruleset.rated_games(loaded.state)}


def test_duels_a_draw_a_correction_and_the_top(events) -> None:
    run(events, "player.add", names="\n".join(f"P{i}" for i in range(1, 6)))
    run(events, "berserk.split", tables=1)
    run(events, "round.pair")
    rnd = events.load(SLUG).state.rounds[0]
    [bye] = [b.player for b in rnd.byes]
    (a, b), (c, d) = rnd.table(1).seats, rnd.table(2).seats
    run(events, "berserk.result", table=1, result="1")
    run(events, "berserk.result", table=2, result="=")
    assert games(events) == {"r1-t1": {a: 1, b: 2}, "r1-t2": {c: 1, d: 1}}  # a draw tied
    run(events, "berserk.result", table=1, result="2", correct=True, reason="wrong slip")
    found = games(events)
    assert found == {"r1-t1": {a: 2, b: 1}, "r1-t2": {c: 1, d: 1}}  # corrected, same key
    assert all(bye not in places for places in found.values())  # a bye is no game

    run(events, "top.build")
    bracket = top_of(events.load(SLUG).state)
    assert bracket is not None
    m1, m2 = bracket.match(1).players, bracket.match(2).players
    run(events, "top.result", match=1, result="=")  # rule BRK-5
    run(events, "top.result", match=2, result="2")
    loaded = events.load(SLUG)
    rated = list(loaded.ruleset.rated_games(loaded.state))
    assert [g.key for g in rated] == ["r1-t1", "r1-t2", "top-r1-m1", "top-r1-m2"]
    assert [g.order for g in rated] == sorted(g.order for g in rated)  # the TOP after Swiss
    assert dict(rated[2].places) == {m1[0]: 1, m1[1]: 1}
    assert dict(rated[3].places) == {m2[1]: 1, m2[0]: 2}
    run(events, "top.result", match=2, result="1", correct=True, reason="wrong slip")
    assert games(events)["top-r1-m2"] == {m2[0]: 1, m2[1]: 2}


def test_a_team_sealed_event_rates_no_game(tmp_path: Path) -> None:
    """Rule BRK-9: a Team Sealed "player" is a team, not a person."""
    db = Database(str(tmp_path / "teams.db"))
    events = EventService(db)
    events.create_event(SLUG, "Teams", "berserk", {"team_scoring": "match", "rounds": 1},
                        "org", seed=4)
    run(events, "player.add", names="\n".join(f"T{i}" for i in range(1, 5)))
    run(events, "berserk.split", tables=1)
    run(events, "round.pair")
    run(events, "berserk.result", table=1, result="1 D")
    loaded = events.load(SLUG)
    assert loaded.state.rounds[0].results  # the match is scored...
    assert list(loaded.ruleset.rated_games(loaded.state)) == []  # ...and not rated
    db.dispose()
