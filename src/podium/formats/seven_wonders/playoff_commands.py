"""A starting-season play-off entered as a game (rules W7-6, W7-30), run on the year's series
and stored in its starting season (``seven-wonders.playoff-game``, :mod:`.playoff_rules`).

Why on the series: the organiser works with the year; the play-offs are between players of one
place in different leagues of the starting season, due once it is finished, and ``next-season``
takes their order from there (a tie by rule W7-30) unless ``--playoff`` gives another.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from podium.core.errors import Conflict, PodiumError
from podium.core.messages import Message
from podium.core.views import N_
from podium.formats.seven_wonders import codes, playoff_rules
from podium.formats.seven_wonders.survival_commands import player_id, positions_of
from podium.formats.seven_wonders.year import Dice, playoff_key, ranked, starting_tiers
from podium.formats.seven_wonders.year_commands import facts_of, last_season, renamed
from podium.service.commands import Command
from podium.service.events import EventService, NewAction, Outcome

FIELDS = {"results": "order", "place": "place"}


@dataclass(frozen=True)
class Playoff:
    """A play-off as stored: its place, the order as groups of tied players (best first), the
    order it gives (a tie by rule W7-30: ladder wins, the previous games, the die) and the
    play-offs still due."""

    season: str
    place: int
    groups: list[list[str]]
    order: list[str]
    rolls: str
    due: list[int]
    die_due: list[list[str]] = field(default_factory=list)  # ties left to the organiser's die

    def messages(self) -> list[Message]:
        out = [Message(N_("play-off of the %(place)s places: %(order)s (rules W7-6, W7-30)"),
                       {"place": self.place, "order": self.order})]
        if self.rolls:
            out.append(Message(N_("still tied, the die decides (rule W7-30 (3)): %(rolls)s"),
                               {"rolls": self.rolls}))
        out += [Message(N_("still tied: a die roll by the organiser decides between %(names)s "
                           "when the next season is formed (rule W7-30 (3))"), {"names": names})
                for names in self.die_due]
        return out


@dataclass(frozen=True)
class EnterPlayoffGame(Command[Playoff]):
    """Rules W7-6, W7-30: the play-off of ``place`` as the site shows it (``order``: best first,
    tied players together). Refused unless the year's last season is its finished starting
    season and the players are those of the play-off due at that place, once the players
    ``leaving`` before season 1 are out (rule W7-35, setting ``starting_playoffs``)."""

    place: int = 0
    order: tuple[tuple[str, ...], ...] = ()
    leaving: tuple[str, ...] = ()
    correction: bool = False  # replaces the game entered for this place (else refused)

    def run(self, service: EventService, actor: str) -> Outcome[Playoff]:
        season = last_season(service, self.slug)
        if not season.state.settings.starting:
            raise Conflict(N_("play-off matches belong to the starting season (rule W7-6)"),
                           code=codes.YEAR_PLAYOFF, field="place")
        facts = facts_of(season, self.leaving)
        count = len({p.league for p in facts.players})
        _tiers, _lines, due, _ranks, _rolls = starting_tiers(facts, count, {}, Dice(facts.seed))
        names = sorted(n for group in self.order for n in group)
        if self.place not in due:
            raise Conflict(N_("no play-off is due for the %(place)s places: those due are "
                              "%(due)s (rule W7-6)"), code=codes.YEAR_PLAYOFF, field="place",
                           place=self.place, due=sorted(due))
        if names != due[self.place]:
            raise Conflict(N_("the play-off of the %(place)s places is between %(names)s "
                              "(rule W7-6)"), code=codes.YEAR_PLAYOFF, field="order",
                           place=self.place, names=due[self.place])
        try:
            with service.unit(season.state.slug, actor) as work:
                results = [{"player": player_id(work.state, name, "order", codes.YEAR_PLAYER),
                            "position": position}
                           for name, position in positions_of(self.order)]
                payload: dict = {"place": self.place, "results": results}
                if self.correction:
                    payload["correction"] = True
                work.append([NewAction(playoff_rules.PLAYOFF, payload)])
                stored = playoff_rules.stored_playoffs(work.state)
                groups = stored[self.place]
                by = {p.name: p for p in facts.players}
                order: list[str] = []
                # rule W7-30 (1), (2) within a tie; the die (3) is the organiser's, when the
                # next season is formed: not rolled here
                dice = Dice(facts.seed)
                for group in groups:
                    tied, _rolled = ranked([by[n] for n in group], playoff_key, dice,
                                           "W7-30", "W7-30")
                    order.extend(p.name for p in tied)
                value = Playoff(season.state.slug, self.place, groups, order, "",
                                sorted(p for p in due if p not in stored),
                                [list(names) for _rule, names in dice.missing])
                return Outcome(work.loaded, list(work.stored), value)
        except PodiumError as error:
            raise renamed(error, FIELDS) from None


__all__ = ["EnterPlayoffGame", "Playoff"]
