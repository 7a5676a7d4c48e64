"""The ``people`` format: the register of persons who play in several events, their links to
each event's players, and ratings across events (:mod:`podium.ratings`).

The rules are imported when the plug-in is first asked for (``PEOPLE``), not when the package
is: :data:`COMMAND_LINE` is read without them (:mod:`podium.core.command_line`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from podium.core.command_line import CommandLine, lazy_rules
from podium.core.views import N_

if TYPE_CHECKING:
    from podium.formats.people.rules import PEOPLE, PeopleFormat

COMMAND_LINE = CommandLine("Persons and ratings across events", commands={
    "rating": N_("Ratings across events: a game's table, a person's page")})

__getattr__ = lazy_rules(__name__, "PEOPLE", "PeopleFormat")

__all__ = ["COMMAND_LINE", "PEOPLE", "PeopleFormat"]
