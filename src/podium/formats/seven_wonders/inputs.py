"""What an organiser or a player types for the season (regulation W7), as
:class:`podium.core.inputs.Input` values shared by the command line, the pages and the API.

- :data:`ORDER`: a game's order, best first, tied players joined by ``=`` (rule W7-3: "Anna,
  Boris = Clara, Dmitry" is Anna 1st, Boris and Clara 2nd, Dmitry 4th).
- :class:`Leagues`: the leagues, best first, each its players: a repeated ``--league`` on the
  command line, one league a line in a form, a list of lists in JSON.

Inputs check the shape only; whether a name plays in the season is for the command to say.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from podium.core import codes as core_codes
from podium.core.inputs import BLOCK, Input, Order, clean, items_of, player_ref, refuse
from podium.core.views import N_
from podium.formats.seven_wonders.settings import LEAGUE_SIZE

#: Rule W7-3: a game's players best first, ``=`` joining a tie ("делёж").
ORDER = Order(tie="=", max_items=LEAGUE_SIZE)

#: The most leagues a season holds (4 or 5 in the regulation; room for a big starting season).
MAX_LEAGUES = 20
#: The most names a league line may hold (a league has 7: the rule says so, not the input).
MAX_NAMES = 100

LeagueGroups = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Leagues(Input):
    """The leagues, best league first, each a group of player names (or ``#id``):
    ``"Anna, Boris, ..."`` per ``--league`` option, one league a line in a form, and in JSON a
    list whose items are a list of names or one comma-separated text."""

    multiple: ClassVar[bool] = True
    widget: ClassVar[str] = "textarea"

    def from_text(self, text: str, field: str) -> LeagueGroups:
        return self.from_texts([text], field)

    def from_texts(self, texts: Sequence[str], field: str) -> LeagueGroups:
        lines: list[str] = []
        for text in texts:
            lines.extend(items_of(clean(text, field, BLOCK, multiline=True), "\n"))
        return self._checked([self._league(line, field) for line in lines], field)

    def from_json(self, value: Any, field: str) -> LeagueGroups:
        if isinstance(value, str):
            return self.from_text(value, field)
        if not isinstance(value, list):
            raise refuse(field, N_("expected a list of leagues, each a list of names"),
                         core_codes.INPUT_PLAYERS)
        out = []
        for index, item in enumerate(value[: MAX_LEAGUES + 1]):
            where = f"{field}[{index}]"
            if isinstance(item, str):
                out.append(self._league(clean(item, where, BLOCK), where))
            elif isinstance(item, list):
                if len(item) > MAX_NAMES:
                    raise refuse(where, N_("at most %(count)s names in a league"),
                                 core_codes.INPUT_TOO_MANY, count=MAX_NAMES)
                if not all(isinstance(name, str) for name in item):
                    raise refuse(where, N_("expected a list of names"),
                                 core_codes.INPUT_PLAYERS)
                out.append(tuple(player_ref(name, where) for name in item))
            else:
                raise refuse(where, N_("expected a list of names"), core_codes.INPUT_PLAYERS)
        return self._checked(out, field)

    @staticmethod
    def _league(text: str, field: str) -> tuple[str, ...]:
        names = items_of(text, ",;")
        if len(names) > MAX_NAMES:
            raise refuse(field, N_("at most %(count)s names in a league"),
                         core_codes.INPUT_TOO_MANY, count=MAX_NAMES)
        return tuple(player_ref(name, field) for name in names)

    @staticmethod
    def _checked(out: list[tuple[str, ...]], field: str) -> LeagueGroups:
        if len(out) > MAX_LEAGUES:
            raise refuse(field, N_("at most %(count)s leagues"), core_codes.INPUT_TOO_MANY,
                         count=MAX_LEAGUES)
        return tuple(out)

    def schema(self) -> dict[str, Any]:
        return {"type": "array", "maxItems": MAX_LEAGUES, "items": {"oneOf": [
            {"type": "array", "maxItems": MAX_NAMES,
             "items": {"type": "string", "maxLength": 100}},
            {"type": "string", "description": "names or #ids, comma-separated"}]}}

    def to_text(self, value: Any) -> str:
        return "\n".join(", ".join(group) for group in value or ())

    def hint(self) -> str:
        return N_("one league a line, its players comma-separated")


__all__ = ["MAX_LEAGUES", "ORDER", "Leagues"]
