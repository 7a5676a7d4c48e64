"""``/manage/{slug}/do/{name}``: every declared command as an organiser's form.

The form is the command's own template when it has one (:attr:`CommandSpec.template`, which
draws its own ``<form>`` posting here), else one generated from its fields: each field's label
and help in the page's language, its control by its input (a text, a number, a choice, a check
box, a file), and after a refusal every bad field's message next to it with what was typed
kept. The post runs the command through the service as the signed-in organiser
(:meth:`podium.web.deps.Page.run`); its sentence is the next page's flash. A preview answers
with a page of its own (``manage/answer.html``, or the command's ``<template>_answer``).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import HTMLResponse, Response
from starlette.datastructures import UploadFile

from podium.core import codes
from podium.core.commands import WEB, CommandSpec, InvalidFields
from podium.core.errors import NotFound, PodiumError
from podium.core.inputs import File, Upload, refuse
from podium.core.messages import Message
from podium.core.model import EventState
from podium.core.views import N_, TableView
from podium.http import status_of
from podium.web.deps import OrganiserPage, Page, form_page
from podium.web.widgets import candidates, collect, widget_fields

router = APIRouter(prefix="/manage", include_in_schema=False)
FormDep = Annotated[Page, Depends(form_page)]


def spec_of(page: Page, slug: str, name: str) -> CommandSpec:
    """The command, if the event's format has it and it is offered on the pages."""
    catalog = page.web.catalog
    spec = catalog.find(name)
    catalog.check_format(spec, catalog.formats[page.web.events.summary(slug).format], slug)
    if not spec.on(WEB):
        raise NotFound("%(command)s has no form", code=codes.COMMAND_SURFACE,
                       command=Message(spec.title))
    return spec


#: Widgets that show what to pick or where to type each item: a hint on how to type it as
#: text (``NAME=VALUE``, "names comma-separated") would only mislead.
PICKED = frozenset({"player", "pick", "chips", "names", "pairs", "pairs-rows", "order",
                    "order-rows", "matches", "playoffs", "datetime", "date", "radio", "select",
                    "settings", "slots"})


def field_rows(spec: CommandSpec, typed: dict[str, Any], errors: dict[str, str],
               state: EventState | None = None, pool: EventState | None = None
               ) -> list[dict[str, Any]]:
    """What the generated form shows of each field: its widget by its input (players picked
    from the event's list, an order tapped, a value per player, :mod:`podium.web.widgets`)
    filled with what was typed. A field prefilled from the event (the version the page shows,
    :data:`podium.core.commands.EXPECT`) holds the event as it is now, whatever was typed: a
    form refused as stale comes back carrying what the refusal showed, so sending it again is
    a decision made on the current state."""
    # A series has no players of its own: a field that says whom it offers (a play-off's,
    # a survival match's) offers its last member's, by name; the others take typed names
    # (newcomers are nobody's players yet).
    pooled = candidates(pool, by_name=True) if pool is not None else []
    everyone = [] if pool is not None else candidates(state)
    players = pool if pool is not None else state
    rows = []
    for param in spec.params_on(WEB):
        inp = param.input
        offered, narrowed = everyone, False
        if param.offers is not None and players is not None:
            only = param.offers(players, typed)
            if only is not None:  # in the order given (a pod's seats)
                by_key = {c.key: c for c in (pooled if pool is not None else everyone)}
                keys = ([players.players[p].name for p in only if p in players.players]
                        if pool is not None else [f"#{pid}" for pid in only])
                offered = [by_key[key] for key in keys if key in by_key]
                narrowed = True
        value = typed.get(param.name)
        if param.prefill is not None and state is not None:
            value = inp.to_text(param.prefill(state))
        if value is None and param.default not in (None, False):
            value = inp.to_text(param.default)
        widget = widget_fields(param, value, offered, narrowed)
        picked = widget["kind"] in PICKED
        rows.append({"name": param.name, "label": param.label or param.help or param.name,
                     # a picked field's help says how to type it on the command line
                     "help": param.help if param.label and not picked else "",
                     "hint": "" if picked else inp.hint(),
                     "widget": widget["kind"], "w": widget, "choices": inp.choices(),
                     "required": param.required, "value": value or "",
                     # a choice with a default has no "none" to pick
                     "optional": not param.required and param.default in (None, ""),
                     "accept": getattr(inp, "accept", ""), "error": errors.get(param.name),
                     "more": param.more, "filled": _filled(value)})
    return rows


def member_pool(page: Page, loaded: Any) -> EventState | None:
    """The players a series' forms offer: its last member's (a year's last season: its
    play-offs, survival battles and Legendary League), None for any other event."""
    if not loaded.ruleset.capabilities.series or loaded.state.players:
        return None
    from podium.core.series import book_of

    members = book_of(loaded.state).members
    if not members:
        return None
    try:
        return page.web.events.load(members[-1].event).state
    except NotFound:  # a member deleted since
        return None


def _filled(value: Any) -> bool:
    """Whether a field holds something typed (a list of empty rows does not)."""
    texts = [value] if isinstance(value, str) else list(value or ())
    return any(isinstance(t, str) and t.strip() for t in texts)


def render_form(page: Page, slug: str, spec: CommandSpec, status: int = 200,
                typed: dict[str, Any] | None = None, errors: dict[str, str] | None = None,
                error: str | None = None) -> Response:
    loaded = page.web.events.load(slug)
    return page.render("manage/command.html", status=status, event=loaded.state, loaded=loaded,
                       round=loaded.state.current_round,
                       spec=spec, rows=field_rows(spec, typed or {}, errors or {},
                                                  loaded.state, member_pool(page, loaded)),
                       typed=typed or {}, errors=errors or {}, error=error,
                       plugin=page.web.format(loaded.state.format), title=spec.title)


@router.get("/{slug}/do/{name}", response_class=HTMLResponse)
def command_form(page: OrganiserPage, slug: str, name: str) -> Response:
    """The command's form; fields named in the address come filled in (a table's link to
    correct its turn order gives the table)."""
    spec = spec_of(page, slug, name)
    typed = {key: value for key, value in page.request.query_params.items()
             if spec.param(key) is not None and len(value) <= 200}
    return render_form(page, slug, spec, typed=typed)


def _fields(spec: CommandSpec, form: Any) -> dict[str, Any]:
    """A form's fields for the command: texts (several for a repeated field), files as
    uploads, and the parts of a widget (a value per player, places of an order, rows of
    names) read back into the field's text (:func:`podium.web.widgets.collect`)."""
    fields: dict[str, Any] = {}
    for param in spec.params_on(WEB):
        values = form.getlist(param.name)
        if isinstance(param.input, File):
            found = next((v for v in values if isinstance(v, UploadFile)), None)
            carried = form.get(f"{param.name}.text")
            if found is not None:
                fields[param.name] = found
            elif isinstance(carried, str) and carried:  # a preview's file, saved from it
                filename = form.get(f"{param.name}.filename")
                fields[param.name] = Upload(filename if isinstance(filename, str) and filename
                                            else "upload", carried.encode("utf-8"))
            continue
        texts = [v for v in values if isinstance(v, str)] + collect(param, form)
        if texts:
            fields[param.name] = texts if len(texts) > 1 else texts[0]
    return fields


async def read_fields(page: Page, spec: CommandSpec) -> dict[str, Any]:
    """The form's fields; a file is read up to the upload limit and refused past it (never
    cut: a cut file would store part of what it holds)."""
    form = await page.request.form()
    fields = _fields(spec, form)
    for key, value in list(fields.items()):
        if isinstance(value, UploadFile):
            # the upload as spooled by the form's parser (on disk past 1 MB), passed on as a
            # stream: an import parses it as it reads it, never holding it whole
            size = value.size if value.size is not None else _size(value)
            if size > page.web.max_upload:
                raise refuse(key, N_("the file is larger than %(kb)s kB"), codes.INPUT_FILE,
                             kb=page.web.max_upload // 1000)
            await value.seek(0)
            fields[key] = Upload(value.filename or "upload", stream=value.file, size=size)
    return fields


def _size(upload: UploadFile) -> int:
    """Bytes of a spooled upload that does not say its size."""
    upload.file.seek(0, 2)
    size = upload.file.tell()
    upload.file.seek(0)
    return size


@router.post("/{slug}/do/{name}", response_class=HTMLResponse)
async def run_command(page: FormDep, slug: str, name: str) -> Response:
    from starlette.concurrency import run_in_threadpool

    spec = await run_in_threadpool(spec_of, page, slug, name)
    fields: dict[str, Any] = {}
    typed: dict[str, Any] = {}
    try:
        fields = await read_fields(page, spec)
        typed = {k: v for k, v in fields.items() if isinstance(v, str | list)}
        done = await run_in_threadpool(page.run, name, slug, fields)
    except PodiumError as error:
        field = (error.field or "").split("[")[0].split(".")[0]
        if status_of(error) in (401, 403) or (status_of(error) == 404
                                              and spec.param(field) is None):
            raise  # who is asking, or what: the error page, not the form again
        errors = field_errors(page, error)
        shown = {k: v for k, v in errors.items() if spec.param(k) is not None}
        for key, text in getattr(error, "suggest", {}).items():  # what it asks for, to finish
            if spec.param(key) is not None and not typed.get(key):
                typed[key] = text
        return await run_in_threadpool(
            render_form, page, slug, spec, status_of(error), typed, shown,
            None if shown else page.message(error))
    said = done.said.render(page.fmt.catalog) if hasattr(done.said, "render") else str(done.said)
    if done.preview:
        template = (spec.template.replace(".html", "_answer.html") if spec.template
                    else "manage/answer.html")
        loaded = done.outcome.loaded
        # the tables it would store, as the command line prints them (``show``)
        tables = [v for v in spec.show(done.value) if isinstance(v, TableView)] \
            if spec.show is not None else []
        return page.render(template, event=loaded.state, loaded=loaded, spec=spec, done=done,
                           values=done.values, said=said, title=spec.title, shown=tables,
                           save=saved_from_preview(spec, fields, typed))
    page.flash(said)
    if not done.outcome.actions and not await run_in_threadpool(_exists, page, slug):
        return page.redirect("/manage")  # the command deleted the event
    then = (await page.request.form()).get("then")
    target = f"/manage/{slug}" + (f"#{then}" if isinstance(then, str) and then.isidentifier()
                                  else "")
    return page.redirect(target)


def saved_from_preview(spec: CommandSpec, fields: dict[str, Any], typed: dict[str, Any]
                       ) -> dict[str, Any] | None:
    """What a preview's "Save" button posts again: the fields as typed, without ``preview``,
    each file as its text (a browser cannot send an upload again), and a field the command
    stores by when it was left empty (the next season's id); None when the command has no
    preview switch to leave out."""
    if spec.param("preview") is None:
        return None
    files = {}
    for key, value in fields.items():
        if isinstance(value, Upload):
            try:
                if value.stream is not None:
                    value.stream.seek(0)
                data = value.stream.read() if value.stream is not None else value.data
                files[key] = {"name": value.name, "text": data.decode("utf-8")}
            except (OSError, ValueError):  # closed, or not text: chosen again on the form
                return None
    texts = [(key, item) for key, value in typed.items() if key != "preview"
             for item in ([value] if isinstance(value, str) else value)]
    missing = [p for p in spec.params_on(WEB) if p.argument and p.name not in typed
               and p.name not in files and not isinstance(p.input, File)]
    return {"typed": texts, "files": files, "missing": missing}


def _exists(page: Page, slug: str) -> bool:
    try:
        page.web.events.summary(slug)
    except NotFound:
        return False
    return True


def field_errors(page: Page, error: PodiumError, prefix: str = "") -> dict[str, str]:
    """A refusal's messages by field (every field of :class:`InvalidFields`)."""
    problems = error.problems if isinstance(error, InvalidFields) else [error]
    out: dict[str, str] = {}
    for problem in problems:
        key = (problem.field or "").split("[")[0].split(".")[0]
        out.setdefault(f"{prefix}{key}", page.message(problem))
    return out


__all__ = ["router"]
