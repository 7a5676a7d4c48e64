"""Plausible random play of a 7 Wonders season: leagues, ladder games with ties, overruns,
kicks, unfinished games, die rolls, liftings, games reported by a player and the special
matches; and ``podium demo seven-wonders`` (:data:`DEMO`).

:func:`season_actions` is the format's ``sample_actions`` (the conformance kit, the property
tests and the demo all play through it): each call gives the next few actions an organiser and
the players would store, as (kind, payload, reason), checked like live entry when stored. A
game a player reported and the others confirmed is stored as the reporter's game (the pending
report itself is the kernel's, outside the log).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from podium.core import inputs
from podium.core.commands import Param
from podium.core.demos import DemoCall, DemoSpec
from podium.core.divisions import DIVISION_MOVED, DIVISIONS_ASSIGNED
from podium.core.log import Kind
from podium.core.model import EventState, PlayerId
from podium.core.views import N_
from podium.formats.seven_wonders.season import (
    FORTUNE,
    KICK,
    OVERRUN,
    TITANS,
    WILL,
    book_of,
    penalties_of,
)
from podium.formats.seven_wonders.settings import LEAGUE_SIZE

Sample = tuple[str, dict[str, Any], str]
LINK = "https://boardgamearena.com/table?table={n}"


@dataclass(frozen=True)
class Odds:
    """How often each kind of event happens in a simulated game."""

    tie: float = 0.25  # some positions shared (rule W7-3)
    last_tie: float = 0.12  # a tie for last place (rule W7-26)
    overrun: float = 0.12  # a player over the time limit (rule W7-19)
    kick: float = 0.03  # a kick (rule W7-20)
    unfinished: float = 0.05  # an unfinished game (rules W7-21, W7-22)
    lift: float = 0.25  # the organiser lifts a penalty (rule W7-24)
    late_overrun: float = 0.05  # an overrun reported after the game
    report: float = 0.2  # a self-report confirmed by the players (rule W7-36)
    dispute: float = 0.05  # a disputed self-report
    profiles: float = 0.6  # players with last season's facts (rule W7-26)
    cover: bool = True  # make sure a season shows every kind of action (the conformance kit)


CALM = Odds(tie=0, last_tie=0, overrun=0, kick=0, unfinished=0, lift=0, late_overrun=0,
            report=0, dispute=0, cover=False)


def season_actions(state: EventState, rng: random.Random, odds: Odds = Odds()
                   ) -> list[Sample]:
    from podium.formats.seven_wonders.rules import (
        due,
        ladders_complete,
        special_players,
        specials_due,
    )

    if not state.divisions:
        return _set_up(state, rng, odds)
    book = book_of(state)
    out: list[Sample] = []
    games = list(book.games())
    rolled = any(g.roll is not None for g in games)
    if odds.cover and games and not book.late_overruns:
        odds = replace(odds, late_overrun=1.0)
    penalties = [(ref, pid, what) for ref, pid, what in penalties_of(book)
                 if book.lifted(ref, pid, what) is None]
    if penalties and rng.random() < odds.lift:
        ref, pid, what = rng.choice(penalties)
        out.append(("seven-wonders.lifted", {"game": ref, "player": pid, "penalty": what},
                    "a proven reason (sample)"))
    waiting = [g for g in book.games() if g.unresolved]
    if waiting:
        out.append(_roll(waiting[0], rng))
        return out
    if not ladders_complete(state):
        keys = [k for k in state.divisions if not due(state, k).complete
                and due(state, k).size_ok]
        if not keys:
            return out
        key = rng.choice(keys)
        now = due(state, key)
        ladder = book.ladders.get(key)
        if ladder and ladder.games and rng.random() < odds.late_overrun:
            last = ladder.games[-1]
            free = [p for p in last.players if p not in last.overruns]
            if free:
                out.append(("seven-wonders.overrun", {"game": last.ref,
                                                      "player": rng.choice(free)}, ""))
        twins = None
        if odds.cover and not rolled and now.number == 1:
            twins = _twins(book, now.players)
        payload = random_game(now.players, rng, odds, first=now.number == 1, tie_last=twins)
        payload.update({"league": key, "game": now.number})
        out.extend(_entered("seven-wonders.game", payload, now.players, rng, odds))
        return out
    # a kick lifted in this batch brings its player back into the special matches (W7-20,
    # W7-24): their players are those of the state after the lifting
    after = _after_lifting(state, out)
    for match in specials_due(after):
        if match in book.specials:
            continue
        players = special_players(after, match)
        if match == TITANS and FORTUNE in specials_due(after):
            fortune = book.specials.get(FORTUNE)
            if fortune is None or not fortune.order:
                continue
        if not players:
            return out
        payload = random_game(players, rng, odds, first=False, special=True)
        payload["match"] = match
        out.extend(_entered("seven-wonders.special", payload, players, rng, odds))
        return out
    return out


def _after_lifting(state: EventState, batch: list[Sample]) -> EventState:
    """``state``, or a copy with the kick lifted in ``batch`` applied (rule W7-24): the
    special matches' players are read after it."""
    lifted = [(kind, payload, reason) for kind, payload, reason in batch
              if kind == "seven-wonders.lifted" and payload["penalty"] == KICK]
    if not lifted:
        return state
    from podium.core.log import Action
    from podium.core.replay import apply
    from podium.formats.seven_wonders.rules import SEVEN_WONDERS

    trial = copy.deepcopy(state)
    for kind, payload, reason in lifted:
        apply(trial, Action(trial.last_seq + 1, kind, "sample", datetime(2000, 1, 1, tzinfo=UTC),
                            payload, reason), SEVEN_WONDERS)
    return trial


def _entered(kind: str, payload: dict[str, Any], players: list[PlayerId], rng: random.Random,
             odds: Odds) -> list[Sample]:
    """The game entered by the organiser, or reported by a player and confirmed by the others
    (rule W7-36: stored as the reporter's), or disputed and then entered by the organiser."""
    roll = rng.random()
    if roll >= odds.report + odds.dispute or len(players) < 2:
        return [(kind, payload, "")]
    reporter = rng.choice(players)
    if roll < odds.report:
        return [(kind, {**payload, "reporter": reporter}, "self-report confirmed (sample)")]
    return [(kind, {**payload, "reporter": reporter}, "self-report disputed, checked (sample)")]


def _twins(book: Any, players: list[PlayerId]) -> tuple[PlayerId, PlayerId] | None:
    """Two players the chain of rule W7-26 cannot tell apart in a first game (the same league
    and place last season), so a tie between them goes to the die."""
    seen: dict[tuple[Any, Any], PlayerId] = {}
    for pid in sorted(players):
        profile = book.profile(pid)
        key = (profile.level, profile.place)
        if key in seen:
            return seen[key], pid
        seen[key] = pid
    return None


def random_game(players: list[PlayerId], rng: random.Random, odds: Odds, first: bool,
                special: bool = False, tie_last: tuple[PlayerId, PlayerId] | None = None
                ) -> dict[str, Any]:
    """Positions (with ties now and then), scores, overruns, a kick, an unfinished end;
    ``tie_last``: these two tie for last place."""
    order = list(players)
    rng.shuffle(order)
    if tie_last is not None:
        order = [p for p in order if p not in tie_last] + list(tie_last)
    n = len(order)
    positions = {pid: i + 1 for i, pid in enumerate(order)}
    if n >= 2 and rng.random() < odds.tie:
        i = rng.randrange(n - 1)
        positions[order[i + 1]] = positions[order[i]]
    if n >= 2 and (tie_last is not None or rng.random() < odds.last_tie
                   or (first and rng.random() < odds.last_tie)):
        positions[order[-1]] = positions[order[-2]]
    positions = {pid: 1 + sum(1 for v in positions.values() if v < positions[pid])
                 for pid in order}
    results = [{"player": pid, "position": positions[pid],
                "score": 70 - 5 * positions[pid] + rng.randrange(5)} for pid in order]
    payload: dict[str, Any] = {"results": results,
                               "link": LINK.format(n=rng.randrange(10**8, 10**9))}
    if rng.random() < odds.overrun:
        payload["overruns"] = [rng.choice(order)]
    if special or tie_last is not None:
        return payload
    roll = rng.random()
    if roll < odds.kick:
        payload["kicker"] = rng.choice(order)
        payload["finished"] = rng.random() < 0.3
        if not payload["finished"] and n > 1:
            payload["deepest"] = rng.choice([p for p in order if p != payload["kicker"]])
    elif roll < odds.kick + odds.unfinished:
        payload["finished"] = False
        payload["deepest"] = rng.choice(order)
        if rng.random() < 0.5:
            payload["results"] = [{"player": pid} for pid in order]
    return payload


def _roll(game: Any, rng: random.Random) -> Sample:
    tied = sorted(p for group in game.unresolved for p in group)
    values = rng.sample(range(1, 7), len(tied)) if len(tied) <= 6 else rng.sample(
        range(1, 1001), len(tied))
    return ("seven-wonders.roll", {"game": game.ref, "rolls": [
        {"player": p, "value": v} for p, v in zip(tied, values, strict=True)]}, "")


def _set_up(state: EventState, rng: random.Random, odds: Odds) -> list[Sample]:
    """Sign-ups up to a multiple of 7, players' profiles, the leagues, an organiser's swap."""
    from podium.formats.seven_wonders.rules import league_keys

    out: list[Sample] = []
    active = sorted(p.id for p in state.active_players())
    count = max(1, -(-len(active) // LEAGUE_SIZE))
    next_id = max(state.players, default=0) + 1
    while len(active) < count * LEAGUE_SIZE:
        name = f"Sign-up {next_id}"
        if state.player_by_name(name) is None:
            out.append((Kind.PLAYER_REGISTERED, {"player": next_id, "name": name}, ""))
            active.append(next_id)
        next_id += 1
    leagues = league_keys(count, state.settings.starting)
    for index, pid in enumerate(active):
        newcomer = index % LEAGUE_SIZE >= LEAGUE_SIZE - 2  # two a league without a history
        if not newcomer and rng.random() < odds.profiles:
            level = leagues[index // LEAGUE_SIZE][2]
            out.append(("seven-wonders.profile", {
                "player": pid, "level": min(2, level + rng.choice((0, 0, 1))),
                "place": rng.randint(1, LEAGUE_SIZE), "overruns": rng.choice((0, 0, 0, 1, 2)),
                "premium": rng.random() < 0.5}, ""))
    divisions: list[dict[str, Any]] = [{"key": key, "name": name, "level": level,
                  "players": active[i * LEAGUE_SIZE:(i + 1) * LEAGUE_SIZE]}
                 for i, (key, name, level) in enumerate(leagues)]
    out.append((DIVISIONS_ASSIGNED, {"divisions": divisions, "method": "organiser"}, ""))
    if count >= 2:
        a, b = divisions[0]["players"][-1], divisions[1]["players"][-1]
        out.append((DIVISION_MOVED, {"player": a, "to": divisions[1]["key"],
                                     "why": "organiser"}, "premium balance (sample)"))
        out.append((DIVISION_MOVED, {"player": b, "to": divisions[0]["key"],
                                     "why": "organiser"}, "premium balance (sample)"))
    return out


__all__ = ["CALM", "KICK", "OVERRUN", "WILL", "Odds", "random_game", "season_actions"]


# -- podium demo seven-wonders ---------------------------------------------------------------
def run_demo(call: DemoCall) -> Iterator[Any]:
    """A season of ``players`` (a multiple of 7) played with random ties, overruns, kicks,
    unfinished games, die rolls and liftings: its table league by league and its Battle of
    Titans; with more than one season a whole year (rule W7-1) through the year's commands
    (:func:`.year_demo.shown_year`)."""
    from podium.core.demos import Stored
    from podium.core.errors import InvalidInput
    from podium.core.messages import M, Mn
    from podium.core.rng import derive_seed
    from podium.formats.seven_wonders import codes
    from podium.formats.seven_wonders.season_reads import season_table, show_table
    from podium.service.commands import AddPlayers, AppendActions
    from podium.store.repository import EventRepository

    players, seasons, seed = call.get("players", 28), call.get("seasons", 1), call.get("seed", 1)
    service = call.service
    if seasons > 1:
        from podium.formats.seven_wonders.year_demo import shown_year

        yield from shown_year(service, players, seasons, seed)
        return
    if players % 7:
        raise InvalidInput("a multiple of 7 (a league has 7, rule W7-2)",
                           code=codes.DEMO_PLAYERS, field="players")
    slug = f"demo-seven-wonders-{players}-{seed}"
    with service.db.session() as session:
        repo = EventRepository(session)
        old = repo.find(slug)
        if old is not None:
            repo.delete(old.id)
    settings = {"season": "starting" if call.get("starting") else "regular",
                "start": "2025-03-01"}
    service.create_event(slug, call.named(M("Demo 7 Wonders season 1, %(n)s players",
                                            n=players)),
                         "seven-wonders", settings, "demo", derive_seed(seed, "season", 1))
    width = len(str(players))
    service.run_command(AddPlayers(slug, tuple(f"Player {i:0{width}d}"
                                           for i in range(1, players + 1))), "demo")
    rng = random.Random(derive_seed(seed, "demo", 1))
    expected = players // 7 * 6 + 4  # about one batch a game, the leagues and the specials
    for step in range(500):
        call.progress(M("season %(n)s", n=1), step, max(expected, step + 1))
        actions = season_actions(service.load(slug).state, rng, Odds())
        if not actions:
            break
        service.run_command(AppendActions(slug, tuple(actions)), "demo")
    state = service.load(slug).state
    yield state.name
    yield from show_table(season_table(state))
    book = book_of(state)
    games = list(book.games())
    ties = sum(1 for g in games for n in g.notes if n[0].startswith(("tie ", "tie for")))
    yield M("%(games)s, %(ties)s %(rolled)s, %(overruns)s, %(kicks)s, %(unfinished)s, "
            "%(lifted)s.",
            games=Mn("%(n)s ladder game", "%(n)s ladder games",
                     sum(1 for g in games if g.league)),
            ties=Mn("%(n)s tie decided", "%(n)s ties decided", ties),
            rolled=Mn("(%(n)s by a die roll)", "(%(n)s by a die roll)",
                      sum(1 for g in games if g.roll)),
            overruns=Mn("%(n)s overrun", "%(n)s overruns", sum(len(g.overruns) for g in games)),
            kicks=Mn("%(n)s kick", "%(n)s kicks", sum(1 for g in games if g.kicker is not None)),
            unfinished=Mn("%(n)s unfinished game", "%(n)s unfinished games",
                          sum(1 for g in games if not g.finished)),
            lifted=Mn("%(n)s penalty lifted", "%(n)s penalties lifted", len(book.liftings)))
    titans = book.specials.get(TITANS)
    if titans is not None and titans.groups:
        winners = ", ".join(state.players[p].name for p in titans.groups[0])
        yield (M("Battle of Titans: first place shared by %(names)s (rule W7-28).",
                 names=winners) if len(titans.groups[0]) > 1 else
               M("Battle of Titans won by %(names)s.", names=winners))
    yield Stored(slug, M("try `%(command)s`.", command=f"podium sw status {slug}"))


DEMO = DemoSpec(
    "seven-wonders", N_("A 7 Wonders season or year"), run_demo,
    params=(
        Param("players", inputs.Integer(7, 10_000), N_("A multiple of 7: 28 makes the regular "
                                                       "season's 4 leagues."), default=28),
        Param("seasons", inputs.Integer(1, 12), N_("Seasons to play (more than one: a year)."),
              default=1),
        Param("seed", inputs.Integer(0, 2**62), N_("The seed of the random draws."), default=1),
        Param("starting", inputs.YesNo(), N_("A starting season (equal leagues, W7-6).")),
    ),
    help=N_("Play seasons of 7-player leagues with random ties, overruns, kicks, unfinished "
            "games, die rolls and liftings, and print each season table with its Battle of "
            "Titans; with more than one season, a whole year (rule W7-1): each season's moves "
            "and the year table."),
)
