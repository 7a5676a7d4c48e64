"""Use cases: each is one transaction that loads the log, validates, appends and commits."""

from podium.service.events import EventService, LoadedEvent

__all__ = ["EventService", "LoadedEvent"]
