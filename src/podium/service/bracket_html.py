"""A TOP bracket as one standalone HTML page, to print or project (rules BRK-1 .. BRK-7).

Pure string building, no external file: one column per round, each match a box with its two
players (seed and name) and the winner in bold. The page fits a landscape A4 sheet at 32 players
(16 first-round boxes in the first column) and scales up on a projector.
"""

from __future__ import annotations

from html import escape

from podium.core.bracket import Bracket, Match, round_name
from podium.core.model import EventState

STYLE = """
:root { font-family: "DejaVu Sans", Arial, sans-serif; color: #111; }
body { margin: 12px; }
h1 { font-size: 20px; margin: 0 0 4px; }
p.meta { margin: 0 0 10px; font-size: 12px; color: #444; }
.bracket { display: flex; gap: 18px; align-items: stretch; min-height: 88vh; }
.round { display: flex; flex-direction: column; flex: 1; min-width: 150px; }
.round h2 { font-size: 13px; text-align: center; margin: 0 0 4px; }
.matches { display: flex; flex-direction: column; justify-content: space-around; flex: 1; }
.match { border: 1px solid #777; border-radius: 4px; margin: 2px 0; background: #fff;
         font-size: 12px; line-height: 1.35; }
.match .no { float: right; font-size: 10px; color: #888; padding: 0 4px; }
.p { padding: 1px 6px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.p + .p { border-top: 1px solid #ddd; }
.p.win { font-weight: bold; background: #e8f4e8; }
.p .seed { display: inline-block; min-width: 2.2em; color: #666; }
.p.bye, .p.tbd { color: #999; font-style: italic; }
.note { font-size: 10px; color: #555; padding: 0 6px 2px; }
.champion { font-size: 18px; font-weight: bold; text-align: center; margin-top: 10px; }
ul.notes { font-size: 11px; color: #444; }
@media print { @page { size: A4 landscape; margin: 8mm; } body { margin: 0; }
  .bracket { min-height: 170mm; } .match { font-size: 10px; } .round { min-width: 0; } }
"""


def _player(state: EventState, bracket: Bracket, match: Match, side: int) -> str:
    pid = match.players[side]
    if pid is None:
        cls, text = ("bye", "bye") if match.known else ("tbd", "&nbsp;")
        return f'<div class="p {cls}"><span class="seed"></span>{text}</div>'
    win = " win" if match.winner == pid and (match.result is not None) else ""
    name = escape(state.players[pid].name)
    return (f'<div class="p{win}"><span class="seed">{bracket.seeds[pid]}</span>{name}</div>')


def bracket_html(state: EventState, bracket: Bracket, title: str = "") -> str:
    """The whole page."""
    heading = escape(title or f"{state.name}: TOP {bracket.size}")
    columns = []
    for round_number in range(1, bracket.rounds + 1):
        first = bracket.first_number(round_number)
        boxes = []
        for number in range(first, first + (len(bracket.slots) >> round_number)):
            match = bracket.match(number)
            note = ""
            if match.result is not None and match.result.note:
                note = f'<div class="note">{escape(match.result.note)}</div>'
            boxes.append(
                f'<div class="match"><span class="no">{number}</span>'
                f"{_player(state, bracket, match, 0)}{_player(state, bracket, match, 1)}"
                f"{note}</div>"
            )
        name = escape(round_name(round_number, bracket.rounds))
        columns.append(
            f'<div class="round"><h2>{name}</h2><div class="matches">{"".join(boxes)}</div></div>'
        )
    meta = [f"{bracket.size} players"]
    if bracket.minutes:
        meta.append(f"{bracket.minutes} minutes per game (rule BRK-7)")
    meta.append("draw: " + ("the higher seed advances" if bracket.draw_rule == "higher_seed"
                            else "the judge names who advances") + " (rule BRK-5)")
    champion = bracket.champion
    crown = (f'<div class="champion">Champion: {escape(state.players[champion].name)}</div>'
             if champion is not None else "")
    notes = [*bracket.notes, *(
        f"goal {g.get('number')}: {'met' if g.get('met') else 'not met'}: {g.get('text')}"
        for g in bracket.goals)]
    items = "".join(f"<li>{escape(str(n))}</li>" for n in notes)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{heading}</title><link rel=\"icon\" href=\"data:,\">"
        f"<style>{STYLE}</style></head><body>"
        f"<h1>{heading}</h1><p class=\"meta\">{escape(' · '.join(meta))}</p>"
        f'<div class="bracket">{"".join(columns)}</div>{crown}'
        f'<ul class="notes">{items}</ul></body></html>\n'
    )
