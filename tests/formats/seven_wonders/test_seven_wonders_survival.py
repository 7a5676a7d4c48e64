"""Survival battles of the 7 Wonders year (rules W7-14, W7-23, W7-29): the format, the draw and a
match's outcome, each scenario worked by hand from the regulation, and properties of the draw
over random entrants."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.log import Action, Kind
from podium.core.replay import apply, replay
from podium.formats.seven_wonders.rules import SEVEN_WONDERS, SevenWonders
from podium.formats.seven_wonders.season import note_text
from podium.formats.seven_wonders.survival import (
    BattleFormat,
    BattleGame,
    Entrant,
    Slot,
    battle_outcome,
    check_format,
    defender,
    draw,
    newcomer,
    propose_format,
    snake_slots,
    to_warriors,
)
from podium.formats.seven_wonders.survival_rules import ACTION_KINDS as SURVIVAL_KINDS
from podium.formats.seven_wonders.survival_rules import DRAWN, GAME, book_of, survival_of
from podium.service.events import new_event_actions

AT = datetime(2026, 1, 5, tzinfo=UTC)


def texts(notes) -> list[str]:
    return [note_text(n) for n in notes]


def names_in(d, entrants) -> list[list[str]]:
    by_id = {e.player: e.name for e in entrants}
    return [[by_id[p] for p in match] for match in d.matches]


# W7-14: the format ------------------------------------------------------------------------------
def test_the_proposed_format_shares_tables_and_places_evenly_easiest_first():
    """Rule W7-14: the organiser sets the format from the number of free places. 12 players
    for 6 places: two matches of 6, 3 places each. 9 players for 4 places: tables of 5 and 4;
    4 x 5 / 9 = 2.2 and 4 x 4 / 9 = 1.8 give 2 and 1, the last place to the larger remainder
    (the table of 4), so 4/2 (easier) then 5/2: the snake starts in the easier match."""
    # rule W7-14
    assert propose_format(12, 6).slots == (Slot(6, 3), Slot(6, 3))
    assert propose_format(9, 4).slots == (Slot(4, 2), Slot(5, 2))
    assert propose_format(15, 6).slots == (Slot(5, 2), Slot(5, 2), Slot(5, 2))


def test_no_battle_without_newcomers_or_when_everyone_fits():
    """Rules W7-10, W7-14: battles are held only if newcomers apply; with places for everyone
    there is nothing to play for."""
    # rule W7-14
    assert propose_format(6, 6, newcomers=0).slots == ()
    assert "keep their Warriors places" in texts(propose_format(6, 6, newcomers=0).notes)[0]
    assert propose_format(7, 8).slots == ()


def test_an_organisers_format_is_checked_naming_the_field():
    """Rule W7-14: the organiser may set any format that seats everyone once, 2 to 7 a table,
    with as many qualifying places as free places."""
    # rule W7-14
    check_format(BattleFormat((Slot(3, 1), Slot(5, 3)), 4), 8)
    with pytest.raises(InvalidInput) as seated:
        check_format(BattleFormat((Slot(3, 1), Slot(4, 3)), 4), 8)
    assert seated.value.field == "format" and "seat 7 players, there are 8" in str(seated.value)
    with pytest.raises(InvalidInput, match="match 1 has 8 players"):
        check_format(BattleFormat((Slot(8, 4),), 4), 8)
    with pytest.raises(InvalidInput, match="3 qualifying places for 4 free places"):
        check_format(BattleFormat((Slot(4, 1), Slot(4, 2)), 4), 8)


def test_the_snake_of_w7_5_over_matches():
    """Rule W7-5's snake, used by W7-14: 1, 2, 2, 1, 1, 2 ...; a full match is skipped."""
    # rule W7-14
    assert snake_slots([4, 4], 8) == [0, 1, 1, 0, 0, 1, 1, 0]
    assert snake_slots([3, 3, 3], 9) == [0, 1, 2, 2, 1, 0, 0, 1, 2]
    assert snake_slots([2, 4], 6) == [0, 1, 1, 0, 1, 1]


# W7-14: the draw --------------------------------------------------------------------------------
def scenario(b6_league: str = "Warriors B") -> list[Entrant]:
    """Three defenders (Warriors A 5th, B 6th, B 7th) and five newcomers, N2 and N5 premium."""
    return [
        defender(1, "A5", "Warriors A", 2, 5),
        defender(2, "B6", b6_league, 2, 6),
        defender(3, "B7", "Warriors B", 2, 7),
        newcomer(11, "N1", 1600, signup=1),
        newcomer(12, "N2", 1500, premium=True, signup=2),
        newcomer(13, "N3", 1400, signup=3),
        newcomer(14, "N4", 1300, signup=4),
        newcomer(15, "N5", 1200, premium=True, signup=5),
    ]


def test_the_draw_separates_last_seasons_league_mates():
    """Rule W7-14: strength A5, B6, B7 (last season), then N1 .. N5 (rating). The snake over
    two matches of 4 offers 1, 2, 2, 1, 1, 2, 2, 1; B7 is offered match 2 where B6 (Warriors B
    too) already sits, so B7 goes to match 1; N5 finds match 1 full. Every match keeps a
    premium player (N2, N5)."""
    # rule W7-14
    entrants = scenario()
    d = draw(BattleFormat((Slot(4, 2), Slot(4, 2)), 4), entrants, seed=1)
    assert names_in(d, entrants) == [["A5", "B7", "N1", "N2"], ["B6", "N3", "N4", "N5"]]
    b7 = next(p for p in d.placements if p.player == 3)
    assert (b7.match, b7.snake) == (1, 2)
    assert texts(b7.notes) == [
        "B7 (strength 3): match 1; the snake offered match 2 (rule W7-14)",
        "match 2 already has B6 of Warriors B last season: kept apart (rule W7-14)"]
    assert d.separated and d.premium_everywhere


def test_the_draw_keeps_a_seat_for_a_premium_player_in_every_match():
    """Rule W7-14: now B6 is of Warriors C, so nothing separates. The snake gives match 1 A5,
    N1, N2 (premium) and match 2 B6, B7, N3; N4 is offered match 2's last seat, but then match 2
    would have no premium player while N5 (premium) is still to come: N4 sits in match 1 and N5
    takes match 2's last seat."""
    # rule W7-14
    entrants = scenario(b6_league="Warriors C")
    d = draw(BattleFormat((Slot(4, 2), Slot(4, 2)), 4), entrants, seed=1)
    assert names_in(d, entrants) == [["A5", "N1", "N2", "N4"], ["B6", "B7", "N3", "N5"]]
    n4 = next(p for p in d.placements if p.player == 14)
    assert texts(n4.notes) == [
        "N4 (strength 7): match 1; the snake offered match 2 (rule W7-14)",
        "match 2 keeps its seat for a premium player, so that every match has one (rule W7-14)"]
    n5 = next(p for p in d.placements if p.player == 15)
    assert "N5 has a premium account and creates the table of match 2 (rules W7-14, W7-36)" \
        in texts(n5.notes)


def test_the_draw_spreads_strength_by_the_snake_and_explains_the_order():
    """Rule W7-14: with nothing to separate and a premium player in each half, the draw is the
    plain snake: strength 1, 4, 5, 8 in match 1 and 2, 3, 6, 7 in match 2."""
    # rule W7-14
    entrants = [newcomer(i, f"N{i}", 2000 - i, premium=i in (1, 2), signup=i)
                for i in range(1, 9)]
    d = draw(propose_format(8, 4), entrants, seed=5)
    assert names_in(d, entrants) == [["N1", "N4", "N5", "N8"], ["N2", "N3", "N6", "N7"]]
    assert all(p.match == p.snake for p in d.placements)
    assert "strength 3: N3, newcomer, site rating 1997" in texts(d.notes)


def test_equally_strong_defenders_are_ordered_by_the_recorded_seed():
    """Rule W7-14: the 5th places of Warriors A and B are equally strong by last season; the
    regulation leaves their order open, so it is drawn from the seed, which the draw records:
    the same seed gives the same draw."""
    # rule W7-14
    entrants = [defender(1, "A5", "Warriors A", 2, 5, premium=True),
                defender(2, "B5", "Warriors B", 2, 5, premium=True),
                *(newcomer(10 + i, f"N{i}", 1500 - i, signup=i) for i in range(1, 5))]
    fmt = propose_format(6, 3)
    first = draw(fmt, entrants, seed=42)
    assert first.seed == 42 and first == draw(fmt, entrants, seed=42)
    assert any("their order is drawn (seed 42, recorded" in t for t in texts(first.notes))
    orders = {draw(fmt, entrants, seed=s).order[:2] for s in range(12)}
    assert orders == {(1, 2), (2, 1)}


def test_too_few_premium_players_is_said_not_hidden():
    """Rule W7-14 asks a premium player in every match; with one for two matches the other
    match's table is the organiser's turn-based game (rule W7-36), and the draw says so."""
    # rule W7-14
    entrants = [newcomer(i, f"N{i}", 2000 - i, premium=i == 3) for i in range(1, 9)]
    d = draw(propose_format(8, 4), entrants, seed=1)
    assert any("1 premium players for 2 matches: 1 without one" in t for t in texts(d.notes))


def test_separation_given_up_only_when_no_draw_can_keep_it():
    """Rule W7-14 asks league mates apart "when avoidable": six players of Warriors A in the
    organiser's matches of 2 and 5 cannot be spread at most 3 a match (2 + 3 seats), so the
    draw gives separation up and says so, still with the premium player's table."""
    # rule W7-14
    entrants = [defender(i, f"A{i}", "Warriors A", 2, 4 + i) for i in range(1, 7)]
    entrants.append(newcomer(9, "N1", 1500, premium=True))
    d = draw(BattleFormat((Slot(2, 1), Slot(5, 2)), 3), entrants, seed=1)
    assert not d.separated and d.premium_everywhere
    assert "league mates cannot all be kept apart" in " ".join(texts(d.notes))
    assert [len(m) for m in d.matches] == [2, 5]


def test_a_player_entered_twice_is_refused():
    # rule W7-14
    entrants = [newcomer(1, "N1", 1), newcomer(1, "N1", 1), newcomer(2, "N2", 1)]
    with pytest.raises(InvalidInput, match="entered twice"):
        draw(BattleFormat((Slot(3, 1),), 1), entrants, seed=1)


# W7-29: ties for a qualifying place --------------------------------------------------------------
def test_a_tie_for_a_qualifying_place_favours_the_player_of_last_season():
    """Rule W7-29 (1): 2 places; N1 first, N2 and A6 share second (places 2-3): A6, who played
    last season, takes the second place."""
    # rule W7-29
    people = {e.player: e for e in (newcomer(11, "N1", 1, signup=1), newcomer(12, "N2", 1,
                                    signup=2), defender(1, "A6", "Warriors A", 2, 6),
                                    newcomer(13, "N3", 1, signup=3))}
    out = battle_outcome(Slot(4, 2), BattleGame((11, 12, 1, 13), {11: 1, 12: 2, 1: 2, 13: 4}),
                         people)
    assert out.qualified == [11, 1] and out.out == [12, 13]
    assert "rule W7-29 (1), played last season: A6 +, N2 –" in texts(out.notes)


def test_between_players_of_last_season_the_higher_place_wins_the_tie():
    """Rule W7-29 (2): B5 and A6 share the last qualifying position: B5 was 5th, A6 6th."""
    # rule W7-29
    people = {e.player: e for e in (defender(1, "A6", "Warriors A", 2, 6),
                                    defender(2, "B5", "Warriors B", 2, 5),
                                    newcomer(11, "N1", 1, signup=1))}
    out = battle_outcome(Slot(3, 1), BattleGame((1, 2, 11), {1: 1, 2: 1, 11: 3}), people)
    assert out.qualified == [2] and out.out == [1, 11]


def test_between_newcomers_the_earlier_sign_up_wins_the_tie():
    """Rule W7-29 (3): two newcomers share the last qualifying position: the one who applied
    earlier (3rd application) qualifies, not the 5th."""
    # rule W7-29
    people = {e.player: e for e in (newcomer(11, "N5", 1, signup=5),
                                    newcomer(12, "N3", 1, signup=3),
                                    newcomer(13, "N9", 1, signup=9))}
    out = battle_outcome(Slot(3, 2), BattleGame((11, 12, 13), {13: 1, 11: 2, 12: 2}), people)
    assert out.qualified == [13, 12]
    assert "rule W7-29 (3), sign-up order: N5 5, N3 3" in texts(out.notes)


def test_a_tie_the_rule_leaves_open_waits_for_a_die_roll():
    """Rule W7-29 gives no step for two 5th places of the two Warriors leagues **[open]**: the
    tie waits for a die roll, which then decides."""
    # rule W7-29
    people = {e.player: e for e in (defender(1, "A5", "Warriors A", 2, 5),
                                    defender(2, "B5", "Warriors B", 2, 5),
                                    newcomer(11, "N1", 1, signup=1))}
    game = BattleGame((1, 2, 11), {11: 1, 1: 2, 2: 2})
    waiting = battle_outcome(Slot(3, 2), game, people)
    assert waiting.waiting == [1, 2] and to_warriors([waiting]) == []
    rolled = battle_outcome(Slot(3, 2), BattleGame(game.players, game.positions, roll={1: 2,
                                                                                       2: 5}),
                            people)
    assert rolled.qualified == [11, 2] and to_warriors([rolled]) == [11, 2]


def test_a_tie_inside_the_qualifying_places_needs_no_rule():
    """Rule W7-29 is for a tie *for* a qualifying place: two sharing first of two places both
    qualify."""
    # rule W7-29
    people = {i: newcomer(i, f"N{i}", 1, signup=i) for i in (1, 2, 3)}
    out = battle_outcome(Slot(3, 2), BattleGame((1, 2, 3), {1: 1, 2: 1, 3: 3}), people)
    assert out.qualified == [1, 2] and not any("W7-29" in t for t in texts(out.notes))


def test_positions_must_rank_the_matchs_players():
    # rule W7-29
    people = {i: newcomer(i, f"N{i}", 1) for i in (1, 2, 3)}
    with pytest.raises(InvalidInput) as refused:
        battle_outcome(Slot(3, 1), BattleGame((1, 2, 3), {1: 1, 2: 2}), people)
    assert refused.value.field == "positions"


# W7-23: an unfinished battle ---------------------------------------------------------------------
def test_an_unfinished_battle_is_replayed_without_the_kicker_and_those_in_negative_time():
    """Rule W7-23: N2 kicks, N4 went into negative time: the battle is replayed by N1, N3, N5
    for the same 2 places; N2, who caused it, is barred from the tournament; N4 just leaves."""
    # rule W7-23
    people = {i: newcomer(i, f"N{i}", 1, signup=i) for i in range(1, 6)}
    out = battle_outcome(Slot(5, 2), BattleGame((1, 2, 3, 4, 5), None, finished=False, kicker=2,
                                                negative_time=(4,)), people)
    assert out.replay == (1, 3, 5) and out.barred == 2 and out.out == [2, 4]
    assert to_warriors([out]) == []
    again = battle_outcome(Slot(5, 2), BattleGame(out.replay, {3: 1, 5: 2, 1: 3}), people)
    assert again.qualified == [3, 5]


def test_a_battle_ended_by_the_time_limit_bars_the_deepest_in_negative_time():
    """Rule W7-23: ended by the overall time limit: the deepest in negative time caused it and
    is barred; with as few players left as places, they qualify without a replay."""
    # rule W7-23
    people = {i: newcomer(i, f"N{i}", 1, signup=i) for i in range(1, 5)}
    out = battle_outcome(Slot(4, 2), BattleGame((1, 2, 3, 4), None, finished=False, deepest=3,
                                                negative_time=(1,)), people)
    assert out.barred == 3 and out.replay is None and out.qualified == [2, 4]
    assert to_warriors([out]) == [2, 4]
    with pytest.raises(InvalidInput) as refused:
        battle_outcome(Slot(4, 2), BattleGame((1, 2, 3, 4), None, finished=False), people)
    assert refused.value.field == "deepest"


# properties of the draw -------------------------------------------------------------------------
@st.composite
def fields(draw_: st.DrawFn) -> tuple[list[Entrant], int, int]:
    leagues = draw_(st.integers(1, 5))
    defenders = []
    pid = 0
    for league in range(leagues):
        for place in range(draw_(st.integers(0, 3))):
            pid += 1
            defenders.append(defender(pid, f"D{pid}", f"L{league}", 2, 5 + place,
                                      premium=draw_(st.booleans())))
    newcomers = []
    for i in range(draw_(st.integers(1, 14))):
        pid += 1
        newcomers.append(newcomer(pid, f"N{pid}", draw_(st.integers(1000, 1010)),
                                  premium=draw_(st.booleans()), signup=i + 1))
    entrants = defenders + newcomers
    free = draw_(st.integers(1, max(1, len(entrants) - 1)))
    return entrants, free, draw_(st.integers(0, 2**31))


@settings(max_examples=150, deadline=None)
@given(fields())
def test_every_match_has_a_premium_player_and_league_mates_apart_when_avoidable(case):
    """Rule W7-14 over random fields: every entrant seated once, match sizes as proposed; when
    there are at least as many premium players as matches, every match has one; a league's n
    players never crowd a match beyond ⌈n / matches⌉ (so never two of them when n ≤ matches);
    the same seed gives the same draw."""
    # rule W7-14
    entrants, free, seed = case
    fmt = propose_format(len(entrants), free)
    if not fmt.slots:
        return
    d = draw(fmt, entrants, seed)
    by_id = {e.player: e for e in entrants}
    assert sorted(p for m in d.matches for p in m) == sorted(by_id)
    assert [len(m) for m in d.matches] == [s.size for s in fmt.slots]
    if sum(e.premium for e in entrants) >= len(fmt.slots):
        assert all(any(by_id[p].premium for p in m) for m in d.matches)
    for league in {e.league for e in entrants if e.league}:
        n = sum(1 for e in entrants if e.league == league)
        cap = -(-n // len(fmt.slots))
        assert all(sum(1 for p in m if by_id[p].league == league) <= cap for m in d.matches)
    assert d.separated and d.premium_everywhere
    assert draw(fmt, list(reversed(entrants)), seed) == d


# the log: seven-wonders.survival-drawn / -game (wired into a ruleset's action kinds) -------------
class WithSurvival(SevenWonders):
    def action_kinds(self):
        return (*SEVEN_WONDERS.action_kinds(), *SURVIVAL_KINDS)


class Log:
    """An event whose ruleset has the survival kinds, and its log, in memory."""

    def __init__(self, names: list[str]) -> None:
        self.ruleset = WithSurvival()
        created, self.state = new_event_actions("y", "Y", "seven-wonders", {}, "t", 1, AT)
        self.log = [created]
        for i, name in enumerate(names, start=1):
            self.add(Kind.PLAYER_REGISTERED, {"player": i, "name": name})

    def add(self, kind: str, payload: dict, reason: str = "") -> None:
        action = Action(self.state.last_seq + 1, kind, "t", AT, payload, reason)
        apply(self.state, action, self.ruleset)
        self.log.append(action)


def test_a_stored_draw_and_its_games_replay_to_warriors_and_bars():
    """Rules W7-14, W7-23, W7-29 through the log: the draw stored from its inputs equals the
    preview; match 1 is unfinished (N2 kicks): replayed by the others, N2 barred; a game with
    the wrong players is refused and nothing changes; replay of the log gives the same."""
    # rule W7-14
    log = Log(["A5", "B6", "B7", "N1", "N2", "N3", "N4", "N5"])
    ents = [{"player": 1, "league": "Warriors A", "level": 2, "place": 5},
            {"player": 2, "league": "Warriors B", "level": 2, "place": 6},
            {"player": 3, "league": "Warriors B", "level": 2, "place": 7},
            *({"player": 3 + i, "rating": 1700 - 100 * i, "premium": i in (2, 5), "signup": i}
              for i in range(1, 6))]
    log.add(DRAWN, {"entrants": ents, "free": 4, "seed": 3})
    preview = draw(BattleFormat((Slot(4, 2), Slot(4, 2)), 4),
                   [defender(1, "A5", "Warriors A", 2, 5), defender(2, "B6", "Warriors B", 2, 6),
                    defender(3, "B7", "Warriors B", 2, 7),
                    *(newcomer(3 + i, f"N{i}", 1700 - 100 * i, i in (2, 5), i)
                      for i in range(1, 6))], seed=3)
    assert book_of(log.state).matches == list(preview.matches) == [(1, 3, 4, 5), (2, 6, 7, 8)]
    with pytest.raises(InvalidInput) as wrong:
        log.add(GAME, {"match": 1, "results": [{"player": p, "position": i}
                                               for i, p in enumerate((1, 3, 4, 6), start=1)]})
    assert wrong.value.field == "results" and len(log.log) == 10
    log.add(GAME, {"match": 1, "finished": False, "kicker": 5})  # N2 kicks
    assert survival_of(log.state).due[1] == (1, 3, 4) and survival_of(log.state).barred == [5]
    log.add(GAME, {"match": 1, "results": [{"player": 4, "position": 1},
                                           {"player": 1, "position": 2},
                                           {"player": 3, "position": 3}]})
    log.add(GAME, {"match": 2, "results": [{"player": 6, "position": 1},
                                           {"player": 2, "position": 2},
                                           {"player": 7, "position": 2},
                                           {"player": 8, "position": 4}]})
    done = survival_of(log.state)
    assert done.due == {1: (), 2: ()} and done.warriors == [4, 1, 6, 2]  # W7-29 (1): B6
    with pytest.raises(Conflict):
        log.add(GAME, {"match": 2, "results": []})
    assert survival_of(replay(log.log, log.ruleset)) == done


def test_an_adjusted_draw_needs_a_reason_and_every_entrant_once():
    """Rule W7-14: the organiser may adjust the seating, with a reason, seating everyone once
    in matches of the format's sizes."""
    # rule W7-14
    log = Log([f"N{i}" for i in range(1, 7)])
    ents = [{"player": i, "rating": 1000 + i, "premium": True} for i in range(1, 7)]
    seating = [[1, 2, 3], [4, 5, 6]]
    two = [{"size": 3, "qualifying": 1}, {"size": 3, "qualifying": 1}]
    with pytest.raises(InvalidInput) as no_reason:
        log.add(DRAWN, {"entrants": ents, "free": 2, "format": two, "matches": seating})
    assert no_reason.value.field == "reason"
    with pytest.raises(InvalidInput) as bad:
        log.add(DRAWN, {"entrants": ents, "free": 2, "format": two,
                        "matches": [[1, 2, 3], [4, 5, 5]]},
                reason="friends apart")
    assert bad.value.field == "matches"
    log.add(DRAWN, {"entrants": ents, "free": 2, "format": two, "matches": seating},
            reason="friends apart")
    assert book_of(log.state).matches == [(1, 2, 3), (4, 5, 6)]


def test_with_a_place_for_everyone_the_stored_draw_has_no_match():
    """Rule W7-14: 3 players for 4 free places: no battle, all of them play in Warriors."""
    # rule W7-14
    log = Log(["A5", "N1", "N2"])
    log.add(DRAWN, {"entrants": [{"player": 1, "league": "Warriors A", "level": 2, "place": 5},
                                 {"player": 2, "rating": 1}, {"player": 3, "rating": 2}],
                    "free": 4})
    assert survival_of(log.state).warriors == [1, 2, 3]
    with pytest.raises(NotFound):
        log.add(GAME, {"match": 1, "results": []})

