"""One marathon player's record for their own page: every game, the best series of each stage,
their stage results and their place in the total.

Why a module of its own: the tables show a row per player; a player (or a judge answering
one) asks "which games counted, and which ten made my series?" (rules MJ-7a, MJ-8). The
counting is the book's (:mod:`.book`); this reads it for one player, in their own
chronological order (rule MJ-7a), marking the games that do not count (outside every stage,
MJ-2; a disqualified game, MJ-5; a player's disqualification period, MJ-6) and the games of
the best series.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from podium.core.model import EventState
from podium.formats.mahjong_marathon.book import id_order
from podium.formats.mahjong_marathon.rules import book_of
from podium.formats.mahjong_marathon.scoring import TP_DEN
from podium.formats.mahjong_marathon.views import points


@dataclass(frozen=True)
class GameLine:
    game: str
    table: str
    start: int  # UTC, seconds since the epoch
    stage: int  # 0: outside every stage (rule MJ-2)
    gp: int | Fraction  # after an MJ-6a penalty; tenths where the event accepts them
    tp: Fraction
    opponents: tuple[str, ...]
    counted: bool
    why_not: str  # "", "stage", "game-dq", "player-dq"
    in_series: bool  # one of the games of the stage's best series (rule MJ-7a)


@dataclass(frozen=True)
class StageLine:
    """Rules MJ-7, MJ-8: the player's row of one stage's table."""

    stage: int
    place: int
    result: Fraction
    tp: Fraction
    gp: int | Fraction
    games: int
    nr: int
    series_tp: Fraction
    series_gp: int | Fraction
    qualified: bool


@dataclass(frozen=True)
class PlayerRecord:
    player: int
    name: str
    games: tuple[GameLine, ...]
    stages: tuple[StageLine, ...]
    total_place: int | None
    sn: int | None
    series_length: int


def _best_window(tp12: list[int], gp: list[int], length: int) -> range:
    """Rule MJ-7a: the ``length`` consecutive games with the highest TP, then GP (the first
    such window on a tie); all the games when there are fewer."""
    if len(tp12) <= length:
        return range(len(tp12))
    best, at = None, 0
    for i in range(len(tp12) - length + 1):
        key = (sum(tp12[i:i + length]), sum(gp[i:i + length]))
        if best is None or key > best:
            best, at = key, i
    return range(at, at + length)


def player_record(state: EventState, pid: int) -> PlayerRecord:
    settings: Any = state.settings
    book = book_of(state)
    g = book.games
    names = {p: player.name for p, player in state.players.items()}
    # an anonymous guest's seat (-1..-4, rule MJ-3) shows the server's name for guests
    guest = next(iter(state.settings.guest_names), "?")
    seats = g.view("players")
    rows = np.flatnonzero((seats == pid).any(axis=1)).tolist()
    rows.sort(key=lambda x: (int(g.start[x]), int(g.usec[x]), id_order(g.ids[x])))
    stages = book.stage_of(settings, np.asarray([int(g.start[r]) for r in rows],
                                                dtype=np.int64)).tolist() if rows else []
    dq_mask = book.player_dq_mask(settings, np.asarray(rows, dtype=np.int64)) if rows else None
    raw: list[dict[str, Any]] = []
    for i, (row, stage) in enumerate(zip(rows, stages, strict=True)):
        seat = int(np.flatnonzero(seats[row] == pid)[0])
        why = ("stage" if not stage else "game-dq" if g.dq[row]
               else "player-dq" if dq_mask is not None and dq_mask[i, seat] else "")
        raw.append({"row": row, "stage": int(stage), "seat": seat, "why": why,
                    "tp12": int(g.tp12[row, seat]),
                    "gp": int(g.gp[row, seat]) - int(g.penalty[row, seat])})
    series: set[int] = set()
    for stage in sorted({r["stage"] for r in raw if not r["why"]}):
        counted = [r for r in raw if r["stage"] == stage and not r["why"]]
        window = _best_window([r["tp12"] for r in counted], [r["gp"] for r in counted],
                              settings.series_length)
        series.update(counted[i]["row"] for i in window)
    games = tuple(GameLine(
        game=g.ids[r["row"]], table=g.table_names[int(g.table[r["row"]])],
        start=int(g.start[r["row"]]), stage=r["stage"], gp=points(r["gp"], book.gp_unit),
        tp=Fraction(r["tp12"], TP_DEN),
        opponents=tuple(names.get(int(p), guest if int(p) < 0 else f"#{int(p)}")
                        for p in seats[r["row"]].tolist() if int(p) != pid),
        counted=not r["why"], why_not=r["why"], in_series=r["row"] in series) for r in raw)
    lines = []
    for ranking in book.stages(settings):
        found = np.flatnonzero(ranking.players == pid)
        if not found.size:
            continue
        i = int(found[0])
        lines.append(StageLine(
            stage=ranking.stage, place=int(ranking.place[i]), result=ranking.result(i),
            tp=Fraction(int(ranking.tp12[i]), TP_DEN), gp=points(int(ranking.gp[i]), book.gp_unit),
            games=int(ranking.games[i]), nr=int(ranking.nr[i]),
            series_tp=Fraction(int(ranking.series_tp12[i]), TP_DEN),
            series_gp=points(int(ranking.series_gp[i]), book.gp_unit),
            qualified=bool(ranking.qualified[i])))
    total = book.total(settings)
    found = np.flatnonzero(total.players == pid)
    place = int(total.place[int(found[0])]) if found.size else None
    sn = int(total.sn[int(found[0])]) if found.size else None
    return PlayerRecord(pid, names.get(pid, f"#{pid}"), games, tuple(lines), place, sn,
                        settings.series_length)
