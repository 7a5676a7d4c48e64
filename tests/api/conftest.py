"""API fixtures: an event with an owner, a judge, a judge of another event and player codes."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from tests.web.conftest import Site, site  # noqa: F401 - the fixture is used here


@dataclass
class Scenario:
    site: Site
    tokens: dict[str, str] = field(default_factory=dict)

    def headers(self, who: str) -> dict[str, str]:
        token = self.tokens.get(who)
        return {"Authorization": f"Bearer {token}"} if token else {}


@pytest.fixture
def scenario(site: Site) -> Scenario:  # noqa: F811
    for name in ("owner", "judge", "other"):
        site.user(name)
    site.event("cup", "owner", final_size="0")  # Swiss, then a TOP (the TOP routes)
    site.accounts.grant("cup", "judge", "judge", "owner")
    site.event("side", "other", players=4)
    site.events.pair_round("cup", "owner")
    site.events.drop_player("cup", "#8", "owner", "left")  # to be reinstated
    codes = site.reports.codes("cup")
    seats = site.events.load("cup").state.current_round.table(1).seats
    side_codes = site.reports.codes("side")
    found = Scenario(site)
    for name in ("owner", "judge", "other"):
        found.tokens[name] = site.accounts.create_token(name)
    found.tokens["player"] = codes[seats[0]]
    found.tokens["player_elsewhere"] = side_codes[1]
    found.tokens["anonymous"] = ""
    found.seats = seats  # type: ignore[attr-defined]
    found.codes = codes  # type: ignore[attr-defined]
    return found
