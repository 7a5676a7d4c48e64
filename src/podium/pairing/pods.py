"""Pod sizes, byes, and the two basic ways of filling pods (random and by standings).

Everything here is a pure function of its arguments: randomness comes only from a
``random.Random`` instance the caller passes in, so a replay of the event log with the recorded
seed gives the same pods (rule CMD-5).

"order" always means a list of player ids sorted best standings first.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from podium.core.messages import M, Message, Mn
from podium.pairing.partition import partition

#: byes: the regulation (rule CMD-8); short-pods / long-pods: (k-1)- or (k+1)-seat pods at the
#: bottom; short-pods-top: (k-1)-seat pods at the top; byes-or-short: byes for up to k-2 left
#: over, one (k-1)-seat pod at the bottom for k-1 (what open-source pod pairers do). The last
#: four are beyond the regulation.
BYE_POLICIES = ("byes", "short-pods", "long-pods", "short-pods-top", "byes-or-short")

MIN_SEATS = 2
MAX_SEATS = 7


@dataclass(frozen=True)
class PodPlan:
    """How many pods of which size a round has, and how many players sit out.

    ``sizes`` is in table order: full pods first, then the short or long pods at the end, because
    the end of the table order is the bottom of the standings and top seeds should get the regular
    pods. ``note`` is a sentence for the organiser and the players explaining the plan.
    """

    sizes: tuple[int, ...]
    byes: int
    note: Message


def _players(count: int) -> Message:
    return Mn("%(n)s player", "%(n)s players", count)


def _pods(count: int, size: int) -> Message:
    return Mn("%(n)s pod of %(size)s", "%(n)s pods of %(size)s", count, size=size)


def _describe(sizes: Sequence[int], byes: int) -> Message:
    """'2 pods of 4 and 1 pod of 3, no byes' style description of a plan (a message, so each
    page says it in its language with the right plural forms)."""
    groups: list[tuple[int, int]] = []
    for size in sizes:
        if groups and groups[-1][0] == size:
            groups[-1] = (size, groups[-1][1] + 1)
        else:
            groups.append((size, 1))
    pods = M("no pods")
    for index, (size, count) in enumerate(groups):
        part = _pods(count, size)
        pods = part if index == 0 else M("%(first)s and %(second)s", first=pods, second=part)
    bye_text = M("no byes") if byes == 0 else Mn("%(n)s bye", "%(n)s byes", byes)
    return M("%(pods)s, %(byes)s", pods=pods, byes=bye_text)


def _byes_plan(n_players: int, pod_size: int) -> tuple[tuple[int, ...], int]:
    # rule CMD-8: whoever does not fit into a full pod gets a bye.
    return (pod_size,) * (n_players // pod_size), n_players % pod_size


def _short_plan(n_players: int, pod_size: int) -> tuple[int, ...] | None:
    """``k - r`` pods of ``k - 1`` at the bottom, or None when that is impossible."""
    if pod_size - 1 < MIN_SEATS:
        return None
    plan = partition(n_players, pod_size - 1, pod_size, pod_size)
    return None if plan.left_over else plan.sizes


def _long_plan(n_players: int, pod_size: int) -> tuple[int, ...] | None:
    """``r`` pods of ``k + 1`` at the bottom, or None when that is impossible."""
    if pod_size + 1 > MAX_SEATS:
        return None
    plan = partition(n_players, pod_size, pod_size + 1, pod_size)
    return None if plan.left_over else plan.sizes


def plan_pod_sizes(n_players: int, pod_size: int, bye_policy: str) -> PodPlan:
    """Split ``n_players`` into pods of ``pod_size`` under ``bye_policy``.

    Why three policies: the regulation gives byes to whoever does not fit (rule CMD-8), but many
    organisers prefer one or more short pods (k-1 seats) or long pods (k+1 seats) to sending
    players home. When the chosen policy cannot work for this number of players, the plan falls
    back (long-pods -> short-pods -> byes, short-pods -> byes) and the note says so, so that the
    organiser is never surprised. No pod ever has fewer than 2 or more than 7 seats.
    """
    if bye_policy not in BYE_POLICIES:
        raise ValueError(
            f"unknown bye policy {bye_policy!r}; expected one of {', '.join(BYE_POLICIES)}"
        )
    if isinstance(pod_size, bool) or not isinstance(pod_size, int):
        raise ValueError(f"pod size must be an integer, got {pod_size!r}")
    if not MIN_SEATS <= pod_size <= MAX_SEATS:
        raise ValueError(f"pod size must be between {MIN_SEATS} and {MAX_SEATS}, got {pod_size}")
    if isinstance(n_players, bool) or not isinstance(n_players, int):
        raise ValueError(f"number of players must be an integer, got {n_players!r}")
    if n_players < 0:
        raise ValueError(f"number of players cannot be negative, got {n_players}")

    who = _players(n_players)
    if n_players == 0:
        return PodPlan((), 0, M("0 players: no pods and no byes"))
    if n_players < pod_size and (bye_policy == "byes" or n_players < MIN_SEATS):
        # rule CMD-8: not even one pod can be filled, so everybody sits out. A policy beyond
        # the regulation still seats them when it can (3 players: one pod of 3 with
        # short-pods, byes-or-short, short-pods-top, and long-pods falling back to short pods),
        # as docs/commander.md promises; the plans below say when it cannot.
        return PodPlan(
            (),
            n_players,
            M("%(who)s cannot fill a single pod of %(size)s; all get byes (rule CMD-8)",
              who=who, size=pod_size),
        )

    rest = n_players % pod_size
    byes_sizes, byes = _byes_plan(n_players, pod_size)
    if rest == 0:
        return PodPlan(byes_sizes, 0, M("%(who)s: %(plan)s", who=who,
                                        plan=_describe(byes_sizes, 0)))

    if bye_policy == "byes":
        return PodPlan(byes_sizes, byes, M("%(who)s: %(plan)s (rule CMD-8)", who=who,
                                           plan=_describe(byes_sizes, byes)))
    if bye_policy == "byes-or-short":
        if rest == pod_size - 1 and rest >= MIN_SEATS:
            sizes = (*byes_sizes, rest)
            return PodPlan(sizes, 0, M("%(who)s: %(plan)s (one short pod at the bottom for the "
                                       "%(n)s left over; beyond the regulation)", who=who,
                                       plan=_describe(sizes, 0), n=rest))
        return PodPlan(byes_sizes, byes, M("%(who)s: %(plan)s (rule CMD-8)", who=who,
                                           plan=_describe(byes_sizes, byes)))
    if bye_policy == "short-pods-top":
        top_sizes = _short_plan(n_players, pod_size)
        if top_sizes is not None:
            sizes = tuple(sorted(top_sizes))
            return PodPlan(sizes, 0, M("%(who)s: %(plan)s (short pods at the top instead of "
                                       "byes; beyond the regulation)", who=who,
                                       plan=_describe(sizes, 0)))
        bye_policy = "short-pods"  # impossible: falls back to byes as short pods do

    fallback_reasons: list[Message] = []
    if bye_policy == "long-pods":
        long_sizes = _long_plan(n_players, pod_size)
        if long_sizes is not None:
            return PodPlan(
                long_sizes,
                0,
                M("%(who)s: %(plan)s (long pods at the bottom instead of byes)", who=who,
                  plan=_describe(long_sizes, 0)),
            )
        if pod_size + 1 > MAX_SEATS:
            fallback_reasons.append(M("pods cannot have more than %(n)s seats", n=MAX_SEATS))
        else:
            fallback_reasons.append(M("%(pods)s would need at least %(players)s", pods=_pods(
                rest, pod_size + 1), players=_players(rest * (pod_size + 1))))
        what = M("%(size)s-player pods", size=pod_size + 1)
    else:
        what = M("%(size)s-player pods", size=pod_size - 1)

    short_sizes = _short_plan(n_players, pod_size)
    if short_sizes is not None:
        # Only reachable from long-pods: a short-pods request with a possible plan returns here.
        if bye_policy == "short-pods":
            return PodPlan(
                short_sizes,
                0,
                M("%(who)s: %(plan)s (short pods at the bottom instead of byes)", who=who,
                  plan=_describe(short_sizes, 0)),
            )
        return PodPlan(
            short_sizes,
            0,
            M("%(who)s cannot form %(what)s (%(why)s); %(plan)s instead (short pods at the "
              "bottom)", who=who, what=what, why=fallback_reasons[0],
              plan=_describe(short_sizes, 0)),
        )
    if pod_size - 1 < MIN_SEATS:
        fallback_reasons.append(M("pods cannot have fewer than %(n)s seats", n=MIN_SEATS))
    else:
        short = pod_size - rest
        fallback_reasons.append(M("%(pods)s would need at least %(players)s", pods=_pods(
            short, pod_size - 1), players=_players(short * (pod_size - 1))))
    why = fallback_reasons[0]
    for reason in fallback_reasons[1:]:
        why = M("%(first)s; %(second)s", first=why, second=reason)
    return PodPlan(
        byes_sizes,
        byes,
        M("%(who)s cannot form %(what)s (%(why)s); %(plan)s instead (rule CMD-8)", who=who,
          what=what, why=why, plan=_describe(byes_sizes, byes)),
    )


def _check_order(order: Sequence[int]) -> None:
    if len(set(order)) != len(order):
        raise ValueError("a player appears more than once in the order")


def choose_byes(order: Sequence[int], count: int, byes_had: Mapping[int, int],
                spare: Collection[int] = ()) -> list[int]:
    """Pick the ``count`` players who sit out this round.

    rule CMD-8 [open default]: byes go to the bottom of the standings, but nobody gets a second
    bye while someone still has none (nor a third while someone has only one, and so on). So the
    byes go to the lowest-standing players among those with the fewest byes so far; players not
    in ``byes_had`` have had none. Among those, players in ``spare`` (late entrants in their
    first round) sit out only when no one else with as few byes can. The result keeps the order
    of ``order``.
    """
    _check_order(order)
    if not 0 <= count <= len(order):
        raise ValueError(f"cannot give {count} byes to {len(order)} players")
    if count == 0:
        return []
    position = {player: index for index, player in enumerate(order)}
    # Fewest byes first; among equals, the lowest standing (largest position) first.
    ranked = sorted(order, key=lambda p: (byes_had.get(p, 0), p in spare, -position[p]))
    chosen = set(ranked[:count])
    return [player for player in order if player in chosen]


def _check_sizes(n_players: int, sizes: Sequence[int]) -> None:
    if any(size < 1 for size in sizes):
        raise ValueError(f"pod sizes must be positive, got {list(sizes)}")
    if sum(sizes) != n_players:
        raise ValueError(f"pod sizes add up to {sum(sizes)} seats for {n_players} players")


def fill_by_standings(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    """rule CMD-6: players in descending standings fill table 1, then table 2, and so on.

    ``sizes`` is in table order (from :func:`plan_pod_sizes`); each pod comes out best-first.
    """
    _check_order(order)
    _check_sizes(len(order), sizes)
    pods: list[list[int]] = []
    start = 0
    for size in sizes:
        pods.append(list(order[start : start + size]))
        start += size
    return pods


def random_pods(
    players: Sequence[int], sizes: Sequence[int], rng: random.Random
) -> list[list[int]]:
    """rule CMD-5: round 1 pods are drawn at random, reproducibly from the caller's generator."""
    _check_order(players)
    _check_sizes(len(players), sizes)
    shuffled = list(players)
    rng.shuffle(shuffled)
    return fill_by_standings(shuffled, sizes)
