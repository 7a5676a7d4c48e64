"""openskill's PlackettLuce update for one-person teams, computed by podium: one game in plain
Python (:func:`update`) and many games at once with numpy (:func:`update_wave`).

openskill 6.2 (``PlackettLuce.rate`` with ``ranks``) does, for a game of k persons with places
r (1 the best, equal places tied), mean mu and deviation sigma:

    s_i = sqrt(sigma_i^2 + tau^2)                      # tau widens every sigma first
    c   = sqrt(sum_i (s_i^2 + beta^2))
    e_i = exp(mu_i / c)
    Q_q = sum of e_i over i with r_i >= r_q            # q and everyone placed no better
    A_q = number of persons with r_q's place           # ties share
    omega_i = 1/A_i - sum over q with r_q <= r_i of (e_i / Q_q) / A_q
    delta_i = sum over q with r_q <= r_i of (e_i/Q_q)(1 - e_i/Q_q) / A_q
    mu_i'    = mu_i + omega_i * s_i^2 / c
    sigma_i' = s_i * sqrt(max(1 - delta_i * s_i^3 / c^3, kappa))   # gamma = s_i / c

(openskill also averages the mu changes of tied teams afterwards, but it reads the changed
ratings as the originals, so the average adds 0: tied persons keep their own changes, as
here.) Only the summation order differs from openskill's loops: equal to about 1e-14.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np


def update(mus: Sequence[float], sigmas: Sequence[float], places: Sequence[int],
           beta: float, kappa: float, tau: float) -> tuple[list[float], list[float]]:
    """The persons' (mu, sigma) after one game, weight 1 (see the module's formulas)."""
    k = len(mus)
    s2 = [math.sqrt(s * s + tau * tau) ** 2 for s in sigmas]
    c = math.sqrt(sum(v + beta * beta for v in s2))
    e = [math.exp(m / c) for m in mus]
    q_sum = [sum(e[i] for i in range(k) if places[i] >= places[q]) for q in range(k)]
    ties = [sum(1 for j in range(k) if places[j] == places[q]) for q in range(k)]
    new_mu, new_sigma = [], []
    for i in range(k):
        omega = 1.0 / ties[i]
        delta = 0.0
        for q in range(k):
            if places[q] <= places[i]:
                t = e[i] / q_sum[q]
                omega -= t / ties[q]
                delta += t * (1.0 - t) / ties[q]
        s = math.sqrt(s2[i])
        new_mu.append(mus[i] + omega * s2[i] / c)
        new_sigma.append(s * math.sqrt(max(1.0 - delta * s2[i] / (c * c) * (s / c), kappa)))
    return new_mu, new_sigma


def update_wave(mu: Any, sigma: Any, places: Any, valid: Any,
                beta: float, kappa: float, tau: float) -> tuple[Any, Any]:
    """:func:`update` for many games at once: float arrays ``mu``, ``sigma`` and int
    ``places`` of shape (games, K), ``valid`` saying which of the K slots hold a person
    (the others are ignored and come back unchanged)."""
    s2 = np.sqrt(sigma * sigma + tau * tau) ** 2
    c = np.sqrt(np.where(valid, s2 + beta * beta, 0.0).sum(axis=1))[:, None]
    e = np.where(valid, np.exp(np.where(valid, mu, 0.0) / c), 0.0)
    # no_better[g, i, q]: i and q both present and i placed no better than q.
    no_better = (places[:, :, None] >= places[:, None, :]) & valid[:, :, None] & valid[:, None, :]
    q_sum = np.einsum("gi,giq->gq", e, no_better)
    same = (places[:, :, None] == places[:, None, :]) & valid[:, :, None] & valid[:, None, :]
    inv_ties = 1.0 / np.maximum(same.sum(axis=1), 1)
    t = e[:, :, None] / np.where(valid, q_sum, 1.0)[:, None, :]
    weight = np.where(no_better, inv_ties[:, None, :], 0.0)
    omega = inv_ties - (t * weight).sum(axis=2)
    delta = (t * (1.0 - t) * weight).sum(axis=2)
    s = np.sqrt(s2)
    new_mu = np.where(valid, mu + omega * s2 / c, mu)
    factor = np.sqrt(np.maximum(1.0 - delta * s2 / (c * c) * (s / c), kappa))
    new_sigma = np.where(valid, s * factor, sigma)
    return new_mu, new_sigma
