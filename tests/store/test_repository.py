"""EventRepository on SQLite and PostgreSQL: events, the append-only log, conflicts."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone

import pytest
from sqlalchemy import delete, func, select

from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.log import Action, Kind
from podium.store import Database, EventRepository, EventSummary
from podium.store.models import ActionRow, EventRow

T0 = datetime(2025, 3, 1, 9, 30, 0, 123456, tzinfo=UTC)


def action(seq: int, **payload: object) -> Action:
    return Action(
        seq=seq,
        kind="test.action",
        actor="tester",
        at=T0 + timedelta(seconds=seq, microseconds=seq),
        payload=dict(payload),
    )


def create_event(db: Database, slug: str = "spring-open") -> EventSummary:
    with db.session() as session:
        return EventRepository(session).create(slug, "Spring Open", "swiss", T0)


def stored_actions(db: Database, event_id: int) -> list[Action]:
    with db.session(readonly=True) as session:
        return EventRepository(session).actions(event_id)


def count(db: Database, model: type[EventRow] | type[ActionRow]) -> int:
    with db.session(readonly=True) as session:
        return session.scalar(select(func.count()).select_from(model)) or 0


# -- events ------------------------------------------------------------------------------------


def test_create_find_get(db: Database) -> None:
    moscow = timezone(timedelta(hours=3))
    created_at = datetime(2025, 3, 1, 12, 30, 0, 654321, tzinfo=moscow)
    with db.session() as session:
        created = EventRepository(session).create("spring", "Весенний турнир", "swiss", created_at)
    assert created.id > 0
    assert created.created_at == created_at
    assert created.created_at.tzinfo is UTC

    with db.session(readonly=True) as session:
        repository = EventRepository(session)
        found = repository.find("spring")
        assert found == created
        assert found is not None and found.created_at.tzinfo is UTC
        assert found.created_at.microsecond == 654321
        assert repository.get("spring") == created
        assert repository.find("autumn") is None
        with pytest.raises(NotFound, match="no event 'autumn'"):
            repository.get("autumn")


def test_list_orders_by_creation_time_then_id(db: Database) -> None:
    with db.session() as session:
        repository = EventRepository(session)
        repository.create("late", "Late", "swiss", T0 + timedelta(days=1))
        repository.create("early", "Early", "swiss", T0 - timedelta(microseconds=1))
        repository.create("same-a", "Same A", "round-robin", T0)
        repository.create("same-b", "Same B", "round-robin", T0)
    with db.session(readonly=True) as session:
        listed = EventRepository(session).list()
    assert [event.slug for event in listed] == ["early", "same-a", "same-b", "late"]
    assert all(event.created_at.tzinfo is UTC for event in listed)


def test_duplicate_slug_is_a_conflict_and_stores_nothing(db: Database) -> None:
    create_event(db, "dup")
    taken = "an event with the slug 'dup' already exists"
    with pytest.raises(Conflict, match=taken), db.session() as session:
        EventRepository(session).create("dup", "Other", "other", T0)
    assert count(db, EventRow) == 1
    with db.session(readonly=True) as session:
        assert EventRepository(session).get("dup").name == "Spring Open"


def test_duplicate_slug_race_is_caught_by_the_unique_constraint(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    create_event(db, "race")
    with db.session() as session:
        repository = EventRepository(session)
        monkeypatch.setattr(repository, "find", lambda slug: None)  # the check saw nothing
        with pytest.raises(Conflict, match="already exists"):
            repository.create("race", "Other", "swiss", T0)
        # The failed insert was confined to a savepoint: the transaction goes on.
        repository.create("other", "Other", "swiss", T0)
    with db.session(readonly=True) as session:
        assert [event.slug for event in EventRepository(session).list()] == ["race", "other"]


def test_overlong_fields_are_rejected_on_every_backend(db: Database) -> None:
    with pytest.raises(InvalidInput, match="slug is too long"), db.session() as session:
        EventRepository(session).create("x" * 65, "Name", "swiss", T0)
    event = create_event(db)
    long_actor = Action(seq=1, kind="k", actor="a" * 121, at=T0)
    with pytest.raises(InvalidInput, match="actor name is too long"), db.session() as session:
        EventRepository(session).append(event.id, [long_actor])
    assert stored_actions(db, event.id) == []


def test_naive_times_are_refused(db: Database) -> None:
    with pytest.raises(ValueError, match="zone"), db.session() as session:
        EventRepository(session).create("naive", "Naive", "swiss", datetime(2025, 1, 1))


# -- the action log ----------------------------------------------------------------------------


def test_append_and_read_back_equal_actions(db: Database) -> None:
    event = create_event(db)
    log = [
        Action(
            seq=1,
            kind=Kind.EVENT_CREATED,
            actor="Организатор Пётр",
            at=datetime(2025, 3, 1, 9, 0, 0, 1, tzinfo=UTC),
            payload={"name": "Кубок «Зимы» — 2025", "format": "swiss", "settings": {}},
        ),
        Action(
            seq=2,
            kind=Kind.PLAYER_REGISTERED,
            actor="Организатор Пётр",
            at=datetime(2025, 3, 1, 12, 0, 0, 999999, tzinfo=timezone(timedelta(hours=3))),
            payload={
                "player": {"id": 1, "name": "Анна Ёлкина", "tags": ["новичок", "🎲"]},
                "rating": None,
                "paid": True,
                "seats": [[1, 2], [3, [4, {"deep": "глубоко"}]]],
                "zeta": 1,
                "alpha": -2,
            },
            reason="опоздала, но зарегистрирована по решению судьи",
        ),
        Action(seq=3, kind=Kind.ROUND_PAIRED, actor="system", at=T0),
    ]
    with db.session() as session:
        EventRepository(session).append(event.id, log)

    stored = stored_actions(db, event.id)
    assert stored == log
    for got in stored:
        assert got.at.tzinfo is UTC
        assert type(got.payload) is dict
    assert stored[0].at.microsecond == 1
    assert stored[1].at == datetime(2025, 3, 1, 9, 0, 0, 999999, tzinfo=UTC)
    # Key order survives (json, not jsonb), so exports stay byte-stable.
    assert list(stored[1].payload) == ["player", "rating", "paid", "seats", "zeta", "alpha"]
    assert [a.to_json() for a in stored] == [a.to_json() for a in log]


def test_append_continues_the_log_in_batches(db: Database) -> None:
    event = create_event(db)
    with db.session() as session:
        repository = EventRepository(session)
        assert repository.last_seq(event.id) == 0
        repository.append(event.id, [action(1), action(2)])
        repository.append(event.id, [])  # nothing to do
        assert repository.last_seq(event.id) == 2
    with db.session() as session:
        EventRepository(session).append(event.id, [action(3, round=1)])
    assert stored_actions(db, event.id) == [action(1), action(2), action(3, round=1)]


def test_logs_of_different_events_are_separate(db: Database) -> None:
    first, second = create_event(db, "first"), create_event(db, "second")
    with db.session() as session:
        repository = EventRepository(session)
        repository.append(first.id, [action(1, event="first"), action(2, event="first")])
        repository.append(second.id, [action(1, event="second")])
    assert [a.payload["event"] for a in stored_actions(db, first.id)] == ["first", "first"]
    assert [a.payload["event"] for a in stored_actions(db, second.id)] == ["second"]


@pytest.mark.parametrize(
    "seqs",
    [
        pytest.param([4], id="gap"),
        pytest.param([2], id="stale"),
        pytest.param([3, 5], id="gap-inside"),
        pytest.param([3, 3], id="repeat"),
        pytest.param([1, 2, 3], id="from-start"),
    ],
)
def test_a_seq_that_does_not_continue_the_log_is_a_conflict(db: Database, seqs: list[int]) -> None:
    event = create_event(db)
    with db.session() as session:
        EventRepository(session).append(event.id, [action(1), action(2)])
    with pytest.raises(Conflict, match="saved meanwhile"), db.session() as session:
        EventRepository(session).append(event.id, [action(seq) for seq in seqs])
    assert stored_actions(db, event.id) == [action(1), action(2)]


def test_the_first_action_must_be_seq_1(db: Database) -> None:
    event = create_event(db)
    with pytest.raises(Conflict, match="saved meanwhile"), db.session() as session:
        EventRepository(session).append(event.id, [action(2)])
    assert count(db, ActionRow) == 0


def test_appending_to_an_unknown_event_is_not_found(db: Database) -> None:
    with pytest.raises(NotFound), db.session() as session:
        EventRepository(session).append(12345, [action(1)])
    assert count(db, ActionRow) == 0


def test_a_racing_writer_is_caught_by_the_unique_constraint(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = create_event(db)
    with db.session() as session:
        EventRepository(session).append(event.id, [action(1), action(2)])
    with db.session() as session:
        repository = EventRepository(session)
        monkeypatch.setattr(repository, "last_seq", lambda event_id: 1)  # a stale read
        with pytest.raises(Conflict, match="saved meanwhile"):
            repository.append(event.id, [action(2, late=True), action(3, late=True)])
        # Nothing of the batch was stored and the transaction is still usable.
        assert repository.actions(event.id) == [action(1), action(2)]
    assert stored_actions(db, event.id) == [action(1), action(2)]


def test_a_stale_end_handed_by_a_unit_of_work_is_still_refused(db: Database) -> None:
    """A unit of work hands ``append`` the log's end it read under the event's lock, so the
    log is not read again and no savepoint is made (a quarter of a write's CPU).
    Were that end stale, the log's unique ``seq`` still refuses the change: nothing of it is
    stored."""
    event = create_event(db)
    with db.session() as session:
        EventRepository(session).append(event.id, [action(1), action(2)])
    with pytest.raises(Conflict, match="saved meanwhile"), db.session() as session:
        EventRepository(session).append(event.id, [action(2, late=True),
                                                   action(3, late=True)], last=1)
    assert stored_actions(db, event.id) == [action(1), action(2)]
    with db.session() as session:
        EventRepository(session).append(event.id, [action(3)], last=2)
    assert stored_actions(db, event.id) == [action(1), action(2), action(3)]


def test_two_concurrent_writers_one_wins(make_db: Callable[..., Database]) -> None:
    """Two processes append seq 1 at once: one commits, the other gets a Conflict."""
    first, second = make_db(), make_db()
    event = create_event(first)
    outcome: list[BaseException | None] = []
    first_wrote = threading.Event()

    def late_writer() -> None:
        first_wrote.wait()
        try:
            with second.session() as session:
                EventRepository(session).append(event.id, [action(1, writer="second")])
        except BaseException as error:
            outcome.append(error)
        else:
            outcome.append(None)

    thread = threading.Thread(target=late_writer)
    thread.start()
    try:
        with first.session() as session:
            EventRepository(session).append(event.id, [action(1, writer="first")])
            first_wrote.set()
            time.sleep(0.3)  # the second writer is now waiting on our lock
    finally:
        first_wrote.set()
        thread.join()
    assert len(outcome) == 1
    assert isinstance(outcome[0], Conflict)
    assert stored_actions(first, event.id) == [action(1, writer="first")]


def test_actions_of_an_unknown_event_are_empty(db: Database) -> None:
    assert stored_actions(db, 999) == []


def test_delete_removes_the_event_and_its_log(db: Database) -> None:
    kept, dropped = create_event(db, "kept"), create_event(db, "dropped")
    with db.session() as session:
        repository = EventRepository(session)
        repository.append(kept.id, [action(1)])
        repository.append(dropped.id, [action(1), action(2)])
    with db.session() as session:
        EventRepository(session).delete(dropped.id)
        EventRepository(session).delete(dropped.id)  # already gone: no error
    with db.session(readonly=True) as session:
        repository = EventRepository(session)
        assert repository.find("dropped") is None
        assert repository.actions(dropped.id) == []
        assert repository.actions(kept.id) == [action(1)]


def test_deleting_an_event_row_cascades_to_its_actions(db: Database) -> None:
    event = create_event(db)
    with db.session() as session:
        EventRepository(session).append(event.id, [action(1), action(2)])
    with db.session() as session:
        session.execute(delete(EventRow).where(EventRow.id == event.id))
    assert count(db, ActionRow) == 0


def test_a_long_log_round_trips_in_order(db: Database) -> None:
    # Load speed is measured in bench/, not asserted here.
    event = create_event(db)
    size = 5_000
    log = [
        Action(
            seq=seq,
            kind=Kind.RESULT_ENTERED,
            actor="судья",
            at=T0 + timedelta(microseconds=seq * 7),
            payload={"round": seq // 100, "table": seq % 7, "scores": [3, 1, 0, 2]},
            reason="",
        )
        for seq in range(1, size + 1)
    ]
    with db.session() as session:
        EventRepository(session).append(event.id, log)
    assert stored_actions(db, event.id) == log


def test_an_event_and_an_accounts_role_in_it_are_read_in_one_statement(db: Database) -> None:
    """A write's first read: the event's row and the caller's role together, the
    same as :meth:`find` and :meth:`role_of` apart, on both backends."""
    from podium.service.accounts import AccountService
    from podium.service.events import EventService

    EventService(db).create_event("cup", "Cup", "commander", {}, "owner", seed=1)
    accounts = AccountService(db)
    accounts.create_user("Judy", "a judge's password")
    accounts.grant("cup", "judy", "judge", "owner")
    with db.session(readonly=True) as session:
        repo = EventRepository(session)
        assert repo.find_with_role("cup", " JUDY ") == (repo.find("cup"), "judge")
        assert repo.find_with_role("cup", "nobody") == (repo.find("cup"), None)
        assert repo.find_with_role("no-such-event", "judy") is None
