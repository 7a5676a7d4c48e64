"""The live streams' hub (podium.web.live): one render per change for every stream of a part,
nothing sent when a part did not change, and its bounds (a stream per page per visitor, a cap
per address and per process, the end of every stream at shutdown or when the event goes).

The hub is driven directly (``look()`` is one tick of its watcher); the browser tests
(test_browser_live.py) run it in real servers.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from podium.service.commands import PairRound
from podium.web.live import Refused, Stream, Streams
from tests.web.conftest import Site

PAIRINGS = "/e/cup/live/pairings"
STANDINGS = "/e/cup/live/views"


def _cup(site: Site) -> None:
    site.event("cup", None)
    site.events.run_command(PairRound("cup"), "setup")


def _result(site: Site, table: int = 1) -> None:
    site.events.invoke("commander.result", "cup", {"table": table, "finish": "1234"}, "setup")


def _run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


async def _open(streams: Streams, site: Site, part: str = PAIRINGS, address: str = "10.0.0.1",
                visitor: str = "", lang: str = "ru") -> Stream:
    return await streams.open(site.app, part, lang, "testserver", address, visitor)  # type: ignore[arg-type]


def _fields(message: dict[str, Any] | bytes) -> dict[str, Any]:
    """An event as the browser reads it: its id, event and data (lines joined)."""
    if isinstance(message, dict):
        return message
    out: dict[str, Any] = {}
    data: list[str] = []
    for line in message.decode().split("\r\n"):
        name, _, value = line.partition(": ")
        if name == "data":
            data.append(value)
        elif name in ("id", "event"):
            out[name] = value
    out["data"] = "\n".join(data)
    return out


async def _next(stream: Stream) -> dict[str, Any] | None:
    """The next message the stream would send (None: it ended)."""
    messages = stream.messages()
    try:
        return _fields(await asyncio.wait_for(anext(messages), 5))
    except StopAsyncIteration:
        return None


def test_many_streams_of_a_part_cost_one_render_per_change(site: Site) -> None:
    _cup(site)

    async def scenario() -> None:
        streams = Streams(site.app.state.web.cache)  # type: ignore[attr-defined]
        opened = [await _open(streams, site, visitor=f"visitor{i:04d}") for i in range(50)]
        assert streams.renders == 1 and streams.count == 50
        first = await _next(opened[0])
        assert first is not None and first["event"] == "part" and "Стол 1" in first["data"]
        await streams.look()  # nothing changed: nothing rendered, nothing sent
        assert streams.renders == 1 and opened[1].pending is not None
        _result(site)
        await streams.look()
        assert streams.renders == 2  # once for the 50
        message = await _next(opened[7])
        assert message is not None and message["id"] == str(site.log_length("cup"))
        assert message["data"] != first["data"]
        await streams.stop()

    _run(scenario())


def test_a_part_in_each_language_is_its_own(site: Site) -> None:
    _cup(site)

    async def scenario() -> None:
        streams = Streams(site.app.state.web.cache)  # type: ignore[attr-defined]
        russian = await _open(streams, site, lang="ru")
        english = await _open(streams, site, lang="en")
        assert "Стол 1" in (await _next(russian) or {})["data"]
        assert "Table 1" in (await _next(english) or {})["data"]
        assert len(streams.groups) == 2
        await streams.stop()

    _run(scenario())


def test_a_write_that_leaves_the_part_unchanged_sends_nothing(site: Site) -> None:
    _cup(site)

    async def scenario() -> None:
        streams = Streams(site.app.state.web.cache)  # type: ignore[attr-defined]
        stream = await _open(streams, site)
        await _next(stream)
        # a record the pairings do not show: the event's venue
        site.events.invoke("event.details", "cup", {"venue": "Клуб «Орбита»"}, "setup")
        await streams.look()
        assert streams.renders == 2 and stream.pending is None
        await streams.stop()

    _run(scenario())


def test_one_stream_per_page_per_visitor(site: Site) -> None:
    _cup(site)

    async def scenario() -> None:
        streams = Streams(site.app.state.web.cache)  # type: ignore[attr-defined]
        first = await _open(streams, site, visitor="visitor-one")
        await _next(first)
        second = await _open(streams, site, visitor="visitor-one")
        assert streams.count == 1
        assert await _next(first) == {"event": "replaced", "data": ""}
        assert await _next(first) is None
        other_page = await _open(streams, site, STANDINGS, visitor="visitor-one")
        assert streams.count == 2 and second.pending is not None
        assert other_page.pending is not None
        await streams.stop()

    _run(scenario())


def test_streams_are_capped_per_address_and_per_process(site: Site) -> None:
    _cup(site)

    async def scenario() -> None:
        streams = Streams(site.app.state.web.cache, per_address=2, most=3)  # type: ignore[attr-defined]
        await _open(streams, site, address="10.0.0.1")
        second = await _open(streams, site, address="10.0.0.1")
        with pytest.raises(Refused) as refused:
            await _open(streams, site, address="10.0.0.1")
        assert refused.value.status == 429
        await _open(streams, site, address="10.0.0.2")
        with pytest.raises(Refused):
            await _open(streams, site, address="10.0.0.3")  # the process's cap
        streams.release(second)  # its visitor left: room again
        await _open(streams, site, address="10.0.0.1")
        assert streams.count == 3 and streams.by_address == {"10.0.0.1": 2, "10.0.0.2": 1}
        await streams.stop()
        assert streams.count == 3  # closed; each leaves as its response ends
        with pytest.raises(Refused) as after:
            await _open(streams, site, address="10.0.0.9")
        assert after.value.status == 503

    _run(scenario())


@pytest.mark.parametrize("part", [
    "/e/cup/manage", "/e/other/live/pairings", "/e/cup/live/views?junk=1",
    "/e/cup/live/nothing", "https://elsewhere.example/e/cup/live/views",
])
def test_only_an_event_s_live_parts_can_be_streamed(site: Site, part: str) -> None:
    _cup(site)

    async def scenario() -> None:
        streams = Streams(site.app.state.web.cache)  # type: ignore[attr-defined]
        with pytest.raises(Refused) as refused:
            await _open(streams, site, part)
        assert refused.value.status == 404
        assert streams.count == 0 and not streams.groups

    _run(scenario())


def test_the_stream_route_refuses_with_a_status(site: Site) -> None:
    _cup(site)
    client = site.client()
    assert client.get("/e/cup/stream", params={"part": "/e/elsewhere/live/views"}
                      ).status_code == 404
    assert client.get("/e/cup/stream", params={"part": "/e/cup/live/none"}).status_code == 404


def test_streams_end_when_the_event_is_deleted_or_the_server_stops(site: Site) -> None:
    _cup(site)

    async def scenario() -> None:
        streams = Streams(site.app.state.web.cache)  # type: ignore[attr-defined]
        stream = await _open(streams, site)
        kept = await _open(streams, site, STANDINGS)
        await _next(stream)
        await _next(kept)
        site.events.invoke("event.delete", "cup", {"confirm": "cup"}, "setup")
        await streams.look()
        assert await _next(stream) is None and await _next(kept) is None
        await streams.stop()

    _run(scenario())


def test_streams_opened_together_share_one_group(site: Site) -> None:
    """Visitors arriving at once (a round's pairings announced) join one group: each gets
    every change, and the part is rendered once per change."""
    _cup(site)

    async def scenario() -> None:
        streams = Streams(site.app.state.web.cache)  # type: ignore[attr-defined]
        opened = await asyncio.gather(*(_open(streams, site, visitor=f"visitor{i:04d}")
                                        for i in range(30)))
        assert len(streams.groups) == 1 and streams.renders == 1
        _result(site)
        await streams.look()
        assert streams.renders == 2
        version = site.log_length("cup")
        assert all(stream.pending is not None and stream.pending[0] == version
                   for stream in opened)
        await streams.stop()

    _run(scenario())
