"""Commander's web plug-in: a pod's result in a few keystrokes.

The ``finish`` field lists seat numbers from the winner to the first player out: ``2431`` means
seat 2 won, seat 4 was eliminated last, seat 1 first (rule CMD-2). The last seat may be left out:
it is the first out. A draw starts with ``=`` and its survivors, then the others from the last
out to the first: ``=24 31`` (rules CMD-4b, CMD-13). ``simultaneous`` marks a winner who took
everyone out at once (CMD-4a); ``loss_<seat>`` gives that seat a judge's game loss with its
reason (CMD-14).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from podium.core.model import EventState, Round, Table, TableResult
from podium.core.views import N_
from podium.web.i18n import Localised
from podium.web.plugins import WebFormat


def _seats(text: str, table: Table, where: str) -> list[int | list[int]]:
    """Seat numbers, each one item; ``(34)`` is a group eliminated at the same moment."""
    items: list[int | list[int]] = []
    group: list[int] | None = None
    for char in text:
        if char == "(" and group is None:
            group = []
            continue
        if char == ")" and group is not None:
            if len(group) < 2:
                raise Localised(N_("finish: a group in brackets names at least two seats"),
                                field="finish")
            items.append(group)
            group = None
            continue
        if not char.isdigit() or not 1 <= int(char) <= len(table.seats):
            raise Localised(N_("finish: “%(char)s” is not a seat number (1 to %(n)s)"),
                            char=char, n=len(table.seats), field="finish")
        if group is not None:
            group.append(int(char))
        else:
            items.append(int(char))
    if group is not None:
        raise Localised(N_("finish: a bracket is not closed"), field="finish")
    return items


def _flat(items: list[int | list[int]]) -> list[int]:
    return [s for item in items for s in (item if isinstance(item, list) else [item])]


def parse_result(
    form: Mapping[str, str], state: EventState, rnd: Round, table: Table
) -> dict[str, Any]:
    """Rules CMD-2, CMD-4a, CMD-4b, CMD-13, CMD-14: the typed finish to the stored entry.

    Seats from the winner to the first out (``2431``); seats in brackets were eliminated at the
    same moment (``2(43)1``). A draw: ``=24 31`` (survivors, then the others from the last out
    to the first); ``=0 (21)43`` is a draw with no survivors."""
    text = "".join(str(form.get("finish", "")).split(",")).strip()
    where = "finish"
    if not text:
        raise Localised(N_("finish: type the seats from the winner to the first out, e.g. 2431"),
                        field="finish")
    draw = text.startswith("=")
    if draw:
        head, _, tail = text[1:].strip().partition(" ")
        head = "" if head == "0" else head
        survivors = _flat(_seats(head, table, where))
        others = _seats(tail.replace(" ", ""), table, where)
        order: list[int | list[int]] = [*survivors, *others]
    else:
        order = _seats(text.replace(" ", ""), table, where)
        survivors = []
    typed = _flat(order)
    if len(set(typed)) != len(typed):
        raise Localised(N_("finish: a seat is listed twice"), field="finish")
    missing = [s for s in range(1, len(table.seats) + 1) if s not in typed]
    if len(missing) == 1 and len(typed) == len(table.seats) - 1:
        order.append(missing[0])  # the one not typed is the first out
    elif missing:
        raise Localised(N_("finish: seats %(seats)s are missing"),
                        seats=", ".join(map(str, missing)), field="finish")

    def pid(item: int | list[int]) -> int | list[int]:
        return [table.seats[s - 1] for s in item] if isinstance(item, list) else (
            table.seats[item - 1])

    losses = []
    for seat in range(1, len(table.seats) + 1):
        reason = " ".join(str(form.get(f"loss_{seat}", "")).split())
        if reason:
            losses.append({"player": table.seats[seat - 1], "reason": reason})
    simultaneous = str(form.get("simultaneous", "")).lower() in ("1", "on", "true", "yes")
    if draw:
        return {
            "winner": None,
            "draw": True,
            "survivors": [table.seats[s - 1] for s in survivors],
            "eliminated": [pid(item) for item in reversed(order[len(survivors):])],
            "simultaneous": False,
            "game_losses": losses,
        }
    if isinstance(order[0], list):
        raise Localised(N_("finish: the winner is one seat, first"), field="finish")
    return {
        "winner": pid(order[0]),
        "draw": False,
        "survivors": [],
        "eliminated": [pid(item) for item in reversed(order[1:])],
        "simultaneous": simultaneous,
        "game_losses": losses,
    }


def finish_text(entry: Mapping[str, Any], table: Table) -> str:
    """The stored entry back as the typed ``finish`` (to prefill a correction)."""
    seat = {pid: i for i, pid in enumerate(table.seats, 1)}

    def text(item: Any) -> str:
        if isinstance(item, list):
            return "(" + "".join(str(seat[p]) for p in item if p in seat) + ")"
        return str(seat[item]) if item in seat else ""

    out = list(reversed(entry.get("eliminated") or []))
    if entry.get("draw"):
        head = "".join(str(seat[p]) for p in entry.get("survivors") or []) or "0"
        return f"={head} " + "".join(text(p) for p in out)
    return "".join(text(p) for p in [entry.get("winner"), *out])


def describe_result(state: EventState, result: TableResult) -> str:
    by_place = sorted(result.outcomes, key=lambda o: (o.place, o.player))
    parts = []
    for outcome in by_place:
        name = state.players[outcome.player].name
        mark = "★ " if outcome.won else ("= " if outcome.drew else "")
        parts.append(f"{mark}{name}")
    return " › ".join(parts)


# The settings' help texts (podium.formats.commander FIELDS), for the catalog.
SETTING_HELP = (
    N_("players per pod"), N_("points for a win"), N_("points for each survivor of a draw"),
    N_("points for a loss"), N_("points for a bye"), N_("tiebreakers after points, in order"),
    N_("Swiss rounds (auto: CMD-11 formula)"), N_("what leftover players get"),
    N_("repeat handling"), N_("players in the final pod (0: no final)"),
    N_("time zone of the times on the event's pages (e.g. Europe/Moscow)"),
)
# The choices of those settings, shown in the settings' selects (issue 13).
SETTING_CHOICES = (
    N_("byes"), N_("short-pods"), N_("long-pods"), N_("swap"), N_("avoid"), N_("random"),
    N_("standings"), N_("reverse"),
)

COMMANDER_WEB = WebFormat(
    name="commander",
    result_form="formats/commander_result.html",
    report_form="formats/commander_report.html",
    judge_only=("loss_",),  # a game loss is a judge's decision (rule CMD-14)
    parse_result=parse_result,
    describe_result=describe_result,
)
