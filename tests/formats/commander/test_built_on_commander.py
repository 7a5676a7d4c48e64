"""A format built on Commander's rules (a subclass) gets none of Commander's own declarations
(its byes given in advance and hand edits: kinds and commands named ``commander.*``) unless it
adopts them explicitly (``adopts = ("commander",)``): without, it still registers, passes the
conformance kit's tour and refuses Commander's commands as another format's; adopting, it has
them, and the registry accepts the ``commander.`` kinds it then declares."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from podium.core import codes
from podium.core.commands import API, JSON, Caller
from podium.core.errors import Conflict
from podium.core.replay import replay
from podium.core.ruleset import ActionKind, RulesetError, check_ruleset
from podium.formats.commander.rules import Commander
from podium.formats.registry import all_formats, register, unregister
from podium.service.catalog import Catalog, Invocation
from podium.service.events import EventService
from podium.store.db import Database
from podium.testing import digest, tour
from podium.testing.kit import ACTOR

COMMANDER_OWN = {"commander.bye", "commander.bye-cancel", "commander.move", "commander.swap",
                 "commander.seats", "commander.undo-edit"}


class Plain(Commander):
    """Commander's rules under another name, adopting nothing."""

    name = "plain-pods"
    title = "Plain pods"


class Adopting(Commander):
    """Commander's rules and, by explicit choice, its byes in advance and hand edits."""

    name = "adopting-pods"
    title = "Adopting pods"
    adopts = ("commander",)


@pytest.fixture
def formats() -> Iterator[None]:
    register(Plain())
    register(Adopting())
    yield
    unregister("plain-pods")
    unregister("adopting-pods")


@pytest.fixture
def service(formats, tmp_path: Path) -> EventService:
    return EventService(Database(str(tmp_path / "pods.db")))


def run(service: EventService, name: str, slug: str, fields: dict):
    return service.execute(Invocation(name, slug, fields, JSON, API), Caller.cli(ACTOR))


def test_a_format_built_on_commander_inherits_none_of_its_own_declarations(formats) -> None:
    plain = Plain()
    assert plain.action_kinds() == () and plain.commands() == ()
    catalog = Catalog(all_formats())
    names = {spec.name for spec in catalog.commands_for("plain-pods")}
    assert not {n for n in names if n.startswith("commander.")}
    assert "plain-pods.result" in names  # its own result command, named after it
    assert {spec.name for spec in catalog.commands_for("commander")} >= COMMANDER_OWN


def test_it_passes_the_tour_and_refuses_commanders_commands(service: EventService) -> None:
    plain = Plain()
    tour(service, "p", plain, {})
    live = service.load("p")
    assert digest(replay(service.log("p"), plain), plain) == digest(live.state, plain)
    assert not [a for a in service.log("p") if a.kind.startswith("commander.")]
    before = len(service.log("p"))
    with pytest.raises(Conflict) as refused:
        run(service, "commander.bye", "p", {"player": "P01", "reason": "judge"})
    assert refused.value.code == codes.FORMAT_OTHER and len(service.log("p")) == before


def test_an_adopting_format_has_commanders_kinds_and_commands(service: EventService) -> None:
    adopting = Adopting()
    kinds = {kind.name for kind in adopting.action_kinds()}
    assert kinds == {kind.name for kind in Commander().action_kinds()}
    assert "commander.bye.given" in kinds
    check_ruleset(adopting)  # the registry accepts the adopted prefix
    catalog = Catalog(all_formats())
    assert {spec.name for spec in catalog.commands_for("adopting-pods")} >= COMMANDER_OWN
    tour(service, "a", adopting, {})
    done = run(service, "commander.bye", "a", {"player": "P01", "reason": "judges"})
    assert done.value is not None
    log = service.log("a")
    assert log[-1].kind == "commander.bye.given" and log[-1].reason == "judges"
    assert digest(replay(log, adopting), adopting) == digest(service.load("a").state, adopting)


def test_the_registry_refuses_commanders_kinds_not_adopted() -> None:
    stray = Commander().action_kinds()[0]

    class Stray(Plain):
        name = "stray-pods"

        def action_kinds(self) -> tuple[ActionKind, ...]:
            return (stray,)

    with pytest.raises(RulesetError, match=r"must start with 'stray-pods\.'"):
        check_ruleset(Stray())
