"""Online sports-mahjong marathon (regulation MJ): open play, ranked per stage and overall.

There are no rounds and no pairings: players sit down at the server's marathon tables whenever
they like, and the organiser ingests finished games. Everything the organiser does is an action
of this format's own kinds (see :data:`HANDLERS`), applied through the core's single
validation path, with its state kept in ``state.extra["mahjong"]`` (a :class:`MarathonBook`).

Rules: MJ-1 stage calendar and MJ-2 time zones (settings, :mod:`.marathon.settings`); MJ-3 table
names and four players (ingest); MJ-4 TP with tie averaging, MJ-7 stage ranking, MJ-8 NR, MJ-9
and MJ-10 the total (:mod:`.marathon.scoring`); MJ-5 and MJ-6 decisions (handlers below);
MJ-11 publications and their tables (:mod:`.views`). What people read of a marathon is its
declared views (:mod:`.reads`), what they do its declared commands (:mod:`.declared`), its demo
a declared demo (:mod:`.demo`): the package imports no adapter.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from podium.core.demos import Presentation
from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.log import Action
from podium.core.model import EventState, PlayerId
from podium.core.projection import DEFAULT_MODEL, DEFAULT_TRIALS, Need, Projection, Strengths
from podium.core.rated import RatedColumns, RatedGame
from podium.core.records import PlayerRecord
from podium.core.ruleset import ActionKind, Capabilities, Ruleset
from podium.core.schema import (
    AnyJson,
    Int,
    IntColumn,
    Nullable,
    Obj,
    Str,
    StrColumn,
    obj,
)
from podium.core.standings import Standings, rank_players
from podium.core.tiebreakers import Tiebreaker
from podium.core.views import N_, TableView
from podium.formats import settings as fs
from podium.formats.mahjong_marathon import codes
from podium.formats.mahjong_marathon import views as mviews
from podium.formats.mahjong_marathon.book import SEATS, Decision, MarathonBook
from podium.formats.mahjong_marathon.codes import CODES as ALL_CODES
from podium.formats.mahjong_marathon.settings import (
    FIELDS,
    MJ6A_AMOUNTS,
    MJ6B_AMOUNTS,
    MJ6C_AMOUNTS,
    MarathonSettings,
)

if TYPE_CHECKING:
    from podium.core.commands import CommandSpec
    from podium.core.demos import DemoSpec
    from podium.core.reads import ViewSpec
    from podium.formats.mahjong_marathon.values import MarathonDecisions

GAMES_ADDED = "mahjong.games.added"
PENALTY = "mahjong.penalty"
GAME_DQ = "mahjong.game.disqualified"
PLAYER_DQ = "mahjong.player.disqualified"
REVERTED = "mahjong.reverted"
PUBLISHED = "mahjong.published"
DECISIONS = (PENALTY, GAME_DQ, PLAYER_DQ)

# Rule MJ-5: the grounds on which a game may be disqualified (msgids: the form's choices).
DQ_GROUNDS = {
    "left": N_("two or more players left the table"),
    "absent": N_("more than 8 hands played without one of the players"),
    "automoves": N_("400 or more auto-moves by one player"),
    "player-dq": N_("a player was disqualified"),
    "server": N_("a server failure that affected all four players"),
    "other": N_("another organiser decision"),
}
MAX_GP = 1_000_000  # far beyond any real game; keeps the columns' int32 exact
MAX_TP_PENALTY = 10_000  # rule MJ-6c custom amounts: far beyond any stage's TP
PENALTY_KINDS = {"6a": MJ6A_AMOUNTS, "6b": MJ6B_AMOUNTS, "6c": MJ6C_AMOUNTS}
#: Rule MJ-6: what each kind of penalty takes (the penalty form's choices).
KIND_LABELS = {
    "6a": N_("MJ-6a: GP in one game"),
    "6b": N_("MJ-6b: GP from the total (stage)"),
    "6c": N_("MJ-6c: TP from a stage"),
}


def book_of(state: EventState) -> MarathonBook:
    return state.book("mahjong", MarathonBook)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _need_reason(action: Action, what: str) -> None:
    if not action.reason.strip():
        raise InvalidInput(N_("%(what)s is an organiser decision and needs a reason"),
                           code=codes.REASON, field="reason", what=what)


def _player(state: EventState, pid: object) -> int:
    if not _is_int(pid) or pid not in state.players:
        raise NotFound(N_("no player %(pid)r in event %(slug)r"), code=codes.PLAYER_UNKNOWN,
                       field="player", pid=pid, slug=state.slug)
    return pid  # type: ignore[return-value]


def _game(book: MarathonBook, game_id: object) -> int:
    index = book.games.index.get(str(game_id)) if isinstance(game_id, str) else None
    if index is None:
        raise NotFound(N_("no game %(game_id)r"), code=codes.GAME_UNKNOWN, field="game",
                       game_id=game_id)
    return index


def check_stage(settings: MarathonSettings, stage: object) -> int:
    count = len(settings.stage_bounds)
    if not _is_int(stage) or not 1 <= stage <= count:  # type: ignore[operator]
        raise NotFound(N_("no stage %(stage)r; the marathon has stages 1 to %(count)s"),
                       code=codes.STAGE_UNKNOWN, field="stage", stage=stage, count=count)
    return stage  # type: ignore[return-value]


# -- handlers -------------------------------------------------------------------------------------
#: A batch's GP unit: whole points (the regulation's, MJ-3), or tenths (``gp_scale`` 10: the
#: ``fractional_points`` setting, beyond the regulation).
GP_SCALES = (1, 10)


def _games_added(state: EventState, action: Action, ruleset: Any) -> None:
    """A batch of games (rule MJ-3: four distinct players, whole GP), as columns:
    ``ids``, ``tables`` (distinct names), ``table`` (index into ``tables``), ``start`` (UTC epoch
    seconds), ``players`` and ``gp`` (4 per game, flat)."""
    settings: MarathonSettings = state.settings
    book = book_of(state)
    p = action.payload
    columns = [p.get(key) for key in ("ids", "tables", "table", "start", "players", "gp")]
    if not all(isinstance(x, list) for x in columns):
        raise InvalidInput(N_("action %(seq)s: a games batch needs ids, tables, table, start, "
                              "players and gp lists"), code=codes.BATCH, seq=action.seq)
    ids, tables, table, start, players, gp = cast("list[list[Any]]", columns)
    n = len(ids)
    if not n:
        raise InvalidInput(N_("the batch holds no game"), code=codes.BATCH)
    if len(table) != n or len(start) != n or len(players) != SEATS * n or len(gp) != SEATS * n:
        raise InvalidInput(N_("action %(seq)s: the columns of the games batch differ in length"),
                           code=codes.BATCH, seq=action.seq)
    if not all(isinstance(i, str) and i.strip() for i in ids):
        raise InvalidInput(N_("every game needs a non-empty id"), code=codes.GAME_ID)
    if len(set(ids)) != n:
        raise InvalidInput(N_("a game id is repeated in the batch"), code=codes.TWICE)
    known = [i for i in ids if i in book.games.index]
    if known:
        raise Conflict(N_("game %(known)r is already recorded"), code=codes.GAME_KNOWN,
                       known=known[0])
    regex = settings.table_regex()
    if not all(isinstance(t, str) and regex.fullmatch(t) for t in tables):
        raise InvalidInput(N_("a table name does not match %(table_pattern)r (rule MJ-3)"),
                           code=codes.TABLE, table_pattern=settings.table_pattern)
    arrays = []
    for name, values in (("table", table), ("start", start), ("players", players), ("gp", gp)):
        arr = np.asarray(values)
        if arr.dtype.kind not in "iu":
            raise InvalidInput(N_("action %(seq)s: the %(name)s column must hold whole numbers"),
                               code=codes.BATCH, seq=action.seq, name=name)
        arrays.append(arr.astype(np.int64))
    t_arr, s_arr, p_arr, g_arr = arrays
    scale = p.get("gp_scale", 1)  # GP in tenths: the fractional_points setting (MJ-3)
    if scale not in GP_SCALES or isinstance(scale, bool):
        raise InvalidInput(N_("action %(seq)s: gp_scale must be 1 or 10"), code=codes.BATCH,
                           seq=action.seq)
    if g_arr.size and int(np.abs(g_arr).max()) > MAX_GP * scale:
        raise InvalidInput(N_("action %(seq)s: a GP is beyond ±%(max_gp)s"), code=codes.GP,
                           seq=action.seq, max_gp=MAX_GP)
    if t_arr.size and (t_arr.min() < 0 or t_arr.max() >= len(tables)):
        raise InvalidInput(N_("action %(seq)s: a table index is out of range"),
                           code=codes.BATCH, seq=action.seq)
    p_arr = p_arr.reshape(n, SEATS)
    g_arr = g_arr.reshape(n, SEATS)
    # an anonymous guest sits as -1..-4 (its seat): counted for the others, never ranked (MJ-3)
    guest = p_arr < 0
    if guest.any() and not (p_arr[guest] >= -SEATS).all():
        raise InvalidInput(N_("action %(seq)s: a guest's seat is out of range"),
                           code=codes.BATCH, seq=action.seq)
    named = p_arr[~guest] if guest.any() else p_arr
    if n <= 100:
        known_players = all(pid in state.players for pid in named.ravel().tolist())
    else:
        registered = np.fromiter(state.players, dtype=np.int64, count=len(state.players))
        known_players = bool(np.isin(named, registered).all())
    if not known_players:
        raise NotFound(N_("action %(seq)s: a game names an unregistered player"),
                       code=codes.PLAYER_UNKNOWN, seq=action.seq)
    ordered = np.sort(p_arr, axis=1)
    twice = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
    if twice.any():
        bad = int(np.flatnonzero(twice)[0])
        raise InvalidInput(N_("game %(ids)r: the same player sits twice at the table (rule "
                              "MJ-3)"), code=codes.TWICE, ids=ids[bad])
    table_codes = np.asarray([book.games.table_code(t) for t in tables], dtype=np.int32)
    usec = p.get("usec")
    if usec is not None and len(usec) != n:
        raise InvalidInput(N_("action %(seq)s: the usec column differs in length"),
                           code=codes.BATCH, field="usec", seq=action.seq)
    book.use_unit(scale)
    if book.gp_unit != scale:  # whole points into a book held in tenths: exact
        g_arr = g_arr * (book.gp_unit // scale)
    rows = book.games.extend(list(ids), table_codes[t_arr], s_arr, p_arr, g_arr,  # type: ignore[arg-type]
                             settings.place_points,
                             None if usec is None else np.asarray(usec, dtype=np.int32))
    summary = p.get("summary")
    if isinstance(summary, dict):
        book.imports.append({"seq": action.seq, **summary})
    book.games_added(settings, rows)


def _penalty(state: EventState, action: Action, ruleset: Any) -> None:
    """Rule MJ-6: 6a minus GP in one game (TP of that game re-derived for all four players),
    6b minus GP from the player's total (in a stage), 6c minus TP from a stage's TP."""
    settings: MarathonSettings = state.settings
    book = book_of(state)
    p = action.payload
    _need_reason(action, "a penalty")
    kind = p.get("kind")
    if kind not in PENALTY_KINDS:
        raise InvalidInput(N_("penalty kind %(kind)r: use 6a (GP in a game), 6b (GP from the "
                              "total) or 6c (TP in a stage)"), code=codes.PENALTY_KIND,
                           field="kind", kind=kind)
    pid = _player(state, p.get("player"))
    amount = p.get("amount")
    allowed = PENALTY_KINDS[kind]
    if not _is_int(amount) or amount <= 0:  # type: ignore[operator]
        raise InvalidInput(N_("penalty amount %(amount)r must be a positive whole number"),
                           code=codes.PENALTY_AMOUNT, field="amount", amount=amount)
    limit = MAX_GP if kind != "6c" else MAX_TP_PENALTY
    if amount > limit:  # type: ignore[operator]
        raise InvalidInput("a penalty of %(amount)s is beyond the limit of %(limit)s (rule "
                           "MJ-6)", code=codes.PENALTY_LIMIT, field="amount", amount=amount,
                           limit=limit)
    if amount not in allowed and not settings.custom_penalties:
        raise InvalidInput(N_("rule MJ-%(kind)s: a penalty of %(amount)s is not allowed; use "
                              "one of %(str)s (or allow custom amounts in the settings)"),
                           code=codes.PENALTY_AMOUNT, field="amount", kind=kind,
                           amount=amount, str=", ".join(map(str, allowed)))
    if kind == "6a":
        g = _game(book, p.get("game"))
        seats = np.flatnonzero(book.games.players[g] == pid)
        if not seats.size:
            raise InvalidInput(N_("%(name)s did not play game %(value)r"),
                               code=codes.NOT_IN_GAME, field="game",
                               name=state.players[pid].name, value=p.get("game"))
        unit = book.gp_unit  # GP held in 1/unit points (the fractional_points setting)
        taken = int(book.games.penalty[g, int(seats[0])]) // unit
        if taken + amount > MAX_GP:  # type: ignore[operator]
            raise InvalidInput("%(name)s already has %(taken)s GP of penalties in game "
                               "%(game)s; with %(amount)s more they would pass the GP limit of "
                               "%(limit)s (rule MJ-6a)", code=codes.PENALTY_LIMIT,
                               field="amount", name=state.players[pid].name, taken=taken,
                               game=p.get("game"), amount=amount, limit=MAX_GP)
        book.games.penalty[g, int(seats[0])] += amount * unit  # type: ignore[operator]
        book.games.rescore(g, settings.place_points)
        book.invalidate()
    else:
        stage = check_stage(settings, p.get("stage"))
        book.rerank(stage)
    book.decisions[action.seq] = _decision(action)


def _game_dq(state: EventState, action: Action, ruleset: Any) -> None:
    """Rule MJ-5: a disqualified game does not count, for any of its players."""
    book = book_of(state)
    p = action.payload
    _need_reason(action, "disqualifying a game")
    g = _game(book, p.get("game"))
    ground = p.get("ground", "other")
    if ground not in DQ_GROUNDS:
        raise InvalidInput(N_("ground %(ground)r: use one of %(dq_grounds)s (rule MJ-5)"),
                           code=codes.GROUND, field="ground", ground=ground,
                           dq_grounds=", ".join(DQ_GROUNDS))
    if book.games.dq[g]:
        raise Conflict(N_("game %(value)r is already disqualified"),
                       code=codes.ALREADY_DISQUALIFIED, field="game", value=p.get("game"))
    book.games.dq[g] = True
    book.invalidate()
    book.decisions[action.seq] = _decision(action)


def _player_dq(state: EventState, action: Action, ruleset: Any) -> None:
    """Rule MJ-6 (last line) / MJ-5: a player's games during the disqualification period do not
    count for that player. ``from``/``until`` are UTC epoch seconds; ``until`` may be null."""
    book = book_of(state)
    p = action.payload
    _need_reason(action, "disqualifying a player")
    _player(state, p.get("player"))
    start, until = p.get("from"), p.get("until")
    if not _is_int(start) or not (until is None or _is_int(until)):
        raise InvalidInput(N_("a disqualification period needs a start time (and an optional "
                              "end)"), code=codes.PERIOD, field="from")
    if until is not None and until <= start:
        raise InvalidInput(N_("the disqualification period ends before it starts"),
                           code=codes.PERIOD, field="until")
    bounds = state.settings.stage_bounds
    if start >= bounds[-1][1] or (until is not None and until <= bounds[0][0]):
        raise InvalidInput("the disqualification period is outside the marathon (rule MJ-1: "
                           "it runs from its first stage to its last)", field="from",
                           code=codes.PERIOD)
    book.invalidate()
    book.decisions[action.seq] = _decision(action)


def _reverted(state: EventState, action: Action, ruleset: Any) -> None:
    """Undo an organiser decision (named by its ``seq``); the decision stays in the log."""
    settings: MarathonSettings = state.settings
    book = book_of(state)
    _need_reason(action, "reverting a decision")
    seq = action.payload.get("seq")
    decision = book.decisions.get(seq) if isinstance(seq, int) and _is_int(seq) else None
    if decision is None:
        raise NotFound(N_("action %(seq)r is not a penalty or disqualification"),
                       code=codes.DECISION_UNKNOWN, field="seq", seq=seq)
    if not decision.active:
        raise Conflict(N_("decision %(seq)s was already reverted by action %(reverted_by)s"),
                       code=codes.REVERTED, field="seq", seq=seq,
                       reverted_by=decision.reverted_by)
    decision.active = False
    decision.reverted_by = action.seq
    p = decision.payload
    if decision.kind == PENALTY and p["kind"] == "6a":
        g = book.games.index[p["game"]]
        seat = int(np.flatnonzero(book.games.players[g] == p["player"])[0])
        book.games.penalty[g, seat] -= p["amount"] * book.gp_unit  # held in 1/unit points
        book.games.rescore(g, settings.place_points)
        book.invalidate()
    elif decision.kind == PENALTY:
        book.rerank(p["stage"])
    elif decision.kind == GAME_DQ:
        book.games.dq[book.games.index[p["game"]]] = False
        book.invalidate()
    else:
        book.invalidate()


def _published(state: EventState, action: Action, ruleset: Any) -> None:
    """Rule MJ-11: a frozen snapshot of every stage table and the total."""
    book = book_of(state)
    p = action.payload
    if p.get("number") != len(book.publications) + 1:
        raise InvalidInput(N_("publication %(value)r cannot follow publication "
                              "%(publications_count)s"), code=codes.PUBLICATION,
                           value=p.get("number"), publications_count=len(book.publications))
    snapshot = p.get("snapshot")
    if not isinstance(snapshot, dict) or "stages" not in snapshot or "total" not in snapshot:
        raise InvalidInput(N_("a publication needs a snapshot of the stage tables and the "
                              "total"), code=codes.PUBLICATION)
    book.publications.append({"number": p["number"], "at": action.at.isoformat(),
                              "seq": action.seq, "snapshot": snapshot})


def _decision(action: Action) -> Decision:
    return Decision(action.seq, action.kind, dict(action.payload), action.reason, action.actor,
                    action.at.isoformat())


INT32 = 2**31 - 1
#: A stored start (UTC epoch seconds) within the years a date may name (core.inputs.YEARS):
#: 1900-01-01 to 2200-12-31, so every page can show it as a date.
FIRST_START, LAST_START = -2_208_988_800, 7_289_654_399
GAMES_SCHEMA = obj(
    {"ids": StrColumn(200), "tables": StrColumn(200), "table": IntColumn(0, INT32),
     "start": IntColumn(FIRST_START, LAST_START), "players": IntColumn(-SEATS, INT32),
     "gp": IntColumn()},
    {"summary": Obj(extra=AnyJson(1000)), "usec": IntColumn(0, 999_999),
     "gp_scale": Int(1, 10)},
)
ACTION_KINDS = (
    ActionKind(GAMES_ADDED, _games_added, GAMES_SCHEMA, "Games added"),
    ActionKind(PENALTY, _penalty,
               obj({"kind": Str(10), "player": Int(), "amount": Int()},
                   {"game": Str(200), "stage": Int()}), "Penalty"),
    ActionKind(GAME_DQ, _game_dq, obj({"game": Str(200)}, {"ground": Str(40)}),
               "Game disqualified"),
    ActionKind(PLAYER_DQ, _player_dq,
               obj({"player": Int(), "from": Int()}, {"until": Nullable(Int())}),
               "Player disqualified"),
    ActionKind(REVERTED, _reverted, obj({"seq": Int()}), "Decision reverted"),
    ActionKind(PUBLISHED, _published,
               obj({"number": Int(), "snapshot": Obj(extra=AnyJson(10_000_000))}),
               "Tables published"),
)


class MahjongMarathon(Ruleset[MarathonSettings]):
    """The MJ ruleset; see the module docstring."""

    name = "mahjong-marathon"
    title = N_("Online mahjong marathon: open play, stages, best series, normalised rating")
    fields = FIELDS
    capabilities = Capabilities(open_play=True)
    kind_prefix = "mahjong"
    one_table_per_page = True
    #: On a phone the tables keep what decides the place: a stage's result (rule MJ-7d), the
    #: total's SN (MJ-10); each name links to the player's page (:mod:`.reads`).
    presentation = Presentation(phone_columns=("result", "sn"), player_page="player")
    codes = ALL_CODES  # every refusal of this package carries one of them
    rating_system = "mahjong"

    def action_kinds(self) -> tuple[ActionKind, ...]:
        return ACTION_KINDS

    def commands(self) -> Sequence[CommandSpec]:
        """Every organiser use case (rules MJ-1 .. MJ-6, MJ-11): games imported or typed in,
        penalties, disqualifications, reverts, publications (:mod:`.declared`)."""
        from podium.formats.mahjong_marathon.declared import COMMANDS

        return COMMANDS

    def views(self) -> Sequence[ViewSpec[Any]]:
        """The tables live and published, the publications, the decisions and a player's
        page (rules MJ-5 .. MJ-11, :mod:`.reads`)."""
        from podium.formats.mahjong_marathon.reads import VIEWS

        return VIEWS

    def demos(self) -> Sequence[DemoSpec]:
        """``podium demo marathon``: a simulated year, imported and published (:mod:`.demo`)."""
        from podium.formats.mahjong_marathon.demo import DEMO

        return (DEMO,)

    def decisions(self, state: EventState) -> MarathonDecisions:
        """The organiser's decisions as the decisions view reads them (the revert form lists
        them to choose one)."""
        from podium.formats.mahjong_marathon.reads import decisions_of

        return decisions_of(state)

    def parse_settings(self, raw: Mapping[str, Any]) -> MarathonSettings:
        return MarathonSettings(**fs.parse_fields(FIELDS, raw))

    def names_case_sensitive(self, settings: MarathonSettings) -> bool:
        """The server's accounts are case-sensitive by default: "Anna" and "anna" are two
        players (setting case_sensitive_names)."""
        return settings.case_sensitive_names

    def book(self, state: EventState) -> MarathonBook:
        return book_of(state)

    def rated_games(self, state: EventState) -> Iterable[RatedGame]:
        """Each game that counts, with its players' places by GP, guests left out, built
        lazily (:mod:`.rated`; rules MJ-3 .. MJ-6)."""
        from podium.formats.mahjong_marathon.rated import rated_games

        return rated_games(state, book_of(state))

    def rated_columns(self, state: EventState) -> RatedColumns:
        """The games of :meth:`rated_games` as columns, from the book's arrays."""
        from podium.formats.mahjong_marathon.rated import rated_columns

        return rated_columns(state, book_of(state))

    def projection(self, state: EventState, *, model: str = DEFAULT_MODEL,
                   trials: int = DEFAULT_TRIALS, seed: int = 0,
                   strengths: Strengths | None = None) -> Projection | None:
        """Each player's chance of winning the current stage or its top three (rule MJ-7e)
        and the year or its top three (rules MJ-9, MJ-10), the stage's remaining games
        played at each player's pace through this format's own scoring (:mod:`.odds`)."""
        from podium.formats.mahjong_marathon import odds

        return odds.projection(state, book_of(state), model, trials, seed, strengths)

    def need(self, state: EventState, player: PlayerId, goal: str, *,
             model: str = DEFAULT_MODEL, trials: int = DEFAULT_TRIALS, seed: int = 0,
             strengths: Strengths | None = None) -> Need | None:
        """The chance of ``goal`` after each place (1st..4th) of the player's next game."""
        from podium.formats.mahjong_marathon import odds

        return odds.need(state, book_of(state), player, goal, model, trials, seed, strengths)

    def standings(self, state: EventState, through_round: int | None = None) -> Standings:
        """The year's total (rules MJ-9, MJ-10) as core standings: SN, result sum, games."""
        if through_round:
            raise Conflict(N_("a marathon has no rounds; ask for a stage instead"),
                           code=codes.NO_ROUNDS, field="round")
        total = book_of(state).total(state.settings)
        values: dict[str, dict[int, Any]] = {"sn": {}, "results": {}, "games": {}}
        for row, pid in enumerate(total.players.tolist()):
            values["sn"][pid] = int(total.sn[row])
            values["results"][pid] = total.result_sum(row)
            values["games"][pid] = int(total.total_games[row])

        def criterion(name: str, label: str) -> Tiebreaker:
            def value(pid: int, _records: Any, _state: Any) -> Any:
                return values[name][pid]

            return Tiebreaker(name, label, value, mviews.fraction_text)

        criteria = [criterion("sn", N_("SN")), criterion("results", N_("Result sum")),
                    criterion("games", N_("Games"))]
        records = {pid: PlayerRecord(pid, games=values["games"][pid]) for pid in values["sn"]}
        return rank_players(list(values["sn"]), records, criteria, state.seed)

    def tables(self, state: EventState) -> list[TableView]:
        """Every stage table and the total, with changes against the last publication."""
        book = book_of(state)
        current = mviews.snapshot(book, state.settings)
        previous = book.publications[-1]["snapshot"] if book.publications else None
        names = {pid: p.name for pid, p in state.players.items()}
        return mviews.table_views(current, previous, names)

    def table_keys(self, state: EventState) -> list[tuple[str, str, dict[str, Any]]]:
        """The public tables' keys and titles (stage-1.., total), none of them built."""
        return mviews.view_keys(len(state.settings.stage_bounds))

    # examples ---------------------------------------------------------------------------------
    def sample_actions(self, state: EventState, rng: random.Random
                       ) -> list[tuple[str, dict[str, Any], str]]:
        """A few games among the registered players at marathon tables inside the calendar
        (rules MJ-1 .. MJ-3), and now and then an organiser decision: a penalty (MJ-6), a
        disqualification (MJ-5), a revert, a publication (MJ-11)."""
        settings: MarathonSettings = state.settings
        book = book_of(state)
        players = sorted(state.players)
        out: list[tuple[str, dict[str, Any], str]] = []
        if len(players) >= SEATS:
            count = rng.randint(1, 4)
            ids = [f"s{state.last_seq}-{i}" for i in range(count)]
            lo, hi = settings.stage_bounds[rng.randrange(len(settings.stage_bounds))]
            seats = [rng.sample(players, SEATS) for _ in range(count)]
            gp = []
            for _ in range(count):
                three = [rng.randrange(-40, 41) * 8 for _ in range(SEATS - 1)]
                gp.extend([*three, -sum(three)])
            out.append((GAMES_ADDED, {
                "ids": ids, "tables": ["RU-Marathon-1"], "table": [0] * count,
                "start": [rng.randrange(lo, hi) for _ in range(count)],
                "players": [p for four in seats for p in four], "gp": gp,
            }, ""))
        roll = rng.random()
        if book.games.n and roll < 0.15:
            game = rng.randrange(book.games.n)
            pid = int(book.games.players[game, rng.randrange(SEATS)])
            out.append((PENALTY, {"kind": "6a", "player": pid, "game": book.games.ids[game],
                                  "amount": rng.choice(MJ6A_AMOUNTS)}, "late (sample)"))
        elif book.games.n and roll < 0.25:
            game = rng.randrange(book.games.n)
            if not book.games.dq[game]:
                out.append((GAME_DQ, {"game": book.games.ids[game], "ground": "left"},
                            "two players left (sample)"))
        elif roll < 0.32 and players:
            stage = rng.randint(1, len(settings.stage_bounds))
            kind, amounts = rng.choice([("6b", MJ6B_AMOUNTS), ("6c", MJ6C_AMOUNTS)])
            out.append((PENALTY, {"kind": kind, "player": rng.choice(players), "stage": stage,
                                  "amount": rng.choice(amounts)}, "conduct (sample)"))
        elif roll < 0.34 and players:
            lo, hi = settings.stage_bounds[0][0], settings.stage_bounds[-1][1]
            start = rng.randrange(lo, hi)
            out.append((PLAYER_DQ, {"player": rng.choice(players), "from": start,
                                    "until": start + 7 * 86400}, "cheating (sample)"))
        elif roll < 0.38:
            active = [seq for seq, d in book.decisions.items() if d.active]
            if active:
                out.append((REVERTED, {"seq": rng.choice(active)}, "on appeal (sample)"))
        elif roll < 0.42 and book.games.n:
            out.append((PUBLISHED, {"number": len(book.publications) + 1,
                                    "snapshot": mviews.snapshot(book, settings)}, ""))
        return out

    def main_table_key(self, state: EventState) -> str:
        return "total"  # rules MJ-9, MJ-10: the year's table

    def table(self, state: EventState, key: str) -> TableView | None:
        """One public table (``stage-N`` or ``total``), or None for an unknown key."""
        names = {pid: p.name for pid, p in state.players.items()}
        return mviews.live_view(book_of(state), state.settings, key, names)


MAHJONG_MARATHON = MahjongMarathon()
