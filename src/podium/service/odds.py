"""Chances and what a player needs, for any format whose ruleset makes projections
(:meth:`podium.core.ruleset.Ruleset.projection` and :meth:`~podium.core.ruleset.Ruleset.need`),
as two declared views served on every surface: ``odds`` (every player's chance of every goal,
a page of rows) and ``need`` (one player's chance after each result of the next round).

The organiser decides whether the public sees them (the format's setting ``odds_shown``, off
by default: some events do not want it): until then anyone but an organiser is refused
(``odds.hidden``); the command line (the organiser of its database) always reads them. The
results model defaults to the event's setting ``odds_model``; ``rating`` reads each player's
strength from the openskill ratings across events of the persons linked to the players, else
from the event's own results (:func:`strengths_of`).

A projection is a pure function of the event's version, the model, the trials and the seed,
so the service keeps the last few (:data:`CACHE_SIZE`): pages do not compute one per read.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from podium.core import codes, inputs
from podium.core.commands import Param
from podium.core.errors import Conflict, Forbidden, InvalidInput, PodiumError
from podium.core.messages import M, Message, Mp
from podium.core.projection import (
    DEFAULT_MODEL,
    DEFAULT_TRIALS,
    MODELS,
    PROJECTIONS,
    Chance,
    Goal,
    Need,
    Projection,
    Strengths,
)
from podium.core.reads import ViewCall, ViewSpec
from podium.core.ruleset import makes_projections
from podium.core.values import Exact, PlayerRef, player_ref
from podium.core.views import N_, Column, TableView

if TYPE_CHECKING:
    from podium.core.model import EventState
    from podium.core.ruleset import Ruleset
    from podium.service.events import EventService
    from podium.service.states import LoadedEvent

#: Projections kept in the process (per event version, model, trials and seed).
CACHE_SIZE = 32
#: Games a player's own results count as of the event's average, before their own (the
#: ``results`` strengths: a player with one win is not three times as strong).
PRIOR_GAMES = 2


# -- values ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GoalValue:
    """One outcome the regulation rewards: its key, title (a message) and rule."""

    key: str
    label: str
    rule: str


@dataclass(frozen=True)
class ChanceValue:
    """A chance of one goal: ``value`` from 0 to 1, ``exact`` (a fraction) when every
    remaining outcome was enumerated, else ``hits`` of ``trials`` and the 95% ``margin``;
    ``text`` as people read it ("37%", "37% ±0.9")."""

    goal: str
    value: float
    margin: float
    exact: Exact | None
    hits: int
    trials: int
    text: str
    certain: bool
    impossible: bool


@dataclass(frozen=True)
class OddsRow:
    """One player's chances, in the order of the standings."""

    rank: int
    player: PlayerRef
    chances: list[ChanceValue]


@dataclass(frozen=True)
class OddsValue:
    """Every player's chance of every goal; how it was computed (the model, ``exact`` or
    ``trials`` simulations from ``seed``, the rounds left, the strengths' ``source``)."""

    goals: list[GoalValue]
    items: list[OddsRow]
    total: int
    offset: int
    limit: int
    model: str
    exact: bool
    trials: int
    seed: int
    remaining: int
    source: str
    notes: list[str]


@dataclass(frozen=True)
class OutcomeChance:
    """One result of the next round and the chance of the goal after it."""

    key: str
    label: str
    chance: ChanceValue


@dataclass(frozen=True)
class GoalNeed:
    """What a player needs in the next round for one goal: the chance now, after each result
    (strongest first), the weakest result keeping the goal possible and the weakest that
    guarantees it (their keys; None: no result does), and the sentence saying so."""

    goal: GoalValue
    now: ChanceValue
    outcomes: list[OutcomeChance]
    keeps_possible: str | None
    guarantees: str | None
    exact: bool
    sentence: str
    notes: list[str]


@dataclass(frozen=True)
class NeedValue:
    """What a player needs for each goal asked (every goal unless one is named)."""

    player: PlayerRef
    needs: list[GoalNeed]
    model: str


# -- presentation ------------------------------------------------------------------------------
def decimal(value: float) -> Message:
    """A number to one decimal place in the page's language (``0.9``, Russian ``0,9``)."""
    tenths = round(value * 10)
    return Mp("decimal number", "%(whole)s.%(tenth)s", whole=tenths // 10, tenth=tenths % 10)


NOT_THEIRS = "—"  # the chance of a goal that is not the player's


def percent(chance: Chance) -> str:
    """"37%", or "37% ±0.9" for an estimate (percentage points at 95%); a chance below 1%
    or above 99% to a tenth ("0.4%"), unless certain or impossible."""
    value = chance.value * 100
    whole = chance.certain or chance.impossible or 1 <= value <= 99
    shown: str = f"{value:.0f}%" if whole else M("%(number)s%%", number=decimal(value))
    if chance.exact is not None:
        return shown
    return M("%(percent)s ±%(margin)s", percent=shown, margin=decimal(chance.margin * 100))


def chance_value(goal: str, chance: Chance) -> ChanceValue:
    return ChanceValue(goal, chance.value, chance.margin,
                       None if chance.exact is None else Exact.of(chance.exact),
                       chance.hits, chance.trials, percent(chance), chance.certain,
                       chance.impossible)


def chance_for(projection: Projection, player: int, goal: str) -> ChanceValue:
    """A player's chance of a goal; a goal that is not theirs (a 7 Wonders league without
    promotion) is shown as a dash, neither certain nor impossible."""
    found = projection.chances.get(player, {}).get(goal)
    if found is None:
        return ChanceValue(goal, 0.0, 0.0, None, 0, 0, NOT_THEIRS, False, False)
    return chance_value(goal, found)


def goal_value(goal: Goal) -> GoalValue:
    return GoalValue(goal.key, M(goal.label), goal.rule)


def need_sentence(name: str, need: Need) -> Message:
    """The readable answer: the weakest result that keeps the goal possible and the weakest
    that guarantees it, exact or an estimate."""
    goal = M(need.goal.label)
    possible, sure = need.keeps_possible, need.guarantees
    if possible is None:
        said = M("%(name)s can no longer reach «%(goal)s».", name=name, goal=goal)
    elif sure is not None and sure.key == need.outcomes[-1].key:
        said = M("%(name)s reaches «%(goal)s» whatever the next result.", name=name,
                 goal=goal)
    elif sure is not None:
        said = M("%(name)s keeps «%(goal)s» possible with at least: %(possible)s; is sure "
                 "of it with: %(sure)s.", name=name, goal=goal, possible=possible.label,
                 sure=sure.label)
    else:
        said = M("%(name)s keeps «%(goal)s» possible with at least: %(possible)s; no result "
                 "of the next round makes it sure.", name=name, goal=goal,
                 possible=possible.label)
    if need.exact:
        return M("%(said)s (exact)", said=said)
    margin = max((c.margin for c in need.after), default=0.0) * 100
    return M("%(said)s (an estimate, ±%(margin)s percentage points)", said=said,
             margin=decimal(margin))


# -- the cache ---------------------------------------------------------------------------------
_CACHE: OrderedDict[tuple[Any, ...], tuple[weakref.ref[Any], Any]] = OrderedDict()
_LOCK = threading.Lock()


def cached(state: EventState, key: tuple[Any, ...], compute: Callable[[], Any]) -> Any:
    """The value under ``key`` for this event's state as it stands (its last action), computed
    once while it stays among the last :data:`CACHE_SIZE`: keyed by the state object itself
    (another database's event of the same name and version is another object), so a hit is
    this very event's (two readers at once may both compute it: the same value)."""
    full = (id(state), state.last_seq, *key)
    with _LOCK:
        found = _CACHE.get(full)
        if found is not None and found[0]() is state:
            _CACHE.move_to_end(full)
            return found[1]
    value = compute()
    with _LOCK:
        _CACHE[full] = (weakref.ref(state), value)
        _CACHE.move_to_end(full)
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    return value


# -- strengths (the rating model) --------------------------------------------------------------
def strengths_of(service: EventService, loaded: LoadedEvent) -> Strengths:
    """Each player's strength: the ordinal (mu - 3 sigma) of the openskill rating of the
    person the register links them to, in the format's rating system (``ratings``), when at
    least one player is linked; else the event's own results (``results``): points per game,
    counting :data:`PRIOR_GAMES` games at the event's average first."""
    state, ruleset = loaded.state, loaded.ruleset
    rated = _rated(service, loaded) if ruleset.rating_system else None
    if rated is not None:
        return Strengths(rated, "ratings")
    return results_strengths(state, ruleset)


def _rated(service: EventService, loaded: LoadedEvent) -> dict[int, float] | None:
    from podium.formats.people.book import book_of
    from podium.formats.people.rules import rating_params
    from podium.service.ratings import ratings_of, register_of

    register = register_of(service)
    if register is None:
        return None
    book = book_of(register.state)
    slug = loaded.summary.slug
    persons = {pid: book.person_of(slug, pid) for pid in loaded.state.players}
    linked = {pid: person.id for pid, person in persons.items() if person is not None}
    if not linked:
        return None
    system = str(loaded.ruleset.rating_system)
    ratings = ratings_of(service, register, rating_params(register.state.settings),
                         system).ratings
    values = {pid: ratings.of(person).ordinal for pid, person in linked.items()}
    unknown = ratings.of(0).ordinal  # the model's first rating, for a player linked to nobody
    return {pid: values.get(pid, unknown) for pid in loaded.state.players}


def results_strengths(state: EventState, ruleset: Ruleset) -> Strengths:
    rows = ruleset.standings(state).rows if ruleset.capabilities.rounds else []
    played = {row.player: (Fraction(row.record.points), row.record.games + row.record.byes)
              for row in rows}
    points = sum((p for p, _ in played.values()), Fraction(0))
    games = sum(g for _, g in played.values())
    average = points / games if games else Fraction(0)
    values = {pid: float((p + PRIOR_GAMES * average) / (g + PRIOR_GAMES))
              for pid, (p, g) in played.items()}
    return Strengths({pid: values.get(pid, float(average)) for pid in state.players}, "results")


# -- the reads ---------------------------------------------------------------------------------
def _settings(call: ViewCall) -> dict[str, Any]:
    return call.ruleset.settings_to_json(call.state.settings)


def shown_to_public(state: EventState, ruleset: Ruleset) -> bool:
    """The organiser's setting ``odds_shown`` (off: only organisers read the chances)."""
    return bool(ruleset.settings_to_json(state.settings).get("odds_shown", False))


def _allowed(call: ViewCall) -> None:
    if not _settings(call).get("odds_shown", False) and not call.source.extra("organiser"):
        raise Forbidden(N_("the organiser has not shown the chances of this event"),
                        code=codes.ODDS_HIDDEN)


def _model(call: ViewCall) -> str:
    model = call.get("model")
    return str(model or _settings(call).get("odds_model") or DEFAULT_MODEL)


def computed(slug: str, state: EventState, ruleset: Ruleset, model: str, trials: int,
             seed: int, strengths: Callable[[], Strengths]) -> tuple[Projection | None, str]:
    """The projection (cached per event version, model, trials and seed) and where the
    rating model's strengths came from (``strengths()`` asked only for that model)."""
    def compute() -> tuple[Projection | None, str]:
        found = strengths() if model == "rating" else None
        return (ruleset.projection(state, model=model, trials=trials, seed=seed,
                                   strengths=found), "" if found is None else found.source)

    value: tuple[Projection | None, str] = cached(
        state, ("odds", slug, model, trials, seed), compute)
    return value


def projection_of(call: ViewCall) -> tuple[Projection, str]:
    """The event's projection as asked, and the strengths' source."""
    _allowed(call)
    state, ruleset = call.state, call.ruleset
    trials, seed = int(call.get("trials") or DEFAULT_TRIALS), int(call.get("seed") or 0)
    found, source = computed(call.slug, state, ruleset, _model(call), trials, seed,
                             lambda: call.source.extra("strengths"))
    if found is None:
        raise Conflict(N_("a %(format)s event makes no projections"), code=codes.ODDS_NONE,
                       format=ruleset.name)
    return found, source


def read_odds(call: ViewCall) -> OddsValue:
    projection, source = projection_of(call)
    state = call.state
    order = _order(call)
    offset = int(call.get("offset") or 0)
    limit = call.get("limit")
    shown = order[offset:] if limit is None else order[offset:offset + int(limit)]
    rows = [OddsRow(rank, player_ref(state, pid),
                    [chance_for(projection, pid, g.key) for g in projection.goals])
            for rank, pid in shown if pid in projection.chances]
    return OddsValue([goal_value(g) for g in projection.goals], rows, len(order), offset,
                     len(rows) if limit is None else int(limit), projection.model,
                     projection.exact, projection.trials, projection.seed,
                     projection.remaining, source, list(projection.notes))


def _order(call: ViewCall) -> list[tuple[int, int]]:
    """(rank, player) in the order of the standings (registration order without them)."""
    state, ruleset = call.state, call.ruleset
    if ruleset.capabilities.rounds:
        return [(row.rank, row.player) for row in ruleset.standings(state).rows]
    return list(enumerate(state.players, start=1))


def read_need(call: ViewCall) -> NeedValue:
    from podium.service.forms import resolve_player

    projection, _source = projection_of(call)
    state, ruleset = call.state, call.ruleset
    player = resolve_player(state, call["player"]).id
    keys = [g.key for g in projection.goals]
    asked = call.get("goal")
    if asked is not None and asked not in keys:
        raise InvalidInput(N_("no goal %(goal)r; goals: %(known)s"), code=codes.ODDS_GOAL,
                           field="goal", goal=asked, known=", ".join(keys))
    model = _model(call)
    trials, seed = int(call.get("trials") or DEFAULT_TRIALS), int(call.get("seed") or 0)
    strengths = call.source.extra("strengths") if model == "rating" else None
    name = state.players[player].name
    needs = []
    theirs = [k for k in keys if k in projection.chances.get(player, {})]
    for goal in [asked] if asked is not None else theirs:
        key = ("need", call.slug, player, goal, model, trials, seed)
        need = cached(state, key, partial(ruleset.need, state, player, goal, model=model,
                                   trials=trials, seed=seed, strengths=strengths))
        assert need is not None  # a format with a projection answers its needs
        needs.append(GoalNeed(
            goal_value(need.goal), chance_for(projection, player, goal),
            [OutcomeChance(o.key, o.label, chance_value(goal, c))
             for o, c in zip(need.outcomes, need.after, strict=True)],
            None if need.keeps_possible is None else need.keeps_possible.key,
            None if need.guarantees is None else need.guarantees.key,
            need.exact, need_sentence(name, need), list(need.notes)))
    return NeedValue(player_ref(state, player), needs, model)


# -- the public standings' column --------------------------------------------------------------
def event_projection(service: EventService, loaded: LoadedEvent
                     ) -> tuple[Projection | None, str]:
    """The projection as the event's settings ask it (its model, the default trials and
    seed), shared with the ``odds`` view's cache; and the strengths' source."""
    state, ruleset = loaded.state, loaded.ruleset
    model = str(ruleset.settings_to_json(state.settings).get("odds_model") or DEFAULT_MODEL)
    return computed(loaded.summary.slug, state, ruleset, model, DEFAULT_TRIALS, 0,
                    lambda: strengths_of(service, loaded))


def public_chances(service: EventService, loaded: LoadedEvent, views: list[TableView]
                   ) -> tuple[list[TableView], tuple[str, ...]]:
    """The public tables with a chance column per goal after the points of the standings,
    when the organiser shows them (``odds_shown``); and the column a phone keeps (the first
    goal's: the page stays four narrow columns wide)."""
    state, ruleset = loaded.state, loaded.ruleset
    if not shown_to_public(state, ruleset) or not makes_projections(ruleset):
        return views, ()
    try:
        projection, source = event_projection(service, loaded)
    except PodiumError:  # nothing left to pair (too few players): the standings as they are
        return views, ()
    if projection is None or not projection.goals:
        return views, ()
    out = []
    for view in views:
        if view.key != "standings":
            out.append(view)
            continue
        added = tuple(Column(f"odds-{g.key}", g.label) for g in projection.goals)
        at = next((i + 1 for i, c in enumerate(view.columns) if c.key == "points"), 2)
        columns = (*view.columns[:at], *added, *view.columns[at:])
        chances = projection.chances
        rows = tuple({**row, **{f"odds-{g.key}": chance_for(projection, pid, g.key).text
                                for g in projection.goals}}
                     if isinstance(pid := row.get("player_id"), int) and pid in chances
                     else dict(row) for row in view.rows)
        from podium.service.odds_shows import how_computed

        how = how_computed(SimpleNamespace(
            remaining=projection.remaining, model=projection.model, exact=projection.exact,
            trials=projection.trials, source=source))
        out.append(TableView(view.key, view.title, columns, rows, view.title_args,
                             (*view.notes, how)))
    return out, (f"odds-{projection.goals[0].key}",)


# -- declarations ------------------------------------------------------------------------------
MODEL = Param("model", inputs.Choice(MODELS), N_("how a simulated game ends: uniform (every "
                                                 "finish equally likely) or rating (by the "
                                                 "players' strengths); default: the event's "
                                                 "setting odds_model"),
              label=N_("Model"))
TRIALS = Param("trials", inputs.Integer(100, 1_000_000),
               N_("simulated events of an estimate (9604 by default: ±1 percentage point)"),
               label=N_("Trials"))
SEED = Param("seed", inputs.Integer(0, 2**62), N_("the seed of the simulation (the same "
                                                  "seed gives the same estimate)"),
             label=N_("Seed"))
PLAYER = Param("player", inputs.Player(), N_("the player: a name or #id"), required=True,
               argument=True, label=N_("Player"))
GOAL = Param("goal", inputs.Text(40, non_empty=True),
             N_("the goal's key (e.g. final, first; default: every goal)"),
             label=N_("Goal"))


def _has_rounds(state: EventState) -> bool:
    return bool(state.rounds)


def odds_views() -> list[ViewSpec[Any]]:
    from podium.service.odds_shows import show_need, show_odds

    return [
        ViewSpec("odds", N_("Chances"), read_odds, OddsValue, params=(MODEL, TRIALS, SEED),
                 paged=True, show=show_odds, capability=PROJECTIONS, shown=_has_rounds,
                 slow=True,
                 help=N_("Each player's chance of each outcome the regulation rewards, by "
                         "playing the remaining rounds many times through the format's own "
                         "pairing and scoring; exact when few outcomes remain."),
                 # no example for the kit: the public reads it only once the organiser shows it
                 example=None),
        ViewSpec("need", N_("What a player needs"), read_need, NeedValue,
                 params=(PLAYER, GOAL, MODEL, TRIALS, SEED), show=show_need,
                 capability=PROJECTIONS, shown=_has_rounds, shared=("", "need"), slow=True,
                 template="public/need.html",
                 help=N_("For one player: the chance of a goal after each result of the next "
                         "round, the weakest result that keeps it possible and the weakest "
                         "that guarantees it."),
                 example=None),
    ]


__all__ = [
    "ChanceValue", "GoalNeed", "GoalValue", "NeedValue", "OddsRow", "OddsValue", "OutcomeChance",
    "need_sentence", "odds_views", "percent", "projection_of", "results_strengths",
    "shown_to_public", "strengths_of",
]
