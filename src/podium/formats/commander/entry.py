"""A Commander pod's result as people type it (rules CMD-2, CMD-4a, CMD-4b, CMD-13, CMD-14):
one declaration (:class:`podium.core.commands.ResultEntry`) for the organiser's keyboard, the
player's phone, the command line and the API.

Two ways to type it, either one:

- ``finish``: seat numbers from the winner to the first player out: ``2431`` means seat 2 won,
  seat 4 was eliminated last, seat 1 first; the last seat may be left out (it is the first
  out); ``2(43)1``: seats in brackets went out at the same moment; a draw starts with ``=`` and
  its survivors, then the others from the last out to the first: ``=24 31``; ``=0 (21)43`` is a
  draw with no survivors.
- by names: ``winner`` and ``order`` (the eliminated, first out first, ``+`` joining players
  out at the same moment: ``Boris,Vera+Gleb``), or ``draw`` with its ``survivors``.

``simultaneous`` marks a winner who took everyone out at once (CMD-4a); ``game_loss`` gives a
player a judge's game loss with its reason (CMD-14; ``NAME=REASON``, a judge's field a
player's report never sends).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from podium.core import codes, inputs
from podium.core.commands import Param, ResultEntry
from podium.core.errors import InvalidInput
from podium.core.model import EventState, PlayerId, Round, Table, TableResult
from podium.core.schema import PLAYER, TEXT, Bool, ListOf, Nullable, Obj, OneOf, obj
from podium.core.views import N_
from podium.formats.commander import codes as cmd_codes
from podium.service.forms import resolve_player

STORED = obj(optional={
    "winner": OneOf((Nullable(PLAYER), ListOf(PLAYER, max_items=7))),
    "draw": Bool(),
    "eliminated": ListOf(OneOf((PLAYER, ListOf(PLAYER, min_items=2, max_items=7))),
                         max_items=7),
    "survivors": ListOf(PLAYER, max_items=7),
    "simultaneous": Bool(),
    "game_losses": ListOf(OneOf((PLAYER, Obj({"player": PLAYER}, {"reason": TEXT}))),
                          max_items=7),
})

FINISH = "finish"


def _seats(text: str, table: Table) -> list[int | list[int]]:
    """Seat numbers, each one item; ``(34)`` is a group eliminated at the same moment."""
    items: list[int | list[int]] = []
    group: list[int] | None = None
    for char in text:
        if char == "(" and group is None:
            group = []
            continue
        if char == ")" and group is not None:
            if len(group) < 2:
                raise InvalidInput(N_("a group in brackets names at least two seats"),
                                   code=cmd_codes.FINISH, field=FINISH)
            items.append(group)
            group = None
            continue
        if not char.isdigit() or not 1 <= int(char) <= len(table.seats):
            raise InvalidInput(N_("“%(char)s” is not a seat number (1 to %(n)s)"),
                               code=cmd_codes.FINISH, field=FINISH, char=char,
                               n=len(table.seats))
        if group is not None:
            group.append(int(char))
        else:
            items.append(int(char))
    if group is not None:
        raise InvalidInput(N_("a bracket is not closed"), code=cmd_codes.FINISH, field=FINISH)
    return items


def _flat(items: Sequence[int | list[int]]) -> list[int]:
    return [s for item in items for s in (item if isinstance(item, list) else [item])]


def _losses(values: Mapping[str, Any], state: EventState) -> list[dict[str, Any]]:
    return [{"player": resolve_player(state, name, "game_loss").id, "reason": reason}
            for name, reason in values.get("game_loss") or ()]


def from_finish(text: str, values: Mapping[str, Any], state: EventState,
                table: Table) -> dict[str, Any]:
    """Rules CMD-2, CMD-4a, CMD-4b, CMD-13, CMD-14: the typed finish to the stored entry."""
    text = "".join(text.split(",")).strip()
    draw = text.startswith("=")
    if draw:
        head, _, tail = text[1:].strip().partition(" ")
        head = "" if head == "0" else head
        survivors = _flat(_seats(head, table))
        others = _seats(tail.replace(" ", ""), table)
        order: list[int | list[int]] = [*survivors, *others]
    else:
        order = _seats(text.replace(" ", ""), table)
        survivors = []
    typed = _flat(order)
    if len(set(typed)) != len(typed):
        raise InvalidInput(N_("a seat is listed twice"), code=cmd_codes.FINISH, field=FINISH)
    missing = [s for s in range(1, len(table.seats) + 1) if s not in typed]
    if len(missing) == 1 and len(typed) == len(table.seats) - 1:
        order.append(missing[0])  # the one not typed is the first out
    elif missing:
        raise InvalidInput(N_("seats %(seats)s are missing"), code=cmd_codes.FINISH, field=FINISH,
                           seats=", ".join(map(str, missing)))

    def pid(item: int | list[int]) -> int | list[int]:
        return [table.seats[s - 1] for s in item] if isinstance(item, list) else (
            table.seats[item - 1])

    losses = _losses(values, state)
    if draw:
        return {"winner": None, "draw": True,
                "survivors": [table.seats[s - 1] for s in survivors],
                "eliminated": [pid(item) for item in reversed(order[len(survivors):])],
                "simultaneous": False, "game_losses": losses}
    if isinstance(order[0], list):
        raise InvalidInput(N_("the winner is one seat, first"), code=cmd_codes.FINISH,
                           field=FINISH)
    return {"winner": pid(order[0]), "draw": False, "survivors": [],
            "eliminated": [pid(item) for item in reversed(order[1:])],
            "simultaneous": bool(values.get("simultaneous")), "game_losses": losses}


def from_names(values: Mapping[str, Any], state: EventState) -> dict[str, Any]:
    """The fields by name: a winner (or a draw with survivors), the eliminated first out
    first, a simultaneous win, game losses."""

    def ids(names: Sequence[str], field: str) -> list[PlayerId]:
        return [resolve_player(state, name, field).id for name in names]

    winners = ids(values.get("winner") or (), "winner")
    order = values.get("order") or ()
    return {
        "winner": winners if len(winners) > 1 else (winners[0] if winners else None),
        "draw": bool(values.get("draw")),
        "eliminated": [(lambda g: g[0] if len(g) == 1 else g)(ids(group, "order"))
                       for group in order],
        "survivors": ids(values.get("survivors") or (), "survivors"),
        "simultaneous": bool(values.get("simultaneous")),
        "game_losses": _losses(values, state),
    }


def entry(values: Mapping[str, Any], state: EventState, rnd: Round,
          table: Table) -> dict[str, Any]:
    """The stored entry of a typed result: the finish by seats, or the fields by name."""
    finish = values.get(FINISH)
    named = [key for key in ("winner", "order", "draw", "survivors") if values.get(key)]
    if finish and named:
        raise InvalidInput(N_("give the finish by seats or the players by name, not both"),
                           code=codes.INPUT_EXCLUSIVE, field=FINISH)
    if finish:
        return from_finish(finish, values, state, table)
    if not named:
        raise InvalidInput(N_("type the seats from the winner to the first out, e.g. 2431"),
                           code=codes.INPUT_MISSING, field=FINISH)
    return from_names(values, state)


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


def describe(state: EventState, result: TableResult) -> str:
    """``★ Anna › Boris › Clara + Dmitry``: best first, the winner starred (``★⚡`` a
    simultaneous win, rule CMD-4a), players out at the same moment (a shared place) joined by
    ``+``, a draw's survivors marked ``=``. The pages explain the signs in a legend
    (:data:`podium.formats.commander.rules.LEGEND`)."""
    groups: dict[int, list[str]] = {}
    for outcome in sorted(result.outcomes, key=lambda o: (o.place, o.player)):
        mark = ("★⚡ " if result.entry.get("simultaneous") else "★ ") if outcome.won else (
            "= " if outcome.drew else "")
        groups.setdefault(outcome.place, []).append(f"{mark}{state.players[outcome.player].name}")
    return " › ".join(" + ".join(names) for names in groups.values())


RESULT = ResultEntry(
    params=(
        Param(FINISH, inputs.Text(40), N_("seats from the winner to the first out: 2431; a "
                                          "draw: =24 31 (survivors, then the others)"),
              label=N_("Finish")),
        Param("winner", inputs.Players(2), N_("the winner (last alive), by name")),
        Param("order", inputs.Order("+", 7),
              N_("the eliminated, first out first; + joins players out at the same moment: "
                 "Boris,Vera+Gleb")),
        Param("draw", inputs.YesNo(), N_("the game ended in a draw (rules CMD-12, CMD-13); "
                                         "with no survivors everyone was eliminated")),
        Param("survivors", inputs.Players(7), N_("the survivors of a draw")),
        Param("simultaneous", inputs.YesNo(),
              N_("the winner took everyone out at once and named the order (rule CMD-4a)")),
        Param("game_loss", inputs.Pairs(inputs.Text(200), 7, "NAME=REASON"),
              N_("a judge's game loss with its reason, NAME=REASON (rule CMD-14)"),
              judge_only=True, label=N_("Game losses (rule CMD-14)")),
    ),
    entry=entry,
    stored=STORED,
    template="formats/commander_result.html",
    report_template="formats/commander_report.html",
    describe=describe,
    help=N_("Rules CMD-2, CMD-4, CMD-13, CMD-14: the finish by seats (2431) or the players by "
            "name."),
    example=lambda state, rnd, table: {"finish": "".join(
        str(seat) for seat in range(1, len(table.seats) + 1))},
    typed=lambda stored, table: {
        FINISH: finish_text(stored, table),
        **({"simultaneous": "1"} if stored.get("simultaneous") else {})},
)
