"""People and the event's own record: rename, remove, merge and substitute a player; rename,
archive, date and place an event.

Each change is one action of the log with its actor, time and reason, replayed here into the
state like every other: the log keeps what was there before (a renamed player's old name, the
removed or merged player's registration), the state shows what is now. An undo is a new record
(a rename back, a player added again, an event taken out of the archive). Beyond the
regulations: none of them says how a register is kept, so each refusal here protects what the
rules do say (a result belongs to the players who sat at the table).

Merging and substituting rewrite the seats of stored rounds in the state (never the log): a
merged player's games become the kept player's, and a stored entry that names the merged id
still reads as the kept player (:class:`podium.core.model.PlayerBook`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from podium.core import codes, phases
from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.log import Action
from podium.core.model import Bye, EventState, Player, Table, TableResult
from podium.core.ruleset import PLAYOFF, ActionKind, Ruleset
from podium.core.schema import NAME, PLAYER, Bool, Int, Str, obj
from podium.core.top_replay import top_of

PLAYER_RENAMED = "player.renamed"
PLAYER_GROUPED = "player.grouped"
PLAYER_REMOVED = "player.removed"
PLAYER_MERGED = "player.merged"
PLAYER_SUBSTITUTED = "player.substituted"
EVENT_RENAMED = "event.renamed"
EVENT_ARCHIVED = "event.archived"
EVENT_DETAILS = "event.details"

#: What does not start play: an event is "upcoming" until an action of another kind.
SETUP_KINDS = frozenset({
    "event.created", "player.registered", "player.dropped", "player.reinstated",
    "settings.changed", PLAYER_RENAMED, PLAYER_GROUPED,
    PLAYER_REMOVED, PLAYER_MERGED, EVENT_RENAMED,
    EVENT_ARCHIVED, EVENT_DETAILS, "divisions.assigned", "division.moved",
})

#: The substitute's record: a new one (the original is dropped), or the original's, continued.
NEW_RECORD, SAME_RECORD = "new", "same"
GROUP = Str(80)  # a player's club, family or team ("" for none)
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _player(state: EventState, pid: Any, field: str = "player") -> Player:
    if not isinstance(pid, int) or not dict.__contains__(state.players, pid):
        raise NotFound("no player %(player)s in event %(event)s", code=codes.PLAYER_UNKNOWN,
                       field=field, player=pid, event=state.slug)
    return state.players[pid]


def _free_name(state: EventState, name: str, field: str = "name",
               owner: Player | None = None) -> str:
    name = " ".join(name.split())
    if not name:
        raise InvalidInput("a player needs a name", code=codes.PLAYER_NAME, field=field)
    found = state.player_by_name(name)
    if found is not None and found is not owner:
        raise InvalidInput("a player named %(name)r is already registered",
                           code=codes.PLAYER_DUPLICATE, field=field, name=name)
    return name


def _not_in_top(state: EventState, ruleset: Ruleset) -> None:
    if phases.current(state, ruleset).kind == PLAYOFF:
        raise Conflict("the TOP has begun: its players can no longer be changed",
                       code=codes.PLAYER_TOP)


def rounds_of(state: EventState, pid: int) -> list[int]:
    """The numbers of the stored rounds where ``pid`` has a seat or a bye."""
    return [rnd.number for rnd in state.rounds
            if any(pid in t.seats for t in rnd.tables) or any(b.player == pid for b in rnd.byes)]


def _needs_rounds(state: EventState, ruleset: Ruleset) -> None:
    if not ruleset.capabilities.rounds:
        raise Conflict("a %(format)s event has no tables of its own to change",
                       code=codes.PLAYER_ROUNDS, format=ruleset.name)


# -- players -------------------------------------------------------------------------------------
def renamed(state: EventState, action: Action, ruleset: Ruleset) -> None:
    """A new name for a player (a typo): the log keeps the old one (``old``)."""
    player = _player(state, action.payload["player"])
    name = _free_name(state, action.payload["name"], owner=player)
    if name == player.name:
        raise InvalidInput("%(name)s already has this name", code=codes.PLAYER_RENAME_SAME,
                           field="name", name=name)
    state.rename_player(player, name)


def clean_group(text: str) -> str:
    """A group's name as stored: whitespace collapsed; "" is no group."""
    return " ".join(text.split())


def grouped(state: EventState, action: Action, ruleset: Ruleset) -> None:
    """A player's group (a club, family or team; "" clears it), which the setting
    ``separate_groups`` keeps apart in the pairing. Beyond the regulation: none names groups.
    The log keeps the group before (``old``)."""
    player = _player(state, action.payload["player"])
    group = clean_group(action.payload["group"])
    if group == player.group:
        if not group:
            raise InvalidInput("%(name)s has no group to clear", code=codes.PLAYER_GROUP_SAME,
                               field="group", name=player.name)
        raise InvalidInput("%(name)s is already in group %(group)s",
                           code=codes.PLAYER_GROUP_SAME, field="group", name=player.name,
                           group=group)
    player.group = group


def removed(state: EventState, action: Action, ruleset: Ruleset) -> None:
    """A player added by mistake, removed before their first table: the log keeps their
    registration; their name is free again."""
    player = _player(state, action.payload["player"])
    played = rounds_of(state, player.id)
    if played:
        raise Conflict("%(name)s has played (round %(round)s): a player is removed only before "
                       "their first table; drop them instead", code=codes.PLAYER_PLAYED,
                       field="player", name=player.name, round=played[0])
    bracket = top_of(state)
    if bracket is not None and player.id in bracket.seeds:
        raise Conflict("%(name)s is seeded in the TOP: a player is removed only before their "
                       "first table; drop them instead", code=codes.PLAYER_TOP,
                       field="player", name=player.name)
    _regroup(state, player.id, None)
    state.forget_player(player.id)


def merged(state: EventState, action: Action, ruleset: Ruleset) -> None:
    """Two registrations of one person (a nickname changed): ``other``'s games and results
    become ``player``'s, and ``other`` is no longer registered."""
    _needs_rounds(state, ruleset)
    keep = _player(state, action.payload["player"])
    other = _player(state, action.payload["other"], "other")
    if keep.id == other.id:
        raise InvalidInput("a player cannot be merged with themselves",
                           code=codes.PLAYER_MERGE_SELF, field="other")
    _not_in_top(state, ruleset)
    for rnd in state.rounds:
        for table in rnd.tables:
            if keep.id in table.seats and other.id in table.seats:
                raise Conflict("%(keep)s and %(other)s sat at one table (round %(round)s, "
                               "table %(table)s): they are two people", field="other",
                               code=codes.PLAYER_MERGE_MET, keep=keep.name, other=other.name,
                               round=rnd.number, table=table.number)
    both = sorted(set(rounds_of(state, keep.id)) & set(rounds_of(state, other.id)))
    if both:
        raise Conflict("%(keep)s and %(other)s both played round %(round)s: one person has "
                       "one place a round", code=codes.PLAYER_MERGE_ROUND, field="other",
                       keep=keep.name, other=other.name, round=both[0])
    for rnd in state.rounds:
        _reseat(rnd, other.id, keep.id, action.seq)
    keep.joined_round = min(keep.joined_round, other.joined_round)
    _regroup(state, other.id, None if keep.id in state.division_of else keep.id)
    state.forget_player(other.id, into=keep.id)


def _regroup(state: EventState, old: int, new: int | None) -> None:
    """``old`` leaves their division (:mod:`podium.core.divisions`); ``new`` takes their
    place in it when given."""
    key = state.division_of.pop(old, None)
    division = state.divisions.get(key) if key is not None else None
    if division is None:
        return
    members = division.members
    if new is None:
        members[:] = [p for p in members if p != old]
    else:
        members[:] = [new if p == old else p for p in members]
        state.division_of[new] = division.key


def _reseat(rnd: Any, old: int, new: int, seq: int) -> bool:
    """Put ``new`` wherever ``old`` sits in round ``rnd`` (seats, byes, results); what changed
    takes action ``seq`` as its version."""
    changed = False
    for index, table in enumerate(rnd.tables):
        if old in table.seats:
            rnd.tables[index] = Table(table.number, tuple(new if p == old else p
                                                          for p in table.seats))
            result = rnd.results.get(table.number)
            if result is not None:
                rnd.results[table.number] = TableResult(
                    tuple(replace(o, player=new) if o.player == old else o
                          for o in result.outcomes), result.entry, result.corrected)
                rnd.versions[table.number] = seq
            changed = True
    for index, bye in enumerate(rnd.byes):
        if bye.player == old:
            rnd.byes[index] = Bye(new, bye.points, bye.order, bye.reason)
            changed = True
    if changed:
        rnd.seq = seq
    return changed


def substituted(state: EventState, action: Action, ruleset: Ruleset) -> None:
    """A substitute takes ``player``'s seat from round ``from_round`` on. With a new record
    (``record="new"``, Commander's and Berserk's reading: a player's points are their own) the
    substitute is registered as a late entrant and the original is dropped; with the same
    record the original's record continues under the substitute's name."""
    _needs_rounds(state, ruleset)
    payload = action.payload
    original = _player(state, payload["player"])
    if original.dropped:
        raise Conflict("%(name)s has dropped: a substitute takes the seat of a player still in",
                       code=codes.PLAYER_SUBSTITUTE_DROPPED, field="player", name=original.name)
    _not_in_top(state, ruleset)
    name = _free_name(state, payload["name"])
    number = payload["from_round"]
    current = state.current_round
    table = None
    if current is not None and number == current.number and not current.complete:
        table = next((t for t in current.tables if original.id in t.seats), None)
        if table is None or table.number in current.results:
            raise Conflict("round %(round)s: %(name)s has no table still playing; the "
                           "substitute can start in round %(next)s", field="from_round",
                           code=codes.PLAYER_SUBSTITUTE_ROUND, round=number,
                           name=original.name, next=len(state.rounds) + 1)
    elif number != len(state.rounds) + 1:
        raise Conflict("a substitute starts in the round being played or the next one (round "
                       "%(next)s), not round %(round)s", field="from_round",
                       code=codes.PLAYER_SUBSTITUTE_ROUND, round=number,
                       next=len(state.rounds) + 1)
    record = payload.get("record") or NEW_RECORD
    if record == SAME_RECORD:
        state.rename_player(original, name)
        return
    sub = payload.get("substitute")
    if not isinstance(sub, int) or sub in state.players or sub in state.gone:
        raise InvalidInput("player id %(player)s is not new", code=codes.PLAYER_ID,
                           field="substitute", player=sub)
    state.add_player(Player(sub, name, joined_round=number - 1))
    key = state.division_of.get(original.id)
    if key is not None and key in state.divisions:  # the substitute plays in their group
        state.divisions[key].members.append(sub)
        state.division_of[sub] = key
    if table is not None and current is not None:
        _reseat(current, original.id, sub, action.seq)
    original.dropped = True
    original.drop_reason = action.reason or "substituted"


# -- the event's own record ---------------------------------------------------------------------
def event_renamed(state: EventState, action: Action, ruleset: Ruleset) -> None:
    name = " ".join(action.payload["name"].split())
    if not name:
        raise InvalidInput("an event needs a name", code=codes.PLAYER_NAME, field="name")
    if name == state.name:
        raise InvalidInput("the event already has this name", code=codes.EVENT_NAME_SAME,
                           field="name")
    state.name = name


def event_archived(state: EventState, action: Action, ruleset: Ruleset) -> None:
    archived = action.payload["archived"]
    if archived and state.archived:
        raise Conflict("the event is already archived", code=codes.EVENT_ARCHIVE_SAME,
                       field="restore")
    if not archived and not state.archived:
        raise Conflict("the event is not archived", code=codes.EVENT_ARCHIVE_SAME,
                       field="restore")
    state.archived = archived


def event_details(state: EventState, action: Action, ruleset: Ruleset) -> None:
    """The event's date and venue (each left as it was when not given; "" clears it)."""
    payload = action.payload
    if "date" in payload:
        date = payload["date"] or None
        if date is not None and not valid_date(date):
            raise InvalidInput("a date is written YYYY-MM-DD, not %(value)r",
                               code=codes.EVENT_DATE, field="date", value=date)
        state.date = date
    if "venue" in payload:
        state.venue = " ".join((payload["venue"] or "").split())


def valid_date(text: str) -> bool:
    from datetime import date

    if not DATE.fullmatch(text):
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


#: What every event accepts: a player's new name, the event's own record.
KINDS: tuple[ActionKind, ...] = (
    ActionKind(PLAYER_RENAMED, renamed,
               obj({"player": PLAYER, "name": NAME}, {"old": Str(200)}), "Player renamed"),
    ActionKind(PLAYER_GROUPED, grouped,
               obj({"player": PLAYER, "group": GROUP}, {"old": GROUP}), "Player's group set"),
    ActionKind(EVENT_RENAMED, event_renamed, obj({"name": Str(200)}, {"old": Str(200)}),
               "Event renamed"),
    ActionKind(EVENT_ARCHIVED, event_archived, obj({"archived": Bool()}), "Event archived"),
    ActionKind(EVENT_DETAILS, event_details, obj({}, {"date": Str(10), "venue": Str(200)}),
               "Event date and venue"),
)

#: What an event of rounds accepts besides (its tables are the core's to change).
ROUND_KINDS: tuple[ActionKind, ...] = (
    ActionKind(PLAYER_REMOVED, removed, obj({"player": PLAYER}, {"name": Str(200)}),
               "Player removed"),
    ActionKind(PLAYER_MERGED, merged,
               obj({"player": PLAYER, "other": PLAYER}, {"names": Str(500)}),
               "Players merged"),
    ActionKind(PLAYER_SUBSTITUTED, substituted,
               obj({"player": PLAYER, "name": NAME, "from_round": Int(1, 100_000)},
                   {"substitute": PLAYER, "old": Str(200),
                    "record": Str(8, choices=(NEW_RECORD, SAME_RECORD))}),
               "Player substituted"),
)


#: Where an event stands on the home page.
UPCOMING, RUNNING, FINISHED = "upcoming", "running", "finished"


def status_of(state: EventState, ruleset: Ruleset) -> str:
    """``finished`` once its phases are complete, ``running`` once play has begun (a round
    paired, a game played: an action beyond the setup), else ``upcoming``."""
    if not state.started:
        return UPCOMING
    return FINISHED if phases.is_complete(state, ruleset) else RUNNING
