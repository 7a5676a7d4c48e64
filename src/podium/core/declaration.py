"""What every declaration shares, importing nothing heavy: a command's and a view's fields and
surfaces (:class:`Fields`), and the decoded fields of a call read by key (:class:`Values`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from podium.core.commands import Param
    from podium.core.model import EventState


class Values:
    """The decoded fields of a call (a command's, a view's, a demo's), read by key: ``get``
    gives the default for a field left out."""

    values: Mapping[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def get(self, key: str, default: Any = None) -> Any:
        value = self.values.get(key)
        return default if value is None else value


class Fields:
    """What a command and a view share: their name, their fields and where they are served
    and offered (the dataclasses that use it declare the attributes)."""

    name: str
    cli: str
    params: tuple[Param, ...]
    surfaces: tuple[str, ...]
    shown: Callable[[EventState], bool] | None

    @property
    def command_name(self) -> str:
        """Its name in a format's command-line group: the name's last part."""
        return self.cli or self.name.rpartition(".")[2]

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)

    def on(self, surface: str) -> bool:
        return surface in self.surfaces

    def visible(self, state: EventState) -> bool:
        return self.shown is None or bool(self.shown(state))

    def params_on(self, surface: str) -> tuple[Param, ...]:
        return tuple(p for p in self.params if surface in p.surfaces)


__all__ = ["Fields", "Values"]
