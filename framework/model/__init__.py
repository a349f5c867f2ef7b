"""Typed, frozen definitions of a title: what the loader builds from the YAML files."""

from railyard.framework.model.values import PhaseValue

__all__ = ["PhaseValue"]
