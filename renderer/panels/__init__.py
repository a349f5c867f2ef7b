"""Side panels: players, companies, stock market, train depot, log and status line.

Each panel module has ``draw(surface, rect, game, ...)``: it reads display rows from
:mod:`renderer.view` and draws them inside ``rect``; none of them decides anything.
"""
