"""Concurrent first reads of an event's player codes: codes are made on
first read, and on PostgreSQL parallel first reads used to fail on a duplicate key (500 for 4
of 32 requests). Now every reader gets an answer, and all get the same code for a player.

The readers run in threads over independent services, each with its own engine, as separate
server processes would: nothing in this process keeps them apart."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from podium.service.events import EventService
from podium.service.selfreport import SelfReportService
from podium.store.db import Database
from tests.store.conftest import db_url  # noqa: F401 - the fixture is used here

READERS = 16


@pytest.fixture
def services(db_url: str) -> Iterator[list[EventService]]:  # noqa: F811
    opened = [Database(db_url) for _ in range(READERS)]
    yield [EventService(db) for db in opened]
    for db in opened:
        db.dispose()


def race(services: list[EventService], slug: str
         ) -> tuple[list[dict[int, str]], list[BaseException]]:
    """Every service reads the codes of ``slug`` at once; their answers and errors."""
    barrier = threading.Barrier(len(services))
    answers: list[dict[int, str]] = []
    errors: list[BaseException] = []

    def read(service: EventService) -> None:
        barrier.wait()
        try:
            answers.append(SelfReportService(service).codes(slug))
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=read, args=(s,)) for s in services]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers, errors


def test_concurrent_first_reads_of_codes_agree(services: list[EventService]) -> None:
    setup = services[0]
    for number in range(3):  # three fresh events: three races
        slug = f"cup{number}"
        setup.create_event(slug, "Cup", "commander", {}, "setup", seed=5)
        setup.add_players(slug, [f"P{i:03d}" for i in range(1, 65)], "setup")
        for service in services:
            service.load(slug)  # warm caches, so the readers start together
        answers, errors = race(services, slug)
        assert errors == []
        assert len(answers) == READERS
        assert all(answer == answers[0] for answer in answers)
        assert len(answers[0]) == 64 and len(set(answers[0].values())) == 64
        assert SelfReportService(setup).codes(slug) == answers[0]  # stored, not made again


def test_a_new_player_gets_a_code_the_others_keep_theirs(services: list[EventService]) -> None:
    setup = services[0]
    setup.create_event("cup", "Cup", "commander", {}, "setup", seed=5)
    setup.add_players("cup", ["Anna", "Boris"], "setup")
    before = SelfReportService(setup).codes("cup")
    setup.add_players("cup", ["Clara"], "setup")
    after = SelfReportService(setup).codes("cup")
    assert len(after) == 3 and {k: after[k] for k in before} == before
