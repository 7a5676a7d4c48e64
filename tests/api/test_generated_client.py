"""The published contract, as a client author uses it: a client generated from the app's
``/openapi.json`` by openapi-python-client (no warning: every operation generated), then a
Commander event run end to end through the generated functions only (created, players added,
rounds paired, results with a draw and a shared elimination, a correction, the standings, the
final pod); every answer of the run checked against the schema of its operation and status."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import jsonschema_rs
import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import Site, site  # noqa: F401 - the fixture is used here

BIN = Path(sys.executable).parent


@pytest.fixture
def generated(tmp_path: Path, site: Site) -> Iterator[Any]:  # noqa: F811
    """The generated package, imported (the generator's own run checked for warnings)."""
    document = site.client().get("/openapi.json").json()
    (tmp_path / "openapi.json").write_text(json.dumps(document), encoding="utf-8")
    run = subprocess.run(
        [str(BIN / "openapi-python-client"), "generate", "--path", "openapi.json",
         "--meta", "none", "--output-path", "podium_client"],
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
        env={**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"})
    said = run.stdout + run.stderr
    assert run.returncode == 0, said
    assert "warning" not in said.lower(), said
    sys.path.insert(0, str(tmp_path))
    try:
        yield importlib.import_module("podium_client")
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n == "podium_client" or
                     n.startswith("podium_client.")]:
            del sys.modules[name]


class Contract:
    """Every answer of a run, checked against the schema of its operation and status."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.routes = []
        for path, operations in document["paths"].items():
            pattern = re.escape(path).replace(r"\{", "{").replace(r"\}", "}")
            pattern = re.sub(r"{[^}]+}", "[^/]+", pattern)
            for method, operation in operations.items():
                self.routes.append((method.upper(), re.compile(pattern + "$"), path, operation))
        self.checked: list[tuple[str, str, int]] = []

    def operation(self, method: str, path: str) -> tuple[str, dict[str, Any]]:
        found = [(template, op) for m, pattern, template, op in self.routes
                 if m == method and pattern.match(path)]
        assert found, f"{method} {path} is not in the schema"
        # a literal route (``/commands/event.create``) before a templated one
        found.sort(key=lambda item: item[0].count("{"))
        return found[0]

    def check(self, response: httpx.Response) -> None:
        response.read()
        method, path = response.request.method, response.request.url.path
        template, operation = self.operation(method, path)
        declared = operation["responses"].get(str(response.status_code))
        assert declared, (method, template, response.status_code, "status not declared")
        schema = declared.get("content", {}).get("application/json", {}).get("schema")
        assert schema is not None, (method, template, response.status_code, "no schema")
        root = {**schema, "components": self.document["components"]}
        errors = [str(e) for e in jsonschema_rs.validator_for(root).iter_errors(response.json())]
        assert not errors, (method, template, response.status_code, errors[:3])
        self.checked.append((method, template, response.status_code))


def test_a_generated_client_runs_a_commander_event(generated: Any, site: Site) -> None:  # noqa: F811
    from podium_client import AuthenticatedClient
    from podium_client.api.commander import commander_result
    from podium_client.api.commands import event_create, player_add, round_pair
    from podium_client.api.events import events_get, events_list, events_round
    from podium_client.api.views import views_standings
    from podium_client.models import (
        CommanderResultCommanderResultBody,
        CommanderSettings,
        EventCreateEventCreateBody,
        PlayerAddPlayerAddBody,
        Problem,
        RoundPairRoundPairBody,
    )

    site.user("owner")
    token = site.accounts.create_token("owner")
    contract = Contract(site.client().get("/openapi.json").json())
    http = TestClient(site.app, headers={"Authorization": f"Bearer {token}"})  # type: ignore[arg-type]
    http.event_hooks = {"request": [], "response": [contract.check]}
    client = AuthenticatedClient(base_url="http://testserver", token=token)
    client.set_httpx_client(http)

    settings = CommanderSettings(rounds=2, fewer_rounds=True, final_size=4, win_points=3.0)
    made = event_create.sync_detailed(client=client, body=EventCreateEventCreateBody(
        slug="gen", name="Generated", settings=settings, seed=5))
    assert made.status_code == 200, made.content
    names = [f"P{i}" for i in range(1, 9)]
    added = player_add.sync_detailed("gen", client=client,
                                     body=PlayerAddPlayerAddBody(names=names))
    assert added.status_code == 200, added.content

    def pair(number: int) -> Any:
        paired = round_pair.sync_detailed("gen", client=client, body=RoundPairRoundPairBody())
        assert paired.status_code == 200, paired.content
        shown = events_round.sync("gen", number, client=client)
        assert shown is not None and not isinstance(shown, Problem)
        assert shown.number == number
        return shown

    def result(**fields: Any) -> Any:
        answer = commander_result.sync_detailed(
            "gen", client=client, body=CommanderResultCommanderResultBody(**fields))
        assert answer.status_code == 200, answer.content
        return answer

    first = pair(1)
    one, two = first.tables
    # table 1: a draw, two survivors; table 2: two players out at the same moment
    result(table=1, draw=True, survivors=list(one.names[:2]), order=list(one.names[2:]))
    result(table=2, winner=[two.names[0]], order=[[two.names[1], two.names[2]], two.names[3]])
    shared = events_round.sync("gen", 1, client=client)
    outcomes = {o.name: o for o in shared.tables[1].result.outcomes}
    assert (outcomes[two.names[1]].order.num, outcomes[two.names[1]].order.den) == (3, 2)
    # a correction of the draw: now a win, with its reason
    result(table=1, round_=1, correct=True, reason="scorecard misread",
           winner=[one.names[0]], order=list(reversed(one.names[1:])))
    corrected = events_round.sync("gen", 1, client=client)
    assert corrected.tables[0].result.corrected

    second = pair(2)
    for table in second.tables:
        result(table=table.number, winner=[table.seats[0]], order=list(table.seats[1:]))

    standings = views_standings.sync("gen", client=client)
    assert standings is not None and not isinstance(standings, Problem)
    assert standings.total == 8 and len(standings.rows) == 8

    final = pair(3)
    assert len(final.tables) == 1 and final.stage != "swiss"
    seats = final.tables[0].seats
    result(table=1, winner=[seats[1]], order=[*seats[2:], seats[0]])
    event = events_get.sync("gen", client=client)
    assert event is not None and not isinstance(event, Problem) and event.rounds == 3
    listed = events_list.sync(client=client)
    assert listed is not None and [e.slug for e in listed.items] == ["gen"]

    # a refusal comes back typed as the one Problem shape
    refused = commander_result.sync_detailed(
        "gen", client=client, body=CommanderResultCommanderResultBody(table=99))
    assert refused.status_code in (404, 422) and isinstance(refused.parsed, Problem)
    assert refused.parsed.problems and refused.parsed.code
    assert len(contract.checked) >= 15
