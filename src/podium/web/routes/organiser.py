"""Organiser pages: events, players, rounds, results, corrections, judges, log, print.

Every handler checks the login and the event role, then calls one service method with the
logged-in username as the actor. Forms are validated by the service (the same checks as the
CLI); an error re-renders with its message and nothing stored.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import HTMLResponse, Response

from podium.compose import web_format
from podium.core import phases
from podium.core.errors import NotFound, PodiumError
from podium.core.model import Round, Table
from podium.core.views import N_
from podium.formats import available, get_format
from podium.service.accounts import JUDGE, OWNER
from podium.service.events import LoadedEvent, check_slug
from podium.service.forms import player_names_from_csv
from podium.web.app import status_of
from podium.web.deps import Fields, Page, Uploads, form_page, page_dep
from podium.web.i18n import Formatter, Localised
from podium.web.logtext import describer, kind_titles
from podium.web.plugins import ActionForm, ActionPage
from podium.web.render import qr_svg

router = APIRouter(prefix="/manage", include_in_schema=False)

PageDep = Annotated[Page, Depends(page_dep)]
FormDep = Annotated[Page, Depends(form_page)]
Reason = Annotated[str, Form(max_length=500)]


def setting_text(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value))
    return "auto" if value is None else str(value)


def settings_form(format_name: str) -> list[dict[str, Any]]:
    """Each setting with the regulation's default, for the create form; ``options`` lists a
    choice's values (shown as a select; yes/no for a switch)."""
    from podium.formats import settings as fs

    ruleset = get_format(format_name)
    defaults = ruleset.settings_to_json(ruleset.parse_settings({}))
    rows = []
    for f in ruleset.fields:
        default = setting_text(defaults[f.key])
        options = getattr(f.parse, "options", None)
        if f.parse is fs.boolean:
            options, default = ("yes", "no"), "yes" if defaults[f.key] else "no"
        rows.append({"key": f.key, "help": f.help, "rule": f.rule, "default": default,
                     "options": options})
    return rows


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
    return page.render("manage/index.html", events=events, roles=roles, title="Manage")


@router.get("/new", response_class=HTMLResponse)
def new_event_form(page: PageDep, format: str = "commander") -> Response:
    page.require_login()
    if format not in available():
        format = available()[0]
    return page.render(
        "manage/new.html", formats=[(n, get_format(n)) for n in available()], chosen=format,
        fields=settings_form(format), values={}, title="New event",
    )


@router.post("/new", response_class=HTMLResponse)
def new_event(page: FormDep, form: Fields) -> Response:
    user = page.require_login()
    format_name = form.get("format", "")
    errors: dict[str, str] = {}
    try:
        fields = settings_form(format_name)
        raw = {f["key"]: form[f"set_{f['key']}"].strip() for f in fields
               if form.get(f"set_{f['key']}", "").strip() not in ("", f["default"])}
        errors = setting_errors(page, format_name, raw)
        seed_text = form.get("seed", "").strip()
        if seed_text and not seed_text.isdigit():
            errors["seed"] = page.fmt.gettext(
                "seed: a non-negative whole number, or empty for a random one")
        slug = form.get("slug", "").strip()
        try:
            check_slug(slug)
        except PodiumError as error:
            errors["slug"] = page.message(error)
        if errors:
            raise Localised(N_("Please check the fields marked below."))
        loaded = page.web.events.create_event(
            slug, form.get("name", "")[:200] or slug, format_name, raw, user.username,
            int(seed_text) if seed_text else None,
        )
        page.web.accounts.grant(loaded.summary.slug, user.username, OWNER, user.username)
    except PodiumError as error:
        chosen = format_name if format_name in available() else available()[0]
        if not errors and error.field:  # one refusal of the whole: next to its field
            name = error.field if error.field in ("slug", "name") else f"set_{error.field}"
            errors = {name: page.message(error)}
        return page.render(
            "manage/new.html", status=status_of(error),
            error=page.fmt.gettext("Please check the fields marked below.") if errors
            else page.message(error), errors=errors,
            formats=[(n, get_format(n)) for n in available()], chosen=chosen,
            fields=settings_form(chosen), values=form, title="New event",
        )
    return page.redirect(f"/manage/{loaded.summary.slug}")


# the event's page -----------------------------------------------------------------------------
def table_rows(loaded: LoadedEvent, rnd: Round) -> list[dict[str, Any]]:
    state = loaded.state
    plugin = web_format(state.format)
    rows = []
    for table in rnd.tables:
        result = rnd.results.get(table.number)
        rows.append({
            "table": table,
            "seats": [state.players[pid] for pid in table.seats],
            "result": result,
            "text": plugin.describe_result(state, result)
            if result is not None and plugin.describe_result else "",
        })
    return rows


def event_context(page: Page, slug: str) -> dict[str, Any]:
    loaded = page.web.events.load(slug)
    state = loaded.state
    rnd = state.current_round
    plugin = web_format(state.format)
    current = loaded.ruleset.settings_to_json(state.settings)
    return {
        "loaded": loaded,
        "event": state,
        "event_status": phases.status(state, loaded.ruleset),
        "warnings": loaded.ruleset.warnings(state),
        "role": page.role(slug),
        "plugin": plugin,
        "round": rnd,
        "rows": table_rows(loaded, rnd) if rnd else [],
        "queue": len(page.web.reports.reports(slug, open_only=True)),
        "settings": [
            {**f, "value": _shown_value(f, current.get(f["key"]))}
            for f in settings_form(state.format)
        ],
        "title": state.name,
    }


def _shown_value(field: dict[str, Any], value: Any) -> str:
    if field["options"] == ("yes", "no"):
        return "yes" if value else "no"
    return setting_text(value)


@router.get("/{slug}", response_class=HTMLResponse)
def event_page(page: PageDep, slug: str) -> Response:
    page.require_role(slug)
    return page.render("manage/event.html", **event_context(page, slug))


def _done(page: Page, slug: str, message: str) -> Response:
    page.flash(message)
    return page.redirect(f"/manage/{slug}")


def _failed(page: Page, slug: str, error: PodiumError, **extra: Any) -> Response:
    """The event's page again with the refusal: next to its field when the form shows that
    field (``extra`` carries what was typed), else at the top."""
    context = event_context(page, slug)
    shown = f"{extra.get('form_id', '')}:{error.field or ''}"
    if shown in _FIELDS_SHOWN:
        extra["errors"] = {shown: page.message(error)}
        return page.render("manage/event.html", status=status_of(error), **extra, **context)
    return page.render("manage/event.html", status=status_of(error), error=page.message(error),
                       **extra, **context)


# The form fields the event page shows a refusal next to (form id: field).
_FIELDS_SHOWN = {"players:names", "players:name", "undo:reason"}


@router.post("/{slug}/settings", response_class=HTMLResponse)
def change_settings(page: FormDep, slug: str, form: Fields) -> Response:
    """Change settings from the next round on (logged, with the reason)."""
    user = page.require_role(slug)
    loaded = page.web.events.load(slug)
    current = {k: setting_text(v) for k, v in
               loaded.ruleset.settings_to_json(loaded.state.settings).items()}
    fields = {f["key"]: f for f in settings_form(loaded.state.format)}
    for key, f in fields.items():  # a yes/no select sends yes/no: compare as the form shows
        if f["options"] == ("yes", "no"):
            current[key] = "yes" if current[key] in ("True", "true", "1") else "no"
    changes = {key: form[f"set_{key}"].strip() for key in current
               if f"set_{key}" in form and form[f"set_{key}"].strip() != current[key]}
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
        loaded = page.web.events.change_settings(slug, changes, user.username, reason)
    except PodiumError as error:
        return _failed(page, slug, error)
    if form.get("then") == "preview":  # switched from the round's preview: show it again
        page.flash(page.fmt.gettext("Settings changed."))
        return page.redirect(f"/manage/{slug}/preview")
    return _done(page, slug, page.fmt.gettext("Settings changed."))


# players --------------------------------------------------------------------------------------
@router.post("/{slug}/players", response_class=HTMLResponse)
def add_players(page: FormDep, slug: str,
                names: Annotated[str, Form(max_length=20_000)] = "") -> Response:
    user = page.require_role(slug)
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
        added = page.web.events.add_players(slug, lines, user.username)
    except PodiumError as error:
        return _failed(page, slug, error, form_id="players", typed={"names": names})
    return _done(page, slug, page.fmt.gettext("Players added: %(n)s") % {"n": len(added)})


@router.post("/{slug}/players/import", response_class=HTMLResponse)
def import_players(page: FormDep, slug: str, uploads: Uploads) -> Response:
    user = page.require_role(slug)
    upload = uploads.get("file")
    try:
        if upload is None:
            raise Localised(N_("file: choose a CSV file with a “name” column"))
        data = upload[1]
        if len(data) > page.web.max_upload:
            raise Localised(N_("file: the upload is larger than %(kb)s kB"),
                            kb=page.web.max_upload // 1000)
        added = page.web.events.add_players(slug, player_names_from_csv(data), user.username)
    except PodiumError as error:
        return _failed(page, slug, error)
    return _done(page, slug, page.fmt.gettext("Players imported: %(n)s") % {"n": len(added)})


@router.post("/{slug}/players/{player}/drop", response_class=HTMLResponse)
def drop_player(page: FormDep, slug: str, player: int, reason: Reason = "",
                disqualify: Annotated[str, Form(max_length=10)] = "") -> Response:
    user = page.require_role(slug)
    why = " ".join(reason.split())
    if disqualify:
        why = f"disqualified: {why}" if why else "disqualified"
    try:
        dropped = page.web.events.drop_player(slug, f"#{player}", user.username, why)
    except PodiumError as error:
        return _failed(page, slug, error)
    return _done(page, slug, page.fmt.gettext("%(name)s dropped.") % {"name": dropped.name})


@router.post("/{slug}/players/{player}/reinstate", response_class=HTMLResponse)
def reinstate_player(page: FormDep, slug: str, player: int, reason: Reason = "") -> Response:
    user = page.require_role(slug)
    try:
        back = page.web.events.reinstate_player(slug, f"#{player}", user.username, reason)
    except PodiumError as error:
        return _failed(page, slug, error)
    return _done(page, slug, page.fmt.gettext("%(name)s is back in.") % {"name": back.name})


# rounds ---------------------------------------------------------------------------------------
@router.get("/{slug}/preview", response_class=HTMLResponse)
def preview(page: PageDep, slug: str) -> Response:
    page.require_role(slug)
    try:
        state, explanation = page.web.events.preview_explained(slug)
    except PodiumError as error:
        return _failed(page, slug, error)
    loaded = page.web.events.load(slug)
    settings = loaded.ruleset.settings_to_json(state.settings)
    return page.render("manage/preview.html", event=state, explanation=explanation,
                       title="Preview", repeat_policy=settings.get("repeat_policy"),
                       warnings=loaded.ruleset.warnings(state))


@router.post("/{slug}/rounds", response_class=HTMLResponse)
def pair(page: FormDep, slug: str) -> Response:
    user = page.require_role(slug)
    try:
        _state, rnd = page.web.events.pair_round(slug, user.username)
    except PodiumError as error:
        return _failed(page, slug, error)
    return _done(page, slug, page.fmt.gettext("Round %(n)s paired.") % {"n": rnd.number})


@router.post("/{slug}/rounds/undo", response_class=HTMLResponse)
def undo(page: FormDep, slug: str, reason: Reason = "") -> Response:
    user = page.require_role(slug)
    try:
        number = page.web.events.undo_round(slug, user.username, reason)
    except PodiumError as error:
        return _failed(page, slug, error)
    return _done(page, slug, page.fmt.gettext("Round %(n)s undone.") % {"n": number})


# results --------------------------------------------------------------------------------------
def parse_entry(loaded: LoadedEvent, rnd: Round, table: Table,
                form: dict[str, str]) -> dict[str, Any]:
    plugin = web_format(loaded.state.format)
    if plugin.parse_result is None:
        raise Localised(N_("this format has no result form on the web"))
    return plugin.parse_result(form, loaded.state, rnd, table)


def _table_of(loaded: LoadedEvent, number: int | None, table: int) -> tuple[Round, Table]:
    state = loaded.state
    if state.current_round is None:
        raise NotFound("no round has been paired")
    try:
        rnd = state.round(number) if number is not None else state.current_round
        return rnd, rnd.table(table)
    except KeyError:
        raise NotFound(
            "no table %(table)s in round %(value)s",
            table=table, value=number or len(state.rounds)) from None


@router.post("/{slug}/results/{table}", response_class=HTMLResponse)
def enter_result(page: FormDep, slug: str, table: int, request: Request,
                 form: Fields) -> Response:
    user = page.require_role(slug)
    error = None
    try:
        loaded = page.web.events.load(slug)
        rnd, tab = _table_of(loaded, None, table)
        entry = parse_entry(loaded, rnd, tab, form)
        page.web.events.enter_result(slug, table, lambda _s: entry, user.username,
                                     round_number=rnd.number)
    except PodiumError as err:
        error = err
    if request.headers.get("hx-request"):
        context = event_context(page, slug)
        return page.render(
            "manage/_round.html", status=status_of(error) if error else 200,
            error=page.message(error) if error else None, error_table=table if error else None,
            last=form, **context,
        )
    if error is not None:
        return _failed(page, slug, error)
    return _done(page, slug, page.fmt.gettext("Table %(n)s saved.") % {"n": table})


@router.get("/{slug}/rounds/{number}/tables/{table}/correct", response_class=HTMLResponse)
def correction_form(page: PageDep, slug: str, number: int, table: int) -> Response:
    page.require_role(slug)
    loaded = page.web.events.load(slug)
    rnd, tab = _table_of(loaded, number, table)
    return page.render("manage/correct.html", **_correction_context(loaded, rnd, tab))


def _correction_context(loaded: LoadedEvent, rnd: Round, tab: Table) -> dict[str, Any]:
    state = loaded.state
    plugin = web_format(state.format)
    result = rnd.results.get(tab.number)
    return {
        "event": state, "round": rnd, "table": tab, "plugin": plugin,
        "seats": [state.players[p] for p in tab.seats], "result": result,
        "text": plugin.describe_result(state, result)
        if result and plugin.describe_result else "",
        "title": "Correct a result",
    }


@router.post("/{slug}/rounds/{number}/tables/{table}/correct", response_class=HTMLResponse)
def correct(page: FormDep, slug: str, number: int, table: int, form: Fields) -> Response:
    user = page.require_role(slug)
    loaded = page.web.events.load(slug)
    rnd, tab = _table_of(loaded, number, table)
    try:
        reason = " ".join(form.get("reason", "").split())[:500]
        if not reason:
            raise Localised(N_("reason: a correction needs a reason"))
        entry = parse_entry(loaded, rnd, tab, form)
        page.web.events.enter_result(slug, table, lambda _s: entry, user.username,
                                     round_number=number, correct=True, reason=reason)
    except PodiumError as error:
        return page.render("manage/correct.html", status=status_of(error),
                           error=page.message(error), last=form,
                           **_correction_context(loaded, rnd, tab))
    return _done(page, slug, page.fmt.gettext("Round %(r)s, table %(t)s corrected.")
                 % {"r": number, "t": table})


# log and print --------------------------------------------------------------------------------
@router.get("/{slug}/log", response_class=HTMLResponse)
def log(page: PageDep, slug: str) -> Response:
    page.require_role(slug)
    loaded = page.web.events.load(slug)
    return page.render("manage/log.html", event=loaded.state, describe=describer(page.lang),
                       kind_title=kind_titles(page.lang, loaded.ruleset),
                       actions=list(reversed(page.web.events.log(slug))), title="Log",
                       fmt=event_formatter(page, loaded), zone=event_zone(loaded))


def event_zone(loaded: LoadedEvent) -> str:
    """The time zone the event's pages show times in (its ``time_zone`` setting, else UTC)."""
    return str(getattr(loaded.state.settings, "time_zone", "UTC") or "UTC")


def event_formatter(page: Page, loaded: LoadedEvent) -> Formatter:
    return Formatter(page.lang, event_zone(loaded))


@router.get("/{slug}/print/{what}", response_class=HTMLResponse)
def printable(page: PageDep, slug: str, what: str) -> Response:
    page.require_role(slug)
    if what not in ("pairings", "slips", "codes"):
        raise NotFound(
            "no printable %(what)r: pairings, slips or codes",
            what=what)
    loaded = page.web.events.load(slug)
    rnd = loaded.state.current_round
    codes = page.web.reports.codes(slug) if what == "codes" else {}
    return page.render(f"print/{what}.html", event=loaded.state, round=rnd,
                       rows=table_rows(loaded, rnd) if rnd else [], codes=codes,
                       base_url=public_base(page), qr_of=qr_svg, title="Print")


def public_base(page: Page) -> str:
    """The address players reach the service at: the request's own (scheme, host, port)."""
    return str(page.request.base_url).rstrip("/")


# judges ---------------------------------------------------------------------------------------
@router.get("/{slug}/judges", response_class=HTMLResponse)
def judges(page: PageDep, slug: str) -> Response:
    page.require_role(slug)
    return page.render("manage/judges.html", slug=slug, grants=page.web.accounts.grants(slug),
                       role=page.role(slug), title="Judges")


@router.post("/{slug}/judges", response_class=HTMLResponse)
def invite_judge(page: FormDep, slug: str,
                 username: Annotated[str, Form(max_length=100)]) -> Response:
    user = page.require_role(slug, OWNER)
    try:
        if page.web.accounts.role_of(page.web.accounts.get_user(username), slug) == OWNER:
            raise Localised(N_("username: that user owns this event"))
        page.web.accounts.grant(slug, username, JUDGE, user.username)
    except PodiumError as error:
        return page.render("manage/judges.html", status=status_of(error), error=page.message(error),
                           slug=slug, grants=page.web.accounts.grants(slug), role=OWNER,
                           title="Judges")
    page.flash(page.fmt.gettext("%(name)s is a judge now.") % {"name": username})
    return page.redirect(f"/manage/{slug}/judges")


@router.post("/{slug}/judges/{username}/remove", response_class=HTMLResponse)
def remove_judge(page: FormDep, slug: str, username: str) -> Response:
    page.require_role(slug, OWNER)
    user = page.web.accounts.get_user(username)
    if page.web.accounts.role_of(user, slug) != JUDGE:
        raise NotFound(
            "%(username)s is not a judge of this event",
            username=username)
    page.web.accounts.revoke(slug, username)
    return page.redirect(f"/manage/{slug}/judges")


# self-report: codes and the queue -------------------------------------------------------------
@router.get("/{slug}/codes", response_class=HTMLResponse)
def codes(page: PageDep, slug: str) -> Response:
    page.require_role(slug)
    loaded = page.web.events.load(slug)
    return page.render("manage/codes.html", event=loaded.state,
                       codes=page.web.reports.codes(slug), title="Player codes")


@router.get("/{slug}/queue", response_class=HTMLResponse)
def queue(page: PageDep, slug: str) -> Response:
    page.require_role(slug)
    loaded = page.web.events.load(slug)
    return page.render("manage/queue.html", event=loaded.state,
                       reports=page.web.reports.reports(slug, open_only=True),
                       describe=_describer(loaded), title="Self-reports")


def _describer(loaded: LoadedEvent):
    state = loaded.state
    plugin = web_format(state.format)

    def describe(report: Any) -> str:
        try:
            rnd = state.round(report.round)
            result = loaded.ruleset.score_entry(state, rnd, rnd.table(report.table), report.entry)
        except (KeyError, PodiumError):
            return str(report.entry)
        return plugin.describe_result(state, result) if plugin.describe_result else ""

    return describe


@router.post("/{slug}/queue/{report}/{decision}", response_class=HTMLResponse)
def decide(page: FormDep, slug: str, report: int, decision: str, reason: Reason = "") -> Response:
    user = page.require_role(slug)
    if decision not in ("accept", "reject"):
        raise NotFound(
            "no decision %(decision)r: accept or reject",
            decision=decision)
    page.web.reports.decide(slug, report, decision == "accept", user.username, reason)
    page.flash(page.fmt.gettext("Decision saved."))
    return page.redirect(f"/manage/{slug}/queue")


# actions a format plug-in adds ----------------------------------------------------------------
@router.post("/{slug}/action/{key}", response_class=HTMLResponse)
def plugin_action(page: FormDep, slug: str, key: str, form: Fields,
                  uploads: Uploads) -> Response:
    user = page.require_role(slug)
    loaded = page.web.events.load(slug)
    action = next((a for a in web_format(loaded.state.format).organiser_actions
                   if a.key == key), None)
    if action is None:
        raise NotFound(
            "no action %(key)r for this event",
            key=key)
    try:
        fields = ActionForm(form)
        if action.upload:
            for name, (filename, data) in uploads.items():
                if len(data) > page.web.max_upload:
                    raise Localised(N_("file: the upload is larger than %(kb)s kB"),
                                    kb=page.web.max_upload // 1000)
                fields.files[name] = (filename, data)
        message = action.handle(page.web, slug, fields, user.username)
    except PodiumError as error:
        return _failed(page, slug, error)
    if isinstance(message, ActionPage):
        return page.render(message.template, event=loaded.state, loaded=loaded,
                           title=message.title, **message.context)
    return _done(page, slug, page.fmt.gettext(message))
