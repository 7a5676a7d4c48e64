"""All games at once (PlackettLuce), for the recomputation of every rating from the logs.

Columnar entry :func:`rate_arrays`: ``persons`` int[n_games, K] (person ids, any ints; slots at
or beyond a game's size ignored), ``places`` int[n_games, K] (1 the best, ties equal),
``sizes`` int[n_games] (persons in each game, K if omitted), ``weights`` float[n_games] (1 if
omitted). Game i of the arrays is game index i of the result (:meth:`Ratings.of` ``before``).

Waves: a game's wave is 1 + the latest wave of any of its persons, so no person plays twice in
a wave and every game sees its persons' ratings after all their earlier games; each wave is
one array update (:func:`podium.ratings.plackett_luce.update_wave`). Finding the waves is one
pass in Python over the games; everything else is numpy."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise
from typing import Any

import numpy as np

from podium.ratings.engine import Game, Params, Ratings, as_float
from podium.ratings.plackett_luce import update_wave


def arrays_of(games: Iterable[Game]) -> tuple[Any, Any, Any, Any]:
    """``Game`` objects as the columns :func:`rate_arrays` takes."""
    flat_persons: list[int] = []
    flat_places: list[int] = []
    sizes: list[int] = []
    weights: list[float] = []
    cache: dict[Any, float] = {}
    for game in games:
        if len(game.persons) != len(game.places):
            raise ValueError("a game needs one place per person")
        flat_persons.extend(game.persons)
        flat_places.extend(game.places)
        sizes.append(len(game.persons))
        w = game.weight
        value = cache.get(w)
        if value is None:
            value = cache[w] = as_float(w)
        weights.append(value)
    size = np.array(sizes, dtype=np.int64)
    k = int(size.max()) if len(size) else 2
    starts = np.concatenate([[0], np.cumsum(size)[:-1]]).astype(np.int64)
    slot = np.arange(k)
    valid = slot[None, :] < size[:, None]
    take = np.where(valid, starts[:, None] + slot[None, :], 0)
    persons = np.asarray(flat_persons, dtype=np.int64)
    places = np.asarray(flat_places, dtype=np.int64)
    if len(persons) == 0:
        return (np.zeros((len(size), k), np.int64),) * 2 + (size, np.asarray(weights))
    return (np.where(valid, persons[take], -1), np.where(valid, places[take], 0), size,
            np.asarray(weights, dtype=np.float64))


def _waves(dense: Any, size: Any, n_persons: int) -> Any:
    """Each game's wave (0 for a game not rated); in chunks, so that the Python lists of the
    persons never hold all the games at once."""
    last = [0] * n_persons
    waves: list[int] = []
    step = 65536
    for start in range(0, len(size), step):
        rows = dense[start:start + step].tolist()
        for row, k in zip(rows, size[start:start + step].tolist(), strict=True):
            if k < 2:
                waves.append(0)
                continue
            if k == 4:
                a, b, c, d = row[0], row[1], row[2], row[3]
                w = max(last[a], last[b], last[c], last[d]) + 1
                last[a] = last[b] = last[c] = last[d] = w
            else:
                row = row[:k]
                w = max([last[p] for p in row]) + 1
                for p in row:
                    last[p] = w
            waves.append(w)
    return np.asarray(waves, dtype=np.int64)


def _stable_order(keys: Any, top: int) -> Any:
    """argsort(keys, stable); keys below 2**16 sorted as uint16 (numpy's radix sort)."""
    if top < 1 << 16:
        keys = keys.astype(np.uint16)
    return np.argsort(keys, kind="stable")


def rate_arrays(persons: Any, places: Any, sizes: Any = None, weights: Any = None,
                params: Params | None = None) -> Ratings:
    """The ratings after the games given as columns (see the module's docstring)."""
    params = params or Params()
    if not params.fast:
        raise ValueError("rate_arrays computes PlackettLuce only; use rate for other models")
    persons = np.asarray(persons)
    places = np.asarray(places, dtype=np.int64)
    n, k = persons.shape
    size = np.full(n, k, np.int64) if sizes is None else np.asarray(sizes, dtype=np.int64)
    weight = np.ones(n) if weights is None else np.asarray(weights, dtype=np.float64)
    if not (weight >= 0).all():
        raise ValueError("a game's weight must be 0 or more")
    valid = (np.arange(k)[None, :] < size[:, None])
    rated = size >= 2
    valid &= rated[:, None]
    ids, inverse = np.unique(persons[valid], return_inverse=True)
    n_persons = len(ids)
    dummy = n_persons
    dense = np.full((n, k), dummy, dtype=np.int32 if n_persons < 1 << 31 else np.int64)
    dense[valid] = inverse
    ordered = np.sort(np.where(valid, dense, -1 - np.arange(k)[None, :]), axis=1)
    if (ordered[:, 1:] == ordered[:, :-1]).any():
        raise ValueError("a person plays a game once")
    del ordered, inverse
    wave = _waves(dense, np.where(rated, size, 0), n_persons)

    mu = np.full(n_persons + 1, params.mu)
    sigma = np.full(n_persons + 1, params.sigma)
    # Everything in wave order once, so that each wave is a slice (views, no gathers).
    last_wave = int(wave.max(initial=0))
    order = _stable_order(wave, last_wave)
    bounds = np.searchsorted(wave[order], np.arange(1, last_wave + 2)).tolist()
    dense, valid, places = dense[order], valid[order], places[order]
    weight = weight[order][:, None]
    weighted = weight != 1.0
    after_mu = np.empty((n, k))
    after_sigma = np.empty((n, k))
    for start, stop in pairwise(bounds):
        who, ok = dense[start:stop], valid[start:stop]
        before_mu, before_sigma = mu[who], sigma[who]
        new_mu, new_sigma = update_wave(before_mu, before_sigma, places[start:stop], ok,
                                        params.beta, params.kappa, params.tau)
        if weighted[start:stop].any():
            w = weight[start:stop]
            new_mu = np.where(w == 1.0, new_mu, before_mu + w * (new_mu - before_mu))
            new_sigma = np.where(w == 1.0, new_sigma,
                                 before_sigma * (new_sigma / before_sigma) ** w)
        mu[who] = new_mu
        sigma[who] = new_sigma
        after_mu[start:stop], after_sigma[start:stop] = new_mu, new_sigma
        mu[dummy], sigma[dummy] = params.mu, params.sigma

    del places, weight, weighted, wave
    # The history by person: entries in wave order, sorted stably by person, come in each
    # person's game order (a person's games have increasing waves).
    flat_person = dense[valid]
    game_index = np.broadcast_to(order.astype(np.int32)[:, None], (n, k))[valid]
    by_person = _stable_order(flat_person, n_persons)
    counts = np.bincount(flat_person, minlength=n_persons)
    ratings = Ratings(params, played=n)
    ratings.persons = ids.tolist()
    ratings.index = {p: d for d, p in enumerate(ratings.persons)}
    ratings.mu = mu[:n_persons].tolist()
    ratings.sigma = sigma[:n_persons].tolist()
    ratings.games = counts.tolist()
    ratings.offsets = np.concatenate([[0], np.cumsum(counts)])
    ratings.hist_game = game_index[by_person]
    del game_index, flat_person
    ratings.hist_mu = after_mu[valid][by_person]
    del after_mu
    ratings.hist_sigma = after_sigma[valid][by_person]
    return ratings
