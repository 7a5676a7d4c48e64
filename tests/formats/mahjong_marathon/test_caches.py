"""The marathon's pages and book under the caches' guards: unknown tables
and publication numbers are refused, not guessed or cached (rule MJ-11); concurrent readers of
the book agree with a full recompute (rules MJ-7 .. MJ-10)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from tests.formats.mahjong_marathon.builders import Marathon
from tests.formats.mahjong_marathon.conftest import GAME1, add_game, post
from tests.web.conftest import Site
from tests.web.test_caches import _in_threads, fast_switching  # noqa: F401 - a fixture


def test_unknown_tables_and_publication_numbers_are_refused(site: Site, anna) -> None:
    client, csrf = anna
    add_game(client, csrf, "g1", "2015-03-01 12:00", GAME1)
    assert post(client, csrf, "publish").status_code == 303
    public = site.client()
    assert public.get("/e/mj/p/publications?n=1").status_code == 200
    assert public.get("/e/mj/p/publications?n=10**30").status_code == 422
    assert public.get("/e/mj/p/publications?n=" + "9" * 30).status_code == 422
    assert public.get("/e/mj/p/publications?n=2").status_code == 404
    assert public.get("/e/mj/p/publications?n=1&start=x").status_code == 422
    assert public.get("/e/mj?table=../../x").status_code in (404, 422)
    assert public.get("/e/mj?table=stage-9").status_code == 404
    assert public.get("/e/mj?table=stage-1&start=5000").status_code == 404
    site.event("cup", None)
    assert public.get("/e/cup?table=../../x").status_code in (404, 422)
    assert public.get("/e/cup?table=x").status_code == 404


def test_concurrent_readers_of_the_marathon_book_agree(fast_switching: None) -> None:  # noqa: F811
    """Rules MJ-7..MJ-10 read by six threads at once, after new games (whose players' rows the
    first read re-ranks in place) and from cold caches: every reader gets the tables a full
    recompute gives (unlocked, readers failed with "Set changed size during iteration")."""
    m = Marathon()
    bounds = m.state.settings.stage_bounds
    names = [f"P{i}" for i in range(24)]

    def game(k: int) -> None:
        stage_start = datetime.fromtimestamp(bounds[k % len(bounds)][0], UTC)
        seats = [(names[(k + j * 5) % 24], (30, 10, -10, -30)[j]) for j in range(4)]
        m.game(*seats, at=stage_start + timedelta(hours=k % 500))

    for k in range(120):
        game(k)
    settings, book = m.state.settings, m.book

    def tables() -> Any:
        return ([(r.players.tolist(), r.value.tolist()) for r in book.stages(settings)],
                book.total(settings).players.tolist())

    tables()
    for trial in range(30):
        for k in range(10):
            game(1000 + 10 * trial + k)  # incremental: the next read re-ranks in place
        if trial % 3 == 0:
            book.invalidate()  # cold: the next read fills every stage
        results = _in_threads(6, tables)
        book.invalidate()
        expected = tables()
        for result in results:
            assert not isinstance(result, BaseException), repr(result)
            assert result == expected
