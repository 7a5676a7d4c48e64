"""Benchmark of Commander Swiss pairing: speed and repeated opponents, both repeat policies.

Simulates whole events: round 1 random pods (rule CMD-5), later rounds by standings (rule CMD-6)
with either the regulation's repair ("swap": fill_by_standings + apply_repeat_swaps against the
previous round, rule CMD-7) or the "avoid" policy (avoid_repeats against the full history). Each
pod has one random winner (3 points, rule CMD-2); byes (rule CMD-8) are worth 1 point (rule
CMD-9) and chosen by choose_byes. Standings are points, then a seeded random tiebreak.

Timed: the pairing step of a round (plan, byes, pods, seat order), not the result simulation.
Repeats: for each pair of players, max(0, meetings - 1), summed over the event.
Lower bound for pods of 4 without byes: N * max(0, 3R - N + 1) / 2.

Usage: .venv/bin/python bench/pairing.py [--sizes 16,64,512,4096,10000] [--rounds 7] [--seed 1]
       [--pod-size 4] [--bye-policy byes] [--policies swap,avoid]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from dataclasses import dataclass

from podium.pairing import (
    apply_repeat_swaps,
    assign_seats,
    avoid_repeats,
    choose_byes,
    fill_by_standings,
    plan_pod_sizes,
    random_pods,
    random_seats,
)

POLICIES = ("swap", "avoid")


def lower_bound(n_players: int, rounds: int) -> int:
    """Fewest repeated pair-meetings possible with pods of 4 (each round: 3 new opponents)."""
    return n_players * max(0, 3 * rounds - n_players + 1) // 2


@dataclass
class Outcome:
    mean: float
    max: float
    round1: float
    pods_mean: float
    repeats_at: dict[int, int]
    unresolved: int


def simulate(
    n_players: int, rounds: int, policy: str, seed: int, pod_size: int, bye_policy: str
) -> Outcome:
    players = list(range(1, n_players + 1))
    results_rng = random.Random(seed)
    pairing_rng = random.Random(seed + 1)
    points = dict.fromkeys(players, 0)
    byes_had: dict[int, int] = {}
    met: dict[int, dict[int, int]] = {p: {} for p in players}
    seat_counts: dict[int, dict[int, int]] = {p: {} for p in players}
    previous: list[list[int]] = []
    repeats = 0
    repeats_at: dict[int, int] = {}
    times: list[float] = []
    pod_times: list[float] = []
    unresolved = 0

    for round_no in range(1, rounds + 1):
        tiebreak = {p: results_rng.random() for p in players}
        order = sorted(players, key=lambda p: (-points[p], tiebreak[p]))
        rank = {p: i + 1 for i, p in enumerate(order)}

        started = time.perf_counter()
        plan = plan_pod_sizes(n_players, pod_size, bye_policy)
        byes = set(choose_byes(order, plan.byes, byes_had))
        active = [p for p in order if p not in byes]
        if round_no == 1:
            pods = random_pods(active, plan.sizes, pairing_rng)
            seated = [random_seats(pod, pairing_rng) for pod in pods]
        else:
            if policy == "swap":
                result = apply_repeat_swaps(fill_by_standings(active, plan.sizes), previous, rank)
                pods = result.pods
                unresolved += len(result.unresolved)
            else:
                pods = avoid_repeats(active, plan.sizes, met, seed=seed * 1000 + round_no)
            pods_done = time.perf_counter()
            seated = [assign_seats(pod, seat_counts, pairing_rng) for pod in pods]
            pod_times.append(pods_done - started)
        times.append(time.perf_counter() - started)

        for pod in seated:
            for position, player in enumerate(pod):
                counts = seat_counts[player]
                counts[position] = counts.get(position, 0) + 1
            for i, a in enumerate(pod):
                for b in pod[i + 1 :]:
                    before = met[a].get(b, 0)
                    if before:
                        repeats += 1
                    met[a][b] = before + 1
                    met[b][a] = before + 1
            points[results_rng.choice(pod)] += 3
        for player in byes:
            points[player] += 1
            byes_had[player] = byes_had.get(player, 0) + 1
        previous = [list(pod) for pod in pods]
        repeats_at[round_no] = repeats

    later = times[1:] or times
    pods_mean = statistics.fmean(pod_times) if pod_times else 0.0
    return Outcome(statistics.fmean(later), max(later), times[0], pods_mean, repeats_at, unresolved)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="16,64,512,4096,10000", help="comma-separated N")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pod-size", type=int, default=4)
    parser.add_argument("--bye-policy", default="byes")
    parser.add_argument("--policies", default=",".join(POLICIES))
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    policies = [p for p in args.policies.split(",") if p]
    checkpoints = sorted({min(5, args.rounds), args.rounds})

    print(
        f"# python {platform.python_version()} on {platform.machine()}, "
        f"rounds={args.rounds} seed={args.seed} pod_size={args.pod_size} "
        f"bye_policy={args.bye_policy}"
    )
    print(
        "# s/round: pairing step (plan + byes + pods + seat order) of rounds 2..R;"
        " 'pods only' leaves out the seat order; round 1 (random) apart"
    )
    header = ["N", "policy", "s/round mean", "s/round max", "pods only mean", "round 1 s"]
    for r in checkpoints:
        header += [f"repeats R{r}", f"bound R{r}"]
    header.append("CMD-7 unresolved")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for n_players in sizes:
        for policy in policies:
            out = simulate(
                n_players, args.rounds, policy, args.seed, args.pod_size, args.bye_policy
            )
            row = [
                str(n_players),
                policy,
                f"{out.mean:.4f}",
                f"{out.max:.4f}",
                f"{out.pods_mean:.4f}",
                f"{out.round1:.4f}",
            ]
            for r in checkpoints:
                row += [str(out.repeats_at[r]), str(lower_bound(n_players, r))]
            row.append(str(out.unresolved) if policy == "swap" else "-")
            print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
