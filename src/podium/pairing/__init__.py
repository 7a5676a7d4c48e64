"""Pairing for multiplayer pods: pod sizes and byes, standings fill, repeat repair, seating.

Rule IDs (``CMD-5`` ... ``CMD-8``) refer to the regulations digest (shared/regulations.md, CMD).
"""

from podium.pairing.avoid import avoid_repeats
from podium.pairing.partition import Partition, partition
from podium.pairing.pods import (
    BYE_POLICIES,
    PodPlan,
    choose_byes,
    fill_by_standings,
    plan_pod_sizes,
    random_pods,
)
from podium.pairing.seating import assign_seats, random_seats
from podium.pairing.swap import SwapResult, apply_repeat_swaps

__all__ = [
    "BYE_POLICIES",
    "Partition",
    "PodPlan",
    "SwapResult",
    "apply_repeat_swaps",
    "assign_seats",
    "avoid_repeats",
    "choose_byes",
    "fill_by_standings",
    "partition",
    "plan_pod_sizes",
    "random_pods",
    "random_seats",
]
