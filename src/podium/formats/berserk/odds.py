"""Berserk projections (regulation BRK): each player's chance of making the TOP and of finishing
first at their draft table, and what they need from their next duel.

The Swiss rounds that remain are played through the format's own steps: the next round's
pairing is the one :meth:`~.rules.Berserk.plan_round` would give now (or the current round's
duels still without a result), later rounds are paired by :func:`.rules.pair_draft_table` from
the standings of the path played so far, every duel is scored by
:meth:`~.rules.Berserk.score` and the standings ranked by the table's own tiebreakers
(:func:`podium.core.standings.rank_players`). The TOP takes the first places of each table as
its seeding does (rule BRK-3, :func:`podium.pairing.bracket.reference_seeds`), a share that
depends on the tables' sizes only: so each draft table is played on its own.

A duel ends in a win of either player (the ``uniform`` model: each half the time; ``rating``:
the logistic chance of :mod:`podium.formats.strengths`). Draws and technical results are not
simulated (the regulation gives no rate for them); a player's own next duel may be set to a
draw by :func:`need`. In Team Sealed with ``sum`` scoring each of the two games is a duel.

A table whose remaining duels give at most :data:`EXACT_LEAVES` outcomes is enumerated, each
outcome weighed by the model (exact fractions); a larger one is played ``trials`` times.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from podium.core.errors import Conflict
from podium.core.messages import M, Message, Mn
from podium.core.model import Bye, EventState, PlayerId, Round, Table, TableResult
from podium.core.projection import Chance, Goal, Need, Outcome, Projection, Strengths
from podium.core.records import PlayerRecord, build_records, meetings
from podium.core.rng import derive_seed
from podium.core.standings import rank_players
from podium.core.top_replay import top_of
from podium.core.views import N_
from podium.formats.strengths import as_fraction, duel_chance, standard_scores
from podium.pairing.bracket import reference_seeds

if TYPE_CHECKING:
    from podium.formats.berserk.rules import Berserk

#: A draft table is enumerated when its remaining duels give at most this many outcomes
#: (16 players with one round left: 2^8; 8 players with three: 2^12).
EXACT_LEAVES = 4096

GOAL_TOP = Goal("top", N_("The TOP"), "BRK-3")
GOAL_FIRST = Goal("first", N_("First at the draft table"), "BRK-3")
GOALS = (GOAL_TOP, GOAL_FIRST)

WIN, DRAW, LOSS, BYE = "win", "draw", "loss", "bye"
OUTCOME_LABELS = {WIN: N_("a win"), DRAW: N_("a draw"), LOSS: N_("a loss"), BYE: N_("a bye")}

# how a simulated duel ends, seen from its first seat: the first or the second player wins;
# in Team Sealed with sum scoring the two games split (3-3) - a draw is only ever set by need
FIRST, SECOND, SPLIT, LEVEL = "first", "second", "split", "level"
Duel = tuple[PlayerId, PlayerId]


@dataclass
class _Pairing:
    duels: list[Duel]
    byes: list[PlayerId]


@dataclass
class _Table:
    """One draft table's remaining Swiss, played through the format's steps."""

    ruleset: Berserk
    state: EventState
    members: list[PlayerId]
    active: list[PlayerId]
    quota: int
    base: list[Round]  # the table's own part of the rounds played (results as entered)
    first: _Pairing | None  # the next step's pairing when it is known now
    steps: int
    chance: Callable[[PlayerId, PlayerId], Fraction]
    forced: tuple[PlayerId, str] | None = None  # need: the player's next result
    _pairings: dict[tuple[Any, ...], _Pairing] = field(default_factory=dict)
    _rounds: dict[tuple[Any, ...], list[Round]] = field(default_factory=dict)
    _finals: dict[tuple[Any, ...], list[PlayerId]] = field(default_factory=dict)
    _records: dict[tuple[Any, ...], dict[PlayerId, Any]] = field(default_factory=dict)
    _results: dict[tuple[Duel, str], TableResult] = field(default_factory=dict)
    _ends: dict[Duel, list[tuple[str, Fraction]]] = field(default_factory=dict)
    _draws: dict[Duel, list[tuple[float, str]]] = field(default_factory=dict)

    def forcing(self, player: PlayerId, outcome: str) -> _Table:
        """The same table with the player's next result set (its caches of pairings,
        rounds and standings shared: they depend on the path, not on how it was drawn)."""
        return replace(self, forced=(player, outcome), _ends={}, _draws={})

    # -- the format's steps ------------------------------------------------------------------
    def standings_order(self, rounds: list[Round], records: dict[PlayerId, Any] | None = None
                        ) -> tuple[list[PlayerId], dict[PlayerId, Any]]:
        """The table's active players best first, as :meth:`Berserk.table_standings` ranks."""
        records = records if records is not None else build_records(self.members, rounds)
        dropped = [p for p in self.members if self.state.players[p].dropped]
        standings = rank_players(self.members, records, self.ruleset._criteria(
            self.state.settings), self.state.seed, dropped)
        active = set(self.active)
        return [p for p in standings.order() if p in active], records

    def pairing(self, key: tuple[Any, ...], rounds: list[Round]) -> _Pairing:
        if not key and self.first is not None:
            return self.first
        found = self._pairings.get(key)
        if found is None:
            from podium.formats.berserk.rules import pair_draft_table

            order, records = self.standings_order(rounds, self.records(key, rounds))
            bye, duels, _rematches = pair_draft_table(order, records, meetings(rounds))
            found = self._pairings[key] = _Pairing(duels, [] if bye is None else [bye])
        return found

    def result(self, duel: Duel, end: str, number: int) -> TableResult:
        found = self._results.get((duel, end))
        if found is None:
            a, b = duel
            team = self.state.settings.team_scoring != "none"
            entry: dict[str, Any]
            if end == LEVEL:
                entry = {"games": ["D", "D"]} if team else {"draw": True}
            elif team:
                entry = {"games": {FIRST: ["1", "1"], SECOND: ["2", "2"], SPLIT: ["1", "2"]}[end]}
            else:
                entry = {"winner": a if end == FIRST else b}
            rnd = Round(number, "swiss", [], [], 0)
            found = self._results[(duel, end)] = self.ruleset.score(
                self.state, rnd, Table(1, duel), entry)
        return found

    def ends(self, duel: Duel) -> list[tuple[str, Fraction]]:
        """How ``duel`` may end, with the model's chance (or the result ``forced`` by need)."""
        found = self._ends.get(duel)
        if found is None:
            found = self._ends[duel] = self._ends_of(duel)
        return found

    def _ends_of(self, duel: Duel) -> list[tuple[str, Fraction]]:
        if self.forced is not None and self.forced[0] in duel:
            player, outcome = self.forced
            if outcome == DRAW:
                return [(LEVEL, Fraction(1))]
            mine = FIRST if duel[0] == player else SECOND
            theirs = SECOND if mine == FIRST else FIRST
            return [(mine if outcome == WIN else theirs, Fraction(1))]
        p = self.chance(*duel)
        if self.state.settings.team_scoring == "sum":  # two games, each a duel
            return [(FIRST, p * p), (SPLIT, 2 * p * (1 - p)), (SECOND, (1 - p) * (1 - p))]
        return [(FIRST, p), (SECOND, 1 - p)]

    def played(self, key: tuple[Any, ...], rounds: list[Round], pairing: _Pairing,
               ends: tuple[str, ...]) -> list[Round]:
        """The rounds after the next step ended as ``ends`` (cached by the path's key)."""
        found = self._rounds.get(key)
        if found is None:
            number = len(self.base) + len(key)
            points, _order = self.ruleset.bye_award(self.state.settings)
            tables = [Table(n, duel) for n, duel in enumerate(pairing.duels, start=1)]
            results = {t.number: self.result(t.seats, end, number)  # type: ignore[arg-type]
                       for t, end in zip(tables, ends, strict=True)}
            byes = [Bye(p, points, None, "") for p in pairing.byes]
            found = self._rounds[key] = [*rounds, Round(number, "swiss", tables, byes, 0,
                                                        results=results)]
        return found

    def records(self, key: tuple[Any, ...], rounds: list[Round]) -> dict[PlayerId, Any]:
        """The players' records after the path ``key``: the parent's with the last round's
        added (the records of :func:`build_records`, one round built at a time)."""
        found = self._records.get(key)
        if found is None:
            if not key:
                found = build_records(self.members, rounds)
            else:
                last = rounds[-1]
                played = [*(b.player for b in last.byes),
                          *(p for t in last.tables for p in t.seats)]
                found = _merged(self.records(key[:-1], rounds[:-1]),
                                build_records(played, rounds[-1:]))
            if len(key) < self.steps:  # a path's end is read once
                self._records[key] = found
        return found

    def reached(self, key: tuple[Any, ...], rounds: list[Round]) -> dict[str, set[PlayerId]]:
        """Who makes the TOP and who is first at the end of the path. The standings rank by
        points first: when no tie straddles the TOP's cut or the first place, the points
        alone decide (the full standings with their tiebreakers only when one does)."""
        records = self.records(key, rounds)
        points = {p: records[p].points for p in self.active}
        ranked = sorted(self.active, key=lambda p: -points[p])
        q = min(self.quota, len(ranked))
        tied: set[PlayerId] = set()
        if 0 < q < len(ranked) and points[ranked[q - 1]] == points[ranked[q]]:
            tied.update(p for p in ranked if points[p] == points[ranked[q - 1]])
        if len(ranked) > 1 and points[ranked[0]] == points[ranked[1]]:
            tied.update(p for p in ranked if points[p] == points[ranked[0]])
        if tied:  # the tiebreakers order the tied players as the whole standings would
            order = self.tied_order(key, records, tied)
            ranked.sort(key=lambda p: (-points[p], order.get(p, 0)))
        return _reached(ranked, q)

    def tied_order(self, key: tuple[Any, ...], records: dict[PlayerId, Any],
                   tied: set[PlayerId]) -> dict[PlayerId, int]:
        found = self._finals.get(key)
        if found is None:
            dropped = [p for p in tied if self.state.players[p].dropped]
            standings = rank_players(sorted(tied), records, self.ruleset._criteria(
                self.state.settings), self.state.seed, dropped)
            found = self._finals[key] = standings.order()
        return {p: index for index, p in enumerate(found)}

    # -- playing ------------------------------------------------------------------------------
    def leaves(self) -> int:
        """How many outcomes an enumeration visits (an upper bound when pairings vary)."""
        count = 1
        width = 3 if self.state.settings.team_scoring == "sum" else 2
        for step in range(self.steps):
            duels = (len(self.first.duels) if step == 0 and self.first is not None
                     else len(self.active) // 2)
            count *= width ** duels
            if count > EXACT_LEAVES:
                break
        return count

    def enumerate(self) -> Iterator[tuple[Fraction, dict[str, set[PlayerId]]]]:
        """Every way the remaining duels end, with its weight, and who reached what."""
        def walk(key: tuple[Any, ...], rounds: list[Round], weight: Fraction
                 ) -> Iterator[tuple[Fraction, dict[str, set[PlayerId]]]]:
            if len(key) == self.steps:
                yield weight, self.reached(key, rounds)
                return
            pairing = self.pairing(key, rounds)
            options = [self.ends(duel) for duel in pairing.duels]
            for combo in itertools.product(*options):
                w = weight
                for _end, chance in combo:
                    w *= chance
                if not w:
                    continue
                ends = tuple(end for end, _chance in combo)
                child = (*key, ends)
                yield from walk(child, self.played(child, rounds, pairing, ends), w)

        yield from walk((), self.base, Fraction(1))

    def sample(self, rng: random.Random) -> dict[str, set[PlayerId]]:
        """One way the remaining duels end, drawn by the model; who reached what."""
        key: tuple[Any, ...] = ()
        rounds = self.base
        for _step in range(self.steps):
            pairing = self.pairing(key, rounds)
            ends = []
            for duel in pairing.duels:
                draw = rng.random()
                options = self._draws.get(duel)
                if options is None:
                    options = self._draws[duel] = self._cumulative(duel)
                ends.append(next((end for bound, end in options if draw < bound),
                                 options[-1][1]))
            key = (*key, tuple(ends))
            rounds = self.played(key, rounds, pairing, tuple(ends))
        return self.reached(key, rounds)

    def _cumulative(self, duel: Duel) -> list[tuple[float, str]]:
        total, out = 0.0, []
        for end, chance in self.ends(duel):
            total += float(chance)
            out.append((total, end))
        return out

    def next_of(self, player: PlayerId) -> str | None:
        """The player's next step when it is known now: ``bye``, ``duel``, or None."""
        if self.first is None or not self.steps:
            return None
        if player in self.first.byes:
            return BYE
        if any(player in duel for duel in self.first.duels):
            return "duel"
        return None


def _merged(before: Mapping[PlayerId, PlayerRecord], added: Mapping[PlayerId, PlayerRecord]
            ) -> dict[PlayerId, PlayerRecord]:
    """``before`` with the records of one more round added (a player who did not play it
    keeps the same record object)."""
    out = dict(before)
    for pid, new in added.items():
        if not (new.games or new.byes):
            continue
        old = before[pid]
        seats = dict(old.seat_counts)
        for seat, count in new.seat_counts.items():
            seats[seat] = seats.get(seat, 0) + count
        out[pid] = PlayerRecord(pid, old.points + new.points, old.games + new.games,
                                old.wins + new.wins, old.draws + new.draws,
                                old.byes + new.byes, old.order_sum + new.order_sum,
                                old.score_sum + new.score_sum if new.score_sum
                                else old.score_sum,
                                [*old.opponents, *new.opponents], seats)
    return out


def _reached(order: Sequence[PlayerId], quota: int) -> dict[str, set[PlayerId]]:
    return {GOAL_TOP.key: set(order[:quota]), GOAL_FIRST.key: set(order[:1])}


@dataclass
class _Count:
    """Chances of one table's players: exact weights, or hits out of trials."""

    players: list[PlayerId]
    exact: bool
    trials: int = 0
    weights: dict[tuple[PlayerId, str], Fraction] = field(default_factory=dict)
    hits: dict[tuple[PlayerId, str], int] = field(default_factory=dict)

    def add(self, reached: Mapping[str, set[PlayerId]], weight: Fraction | None) -> None:
        for goal, players in reached.items():
            for p in players:
                if weight is None:
                    self.hits[(p, goal)] = self.hits.get((p, goal), 0) + 1
                else:
                    self.weights[(p, goal)] = self.weights.get((p, goal), Fraction(0)) + weight

    def chance(self, player: PlayerId, goal: str) -> Chance:
        if self.exact:
            return Chance(exact=self.weights.get((player, goal), Fraction(0)))
        return Chance(hits=self.hits.get((player, goal), 0), trials=self.trials)


def _play(table: _Table, trials: int, rng: random.Random) -> _Count:
    exact = table.leaves() <= EXACT_LEAVES
    count = _Count(table.active, exact, 0 if exact else trials)
    if exact:
        for weight, reached in table.enumerate():
            count.add(reached, weight)
    else:
        for _trial in range(trials):
            count.add(table.sample(rng), None)
    return count


@dataclass
class _Setup:
    """The event as the projection starts from it."""

    tables: list[_Table]
    remaining: int
    notes: list[Message]


def _chance_model(state: EventState, model: str, strengths: Strengths | None,
                  players: Sequence[PlayerId]) -> Callable[[PlayerId, PlayerId], Fraction]:
    if model != "rating":
        return lambda a, b: Fraction(1, 2)
    scores = standard_scores(strengths or own_strengths(state), players)
    cache: dict[Duel, Fraction] = {}

    def chance(a: PlayerId, b: PlayerId) -> Fraction:
        found = cache.get((a, b))
        if found is None:
            found = cache[(a, b)] = as_fraction(duel_chance(scores[a], scores[b]))
        return found

    return chance


def own_strengths(state: EventState) -> Strengths:
    """The event's own results as strengths: each player's points per round played."""
    records = build_records(state.players, state.rounds)
    return Strengths({p: float(r.points) / max(r.games + r.byes, 1) for p, r in records.items()
                      if r.games + r.byes}, "results")


def _restricted(rnd: Round, members: set[PlayerId], complete_only: bool) -> Round:
    tables = [t for t in rnd.tables if t.seats[0] in members
              and (not complete_only or t.number in rnd.results)]
    return Round(rnd.number, rnd.stage, tables, [b for b in rnd.byes if b.player in members],
                 rnd.seed, results={t.number: rnd.results[t.number] for t in tables
                                    if t.number in rnd.results})


def setup(ruleset: Berserk, state: EventState, model: str,
          strengths: Strengths | None) -> _Setup:
    """Each draft table's remaining Swiss (rules BRK-3, BRK-6)."""
    from podium.formats.berserk.rules import draft_tables

    notes: list[Message] = []
    tables = draft_tables(state)
    active_ids = {p.id for p in state.active_players()}
    planned = ruleset.swiss_round_count(state) if tables else 0
    current = state.current_round
    pending = current is not None and not current.complete
    remaining = max(planned - len(state.rounds), 0) + (1 if pending else 0)
    if top_of(state) is not None:
        remaining = 0
        notes.append(M("the TOP is built: its players are known"))
    # the next step's duels and byes, as the engine orders them (the current round's duels
    # still without a result, or the round plan_round gives now)
    next_duels: list[Duel] = []
    next_byes: list[PlayerId] = []
    if remaining and pending:
        assert current is not None
        next_duels = [t.seats for t in current.tables  # type: ignore[misc]
                      if t.number not in current.results]
    elif remaining:
        try:
            plan = ruleset.plan_round(state)
        except Conflict as refusal:
            notes.append(Message(refusal.msgid, refusal.params))
            return _Setup([], 0, notes)
        next_duels = [seats for seats in plan.tables]  # type: ignore[misc]
        next_byes = [bye.player for bye in plan.byes]
    actives = [[p for p in members if p in active_ids] for members in tables]
    size = ruleset.top_defaults(state).size or 0
    try:
        entrants = reference_seeds(actives, size)
    except ValueError:  # a TOP larger than the players: all of them
        quotas = [len(t) for t in actives]
    else:
        quotas = [sum(1 for e in entrants if e.table == index) for index in range(len(actives))]
    chance = _chance_model(state, model, strengths, sorted(state.players))
    out = []
    for members, active, quota in zip(tables, actives, quotas, strict=True):
        member_set = set(members)
        base = [_restricted(r, member_set, r is current and pending) for r in state.rounds]
        pairing = None
        if remaining:
            pairing = _Pairing([d for d in next_duels if d[0] in member_set],
                               [b for b in next_byes if b in member_set])
        out.append(_Table(ruleset, state, members, active, quota, base, pairing, remaining,
                          chance))
    return _Setup(out, remaining, notes)


def projection(ruleset: Berserk, state: EventState, model: str, trials: int, seed: int,
               strengths: Strengths | None) -> Projection:
    """Every player's chance of making the TOP and of finishing first at their table."""
    found = setup(ruleset, state, model, strengths)
    bracket = top_of(state)
    chances: dict[PlayerId, dict[str, Chance]] = {}
    exact = True
    for index, table in enumerate(found.tables):
        if bracket is not None:
            order = table.standings_order(table.base)[0]
            reached = {GOAL_TOP.key: set(p for p in bracket.seeds if p in table.active),
                       GOAL_FIRST.key: set(order[:1])}
            count = _Count(table.active, True)
            count.add(reached, Fraction(1))
        else:
            count = _play(table, trials, random.Random(derive_seed(seed, "berserk-odds", index)))
        exact = exact and count.exact
        for p in table.active:
            chances[p] = {goal.key: count.chance(p, goal.key) for goal in GOALS}
    if not found.tables:
        notes = found.notes or (M("the players are not split into draft tables yet"),)
        return Projection(GOALS, {}, model=model, exact=True, seed=seed, notes=tuple(notes))
    for pid in state.players:  # dropped players and players without a table reach nothing
        chances.setdefault(pid, {goal.key: Chance(exact=Fraction(0)) for goal in GOALS})
    return Projection(GOALS, chances, model=model, exact=exact, trials=0 if exact else trials,
                      seed=seed, remaining=found.remaining, notes=tuple(found.notes))


def need(ruleset: Berserk, state: EventState, player: PlayerId, goal: str, model: str,
         trials: int, seed: int, strengths: Strengths | None) -> Need | None:
    """The chance of ``goal`` after each result of the player's next duel (strongest first):
    a win, a draw, a loss; a bye when the next round gives the player one."""
    target = next((g for g in GOALS if g.key == goal), None)
    if target is None or player not in state.players:
        return None
    found = setup(ruleset, state, model, strengths)
    table = next((t for t in found.tables if player in t.active), None)
    if table is None or not found.remaining or top_of(state) is not None:
        return Need(player, target, (), (), model=model, exact=True, notes=(
            M("no Swiss round remains: the standings decide"),))
    kinds = [BYE] if table.next_of(player) == BYE else [WIN, DRAW, LOSS]
    after: list[Chance] = []
    exact = True
    for index, kind in enumerate(kinds):
        forced = table if kind == BYE else table.forcing(player, kind)
        count = _play(forced, trials, random.Random(derive_seed(seed, "berserk-need", index)))
        exact = exact and count.exact
        after.append(count.chance(player, goal))
    outcomes = tuple(Outcome(kind, M(OUTCOME_LABELS[kind])) for kind in kinds)
    notes: tuple[Message, ...] = () if exact else (
        Mn("estimate: the remaining rounds played %(n)s time",
           "estimate: the remaining rounds played %(n)s times", trials),)
    return Need(player, target, outcomes, tuple(after), model=model, exact=exact, notes=notes)
