"""The TOP on the web, for any format: a plug-in part that format plug-ins include.

The TOP (single-elimination play-off, rules BRK-1 .. BRK-5, BRK-7) is format-neutral: it can
follow the Swiss stage of Berserk, Commander or any other format
(:mod:`podium.service.top`). This module gives the parts any :class:`WebFormat` adds to its
tuples, so the shared pages never name it:

- :data:`TOP_ACTIONS`: build the TOP (a preview with the BRK-4 goal report first, then commit),
  enter a match's result, correct one with a reason;
- :data:`TOP_PAGE`: the public bracket page ``/e/{slug}/p/bracket``, listed once a TOP exists.

A TOP match result is typed like a duel: ``1`` (the first listed player wins), ``2`` (the
second), ``=`` a draw decided by the TOP's draw rule (BRK-5: the higher seed by default), ``=1``
or ``=2`` a draw after which the judge names who advances (draw rule ``named``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from podium.core import phases
from podium.core.bracket import DRAW_RULES, Bracket
from podium.core.model import EventState
from podium.core.top_replay import top_of
from podium.core.views import N_
from podium.formats import get_format
from podium.pairing.bracket import TOP_SEEDINGS
from podium.service import top as top_service
from podium.web.i18n import Localised
from podium.web.plugins import ActionPage, OrganiserAction, PublicPage


def has_top(state: EventState) -> bool:
    return top_of(state) is not None


def can_build(state: EventState) -> bool:
    """The build form is shown when the event's phases allow a TOP now (rounds complete, a
    play-off declared under its settings, none built yet)."""
    return phases.status(state, get_format(state.format)).can_build_top


def open_top(state: EventState) -> bool:
    bracket = top_of(state)
    return bracket is not None and bracket.champion is None


def played_top(state: EventState) -> bool:
    bracket = top_of(state)
    return bracket is not None and bool(bracket.results)


def unplayed_top(state: EventState) -> bool:
    """A TOP can be undone (built with the wrong size, too early) while no match has a result."""
    return phases.status(state, get_format(state.format)).can_undo_top


def _number(form: Mapping[str, str], key: str, low: int, high: int) -> int | None:
    text = str(form.get(key, "")).strip()
    if not text:
        return None
    if not text.isdigit() or not low <= int(text) <= high:
        raise Localised(N_("%(name)s: a whole number from %(low)s to %(high)s"), name=key,
                        field=key, low=low, high=high)
    return int(text)


def build_options(form: Mapping[str, str]) -> dict[str, Any]:
    """The build form's fields: ``size`` (empty: the format's default), ``draw_rule`` (BRK-5),
    ``minutes`` (BRK-7)."""
    draw_rule = str(form.get("draw_rule", "")).strip() or None
    if draw_rule is not None and draw_rule not in DRAW_RULES:
        raise Localised(N_("draw_rule: higher_seed or named (rule BRK-5)"), field="draw_rule")
    seeding = str(form.get("seeding", "")).strip() or None
    if seeding is not None and seeding not in TOP_SEEDINGS:
        raise Localised(N_("seeding: written or goals (rule BRK-4)"), field="seeding")
    return {
        "size": _number(form, "size", 2, 4096),
        "draw_rule": draw_rule,
        "minutes": _number(form, "minutes", 1, 1440),
        "seeding": seeding,
    }


def build(web: Any, slug: str, form: Mapping[str, str], actor: str) -> Any:
    """``step=preview`` (the default) answers with the seeded bracket and the BRK-4 goal report,
    storing nothing; ``step=build`` stores the ``top.built`` action."""
    options = build_options(form)
    if form.get("step") == "build":
        reason = " ".join(str(form.get("reason", "")).split())[:500]
        top_service.build(web.events, slug, actor, reason=reason, **options)
        return N_("The TOP is built.")
    state, bracket = top_service.preview_top(web.events, slug, **options)
    loaded = web.events.load(slug)
    choices = top_service.seeding_choices(loaded.ruleset, loaded.state, bracket.size)
    return ActionPage("formats/top_preview.html", N_("Preview of the TOP"),
                      {"bracket": bracket, "options": options, "preview_state": state,
                       "choices": choices})


def parse_match(form: Mapping[str, str], bracket: Bracket) -> tuple[int, dict[str, Any]]:
    """The ``match`` and ``result`` fields to a TOP entry (rule BRK-5 for draws)."""
    text = str(form.get("match", "")).strip()
    if not text.isdigit():
        raise Localised(N_("match: the number of a TOP match"))
    number = int(text)
    match = bracket.match(number) if 1 <= number < len(bracket.slots) else None
    if match is None:
        raise Localised(N_("match: the TOP’s matches are 1 to %(n)s"), n=len(bracket.slots) - 1)
    code = "".join(str(form.get("result", "")).split()).lower()
    side = {"1": 0, "2": 1}
    if code in side:
        winner = match.players[side[code]]
        if winner is None:
            raise Localised(N_("result: match %(n)s has no player %(side)s yet"), n=number,
                            side=code)
        return number, {"winner": winner}
    if code == "=":
        return number, {"draw": True}
    if len(code) == 2 and code[0] == "=" and code[1] in side:
        advances = match.players[side[code[1]]]
        if advances is None:
            raise Localised(N_("result: match %(n)s has no player %(side)s yet"), n=number,
                            side=code[1])
        return number, {"draw": True, "advances": advances}
    raise Localised(N_("result: 1 or 2 (that player won), = (a draw: the TOP’s draw rule "
                       "decides, rule BRK-5), =1 or =2 (a draw, that player advances as the "
                       "judge names)"))


def _enter(web: Any, slug: str, form: Mapping[str, str], actor: str, correct: bool) -> str:
    bracket = top_service.load_top(web.events, slug)[1]
    number, entry = parse_match(form, bracket)
    reason = " ".join(str(form.get("reason", "")).split())[:500]
    if correct and not reason:
        raise Localised(N_("reason: a correction needs a reason"))
    top_service.enter_result(web.events, slug, number, lambda _state: entry, actor,
                             correct=correct, reason=reason)
    return N_("TOP result corrected.") if correct else N_("TOP result saved.")


def enter(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    return _enter(web, slug, form, actor, correct=False)


def correct(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    return _enter(web, slug, form, actor, correct=True)


TOP_BUILD = OrganiserAction("top-build", N_("Build the TOP"), "formats/top_build.html", build,
                            shown=can_build)
TOP_RESULT = OrganiserAction("top-result", N_("TOP results"), "formats/top_result.html", enter,
                             shown=open_top)
TOP_CORRECT = OrganiserAction("top-correct", N_("Correct a TOP result"),
                              "formats/top_correct.html", correct, shown=played_top)
def undo(web: Any, slug: str, form: Mapping[str, str], actor: str) -> str:
    reason = " ".join(str(form.get("reason", "")).split())[:500]
    top_service.undo(web.events, slug, actor, reason)
    return N_("The TOP is undone; it can be built again.")


TOP_UNDO = OrganiserAction("top-undo", N_("Undo the TOP"), "formats/top_undo.html", undo,
                           shown=unplayed_top)
TOP_ACTIONS = (TOP_BUILD, TOP_RESULT, TOP_CORRECT, TOP_UNDO)
TOP_PAGE = PublicPage("bracket", N_("TOP"), "formats/top_bracket_page.html", shown=has_top)
