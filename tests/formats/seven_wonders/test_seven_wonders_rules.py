"""7 Wonders season rules W7-2, W7-3, W7-16 .. W7-28 (and W7-36 logistics), each scenario worked
by hand from the regulation (/work/shared/regulations.md, section W7)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from podium.core import phases
from podium.core.errors import InvalidInput, NotFound
from podium.core.replay import replay
from podium.formats.seven_wonders.commands import (
    AddOverrun,
    EnterGame,
    EnterSpecial,
    GameInput,
    LiftPenalty,
    RollDie,
    SetProfile,
)
from podium.formats.seven_wonders.rules import SEVEN_WONDERS, due
from podium.formats.seven_wonders.season import survival_replay, titans_shares
from podium.formats.seven_wonders.season_reads import league_board, next_game
from podium.service.commands import DropPlayer, MoveToDivision
from tests.formats.seven_wonders.sw_builders import (
    GODS,
    PRIESTS,
    WARRIORS_A,
    WARRIORS_B,
    Season,
    play_out,
)

ALL = "Anna, Boris, Clara, Dmitry, Elena, Fedor, Galina"


@pytest.fixture
def season(tmp_path):
    return Season(tmp_path)


# W7-2: the ladder --------------------------------------------------------------------------------
def test_the_ladder_eliminates_the_last_of_each_game_and_the_final_gives_places_1_to_3(season):
    """Rule W7-2: 7, 6, 5, 4 players, the last out each time (7th, 6th, 5th, 4th), then the
    3-player final's order gives places 1 to 3; each next game's players follow from the last."""
    # rule W7-2
    assert season.due_names() == sorted(GODS)
    season.game(ALL)
    assert season.places() == {"Galina": 7}
    assert season.due_names() == sorted(GODS[:6])
    season.game("Fedor, Elena, Dmitry, Clara, Boris, Anna")
    assert season.places()["Anna"] == 6
    season.game("Boris, Clara, Dmitry, Elena, Fedor")
    assert season.places()["Fedor"] == 5
    season.game("Boris, Clara, Dmitry, Elena")
    assert season.places()["Elena"] == 4
    assert due(season.state, "gods").final
    season.game("Dmitry, Boris, Clara")
    assert season.places() == {"Dmitry": 1, "Boris": 2, "Clara": 3, "Elena": 4, "Fedor": 5,
                               "Anna": 6, "Galina": 7}
    assert due(season.state, "gods").complete
    assert [g.size for g in season.book.ladders["gods"].games] == [7, 6, 5, 4, 3]


def test_the_service_says_which_game_is_next_in_each_league(tmp_path):
    """Rule W7-2: leagues progress at their own pace; each one's next game is known."""
    # rule W7-2
    s = Season(tmp_path, leagues=2)
    s.game(ALL)
    s.game("Anna, Boris, Clara, Dmitry, Elena, Fedor")
    s.game(", ".join(PRIESTS), "priests")
    gods, priests = next_game(s.state, "gods"), next_game(s.state, "priests")
    assert (gods.number, len(gods.players)) == (3, 5)
    assert (priests.number, len(priests.players)) == (2, 6)
    last = league_board(s.state, "gods").places[-1]
    assert (last.place, last.player.name) == (7, "Galina")


def test_a_game_entered_out_of_ladder_order_is_refused(season):
    """Rule W7-2: the next game is game 2; game 3 is refused and nothing is stored."""
    # rule W7-2
    season.game(ALL)
    error = season.refused(EnterGame(season.slug, "gods", GameInput(
        "Anna, Boris, Clara, Dmitry, Elena, Fedor"), number=3))
    assert isinstance(error, InvalidInput) and error.code == "sw.order"
    assert "next game of league Gods is game 2 (6 players)" in str(error)


def test_a_player_who_is_out_cannot_enter_a_later_game(season):
    """Rule W7-2: Galina left in game 1 (7th)."""
    # rule W7-2
    season.game(ALL)
    error = season.refused(EnterGame(season.slug, "gods", GameInput(
        "Anna, Boris, Clara, Dmitry, Elena, Galina")))
    assert error.code == "sw.out" and error.field == "order"  # as typed
    assert "Galina is out of league Gods since game 1 (place 7)" in str(error)


def test_a_game_must_have_every_due_player(season):
    error = season.refused(EnterGame(season.slug, "gods", GameInput(
        "Anna, Boris, Clara, Dmitry, Elena, Fedor")))
    assert error.code == "sw.missing" and "misses Galina" in str(error)


def test_a_league_plays_with_seven_players(tmp_path):
    """Rules W7-2, W7-15: a move leaves 6 and 8 players; neither league can start until the
    swap is complete, and a league can never be assigned with another size."""
    # rule W7-2, W7-15
    s = Season(tmp_path, leagues=2)
    s.run(MoveToDivision(s.slug, "Galina", "priests", reason="premium balance"))
    error = s.refused(EnterGame(s.slug, "gods", GameInput("Anna, Boris, Clara, Dmitry, Elena, "
                                                          "Fedor")))
    assert error.code == "sw.league_size"
    s.run(MoveToDivision(s.slug, "P7", "gods", reason="premium balance"))
    s.game("Anna, Boris, Clara, Dmitry, Elena, Fedor, P7")
    assert s.places() == {"P7": 7}
    moved = s.refused(MoveToDivision(s.slug, "Anna", "priests", reason="late"))
    assert moved.code == "sw.leagues.played"


def test_a_player_who_drops_out_takes_the_lowest_free_place(season):
    """A player who leaves the season (core drop) is out before the league's next game and
    takes the lowest free place; that game is one seat smaller."""
    season.game(ALL)
    season.run(DropPlayer(season.slug, "Anna", "left the tournament"))
    error = season.refused(EnterGame(season.slug, "gods", GameInput(
        "Anna, Boris, Clara, Dmitry, Elena, Fedor")))
    assert error.code == "sw.dropped"
    game = season.game("Boris, Clara, Dmitry, Elena, Fedor")
    assert season.places() == {"Galina": 7, "Anna": 6, "Fedor": 5}
    assert game.withdrawn == (season.state.player_by_name("Anna").id,)
    assert any("dropped out of the season" in n for n in season.notes("gods/2"))


# W7-3: result entry ------------------------------------------------------------------------------
def test_positions_as_the_site_shows_them_with_shared_positions_and_scores(season):
    """Rule W7-3: a tie ("делёж") shares a position; the next one skips (1, 2, 2, 4); a dense
    writing (1, 2, 2, 3) means the same; scores and the table link are kept."""
    # rule W7-3
    game = season.game("Anna, Boris = Clara, Dmitry, Elena, Fedor, Galina",
                       scores={"Anna": 61, "Boris": 55, "Clara": 55}, link="https://bga/t/1")
    state = season.state
    by = {state.players[p].name: v for p, v in game.positions.items()}
    assert by == {"Anna": 1, "Boris": 2, "Clara": 2, "Dmitry": 4, "Elena": 5, "Fedor": 6,
                  "Galina": 7}
    assert {state.players[p].name: v for p, v in game.scores.items()} == {
        "Anna": 61, "Boris": 55, "Clara": 55}
    assert game.link == "https://bga/t/1"
    payload = season.service.log(season.slug)[-1].payload
    dense = {**payload, "game": 2, "results": [
        {"player": r["player"], "position": p} for r, p in
        zip(payload["results"][:6], [1, 2, 2, 3, 4, 5], strict=True)]}
    from podium.formats.seven_wonders.rules import read_game
    loaded = read_game(state, dense, "gods/2", "gods", 2,
                       [r["player"] for r in payload["results"][:6]], 99, None)
    assert sorted(loaded.positions.values()) == [1, 2, 2, 4, 5, 6]


@pytest.mark.parametrize("positions", [[1, 3, 4, 5, 6, 7, 8], [2, 3, 4, 5, 6, 7, 7],
                                       [1, 1, 4, 5, 6, 7, 7], [1, 2, 4, 4, 5, 6, 7]])
def test_positions_that_are_not_a_ranking_are_refused(season, positions):
    """Rule W7-3: positions must rank the game's players (1..n, tied players sharing the best
    position they cover); the raw payload, as an imported file or the API would hold it."""
    # rule W7-3
    from podium.service.commands import AppendActions

    state = season.state
    ids = [state.player_by_name(n).id for n in GODS]
    payload = {"league": "gods", "game": 1, "results": [
        {"player": pid, "position": pos} for pid, pos in zip(ids, positions, strict=True)]}
    error = season.refused(AppendActions(season.slug, (("seven-wonders.game", payload, ""),)))
    assert error.code in ("sw.positions", "payload.range")
    assert "position" in (error.field or "")


def test_the_order_text_names_every_player_once(season):
    error = season.refused(EnterGame(season.slug, "gods", GameInput(
        "Anna, Anna, Clara, Dmitry, Elena, Fedor, Galina")))
    assert error.code == "sw.twice"
    unknown = season.refused(EnterGame(season.slug, "gods", GameInput(
        "Zed, Boris, Clara, Dmitry, Elena, Fedor, Galina")))
    assert unknown.code == "player.unknown"


# W7-16, W7-25: winner points ---------------------------------------------------------------------
def test_the_winner_of_each_game_gets_as_many_points_as_players(season):
    """Rule W7-16: 7 + 6 + 5 + 4 + 3 = 25 points for winning every game of the ladder."""
    # rule W7-16
    play_out(season, "gods", GODS)
    rows = season.rows()
    assert rows["Anna"].wins == 25
    assert sum(r.wins for r in rows.values()) == 25


def test_a_tie_for_first_splits_the_winner_points_rounded_down(season):
    """Rule W7-25: two tied for first in a 7-player game get 7 // 2 = 3 each; three in the
    5-player game get 5 // 3 = 1 each."""
    # rule W7-25
    season.game("Anna = Boris, Clara, Dmitry, Elena, Fedor, Galina")
    season.game("Anna, Boris, Clara, Dmitry, Elena, Fedor")
    season.game("Clara = Dmitry = Elena, Anna, Boris")
    rows = season.rows()
    assert (rows["Anna"].wins, rows["Boris"].wins) == (3 + 6, 3)
    assert (rows["Clara"].wins, rows["Dmitry"].wins, rows["Elena"].wins) == (1, 1, 1)


# W7-17, W7-18: place points and the Battle of Titans ---------------------------------------------
def test_place_points_follow_the_table_of_the_league_level(tmp_path):
    """Rule W7-17 [open] default: place p gives (8 - p) x m, m = 3 (Gods), 2 (Priests),
    1 (Warriors)."""
    # rule W7-17
    s = Season(tmp_path, leagues=4)
    for key, names in zip(s.keys, (GODS, PRIESTS, WARRIORS_A, WARRIORS_B), strict=True):
        play_out(s, key, names)
    rows = s.rows()
    assert [rows[n].place_points for n in GODS] == [21, 18, 15, 12, 9, 6, 3]
    assert [rows[n].place_points for n in PRIESTS] == [14, 12, 10, 8, 6, 4, 2]
    assert [rows[n].place_points for n in WARRIORS_A] == [7, 6, 5, 4, 3, 2, 1]
    assert [rows[n].place_points for n in WARRIORS_B] == [7, 6, 5, 4, 3, 2, 1]


def test_the_place_table_is_a_setting_and_a_starting_season_uses_m_2(tmp_path):
    """Rule W7-17: configurable; in a starting season every league gives (8 - p) x 2."""
    # rule W7-17
    start = Season(tmp_path, leagues=2, season="starting")
    assert start.keys == ["league-1", "league-2"]
    play_out(start, "league-1", GODS)
    assert [start.rows()[n].place_points for n in GODS] == [14, 12, 10, 8, 6, 4, 2]
    custom = SEVEN_WONDERS.parse_settings({"place_points": "10,8,6,4,3,2,1"})
    assert custom.place_points_for(0) == custom.place_points_for(5) == (10, 8, 6, 4, 3, 2, 1)
    with pytest.raises(InvalidInput, match="give 7 numbers"):
        SEVEN_WONDERS.parse_settings({"place_points": "10,8,6"})


def test_titans_points_are_35_21_14_and_shared_on_a_tie(tmp_path):
    """Rules W7-18, W7-28: 35 / 21 / 14; two tied for 1st-2nd get (35 + 21) // 2 = 28 each,
    three tied for 1st-3rd (35 + 21 + 14) // 3 = 23; no replay."""
    # rule W7-18, W7-28
    assert titans_shares([[1], [2], [3], [4]], (35, 21, 14)) == {1: 35, 2: 21, 3: 14, 4: 0}
    assert titans_shares([[1, 2], [3], [4]], (35, 21, 14)) == {1: 28, 2: 28, 3: 14, 4: 0}
    assert titans_shares([[1, 2, 3], [4]], (35, 21, 14)) == {1: 23, 2: 23, 3: 23, 4: 0}
    assert titans_shares([[1], [2], [3, 4]], (35, 21, 14)) == {1: 35, 2: 21, 3: 7, 4: 7}


def full_regular_season(tmp_path):
    """Four leagues played out; Warriors A's winner W1 was 2nd in its 4-player game."""
    s = Season(tmp_path, leagues=4)
    play_out(s, "gods", GODS)
    play_out(s, "priests", PRIESTS)
    s.ladder(["W1, W2, W3, W4, W5, W6, W7", "W1, W2, W3, W4, W5, W6", "W1, W2, W3, W4, W5",
              "W2, W1, W3, W4", "W1, W2, W3"], "warriors-a")
    play_out(s, "warriors-b", WARRIORS_B)
    return s


def test_the_special_matches_and_the_battle_of_titans(tmp_path):
    """Rules W7-8 .. W7-12: Fortune = Gods 3rd, Priests 2nd, both Warriors 1st; its winner is
    the Titans' fourth player after Gods 1st, 2nd and Priests 1st; Will = Priests 5th and both
    Warriors 2nd. Rule W7-27: a tie favours the higher league, then between Warriors players
    the chain of W7-26 (W1 was 2nd in game 4, V1 1st). Rules W7-18, W7-28 for the Titans."""
    # rule W7-8, W7-12, W7-27, W7-26, W7-18, W7-28
    s = full_regular_season(tmp_path)
    early = s.refused(EnterSpecial(s.slug, "titans", GameInput("Anna, Boris, P1, Clara")))
    assert early.code == "sw.fortune_first"
    fortune = s.special("fortune", "Clara = P2, W1 = V1")
    assert [s.name(p) for p in fortune.order] == ["Clara", "P2", "V1", "W1"]
    notes = s.notes("fortune")
    assert any("rule W7-27, league this season" in n for n in notes)
    assert "rule W7-26 (1), game 5: W1 1, V1 1" in notes
    assert "rule W7-26 (1), game 4: W1 2, V1 1" in notes
    assert phases.current(s.state, SEVEN_WONDERS).key == "specials"
    will = s.special("will", "W2, V2, P5")
    assert [s.name(p) for p in will.order] == ["W2", "V2", "P5"]
    wrong = s.refused(EnterSpecial(s.slug, "titans", GameInput("Anna, Boris, P1, Dmitry")))
    assert wrong.code == "sw.not_due"
    s.special("titans", "Anna = Boris, P1, Clara")
    rows = s.rows()
    assert (rows["Anna"].titans, rows["Boris"].titans, rows["P1"].titans,
            rows["Clara"].titans) == (28, 28, 14, 0)
    assert any("share places 1-2, 28 points each" in n for n in s.notes("titans"))
    state = s.state
    assert phases.is_complete(state, SEVEN_WONDERS)
    assert state.players[phases.champion(state, SEVEN_WONDERS)].name == "Anna"
    # rule W7-16: only regular games give winner points: W2 has the 4 of its ladder's game 4,
    # nothing for winning the Will match; Clara nothing for the Fortune match
    assert rows["W2"].wins == 4 and rows["Clara"].wins == 0


def test_a_regular_season_without_ties_or_penalties_hands_out_366_points(tmp_path):
    """Rule W7-17's check: 4 x 25 (wins) + 84 + 56 + 28 + 28 (places) + 70 (Titans) = 366."""
    # rule W7-17
    s = full_regular_season(tmp_path)
    s.special("fortune", "Clara, P2, W1, V1")
    s.special("titans", "Anna, Boris, P1, Clara")
    assert sum(r.total for r in s.rows().values()) == 366


def test_a_starting_season_has_no_fortune_match_and_the_league_winners_play_the_titans(
        tmp_path):
    """Rule W7-6; rule W7-17's check: 4 leagues give 4 x 25 + 4 x 56 + 70 = 394."""
    s = Season(tmp_path, leagues=4, season="starting")
    for key, names in zip(s.keys, (GODS, PRIESTS, WARRIORS_A, WARRIORS_B), strict=True):
        play_out(s, key, names)
    none = s.refused(EnterSpecial(s.slug, "fortune", GameInput("Clara, P3, W3, V3")))
    assert none.code == "sw.special.none"
    s.special("titans", "Anna, P1, W1, V1")
    assert sum(r.total for r in s.rows().values()) == 394


# W7-19 .. W7-24: discipline ----------------------------------------------------------------------
def test_each_overrun_costs_5_and_the_season_total_is_floored_at_0(season):
    """Rule W7-19: Galina (7th in Gods: 3 points) over time: 3 - 5 floors at 0; Anna wins the
    game (7) and is over time: 7 + ... - 5."""
    # rule W7-19
    season.game(ALL, overruns=("Galina", "Anna"))
    rows = season.rows()
    assert (rows["Galina"].penalties, rows["Galina"].total, rows["Galina"].floored) == (5, 0,
                                                                                        True)
    assert rows["Anna"].penalties == 5 and rows["Anna"].total == 7 - 5
    assert any("floored at 0" in n[0] for n in rows["Galina"].notes)


def test_an_overrun_reported_after_the_game(season):
    """Rule W7-19: recorded on the game later; one for a player not in the game is refused."""
    # rule W7-19
    season.game(ALL)
    season.game("Anna, Boris, Clara, Dmitry, Elena, Fedor")
    season.overrun("gods/2", "Boris")
    assert season.rows()["Boris"].penalties == 5
    error = season.refused(AddOverrun(season.slug, "gods/2", "Galina"))
    assert error.code == "sw.not_in_game" and "Galina did not play gods/2" in str(error)
    again = season.refused(AddOverrun(season.slug, "gods/2", "Boris"))
    assert again.code == "sw.overrun.exists"
    missing = season.refused(AddOverrun(season.slug, "gods/9", "Boris"))
    assert isinstance(missing, NotFound)


def test_the_third_overrun_of_the_year_bars_from_the_next_season(season):
    """Rule W7-19: two overruns in earlier seasons plus one now: barred."""
    # rule W7-19
    season.profile("Clara", overruns=2)
    season.game(ALL, overruns=("Clara",))
    row = season.rows()["Clara"]
    assert row.barred
    assert any("overrun 3 of the year" in n[0] % n[1] for n in row.notes)
    assert not season.rows()["Anna"].barred


def test_a_kicker_is_out_at_once_with_0_points_and_barred(season):
    """Rules W7-20, W7-21: Anna kicks Galina (who ran out of time) and would have won; the
    game is unfinished; Anna is out (7th), ends the season with 0 and is barred."""
    # rule W7-20, W7-21
    game = season.game(ALL, kicker="Anna", unfinished=True)
    assert season.name(game.out) == "Anna"
    assert season.places() == {"Anna": 7}
    row = season.rows()["Anna"]
    assert (row.total, row.kicked, row.barred) == (0, True, True)
    assert row.place_points == 3  # shown, but the total is 0
    assert "Galina" in season.due_names()


def test_an_unfinished_game_gives_no_winner_points_and_1_point_to_the_others(season):
    """Rule W7-21: ended by the overall time limit: no winner points; 1 point to everyone but
    the kicker and the players over time; the deepest in negative time is out."""
    # rule W7-21
    game = season.game(ALL, unfinished=True, deepest="Fedor", overruns=("Fedor", "Galina"))
    assert season.name(game.out) == "Fedor"
    rows = season.rows()
    assert [rows[n].unfinished for n in GODS] == [1, 1, 1, 1, 1, 0, 0]
    assert all(rows[n].wins == 0 for n in GODS)
    assert season.places() == {"Fedor": 7}
    error = season.refused(EnterGame(season.slug, "gods", GameInput(
        "Anna, Boris, Clara, Dmitry, Elena, Galina", unfinished=True)))
    assert error.code == "sw.unfinished"


def test_the_player_deepest_in_negative_time_is_over_the_time_limit(season):
    """Rules W7-19, W7-21: negative time is over the time limit: the deepest one gets −5 and
    no unfinished-game point even when not listed among the overruns."""
    # rule W7-19, W7-21
    season.game(ALL, unfinished=True, deepest="Dmitry")
    dmitry = season.rows()["Dmitry"]
    assert (dmitry.penalties, dmitry.unfinished) == (5, 0)
    assert season.rows()["Galina"].unfinished == 1


def test_an_unfinished_game_by_a_kick_eliminates_the_kicker(season):
    """Rule W7-21: the kicker gets no point and is out; the others 1 each."""
    # rule W7-21
    season.game(ALL, unfinished=True, kicker="Dmitry", no_positions=True)
    rows = season.rows()
    assert season.places() == {"Dmitry": 7}
    assert rows["Dmitry"].unfinished == 0 and rows["Anna"].unfinished == 1


def four_games(season: Season) -> None:
    """Games 1 to 4 of Gods; in game 4 Anna and Boris tie for first, in game 3 Boris was 1st
    and Anna 2nd."""
    season.game(ALL)
    season.game("Anna, Boris, Clara, Dmitry, Elena, Fedor")
    season.game("Boris, Anna, Clara, Dmitry, Elena")
    season.game("Anna = Boris, Clara, Dmitry")


def test_an_unfinished_final_by_the_time_limit_is_decided_by_an_earlier_game(season):
    """Rule W7-22: the deepest in negative time (Clara) takes 3rd; Anna and Boris go by who
    was higher in the previous game (game 4: both 1st), then the game before (game 3: Boris
    1st, Anna 2nd): Boris 1st, Anna 2nd."""
    # rule W7-22
    four_games(season)
    season.game("Anna, Boris, Clara", unfinished=True, deepest="Clara")
    assert season.places() == {"Boris": 1, "Anna": 2, "Clara": 3, "Dmitry": 4, "Elena": 5,
                               "Fedor": 6, "Galina": 7}
    notes = season.notes("gods/5")
    assert any("rule W7-22" in n for n in notes)
    assert any("game 4: Anna 1, Boris 1" in n for n in notes)
    assert any("game 3: Anna 2, Boris 1" in n for n in notes)
    boris = season.rows()["Boris"]
    assert (boris.wins, boris.unfinished) == (5 + 4 // 2, 1)  # no winner points in the final


def test_an_unfinished_final_by_a_kick(season):
    """Rule W7-22: the kicker (Clara) takes 3rd; of the other two, the one deeper in negative
    time (Anna) takes 2nd."""
    # rule W7-22
    four_games(season)
    season.game("Anna, Boris, Clara", unfinished=True, kicker="Clara", deepest="Anna")
    assert {n: p for n, p in season.places().items() if p <= 3} == {"Boris": 1, "Anna": 2,
                                                                    "Clara": 3}
    assert season.rows()["Clara"].total == 0


def test_the_final_order_and_a_tie_in_it(season):
    """Rule W7-2 with W7-26: a tie for 2nd-3rd in the final is broken like a tie for last: in
    game 4 Boris shared 1st, Clara was 3rd: Boris 2nd, Clara 3rd."""
    # rule W7-2, W7-26
    four_games(season)
    season.game("Anna, Boris = Clara")
    assert season.places()["Boris"] == 2 and season.places()["Clara"] == 3


def test_a_lifted_overrun_restores_the_points_and_leaves_the_lifting_in_the_log(season):
    """Rule W7-24: the organiser lifts Clara's overrun with a reason: no -5, it does not count
    toward the bar, and the decision stays in the log."""
    # rule W7-24
    season.profile("Clara", overruns=2)
    season.game(ALL, overruns=("Clara",))
    assert season.rows()["Clara"].barred and season.rows()["Clara"].floored
    no_reason = season.refused(LiftPenalty(season.slug, "gods/1", "Clara", "overrun", " "))
    assert no_reason.code == "sw.reason"
    season.lift("gods/1", "Clara", reason="the site was down for everyone")
    row = season.rows()["Clara"]
    assert (row.penalties, row.barred, row.floored, row.lifted) == (0, False, False, 1)
    lifted = season.service.log(season.slug)[-1]
    assert lifted.kind == "seven-wonders.lifted"
    assert lifted.reason == "the site was down for everyone" and lifted.actor == "org"
    twice = season.refused(LiftPenalty(season.slug, "gods/1", "Clara", "overrun", "again"))
    assert twice.code == "sw.lifted"
    none = season.refused(LiftPenalty(season.slug, "gods/1", "Anna", "overrun", "why"))
    assert isinstance(none, NotFound)


def test_a_lifted_kick_restores_the_points_but_not_the_place(season):
    """Rule W7-24: the kick's 0 points and bar are lifted; Anna stays out (7th, 3 points)."""
    # rule W7-24
    season.game(ALL, kicker="Anna", unfinished=True)
    season.lift("gods/1", "Anna", "kick", "a documented emergency")
    row = season.rows()["Anna"]
    assert (row.kicked, row.barred, row.total, row.place) == (False, False, 3, 7)


# W7-26: ties for elimination ---------------------------------------------------------------------
def test_a_tie_for_last_is_broken_by_the_previous_game(season):
    """Rule W7-26 (1): Elena and Fedor tie for last in game 2; in game 1 Elena was 5th and
    Fedor 6th: Fedor is out."""
    # rule W7-26
    season.game(ALL)
    game = season.game("Anna, Boris, Clara, Dmitry, Elena = Fedor")
    assert season.name(game.out) == "Fedor"
    assert "rule W7-26 (1), game 1: Elena 5, Fedor 6" in season.notes("gods/2")


def test_a_tie_for_last_goes_back_more_than_one_game(season):
    """Rule W7-26 (1): Elena and Fedor tie for last in game 3; in game 2 they shared 3rd; in
    game 1 Elena was 5th and Fedor 6th: Fedor is out (5th)."""
    # rule W7-26
    season.game(ALL)
    season.game("Anna, Boris, Elena = Fedor, Clara, Dmitry")
    game = season.game("Anna, Boris, Clara, Elena = Fedor")
    assert season.name(game.out) == "Fedor"
    assert season.places()["Fedor"] == 5
    notes = season.notes("gods/3")
    assert notes.index("rule W7-26 (1), game 2: Elena 3, Fedor 3") < notes.index(
        "rule W7-26 (1), game 1: Elena 5, Fedor 6")


def tied_twice(season: Season) -> None:
    """Elena and Fedor share 5th in game 1 and 3rd in game 2 (Galina, then Dmitry out)."""
    season.game("Anna, Boris, Clara, Dmitry, Elena = Fedor, Galina")
    season.game("Anna, Boris, Elena = Fedor, Clara, Dmitry")


def test_then_the_higher_league_last_season(season):
    """Rule W7-26 (2): Elena and Fedor tie for last in game 3; they were equal in game 2 and in
    game 1, back to the season's start; last season Fedor was in Priests (level 1), Elena in
    Warriors (level 2): Elena is out (5th)."""
    # rule W7-26
    season.profile("Fedor", level=1, place=6)
    season.profile("Elena", level=2, place=1)
    tied_twice(season)
    game = season.game("Anna, Boris, Clara, Elena = Fedor")
    assert season.name(game.out) == "Elena" and season.places()["Elena"] == 5
    notes = season.notes("gods/3")
    assert "rule W7-26 (1), game 2: Elena 3, Fedor 3" in notes
    assert "rule W7-26 (1), game 1: Elena 5, Fedor 5" in notes
    assert "rule W7-26 (2), league last season (0 = the top one): Elena 2, Fedor 1" in notes


def test_then_the_higher_place_last_season(season):
    """Rule W7-26 (3): equal in games 2 and 1, both in Priests last season, Fedor 4th and
    Elena 2nd: Fedor is out."""
    # rule W7-26
    season.profile("Fedor", level=1, place=4)
    season.profile("Elena", level=1, place=2)
    tied_twice(season)
    game = season.game("Anna, Boris, Clara, Elena = Fedor")
    assert season.name(game.out) == "Fedor"
    assert "rule W7-26 (3), place last season: Elena 2, Fedor 4" in season.notes("gods/3")


def test_a_first_game_tie_goes_straight_to_last_season(season):
    """Rule W7-26 (2) in game 1: no previous game of the season."""
    # rule W7-26
    season.profile("Fedor", level=1, place=6)
    season.profile("Galina", level=2, place=1)
    game = season.game("Anna, Boris, Clara, Dmitry, Elena, Fedor = Galina")
    assert season.name(game.out) == "Galina"


def test_then_a_die_roll_recorded_by_the_organiser(season):
    """Rule W7-26 (4): nothing separates Elena and Fedor (equal in games 2 and 1, no history):
    the ladder waits for the roll (the next game is refused), the roll is recorded, higher is
    better; a roll that leaves them tied and a roll where there is no tie are refused."""
    # rule W7-26
    tied_twice(season)
    game = season.game("Anna, Boris, Clara, Elena = Fedor")
    assert game.out is None and game.unresolved
    waiting = season.refused(EnterGame(season.slug, "gods", GameInput(
        "Anna, Boris, Clara, Elena")))
    assert waiting.code == "sw.roll_due"
    tied = season.refused(RollDie(season.slug, "gods/3", (("Fedor", 4), ("Elena", 4))))
    assert tied.code == "sw.roll_tied"
    season.roll("gods/3", Fedor=2, Elena=5)
    assert season.places()["Fedor"] == 5
    assert "rule W7-26 (4), die roll: Elena 5, Fedor 2" in season.notes("gods/3")
    no_tie = season.refused(RollDie(season.slug, "gods/3", (("Fedor", 1), ("Elena", 6))))
    assert no_tie.code == "sw.no_tie"


def test_the_service_can_roll_the_die_from_the_event_seed(season):
    """Rule W7-26 (4): without values the service rolls (a d6 each, again until it decides),
    stores the values and the seed; replay gives the same."""
    # rule W7-26
    season.game("Anna, Boris, Clara, Dmitry, Elena, Fedor = Galina")
    game = season.run(RollDie(season.slug, "Gods 1")).value.game
    stored = season.service.log(season.slug)[-1].payload
    assert stored["drawn"] and stored["sides"] == 6 and "seed" in stored
    values = [r["value"] for r in stored["rolls"]]
    assert len(set(values)) == 2 and all(1 <= v <= 6 for v in values)
    assert game.out is not None
    again = replay(season.service.log(season.slug), SEVEN_WONDERS)
    assert again.extra["seven-wonders"].find("gods/1").out == game.out


def test_a_die_roll_when_there_is_no_tie_is_refused(season):
    season.game(ALL)
    error = season.refused(RollDie(season.slug, "gods/1", (("Fedor", 1), ("Galina", 6))))
    assert error.code == "sw.no_tie"


def test_last_season_facts_are_set_before_the_league_starts(season):
    """Rule W7-26 (2), (3) decide this season's ties, so they cannot change once it plays."""
    # rule W7-26
    season.game(ALL)
    error = season.refused(SetProfile(season.slug, "Fedor", level=0))
    assert error.code == "sw.profile.started"
    season.profile("Fedor", premium=True)  # a premium account may change any time


# W7-23, W7-27 ------------------------------------------------------------------------------------
def test_an_unfinished_survival_battle_is_replayed_without_the_kicker_and_negative_time():
    """Rule W7-23 (the survival battles themselves are the year's)."""
    # rule W7-23
    assert survival_replay([1, 2, 3, 4, 5], kicker=2, negative_time=[4]) == ([1, 3, 5], 2)
    assert survival_replay([1, 2, 3, 4, 5], None, [4, 5], deepest=5) == ([1, 2, 3], 5)


def test_a_fortune_tie_between_warriors_can_go_to_the_die(tmp_path):
    """Rule W7-27: two Warriors winners equal down the whole chain: the roll decides."""
    # rule W7-27
    s = Season(tmp_path, leagues=4)
    for key, names in zip(s.keys, (GODS, PRIESTS, WARRIORS_A, WARRIORS_B), strict=True):
        play_out(s, key, names)
    fortune = s.special("fortune", "W1 = V1, Clara, P2")
    assert fortune.unresolved
    s.roll("fortune", W1=6, V1=3)
    assert [s.name(p) for p in s.book.specials["fortune"].order[:2]] == ["W1", "V1"]


# W7-36: logistics and self-report ----------------------------------------------------------------
def test_who_creates_the_table_and_the_deadline(tmp_path):
    """Rule W7-36: a premium player creates it with the regulation's settings; without one
    the organiser creates a turn-based game of 7 days (6-7 players) or 5 (3-5 players), active
    time 9:00-21:00; the deadline counts from the season's start, then from the last game."""
    # rule W7-36
    s = Season(tmp_path, start="2025-03-01")
    first = next_game(s.state, "gods")
    assert first.creator is None
    assert (first.turn_based_days, first.active_hours) == (7, "9:00-21:00")
    assert first.deadline is not None
    assert first.deadline.strftime("%Y-%m-%d %H:%M") == "2025-03-08 00:00"
    assert "Deadline: 2025-03-08 00:00 UTC" in [str(line) for line in first.lines]
    s.profile("Boris", premium=True)
    s.game(ALL)
    s.game("Anna, Boris, Clara, Dmitry, Elena, Fedor")
    info = next_game(s.state, "gods")
    assert info.creator is not None and info.creator.name == "Boris"
    assert "settings" in info.site_settings
    s.run(SetProfile(s.slug, "Boris", premium=False))
    info = next_game(s.state, "gods")
    assert info.turn_based_days == 5
    last = s.book.ladders["gods"].games[-1].at
    assert info.deadline == last + timedelta(days=5)


# the players' self-report (rule W7-36) through the kernel: test_seven_wonders_self_report.py


# the season table --------------------------------------------------------------------------------
def test_the_season_table_has_a_note_for_each_decision(season):
    season.game(ALL, overruns=("Galina",))
    season.lift("gods/1", "Galina", reason="site failure")
    views = {v.key: v for v in SEVEN_WONDERS.tables(season.state)}
    assert {"season", "league-gods"} <= set(views)
    rows = {r["player"]: r for r in views["league-gods"].rows}
    assert rows["Galina"]["place"] == 7 and "lifted" in rows["Galina"]["note"]
    assert [c.key for c in views["season"].columns] == [
        "league", "place", "player", "total", "wins", "unfinished", "place_points", "titans",
        "penalties", "note"]
