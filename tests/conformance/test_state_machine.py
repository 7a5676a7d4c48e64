"""A Hypothesis state machine over each format's commands, with the kit's invariants after every
step: the state the service keeps equals a replay of the stored log, and a refused command
stores nothing (the log's length is unchanged).

Steps per format: ``MAX_EXAMPLES`` runs of up to ``STEPS`` commands (about 4,000 to 5,000), so
more than 10,000 steps run in CI across the formats.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import json
import pkgutil
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import podium
from podium.core.errors import PodiumError
from podium.core.replay import kinds_of, replay
from podium.core.top_replay import top_of
from podium.formats import all_formats
from podium.service.commands import (
    AddPlayers,
    AppendActions,
    DropPlayer,
    EnterResult,
    PairRound,
    ReinstatePlayer,
    UndoRound,
)
from podium.service.events import EventService
from podium.service.people import (
    MergePlayers,
    RemovePlayer,
    RenamePlayer,
    SubstitutePlayer,
)
from podium.service.simulate import sample_batch, setup
from podium.service.top import BuildTop, EnterTopResult, UndoTop
from podium.store.db import Database
from podium.testing.kit import ACTOR, digest

# Hypothesis draws from the constants of every local module loaded so far, so the runs (and the
# step count checked below) would depend on which tests ran before in the same process: load
# every podium module now, so each run sees the same pool whatever ran first.
for _module in pkgutil.walk_packages(podium.__path__, "podium."):
    if ".migrations" not in _module.name:
        importlib.import_module(_module.name)

MAX_EXAMPLES = 60
STEPS = 90
SLUGS = itertools.count(1)
STEPS_RUN: dict[str, int] = {}
JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 10**6) | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)


def machine_for(ruleset, db_path: Path) -> type[RuleBasedStateMachine]:
    service = EventService(Database(str(db_path)))

    class FormatMachine(RuleBasedStateMachine):
        @initialize(index=st.integers(0, len(ruleset.example_settings) - 1),
                    players=st.integers(4, 11), seed=st.integers(0, 2**16))
        def create(self, index: int, players: int, seed: int) -> None:
            self.slug = f"m{next(SLUGS)}"
            self.rng = random.Random(seed)
            service.create_event(self.slug, "machine", ruleset.name,
                                 ruleset.example_settings[index], ACTOR, seed)
            service.run_command(AddPlayers(self.slug, tuple(f"P{i}" for i in range(players))),
                            ACTOR)

        def run(self, command) -> None:
            """Execute; a refusal must store nothing."""
            before = len(service.log(self.slug))
            try:
                service.run_command(command, ACTOR)
            except PodiumError as error:
                assert error.code and error.msgid
                json.dumps(error.to_json())
                assert len(service.log(self.slug)) == before

        @property
        def state(self):
            return service.load(self.slug).state

        @rule()
        def set_up(self) -> None:
            with contextlib.suppress(PodiumError):
                setup(service, self.slug, ACTOR, self.rng)

        @rule()
        def pair(self) -> None:
            self.run(PairRound(self.slug))

        @rule(garbage=st.booleans())
        def result(self, garbage: bool) -> None:
            rnd = self.state.current_round
            if rnd is None or not rnd.tables or not ruleset.capabilities.rounds:
                return
            open_tables = [t for t in rnd.tables if t.number not in rnd.results]
            table = self.rng.choice(open_tables or rnd.tables)
            entry = ({"winner": self.rng.choice([*table.seats, 999, True])} if garbage else
                     ruleset.sample_result(self.state, rnd, table, self.rng))
            self.run(EnterResult(self.slug, table.number, entry))

        @rule(reason=st.sampled_from(["", "slip misread"]))
        def correct(self, reason: str) -> None:
            state = self.state
            played = [(r, t) for r in state.rounds for t in r.tables if t.number in r.results]
            if not played:
                return
            rnd, table = self.rng.choice(played)
            entry = ruleset.sample_result(state, rnd, table, self.rng)
            self.run(EnterResult(self.slug, table.number, entry, rnd.number, True, reason))

        @rule()
        def undo(self) -> None:
            self.run(UndoRound(self.slug, "machine"))

        @rule(drop=st.booleans())
        def drop_or_return(self, drop: bool) -> None:
            players = list(self.state.players.values())
            player = self.rng.choice(players)
            command = DropPlayer if drop else ReinstatePlayer
            self.run(command(self.slug, f"#{player.id}", "machine"))

        @rule()
        def late_player(self) -> None:
            self.run(AddPlayers(self.slug, (f"Late {next(SLUGS)}",)))

        @rule(what=st.sampled_from(["rename", "remove", "merge", "substitute", "same"]))
        def people(self, what: str) -> None:
            """Rename, remove, merge or substitute players at random."""
            players = list(self.state.players.values())
            if not players:
                return
            a, b = self.rng.choice(players), self.rng.choice(players)
            new = f"New {next(SLUGS)}"
            command = {
                "rename": RenamePlayer(self.slug, f"#{a.id}", new, "machine"),
                "remove": RemovePlayer(self.slug, f"#{a.id}", "machine"),
                "merge": MergePlayers(self.slug, f"#{a.id}", f"#{b.id}", "machine"),
                "substitute": SubstitutePlayer(self.slug, f"#{a.id}", new),
                "same": SubstitutePlayer(self.slug, f"#{a.id}", new, None, True),
            }[what]
            self.run(command)

        @rule(size=st.integers(2, 9))
        def build_top(self, size: int) -> None:
            self.run(BuildTop(self.slug, size))

        @rule(draw=st.booleans())
        def top_result(self, draw: bool) -> None:
            bracket = top_of(self.state)
            if bracket is None:
                return
            open_ = [m for m in bracket.matches() if m.known and not m.is_bye
                     and m.result is None and None not in m.players]
            if not open_:
                return
            match = self.rng.choice(open_)
            entry = {"draw": True} if draw else {"winner": self.rng.choice(match.players)}
            self.run(EnterTopResult(self.slug, match.number, entry))

        @rule()
        def undo_top(self) -> None:
            self.run(UndoTop(self.slug, "machine"))

        @rule()
        def format_actions(self) -> None:
            with contextlib.suppress(PodiumError):
                sample_batch(service, self.slug, ACTOR, self.rng)

        @rule(kind=st.sampled_from(sorted(kinds_of(ruleset))), payload=JSON)
        def junk(self, kind: str, payload: object) -> None:
            body = payload if isinstance(payload, dict) else {"value": payload}
            self.run(AppendActions(self.slug, ((kind, body, "junk"),)))

        @invariant()
        def replay_equals_live(self) -> None:
            if not hasattr(self, "slug"):
                return
            STEPS_RUN[ruleset.name] = STEPS_RUN.get(ruleset.name, 0) + 1
            live = service.load(self.slug)
            again = replay(service.log(self.slug), live.ruleset)
            assert digest(again, live.ruleset) == digest(live.state, live.ruleset)

    return FormatMachine


@pytest.mark.parametrize("ruleset", all_formats(), ids=lambda r: r.name)
def test_state_machine(ruleset, tmp_path: Path) -> None:
    machine = machine_for(ruleset, tmp_path / "machine.db")
    machine.TestCase.settings = settings(
        max_examples=MAX_EXAMPLES, stateful_step_count=STEPS, deadline=None, derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    machine.TestCase().runTest()
    # the invariant runs after every step: this many steps ran (printed with -s)
    print(f"{ruleset.name}: {STEPS_RUN.get(ruleset.name, 0)} steps")
    assert STEPS_RUN.get(ruleset.name, 0) >= 3_400
