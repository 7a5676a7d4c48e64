"""Commander's fixed seating schedule (setting ``seating_schedule``) through the command line.

Worked by hand: 16 players, the default 5 Swiss rounds (rule CMD-11: max(5, ceil(log2 16) - 1)
= 5), pods of 4 (rule CMD-1). A player meets 3 opponents a round, 15 over 5 rounds: exactly the
15 other players, so a schedule with no repeated opponent must seat every pair together exactly
once (the lines of the affine plane AG(2, 4)). Seats: 5 games, 4 seats, so every player takes
the first turn once or twice.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from podium.formats.commander.demo import simulate_result
from tests.builders import EventLog
from tests.cli.conftest import Podium, printed_pods


def _pairs(podium: Podium, slug: str, rounds: int) -> Counter[frozenset[str]]:
    met: Counter[frozenset[str]] = Counter()
    for number in range(1, rounds + 1):
        for table in podium.seating(slug, number):
            met.update(frozenset(pair) for pair in itertools.combinations(table, 2))
    return met


def test_fixed_schedule_16_players_meet_everyone_once(podium: Podium, make_event) -> None:
    # rule CMD-6 is the default; the setting is the organiser's opt-in departure from it.
    make_event("cup", 16, 7, "seating_schedule=fixed", "final_size=0")
    preview = podium.out("round", "pair", "cup", "--preview")
    flat = " ".join(preview.split())
    assert "lines of the affine geometry AG(2, 4); 0 repeated meetings (lower bound 0)" in flat
    assert "Swiss round 1 of 5 of a schedule planned at the start" in flat
    previewed = printed_pods(preview)
    podium("round", "pair", "cup")
    assert podium.seating("cup") == previewed  # the preview is the commit

    for number in range(1, 6):
        if number > 1:
            podium("round", "pair", "cup")
        tables = podium.seating("cup", number)
        assert sorted(len(t) for t in tables) == [4, 4, 4, 4]
        assert sorted(name for t in tables for name in t) == sorted(
            {name for t in podium.seating("cup", 1) for name in t})  # everyone, once
        podium.win_all("cup")

    met = _pairs(podium, "cup", 5)
    assert len(met) == 16 * 15 // 2 and set(met.values()) == {1}  # 0 repeats
    firsts = Counter(t[0] for n in range(1, 6) for t in podium.seating("cup", n))
    assert len(firsts) == 16 and set(firsts.values()) <= {1, 2}


def test_replay_gives_the_stored_schedule(podium: Podium, make_event, tmp_path) -> None:
    """The log stores each round's tables and the schedule's seed: an imported copy replays to
    exactly the same tables and seed."""
    make_event("cup", 16, 11, "seating_schedule=fixed", "final_size=0")
    for _ in range(2):
        podium("round", "pair", "cup")
        podium.win_all("cup")
    exported = podium.export("cup")
    path = tmp_path / "cup.json"
    path.write_text(exported)
    podium("import", str(path), "--slug", "copy")
    for number in (1, 2):
        assert podium.seating("copy", number) == podium.seating("cup", number)
    seeds = [a["payload"]["seed"] for a in json.loads(exported)["actions"]
             if a["kind"] == "round.paired"]
    assert len(set(seeds)) == 1  # both rounds come from one schedule, one seed


def test_default_pairs_by_standings(podium: Podium, make_event) -> None:
    make_event("cup", 16, 7)
    preview = " ".join(podium.out("round", "pair", "cup", "--preview").split())
    assert "schedule" not in preview


def test_a_drop_replans_the_rest_without_repeats(podium: Podium, make_event) -> None:
    """After a drop the schedule's remaining rounds are planned again for the 15 players left
    (3 pods of 4 and 3 byes, rule CMD-8), still avoiding every earlier meeting where possible:
    15 players over 5 rounds with 3 tables of 4 create 5*18 = 90 meetings of 105 pairs."""
    make_event("cup", 16, 7, "seating_schedule=fixed", "final_size=0")
    for _ in range(2):
        podium("round", "pair", "cup")
        podium.win_all("cup")
    podium("player", "drop", "cup", "Anna", "--reason", "left")
    out = " ".join(podium.out("round", "pair", "cup").split())
    assert "the remaining rounds planned again for the 15 active players" in out, out
    assert len(podium.byes("cup")) == 3
    podium.win_all("cup")
    met = _pairs(podium, "cup", 3)
    assert max(met.values()) == 1, out


def test_while_tied_uses_the_schedule_only_while_all_are_tied(podium: Podium,
                                                             make_event) -> None:
    make_event("cup", 16, 7, "seating_schedule=while-tied", "final_size=0")
    first = " ".join(podium.out("round", "pair", "cup").split())
    assert "planned at the start" in first  # round 1: everyone has 0 points
    podium.win_all("cup")
    second = " ".join(podium.out("round", "pair", "cup", "--preview").split())
    assert "planned at the start" not in second  # winners have 3 points: rule CMD-6


def test_switched_on_later_plans_from_what_was_played(podium: Podium, make_event) -> None:
    """Rounds 1-2 paired by standings, then the organiser switches the schedule on: the
    remaining rounds are planned from the two rounds played, not taken from a schedule those
    rounds never followed."""
    make_event("cup", 16, 7, "final_size=0")
    for _ in range(2):
        podium("round", "pair", "cup")
        podium.win_all("cup")
    podium("event", "set", "cup", "seating_schedule=fixed", "--reason", "plan the rest")
    out = " ".join(podium.out("round", "pair", "cup").split())
    assert "the remaining rounds planned again for the 16 active players" in out


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(4, 26), policy=st.sampled_from(["byes", "short-pods", "long-pods"]),
       rounds=st.integers(2, 5), seed=st.integers(0, 2**31))
def test_fixed_schedule_with_drops_late_entries_and_byes(players: int, policy: str,
                                                         rounds: int, seed: int) -> None:
    """Whatever the field: every active player once a round, at a table or on a bye, and no
    second bye while someone seated this round has had fewer (rule CMD-8's default), through
    drops and late entries that make the schedule plan its rest again."""
    rng = random.Random(seed)
    event = EventLog(players=players, seed=seed, bye_policy=policy, rounds=rounds,
                     final_size=0, fewer_rounds=True, seating_schedule="fixed")
    had: Counter[int] = Counter()
    while not event.state.rounds or len(event.state.rounds) < rounds:
        active = {p.id for p in event.state.active_players()}
        rnd = event.pair()
        seated = [p for t in rnd.tables for p in t.seats]
        sitting = [b.player for b in rnd.byes]
        assert sorted(seated + sitting) == sorted(active)
        if sitting and seated:
            assert max(had[p] for p in sitting) <= min(had[p] for p in seated)
        had.update(sitting)
        for table in rnd.tables:
            event.result(table.number, simulate_result(table, rng))
        if rng.random() < 0.3 and len(active) > 5:
            event.do("player.dropped", {"player": rng.choice(sorted(active))}, "left")
        if rng.random() < 0.3:
            event.add(f"Late {len(event.state.players) + 1}")
