"""The state of a TOP (single-elimination play-off), rebuilt from the log by replay.

A :class:`Bracket` holds the seeded slots (rules BRK-1 .. BRK-4, computed when the TOP was built
and stored as built) and the results entered so far. Who plays each match is derived: the
winner of matches ``2i-1`` and ``2i`` of one round meets in match ``i`` of the next (rule BRK-2,
a fixed bracket), and a player facing a bye advances without playing.

Matches are numbered through the whole bracket, round by round: with 16 slots, matches 1-8 are
the first round, 9-12 the quarter-finals, 13-14 the semi-finals and 15 the final.

Rule BRK-5: a drawn TOP match is decided by the ``draw_rule`` given when the TOP was built:
``higher_seed`` (the default: the better pre-TOP seed advances) or ``named`` (the judge names
who advances, e.g. by the regulation's "quality of wins").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from podium.core import codes
from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.messages import M
from podium.core.model import PlayerId

DRAW_RULES = ("higher_seed", "named")


@dataclass(frozen=True)
class MatchResult:
    """What was entered for one match, and who advances."""

    winner: PlayerId
    draw: bool = False
    note: str = ""
    corrected: bool = False

    def to_entry(self) -> dict[str, Any]:
        return {"winner": self.winner, "draw": self.draw}


@dataclass(frozen=True)
class Match:
    number: int
    round: int
    index: int  # 1-based within its round
    players: tuple[PlayerId | None, PlayerId | None]  # None: a bye, or not known yet
    known: bool  # both sides are decided (a player or a bye)
    result: MatchResult | None

    @property
    def is_bye(self) -> bool:
        return self.known and (self.players[0] is None or self.players[1] is None)

    @property
    def winner(self) -> PlayerId | None:
        if self.result is not None:
            return self.result.winner
        if self.is_bye:
            return self.players[0] if self.players[0] is not None else self.players[1]
        return None


@dataclass
class Bracket:
    """A seeded TOP and its results. ``slots`` are in bracket order, ``None`` for a bye;
    ``seeds`` give each player's pre-TOP seed (1 is best)."""

    slots: tuple[PlayerId | None, ...]
    seeds: dict[PlayerId, int]
    size: int
    draw_rule: str = "higher_seed"
    minutes: int | None = None
    notes: list[str] = field(default_factory=list)
    goals: list[dict[str, Any]] = field(default_factory=list)
    tables: dict[PlayerId, str] = field(default_factory=dict)  # where each player qualified
    seeding: str = "written"  # rule BRK-4: the written bracket, or the goal-optimising search
    results: dict[int, MatchResult] = field(default_factory=dict)

    @property
    def rounds(self) -> int:
        return (len(self.slots) - 1).bit_length()

    def first_number(self, round_number: int) -> int:
        """The number of the first match of ``round_number``."""
        number = 1
        for earlier in range(1, round_number):
            number += len(self.slots) >> earlier
        return number

    def locate(self, number: int) -> tuple[int, int]:
        """(round, index within the round) of match ``number``."""
        if not 1 <= number < len(self.slots):
            raise NotFound(
                "the TOP has no match %(number)s; its matches are 1 to %(slots_count)s",
                code=codes.TOP_MATCH, number=number, slots_count=len(self.slots) - 1)
        width = len(self.slots) // 2
        round_number = 1
        while number > width:
            number -= width
            width //= 2
            round_number += 1
        return round_number, number

    def match(self, number: int) -> Match:
        round_number, index = self.locate(number)
        if round_number == 1:
            players = (self.slots[2 * index - 2], self.slots[2 * index - 1])
            known = True
        else:
            base = self.first_number(round_number - 1)
            feeders = (self.match(base + 2 * index - 2), self.match(base + 2 * index - 1))
            players = (feeders[0].winner, feeders[1].winner)
            known = all(f.winner is not None or _empty(f) for f in feeders)
        return Match(number, round_number, index, players, known, self.results.get(number))

    def matches(self) -> list[Match]:
        return [self.match(n) for n in range(1, len(self.slots))]

    def final(self) -> Match:
        return self.match(len(self.slots) - 1)

    @property
    def champion(self) -> PlayerId | None:
        return self.final().winner

    # results ----------------------------------------------------------------------------------
    def decide(self, number: int, entry: Mapping[str, Any], correcting: bool) -> MatchResult:
        """Check an entry for match ``number`` against the bracket; return what it decides.

        Refused: a match whose players are not known yet, a bye, a player not in the match, a
        second result without the correction command, a correction of a match whose winner has
        already played on.
        """
        match = self.match(number)
        a, b = match.players
        if not match.known or (a is None and b is None):
            raise Conflict(
                "TOP match %(number)s: its players are not known yet", code=codes.TOP_SIDE,
                number=number)
        if match.is_bye:
            raise Conflict(
                "TOP match %(number)s is a bye; it needs no result", code=codes.TOP_BYE,
                number=number)
        if correcting and match.result is None:
            raise Conflict(
                "TOP match %(number)s has no result to correct", code=codes.RESULT_MISSING,
                number=number)
        if not correcting and match.result is not None:
            raise Conflict(
                "TOP match %(number)s already has a result; use the correction command",
                code=codes.RESULT_EXISTS, number=number
            )
        if correcting:
            after = self._next(number)
            if after is not None and after.result is not None:
                raise Conflict(
                    "TOP match %(number)s: match %(number2)s after it already has a result; "
                    "correct match %(number2)s first", code=codes.TOP_LATER,
                    number=number, number2=after.number
                )
        draw = bool(entry.get("draw"))
        winner = entry.get("winner")
        if not draw:
            if winner not in (a, b) or not isinstance(winner, int) or isinstance(winner, bool):
                raise InvalidInput(
                    "TOP match %(number)s: the winner must be one of its players",
                    code=codes.RESULT_WINNER, number=number)
            return MatchResult(winner, corrected=correcting)
        # rule BRK-5: a draw is decided by the TOP's draw rule.
        if a is None or b is None:  # a bye, refused above: both players are known here
            raise Conflict("TOP match %(number)s: its players are not known yet",
                           code=codes.TOP_SIDE, number=number)
        if self.draw_rule == "named":
            advances = entry.get("advances")
            if (advances not in (a, b) or not isinstance(advances, int)
                    or isinstance(advances, bool)):
                raise InvalidInput(
                    "TOP match %(number)s is a draw: name who advances (rule BRK-5, draw rule"
                    " 'named')", code=codes.TOP_ADVANCER_MISSING,
                    number=number
                )
            note = M("draw; advances as named by the judge (rule BRK-5)")
        else:
            if entry.get("advances") is not None:
                raise InvalidInput(
                    "TOP match %(number)s: with draw rule 'higher_seed' the better seed "
                    "advances (rule BRK-5); do not name who advances",
                    code=codes.TOP_ADVANCER_UNWANTED, number=number
                )
            advances = a if self.seeds[a] < self.seeds[b] else b
            note = M("draw; seed %(seed)s advances (rule BRK-5)", seed=self.seeds[advances])
        return MatchResult(advances, draw=True, note=note, corrected=correcting)

    def _next(self, number: int) -> Match | None:
        round_number, index = self.locate(number)
        if round_number == self.rounds:
            return None
        return self.match(self.first_number(round_number + 1) + (index - 1) // 2)


def _empty(match: Match) -> bool:
    """A first-round place with no player on either side (only possible with two byes)."""
    return match.known and match.players == (None, None)


def round_name(round_number: int, rounds: int) -> str:
    """'final', 'semi-final', 'quarter-final', else 'round N'."""
    left = rounds - round_number
    names = {0: M("final"), 1: M("semi-final"), 2: M("quarter-final")}
    return names.get(left) or M("round %(n)s", n=round_number)
