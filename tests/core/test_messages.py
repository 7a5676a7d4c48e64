"""A refusal whose params are messages renders them in the reader's language: cleaning its echo
of lone surrogates (a JSON body may carry one) keeps a message a message."""

from __future__ import annotations

from podium.core.errors import Conflict
from podium.core.messages import Message
from podium.i18n import translate


def test_a_message_param_of_a_refusal_is_translated() -> None:
    error = Conflict("“%(command)s” is not for %(slug)s, a %(format)s event", code="x",
                     command=Message("Pair the next round"), slug="mj\ud800",
                     format="mahjong-marathon")
    assert isinstance(error.params["command"], Message)
    text = translate(error.as_message(), "ru")
    assert "Pair the next round" not in text and "\ud800" not in text
    assert "mj\ufffd" in text
