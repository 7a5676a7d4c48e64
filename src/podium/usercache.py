"""podium's per-user cache folder: what a run computes that the next can read back (the
Russian catalog compiled from its ``.po``, :func:`podium.i18n.compiled_catalog`; the formats'
entry points, :func:`podium.formats.registry.entries`). Everything in it can be computed
again: a file that cannot be read is computed again, a folder that cannot be written costs
the computation only."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def cache_dir() -> Path:
    """``PODIUM_CACHE_DIR``, else the platform's cache folder (``%LOCALAPPDATA%`` on
    Windows, ``~/Library/Caches`` on macOS, ``$XDG_CACHE_HOME`` or ``~/.cache`` elsewhere),
    then ``podium``."""
    given = os.environ.get("PODIUM_CACHE_DIR")
    if given:
        return Path(given)
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        base = Path(os.environ["LOCALAPPDATA"])
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "podium"


def store(path: Path, data: bytes, replaces: str | None = None) -> None:
    """``data`` written to ``path`` whole or not at all (a temporary file renamed: two runs
    at once never read half a file); the folder's files named ``replaces*`` (older versions
    of the same thing) removed; nothing if the folder cannot be written."""
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        if replaces:
            for old in path.parent.glob(replaces + "*"):
                if old != path and not old.name.endswith(".tmp"):
                    old.unlink(missing_ok=True)
    except OSError:
        return


__all__ = ["cache_dir", "store"]
