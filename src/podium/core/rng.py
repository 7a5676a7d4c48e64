"""Seeded, recorded randomness.

Every random draw in podium takes an explicit seed derived from the event's recorded seed and a
label (what is drawn, for which round). A replay of the log therefore draws the same values, and
no code touches the global ``random`` state.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable


def derive_seed(base_seed: int, *labels: object) -> int:
    """A 63-bit seed that depends only on ``base_seed`` and the labels, stable across runs."""
    text = ":".join([str(base_seed), *(str(label) for label in labels)])
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def derive_seeds(base_seed: int, label: object, items: Iterable[object]) -> list[int]:
    """``derive_seed(base_seed, label, item)`` for each item, the shared prefix hashed once
    (a tiebreak drawn for 200,000 players)."""
    prefix = hashlib.sha256(f"{base_seed}:{label}:".encode())
    out = []
    for item in items:
        digest = prefix.copy()
        digest.update(str(item).encode("utf-8"))
        out.append(int.from_bytes(digest.digest()[:8], "big") >> 1)
    return out


def rng_for(base_seed: int, *labels: object) -> random.Random:
    """A private generator for one draw; see :func:`derive_seed`."""
    return random.Random(derive_seed(base_seed, *labels))
