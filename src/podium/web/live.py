"""Live pages pushed: a server-sent event stream per open page, carrying its live part.

A public page (standings, pairings, the projector with its clock, a format's page) has a live
part, ``#live``, that it used to poll every few seconds. It now opens a stream,
``GET /e/<event>/stream?part=<the live part's address>&v=<visitor>``, and the server sends the
live part again each time it changes (``static/live.js`` puts in only what differs; polling
comes back while the stream is cut, and the page says it is not live). Why it is built so:

- **One render per change, not one per visitor.** Streams of the same part, language and host
  form a :class:`Group`; when the event's version changes, the group asks the application for
  the part once (an in-process request through the whole application, so the same cached,
  public render a poll would get) and hands the text to every stream. An unchanged text (a
  write that did not touch this part) is not sent at all.
- **Every kind of writer is seen.** One watcher task per process looks at the versions of the
  events that have streams every :data:`TICK` seconds through the page cache
  (:meth:`podium.web.cache.ViewCache.key`): a write of this process is seen at once (the cache
  does not trust a version read before a command ended), another server's over PostgreSQL at
  its ``NOTIFY`` (the listener marks the version stale), and the command line's on the same
  SQLite file within the cache's ``freshness``. So a page changes within about half a second
  of the write's answer, whoever wrote.
- **Bounded.** A stream holds only the latest text not yet sent (a slow reader skips versions,
  never queues them). One stream per page per visitor: a visitor's second stream of the same
  page ends the first. At most :attr:`Streams.per_address` streams per client address and
  :attr:`Streams.most` per process (a refusal is 429; the page polls). Heartbeats every
  :data:`PING` seconds keep proxies from closing an idle stream; at shutdown every stream ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sse_starlette import ServerSentEvent
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message

from podium.core.errors import PodiumError
from podium.web.fastpath import VERSION_HEADER

if TYPE_CHECKING:
    from podium.web.cache import ViewCache

log = logging.getLogger(__name__)

TICK = 0.2  # seconds between two looks at the watched events' versions
PING = 15.0  # seconds between heartbeats of an idle stream
PER_ADDRESS = int(os.environ.get("PODIUM_STREAMS_PER_ADDRESS", "300"))  # a venue's NAT
MOST = int(os.environ.get("PODIUM_STREAMS_MAX", "5000"))
#: the live parts a stream may carry: the event's own ``/live/...`` fragments and a format
#: page's ``/p/<key>/live`` (their queries are checked by the part's own route)
PART = re.compile(r"^/e/(?P<slug>[^/?#]+)/(?:live/[a-z-]+|p/[a-z0-9-]+/live)(?:\?[^#]*)?$")
VISITOR = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


class Refused(Exception):
    """A stream that cannot be opened: ``status`` is the HTTP status of the answer."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status


@dataclass(eq=False)
class Stream:
    """One open stream: the latest text not yet sent (latest wins), and a wake-up."""

    group: Group
    address: str
    visitor: str
    pending: tuple[int, bytes] | None = None  # a version and its message, encoded
    closed: bool = False
    replaced: bool = False  # by a newer stream of the same visitor and page
    ended: bool = False  # its last message was given
    wake: asyncio.Event = field(default_factory=asyncio.Event)

    def offer(self, seq: int, message: bytes) -> None:
        self.pending = (seq, message)
        self.wake.set()

    def close(self, replaced: bool = False) -> None:
        self.closed = True
        self.replaced = replaced
        self.wake.set()

    async def messages(self) -> AsyncIterator[dict[str, Any] | bytes]:
        """What the response sends: each new text of the part, until the stream is closed
        (then, if a newer stream of its visitor replaced it, a last ``replaced`` event)."""
        while not self.ended:
            await self.wake.wait()
            self.wake.clear()
            if self.closed:
                self.ended = True
                if self.replaced:  # the page polls instead of opening it again
                    yield {"event": "replaced", "data": ""}
                break
            pending, self.pending = self.pending, None
            if pending is not None:
                yield pending[1]


@dataclass(eq=False)
class Group:
    """The streams of one live part in one language for one host: rendered once per change."""

    slug: str
    part: str
    lang: str
    host: str
    streams: set[Stream] = field(default_factory=set)
    seq: int = -1  # the version last rendered
    digest: bytes = b""  # of the text last rendered
    text: str = ""
    message: bytes = b""  # the text as one event of the stream, encoded once for all
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one render at a time
    opening: int = 0  # streams being opened (the group is kept for them)


class Streams:
    """The streams of one process (``app.state.web.streams``) and their watcher."""

    def __init__(self, cache: ViewCache, *, per_address: int = PER_ADDRESS, most: int = MOST,
                 tick: float = TICK) -> None:
        self.cache = cache
        self.per_address = per_address
        self.most = most
        self.tick = tick
        self.app: ASGIApp | None = None  # the whole application, for the parts' requests
        self.groups: dict[tuple[str, str, str], Group] = {}
        self.by_visitor: dict[tuple[str, str], Stream] = {}
        self.by_address: dict[str, int] = {}
        self.count = 0
        self.sent = 0  # texts handed to streams (the benchmark reads it)
        self.renders = 0  # parts asked of the application
        self._watcher: asyncio.Task[None] | None = None
        self._stopping = False

    # -- opening and closing ---------------------------------------------------------------
    async def open(self, app: ASGIApp, part: str, lang: str, host: str, address: str,
                   visitor: str) -> Stream:
        """A new stream of ``part``, with the part's current text already pending."""
        found = PART.match(part)
        if found is None:
            raise Refused(404, "not a live part")
        if self._stopping:
            raise Refused(503, "shutting down")
        self.app = app
        previous = self.by_visitor.get((visitor, part)) if visitor else None
        if previous is not None:  # the same page of the same visitor: the newest stream wins
            self._drop(previous)
            previous.close(replaced=True)
        if self.count >= self.most or self.by_address.get(address, 0) >= self.per_address:
            raise Refused(429, "too many streams")
        key = (part, lang, host)
        group = self.groups.get(key)
        if group is None:  # kept at once: the streams opened meanwhile join it
            group = self.groups[key] = Group(found["slug"], part, lang, host)
        group.opening += 1
        try:
            async with group.lock:
                seq = await self._version(group.slug)
                status = 404 if seq is None else \
                    200 if group.seq == seq else await self._render(group, seq)
        finally:
            group.opening -= 1
        if status not in (200, 204):
            self._forget(group)
            raise Refused(404 if status in (301, 302, 307, 308, 404) else 503,
                          f"the part answered {status}")
        if self.count >= self.most or self.by_address.get(address, 0) >= self.per_address:
            self._forget(group)
            raise Refused(429, "too many streams")
        stream = Stream(group, address, visitor)
        group.streams.add(stream)
        if visitor:
            self.by_visitor[(visitor, part)] = stream
        self.by_address[address] = self.by_address.get(address, 0) + 1
        self.count += 1
        stream.offer(group.seq, group.message)
        self._start()
        return stream

    def release(self, stream: Stream) -> None:
        """The stream ended (its visitor left, or it was closed)."""
        self._drop(stream)

    def _drop(self, stream: Stream) -> None:
        group = stream.group
        if stream not in group.streams:
            return
        group.streams.discard(stream)
        if self.by_visitor.get((stream.visitor, group.part)) is stream:
            del self.by_visitor[(stream.visitor, group.part)]
        left = self.by_address.get(stream.address, 1) - 1
        if left > 0:
            self.by_address[stream.address] = left
        else:
            self.by_address.pop(stream.address, None)
        self.count -= 1
        self._forget(group)

    def _forget(self, group: Group) -> None:
        """A group left without streams is no longer watched."""
        key = (group.part, group.lang, group.host)
        if not group.streams and not group.opening and self.groups.get(key) is group:
            del self.groups[key]

    async def stop(self) -> None:
        """End every stream and the watcher (the application is shutting down)."""
        self._stopping = True
        for group in list(self.groups.values()):
            for stream in list(group.streams):
                stream.close()
        if self._watcher is not None:
            self._watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._watcher
            self._watcher = None

    # -- watching ----------------------------------------------------------------------------
    def _start(self) -> None:
        if self._watcher is None or self._watcher.done():
            self._watcher = asyncio.get_running_loop().create_task(self._watch())

    async def _watch(self) -> None:
        while self.groups and not self._stopping:
            try:
                await self.look()
            except Exception:  # a database hiccup must not end the pushes; the next tick tries
                log.exception("podium live: a look at the versions failed")
            await asyncio.sleep(self.tick)

    async def look(self) -> None:
        """Send the new text of every part whose event changed since the last look."""
        for slug in {group.slug for group in self.groups.values()}:
            seq = await self._version(slug)
            for group in [g for g in list(self.groups.values()) if g.slug == slug]:
                if seq is None:  # the event is gone: its pages stop being live
                    for stream in list(group.streams):
                        stream.close()
                    continue
                async with group.lock:
                    if seq == group.seq or await self._render(group, seq) != 200:
                        continue
                for stream in list(group.streams):
                    stream.offer(group.seq, group.message)
                    self.sent += 1

    async def _version(self, slug: str) -> int | None:
        try:
            return (await run_in_threadpool(self.cache.key, slug))[2]
        except PodiumError:
            return None

    async def _render(self, group: Group, seq: int) -> int:
        """Ask the application for the group's part; keep it if it changed. The status.

        The part is asked for at ``seq`` (it waits for the background build of that version);
        should the cache still answer with the version before (a build that failed or took
        too long), the answer's ETag names the version it was built from, and the group stays
        behind until the new one comes, asked again each tick."""
        status, body, etag = await request_part(self._app(), group.part, group.lang,
                                                group.host, seq)
        self.renders += 1
        if status == 200:
            digest = hashlib.blake2b(body, digest_size=16).digest()
            changed = digest != group.digest
            group.digest, group.seq = digest, version_of(etag, seq)
            if changed:
                group.text = body.decode("utf-8")
                group.message = ServerSentEvent(group.text, event="part",
                                                id=str(group.seq)).encode()
            elif group.streams:
                return 204  # the same text: nothing to send
        return status

    def _app(self) -> ASGIApp:
        if self.app is None:
            raise RuntimeError("no application to ask for a part")
        return self.app


def version_of(etag: str, asked: int) -> int:
    """The event version a cached public page was built from, read from its ETag
    (``"<event>-<id>-<seq>-<lang>-<digest>"``, :func:`podium.web.routes.public.cached_page`);
    ``asked`` when the answer has none (a page rendered for the request itself)."""
    parts = etag.strip('"').rsplit("-", 3)
    if len(parts) == 4 and parts[1].isdigit():
        return int(parts[1])
    return asked


async def request_part(app: ASGIApp, part: str, lang: str, host: str, version: int = 0
                       ) -> tuple[int, bytes, str]:
    """The answer of ``GET part`` from the application itself, as an anonymous visitor in
    ``lang`` would get it: the status, the body (uncompressed) and the ETag. ``version``: the
    page is wanted at that version or later (``Podium-Version``: with the pages rebuilt in the
    background, the request waits for the new page rather than take the one before)."""
    path, _, query = part.partition("?")
    scope: dict[str, Any] = {
        "type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1", "method": "GET", "scheme": "http", "path": path,
        "raw_path": path.encode(), "query_string": query.encode(), "root_path": "",
        "headers": [(b"host", host.encode("latin-1")), (b"accept-language", lang.encode()),
                    (b"hx-request", b"true"),
                    *([(VERSION_HEADER.encode(), str(version).encode())] if version else [])],
        "client": ("127.0.0.1", 0), "server": ("127.0.0.1", 80), "extensions": {},
    }
    status = 500
    etag = ""
    chunks: list[bytes] = []
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()  # never: the request has no more body
        return {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        nonlocal status, etag
        if message["type"] == "http.response.start":
            status = int(message["status"])
            for name, value in message.get("headers", ()):
                if name.lower() == b"etag":
                    etag = value.decode("latin-1")
        elif message["type"] == "http.response.body":
            chunks.append(bytes(message.get("body", b"")))

    await app(scope, receive, send)
    return status, b"".join(chunks), etag


__all__ = ["Group", "Refused", "Stream", "Streams", "request_part"]
