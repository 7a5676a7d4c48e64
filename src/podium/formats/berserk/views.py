"""Berserk's declared views (:mod:`podium.core.reads`): ``podium berserk tables EVENT``, ``GET
/api/v1/events/{event}/views/berserk.tables`` and ``/e/{event}/v/berserk.tables``.

Each draft table ranks its own players (the TOP is seeded from these, rules BRK-3, BRK-6);
once the TOP is built its matches and seeds follow, the same tables the event's public pages
show (:func:`podium.core.top_view.top_views`). The bracket itself is the kernel's.
"""

from __future__ import annotations

from typing import Any

from podium.core.reads import ViewCall, ViewSpec
from podium.core.top_view import top_views
from podium.core.values import Tables
from podium.core.views import N_, TableView


def draft_tables(call: ViewCall) -> list[TableView]:
    """Each draft table's standings, then the TOP's tables once it is built."""
    from podium.formats.berserk.rules import Berserk

    ruleset = call.ruleset
    assert isinstance(ruleset, Berserk)  # the reader serves this view on Berserk events only
    return [*ruleset.draft_table_views(call.state), *top_views(call.state)]


TABLES: ViewSpec[list[TableView]] = ViewSpec(
    "berserk.tables", N_("Draft tables"), draft_tables, Tables,
    help=N_("Each draft table's standings (they seed the TOP), and the TOP once built."),
    example=lambda state: {},
)

VIEWS: tuple[ViewSpec[Any], ...] = (TABLES,)
