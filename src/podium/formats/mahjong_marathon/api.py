"""``/api/v1/events/{slug}/marathon/...``: the mahjong marathon's JSON reads (regulation MJ).

Declared in the marathon's manifest (``Contributions.api``). Reads are public: the stage
tables, the total, the publications (what the public pages show); on an event of another
format they answer 409. The marathon's writes are its declared commands (:mod:`.declared`),
``POST /api/v1/events/{slug}/commands/mahjong-marathon.<command>`` like every other command.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from pydantic import BaseModel, Field

from podium.api import models as m
from podium.api.routes import R409, READ, Slug, view_out, web_of
from podium.core.errors import NotFound
from podium.core.views import N_
from podium.formats.mahjong_marathon import codes
from podium.formats.mahjong_marathon import views as mviews
from podium.formats.mahjong_marathon.commands import require_marathon
from podium.formats.mahjong_marathon.rules import book_of
from podium.formats.mahjong_marathon.views import published_view

router = APIRouter(prefix="/api/v1", tags=["mahjong marathon"])


class PublicationOut(BaseModel):
    number: int
    at: str
    seq: int
    tables: list[str] = Field(description="The keys of its tables (stage-N, total).")


# reading ----------------------------------------------------------------------------------------
def _marathon(request: Request, slug: str) -> Any:
    """The event from the server's cached replay; 409 if it is not a marathon."""
    _seq, loaded, _memo = web_of(request).cache.load(slug)
    require_marathon(loaded)
    return loaded


READ_M = {**READ, **R409}


@router.get("/events/{slug}/marathon/tables/{key}", response_model=m.ViewOut, responses=READ_M)
def table(request: Request, slug: Slug, key: Annotated[str, Path(max_length=20)],
          publication: Annotated[int | None, Query(ge=1, le=100_000)] = None) -> m.ViewOut:
    """A stage table (``stage-N``, rules MJ-7, MJ-8) or the total (``total``, MJ-9, MJ-10): live
    (against the last publication), or as publication N froze it (against N-1, rule MJ-11).
    Only that table is built, from the server's cached replay of the event."""
    loaded = _marathon(request, slug)
    if publication is None:
        found = loaded.ruleset.table(loaded.state, key)
    else:
        found = published_view(loaded.state, book_of(loaded.state), publication, key)
    if found is None:
        keys = [k for k, _t, _a in loaded.ruleset.table_keys(loaded.state)]
        raise NotFound(N_("no table %(key)r: %(keys)s"), code=codes.TABLE_UNKNOWN, field="key",
                       key=key, keys=", ".join(keys))
    return view_out(found)


@router.get("/events/{slug}/marathon/publications", response_model=list[PublicationOut],
            responses=READ_M)
def publications(request: Request, slug: Slug) -> list[PublicationOut]:
    """Rule MJ-11: the publications, oldest first."""
    book = book_of(_marathon(request, slug).state)
    count = len(book.publications[0]["snapshot"]["stages"]) if book.publications else 0
    keys = [k for k, _t, _a in mviews.view_keys(count)] if book.publications else []
    return [PublicationOut(number=p["number"], at=p["at"], seq=p["seq"], tables=keys)
            for p in book.publications]


__all__ = ["router"]
