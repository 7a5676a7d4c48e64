"""The values the kernel's round and TOP commands answer with: the round or bracket as stored
(so every adapter reads it as before) with its players' names now, which its typed answer
gives beside their ids, and whether it is only a preview (its sentence says so)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from podium.core.bracket import Bracket
from podium.core.log import Action
from podium.core.model import EventState, Round
from podium.service.commands import PairRound
from podium.service.events import LoadedEvent
from podium.service.top import BuildTop

V = TypeVar("V")


def copied_as(kind: Callable[..., V], value: Any, **extra: Any) -> V:
    """``value`` (a dataclass) as its subclass ``kind``, with ``extra`` fields."""
    return kind(**{f.name: getattr(value, f.name) for f in fields(value) if f.init}, **extra)


@dataclass
class PairedRound(Round):
    """The round ``round.pair`` answers with."""

    names: dict[int, str] = field(default_factory=dict)
    preview: bool = False
    #: Round 1 when check-in was used: the players paired without having checked in
    absent: tuple[str, ...] = ()


@dataclass(frozen=True)
class PairNamed(PairRound):
    """Pair and store the next round."""

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Round:
        rnd = super().answer(loaded, stored)
        from podium.service.signup import absent_players

        players = loaded.state.players
        absent = tuple(p.name for p in absent_players(loaded.state)) if rnd.number == 1 else ()
        return copied_as(PairedRound, rnd, names={p: players[p].name for p in rnd.players()},
                         preview=self.dry_run, absent=absent)


@dataclass(frozen=True)
class PreviewRound(PairNamed):
    """The round pairing would store now: checked, not stored."""

    dry_run = True


@dataclass
class NamedBracket(Bracket):
    """The TOP ``top.build`` and ``top.result`` answer with."""

    names: dict[int, str] = field(default_factory=dict)
    preview: bool = False


def named_bracket(state: EventState, bracket: Bracket, preview: bool = False) -> NamedBracket:
    names = {p: state.players[p].name for p in bracket.slots if p is not None}
    return copied_as(NamedBracket, bracket, names=names, preview=preview)


@dataclass(frozen=True)
class BuildNamedTop(BuildTop):
    """Seed and store the TOP."""

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Bracket:
        return named_bracket(loaded.state, super().answer(loaded, stored), self.dry_run)


@dataclass(frozen=True)
class PreviewNamedTop(BuildNamedTop):
    """The TOP that building would store now: checked, not stored."""

    dry_run = True


__all__ = ["BuildNamedTop", "NamedBracket", "PairNamed", "PairedRound", "PreviewNamedTop",
           "PreviewRound", "named_bracket"]
