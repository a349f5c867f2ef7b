"""Conformance against the reference engine: bot games of ours, refereed action by action.

``railyard conformance`` plays bot games, sends each of our actions (translated to the site's
action format) to the reference engine and compares both states after every action. The
pieces: :mod:`.oracle` finds the reference engine, :mod:`.referee` talks to it,
:mod:`.snapshot` states our position in the referee's shape, :mod:`.compare` lists the
differences, :mod:`.play` referees one game, :mod:`.reproducer` and :mod:`.corpus` write what a
game showed, :mod:`.run` runs many games and :mod:`.summary` counts them.
"""
