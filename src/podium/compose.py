"""The composition root: the CLI, the web pages and the API assembled from the registered formats.

Each format declares what it contributes (:class:`podium.core.ruleset.Contributions`, paths of
the form ``"module:attribute"``) and what it can do (:class:`podium.core.ruleset.Capabilities`).
This module is the only place that imports those contributions and decides, from the
capabilities, which shared parts a format gets: the round pages and self-report for
round-based play, the TOP's forms, page, commands and routes for a play-off. Adding a format
touches its own package only.
"""

from __future__ import annotations

import inspect
from dataclasses import replace
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from podium.core.ruleset import Ruleset
from podium.formats import all_formats, get_format

if TYPE_CHECKING:
    import click
    from fastapi import APIRouter

    from podium.web.plugins import WebFormat


def load(path: str) -> Any:
    """The object a ``"module:attribute"`` path names."""
    module, _, attribute = path.partition(":")
    return getattr(import_module(module), attribute)


# web -------------------------------------------------------------------------------------------
@cache
def web_format(name: str) -> WebFormat:
    """Format ``name``'s pages: its own web contribution plus the shared parts its capabilities
    bring (an unknown format gets the shared pages only)."""
    from podium.web.plugins import WebFormat

    ruleset = get_format(name)
    own = ruleset.contributions.web
    plugin: WebFormat = load(own) if own else WebFormat(name)
    pages, actions = plugin.public_pages, plugin.organiser_actions
    if ruleset.capabilities.playoff:
        from podium.web.top import TOP_ACTIONS, TOP_PAGE

        pages = (*pages, TOP_PAGE)
        actions = (*actions, *TOP_ACTIONS)
    return replace(plugin, name=name, rounds=ruleset.capabilities.rounds, public_pages=pages,
                   organiser_actions=actions)


def template_dirs() -> list[Path]:
    """Each format package's own ``templates/`` folder (its forms and pages), after the shared
    templates in the Jinja search path."""
    dirs = []
    for ruleset in all_formats():
        folder = Path(inspect.getfile(type(ruleset))).resolve().parent / "templates"
        if folder.is_dir():
            dirs.append(folder)
    return dirs


def web_routers() -> list[APIRouter]:
    """The page routers of the formats that bring their own pages."""
    routers = []
    for ruleset in all_formats():
        plugin = web_format(ruleset.name)
        if plugin.routes is not None:
            routers.append(plugin.routes)
    return routers


def forget_web_formats() -> None:
    """Drop the assembled pages (after a format is registered or removed in code)."""
    web_format.cache_clear()


def api_routers() -> list[APIRouter]:
    """The JSON API's routers: the shared one, the TOP's if a format has a play-off, and each
    format's own."""
    from podium.api.routes import router

    routers = [router]
    formats = all_formats()
    if any(f.capabilities.playoff for f in formats):
        from podium.api.top import router as top_router

        routers.append(top_router)
    routers.extend(load(f.contributions.api) for f in formats if f.contributions.api)
    return routers


# command line ----------------------------------------------------------------------------------
def attach_cli(cli: click.Group, demo: click.Group) -> None:
    """Add each format's commands and demo, the TOP's commands if a format has a play-off, and
    the web server's commands to the root group."""
    from podium.cli import serve

    formats = all_formats()
    if any(f.capabilities.playoff for f in formats):
        from podium.cli.top import top

        cli.add_command(top)
    for ruleset in formats:
        for command in _commands(ruleset, "cli"):
            _add(cli, command, ruleset)
        for command in _commands(ruleset, "demo"):
            _add(demo, command, ruleset)
    serve.register(cli)


def _commands(ruleset: Ruleset, what: str) -> list[click.Command]:
    path = ruleset.contributions.cli if what == "cli" else ruleset.contributions.demo
    if not path:
        return []
    found = load(path)
    return list(found) if isinstance(found, list | tuple) else [found]


def _add(group: click.Group, command: click.Command, ruleset: Ruleset) -> None:
    if command.name in group.commands:
        raise RuntimeError(f"format {ruleset.name!r} adds the command {command.name!r}, "
                           f"which `podium {group.name}` already has")
    group.add_command(command)
