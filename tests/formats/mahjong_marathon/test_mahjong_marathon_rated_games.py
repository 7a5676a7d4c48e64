"""The marathon's games as a rating across events counts them
(``MahjongMarathon.rated_games``, and the same as columns, ``rated_columns``), played through
the service's ``invoke`` as an organiser imports and decides them.

Worked example (setting ``guest_names``: NoName, rule MJ-3):

- g1 at 12:00Z: Anna 40, Boris 10, Clara 10, a guest -60: Anna 1st, Boris and Clara tied 2nd
  (equal GP share the best place they cover, rule MJ-4), the guest left out (not a person).
- g2 at 13:00Z: a guest 30, Anna 10, a guest 0, Boris -40: two players left, Anna 2nd and
  Boris 4th (the guests' seats still count for the places).
- g3 at 14:00Z: Anna and three guests: one player left, no game.
- g4 at 15:00Z, disqualified (rule MJ-5): no game.
- An MJ-6a penalty of 60 GP to Anna in g1: 40 - 60 = -20, so Boris and Clara (10) tie 1st,
  Anna 3rd: same key ``gg1``; reverted, Anna is 1st again.
- Boris disqualified from 12:30Z (rule MJ-6): g2 keeps Anna alone, no game; g1 stays.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from podium.core.commands import API, JSON, Caller
from podium.core.rated import columns_of
from podium.formats.mahjong_marathon.rated import rated_arrays
from podium.formats.mahjong_marathon.rules import book_of
from podium.service.catalog import Invocation

SLUG = "mj"
HEADER = "game_id,table,start,player1,gp1,player2,gp2,player3,gp3,player4,gp4\n"
GAMES = (
    "g1,RU-Marathon-1,2015-02-10T12:00:00Z,Anna,40,Boris,10,Clara,10,NoName,-60",
    "g2,RU-Marathon-2,2015-02-10T13:00:00Z,NoName,30,Anna,10,NoName,0,Boris,-40",
    "g3,RU-Marathon-1,2015-02-10T14:00:00Z,Anna,30,NoName,10,NoName,0,NoName,-40",
    "g4,RU-Marathon-1,2015-02-10T15:00:00Z,Anna,30,Boris,10,Clara,0,Dmitri,-40",
)


def run(service: Any, name: str, **fields: Any) -> Any:
    return service.execute(Invocation(f"mahjong-marathon.{name}", SLUG, fields, JSON, API),
                           Caller.cli("judge"))


def games(service: Any) -> dict[str, dict[str, int]]:
    loaded = service.load(SLUG)
    names = {pid: p.name for pid, p in loaded.state.players.items()}
    return {g.key: {names[pid]: place for pid, place in g.places}
            for g in loaded.ruleset.rated_games(loaded.state)}


def test_places_by_gp_ties_guests_left_out_and_a_penalty(service) -> None:
    run(service, "import-games", file={"name": "g.csv", "text": HEADER + "\n".join(GAMES)})
    run(service, "disqualify-game", game="g4", ground="server", reason="server failure")
    expected = {"gg1": {"Anna": 1, "Boris": 2, "Clara": 2},  # rule MJ-4: a tie shares 2nd
                "gg2": {"Anna": 2, "Boris": 4}}  # rule MJ-3: the guests are nobody
    assert games(service) == expected  # g3: one player left; g4: disqualified (MJ-5)
    loaded = service.load(SLUG)
    rated = list(loaded.ruleset.rated_games(loaded.state))
    assert [g.at for g in rated] == [datetime(2015, 2, 10, 12, tzinfo=UTC),
                                     datetime(2015, 2, 10, 13, tzinfo=UTC)]
    assert rated[0].order < rated[1].order
    arrays = rated_arrays(loaded.state, book_of(loaded.state))  # the same, as the book's
    assert len(arrays) == 2 and arrays.places.tolist()[0] == [1, 2, 2, 0]
    # the columns a rating reads: the same games, each game's persons first (g2: the guests
    # sat first and third, Anna and Boris are its two seats)
    columns, slow = loaded.ruleset.rated_columns(loaded.state), columns_of(rated)
    assert columns.sizes.tolist() == slow.sizes.tolist()
    assert columns.at.tolist() == slow.at.tolist()
    for name in ("players", "places"):
        def seats(cols: Any, name: str = name) -> list[list[int]]:
            rows = getattr(cols, name).tolist()
            return [row[:n] for row, n in zip(rows, cols.sizes.tolist(), strict=True)]
        assert seats(columns) == seats(slow), name
    assert [columns.key(i) for i in range(2)] == ["gg1", "gg2"]
    assert columns.sizes.tolist() == [3, 2] and columns.places.tolist()[1][:2] == [2, 4]

    penalty = run(service, "penalty", player="Anna", kind="6a", amount=60, game="g1",
                  reason="400 auto-moves")  # rule MJ-6a: the GP of that game lowered
    assert games(service)["gg1"] == {"Anna": 3, "Boris": 1, "Clara": 1}
    run(service, "revert", seq=penalty.outcome.actions[-1].seq, reason="appeal upheld")
    assert games(service) == expected
    # rule MJ-6: Boris disqualified from 12:30Z: his seat in g2 is left out, one player left
    run(service, "disqualify-player", player="Boris", **{"from": "2015-02-10T12:30:00Z"},
        reason="cheating")
    assert games(service) == {"gg1": expected["gg1"]}
