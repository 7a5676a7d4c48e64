"""Message ids of the marathon that reach the pages as data, marked here so that ``pybabel
extract`` puts them in the catalog (docs/i18n.md): the names of its forms' fields, which a
refusal shown in Russian starts with (:func:`podium.web.i18n.localise` reads them in the context
``log field``). A game typed in seat by seat names each seat (rule MJ-3)."""

from podium.core.messages import Mp

FIELDS = (
    Mp("log field", "id"), Mp("log field", "zone"), Mp("log field", "file"),
    Mp("log field", "player1"), Mp("log field", "player2"), Mp("log field", "player3"),
    Mp("log field", "player4"), Mp("log field", "gp1"), Mp("log field", "gp2"),
    Mp("log field", "gp3"), Mp("log field", "gp4"),
)
#: The ``fractional_points`` setting's values as a page shows them (rule MJ-3).
SETTING_VALUES = (Mp("setting value", "skip"), Mp("setting value", "accept"))
