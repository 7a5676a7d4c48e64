"""Plausible random play of any format, through its declared examples and the real commands.

:func:`play` drives an event the way an organiser would: the format's set-up actions (draft
tables), then rounds paired and filled with the format's sample results until the format stops
pairing, then a TOP if the format has one and a size is given; an open-play format gets batches
of its sample actions instead. Everything goes through :meth:`EventService.execute`, so a
simulated event is stored, replayed and refused exactly like a real one. The conformance kit,
the property tests and the benchmarks use it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from podium.core.errors import Conflict
from podium.core.messages import M
from podium.core.top_replay import top_of
from podium.core.views import N_
from podium.service.commands import AppendActions, EnterResult, PairRound
from podium.service.events import EventService
from podium.service.top import BuildTop, EnterTopResult

Progress = Callable[[Any, int, int], None]  # what: a message or a msgid


def play(service: EventService, slug: str, actor: str, rng: random.Random, *,
         rounds: int | None = None, top_size: int | None = None, batches: int = 10,
         progress: Progress | None = None) -> None:
    """Play event ``slug`` out (or ``rounds`` rounds of it); see the module docstring."""
    loaded = service.load(slug)
    if not loaded.ruleset.capabilities.rounds:
        for done in range(batches):
            sample_batch(service, slug, actor, rng)
            if progress:
                progress(N_("games"), done + 1, batches)
        return
    played = 0
    while rounds is None or played < rounds:
        if not play_round(service, slug, actor, rng):
            break
        played += 1
        if progress:
            progress(M("Round %(n)s", n=played), played, rounds or played)
    if top_size:
        play_top(service, slug, actor, rng, top_size)


def setup(service: EventService, slug: str, actor: str, rng: random.Random) -> None:
    """Store what the format needs before the next round (e.g. draft tables)."""
    loaded = service.load(slug)
    actions = loaded.ruleset.setup_actions(loaded.state, rng)
    if actions:
        service.run_command(AppendActions(slug, tuple(actions)), actor)


def play_round(service: EventService, slug: str, actor: str, rng: random.Random) -> bool:
    """Pair the next round and enter a sample result at every table; False when the format
    pairs no more rounds."""
    setup(service, slug, actor, rng)
    try:
        paired = service.run_command(PairRound(slug), actor)
    except Conflict:
        return False
    loaded, rnd = paired.loaded, paired.value
    for table in rnd.tables:
        entry = loaded.ruleset.sample_result(loaded.state, rnd, table, rng)
        loaded = service.run_command(EnterResult(slug, table.number, entry), actor).loaded
    return True


def play_top(service: EventService, slug: str, actor: str, rng: random.Random,
             size: int) -> None:
    """Build the TOP and play it out: each match won by one of its two players at random."""
    bracket = service.run_command(BuildTop(slug, size), actor).value
    while bracket.champion is None:
        match = next(m for m in bracket.matches()
                     if m.known and not m.is_bye and m.result is None and None not in m.players)
        winner = rng.choice(match.players)
        bracket = service.run_command(EnterTopResult(slug, match.number, {"winner": winner}),
                                  actor).value


def sample_batch(service: EventService, slug: str, actor: str, rng: random.Random) -> bool:
    """Store one batch of the format's sample actions; False when it has none to give."""
    loaded = service.load(slug)
    actions = loaded.ruleset.sample_actions(loaded.state, rng)
    if not actions:
        return False
    service.run_command(AppendActions(slug, tuple(actions)), actor)
    return True


__all__ = ["play", "play_round", "play_top", "sample_batch", "setup", "top_of"]
