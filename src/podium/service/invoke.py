"""Running a declared command (:class:`~podium.service.catalog.Invocation`) for a caller: the one
place that decodes its input, checks that it belongs to the event's format and that the
caller's role allows it, and runs it in one unit of work
(:meth:`podium.service.events.EventService.execute` calls :func:`invoke`).

The order is what a caller can learn: an unknown command or event first (404), then who is
asking (401, 403), then the fields (422, every bad field named at once), then the rules (409 or
422 from the command itself). Nothing is stored unless the command succeeds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from podium.core import codes
from podium.core.commands import (
    ACCOUNT,
    ANYONE,
    ORGANISER,
    OWNER,
    PLAYER,
    Call,
    Caller,
    CommandSpec,
    decode_input,
)
from podium.core.errors import Forbidden, InvalidInput, NotFound, Unauthorised
from podium.core.messages import Message
from podium.core.reads import ViewSpec
from podium.core.views import N_
from podium.service.catalog import Done, Invocation

if TYPE_CHECKING:
    from podium.service.events import EventService

JUDGE_ROLE, OWNER_ROLE = "judge", "owner"
_UNASKED: Any = object()  # authorise: the role not read yet


def invoke(service: EventService, invocation: Invocation, caller: Caller) -> Done:
    """Run ``invocation`` as ``caller``; the answer names the command, what it stored and
    what it says."""
    catalog = service.require_catalog()
    spec = catalog.find(invocation.name)
    offered_on(spec, invocation.surface)
    slug = invocation.slug or spec.fixed or None  # a fixed command's own event by default
    if spec.event:
        if not slug:
            raise InvalidInput(N_("name the event"), code=codes.INPUT_MISSING, field="event")
        # the event's row and the caller's role in it read in one transaction (each read
        # transaction of its own cost a write about 0.4 ms of CPU:)
        username = caller.username if spec.role in (ORGANISER, OWNER) and not caller.local \
            else None
        try:
            summary, role = service.summary_and_role(slug, username)
        except NotFound:
            if slug != spec.fixed:
                raise
            # its event not made yet (the register of persons): the command makes it, with
            # the caller's account its owner, so any organiser account may run it
            authorise(service, spec, None, caller)
        else:
            # who may run it first: a caller with no right to the event learns nothing of it,
            # its format included (an anonymous caller got "not for a commander event", not
            # 401)
            authorise(service, spec, slug, caller, role)
            catalog.check_format(spec, service.formats(summary.format), slug)
    else:
        authorise(service, spec, slug, caller)
    values = decode_input(spec, invocation.fields, invocation.source,
                          surface=invocation.surface)
    if not spec.event:
        slug = str(values.get("slug") or "")
    command = spec.make(Call(slug or "", values, caller, invocation.progress))
    outcome = service.run_command(command, caller.actor)
    value = outcome.value
    answer = spec.answer(value) if spec.answer is not None else {}
    if isinstance(answer, Mapping):
        answer = dict(answer)
    said = spec.said(value) if spec.said is not None else Message(spec.title)
    return Done(spec, outcome, answer, said, values)


def offered_on(spec: CommandSpec | ViewSpec[Any], surface: str) -> None:
    """Refuse a declaration asked for on a surface it is not served on, saying why."""
    if spec.on(surface):
        return
    why = Message(spec.not_on.get(surface, ""))
    if isinstance(spec, ViewSpec):
        raise NotFound(N_("%(command)s is not offered here: %(why)s"), code=codes.VIEW_SURFACE,
                       command=Message(spec.title), why=why)
    raise NotFound(N_("%(command)s is not offered here: %(why)s"), code=codes.COMMAND_SURFACE,
                   command=Message(spec.title), why=why)


def authorise(service: EventService, spec: CommandSpec | ViewSpec[Any], slug: str | None,
              caller: Caller, role_in_event: Any = _UNASKED) -> None:
    """The caller's role against the command's (:data:`podium.core.commands.ROLES`): the
    command line is the organiser of every event of its database; an account has the role its
    event grants; a player code runs player commands only. ``role_in_event``: the account's
    role in event ``slug`` when the caller has read it already."""
    role = spec.role
    if role == ANYONE:
        return
    if role == PLAYER:
        if caller.code:
            return
        if caller.username or caller.local:
            raise Forbidden(N_("self-report needs a player code, not an organiser's sign-in"),
                            code=codes.CODE_REQUIRED)
        raise Unauthorised(N_("this needs your player code"), code=codes.AUTH_REQUIRED)
    if caller.local:
        return
    if caller.username is None:
        if caller.code:
            raise Forbidden(N_("a player code can only report and confirm its own table's "
                               "result"), code=codes.ROLE_MISSING)
        raise Unauthorised(N_("this needs an organiser: sign in, or send an organiser token"),
                           code=codes.AUTH_REQUIRED)
    if role == ACCOUNT or slug is None:
        return
    allowed = (OWNER_ROLE,) if role == OWNER else (OWNER_ROLE, JUDGE_ROLE)
    if role_in_event is _UNASKED:
        role_in_event = service.role_of(caller.username, slug)
    if role_in_event not in allowed:
        raise Forbidden(N_("you are not %(roles)s of event %(slug)r"), code=codes.ROLE_MISSING,
                        roles=" or ".join(allowed), slug=slug)


def offered(service: EventService, spec: CommandSpec, slug: str, caller: Caller,
            state: Any) -> bool:
    """Whether a page offers ``spec`` to ``caller`` on event ``slug`` now: the role allows
    it and the command says it applies to the event as it stands."""
    try:
        authorise(service, spec, slug, caller)
    except (Forbidden, Unauthorised):
        return False
    return spec.visible(state)


__all__ = ["authorise", "invoke", "offered", "offered_on"]
