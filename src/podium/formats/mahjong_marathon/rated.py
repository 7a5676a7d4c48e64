"""The marathon's games as a rating across events counts them (:mod:`podium.core.rated`).

Each game that counts in the marathon (rule MJ-3: a marathon table, ingested; inside a stage,
MJ-1, MJ-2; not disqualified, MJ-5) with each player's place at the table by the game points
after an MJ-6a penalty (rule MJ-4: 1 for the most GP; players on equal GP share the best
place they cover, as they share the TP). Left out of a game's places: an anonymous guest (rule
MJ-3, setting ``guest_names``: not a person, though their seat still counts for the others'
places) and a player in their disqualification period (MJ-6: their games there do not count);
a game with fewer than two players left is no game here. ``at`` is the game's start (UTC, to
the microsecond when the file gave it); games in their chronological order (MJ-7a's: by
start, then game id). Key: ``g{game id}``.

A year may hold a million games, so the work is done on the book's columns
(:func:`rated_arrays`, vectorised) and the games are built lazily, a chunk of rows at a time
(:func:`rated_games`): no per-game numpy call."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import numpy as np

from podium.core.model import EventState
from podium.core.rated import RatedColumns, RatedGame, left_aligned
from podium.formats.mahjong_marathon.book import PLAYER_DQ, SEATS, MarathonBook

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
CHUNK = 1 << 15  # rows turned into Python values at a time


@dataclass(frozen=True)
class RatedArrays:
    """The rated games as columns, in chronological order (``m`` games): ``rows`` each game's
    row in the book (its id: ``book.games.ids[row]``), ``order`` its position among all the
    book's games by time, ``start`` UTC epoch seconds and ``usec``; per seat ``players`` (0 for
    a seat left out: a guest, a disqualified player) and ``places`` (0 for a seat left out)."""

    rows: np.ndarray
    order: np.ndarray
    start: np.ndarray
    usec: np.ndarray
    players: np.ndarray
    places: np.ndarray

    def __len__(self) -> int:
        return int(self.rows.size)


def seat_places(gp: np.ndarray) -> np.ndarray:
    """Rule MJ-4: each seat's place by GP (n x 4 in, n x 4 out): 1 + the seats with more GP,
    so equal GP share the best place they cover (40, 10, 10, -60 give 1, 2, 2, 4)."""
    return (1 + (gp[:, None, :] > gp[:, :, None]).sum(axis=2)).astype(np.int8)


def rated_arrays(state: EventState, book: MarathonBook) -> RatedArrays:
    """Rules MJ-1 .. MJ-6: the columns of the games that count, chronological (see the
    module's docstring); taken under the book's lock (readers re-score its columns in
    place)."""
    settings = state.settings
    with book._lock:
        g = book.games
        chrono = book.chronological()
        players = g.players[chrono]  # fancy indexing: copies
        gp = g.gp[chrono]
        if g.penalised:
            gp = gp - g.penalty[chrono]  # rule MJ-6a: the penalised GP rank the table
        start, usec = g.start[chrono], g.usec[chrono]
        counted = (book.stage_of(settings, start) > 0) & ~g.dq[chrono]
        person = players > 0  # rule MJ-3: a guest sits as -1..-4
        if book.active(PLAYER_DQ):
            person &= ~book.player_dq_mask(settings)[chrono]
    places = seat_places(gp)
    counted &= person.sum(axis=1) >= 2
    keep = np.flatnonzero(counted)
    person = person[keep]
    return RatedArrays(rows=chrono[keep], order=keep, start=start[keep], usec=usec[keep],
                       players=np.where(person, players[keep], 0),
                       places=np.where(person, places[keep], 0).astype(np.int8))


def rated_games(state: EventState, book: MarathonBook) -> Iterator[RatedGame]:
    """The games of :func:`rated_arrays` one by one, a chunk of rows at a time."""
    arrays = rated_arrays(state, book)
    ids = book.games.ids
    for first in range(0, len(arrays), CHUNK):
        part = slice(first, first + CHUNK)
        rows = arrays.rows[part].tolist()
        orders = arrays.order[part].tolist()
        starts = arrays.start[part].tolist()
        usecs = arrays.usec[part].tolist()
        players = arrays.players[part].tolist()
        places = arrays.places[part].tolist()
        for row, order, start, usec, seats, placed in zip(rows, orders, starts, usecs,
                                                           players, places, strict=True):
            yield RatedGame(
                "g" + ids[row], (order,), EPOCH + timedelta(seconds=start, microseconds=usec),
                tuple(zip(seats, placed, strict=True)) if all(seats) else
                tuple((seats[k], placed[k]) for k in range(SEATS) if seats[k]))


def rated_columns(state: EventState, book: MarathonBook) -> RatedColumns:
    """The games of :func:`rated_arrays` as the core's columns: the persons' seats first."""
    arrays = rated_arrays(state, book)
    players, places, sizes = left_aligned(arrays.players.astype(np.int64),
                                          arrays.places.astype(np.int64))
    at = arrays.start.astype(np.float64) + arrays.usec.astype(np.float64) / 1e6
    ids, rows = book.games.ids, arrays.rows
    return RatedColumns(players, places, sizes, at, lambda i: "g" + ids[int(rows[i])])
