"""Words of the register that reach people without a call site babel can see (the format's
title, read from a class attribute)."""

from podium.core.views import N_

MSGIDS = (N_("Persons and ratings across events"),)
