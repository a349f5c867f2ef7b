"""Variant ``18xx_games``: the rules as the 18xx.games site plays them, where it departs from
the second-edition rulebook (RULES.md, "Variant 18xx_games", quotes each rule). It exists to
replay games recorded there (framework/importers). variants/18xx_games.yaml sets what data
can say (the token cost's distance and steps, for one) and the named options (setup.yaml
``options``) that make the hooks call these."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.eighteen.state import Certificate, G18State

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context


def counts_toward_certificate_limit(rules: Context, state: G18State, cert: Certificate) -> bool:
    """XIII: the site leaves the mountain railways out of the certificate limit."""
    return state.companies[cert.company].kind != "private"
