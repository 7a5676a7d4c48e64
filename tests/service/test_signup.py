"""Sign-up and check-in of any event, through the declared commands (``invoke``): capacity and
the waitlist, duplicates, the closing time in the event's zone, approval, the confirmation's
code, check-in and the drop of those not checked in at round 1; nothing stored on a refusal."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from podium.core import signup
from podium.core.commands import API, Caller
from podium.core.errors import PodiumError
from podium.core.log import Kind
from podium.service.catalog import Invocation
from podium.service.events import EventService
from podium.store.db import Database
from tests.web.conftest import Clock

ORG = Caller.cli("org")
ANON = Caller(actor="anonymous", address="10.0.0.1")


@pytest.fixture
def service(tmp_path: Path):
    db = Database(str(tmp_path / "signup.db"))
    events = EventService(db, Clock())
    events.create_event("cup", "Cup", "commander", {"time_zone": "Europe/Moscow"}, "org",
                        seed=3)
    yield events
    db.dispose()


def run(events: EventService, command: str, caller: Caller = ORG, slug: str = "cup",
        /, **fields: Any) -> Any:
    return events.execute(Invocation(command, slug, fields), caller)


def enter(events: EventService, name: str, **fields: Any) -> Any:
    return run(events, "signup.enter", ANON, name=name, **fields).answer


def refused(events: EventService, command: str, caller: Caller = ORG, /,
            **fields: Any) -> str:
    """The code of the refusal, checking that nothing was stored."""
    before = len(events.log("cup"))
    with pytest.raises(PodiumError) as caught:
        run(events, command, caller, "cup", **fields)
    assert len(events.log("cup")) == before
    return caught.value.code


def statuses(events: EventService) -> dict[str, str]:
    book = signup.book_of(events.load("cup").state)
    return {e.name: book.status(e) for e in book.entries.values()}


def test_capacity_waitlist_and_promotion_on_withdrawal(service) -> None:
    run(service, "signup.open", capacity="2", fields="club, commander")
    anna = enter(service, "Anna", club="Orbit", fields="commander=Atraxa")
    boris = enter(service, "Boris")
    vera = enter(service, "Vera")
    gleb = enter(service, "Gleb")
    assert (anna.status, boris.status) == ("in", "in")
    assert (vera.status, vera.position, gleb.position) == ("waitlist", 1, 2)
    state = service.load("cup").state
    # the sign-up order is the registration order, the club the player's group
    assert [p.name for p in state.players.values()] == ["Anna", "Boris"]
    assert state.players[1].group == "Orbit"
    # Anna withdraws with her link's code: Vera, first on the waitlist, moves up
    done = run(service, "signup.withdraw", Caller(actor="player", code=anna.code))
    assert done.answer.status == "withdrawn"
    assert statuses(service) == {"Anna": "withdrawn", "Boris": "in", "Vera": "in",
                                 "Gleb": "waitlist"}
    state = service.load("cup").state
    assert [p.name for p in state.players.values()] == ["Boris", "Vera"]
    kinds = [a.kind for a in service.log("cup")[-4:]]
    assert kinds == [signup.SIGNUP_WITHDRAWN, "player.removed", Kind.PLAYER_REGISTERED,
                     signup.SIGNUP_ADMITTED]
    mine = service.read(Invocation("signup.mine", "cup", {}, surface=API),
                        Caller(actor="player", code=gleb.code)).value
    assert (mine.status, mine.position) == ("waitlist", 1)


def test_a_larger_capacity_takes_the_next_waiting(service) -> None:
    run(service, "signup.open", capacity="1")
    enter(service, "Anna")
    enter(service, "Boris")
    run(service, "signup.open", capacity="2")  # reopened with one place more
    assert statuses(service) == {"Anna": "in", "Boris": "in"}


def test_duplicates_are_refused_case_spaces_and_yo(service) -> None:
    run(service, "signup.open")
    enter(service, "Ёлкин Пётр")
    for twin in ("Елкин Петр", "  ёлкин   пётр ", "ЕЛКИН ПЕТР"):
        assert refused(service, "signup.enter", ANON, name=twin) == "signup.duplicate"


def test_missing_required_and_unknown_answers_are_refused(service) -> None:
    service.create_event("year", "Year", "series", {}, "org", seed=1)
    run(service, "signup.open", ORG, "year", fields="rating, premium, nickname")
    before = len(service.log("year"))
    for fields in ("rating=high", "colour=red"):
        with pytest.raises(PodiumError):
            run(service, "signup.enter", ANON, "year", name="Anna", fields=fields)
    assert len(service.log("year")) == before
    done = run(service, "signup.enter", ANON, "year", name="Anna",
               fields="rating=1800,premium=yes,nickname=anna7").answer
    entry = signup.book_of(service.load("year").state).entries[done.entry]
    assert entry.fields == {"rating": 1800, "premium": True, "nickname": "anna7"}
    assert entry.player is None and done.status == "in"  # a series registers no players


def test_an_answer_holds_commas_on_the_command_line(service) -> None:
    # a commander's full name has a comma; a comma parts answers only before another KEY=
    run(service, "signup.open", ORG, "cup", fields="club, commander")
    done = enter(service, "Anna", fields="commander=Atraxa, Praetors' Voice")
    entry = signup.book_of(service.load("cup").state).entries[done.entry]
    assert entry.fields == {"commander": "Atraxa, Praetors' Voice"}


def test_closing_time_is_in_the_events_zone(service) -> None:
    clock = service.clock
    # 14:00 in Moscow is 11:00 UTC; the clock starts at 10:00 UTC
    run(service, "signup.open", closes="2026-11-30 14:00")
    closes = signup.book_of(service.load("cup").state).closes
    assert closes is not None and closes.isoformat() == "2026-11-30T11:00:00+00:00"
    clock.now = closes - timedelta(minutes=1)
    assert enter(service, "Anna").status == "in"
    clock.now = closes + timedelta(minutes=1)
    assert refused(service, "signup.enter", ANON, name="Boris") == "signup.closed"


def test_closed_and_never_opened_sign_ups_refuse(service) -> None:
    assert refused(service, "signup.enter", ANON, name="Anna") == "signup.not_open"
    run(service, "signup.open")
    run(service, "signup.close")
    assert refused(service, "signup.enter", ANON, name="Anna") == "signup.not_open"
    run(service, "signup.open")  # reopened
    assert enter(service, "Anna").status == "in"


def test_approval_then_a_place(service) -> None:
    run(service, "signup.open", capacity="1", approval="yes")
    anna = enter(service, "Anna")
    boris = enter(service, "Boris")
    assert (anna.status, boris.status) == ("awaiting", "awaiting")
    assert not service.load("cup").state.players
    # Boris approved first takes the place; Anna, approved later, waits
    run(service, "signup.approve", name="Boris")
    run(service, "signup.approve", name="Anna")
    assert statuses(service) == {"Anna": "waitlist", "Boris": "in"}
    assert refused(service, "signup.approve", name="Anna") == "signup.approval"
    run(service, "signup.reject", name="Boris", reason="not a member")
    assert statuses(service) == {"Anna": "in", "Boris": "rejected"}
    assert [p.name for p in service.load("cup").state.players.values()] == ["Anna"]


def test_a_wrong_code_is_refused_and_stores_nothing(service) -> None:
    run(service, "signup.open")
    enter(service, "Anna")
    assert refused(service, "signup.withdraw", Caller(actor="player", code="WRONGCODE234")) \
        == "signup.code"


def test_check_in_and_the_drop_offer_at_round_one(service) -> None:
    run(service, "signup.open")
    codes = {name: enter(service, name).code for name in ("Anna", "Boris", "Vera", "Gleb",
                                                          "Dana", "Egor")}
    # Anna by her link's code (the QR at the venue), Boris by the organiser's tap
    done = run(service, "checkin.self", Caller(actor="player", code=codes["Anna"]))
    assert done.answer.checked_in
    run(service, "checkin.mark", player="Boris")
    run(service, "checkin.mark", player="Vera")
    assert refused(service, "checkin.mark", player="Vera") == "checkin.done"
    run(service, "checkin.undo", player="Vera")
    run(service, "checkin.mark", player="Vera")
    run(service, "checkin.mark", player="Gleb")
    # the pairing of round 1 names those not checked in (its preview stores nothing)
    said = str(run(service, "round.pair", preview="yes").said)
    assert "Not checked in: Dana, Egor" in said and "drop-absent" in said
    # the offer names those not checked in, in registration order, before anything changes
    preview = run(service, "checkin.drop-absent", preview="yes")
    assert preview.answer.names == ["Dana", "Egor"]
    assert not any(p.dropped for p in service.load("cup").state.players.values())
    run(service, "checkin.drop-absent")
    state = service.load("cup").state
    assert [p.name for p in state.players.values() if p.dropped] == ["Dana", "Egor"]
    assert [p.name for p in state.active_players()] == ["Anna", "Boris", "Vera", "Gleb"]
    run(service, "round.pair")
    assert refused(service, "checkin.drop-absent") == "checkin.late"


def test_a_waitlisted_code_cannot_check_in(service) -> None:
    run(service, "signup.open", capacity="1")
    enter(service, "Anna")
    boris = enter(service, "Boris")
    assert refused(service, "checkin.self", Caller(actor="player", code=boris.code)) \
        == "checkin.not_in"


def test_the_list_view_in_order(service) -> None:
    run(service, "signup.open", capacity="1", fields="club, commander")
    enter(service, "Anna", club="Orbit", fields="commander=Atraxa")
    enter(service, "Boris")
    run(service, "checkin.mark", player="Anna")
    seen = service.read(Invocation("signup.list", "cup", {}), ORG).value
    rows = [[row[c.key] for c in seen.columns] for row in seen.rows]
    assert [c.key for c in seen.columns] == ["order", "name", "club", "commander", "status",
                                             "checked_in"]
    assert rows == [[1, "Anna", "Orbit", "Atraxa", "in", "✓"],
                    [2, "Boris", "", "", "waitlist 1", ""]]


def test_replay_gives_the_same_sign_up(service) -> None:
    from podium.core.replay import replay

    run(service, "signup.open", capacity="1")
    enter(service, "Anna")
    enter(service, "Boris")
    loaded = service.load("cup")
    again = replay(service.log("cup"), loaded.ruleset)
    assert {e.name: signup.book_of(again).status(e)
            for e in signup.book_of(again).entries.values()} == statuses(service)
