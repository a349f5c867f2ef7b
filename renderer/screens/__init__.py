"""Whole-window screens: the new game dialog and the end-of-game standings."""
