"""Building marathon events in memory through the real action log (no database)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from podium.core.views import TableView
from podium.formats.mahjong_marathon import views as mviews
from podium.formats.mahjong_marathon.rules import (
    GAME_DQ,
    GAMES_ADDED,
    PENALTY,
    PLAYER_DQ,
    PUBLISHED,
    REVERTED,
    book_of,
)
from tests.builders import EventLog

STAGE1 = datetime(2015, 2, 10, 12, 0, tzinfo=UTC)


def epoch(moment: datetime) -> int:
    return int(moment.timestamp())


class Marathon:
    """A marathon whose games are added one by one, as `podium games add` would."""

    def __init__(self, **settings: Any) -> None:
        self.log = EventLog(fmt="mahjong-marathon", **settings)
        self.ruleset = self.log.ruleset
        self.count = 0

    @property
    def state(self) -> Any:
        return self.log.state

    @property
    def book(self) -> Any:
        return book_of(self.state)

    def pid(self, name: str) -> int:
        player = self.state.player_by_name(name)
        if player is None:
            self.log.add(name)
            player = self.state.player_by_name(name)
        return player.id

    def game(self, *seats: tuple[str, int], at: datetime | None = None, gid: str | None = None,
             table: str = "RU-Marathon-1") -> str:
        """One game; by default each game starts a minute after the previous (stage 1)."""
        self.count += 1
        gid = gid or f"g{self.count}"
        at = at or STAGE1 + timedelta(minutes=self.count)
        ids = [self.pid(name) for name, _ in seats]
        self.log.do(GAMES_ADDED, {
            "ids": [gid], "tables": [table], "table": [0], "start": [epoch(at)],
            "players": ids, "gp": [gp for _, gp in seats],
        })
        return gid

    def play(self, name: str, places: list[int], at: datetime | None = None,
             gps: list[int] | None = None) -> None:
        """``name`` plays one game per entry of ``places`` (1-4, no ties) against fresh fillers,
        with GP 40/20/0/-60 by place (or its own GP from ``gps``)."""
        by_place = {1: 40, 2: 20, 3: 0, 4: -60}
        for i, place in enumerate(places):
            own = gps[i] if gps else by_place[place]
            others = [g for p, g in by_place.items() if p != place]
            if gps:  # keep the fillers strictly around the wanted place
                others = [own + 1000 * (place - p) for p in by_place if p != place]
            start = None if at is None else at + timedelta(minutes=i)
            self.count += 1
            fill = [f"f{self.count}-{k}" for k in range(3)]
            self.game((name, own), *zip(fill, others, strict=True), at=start)

    def penalty(self, kind: str, name: str, amount: int, reason: str = "late", **extra: Any):
        return self.log.do(PENALTY, {"kind": kind, "player": self.pid(name), "amount": amount,
                                     **extra}, reason)

    def dq_game(self, gid: str, ground: str = "left", reason: str = "two left"):
        return self.log.do(GAME_DQ, {"game": gid, "ground": ground}, reason)

    def dq_player(self, name: str, start: datetime, until: datetime | None = None,
                  reason: str = "two accounts"):
        return self.log.do(PLAYER_DQ, {"player": self.pid(name), "from": epoch(start),
                                       "until": epoch(until) if until else None}, reason)

    def revert(self, seq: int, reason: str = "appeal upheld"):
        return self.log.do(REVERTED, {"seq": seq}, reason)

    def publish(self):
        snap = mviews.snapshot(self.book, self.state.settings)
        return self.log.do(PUBLISHED, {"number": len(self.book.publications) + 1,
                                       "snapshot": snap})

    def tables(self) -> list[TableView]:
        return self.ruleset.tables(self.state)

    def stage_rows(self, stage: int = 1) -> dict[str, dict[str, Any]]:
        view = self.tables()[stage - 1]
        return {row["player"]: row for row in view.rows}

    def total_rows(self) -> dict[str, dict[str, Any]]:
        return {row["player"]: row for row in self.tables()[-1].rows}

    def order(self, stage: int = 1) -> list[str]:
        return [row["player"] for row in self.tables()[stage - 1].rows]
