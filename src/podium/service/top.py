"""TOP (play-off) use cases for any format: build the seeded bracket, enter and correct results.

The TOP follows the Swiss stage of any format (rules BRK-1 .. BRK-5): a format that plays in
several tables (Berserk's draft tables) gives them as ``top_sources(state)``, each table's players
best first, and the bracket is seeded across them (rules BRK-3, BRK-4); by default a format is
one table, its standings (rules BRK-1, BRK-2). ``top_defaults(state)`` gives the size, draw rule
and minutes a format proposes; without a size the organiser must give one. Only a format that
declares a play-off phase can build a TOP (:mod:`podium.core.phases`). Every change is a
command (:class:`BuildTop`, :class:`EnterTopResult`, :class:`UndoTop`), a logged action checked
by :func:`podium.core.replay.apply` before it is stored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from podium.core import codes, phases
from podium.core.bracket import DRAW_RULES, Bracket
from podium.core.errors import Conflict, InvalidInput
from podium.core.log import Action, Kind
from podium.core.messages import M, Mn, stored
from podium.core.model import EventState
from podium.core.ruleset import Ruleset
from podium.core.top_replay import playoff_key, top_of
from podium.pairing.bracket import TOP_SEEDINGS, build_top, compare_seedings
from podium.service.commands import Command, need_reason
from podium.service.events import EventService, LoadedEvent, NewAction


def plan_top(ruleset: Ruleset, state: EventState, size: int | None = None,
             draw_rule: str | None = None, minutes: int | None = None,
             seeding: str | None = None) -> dict[str, Any]:
    """The ``top.built`` payload for the event as it stands (nothing is stored). ``seeding``:
    ``written`` builds the regulation's bracket and departs from it only for goal 1 of rule
    BRK-4; ``goals`` searches the bracket that best meets goals 1 to 3 (default: the
    format's)."""
    if top_of(state) is not None:
        raise Conflict("the TOP is already built", code=codes.TOP_EXISTS)
    playoff_key(state, ruleset)  # refused when the event has no TOP phase
    defaults = ruleset.top_defaults(state)
    said = defaults.note if size is None or size == defaults.size else ""
    size = size if size is not None else defaults.size
    draw_rule = draw_rule or defaults.draw_rule
    minutes = minutes if minutes is not None else defaults.minutes
    seeding = seeding or defaults.seeding
    if seeding not in TOP_SEEDINGS:
        raise InvalidInput("seeding %(seeding)r is not one of %(choices)s (rule BRK-4)",
                           code=codes.TOP_SEEDING, field="seeding", seeding=seeding,
                           choices=TOP_SEEDINGS)
    if size is None:
        raise InvalidInput("give the TOP size (the number of players in the TOP)",
                           code=codes.TOP_SIZE, field="size")
    if size < 2:
        raise InvalidInput("a TOP of %(size)s is too small: it needs at least 2 players",
                           code=codes.TOP_SIZE, field="size", size=size)
    if draw_rule not in DRAW_RULES:
        raise InvalidInput("draw rule %(rule)r is not one of %(rules)s", code=codes.TOP_DRAW_RULE,
                           field="draw_rule", rule=draw_rule, rules=DRAW_RULES)
    if minutes is not None and minutes <= 0:
        raise InvalidInput("the TOP's time limit must be a positive number of minutes",
                           code=codes.TOP_MINUTES, field="minutes")
    current = state.current_round
    if current is not None and not current.complete:
        raise Conflict("round %(round)s still misses results for tables %(tables)s",
                       code=codes.ROUND_INCOMPLETE, round=current.number, tables=current.missing)
    tables = ruleset.top_sources(state)
    available = sum(len(t) for t in tables)
    if size > available:
        raise InvalidInput("a TOP of %(size)s is larger than the %(count)s active players of "
                           "the event", code=codes.TOP_SIZE, field="size", size=size,
                           count=available)
    seeded = build_top(tables, size, seeding)
    early = _early_warning(ruleset, state)
    if said:  # how the default size was found (fewer players than the format's minimum)
        seeded.notes.insert(0, said)
    if early:
        seeded.notes.insert(0, early)
    where = {}
    for entrant in seeded.entrants.values():
        label = M("table %(table)s, place %(place)s", table=entrant.table + 1,
                  place=entrant.place) if len(tables) > 1 else M("place %(place)s",
                                                                  place=entrant.place)
        where[str(entrant.player)] = stored(label)
    return {
        "size": size,
        "slots": list(seeded.slots),
        "seeds": [[pid, seed] for pid, seed in sorted(seeded.seeds.items(), key=lambda i: i[1])],
        "draw_rule": draw_rule,
        "minutes": minutes,
        "notes": [stored(note) for note in seeded.notes],
        "goals": [{"number": g.number, "met": g.met, "text": stored(g.text)}
                  for g in seeded.goals],
        "tables": where,
        "seeding": seeding,
    }


def seeding_choices(ruleset: Ruleset, state: EventState, size: int | None = None
                    ) -> list[dict[str, Any]]:
    """What each seeding mode gives for the TOP as it stands (rule BRK-4): its goals report,
    how many players it moves from the written bracket, its notes. Shown with a preview so the
    organiser sees what each choice costs."""
    size = size if size is not None else ruleset.top_defaults(state).size
    tables = ruleset.top_sources(state)
    if size is None or not 2 <= size <= sum(len(t) for t in tables):
        return []
    out = []
    for mode, seeded in compare_seedings(tables, size).items():
        moved = sum(1 for a, b in zip(seeded.slots, seeded.reference, strict=True)
                    if a is not None and a != b)
        out.append({"seeding": mode, "moved": moved, "notes": seeded.notes,
                    "goals": [{"number": g.number, "met": g.met, "text": g.text}
                              for g in seeded.goals]})
    return out


def _early_warning(ruleset: Ruleset, state: EventState) -> str:
    """A TOP built before the format's planned rounds are all played is allowed (an organiser
    may cut the Swiss short) but said loudly in the preview and the stored notes."""
    key = phases.current(state, ruleset).key
    count = ruleset.planned_rounds(state, key)
    played = sum(1 for r in state.rounds if r.stage == key)
    if count is None or played >= count:
        return ""
    return Mn("WARNING: built after %(n)s of the %(count)s planned rounds; the standings "
              "that seed it are not final",
              "WARNING: built after %(n)s of the %(count)s planned rounds; the standings "
              "that seed it are not final", played, count=count)


def bracket_of(state: EventState) -> Bracket:
    bracket = top_of(state)
    if bracket is None:
        raise Conflict("the TOP has not been built yet (top.build)", code=codes.TOP_NONE)
    return bracket


@dataclass(frozen=True)
class BuildTop(Command[Bracket]):
    """Seed and store the TOP (one ``top.built`` action); ``PreviewTop`` only shows it."""

    size: int | None = None
    draw_rule: str | None = None
    minutes: int | None = None
    reason: str = ""
    seeding: str | None = None

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        payload = plan_top(loaded.ruleset, loaded.state, self.size, self.draw_rule, self.minutes,
                           self.seeding)
        return [NewAction(Kind.TOP_BUILT, payload, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Bracket:
        return bracket_of(loaded.state)


@dataclass(frozen=True)
class PreviewTop(BuildTop):
    dry_run = True


@dataclass(frozen=True)
class EnterTopResult(Command[Bracket]):
    """One TOP match (or, with ``correct``, its correction); the bracket advances by replay."""

    match: int
    entry: Callable[[EventState], dict[str, Any]] | Mapping[str, Any]
    correct: bool = False
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        if self.correct:
            need_reason(self.reason, "a correction")
        kind = Kind.TOP_CORRECTED if self.correct else Kind.TOP_RESULT
        entry = self.entry(loaded.state) if callable(self.entry) else dict(self.entry)
        return [NewAction(kind, {"match": self.match, "entry": entry}, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Bracket:
        return bracket_of(loaded.state)


@dataclass(frozen=True)
class UndoTop(Command[None]):
    """Undo the TOP while no match has a result (one ``top.undone`` action)."""

    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        return [NewAction(Kind.TOP_UNDONE, {}, self.reason)]


# conveniences: one command each ----------------------------------------------------------------
def preview_top(service: EventService, slug: str, size: int | None = None,
                draw_rule: str | None = None, minutes: int | None = None,
                seeding: str | None = None) -> tuple[EventState, Bracket]:
    """The TOP that :func:`build` would store now, without storing it."""
    done = service.run_command(PreviewTop(slug, size, draw_rule, minutes, "", seeding), "preview")
    return done.state, done.value


def build(service: EventService, slug: str, actor: str, size: int | None = None,
          draw_rule: str | None = None, minutes: int | None = None, reason: str = "",
          seeding: str | None = None) -> tuple[EventState, Bracket]:
    done = service.run_command(BuildTop(slug, size, draw_rule, minutes, reason, seeding), actor)
    return done.state, done.value


def load_top(service: EventService, slug: str) -> tuple[EventState, Bracket]:
    loaded = service.load(slug)
    return loaded.state, bracket_of(loaded.state)


def undo(service: EventService, slug: str, actor: str, reason: str = "") -> EventState:
    return service.run_command(UndoTop(slug, reason), actor).state


def enter_result(service: EventService, slug: str, match: int,
                 entry: Callable[[EventState], dict[str, Any]], actor: str, *,
                 correct: bool = False, reason: str = "") -> tuple[EventState, Bracket]:
    done = service.run_command(EnterTopResult(slug, match, entry, correct, reason), actor)
    return done.state, done.value
