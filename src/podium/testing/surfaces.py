"""The conformance kit's checks of declared commands on the three surfaces.

:class:`Surfaces` opens one database three ways, as people reach it: the command line
(``podium --db ...``, the organiser of its database), the JSON API (an organiser's token) and
the organiser's pages (a signed-in owner). Against an event of any format it checks:

- :func:`every_command_answers`: every command the event's format has answers on every surface
  it is offered on, with no field given: done, or a structured refusal (an exit code 2 to 4, a
  JSON refusal with its code, a page with its status), never a crash, and a refusal stores
  nothing;
- :func:`same_actions_on_every_surface`: a command's example (what a person would type,
  :attr:`podium.core.commands.CommandSpec.example`) stores the same actions whether typed on
  the command line, sent as JSON or posted from the page, each on its own copy of the event;
- :func:`any_input_is_a_structured_refusal`: any JSON value or any text in any field is done
  or refused with a code, never a Python error, and a refusal stores nothing (Hypothesis).

A format in its own package runs these in its own tests (see the toy format in
``tests/conformance``). Needs the test extras (``pip install 'podium[test]'``).
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from podium.core.commands import API, CLI, PLAYER, TEXT, WEB, Caller, CommandSpec
from podium.core.errors import PodiumError
from podium.core.reads import ViewSpec
from podium.service.catalog import Catalog, Invocation
from podium.service.events import EventService
from podium.store.db import Database

PASSWORD = "correct horse battery"
ACCOUNT = "kit-owner"
PYTHON = re.compile(r"Traceback|TypeError|KeyError|AttributeError|ValueError|IndexError|"
                    r"NoneType|object is not|unhashable")


@dataclass
class Stored:
    """What one run on one surface did: its status (exit code or HTTP status), the text it
    answered, and the actions it stored (kind, payload and reason: no seq, time or actor)."""

    status: int
    text: str
    actions: list[tuple[str, Any, str]] = field(default_factory=list)

    @property
    def done(self) -> bool:
        return self.status in (0, 200, 303)


class Surfaces:
    """One database reached through the CLI, the API and the pages (see the module)."""

    def __init__(self, path: Path | str) -> None:
        from fastapi.testclient import TestClient

        from podium.compose import build_catalog, web_app
        from podium.service.accounts import AccountService

        self.path = str(path)
        self._cli_root: Any = None
        self.db = Database(self.path)
        self.catalog: Catalog = build_catalog()
        self.events = EventService(self.db, catalog=self.catalog)
        self.accounts = AccountService(self.db)
        try:
            self.accounts.get_user(ACCOUNT)
        except PodiumError:
            self.accounts.create_user(ACCOUNT, PASSWORD)
        self.token = self.accounts.create_token(ACCOUNT)
        self.app = web_app(self.db, catalog=self.catalog)
        self.client = TestClient(self.app, follow_redirects=False)
        page = self.client.get("/login").text
        self.csrf = _csrf(page)
        signed = self.client.post("/login", data={"username": ACCOUNT, "password": PASSWORD,
                                                  "csrf_token": self.csrf})
        assert signed.status_code == 303, "the kit's organiser cannot sign in"
        self.csrf = _csrf(self.client.get("/manage").text)

    def own(self, slug: str) -> None:
        """The kit's account runs event ``slug`` on the web and the API."""
        from podium.service.accounts import OWNER

        self.accounts.grant(slug, ACCOUNT, OWNER, "kit")

    def log(self, slug: str) -> list[tuple[str, Any, str]]:
        return [(a.kind, a.payload, a.reason) for a in self.events.log(slug)]

    # the three surfaces ------------------------------------------------------------------------
    def run(self, surface: str, spec: CommandSpec, slug: str, fields: Mapping[str, Any],
            code: str | None = None) -> Stored:
        before = len(self.events.log(slug)) if spec.event else 0
        if surface == CLI:
            status, text = self._cli(spec, slug, fields, code)
        elif surface == API:
            status, text = self._api(spec, slug, fields, code)
        else:
            status, text = self._web(spec, slug, fields)
        after = self.log(slug)[before:] if spec.event else []
        return Stored(status, text, after)

    def _cli(self, spec: CommandSpec, slug: str, fields: Mapping[str, Any],
             code: str | None) -> tuple[int, str]:
        from click.testing import CliRunner

        from podium.cli.main import build_cli

        if self._cli_root is None:
            self._cli_root = build_cli(self.catalog)
        args = ["--db", self.path, "--actor", "kit"]
        if spec.event:  # the format's group: ``podium <format> <command> EVENT``
            args += [self.events.summary(slug).format, _short(spec), slug]
        else:
            group, name = spec.shared or ("", spec.command_name)
            args += [part for part in (group, name) if part]
        args += cli_arguments(spec, fields)
        if spec.role == PLAYER and code:
            args += ["--code", code]
        result = CliRunner().invoke(self._cli_root, args, catch_exceptions=True)
        text = result.output + (result.stderr if result.stderr_bytes else "")
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise AssertionError(f"{' '.join(args)} crashed: {result.exception!r}\n{text}")
        return result.exit_code, text

    def _api(self, spec: CommandSpec, slug: str, fields: Mapping[str, Any],
             code: str | None) -> tuple[int, str]:
        from podium.api.bodies import json_fields

        event_format = self.events.summary(slug).format if spec.event else None
        body = {k: ({"name": v[0], "text": v[1]} if isinstance(v, tuple) else v)
                for k, v in json_fields(spec, fields, event_format).items()}
        path = (f"/api/v1/events/{slug}/commands/{spec.name}" if spec.event
                else f"/api/v1/commands/{spec.name}")
        token = code if spec.role == PLAYER and code else self.token
        answer = self.client.post(path, json=body, headers={"Authorization": f"Bearer {token}"})
        return answer.status_code, answer.text

    def _web(self, spec: CommandSpec, slug: str, fields: Mapping[str, Any]) -> tuple[int, str]:
        data: dict[str, Any] = {"csrf_token": self.csrf}
        files = {}
        for key, value in fields.items():
            if isinstance(value, tuple):
                files[key] = (value[0], value[1].encode("utf-8"))
            else:
                data[key] = value
        answer = self.client.post(f"/manage/{slug}/do/{spec.name}", data=data,
                                  files=files or None)
        return answer.status_code, answer.text


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found, "the page has no CSRF field"
    return found.group(1)


def _short(spec: CommandSpec) -> str:
    """The command's name in a format's group (:func:`podium.cli.declared.format_group`)."""
    return spec.command_name if spec.format is not None else spec.name.replace(".", "-")


def cli_arguments(spec: CommandSpec, fields: Mapping[str, Any]) -> list[str]:
    """The command-line arguments of ``fields`` (text, as a person types them): arguments in
    order, options by name, switches when yes, a file written to a temporary path."""
    args: list[str] = []
    options: list[str] = []
    for param in spec.params_on(CLI):
        if param.name not in fields:
            continue
        value = fields[param.name]
        if isinstance(value, tuple):
            folder = Path(tempfile.mkdtemp(prefix="podium-kit-"))
            (folder / value[0]).write_text(value[1], encoding="utf-8")
            value = str(folder / value[0])
        if param.argument:
            args += list(value) if isinstance(value, list) else [str(value)]
        elif param.input.flag:
            if str(value).strip().lower() in ("yes", "true", "1", "on"):
                options.append(param.option)
        else:
            for item in value if isinstance(value, list) else [value]:
                options += [param.option, str(item)]
    return [*args, *options]


def surfaces_of(spec: CommandSpec) -> list[str]:
    return [s for s in (CLI, API, WEB) if spec.on(s)]


def copy_of(surfaces: Surfaces, slug: str, copy: str) -> str:
    """Event ``slug`` again under the id ``copy`` (from its event file), run by the kit."""
    from podium.service.transfer import dumps, export_document, import_document

    document = json.loads(dumps(export_document(surfaces.events, slug)))
    import_document(surfaces.events, document, copy)
    surfaces.own(copy)
    return copy


def every_command_answers(surfaces: Surfaces, slug: str) -> int:
    """Every command of the event's format, with no field, on every surface: done or a
    structured refusal, and a refusal stores nothing (on a copy of the event, which the
    commands that need no field change). Answers how many runs were checked."""
    slug = copy_of(surfaces, slug, f"{slug[:50]}-answers")
    state = surfaces.events.load(slug).state
    checked = 0
    for spec in surfaces.catalog.commands_for(state.format):
        if spec.role == PLAYER:
            continue  # a player command needs a code: any_input_is_a_structured_refusal
        for surface in surfaces_of(spec):
            stored = surfaces.run(surface, spec, slug, {})
            checked += 1
            where = f"{spec.name} on {surface}"
            assert stored.status < 500, (where, stored.status, stored.text[:500])
            assert "No such command" not in stored.text, (where, stored.text[:300])
            assert not PYTHON.search(stored.text if surface != WEB else ""), (where,
                                                                               stored.text)
            if not stored.done:
                assert not stored.actions, (where, "a refusal stored", stored.actions)
                if surface == API:
                    assert json.loads(stored.text).get("code"), (where, stored.text)
    return checked


def same_actions_on_every_surface(surfaces: Surfaces, slug: str) -> list[str]:
    """Each command whose example applies to event ``slug``, run once a surface, each on its
    own copy of the event (imported from its file under another id): the same actions stored,
    or refused alike. Answers the names of the commands compared."""
    from podium.service.transfer import dumps, export_document, import_document

    loaded = surfaces.events.load(slug)
    document = json.loads(dumps(export_document(surfaces.events, slug)))
    compared = []
    for spec in surfaces.catalog.commands_for(loaded.state.format):
        if spec.example is None or spec.role == PLAYER or not spec.event:
            continue
        example = spec.example(loaded.state)
        if example is None:
            continue
        results = []
        for surface in surfaces_of(spec):
            copy = f"{slug[:40]}-{spec.name.replace('.', '-')[:15]}-{surface}"
            import_document(surfaces.events, json.loads(json.dumps(document)), copy)
            surfaces.own(copy)
            results.append((surface, surfaces.run(surface, spec, copy, dict(example))))
        first_surface, first = results[0]
        for surface, other in results[1:]:
            assert first.done == other.done, (spec.name, example, first_surface, first.status,
                                              first.text[:300], surface, other.status,
                                              other.text[:300])
            assert first.actions == other.actions, (spec.name, first_surface, surface,
                                                    first.actions, other.actions)
        compared.append(spec.name)
    return compared


def any_input_is_a_structured_refusal(service: EventService, slug: str, spec: CommandSpec,
                                      fields: Mapping[str, Any], source: str,
                                      code: str | None = None) -> bool:
    """Run ``spec`` with ``fields`` (any JSON, or any text) as the organiser (a player with
    ``code`` for a player command): done, or a refusal with a code and a message that stores
    nothing. Answers whether it was done."""
    before = len(service.log(slug)) if spec.event else 0
    caller = (Caller(actor="player", code=code) if spec.role == PLAYER
              else Caller.cli("kit"))
    surface = API if source != TEXT else WEB
    try:
        service.execute(Invocation(spec.name, slug, dict(fields), source, surface), caller)
    except PodiumError as error:
        assert error.code and error.msgid, (spec.name, fields, error)
        json.dumps(error.to_json())
        if spec.event:
            assert len(service.log(slug)) == before, (spec.name, fields, "a refusal stored")
        return False
    return True


# -- views ----------------------------------------------------------------------------------------
def read_everywhere(surfaces: Surfaces, spec: ViewSpec[Any], slug: str,
                    fields: Mapping[str, Any]) -> dict[str, tuple[int, str]]:
    """View ``spec`` of event ``slug`` read with ``fields`` (text) on each surface it is
    offered on, as the kit's organiser: the command line's ``--json``, the API's JSON, the
    page's HTML; each as (status, text)."""
    from urllib.parse import urlencode

    out: dict[str, tuple[int, str]] = {}
    if spec.on(CLI):
        from click.testing import CliRunner

        from podium.cli.main import build_cli

        if surfaces._cli_root is None:
            surfaces._cli_root = build_cli(surfaces.catalog)
        name = spec.command_name if spec.format is not None else spec.name.replace(".", "-")
        args = ["--db", surfaces.path, "--actor", "kit", surfaces.events.summary(slug).format,
                name, slug, *cli_arguments(spec, fields), "--json"]  # type: ignore[arg-type]  # path set
        result = CliRunner().invoke(surfaces._cli_root, args, catch_exceptions=True)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise AssertionError(f"{' '.join(args)} crashed: {result.exception!r}")
        out[CLI] = (result.exit_code, result.output + (result.stderr if result.stderr_bytes
                                                       else ""))
    query = urlencode({k: v for k, v in fields.items()}, doseq=True)
    if spec.on(API):
        answer = surfaces.client.get(f"/api/v1/events/{slug}/views/{spec.name}"
                                     + (f"?{query}" if query else ""),
                                     headers={"Authorization": f"Bearer {surfaces.token}"})
        out[API] = (answer.status_code, answer.text)
    if spec.on(WEB):
        answer = surfaces.client.get(f"/e/{slug}/v/{spec.name}" + (f"?{query}" if query else ""))
        out[WEB] = (answer.status_code, answer.text)
    return out


def every_view_answers(surfaces: Surfaces, slug: str) -> list[str]:
    """Each view of the event's format with its example: the same value on the command line
    (``--json``) and the API, a page on the web; with a parameter that cannot be right, a
    structured refusal naming it on every surface. Answers the views compared."""
    state = surfaces.events.load(slug).state
    compared = []
    for spec in surfaces.catalog.views_for(state.format):
        if spec.role == PLAYER or spec.example is None:
            continue
        example = spec.example(state)
        if example is None:
            continue
        if spec.paged:  # the same page on every surface
            example = {"limit": "50", **example}
        found = read_everywhere(surfaces, spec, slug, dict(example))
        where = f"view {spec.name} {dict(example)}"
        for surface, (status, text) in found.items():
            assert status in (0, 200), (where, surface, status, text[:500])
        if CLI in found and API in found:
            assert json.loads(found[CLI][1]) == json.loads(found[API][1]), where
        for param in spec.params_on(API):
            bad = dict(example)
            bad[param.name] = "\u00a7not-a-value\u00a7" * 3
            for surface, (status, text) in read_everywhere(surfaces, spec, slug, bad).items():
                if status in (0, 200):
                    continue  # free text: any is a value
                assert status in (2, 3, 4, 400, 404, 409, 422), (where, surface, status, text)
                assert not PYTHON.search(text), (where, surface, text[:500])
                if surface == API:
                    assert json.loads(text)["field"] == param.name, (where, text)
        compared.append(spec.name)
    return compared


__all__ = ["Stored", "Surfaces", "any_input_is_a_structured_refusal", "cli_arguments",
           "every_command_answers", "every_view_answers", "read_everywhere",
           "same_actions_on_every_surface"]
