"""The Legendary League selection's die (rule W7-33 (6)) is the organiser's, as the next season's
is (W7-26 (4), W7-30 (3)): a tie nothing else breaks is refused until the organiser enters the
rolls or asks podium to roll; the rolls are kept in the log with who rolled them.

The year: the session's two complete seasons (28 sign-ups, seed 5). Player 24 and Player 25
scored 8 and 17 each (25 in all); everyone but them, Player 31 (17) and Player 10 (16) declined
in advance (rule W7-32). Pick #1 (all seasons, W7-31): Player 24 and Player 25 tied at 25. By
W7-33: (1) best season 17 = 17, best 2 25 = 25; (2) last season 17 = 17; (3) 2 seasons each;
(4) no Battle of Titans points; (5) never ahead of each other in a game (0 = 0): (6) the die.
Whoever it favours is #1, the other #2 (best 3 seasons: 25 against 17 and 16)."""

from __future__ import annotations

from pathlib import Path

import pytest

from podium.formats.seven_wonders import codes, legendary_rules
from podium.service.events import EventService
from podium.service.series import series_ledger
from tests.formats.seven_wonders.year_builders import (
    YEAR,
    ManualClock,
    copy_of,
    everything,
    invoke,
    refused,
    service_on,
)

A, B = "Player 24", "Player 25"
KEEP = (A, B, "Player 31", "Player 10")
LAST = "y-s1"  # the year's last season, where the selection is kept


@pytest.fixture
def tied(two_seasons: Path, tmp_path: Path) -> tuple[EventService, list[str]]:
    service = service_on(copy_of(two_seasons, tmp_path))
    points = {row.player: row.points for row in series_ledger(service, YEAR).rows}
    assert points[A] == points[B] == [8, 17]  # the premise worked by hand above
    assert points["Player 31"] == [None, 17] and points["Player 10"] == [12, 4]
    return service, sorted(n for n in points if n not in KEEP)


def selected(service: EventService) -> dict:
    """The selection's action as the log keeps it."""
    return [a for a in service.log(LAST) if a.kind == legendary_rules.SELECTED][-1].payload


def stored_picks(service: EventService) -> list[str]:
    """The picks as the stored log replays them (a fresh load)."""
    state = service.load(LAST).state
    selection = legendary_rules.book_of(state).selection
    assert selection is not None
    return [state.players[p].name for p in selection.players]


def test_a_tie_only_the_die_breaks_is_refused_without_a_roll(tied) -> None:
    # rule W7-33: (6) the die is the organiser's: neither a roll nor "podium rolls": refused
    # naming the pair, the form given back with their rolls to fill in, nothing stored
    service, declined = tied
    before = everything(service)
    error = refused(service, "legendary-select", {"declined": declined})
    assert error.code == codes.YEAR_DIE_NEEDED and error.field == "roll"
    assert set(error.params["names"]) == {A, B} and error.params["rule"] == "W7-33 (6)"
    assert sorted(error.suggest["roll"].split(", ")) == [f"{A}=", f"{B}="]
    assert legendary_rules.book_of(service.load(LAST).state).selection is None
    # a preview stores nothing and says whom the die decides between, rolling nothing
    preview = invoke(service, "legendary-select", {"declined": declined, "preview": True})
    assert everything(service) == before
    due = [n for n in preview.answer.notes if n.startswith("rule W7-33 (6)")]
    assert len(due) == 1 and "the organiser's die decides between" in due[0]
    assert A in due[0] and B in due[0] and "drawn with seed" not in due[0]


@pytest.mark.parametrize(("rolls", "first"), [({A: 5, B: 2}, A), ({A: 1, B: 6}, B)])
def test_the_organisers_rolls_decide_and_are_kept_with_who_rolled(tied, rolls, first) -> None:
    # rule W7-33: (6) the higher roll takes #1, the other is #2 (best 3: 25 > 17 > 16); the
    # rolls are in the log with by=organiser and every replay uses them
    service, declined = tied
    done = invoke(service, "legendary-select", {"declined": declined, "roll": rolls})
    second = B if first == A else A
    assert [p[1] for p in done.value.picks] == [first, second, "Player 31", "Player 10"]
    assert (f"rule W7-33 (6), the organiser's die roll: {B} {rolls[B]}, {A} {rolls[A]}"
            in done.answer.notes)  # (by player id: Player 25 was registered first)
    payload = selected(service)
    state = service.load(LAST).state
    ids = {state.players[p].name: p for p in state.players}
    assert payload["podium_rolls"] is False
    assert [(r["by"], {v["player"]: v["value"] for v in r["values"]})
            for r in payload["rolls"]] == [("organiser", {ids[n]: v for n, v in rolls.items()})]
    assert stored_picks(service) == [first, second, "Player 31", "Player 10"]


def test_podium_rolls_when_asked_and_says_so(tied) -> None:
    # rule W7-33: (6) the organiser asks podium to roll: the recorded seed's die, kept as
    # podium's (by=podium) and said as rolled by podium at the organiser's request
    service, declined = tied
    done = invoke(service, "legendary-select", {"declined": declined, "podium_rolls": True})
    notes = [n for n in done.answer.notes if n.startswith("rule W7-33 (6)")]
    assert len(notes) == 1 and "by podium as the organiser asked" in notes[0]
    payload = selected(service)
    assert payload["podium_rolls"] is True
    [roll] = payload["rolls"]
    values = {v["player"]: v["value"] for v in roll["values"]}
    assert roll["by"] == "podium" and len(set(values.values())) == 2
    winner = max(values, key=lambda p: values[p])
    state = service.load(LAST).state
    assert stored_picks(service)[0] == state.players[winner].name


def test_a_roll_for_a_stranger_or_equal_rolls_are_refused(tied) -> None:
    # rule W7-33: (6) Player 10 is in no tie the die decides: a typo is not kept as a roll;
    # equal values do not separate the pair: roll again; nothing stored either way
    service, declined = tied
    stranger = refused(service, "legendary-select",
                       {"declined": declined, "roll": {A: 5, B: 2, "Player 10": 3}})
    assert stranger.code == codes.YEAR_DIE and stranger.field == "roll"
    assert stranger.params["names"] == ["Player 10"]
    nobody = refused(service, "legendary-select",
                     {"declined": declined, "podium_rolls": True, "roll": {"Nobody": 4}})
    assert nobody.code == codes.YEAR_DIE and nobody.params["names"] == ["Nobody"]
    equal = refused(service, "legendary-select", {"declined": declined, "roll": {A: 4, B: 4}})
    assert equal.code == codes.YEAR_DIE and equal.field == "roll"


def test_a_re_pick_after_a_refusal_says_podium_rolled(two_seasons: Path, tmp_path: Path
                                                      ) -> None:
    # rules W7-32, W7-33: nobody ties at the selection (no die asked for); Player 20, 05, 08
    # and 16 declined in advance, so when #1 refuses, the place passes to the highest
    # all-seasons total not picked: Player 24 and Player 25 at 25, tied down to (6). A place
    # passes by a refusal or by the clock, when there is nobody to ask for a roll: podium
    # draws from the recorded seed and the roster says so
    clock = ManualClock()
    service = service_on(copy_of(two_seasons, tmp_path), clock)
    declined = ["Player 20", "Player 05", "Player 08", "Player 16"]
    done = invoke(service, "legendary-select", {"declined": declined})
    picks = [p[1] for p in done.value.picks]
    assert A not in picks and B not in picks and selected(service)["rolls"] == []
    clock.advance(hours=1)
    league = invoke(service, "legendary-answer", {"player": picks[0], "answer": "decline"})
    seat = next(s for s in league.value.seats if s.number == 1)
    assert seat.player in (A, B) and seat.status == "waiting"
    die = [n for n in league.answer.notes if n.startswith("rule W7-33 (6)")]
    assert len(die) == 1 and "die roll by podium, drawn with seed" in die[0]
    assert "no roll the organiser entered covers this tie" in die[0]
    roster = legendary_rules.book_of(service.load(LAST).state).roster(clock())
    assert [r.by for r in roster.rolls] == ["podium"]
