"""Ratings across events through podium's path (the register's links, each format's rated
games, the service's ordering and weights) against openskill's own ``rate`` worked by hand."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from podium.core.rated import RatedGame
from podium.service.events import EventService
from podium.service.ratings import RatedEvent, played_games
from podium.store.db import Database
from tests.formats.people.helpers import ACTOR, read, register

NAMES = ("Anna", "Boris", "Vera", "Gleb")
ONE_POD = {"rounds": 1, "fewer_rounds": True, "final_size": 0}


@pytest.fixture
def service(tmp_path: Path) -> EventService:
    return EventService(Database(str(tmp_path / "r.db")))


def one_pod(service: EventService, slug: str, entry: Any, weight: int = 1,
            day: str | None = None, seed: int = 3) -> list[str]:
    """A Commander event of one pod of the four names; ``entry(seats)`` its result by the
    seats' names in turn order. The seats in turn order."""
    service.create_event(slug, slug, "commander", {**ONE_POD, "rating_weight": weight}, ACTOR,
                         seed)
    if day:
        service.invoke("event.details", slug, {"date": day}, ACTOR)
    service.add_players(slug, list(NAMES), ACTOR)
    _state, rnd = service.pair_round(slug, ACTOR)
    state = service.load(slug).state
    seats = [state.players[p].name for p in rnd.tables[0].seats]
    ids = {state.players[p].name: p for p in rnd.tables[0].seats}
    service.enter_result(slug, 1, entry(ids, seats), ACTOR)
    return seats


def draw_shared(ids: dict[str, int], seats: list[str]) -> dict[str, Any]:
    """Anna and Boris survive a draw; Vera and Gleb were eliminated at the same moment."""
    return {"draw": True, "survivors": [ids["Anna"], ids["Boris"]],
            "eliminated": [[ids["Vera"], ids["Gleb"]]]}


def link_all(service: EventService, *events: str) -> dict[str, int]:
    return register(service, NAMES, [(e, n, n) for e in events for n in NAMES])


def table(service: EventService, system: str = "commander", **more: str) -> dict[str, Any]:
    seen = read(service, "people.ratings", system=system, **more)
    return {row["player"]: row for row in seen.value.rows}


def test_a_pod_with_a_draw_and_a_shared_elimination_rates_as_openskill(service: EventService
                                                                        ) -> None:
    # rules CMD-13 (the draw's survivors tie first) and CMD-4a (players out at one moment
    # share the best place they cover): the places are 1, 1, 3, 3
    one_pod(service, "night", draw_shared)
    link_all(service, "night")
    model = PlackettLuce()
    teams = [[model.rating()] for _ in NAMES]
    expected = model.rate(teams, ranks=[1, 1, 3, 3])
    found = read(service, "people.ratings", system="commander").value
    rows = {row["player"]: row for row in found.rows}
    ratings = _ratings(service)
    for name, (after,) in zip(NAMES, expected, strict=True):
        person = rows[name]["person_id"]
        assert ratings.ratings.of(person).mu == pytest.approx(after.mu, abs=1e-12)
        assert ratings.ratings.of(person).sigma == pytest.approx(after.sigma, abs=1e-12)
        assert rows[name]["games"] == 1
    # the tied pairs stay tied; the survivors ahead
    assert rows["Anna"]["rating"] == rows["Boris"]["rating"] > rows["Vera"]["rating"] \
        == rows["Gleb"]["rating"]
    assert [r["player"] for r in found.rows][:2] == ["Anna", "Boris"]


def _ratings(service: EventService) -> Any:
    from podium.formats.people.rules import REGISTRY, rating_params
    from podium.service.ratings import ratings_of

    register_event = service.load(REGISTRY)
    return ratings_of(service, register_event, rating_params(register_event.state.settings),
                      "commander")


def test_a_weighted_event_moves_ratings_by_its_weight(tmp_path: Path) -> None:
    # the tournament coefficient (rating_weight), the engine's rule: mu moves by weight x an
    # ordinary event's change; sigma shrinks by that event's ratio to the power of the weight
    changes, sigmas = {}, {}
    for weight in (1, 2):
        service = EventService(Database(str(tmp_path / f"w{weight}.db")))
        one_pod(service, "night", draw_shared, weight=weight)
        link_all(service, "night")
        ratings = _ratings(service).ratings
        persons = register(service)
        changes[weight] = {n: ratings.of(i).mu - 25.0 for n, i in persons.items()}
        sigmas[weight] = {n: ratings.of(i).sigma for n, i in persons.items()}
    first = 25.0 / 3.0
    for name in NAMES:
        assert changes[1][name] != 0
        assert changes[2][name] == pytest.approx(2 * changes[1][name], abs=1e-12)
        assert sigmas[2][name] == pytest.approx(first * (sigmas[1][name] / first) ** 2,
                                                abs=1e-12)


def test_a_correction_rates_as_if_entered_right_first(tmp_path: Path) -> None:
    def win(ids: dict[str, int], seats: list[str]) -> dict[str, Any]:
        return {"winner": ids["Gleb"], "eliminated": [ids["Anna"], ids["Boris"], ids["Vera"]]}

    def wrong(ids: dict[str, int], seats: list[str]) -> dict[str, Any]:
        return {"winner": ids["Anna"], "eliminated": [ids["Gleb"], ids["Boris"], ids["Vera"]]}

    corrected = EventService(Database(str(tmp_path / "corrected.db")))
    one_pod(corrected, "first", wrong, day="2026-01-10")
    one_pod(corrected, "second", draw_shared, day="2026-02-10")
    link_all(corrected, "first", "second")
    before = table(corrected)
    state = corrected.load("first").state
    ids = {p.name: p.id for p in state.players.values()}
    corrected.enter_result("first", 1, win(ids, []), ACTOR, round_number=1, correct=True,
                           reason="the slip was misread")
    fresh = EventService(Database(str(tmp_path / "fresh.db")))
    one_pod(fresh, "first", win, day="2026-01-10")
    one_pod(fresh, "second", draw_shared, day="2026-02-10")
    link_all(fresh, "first", "second")
    after, right = table(corrected), table(fresh)
    assert after != before  # the cache saw the correction
    for name in NAMES:
        assert after[name]["rating"] == right[name]["rating"]
        assert after[name]["mu"] == right[name]["mu"]
    assert after["Gleb"]["rating"] > before["Gleb"]["rating"]


def test_games_are_ordered_as_played_across_events() -> None:
    # the game's own time, else its event's date, else its creation; then the event, the order
    from datetime import UTC, datetime

    from podium.formats.people.book import PeopleBook

    early = RatedEvent("b", "B", "commander", Fraction(1), datetime(2026, 1, 1, tzinfo=UTC))
    late = RatedEvent("a", "A", "commander", Fraction(2), datetime(2026, 2, 1, tzinfo=UTC))
    timed = RatedGame("g1", (0, 1), datetime(2025, 12, 1, tzinfo=UTC), ((1, 1), (2, 2)))
    games = [(late, [RatedGame("r1-t1", (0, 1, 1), None, ((1, 1), (2, 2)))]),
             (early, [RatedGame("r2-t1", (0, 2, 1), None, ((1, 2), (2, 1))),
                      RatedGame("r1-t1", (0, 1, 1), None, ((1, 1), (2, 2))), timed])]
    book = PeopleBook()
    book.links[("a", 1)] = 7
    book.links[("b", 1)] = 7
    played = played_games(games, book)
    assert [(g.event, g.key) for g, _w in played] == [
        ("b", "g1"), ("b", "r1-t1"), ("b", "r2-t1"), ("a", "r1-t1")]
    assert [w for _g, w in played] == [1, 1, 1, 2]
    # player 2 is linked to nobody: a person of their own per event, never a register id
    assert played[0][0].persons[0] == 7 and played[0][0].persons[1] < 0
    assert played[3][0].persons[1] < 0 and played[3][0].persons[1] != played[0][0].persons[1]


def test_an_unlinked_player_counts_for_the_others_but_is_never_shown(service: EventService
                                                                     ) -> None:
    one_pod(service, "night", draw_shared)
    register(service, NAMES, [("night", n, n) for n in NAMES if n != "Gleb"])
    rows = table(service)
    assert set(rows) == {"Anna", "Boris", "Vera"}
    # the ratings are those of the full pod: Gleb counted as a person of his own
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in NAMES], ranks=[1, 1, 3, 3])
    assert float(rows["Vera"]["mu"]) == pytest.approx(expected[2][0].mu, abs=1e-6)


def test_since_shows_the_change_and_club_filters(service: EventService) -> None:
    one_pod(service, "first", draw_shared, day="2026-01-10")
    one_pod(service, "second", draw_shared, day="2026-02-10")
    link_all(service, "first", "second")
    rows = table(service, since="2026-02-01")
    ratings = _ratings(service).ratings
    for row in rows.values():
        person = row["person_id"]
        was = ratings.of(person, before=1).ordinal
        assert float(row["change"]) == pytest.approx(ratings.of(person).ordinal - was,
                                                     abs=1e-6)
    assert table(service, club="nobody's") == {}


def test_a_hidden_person_is_shown_under_initials(service: EventService) -> None:
    one_pod(service, "night", draw_shared)
    register(service, ("Anna Petrova", "Boris", "Vera", "Gleb"),
             [("night", "Anna", "Anna Petrova"), *[("night", n, n) for n in NAMES[1:]]],
             hidden=("Anna Petrova",))
    rows = table(service)
    assert "А. П." not in rows and "A. P." in rows and "Anna Petrova" not in rows
    page = read(service, "people.person", person=str(rows["A. P."]["person_id"])).value
    assert page.person.name == "A. P."
    boris = read(service, "people.person", person="Boris").value
    assert "Anna Petrova" not in repr(boris)
    assert {o.person.name for g in boris.games for o in g.opponents if o.person} >= {"A. P."}
    # found by number only: a name would confirm whose initials they are
    from podium.core.errors import NotFound

    with pytest.raises(NotFound):
        read(service, "people.person", person="Anna Petrova")


def test_versus_counts_who_finished_ahead(service: EventService) -> None:
    one_pod(service, "first", draw_shared, day="2026-01-10")
    link_all(service, "first")
    value = read(service, "people.versus", person="Anna", other="Vera").value
    assert (value.ahead, value.behind, value.even) == (1, 0, 0)
    value = read(service, "people.versus", person="Anna", other="Boris").value
    assert (value.ahead, value.behind, value.even) == (0, 0, 1)


def test_a_series_counts_its_members_only_and_a_club_its_persons(service: EventService
                                                                 ) -> None:
    one_pod(service, "first", draw_shared, day="2026-01-10")
    one_pod(service, "second", draw_shared, day="2026-02-10")
    link_all(service, "first", "second")
    service.create_event("circuit", "Circuit", "series", {}, ACTOR)
    service.invoke("series.add", "circuit", {"event": "first"}, ACTOR)
    only_first = table(service, series="circuit")
    both = table(service)
    assert {row["games"] for row in only_first.values()} == {1}
    assert {row["games"] for row in both.values()} == {2}
    # one event's ratings: openskill's rate of the one pod
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in NAMES], ranks=[1, 1, 3, 3])
    assert float(only_first["Anna"]["mu"]) == pytest.approx(expected[0][0].mu, abs=1e-6)
    register(service, clubs={"Anna": "North", "Gleb": "North"})
    assert set(table(service, club="north")) == {"Anna", "Gleb"}
