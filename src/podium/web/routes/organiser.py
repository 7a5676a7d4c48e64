"""Organiser pages: events, players, rounds, results, corrections, judges, log, print.

Every form runs one declared command (:mod:`podium.core.commands`) through the service as the
signed-in organiser (:meth:`podium.web.deps.Page.run`): the service checks the role, decodes the
fields and stores, the same as on the command line and the API; a refusal re-renders the page
with its message next to its field and nothing stored. Pages that only read check the role by
their dependency (:data:`podium.web.deps.OrganiserPage`). The format's own commands are forms
on the event's page (:mod:`podium.web.routes.commands`).
"""

from __future__ import annotations

import ipaddress
from typing import Annotated, Any, cast
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import HTMLResponse, Response

from podium.core import codes as refusal_codes
from podium.core import phases
from podium.core.commands import TEXT, WEB, CommandSpec, ResultEntry, decode_input
from podium.core.errors import NotFound, PodiumError
from podium.core.inputs import Upload
from podium.core.messages import Translator
from podium.core.model import Round, Table
from podium.core.ruleset import PLAYOFF
from podium.core.views import N_
from podium.formats import available, get_format
from podium.http import status_of
from podium.service.events import LoadedEvent
from podium.service.invoke import offered
from podium.service.kernel import table_of
from podium.service.logtext import (
    actor_namer,
    describer,
    division_name,
    kind_titles,
    reasoner,
)
from podium.web.deps import (
    Fields,
    OrganiserForm,
    OrganiserPage,
    OwnerForm,
    Page,
    Uploads,
    form_page,
    page_dep,
)
from podium.web.hosts import origin_of
from podium.web.i18n import Formatter, Localised
from podium.web.render import qr_svg
from podium.web.routes.commands import field_errors, field_rows
from podium.web.settings_form import setting_text, settings_form

router = APIRouter(prefix="/manage", include_in_schema=False)

PageDep = Annotated[Page, Depends(page_dep)]
FormDep = Annotated[Page, Depends(form_page)]
Reason = Annotated[str, Form(max_length=500)]

#: Kernel commands with a place of their own on the event's page (not a form of the list).
PLACED = frozenset({"event.settings", "player.add", "player.import", "player.drop",
                    "player.reinstate", "round.pair", "round.undo", "report.confirm",
                    "report.dispute", "report.decide", "role.grant", "role.revoke"})


def typed_settings(form: Any, fields: list[dict[str, Any]], lang: str) -> dict[str, str]:
    """The settings a form sent, ``set_<key>`` -> text, a list's items by their keys: the
    form shows a list (tiebreakers) by its labels in the page's language («сумма выбываний,
    случайно»), and the organiser may type either a label or a key."""
    from podium.web.render import setting_value

    shown = setting_value(lang)
    typed = {}
    for f in fields:
        name = f"set_{f['key']}"
        if name not in form:
            continue
        text = str(form[name]).strip()
        if f.get("listed"):
            keys = {shown(key).casefold(): key for key in f["listed"]}
            text = ",".join(keys.get(part.strip().casefold(), part.strip())
                            for part in text.split(",") if part.strip())
        default = str(f.get("default") or "")
        if default and text == shown(default).strip():  # the default as the page wrote it
            text = default
        typed[name] = text
    return typed


def setting_errors(page: Page, format_name: str, values: dict[str, str]) -> dict[str, str]:
    """Every setting refused on its own, each by its field (``set_<key>``), so the form shows
    all of them at once next to their fields, not only the first."""
    ruleset = get_format(format_name)
    errors = {}
    for key, value in values.items():
        try:
            ruleset.parse_settings({key: value})
        except PodiumError as error:
            errors[f"set_{key}"] = page.message(error)
    return errors


# events ---------------------------------------------------------------------------------------
@router.get("", response_class=HTMLResponse)
def my_events(page: PageDep) -> Response:
    user = page.require_login()
    roles = page.web.accounts.events_of(user)
    events = [e for e in page.web.events.list_events() if e.slug in roles]
    return page.render("manage/index.html", events=under_series(page, events), roles=roles,
                       title="Manage")


def under_series(page: Page, events: list[Any]) -> list[tuple[Any, bool]]:
    """The events in order, each series' members right after it (a year's seasons under the
    year), marked as members: ``(event, is_member)``."""
    from podium.core.series import book_of

    by_slug = {e.slug: e for e in events}
    members: dict[str, list[str]] = {}
    for event in events:
        if get_format(event.format).capabilities.series:
            state = page.web.cache.load(event.slug).loaded.state
            members[event.slug] = [m.event for m in book_of(state).members
                                   if m.event in by_slug]
    placed = {slug for slugs in members.values() for slug in slugs}
    out: list[tuple[Any, bool]] = []
    for event in events:
        if event.slug in placed:
            continue
        out.append((event, False))
        out += [(by_slug[slug], True) for slug in members.get(event.slug, ())]
    return out


def new_event_choices() -> dict[str, tuple[str, str]]:
    """What the new-event page offers, by the value its select posts: each format under its
    title, then the entries formats add (a 7 Wonders year: a series) -> (title, format)."""
    choices = {name: (get_format(name).title, name) for name in available()}
    for name in available():
        for entry in get_format(name).presentation.new_event_entries:
            choices[entry.key] = (entry.title, entry.format)
    return choices


def _new_form(page: Page, chosen: str, **context: Any) -> Response:
    choices = new_event_choices()
    return page.render("manage/new.html", formats=list(choices.items()), chosen=chosen,
                       fields=settings_form(choices[chosen][1]), title="New event", **context)


@router.get("/new", response_class=HTMLResponse)
def new_event_form(page: PageDep, format: str = "commander") -> Response:
    page.require_login()
    if format not in new_event_choices():
        format = available()[0]
    return _new_form(page, format, values={})


@router.post("/new", response_class=HTMLResponse)
def new_event(page: FormDep, form: Fields) -> Response:
    page.require_login()
    choice = form.get("format", "")
    format_name = new_event_choices().get(choice, ("", choice))[1]
    errors: dict[str, str] = {}
    try:
        if format_name not in available():
            raise Localised(N_("choose a format"), code=refusal_codes.INPUT_CHOICE, field="format")
        setting_fields = settings_form(format_name)
        typed = typed_settings(form, setting_fields, page.lang)
        raw = {f["key"]: typed[f"set_{f['key']}"] for f in setting_fields
               if typed.get(f"set_{f['key']}", "") not in ("", f["default"])}
        fields = {"slug": form.get("slug", ""), "name": form.get("name", ""),
                  "format": format_name, "seed": form.get("seed", ""),
                  "settings": "\n".join(f"{key}={value}" for key, value in raw.items())}
        errors = setting_errors(page, format_name, raw)
        if errors:  # the other fields' refusals too, all at once (nothing is run)
            try:
                decode_input(page.web.catalog.find("event.create"),
                             {**fields, "settings": ""}, TEXT, surface=WEB)
            except PodiumError as error:
                errors.update(field_errors(page, error))
            raise Localised(N_("Please check the fields marked below."),
                            code=refusal_codes.INPUT_FIELDS)
        done = page.run("event.create", None, fields)
    except PodiumError as error:
        chosen = choice if choice in new_event_choices() else available()[0]
        if not errors:
            errors = {(k if k in ("slug", "name", "seed") else f"set_{k}"): v
                      for k, v in field_errors(page, error).items() if k}
        return _new_form(page, chosen, status=status_of(error),
                         error=page.fmt.gettext("Please check the fields marked below.")
                         if errors else page.message(error), errors=errors, values=form)
    return page.redirect(f"/manage/{done.state.slug}")


# the event's page -----------------------------------------------------------------------------
def result_entry(loaded: LoadedEvent) -> ResultEntry | None:
    return loaded.ruleset.result_entry()


def describe(loaded: LoadedEvent, result: Any) -> str:
    """A result that is in, as its format describes it ("" without one)."""
    entry = result_entry(loaded)
    if result is None or entry is None or entry.describe is None:
        return ""
    return entry.describe(loaded.state, result)


def table_rows(loaded: LoadedEvent, rnd: Round) -> list[dict[str, Any]]:
    state = loaded.state
    rows = []
    for table in rnd.tables:
        result = rnd.results.get(table.number)
        rows.append({
            "table": table,
            "seats": [state.players[pid] for pid in table.seats],
            "result": result,
            "text": describe(loaded, result),
        })
    return rows


def listed_commands(page: Page, loaded: LoadedEvent) -> list[CommandSpec]:
    """The format's commands (and the kernel's without a place of their own) this organiser
    can run on the event as it stands, each a form on the event's page."""
    state = loaded.state
    catalog = page.web.catalog
    skip = {f"{state.format}.result", f"{state.format}.report"} | PLACED
    own = {spec.name for spec in catalog.declared_by(state.format)}
    if f"{state.format}.move" in own:  # the format's move in its own words (a league)
        skip |= {"division.move"}
    return [spec for spec in catalog.commands_for(state.format)
            if spec.name not in skip and spec.on(WEB)
            and offered(page.web.events, spec, state.slug, page.caller(), state)]


#: The menu's groups of the event's commands, by the first part of a command's name; a
#: format's own commands are its round's (or its games') work.
GROUPS = (("round", N_("Round and results")), ("clock", N_("Round clock")),
          ("top", N_("TOP")), ("signup", N_("Sign-up")), ("checkin", N_("Check-in")),
          ("player", N_("Players: corrections")), ("person", N_("Persons across events")),
          ("event", N_("Event")))
#: Commands that destroy or undo: apart, in the red zone, each confirmed on its page.
DANGER = frozenset({"event.delete", "player.remove", "event.archive"})


def command_groups(commands: list[CommandSpec], rounds: bool, complete: bool = False
                   ) -> tuple[list[dict[str, Any]], list[CommandSpec]]:
    """The event's commands as the page's menu: groups in order (the round's work first) and
    the destructive ones apart. An open-play event's games are open until it is complete;
    then every group is folded (corrections stay one tap away)."""
    by_key: dict[str, list[CommandSpec]] = {}
    danger = []
    for spec in commands:
        if spec.danger or spec.name in DANGER or spec.name.endswith((".undo", ".undo-edit")):
            danger.append(spec)
            continue
        head = spec.name.split(".")[0]
        key = {"division": "player", "series": "event", "role": "event"}.get(head, head)
        by_key.setdefault(key if key in dict(GROUPS) else "round", []).append(spec)
    groups = [{"key": key, "title": title, "commands": by_key[key], "open": False}
              for key, title in GROUPS if key in by_key]
    if groups and groups[0]["key"] == "round" and not rounds:
        # open play has no round to show first: its games and tables are the work at hand
        groups[0].update(open=not complete, title=N_("Games and results"))
    return groups, danger


def top_is_next(loaded: LoadedEvent) -> bool:
    """Whether the rounds of the current phase are played out and the TOP comes next (Berserk
    after its last Swiss round, rule BRK-1): pairing would only answer "build the TOP"."""
    state, ruleset = loaded.state, loaded.ruleset
    order = phases.declared(state, ruleset)
    now = phases.current(state, ruleset)
    later = order[order.index(now) + 1:] if now in order else ()
    return (now.kind != PLAYOFF and bool(later) and later[0].kind == PLAYOFF
            and ruleset.phase_complete(state, now))


def event_context(page: Page, slug: str) -> dict[str, Any]:
    loaded = page.web.events.load(slug)
    state = loaded.state
    rnd = state.current_round
    current = loaded.ruleset.settings_to_json(state.settings)
    status = phases.status(state, loaded.ruleset)
    top_next = status.can_pair and top_is_next(loaded)
    commands = listed_commands(page, loaded)
    rounds = loaded.ruleset.capabilities.rounds
    groups, danger = command_groups(commands, rounds, status.complete)
    # open play's next step: the first command of its games (the format lists the one the
    # state asks for first: a die roll, the leagues, a game), shown before everything else
    due = now_views(page, loaded)  # a format's own "what is due" says the next step itself
    if due and groups and groups[0]["key"] == "round":
        groups[0]["open"] = False  # its links are the way on; the full list stays one tap away
    next_command = (groups[0]["commands"][0] if groups and not rounds and not status.complete
                    and groups[0]["key"] == "round" and not due else None)
    return {
        "now_views": due,
        "members": _members(loaded),
        "next_command": next_command,
        "command_groups": groups,
        "danger_commands": danger,
        # before round 1 the roster is the work at hand
        "players_open": not state.rounds,
        "loaded": loaded,
        "event": state,
        "event_status": status,
        # pairing only when the phase allows it and no table is still playing (it would be
        # refused): the page offers no action the state refuses
        "pair_offered": status.can_pair and not top_next and (rnd is None or rnd.complete),
        "top_next": top_next,
        "tables_open": rnd is not None and not rnd.complete,
        "warnings": loaded.ruleset.warnings(state),
        "role": page.role(slug),
        "plugin": page.web.format(state.format),
        "entry": result_entry(loaded),
        "commands": commands,
        "commands_by_name": {spec.name: spec for spec in commands},
        "command_rows": lambda spec: field_rows(spec, {}, {}, state),
        "round": rnd,
        "rows": table_rows(loaded, rnd) if rnd else [],
        "clock": _clock(loaded, page),
        "queue": len(page.web.reports.reports(slug, open_only=True)),
        "settings": [
            {**f, "value": _shown_value(f, current.get(f["key"]))}
            for f in settings_form(state.format)
        ],
        "title": state.name,
    }


def now_views(page: Page, loaded: LoadedEvent) -> list[Any]:
    """The tables the format declares as what the event needs now (``ViewSpec.now``: a
    year's steps), read as this organiser."""
    state = loaded.state
    out = []
    for spec in page.web.catalog.views_for(state.format):
        if spec.now and spec.on(WEB) and (spec.shown is None or spec.shown(state)):
            value = page.view(state.slug, spec.name)
            out += value if isinstance(value, list) else [value]
    return out


def _members(loaded: LoadedEvent) -> list[Any]:
    """A series' members in order (a year's seasons), for links to their pages."""
    if not loaded.ruleset.capabilities.series:
        return []
    from podium.core.series import book_of

    return list(book_of(loaded.state).members)


def _clock(loaded: LoadedEvent, page: Page) -> dict[str, Any] | None:
    """The round clock at this moment (:mod:`podium.web.clock`)."""
    from podium.web.clock import clock_context

    return clock_context(loaded, page.web.events.clock())


def _shown_value(field: dict[str, Any], value: Any) -> str:
    if field["options"] == ("yes", "no"):
        return "yes" if value else "no"
    return setting_text(value)


@router.get("/{slug}", response_class=HTMLResponse)
def event_page(page: OrganiserPage, slug: str) -> Response:
    return page.render("manage/event.html", **event_context(page, slug))


def _done(page: Page, slug: str, message: str) -> Response:
    page.flash(message)
    return page.redirect(f"/manage/{slug}")


def _said(page: Page, done: Any) -> str:
    """What a command said, in the page's language."""
    from podium.core.messages import Message

    said = done.said
    return said.render(page.fmt.catalog) if isinstance(said, Message) else (
        page.fmt.gettext(str(said)))


def _failed(page: Page, slug: str, error: PodiumError, form_id: str = "",
            **extra: Any) -> Response:
    """The event's page again with the refusal: each field it names next to that field of
    the form ``form_id`` (``extra`` carries what was typed), else at the top."""
    context = event_context(page, slug)
    errors = {key: text for key, text in field_errors(page, error, f"{form_id}:").items()
              if key != f"{form_id}:"}
    if form_id and errors:
        return page.render("manage/event.html", status=status_of(error), errors=errors,
                           **extra, **context)
    return page.render("manage/event.html", status=status_of(error), error=page.message(error),
                       **extra, **context)


@router.post("/{slug}/settings", response_class=HTMLResponse)
def change_settings(page: OrganiserForm, slug: str, form: Fields) -> Response:
    """Change settings from the next round on (logged, with the reason)."""
    loaded = page.web.events.load(slug)
    current = {k: setting_text(v) for k, v in
               loaded.ruleset.settings_to_json(loaded.state.settings).items()}
    fields = {f["key"]: f for f in settings_form(loaded.state.format)}
    for key, f in fields.items():  # a yes/no select sends yes/no: compare as the form shows
        if f["options"] == ("yes", "no"):
            current[key] = "yes" if current[key] in ("True", "true", "1") else "no"
    typed = typed_settings(form, list(fields.values()), page.lang)
    changes = {key: typed[f"set_{key}"] for key in current
               if f"set_{key}" in typed and typed[f"set_{key}"] != current[key]}
    reason = " ".join(form.get("reason", "").split())[:500]
    errors = setting_errors(page, loaded.state.format, changes)
    if changes and not reason:
        errors["reason"] = page.fmt.gettext(
            "reason: say why the settings change (it is kept in the log)")
    if errors:
        return page.render("manage/event.html", status=422, errors=errors, typed=form,
                           error=page.fmt.gettext("Please check the fields marked below."),
                           settings_open=True, **event_context(page, slug))
    try:
        page.run("event.settings", slug, {
            "settings": "\n".join(f"{k}={v}" for k, v in changes.items()), "reason": reason})
    except PodiumError as error:
        return _failed(page, slug, error)
    if form.get("then") == "preview":  # switched from the round's preview: show it again
        page.flash(page.fmt.gettext("Settings changed."))
        return page.redirect(f"/manage/{slug}/preview")
    return _done(page, slug, page.fmt.gettext("Settings changed."))


# players --------------------------------------------------------------------------------------
@router.post("/{slug}/players", response_class=HTMLResponse)
def add_players(page: OrganiserForm, slug: str,
                names: Annotated[str, Form(max_length=20_000)] = "") -> Response:
    lines = [line for line in names.splitlines() if line.strip()]
    try:
        fresh, taken = page.web.events.split_new_names(slug, lines)
        if taken:  # list the duplicates, keep the box, offer the others in one click
            message = page.fmt.ngettext(
                "This name is already taken: %(names)s.",
                "These names are already taken: %(names)s.", len(taken),
            ) % {"names": ", ".join(taken)}
            return page.render("manage/event.html", status=422, typed={"names": names},
                               errors={"players:names": message}, fresh=fresh,
                               **event_context(page, slug))
        done = page.run("player.add", slug, {"names": names})
    except PodiumError as error:
        return _failed(page, slug, error, "players", typed={"names": names})
    return _done(page, slug, page.fmt.gettext("Players added: %(n)s") % {"n": len(done.value)})


@router.post("/{slug}/players/import", response_class=HTMLResponse)
def import_players(page: OrganiserForm, slug: str, uploads: Uploads) -> Response:
    upload = uploads.get("file")
    try:
        fields: dict[str, Any] = {"file": Upload(*upload)} if upload else {}
        done = page.run("player.import", slug, fields)
    except PodiumError as error:
        return _failed(page, slug, error)
    return _done(page, slug,
                 page.fmt.gettext("Players imported: %(n)s") % {"n": len(done.value)})


@router.post("/{slug}/players/{player}/drop", response_class=HTMLResponse)
def drop_player(page: OrganiserForm, slug: str, player: int, reason: Reason = "",
                disqualify: Annotated[str, Form(max_length=10)] = "") -> Response:
    try:
        done = page.run("player.drop", slug, {"player": f"#{player}", "reason": reason,
                                              "disqualify": "yes" if disqualify else ""})
    except PodiumError as error:
        return _failed(page, slug, error)
    return _done(page, slug, _said(page, done))


@router.post("/{slug}/players/{player}/reinstate", response_class=HTMLResponse)
def reinstate_player(page: OrganiserForm, slug: str, player: int,
                     reason: Reason = "") -> Response:
    try:
        done = page.run("player.reinstate", slug, {"player": f"#{player}", "reason": reason})
    except PodiumError as error:
        return _failed(page, slug, error)
    return _done(page, slug, _said(page, done))


# rounds ---------------------------------------------------------------------------------------
@router.get("/{slug}/preview", response_class=HTMLResponse)
def preview(page: OrganiserPage, slug: str) -> Response:
    from podium.service.events import explain_paired

    try:
        done = page.run("round.pair", slug, {"preview": "yes"})
    except PodiumError as error:
        return _failed(page, slug, error)
    loaded = done.outcome.loaded
    state = loaded.state
    explanation = explain_paired(loaded, done.value.number)
    settings = loaded.ruleset.settings_to_json(state.settings)
    return page.render("manage/preview.html", event=state, explanation=explanation,
                       title="Preview", repeat_policy=settings.get("repeat_policy"),
                       warnings=loaded.ruleset.warnings(state))


@router.post("/{slug}/rounds", response_class=HTMLResponse)
def pair(page: OrganiserForm, slug: str) -> Response:
    try:
        done = page.run("round.pair", slug, {})
    except PodiumError as error:
        return _failed(page, slug, error)
    return _done(page, slug, page.fmt.gettext("Round %(n)s paired.") % {"n": done.value.number})


@router.post("/{slug}/rounds/undo", response_class=HTMLResponse)
def undo(page: OrganiserForm, slug: str, reason: Reason = "") -> Response:
    try:
        done = page.run("round.undo", slug, {"reason": reason})
    except PodiumError as error:
        return _failed(page, slug, error, "undo")
    return _done(page, slug, page.fmt.gettext("Round %(n)s undone.") % {"n": done.value})


# results --------------------------------------------------------------------------------------
def _result_name(page: Page, slug: str) -> str:
    return f"{page.web.events.summary(slug).format}.result"


def _table_of(loaded: LoadedEvent, number: int | None, table: int) -> tuple[Round, Table]:
    return table_of(loaded.state, number, table)


@router.post("/{slug}/results/{table}", response_class=HTMLResponse)
def enter_result(page: OrganiserForm, slug: str, table: int, request: Request,
                 form: Fields) -> Response:
    error = None
    try:
        page.run(_result_name(page, slug), slug, {**form, "table": str(table)})
    except PodiumError as err:
        error = err
    if request.headers.get("hx-request"):
        context = event_context(page, slug)
        return page.render(
            "manage/_now.html", status=status_of(error) if error else 200,
            error=page.message(error) if error else None, error_table=table if error else None,
            last=form, **context,
        )
    if error is not None:
        return _failed(page, slug, error)
    return _done(page, slug, page.fmt.gettext("Table %(n)s saved.") % {"n": table})


@router.get("/{slug}/rounds/{number}/tables/{table}/correct", response_class=HTMLResponse)
def correction_form(page: OrganiserPage, slug: str, number: int, table: int) -> Response:
    loaded = page.web.events.load(slug)
    rnd, tab = _table_of(loaded, number, table)
    return page.render("manage/correct.html", **_correction_context(page, loaded, rnd, tab))


def _correction_context(page: Page, loaded: LoadedEvent, rnd: Round,
                        tab: Table) -> dict[str, Any]:
    state = loaded.state
    result = rnd.results.get(tab.number)
    entry = result_entry(loaded)
    now = (dict(entry.typed(result.entry, tab))
           if result is not None and entry is not None and entry.typed else {})
    return {
        "event": state, "round": rnd, "table": tab, "plugin": page.web.format(state.format),
        "entry": result_entry(loaded),
        "seats": [state.players[p] for p in tab.seats], "result": result, "now": now,
        "text": describe(loaded, result), "title": "Correct a result",
        # the result's version as this page shows it: a correction made on it is refused
        # if another organiser changed the result meanwhile (result.stale)
        "version": rnd.result_version(tab.number),
    }


@router.post("/{slug}/rounds/{number}/tables/{table}/correct", response_class=HTMLResponse)
def correct(page: OrganiserForm, slug: str, number: int, table: int, form: Fields) -> Response:
    loaded = page.web.events.load(slug)
    rnd, tab = _table_of(loaded, number, table)
    try:
        page.run(_result_name(page, slug), slug,
                 {**form, "table": str(table), "round": str(number), "correct": "yes"})
    except PodiumError as error:
        # the result as it is now (a stale form's refusal shows it; the form sent again
        # carries its version)
        loaded = page.web.events.load(slug)
        rnd, tab = _table_of(loaded, number, table)
        return page.render("manage/correct.html", status=status_of(error),
                           error=page.message(error), last=form,
                           **_correction_context(page, loaded, rnd, tab))
    return _done(page, slug, page.fmt.gettext("Round %(r)s, table %(t)s corrected.")
                 % {"r": number, "t": table})


# log and print --------------------------------------------------------------------------------
@router.get("/{slug}/log", response_class=HTMLResponse)
def log(page: OrganiserPage, slug: str) -> Response:
    loaded = page.web.events.load(slug)
    return page.render("manage/log.html", event=loaded.state,
                       describe=describer(page.lang, loaded.ruleset),
                       reason=reasoner(page.lang), actor=actor_namer(page.lang),
                       kind_title=kind_titles(page.lang, loaded.ruleset),
                       actions=list(reversed(page.web.events.log(slug))), title="Log",
                       fmt=event_formatter(page, loaded), zone=event_zone(loaded))


def event_zone(loaded: LoadedEvent) -> str:
    """The time zone the event's pages show times in (its ``time_zone`` setting, else UTC)."""
    return str(getattr(loaded.state.settings, "time_zone", "UTC") or "UTC")


def event_formatter(page: Page, loaded: LoadedEvent) -> Formatter:
    return Formatter(page.lang, event_zone(loaded))


@router.get("/{slug}/print/{what}", response_class=HTMLResponse)
def printable(page: OrganiserPage, slug: str, what: str) -> Response:
    if what not in ("pairings", "slips", "codes"):
        raise NotFound("no printable %(what)r: pairings, slips or codes",
                       code=refusal_codes.PRINT_UNKNOWN, what=what)
    loaded = page.web.events.load(slug)
    rnd = loaded.state.current_round
    codes = page.web.reports.codes(slug) if what == "codes" else {}
    return page.render(f"print/{what}.html", event=loaded.state, round=rnd,
                       rows=table_rows(loaded, rnd) if rnd else [], codes=codes,
                       leagues=player_leagues(page, loaded) if codes else {},
                       entry=result_entry(loaded), base_url=public_base(page), qr_of=qr_svg,
                       loopback=is_loopback(page), title="Print")


def public_base(page: Page) -> str:
    """The address players reach the service at: ``podium serve --public-url`` when given,
    else the request's own (scheme, host, port)."""
    return origin_of(page.web.public_url, page.request)


def is_loopback(page: Page) -> bool:
    """Slips printed from a page opened on this machine's own address (127.0.0.1, localhost)
    without a public URL carry an address no player's phone can open: the page warns."""
    if page.web.public_url is not None:
        return False
    host = (page.request.url.hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@router.get("/{slug}/export")
def export(page: OrganiserPage, slug: str) -> Response:
    """The event file (``podium export``): the whole log as one JSON document."""
    from podium.service.transfer import dumps, export_document

    text = dumps(export_document(page.web.events, slug))
    return Response(text.encode("utf-8"), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{slug}.json"',
                             "Cache-Control": "no-store"})


# judges ---------------------------------------------------------------------------------------
@router.get("/{slug}/judges", response_class=HTMLResponse)
def judges(page: OrganiserPage, slug: str) -> Response:
    return page.render("manage/judges.html", slug=slug, grants=page.web.accounts.grants(slug),
                       role=page.role(slug), title="Judges")


@router.post("/{slug}/judges", response_class=HTMLResponse)
def invite_judge(page: OwnerForm, slug: str,
                 username: Annotated[str, Form(max_length=100)]) -> Response:
    try:
        done = page.run("role.grant", slug, {"username": username, "role": "judge"})
    except PodiumError as error:
        return page.render("manage/judges.html", status=status_of(error),
                           error=page.message(error), slug=slug,
                           grants=page.web.accounts.grants(slug), role=page.role(slug),
                           title="Judges")
    page.flash(page.fmt.gettext("%(name)s is a judge now.") % {"name": done.value})
    return page.redirect(f"/manage/{slug}/judges")


@router.post("/{slug}/judges/{username}/remove", response_class=HTMLResponse)
def remove_judge(page: OwnerForm, slug: str, username: str) -> Response:
    if page.web.accounts.role_of(page.web.accounts.get_user(username), slug) != "judge":
        raise NotFound("%(username)s is not a judge of this event", code=refusal_codes.ROLE_NONE,
                       username=username)
    page.run("role.revoke", slug, {"username": username})
    return page.redirect(f"/manage/{slug}/judges")


# self-report: codes and the queue -------------------------------------------------------------
@router.get("/{slug}/codes", response_class=HTMLResponse)
def codes(page: OrganiserPage, slug: str) -> Response:
    """Each player's code and personal link, each with a copy button, and the whole season's
    message (one line a player: name, league, link) to paste in a chat."""
    loaded = page.web.events.load(slug)
    state = loaded.state
    codes = page.web.reports.codes(slug)
    leagues = player_leagues(page, loaded)
    links = {pid: report_link(page, loaded, code) for pid, code in codes.items()}
    lines = [page.fmt.gettext("%(event)s: your personal link to report your games")
             % {"event": state.name}]
    for pid, player in state.players.items():
        if pid in links:
            named = f"{player.name}, {leagues[pid]}" if leagues.get(pid) else player.name
            lines.append(f"{named}: {links[pid]}")
    return page.render("manage/codes.html", event=state, codes=codes, leagues=leagues,
                       links=links, message="\n".join(lines), title="Player codes")


def report_link(page: Page, loaded: LoadedEvent, code: str) -> str:
    """A player's personal link: their report page with their code filled in (as the QR code
    of their slip)."""
    path = page.web.format(loaded.state.format).report_path
    return f"{public_base(page)}/e/{loaded.summary.slug}/{path}?{urlencode({'code': code})}"


def player_leagues(page: Page, loaded: LoadedEvent) -> dict[int, str]:
    """Each player's league as the page's language names it (the format's own name for it,
    else its division's stored name); none without leagues."""
    state = loaded.state
    game_report = loaded.ruleset.open_report()
    league = game_report.league if game_report else None
    if league is not None:
        named = {pid: page.fmt.label(league(state, pid)) for pid in state.players}
        return {pid: name for pid, name in named.items() if name}
    catalog = cast(Translator, page.fmt.catalog)
    return {pid: division_name(state.divisions[key].name, catalog)
            for pid, key in state.division_of.items() if key in state.divisions}


@router.get("/{slug}/queue", response_class=HTMLResponse)
def queue(page: OrganiserPage, slug: str) -> Response:
    return _queue_page(page, slug)


def _queue_page(page: Page, slug: str, status: int = 200, **extra: Any) -> Response:
    """The reports waiting: each with what it claims, what a dispute says, and the
    organiser's answers (accept, reject, replace with the correct result)."""
    loaded = page.web.events.load(slug)
    summarise, summary_template = report_summariser(loaded)
    return page.render("manage/queue.html", status=status, event=loaded.state,
                       reports=page.web.reports.reports(slug, open_only=True),
                       describe=report_describer(loaded), summarise=summarise,
                       summary_template=summary_template, correct=report_corrector(loaded),
                       title="Self-reports",
                       open_play=loaded.ruleset.open_report() is not None, **extra)


def report_describer(loaded: LoadedEvent) -> Any:
    """A self-report's entry as its format describes a result (its raw entry if it no longer
    scores: the round was paired again)."""
    state = loaded.state
    game_report = loaded.ruleset.open_report()
    if game_report is not None:  # an open-play format's game: its own line
        shown = game_report.describe

        def game_text(report: Any) -> str:
            try:
                return shown(state, report.entry) if shown else str(report.entry)
            except (KeyError, PodiumError):
                return str(report.entry)

        return game_text

    def text(report: Any) -> str:
        try:
            rnd = state.round(report.round)
            result = loaded.ruleset.score_entry(state, rnd, rnd.table(report.table), report.entry)
        except (KeyError, PodiumError):
            return str(report.entry)
        return describe(loaded, result)

    return text


def report_summariser(loaded: LoadedEvent) -> tuple[Any, str | None]:
    """What an open-play format's report claims as its compact block (None: the format has
    none, or the entry no longer reads) and the block's template (rule W7-19: every
    confirmer sees what they confirm)."""
    game_report = loaded.ruleset.open_report()
    hook = game_report.summary if game_report else None
    return (_report_hook(loaded, hook, lambda report: report.entry),
            game_report.summary_template if game_report else None)


def report_corrector(loaded: LoadedEvent) -> Any:
    """How the organiser replaces a report with the correct result (None: the format offers
    no replacement): its game's command, prefilled from the report's claim."""
    game_report = loaded.ruleset.open_report()
    hook = game_report.correction if game_report else None
    return _report_hook(loaded, hook,
                        lambda report: {**report.entry, "reporter": report.reporter})


def _report_hook(loaded: LoadedEvent, hook: Any, entry: Any) -> Any:
    """A format's hook on a report (``hook(state, entry(report))``), None where the format
    has none or the report's entry no longer reads against the event."""
    state = loaded.state

    def run(report: Any) -> Any:
        try:
            return hook(state, entry(report)) if hook else None
        except (KeyError, PodiumError):
            return None
    return run


@router.post("/{slug}/queue/{report}/replace", response_class=HTMLResponse)
def replace_report(page: OrganiserForm, slug: str, report: int, form: Fields) -> Response:
    """The organiser enters a disputed report's game as it really was (prefilled from the
    claim): the game is stored as the organiser's entry with the reason, then the report is
    rejected as replaced; a refusal of the entry stores nothing and keeps what was typed."""
    loaded = page.web.events.load(slug)
    found = next((r for r in page.web.reports.reports(slug, open_only=True)
                  if r.id == report), None)
    fix = report_corrector(loaded)(found) if found is not None else None
    if found is None or fix is None:
        raise NotFound("no self-report %(report_id)s in this event",
                       code=refusal_codes.REPORT_UNKNOWN, report_id=report)
    reporter = loaded.state.players[found.reporter].name
    typed = " ".join(form.get("reason", "").split())[:400]
    why = f"self-report {report} by {reporter} replaced" + (f": {typed}" if typed else "")
    fields = {**fix.fixed, "reason": why,
              **{name: form.get(name, "").strip() for name, _label, _value in fix.fields
                 if form.get(name, "").strip()}}
    try:
        page.run(fix.command, slug, fields)
    except PodiumError as error:
        return _queue_page(page, slug, status=status_of(error), error=page.message(error),
                           replace_error=report, typed=form)
    # the claim itself is rejected: the game's action above holds the replacement and why
    page.run("report.decide", slug, {"report": str(report), "accept": "no", "reason": typed})
    page.flash(page.fmt.gettext("Report replaced: the correct result is in."))
    return page.redirect(f"/manage/{slug}/queue")


@router.post("/{slug}/queue/{report}/{decision}", response_class=HTMLResponse)
def decide(page: OrganiserForm, slug: str, report: int, decision: str,
           reason: Reason = "") -> Response:
    if decision not in ("accept", "reject"):
        raise NotFound("no decision %(decision)r: accept or reject",
                       code=refusal_codes.REPORT_DECISION, decision=decision)
    page.run("report.decide", slug, {"report": str(report), "reason": reason,
                                     "accept": "yes" if decision == "accept" else "no"})
    page.flash(page.fmt.gettext("Decision saved."))
    return page.redirect(f"/manage/{slug}/queue")
