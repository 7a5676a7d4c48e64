"""The W7 year as the regulation writes it: each departure podium had, worked by hand
from the regulation, and each point the regulation leaves open tested under both settings (the
default being the literal reading)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from podium.core.errors import Conflict
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.season import bars
from podium.formats.seven_wonders.settings import AS_FULL, MATCH
from podium.formats.seven_wonders.year import (
    SeasonFacts,
    die_order,
    next_leagues,
)
from podium.formats.seven_wonders.year_commands import tournament_overruns
from podium.formats.seven_wonders.year_views import due_view
from tests.formats.seven_wonders.sw_builders import Season
from tests.formats.seven_wonders.test_seven_wonders_year import (
    explained,
    league,
    regular,
    starting,
)
from tests.formats.seven_wonders.year_builders import (
    copy_of,
    invoke,
    league_players,
    refused,
    service_on,
)

ALL = "Anna, Boris, Clara, Dmitry, Elena, Fedor, Galina"
NOW = datetime(2030, 1, 1, tzinfo=UTC)
NEW = [f"N{i:02d}" for i in range(1, 13)]


def settings(**changes: object):
    from podium.formats import get_format

    return get_format("seven-wonders").parse_settings(changes)


def strength(result, name: str) -> int:
    """The player's strength rank in the Warriors split (rule W7-13), from its line."""
    return next(line.params["rank"] for line in result.lines
                if line.player == name and "balance snake" in line.msgid)


def distinct(facts: SeasonFacts) -> SeasonFacts:
    """Warriors A ahead of Warriors B in their games (no die needed between same places)."""
    for p in facts.players:
        p.positions = (p.place, p.place) if p.league != "warriors-b" else (p.place + 1, p.place)
    return facts


# -- departure 1: a bar only on a new third overrun (rule W7-19) -----------------------------------
def test_w7_19_no_new_overrun_no_bar(tmp_path: Path) -> None:
    # rule W7-19: «Третья просрочка ... лишает права участвовать в следующем сезоне»: Clara has
    # 3 overruns from earlier seasons and none now: she plays on; Boris has 2 and one now: his
    # third bars him
    season = Season(tmp_path)
    season.profile("Clara", overruns=3)
    season.profile("Boris", overruns=2)
    season.game(ALL, overruns=("Boris",))
    rows = season.rows()
    assert not rows["Clara"].barred
    assert rows["Boris"].barred and rows["Boris"].penalties == 5


def test_w7_19_a_fourth_overrun_bars_only_with_the_setting() -> None:
    # rule W7-19 names the third alone: a 4th overrun (3 before, 1 now) bars again only with
    # overruns_bar_again; a season without a new overrun never bars
    literal, again = settings(), settings(overruns_bar_again=True)
    assert bars(2, 1, literal) and bars(2, 1, again)  # the third
    assert not bars(3, 1, literal) and bars(3, 1, again)  # the fourth
    assert not bars(1, 1, literal) and not bars(1, 1, again)  # the second
    assert not bars(3, 0, literal) and not bars(5, 0, again)  # nothing new
    assert bars(1, 3, literal)  # three in one season: the third is among them


def test_w7_19_a_fourth_overrun_in_a_season(tmp_path: Path) -> None:
    # rule W7-19 under both settings, through a season: 3 overruns before, 1 now
    for again, barred in ((False, False), (True, True)):
        season = Season(tmp_path / str(again), overruns_bar_again=again)
        season.profile("Clara", overruns=3)
        season.game(ALL, overruns=("Clara",))
        assert season.rows()["Clara"].barred is barred


# -- departure 2: the overrun count over the whole tournament (rule W7-19) ------------------------
def test_w7_19_the_count_is_kept_over_a_season_out(tmp_path: Path) -> None:
    # rule W7-19: «в течение турнира»: Clara had 2 overruns when she sat a season out; back as
    # a newcomer, her profile carries the 2, so one more bars her
    season = Season(tmp_path)
    season.profile("Clara", overruns=1)
    season.game(ALL, overruns=("Clara",))
    history = tournament_overruns([season.state])
    assert history["Clara"] == 2 and history["Anna"] == 0
    result = next_leagues(regular(), newcomers=["Clara"], history=history,
                          survivors=["Clara", "A5", "B5", "A6", "B6", "A7"])
    assert result.profiles["Clara"]["overruns"] == 2
    assert bars(result.profiles["Clara"]["overruns"], 1, settings())


# -- departure 3: the Warriors split by the previous season's results (rule W7-13) ---------------
def test_w7_13_the_split_follows_last_seasons_results_then_newcomers_by_rating() -> None:
    # rule W7-13: «согласно результатам предыдущего сезона»: G1 and G2 leave, so 8 Warriors
    # places are free for the 6 defenders and 2 newcomers: no battle. Strength: P6, P7 (from
    # Priests), A2, B2, A3, B3, A4, B4, then A5, B5 (5th places) before A6, B6 and A7, B7; then
    # the newcomers by rating (N02 1900 before N01 1500)
    facts = distinct(regular(G1={"leaving": True}, G2={"leaving": True}))
    result = next_leagues(facts, newcomers=["N01", "N02"], ratings={"N01": 1500, "N02": 1900})
    warriors = [n for n in ("A5", "B5", "A6", "B6", "A7", "B7", "N02", "N01")]
    ranks = [strength(result, n) for n in warriors]
    assert ranks == sorted(ranks) and ranks[-1] == 14 - 2 + 2  # 12 kept + 2 newcomers
    assert strength(result, "B5") < strength(result, "A7")  # a 5th above a 7th
    # the organiser's own order of the newcomers
    given = next_leagues(facts, newcomers=["N01", "N02"], ratings={"N01": 1500, "N02": 1900},
                         newcomer_order=["N01", "N02"])
    assert strength(given, "N01") < strength(given, "N02")


# -- departure 4: the W7-35 shift runs through all leagues ---------------------------------------
def test_w7_35_twelve_leave_and_the_defenders_are_pulled_up() -> None:
    # rule W7-35: «сдвиг по общему ранжированию сквозь все лиги»: all of Gods and P1..P5 leave
    # (12). Kept: A1, B1 (to Priests by W7-10) and P6, P7, A2, B2, A3, B3, A4, B4 (Warriors):
    # 10 for the 14 places of Gods and Priests, so the best 4 defenders (A5, B5, A6, B6) come
    # up instead of defending; A7, B7 and 12 newcomers fill Warriors, no battle needed
    leaving = {n: {"leaving": True} for n in
               ["G1", "G2", "G3", "G4", "G5", "G6", "G7", "P1", "P2", "P3", "P4", "P5"]}
    facts = distinct(regular(**leaving))
    result = next_leagues(facts, newcomers=NEW)
    assert league(result, "gods") == ["A1", "B1", "P6", "P7", "A2", "B2", "A3"]
    assert league(result, "priests") == ["B3", "A4", "B4", "A5", "B5", "A6", "B6"]
    warriors = set(league(result, "warriors-a")) | set(league(result, "warriors-b"))
    assert warriors == {"A7", "B7", *NEW}
    assert any("no survival battle (rule W7-35)" in line for line in explained(result, "A5"))


def test_w7_35_only_newcomers_left_for_priests_is_refused_naming_the_rule() -> None:
    # rule W7-35: a newcomer comes in only into Warriors: 15 leave, 13 of last season are left
    leaving = {f"{x}{i}": {"leaving": True} for x in "GP" for i in range(1, 8)}
    leaving["A1"] = {"leaving": True}
    with pytest.raises(Conflict) as error:
        next_leagues(regular(**leaving), newcomers=NEW)
    assert error.value.code == codes.YEAR_CONSERVATION and error.value.field == "leaving"
    assert "W7-35" in error.value.message


# -- departure 5: the die rolled again until it decides (rules W7-26 (4), W7-30 (3)) ---------------
def test_w7_26_the_die_is_rolled_again_and_every_roll_kept() -> None:
    # rule W7-26 (4): a d6 each; the tied players roll again. A seed whose first round ties:
    # every round is kept and the order is by the deciding round
    seed = next(s for s in range(1000)
                if len(die_order(s, "W7-35", "W7-26 (4)", ["Anna", "Boris"])[1].rounds) > 1)
    order, roll = die_order(seed, "W7-35", "W7-26 (4)", ["Anna", "Boris"])
    first, *_middle, last = roll.rounds
    assert dict(first)["Anna"] == dict(first)["Boris"]
    assert dict(last)["Anna"] != dict(last)["Boris"]
    assert order[0] == max(dict(last), key=lambda n: dict(last)[n])
    assert all(1 <= v <= 6 for r in roll.rounds for _n, v in r)
    assert roll.text().count(";") == len(roll.rounds) - 1


def test_w7_26_the_next_season_records_its_dice() -> None:
    # rules W7-26 (4), W7-35: A3 and B3 are equal by (1)-(3): the die orders them, recorded
    # with the season's decisions
    result = next_leagues(regular(G1={"leaving": True}), newcomers=["N01"])
    rolled = [r for r in result.rolls if set(r.players) == {"A3", "B3"}]
    assert rolled and rolled[0].rule == "W7-26 (4)" and rolled[0].rounds
    assert any("the die decides (rule W7-26 (4)), rolled by podium" in line.text()
               for line in result.lines)


# -- the open points, each under both settings ---------------------------------------------------
def test_w7_24_a_lifted_overrun_keeps_the_unfinished_point_withheld(tmp_path: Path) -> None:
    # rules W7-21, W7-24: Fedor's overrun in an unfinished game is lifted: no -5, no bar; the
    # point «игроков, не уложившихся в тайм-лимит» do not get stays withheld by default,
    # comes back with lifted_overrun_point
    for setting, point in ((False, 0), (True, 1)):
        season = Season(tmp_path / str(setting), lifted_overrun_point=setting)
        season.game(ALL, unfinished=True, deepest="Galina", overruns=("Fedor", "Galina"))
        season.lift("gods/1", "Fedor")
        fedor = season.rows()["Fedor"]
        assert (fedor.penalties, fedor.unfinished) == (0, point)


def test_w7_11_w7_12_a_leaving_winners_seat() -> None:
    # rules W7-11, W7-12, W7-35: B1 won the Fortune match ahead of A1 and leaves. Literal
    # (shift): the Gods place B1 earned is filled by the overall ranking (G6, 6th in Gods);
    # match: it passes down the Fortune order to A1
    shift = next_leagues(regular(fortune=["G3", "B1", "A1", "P2"], B1={"leaving": True}),
                         newcomers=["N01"])
    assert "G6" in league(shift, "gods") and "A1" in league(shift, "priests")
    facts = regular(fortune=["G3", "B1", "A1", "P2"], B1={"leaving": True})
    facts.winner_seat = MATCH
    match = next_leagues(facts, newcomers=["N01"])
    assert "A1" in league(match, "gods") and "G6" in league(match, "priests")
    # the same for the Will match: B2 won it and leaves; shift: the Priests place by the
    # ranking (P5, the highest below); match: A2, next in the Will order
    will = ["B2", "A2", "P5"]
    shift = next_leagues(regular(will=will, B2={"leaving": True}), newcomers=["N01"])
    assert "P5" in league(shift, "priests") and "A2" not in league(shift, "priests")
    facts = regular(will=will, B2={"leaving": True})
    facts.winner_seat = MATCH
    match = next_leagues(facts, newcomers=["N01"])
    assert "A2" in league(match, "priests") and "P5" not in league(match, "priests")
    assert any("B2 left, so the seat won in the Will match passes down its order" in line
               for line in explained(match, "A2"))


def test_w7_6_starting_play_offs_after_drop_outs() -> None:
    # rules W7-6, W7-35: L1-1 leaves. After the drop-outs (default): the 2nds fill Gods slots
    # 3-6, no play-off; the 4ths straddle Priests and Warriors (slots 11-14): a play-off. As
    # if nobody left: the 2nds' play-off too
    facts = starting(4, **{"L1-1": {"leaving": True}})
    assert set(next_leagues(facts, newcomers=["N01"], preview=True).playoffs) == {4}
    facts.starting_playoffs = AS_FULL
    assert set(next_leagues(facts, newcomers=["N01"], preview=True).playoffs) == {2, 4}


def test_w7_30_a_play_off_with_a_tie() -> None:
    # rule W7-30: the 2nds' play-off ends L1-2, L4-2, L2-2 = L3-2 (3 of the 4 go to Gods): the
    # tie goes by ladder wins (L3-2 has more), so L3-2 takes the last Gods place and L2-2
    # goes to Priests
    facts = starting(4, **{"L3-2": {"wins": 12}, "L2-2": {"wins": 3}})
    result = next_leagues(facts, playoffs={2: ["L1-2", "L4-2", ["L2-2", "L3-2"]],
                                           4: ["L1-4", "L2-4", "L3-4", "L4-4"]})
    assert "L3-2" in league(result, "gods") and "L2-2" in league(result, "priests")
    assert any("rule W7-30" in line for line in explained(result, "L3-2"))


def test_w7_13_a_play_offs_order_ranks_its_players_for_the_split() -> None:
    # rules W7-6, W7-13: the 4ths' play-off L4-4, L3-4, L2-4, L1-4 sends L2-4 and L1-4 to
    # Warriors. By default its order ranks them (L2-4 stronger); without it the W7-26 chain
    # (L1-4 better in the previous game)
    facts = starting(4, **{"L1-4": {"positions": (1,)}, "L2-4": {"positions": (5,)}})
    playoffs = {2: ["L1-2", "L2-2", "L3-2", "L4-2"], 4: ["L4-4", "L3-4", "L2-4", "L1-4"]}
    result = next_leagues(facts, playoffs=playoffs)
    assert strength(result, "L2-4") < strength(result, "L1-4")
    facts.playoff_ranks_split = False
    result = next_leagues(facts, playoffs=playoffs)
    assert strength(result, "L1-4") < strength(result, "L2-4")


# -- the play-off as a game, through the declared command (rules W7-6, W7-30) ---------------------
def test_a_play_off_game_with_a_tie_through_the_api(one_season: Path, tmp_path: Path) -> None:
    # rules W7-6, W7-30: the 2nds' play-off is entered as the site shows it, a tie included;
    # the next season takes it (3 of the 4 seconds to Gods, the tie at the bottom ordered by
    # W7-30) without --playoff; a wrong player or place is refused, nothing stored
    service = service_on(copy_of(one_season, tmp_path))
    due = invoke(service, "next-season", {"previous": "y-s0", "preview": True}).value.playoffs
    seconds = due[2]
    bad = refused(service, "playoff-game", {"place": 2, "order": [*seconds[:3], "Nobody"]})
    assert bad.field == "order" and bad.code == codes.YEAR_PLAYOFF
    assert refused(service, "playoff-game", {"place": 5, "order": seconds}).field == "place"
    # the year's page says which play-offs are due, and drops each once entered
    shown = [str(row["what"]) for row in due_view([service.load("y-s0").state], NOW).rows]
    assert any(row.startswith("Play-off of the 2 places") for row in shown)
    done = invoke(service, "playoff-game",
                  {"place": 2, "order": [seconds[0], seconds[1], [seconds[2], seconds[3]]]})
    shown = [str(row["what"]) for row in due_view([service.load("y-s0").state], NOW).rows]
    assert not any(row.startswith("Play-off of the 2 places") for row in shown)
    assert done.answer.groups == [[seconds[0]], [seconds[1]], sorted(seconds[2:])]
    assert done.answer.due == sorted(p for p in due if p != 2)
    plan = invoke(service, "next-season", {"previous": "y-s0", "preview": True}).value
    gods = next(names for key, _n, _l, names in plan.leagues if key == "gods")
    assert {seconds[0], seconds[1], done.answer.order[2]} <= set(gods)
    assert done.answer.order[3] not in gods
    assert any("W7-30" in line.text() for line in plan.lines if line.player in seconds[2:])


# -- departure 6: the Legendary selection over every season of the year (rule W7-31) --------------
def test_w7_31_a_candidate_of_an_earlier_season_is_picked(two_seasons: Path,
                                                          tmp_path: Path) -> None:
    # rules W7-31, W7-32: «7 лучших игроков по результатам всех турниров сезона»: everyone of
    # the last season declines in advance, so the picks are the players of season 0 only;
    # they are registered in the last season and answer like anyone
    service = service_on(copy_of(two_seasons, tmp_path))
    last = league_players(service, "y-s1")
    earlier = league_players(service, "y-s0") - last
    assert earlier
    done = invoke(service, "legendary-select", {"declined": sorted(last)})
    picked = [name for _n, name, *_rest in done.value.picks]
    assert picked and set(picked) <= earlier
    answered = invoke(service, "legendary-answer", {"player": picked[0], "answer": "accept"})
    assert any(s.player == picked[0] and s.status == "confirmed"
               for s in answered.value.seats)
