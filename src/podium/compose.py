"""The composition root: the command line and the web application assembled from the
registered formats, imported by the entry points only (``podium.cli.main``,
``podium.web.serve``, and tests standing in for them).

It builds the catalog of declared commands and views once
(:class:`podium.service.catalog.Catalog`) and hands it to the command line's root and to the
application, which serve every declaration of every format (its commands, views, demos and
presentation) with no code of the format's own. Adding a format touches its own package only.
"""

from __future__ import annotations

import inspect
from dataclasses import replace
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from podium.core.ruleset import Ruleset
from podium.formats import all_formats, get_format
from podium.service.catalog import Catalog

if TYPE_CHECKING:
    import click
    from fastapi import FastAPI

    from podium.store.db import Database
    from podium.web.plugins import WebFormat, WebParts


def load(path: str) -> Any:
    """The object a ``"module:attribute"`` path names."""
    module, _, attribute = path.partition(":")
    return getattr(import_module(module), attribute)


def build_catalog(names: tuple[str, ...] | None = None, commands_later: bool = False
                  ) -> Catalog:
    """Every declared command of the registered formats (or of those ``names``, imported
    alone) and of the kernel (``commands_later``: the commands read when first asked for,
    :class:`Catalog`)."""
    return Catalog(all_formats() if names is None else [get_format(n) for n in names],
                   commands_later=commands_later)


# web -------------------------------------------------------------------------------------------
def web_format(ruleset: Ruleset, catalog: Catalog | None = None) -> WebFormat:
    """A format's pages, from its presentation and its tab views, plus the shared parts its
    capabilities bring (the TOP's bracket page for a play-off)."""
    from podium.web.plugins import PublicPage, WebFormat

    shown = ruleset.presentation
    plugin = WebFormat(
        ruleset.name, phone_columns=shown.phone_columns, player_page=shown.player_page,
        result_legend=shown.result_legend, report_path=shown.report_path,
        home_path=shown.home_path)
    # the format's views listed as tabs (served by the page adapter of views)
    tabs = tuple(PublicPage(view.command_name, view.title, view.template or "", shown=view.shown,
                            tabs=view.tabs)
                 for view in (catalog.views_by(ruleset.name) if catalog is not None else ())
                 if view.tab or view.tabs is not None)
    if shown.moved:  # old addresses of its pages, now views: redirects
        from podium.web.routes.moved import moved_router

        plugin = replace(plugin, routes=moved_router(shown.moved))
    pages = (*plugin.public_pages, *tabs)
    if ruleset.capabilities.playoff:
        from podium.web.top import TOP_PAGE

        pages = (*pages, TOP_PAGE)
    return replace(plugin, name=ruleset.name, rounds=ruleset.capabilities.rounds,
                   reports=ruleset.capabilities.self_report, public_pages=pages)


def template_dirs() -> list[Path]:
    """Each format package's own ``templates/`` folder (its forms and pages), after the shared
    templates in the Jinja search path."""
    dirs = []
    for ruleset in all_formats():
        folder = Path(inspect.getfile(type(ruleset))).resolve().parent / "templates"
        if folder.is_dir():
            dirs.append(folder)
    return dirs


def web_parts(catalog: Catalog | None = None) -> WebParts:
    """What the application is made of: the catalog, each format's pages (and the redirects
    of their old addresses), and their templates."""
    from podium.web.plugins import WebParts

    formats = all_formats()
    catalog = catalog or build_catalog()
    plugins = {ruleset.name: web_format(ruleset, catalog) for ruleset in formats}
    routers = [plugin.routes for plugin in plugins.values() if plugin.routes is not None]
    return WebParts(catalog, plugins, tuple(routers), tuple(template_dirs()))


def web_app(db: Database | str, **options: Any) -> FastAPI:
    """The web application over ``db`` (``options``: those of
    :func:`podium.app.create_app`), composed from the registered formats."""
    from podium.app import create_app

    return create_app(db, web_parts(options.pop("catalog", None)), **options)


# command line ----------------------------------------------------------------------------------
def attach_cli(cli: click.Group, demo: click.Group, catalog: Catalog) -> None:
    """Each format's group (its declared commands and views, and those of the kernel its
    capabilities bring) under its name and aliases, its demos, the kernel's commands where
    people look for them, the TOP's reading commands, ``serve`` and ``user``."""
    from podium.cli import declared, serve
    from podium.cli.views import click_demo

    formats = all_formats()
    if any(f.capabilities.playoff for f in formats):
        from podium.cli.top import top

        cli.add_command(top)
    serve.register(cli)
    for ruleset in formats:
        group = declared.format_group(catalog, ruleset.name, ruleset.title)
        _add(cli, group, ruleset)
        for alias in aliases_of(ruleset):  # the short name (``sw``)
            if alias not in cli.commands:
                cli.add_command(group, alias)
        for spec in ruleset.demos():
            _add(demo, click_demo(spec), ruleset)
    declared.attach(cli, catalog)


def attach_one(cli: click.Group, catalog: Catalog, format_name: str, name: str) -> None:
    """Top-level command ``name`` of the one format of ``catalog`` as :func:`attach_cli` makes
    it: the format's group (under ``name``, its name or an alias), or the shared place ``name``
    of its declared commands and views (``podium games``). Only for a name no other format and
    not the kernel adds (:func:`podium.cli.lazy.owner`), so it is the same command as when
    every format is loaded."""
    from podium.cli import declared

    ruleset = catalog.formats[format_name]
    if name == ruleset.name or name in aliases_of(ruleset):
        cli.add_command(declared.format_group(catalog, ruleset.name, ruleset.title), name)
        return
    declared.attach_shared(cli, [s for s in catalog.declared_by(format_name)
                                 if declared.top_place(s) == name])
    declared.attach_shared_views(cli, [v for v in catalog.views_by(format_name)
                                       if declared.top_place(v) == name])


def aliases_of(ruleset: Ruleset) -> tuple[str, ...]:
    """The other names of a format's group, as its package declares them
    (:class:`podium.core.command_line.CommandLine`: ``sw`` for ``seven-wonders``)."""
    from podium.core.command_line import CommandLine

    package = type(ruleset).__module__.rpartition(".")[0]
    try:
        line = getattr(import_module(package), "COMMAND_LINE", None) if package else None
    except ImportError:
        return ()
    return line.aliases if isinstance(line, CommandLine) else ()


def _add(group: click.Group, command: click.Command, ruleset: Ruleset) -> None:
    if command.name in group.commands:
        raise RuntimeError(f"format {ruleset.name!r} adds the command {command.name!r}, "
                           f"which `podium {group.name}` already has")
    group.add_command(command)


__all__ = ["attach_cli", "attach_one", "build_catalog", "get_format", "load", "web_app",
           "web_parts"]
