"""What the year decides and what it leaves to a game or to the organiser (issue 33), worked by
hand from the regulation: the sign-ups' ratings and premium accounts carried (rules W7-4, W7-5,
W7-13, W7-14), the starting season's play-offs played, not decided in advance (W7-6, W7-30),
the organiser's die (W7-26 (4), W7-30 (3)), a play-off game entered twice, a kicker in the
play-offs (W7-20) and tied totals in the year table (W7-1)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from podium.compose import build_catalog
from podium.core.errors import InvalidInput
from podium.core.series import book_of as series_book
from podium.formats.seven_wonders import codes, playoff_rules, survival_rules
from podium.formats.seven_wonders.season import book_of as season_book
from podium.formats.seven_wonders.settings import AS_FULL
from podium.formats.seven_wonders.year import Dice, die_order, next_leagues, shared_places
from podium.formats.seven_wonders.year_declared import formed_show
from podium.formats.seven_wonders.year_demo import play_season, signups_csv
from podium.service.events import EventService
from podium.store.db import Database
from tests.formats.seven_wonders.test_seven_wonders_year import explained, league, starting
from tests.formats.seven_wonders.test_seven_wonders_year_views import (  # noqa: F401
    golden_db,
    read,
)
from tests.formats.seven_wonders.year_builders import (
    YEAR,
    copy_of,
    everything,
    invoke,
    refused,
    service_on,
)


# -- rules W7-4, W7-5, W7-13, W7-14: the sign-ups' facts carried ----------------------------------
@pytest.fixture(scope="module")
def signed_year(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """30 sign-ups N01..N30 rated 1500 + n; only N29 has a premium account. The first 28 play
    the starting season (played out), N29 and N30 go to qualification (rule W7-4)."""
    path = tmp_path_factory.mktemp("signed") / "year.db"
    service = service_on(path)
    service.create_event("y", "Year", "series", {}, "org", 1)
    csv = signups_csv([(f"N{i:02d}", 1500 + i, i == 29) for i in range(1, 31)])
    invoke(service, "start-year", {"season": "s0", "signups": {"name": "s.csv", "text": csv}},
           slug="y")
    play_season(service, "s0", random.Random(7))
    service.db.dispose()
    return path


def test_w7_14_the_survival_draw_takes_the_sign_ups_ratings_and_premium(
        signed_year: Path, tmp_path: Path) -> None:
    # rules W7-4, W7-5, W7-14: N29 and N30 come from qualification; nobody types their rating
    # or account again: the draw stores N29 premium, rated 1529, N30 basic, rated 1530, and
    # every defender with their own sign-up's rating (N01 .. N28: 1500 + n), not 0
    service = service_on(copy_of(signed_year, tmp_path))
    invoke(service, "survival-draw", {"newcomer": ["N29", "N30"]}, slug="y")
    entrants = {e.name: e for e in survival_rules.book_of(service.load("s0").state)
                .entrants.values()}
    assert (entrants["N29"].premium, entrants["N29"].rating) == (True, 1529)
    assert (entrants["N30"].premium, entrants["N30"].rating) == (False, 1530)
    defenders = [e for e in entrants.values() if e.defender]
    assert len(defenders) == 8
    assert all(e.rating == 1500 + int(e.name[1:]) for e in defenders)
    # a value typed on the draw still wins (a new draw replaces it before the first game)
    invoke(service, "survival-draw", {"newcomer": ["N29", "N30"], "rating": {"N30": 900}},
           slug="y")
    entrants = {e.name: e for e in survival_rules.book_of(service.load("s0").state)
                .entrants.values()}
    assert entrants["N30"].rating == 900 and entrants["N29"].rating == 1529


def _warriors(done, key: str) -> list[str]:
    return next(names for k, _n, _l, names in done.value.leagues if k == key)


def test_w7_13_premium_newcomers_without_a_survival_draw(signed_year: Path,
                                                         tmp_path: Path) -> None:
    # rules W7-13, W7-35: two players of the starting season leave, so 10 Warriors places for
    # the 8 defenders and the 2 newcomers: no survival battle, no draw stored. The Warriors
    # split: 12 players by last season's results, then the newcomers by their sign-up rating
    # (N30 1530 before N29 1529): strength 13 and 14 of 14. By the snake over premium accounts
    # first, N29 (the only premium account, from its sign-up) is first: Warriors A. Without its
    # account it would be 14th, index 13 of the snake A B B A A B B A A B B A A B: Warriors B.
    service = service_on(copy_of(signed_year, tmp_path))
    leaving = _places(service, 3)[:2]
    body = {"previous": "s0", "season": "s1", "newcomer": ["N29", "N30"], "leaving": leaving,
            "decide_playoffs": True, "playoff_reason": "the play-offs are not the point here",
            "podium_rolls": True}
    assert refused(service, "survival-draw", {"newcomer": ["N29", "N30"], "leaving": leaving},
                   slug="y").code == codes.SURVIVAL_NONE
    preview = invoke(service, "next-season", {**body, "preview": True}, slug="y").value
    assert preview.survival == [] and preview.free == 10
    done = invoke(service, "next-season", body, slug="y")
    assert "N29" in _warriors(done, "warriors-a")
    assert any("strength 14 of 14" in line for line in explained(done.value, "N29"))
    assert any("strength 13 of 14" in line for line in explained(done.value, "N30"))
    profiles = season_book(service.load("s1").state)
    s1 = service.load("s1").state
    premium = {s1.players[pid].name: profiles.profile(pid).premium for pid in s1.players}
    assert premium["N29"] is True and premium["N30"] is False
    basis = series_book(service.load("y").state).members[-1].basis
    assert basis["ratings"] == {"N29": 1529, "N30": 1530}
    # typed on the next season, the accounts override the sign-ups': N30 premium, N29 not
    again = service_on(copy_of(signed_year, tmp_path, "again.db"))
    done = invoke(again, "next-season", {**body, "premium": ["N30"]}, slug="y")
    assert "N30" in _warriors(done, "warriors-a") and "N29" in _warriors(done, "warriors-b")


def _places(service, place: int) -> list[str]:
    """The players who took ``place`` in their league of the starting season, by league."""
    from podium.formats.seven_wonders.rules import league_places

    state = service.load("s0").state
    out = []
    for key in sorted(state.divisions):
        for pid, at in league_places(state, key).items():
            if at == place:
                out.append(state.players[pid].name)
    return out


# -- rules W7-6, W7-30: the play-offs are played --------------------------------------------------
def test_w7_6_the_play_offs_are_due_not_decided_in_advance(one_season: Path,
                                                          tmp_path: Path) -> None:
    # rule W7-6: with 4 leagues the 2nds (3 of 4 to Gods) and the 4ths (2 of 4 to Priests)
    # play play-off matches. Before their games the preview says both are due (no W7-30
    # order passed off as their result) and the next season is refused naming them, nothing
    # stored; deciding them unplayed needs a reason (rule W7-30), which the log keeps
    service = service_on(copy_of(one_season, tmp_path))
    preview = invoke(service, "next-season", {"previous": "y-s0", "preview": True})
    assert preview.value.unplayed == [2, 4] and preview.answer.playoffs_due == [2, 4]
    seconds = preview.value.playoffs[2]
    for name in seconds:
        said = explained(preview.value, name)
        assert any("the play-off of the 2 places is still due (rule W7-6)" in line
                   for line in said), said
        assert not any("die decides" in line for line in said)
    shown = [m.render(None) for m in formed_show(preview.value)]
    assert any(line.startswith("Play-off of place 2 still due") for line in shown)
    error = refused(service, "next-season", {"previous": "y-s0", "season": "y-s1",
                                             "podium_rolls": True})
    assert error.code == codes.YEAR_PLAYOFF_DUE and error.field == "playoff"
    assert all(name in str(error) for name in seconds)
    no_reason = refused(service, "next-season", {"previous": "y-s0", "season": "y-s1",
                                                 "podium_rolls": True,
                                                 "decide_playoffs": True})
    assert no_reason.code == codes.YEAR_PLAYOFF_REASON and no_reason.field == "playoff_reason"
    done = invoke(service, "next-season", {
        "previous": "y-s0", "season": "y-s1", "podium_rolls": True, "decide_playoffs": True,
        "playoff_reason": "two of the 2nds could not meet before the deadline"})
    assert any("play-off not played, decided by the organiser (two of the 2nds could not "
               "meet before the deadline)" in line for line in explained(done.value, seconds[0]))
    basis = series_book(service.load(YEAR).state).members[-1].basis
    assert basis["playoffs_decided"] == {
        "places": [2, 4], "reason": "two of the 2nds could not meet before the deadline"}


def test_w7_6_the_play_offs_entered_let_the_next_season_through(one_season: Path,
                                                              tmp_path: Path) -> None:
    # rule W7-6: once both play-offs have their games (strict orders: no tie, no die), the
    # next season takes their orders: the first three 2nds in Gods, the 4th in Priests
    service = service_on(copy_of(one_season, tmp_path))
    due = invoke(service, "next-season", {"previous": "y-s0", "preview": True}).value.playoffs
    invoke(service, "playoff-game", {"place": 2, "order": due[2]})
    invoke(service, "playoff-game", {"place": 4, "order": due[4]})
    preview = invoke(service, "next-season", {"previous": "y-s0", "preview": True}).value
    assert preview.unplayed == []
    done = invoke(service, "next-season", {"previous": "y-s0", "season": "y-s1",
                                           "podium_rolls": True}).value
    gods = next(names for key, _n, _l, names in done.leagues if key == "gods")
    assert set(due[2][:3]) <= set(gods) and due[2][3] not in gods


# -- the duplicates -------------------------------------------------------------------------------
def test_a_play_off_game_entered_twice_is_refused_a_correction_replaces_it(
        one_season: Path, tmp_path: Path) -> None:
    service = service_on(copy_of(one_season, tmp_path))
    fourths = invoke(service, "next-season", {"previous": "y-s0", "preview": True}
                     ).value.playoffs[4]
    nothing = refused(service, "playoff-game", {"place": 4, "order": fourths,
                                                "correction": True})
    assert nothing.code == codes.YEAR_PLAYOFF_ENTERED and nothing.field == "correction"
    invoke(service, "playoff-game", {"place": 4, "order": fourths})
    twice = refused(service, "playoff-game", {"place": 4, "order": list(reversed(fourths))})
    assert twice.code == codes.YEAR_PLAYOFF_ENTERED and twice.field == "place"
    fixed = invoke(service, "playoff-game", {"place": 4, "order": list(reversed(fourths)),
                                             "correction": True})
    assert fixed.answer.order == list(reversed(fourths))
    state = service.load("y-s0").state
    games = playoff_rules.book_of(state).games[4]
    assert sorted(games, key=games.__getitem__) == [state.player_by_name(n).id
                                                    for n in reversed(fourths)]


# -- rules W7-26 (4), W7-30 (3): the organiser's die ----------------------------------------------
PLAYOFFS = {2: ["L1-2", "L2-2", ["L3-2", "L4-2"]], 4: ["L1-4", "L2-4", "L3-4", "L4-4"]}


def test_w7_30_the_die_is_the_organisers_never_rolled_unasked() -> None:
    # rule W7-30: the 2nds' play-off ends L1-2, L2-2, L3-2 = L4-2, and 3 of the 4 go to Gods.
    # The tied pair has the same ladder wins (6) and the same place in the previous game (2):
    # (1) and (2) leave it tied, (3) the die decides. Nobody rolled: the tie is named, none
    # rolled, nothing is passed off as a roll. (The 3rds' tie does not matter: all four go to
    # Priests, so no die is asked for it.)
    facts = starting(4)
    asked = next_leagues(facts, playoffs=PLAYOFFS, dice=Dice(facts.seed))
    assert ("W7-30", ("L3-2", "L4-2")) in asked.dice_due
    assert not any(set(names) == {"L1-3", "L2-3", "L3-3", "L4-3"}
                   for _rule, names in asked.dice_due)
    assert not [roll for roll in asked.rolls if roll.rule == "W7-30"]
    assert any("the organiser's die decides (rule W7-30): enter the roll, or let podium roll"
               in line for line in explained(asked, "L3-2"))
    # the organiser rolled: L3-2 2, L4-2 5: L4-2 takes the last Gods place; kept with who
    entered = next_leagues(facts, playoffs=PLAYOFFS, dice=Dice(facts.seed, {"L3-2": 2,
                                                                            "L4-2": 5}))
    assert "L4-2" in league(entered, "gods") and "L3-2" in league(entered, "priests")
    roll = next(r for r in entered.rolls if r.rule == "W7-30")
    assert roll.payload() == {"rule": "W7-30", "players": ["L3-2", "L4-2"], "by": "organiser",
                              "rounds": [[{"player": "L3-2", "value": 2},
                                          {"player": "L4-2", "value": 5}]]}
    # the organiser asked podium to roll: the recorded seed's die, kept as podium's
    rolled = next_leagues(facts, playoffs=PLAYOFFS, dice=Dice(facts.seed, podium=True))
    order, _roll = die_order(facts.seed, "W7-30", "W7-30", ["L3-2", "L4-2"])
    assert order[0] in league(rolled, "gods") and order[1] in league(rolled, "priests")
    assert next(r for r in rolled.rolls if r.rule == "W7-30").by == "podium"
    assert rolled.dice_due == []
    # equal values do not separate the pair: roll again
    with pytest.raises(InvalidInput) as equal:
        next_leagues(facts, playoffs=PLAYOFFS, dice=Dice(facts.seed, {"L3-2": 4, "L4-2": 4}))
    assert equal.value.code == codes.YEAR_DIE and equal.value.field == "roll"


def test_w7_26_the_next_season_refuses_a_die_nobody_rolled(one_season: Path,
                                                         tmp_path: Path) -> None:
    # rules W7-26 (4), W7-30 (3): the 2nds' play-off with its last two tied as the site showed
    # it; whatever W7-30 (1), (2) leave tied goes to the organiser's die: without a roll the
    # next season is refused naming the players, nothing stored; asked, podium rolls and the
    # roll is kept with who rolled
    service = service_on(copy_of(one_season, tmp_path))
    due = invoke(service, "next-season", {"previous": "y-s0", "preview": True}).value.playoffs
    invoke(service, "playoff-game", {"place": 2, "order": due[2]})
    invoke(service, "playoff-game", {"place": 4, "order": due[4]})
    plan = invoke(service, "next-season", {"previous": "y-s0", "preview": True}).value
    before = everything(service)
    assert plan.dice_due  # this year: two pairs of Warriors equal on the W7-26 chain
    assert all(rule == "W7-26 (4)" for rule, _names in plan.dice_due)
    error = refused(service, "next-season", {"previous": "y-s0", "season": "y-s1"})
    assert error.code == codes.YEAR_DIE_NEEDED and error.field == "roll"
    assert error.params["names"] == list(plan.dice_due[0][1])
    assert everything(service) == before
    invoke(service, "next-season", {"previous": "y-s0", "season": "y-s1",
                                    "podium_rolls": True})
    basis = series_book(service.load(YEAR).state).members[-1].basis
    assert all(roll["by"] == "podium" for roll in basis["rolls"])
    assert len(basis["rolls"]) >= len(plan.dice_due)
    # a roll for a player no tie involves is refused (a typo is not kept as a roll)
    service = service_on(copy_of(one_season, tmp_path, "typo.db"))
    invoke(service, "playoff-game", {"place": 2, "order": due[2]})
    invoke(service, "playoff-game", {"place": 4, "order": due[4]})
    typo = refused(service, "next-season", {"previous": "y-s0", "season": "y-s1",
                                            "podium_rolls": True, "roll": {due[2][0]: 3}})
    assert typo.code == codes.YEAR_DIE and typo.field == "roll"


# -- rule W7-20: a kicker plays no play-off -------------------------------------------------------
def test_w7_20_a_kicker_plays_no_play_off_as_full() -> None:
    # rules W7-6, W7-20, setting starting_playoffs=as-full: L1-2 kicked a player, out of the
    # season at once and barred from the next. As if nobody left, the 2nds' play-off is due
    # (slots 5-8 straddle Gods and Priests); its players are L2-2, L3-2, L4-2 only, and L1-2's
    # line says why it plays none
    facts = starting(4, **{"L1-2": {"barred": True, "kicked": True}})
    facts.starting_playoffs = AS_FULL
    plan = next_leagues(facts, newcomers=["N01"], preview=True)
    assert plan.playoffs[2] == ["L2-2", "L3-2", "L4-2"]
    assert any("kicked a player, out of the season at once (rule W7-20): plays no play-off "
               "of the 2 places" in line for line in explained(plan, "L1-2"))


# -- rule W7-1: tied totals share a place in the year table ---------------------------------------
@pytest.fixture
def golden(golden_db: Path, tmp_path: Path) -> EventService:  # noqa: F811
    """The golden year (two seasons), a copy per test, with the views' catalog."""
    copy = tmp_path / "golden.db"
    shutil.copy(golden_db, copy)
    return EventService(Database(str(copy)), catalog=build_catalog())


def test_w7_1_tied_totals_share_a_place(golden: EventService) -> None:
    # the golden year: Player 13 and Player 17 have 16 points each (6 + 10, 4 + 12) after 17
    # players above them: both 18th, Player 08 (15) 20th; Player 18, 22 and 29 on 6: all 24th,
    # Player 25 (5) 27th
    table = read(golden, "seven-wonders.year-table")
    place = {row["player"]: row["rank"] for row in table.rows}
    assert place["Player 13"] == place["Player 17"] == 18 and place["Player 08"] == 20
    assert place["Player 18"] == place["Player 22"] == place["Player 29"] == 24
    assert place["Player 25"] == 27
    assert shared_places([16, 16, 16, 9]) == [1, 1, 1, 4]


def test_a_decided_survival_match_or_special_match_entered_again_is_refused(
        one_season: Path, tmp_path: Path) -> None:
    # rules W7-14, W7-18: a survival match with its result, or the Battle of Titans with its
    # own, entered again is refused naming the match, nothing stored
    service = service_on(copy_of(one_season, tmp_path))
    drawn = invoke(service, "survival-draw", {"newcomer": ["Ann", "Bob", "Cid", "Dan"]}).value
    players = drawn.matches[0][2]
    invoke(service, "survival-game", {"match": 1, "order": players})
    again = refused(service, "survival-game", {"match": 1, "order": list(reversed(players))})
    assert again.code == codes.SURVIVAL_DECIDED and again.field == "match"
    state = service.load("y-s0").state
    titans = season_book(state).specials["titans"]
    order = [state.players[p].name for p in titans.order]
    twice = refused(service, "special", {"match": "titans", "order": order}, slug="y-s0")
    assert twice.code == codes.SPECIAL_EXISTS and twice.field == "match"
