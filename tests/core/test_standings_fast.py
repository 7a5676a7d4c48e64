"""The fast standings equal the regulation's definition, computed the straightforward way.

``rank_players`` sorts by exact integer keys, draws the random tiebreak only among players tied
on everything before it, and reads opponents' aggregates from flat tables, so 200,000 players
rank in seconds (bench/standings.py). Here random events (seeded) are ranked both ways:
the reference below recomputes every criterion from the games themselves, per player, by
scanning every table of every round, exactly as the rules say, and sorts with Fractions.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from podium.core.model import EventState
from podium.core.records import build_records
from podium.core.rng import derive_seed
from podium.core.standings import rank_players, sort_keys
from podium.core.tiebreakers import TIEBREAKERS
from podium.formats.berserk.rules import BERSERK_TIEBREAKERS
from podium.formats.commander.demo import simulate_result
from tests.builders import EventLog


def random_event(seed: int, pod: int = 4) -> EventLog:
    """Random pods (any leftover gets a bye), sample results, a drop, a late entry."""
    rng = random.Random(seed)
    players = rng.randint(pod, 60)
    event = EventLog(players=players, seed=seed, final_size=0, pod_size=pod)
    for number in range(rng.randint(0, 5)):
        if number == 2:
            event.add(f"Late{seed}")
        active = [p.id for p in event.state.active_players()]
        rng.shuffle(active)
        seated = len(active) // pod * pod
        tables = [active[i:i + pod] for i in range(0, seated, pod)]
        event.seat(*tables, byes=tuple(active[seated:]))
        for index, table in enumerate(event.state.rounds[-1].tables, start=1):
            event.result(index, simulate_result(table, rng))
        if number == 1:
            event.do("player.dropped", {"player": active[0]}, "left")
    return event


def games(state: EventState):
    """Every played game: (table's seats, outcome) pairs, straight from the rounds."""
    for rnd in state.rounds:
        for table in rnd.tables:
            result = rnd.results.get(table.number)
            if result is not None:
                for outcome in result.outcomes:
                    yield table.seats, outcome


def points(state: EventState, pid: int) -> Fraction:
    """Points of every game plus the byes (rules CMD-2, CMD-9)."""
    total = sum((o.points for _s, o in games(state) if o.player == pid), Fraction(0))
    return total + sum((b.points for r in state.rounds for b in r.byes if b.player == pid),
                       Fraction(0))


def elimination_sum(state: EventState, pid: int) -> Fraction:
    """Rule CMD-3a: elimination orders over all games, a bye counting as the pod size."""
    total = sum((Fraction(o.order) for _s, o in games(state) if o.player == pid), Fraction(0))
    return total + sum((Fraction(b.order) for r in state.rounds for b in r.byes
                        if b.player == pid and b.order is not None), Fraction(0))


def opponents_win_ratio(state: EventState, pid: int) -> Fraction:
    """Rule CMD-3b: all wins of all opponents met, over all games those opponents played (an
    opponent met twice counts twice; byes are neither wins nor games)."""
    wins = played = 0
    for seats, outcome in games(state):
        if outcome.player != pid:
            continue
        for opponent in seats:
            if opponent != pid:
                wins += sum(o.won for _s, o in games(state) if o.player == opponent)
                played += sum(1 for _s, o in games(state) if o.player == opponent)
    return Fraction(wins, played) if played else Fraction(0)


def buchholz(state: EventState, pid: int) -> Fraction:
    """Duel Swiss (Berserk): the sum of the points of every opponent met, per meeting."""
    return sum((points(state, opponent) for seats, o in games(state) if o.player == pid
                for opponent in seats if opponent != pid), Fraction(0))


def wins(state: EventState, pid: int) -> Fraction:
    return Fraction(sum(o.won for _s, o in games(state) if o.player == pid))


DEFINITIONS = {"points": points, "elimination_sum": elimination_sum,
               "opponents_win_pct": opponents_win_ratio, "buchholz": buchholz, "wins": wins}


def reference(state: EventState, names: list[str]) -> list[tuple[int, int, tuple]]:
    """(rank, player, shown values) by the definitions: sort by every value, higher first, the
    lower player id first among full ties; the random draw (rule CMD-3c) shown as the place it
    gave among the players tied on every criterion before it, and only where it decided."""
    keyed = []
    for pid in state.players:
        values = tuple(derive_seed(state.seed, "tiebreak", pid) if name == "random"
                       else DEFINITIONS[name](state, pid) for name in names)
        keyed.append((values, -pid))
    keyed.sort(reverse=True)
    shown = [list(values) for values, _n in keyed]
    if "random" in names:
        at = names.index("random")
        for i, (values, _n) in enumerate(keyed):
            tied = [j for j, (other, _m) in enumerate(keyed) if other[:at] == values[:at]]
            shown[i][at] = tied.index(i) + 1 if len(tied) > 1 else None
    out = []
    rank = 0
    for place, ((_values, negated), row) in enumerate(zip(keyed, shown, strict=True), 1):
        if place == 1 or row != shown[place - 2]:
            rank = place
        out.append((rank, -negated, tuple(row)))
    return out


def fast(state: EventState, names: list[str]) -> list[tuple[int, int, tuple]]:
    criteria = [TIEBREAKERS.get(name) or BERSERK_TIEBREAKERS[name] for name in names]
    standings = rank_players(state.players, build_records(state.players, state.rounds),
                             criteria, state.seed)
    return [(row.rank, row.player, tuple(row.values)) for row in standings.rows]


ORDERS = [
    ["points", "elimination_sum", "opponents_win_pct", "random"],  # the CMD-3 default
    ["points", "opponents_win_pct", "elimination_sum", "random"],
    ["points", "wins", "random", "elimination_sum"],  # the draw before another criterion
    ["points", "elimination_sum"],  # no draw: full ties share a rank
]


@pytest.mark.parametrize("seed", range(12))
def test_commander_standings_equal_the_definition_on_random_events(seed):
    # rules CMD-3a, CMD-3b, CMD-3c, CMD-9
    state = random_event(seed).state
    for names in ORDERS:
        assert fast(state, names) == reference(state, names), names


@pytest.mark.parametrize("seed", range(8))
def test_duel_swiss_standings_equal_the_definition_on_random_events(seed):
    # Berserk's duel Swiss: Buchholz, opponents' win ratio, the seeded draw (rule CMD-3b's
    # ratio is shared by both formats)
    state = random_event(100 + seed, pod=2).state
    for names in (["points", "buchholz", "opponents_win_pct", "random"],
                  ["points", "wins", "buchholz"]):
        assert fast(state, names) == reference(state, names), names


def test_the_whole_format_ranks_as_the_definition():
    # rule CMD-3: the Commander format's own standings (its settings' tiebreakers)
    event = random_event(7)
    rows = [(row.rank, row.player, tuple(row.values)) for row in event.standings().rows]
    assert rows == reference(event.state, ["points", "elimination_sum", "opponents_win_pct",
                                           "random"])


def test_integer_keys_keep_every_order_and_every_tie():
    # exact: values closer than any float could tell apart, equal values written differently
    values = [Fraction(1, 3), Fraction(2, 6), Fraction(333_333_333, 1_000_000_001),
              Fraction(333_333_334, 1_000_000_003), 0, 1, Fraction(-5, 7), Fraction(7, 1)]
    keys = sort_keys(values)
    for i, a in enumerate(values):
        for j, b in enumerate(values):
            assert (keys[i] < keys[j]) == (a < b) and (keys[i] == keys[j]) == (a == b)
