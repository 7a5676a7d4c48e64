"""The form control each declared field gets on a page, by its input, and the form's parts read
back into the text the input decodes.

A person picks players rather than typing them: one player from the event's list (search as
you type), several as chips, an order by tapping (ties allowed) or by a place per player, a
value per player in a table. Where the event has no list to pick from (the names of newcomers,
a year of seasons), each name has a field of its own, one name a field, never a list typed with
commas. The parts a widget posts are read back here into the same text the command line takes
(``Anna=5, Boris=3``), so every surface still runs one decoder (:mod:`podium.core.inputs`).

Part names: ``field[#12]`` is a value for player 12 (a table of players); ``field.name`` and
``field.value`` (or ``field.place``) are the columns of typed rows; ``field.rN.name``,
``field.rN.place`` and ``field.rN.at`` are the rows of one match (``N`` from 0).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from podium.core import codes, inputs
from podium.core.commands import Param
from podium.core.errors import InvalidInput
from podium.core.model import EventState
from podium.core.views import N_
from podium.web.settings_form import settings_form

#: How many empty rows a list of names typed one a field starts with (a script adds more).
FREE_ROWS = 3
#: Rows a list of sign-ups starts with (a script adds more).
SIGNUP_ROWS = 8
#: Matches of a year's list of matches (a play-off or survival round has at most 7).
MATCH_ROWS = 7
#: Seats of one match (rule W7-2: 7 players at most).
MATCH_SEATS = 7


@dataclass(frozen=True)
class Candidate:
    """A player a form offers: the value it posts (``#12``), the name shown, and whether the
    player has left the event (listed last, marked)."""

    key: str
    name: str
    dropped: bool = False


def candidates(state: EventState | None, by_name: bool = False) -> list[Candidate]:
    """The event's players, active first, by name within each group; ``by_name``: each posts
    its name (another event's players: a series' forms name them)."""
    if state is None:
        return []
    players = sorted(state.players.values(), key=lambda p: (p.dropped, p.name.casefold()))
    return [Candidate(p.name if by_name else f"#{p.id}", p.name, p.dropped) for p in players]


def kind_of(inp: inputs.Input, offered: Sequence[Candidate]) -> str:
    """The widget of an input (its ``widget``), by whether the event has players to offer:
    what the template draws."""
    widget = inp.widget
    if widget == "order":
        return "order" if offered else "order-rows"
    if widget == "pairs":
        return "pairs" if offered else "pairs-rows"
    if widget == "players":
        return "chips" if offered else "names"
    if widget == "select" and 0 < len(inp.choices()) <= 4:
        return "radio"
    return widget


def _ref_of(ref: str, offered: Sequence[Candidate]) -> str | None:
    """The candidate's key a typed reference names (``#12`` or a name), or None."""
    for c in offered:
        if ref == c.key or ref.casefold() == c.name.casefold():
            return c.key
    return None


def _decoded(inp: inputs.Input, text: Any) -> Any:
    if not text:
        return None
    try:
        return inp.from_texts([text] if isinstance(text, str) else list(text), "_")
    except (InvalidInput, NotImplementedError):
        return None


def filled(param: Param, kind: str, text: Any, offered: Sequence[Candidate]) -> dict[str, Any]:
    """What the widget shows as filled in, from the field's text (typed before, or prefilled):
    the chosen keys, a value or a place per key, or the typed rows."""
    inp = param.input
    value = _decoded(inp, text)
    if value is None and text and kind in ("names", "pairs", "pairs-rows"):
        value = _as_typed(kind, text)  # refused as typed: shown again as typed, to correct
    if kind == "chips":
        return {"chosen": {_ref_of(r, offered) for r in value or ()} - {None}}
    if kind == "names":
        return {"rows": _padded(list(value or ()), "", FREE_ROWS)}
    if kind in ("pairs", "pairs-rows"):
        shown = [(ref, v if isinstance(v, str) else inp.value.to_text(v))  # type: ignore[attr-defined]
                 for ref, v in value or ()]
        if kind == "pairs":
            return {"given": {_ref_of(r, offered): v for r, v in shown}}
        return {"rows": _padded(shown, ("", ""), FREE_ROWS)}
    if kind in ("order", "order-rows"):
        places = _places(value or ())  # an order's groups, or players in order
        if kind == "order":
            return {"places": {_ref_of(r, offered): p for r, p in places}}
        return {"rows": _padded(places, ("", ""), FREE_ROWS)}
    if kind == "slots":
        slots = [(str(size), str(q)) for size, q in value or ()]
        return {"rows": _padded(slots, ("", ""), FREE_ROWS)}
    if kind == "signups":  # rule W7-4: name, site rating, premium account per row
        rows = [(s.name, str(s.rating or ""), s.premium) for s in value or ()]
        return {"rows": _padded(rows, ("", "", False), SIGNUP_ROWS)}
    if kind == "settings":
        given = {str(k): str(v) for k, v in (value or {}).items()}
        return {"settings": settings_form(inp.format),  # type: ignore[attr-defined]
                "given": given}
    if kind == "matches":
        return {"matches": _padded([list(m) for m in value or ()], [], MATCH_ROWS)}
    if kind == "playoffs":
        matches = [(str(place), _places(order)) for place, order in value or ()]
        return {"matches": _padded(matches, ("", []), MATCH_ROWS)}
    return {}


def _as_typed(kind: str, text: Any) -> tuple[Any, ...]:
    """Text a field refused, split into its items as typed (``Ann=lots`` stays ``Ann`` and
    ``lots``), so that the widget shows what was typed next to the refusal."""
    typed = text if isinstance(text, str) else "\n".join(text)
    items = inputs.items_of(typed, ",;\n")
    if kind == "names":
        return tuple(items)
    return tuple(tuple(part.strip() for part in item.partition("=")[::2]) for item in items)


def _padded(rows: list[Any], empty: Any, count: int) -> list[Any]:
    """``rows`` and empty ones after them, ``count`` in all and at least one empty (the
    templates only read the empty rows)."""
    return rows + [empty] * max(count - len(rows), 1)


def _places(order: Sequence[Any]) -> list[tuple[str, str]]:
    """An order's players with their places (1, 1, 3 for a tie at the top)."""
    out: list[tuple[str, str]] = []
    place = 1
    for group in order:
        members = (group,) if isinstance(group, str) else tuple(group)
        out += [(name, str(place)) for name in members]
        place += len(members)
    return out


# reading the parts back -----------------------------------------------------------------------
def _ordered(pairs: Sequence[tuple[str, str]], tie: str, field: str) -> str:
    """``(player, place)`` pairs as an order's text: by place, players at one place joined by
    ``tie``. A place that is not a whole number is refused, naming the field."""
    by_place: dict[int, list[str]] = {}
    for ref, place in pairs:
        try:
            number = int(place.strip())
        except ValueError:
            raise inputs.refuse(field, N_("a place is a whole number, such as 1"),
                                codes.INPUT_ORDER) from None
        by_place.setdefault(number, []).append(ref)
    return ", ".join(tie.join(by_place[p]) for p in sorted(by_place))


def collect(param: Param, form: Any) -> list[str]:
    """The texts a widget's parts stand for (empty when none of them was filled)."""
    name, inp = param.name, param.input
    if inp.widget == "playoffs":
        return _playoffs(form, name)
    if inp.widget == "settings":  # one field a setting: those given, as KEY=VALUE lines
        prefix = f"{name}."
        lines = [f"{key[len(prefix):]}={' '.join(value.split())}"
                 for key, value in form.multi_items()
                 if key.startswith(prefix) and isinstance(value, str) and value.strip()]
        return ["\n".join(lines)] if lines else []
    if inp.widget == "slots":  # rule W7-14: a match's size and its qualifying places
        slots = [f"{size}/{qualifying}" for size, qualifying
                 in _columns(form, name, "size", "qualifying") if size or qualifying]
        return [", ".join(slots)] if slots else []
    if inp.widget == "signups":  # rows of a name, a rating and "premium" or nothing
        names = _texts(form, f"{name}.name")
        ratings, premium = _texts(form, f"{name}.rating"), _texts(form, f"{name}.premium")
        lines = [", ".join([n, r or "0", *([p] if p else [])])
                 for n, r, p in zip(names, ratings + [""] * len(names),
                                    premium + [""] * len(names), strict=False) if n]
        return ["\n".join(lines)] if lines else []
    if inp.widget == "matches":
        rows = [", ".join(n for n in _texts(form, f"{name}.r{i}.name") if n)
                for i in range(_row_count(form, name))]
        return ["\n".join(r for r in rows if r)] if any(rows) else []
    if inp.widget == "order":  # an order with ties, or players in order (seats)
        pairs = [(k, v) for k, v in _keyed(form, name) if v.strip()]
        pairs += [(n, p) for n, p in _columns(form, name, "name", "place") if n and p]
        return [_ordered(pairs, getattr(inp, "tie", ", "), name)] if pairs else []
    if isinstance(inp, inputs.Pairs):
        items = [f"{k}={v.strip()}" for k, v in _keyed(form, name) if v.strip()]
        items += [f"{n}={v}" for n, v in _columns(form, name, "name", "value") if n and v]
        return [", ".join(items)] if items else []
    return []


def _texts(form: Any, key: str) -> list[str]:
    return [" ".join(v.split()) for v in form.getlist(key) if isinstance(v, str)]


def _keyed(form: Any, name: str) -> list[tuple[str, str]]:
    prefix = f"{name}["
    return [(key[len(prefix):-1], value) for key, value in form.multi_items()
            if key.startswith(prefix) and key.endswith("]") and isinstance(value, str)]


def _columns(form: Any, name: str, first: str, second: str) -> list[tuple[str, str]]:
    """Rows typed as two columns (``name.first`` and ``name.second``: a player and a value,
    a size and its qualifying places), a missing second cell empty."""
    firsts, seconds = _texts(form, f"{name}.{first}"), _texts(form, f"{name}.{second}")
    return list(zip(firsts, seconds + [""] * (len(firsts) - len(seconds)), strict=False))


def _row_count(form: Any, name: str) -> int:
    prefix = f"{name}.r"
    rows = {key[len(prefix):].split(".")[0] for key in form if key.startswith(prefix)}
    return max((int(r) + 1 for r in rows if r.isdigit() and len(r) < 4), default=0)


def _playoffs(form: Any, name: str) -> list[str]:
    """Rule W7-6: each play-off match as ``place: order`` (players tied joined by ``=``)."""
    lines = []
    for i in range(_row_count(form, name)):
        place = (_texts(form, f"{name}.r{i}.place") or [""])[0]
        names = _texts(form, f"{name}.r{i}.name")
        ats = _texts(form, f"{name}.r{i}.at")
        seated = [(n, at or str(j + 1)) for j, (n, at) in
                  enumerate(zip(names, ats + [""] * (len(names) - len(ats)), strict=False))
                  if n]
        if place or seated:
            lines.append(f"{place}: {_ordered(seated, ' = ', name)}")
    return ["\n".join(lines)] if lines else []


#: The most players a single pick shows as buttons (a table of 7 and a few to spare): more
#: are searched in a list as typed.
PICK_MAX = 10


def widget_fields(param: Param, text: Any, offered: Sequence[Candidate],
                  narrowed: bool = False) -> dict[str, Any]:
    """The template's view of one field's widget: its kind, what it offers and what is filled.
    ``narrowed``: the field offers only some players (a table's, a league's): one player is
    then picked among them with a tap (``pick``), not searched as typed."""
    inp = param.input
    kind = kind_of(inp, offered)
    if kind == "player" and narrowed and 0 < len(offered) <= PICK_MAX:
        kind = "pick"
        return {"kind": kind, "offered": offered, "options": [], "tie": ", ",
                "chosen": {_ref_of(str(text), offered)} if text else set()}
    labels: Mapping[str, str] = getattr(inp, "labels", None) or {}
    return {"kind": kind, "offered": offered,
            "options": [(o, labels.get(o, "")) for o in inp.choices()],
            "tie": getattr(inp, "tie", ", "), **filled(param, kind, text, offered)}


__all__ = ["Candidate", "candidates", "collect", "kind_of", "widget_fields"]
