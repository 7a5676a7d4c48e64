"""The format kernel: phases enforced in one place, divisions in the core, typed commands with
structured refusals, incremental state. Each test reproduces what a user found before the
kernel (regressions) or proves a promise of it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from podium.core import phases
from podium.core import replay as replay_module
from podium.core.errors import Conflict, InvalidInput, PodiumError
from podium.core.log import Kind
from podium.core.top_replay import top_of
from podium.service import EventService
from podium.service.commands import (
    AddPlayers,
    AppendActions,
    EnterResult,
    MoveToDivision,
    PairRound,
)
from podium.service.simulate import play, play_round, play_top, setup
from podium.service.states import SnapshotPolicy
from podium.service.top import BuildTop, EnterTopResult, PreviewTop
from podium.store.db import Database

ACTOR = "judge"


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = Database(str(tmp_path / "kernel.db"))
    yield database
    database.dispose()


@pytest.fixture
def service(db: Database) -> EventService:
    return EventService(db)


def event(service: EventService, slug: str, fmt: str, players: int = 8,
          **settings: object) -> None:
    service.create_event(slug, slug, fmt, settings, ACTOR, seed=3)
    service.run_command(AddPlayers(slug, tuple(f"P{i}" for i in range(1, players + 1))), ACTOR)


# phases -----------------------------------------------------------------------------------------
def test_no_swiss_round_once_the_top_has_begun(service: EventService) -> None:
    """Reproduced before: a Commander event accepted Swiss rounds 2 and 3 after its TOP was
    built and had a result. Now the TOP phase closes the Swiss stage, whoever pairs."""
    event(service, "cup", "commander", rounds=3, final_size=0, fewer_rounds=True)
    rng = random.Random(1)
    play_round(service, "cup", ACTOR, rng)
    service.run_command(BuildTop("cup", 4), ACTOR)
    bracket = top_of(service.load("cup").state)
    first = bracket.match(1)
    service.run_command(EnterTopResult("cup", 1, {"winner": first.players[0]}), ACTOR)
    with pytest.raises(Conflict, match="the TOP has begun") as refused:
        service.run_command(PairRound("cup"), ACTOR)
    assert refused.value.code == "phase.closed"
    # a round written into the log by hand is refused by replay all the same
    stage_round = {"round": 2, "stage": "swiss", "tables": [[1, 2, 3, 4]], "seed": 0}
    with pytest.raises(Conflict, match="the TOP has begun"):
        service.run_command(AppendActions("cup", ((Kind.ROUND_PAIRED, stage_round, ""),)), ACTOR)
    assert len(service.load("cup").state.rounds) == 1


def test_a_marathon_has_no_top(service: EventService) -> None:
    """Reproduced before: a TOP could be built inside a mahjong marathon."""
    service.create_event("mj", "mj", "mahjong-marathon", {}, ACTOR, seed=1)
    with pytest.raises(PodiumError, match="no TOP"):
        service.run_command(BuildTop("mj", 4), ACTOR)
    built = {"slots": [1, 2], "size": 2, "seeds": [[1, 1], [2, 2]]}
    with pytest.raises(InvalidInput, match=r"unknown kind 'top\.built' for a mahjong-marathon"):
        service.run_command(AppendActions("mj", ((Kind.TOP_BUILT, built, ""),)), ACTOR)


def test_a_commander_event_with_a_final_pod_has_no_top_and_ends_with_it(
        service: EventService) -> None:
    """Rule CMD-10: after the final pod's result the event is complete with its champion; no
    next round, and the TOP (which Commander plays only without a final pod) is refused,
    preview included (reproduced before: a preview offered a TOP of 8)."""
    event(service, "cup", "commander", players=8, rounds=2, fewer_rounds=True)
    play(service, "cup", ACTOR, random.Random(2))
    loaded = service.load("cup")
    status = phases.status(loaded.state, loaded.ruleset)
    final = loaded.state.rounds[-1]
    assert final.stage == "final" and status.complete
    winner = next(o.player for o in final.results[1].outcomes if o.won or o.drew)
    assert status.champion == loaded.ruleset.standings(loaded.state).order()[0]
    assert status.champion in final.tables[0].seats and winner in final.tables[0].seats
    assert not (status.can_pair or status.can_build_top or status.can_undo_round)
    with pytest.raises(Conflict) as refused:
        service.run_command(PairRound("cup"), ACTOR)
    assert refused.value.code == "event.complete"
    for command in (PreviewTop("cup", 8), BuildTop("cup", 8)):
        with pytest.raises(Conflict, match="no TOP"):
            service.run_command(command, ACTOR)


def test_a_round_of_an_undeclared_stage_is_refused(service: EventService) -> None:
    """Phases are declared, not free strings: a round of a stage the format does not have is
    refused, naming the field."""
    event(service, "cup", "commander")
    bogus = {"round": 1, "stage": "semifinal", "tables": [[1, 2, 3, 4]], "seed": 0}
    with pytest.raises(InvalidInput, match="not a stage of rounds") as refused:
        service.run_command(AppendActions("cup", ((Kind.ROUND_PAIRED, bogus, ""),)), ACTOR)
    assert refused.value.field == "stage"


def test_undoing_the_round_that_opened_a_phase_goes_back(service: EventService) -> None:
    event(service, "cup", "commander", players=8, rounds=1, fewer_rounds=True)
    play_round(service, "cup", ACTOR, random.Random(3))
    service.run_command(PairRound("cup"), ACTOR)
    assert phases.current(service.load("cup").state, service.load("cup").ruleset).key == "final"
    service.undo_round("cup", ACTOR, "wrong players")
    loaded = service.load("cup")
    assert phases.current(loaded.state, loaded.ruleset).key == "swiss"


# divisions --------------------------------------------------------------------------------------
def test_berserk_tables_are_core_divisions_and_a_late_entrant_can_join_one(
        service: EventService) -> None:
    """Rule BRK-6 on core divisions: the split is ``divisions.assigned``; a player registered
    after round 1 (who before could only be dropped) is placed at a table with room by a
    logged move with a reason; a player who has played stays at their table."""
    event(service, "brk", "berserk", players=16, rounds=3, tables=2)
    rng = random.Random(4)
    setup(service, "brk", ACTOR, rng)
    assert service.log("brk")[-1].kind == "divisions.assigned"
    play_round(service, "brk", ACTOR, rng)
    service.run_command(AddPlayers("brk", ("Zoe",)), ACTOR)
    with pytest.raises(Conflict, match="no draft table for Zoe"):
        service.run_command(PairRound("brk"), ACTOR)
    with pytest.raises(InvalidInput, match="needs a reason"):
        service.run_command(MoveToDivision("brk", "Zoe", "table-1"), ACTOR)
    service.run_command(MoveToDivision("brk", "Zoe", "Draft table 1", reason="arrived late"),
                    ACTOR)
    state = service.load("brk").state
    assert state.division_of[state.player_by_name("Zoe").id] == "table-1"
    elsewhere = next(pid for pid, key in state.division_of.items() if key != "table-1")
    with pytest.raises(Conflict, match="has already played"):
        service.run_command(MoveToDivision("brk", f"#{elsewhere}", "table-1", reason="swap"),
                        ACTOR)
    assert play_round(service, "brk", ACTOR, rng)  # Zoe plays at table 1 now


def test_max_table_is_bounded_by_what_the_pairing_can_do(service: EventService) -> None:
    """Reproduced before: the legal setting max_table=30 crashed pairing with a server error.
    The exact duel pairing handles 24; the setting says so."""
    with pytest.raises(InvalidInput, match="max_table: 30 must be between 2 and 24"):
        service.create_event("brk", "brk", "berserk", {"max_table": 30}, ACTOR)
    event(service, "big", "berserk", players=24, max_table=24, tables=1, rounds=1)
    assert play_round(service, "big", ACTOR, random.Random(5))


# commands and refusals --------------------------------------------------------------------------
def test_a_malformed_entry_is_a_refusal_naming_its_field(service: EventService) -> None:
    """Reproduced before: ``{"winner": 1, "eliminated": 5}`` surfaced as ``TypeError: 'int'
    object is not iterable``. The entry is decoded by the format's schema first."""
    event(service, "cup", "commander")
    service.run_command(PairRound("cup"), ACTOR)
    with pytest.raises(InvalidInput) as refused:
        service.run_command(EnterResult("cup", 1, {"winner": 1, "eliminated": 5}), ACTOR)
    error = refused.value
    assert error.field == "entry.eliminated" and error.code == "payload.type"
    assert error.to_json() == {"code": "payload.type", "field": "entry.eliminated",
                               "message": str(error), "params": error.to_json()["params"]}
    assert "expected a list" in str(error)


def test_refusals_carry_a_code_a_field_a_message_id_and_params(service: EventService) -> None:
    event(service, "cup", "commander")
    with pytest.raises(InvalidInput) as refused:
        service.drop_player("cup", "Nobody", ACTOR)
    error = refused.value
    assert (error.code, error.field, error.msgid) == (
        "player.unknown", "player", "no player named %(name)r in this event")
    assert error.params == {"name": "Nobody"} and error.status == 422


# incremental state ------------------------------------------------------------------------------
def test_a_write_applies_only_its_new_actions(service: EventService, db: Database,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: each write replayed the whole log (three times for a web result). Now a warm
    process applies only the new action; a new process starts from the newest snapshot and
    applies the tail."""
    event(service, "cup", "commander", players=12)
    rng = random.Random(6)
    play_round(service, "cup", ACTOR, rng)
    service.load("cup")
    applied: list[str] = []
    real_apply = replay_module.apply

    def counting(state, action, ruleset):
        applied.append(action.kind)
        return real_apply(state, action, ruleset)

    monkeypatch.setattr("podium.service.events.apply", counting)
    monkeypatch.setattr("podium.service.states.apply", counting)
    monkeypatch.setattr("podium.service.states.replay",
                        lambda *a: pytest.fail("a warm write must not replay the log"))
    paired = service.run_command(PairRound("cup"), ACTOR)
    table = paired.value.tables[0]
    service.run_command(EnterResult("cup", table.number,
                                paired.loaded.ruleset.sample_result(paired.state, paired.value,
                                                                    table, rng)), ACTOR)
    assert applied == [Kind.ROUND_PAIRED, Kind.RESULT_ENTERED]
    monkeypatch.undo()
    assert service.states.save_snapshot("cup", service.clock())
    other = EventService(db)  # another process: catches up from the snapshot
    other.run_command(EnterResult("cup", paired.value.tables[1].number, paired.loaded.ruleset
                              .sample_result(paired.state, paired.value,
                                             paired.value.tables[1], rng)), ACTOR)
    loaded = service.load("cup")  # the first process sees the other's write
    assert 2 in loaded.state.rounds[-1].results


def test_a_snapshot_from_other_code_or_another_log_is_not_used(service: EventService,
                                                                 db: Database) -> None:
    event(service, "cup", "commander", players=8)
    play_round(service, "cup", ACTOR, random.Random(7))
    assert service.states.save_snapshot("cup", service.clock())
    with db.session() as session:
        from sqlalchemy import update

        from podium.store.models import SnapshotRow

        session.execute(update(SnapshotRow).values(code_version="other code"))
    fresh = EventService(db)
    assert fresh.load("cup").state.last_seq == service.load("cup").state.last_seq
    off = EventService(db, snapshots=SnapshotPolicy(enabled=False))
    assert len(off.load("cup").state.rounds) == 1


def test_a_due_snapshot_is_stored_after_the_write_answers(db: Database,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """Before: the write that made a snapshot due pickled and stored it before
    answering (a 1.19 s snapshot inside one write at 10,000 players). Now the write answers
    first and the snapshot is stored after it, in a thread of its own: the log stays the
    truth, and a new process still starts from that snapshot."""
    import threading

    from podium.service.states import StateCache

    service = EventService(db, snapshots=SnapshotPolicy(seconds=1e9, actions=1))
    event(service, "cup", "commander", players=8)
    service.states.wait_for_snapshots()
    order: list[str] = []
    release = threading.Event()
    real_save = StateCache.save_snapshot

    def held(self: StateCache, slug: str, now: object) -> bool:
        order.append("snapshot begun")
        # stored inside the write, it would hold the write's answer until this times out
        release.wait(timeout=10)
        order.append("snapshot storing")
        return real_save(self, slug, now)  # type: ignore[arg-type]

    monkeypatch.setattr(StateCache, "save_snapshot", held)
    done = service.run_command(PairRound("cup"), ACTOR)  # one action: a snapshot is due
    order.append("write answered")
    release.set()
    service.states.wait_for_snapshots()
    assert order.index("write answered") < order.index("snapshot storing")
    monkeypatch.undo()

    monkeypatch.setattr("podium.service.states.replay",
                        lambda *a: pytest.fail("a new process starts from the snapshot"))
    fresh = EventService(db)
    assert fresh.load("cup").state.last_seq == done.state.last_seq
    assert len(fresh.load("cup").state.rounds) == 1


def test_a_preview_stores_nothing_and_leaves_the_state(service: EventService) -> None:
    event(service, "cup", "commander", final_size=0, rounds=1, fewer_rounds=True)
    play_round(service, "cup", ACTOR, random.Random(8))
    before = service.load("cup").state.last_seq
    preview = service.run_command(PreviewTop("cup", 4), "preview")
    assert preview.value.size == 4 and not preview.actions[0].seq > before + 1
    assert top_of(service.load("cup").state) is None
    assert service.load("cup").state.last_seq == before
    play_top(service, "cup", ACTOR, random.Random(9), 4)
    assert phases.champion(service.load("cup").state, service.load("cup").ruleset) is not None
