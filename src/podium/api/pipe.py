"""A file sent as the raw body, handed to its command while it still arrives.

An import reads its file as it parses it and stops at its own cap (the marathon's 20,000
games a server import takes): spooling the body first wrote a 260 MB body to disk in full
before the import refused it at the first game past the cap. Here the body's chunks go
through a small queue to the command's thread as they arrive; once the command has ended
(stored, or refused at its cap) the rest of the body is never read, and a body past the
byte limit ends the file with that refusal.
"""

from __future__ import annotations

import asyncio
import io
import queue
from collections.abc import AsyncIterator, Awaitable
from typing import Any, TypeVar

T = TypeVar("T")

CHUNKS = 16  # chunks queued for the command's thread (about 1 MB with uvicorn's 64 kB)
_END = object()


class BodyPipe(io.RawIOBase):
    """The command's side: a binary stream of the body's chunks, in order, read once."""

    def __init__(self) -> None:
        super().__init__()
        self._chunks: queue.Queue[Any] = queue.Queue(CHUNKS)
        self._left = b""
        self._done = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while not self._left:
            if self._done:
                return 0
            item = self._chunks.get()
            if item is _END:
                self._done = True
                return 0
            if isinstance(item, BaseException):
                self._done = True
                raise item
            self._left = item
        size = min(len(buffer), len(self._left))
        buffer[:size] = self._left[:size]
        self._left = self._left[size:]
        return size

    # the event loop's side ------------------------------------------------------------------
    async def feed(self, item: Any, reader: asyncio.Future[Any]) -> bool:
        """Queue ``item`` for the reader, waiting while the queue is full; False once the
        reader has ended (it wants no more)."""
        while not reader.done():
            try:
                self._chunks.put_nowait(item)
                return True
            except queue.Full:
                await asyncio.sleep(0.005)
        return False


async def stream_into(pipe: BodyPipe, chunks: AsyncIterator[bytes], limit: int,
                      too_large: BaseException, run: Awaitable[T]) -> T:
    """Run ``run`` (a command reading ``pipe``) while the body's ``chunks`` feed it; a body
    past ``limit`` bytes ends the file with ``too_large`` (raised by the command's read)."""
    reader: asyncio.Future[T] = asyncio.ensure_future(run)
    size = 0
    try:
        async for chunk in chunks:
            if reader.done():
                break  # the command has ended: the rest of the body is not read
            size += len(chunk)
            if size > limit:
                await pipe.feed(too_large, reader)
                break
            if not await pipe.feed(chunk, reader):
                break
        else:
            await pipe.feed(_END, reader)
    except BaseException:
        # the client went away mid-body: the command's read ends with a refusal (it must
        # not wait for the rest forever), and nothing is stored
        await pipe.feed(_cut_off(), reader)
        await asyncio.wait([reader])
        raise
    return await reader


def _cut_off() -> BaseException:
    from podium.core import codes
    from podium.core.errors import InvalidInput
    from podium.core.views import N_

    return InvalidInput(N_("the upload was cut off before its end"), code=codes.INPUT_BODY,
                        field="file")
