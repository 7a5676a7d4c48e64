"""Two organisers, one result: a correction of a result and a hand edit of a round name the
version of what they change (``expect``); when it changed since, the command is refused as
stale (``result.stale``, ``round.stale``, HTTP 412) with what is there now in the message, and
nothing is stored. Without a version the command runs on the state as it is (as before).

Worked example: 8 players, seed 3; round 1 has tables 1 and 2 of four. The result of table 1
is entered (its version is that action's number), organiser A corrects it naming that
version, organiser B then corrects it naming the same (now old) version: B is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from podium.core import codes
from podium.core.commands import Caller
from podium.core.errors import Stale
from podium.core.replay import replay
from podium.service.catalog import Invocation
from podium.service.events import EventService
from podium.store.db import Database
from tests.web.conftest import Clock


@pytest.fixture
def events(tmp_path: Path):
    db = Database(str(tmp_path / "v.db"))
    service = EventService(db, Clock())
    service.create_event("cup", "Cup", "commander", {}, "org", seed=3)
    service.add_players("cup", [f"P{i}" for i in range(1, 9)], "org")
    service.pair_round("cup", "org")
    yield service
    db.dispose()


def run(events: EventService, name: str, who: str = "org", **fields: Any) -> Any:
    """The command as typed (text, as the command line and the forms give it)."""
    typed = {key: ", ".join(value) if isinstance(value, list) else
             "yes" if value is True else str(value) for key, value in fields.items()}
    return events.execute(Invocation(name, "cup", typed), Caller.cli(who))


def view(events: EventService, name: str, **fields: Any) -> Any:
    typed = {key: str(value) for key, value in fields.items()}
    return events.read(Invocation(name, "cup", typed), Caller.cli("org")).value


def correct(events: EventService, who: str, finish: str, **fields: Any) -> Any:
    return run(events, "commander.result", who, table=1, finish=finish, correct=True,
               reason="slip misread", **fields)


def test_the_later_of_two_corrections_from_one_version_is_refused(events: EventService) -> None:
    entered = run(events, "commander.result", table=1, finish="1234")
    version = entered.answer_json()["version"]
    assert version == entered.outcome.actions[-1].seq
    # the round view shows the version of each result, to send back
    shown = view(events, "round", round=1)
    assert shown.tables[0].result.version == version
    assert shown.version >= version
    first = correct(events, "anna", "4321", expect=version)
    assert first.answer_json()["version"] == first.outcome.actions[-1].seq > version
    before = len(events.log("cup"))
    with pytest.raises(Stale) as refused:
        correct(events, "boris", "2143", expect=version)
    error = refused.value
    assert error.code == codes.RESULT_STALE and error.field == "expect"
    assert error.status == 412
    # the result as anna left it: P4 won (seat 1 of "4321" is the table's 4th player)
    state = events.load("cup").state
    table = state.rounds[0].table(1)
    winner = state.players[table.seats[3]].name
    assert f"★ {winner}" in str(error) and f"now version {first.outcome.actions[-1].seq}" \
        in str(error)
    assert len(events.log("cup")) == before  # nothing stored
    assert events.load("cup").state.rounds[0].results[1].entry == \
        state.rounds[0].results[1].entry


def test_a_version_seen_after_the_last_change_passes(events: EventService) -> None:
    """A version is an action number: any number at or after the result's last change (the
    round's, the event's last action when a page was drawn) passes; unrelated actions in
    between (another table's result) do not make it stale."""
    entered = run(events, "commander.result", table=1, finish="1234")
    run(events, "commander.result", table=2, finish="1234")
    page = events.load("cup").state.last_seq
    assert entered.outcome.actions[-1].seq < page
    correct(events, "anna", "4321", expect=page)
    # text as a form or the command line sends it, an ETag's quotes too
    now = events.load("cup").state.rounds[0].result_version(1)
    correct(events, "anna", "1234", expect=f'"{now}"')


def test_without_a_version_a_correction_runs_as_before(events: EventService) -> None:
    run(events, "commander.result", table=1, finish="1234")
    correct(events, "anna", "4321")
    correct(events, "boris", "2143")  # last one stands, as before: no version was named
    assert [a.actor for a in events.log("cup")[-2:]] == ["anna", "boris"]


def test_a_bad_version_is_refused_naming_its_field(events: EventService) -> None:
    from podium.core.commands import InvalidFields

    run(events, "commander.result", table=1, finish="1234")
    with pytest.raises(InvalidFields) as refused:
        correct(events, "anna", "4321", expect="yesterday")
    assert refused.value.code == codes.INPUT_VERSION and refused.value.field == "expect"


def test_a_hand_edit_names_the_rounds_version(events: EventService) -> None:
    state = events.load("cup").state
    rnd = state.rounds[0]
    names = [[state.players[p].name for p in t.seats] for t in rnd.tables]
    version = view(events, "round").version
    assert version == rnd.seq  # the pairing, no result yet
    run(events, "commander.swap", "anna", player=names[0][0], other=names[1][0],
        reason="same club", expect=version)
    before = len(events.log("cup"))
    with pytest.raises(Stale) as refused:
        run(events, "commander.swap", "boris", player=names[0][1], other=names[1][1],
            reason="friends", expect=version)
    assert refused.value.code == codes.ROUND_STALE and refused.value.field == "expect"
    assert "swapped places" in str(refused.value)  # what changed: anna's swap
    assert len(events.log("cup")) == before
    with pytest.raises(Stale):
        run(events, "commander.undo-edit", "boris", reason="wrong one", expect=version)
    run(events, "commander.undo-edit", "anna", reason="wrong one",
        expect=view(events, "round").version)


def test_a_turn_order_correction_changes_the_results_version(events: EventService) -> None:
    """Rule CMD-4b: a turn order corrected under a result scores it again, so a correction
    made on the result before is stale."""
    version = run(events, "commander.result", table=1, finish="1234").answer_json()["version"]
    state = events.load("cup").state
    seats = state.rounds[0].table(1).seats
    run(events, "commander.seats", "anna", table=1, round=1,
        order=[f"#{p}" for p in reversed(seats)], reason="sat the other way round")
    with pytest.raises(Stale):
        correct(events, "boris", "4321", expect=version)
    with pytest.raises(Stale):  # and the seats' own version check
        run(events, "commander.seats", "boris", table=1, round=1,
            order=[f"#{p}" for p in seats], reason="back", expect=version)


def test_the_versions_are_derived_on_replay(events: EventService) -> None:
    run(events, "commander.result", table=1, finish="1234")
    correct(events, "anna", "4321")
    loaded = events.load("cup")
    again = replay(events.log("cup"), loaded.ruleset)
    assert again.rounds[0].versions == loaded.state.rounds[0].versions
    assert again.rounds[0].seq == loaded.state.rounds[0].seq
    assert again.rounds[0].result_version(1) == events.log("cup")[-1].seq
