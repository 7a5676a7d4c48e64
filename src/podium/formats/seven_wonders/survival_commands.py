"""The survival battles as command objects (rules W7-14, W7-23, W7-29), run on the year's
series and stored in its last season's log (the battles decide who plays in Warriors next
season, so they belong to the season they follow).

- :class:`DrawSurvival` (rule W7-14): the players who must defend (W7-6, W7-10) and the
  newcomers, for the free Warriors places the next season has: the format (the proposal, or the
  organiser's), the draw (a premium player in every match, last season's league mates apart,
  strength by the snake), stored as ``seven-wonders.survival-drawn``. The newcomers are
  registered in the season first (players without a league: the draw's players are the event's
  players), in the same unit of work. A preview stores nothing.
- :class:`EnterSurvivalGame` (rules W7-23, W7-29): a match's game as the site shows it (ties
  joined by ``=``), or its unfinished end (the kicker, the players in negative time, the
  deepest), or the same game again with the die roll for a tie W7-29 leaves open; stored as
  ``seven-wonders.survival-game``.

Every check is the action kind's (:mod:`.survival_rules`), so a stored draw or game replays as
it was accepted; a refusal names the command's field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from podium.core.errors import Conflict, InvalidInput, NotFound, PodiumError
from podium.core.log import Kind
from podium.core.messages import Message
from podium.core.model import EventState, PlayerId
from podium.core.rng import derive_seed
from podium.core.views import N_
from podium.formats.seven_wonders import codes, survival_rules
from podium.formats.seven_wonders.season import Note
from podium.formats.seven_wonders.year import Dice, SignUp, next_leagues, spoken
from podium.formats.seven_wonders.year_commands import (
    candidates,
    facts_of,
    last_season,
    renamed,
    season_slugs,
    signups_of,
    tournament_barred,
    year_of,
)
from podium.service.commands import Command
from podium.service.events import EventService, LoadedEvent, NewAction, Outcome

#: The stored payload's fields as the command names them.
DRAW_FIELDS = {"entrants": "newcomer", "players": "newcomer", "matches": "match",
               "previous": "event"}
GAME_FIELDS = {"results": "order", "positions": "order", "players": "order"}


def registered(state: EventState, names: Sequence[str]) -> tuple[dict[str, PlayerId],
                                                                 list[NewAction]]:
    """Each name's player id in ``state``, registering those it does not have yet (a
    newcomer of the battles, a Legendary League candidate of an earlier season)."""
    ids: dict[str, PlayerId] = {}
    new: list[NewAction] = []
    next_id = max(state.players, default=0) + 1
    for name in names:
        found = state.player_by_name(name)
        if found is not None:
            ids[name] = found.id
            continue
        ids[name] = next_id
        new.append(NewAction(Kind.PLAYER_REGISTERED, {"player": next_id, "name": name}))
        next_id += 1
    return ids, new


def player_id(state: EventState, name: str, field: str, code: str) -> PlayerId:
    """A player of the season by name or ``#id``, refused naming ``field``."""
    text = name.strip()
    found = (state.players.get(int(text[1:])) if text.startswith("#") and text[1:].isdigit()
             else state.player_by_name(text))
    if found is None:
        raise NotFound(N_("%(name)s is not a player of season %(slug)s"), code=code,
                       field=field, name=text, slug=state.slug)
    return found.id


def positions_of(order: Sequence[Sequence[str]]) -> list[tuple[str, int]]:
    """Rule W7-3: the site's standings, best first, a tie sharing a position (1, 2, 2, 4)."""
    out = []
    placed = 0
    for group in order:
        for name in group:
            out.append((name, placed + 1))
        placed += len(group)
    return out


@dataclass(frozen=True)
class Drawn:
    """A survival draw (stored or previewed): the season it is kept in, each match (its size,
    qualifying places and players), every placement explained."""

    season: str
    matches: list[tuple[int, int, list[str]]]
    free: int
    notes: list[Note]
    preview: bool = False

    def messages(self) -> list[Message]:
        return [Message(msgid, spoken(params)) for msgid, params in self.notes]


@dataclass(frozen=True)
class DrawSurvival(Command[Drawn]):
    """Rule W7-14: draw the survival battles before the next season. ``slug`` is the year;
    ``newcomers`` in sign-up order (W7-29 (3)), ``ratings`` their site ratings, ``premium``
    the players with a premium account (a defender's default: their profile), ``slots`` the
    organiser's format (size, qualifying places) instead of the proposal, ``matches`` an
    adjusted seating (needs a ``reason``), ``leaving`` the players dropping out (W7-35)."""

    newcomers: tuple[str, ...] = ()
    leaving: tuple[str, ...] = ()
    ratings: tuple[tuple[str, int], ...] = ()
    premium: tuple[str, ...] = ()
    slots: tuple[tuple[int, int], ...] = ()
    matches: tuple[tuple[str, ...], ...] = ()
    reason: str = ""
    seed: int | None = None
    preview: bool = False

    def run(self, service: EventService, actor: str) -> Outcome[Drawn]:
        season = last_season(service, self.slug)
        series = year_of(service.load(self.slug)).state
        barred = tournament_barred([service.load(slug).state for slug in season_slugs(series)])
        if not self.newcomers:  # rule W7-29: the year's sign-ups not yet playing
            newcomers = candidates(service, series, barred)
            if newcomers:
                return replace(self, newcomers=newcomers).run(service, actor)
        try:
            with service.unit(season.state.slug, actor, dry_run=self.preview) as work:
                work.append(self.build_draw(work.loaded, barred, signups_of(series)))
                value = drawn_of(work.state, self.preview)
                return Outcome(work.loaded, list(work.stored), value)
        except PodiumError as error:
            raise renamed(error, DRAW_FIELDS) from None

    def _check_names(self, entrants: Sequence[str]) -> None:
        known = set(entrants)
        for field_, names in (("rating", [n for n, _ in self.ratings]),
                              ("premium", list(self.premium))):
            strangers = [n for n in names if n not in known]
            if strangers:
                raise InvalidInput(N_("%(names)s do not play the survival battles (rule "
                                      "W7-14)"), code=codes.SURVIVAL_NOT_ENTRANT, field=field_,
                                   names=strangers)

    def build_draw(self, loaded: LoadedEvent, barred: Sequence[str] = (),
                   signups: Mapping[str, SignUp] = {}) -> list[NewAction]:
        """Who plays for how many places (rules W7-6, W7-10, W7-14, W7-35), the newcomers
        registered, then the draw's inputs as the log keeps them. A newcomer an earlier
        survival battle barred from the tournament (``barred``, rule W7-23) is refused.
        Each entrant's site rating and premium account come from the year's sign-ups
        (``signups``, rules W7-4, W7-5) unless typed here (rule W7-14)."""
        facts = facts_of(loaded, self.leaving)
        plan = next_leagues(facts, (), self.newcomers, {}, (), {}, preview=True,
                            out_of_tournament=barred, dice=Dice(facts.seed))
        if not plan.survival:
            if not self.newcomers:
                raise Conflict(N_("no newcomer applies: the players who must defend keep "
                                  "their Warriors places, no survival battle (rule W7-10)"),
                               code=codes.SURVIVAL_NONE, field="newcomer")
            raise Conflict(N_("no survival battle is needed: the newcomers and the players "
                              "who must defend fit in the %(free)s free Warriors places "
                              "(rule W7-14)"), code=codes.SURVIVAL_NONE, field="newcomer",
                           free=plan.free)
        entrants = plan.survival
        self._check_names(entrants)
        state = loaded.state
        ids, new = registered(state, entrants)
        by = {p.name: p for p in facts.players}
        ratings = dict(self.ratings)
        signup = {name: i for i, name in enumerate(self.newcomers, start=1)}
        rows = []
        for name in entrants:
            signed = signups.get(name)
            row: dict = {"player": ids[name],
                         "rating": ratings.get(name, signed.rating if signed else 0)}
            p = by.get(name)
            if p is not None and name not in signup:  # a defender (rules W7-6, W7-10)
                row.update(league=facts_league(loaded, p.league), level=p.level, place=p.place,
                           premium=p.premium or name in self.premium)
            else:
                row.update(premium=name in self.premium or bool(signed and signed.premium),
                           signup=signup.get(name))
            rows.append(row)
        payload: dict = {"entrants": rows, "free": plan.free,
                         "seed": self.seed if self.seed is not None
                         else derive_seed(state.seed, "survival-draw")}
        if self.slots:
            payload["format"] = [{"size": size, "qualifying": q} for size, q in self.slots]
        if self.matches:
            payload["matches"] = [[self._seated(ids, name) for name in match]
                                  for match in self.matches]
        if self.leaving:
            payload["leaving"] = [player_id(state, n, "leaving", codes.YEAR_PLAYER)
                                  for n in self.leaving]
        return [*new, NewAction(survival_rules.DRAWN, payload, self.reason)]

    @staticmethod
    def _seated(ids: dict[str, PlayerId], name: str) -> PlayerId:
        if name not in ids:
            raise InvalidInput(N_("%(name)s does not play the survival battles (rule W7-14)"),
                               code=codes.SURVIVAL_MATCHES, field="match", name=name)
        return ids[name]


def facts_league(loaded: LoadedEvent, key: str) -> str:
    """A league's name as shown (what the draw keeps league mates apart by, rule W7-14)."""
    return loaded.state.divisions[key].name


def drawn_of(state: EventState, preview: bool = False) -> Drawn:
    """The survival draw stored in ``state``: each match and every reason."""
    book = survival_rules.book_of(state)
    names = {pid: p.name for pid, p in state.players.items()}
    if book.draw is None:
        return Drawn(state.slug, [], 0, list(book.notes), preview)
    fmt = book.draw.format
    matches = [(slot.size, slot.qualifying, [names[p] for p in match])
               for slot, match in zip(fmt.slots, book.matches, strict=True)]
    notes: list[Note] = [*fmt.notes, *book.draw.notes, *book.notes]
    for placement in book.draw.placements:
        notes.extend(placement.notes)
    return Drawn(state.slug, matches, fmt.free, notes, preview)


# -- a match's game (rules W7-23, W7-29) ----------------------------------------------------------
@dataclass(frozen=True)
class Battle:
    """A survival match after a game: who qualified, who is out, who replays, who is barred,
    who waits for a die roll; the players in Warriors next season so far and the matches due."""

    season: str
    match: int
    qualified: list[str]
    out: list[str]
    replay: list[str] | None
    barred: str | None
    waiting: list[str]
    notes: list[Note]
    warriors: list[str]
    due: dict[int, list[str]]

    def messages(self) -> list[Message]:
        return [Message(msgid, spoken(params)) for msgid, params in self.notes]


@dataclass(frozen=True)
class EnterSurvivalGame(Command[Battle]):
    """Rules W7-23, W7-29: survival match ``match``'s game. ``order``: the site's standings,
    ties at one position joined (W7-3); ``unfinished``: the game did not finish (its kicker,
    or the players in negative time and the deepest of them, W7-23); ``roll``: the die for a
    tie W7-29 leaves open (the same order again with the roll)."""

    match: int = 1
    order: tuple[tuple[str, ...], ...] = ()
    unfinished: bool = False
    kicker: str | None = None
    negative_time: tuple[str, ...] = ()
    deepest: str | None = None
    roll: tuple[tuple[str, int], ...] = ()

    def run(self, service: EventService, actor: str) -> Outcome[Battle]:
        season = last_season(service, self.slug)
        try:
            with service.unit(season.state.slug, actor) as work:
                work.append([self.build_game(work.state)])
                value = battle_of(work.state, self.match)
                return Outcome(work.loaded, list(work.stored), value)
        except PodiumError as error:
            raise renamed(error, GAME_FIELDS) from None

    def build_game(self, state: EventState) -> NewAction:
        if survival_rules.book_of(state).draw is None:
            raise Conflict(N_("no survival battle is drawn in season %(slug)s (rule W7-14)"),
                           code=codes.SURVIVAL_NOT_DRAWN, field="match", slug=state.slug)

        def pid(name: str, field_: str) -> PlayerId:
            return player_id(state, name, field_, codes.SURVIVAL_PLAYER)

        payload: dict = {"match": self.match,
                         "finished": not self.unfinished and self.kicker is None}
        if self.order:
            payload["results"] = [{"player": pid(name, "order"), "position": position}
                                  for name, position in positions_of(self.order)]
        if self.kicker:
            payload["kicker"] = pid(self.kicker, "kicker")
        if self.negative_time:
            payload["negative_time"] = [pid(n, "negative_time") for n in self.negative_time]
        if self.deepest:
            payload["deepest"] = pid(self.deepest, "deepest")
        if self.roll:
            payload["roll"] = [{"player": pid(n, "roll"), "value": v} for n, v in self.roll]
        return NewAction(survival_rules.GAME, payload)


def battle_of(state: EventState, match: int) -> Battle:
    """Survival match ``match`` after its last game, as people read it."""
    book = survival_rules.book_of(state)
    names = {pid: p.name for pid, p in state.players.items()}
    outcome = book.outcomes[match][-1]
    now = survival_rules.survival_of(state)

    def named(pids: Sequence[PlayerId]) -> list[str]:
        return [names[p] for p in pids]

    return Battle(state.slug, match, named(outcome.qualified), named(outcome.out),
                  None if outcome.replay is None else named(outcome.replay),
                  None if outcome.barred is None else names[outcome.barred],
                  named(outcome.waiting), list(outcome.notes), named(now.warriors),
                  {m: named(p) for m, p in now.due.items() if p})


__all__ = ["Battle", "DrawSurvival", "Drawn", "EnterSurvivalGame", "battle_of", "drawn_of",
           "player_id", "positions_of", "registered"]
