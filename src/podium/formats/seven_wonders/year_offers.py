"""Who a year's forms offer to pick (:attr:`podium.core.commands.Param.offers`), from the
year's last season: a play-off's players once its place is known (rule W7-6), a survival
match's once its number is (W7-14). A page then taps them in order instead of typing names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from podium.core.errors import PodiumError
from podium.core.model import EventState, PlayerId


def _number(typed: Mapping[str, Any], key: str) -> int | None:
    text = typed.get(key)
    text = text if isinstance(text, str) else ""
    return int(text) if text.strip().isdigit() and len(text.strip()) < 4 else None


def playoff_players(season: EventState, typed: Mapping[str, Any]) -> Sequence[PlayerId] | None:
    """Rule W7-6: the players of the starting season's play-off for the place typed."""
    place = _number(typed, "place")
    if place is None or not season.settings.starting:
        return None
    from podium.formats.seven_wonders.year import starting_tiers
    from podium.formats.seven_wonders.year_commands import facts_from

    try:
        group = starting_tiers(facts_from(season), len(season.divisions), {})[2].get(place)
    except PodiumError:  # the season not finished: nothing to narrow to yet
        return None
    ids = {p.name: p.id for p in season.players.values()}
    return [ids[name] for name in group or () if name in ids] or None


def match_players(season: EventState, typed: Mapping[str, Any]) -> Sequence[PlayerId] | None:
    """Rule W7-14: the players of the survival match typed (its number in the draw)."""
    from podium.formats.seven_wonders import survival_rules

    number = _number(typed, "match")
    matches = survival_rules.book_of(season).matches
    if number is None or not 1 <= number <= len(matches):
        return None
    return list(matches[number - 1])


__all__ = ["match_players", "playoff_players"]
