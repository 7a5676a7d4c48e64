"""The 7 Wonders year takes its sign-ups on its own page (rules W7-4, W7-5, W7-29): the
starting season reads the sign-up list when neither rows nor a file are given, in sign-up order
with the site rating and the premium account, and the survival battles' newcomers default to
the sign-ups not yet playing. Nothing is typed twice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from podium.core.commands import Caller
from podium.core.series import book_of as series_book
from podium.formats.seven_wonders import codes
from podium.service.catalog import Invocation
from podium.service.events import EventService
from podium.store.db import Database
from tests.formats.seven_wonders.test_seven_wonders_year_commands import NEWCOMERS
from tests.formats.seven_wonders.year_builders import (
    YEAR,
    ManualClock,
    copy_of,
    invoke,
    league_players,
    refused,
    service_on,
)

ANYONE = Caller(actor="anonymous", address="10.0.0.9")


def sign_up(service: EventService, slug: str, name: str, rating: int, premium: bool) -> Any:
    fields = f"rating={rating},premium={'yes' if premium else 'no'},nickname={name.lower()}"
    return service.execute(Invocation("signup.enter", slug, {"name": name, "fields": fields}),
                           ANYONE).answer


def open_signup(service: EventService, slug: str) -> None:
    service.execute(Invocation("signup.open", slug, {"fields": "rating, premium, nickname"}),
                    Caller.cli("org"))


def ratings(n: int) -> list[tuple[str, int, bool]]:
    """``n`` sign-ups in order: every fifth a premium account, ratings not in sign-up order."""
    return [(f"Player {i:02d}", 1000 + (i * 37) % 500, i % 5 == 0) for i in range(1, n + 1)]


def test_w7_4_thirty_signups_the_first_28_play_the_rest_to_qualification(tmp_path: Path) -> None:
    # rule W7-4: with 29-34 sign-ups the first 28 play the starting season, the rest go to
    # qualification; rule W7-5: the draft orders by premium account, then the site rating,
    # from the sign-ups' own answers, never typed again
    typed = EventService(Database(str(tmp_path / "typed.db")), clock=ManualClock())
    paged = EventService(Database(str(tmp_path / "paged.db")), clock=ManualClock())
    for service in (typed, paged):
        service.create_event(YEAR, "Year", "series", {}, "org", seed=7)
    open_signup(paged, YEAR)
    rows = ratings(30)
    for name, rating, premium in rows:
        assert sign_up(paged, YEAR, name, rating, premium).status == "in"
    done = invoke(paged, "start-year", {"season": "y-s0"})
    assert done.answer.qualification == ["Player 29", "Player 30"]
    playing = league_players(paged, "y-s0")
    assert playing == {f"Player {i:02d}" for i in range(1, 29)}
    # the same leagues as the organiser typing the same rows (the draft of rule W7-5)
    again = invoke(typed, "start-year", {"season": "y-s0", "entries": [
        {"name": n, "rating": r, "premium": p} for n, r, p in rows]})
    assert [(lg.key, lg.players) for lg in done.answer.leagues] == [
        (lg.key, lg.players) for lg in again.answer.leagues]
    basis = series_book(paged.load(YEAR).state).members[0].basis
    assert basis["signups"][0] == {"name": "Player 01", "rating": 1037, "premium": False}
    assert basis["signups"][4]["premium"] is True


def test_w7_4_without_signups_nor_rows_the_start_is_refused(tmp_path: Path) -> None:
    service = EventService(Database(str(tmp_path / "y.db")), clock=ManualClock())
    service.create_event(YEAR, "Year", "series", {}, "org", seed=7)
    error = refused(service, "start-year", {"season": "y-s0"})
    assert error.code == codes.YEAR_SIGNUPS_NONE


def test_w7_29_survival_newcomers_default_to_signups_not_yet_playing(one_season: Path,
                                                                      tmp_path: Path) -> None:
    # rule W7-29: the applicants wishing to join are the year's sign-ups not yet playing, in
    # sign-up order; their ratings and premium accounts come with them (rule W7-14)
    paged = service_on(copy_of(one_season, tmp_path, "paged.db"))
    typed = service_on(copy_of(one_season, tmp_path, "typed.db"))
    open_signup(paged, YEAR)
    already = sorted(league_players(paged, "y-s0"))[0]  # a player of the season signs up too
    sign_up(paged, YEAR, already, 1500, False)
    answers = {"Ann": (2000, False), "Bob": (1200, False), "Cid": (1300, False),
               "Dan": (1700, True)}
    for name in NEWCOMERS:
        sign_up(paged, YEAR, name, *answers[name])
    done = invoke(paged, "survival-draw", {})
    expected = invoke(typed, "survival-draw", {"newcomer": NEWCOMERS, "premium": ["Dan"],
                                               "rating": {"Ann": 2000, "Bob": 1200,
                                                          "Cid": 1300, "Dan": 1700}})
    assert [m.players for m in done.answer.matches] == [
        m.players for m in expected.answer.matches]
    entrants = {p for m in done.answer.matches for p in m.players}
    assert set(NEWCOMERS) <= entrants
