"""People and the event's own record: rename, remove, merge and substitute a player;
rename, archive, date and delete an event. Each is one log action with actor, time and reason,
replayed into the state; a refusal stores nothing; the state from replay equals the live one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from podium.core.errors import Conflict, InvalidInput, NotFound, PodiumError
from podium.core.people import FINISHED, RUNNING, UPCOMING, status_of
from podium.core.replay import replay
from podium.formats import get_format
from podium.i18n import translate
from podium.service import EventService
from podium.service.commands import AddPlayers, EnterResult, PairRound
from podium.service.home import home
from podium.service.people import (
    ArchiveEvent,
    DeleteEvent,
    EventDetails,
    MergePlayers,
    RemovePlayer,
    RenameEvent,
    RenamePlayer,
    SubstitutePlayer,
)
from podium.service.transfer import export_document
from podium.store.db import Database

ACTOR = "judge"
NAMES = ("Anna", "Boris", "Clara", "Dmitri", "Eva", "Fedor", "Gleb", "Hanna")


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    database = Database(str(tmp_path / "people.db"))
    yield EventService(database)
    database.dispose()


def cup(service: EventService, slug: str = "cup", names: tuple[str, ...] = NAMES) -> None:
    service.create_event(slug, "Cup 9", "commander", {"rounds": 3, "fewer_rounds": True},
                         ACTOR, seed=7)
    service.run_command(AddPlayers(slug, names), ACTOR)


def ru(error: PodiumError) -> str:
    return translate(error.as_message(), "ru")


def names_of(service: EventService, slug: str = "cup") -> list[str]:
    return sorted(p.name for p in service.load(slug).state.players.values())


def replayed_equal(service: EventService, slug: str = "cup") -> None:
    """The cached state is what a fresh replay of the stored log gives."""
    live = service.load(slug).state
    fresh = replay(service.log(slug), get_format(live.format))
    assert {p.id: (p.name, p.dropped) for p in fresh.players.values()} == {
        p.id: (p.name, p.dropped) for p in live.players.values()}
    assert [[t.seats for t in r.tables] for r in fresh.rounds] == [
        [t.seats for t in r.tables] for r in live.rounds]


def refused(service: EventService, command: object, error: type[PodiumError],
            slug: str = "cup") -> PodiumError:
    before = len(service.log(slug))
    with pytest.raises(error) as caught:
        service.run_command(command, ACTOR)  # type: ignore[call-overload]
    assert len(service.log(slug)) == before, "a refused command stored something"
    return caught.value


def win_table(service: EventService, table: int) -> None:
    state = service.load("cup").state
    seats = state.current_round.tables[table - 1].seats  # type: ignore[union-attr]
    entry = {"winner": seats[0], "eliminated": list(seats[1:]), "draw": False}
    service.run_command(EnterResult("cup", table, entry), ACTOR)


# -- rename --------------------------------------------------------------------------------------
def test_rename_keeps_the_old_name_in_the_log(service: EventService) -> None:
    cup(service)
    service.run_command(RenamePlayer("cup", "Anna", "Anya", "typo"), ACTOR)
    action = service.log("cup")[-1]
    assert (action.kind, action.actor, action.reason) == ("player.renamed", ACTOR, "typo")
    assert action.payload == {"player": 1, "name": "Anya", "old": "Anna"}
    assert "Anya" in names_of(service) and "Anna" not in names_of(service)
    # the undo is a new record: the rename back
    service.run_command(RenamePlayer("cup", "Anya", "Anna", "undo"), ACTOR)
    assert [a.kind for a in service.log("cup")[-2:]] == ["player.renamed"] * 2
    assert "Anna" in names_of(service)
    replayed_equal(service)


def test_rename_to_a_taken_name_is_refused_naming_the_field(service: EventService) -> None:
    cup(service)
    error = refused(service, RenamePlayer("cup", "Anna", "boris"), InvalidInput)
    assert (error.code, error.field) == ("player.duplicate", "name")
    assert "Борис" not in ru(error)
    assert "уже" in ru(error)  # «игрок с именем 'boris' уже ...»


# -- remove --------------------------------------------------------------------------------------
def test_remove_before_the_first_table_frees_the_name_and_the_id_stays_used(
        service: EventService) -> None:
    cup(service)
    service.run_command(RemovePlayer("cup", "Hanna", "added by mistake"), ACTOR)
    assert service.log("cup")[-1].payload == {"player": 8, "name": "Hanna"}
    assert "Hanna" not in names_of(service)
    # the undo: added again, under a new id (the log keeps the removed registration)
    again = service.run_command(AddPlayers("cup", ("Hanna",)), ACTOR).value
    assert again[0].id == 9
    replayed_equal(service)


def test_remove_after_the_first_table_is_refused_explaining(service: EventService) -> None:
    cup(service)
    service.run_command(PairRound("cup"), ACTOR)
    error = refused(service, RemovePlayer("cup", "Anna"), Conflict)
    assert error.code == "player.played"
    assert "drop them instead" in str(error)
    assert "снимите" in ru(error)


def test_a_player_seeded_in_the_top_is_not_removed(service: EventService) -> None:
    """Berserk's TOP may be seeded from the draft tables before any round (rule BRK-2): a
    seeded player has no table yet, but removing them would leave the bracket a seed of
    nobody; the organiser drops them instead."""
    service.create_event("top", "Top", "berserk", {}, ACTOR, seed=0)
    service.invoke("player.add", "top", {"names": ["A", "B", "C", "D", "E"]}, ACTOR)
    service.invoke("berserk.split", "top", {}, ACTOR)
    service.invoke("top.build", "top", {"size": 4}, ACTOR)
    seeded = service.load("top").state
    error = refused(service, RemovePlayer("top", "#1"), Conflict, slug="top")
    assert (error.code, error.field) == ("player.top", "player")
    assert "drop them instead" in str(error)
    assert "снимите" in ru(error)
    assert set(service.load("top").state.players) == set(seeded.players)


# -- merge ---------------------------------------------------------------------------------------
def test_merge_moves_games_and_results_to_the_kept_player(service: EventService) -> None:
    cup(service, names=(*NAMES, "Anna2"))
    service.run_command(RemovePlayer("cup", "Anna2"), ACTOR)  # 8 players: two pods of four
    service.run_command(AddPlayers("cup", ("Nick",)), ACTOR)
    service.run_command(RemovePlayer("cup", "Nick"), ACTOR)
    service.run_command(PairRound("cup"), ACTOR)
    win_table(service, 1)
    win_table(service, 2)
    state = service.load("cup").state
    winner_id = state.rounds[0].tables[0].seats[0]
    winner = state.players[winner_id].name
    service.run_command(AddPlayers("cup", ("Nickname",)), ACTOR)  # joins late, never played
    before = service.standings("cup")[1].row(winner_id).values
    done = service.run_command(MergePlayers("cup", "Nickname", winner, "nickname changed"), ACTOR)
    action = service.log("cup")[-1]
    assert action.kind == "player.merged" and action.reason == "nickname changed"
    assert done.value.name == "Nickname"
    state = service.load("cup").state
    assert winner not in names_of(service)
    assert state.players[state.rounds[0].tables[0].seats[0]].name == "Nickname"
    assert state.rounds[0].results[1].of(done.value.id).won
    # a stored entry naming the merged id reads as the kept player
    assert state.players[winner_id].name == "Nickname"
    assert service.standings("cup")[1].row(done.value.id).values == before
    replayed_equal(service)


def test_merge_refusals(service: EventService) -> None:
    cup(service)
    service.run_command(PairRound("cup"), ACTOR)
    state = service.load("cup").state
    a, b = (state.players[p].name for p in state.rounds[0].tables[0].seats[:2])
    c = state.players[state.rounds[0].tables[1].seats[0]].name
    error = refused(service, MergePlayers("cup", a, a, "x"), InvalidInput)
    assert (error.code, error.field) == ("player.merge_self", "other")
    assert "самим собой" in ru(error)
    error = refused(service, MergePlayers("cup", a, b, "x"), Conflict)
    assert error.code == "player.merge_met"
    assert "за одним столом" in ru(error)
    error = refused(service, MergePlayers("cup", a, c, "x"), Conflict)
    assert error.code == "player.merge_round"
    refused(service, MergePlayers("cup", a, "Nobody", "x"), InvalidInput)


# -- substitute ----------------------------------------------------------------------------------
def test_a_substitute_takes_the_seat_with_a_new_record(service: EventService) -> None:
    """Commander: the substitute starts a new record and the original is dropped."""
    cup(service)
    service.run_command(PairRound("cup"), ACTOR)
    state = service.load("cup").state
    seats = state.rounds[0].tables[0].seats
    original = state.players[seats[1]].name
    done = service.run_command(SubstitutePlayer("cup", original, "Sub", reason="ill"), ACTOR)
    assert (done.value.from_round, done.value.record) == (1, "new")
    action = service.log("cup")[-1]
    assert action.kind == "player.substituted" and action.reason == "ill"
    state = service.load("cup").state
    sub = state.player_by_name("Sub")
    assert sub is not None and state.rounds[0].tables[0].seats[1] == sub.id
    assert state.player_by_name(original).dropped  # type: ignore[union-attr]
    replayed_equal(service)
    # a substitute for a dropped player is refused
    error = refused(service, SubstitutePlayer("cup", original, "Sub2"), Conflict)
    assert error.code == "player.substitute_dropped"
    assert "выбыл" in ru(error)


def test_a_substitute_on_the_same_record_when_the_organiser_says_so(
        service: EventService) -> None:
    cup(service)
    service.run_command(PairRound("cup"), ACTOR)
    win_table(service, 1)
    state = service.load("cup").state
    pid = state.rounds[0].tables[0].seats[0]
    original = state.players[pid].name
    done = service.run_command(SubstitutePlayer("cup", original, "Sub", None, True), ACTOR)
    assert (done.value.from_round, done.value.record) == (2, "same")
    state = service.load("cup").state
    assert state.players[pid].name == "Sub" and not state.players[pid].dropped
    # a round already played cannot take a substitute
    error = refused(service, SubstitutePlayer("cup", "Sub", "Other", 1), Conflict)
    assert (error.code, error.field) == ("player.substitute_round", "from_round")


# -- the event's own record ---------------------------------------------------------------------
def test_event_rename_archive_details_and_the_home_page(service: EventService) -> None:
    cup(service)
    cup(service, "later")
    assert service.summary("cup").status == UPCOMING
    service.run_command(RenameEvent("cup", "Toxic Cup 9", "typo"), ACTOR)
    service.run_command(EventDetails("cup", "2026-12-05", "Club Orbit"), ACTOR)
    kinds = [a.kind for a in service.log("cup")[-2:]]
    assert kinds == ["event.renamed", "event.details"]
    summary = service.summary("cup")
    assert (summary.name, summary.date, summary.venue) == ("Toxic Cup 9", "2026-12-05",
                                                            "Club Orbit")
    assert export_document(service, "cup")["event"]["name"] == "Toxic Cup 9"
    service.run_command(PairRound("cup"), ACTOR)
    assert service.summary("cup").status == RUNNING
    listed = home(service)
    assert [(status, [e.slug for e in events]) for status, events in listed.groups] == [
        (RUNNING, ["cup"]), (UPCOMING, ["later"])]
    assert [e.slug for _s, events in home(service, "orbit").groups for e in events] == ["cup"]
    service.run_command(ArchiveEvent("cup", True, "a test"), ACTOR)
    assert service.summary("cup").archived
    assert all(e.slug != "cup" for _s, events in home(service).groups for e in events)
    assert service.load("cup").state.name == "Toxic Cup 9"  # still reachable
    error = refused(service, ArchiveEvent("cup", True), Conflict)
    assert error.code == "event.archive_same"
    service.run_command(ArchiveEvent("cup", False, "undo"), ACTOR)  # the undo: a new record
    assert not service.summary("cup").archived


def test_a_finished_event_is_listed_as_finished(service: EventService) -> None:
    service.create_event("night", "Night", "commander", {"rounds": 1, "final_size": 0,
                                                         "fewer_rounds": True}, ACTOR, seed=1)
    service.run_command(AddPlayers("night", NAMES[:4]), ACTOR)
    service.run_command(PairRound("night"), ACTOR)
    state = service.load("night").state
    seats = state.rounds[0].tables[0].seats
    service.run_command(EnterResult("night", 1, {"winner": seats[0], "eliminated": list(seats[1:]),
                                             "draw": False}), ACTOR)
    loaded = service.load("night")
    assert status_of(loaded.state, loaded.ruleset) == FINISHED
    assert service.summary("night").status == FINISHED


def test_bad_dates_and_deletion_without_confirmation_store_nothing(
        service: EventService) -> None:
    cup(service)
    error = refused(service, EventDetails("cup", "2026-13-40"), InvalidInput)
    assert (error.code, error.field) == ("event.date", "date")
    error = refused(service, DeleteEvent("cup", confirm="cu"), Conflict)
    assert (error.code, error.field) == ("event.confirm", "confirm")
    assert "8 players" in str(error) and "1 actions" not in str(error)
    assert "безвозвратно" in ru(error)
    lost = service.run_command(DeleteEvent("cup", confirm="cup"), ACTOR).value
    assert (lost.players, lost.rounds) == (8, 0)
    with pytest.raises(NotFound):
        service.load("cup")
    cup(service)  # the id is free again, a new event under it
    assert len(service.log("cup")) == 1 + len(NAMES)
