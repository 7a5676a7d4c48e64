"""Plausible random play of a 7 Wonders season: leagues, ladder games with ties, overruns,
kicks, unfinished games, die rolls, liftings, self-reports and the special matches.

:func:`season_actions` is the format's ``sample_actions`` (the conformance kit, the property
tests and the demo all play through it): each call gives the next few actions an organiser and
the players would store, as (kind, payload, reason), checked like live entry when stored.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from podium.core.divisions import DIVISION_MOVED, DIVISIONS_ASSIGNED
from podium.core.log import Kind
from podium.core.model import EventState, PlayerId
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
    disputed = any(r.disputed for r in book.reports.values())
    if odds.cover and games and not book.late_overruns:
        odds = replace(odds, late_overrun=1.0)
    if odds.cover and games and not disputed:
        odds = replace(odds, report=0.0, dispute=1.0)
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
        out.extend(_entered(state, "seven-wonders.game", payload, now.ref, now.players, rng,
                            odds, len(out)))
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
        out.extend(_entered(state, "seven-wonders.special", payload, match, players, rng, odds,
                            len(out)))
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


def _entered(state: EventState, kind: str, payload: dict[str, Any], ref: str,
             players: list[PlayerId], rng: random.Random, odds: Odds, before: int
             ) -> list[Sample]:
    """The game entered by the organiser, or reported by a player and confirmed by the others
    (or disputed, then entered by the organiser)."""
    from podium.formats.seven_wonders.rules import confirmations_needed
    from podium.formats.seven_wonders.season import Report

    roll = rng.random()
    if roll >= odds.report + odds.dispute or len(players) < 2:
        return [(kind, payload, "")]
    entry = {k: v for k, v in payload.items() if k not in ("league", "game", "match")}
    reporter = rng.choice(players)
    seq = state.last_seq + 1 + before
    out: list[Sample] = [("seven-wonders.report", {"game": ref, "reporter": reporter,
                                                   "entry": entry}, "")]
    others = [p for p in players if p != reporter]
    if roll < odds.report:
        need = confirmations_needed(state, Report(seq, ref, reporter, entry))
        for pid in rng.sample(others, need):
            out.append(("seven-wonders.confirmed", {"report": seq, "player": pid}, ""))
        out.append((kind, {**payload, "report": seq, "reporter": reporter},
                    "self-report confirmed (sample)"))
    else:
        out.append(("seven-wonders.disputed", {"report": seq, "player": rng.choice(others),
                                               "note": "wrong order (sample)"}, ""))
    return out


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
    divisions = [{"key": key, "name": name, "level": level,
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
