"""The chances through the declared views (`odds`, `need`) for every format that makes them,
on events played part-way by the formats' own sample play: the goals each regulation rewards,
one row per player, and needs that cover only the player's own goals (a 7 Wonders league has
no promotion above the Gods, W7-9)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from podium.compose import build_catalog
from podium.core.commands import TEXT, Caller
from podium.core.errors import PodiumError
from podium.service.catalog import Invocation
from podium.service.events import EventService
from podium.service.simulate import play, setup
from podium.store.db import Database

CASES = {
    # format: (players, rounds played (an open-play format: batches of sample games),
    # settings, the goals' keys)
    "berserk": (8, 1, {"rounds": "2"}, ["top", "first"]),  # rule BRK-3
    "seven-wonders": (28, 2, {}, ["league", "titans", "promotion", "fortune", "will",
                                  "relegation", "survival"]),  # rules W7-2, W7-8..W7-12
    "mahjong-marathon": (12, 2, {}, ["stage_first", "stage_top3", "total_first",
                                     "total_top3"]),  # rules MJ-7e, MJ-10
}


def _event(tmp_path: Path, name: str) -> EventService:
    players, rounds, settings, _goals = CASES[name]
    service = EventService(Database(str(tmp_path / "odds.db")), catalog=build_catalog())
    service.create_event("ev", "Ev", name, settings, "org", seed=3)
    service.add_players("ev", [f"P{i:02d}" for i in range(1, players + 1)], "org")
    rng = random.Random(3)
    setup(service, "ev", "org", rng)
    play(service, "ev", "org", rng, rounds=rounds, batches=rounds)
    return service


def _read(service: EventService, view: str, **fields: str):  # type: ignore[no-untyped-def]
    return service.read(Invocation(view, "ev", {"trials": "300", **fields}, TEXT, "cli"),
                        Caller.cli("org")).value


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_format_s_chances_through_the_views(tmp_path: Path, name: str) -> None:
    service = _event(tmp_path, name)
    odds = _read(service, "odds")
    assert [g.key for g in odds.goals] == CASES[name][3]
    state = service.load("ev").state
    assert sorted(row.player.name for row in odds.items) == sorted(
        p.name for p in state.players.values())
    for row in odds.items:
        assert [c.goal for c in row.chances] == CASES[name][3]
        for chance in row.chances:
            assert 0 <= chance.value <= 1
            assert chance.text == "—" or chance.text.endswith("%") or "±" in chance.text
    need = _read(service, "need", player="P01")
    theirs = [c.goal for c in next(r for r in odds.items if r.player.name == "P01").chances
              if c.text != "—"]
    assert [n.goal.key for n in need.needs] == theirs
    for goal_need in need.needs:
        assert goal_need.sentence  # the readable answer
    service.db.dispose()


def test_a_seven_wonders_league_shows_a_dash_for_a_goal_it_does_not_have(
        tmp_path: Path) -> None:
    service = _event(tmp_path, "seven-wonders")
    odds = _read(service, "odds")
    dashes = {c.goal for row in odds.items for c in row.chances if c.text == "—"}
    assert "promotion" in dashes or "survival" in dashes  # one league lacks each
    for row in odds.items:
        for chance in row.chances:
            if chance.text == "—":
                assert not chance.certain and not chance.impossible and chance.trials == 0
    service.db.dispose()


def test_a_format_without_projections_is_refused(tmp_path: Path) -> None:
    service = EventService(Database(str(tmp_path / "odds.db")), catalog=build_catalog())
    service.create_event("ev", "Ev", "series", {}, "org", seed=5)
    with pytest.raises(PodiumError) as refused:
        _read(service, "odds")
    assert refused.value.code == "format.other"
    service.db.dispose()
