"""A format's settings as a form shows them: each with its help, rule, default and choices.
Used by the new-event form, the event's settings and a generated form's settings field
(:mod:`podium.web.widgets`)."""

from __future__ import annotations

from typing import Any

from podium.formats import get_format


def setting_text(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value))
    return "auto" if value is None else str(value)


def settings_form(format_name: str) -> list[dict[str, Any]]:
    """Each setting with the regulation's default, for the create form; ``options`` lists a
    choice's values (shown as a select; yes/no for a switch). A format's presentation may
    word a setting or list its choices its own way (:class:`podium.core.demos.Presentation`);
    else the field's help and its parser's choices."""
    from podium.formats import settings as fs

    ruleset = get_format(format_name)
    shown = ruleset.presentation
    defaults = ruleset.settings_to_json(ruleset.parse_settings({}))
    rows = []
    for f in ruleset.fields:
        default = setting_text(defaults[f.key])
        options = shown.setting_choices.get(f.key) or getattr(f.parse, "options", None)
        if f.parse is fs.boolean:
            options, default = ("yes", "no"), "yes" if defaults[f.key] else "no"
        schema = getattr(f.parse, "schema", None) or {}
        listed = tuple((schema.get("items") or {}).get("enum") or ()) if schema.get(
            "type") == "array" else ()
        rows.append({"key": f.key, "help": shown.setting_help.get(f.key) or f.help,
                     "rule": f.rule, "default": default, "options": options,
                     "listed": listed})
    return rows


__all__ = ["setting_text", "settings_form"]
