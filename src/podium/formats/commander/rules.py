"""Commander Swiss in 4-player pods with a top-4 final pod (regulation CMD).

The format composes core parts: records and tiebreakers for standings (CMD-3), the pairing
package for pods, byes, the CMD-7 swap and seat balance, and its own result entry (CMD-2, CMD-4,
CMD-13, CMD-14, CMD-15). Every number of the regulation is a setting with the regulation's value
as its default.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from podium.core import codes
from podium.core.commands import CommandSpec, ResultEntry
from podium.core.demos import DemoSpec, Presentation
from podium.core.errors import Conflict, InvalidInput
from podium.core.messages import M, Mn
from podium.core.model import EventState, PlayerId, Round, SeatOutcome, Table, TableResult
from podium.core.projection import DEFAULT_MODEL, DEFAULT_TRIALS, Need, Projection, Strengths
from podium.core.rated import RatedGame
from podium.core.records import PlayerRecord, RecordBook, build_records, meetings
from podium.core.rng import derive_seed, rng_for
from podium.core.ruleset import (
    PLAYOFF,
    ROUNDS,
    ActionKind,
    ByePlan,
    Capabilities,
    Phase,
    RoundPlan,
    Ruleset,
    SignupField,
)
from podium.core.standings import StandingRow, Standings, rank_players
from podium.core.tiebreakers import TIEBREAKERS, get_tiebreaker
from podium.core.views import N_, TableView, standings_view
from podium.formats import settings as fs
from podium.formats.commander import codes as cmd_codes
from podium.pairing import (
    BYE_POLICIES,
    PodPlan,
    apply_repeat_swaps,
    assign_seats,
    avoid_repeats,
    choose_byes,
    design,
    fill_by_standings,
    plan_pod_sizes,
    random_seats,
)
from podium.pairing.separate import separate_groups

SWISS = "swiss"
FINAL = "final"
SEAT_WEIGHTS = (24.7, 19.3, 16.7, 14.6, 12.0, 10.0, 8.0)  # public win rates by seat, in %
REPEAT_POLICIES = ("swap", "avoid")
SCHEDULES = ("off", "fixed", "while-tied")
FINAL_SEATINGS = ("random", "standings", "reverse")
SEPARATIONS = ("off", "first-rounds", "always")  # separate_groups: beyond the regulation
MIN_ROUNDS = 5  # rule CMD-11

FIELDS = (
    fs.Field("pod_size", 4, fs.integer(2, 7), "players per pod", "CMD-1"),
    fs.Field("win_points", Fraction(3), fs.points, "points for a win", "CMD-2"),
    fs.Field("draw_points", Fraction(1), fs.points, "points for each survivor of a draw", "CMD-13"),
    fs.Field("loss_points", Fraction(0), fs.points, "points for a loss", "CMD-2"),
    fs.Field("bye_points", Fraction(1), fs.points, "points for a bye", "CMD-9"),
    fs.Field(
        "tiebreakers",
        ("elimination_sum", "opponents_win_pct", "random"),
        fs.name_list([name for name in TIEBREAKERS if name != "points"]),
        "tiebreakers after points, in order",
        "CMD-3",
    ),
    fs.Field(
        "rounds", None, fs.optional_integer(1, 100), "Swiss rounds (auto: CMD-11 formula)", "CMD-11"
    ),
    fs.Field("bye_policy", "byes", fs.choice(BYE_POLICIES), "what leftover players get", "CMD-8"),
    fs.Field("repeat_policy", "swap", fs.choice(REPEAT_POLICIES), "repeat handling", "CMD-7"),
    fs.Field("seating_schedule", "off", fs.choice(SCHEDULES),
             "off: pods by standings each round (the regulation); fixed: every Swiss round "
             "planned at the start with the fewest repeated opponents and balanced turn order; "
             "while-tied: the same, only while all players are tied on points", "CMD-6"),
    fs.Field("final_size", 4, fs.integer(0, 7), "players in the final pod (0: no final)", "CMD-10"),
    fs.Field("final_seating", "random", fs.choice(FINAL_SEATINGS),
             "turn order of the final pod: random (seeded), standings or reverse", "CMD-10"),
    fs.Field("late_entry_bye", True, fs.boolean,
             "a late entrant's first round may be a bye (no: spare them while someone with no "
             "more byes can sit out)", "CMD-8"),
    fs.Field("fewer_rounds", False, fs.boolean,
             "allow fewer than 5 Swiss rounds (the regulation's minimum)", "CMD-11"),
    fs.Field("separate_groups", "off", fs.choice(SEPARATIONS),
             "keep players of one group (club, family, team) apart as far as the pairing "
             "allows, by swapping players on equal points: off (the regulation), first-rounds "
             "(the first separate_groups_rounds Swiss rounds) or always; beyond the regulation"),
    fs.Field("separate_groups_rounds", 2, fs.integer(1, 100),
             "Swiss rounds that keep groups apart when separate_groups=first-rounds"),
    fs.Field("round_minutes", 90, fs.integer(1, 1440), "minutes per round (the round clock)",
             "CMD-12"),
    fs.Field("time_zone", "UTC", fs.time_zone, fs.TIME_ZONE_HELP),
    fs.RATING_WEIGHT,
    fs.ODDS_SHOWN,
    fs.ODDS_MODEL,
)

# A pod's result entry (rules CMD-2, CMD-4, CMD-13, CMD-14): one shape for every setting,
# built once (an import of 200,000 players decodes 250,000 entries).
@dataclass(frozen=True)
class CommanderSettings:
    pod_size: int
    win_points: Fraction
    draw_points: Fraction
    loss_points: Fraction
    bye_points: Fraction
    tiebreakers: tuple[str, ...]
    rounds: int | None
    bye_policy: str
    repeat_policy: str
    final_size: int
    final_seating: str = "random"
    late_entry_bye: bool = True  # rule CMD-8 as written: the last table's players sit out
    fewer_rounds: bool = False
    time_zone: str = "UTC"  # of the times shown on the event's pages
    seating_schedule: str = "off"
    separate_groups: str = "off"  # beyond the regulation
    separate_groups_rounds: int = 2
    round_minutes: int = 90  # rule CMD-12: the round clock's length
    rating_weight: Fraction = Fraction(1)  # in ratings across events
    odds_shown: bool = False  # the chances on the public pages
    odds_model: str = "uniform"  # how the chances suppose a game ends


def default_round_count(players: int) -> int:
    """Rule CMD-11 [open default]: max(5, ceil(log2(N)) - 1) Swiss rounds."""
    if players <= 1:
        return 5
    return max(5, math.ceil(math.log2(players)) - 1)


ADVANCE_BYES = "commander.advance_byes"  # state.extra: round -> {player: reason}
# The notes of a seat outcome, one object each for every result (a message is immutable):
# a million seat outcomes otherwise hold a million copies (the import's memory).
_WIN = M("win")
_SIMULTANEOUS_WIN = M("simultaneous win")
_SURVIVED = M("survived the draw")
_SAME_MOMENT = M("eliminated at the same moment")
_HALVES: dict[int, Fraction] = {}


def _half(twice: int) -> Fraction:
    """``twice / 2``, one Fraction per value: a shared elimination order (rule CMD-3a)."""
    found = _HALVES.get(twice)
    if found is None:
        found = _HALVES[twice] = Fraction(twice, 2)
    return found


RECORDS_CACHE = "commander.swiss_records"  # state.caches: the Swiss rounds' RecordBook

#: What the signs of a pod's one-line result (:func:`.entry.describe`) mean, for the pages that
#: show it beside the results.
LEGEND = N_("★ won, ★⚡ a simultaneous win (rule CMD-4a), = survived a draw; › then the next "
            "place, best first; + out at the same moment (a shared place)")


def given_byes(state: EventState, number: int) -> dict[PlayerId, str]:
    """The byes given in advance for round ``number`` (:mod:`.advance_byes`): player -> the
    organiser's reason."""
    return dict(state.extra.get(ADVANCE_BYES, {}).get(number, {}))


class Commander(Ruleset[CommanderSettings]):
    """The CMD ruleset; see the module docstring."""

    name = "commander"
    title = N_("Commander Swiss pods with a top-4 final")
    fields = FIELDS
    codes = cmd_codes.ALL
    capabilities = Capabilities(rounds=True, playoff=True)
    # short pods in the second: a hand move between pods of 4 and 3 (pod_edits) in the tour
    example_settings = ({}, {"final_size": 0, "bye_policy": "short-pods"},
                        {"rounds": 2, "final_size": 3, "pod_size": 3, "fewer_rounds": True})
    presentation = Presentation(result_legend=LEGEND)
    rating_system = "commander"
    #: What a sign-up may ask of a Commander player: the commander they bring
    signup_fields = (SignupField("commander", N_("Commander"), "text"),)

    def round_minutes(self, state: EventState, rnd: Round) -> int | None:
        """Rule CMD-12: a round lasts ``round_minutes`` (90 by the regulation), the final
        pod's too."""
        return int(state.settings.round_minutes)

    def phases(self, settings: CommanderSettings) -> tuple[Phase, ...]:
        """Rules CMD-10, CMD-11: the Swiss rounds, then the final pod; with no final pod
        (``final_size=0``) the Swiss standings decide, and a TOP may follow if the organiser
        builds one."""
        swiss = Phase(SWISS, ROUNDS, "Swiss")
        if settings.final_size:
            return (swiss, Phase(FINAL, ROUNDS, "Final"))
        return (swiss, Phase("top", PLAYOFF, "TOP", optional=True))

    def check_new_settings(self, settings: CommanderSettings) -> None:
        """Rule CMD-11: at least 5 Swiss rounds; fewer only with the explicit override."""
        if settings.rounds is not None and settings.rounds < MIN_ROUNDS and (
                not settings.fewer_rounds):
            raise InvalidInput("setting rounds: rule CMD-11 asks for at least %(minimum)s Swiss "
                               "rounds; to play %(rounds)s, also set fewer_rounds to yes",
                               field="rounds", code=cmd_codes.MIN_ROUNDS, minimum=MIN_ROUNDS,
                               rounds=settings.rounds)

    def warnings(self, state: EventState) -> list[str]:
        settings: CommanderSettings = state.settings
        if settings.rounds is not None and settings.rounds < MIN_ROUNDS:
            return [Mn("%(n)s Swiss round: fewer than the %(minimum)s rule CMD-11 asks for "
                       "(allowed by the organiser's override)",
                       "%(n)s Swiss rounds: fewer than the %(minimum)s rule CMD-11 asks for "
                       "(allowed by the organiser's override)", settings.rounds,
                       minimum=MIN_ROUNDS)]
        return []

    def planned_rounds(self, state: EventState, phase: str) -> int | None:
        return self.swiss_round_count(state) if phase == SWISS else 1

    # settings ---------------------------------------------------------------------------------
    def parse_settings(self, raw: Mapping[str, Any]) -> CommanderSettings:
        values = fs.parse_fields(FIELDS, raw)
        if values["final_size"] == 1:
            raise InvalidInput("setting final_size: a final needs 0 (none) or 2 to 7 players",
                               code=cmd_codes.FINAL_SIZE)
        return CommanderSettings(**values)

    def settings_to_json(self, settings: CommanderSettings) -> dict[str, Any]:
        return {f.key: fs.to_json(getattr(settings, f.key)) for f in FIELDS}

    def bye_award(self, settings: CommanderSettings) -> tuple[Fraction, int | None]:
        """Rule CMD-9: a bye is worth 1 point and counts as eliminated last (order = pod size)."""
        return settings.bye_points, settings.pod_size

    # byes given in advance -------------------------------------------------------------------
    def action_kinds(self) -> tuple[ActionKind, ...]:
        """Byes given in advance and their cancellations (beyond rule CMD-8), and hand edits of
        a round (moves, swaps, turn-order corrections, rule CMD-4b: :mod:`.pod_edits`).
        Commander's own: a format built on these rules gets them only by adopting Commander
        (``adopts = ("commander",)``, :meth:`Ruleset.declares`); otherwise it names its own."""
        if not self.declares(Commander.name):
            return ()
        from podium.formats.commander import pod_edits
        from podium.formats.commander.advance_byes import ACTION_KINDS

        return (*ACTION_KINDS, *pod_edits.ACTION_KINDS)

    def tour_actions(self, state: EventState) -> list[tuple[str, dict[str, Any], str]]:
        """Hand edits of the last round (:func:`.pod_edits.tour_edits`); between two rounds
        also a bye given in advance for the next round and one given then cancelled
        (Commander's own, as :meth:`action_kinds`)."""
        if not self.declares(Commander.name):
            return []
        from podium.formats.commander.pod_edits import tour_edits

        edits = tour_edits(state)
        rnd = state.current_round
        active = [p.id for p in state.active_players()]
        if len(active) < 6 or (rnd is not None and not rnd.complete):
            return edits
        number = len(state.rounds) + 1
        return [*edits, ("commander.bye.given", {"round": number, "player": active[0]}, "judge"),
                ("commander.bye.given", {"round": number, "player": active[1]}, "by mistake"),
                ("commander.bye.cancelled", {"round": number, "player": active[1]}, "")]

    def commands(self) -> Sequence[CommandSpec]:
        """Give a bye in advance, and cancel one; move, swap, re-seat, undo an edit
        (:mod:`.pod_edits`); the rest is the kernel's (Commander's own,
        as :meth:`action_kinds`)."""
        if not self.declares(Commander.name):
            return ()
        from podium.formats.commander import pod_edits
        from podium.formats.commander.advance_byes import COMMANDS

        return (*COMMANDS, *pod_edits.COMMANDS)

    def demos(self) -> Sequence[DemoSpec]:
        """``podium demo commander`` (:mod:`.demo`): it plays a Commander event itself, so a
        format built on these rules does not get it (it would name a second demo alike)."""
        if self.name != Commander.name:
            return ()
        from podium.formats.commander.demo import DEMO

        return (DEMO,)

    # results ----------------------------------------------------------------------------------
    def result_entry(self) -> ResultEntry:
        """A pod's result: the finish by seats or the players by name; stored as the winner
        (or a draw), the elimination order, the survivors of a draw, a simultaneous win,
        judge's game losses (rules CMD-2, CMD-4, CMD-13, CMD-14)."""
        from podium.formats.commander.entry import RESULT

        return RESULT

    def score(
        self, state: EventState, rnd: Round, table: Table, entry: Mapping[str, Any]
    ) -> TableResult:
        """Validate and score one pod's result.

        Accepted forms (all normalised to one entry dict):
        a winner and the elimination order of the others, first out first (CMD-2; a joint
        concession, CMD-15, is entered the same way), where players eliminated at the same
        moment are one item, a list; a winner who took everyone out at once and names the order
        (``simultaneous``, CMD-4a); a draw with its survivors (CMD-4b, CMD-13), or with none
        when everyone was eliminated (all score the loss points: CMD-13 pays survivors only);
        and judge's game losses (CMD-14), each an eliminated player with a reason.
        """
        settings: CommanderSettings = state.settings
        seats = table.seats
        where = M("round %(round)s, table %(table)s", round=rnd.number, table=table.number)
        names = state.players

        def who(pid: Any) -> str:
            return names[pid].name if pid in names else repr(pid)

        # each id as the table's own int object: 200,000 players' results otherwise hold a
        # million copies of their ids (the import's memory)
        seated = {pid: pid for pid in seats}

        def check_seated(pid: Any) -> PlayerId:
            if not isinstance(pid, int) or isinstance(pid, bool) or pid not in seated:
                raise InvalidInput(  # name the table's players: the person can fix it
                    N_("round %(round)s, table %(table)s: %(name)s is not at this table "
                       "(%(players)s)"), code=codes.RESULT_SEAT, round=rnd.number,
                    table=table.number, name=who(pid),
                    players=", ".join(who(p) for p in seats))
            return seated[pid]

        winner = entry.get("winner")
        if isinstance(winner, list):
            if len(winner) > 1:
                raise InvalidInput(
                    "%(where)s: two winners; a table has at most one (rule CMD-2)",
                    code=cmd_codes.WINNERS, where=where)
            winner = winner[0] if winner else None
        draw = bool(entry.get("draw"))
        # each item: one player, or a group eliminated at the same moment (first out first)
        groups = [[check_seated(p) for p in (item if isinstance(item, list) else [item])]
                  for item in entry.get("eliminated") or []]
        eliminated = [pid for group in groups for pid in group]
        survivors = [check_seated(pid) for pid in entry.get("survivors") or []]
        simultaneous = bool(entry.get("simultaneous"))
        losses = entry.get("game_losses") or []

        if draw and winner is not None:
            raise InvalidInput(
                "%(where)s: a result is either a win or a draw, not both",
                code=cmd_codes.WIN_OR_DRAW, where=where)
        if not draw and winner is None:
            raise InvalidInput(
                "%(where)s: name the winner, or enter a draw with its survivors",
                code=cmd_codes.OUTCOME_MISSING, where=where)
        if simultaneous and winner is None:
            raise InvalidInput(
                "%(where)s: a simultaneous win needs a winner (rule CMD-4a)",
                code=cmd_codes.SIMULTANEOUS, where=where)
        if winner is not None:
            winner = check_seated(winner)
            if survivors:
                raise InvalidInput(
                    "%(where)s: survivors are only entered for a draw",
                    code=cmd_codes.SURVIVORS_WIN, where=where)
            finishers = [*eliminated, winner]
        else:
            if len(survivors) == 1:
                raise InvalidInput(
                    "%(where)s: a draw needs at least two survivors, or none when everyone "
                    "was eliminated (rule CMD-13)", code=cmd_codes.SURVIVORS_ONE,
                    where=where)
            finishers = [*eliminated, *survivors]
        _check_permutation(where, finishers, seats, who)

        loss_reasons: dict[PlayerId, str] = {}
        for loss in losses:
            pid = check_seated(loss.get("player") if isinstance(loss, dict) else loss)
            reason = str(loss.get("reason", "")).strip() if isinstance(loss, dict) else ""
            if pid not in eliminated:
                raise InvalidInput(
                    "%(where)s: %(pid)s got a game loss, so must be in the elimination order "
                    "at the moment of the loss (rule CMD-14)", code=cmd_codes.GAME_LOSS_ORDER,
                    where=where, pid=who(pid)
                )
            if not reason:
                raise InvalidInput(
                    "%(where)s: a game loss needs the judge's reason (rule CMD-14)",
                    code=codes.REASON_MISSING, where=where)
            loss_reasons[pid] = reason

        # rule CMD-3a's elimination order: 1 for the first out. Players eliminated at the same
        # moment share the orders they cover, averaged (exact: two first out take 1.5 each, so
        # every table still hands out 1 + 2 + ... + size), and the best place they cover.
        # rule CMD-4b: draw survivors count as eliminated in turn order, first turn first.
        ordered = [*groups, *([pid] for pid in sorted(survivors, key=table.seat_of))]
        if winner is not None:
            ordered.append([winner])
        size = len(seats)
        outcomes = []
        covered = 0
        for group in ordered:
            first, covered = covered + 1, covered + len(group)
            order: int | Fraction = (first if len(group) == 1
                                     else _half(first + covered))
            for pid in group:
                note: str
                if pid == winner:
                    points, note = (settings.win_points,
                                    _SIMULTANEOUS_WIN if simultaneous else _WIN)
                elif pid in survivors:
                    points, note = settings.draw_points, _SURVIVED
                else:
                    points = settings.loss_points
                    note = _SAME_MOMENT if len(group) > 1 else ""
                if pid in loss_reasons:
                    note = M("game loss: %(reason)s", reason=loss_reasons[pid])
                outcomes.append(
                    SeatOutcome(
                        player=pid,
                        points=points,
                        place=size + 1 - covered,
                        won=pid == winner,
                        drew=pid in survivors,
                        order=order,  # type: ignore[arg-type]
                        note=note,
                    )
                )
        normalised = {
            "winner": winner,
            "draw": draw,
            "eliminated": [group[0] if len(group) == 1 else group for group in groups],
            "survivors": survivors,
            "simultaneous": simultaneous,
            "game_losses": [{"player": p, "reason": r} for p, r in loss_reasons.items()],
        }
        return TableResult(tuple(outcomes), normalised)

    # pairing ----------------------------------------------------------------------------------
    def swiss_round_count(self, state: EventState) -> int:
        """Rule CMD-11: the setting, else the formula over the players of round 1."""
        settings: CommanderSettings = state.settings
        if settings.rounds is not None:
            return settings.rounds
        first = next((r for r in state.rounds if r.stage == SWISS), None)
        players = len(list(first.players())) if first else len(state.active_players())
        return default_round_count(players)

    def plan_round(self, state: EventState) -> RoundPlan:
        current = state.current_round
        if current is not None and not current.complete:
            raise Conflict(
                "round %(number)s still misses results for tables %(str)s",
                code=codes.ROUND_INCOMPLETE,
                number=current.number, str=', '.join(map(str, current.missing))
            )
        swiss_done = sum(1 for r in state.rounds if r.stage == SWISS)
        if swiss_done < self.swiss_round_count(state):
            return self._plan_swiss(state, first=swiss_done == 0)
        settings: CommanderSettings = state.settings
        if settings.final_size and not any(r.stage == FINAL for r in state.rounds):
            return self._plan_final(state)
        raise Conflict("all Swiss rounds and the final are paired: the event is complete",
                       code=codes.EVENT_COMPLETE)

    def _plan_swiss(self, state: EventState, first: bool) -> RoundPlan:
        settings: CommanderSettings = state.settings
        number = len(state.rounds) + 1
        seed = derive_seed(state.seed, "pairing", state.draws + 1)
        rng = rng_for(seed)
        standings = self.standings(state)
        given = given_byes(state, number)  # byes given in advance, with the organiser's reason
        active = {p.id for p in state.active_players()} - set(given)
        if len(active) < 2:
            raise Conflict("at least two active players are needed to pair a round",
                           code=codes.PLAYERS_TOO_FEW)
        if first:
            order = sorted(active)
            rng.shuffle(order)  # rule CMD-5: round 1 is a random draw
        else:
            order = [pid for pid in standings.order() if pid in active]  # rule CMD-6
        plan = plan_pod_sizes(len(order), settings.pod_size, settings.bye_policy)
        records = {row.player: row.record for row in standings.rows}
        advance = [ByePlan(pid, M("a bye given in advance: %(reason)s", reason=why))
                   for pid, why in sorted(given.items()) if not state.players[pid].dropped]
        if settings.seating_schedule == "fixed" or (
                settings.seating_schedule == "while-tied"
                and len({records[pid].points for pid in active}) == 1):
            scheduled = self._plan_scheduled(state, active, plan, records)
            scheduled.byes[:0] = advance
            if self._separating(state):
                scheduled.notes.append(M("setting separate_groups: a planned schedule is "
                                         "played as planned; groups are not kept apart"))
            return scheduled
        byes, bye_reasons = self._byes(state, order, plan.byes, records, first)
        sitting_out = set(byes)
        seated = [pid for pid in order if pid not in sitting_out]
        pods = fill_by_standings(seated, plan.sizes)
        notes: list[str] = [plan.note]
        if not first and settings.repeat_policy == "swap":
            previous = [set(t.seats) for t in self._swiss_rounds(state)[-1].tables]
            swapped = apply_repeat_swaps(pods, previous, standings.rank_of())  # rule CMD-7
            pods = swapped.pods
            notes.extend(swapped.notes)
        elif not first:
            pods = avoid_repeats(seated, plan.sizes, meetings(state.rounds), seed=seed)
        if self._separating(state):
            pods, note = self._separate(state, pods, records, first)
            notes.append(note)
        if first:
            tables = [tuple(random_seats(pod, rng)) for pod in pods]
        else:
            counts = {pid: records[pid].seat_counts for pid in seated}
            tables = [tuple(assign_seats(pod, counts, rng)) for pod in pods]
        notes.extend(self._repeat_notes(state, tables))
        return RoundPlan(
            number=number,
            stage=SWISS,
            tables=tables,
            byes=[*advance, *(ByePlan(pid, bye_reasons[pid]) for pid in byes)],
            seed=seed,
            notes=notes,
        )

    def _separating(self, state: EventState) -> bool:
        """Setting ``separate_groups``: does this Swiss round keep groups apart?"""
        settings: CommanderSettings = state.settings
        if settings.separate_groups == "always":
            return True
        return (settings.separate_groups == "first-rounds"
                and len(self._swiss_rounds(state)) < settings.separate_groups_rounds)

    def _separate(self, state: EventState, pods: list[list[PlayerId]],
                  records: Mapping[PlayerId, PlayerRecord], first: bool
                  ) -> tuple[list[list[PlayerId]], str]:
        """Setting ``separate_groups`` (beyond the regulation): players of one group (club,
        family, team) kept apart as far as the pairing allows. Only players on equal points
        swap pods, and no swap adds a repeated opponent or brings back a table of the previous
        round, so the regulation's pods (rules CMD-5, CMD-6, CMD-7) keep priority
        (:mod:`podium.pairing.separate`). Its own seed is derived from the round's recorded
        one, so the other draws of the round are those of a round without it."""
        group_of = {pid: state.players[pid].group for pod in pods for pid in pod
                    if state.players[pid].group}
        if not group_of:
            return pods, M("setting separate_groups: no player of this round has a group")
        score_of = {pid: records[pid].points for pod in pods for pid in pod}
        swiss = self._swiss_rounds(state)
        previous = [] if first else [t.seats for t in swiss[-1].tables]
        met = {} if first else meetings(state.rounds)
        seed = derive_seed(state.seed, "separate", state.draws + 1)
        done = separate_groups(pods, group_of, score_of, met, previous, seed=seed)
        if not done.conflicts:
            return done.pods, M("players of one group kept apart in all pods (setting "
                                "separate_groups, beyond the regulation)")
        names = state.players
        parts = [M("table %(table)s: %(names)s (%(group)s)", table=index + 1,
                   names=_and([names[p].name for p in players]), group=group)
                 for index, group, players in done.conflicts]
        listed = parts[0]
        for part in parts[1:]:
            listed = M("%(first)s; %(second)s", first=listed, second=part)
        tables = len({index for index, _, _ in done.conflicts})
        return done.pods, Mn(
            "%(n)s pod has players of one group: %(pods)s; no pairing kept them apart within "
            "the score groups (setting separate_groups, beyond the regulation)",
            "%(n)s pods have players of one group: %(pods)s; no pairing kept them apart within "
            "the score groups (setting separate_groups, beyond the regulation)", tables,
            pods=listed)

    def _plan_scheduled(self, state: EventState, active: set[PlayerId], plan: PodPlan,
                        records: Mapping[PlayerId, PlayerRecord]) -> RoundPlan:
        """Setting ``seating_schedule`` (fixed, or while-tied while every player has the same
        points): this Swiss round is a round of a schedule planned for all Swiss rounds at once
        (``pairing.design.schedule``), as mahjong tournaments plan theirs, so that players meet
        as few opponents twice as the numbers allow and take the first turn equally often.

        A departure from rule CMD-6 (pods by standings), so never the default. Round 1 of the
        schedule is still a draw (rule CMD-5): its players are shuffled with the recorded seed
        before the schedule is built. The schedule depends only on the event's seed and the
        players of its first round, so a preview equals the commit and a replay reads the
        stored tables; when players drop or join, the remaining rounds are planned again for
        the players left, avoiding every earlier meeting. Byes rotate inside the schedule, so
        nobody sits out twice while avoidable (rule CMD-8's default): a schedule's rounds can be
        played in any order, so the next round is the unplayed one whose byes go to the players
        with the fewest byes so far."""
        swiss = self._swiss_rounds(state)
        number = len(state.rounds) + 1
        total = self.swiss_round_count(state)
        base = set(swiss[0].players()) if swiss else active
        planned: design.Schedule[PlayerId] | None = None
        if base == active:
            seed = derive_seed(state.seed, "schedule")
            players = sorted(active)
            rng_for(seed).shuffle(players)
            planned = design.schedule(players, total, sizes=plan.sizes, byes=plan.byes,
                                      seed=seed)
            # the rounds played so far must be the schedule's (not so when the setting was
            # switched on after round 1): else the rest is planned again from what was played
            pods = [{frozenset(t) for t in (rnd[:-1] if plan.byes else rnd)} for rnd in planned]
            played = [{frozenset(t.seats) for t in rnd.tables} for rnd in swiss]
            left = [i for i, pods_i in enumerate(pods) if pods_i not in played]
            if len(left) != len(pods) - len(played) or not left:
                planned = None
        if planned is not None:
            plan_rounds = planned
            index = min(left, key=lambda i: (sorted(
                (records[p].byes for p in planned[i][-1]), reverse=True) if plan.byes else [], i))
            how = Mn("Swiss round %(round)s of %(n)s of a schedule planned at the start for "
                     "all Swiss rounds (setting seating_schedule; pods not by standings, a "
                     "departure from rule CMD-6)",
                     "Swiss round %(round)s of %(n)s of a schedule planned at the start for "
                     "all Swiss rounds (setting seating_schedule; pods not by standings, a "
                     "departure from rule CMD-6)", total, round=len(swiss) + 1)
        else:
            seed = derive_seed(state.seed, "schedule", number)
            players = sorted(active)
            rng_for(seed).shuffle(players)
            plan_rounds = design.schedule(players, total - len(swiss), sizes=plan.sizes,
                                          byes=plan.byes, seed=seed,
                                          history=meetings(swiss),
                                          sat_out={p: records[p].byes for p in players})
            index = 0
            how = M("the players or the rounds played differ from the schedule made at the "
                    "start: the remaining rounds planned again for the %(n)s active players, "
                    "avoiding every earlier meeting (setting seating_schedule)", n=len(active))
        this = plan_rounds[index]
        tables = [tuple(t) for t in (this[:-1] if plan.byes else this)]
        byes = list(this[-1]) if plan.byes else []
        reasons = [ByePlan(pid, M("sits out this round of the schedule, which rotates the byes "
                                  "so that nobody sits out twice while avoidable (rule CMD-8, "
                                  "setting seating_schedule)")) for pid in byes]
        notes = [plan.note, how, *plan_rounds.notes, *self._repeat_notes(state, tables)]
        return RoundPlan(number=number, stage=SWISS, tables=tables, byes=reasons, seed=seed,
                         notes=notes)

    def _plan_final(self, state: EventState) -> RoundPlan:
        """Rule CMD-10: the top of the Swiss standings play one final pod. Its turn order is a
        setting (``final_seating``): drawn at random from the recorded seed (the default), in
        standings order, or in reverse standings order. It matters: in a drawn final the
        survivors are ranked by turn order, the first seat as eliminated first (rule CMD-4b)."""
        settings: CommanderSettings = state.settings
        active = {p.id for p in state.active_players()}
        order = [pid for pid in self.standings(state).order() if pid in active]
        if len(order) < settings.final_size:
            raise Conflict(
                "the final needs %(final_size)s active players, only %(order_count)s "
                "remain", code=cmd_codes.FINAL_PLAYERS,
                final_size=settings.final_size, order_count=len(order)
            )
        top = list(order[: settings.final_size])
        seed = derive_seed(state.seed, "pairing", state.draws + 1)
        if settings.final_seating == "random":
            rng_for(seed).shuffle(top)
            how = M("turn order drawn at random from the recorded seed")
        elif settings.final_seating == "reverse":
            top.reverse()
            how = M("turn order in reverse standings order (the Swiss winner plays last)")
        else:
            how = M("turn order in standings order (the Swiss winner plays first)")
        return RoundPlan(
            number=len(state.rounds) + 1,
            stage=FINAL,
            tables=[tuple(top)],
            byes=[],
            seed=seed,
            notes=[
                M("final: the top %(n)s of the Swiss standings, %(how)s (rule CMD-10, setting "
                  "final_seating)", n=settings.final_size, how=how),
                M("in a drawn final the survivors are ranked by turn order: the first seat "
                  "counts as eliminated first, the last seat ranks highest (rule CMD-4b)"),
            ],
        )

    def _byes(self, state: EventState, order: list[PlayerId], count: int,
              records: Mapping[PlayerId, PlayerRecord], first: bool
              ) -> tuple[list[PlayerId], dict[PlayerId, str]]:
        """Rule CMD-8: who sits out, each with the reason. The lowest in the standings among
        those with the fewest byes, a late entrant as anyone else (the regulation gives the byes
        to the last table's players); the setting ``late_entry_bye`` = no is the exception: a
        late entrant's first round is not a bye while someone else can take it (a bye would
        hand a newcomer a point for a round they did not play)."""
        if not count:
            return [], {}
        number = len(state.rounds) + 1
        newcomers = set() if state.settings.late_entry_bye else {
            pid for pid in order if state.players[pid].joined_round == number - 1 > 0
            and records[pid].games == 0 and records[pid].byes == 0}
        chosen = choose_byes(order, count, {pid: records[pid].byes for pid in order}, newcomers)
        spared = bool(newcomers - set(chosen))
        rank = {pid: i for i, pid in enumerate(order, start=1)}
        reasons: dict[PlayerId, str] = {}
        for pid in chosen:
            if first:
                why = M("drawn at random in round 1 (rules CMD-5, CMD-8)")
            else:
                why = Mn("%(rank)s of %(count)s in the standings, the lowest among the players "
                         "with %(n)s bye so far (rule CMD-8)",
                         "%(rank)s of %(count)s in the standings, the lowest among the players "
                         "with %(n)s byes so far (rule CMD-8)", records[pid].byes,
                         rank=rank[pid], count=len(order))
            if pid in newcomers:
                why = M("%(why)s; a late entrant, as no one else with as few byes could sit out",
                        why=why)
            elif spared:
                why = M("%(why)s; late entrants in their first round get no bye (setting "
                        "late_entry_bye)", why=why)
            reasons[pid] = why
        return chosen, reasons

    def _repeat_notes(self, state: EventState, tables: list[tuple[PlayerId, ...]]) -> list[str]:
        """Rule CMD-7 swaps only against the previous round; a pod may still repeat a whole pod
        of an earlier round. Each such repeat is named with the rounds it repeats, so the
        organiser can decide (the avoid policy, from the preview)."""
        seen: dict[frozenset[PlayerId], list[int]] = {}
        for rnd in self._swiss_rounds(state):
            for table in rnd.tables:
                seen.setdefault(frozenset(table.seats), []).append(rnd.number)
        notes: list[str] = []
        for number, seats in enumerate(tables, start=1):
            rounds = seen.get(frozenset(seats))
            if rounds:
                notes.append(Mn("table %(table)s repeats a whole pod of round %(rounds)s (rule "
                                "CMD-7 compares with the previous round only; the avoid policy "
                                "avoids every earlier meeting)",
                                "table %(table)s repeats a whole pod of rounds %(rounds)s (rule "
                                "CMD-7 compares with the previous round only; the avoid policy "
                                "avoids every earlier meeting)", len(rounds), table=number,
                                rounds=", ".join(map(str, rounds))))
        return notes

    @staticmethod
    def _swiss_rounds(state: EventState) -> list[Round]:
        return [r for r in state.rounds if r.stage == SWISS]

    # standings --------------------------------------------------------------------------------
    def standings(self, state: EventState, through_round: int | None = None) -> Standings:
        """Swiss standings by points then the configured tiebreakers (rule CMD-3); once the final
        has a result, its players head the table in the final's order (rule CMD-10)."""
        settings: CommanderSettings = state.settings
        rounds = state.rounds if through_round is None else state.rounds[:through_round]
        swiss = [r for r in rounds if r.stage == SWISS]
        if through_round is None:
            records = self._records(state, swiss)
        else:
            records = build_records(state.players, swiss)
        criteria = [get_tiebreaker("points"), *map(get_tiebreaker, settings.tiebreakers)]
        dropped = [pid for pid, p in state.players.items() if p.dropped]
        standings = rank_players(state.players, records, criteria, state.seed, dropped)
        final = next((r for r in rounds if r.stage == FINAL), None)
        if final is not None and final.complete:
            standings = _final_on_top(standings, final, records)
        return standings

    @staticmethod
    def _records(state: EventState, swiss: list[Round]) -> dict[PlayerId, PlayerRecord]:
        """The Swiss rounds' records (CMD-3) from the state's :class:`RecordBook`, brought up to
        date by the deltas of the results entered or corrected since: equal to
        :func:`build_records`, without a pass over every seat of 200,000 players."""
        book = state.caches.get(RECORDS_CACHE)
        if not isinstance(book, RecordBook):
            book = state.caches[RECORDS_CACHE] = RecordBook()
        return book.records(state.players, swiss)

    def warm(self, state: EventState) -> None:
        """Bring the records cache up to date before a snapshot is stored (after an import,
        and as an import's rounds are paired)."""
        book = state.caches.get(RECORDS_CACHE)
        if not isinstance(book, RecordBook):
            book = state.caches[RECORDS_CACHE] = RecordBook()
        book.count(self._swiss_rounds(state))

    def tables(self, state: EventState) -> list[TableView]:
        """The public tables: the standings, with the final on top once it is played."""
        return [standings_view(state, self.standings(state))]

    def table_keys(self, state: EventState) -> list[tuple[str, str, dict[str, Any]]]:
        """The one public table's key and title, without ranking anyone (a command that
        only asks which table to show ranked 200,000 players for it)."""
        return [("standings", N_("Standings"), {})]

    def rated_games(self, state: EventState) -> Iterable[RatedGame]:
        """Each pod played, the final pod's too, then a TOP's matches (:mod:`.rated`; rules
        CMD-2, CMD-4, CMD-10, CMD-13)."""
        from podium.formats.commander.rated import rated_games

        return rated_games(state)

    # projections ------------------------------------------------------------------------------
    def projection(self, state: EventState, *, model: str = DEFAULT_MODEL,
                   trials: int = DEFAULT_TRIALS, seed: int = 0,
                   strengths: Strengths | None = None) -> Projection | None:
        """Each player's chance of the final (rule CMD-10) and of the Swiss standings' first
        place, by playing the remaining Swiss rounds through this format's pairing and
        scoring, exactly when one small round remains (:mod:`.odds`)."""
        from podium.formats.commander import odds

        return odds.projection(self, state, model=model, trials=trials, seed=seed,
                               strengths=strengths)

    def need(self, state: EventState, player: PlayerId, goal: str, *,
             model: str = DEFAULT_MODEL, trials: int = DEFAULT_TRIALS, seed: int = 0,
             strengths: Strengths | None = None) -> Need | None:
        """The chance of ``goal`` after each result ``player`` may get in the next round
        (a place in the pod, a draw, rules CMD-2, CMD-13; a bye, CMD-9) (:mod:`.odds`)."""
        from podium.formats.commander import odds

        return odds.need(self, state, player, goal, model=model, trials=trials, seed=seed,
                         strengths=strengths)

    # examples ---------------------------------------------------------------------------------
    def sample_result(self, state: EventState, rnd: Round, table: Table,
                      rng: random.Random) -> dict[str, Any]:
        """A plausible pod result (seat advantage of about 24.7 / 19.3 / 16.7 / 14.6 % by
        seat), with some draws, simultaneous wins and judge's game losses (rules CMD-2, CMD-4,
        CMD-13, CMD-14)."""
        seats = list(table.seats)
        roll = rng.random()
        if roll < 0.02 and len(seats) >= 3:  # everyone out: the last two at the same moment
            out = list(seats)
            rng.shuffle(out)
            return {"draw": True, "survivors": [], "eliminated": [*out[:-2], out[-2:]]}
        if roll > 0.98 and len(seats) >= 4:  # two players out at the same moment
            winner = rng.choice(seats)
            out = [p for p in seats if p != winner]
            rng.shuffle(out)
            return {"winner": winner, "eliminated": [out[:2], *out[2:]]}
        if roll < 0.08 and len(seats) >= 3:
            survivors = rng.sample(seats, rng.randint(2, len(seats) - 1))
            eliminated = [p for p in seats if p not in survivors]
            rng.shuffle(eliminated)
            return {"draw": True, "survivors": survivors, "eliminated": eliminated}
        winner = rng.choices(seats, weights=SEAT_WEIGHTS[: len(seats)])[0]
        eliminated = [p for p in seats if p != winner]
        rng.shuffle(eliminated)
        entry: dict[str, Any] = {"winner": winner, "eliminated": eliminated}
        if roll > 0.97:
            entry["simultaneous"] = True
        elif roll > 0.95:
            entry["game_losses"] = [{"player": eliminated[0], "reason": "broke a deal (demo)"}]
        return entry


def _and(names: Sequence[str]) -> str:
    """'X and Y', 'X, Y and Z' (names are data; the joining word is the page's)."""
    if len(names) == 1:
        return names[0]
    return M("%(first)s and %(second)s", first=", ".join(names[:-1]), second=names[-1])


def _final_on_top(
    standings: Standings, final: Round, records: Mapping[PlayerId, PlayerRecord]
) -> Standings:
    result = final.results[final.tables[0].number]
    finalists = sorted(result.outcomes, key=lambda o: o.place)
    rows: list[StandingRow] = []
    by_player = {row.player: row for row in standings.rows}
    for outcome in finalists:
        row = by_player[outcome.player]
        label = M("champion") if outcome.won else M("final: %(place)s", place=outcome.place)
        rows.append(
            StandingRow(outcome.place, row.player, row.values, row.record, row.dropped, label)
        )
    seen = {o.player for o in finalists}
    rest = [row for row in standings.rows if row.player not in seen]
    for index, row in enumerate(rest, start=len(rows) + 1):
        rows.append(StandingRow(index, row.player, row.values, row.record, row.dropped, row.note))
    return Standings(standings.criteria, rows)


def _check_permutation(
    where: str, finishers: list[PlayerId], seats: tuple[PlayerId, ...],
    who: Callable[[Any], str]
) -> None:
    repeated = sorted({who(p) for p in finishers if finishers.count(p) > 1})
    missing = [who(p) for p in seats if p not in finishers]
    if repeated or missing:
        parts = []
        if repeated:
            parts.append(M("listed twice: %(names)s", names=", ".join(repeated)))
        if missing:
            parts.append(M("missing: %(names)s", names=", ".join(missing)))
        raise InvalidInput(
            "%(where)s: the elimination order must name every player at the table "
            "exactly once (%(parts)s)", code=cmd_codes.ORDER,
            where=where, parts=parts[0] if len(parts) == 1 else M(
                "%(first)s; %(second)s", first=parts[0], second=parts[1])
        )


COMMANDER = Commander()
