"""Projections of a 7 Wonders season (rules W7-2, W7-6, W7-8 .. W7-12, W7-26): each player's
chances of the goals of their league and what they need from their next game, built through
the service like every season test, then asked of the ruleset's hooks.

The hand-worked season: every ladder played but the Gods', which has its final of three
(Anna, Boris, Clara) to play; Dmitry 4th, Elena 5th, Fedor 6th, Galina 7th. Priests, Warriors
A and B are placed in order (P1 1st ... P7 7th). So the Fortune match is the Gods' 3rd (one
of the three), P2, W1 and V1; the Will match P5, W2, V2; the Titans the Gods' 1st and 2nd, P1
and the Fortune match's winner.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from podium.core.errors import InvalidInput, NotFound
from podium.core.projection import Chance, Strengths
from podium.formats.seven_wonders import codes, odds
from podium.formats.seven_wonders.odds_now import season_now
from podium.formats.seven_wonders.odds_tables import RATING_SCALE
from podium.formats.seven_wonders.rules import SEVEN_WONDERS, due, special_players
from podium.formats.seven_wonders.season import FORTUNE, TITANS, WILL, book_of
from podium.formats.seven_wonders.year import GODS as GODS_TIER
from podium.formats.seven_wonders.year import PRIESTS as PRIESTS_TIER
from podium.formats.seven_wonders.year import SURVIVAL, WARRIORS, regular_tiers
from podium.formats.seven_wonders.year_commands import facts_from
from podium.service.commands import DropPlayer
from tests.formats.seven_wonders.sw_builders import (
    GODS,
    PRIESTS,
    WARRIORS_A,
    WARRIORS_B,
    Season,
    play_out,
)


def _gods_final(tmp_path, **settings) -> Season:
    season = Season(tmp_path, leagues=4, **settings)
    for key, names in zip(season.keys[1:], (PRIESTS, WARRIORS_A, WARRIORS_B), strict=True):
        play_out(season, key, names)
    left = list(GODS)
    while len(left) > 3:
        season.game(", ".join(left), season.keys[0])
        left.pop()
    return season


@pytest.fixture
def gods_final(tmp_path) -> Season:
    return _gods_final(tmp_path)


def chances(season: Season, **kw) -> dict[str, dict[str, Chance]]:
    state = season.state
    projection = SEVEN_WONDERS.projection(state, **kw)
    assert projection is not None
    return {state.players[pid].name: dict(c) for pid, c in projection.chances.items()}


def exact(found: dict[str, dict[str, Chance]]) -> dict[str, dict[str, Fraction]]:
    out = {}
    for name, by_goal in found.items():
        assert all(c.exact is not None for c in by_goal.values())
        out[name] = {key: c.exact for key, c in by_goal.items() if c.exact}
    return out


def pid(season: Season, name: str) -> int:
    return season.state.player_by_name(name).id


# -- the uniform model, exactly -----------------------------------------------------------------
def test_every_finish_equally_likely_gives_the_hand_worked_fractions(gods_final):
    """The final's 6 orders, the Fortune match's 24 and the Will match's 6, each equally
    likely: 864 outcomes, enumerated."""
    # rule W7-2: the final's order gives places 1-3; rule W7-8: Gods 1st and 2nd -> Titans,
    # 3rd -> Fortune; rule W7-11: the Fortune winner is the Titans' fourth
    projection = SEVEN_WONDERS.projection(gods_final.state)
    assert projection.exact and projection.remaining == 3  # the final, Fortune, Will
    got = exact(chances(gods_final))
    for name in ("Anna", "Boris", "Clara"):
        # Titans: 1st or 2nd (2/3), or 3rd (1/3) and winning the Fortune match of 4 (1/4)
        assert got[name] == {"league": Fraction(1, 3), "titans": Fraction(3, 4),
                             "fortune": Fraction(1, 3)}
    assert got["Dmitry"] == {} and got["Elena"] == {}
    # rule W7-9, W7-11: P2 goes up if higher than W1 and V1 in the Fortune match (1/3)
    assert got["P2"] == {"titans": Fraction(1, 4), "promotion": Fraction(1, 3), "fortune": 1}
    # rule W7-12: P5 stays only by winning the Will match of three
    assert got["P5"] == {"will": 1, "relegation": Fraction(2, 3)}
    # rule W7-10: Warriors 1st -> Fortune and Priests; 2nd -> Will; 5th-7th defend
    assert got["W1"] == {"league": 1, "titans": Fraction(1, 4), "promotion": 1, "fortune": 1}
    assert got["W2"] == {"promotion": Fraction(1, 3), "will": 1}
    assert got["V5"] == got["V7"] == {"survival": 1}


def test_a_player_already_sure_of_promotion_and_players_already_relegated(gods_final):
    """The Priests' ladder is played: P1 goes up to Gods whatever the Gods' final gives
    (chance exactly 1), P6 and P7 go down (exactly 1), and so do the Gods' 6th and 7th."""
    got = chances(gods_final)
    # rule W7-9: Priests 1st -> Titans and up to Gods; 6th-7th down to Warriors
    assert got["P1"]["promotion"] == Chance(exact=Fraction(1))
    assert got["P1"]["titans"].certain and got["P1"]["relegation"].impossible
    assert got["P7"]["relegation"] == Chance(exact=Fraction(1))
    assert got["P6"]["relegation"].exact == 1 and got["P6"]["promotion"].exact == 0
    # rule W7-8: Gods 6th-7th down to Priests; the Gods have no promotion to give
    assert got["Fedor"]["relegation"].exact == got["Galina"]["relegation"].exact == 1
    assert "promotion" not in got["Fedor"] and "relegation" not in got["W7"]


# -- the rating model, exactly -------------------------------------------------------------------
def _anna_twice_as_strong(season: Season) -> Strengths:
    """Openskill ordinals (scale 25/6): Anna ln 2 scales above everyone, so her weight is
    twice theirs."""
    values = {p: 0.0 for p in season.state.players}
    values[pid(season, "Anna")] = RATING_SCALE * math.log(2)
    return Strengths(values, "ratings")


def test_the_rating_model_plays_each_table_by_plackett_luce(gods_final):
    # rule W7-2 and W7-11 under the rating model: weights Anna 2, everyone else 1
    got = exact(chances(gods_final, model="rating",
                        strengths=_anna_twice_as_strong(gods_final)))
    # Anna 1st 2/4; 3rd 1/6 (then wins the Fortune match 2/5): Titans 5/6 + 1/15
    assert got["Anna"] == {"league": Fraction(1, 2), "titans": Fraction(9, 10),
                           "fortune": Fraction(1, 6)}
    # Boris 1st 1/4; 3rd 1/4 * 1/2 + 1/4 * 2/3 = 5/12, then wins the Fortune match 1/4
    assert got["Boris"]["league"] == Fraction(1, 4)
    assert got["Boris"]["titans"] == Fraction(7, 12) + Fraction(5, 12) * Fraction(1, 4)
    # P2 wins the Fortune match 1/5 against Anna (the Gods' 3rd 1/6 of the time), else 1/4
    assert got["P2"]["titans"] == Fraction(1, 6) * Fraction(1, 5) + Fraction(5, 6) / 4
    assert got["P2"]["promotion"] == Fraction(1, 3)  # W1, V1 and P2 weigh the same


# -- Monte Carlo -------------------------------------------------------------------------------
@pytest.mark.parametrize("model", ["uniform", "rating"])
def test_monte_carlo_is_within_its_margin_of_the_exact_answer(gods_final, monkeypatch, model):
    """The same season drawn 9604 times instead of enumerated: every chance within twice its
    95% margin of the exact one, and nearly all (95% expected) within the margin itself;
    the certain ones drawn in every trial."""
    strengths = _anna_twice_as_strong(gods_final) if model == "rating" else None
    truth = chances(gods_final, model=model, strengths=strengths)
    monkeypatch.setattr(odds, "EXACT_LIMIT", 0)
    drawn = chances(gods_final, model=model, strengths=strengths, seed=3)
    within = total = 0
    for name, by_goal in truth.items():
        for key, chance in by_goal.items():
            estimate = drawn[name][key]
            assert estimate.exact is None and estimate.trials == 9604
            gap = abs(estimate.value - chance.value)
            assert gap <= 2 * estimate.margin + 1e-12, (name, key)
            if chance.certain:
                assert estimate.certain
            if chance.impossible:
                assert estimate.impossible
            within += gap <= estimate.margin + 1e-12
            total += 1
    assert within >= 0.9 * total
    assert max(c.margin for g in drawn.values() for c in g.values()) <= 0.0101


def test_a_season_mid_way_is_drawn_with_its_margin_and_its_certainties(tmp_path):
    """Every league after two games: too many outcomes to visit (120 per league), so drawn;
    P1 .. P7's ladder was played out, so P1's promotion and P7's relegation hold in every
    trial."""
    season = Season(tmp_path, leagues=4)
    play_out(season, "priests", PRIESTS)
    for key, names in (("gods", GODS), ("warriors-a", WARRIORS_A), ("warriors-b", WARRIORS_B)):
        season.ladder([", ".join(names), ", ".join(names[:-1])], key)
    projection = SEVEN_WONDERS.projection(season.state, seed=1)
    assert not projection.exact and projection.trials == 9604
    assert projection.remaining == 3 * 3 + 2
    got = chances(season, seed=1)
    assert got["P1"]["promotion"].certain and got["P7"]["relegation"].certain
    # uniform: each of the Gods' five still in is 1st a fifth of the time
    for name in GODS[:5]:
        assert abs(got[name]["league"].value - 0.2) <= got[name]["league"].margin
    assert got["Galina"]["league"].impossible


# -- a tie waiting for its die -----------------------------------------------------------------
def test_a_tie_waiting_for_the_die_is_a_coin_flip_whatever_the_model(tmp_path):
    """One league: game 1's last place is shared by Fedor and Galina with nothing to break it
    (rule W7-26 (4)): the die puts either out (7th), then the ladder goes on with six."""
    season = Season(tmp_path, leagues=1)
    game = season.game("Anna, Boris, Clara, Dmitry, Elena, Fedor = Galina")
    assert game.unresolved
    for model in ("uniform", "rating"):
        strengths = _anna_twice_as_strong(season) if model == "rating" else None
        got = exact(chances(season, model=model, strengths=strengths))
        # rule W7-8: 6th-7th go down; 7th by the die half the time, else 6th of six
        assert got["Fedor"]["relegation"] == Fraction(1, 2) + Fraction(1, 2) * (
            Fraction(1, 6) if model == "uniform" else got["Boris"]["relegation"])
    need = SEVEN_WONDERS.need(season.state, pid(season, "Fedor"), "relegation")
    assert need.exact and [c.exact for c in need.after] == [Fraction(1, 6), 1]
    assert str(need.outcomes[1].label) == "place 2 of 2 by the die roll"


# -- what a player needs -----------------------------------------------------------------------
def test_what_a_player_of_the_final_needs(gods_final):
    """Anna's next table is the final of three."""
    state = gods_final.state
    anna = pid(gods_final, "Anna")
    titans = SEVEN_WONDERS.need(state, anna, "titans")
    # rule W7-8: 1st or 2nd -> Titans; 3rd -> the Fortune match, whose winner plays them
    assert titans.exact
    assert [c.exact for c in titans.after] == [1, 1, Fraction(1, 4)]
    assert [o.key for o in titans.outcomes] == ["place-1", "place-2", "place-3"]
    assert titans.keeps_possible.key == "place-3" and titans.guarantees.key == "place-2"
    league = SEVEN_WONDERS.need(state, anna, "league")
    assert league.keeps_possible.key == "place-1" == league.guarantees.key
    assert str(league.outcomes[0].label) == "place 1 of 3 in the next game"


def test_what_a_player_of_a_special_match_needs(gods_final):
    """W2's and P5's next table is the Will match of three (rule W7-12)."""
    state = gods_final.state
    promotion = SEVEN_WONDERS.need(state, pid(gods_final, "W2"), "promotion")
    assert [c.exact for c in promotion.after] == [1, 0, 0]
    assert promotion.guarantees.key == "place-1" == promotion.keeps_possible.key
    stay = SEVEN_WONDERS.need(state, pid(gods_final, "P5"), "relegation")
    assert [c.exact for c in stay.after] == [0, 1, 1]
    # P2's Fortune match: the Gods' final decides its fourth player, still played on
    up = SEVEN_WONDERS.need(state, pid(gods_final, "P2"), "promotion")
    assert len(up.outcomes) == 4 and up.after[0].exact == 1 and up.after[3].exact == 0
    assert str(up.outcomes[0].label) == "place 1 of 4 in the Fortune match"


def test_a_player_with_no_game_due_needs_nothing(gods_final):
    need = SEVEN_WONDERS.need(gods_final.state, pid(gods_final, "Fedor"), "relegation")
    assert need.outcomes == () and need.keeps_possible is None and need.guarantees is None


def test_what_a_player_needs_mid_ladder_is_drawn_with_each_place(tmp_path):
    season = Season(tmp_path, leagues=4)
    for key, names in zip(season.keys, (GODS, PRIESTS, WARRIORS_A, WARRIORS_B), strict=True):
        season.game(", ".join(names), key)
    need = SEVEN_WONDERS.need(season.state, pid(season, "P1"), "relegation", trials=2000)
    assert not need.exact and len(need.outcomes) == 6
    # rule W7-9: last of the six is 6th, down to Warriors
    assert need.after[-1].certain and not need.after[0].certain
    assert need.keeps_possible.key == "place-6"


def test_a_goal_the_league_does_not_have_and_a_model_unknown_are_refused(gods_final):
    state = gods_final.state
    with pytest.raises(InvalidInput) as error:
        SEVEN_WONDERS.need(state, pid(gods_final, "Anna"), "promotion")
    assert error.value.code == codes.ODDS_GOAL and error.value.field == "goal"
    with pytest.raises(InvalidInput) as error:
        SEVEN_WONDERS.projection(state, model="elo")
    assert error.value.code == codes.ODDS_MODEL and error.value.field == "model"
    with pytest.raises(NotFound) as missing:
        SEVEN_WONDERS.need(state, 999, "league")
    assert missing.value.code == codes.ODDS_PLAYER and missing.value.field == "player"


def test_the_rating_model_without_strengths_says_it_plays_every_finish_alike(gods_final):
    projection = SEVEN_WONDERS.projection(gods_final.state, model="rating")
    assert projection.model == "rating"
    assert exact(chances(gods_final, model="rating")) == exact(chances(gods_final))
    assert any("no strengths" in str(note) for note in projection.notes)


# -- the simulation is the format's --------------------------------------------------------------
def test_a_complete_season_gives_exactly_what_the_format_decides(gods_final):
    """Every game played: nothing left, every chance 0 or 1, and each as the season's own
    matches (who plays them) and the year's next-season decision (rules W7-8 .. W7-12)."""
    gods_final.game("Clara, Anna, Boris", "gods")
    gods_final.special(FORTUNE, "W1, Boris, V1, P2")
    gods_final.special(WILL, "V2, P5, W2")
    gods_final.special(TITANS, "Clara, W1, Anna, P1")
    state = gods_final.state
    projection = SEVEN_WONDERS.projection(state)
    assert projection.done and projection.exact
    tiers, _lines = regular_tiers(facts_from(state), True)
    titans = set(special_players(state, TITANS))
    for player, by_goal in projection.chances.items():
        name, level = state.players[player].name, state.divisions[
            state.division_of[player]].level
        tier = tiers[name]
        expected = {"league": book_of(state).ladders[state.division_of[player]].places[player]
                    == 1, "titans": player in titans,
                    "fortune": player in special_players(state, FORTUNE),
                    "will": player in special_players(state, WILL),
                    "promotion": tier < level, "relegation": tier > level,
                    "survival": tier == SURVIVAL}
        assert {k: c.exact for k, c in by_goal.items()} == {
            k: Fraction(int(expected[k])) for k in by_goal}, name
    assert tiers["W1"] == GODS_TIER and tiers["P2"] == PRIESTS_TIER and tiers["P5"] == WARRIORS


def test_each_simulated_game_ends_as_the_engine_decides(tmp_path):
    """Property: from any point of a ladder (a drop-out included), the projection's next
    step for a random order gives the places and the players still in that entering the
    game gives (rule W7-2)."""
    rng = random.Random(5)
    for trial in range(3):
        (tmp_path / str(trial)).mkdir()
        season = Season(tmp_path / str(trial), leagues=1)
        dropped = rng.randrange(1, 4)
        for number in range(1, 6):
            state = season.state
            if not due(state, "gods").players or due(state, "gods").complete:
                break
            if number == dropped:
                season.run(DropPlayer(season.slug, state.players[due(state, "gods").players[
                    -1]].name, "left"))
                state = season.state
            league = season_now(state).leagues[0]
            order = list(league.first.players)
            rng.shuffle(order)
            places, alive = league.first.after(tuple(order))
            season.game(", ".join(state.players[p].name for p in order))
            after = season.state
            assert places == book_of(after).ladders["gods"].places
            assert set(alive) == set(due(after, "gods").players)


def test_a_starting_season_has_the_league_the_titans_and_the_defence(tmp_path):
    """Rule W7-6: the league winners play the Titans; the last 2 of each of 4 leagues (3 with
    5) defend their places; no Fortune or Will match, no promotion here."""
    season = _gods_final(tmp_path, season="starting")
    projection = SEVEN_WONDERS.projection(season.state)
    assert [g.key for g in projection.goals] == ["league", "titans", "survival"]
    got = exact(chances(season))
    assert got["Anna"] == {"league": Fraction(1, 3), "titans": Fraction(1, 3)}
    assert got["Fedor"] == {"survival": 1} and got["Elena"] == {}
    assert got["P1"] == {"league": 1, "titans": 1}


def test_a_kicker_plays_no_special_match_and_goes_neither_up_nor_down(gods_final):
    """Clara kicks a player in the final: 3rd, out with 0 points and barred (rules W7-20,
    W7-22); the Fortune match is P2, W1 and V1, each winning it a third of the time."""
    gods_final.game("Anna, Boris, Clara", "gods", kicker="Clara", unfinished=True)
    got = exact(chances(gods_final))
    assert got["Clara"] == {}  # no Fortune match, no Titans, not relegated: barred
    assert got["P2"] == {"titans": Fraction(1, 3), "promotion": Fraction(1, 3), "fortune": 1}
    assert got["W1"]["titans"] == Fraction(1, 3)
    assert got["Anna"] == {"league": 1, "titans": 1}
    need = SEVEN_WONDERS.need(gods_final.state, pid(gods_final, "P2"), "promotion")
    assert [c.exact for c in need.after] == [1, 0, 0]
    assert str(need.outcomes[0].label) == "place 1 of 3 in the Fortune match"
