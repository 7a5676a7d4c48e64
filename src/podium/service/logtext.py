"""The log's wording for people: each action's kind, actor, reason and payload details as the
organiser's log page (:mod:`podium.web.routes.organiser`) and ``podium log`` in the terminal
(:mod:`podium.cli.render`) both say them, in the reader's language.

It lives in the service layer, not in web/, so that the command line prints the log without
importing the web package: no FastAPI, Jinja or web module is imported here.

Player ids are shown as names, a setting by its label (the format's help text), other payload
keys by their label (``pgettext("log field", key)``; in English, where the msgid is the key
itself, the key with spaces for underscores, or :data:`ENGLISH_LABELS`), yes/no and choice
values as words, and stored message objects (notes, reasons) rendered in the page's language.
Raw machinery (seeds, the TOP's slots, a publication's snapshot, a batch's columns) is not
shown: a batch of games is said by its count.

A settings payload is said in full (every value, "auto" for none, "no" for off, 0 as 0) and
sorted, in the order the format declares its settings (a key it does not declare after them,
by name), so the same settings read the same however the payload's keys were stored: the event
file's round trip prints a byte-identical log (tests/cli/test_cli_transfer.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, cast

from podium.core.log import Action
from podium.core.messages import M, Message, Mn, Mp, Translator, is_message
from podium.core.model import EventState
from podium.core.ruleset import Ruleset
from podium.core.views import N_
from podium.i18n import DEFAULT, translations


def _catalog(lang: str) -> Translator:
    """``lang``'s catalog as the core's message objects read it (Babel's stubs type its
    ``pgettext`` loosely)."""
    return cast(Translator, translations(lang))

HIDDEN = {"seed", "notes", "format", "slots", "snapshot", "ids", "summary", "goals", "source",
          "read", "usec", "tables_index", "substitute", "digest"}
PLAYER_KEYS = {"player", "winner", "advances", "reporter", "kicker", "deepest"}
PLAYER_LISTS = {"eliminated", "survivors", "players", "declined", "negative_time"}
PLAYER_ROWS = {"matches"}  # lists of tables, each a list of player ids
ROLLS = {"roll", "rolls"}  # dice rolled to break a tie: [{"player": id, "value": n}]
#: Moments stored as Unix seconds (a marathon's disqualification period), said in UTC as
#: ``podium decisions`` says them.
MOMENTS = {"from", "until"}
#: The reading order of payload keys (where, who, what): a key not listed comes after them, by
#: name. The order a payload was stored in is not used: an imported event's payloads have their
#: keys sorted by name (the event file is canonical JSON), and its log must read the same.
ORDER = {key: index for index, key in enumerate((
    "round", "stage", "table", "match", "place", "game", "report", "event", "label", "season",
    "name", "old", "player", "other", "players", "position", "score", "points", "kind",
    "amount", "winner", "draw", "simultaneous", "advances", "eliminated", "survivors",
    "game_losses", "size", "seeds", "tables", "byes", "entry", "results", "settings"))}
#: Payload keys whose labels the web's list (``podium.web.msgids.LOG_FIELD_NAMES``) lacks: here,
#: so the catalog has them without the command line importing the web.
LOG_FIELD_NAMES = (Mp("log field", "undone"), Mp("log field", "ratings"),
                   Mp("setting value", "year"))
#: English labels of payload keys that are not words a reader knows ("seq" is the number of the
#: action a revert or an undone edit names); other keys read as themselves, "_" as a space.
ENGLISH_LABELS = {"seq": "action", "entry": "result"}


def describe(state: EventState, action: Action, lang: str = "en",
             ruleset: Ruleset | None = None) -> str:
    """``action``'s details in ``lang``, the one wording of the log page and ``podium log``
    (see the module docstring): who by name, where (round, table, match), what changed. The
    same action reads the same whatever order its payload's keys were stored in. ``ruleset``:
    the event's format (its settings' labels); without it the settings read by their keys."""
    catalog = _catalog(lang)
    players = state.players
    helps = {f.key: f.help for f in ruleset.fields} if ruleset is not None else {}
    order = {key: index for index, key in enumerate(helps)}

    def name(pid: Any) -> str:
        player = players.get(pid) if isinstance(pid, int) else None
        return player.name if player else str(pid)

    def label(key: str, setting: bool = False) -> str:
        if setting and key in helps:
            return catalog.gettext(helps[key])
        found = str(catalog.pgettext("log field", key))
        if found == key:  # English (the msgid is the key) or a key the catalog lacks
            return ENGLISH_LABELS.get(key, key.replace("_", " "))
        return found

    def word(item: Any) -> str:
        if isinstance(item, bool):  # as a setting is typed: yes/no, never True/False
            return (Mp("setting value", "yes") if item else Mp("setting value", "no")).render(
                catalog)
        if item is None:  # a setting left to the format ("rounds=auto")
            return Mp("setting value", "auto").render(catalog)
        if isinstance(item, str):
            found = str(catalog.pgettext("setting value", item))
            if found != item or not item:
                return found
            return catalog.gettext(item)
        return str(item)

    def value(key: str, item: Any) -> str:
        if is_message(item):
            return Message.from_json(item).render(catalog)
        if key in PLAYER_KEYS and isinstance(item, int):
            return name(item)
        if key in PLAYER_LISTS and isinstance(item, list):
            # players out at the same moment are a list inside, joined by "+" as they are typed
            # (Commander's order "Boris,Vera+Gleb")
            return ", ".join("+".join(name(q) for q in p) if isinstance(p, list) else name(p)
                             for p in item)
        if key == "leaving" and isinstance(item, list):
            return ", ".join(name(p) if isinstance(p, int) else str(p) for p in item)
        if key in PLAYER_ROWS and isinstance(item, list):
            return "; ".join(", ".join(name(p) for p in row) if isinstance(row, list)
                             else value(key, row) for row in item)
        if key in ROLLS and isinstance(item, list):
            return "; ".join(rolled(r) for r in item if isinstance(r, dict))
        if key == "tables" and isinstance(item, list):
            return "; ".join(
                f"{i}: " + ", ".join(name(p) for p in seats) for i, seats in enumerate(item, 1)
                if isinstance(seats, list))
        if key == "seeds" and isinstance(item, list):  # a TOP's [[player, seed], ...]
            pairs = [p for p in item if isinstance(p, list) and len(p) == 2]
            return ", ".join(f"{seed}: {name(pid)}" for pid, seed in
                             sorted(pairs, key=lambda p: str(p[1]).zfill(9)))
        if isinstance(item, dict) and item and all(str(k).isdigit() for k in item):
            # by player (a TOP's "where each seed came from"), in the order of their ids
            return "; ".join(f"{name(int(k))}: {value(key, item[k])}"
                             for k in sorted(item, key=int))
        if key == "byes" and isinstance(item, list):
            return ", ".join(name(b.get("player")) for b in item if isinstance(b, dict))
        if key == "game_losses" and isinstance(item, list):
            return ", ".join(
                f"{name(g.get('player'))} ({g.get('reason', '')})" if isinstance(g, dict)
                else name(g) for g in item)
        if key == "undone" and isinstance(item, str):  # the clock action undone, by its title
            return kind_titles(lang, ruleset)(item) if ruleset is not None else item
        if key in MOMENTS and isinstance(item, int) and not isinstance(item, bool):
            return datetime.fromtimestamp(item, UTC).strftime("%Y-%m-%d %H:%M UTC")
        if key == "stage" and isinstance(item, str):
            return str(catalog.pgettext("stage", item))
        if key in ("name", "label") and isinstance(item, str) and "event" in payload:
            return item  # a series member's (a season's) name: as it was named
        if key in ("league", "game") and isinstance(item, str):  # a division by its key
            head, _slash, number = item.partition("/")  # a league's game: "gods/2"
            division = state.divisions.get(head)
            if division is not None and (number.isdigit() or not _slash):
                league = division_name(division.name, catalog)
                return league if not _slash else M("%(league)s, game %(number)s",
                                                   league=league, number=int(number)
                                                   ).render(catalog)
        if key in ("name", "league") and isinstance(item, str):  # a league's stored name
            return division_name(item, catalog)
        if isinstance(item, dict) and key == "settings":  # every one, sorted (see above)
            return "; ".join(part(k, item[k], True) for k in sorted(item, key=declared))
        if isinstance(item, dict):  # a division's key is machinery when it has a name
            return "; ".join(part(k, v) for k, v in ordered(item)
                             if shown(k, v) and v is not False
                             and not (k == "key" and "name" in item))
        if isinstance(item, list):
            return ", ".join(value(key, v) if isinstance(v, dict | list) else word(v)
                             for v in item)
        return word(item)

    def rolled(roll: dict[str, Any]) -> str:
        """One roll ``{"player", "value"}``, or a tie broken by the die (rules W7-26 (4),
        W7-30 (3)): its rounds, each the players' values ("A 3, B 3 / A 5, B 2")."""
        if "rounds" in roll:
            rounds = [", ".join(rolled(r) for r in one if isinstance(r, dict))
                      for one in roll["rounds"] if isinstance(one, list)]
            rule = M("rule %(rule)s", rule=roll["rule"]).render(catalog) if roll.get(
                "rule") else ""
            return " / ".join(rounds) + (f" ({rule})" if rule else "")
        return f"{name(roll.get('player'))} {roll.get('value')}"

    def declared(key: Any) -> tuple[int, str]:
        return (order.get(key, len(order)), str(key))

    def shown(key: Any, item: Any) -> bool:
        # 0 and a top-level False are said ("level: 0", "archived: no"); a False inside a
        # result ("draw: no") is not: the entry says what happened, not what did not.
        return key not in HIDDEN and item is not None and not (
            isinstance(item, str | list | dict) and not item)

    def part(key: Any, item: Any, setting: bool = False) -> str:
        return f"{label(str(key), setting)}: {value(str(key), item)}"

    payload = action.payload
    if isinstance(payload.get("ids"), list):  # a batch of games: its columns are machinery
        return Mn("%(n)s game", "%(n)s games", len(payload["ids"])).render(catalog)
    hidden = HIDDEN | ({"player"} if "name" in payload else set()) | (
        {"player", "other"} if "names" in payload else set())
    return "; ".join(part(key, item) for key, item in ordered(payload)
                     if key not in hidden and shown(key, item))


def ordered(payload: dict[str, Any]) -> list[tuple[str, Any]]:
    """``payload``'s items in :data:`ORDER`, however its keys were stored."""
    return sorted(payload.items(), key=lambda kv: (ORDER.get(kv[0], len(ORDER)), str(kv[0])))


SELF_REPORT = "self-report confirmed by "


def reason_text(reason: str, lang: str = "en") -> str:
    """An action's reason in the page's language: the reasons the app writes itself (a
    player's self-report, stored as English text) translated; what people typed as it is."""
    catalog = _catalog(lang)
    if reason.startswith(SELF_REPORT):
        return M("self-report confirmed by %(names)s",
                 names=reason[len(SELF_REPORT):]).render(catalog)
    if reason == "self-report":
        return M("self-report").render(catalog)
    if reason in APP_REASONS:
        return catalog.gettext(reason)
    replaced = REPLACED.match(reason)
    if replaced:  # the organiser's Replace on the queue (podium.web.routes.organiser)
        number, name, typed = replaced.groups()
        return (M("self-report %(report)s by %(name)s replaced by the organiser: %(reason)s",
                  report=number, name=name, reason=typed) if typed else
                M("self-report %(report)s by %(name)s replaced by the organiser",
                  report=number, name=name)).render(catalog)
    if reason.startswith(DISQUALIFIED):  # written by player.drop's "disqualify" (kernel)
        typed = reason[len(DISQUALIFIED):].lstrip(": ")
        return (M("disqualified: %(reason)s", reason=typed) if typed
                else M("disqualified")).render(catalog)
    return reason


DISQUALIFIED = "disqualified"
#: A game the organiser entered in place of a disputed self-report: its reason as written.
REPLACED = re.compile(r"^self-report (\d+) by (.+?) replaced(?:: (.*))?$", re.S)
#: Reasons the app writes itself, stored as English text: shown in the page's language.
APP_REASONS = (N_("formed from the year (rules W7-4 .. W7-15, W7-35)"),)


#: Berserk's draft tables are stored by that English name (a division's name is plain text);
#: pages name them in their language.
DRAFT_TABLE = re.compile(r"^Draft table (\d+)$")
NUMBERED_LEAGUE = re.compile(r"^League (\d+)$")


def division_name(name: str, catalog: Translator) -> str:
    """A division's stored name in the page's language: "Draft table 2" as the format titles
    it, a league's name ("Gods") from the catalog, any other name as it was typed."""
    found = DRAFT_TABLE.match(name)
    if found:
        return catalog.gettext("Draft table {number}").format(number=found.group(1))
    found = NUMBERED_LEAGUE.match(name)
    if found:  # a 7 Wonders starting season's league (rule W7-4), stored by its English name
        return M("League %(n)s", n=int(found.group(1))).render(catalog)
    return catalog.gettext(name) if name else name


def kind_titles(lang: str, ruleset: Any) -> Callable[[str], str]:
    """An action kind as the log page names it: its msgid (``round.paired``) when the catalog
    has one, else the title the format declared for it, translated."""
    from podium.core.replay import kinds_of

    catalog = _catalog(lang)
    titles = {name: kind.title for name, kind in kinds_of(ruleset).items()}

    def title(kind: str) -> str:
        if lang == DEFAULT:
            return kind  # English shows the kind itself, as the API and the event file do
        found = catalog.gettext(kind)
        if found != kind or not titles.get(kind):
            return found
        return catalog.gettext(titles[kind])

    return title


def actor_text(actor: str, lang: str = "en") -> str:
    """Who did it: an organiser's username, or a player who reported ("player:Anna")."""
    if actor.startswith("player:"):
        return M("player %(name)s", name=actor[len("player:"):]).render(_catalog(lang))
    return actor


def actor_namer(lang: str) -> Callable[[str], str]:
    return lambda actor: actor_text(actor, lang)


def reasoner(lang: str) -> Callable[[str], str]:
    """``reason_text`` for one page's language (what the log template calls)."""
    return lambda reason: reason_text(reason, lang)


def describer(lang: str, ruleset: Ruleset | None = None
              ) -> Callable[[EventState, Action], str]:
    """``describe`` for one page's language (what the log template calls)."""
    return lambda state, action: describe(state, action, lang, ruleset)
