"""Rule W7-4: sign-ups typed on the page instead of a file: one row a player, in sign-up order,
with the site rating and the premium account (rules W7-5, W7-13, W7-14 use both).

As text (the command line, what a page's rows are read back into): one player a line, ``NAME,
RATING, premium`` (the rating and the word optional: ``Anna, 1800, premium``; ``Boris``). In
JSON: ``[{"name": "Anna", "rating": 1800, "premium": true}, ...]``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from podium.core.errors import InvalidInput
from podium.core.inputs import Input, clean
from podium.core.views import N_
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.year import SignUp

#: The words that mark a premium account (rule W7-5), as typed in either language.
PREMIUM = frozenset({"premium", "yes", "1", "true", "премиум", "да"})
MAX_SIGNUPS = 500


def _refused(line: int, field: str) -> InvalidInput:
    return InvalidInput(N_("sign-up %(line)s: a name, then a whole rating, then “premium” "
                           "or nothing"), code=codes.YEAR_SIGNUPS_TYPED, field=field, line=line)


class SignUpRows(Input):
    """Sign-ups in order as rows: name, site rating, premium account."""

    widget: ClassVar[str] = "signups"

    def from_text(self, text: str, field: str) -> tuple[SignUp, ...]:
        lines = [line for line in clean(text, field, 100_000, multiline=True).splitlines()
                 if line.strip()]
        return self._checked([self._row(line, number, field)
                              for number, line in enumerate(lines, start=1)], field)

    def from_texts(self, texts: Any, field: str) -> tuple[SignUp, ...]:
        return self.from_text("\n".join(texts), field)

    @staticmethod
    def _row(line: str, number: int, field: str) -> SignUp:
        name, *rest = [part.strip() for part in line.split(",")]
        rating = rest[0] if rest else ""
        flag = rest[1].casefold() if len(rest) > 1 else ""
        if (not name or len(rest) > 2 or (rating and not rating.isdigit()) or len(rating) > 9
                or (flag and flag not in PREMIUM)):
            raise _refused(number, field)
        return SignUp(" ".join(name.split()), int(rating or 0), bool(flag))

    def from_json(self, value: Any, field: str) -> tuple[SignUp, ...]:
        if isinstance(value, str):
            return self.from_text(value, field)
        if not isinstance(value, list):
            raise _refused(1, field)
        out = []
        for number, item in enumerate(value[:MAX_SIGNUPS + 1], start=1):
            name = item.get("name") if isinstance(item, dict) else None
            rating = item.get("rating", 0) if isinstance(item, dict) else None
            premium = item.get("premium", False) if isinstance(item, dict) else None
            if (not isinstance(name, str) or not name.strip() or not isinstance(rating, int)
                    or isinstance(rating, bool) or not 0 <= rating < 10**9
                    or not isinstance(premium, bool)):
                raise _refused(number, field)
            out.append(SignUp(" ".join(clean(name, field, 200).split()), rating, premium))
        return self._checked(out, field)

    @staticmethod
    def _checked(out: list[SignUp], field: str) -> tuple[SignUp, ...]:
        if len(out) > MAX_SIGNUPS:
            raise InvalidInput(N_("at most %(n)s sign-ups"), code=codes.YEAR_SIGNUPS_TYPED,
                               field=field, n=MAX_SIGNUPS)
        return tuple(out)

    def to_text(self, value: Any) -> str:
        return "\n".join(f"{s.name}, {s.rating}" + (", premium" if s.premium else "")
                         for s in value or ())

    def schema(self) -> dict[str, Any]:
        return {"type": "array", "maxItems": MAX_SIGNUPS, "items": {
            "type": "object", "required": ["name"], "additionalProperties": False,
            "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 200},
                           "rating": {"type": "integer", "minimum": 0},
                           "premium": {"type": "boolean"}}}}


__all__ = ["SignUpRows"]
