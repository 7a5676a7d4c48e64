"""The ``people`` format: the register of persons across events (:mod:`.book`) and the ratings
derived from their games. Nobody plays in it: its log is the register; its settings are the
rating model and its parameters (openskill's defaults)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from podium.core.commands import CommandSpec
from podium.core.demos import DemoSpec, Presentation
from podium.core.model import EventState
from podium.core.reads import ViewSpec
from podium.core.ruleset import OPEN, ActionKind, Capabilities, Phase, Ruleset
from podium.core.standings import Standings
from podium.core.views import N_, Cell, Column, TableView
from podium.formats import settings as fs
from podium.formats.people import codes
from podium.formats.people.book import (
    PEOPLE_KINDS,
    PERSON_ADDED,
    PERSON_CHANGED,
    PERSON_HIDDEN,
    PERSONS_MERGED,
    PLAYER_LINKED,
    PLAYER_UNLINKED,
    book_of,
)
from podium.ratings.engine import MODELS, Params

#: The register's address: the persons' pages are ``/p/<id>`` of the register at this slug.
REGISTRY = "people"
#: The register's name when podium creates it (a msgid: the event's name is stored as is, and
#: shown in the reader's language while unchanged).
REGISTER_NAME = N_("Persons")

FIELDS = (
    fs.Field("model", "plackett-luce", fs.choice(tuple(MODELS)),
             N_("the rating model (openskill): plackett-luce (default), bradley-terry-full, "
                "bradley-terry-part, thurstone-mosteller-full, thurstone-mosteller-part")),
    fs.Field("mu", Fraction(25), fs.points, N_("a new person's rating (mu)")),
    fs.Field("sigma", Fraction(25, 3), fs.points,
             N_("the uncertainty of a new person's rating (sigma)")),
    fs.Field("beta", Fraction(25, 6), fs.points,
             N_("the spread of one game's performance (beta)")),
    fs.Field("kappa", Fraction(1, 10000), fs.points,
             N_("the least a rating's uncertainty may fall to, squared (kappa)")),
    fs.Field("tau", Fraction(1, 12), fs.points,
             N_("the uncertainty added before each game, so ratings keep moving (tau)")),
    # the day a rating's change is counted from (``--since``) starts in this zone
    fs.Field("time_zone", "UTC", fs.time_zone, fs.TIME_ZONE_HELP),
)


def rating_params(settings: Mapping[str, Any]) -> Params:
    """The model and its parameters as the register's settings give them."""
    return Params(model=str(settings["model"]), mu=float(settings["mu"]),
                  sigma=float(settings["sigma"]), beta=float(settings["beta"]),
                  kappa=float(settings["kappa"]), tau=float(settings["tau"]))


class PeopleFormat(Ruleset[Mapping[str, Any]]):
    """Persons, their links to events' players, and ratings across events."""

    name = "people"
    title = "Persons and ratings across events"
    fields = FIELDS
    capabilities = Capabilities(open_play=True, groups=False)
    codes = codes.ALL
    # the register's page is its ratings; podium names it itself (REGISTER_NAME)
    presentation = Presentation(default_name=REGISTER_NAME)

    def views(self) -> tuple[ViewSpec[Any], ...]:
        """Ratings across events and a person's page (:mod:`.reads`)."""
        from podium.formats.people.reads import views

        return views()

    def demos(self) -> Sequence[DemoSpec]:
        """``podium demo circuit``: three Commander nights and the rating across them."""
        from podium.formats.people.demo import DEMO

        return (DEMO,)

    def action_kinds(self) -> tuple[ActionKind, ...]:
        return PEOPLE_KINDS

    def commands(self) -> Sequence[CommandSpec]:
        from podium.formats.people.commands import people_commands

        return people_commands()

    def phases(self, settings: Mapping[str, Any]) -> tuple[Phase, ...]:
        return (Phase("register", OPEN, "Register"),)

    def standings(self, state: EventState, through_round: int | None = None) -> Standings:
        return Standings([])

    def tables(self, state: EventState) -> list[TableView]:
        book = book_of(state)
        rows: tuple[dict[str, Cell], ...] = tuple(
            {"id": p.id, "name": p.shown, "club": p.club}
            for p in sorted(book.persons.values(), key=lambda p: p.id))
        return [TableView("persons", N_("Persons"),
                          (Column("id", N_("#"), numeric=True), Column("name", N_("Name")),
                           Column("club", N_("Club"))), rows)]

    def main_table_key(self, state: EventState) -> str:
        return "persons"

    def sample_actions(self, state: EventState, rng: random.Random
                       ) -> list[tuple[str, dict[str, Any], str]]:
        """Persons added, renamed, linked to made-up events' players, hidden and merged."""
        book = book_of(state)
        n = book.next_id
        if n > 6:
            return []
        out: list[tuple[str, dict[str, Any], str]] = [
            (PERSON_ADDED, {"person": n, "name": f"Person {n}", "aliases": [f"nick{n}"],
                            "club": rng.choice(["", "Club A"])}, "")]
        out.append((PLAYER_LINKED, {"event": f"night-{n % 3 + 1}", "player": n, "person": n},
                    ""))
        if n == 2:
            out.append((PERSON_CHANGED, {"person": 1, "name": "Person One"}, "spelling"))
        if n == 3:
            out.append((PERSON_HIDDEN, {"person": 2, "hidden": True}, "asked to"))
        if n == 4:
            out.append((PLAYER_UNLINKED, {"event": "night-3", "player": 2}, "wrong person"))
        if n == 5:
            out.append((PERSONS_MERGED, {"keep": 4, "other": 5}, "same person"))
        return out

    def parse_settings(self, raw: Mapping[str, Any]) -> Mapping[str, Any]:
        return fs.parse_fields(self.fields, raw)


PEOPLE = PeopleFormat()
