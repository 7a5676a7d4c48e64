"""Berserk CCG: duel Swiss inside draft tables, then a TOP (regulation BRK).

The players are split into draft tables (rule BRK-6, minimum BRK-10): core divisions
(:mod:`podium.core.divisions`), drawn with a recorded seed (``divisions.assigned``; logs written
before divisions were in the core hold the same as ``berserk.tables.split``, still accepted).
Each round pairs every table's players in duels (tables of two seats in the core model, so the
usual round, result, undo and explanation machinery works), by the table's standings and with
no rematch while one can be avoided. A win, a draw and a loss score as set; a technical win 2.5
and a technical loss 0 (rule BRK-8). In Team Sealed (rule BRK-9) a "player" is a team and a
result is its two games. Each table's standings then seed the TOP (rules BRK-3, BRK-4), which
the core builds and replays for any format with a play-off.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from podium.core import codes as kernel_codes
from podium.core import divisions as core_divisions
from podium.core.commands import CommandSpec, ResultEntry
from podium.core.demos import DemoSpec
from podium.core.divisions import DIVISIONS_ASSIGNED, Division
from podium.core.errors import Conflict, InvalidInput
from podium.core.log import Action
from podium.core.messages import M, Mn
from podium.core.model import EventState, PlayerId, Round, SeatOutcome, Table, TableResult
from podium.core.projection import DEFAULT_MODEL, DEFAULT_TRIALS, Need, Projection, Strengths
from podium.core.rated import RatedGame
from podium.core.records import PlayerRecord, build_records, meetings
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
    TopDefaults,
)
from podium.core.schema import (
    PLAYERS,
    Int,
    ListOf,
    Nullable,
    obj,
)
from podium.core.standings import Standings, rank_players
from podium.core.tiebreakers import TIEBREAKERS, Tiebreaker, get_tiebreaker, opponent_sums
from podium.core.top_view import top_views
from podium.core.views import N_, TableView, standings_view
from podium.formats import settings as fs
from podium.formats.berserk import codes as brk_codes
from podium.pairing.bracket import TOP_SEEDINGS
from podium.pairing.duel import MAX_DUEL_TABLE, choose_bye, pair_duels, round_count, split_sizes

if TYPE_CHECKING:
    from podium.core.reads import ViewSpec

SWISS = "swiss"
SPLIT = DIVISIONS_ASSIGNED
LEGACY_SPLIT = "berserk.tables.split"  # the split as logs before core divisions stored it
TEAM_SCORING = ("none", "match", "sum")
DRAW_RULES = ("higher_seed", "named")
TOP_SIZE_RULES = ("fixed", "half")  # rule BRK-1 as written, or half the players (beyond it)
GAME_CODES = ("1", "2", "D", "T1", "T2")
_WIN = M("win")  # one object for every winner's note (a snapshot stores it once)


def _buchholz(pid: PlayerId, records: Mapping[PlayerId, PlayerRecord], seed: int) -> Fraction:
    """The sum of the points of every opponent met (the usual duel Swiss tiebreaker)."""
    total = Fraction(0)
    for opponent in records[pid].opponents:
        other = records.get(opponent)
        if other is not None:
            total += other.points
    return total


BERSERK_TIEBREAKERS: dict[str, Tiebreaker] = {
    "buchholz": Tiebreaker("buchholz", N_("Buchholz"), _buchholz, TIEBREAKERS["points"].display,
                           lambda players, records, _seed: opponent_sums(players, records,
                                                                         "points")),
    **{name: tb for name, tb in TIEBREAKERS.items() if name in
       ("opponents_win_pct", "wins", "random")},
}

FIELDS = (
    fs.Field("tables", None, fs.optional_integer(1, 1000),
             "draft tables (auto: the fewest of at most max_table players)", "BRK-6"),
    fs.Field("min_table", 4, fs.integer(2, MAX_DUEL_TABLE), "fewest players at a draft table",
             "BRK-10"),
    fs.Field("max_table", 16, fs.integer(2, MAX_DUEL_TABLE), "most players at a draft table",
             "BRK-6"),
    fs.Field("rounds", None, fs.optional_integer(1, 100),
             "Swiss rounds (auto: 3, or 4 when most tables have 8 or more)", "BRK-6"),
    fs.Field("win_points", Fraction(3), fs.points, "points for a win", "BRK-6"),
    fs.Field("draw_points", Fraction(1), fs.points, "points for a draw", "BRK-6"),
    fs.Field("loss_points", Fraction(0), fs.points, "points for a loss", "BRK-6"),
    fs.Field("tech_win_points", Fraction(5, 2), fs.points, "points for a technical win",
             "BRK-8"),
    fs.Field("tech_loss_points", Fraction(0), fs.points, "points for a technical loss",
             "BRK-8"),
    fs.Field("bye_points", Fraction(3), fs.points, "points for a bye (odd table)", "BRK-6"),
    fs.Field("tiebreakers", ("buchholz", "opponents_win_pct", "random"),
             fs.name_list(list(BERSERK_TIEBREAKERS)), "tiebreakers after points, in order",
             "BRK-6"),
    fs.Field("team_scoring", "none", fs.choice(TEAM_SCORING),
             "Team Sealed: none (duels), match (3-0 / 1-1) or sum of the two games", "BRK-9"),
    fs.Field("swiss_minutes", 40, fs.integer(1, 1440), "minutes per game before the TOP",
             "BRK-7"),
    fs.Field("top_minutes", 70, fs.integer(1, 1440), "minutes per game in the TOP", "BRK-7"),
    fs.Field("top_size", 8, fs.integer(2, 4096), "players in the TOP", "BRK-1"),
    fs.Field("top_size_rule", "fixed", fs.choice(TOP_SIZE_RULES),
             "how the TOP's size is found: fixed (top_size) or half (half the players still "
             "in, rounded down to a power of two, within top_size_min and top_size_max; beyond "
             "the regulation, as regional events run it)", "BRK-1"),
    fs.Field("top_size_min", 4, fs.integer(2, 4096), "the smallest TOP when its size is half "
             "the players", "BRK-1"),
    fs.Field("top_size_max", 64, fs.integer(2, 4096), "the largest TOP when its size is half "
             "the players", "BRK-1"),
    fs.Field("top_draw", "higher_seed", fs.choice(DRAW_RULES),
             "who advances after a draw in the TOP", "BRK-5"),
    fs.Field("top_seeding", "written", fs.choice(TOP_SEEDINGS),
             "TOP seeding: written (the regulation's bracket, changed only for goal 1) or goals "
             "(the bracket that best meets goals 1 to 3)", "BRK-4"),
    fs.Field("time_zone", "UTC", fs.time_zone, fs.TIME_ZONE_HELP),
    fs.RATING_WEIGHT,
    fs.ODDS_SHOWN,
    fs.ODDS_MODEL,
)


@dataclass(frozen=True)
class BerserkSettings:
    tables: int | None
    min_table: int
    max_table: int
    rounds: int | None
    win_points: Fraction
    draw_points: Fraction
    loss_points: Fraction
    tech_win_points: Fraction
    tech_loss_points: Fraction
    bye_points: Fraction
    tiebreakers: tuple[str, ...]
    team_scoring: str
    swiss_minutes: int
    top_minutes: int
    top_size: int
    top_draw: str
    top_seeding: str
    top_size_rule: str = "fixed"
    top_size_min: int = 4
    top_size_max: int = 64
    time_zone: str = "UTC"  # of the times shown on the event's pages
    rating_weight: Fraction = Fraction(1)  # in ratings across events
    odds_shown: bool = False  # the chances on the public pages
    odds_model: str = "uniform"  # how the chances suppose a game ends


def top_size_note(settings: BerserkSettings, players: int) -> str:
    """What the TOP's notes say of its size when fewer players remain than ``top_size_min``
    (with ``top_size_rule=half``): the TOP is then the largest power of two that fits (3
    players and a minimum of 8: a TOP of 2); empty otherwise."""
    if settings.top_size_rule != "half" or players >= settings.top_size_min:
        return ""
    return M("a TOP of %(size)s: only %(players)s players remain, fewer than top_size_min "
             "(%(minimum)s), so the TOP is the largest power of two that fits (setting "
             "top_size_rule=half, rule BRK-1)", size=top_size_for(settings, players),
             players=players, minimum=settings.top_size_min)


def _power_of_two(value: int) -> bool:
    return value > 0 and value & (value - 1) == 0


def top_size_for(settings: BerserkSettings, players: int) -> int:
    """The TOP's size (rule BRK-1): ``top_size`` as written; with ``top_size_rule=half``, half
    the players still in rounded down to a power of two, kept within ``top_size_min`` and
    ``top_size_max`` (and never more than the players): 40 players give a TOP of 16, 33 of 16,
    31 of 8. Fewer players than ``top_size_min``: the largest power of two that fits (3
    players: 2), said in the TOP's notes (:func:`top_size_note`)."""
    if settings.top_size_rule != "half":
        return settings.top_size
    half = max(players // 2, 1)
    size = 1 << (half.bit_length() - 1)
    size = min(max(size, settings.top_size_min), settings.top_size_max)
    while size > max(players, 2):
        size //= 2
    return max(size, 2)


def draft_tables(state: EventState) -> list[list[PlayerId]]:
    """The draft tables' members, as split (empty before the split)."""
    return [list(d.members) for d in state.divisions.values()]


def table_divisions(tables: list[list[PlayerId]]) -> list[dict[str, Any]]:
    """The ``divisions.assigned`` entries of a split: draft table 1, 2, ..."""
    return [{"key": f"table-{n}", "name": f"Draft table {n}", "players": list(members)}
            for n, members in enumerate(tables, start=1)]


def team_points(codes: list[str], decider: str | None, settings: BerserkSettings,
                where: str) -> tuple[Fraction, Fraction, str]:
    """Rule BRK-9: a Team Sealed match's points for the team in seat 1 and in seat 2.

    Each game is ``1`` or ``2`` (that seat's team won), ``D`` (a draw), ``T1`` or ``T2`` (a
    technical win, rule BRK-8). Variant ``match``: the team with more points over the two games
    wins 3-0; 1-1 only if both games are drawn or the deciding game is; two level games that
    are not both draws need the deciding game. Variant ``sum``: each team gets the sum of its
    two games' points (at most 6 a round), and no deciding game is played.
    """
    if len(codes) != 2 or any(code not in GAME_CODES for code in codes):
        raise InvalidInput(
            "%(where)s: a Team Sealed result is two games, each one of %(game_codes)s"
            " (rule BRK-9)", code=brk_codes.GAMES,
            where=where, game_codes=', '.join(GAME_CODES)
        )

    def game(code: str) -> tuple[Fraction, Fraction]:
        s = settings
        return {
            "1": (s.win_points, s.loss_points),
            "2": (s.loss_points, s.win_points),
            "D": (s.draw_points, s.draw_points),
            "T1": (s.tech_win_points, s.tech_loss_points),
            "T2": (s.tech_loss_points, s.tech_win_points),
        }[code]

    first = sum((game(c)[0] for c in codes), Fraction(0))
    second = sum((game(c)[1] for c in codes), Fraction(0))
    if settings.team_scoring == "sum":
        if decider is not None:
            raise InvalidInput(
                "%(where)s: with sum scoring no deciding game is played (BRK-9)",
                code=brk_codes.DECIDER_UNWANTED, where=where)
        return first, second, f"games {first}-{second} (sum of the two games, rule BRK-9)"
    win, draw, loss = settings.win_points, settings.draw_points, settings.loss_points
    if first != second:
        if decider is not None:
            raise InvalidInput(
                "%(where)s: the two games decide the match; no deciding game",
                code=brk_codes.DECIDER_UNWANTED, where=where)
        note = M("games %(first)s-%(second)s: the team with more points wins 3-0 (rule BRK-9)",
                 first=first, second=second)
        return (win, loss, note) if first > second else (loss, win, note)
    if codes == ["D", "D"]:
        if decider is not None:
            raise InvalidInput(
                "%(where)s: both games were drawn, so the match is 1-1; no deciding game "
                "(rule BRK-9)", code=brk_codes.DECIDER_UNWANTED,
                where=where)
        return draw, draw, "both games drawn: 1-1 (rule BRK-9)"
    if decider is None:
        raise InvalidInput(
            "%(where)s: the games are level at %(first)s-%(second)s; enter the "
            "deciding game (rule BRK-9)", code=brk_codes.DECIDER_MISSING,
            where=where, first=first, second=second
        )
    if decider not in GAME_CODES:
        raise InvalidInput(
            "%(where)s: the deciding game must be one of %(game_codes)s",
            code=brk_codes.DECIDER_INVALID, where=where, game_codes=', '.join(GAME_CODES))
    a, b = game(decider)
    if a == b:
        return draw, draw, "the deciding game was drawn: 1-1 (rule BRK-9)"
    return (win, loss, "won the deciding game (rule BRK-9)") if a > b else (
        loss, win, "won the deciding game (rule BRK-9)")


def pair_draft_table(order: Sequence[PlayerId], records: Mapping[PlayerId, PlayerRecord],
                     met: Mapping[PlayerId, Mapping[PlayerId, int]]
                     ) -> tuple[PlayerId | None, list[tuple[PlayerId, PlayerId]], int]:
    """One draft table's round (rule BRK-6): its active players best first give the bye (an
    odd table: the lowest among those with the fewest byes), the duels by standings with no
    rematch while one can be avoided, and the rematches left. The pairing's own step, also
    played by the projections (:mod:`.odds`)."""
    order = list(order)
    bye = None
    if len(order) % 2:
        bye = choose_bye(order, {pid: records[pid].byes for pid in order})
        order.remove(bye)
    if not order:
        return bye, [], 0
    duels, rematches = pair_duels(order, {pid: records[pid].points for pid in order}, met)
    return bye, duels, rematches


class Berserk(Ruleset[BerserkSettings]):
    """The BRK ruleset; see the module docstring."""

    name = "berserk"
    title = N_("Berserk CCG: duel Swiss in draft tables, then a TOP")
    fields = FIELDS
    codes = brk_codes.ALL
    capabilities = Capabilities(rounds=True, divisions=True, playoff=True)
    example_settings = ({"top_size": 8}, {"team_scoring": "match", "top_size": 4, "rounds": 2})
    rating_system = "berserk"

    def round_minutes(self, state: EventState, rnd: Round) -> int | None:
        """Rule BRK-7: a Swiss round lasts ``swiss_minutes`` (the round clock's length)."""
        return int(state.settings.swiss_minutes)

    def action_kinds(self) -> tuple[ActionKind, ...]:
        return (ActionKind(LEGACY_SPLIT, self._legacy_split,
                           obj({"tables": ListOf(PLAYERS, min_items=1, max_items=10_000)},
                               {"seed": Nullable(Int(0))}),
                           "Draft tables split", legacy=True),)

    def phases(self, settings: BerserkSettings) -> tuple[Phase, ...]:
        """Rules BRK-6, BRK-1: duel Swiss rounds in the draft tables, then the TOP."""
        return (Phase(SWISS, ROUNDS, "Swiss"), Phase("top", PLAYOFF, "TOP"))

    def planned_rounds(self, state: EventState, phase: str) -> int | None:
        return self.swiss_round_count(state) if phase == SWISS else None

    # settings ---------------------------------------------------------------------------------
    def parse_settings(self, raw: Mapping[str, Any]) -> BerserkSettings:
        values = fs.parse_fields(FIELDS, raw)
        if values["min_table"] > values["max_table"]:
            raise InvalidInput("setting min_table: it must not exceed max_table",
                               code=brk_codes.TABLE_SIZES)
        return BerserkSettings(**values)

    def check_new_settings(self, settings: BerserkSettings) -> None:
        """The TOP's bounds (rule BRK-1, ``top_size_rule=half``) when they are chosen: each a
        power of two (a bracket's size; 12 or 6 would make a TOP of that size), and the
        smallest not above the largest; both fields named. A stored log replays as it is."""
        from podium.core.commands import InvalidFields

        problems: list[InvalidInput] = []
        for key in ("top_size_min", "top_size_max"):
            value = getattr(settings, key)
            if not _power_of_two(value):
                below = 1 << (value.bit_length() - 1)
                problems.append(InvalidInput(
                    "setting %(key)s: a TOP's size is a power of two (2, 4, 8, 16...), not "
                    "%(value)s; the nearest are %(below)s and %(above)s (rule BRK-1)",
                    code=brk_codes.TOP_POWER, field=key, key=key, value=value, below=below,
                    above=below * 2))
        low, high = settings.top_size_min, settings.top_size_max
        if low > high:  # each field named, so a form shows the refusal next to both
            problems.append(InvalidInput(
                "setting top_size_min (%(minimum)s) is above top_size_max (%(maximum)s): the "
                "smallest TOP cannot be larger than the largest", code=brk_codes.TOP_BOUNDS,
                field="top_size_min", minimum=low, maximum=high))
            problems.append(InvalidInput(
                "setting top_size_max (%(maximum)s) is below top_size_min (%(minimum)s)",
                code=brk_codes.TOP_BOUNDS, field="top_size_max", minimum=low, maximum=high))
        if problems:
            raise InvalidFields(problems)

    def settings_to_json(self, settings: BerserkSettings) -> dict[str, Any]:
        return {f.key: fs.to_json(getattr(settings, f.key)) for f in FIELDS}

    def bye_award(self, settings: BerserkSettings) -> tuple[Fraction, int | None]:
        return settings.bye_points, None

    # draft tables -----------------------------------------------------------------------------
    def plan_split(self, state: EventState, tables: int | None = None) -> dict[str, Any]:
        """The payload of a random split into draft tables (rules BRK-6, BRK-10)."""
        settings: BerserkSettings = state.settings
        if state.rounds:
            raise Conflict("the draft tables are split before round 1; round 1 is paired",
                           code=kernel_codes.DIVISIONS_STARTED)
        active = sorted(p.id for p in state.active_players())
        count = tables if tables is not None else settings.tables
        sizes = split_sizes(len(active), count, settings.min_table, settings.max_table)
        seed = derive_seed(state.seed, "split", state.last_seq)
        rng_for(seed).shuffle(active)
        out, start = [], 0
        for size in sizes:
            out.append(sorted(active[start:start + size]))
            start += size
        return {"divisions": table_divisions(out), "seed": seed, "method": "random"}

    def _legacy_split(self, state: EventState, action: Action, ruleset: Any) -> None:
        """``berserk.tables.split`` of older logs: the same as ``divisions.assigned``."""
        divisions = core_divisions.build(state, table_divisions(action.payload["tables"]))
        self.check_divisions(state, divisions)
        core_divisions.set_divisions(state, divisions)

    def check_divisions(self, state: EventState, divisions: Sequence[Division]) -> None:
        """Rules BRK-6, BRK-10: draft tables of ``min_table`` to ``max_table`` players, split
        before round 1."""
        settings: BerserkSettings = state.settings
        if state.rounds:
            raise Conflict("the draft tables are split before round 1; round 1 is paired",
                           code=kernel_codes.DIVISIONS_STARTED)
        for number, division in enumerate(divisions, start=1):
            size = len(division.members)
            if size < settings.min_table:
                raise InvalidInput("draft table %(table)s has %(count)s players, under the "
                                   "minimum of %(minimum)s (rule BRK-10)", field="tables",
                                   code=kernel_codes.DIVISIONS_SMALL, table=number, count=size,
                                   minimum=settings.min_table)
            if size > settings.max_table:
                raise InvalidInput("draft table %(table)s has %(count)s players, over the "
                                   "maximum of %(maximum)s (rule BRK-6)", field="tables",
                                   code=kernel_codes.DIVISIONS_LARGE, table=number, count=size,
                                   maximum=settings.max_table)

    def check_move(self, state: EventState, player: PlayerId, target: Division) -> None:
        """A player who has not played yet (a late entrant) may join a draft table that has
        room (rule BRK-6); one who has played stays at their table."""
        super().check_move(state, player, target)
        settings: BerserkSettings = state.settings
        if len(target.members) + 1 > settings.max_table:
            raise Conflict("%(division)s already has %(count)s players, the maximum (rule "
                           "BRK-6)", code=kernel_codes.DIVISIONS_LARGE, division=target.name,
                           count=len(target.members))

    def division_standings(self, state: EventState, through_round: int | None = None
                           ) -> list[tuple[Division, Standings]]:
        divisions = list(state.divisions.values())
        return [(d, standings) for d, (_n, standings)
                in zip(divisions, self.table_standings(state, through_round), strict=True)]

    # results ----------------------------------------------------------------------------------
    def result_entry(self) -> ResultEntry:
        """A duel's result: a winner, a draw or a technical win (rule BRK-8); in Team Sealed the
        two games and the deciding game (rule BRK-9)."""
        from podium.formats.berserk.entry import RESULT

        return RESULT

    def commands(self) -> Sequence[CommandSpec]:
        """The split into draft tables (rules BRK-6, BRK-10); the rest is the kernel's."""
        from podium.formats.berserk.commands import SPLIT_COMMAND

        return (SPLIT_COMMAND,)

    def views(self) -> Sequence[ViewSpec[Any]]:
        """Each draft table's standings, and the TOP once built (:mod:`.views`)."""
        from podium.formats.berserk.views import VIEWS

        return VIEWS

    def demos(self) -> Sequence[DemoSpec]:
        """``podium demo berserk`` (:mod:`.demo`)."""
        from podium.formats.berserk.demo import DEMO

        return (DEMO,)

    def score(
        self, state: EventState, rnd: Round, table: Table, entry: Mapping[str, Any]
    ) -> TableResult:
        """One duel (or Team Sealed match, rule BRK-9): ``{"winner": id}``, ``{"draw": true}``,
        ``{"technical": id}`` for a technical win (rule BRK-8), or in Team Sealed
        ``{"games": ["1", "D"], "decider": "2"}``."""
        settings: BerserkSettings = state.settings
        where = M("round %(round)s, table %(table)s", round=rnd.number, table=table.number)
        if len(table.seats) != 2:
            raise InvalidInput(
                "%(where)s: a Berserk game is a duel of two players", code=brk_codes.DUEL,
                where=where)
        first, second = table.seats
        if settings.team_scoring != "none":
            codes = entry.get("games")
            if not isinstance(codes, list):
                raise InvalidInput(
                    "%(where)s: enter the two games of the Team Sealed match", code=brk_codes.GAMES,
                    where=where)
            codes = [str(c).upper() for c in codes]
            decider = entry.get("decider")
            decider = None if decider in (None, "") else str(decider).upper()
            a, b, note = team_points(codes, decider, settings, where)
            return TableResult(
                (
                    SeatOutcome(first, a, 1 if a >= b else 2, won=a > b, drew=a == b, note=note),
                    SeatOutcome(second, b, 1 if b >= a else 2, won=b > a, drew=a == b, note=note),
                ),
                {"games": codes, "decider": decider},
            )
        winner = entry.get("winner")
        if isinstance(winner, list):
            if len(winner) > 1:
                raise InvalidInput(
                    "%(where)s: a duel has one winner", code=brk_codes.WINNERS,
                    where=where)
            winner = winner[0] if winner else None
        technical = entry.get("technical")
        draw = bool(entry.get("draw"))
        given = sum(x is not None and x is not False for x in (winner, technical, draw or None))
        if given != 1:
            raise InvalidInput(
                "%(where)s: enter exactly one of a winner, a draw or a technical win",
                code=brk_codes.OUTCOME, where=where
            )
        if draw:
            return TableResult(
                (
                    SeatOutcome(first, settings.draw_points, 1, drew=True, note=M("draw")),
                    SeatOutcome(second, settings.draw_points, 1, drew=True, note=M("draw")),
                ),
                {"draw": True},
            )
        pid = winner if winner is not None else technical
        if pid not in table.seats or isinstance(pid, bool):
            raise InvalidInput(
                N_("round %(round)s, table %(table)s: the winner must be one of the two "
                   "players: %(players)s"), code=kernel_codes.RESULT_WINNER, field="winner",
                round=rnd.number, table=table.number,
                players=", ".join(state.players[p].name for p in table.seats))
        loser = second if pid == first else first
        if technical is not None:
            # rule BRK-8: a technical win 2.5, a technical loss 0.
            won, lost = settings.tech_win_points, settings.tech_loss_points
            stored: dict[str, Any] = {"technical": pid}
            note_w: str = M("technical win (rule BRK-8)")
            note_l: str = M("technical loss (rule BRK-8)")
        else:
            won, lost = settings.win_points, settings.loss_points
            stored = {"winner": pid}
            note_w, note_l = _WIN, ""
        outcomes = {
            pid: SeatOutcome(pid, won, 1, won=True, note=note_w),
            loser: SeatOutcome(loser, lost, 2, note=note_l),
        }
        return TableResult((outcomes[first], outcomes[second]), stored)

    # pairing ----------------------------------------------------------------------------------
    def swiss_round_count(self, state: EventState) -> int:
        """Rule BRK-6: the setting, else 3, or 4 when most draft tables have 8 or more."""
        settings: BerserkSettings = state.settings
        if settings.rounds is not None:
            return settings.rounds
        return round_count([len(t) for t in draft_tables(state)] or [0])

    def plan_round(self, state: EventState) -> RoundPlan:
        settings: BerserkSettings = state.settings
        current = state.current_round
        if current is not None and not current.complete:
            raise Conflict(
                "round %(number)s still misses results for tables %(str)s",
                code=kernel_codes.ROUND_INCOMPLETE,
                number=current.number, str=', '.join(map(str, current.missing))
            )
        tables = draft_tables(state)
        if not tables:
            raise Conflict("split the players into draft tables first (berserk.split)",
                           code=kernel_codes.DIVISIONS_UNASSIGNED)
        seated = {pid for members in tables for pid in members}
        homeless = [p.name for p in state.active_players() if p.id not in seated]
        if homeless:
            advice = ("split again (berserk.split)" if not state.rounds
                      else "a draft table cannot change after round 1; drop them")
            raise Conflict(
                "no draft table for %(homeless)s: %(advice)s", code=kernel_codes.DIVISIONS_MISSING,
                homeless=', '.join(homeless), advice=advice)
        if len(state.rounds) >= self.swiss_round_count(state):
            raise Conflict(
                "all %(rounds_count)s table rounds are paired; build the TOP (top.build)",
                code=kernel_codes.ROUND_ALL_PAIRED, rounds_count=len(state.rounds)
            )
        number = len(state.rounds) + 1
        seed = derive_seed(state.seed, "pairing", state.draws + 1)
        rng = rng_for(seed)
        met = meetings(state.rounds)
        pairs: list[tuple[PlayerId, ...]] = []
        byes: list[ByePlan] = []
        notes: list[str] = [Mn("time: %(n)s minute per game (rule BRK-7)",
                               "time: %(n)s minutes per game (rule BRK-7)",
                               settings.swiss_minutes)]
        for table_no, standings in self.table_standings(state):
            active = {p.id for p in state.active_players()}
            if number == 1:
                order = sorted(pid for pid in standings.order() if pid in active)
                rng.shuffle(order)
            else:
                order = [pid for pid in standings.order() if pid in active]
            records = {row.player: row.record for row in standings.rows}
            bye, duels, rematches = pair_draft_table(order, records, met)
            if bye is not None:
                why = (M("drawn at random in round 1") if number == 1 else
                       M("lowest in its standings among those with the fewest byes"))
                byes.append(ByePlan(bye, M("odd draft table %(table)s: %(why)s",
                                           table=table_no, why=why)))
            if not duels:
                continue
            first = len(pairs) + 1
            pairs.extend(duels)
            how = M("drawn at random") if number == 1 else M("paired by the table's standings")
            notes.append(M("draft table %(table)s: tables %(first)s-%(last)s, %(how)s",
                           table=table_no, first=first, last=len(pairs), how=how))
            if rematches:
                notes.append(Mn("draft table %(table)s: %(n)s rematch could not be avoided",
                                "draft table %(table)s: %(n)s rematches could not be avoided",
                                rematches, table=table_no))
        return RoundPlan(number=number, stage=SWISS, tables=pairs, byes=byes, seed=seed,
                         notes=notes)

    # standings --------------------------------------------------------------------------------
    def _criteria(self, settings: BerserkSettings) -> list[Tiebreaker]:
        return [get_tiebreaker("points"), *(BERSERK_TIEBREAKERS[n] for n in settings.tiebreakers)]

    def standings(self, state: EventState, through_round: int | None = None) -> Standings:
        """Each draft table's standings in table order, ranks within the table (they are what
        pairs the duels and seeds the TOP, rule BRK-3); players without a table follow, ranked
        among themselves. Before the split: all players by points and tiebreakers."""
        tables = self.table_standings(state, through_round)
        criteria = self._criteria(state.settings)
        if not tables:
            rounds = state.rounds if through_round is None else state.rounds[:through_round]
            records = build_records(state.players, rounds)
            dropped = [pid for pid, p in state.players.items() if p.dropped]
            return rank_players(state.players, records, criteria, state.seed, dropped)
        out = Standings(criteria)
        for number, standings in tables:
            for row in standings.rows:
                out.rows.append(replace(row, note=M("table %(table)s", table=number)))
        seated = {row.player for row in out.rows}
        rest = [pid for pid in state.players if pid not in seated]
        if rest:
            rounds = state.rounds if through_round is None else state.rounds[:through_round]
            records = build_records(state.players, rounds)
            dropped = [pid for pid in rest if state.players[pid].dropped]
            others = rank_players(rest, records, criteria, state.seed, dropped)
            out.rows.extend(replace(row, note=M("no draft table")) for row in others.rows)
        return out

    def table_standings(self, state: EventState, through_round: int | None = None
                        ) -> list[tuple[int, Standings]]:
        """Each draft table's own standings (the TOP is seeded from these, rule BRK-3)."""
        rounds = state.rounds if through_round is None else state.rounds[:through_round]
        records = build_records(state.players, rounds)
        criteria = self._criteria(state.settings)
        out = []
        for number, members in enumerate(draft_tables(state), start=1):
            dropped = [pid for pid in members if state.players[pid].dropped]
            out.append((number, rank_players(members, records, criteria, state.seed, dropped)))
        return out

    def top_sources(self, state: EventState) -> list[list[PlayerId]]:
        """The TOP's sources: each draft table's active players, best first (rule BRK-3)."""
        return [
            [pid for pid in standings.order() if not state.players[pid].dropped]
            for _number, standings in self.table_standings(state)
        ]

    def top_defaults(self, state: EventState) -> TopDefaults:
        settings: BerserkSettings = state.settings
        players = len(state.active_players())
        return TopDefaults(top_size_for(settings, players), settings.top_draw,
                           settings.top_minutes, settings.top_seeding,
                           top_size_note(settings, players))

    # examples ---------------------------------------------------------------------------------
    def setup_actions(self, state: EventState, rng: random.Random
                      ) -> list[tuple[str, dict[str, Any], str]]:
        """Before round 1: the random split into draft tables (rules BRK-6, BRK-10)."""
        if state.divisions or state.rounds:
            return []
        return [(SPLIT, self.plan_split(state), "")]

    def sample_result(self, state: EventState, rnd: Round, table: Table,
                      rng: random.Random) -> dict[str, Any]:
        """A plausible duel: mostly wins, some draws and technical wins (rule BRK-8); in Team
        Sealed, the match's two games and, when they are level, the deciding game (BRK-9)."""
        settings: BerserkSettings = state.settings
        if settings.team_scoring != "none":
            games = rng.choices(["1", "2", "D", "T1", "T2"], weights=[45, 45, 6, 2, 2], k=2)
            entry: dict[str, Any] = {"games": games}
            try:
                team_points(games, None, settings, "")
            except InvalidInput:
                entry["decider"] = rng.choice(["1", "2", "D"])
            return entry
        roll = rng.random()
        if roll < 0.08:
            return {"draw": True}
        if roll < 0.11:
            return {"technical": rng.choice(table.seats)}
        return {"winner": rng.choice(table.seats)}

    def draft_table_views(self, state: EventState) -> list[TableView]:
        """One standings table per draft table (none before the split)."""
        views = []
        for number, standings in self.table_standings(state):
            view = standings_view(state, standings, key=f"table-{number}",
                                  title=N_("Draft table {number}"))
            views.append(TableView(view.key, view.title, view.columns, view.rows,
                                   title_args={"number": number}))
        return views

    def tables(self, state: EventState) -> list[TableView]:
        """One standings table per draft table (before the split, the whole standings), then
        the TOP once it is built."""
        views = self.draft_table_views(state) or [standings_view(state, self.standings(state))]
        return [*views, *top_views(state)]

    def projection(self, state: EventState, *, model: str = DEFAULT_MODEL,
                   trials: int = DEFAULT_TRIALS, seed: int = 0,
                   strengths: Strengths | None = None) -> Projection | None:
        """Each player's chance of making the TOP and of finishing first at their draft
        table (rules BRK-3, BRK-6), the remaining Swiss played through this format's own
        pairing, scoring and standings (:mod:`.odds`)."""
        from podium.formats.berserk import odds

        return odds.projection(self, state, model, trials, seed, strengths)

    def need(self, state: EventState, player: PlayerId, goal: str, *,
             model: str = DEFAULT_MODEL, trials: int = DEFAULT_TRIALS, seed: int = 0,
             strengths: Strengths | None = None) -> Need | None:
        """The chance of ``goal`` after a win, a draw or a loss in the player's next duel
        (a bye when the next round gives one), :mod:`.odds`."""
        from podium.formats.berserk import odds

        return odds.need(self, state, player, goal, model, trials, seed, strengths)

    def rated_games(self, state: EventState) -> Iterable[RatedGame]:
        """The Swiss duels, then the TOP's matches (:mod:`.rated`; rules BRK-5, BRK-8,
        BRK-9)."""
        from podium.formats.berserk.rated import rated_games

        return rated_games(state)


BERSERK = Berserk()
