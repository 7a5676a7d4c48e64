"""The register of persons replayed from its log: names matched, merges, links and the
indexes that answer them (pure: actions in, state out)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from podium.core.errors import Conflict, NotFound
from podium.core.log import Action
from podium.core.model import EventState
from podium.core.replay import apply
from podium.formats.people import PEOPLE
from podium.formats.people.book import book_of
from podium.formats.people.names import exact_key, initials, loose_key
from podium.service.events import new_event_actions

AT = datetime(2026, 12, 5, 12, tzinfo=UTC)


def register(*steps: tuple[str, dict[str, Any]]) -> EventState:
    _, state = new_event_actions("people", "People", "people", {}, "org", 1, AT)
    for seq, (kind, payload) in enumerate(steps, start=2):
        apply(state, Action(seq, f"people.{kind}", "org", AT, payload, "why"), PEOPLE)
    return state


def added(person: int, name: str, **more: Any) -> tuple[str, dict[str, Any]]:
    return ("person_added", {"person": person, "name": name, **more})


def test_the_exact_key_folds_case_spaces_and_yo_only() -> None:
    assert exact_key("  Ёлкин   Пётр ") == exact_key("елкин петр")
    assert exact_key("Elkin Petr") != exact_key("Елкин Петр")


@pytest.mark.parametrize(("one", "other"), [
    ("Иванов Иван", "Ivan Ivanov"),
    ("Юрий Хохлов", "Yuriy Khokhlov"),
    ("Алексей Щукин", "Aleksey Shchukin"),
    ("Ёлкин", "Elkin"),
    ("Ксения Цой", "Xenia Tsoy"),
])
def test_the_loose_key_meets_latin_spellings_and_word_order(one: str, other: str) -> None:
    assert loose_key(one) == loose_key(other)


def test_a_hidden_person_is_shown_by_initials() -> None:
    assert initials("Анна Петрова") == "А. П."
    state = register(added(1, "Анна Петрова"), ("person_hidden", {"person": 1, "hidden": True}))
    assert book_of(state).persons[1].shown == "А. П."


def test_names_and_other_names_find_a_person_and_suggest_others() -> None:
    state = register(added(1, "Пётр Ёлкин", aliases=["petya_bga"]), added(2, "Ivan Ivanov"))
    book = book_of(state)
    assert book.by_name("петр елкин").id == 1
    assert book.by_name("PETYA_BGA").id == 1
    assert [p.id for p in book.similar("Иванов Иван")] == [2]
    assert book.by_name("Иванов Иван") is None  # a suggestion, never an exact match


def test_a_name_of_one_person_is_refused_for_another() -> None:
    with pytest.raises(Conflict) as refused:
        register(added(1, "Анна"), added(2, "Борис", aliases=["анна"]))
    assert refused.value.code == "people.duplicate" and refused.value.field == "aliases"


def test_a_rename_moves_the_indexes() -> None:
    state = register(added(1, "Anna"), ("person_changed", {"person": 1, "name": "Анна"}))
    book = book_of(state)
    assert book.by_name("anna") is None and book.by_name("анна").id == 1


def test_a_merge_carries_links_and_names_and_reads_the_old_id_as_the_kept() -> None:
    state = register(added(1, "Анна Петрова"), added(2, "Anna P"),
                     ("player_linked", {"event": "night-1", "player": 3, "person": 1}),
                     ("player_linked", {"event": "night-2", "player": 5, "person": 2}),
                     ("persons_merged", {"keep": 1, "other": 2}))
    book = book_of(state)
    assert book.get(2).id == 1 and 2 not in book.persons
    assert book.players_of(1) == [("night-1", 3), ("night-2", 5)]
    assert book.person_of("night-2", 5).id == 1
    assert book.by_name("anna p").id == 1


def test_two_persons_who_played_one_event_are_not_merged() -> None:
    with pytest.raises(Conflict) as refused:
        register(added(1, "Анна"), added(2, "Борис"),
                 ("player_linked", {"event": "night-1", "player": 1, "person": 1}),
                 ("player_linked", {"event": "night-1", "player": 2, "person": 2}),
                 ("persons_merged", {"keep": 1, "other": 2}))
    assert refused.value.code == "people.merge_met"


def test_a_player_linked_elsewhere_is_refused_and_an_unlink_frees_them() -> None:
    state = register(added(1, "Анна"), added(2, "Борис"),
                     ("player_linked", {"event": "night-1", "player": 1, "person": 1}))
    with pytest.raises(Conflict):
        apply(state, Action(5, "people.player_linked", "org", AT,
                            {"event": "night-1", "player": 1, "person": 2}), PEOPLE)
    apply(state, Action(5, "people.player_unlinked", "org", AT,
                        {"event": "night-1", "player": 1}), PEOPLE)
    assert book_of(state).players_of(1) == []
    with pytest.raises(NotFound):
        apply(state, Action(6, "people.player_unlinked", "org", AT,
                            {"event": "night-1", "player": 1}), PEOPLE)
