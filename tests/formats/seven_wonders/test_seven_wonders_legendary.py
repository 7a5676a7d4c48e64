"""The Legendary League of the 7 Wonders year (rules W7-31 .. W7-34): the selection, the
confirmations and the final ladder, each scenario worked by hand from the regulation, and
properties of the selection over random years."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from podium.core.errors import Conflict, InvalidInput
from podium.core.log import Action, Kind
from podium.core.replay import apply, replay
from podium.formats.seven_wonders.legendary import (
    STEPS,
    Answer,
    YearRecord,
    confirm,
    final,
    head_to_head,
    season_games,
    select,
    year_record,
)
from podium.formats.seven_wonders.legendary_rules import ACTION_KINDS as LEGENDARY_KINDS
from podium.formats.seven_wonders.legendary_rules import ANSWER, GAME, SELECTED, legendary_of
from podium.formats.seven_wonders.rules import SEVEN_WONDERS, SevenWonders
from podium.formats.seven_wonders.season import note_text
from podium.service.events import new_event_actions
from tests.formats.sw_builders import GODS, PRIESTS, WARRIORS_A, WARRIORS_B, Season, play_out

T0 = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def texts(notes) -> list[str]:
    return [note_text(n) for n in notes]


def year() -> list[YearRecord]:
    """Ten players over seasons 0 (starting) .. 3. Totals: Anna 120, Dmitry 100, Elena 95,
    Clara 90, Oleg 88, Hugo 85, Boris 80, Fedor 60, Galina 20, Ivan 500 (declined)."""
    rows = [
        ("Anna", {0: 50, 1: 40, 2: 30}), ("Boris", {0: 60, 1: 10, 2: 10}),
        ("Clara", {1: 70, 2: 20}), ("Dmitry", {0: 25, 1: 25, 2: 25, 3: 25}),
        ("Elena", {3: 95}), ("Fedor", {0: 30, 1: 30}), ("Galina", {0: 10, 1: 10}),
        ("Hugo", {2: 45, 3: 40}), ("Ivan", {0: 200, 1: 200, 2: 100}),
        ("Oleg", {0: 22, 1: 22, 2: 22, 3: 22}),
    ]
    return [YearRecord(i, name, seasons) for i, (name, seasons) in enumerate(rows, start=1)]


NAMES = {r.player: r.name for r in year()}
IVAN = 9


def picked(selection) -> list[str]:
    return [NAMES[p] for p in selection.players]


# W7-31: the sequential selection ---------------------------------------------------------------
def test_the_seven_picks_follow_the_regulations_criteria_in_order():
    """Rule W7-31: #1 all seasons (Anna 120); #2 best 3 among the rest (Elena 95 > Clara 90 >
    Hugo 85); #3 best 2 (Clara 70 + 20 = 90 > Hugo 85); #4 all (Dmitry 100 > Oleg 88); #5 best
    3 (Hugo 85 > Boris 80 > Oleg 66); #6 best single season (Boris 60 > Fedor 30 > Oleg 22,
    so Oleg's 88 in all does not count here); #7 all (Oleg 88 > Fedor 60)."""
    # rule W7-31
    assert STEPS == (None, 3, 2, None, 3, 1, None)
    s = select(year(), declined={IVAN})
    assert picked(s) == ["Anna", "Elena", "Clara", "Dmitry", "Hugo", "Boris", "Oleg"]
    assert [p.points for p in s.picks] == [120, 95, 90, 100, 85, 60, 88]
    six = texts(s.picks[5].notes)
    assert six[0] == "#6 Boris: most points in their best season, 60 (rule W7-31)"
    assert six[1] == "next by it: Fedor 30, Oleg 22, Galina 10"
    assert texts(s.picks[1].notes)[0] == ("#2 Elena: most points over their best 3 seasons, "
                                          "95 (rule W7-31)")


# W7-32: declines and confirmations ---------------------------------------------------------------
def test_a_player_who_declined_in_advance_is_skipped():
    """Rule W7-32: Ivan has the most points (500) but declined in advance: his results are not
    considered; without the decline he is #1."""
    # rule W7-32
    s = select(year(), declined={IVAN})
    assert IVAN not in s.players
    assert texts(s.notes) == ["Ivan declined in advance: not considered (rule W7-32)"]
    assert select(year()).players[0] == IVAN


def test_an_unconfirmed_place_passes_to_the_highest_total_not_picked():
    """Rule W7-32: picked on 1 December 12:00, each has 3 days. Anna confirms on day 1; Boris
    (#6) refuses on day 2, so #6 passes to Fedor (60, the highest total not picked; Galina
    has 20) who has 3 days from then; Elena (#2) stays silent and her place passes at the
    deadline, 4 December 12:00, to Galina; Clara confirms an hour late: it does not count."""
    # rule W7-32
    s = select(year(), declined={IVAN})
    answers = [Answer(1, T0 + timedelta(days=1), True), Answer(2, T0 + timedelta(days=2), False),
               Answer(3, T0 + timedelta(days=3, hours=1), True)]
    answers += [Answer(p, T0 + timedelta(hours=5), True) for p in (4, 8, 10)]  # Dmitry, Hugo, Oleg
    roster = confirm(s, year(), T0, answers, now=T0 + timedelta(days=4), declined={IVAN})
    seats = {seat.number: seat for seat in roster.seats}
    assert [h.player for h in seats[6].holders] == [2, 6]
    assert seats[6].holder.invited == T0 + timedelta(days=2)
    assert seats[6].holder.status == "waiting"
    assert [h.player for h in seats[2].holders] == [5, 7]  # Elena, then Galina
    assert seats[3].holders[0].status == "expired"  # Clara's late answer does not count
    assert seats[3].holder.status == "expired"  # nobody left for #3 (Ivan declined)
    assert roster.numbers == {1: 1, 4: 4, 8: 5, 10: 7}
    assert not roster.complete
    notes = texts(roster.notes)
    assert "#6 Boris refused on 2026-12-03 12:00 UTC: the place passes (rule W7-32)" in notes
    assert ("#6 passes to Fedor, the highest all-seasons total not picked: 60 (rule W7-32)"
            in notes)
    assert "#6 Fedor: waiting for the confirmation until 2026-12-06 12:00 UTC (rule W7-32)" \
        in notes
    assert "#2 Elena did not confirm by 2026-12-04 12:00 UTC: the place passes (rule W7-32)" \
        in notes


def test_a_roster_is_complete_when_all_seven_confirm():
    # rule W7-32
    s = select(year(), declined={IVAN})
    answers = [Answer(p, T0 + timedelta(hours=1), True) for p in s.players]
    roster = confirm(s, year(), T0, answers, now=T0 + timedelta(hours=2), declined={IVAN})
    assert roster.complete and roster.numbers == {p.player: p.number for p in s.picks}


# W7-33: the tie chain ----------------------------------------------------------------------------
def pick_between(records, **kwargs) -> tuple[str, list[str]]:
    s = select(records, **kwargs)
    return s.picks[0].player, texts(s.picks[0].notes)


def test_ties_go_to_the_better_best_season_then_best_two():
    """Rule W7-33 (1): 100 each over all seasons; Y's best season (70) beats X's (50)."""
    # rule W7-33
    records = [YearRecord(1, "X", {0: 50, 1: 50}), YearRecord(2, "Y", {0: 70, 1: 30})]
    who, notes = pick_between(records)
    assert who == 2
    assert "tie at 100 between X, Y (rule W7-33)" in notes
    assert "rule W7-33 (1), the best 1 season(s): X 50, Y 70" in notes


def test_then_the_better_last_season():
    """Rule W7-33 (2): equal best season and best two; Y scored 60 in the last season, X 40."""
    # rule W7-33
    records = [YearRecord(1, "X", {0: 60, 1: 40}), YearRecord(2, "Y", {0: 40, 1: 60})]
    assert pick_between(records)[0] == 2


def test_then_fewer_seasons_then_titans_points():
    """Rule W7-33 (3): equal on the best seasons and on the last season (3, which neither
    played): Y played two seasons, X three. (4): all equal but the Battles of Titans points."""
    # rule W7-33
    records = [YearRecord(1, "X", {0: 50, 1: 50, 2: 0}), YearRecord(2, "Y", {0: 50, 1: 50})]
    who, notes = pick_between(records, last_season=3)  # the notes count seasons (2, not -2)
    assert who == 2 and "rule W7-33 (3), fewer seasons played: X 3, Y 2" in notes
    records = [YearRecord(1, "X", {0: 50}, titans=35), YearRecord(2, "Y", {0: 50}, titans=21)]
    assert pick_between(records)[0] == 1


def test_then_head_to_head_between_two_players():
    """Rule W7-33 (5): X and Y equal on everything else; in the games where both played X was
    ahead twice (1 v 2, 1 v 4), Y once (2 v 3); a shared position counts for neither."""
    # rule W7-33
    records = [YearRecord(1, "X", {0: 50}), YearRecord(2, "Y", {0: 50})]
    games = [{1: 1, 2: 2, 3: 3}, {1: 3, 2: 2}, {1: 1, 2: 4}, {1: 2, 2: 2}, {2: 1, 3: 2}]
    assert head_to_head((1, 2), games) == {1: 2, 2: 1}
    who, notes = pick_between(records, games=games)
    assert who == 1 and "rule W7-33 (5), head-to-head, times ahead: X 2, Y 1" in notes


def test_head_to_head_is_for_two_players_only_then_a_recorded_die():
    """Rule W7-33 (5) applies only to two players: three equal players go to (6), the die,
    drawn from the recorded seed (the same seed, the same pick)."""
    # rule W7-33
    records = [YearRecord(i, f"P{i}", {0: 50}) for i in (1, 2, 3)]
    games = [{1: 1, 2: 2, 3: 3}]
    who, notes = pick_between(records, games=games, seed=11)
    assert not any("(5)" in n for n in notes)
    assert any(n.startswith("rule W7-33 (6), die roll drawn with seed 11") for n in notes)
    assert pick_between(records, games=games, seed=11)[0] == who
    assert {pick_between(records, seed=s)[0] for s in range(20)} == {1, 2, 3}


def test_the_year_feeds_the_selection_from_season_rows_and_games(tmp_path):
    """Rules W7-31, W7-33 (4), (5): a player's year is their season totals and their Battle of
    Titans points; a season's games with positions are the head-to-head input."""
    # rule W7-33
    s = Season(tmp_path, leagues=4)
    for key, names in zip(s.keys, (GODS, PRIESTS, WARRIORS_A, WARRIORS_B), strict=True):
        play_out(s, key, names)
    s.special("fortune", "Clara, P2, W1, V1")
    s.special("titans", "Anna, Boris, P1, Clara")
    games = season_games(s.book)
    assert len(games) == 4 * 5 + 2
    rows = s.rows()
    anna, boris = rows["Anna"], rows["Boris"]
    record = year_record(anna.player, "Anna", {1: anna})
    assert record.seasons == {1: anna.total} and record.titans == 35
    # every Gods game and the Battle of Titans: Anna ahead of Boris each time
    assert head_to_head((anna.player, boris.player), games) == {anna.player: 6, boris.player: 0}


# W7-34: the final ladder -------------------------------------------------------------------------
def test_the_legendary_ladder_and_its_final_to_two_wins():
    """Rule W7-34: seven players #1 .. #7. Game 1: #3 and #6 share last place: the higher number
    (#6) is out, 7th. Games 2-4 put #7, #5, #4 out (6th, 5th, 4th). Then #1, #2, #3 play to two
    wins: game 5 #1 and #2 share first (no win), game 6 #2 wins, game 7 #1, game 8 #1 again:
    #1 is champion, #2 (one win) second, #3 third."""
    # rule W7-34
    numbers = {p: p for p in range(1, 8)}
    games = [
        {1: 1, 2: 2, 3: 6, 4: 3, 5: 4, 6: 6, 7: 5},
        {1: 2, 2: 1, 3: 3, 4: 4, 5: 5, 7: 6},
        {1: 1, 2: 3, 3: 2, 4: 4, 5: 5},
        {1: 3, 2: 2, 3: 1, 4: 4},
        {1: 1, 2: 1, 3: 3},
    ]
    so_far = final(numbers, games)
    assert [g.out for g in so_far.games[:4]] == [6, 7, 5, 4]
    assert so_far.places == {6: 7, 7: 6, 5: 5, 4: 4}
    assert "tie for last place between 3 #3, 6 #6: the higher selection number is out (rule " \
        "W7-34)" in texts(so_far.games[0].notes)
    assert so_far.games[4].winner is None and so_far.wins == {1: 0, 2: 0, 3: 0}
    assert so_far.next == (1, 2, 3) and so_far.champion is None
    games += [{2: 1, 1: 2, 3: 3}, {1: 1, 2: 2, 3: 3}, {1: 1, 3: 2, 2: 3}]
    done = final(numbers, games)
    assert done.champion == 1 and done.wins == {1: 2, 2: 1, 3: 0}
    assert {p: done.places[p] for p in (1, 2, 3)} == {1: 1, 2: 2, 3: 3}
    assert done.next == ()


def test_a_legendary_game_with_the_wrong_players_or_after_the_champion_is_refused():
    # rule W7-34
    numbers = {p: p for p in (1, 2, 3)}
    with pytest.raises(InvalidInput) as wrong:
        final(numbers, [{1: 1, 2: 2}])
    assert wrong.value.field == "games[1]"
    won = [{1: 1, 2: 2, 3: 3}, {1: 1, 2: 2, 3: 3}]
    assert final(numbers, won).champion == 1
    with pytest.raises(InvalidInput, match="won already") as late:
        final(numbers, [*won, {1: 1, 2: 2, 3: 3}])
    assert late.value.field == "games[3]"
    with pytest.raises(InvalidInput) as bad:
        final(numbers, [{1: 1, 2: 3, 3: 9}])
    assert bad.value.field == "games[1]"


# properties of the selection ---------------------------------------------------------------------
@st.composite
def years(draw_: st.DrawFn) -> tuple[list[YearRecord], set[int], list[dict[int, int]], int]:
    count = draw_(st.integers(2, 16))
    records = []
    for pid in range(1, count + 1):
        seasons = draw_(st.dictionaries(st.integers(0, 5), st.integers(0, 12), max_size=6))
        records.append(YearRecord(pid, f"P{pid}", seasons, draw_(st.sampled_from((0, 14, 35)))))
    declined = draw_(st.sets(st.integers(1, count), max_size=3))
    games = []
    for _ in range(draw_(st.integers(0, 6))):
        players = draw_(st.lists(st.integers(1, count), min_size=2, max_size=7, unique=True))
        games.append({p: draw_(st.integers(1, len(players))) for p in players})
    return records, declined, games, draw_(st.integers(0, 2**31))


@settings(max_examples=200, deadline=None)
@given(years())
def test_the_selection_picks_distinct_players_and_replays_identically(case):
    """Rules W7-31 .. W7-33 over random years (many ties: points 0-12): up to 7 distinct picks,
    none of them declined, as many as there are eligible players; the same input gives the
    same selection, whatever the records' order."""
    # rule W7-31
    records, declined, games, seed = case
    s = select(records, declined=declined, games=games, seed=seed)
    eligible = [r.player for r in records if r.player not in declined]
    assert len(set(s.players)) == len(s.players) == min(7, len(eligible))
    assert not set(s.players) & declined
    shuffled = list(records)
    random.Random(seed).shuffle(shuffled)
    assert select(shuffled, declined=declined, games=games, seed=seed) == s


# the log: seven-wonders.legendary-selected / -answer / -game -------------------------------------
class WithLegendary(SevenWonders):
    def action_kinds(self):
        return (*SEVEN_WONDERS.action_kinds(), *LEGENDARY_KINDS)


class Log:
    def __init__(self) -> None:
        self.ruleset = WithLegendary()
        created, self.state = new_event_actions("l", "L", "seven-wonders", {}, "t", 1, T0)
        self.log = [created]
        for r in year():
            self.add(Kind.PLAYER_REGISTERED, {"player": r.player, "name": r.name})

    def add(self, kind: str, payload: dict, at: datetime = T0) -> None:
        action = Action(self.state.last_seq + 1, kind, "t", at, payload)
        apply(self.state, action, self.ruleset)
        self.log.append(action)


def snapshot() -> dict:
    return {"records": [{"player": r.player, "seasons": [{"season": s, "points": v}
                                                         for s, v in r.seasons.items()]}
                        for r in year()], "declined": [IVAN], "seed": 5}


def test_the_legendary_league_through_the_log():
    """Rules W7-31 .. W7-34 through the log: the selection from the year's snapshot, answers
    at their time (Boris refuses: #6 passes to Fedor), a game refused while a place waits, then
    the ladder; replaying the log gives the same."""
    # rule W7-32
    log = Log()
    log.add(SELECTED, snapshot())
    assert picked(legendary_of(log.state, T0).selection) == [
        "Anna", "Elena", "Clara", "Dmitry", "Hugo", "Boris", "Oleg"]
    with pytest.raises(Conflict) as stranger:
        log.add(ANSWER, {"player": 6, "accepted": True}, T0 + timedelta(hours=1))  # Fedor
    assert stranger.value.field == "player"
    log.add(ANSWER, {"player": 2, "accepted": False}, T0 + timedelta(hours=1))  # Boris
    for pid in (1, 5, 3, 4, 8, 10, 6):
        log.add(ANSWER, {"player": pid, "accepted": True}, T0 + timedelta(hours=2))
    state = legendary_of(log.state, T0 + timedelta(hours=3))
    assert state.roster.complete and state.roster.numbers[6] == 6
    assert state.final.next == (1, 5, 3, 4, 8, 6, 10)  # by selection number
    game = {"results": [{"player": p, "position": i}
                        for i, p in enumerate((1, 5, 3, 4, 8, 10, 6), start=1)]}
    log.add(GAME, game, T0 + timedelta(days=1))
    assert legendary_of(log.state, T0 + timedelta(days=1)).final.places == {6: 7}
    again = legendary_of(replay(log.log, log.ruleset), T0 + timedelta(days=1))
    assert again == legendary_of(log.state, T0 + timedelta(days=1))


def test_a_legendary_game_waits_for_the_confirmations():
    # rule W7-32
    log = Log()
    log.add(SELECTED, snapshot())
    game = {"results": [{"player": p, "position": i}
                        for i, p in enumerate((1, 5, 3, 4, 8, 2, 10), start=1)]}
    with pytest.raises(Conflict) as waiting:
        log.add(GAME, game, T0 + timedelta(hours=1))
    assert "waiting for Anna, Elena" in str(waiting.value)
