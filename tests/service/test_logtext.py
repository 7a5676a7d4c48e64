"""The log's one wording (:mod:`podium.service.logtext`), which ``podium log`` and the organiser's
log page both print: every action kind of every format gets a line in English and in Russian,
players by name, nothing raw, and the same line however the payload's keys were stored."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from podium.core.log import Action
from podium.core.model import EventState
from podium.core.replay import kinds_of
from podium.formats import all_formats, get_format
from podium.service.events import EventService
from podium.service.logtext import describe, kind_titles
from podium.store.db import Database
from podium.testing.kit import kinds_to_cover, tour

FORMATS = {ruleset.name: ruleset for ruleset in all_formats()}
#: A Python value or an unfilled message printed as it is, never in a log line.
RAW = re.compile(r"\bTrue\b|\bFalse\b|\bNone\b|\{'|\[\d|\"id\"|%\(")


@pytest.fixture(scope="module")
def toured(tmp_path_factory: pytest.TempPathFactory) -> EventService:
    """One event per format and example settings, toured through every action kind (the
    conformance kit's tour)."""
    service = EventService(Database(str(tmp_path_factory.mktemp("log") / "kit.db")))
    for name, ruleset in FORMATS.items():
        for index, settings in enumerate(ruleset.example_settings):
            tour(service, f"{name}-{index}", ruleset, settings)
    return service


def said(state: EventState, action: Action, lang: str) -> str:
    """An action's line as the log says it, with the event's format's setting labels."""
    return describe(state, action, lang, get_format(state.format))


def logs(service: EventService, name: str) -> list[tuple[EventState, Action]]:
    out: list[tuple[EventState, Action]] = []
    for index in range(len(FORMATS[name].example_settings)):
        state = service.load(f"{name}-{index}").state
        out.extend((state, action) for action in service.log(f"{name}-{index}"))
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", sorted(FORMATS))
def test_every_action_kind_has_a_line(toured: EventService, name: str, lang: str) -> None:
    """Each kind the format accepts is stored by the tour and says itself: a title (in Russian
    a translated one) and details for every action whose payload holds anything; an action
    kind with nothing to describe fails here."""
    ruleset = FORMATS[name]
    title = kind_titles(lang, ruleset)
    seen: dict[str, list[str]] = {}
    for state, action in logs(toured, name):
        seen.setdefault(action.kind, []).append(said(state, action, lang))
        assert title(action.kind)
        if lang == "ru":
            assert title(action.kind) != action.kind, f"{action.kind} has no Russian title"
    missing = kinds_to_cover(ruleset) - set(seen)
    assert not missing, f"the tour of {name} never stored {sorted(missing)}"
    kinds = kinds_of(ruleset)
    for kind, lines in seen.items():
        assert kind in kinds
        for line in lines:
            assert not RAW.search(line), (kind, line)
    silent = {kind for kind, lines in seen.items() if not any(lines)}
    # (a TOP undone and a sign-up closed have empty payloads: their titles say all there is)
    assert silent <= {"top.undone", "signup.closed"}, \
        f"{name}: no description for {sorted(silent)}"


def test_no_english_label_left_in_russian(toured: EventService) -> None:
    """Every payload key shown in Russian has its Russian label: an English key ("from_round")
    or its spaced English form in a Russian line means a msgid is missing."""
    for name in FORMATS:
        for state, action in logs(toured, name):
            line = said(state, action, "ru")
            for key in action.payload:
                english = key.replace("_", " ")
                assert f"{english}: " not in line and f"{key}: " not in line, (
                    action.kind, key, line)


def test_the_line_does_not_depend_on_the_stored_key_order(toured: EventService) -> None:
    """An imported event's payloads have their keys sorted (the event file is canonical JSON):
    its log says the same, settings included (in the order the format declares them)."""
    def resorted(value: object) -> object:
        if isinstance(value, dict):
            return {k: resorted(value[k]) for k in sorted(value, reverse=True)}
        if isinstance(value, list):
            return [resorted(v) for v in value]
        return value

    checked = 0
    for name in FORMATS:
        for state, action in logs(toured, name):
            other = Action(action.seq, action.kind, action.actor, action.at,
                           resorted(action.payload), action.reason)
            for lang in ("en", "ru"):
                assert said(state, other, lang) == said(state, action, lang)
            checked += 1
    assert checked > 100


def test_english_lines_name_players_and_say_values_as_typed(tmp_path: Path) -> None:
    """The English lines a person reads: a swap names both players, a result its table and
    winner, a change of settings each setting by its label, sorted, with its value as typed."""
    service = EventService(Database(str(tmp_path / "one.db")))
    tour(service, "cmd", FORMATS["commander"], FORMATS["commander"].example_settings[0])
    state = service.load("cmd").state
    names = {pid: p.name for pid, p in state.players.items()}
    lines = {a.kind: said(state, a, "en") for a in service.log("cmd")}
    swapped = next(a for a in service.log("cmd") if a.kind == "commander.players.swapped")
    first, second = swapped.payload["players"]
    assert lines["commander.players.swapped"] == (
        f"round: {swapped.payload['round']}; players: {names[first]}, {names[second]}")
    assert re.fullmatch(r"round: \d+; table: \d+; result: winner: .+", lines["result.corrected"])
    assert lines["event.archived"] in ("archived: yes", "archived: no")
    a, b, c, d = sorted(names)[:4]
    together = Action(1, "result.entered", "judge", swapped.at,
                      {"table": 2, "entry": {"eliminated": [[b, c], d], "winner": a}, "round": 1},
                      "")  # two players out at the same moment: a list inside, as stored
    assert said(state, together, "en") == (
        f"round: 1; table: 2; result: winner: {names[a]}; "
        f"eliminated: {names[b]}+{names[c]}, {names[d]}")
    changed = Action(1, "settings.changed", "judge", swapped.at,
                     {"settings": {"win_points": 4, "rounds": None, "fewer_rounds": False,
                                   "loss_points": 0}}, "")
    assert said(state, changed, "en") == (
        "settings: points for a win: 4; points for a loss: 0; "
        "Swiss rounds (auto: CMD-11 formula): auto; "
        "allow fewer than 5 Swiss rounds (the regulation's minimum): no")
    assert said(state, changed, "ru").startswith("настройки: очки за победу: 4; ")
