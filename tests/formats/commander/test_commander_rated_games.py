"""Commander's games as a rating across events counts them (``Commander.rated_games``),
played through the service's ``invoke`` as an organiser types them.

Worked example: 9 players, seed 3, 1 Swiss round (the organiser's override of rule CMD-11)
and a final pod of 4 (rule CMD-10). Round 1 has pods 1 and 2 of four and one bye (rule CMD-8).

- Pod 1, finish ``2(43)1``: seat 2 won; seats 4 and 3 went out at the same moment, after
  seat 1 (rule CMD-4a's shared elimination): places 1, 2 and 2 (tied), 4.
- Pod 2, a draw ``=24 31``: seats 2 and 4 survived, seat 3 went out last, seat 1 first: the
  survivors share first place (rule CMD-13: each draws), then 3 and 4.
- Pod 1 corrected to ``1234``: places 1, 2, 3, 4 by seat, same key ``r1-t1``.
- The final pod (round 2) ``4321``: after round 1's games, key ``r2-t1``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from podium.core.commands import Caller
from podium.service.catalog import Invocation
from podium.service.events import EventService
from podium.store.db import Database

SLUG = "cup"


@pytest.fixture
def events(tmp_path: Path):
    db = Database(str(tmp_path / "rated.db"))
    service = EventService(db)
    service.create_event(SLUG, "Cup", "commander",
                         {"rounds": 1, "fewer_rounds": True, "final_size": 4}, "org", seed=3)
    yield service
    db.dispose()


def run(events: EventService, name: str, **fields: Any) -> Any:
    """The command as typed (text, as the command line and the forms give it)."""
    typed = {key: "yes" if value is True else str(value) for key, value in fields.items()}
    return events.execute(Invocation(name, SLUG, typed), Caller.cli("org"))


def games(events: EventService) -> dict[str, Any]:
    loaded = events.load(SLUG)
    return {game.key: game for game in loaded.ruleset.rated_games(loaded.state)}


def by_seat(events: EventService, table: int, places: list[int]) -> dict[int, int]:
    """Places given seat by seat (the table's turn order) as players' places."""
    seats = events.load(SLUG).state.rounds[0].table(table).seats
    return dict(zip(seats, places, strict=True))


def test_pods_give_their_finishing_order_shared_places_and_a_draw(events) -> None:
    run(events, "player.add", names="\n".join(f"P{i}" for i in range(1, 10)))
    run(events, "round.pair")
    state = events.load(SLUG).state
    [bye] = [b.player for b in state.rounds[0].byes]  # rule CMD-8: 9 players, 2 pods of 4
    run(events, "commander.result", table=1, finish="2(43)1")  # rule CMD-4a
    run(events, "commander.result", table=2, finish="=24 31")  # rules CMD-13, CMD-4b
    found = games(events)
    assert list(found) == ["r1-t1", "r1-t2"]  # rules CMD-8, CMD-9: a bye is no game
    assert all(bye not in dict(g.places) for g in found.values())
    assert dict(found["r1-t1"].places) == by_seat(events, 1, [4, 1, 2, 2])
    # rule CMD-13: the survivors draw, tied first; CMD-4b's turn order is for CMD-3a only
    assert dict(found["r1-t2"].places) == by_seat(events, 2, [4, 1, 3, 1])
    assert found["r1-t1"].order < found["r1-t2"].order and found["r1-t1"].at is None

    run(events, "commander.result", table=1, finish="1234", correct=True,
        reason="slip misread")
    corrected = games(events)
    assert list(corrected) == ["r1-t1", "r1-t2"]  # the same game, its key kept
    assert dict(corrected["r1-t1"].places) == by_seat(events, 1, [1, 2, 3, 4])

    run(events, "round.pair")  # rule CMD-10: the final pod of the top 4
    final = events.load(SLUG).state.rounds[1].table(1).seats
    run(events, "commander.result", table=1, finish="4321")
    found = games(events)
    assert list(found) == ["r1-t1", "r1-t2", "r2-t1"]
    assert found["r2-t1"].order > found["r1-t2"].order
    assert dict(found["r2-t1"].places) == dict(zip(final, [4, 3, 2, 1], strict=True))
