"""Widgets, dialogs and the mapping from legal actions to things to click."""
