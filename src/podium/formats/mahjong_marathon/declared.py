"""The marathon's declared commands (regulation MJ): each use case declared once
(:mod:`podium.core.commands`) and served alike by the command line (``podium mahjong-marathon
<command>``, and where people know it: ``podium games import|add``, ``podium penalty``,
``podium disqualify game|player``, ``podium revert``, ``podium publish``), the API (``POST
/api/v1/events/{event}/commands/mahjong-marathon.<command>``) and the organiser's forms.

Each declaration builds one command object of :mod:`.commands`; the catalog checks the event's
format and the caller's role (organiser: the owner or a judge), the inputs check what was
typed, naming the field, and nothing is stored unless the whole command succeeds.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import PurePath
from typing import Any

from podium.core import inputs
from podium.core.commands import API, CLI, WEB, Call, CommandSpec, Param
from podium.core.demos import Written
from podium.core.messages import M, Message
from podium.core.views import N_
from podium.formats.mahjong_marathon.commands import (
    SERVER,
    AddGame,
    AddPenalty,
    Decided,
    DisqualifyGame,
    DisqualifyPlayer,
    ImportGames,
    ImportSummary,
    Publication,
    Publish,
    RevertDecision,
)
from podium.formats.mahjong_marathon.rules import DQ_GROUNDS, KIND_LABELS, MAX_GP, PENALTY_KINDS
from podium.formats.mahjong_marathon.values import (
    MarathonGameDisqualified,
    MarathonPenalty,
    MarathonPlayerDisqualified,
    MarathonPublished,
    MarathonReverted,
)

FORMAT = "mahjong-marathon"
#: The longest games file the command line reads (a year of a million games is about 80 MB);
#: a page and the API have their own, smaller limits.
MAX_FILE = 500_000_000
#: The most games one import takes through the server (the API, a page): the file is read as
#: it is parsed and refused at the game past it, the rest unread (bounded memory).
#: A larger file is split (importing again adds only new games) or imported on the command
#: line, which takes any number the file's size allows.
SERVER_GAMES = 20_000
TABLE = Param("table", inputs.Text(100, non_empty=True),
              N_("the table's name, e.g. RU-Marathon-1 (rule MJ-3: only marathon tables "
                 "count)"), required=True, label=N_("Table"))
REASON = Param("reason", inputs.Text(500, non_empty=True), N_("why (kept in the log)"),
               required=True, label=N_("Reason"))
PLAYER = Param("player", inputs.Player(), N_("the player: a name or #id"), required=True,
               argument=True, label=N_("Player"))


@dataclass(frozen=True)
class ZoneOrServer(inputs.Zone):
    """Rule MJ-2: a time zone name (``Europe/Moscow``), or ``server`` (``сервер``) for the zone
    of the event's game server (the ``server_timezone`` setting)."""

    def from_text(self, text: str, field: str) -> str:
        name = inputs.clean(text, field, 64)
        if name.casefold() in (SERVER, "сервер"):
            return SERVER
        return super().from_text(name, field)

    def hint(self) -> str:
        return N_("a zone such as Europe/Moscow, or server (the game server's)")


# -- games ---------------------------------------------------------------------------------------
#: What an import says of a server's lobby log (rule MJ-3), after its counts, on every surface:
#: the summary's field and the sentence (``%(summary)s`` the sentence before it).
LOBBY_NOTES = (
    ("other_sizes", N_("%(summary)s Skipped, another table size (rule MJ-3): %(count)s.")),
    ("fractional", N_("%(summary)s Skipped, game points not whole (rule MJ-3): %(count)s.")),
    ("tenths", N_("%(summary)s Added with game points in tenths (beyond the regulation): "
                  "%(count)s.")),
    ("guest_seats", N_("%(summary)s Seats of anonymous guests (counted for the others, never "
                       "ranked): %(count)s.")),
)


def _imported(summary: ImportSummary) -> Message:
    said = M("Games read: %(read)s; added: %(added)s; already known: %(known)s; changed and NOT "
             "applied: %(changed)s; other tables: %(other)s; outside the stages: %(outside)s; "
             "new players: %(players)s.", read=summary.read, added=summary.added,
             known=summary.duplicates, changed=len(summary.changed),
             other=summary.other_tables, outside=summary.outside_calendar,
             players=summary.new_players)
    for key, msgid in LOBBY_NOTES:
        if getattr(summary, key):
            said = M(msgid, summary=said, count=getattr(summary, key))
    if summary.changed:
        said = M("%(summary)s Changed games: %(ids)s.", summary=said,
                 ids=_some(summary.changed))
    if summary.case_merged:
        said = M("%(summary)s Skipped, their names are one player in this event: %(ids)s.",
                 summary=said, ids=_some(summary.case_merged))
    return said


def _some(ids: list[str], shown: int = 5) -> str:
    return ", ".join(ids[:shown]) + (" …" if len(ids) > shown else "")


IMPORT_GAMES = CommandSpec(
    f"{FORMAT}.import-games", N_("Import games (CSV or JSON)"),
    lambda call: ImportGames(call.slug, call["file"].open(), call["file"].name,
                             call.get("zone"), call.progress,
                             None if call.caller.local else SERVER_GAMES),
    params=(
        Param("file", inputs.File(MAX_FILE, ".csv,.json,text/csv,application/json"),
              N_("a CSV or JSON file of games (UTF-8 or Windows-1251; see docs/marathon.md); "
                 "importing it again adds only new games"), required=True, argument=True,
              label=N_("File")),
        Param("zone", ZoneOrServer(),
              N_("the zone of start times that carry none: a zone name, or server (rule "
                 "MJ-2)"), label=N_("Time zone")),
    ),
    help=N_("Idempotent: a game already stored counts once; one stored with other data is "
            "reported, not applied; games at other tables (rule MJ-3) or outside the stages "
            "(rule MJ-1) are skipped and counted."),
    shared=("games", "import"), template="formats/mahjong_marathon_import.html",
    said=_imported, answer=lambda summary: summary, answers=ImportSummary,
)


def _seats(call: Call) -> tuple[tuple[tuple[str, Any], ...], bool]:
    """The four players and their GP: ``players`` (NAME=GP, the command line and the API) or
    a page's ``player1``/``gp1`` ... ``player4``/``gp4`` (rule MJ-3)."""
    if call.get("players"):
        return tuple(call["players"]), False
    return tuple((call[f"player{k}"], call[f"gp{k}"]) for k in range(1, 5)), True


def _add_game(call: Call) -> AddGame:
    seats, seat_fields = _seats(call)
    return AddGame(call.slug, call["id"], call["table"], call["start"],
                   call.get("zone", SERVER), seats, seat_fields)


GP = inputs.Integer(-MAX_GP, MAX_GP)
SEATS = tuple(param for k in range(1, 5) for param in (
    Param(f"player{k}", inputs.Text(100, non_empty=True), N_("a player's name"), required=True,
          surfaces=(WEB,)),
    Param(f"gp{k}", GP, N_("the player's game points"), required=True, surfaces=(WEB,)),
))

ADD_GAME = CommandSpec(
    f"{FORMAT}.add-game", N_("Add a game"), _add_game,
    params=(
        Param("id", inputs.Text(64, non_empty=True), N_("the game server's id of the game"),
              required=True, label=N_("Game id")),
        TABLE,
        Param("start", inputs.Moment(),
              N_("when the game started, e.g. 2015-03-31 13:30; a time without an offset of "
                 "its own is in the zone given with it"), required=True,
              label=N_("Start time")),
        Param("zone", ZoneOrServer(), N_("the zone of the start time: a zone name, or server "
                                         "(the game server's, rule MJ-2)"), default=SERVER,
              label=N_("Time zone")),
        Param("players", inputs.Pairs(GP, 8),
              N_("the four players and their game points, NAME=GP: Anna=40,Boris=20,Clara=0,"
                 "Dmitri=-60 (rule MJ-3)"), required=True, surfaces=(CLI, API),
              aliases=("--player",)),
        *SEATS,
    ),
    help=N_("One game by hand (rules MJ-1 .. MJ-3): a table that does not count, a start "
            "outside the stages or a known id with other data is refused; the same game again "
            "changes nothing."),
    shared=("games", "add"), template="formats/mahjong_marathon_game.html",
    said=lambda summary: (M("Game %(id)s added.", id=summary.game) if summary.added else
                          M("Game %(id)s was already stored with the same data: nothing "
                            "changed.", id=summary.game)),
    answer=lambda summary: summary, answers=ImportSummary,
)


# -- decisions ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Amount(inputs.Integer):
    """A penalty's amount (rule MJ-6); ``allowed``: the regulation's amounts of each kind, with
    the kind's label, which the penalty form offers (any amount when ``custom_penalties`` is
    on; the ruleset checks it against the kind)."""

    allowed: tuple[tuple[str, str, tuple[int, ...]], ...] = tuple(
        (kind, KIND_LABELS[kind], amounts) for kind, amounts in PENALTY_KINDS.items())


PENALTY = CommandSpec(
    f"{FORMAT}.penalty", N_("Penalty (rule MJ-6)"),
    lambda call: AddPenalty(call.slug, call["kind"], call["player"], call["amount"],
                            call["reason"], call.get("game"), call.get("stage")),
    params=(
        PLAYER,
        Param("kind", inputs.Choice(tuple(PENALTY_KINDS), KIND_LABELS),
              N_("6a: GP in one game; 6b: GP from the total (a stage); 6c: TP of a stage (rule "
                 "MJ-6)"), required=True, label=N_("Penalty")),
        Param("amount", Amount(1, MAX_GP),
              N_("6a: 5, 10, 20 or 60 GP; 6b: 50, 100, 200 or 600 GP; 6c: 1, 2 or 4 TP (other "
                 "amounts when custom_penalties is on)"), required=True, label=N_("Amount")),
        Param("game", inputs.Text(64), N_("the game's id (6a)"), label=N_("Game id (6a)")),
        Param("stage", inputs.Integer(1, 1000), N_("the stage's number (6b, 6c)"),
              label=N_("Stage (6b, 6c)")),
        REASON,
    ),
    help=N_("Rule MJ-6: a 6a penalty changes the game's TP for all four players; 6b lowers "
            "the GP of the stage and the total; 6c the stage's TP. Revert it with its decision "
            "number."),
    shared=("", "penalty"), template="formats/mahjong_marathon_penalty.html",
    said=lambda d: M("Penalty saved (decision %(seq)s).", seq=d.seq),
    answer=lambda d: MarathonPenalty(d.seq, d.subject), answers=MarathonPenalty,
)

DISQUALIFY_GAME = CommandSpec(
    f"{FORMAT}.disqualify-game", N_("Disqualify a game (rule MJ-5)"),
    lambda call: DisqualifyGame(call.slug, call["game"], call.get("ground", "other"),
                                call["reason"]),
    params=(
        Param("game", inputs.Text(64, non_empty=True), N_("the game's id"), required=True,
              argument=True, label=N_("Game id")),
        Param("ground", inputs.Choice(tuple(DQ_GROUNDS), DQ_GROUNDS),
              N_("the MJ-5 ground: left, absent, automoves, player-dq, server or other"),
              default="other", label=N_("Ground")),
        REASON,
    ),
    help=N_("Rule MJ-5: the game counts for none of its players."),
    shared=("disqualify", "game"), template="formats/mahjong_marathon_dq_game.html",
    danger=True,
    said=lambda d: M("Game %(id)s disqualified (decision %(seq)s).", id=d.subject, seq=d.seq),
    answer=lambda d: MarathonGameDisqualified(d.seq, d.subject), answers=MarathonGameDisqualified,
)

DISQUALIFY_PLAYER = CommandSpec(
    f"{FORMAT}.disqualify-player", N_("Disqualify a player for a period"),
    lambda call: DisqualifyPlayer(call.slug, call["player"], call["from"], call.get("until"),
                                  call.get("zone"), call["reason"]),
    params=(
        PLAYER,
        Param("from", inputs.Moment(), N_("the start of the period, e.g. 2015-05-01"),
              required=True, label=N_("From")),
        Param("until", inputs.Moment(), N_("the end of the period, not included (empty: "
                                           "open)"), label=N_("Until (empty: open)")),
        Param("zone", ZoneOrServer(),
              N_("the zone of the times (default: the decision zone, Moscow, as the stage "
                 "calendar; server for the game server's)"), label=N_("Time zone")),
        REASON,
    ),
    help=N_("Rule MJ-6: the player's games in the period do not count for them; the other "
            "three players keep them."),
    shared=("disqualify", "player"), template="formats/mahjong_marathon_dq_player.html",
    danger=True,
    said=lambda d: M("%(name)s disqualified (decision %(seq)s); times in %(zone)s.",
                     name=d.subject, seq=d.seq, zone=d.zone),
    answer=lambda d: MarathonPlayerDisqualified(d.seq, d.subject, d.zone),
    answers=MarathonPlayerDisqualified,
)


def _reverted(d: Decided) -> Message:
    return M("Decision %(n)s reverted (action %(seq)s).", n=d.subject, seq=d.seq)


REVERT = CommandSpec(
    f"{FORMAT}.revert", N_("Revert a decision"),
    lambda call: RevertDecision(call.slug, call["seq"], call["reason"]),
    params=(
        Param("seq", inputs.Integer(1, 2**31 - 1),
              N_("the decision's number (the view mahjong-marathon.decisions lists them)"),
              required=True, argument=True, label=N_("Decision")),
        REASON,
    ),
    help=N_("A penalty or a disqualification stops counting; it stays in the log, marked "
            "reverted (rules MJ-5, MJ-6)."),
    shared=("", "revert"), template="formats/mahjong_marathon_decisions.html",
    said=_reverted,
    answer=lambda d: MarathonReverted(d.seq, int(d.subject)), answers=MarathonReverted,
)


# -- publications -------------------------------------------------------------------------------
#: The rows of each table ``podium publish`` prints (every row goes to ``--out``).
PUBLISHED_ROWS = 20


def _published(publication: Publication) -> list[Any]:
    """``podium publish``: the first rows of each table of the new publication (rule MJ-11),
    and with ``--out`` each whole table as CSV and as a standalone HTML page, in ``--lang``
    (``EVENT-N-KEY.csv``)."""
    from podium.formats.mahjong_marathon.rules import book_of
    from podium.formats.mahjong_marathon.views import published_views, top
    from podium.service.exports import label, to_csv, to_html

    state = publication.state
    assert state is not None, "a publication's answer carries the event"
    views = published_views(state, book_of(state), publication.number)
    shown: list[Any] = [top(view, PUBLISHED_ROWS) for view in views if view.rows]
    if publication.out:
        lang = publication.lang
        when = publication.at[:16].replace("T", " ") + " UTC"
        subtitle = label(N_("Publication {n}"), lang).format(n=publication.number) + f", {when}"
        for view in views:
            base = str(PurePath(publication.out) / f"{state.slug}-{publication.number}-{view.key}")
            shown.append(Written(base + ".csv", to_csv(view, lang)))
            shown.append(Written(base + ".html", to_html(view, state.name, lang, subtitle)))
    return shown


PUBLISH = CommandSpec(
    f"{FORMAT}.publish", N_("Publish the tables (rule MJ-11)"),
    lambda call: Publish(call.slug, call.get("reason", ""), call.get("out", ""),
                         call.get("lang", "en")),
    params=(
        Param("reason", inputs.Text(500), N_("a note (kept in the log)"),
              label=N_("Note (optional)")),
        Param("out", inputs.Text(1000), N_("also write every table as CSV and HTML into this "
                                           "folder"), surfaces=(CLI,)),
        Param("lang", inputs.Choice(("en", "ru")), N_("the language of the printed and "
                                                      "written tables"),
              default="en", surfaces=(CLI,)),
    ),
    help=N_("Rule MJ-11: freezes every stage table and the total; the next publication shows "
            "the movement since this one."),
    shared=("", "publish"), template="formats/mahjong_marathon_publish.html",
    said=lambda p: M("Publication %(n)s is out.", n=p.number),
    answer=lambda p: MarathonPublished(p.number, datetime.fromisoformat(p.at), p.seq,
                                     list(p.tables)),
    answers=MarathonPublished, show=_published,
)

COMMANDS: tuple[CommandSpec, ...] = (IMPORT_GAMES, ADD_GAME, PENALTY, DISQUALIFY_GAME,
                                     DISQUALIFY_PLAYER, REVERT, PUBLISH)

__all__ = ["COMMANDS", "Publication", "ZoneOrServer"]
