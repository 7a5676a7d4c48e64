"""The W7 year between seasons, hand-worked from the regulation (rules W7-4 .. W7-15, W7-30,
W7-35): pure functions over plain seasons, then through the service."""

from __future__ import annotations

import pytest

from podium.core.errors import Conflict, InvalidInput
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.year import (
    PlayerSeason,
    SeasonFacts,
    SignUp,
    Swap,
    apply_swap,
    balance,
    check_conservation,
    defenders_count,
    draft_order,
    next_leagues,
    registration_cut,
    snake,
    starting_leagues,
)

NAMES = {"gods": "Gods", "priests": "Priests", "warriors-a": "Warriors A",
         "warriors-b": "Warriors B"}


def regular(fortune: list[str] | None = None, will: list[str] | None = None,
            **changes: dict) -> SeasonFacts:
    """A regular season: G1..G7 in Gods (Gn took place n), P in Priests, A and B in Warriors."""
    players = []
    for key, prefix, level in (("gods", "G", 0), ("priests", "P", 1), ("warriors-a", "A", 2),
                               ("warriors-b", "B", 2)):
        for place in range(1, 8):
            name = f"{prefix}{place}"
            p = PlayerSeason(name, key, level, place, positions=(place, place))
            for attr, value in changes.get(name, {}).items():
                setattr(p, attr, value)
            players.append(p)
    return SeasonFacts(False, players, NAMES, fortune if fortune is not None else
                       ["G3", "P2", "A1", "B1"], will if will is not None else ["P5", "A2", "B2"])


def league(result, key: str) -> list[str]:
    return next(names for k, _n, _l, names in result.leagues if k == key)


def explained(result, name: str) -> list[str]:
    return [line.text() for line in result.lines if line.player == name]


# -- registration (rule W7-4) -------------------------------------------------------------------
def signups(count: int, premium: tuple[int, ...] = ()) -> list[SignUp]:
    return [SignUp(f"N{i:02d}", 1000 + i, i in premium) for i in range(1, count + 1)]


@pytest.mark.parametrize(("count", "playing", "waiting"),
                         [(28, 28, 0), (29, 28, 1), (34, 28, 6), (35, 35, 0), (38, 35, 3)])
def test_the_cut_at_28_or_35(count: int, playing: int, waiting: int) -> None:
    # rule W7-4: 29-34 sign-ups: the first 28 play, the rest go to qualification; over 35 the
    # first 35
    cut = registration_cut(signups(count))
    assert len(cut.playing) == playing and len(cut.qualification) == waiting
    assert [s.name for s in cut.playing] == [f"N{i:02d}" for i in range(1, playing + 1)]
    assert cut.leagues == playing // 7


def test_too_few_or_twice_signed_up_is_refused() -> None:
    # rule W7-4
    with pytest.raises(InvalidInput) as few:
        registration_cut(signups(27))
    assert few.value.field == "signups" and few.value.params["count"] == 27
    with pytest.raises(InvalidInput) as twice:
        registration_cut([*signups(28), SignUp("N03")])
    assert twice.value.params["name"] == "N03"


# -- the snake (rules W7-5, W7-13) --------------------------------------------------------------
def test_snake_goes_there_and_back() -> None:
    # rule W7-5: league 1, 2, 3, 4, 4, 3, 2, 1, 1, 2, ...
    assert snake(list(range(1, 11)), 4) == [[1, 8, 9], [2, 7, 10], [3, 6], [4, 5]]


def test_draft_order_premium_then_rating_then_nickname() -> None:
    # rule W7-5: premium first, rating descending, ties by nickname alphabetically
    people = [SignUp("zoe", 1500), SignUp("Bob", 1500, True), SignUp("adam", 1500),
              SignUp("Max", 1900), SignUp("Eve", 1200, True)]
    assert [s.name for s in draft_order(people)] == ["Bob", "Eve", "Max", "adam", "zoe"]


def test_starting_leagues_by_snake_of_28() -> None:
    # rules W7-4, W7-5: 28 players in 4 equal leagues; the 2 premium accounts lead leagues 1, 2
    leagues, lines = starting_leagues(signups(30, premium=(3, 5)))
    assert [len(x) for x in leagues] == [7, 7, 7, 7]
    assert leagues[0][0] == "N05" and leagues[1][0] == "N03"  # premium, by rating
    # then by rating (N28 highest of the 28 who play); N29, N30 go to qualification
    assert leagues[2][0] == "N28" and leagues[3][0] == "N27" and leagues[3][1] == "N26"
    assert not any("N29" in x or "N30" in x for x in leagues)
    assert any("qualification" in line.text() for line in lines if line.player == "N30")


def test_defenders_two_or_three() -> None:
    # rule W7-6: the last 2 of each league with 4 leagues, the last 3 with 5
    assert defenders_count(4) == 2 and defenders_count(5) == 3


# -- the starting season to season 1 (rules W7-6, W7-7, W7-30) ----------------------------------
def starting(leagues: int, **changes: dict) -> SeasonFacts:
    players = []
    for n in range(1, leagues + 1):
        for place in range(1, 8):
            name = f"L{n}-{place}"
            p = PlayerSeason(name, f"league-{n}", 0, place, positions=(place,), wins=8 - place)
            for attr, value in changes.get(name, {}).items():
                setattr(p, attr, value)
            players.append(p)
    return SeasonFacts(True, players, {f"league-{n}": f"League {n}" for n in range(1, 6)})


def test_starting_season_to_season_1_with_4_leagues() -> None:
    # rule W7-7: a higher place, a higher league: the 4 winners and 3 of the 4 seconds in Gods;
    # rule W7-6: the 2nds play a play-off match for the last Gods place, the 4ths for Priests;
    # the last 2 of each league defend in survival battles (8 for 8 free places, no newcomers)
    facts = starting(4)
    preview = next_leagues(facts, preview=True)
    assert preview.playoffs == {2: ["L1-2", "L2-2", "L3-2", "L4-2"],
                                4: ["L1-4", "L2-4", "L3-4", "L4-4"]}
    result = next_leagues(facts, playoffs={2: ["L3-2", "L1-2", "L4-2", "L2-2"],
                                           4: ["L4-4", "L3-4", "L2-4", "L1-4"]})
    assert sorted(league(result, "gods")) == sorted(
        ["L1-1", "L2-1", "L3-1", "L4-1", "L3-2", "L1-2", "L4-2"])
    assert set(league(result, "priests")) == {"L2-2", "L1-3", "L2-3", "L3-3", "L4-3",
                                              "L4-4", "L3-4"}
    warriors = set(league(result, "warriors-a")) | set(league(result, "warriors-b"))
    assert {"L2-4", "L1-4", "L1-6", "L4-7"} <= warriors and len(warriors) == 14
    assert "L2-2: 2nd in League 2, play-off match 4 of 4, to Priests (rules W7-6, W7-7)" in \
        explained(result, "L2-2")


def test_starting_season_with_5_leagues_sends_the_last_3_to_survival() -> None:
    # rule W7-6: with 5 leagues the last 3 defend: 15 for 8 places, so the battles are needed
    facts = starting(5)
    preview = next_leagues(facts, preview=True)
    assert len(preview.survival) == 15 and preview.free == 8
    assert set(preview.playoffs) == {2, 3}
    with pytest.raises(Conflict) as missing:
        next_leagues(facts)
    assert missing.value.code == codes.YEAR_SURVIVORS and missing.value.params["free"] == 8


def test_play_off_tie_by_ladder_wins_then_previous_games() -> None:
    # rule W7-30: without a match order, (1) more points from ladder wins, (2) the better
    # position in the previous game
    facts = starting(4, **{"L3-2": {"wins": 20}, "L1-2": {"wins": 9, "positions": (1,)},
                           "L2-2": {"wins": 9, "positions": (4,)}, "L4-2": {"wins": 2}})
    result = next_leagues(facts, playoffs={4: ["L1-4", "L2-4", "L3-4", "L4-4"]})
    assert {"L3-2", "L1-2", "L2-2"} <= set(league(result, "gods"))
    assert "L4-2" in league(result, "priests")
    assert "rule W7-30" in explained(result, "L4-2")[-1]


def test_play_off_with_players_not_in_it_is_refused() -> None:
    # rule W7-6: the play-off is between the players of one place
    with pytest.raises(InvalidInput) as error:
        next_leagues(starting(4), playoffs={2: ["L1-2", "L2-2", "L3-2", "L1-1"]})
    assert error.value.field == "playoff" and error.value.code == codes.YEAR_PLAYOFF


# -- regular outcomes (rules W7-8 .. W7-12) -----------------------------------------------------
def test_gods_outcomes() -> None:
    # rule W7-8: 1st-5th stay in Gods (1st, 2nd to the Titans, 3rd the Fortune match),
    # 6th and 7th go down to Priests
    result = next_leagues(regular())
    assert {"G1", "G2", "G3", "G4", "G5"} <= set(league(result, "gods"))
    assert {"G6", "G7"} <= set(league(result, "priests"))
    assert "G6: 6th in Gods, down to Priests (rule W7-8)" in explained(result, "G6")


def test_priests_outcomes() -> None:
    # rule W7-9: 1st up to Gods, 3rd-4th stay, 6th-7th down to Warriors; rule W7-11: P2 above
    # both Warriors 1st in the Fortune match takes the free Gods place; rule W7-12: P5 won the
    # Will match and stays
    result = next_leagues(regular())
    assert {"P1", "P2"} <= set(league(result, "gods"))
    assert {"P3", "P4", "P5"} <= set(league(result, "priests"))
    warriors = set(league(result, "warriors-a")) | set(league(result, "warriors-b"))
    assert {"P6", "P7"} <= warriors


def test_fortune_gives_gods_to_the_higher_warriors_player() -> None:
    # rule W7-11: the Warriors 1st finished above the Priests 2nd: up to Gods; P2 stays in
    # Priests; the other Warriors 1st is guaranteed Priests (rule W7-10)
    result = next_leagues(regular(fortune=["B1", "G3", "A1", "P2"]))
    assert "B1" in league(result, "gods")
    assert {"P2", "A1"} <= set(league(result, "priests"))
    assert "up to Gods (rules W7-10, W7-11)" in explained(result, "B1")[0]


def test_will_match_winner_plays_in_priests() -> None:
    # rule W7-12: a Warriors 2nd wins the Will match: up to Priests, the Priests 5th goes down
    result = next_leagues(regular(will=["A2", "P5", "B2"]))
    assert "A2" in league(result, "priests")
    warriors = set(league(result, "warriors-a")) | set(league(result, "warriors-b"))
    assert {"P5", "B2"} <= warriors
    assert "lost the Will match" in explained(result, "P5")[0]


def test_no_will_match_keeps_the_priests_fifth() -> None:
    # rule W7-12: without a Will match (its players kicked or gone), nobody goes up through it
    result = next_leagues(regular(will=[]))
    assert "P5" in league(result, "priests")
    assert "no Will match was played" in explained(result, "P5")[0]


def test_warriors_defend_only_when_newcomers_want_in() -> None:
    # rule W7-10: 5th-7th of each Warriors league play survival battles only if newcomers come
    alone = next_leagues(regular())
    assert alone.survival == []
    assert "no newcomers" in explained(alone, "A7")[0]
    preview = next_leagues(regular(), newcomers=["New1", "New2"], preview=True)
    assert sorted(preview.survival) == ["A5", "A6", "A7", "B5", "B6", "B7", "New1", "New2"]
    assert preview.free == 6
    result = next_leagues(regular(), newcomers=["New1", "New2"],
                          survivors=["New1", "New2", "A5", "B5", "A6", "B6"])
    warriors = set(league(result, "warriors-a")) | set(league(result, "warriors-b"))
    assert {"New1", "New2"} <= warriors and not {"A7", "B7"} & warriors
    assert any("lost the survival battles" in line for line in explained(result, "A7"))


def test_survivor_who_did_not_play_the_battles_is_refused() -> None:
    # rule W7-14: only the players of the survival battles win places through them
    with pytest.raises(InvalidInput) as error:
        next_leagues(regular(), newcomers=["New1"], survivors=["New1", "A5", "B5", "A6", "G1"])
    assert error.value.params["names"] == ["G1"]


# -- balance, conservation (rules W7-13, W7-15) -------------------------------------------------
def test_warriors_balance_premium_first_then_strength() -> None:
    # rule W7-13: the W7-5 snake over premium accounts first, then strength
    a, b = balance(["S1", "S2", "S3", "S4", "S5", "S6"], {"S5": True, "S6": True})
    assert a == ["S5", "S2", "S3"] and b == ["S6", "S1", "S4"]  # A, B, B, A, A, B


def test_organiser_swap_needs_a_reason() -> None:
    # rule W7-13: the organiser may adjust the balance, with a reason
    a, b = apply_swap(["X", "Y"], ["Z", "W"], Swap("W", "X", "friends asked to split"))
    assert a == ["W", "Y"] and b == ["Z", "X"]
    with pytest.raises(InvalidInput) as error:
        apply_swap(["X"], ["Z"], Swap("X", "Z", " "))
    assert error.value.code == codes.YEAR_SWAP_REASON
    result = next_leagues(regular(), swaps=[Swap("A3", "B3", "same club")])
    assert any("same club" in t for t in explained(result, "A3"))


def test_conservation_refusal_names_the_places() -> None:
    # rule W7-15: every league exactly 7; the refusal names the places that break it
    with pytest.raises(Conflict) as error:
        check_conservation([("gods", "Gods", 0, list("abcdefg")),
                            ("priests", "Priests", 1, list("hijkl"))])
    assert error.value.params["league"] == "Priests" and error.value.params["places"] == [6, 7]
    with pytest.raises(Conflict) as twice:
        check_conservation([("gods", "Gods", 0, list("abcdefg")),
                            ("priests", "Priests", 1, list("ghijklm"))])
    assert twice.value.params["name"] == "g"


def test_too_few_for_the_free_places_is_refused() -> None:
    # rule W7-15: two players barred, nobody to take their Warriors places
    facts = regular(G1={"barred": True}, P3={"leaving": True})
    with pytest.raises(Conflict) as error:
        next_leagues(facts)
    assert error.value.code == codes.YEAR_FREE_PLACES and error.value.params["free"] == 2


# -- drop-outs and bars (rules W7-19, W7-20, W7-35) ---------------------------------------------
def test_drop_outs_move_everyone_below_up() -> None:
    # rule W7-35: G2 drops out: the best of the Priests-bound by the overall ranking across
    # leagues (G6, from Gods) moves up to Gods, then the best Warriors-bound (P6, from Priests)
    # up to Priests
    facts = regular(G2={"leaving": True})
    result = next_leagues(facts, newcomers=["New1"], survivors=["A5", "B5", "A6", "B6", "A7",
                                                                "New1"])
    assert "G6" in league(result, "gods") and "G2" not in league(result, "gods")
    assert any("up to Gods through the overall ranking (rule W7-35)" in line
               for line in explained(result, "G6"))
    assert "P6" in league(result, "priests")
    assert "New1" in set(league(result, "warriors-a")) | set(league(result, "warriors-b"))


def test_drop_out_tie_by_previous_games() -> None:
    # rule W7-35, ties by W7-26 (1): three leave; A2 and B2 (both Warriors 2nd) tie for the
    # third place freed in Priests: B2 was better in the game before the last
    facts = regular(G2={"leaving": True}, P3={"leaving": True}, P4={"leaving": True},
                    A2={"positions": (4, 2)}, B2={"positions": (2, 2)})
    result = next_leagues(facts, newcomers=["New1", "New2", "New3"])
    assert {"P6", "P7", "B2"} <= set(league(result, "priests"))
    assert "A2" not in league(result, "priests")


def test_barred_player_is_not_in_the_next_season() -> None:
    # rules W7-19, W7-20: barred from the next season, even as a newcomer
    facts = regular(A4={"barred": True})
    result = next_leagues(facts, newcomers=["New1"], survivors=["A5", "B5", "A6", "B6", "A7",
                                                                "B7", "New1"])
    assert all("A4" not in names for *_x, names in result.leagues)
    with pytest.raises(Conflict) as error:
        next_leagues(facts, newcomers=["A4"])
    assert error.value.code == codes.YEAR_BARRED


def test_returning_player_only_into_warriors() -> None:
    # rule W7-35: a player who skipped a season comes back through qualification into Warriors
    result = next_leagues(regular(), newcomers=["Back"], survivors=["Back", "A5", "B5", "A6",
                                                                    "B6", "A7"])
    assert "Back" in set(league(result, "warriors-a")) | set(league(result, "warriors-b"))
    assert "won a survival battle" in explained(result, "Back")[0]
    with pytest.raises(InvalidInput):
        next_leagues(regular(), newcomers=["G1"])  # playing this season: not a newcomer


def test_profiles_carry_last_season_and_the_years_overruns() -> None:
    # rules W7-19, W7-26 (2), (3): the next season's ties and bar need these facts
    result = next_leagues(regular(G6={"overruns": 2, "premium": True}))
    assert result.profiles["G6"] == {"level": 0, "place": 6, "overruns": 2, "premium": True}
