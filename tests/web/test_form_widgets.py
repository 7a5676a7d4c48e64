"""The generated forms ask for what a person picks, never for command-line syntax: players from
the event's list, an order by a place per player (tapped on a phone), a value per player in a
table, new names one a field. Every declared command of every format is drawn; none has a field
that wants names comma-separated or ``NAME=VALUE`` typed, and what the widgets post is stored
exactly as the same input typed on the command line would be."""

from __future__ import annotations

import re

import pytest

from podium.compose import build_catalog
from podium.core.commands import WEB
from tests.web.conftest import Site, csrf_of

#: What a text field would ask when it wants command-line syntax (the inputs' old hints).
SYNTAX = re.compile(r"comma-separated|NAME=|#id|PLACE:")


def test_no_generated_form_asks_for_syntax(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cup", "anna", players=8)
    client.post("/manage/cup/rounds", data={"csrf_token": csrf})
    site.events.create_event("sw", "Season", "seven-wonders", {}, "setup", seed=3)
    site.events.add_players("sw", [f"S{i}" for i in range(1, 15)], "setup")
    site.accounts.grant("sw", "anna", "owner", "setup")
    site.events.create_event("year", "Year", "series", {}, "setup", seed=3)
    site.accounts.grant("year", "anna", "owner", "setup")
    on = {"commander": "cup", "seven-wonders": "sw", "series": "year"}
    seen = 0
    for spec in build_catalog().all():
        formats = spec.on_formats or ((spec.format,) if spec.format else ("commander",))
        slug = next((on[f] for f in formats if f in on), None)
        if slug is None or not spec.on(WEB) or not spec.event or spec.template:
            continue
        page = client.get(f"/manage/{slug}/do/{spec.name}")
        if page.status_code != 200:
            continue
        form = page.text.split('class="stack command"', 1)[1].split("</form>", 1)[0]
        assert not SYNTAX.search(form), (spec.name, SYNTAX.search(form))
        assert "<textarea" not in form or spec.name in ("event.settings",), spec.name
        seen += 1
    assert seen >= 20


def test_seats_tapped_into_a_turn_order_are_stored_as_typed(site: Site, anna) -> None:
    """Rule CMD-4b on the page: the table's four players, a place each."""
    client, csrf = anna
    site.event("cup", "anna", players=8)
    client.post("/manage/cup/rounds", data={"csrf_token": csrf})
    seats = site.events.load("cup").state.current_round.table(1).seats
    form = client.get("/manage/cup/do/commander.seats?table=1").text
    offered = re.findall(r'name="order\[#(\d+)\]"', form)
    assert sorted(map(int, offered)) == sorted(seats)  # the table's players only
    # a turn order has no ties: its column is the turn, and no "tied" button
    assert ">Turn<" in form and "w-tie" not in form
    wanted = list(reversed(seats))
    data = {"csrf_token": csrf_of(form), "table": "1", "reason": "misseated",
            **{f"order[#{pid}]": str(place) for place, pid in enumerate(wanted, 1)}}
    answer = client.post("/manage/cup/do/commander.seats", data=data)
    assert answer.status_code == 303, answer.text
    assert site.events.load("cup").state.current_round.table(1).seats == tuple(wanted)


@pytest.mark.parametrize("places, stored", [
    ({"A": "1", "B": "2", "C": "3"}, ["A", "B", "C"]),
    ({"A": "2", "B": "1", "C": "2"}, ["B", ["A", "C"]]),  # a tie: one place, then the next
])
def test_an_order_by_places_reads_as_the_typed_order(places, stored) -> None:
    from starlette.datastructures import FormData

    from podium.core.commands import Param
    from podium.core.inputs import Order
    from podium.web.widgets import collect

    form = FormData([(f"order[{name}]", place) for name, place in places.items()])
    text = collect(Param("order", Order(tie="=")), form)
    decoded = Order(tie="=").from_texts(text, "order")
    assert [list(g) if len(g) > 1 else g[0] for g in decoded] == stored


def test_a_value_per_player_and_rows_of_names_read_back(site: Site, anna) -> None:
    from starlette.datastructures import FormData

    from podium.core.commands import Param
    from podium.core.inputs import Integer, Pairs, Players
    from podium.web.widgets import collect

    pairs = Param("rating", Pairs(Integer()))
    typed = FormData([("rating.name", "Ann"), ("rating.value", "220"), ("rating.name", ""),
                      ("rating.value", ""), ("rating[#3]", "7")])
    assert Pairs(Integer()).from_texts(collect(pairs, typed), "rating") == (
        ("#3", 7), ("Ann", 220))
    names = Param("newcomer", Players(register=True))
    assert collect(names, FormData([("newcomer", "Ann")])) == []  # plain fields, as typed


def test_survival_slots_and_season_settings_read_back() -> None:
    """Rule W7-14's format as rows (size, qualifying places) and a season's settings one field
    each: read back as the command line's ``5/2, 4/2`` and ``KEY=VALUE`` lines."""
    from starlette.datastructures import FormData

    from podium.core.commands import Param
    from podium.core.inputs import Assignments
    from podium.formats.seven_wonders.year_inputs import Slots
    from podium.web.widgets import collect

    rows = FormData([("format.size", "5"), ("format.qualifying", "2"), ("format.size", "4"),
                     ("format.qualifying", "2"), ("format.size", ""), ("format.qualifying", "")])
    assert Slots().from_texts(collect(Param("format", Slots()), rows), "format") == (
        (5, 2), (4, 2))
    settings = Param("settings", Assignments(format="seven-wonders"))
    form = FormData([("settings.overrun_penalty", "3"), ("settings.playoffs", "")])
    assert Assignments().from_texts(collect(settings, form), "settings") == {
        "overrun_penalty": "3"}
