"""What organisers found surprising in Commander, fixed as the regulation reads (rules CMD-3c,
CMD-4b, CMD-7, CMD-8, CMD-10, CMD-11, CMD-13), each worked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from podium.core.errors import InvalidInput
from podium.core.model import Table
from podium.formats.commander.entry import finish_text, from_finish
from podium.service import EventService
from podium.store.db import Database
from tests.builders import EventLog


def final_of(**settings: object) -> tuple[EventLog, list[int], tuple[int, ...]]:
    """Eight players, one Swiss round (players 1 and 5 win), then the final pod."""
    event = EventLog(players=8, rounds=1, **settings)
    event.seat([1, 2, 3, 4], [5, 6, 7, 8])
    event.win(1, 1, 4, 3, 2)
    event.win(2, 5, 8, 7, 6)
    swiss = event.order()
    final = event.pair()
    return event, swiss, final.tables[0].seats


@pytest.mark.parametrize(("seating", "expected"), [
    ("standings", lambda top: top),
    ("reverse", lambda top: top[::-1]),
])
def test_cmd10_the_final_turn_order_is_a_setting(seating, expected):
    """Rule CMD-10 with the turn order the organiser chose."""
    _event, swiss, seats = final_of(final_seating=seating)
    assert list(seats) == expected(swiss[:4])


def test_cmd10_the_final_turn_order_is_drawn_from_the_recorded_seed_by_default():
    """Rule CMD-10, default: a seeded draw, the same on replay, said in the round's notes."""
    event, swiss, seats = final_of()
    _again, _swiss, seats_again = final_of()
    assert sorted(seats) == sorted(swiss[:4]) and seats == seats_again
    notes = event.state.rounds[-1].notes
    assert "turn order drawn at random from the recorded seed" in notes[0]
    assert "rule CMD-4b" in notes[1]  # what a draw does, said on the final's page


def test_cmd4b_in_a_drawn_final_the_first_seat_ranks_last():
    """Rule CMD-4b: survivors of a draw count as eliminated in turn order, so with the final
    seated in standings order the Swiss winner, in seat 1, ranks last of the survivors: why the
    default draws the turn order instead."""
    event, swiss, seats = final_of(final_seating="standings")
    event.draw(1, survivors=list(seats))
    assert event.order()[:4] == [seats[3], seats[2], seats[1], seats[0]]
    assert seats[0] == swiss[0]


def late_entry_event(**settings: object) -> EventLog:
    """Nine players, round 1 (pods of 4 and 1 bye); then a late entrant: 10 players, 2 byes."""
    event = EventLog(players=9, **settings)
    first = event.pair()
    for table in first.tables:
        event.win(table.number, table.seats[0], *table.seats[1:])
    event.add("Latecomer")
    return event


def test_cmd8_a_late_entrant_can_get_the_bye_by_default():
    """Rule CMD-8 as written: the byes go to the last table's players (the lowest in the
    standings with the fewest byes), a late entrant (0 points, last) included."""
    event = late_entry_event()
    late = event.state.player_by_name("Latecomer").id
    assert late in {b.player for b in event.pair().byes}


def test_cmd8_late_entry_bye_off_spares_a_late_entrants_first_round():
    """Rule CMD-8 and the setting late_entry_bye = no (the exception): the late entrant is last
    in the standings (0 points), so the plain rule would hand them a free point; the bye goes
    to the lowest players with as few byes who have played, and each bye says why."""
    event = late_entry_event(late_entry_bye=False)
    late = event.state.player_by_name("Latecomer").id
    second = event.pair()
    byes = {b.player: b.reason for b in second.byes}
    assert late not in byes and len(byes) == 2
    for reason in byes.values():
        assert "in the standings, the lowest among the players with 0 byes" in reason
        assert "late entrants in their first round get no bye" in reason


def test_cmd8_nobody_gets_a_second_bye_to_spare_a_late_entrant():
    """Rule CMD-8 comes first: a late entrant is spared only among players with as few byes."""
    event = EventLog(players=3, pod_size=2, late_entry_bye=False)  # duels: one bye a round
    event.seat([1, 2], byes=(3,))
    event.win(1, 1, 2)
    event.seat([1, 3], byes=(2,))
    event.win(1, 1, 3)
    event.do("player.dropped", {"player": 1}, "left")
    event.add("Latecomer")  # 2 and 3 have had a bye each; only the newcomer has none
    second = event.pair()
    late = event.state.player_by_name("Latecomer").id
    assert [b.player for b in second.byes] == [late]
    assert "a late entrant, as no one else with as few byes could sit out" in (
        second.byes[0].reason)


def test_cmd11_fewer_than_five_rounds_needs_the_override_and_says_so(tmp_path):
    """Rule CMD-11: minimum 5 Swiss rounds; fewer only with fewer_rounds=yes, and then the
    event says so (the warning is on its pages and in `event show`)."""
    service = EventService(Database(str(tmp_path / "x.db")))
    with pytest.raises(InvalidInput, match="at least 5 Swiss rounds") as refused:
        service.create_event("cup", "Cup", "commander", {"rounds": 3}, "judge")
    assert refused.value.field == "rounds"
    service.create_event("cup", "Cup", "commander", {"rounds": 3, "fewer_rounds": "yes"},
                         "judge")
    loaded = service.load("cup")
    assert loaded.ruleset.warnings(loaded.state) == [
        "3 Swiss rounds: fewer than the 5 rule CMD-11 asks for (allowed by the organiser's "
        "override)"]
    with pytest.raises(InvalidInput, match="also set fewer_rounds to yes"):
        service.create_event("c2", "C2", "commander", {}, "judge")
        service.change_settings("c2", {"rounds": 4}, "judge")
    assert service.load("c2").state.settings.rounds is None


def test_cmd3c_the_random_column_shows_the_order_it_decided_and_only_there():
    """Rule CMD-3c. Before, the column showed the draw's last four digits, which seemed to
    contradict the order (1988 above 7854). Now it shows the order the draw gave among the
    players tied on everything before it, and nothing where it decided nothing."""
    event = EventLog(players=8)
    event.seat([1, 2, 3, 4], [5, 6, 7, 8])
    event.win(1, 1, 4, 3, 2)
    event.win(2, 5, 8, 7, 6)
    standings = event.standings()
    column = [c.name for c in standings.criteria].index("random")
    shown = {row.player: row.values[column] for row in standings.rows}
    # 1 and 5 won with the same elimination sum and the same opponents' win %: tied
    assert sorted([shown[1], shown[5]]) == [1, 2]
    first_of_the_two = 1 if shown[1] == 1 else 5
    assert standings.order().index(first_of_the_two) < standings.order().index(
        6 - first_of_the_two if first_of_the_two == 1 else 1)
    assert all(shown[p] is not None for p in shown)  # every pair here ties on all but random
    untied = EventLog(players=4)
    untied.seat([1, 2, 3, 4])
    untied.win(1, 1, 4, 3, 2)
    rows = untied.standings().rows
    assert [row.values[column] for row in rows] == [None, None, None, None]
    assert untied.standings().criteria[column].display(None) == "-"


def test_cmd3a_players_eliminated_at_the_same_moment_share_the_orders_they_cover():
    """Rules CMD-3a and CMD-2: seats 2 and 3 eliminated by one effect, first: they cover orders
    1 and 2 and score 3/2 each (the table still hands out 1 + 2 + 3 + 4) and share 3rd place;
    the winner gets the win points."""
    event = EventLog(players=4)
    event.seat([1, 2, 3, 4])
    event.result(1, {"winner": 1, "eliminated": [[2, 3], 4]})
    outcomes = {o.player: o for o in event.state.rounds[0].results[1].outcomes}
    assert outcomes[2].order == outcomes[3].order == Fraction(3, 2)
    assert outcomes[2].place == outcomes[3].place == 3
    assert (outcomes[4].order, outcomes[4].place) == (3, 2)
    assert (outcomes[1].order, outcomes[1].points) == (4, 3)
    assert sum(o.order for o in outcomes.values()) == 10
    assert event.standings().row(2).record.order_sum == Fraction(3, 2)


def test_cmd13_a_draw_with_no_survivors_gives_nobody_points():
    """Rules CMD-13 and CMD-4b: everyone eliminated (the last two by the same effect): a draw
    with no survivors; CMD-13 pays survivors only, so every player scores the loss points."""
    event = EventLog(players=4)
    event.seat([1, 2, 3, 4])
    event.result(1, {"draw": True, "survivors": [], "eliminated": [4, 3, [1, 2]]})
    outcomes = {o.player: o for o in event.state.rounds[0].results[1].outcomes}
    assert all(o.points == 0 and not o.won for o in outcomes.values())
    assert (outcomes[1].order, outcomes[2].order) == (Fraction(7, 2), Fraction(7, 2))
    assert (outcomes[4].order, outcomes[3].order) == (1, 2)
    with pytest.raises(InvalidInput, match="at least two survivors, or none"):
        event.result(1, {"draw": True, "survivors": [1], "eliminated": [4, 3, 2]},
                     correct_round=1, reason="x")


def test_the_result_form_types_groups_and_a_draw_with_no_survivors():
    """The keyboard entry: ``2(43)1`` (4 and 3 out at the same moment) and ``=0 (21)43``."""
    table = Table(1, (11, 12, 13, 14))
    entry = from_finish("2(43)1", {}, None, table)  # type: ignore[arg-type]
    assert entry["winner"] == 12 and entry["eliminated"] == [11, [14, 13]]
    assert finish_text(entry, table) == "2(43)1"
    entry = from_finish("=0 (21)43", {}, None, table)  # type: ignore[arg-type]
    assert entry["draw"] and entry["survivors"] == []
    assert entry["eliminated"] == [13, 14, [12, 11]]
    assert finish_text(entry, table) == "=0 (21)43"
    with pytest.raises(InvalidInput, match="not closed"):
        from_finish("2(43", {}, None, table)  # type: ignore[arg-type]


def test_cmd7_a_pod_repeating_an_earlier_round_is_named():
    """Rule CMD-7 swaps only against the previous round; a pod that repeats a whole pod of an
    earlier round is named with that round, so the organiser can choose the avoid policy."""
    event = EventLog(players=8)
    event.seat([1, 2, 3, 4], [5, 6, 7, 8])
    event.win(1, 1, 4, 3, 2)
    event.win(2, 5, 8, 7, 6)
    event.seat([1, 5, 2, 6], [3, 7, 4, 8])
    event.win(1, 1, 6, 2, 5)
    event.win(2, 3, 8, 4, 7)
    notes = event.ruleset._repeat_notes(event.state, [(1, 2, 3, 4), (5, 6, 8, 7)])
    assert notes == [
        "table 1 repeats a whole pod of round 1 (rule CMD-7 compares with the previous round "
        "only; the avoid policy avoids every earlier meeting)",
        "table 2 repeats a whole pod of round 1 (rule CMD-7 compares with the previous round "
        "only; the avoid policy avoids every earlier meeting)",
    ]
