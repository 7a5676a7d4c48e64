"""Event use cases shared by the CLI (and later the API): one transaction each.

Every mutating use case follows one path, :meth:`EventService._commit`: load the log, replay it,
build the new actions, check each with :func:`podium.core.replay.apply` on the replayed state,
and only then append them. A refused action raises and the transaction rolls back, so nothing is
half-written.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.explain import RoundExplanation, explain_round
from podium.core.log import Action, Kind
from podium.core.model import EventState, Player, Round
from podium.core.replay import apply, replay
from podium.core.ruleset import RoundPlan, Ruleset
from podium.core.standings import Standings
from podium.formats import get_format
from podium.service.forms import clean_name, resolve_player
from podium.store.db import Database
from podium.store.repository import EventRepository, EventSummary

Clock = Callable[[], datetime]
SLUG_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-_")


@dataclass
class LoadedEvent:
    summary: EventSummary
    ruleset: Ruleset
    state: EventState
    actions: list[Action]


@dataclass(frozen=True)
class NewAction:
    kind: str
    payload: dict[str, Any]
    reason: str = ""


def utc_now() -> datetime:
    return datetime.now(UTC)


def check_slug(slug: str) -> str:
    if not slug or len(slug) > 64 or not set(slug) <= SLUG_CHARS:
        raise InvalidInput(
            f"event id {slug!r}: use 1 to 64 lowercase latin letters, digits, '-' or '_'"
        )
    return slug


class EventService:
    """The use cases of one database. ``clock`` is injected so tests control time."""

    def __init__(self, db: Database, clock: Clock = utc_now) -> None:
        self.db = db
        self.clock = clock

    # reading ----------------------------------------------------------------------------------
    def list_events(self) -> list[EventSummary]:
        with self.db.session() as session:
            return EventRepository(session).list()

    def load(self, slug: str) -> LoadedEvent:
        with self.db.session() as session:
            return self._load(EventRepository(session), slug)

    @staticmethod
    def _load(repo: EventRepository, slug: str) -> LoadedEvent:
        summary = repo.get(slug)
        ruleset = get_format(summary.format)
        actions = repo.actions(summary.id)
        state = replay(actions, ruleset)
        state.slug = summary.slug
        return LoadedEvent(summary, ruleset, state, actions)

    def standings(
        self, slug: str, through_round: int | None = None
    ) -> tuple[EventState, Standings]:
        loaded = self.load(slug)
        paired = len(loaded.state.rounds)
        if through_round is not None and not 0 <= through_round <= paired:
            raise NotFound(f"no round {through_round}; rounds paired: {paired}")
        return loaded.state, loaded.ruleset.standings(loaded.state, through_round)

    def preview_round(self, slug: str) -> tuple[EventState, RoundPlan]:
        """The round that :meth:`pair_round` would commit now, without storing anything."""
        loaded, plan = self._preview(slug)
        return loaded.state, plan

    def preview_explained(self, slug: str) -> tuple[EventState, RoundExplanation]:
        """:meth:`preview_round` with its explanation."""
        loaded, plan = self._preview(slug)
        return loaded.state, explain_plan(loaded, plan)

    def _preview(self, slug: str) -> tuple[LoadedEvent, RoundPlan]:
        loaded = self.load(slug)
        return loaded, loaded.ruleset.plan_round(loaded.state)

    def explain(self, slug: str, number: int | None = None) -> tuple[EventState, RoundExplanation]:
        """A committed round's explanation (the last round by default), against the standings
        it was paired by."""
        loaded = self.load(slug)
        paired = len(loaded.state.rounds)
        if number is None:
            if not paired:
                raise Conflict("no round has been paired")
            number = paired
        if not 1 <= number <= paired:
            raise NotFound(f"no round {number}; rounds paired: {paired}")
        return loaded.state, explain_paired(loaded, number)

    # writing ----------------------------------------------------------------------------------
    def _commit(
        self, slug: str, actor: str, build: Callable[[LoadedEvent], Sequence[NewAction]]
    ) -> LoadedEvent:
        with self.db.session() as session:
            repo = EventRepository(session)
            loaded = self._load(repo, slug)
            new = self._check(loaded, actor, build(loaded))
            repo.append(loaded.summary.id, new)
            loaded.actions.extend(new)
            return loaded

    def _check(self, loaded: LoadedEvent, actor: str, new: Sequence[NewAction]) -> list[Action]:
        if not actor.strip():
            raise InvalidInput("every action needs an actor")
        now = self.clock()
        actions = []
        for item in new:
            action = Action(
                seq=loaded.state.last_seq + 1,
                kind=item.kind,
                actor=actor,
                at=now,
                payload=item.payload,
                reason=item.reason,
            )
            apply(loaded.state, action, loaded.ruleset)
            actions.append(action)
        return actions

    def create_event(
        self,
        slug: str,
        name: str,
        format_name: str,
        settings: Mapping[str, Any],
        actor: str,
        seed: int | None = None,
    ) -> LoadedEvent:
        check_slug(slug)
        ruleset = get_format(format_name)
        parsed = ruleset.parse_settings(settings)  # validates before anything is stored
        if seed is None:
            seed = secrets.randbits(32)
        if seed < 0:
            raise InvalidInput("the seed must not be negative")
        name = " ".join(name.split()) or slug
        created = Action(
            seq=1,
            kind=Kind.EVENT_CREATED,
            actor=actor,
            at=self.clock(),
            payload={
                "name": name,
                "format": ruleset.name,
                "settings": ruleset.settings_to_json(parsed),
                "seed": seed,
            },
        )
        state = replay([created], ruleset)
        state.slug = slug
        with self.db.session() as session:
            repo = EventRepository(session)
            summary = repo.create(slug, name, ruleset.name, created.at)
            repo.append(summary.id, [created])
        return LoadedEvent(summary, ruleset, state, [created])

    def change_settings(
        self, slug: str, changes: Mapping[str, Any], actor: str, reason: str = ""
    ) -> LoadedEvent:
        if not changes:
            raise InvalidInput("no setting to change")
        return self._commit(
            slug,
            actor,
            lambda loaded: [
                NewAction(
                    Kind.SETTINGS_CHANGED, {"settings": _settings_json(loaded, changes)}, reason
                )
            ],
        )

    def add_players(self, slug: str, names: Sequence[str], actor: str) -> list[Player]:
        cleaned = [clean_name(name) for name in names]
        if not cleaned:
            raise InvalidInput("no player names given")

        def build(loaded: LoadedEvent) -> list[NewAction]:
            next_id = max(loaded.state.players, default=0) + 1
            return [
                NewAction(Kind.PLAYER_REGISTERED, {"player": next_id + i, "name": name})
                for i, name in enumerate(cleaned)
            ]

        loaded = self._commit(slug, actor, build)
        return [loaded.state.players[a.payload["player"]] for a in loaded.actions[-len(cleaned) :]]

    def drop_player(self, slug: str, ref: str, actor: str, reason: str = "") -> Player:
        return self._player_action(slug, ref, actor, Kind.PLAYER_DROPPED, reason)

    def reinstate_player(self, slug: str, ref: str, actor: str, reason: str = "") -> Player:
        return self._player_action(slug, ref, actor, Kind.PLAYER_REINSTATED, reason)

    def _player_action(self, slug: str, ref: str, actor: str, kind: str, reason: str) -> Player:
        loaded = self._commit(
            slug,
            actor,
            lambda loaded: [
                NewAction(kind, {"player": resolve_player(loaded.state, ref).id}, reason)
            ],
        )
        return loaded.state.players[loaded.actions[-1].payload["player"]]

    def pair_round(self, slug: str, actor: str) -> tuple[EventState, Round]:
        loaded = self._pair(slug, actor)
        return loaded.state, loaded.state.rounds[-1]

    def pair_round_explained(self, slug: str, actor: str) -> tuple[EventState, RoundExplanation]:
        """Commit the next round and explain it, with one load of the log."""
        loaded = self._pair(slug, actor)
        return loaded.state, explain_paired(loaded, len(loaded.state.rounds))

    def _pair(self, slug: str, actor: str) -> LoadedEvent:
        def build(loaded: LoadedEvent) -> list[NewAction]:
            plan = loaded.ruleset.plan_round(loaded.state)
            return [NewAction(Kind.ROUND_PAIRED, plan.to_payload())]

        return self._commit(slug, actor, build)

    def undo_round(self, slug: str, actor: str, reason: str = "") -> int:
        def build(loaded: LoadedEvent) -> list[NewAction]:
            current = loaded.state.current_round
            if current is None:
                raise Conflict("no round has been paired")
            return [NewAction(Kind.ROUND_UNDONE, {"round": current.number}, reason)]

        return self._commit(slug, actor, build).actions[-1].payload["round"]

    def enter_result(
        self,
        slug: str,
        table: int,
        entry: Callable[[EventState], dict[str, Any]],
        actor: str,
        *,
        round_number: int | None = None,
        correct: bool = False,
        reason: str = "",
    ) -> tuple[EventState, Round]:
        """Enter (or, with ``correct``, correct) one table's result. ``entry`` turns the typed
        form into the stored entry with the replayed state at hand (names to ids)."""
        if correct and not reason.strip():
            raise InvalidInput("a correction needs a reason")

        def build(loaded: LoadedEvent) -> list[NewAction]:
            current = loaded.state.current_round
            if current is None:
                raise Conflict("no round has been paired")
            number = round_number if round_number is not None else current.number
            kind = Kind.RESULT_CORRECTED if correct else Kind.RESULT_ENTERED
            payload = {"round": number, "table": table, "entry": entry(loaded.state)}
            return [NewAction(kind, payload, reason)]

        loaded = self._commit(slug, actor, build)
        return loaded.state, loaded.state.round(loaded.actions[-1].payload["round"])

    def log(self, slug: str) -> list[Action]:
        return self.load(slug).actions


def _settings_json(loaded: LoadedEvent, changes: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(loaded.ruleset.settings_to_json(loaded.state.settings))
    merged.update(changes)
    parsed = loaded.ruleset.parse_settings(merged)
    as_json = loaded.ruleset.settings_to_json(parsed)
    return {key: as_json[key] for key in changes}


def explain_plan(loaded: LoadedEvent, plan: RoundPlan) -> RoundExplanation:
    """The explanation of a proposed round (a preview, or the round just committed)."""
    state = loaded.state
    before = loaded.ruleset.standings(state, plan.number - 1)
    return explain_round(
        state,
        plan.number,
        plan.stage,
        plan.tables,
        [(b.player, b.reason) for b in plan.byes],
        plan.notes,
        before,
    )


def explain_paired(loaded: LoadedEvent, number: int) -> RoundExplanation:
    """The explanation of a committed round, against the standings it was paired by."""
    state = loaded.state
    rnd = state.round(number)
    before = loaded.ruleset.standings(state, number - 1)
    return explain_round(
        state,
        rnd.number,
        rnd.stage,
        [t.seats for t in rnd.tables],
        [(b.player, b.reason) for b in rnd.byes],
        rnd.notes,
        before,
    )
