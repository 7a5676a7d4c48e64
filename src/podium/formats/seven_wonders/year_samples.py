"""Sample actions of the year's events kept in a season's log: a starting season's play-off game
(rules W7-6, W7-30), a survival battle (rules W7-14, W7-23, W7-29) and the Legendary League
(W7-31 .. W7-34).

Why: every action kind a format accepts is played by the conformance kit's tour and the
state machine, so these kinds are exercised through the service like the season's own. The
samples are valid by construction (the draw's matches, the roster's waiting places, the
final's next players come from the derived state).
"""

from __future__ import annotations

import random
from typing import Any

from podium.core.model import EventState, PlayerId
from podium.formats.seven_wonders import legendary_rules, playoff_rules, survival_rules

Sample = tuple[str, dict[str, Any], str]


def _results(players: tuple[PlayerId, ...] | list[PlayerId], rng: random.Random
             ) -> list[dict[str, int]]:
    order = list(players)
    rng.shuffle(order)
    return [{"player": pid, "position": i} for i, pid in enumerate(order, start=1)]


def survival_samples(state: EventState, rng: random.Random) -> list[Sample]:
    """A draw of 3 defenders and up to 5 newcomers for 4 places, then each match's game."""
    book = survival_rules.book_of(state)
    active = sorted(p.id for p in state.active_players())
    if not book.entrants:
        if len(active) < 6:
            return []
        chosen = rng.sample(active, min(8, len(active)))
        places = zip(chosen[:3], ("Warriors A", "Warriors B", "Warriors B"), (5, 6, 7),
                     strict=True)
        defenders = [{"player": pid, "league": league, "level": 2, "place": place}
                     for pid, league, place in places]
        newcomers = [{"player": pid, "rating": 1700 - 50 * i, "premium": i % 2 == 0,
                      "signup": i} for i, pid in enumerate(chosen[3:], start=1)]
        return [(survival_rules.DRAWN, {"entrants": defenders + newcomers, "free": 4,
                                        "seed": rng.randrange(10**6)}, "")]
    for match, players in survival_rules.survival_of(state).due.items():
        if players:
            return [(survival_rules.GAME, {"match": match, "results": _results(players, rng)},
                     "")]
    return []


def legendary_samples(state: EventState, rng: random.Random) -> list[Sample]:
    """The selection from random season points, every pick's yes, then the final's games."""
    book = legendary_rules.book_of(state)
    players = sorted(state.players)
    if book.selection is None:
        if len(players) < 7:
            return []
        records = [{"player": pid, "seasons": [{"season": s, "points": rng.randrange(0, 120)}
                                               for s in range(1, 4)]} for pid in players]
        return [(legendary_rules.SELECTED, {"records": records, "seed": rng.randrange(10**6)},
                 "")]
    if not book.answers:
        return [(legendary_rules.ANSWER, {"player": pid, "accepted": True}, "")
                for pid in book.selection.players]
    now = max(answer.at for answer in book.answers)
    final = legendary_rules.legendary_of(state, now).final
    if final is None or final.champion is not None or not final.next:
        return []
    return [(legendary_rules.GAME, {"results": _results(final.next, rng)}, "")]


def playoff_samples(state: EventState, rng: random.Random) -> list[Sample]:
    """A starting season's play-off of its 2nd places (two leagues or more), once, with a tie
    now and then (rule W7-30)."""
    from podium.formats.seven_wonders.rules import league_places

    if not state.settings.starting or 2 in playoff_rules.book_of(state).games:
        return []
    seconds = [pid for division in state.divisions.values()
               for pid, place in league_places(state, division.key).items() if place == 2]
    if len(seconds) < 2:
        return []
    results = _results(seconds, rng)
    if len(results) > 2 and rng.random() < 0.5:
        results[-1]["position"] = results[-2]["position"]
    return [(playoff_rules.PLAYOFF, {"place": 2, "results": results}, "")]


def year_samples(state: EventState, rng: random.Random) -> list[Sample]:
    """The next year's sample once the season has none left."""
    return (playoff_samples(state, rng) or survival_samples(state, rng)
            or legendary_samples(state, rng))
