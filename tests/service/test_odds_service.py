"""The service side of the chances: the ``rating`` model's strengths from the event's own
results when no player is linked to a person, and one projection per event version."""

from __future__ import annotations

from pathlib import Path

from podium.compose import build_catalog
from podium.core.commands import TEXT as TEXT_SURFACE
from podium.core.commands import Caller
from podium.service.catalog import Invocation
from podium.service.events import EventService
from podium.service.odds import results_strengths
from podium.store.db import Database

SETTINGS = {"rounds": "2", "fewer_rounds": "yes", "tiebreakers": "elimination_sum,random"}


def _event(tmp_path: Path) -> EventService:
    service = EventService(Database(str(tmp_path / "odds.db")), catalog=build_catalog())
    service.create_event("cup", "Cup", "commander", SETTINGS, "org", seed=11)
    service.add_players("cup", [f"P{i}" for i in range(1, 9)], "org")
    service.pair_round("cup", "org")
    for table in service.load("cup").state.current_round.tables:
        seats = table.seats
        service.enter_result("cup", table.number,
                             lambda _s, seats=seats: {"winner": seats[0],
                                                      "eliminated": list(seats[1:])}, "org")
    service.pair_round("cup", "org")
    return service


def _read(service: EventService, name: str, **fields: str):  # type: ignore[no-untyped-def]
    return service.read(Invocation(name, "cup", fields, TEXT_SURFACE, "cli"),
                        Caller.cli("org")).value


def test_rating_model_without_linked_persons_reads_the_events_results(tmp_path: Path) -> None:
    service = _event(tmp_path)
    loaded = service.load("cup")
    strengths = results_strengths(loaded.state, loaded.ruleset)
    assert strengths.source == "results"
    winners = [t.seats[0] for t in loaded.state.round(1).tables]
    losers = [p for p in loaded.state.players if p not in winners]
    # a win (3 points) in one game, two games at the event's average (3/4) first: 9/2 / 3
    assert all(strengths.values[w] == 1.5 for w in winners)
    assert all(strengths.values[p] == 0.5 for p in losers)
    odds = _read(service, "odds", model="rating")
    assert odds.model == "rating" and odds.source == "results"
    service.db.dispose()


def test_one_projection_per_event_version(tmp_path: Path) -> None:
    service = _event(tmp_path)
    first = _read(service, "odds")
    again = _read(service, "odds")
    assert first == again and first.exact
    table = service.load("cup").state.current_round.tables[0]
    seats = table.seats
    service.enter_result("cup", table.number,
                         lambda _s: {"winner": seats[0], "eliminated": list(seats[1:])}, "org")
    after = _read(service, "odds")
    assert after != first  # a new version, a new projection: one pod left
    service.db.dispose()


def test_rating_model_reads_the_ratings_across_events_of_linked_persons(tmp_path: Path
                                                                        ) -> None:
    from tests.formats.people.helpers import register

    service = EventService(Database(str(tmp_path / "rated.db")), catalog=build_catalog())
    names = ["Anna", "Boris", "Vera", "Gleb"]
    one_pod = {"rounds": "1", "fewer_rounds": "yes", "final_size": "0"}
    service.create_event("past", "Past", "commander", one_pod, "org", seed=3)
    service.add_players("past", names, "org")
    _state, rnd = service.pair_round("past", "org")
    ids = {service.load("past").state.players[p].name: p for p in rnd.tables[0].seats}
    service.enter_result("past", 1, {"winner": ids["Anna"],
                                     "eliminated": [ids["Gleb"], ids["Vera"], ids["Boris"]]},
                         "org")
    service.create_event("now", "Now", "commander", one_pod, "org", seed=4)
    service.add_players("now", names, "org")
    service.pair_round("now", "org")
    register(service, names, [(e, n, n) for e in ("past", "now") for n in names])
    seen = service.read(Invocation("odds", "now", {"model": "rating"}, TEXT_SURFACE, "cli"),
                        Caller.cli("org")).value
    assert seen.source == "ratings" and seen.exact  # one pod left: every order counted
    first = {row.player.name: row.chances[0].value for row in seen.items}
    assert first["Anna"] > 0.25 > first["Gleb"]  # the past winner and the first out
    assert abs(sum(first.values()) - 1) < 1e-6
    service.db.dispose()
