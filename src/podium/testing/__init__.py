"""The conformance kit, importable: what every format must do, checked through its declared
examples and declared commands on the real service, the command line, the API and the pages.
A format in its own package runs it in its own tests (the toy format in ``tests/conformance``
shows how). Needs the test extras (``pip install 'podium[test]'``).

- :mod:`podium.testing.kit`: :func:`~podium.testing.kit.digest` (everything a person can see
  of an event, comparable with ``==``) and :func:`~podium.testing.kit.tour` (an organiser's
  tour of a format: every action kind it declares is stored);
- :mod:`podium.testing.surfaces`: every declared command answers on every surface, the same
  input stores the same actions on each, any input is a structured refusal.
"""

from podium.testing.kit import ACTOR, digest, kinds_to_cover, refuses, tour
from podium.testing.surfaces import (
    Surfaces,
    any_input_is_a_structured_refusal,
    every_command_answers,
    every_view_answers,
    same_actions_on_every_surface,
)

__all__ = ["ACTOR", "Surfaces", "any_input_is_a_structured_refusal", "digest",
           "every_command_answers", "every_view_answers", "kinds_to_cover", "refuses",
           "same_actions_on_every_surface", "tour"]
