"""A TOP bracket as plain text for the terminal: one column per round, joined by box lines.

Row layout: the first-round slot ``i`` is on row ``2i``; the winner of block ``b`` of round ``r``
(slots ``b·2^r`` to ``(b+1)·2^r − 1``) is on the row midway between the rows of the two entries
it comes from. So 32 players take 63 rows and six columns.
"""

from __future__ import annotations

from podium.cli.lang import tr
from podium.core.bracket import Bracket
from podium.core.messages import M, Mn
from podium.core.model import EventState

WIDTH = 20  # characters per name column at least (a longer name widens every column)
GAP = 3  # characters of connector between columns


def _label(state: EventState, bracket: Bracket, pid: int | None, width: int = 0) -> str:
    """``(seed) name``, whole: a name is never cut (the columns widen instead)."""
    if pid is None:
        return ""
    return f"({bracket.seeds[pid]}) {state.players[pid].name}"


def column_width(state: EventState, bracket: Bracket) -> int:
    """The name column's width: WIDTH, or the longest ``(seed) name`` with room for " =" ."""
    longest = max((len(_label(state, bracket, pid)) for pid in bracket.slots if pid is not None),
                  default=0)
    return max(WIDTH, longest + 2)




def _row(round_number: int, block: int) -> int:
    return block * (2 << round_number) + (1 << round_number) - 1


def bracket_lines(state: EventState, bracket: Bracket, width: int | None = None) -> list[str]:
    """The bracket as lines of text: entrants on the left, the champion on the right."""
    width = width or column_width(state, bracket)
    size = len(bracket.slots)
    rounds = bracket.rounds
    grid = [[" "] * ((rounds + 1) * (width + GAP)) for _ in range(2 * size - 1)]

    def put(row: int, col: int, text: str) -> None:
        for offset, char in enumerate(text):
            grid[row][col + offset] = char

    for slot, pid in enumerate(bracket.slots):
        put(_row(0, slot), 0, _label(state, bracket, pid, width) or "— " + tr(M("bye")))
    for round_number in range(1, rounds + 1):
        x = round_number * (width + GAP)
        first = bracket.first_number(round_number)
        for block in range(size >> round_number):
            match = bracket.match(first + block)
            top, bottom, mid = (_row(round_number - 1, 2 * block),
                                _row(round_number - 1, 2 * block + 1), _row(round_number, block))
            for row in range(top, bottom + 1):
                grid[row][x - 2] = "│"
            grid[top][x - 3], grid[top][x - 2] = "─", "┐"
            grid[bottom][x - 3], grid[bottom][x - 2] = "─", "┘"
            grid[mid][x - 2], grid[mid][x - 1] = "├", "─"
            text = _label(state, bracket, match.winner, width - 2)
            if match.result is not None and match.result.draw:
                text += " ="
            if (not text and match.players != (None, None)) or not match.known:
                text = text or f"[{match.number}]"
            put(mid, x, text)
    return ["".join(row).rstrip() for row in grid]


def bracket_list(state: EventState, bracket: Bracket) -> list[str]:
    """The narrow layout, for a terminal narrower than the tree: round by round, one line a
    match (``[n] (1) A – (16) B → A``)."""
    from podium.core.bracket import round_name

    lines: list[str] = []
    for round_number in range(bracket.rounds):
        if lines:
            lines.append("")
        lines.append(_first_up(tr(round_name(round_number + 1, bracket.rounds))))
        for match in bracket.matches():
            if match.round != round_number + 1 or (match.players == (None, None) and match.known):
                continue
            sides = [_label(state, bracket, pid) or ("— " + tr(M("bye")) if match.known else "?")
                     for pid in match.players]
            line = f"  [{match.number}] {sides[0]} – {sides[1]}"
            if match.winner is not None:
                line += f" → {state.players[match.winner].name}"
                if match.result is not None and match.result.draw:
                    line += " ="
            lines.append(line)
    return lines


def bracket_text(state: EventState, bracket: Bracket, width: int | None = None) -> str:
    """:func:`bracket_lines` with a legend and the champion; in a terminal of ``width``
    columns narrower than the tree, :func:`bracket_list` instead (a tree that wraps cannot be
    read)."""
    lines = bracket_lines(state, bracket)
    if width is not None and max(map(len, lines), default=0) > width:
        lines = bracket_list(state, bracket)
    lines.append("")
    lines.append(tr(M("[n]: match n, not played yet; =: advanced after a draw (rule BRK-5)")))
    if bracket.minutes:
        lines.append(_first_up(tr(Mn("time: %(n)s minute per game in the TOP (rule BRK-7)",
                                     "time: %(n)s minutes per game in the TOP (rule BRK-7)",
                                     bracket.minutes))))
    champion = bracket.champion
    if champion is not None:
        lines.append(_first_up(tr(M("champion: %(name)s", name=state.players[champion].name))))
    return "\n".join(lines)


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]
