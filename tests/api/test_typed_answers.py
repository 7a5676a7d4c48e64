"""Every command's answer is a type, and the API's schema of it is generated from that type:
no array without the type of its items, no property of any type. A preview says it is one
and stores nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import TypeAdapter

from podium.compose import build_catalog
from podium.core.commands import API, CommandSpec
from tests.api.conftest import Scenario

#: What makes a schema typed: a type, a reference to one, a choice among typed ones, a value.
TYPED = ("type", "$ref", "anyOf", "oneOf", "allOf", "enum", "const")


def offered_on_the_api() -> list[CommandSpec]:
    return sorted((s for s in build_catalog().all() if s.on(API)), key=lambda s: s.name)


def untyped(schema: dict[str, Any], where: str = "answer") -> Iterator[str]:
    """Where ``schema`` holds an array without items or a schema of no type."""
    if not any(key in schema for key in TYPED):
        yield where
    if schema.get("type") == "array" and not isinstance(schema.get("items"), dict):
        yield f"{where}: an array without items"
    for key, inner in schema.get("properties", {}).items():
        yield from untyped(inner, f"{where}.{key}")
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), dict):
            yield from untyped(schema[key], f"{where}[{key}]")
    for key in ("anyOf", "oneOf", "allOf"):
        for n, inner in enumerate(schema.get(key, [])):
            yield from untyped(inner, f"{where}|{n}")
    for name, inner in schema.get("$defs", {}).items():
        yield from untyped(inner, f"{name}")


@pytest.mark.parametrize("spec", offered_on_the_api(), ids=lambda s: s.name)
def test_every_command_on_the_api_answers_a_typed_value(spec: CommandSpec) -> None:
    assert spec.answers is not None and spec.answer is not None, spec.name
    schema = TypeAdapter(spec.answers).json_schema()
    assert schema.get("type") == "object", spec.name
    assert list(untyped(schema)) == [], spec.name


def test_the_pairing_answers_its_tables_and_byes_typed() -> None:
    spec = build_catalog().find("round.pair")
    schema = TypeAdapter(spec.answers).json_schema()
    defs = schema["$defs"]

    def items(prop: dict[str, Any]) -> dict[str, Any]:
        ref = prop["items"]["$ref"].rsplit("/", 1)[1]
        return defs[ref]

    tables, byes = schema["properties"]["tables"], schema["properties"]["byes"]
    table = items(tables)
    assert set(table["properties"]) == {"number", "seats"}
    assert items(table["properties"]["seats"])["properties"].keys() == {"id", "name"}
    assert {"id", "name", "points"} <= set(items(byes)["properties"])


def test_the_api_publishes_each_answer_from_its_type(scenario: Scenario) -> None:
    schema = scenario.site.client().get("/openapi.json").json()
    post = schema["paths"]["/api/v1/events/{slug}/commands/round.pair"]["post"]
    done = post["responses"]["200"]["content"]["application/json"]["schema"]
    assert done == {"$ref": "#/components/schemas/RoundPairDone"}
    answer = schema["components"]["schemas"]["RoundPairDone"]["properties"]["answer"]
    assert answer == {"$ref": "#/components/schemas/RoundPaired"}


def test_a_pairing_answers_its_players_by_id_and_name(scenario: Scenario) -> None:
    site = scenario.site
    site.event("duel", "owner", players=9)  # pods of 4, one bye (rule CMD-8)
    client, headers = site.client(), scenario.headers("owner")
    answer = client.post("/api/v1/events/duel/commands/round.pair", headers=headers, json={})
    assert answer.status_code == 200, answer.text
    body = answer.json()["answer"]
    shown = client.get("/api/v1/events/duel/rounds/1").json()
    assert [[s["id"] for s in t["seats"]] for t in body["tables"]] == [
        t["seats"] for t in shown["tables"]]
    assert [[s["name"] for s in t["seats"]] for t in body["tables"]] == [
        t["names"] for t in shown["tables"]]
    assert [b["id"] for b in body["byes"]] == [b["player"] for b in shown["byes"]]
    names = {p.id: p.name for p in site.events.load("duel").state.players.values()}
    assert [b["name"] for b in body["byes"]] == [names[b["id"]] for b in body["byes"]]
    assert len(body["byes"]) == 1 and set(body["byes"][0]["points"]) == {"num", "den"}


def test_a_preview_says_so_and_stores_nothing(scenario: Scenario) -> None:
    site = scenario.site
    site.event("pre", "owner", players=8)
    client, headers = site.client(), scenario.headers("owner")
    before = site.log_length("pre")
    answer = client.post("/api/v1/events/pre/commands/round.pair", headers=headers,
                         json={"preview": True})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["stored"] == [] and site.log_length("pre") == before
    assert body["said"] == "Round 1 previewed; nothing stored."
    assert body["said"] != "Round 1 paired."
    assert body["answer"]["round"] == 1 and body["answer"]["tables"]
    paired = client.post("/api/v1/events/pre/commands/round.pair", headers=headers, json={})
    assert paired.json()["said"] == "Round 1 paired."
    assert paired.json()["answer"] == body["answer"]  # the preview is what is stored


def test_a_preview_of_the_top_says_so_and_stores_nothing(scenario: Scenario) -> None:
    from tests.api.test_authorisation import complete_round

    complete_round(scenario)
    site = scenario.site
    client, headers = site.client(), scenario.headers("owner")
    before = site.log_length("cup")
    path = "/api/v1/events/cup/commands/top.build"
    preview = client.post(path, headers=headers, json={"size": 2, "preview": True})
    assert preview.status_code == 200, preview.text
    assert preview.json()["said"] == "TOP previewed; nothing stored."
    assert preview.json()["stored"] == [] and site.log_length("cup") == before
    built = client.post(path, headers=headers, json={"size": 2})
    assert built.json()["said"] == "The TOP is built."
    assert built.json()["answer"] == preview.json()["answer"]
    assert all(set(slot) == {"id", "name"} for slot in built.json()["answer"]["slots"])
