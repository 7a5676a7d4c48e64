"""The TOP after any format's Swiss stage: the bracket advances, draws (rule BRK-5), refusals."""

from __future__ import annotations

import pytest

from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.log import Kind
from podium.core.messages import Message
from podium.core.top_replay import top_of
from podium.service.top import plan_top
from tests.builders import EventLog


def commander_after_swiss(players: int = 8) -> EventLog:
    """A Commander event whose Swiss rounds are played (player 1 wins every pod)."""
    log = EventLog(players=players, rounds=2, final_size=0)
    for _ in range(2):
        rnd = log.pair()
        for table in rnd.tables:
            winner = min(table.seats)
            log.win(table.number, winner, *[p for p in table.seats if p != winner])
    return log


def build(log: EventLog, size: int, draw_rule: str | None = None) -> None:
    log.do(Kind.TOP_BUILT, plan_top(log.ruleset, log.state, size, draw_rule))


def test_top_after_commander_is_seeded_by_its_standings():
    """Rules BRK-1, BRK-2 after a Commander Swiss stage: one table, its standings."""
    log = commander_after_swiss()
    build(log, 4)
    bracket = top_of(log.state)
    order = log.order()
    assert [bracket.seeds[p] for p in order[:4]] == [1, 2, 3, 4]
    assert bracket.slots == (order[0], order[3], order[1], order[2])
    assert bracket.match(1).players == (order[0], order[3])


def test_bracket_advances_match_by_match():
    """Rule BRK-2: the winners of matches 1 and 2 meet in match 3 (the final of a TOP 4)."""
    log = commander_after_swiss()
    build(log, 4)
    bracket = top_of(log.state)
    _a, d, b, _c = bracket.slots
    assert bracket.match(3).players == (None, None) and not bracket.match(3).known
    log.do(Kind.TOP_RESULT, {"match": 1, "entry": {"winner": d}})
    assert bracket.match(3).players == (d, None)
    log.do(Kind.TOP_RESULT, {"match": 2, "entry": {"winner": b}})
    assert bracket.match(3).players == (d, b)
    log.do(Kind.TOP_RESULT, {"match": 3, "entry": {"winner": b}})
    assert bracket.champion == b


def test_a_draw_sends_the_higher_seed_through_by_default():
    """Rule BRK-5 [open default]: the better pre-TOP seed advances after a draw."""
    log = commander_after_swiss()
    build(log, 4)
    bracket = top_of(log.state)
    low = bracket.slots[1]  # seed 4
    log.do(Kind.TOP_RESULT, {"match": 1, "entry": {"draw": True}})
    result = bracket.results[1]
    assert result.draw and result.winner == bracket.slots[0] != low
    assert "seed 1 advances (rule BRK-5)" in result.note


def test_a_draw_with_the_named_rule_needs_who_advances():
    """Rule BRK-5 as a setting: 'named' lets the judge decide ("quality of wins")."""
    log = commander_after_swiss()
    build(log, 4, draw_rule="named")
    bracket = top_of(log.state)
    before = len(log.actions)
    with pytest.raises(InvalidInput, match="name who advances"):
        log.do(Kind.TOP_RESULT, {"match": 1, "entry": {"draw": True}})
    assert len(log.actions) == before and not bracket.results
    log.do(Kind.TOP_RESULT, {"match": 1, "entry": {"draw": True, "advances": bracket.slots[1]}})
    assert bracket.match(3).players[0] == bracket.slots[1]


def test_byes_advance_without_a_result():
    """Rule BRK-1: a TOP of 6 gives seeds 1 and 2 byes; they wait in round 2."""
    log = commander_after_swiss(8)
    build(log, 6)
    bracket = top_of(log.state)
    assert bracket.match(1).is_bye
    with pytest.raises(Conflict, match="is a bye"):
        log.do(Kind.TOP_RESULT, {"match": 1, "entry": {"winner": bracket.slots[0]}})
    seed_one = bracket.slots[0]
    assert bracket.match(5).players[0] == seed_one


def test_refusals_store_nothing():
    """Bad TOP input: players not known yet, two results, an unknown match, a bad winner."""
    log = commander_after_swiss()
    build(log, 4)
    bracket = top_of(log.state)
    log.do(Kind.TOP_RESULT, {"match": 1, "entry": {"winner": bracket.slots[0]}})
    count = len(log.actions)
    with pytest.raises(Conflict, match="not known yet"):
        log.do(Kind.TOP_RESULT, {"match": 3, "entry": {"winner": bracket.slots[0]}})
    with pytest.raises(Conflict, match="use the correction command"):
        log.do(Kind.TOP_RESULT, {"match": 1, "entry": {"winner": bracket.slots[1]}})
    with pytest.raises(NotFound, match="no match 9"):
        log.do(Kind.TOP_RESULT, {"match": 9, "entry": {"winner": bracket.slots[1]}})
    with pytest.raises(InvalidInput, match="one of its players"):
        log.do(Kind.TOP_RESULT, {"match": 2, "entry": {"winner": bracket.slots[0]}})
    assert len(log.actions) == count and list(bracket.results) == [1]
    assert bracket.results[1].winner == bracket.slots[0]


def test_correction_replaces_a_result_until_the_next_match_is_played():
    log = commander_after_swiss()
    build(log, 4)
    bracket = top_of(log.state)
    a, d, _b, c = bracket.slots
    log.do(Kind.TOP_RESULT, {"match": 1, "entry": {"winner": a}})
    with pytest.raises(InvalidInput, match="needs a reason"):
        log.do(Kind.TOP_CORRECTED, {"match": 1, "entry": {"winner": d}})
    log.do(Kind.TOP_CORRECTED, {"match": 1, "entry": {"winner": d}}, reason="score slip")
    assert bracket.results[1].corrected and bracket.match(3).players[0] == d
    log.do(Kind.TOP_RESULT, {"match": 2, "entry": {"winner": c}})
    log.do(Kind.TOP_RESULT, {"match": 3, "entry": {"winner": c}})
    with pytest.raises(Conflict, match="correct match 3 first"):
        log.do(Kind.TOP_CORRECTED, {"match": 1, "entry": {"winner": a}}, reason="again")


def test_top_larger_than_the_players_is_refused():
    log = commander_after_swiss(8)
    with pytest.raises(InvalidInput, match="a TOP of 9 is larger than the 8 active players"):
        plan_top(log.ruleset, log.state, 9)
    payload = plan_top(log.ruleset, log.state, 8)
    payload["size"] = 9
    payload["slots"] = [*payload["slots"], *([None] * 8)][:16]
    with pytest.raises(InvalidInput):
        log.do(Kind.TOP_BUILT, payload)
    assert top_of(log.state) is None


def test_replay_rebuilds_the_same_bracket():
    from podium.core.replay import replay

    log = commander_after_swiss()
    build(log, 4)
    a = top_of(log.state).slots[0]
    log.do(Kind.TOP_RESULT, {"match": 1, "entry": {"winner": a}})
    again = top_of(replay(log.actions, log.ruleset))
    assert again.slots == top_of(log.state).slots
    assert again.results == top_of(log.state).results


def test_when_the_better_seed_always_wins_the_semis_are_1_4_and_2_3():
    """Rule BRK-2: the winner of pair k plays on as seed k, so with the better seed winning
    every match of a TOP 16 the quarter-finals are 1-8, 4-5, 2-7, 3-6, the semi-finals 1-4 and
    2-3, and the final 1-2."""
    log = commander_after_swiss(16)
    build(log, 16)
    bracket = top_of(log.state)
    seen: dict[int, list[tuple[int, int]]] = {}
    for number in range(1, 16):
        match = bracket.match(number)
        a, b = (bracket.seeds[p] for p in match.players)
        seen.setdefault(match.round, []).append((a, b))
        best = match.players[0] if a < b else match.players[1]
        log.do(Kind.TOP_RESULT, {"match": number, "entry": {"winner": best}})
    assert seen[2] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert seen[3] == [(1, 4), (2, 3)]
    assert seen[4] == [(1, 2)]
    assert bracket.seeds[bracket.champion] == 1


def test_any_results_reach_one_champion():
    """Whatever the results (draws included, rule BRK-5), each match's players are the winners
    of its two feeder matches, and the final's winner is the champion."""
    import random

    for seed in range(10):
        rng = random.Random(seed)
        log = commander_after_swiss(16)
        size = rng.randint(2, 16)
        build(log, size)
        bracket = top_of(log.state)
        for number in range(1, len(bracket.slots)):
            match = bracket.match(number)
            assert match.known
            if match.is_bye:
                continue
            entry = {"draw": True} if rng.random() < 0.3 else {
                "winner": rng.choice(match.players)}
            log.do(Kind.TOP_RESULT, {"match": number, "entry": entry})
            if match.round > 1:
                base = bracket.first_number(match.round - 1) + 2 * (match.index - 1)
                assert match.players == (bracket.match(base).winner,
                                         bracket.match(base + 1).winner)
        assert bracket.champion is not None
        assert bracket.champion in bracket.match(len(bracket.slots) - 1).players


@pytest.mark.parametrize(
    "change",
    [
        {"slots": [1, 2, 3]},
        {"size": 3},
        {"seeds": [[1, 1]]},
        {"draw_rule": "coin"},
        {"minutes": 0},
        {"tables": {"x": "place 1"}},
        {"tables": ["place 1"]},
        {"goals": ["met"]},
    ],
)
def test_a_malformed_top_in_a_file_is_refused(change):
    """An imported ``top.built`` is checked like live entry: a clear refusal, nothing kept."""
    log = commander_after_swiss()
    payload = {**plan_top(log.ruleset, log.state, 4), **change}
    with pytest.raises(InvalidInput):
        log.do(Kind.TOP_BUILT, payload)
    assert top_of(log.state) is None


def test_one_top_per_event_and_only_after_a_complete_round():
    log = commander_after_swiss()
    log.do(Kind.SETTINGS_CHANGED, {"settings": {"rounds": 3}})
    log.seat([1, 2, 3, 4], [5, 6, 7, 8])  # a third round, paired by hand, no results yet
    with pytest.raises(Conflict, match="still misses results"):
        plan_top(log.ruleset, log.state, 4)
    log = commander_after_swiss()
    build(log, 4)
    with pytest.raises(Conflict, match="already built"):
        plan_top(log.ruleset, log.state, 4)


def test_a_top_built_before_the_planned_rounds_says_so():
    """Cutting the Swiss short is the organiser's call, but the TOP's notes (shown in the preview
    and stored with the bracket) warn that its seeding standings are not final."""
    log = EventLog(players=8, rounds=3, final_size=0)
    rnd = log.pair()
    for table in rnd.tables:
        log.win(table.number, min(table.seats), *[p for p in table.seats if p != min(table.seats)])
    early = plan_top(log.ruleset, log.state, 4)
    # the notes are stored as message objects, shown in each page's language
    assert Message.from_json(early["notes"][0]).startswith(
        "WARNING: built after 1 of the 3 planned rounds")
    on_time = plan_top(log.ruleset, commander_after_swiss().state, 4)
    assert not any(Message.from_json(note).startswith("WARNING") for note in on_time["notes"])


def test_undo_takes_the_top_back_until_a_match_has_a_result():
    """A TOP built with the wrong size is undone by a new record, then built again; once a
    match has a result, only corrections remain, and the refused undo stores nothing."""
    log = commander_after_swiss()
    build(log, 8)
    log.do(Kind.TOP_UNDONE, {}, "wrong size")
    assert top_of(log.state) is None
    build(log, 4)
    assert top_of(log.state).size == 4
    first = top_of(log.state).match(1).players[0]
    log.do(Kind.TOP_RESULT, {"match": 1, "entry": {"winner": first}})
    before = len(log.actions)
    with pytest.raises(Conflict, match="cannot be undone"):
        log.do(Kind.TOP_UNDONE, {})
    assert len(log.actions) == before and top_of(log.state) is not None
