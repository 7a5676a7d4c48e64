"""Building 7 Wonders seasons through the real service and the season's command objects (a SQLite
file per test): what the declared commands make (:mod:`podium.formats.seven_wonders.commands`)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from podium.core.errors import PodiumError
from podium.formats.seven_wonders.commands import (
    AddOverrun,
    AssignLeagues,
    EnterGame,
    EnterSpecial,
    GameInput,
    LiftPenalty,
    RollDie,
    SetProfile,
)
from podium.formats.seven_wonders.rules import due
from podium.formats.seven_wonders.season import Game, SeasonRow, book_of, note_text, season_rows
from podium.service.commands import AddPlayers
from podium.service.events import EventService
from podium.store.db import Database

GODS = ("Anna", "Boris", "Clara", "Dmitry", "Elena", "Fedor", "Galina")
PRIESTS = tuple(f"P{i}" for i in range(1, 8))
WARRIORS_A = tuple(f"W{i}" for i in range(1, 8))
WARRIORS_B = tuple(f"V{i}" for i in range(1, 8))
LEAGUES = (GODS, PRIESTS, WARRIORS_A, WARRIORS_B)
START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
ORGANISER = "org"


class Clock:
    """An hour passes at every action."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        self.now += timedelta(hours=1)
        return self.now


class Season:
    """One season with ``leagues`` leagues of 7 (Gods first), entered through the commands."""

    def __init__(self, tmp_path: Path, leagues: int = 1, extra_names: tuple[str, ...] = (),
                 seed: int = 7, **settings: Any) -> None:
        self.clock = Clock()
        self.service = EventService(Database(str(tmp_path / "sw.db")), clock=self.clock)
        self.slug = "s"
        self.service.create_event(self.slug, "Season", "seven-wonders", settings, ORGANISER,
                                  seed)
        groups = LEAGUES[:leagues]
        if leagues > len(LEAGUES):
            groups = tuple(tuple(f"L{n}-{i}" for i in range(1, 8)) for n in range(leagues))
        names = [n for group in groups for n in group] + list(extra_names)
        self.run(AddPlayers(self.slug, tuple(names)))
        self.keys = self.run(AssignLeagues(self.slug, groups)).value.keys

    # commands ---------------------------------------------------------------------------------
    def run(self, command: Any, actor: str = ORGANISER) -> Any:
        return self.service.run_command(command, actor)

    def refused(self, command: Any) -> PodiumError:
        """The refusal ``command`` gets; nothing is stored."""
        before = len(self.service.log(self.slug))
        try:
            self.run(command)
        except PodiumError as error:
            assert len(self.service.log(self.slug)) == before
            return error
        raise AssertionError("expected a refusal")

    def game(self, order: str, league: str = "gods", number: int | None = None,
             **entry: Any) -> Game:
        """A ladder game: ``order`` best first, ties joined by ``=``; ``entry`` as
        :class:`GameInput` (overruns, kicker, unfinished, deepest, scores, link...)."""
        return self.run(EnterGame(self.slug, league, self.entry(order, **entry), number)).value.game

    def entry(self, order: str, **entry: Any) -> GameInput:
        for key in ("overruns",):
            if isinstance(entry.get(key), str):
                entry[key] = (entry[key],)
        if isinstance(entry.get("scores"), dict):
            entry["scores"] = tuple(entry["scores"].items())
        return GameInput(order, **entry)

    def special(self, match: str, order: str, **entry: Any) -> Game:
        return self.run(EnterSpecial(self.slug, match, self.entry(order, **entry))).value.game

    def profile(self, name: str, **kw: Any) -> None:
        self.run(SetProfile(self.slug, name, **kw))

    def overrun(self, game: str, name: str) -> None:
        self.run(AddOverrun(self.slug, game, name))

    def lift(self, game: str, name: str, penalty: str = "overrun",
             reason: str = "server failure, confirmed") -> None:
        self.run(LiftPenalty(self.slug, game, name, penalty, reason))

    def roll(self, game: str, **values: int) -> Game:
        return self.run(RollDie(self.slug, game, tuple(values.items()))).value.game

    def ladder(self, order_of_games: list[str], league: str = "gods") -> None:
        """Several plain games in a row."""
        for order in order_of_games:
            self.game(order, league)

    # reading ----------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.service.load(self.slug).state

    @property
    def book(self) -> Any:
        return book_of(self.state)

    def rows(self) -> dict[str, SeasonRow]:
        state = self.state
        return {state.players[r.player].name: r for r in season_rows(state)}

    def places(self, league: str = "gods") -> dict[str, int]:
        state = self.state
        ladder = book_of(state).ladders.get(league)
        return {state.players[p].name: place for p, place in (ladder.places if ladder else {})
                .items()}

    def due_names(self, league: str = "gods") -> list[str]:
        state = self.state
        return sorted(state.players[p].name for p in due(state, league).players)

    def notes(self, ref: str) -> list[str]:
        return [note_text(n) for n in self.book.find(ref).notes]

    def name(self, pid: int | None) -> str | None:
        return None if pid is None else self.state.players[pid].name


def play_out(season: Season, league: str, names: tuple[str, ...]) -> None:
    """A league's ladder with no ties: the last name of each game is out (7th, 6th, ...), the
    final's order is the first three names."""
    left = list(names)
    while len(left) > 3:
        season.game(", ".join(left), league)
        left.pop()
    season.game(", ".join(left), league)
