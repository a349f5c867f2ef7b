"""Operating-round options: the title's ``setup.operating_round`` (framework/model/setup.py
holds the defaults, the common 18xx rules; a variant's overlay changes them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railyard.framework.model.setup import OperatingRoundRules

if TYPE_CHECKING:
    from railyard.framework.eighteen.context import Context

#: the options as the rule modules read them (one object: the title's data)
OperatingOptions = OperatingRoundRules


def options(rules: Context) -> OperatingRoundRules:
    return rules.spec.setup.operating_round
