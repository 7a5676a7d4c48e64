"""Two threads of a new process asking for formats at once (a server's first requests, the
command line's writer and the snapshot or reader beside it) both get every format: one of
them once met a registry half loaded and refused a known format (``format.unknown``)."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from podium.formats import registry


def test_a_format_asked_for_while_another_thread_loads_them_all_is_found(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_FORMATS", {})
    monkeypatch.setattr(registry, "_FROM_ENTRIES", set())
    monkeypatch.setattr(registry, "_loaded", False)
    real = registry._load_entry
    found: dict[str, Any] = {}

    def load_entry(entry: Any) -> None:
        if not found:  # the first entry point: another thread asks while this one loads
            found["asked"] = True
            other = threading.Thread(target=lambda: found.update(
                names=[ruleset.name for ruleset in registry.all_formats()]))
            other.start()
            other.join(timeout=0.5)  # it waits for the loading, or (before) ran at once
            found["other"] = other
        real(entry)

    monkeypatch.setattr(registry, "_load_entry", load_entry)
    everything = [ruleset.name for ruleset in registry.all_formats()]
    found["other"].join()
    assert {"commander", "mahjong-marathon"} <= set(everything)
    assert found["names"] == everything
