"""Answers carry what the domain holds: a shared elimination order is a fraction (7/2 for two
players out at once), and the API writes it exactly, like points (rule CMD-2), as ``{num,
den}``. Before, the answer model took an integer: the result was stored, then every read of its
round answered 500.
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

from hypothesis import given
from hypothesis import strategies as st

from podium.api import models as m
from podium.api.routes import table_out
from podium.core.model import Round, SeatOutcome, Table, TableResult
from podium.core.values import Exact
from tests.api.conftest import Scenario


def test_a_shared_elimination_is_answered_exactly(scenario: Scenario) -> None:
    client = scenario.site.client()
    seats = scenario.seats  # type: ignore[attr-defined]
    # seat 1 wins; seats 2 and 3 are out at the same moment, after seat 4
    body = {"table": 1, "finish": "1(23)4"}
    answer = client.post("/api/v1/events/cup/commands/commander.result",
                         headers=scenario.headers("owner"), json=body)
    assert answer.status_code == 200, answer.text
    table = client.get("/api/v1/events/cup/rounds/1").json()["tables"][0]
    orders = {o["player"]: o["order"] for o in table["result"]["outcomes"]}
    # first out (seat 4) is 1; seats 2 and 3 cover orders 2 and 3: both 5/2; the winner 4
    assert orders == {seats[3]: {"num": 1, "den": 1}, seats[1]: {"num": 5, "den": 2},
                      seats[2]: {"num": 5, "den": 2}, seats[0]: {"num": 4, "den": 1}}
    assert client.get("/api/v1/events/cup/rounds").status_code == 200


orders = st.one_of(st.none(), st.integers(1, 7),
                   st.fractions(min_value=1, max_value=7, max_denominator=7))


@given(st.lists(orders, min_size=2, max_size=7))
def test_every_order_the_domain_can_hold_is_answered(values: list[int | Fraction | None]) -> None:
    table = Table(number=1, seats=tuple(range(1, len(values) + 1)))
    outcomes = tuple(SeatOutcome(player=i + 1, points=Fraction(1, 3), place=1, order=order)
                     for i, order in enumerate(values))
    result = TableResult(entry={}, outcomes=outcomes)
    rnd = Round(number=1, stage="swiss", tables=[table], byes=[], seed=0, results={1: result})

    state = SimpleNamespace(players={i + 1: SimpleNamespace(name=f"p{i + 1}")
                                     for i in range(len(values))})
    out = table_out(state, rnd, table)  # type: ignore[arg-type]
    assert isinstance(out, m.TableOut) and out.result is not None
    for sent, given_order in zip(out.result.outcomes, values, strict=True):
        assert sent.order == (None if given_order is None else Exact.of(given_order))
