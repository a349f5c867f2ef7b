"""The ids the 18xx.games engine gives the pieces it picks itself, kept in step with our game.

The site names every share certificate (``KO_3``), tile copy (``57-2``) and train (``3-1``)
an action moves, and checks that the named piece is where the action says. Our engine has no
such names, so these ledgers replay the site's own bookkeeping from our moves: which copy
its tile supply hands out next, which certificate a purchase takes, which certificates change
hands when a presidency changes (the site swaps specific certificates).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from railyard.framework.eighteen.state import IPO, POOL


class ShareLedger:
    """Each site certificate's holder, and each holder's certificates in the order it got
    them (the order the site takes them in when it moves "the first" of someone's shares)."""

    def __init__(self, companies: dict[str, list[tuple[str, int, bool]]]) -> None:
        # company -> [(site share id, percent, president)], in the site's numbering
        self.certs: dict[str, dict[str, tuple[int, bool]]] = {}
        self.held: dict[str, dict[str, list[str]]] = {}  # company -> holder -> share ids
        for company, certs in companies.items():
            self.certs[company] = {sid: (pct, pres) for sid, pct, pres in certs}
            self.held[company] = {IPO: [sid for sid, _, _ in certs]}

    def _list(self, company: str, holder: str) -> list[str]:
        return self.held[company].setdefault(holder, [])

    def holder_of(self, company: str, share: str) -> str:
        return next(h for h, ids in self.held[company].items() if share in ids)

    def president_share(self, company: str) -> str:
        return next(s for s, (_, pres) in self.certs[company].items() if pres)

    def share_percent(self, company: str) -> int:
        normal = [pct for pct, pres in self.certs[company].values() if not pres]
        return min(normal) if normal else 100

    def percent_of(self, company: str, holder: str) -> int:
        return sum(self.certs[company][s][0] for s in self.held[company].get(holder, ()))

    def move(self, company: str, share: str, to: str) -> None:
        self._list(company, self.holder_of(company, share)).remove(share)
        self._list(company, to).append(share)

    def reconcile(self, company: str, ours: dict[str, int]) -> None:
        """Move certificates so each holder has the percent our engine gives it (``ours``):
        what our moves carried out without a site action of their own (a share that comes
        with a private, a forced exchange). A holder with too much hands over its largest
        certificate that fits (a private that comes with a president's certificate gives
        that one), ordinary before the president's, first got first."""
        for _ in range(len(self.certs[company])):
            mine = {h: self.percent_of(company, h) for h in self.held[company]}
            over = [h for h in mine if mine[h] > ours.get(h, 0)]
            under = [h for h, pct in ours.items() if pct > mine.get(h, 0)]
            if not over or not under:
                return
            giver, taker = over[0], under[0]
            need = ours[taker] - mine.get(taker, 0)
            spare = mine[giver] - ours.get(giver, 0)
            shares = sorted(self._list(company, giver),
                            key=lambda s: (-self.certs[company][s][0], self.certs[company][s][1]))
            fitting = [s for s in shares if self.certs[company][s][0] <= min(need, spare)]
            if not fitting:
                return
            self.move(company, fitting[0], taker)

    # ------------------------------------------------------------------ picking
    def pick_buy(self, company: str, source: str) -> list[str]:
        """The certificate a purchase takes: the first non-president one of the source (the
        president's certificate when the company is parred)."""
        holder = IPO if source == "ipo" else POOL
        normal = [s for s in self._list(company, holder) if not self.certs[company][s][1]]
        if not normal:
            raise ValueError(f"no share of {company} in the site's {holder}")
        return [normal[0]]

    def pick_sale(self, company: str, seller: str, percent: int) -> list[str]:
        """The certificates a sale of ``percent`` names: the seller's, smallest and
        non-president first (the site's bundles), until the percent is reached; a sale that
        needs the president's certificate names it whole (a partial bundle)."""
        owned = list(self._list(company, seller))
        owned.sort(key=lambda s: (1 if self.certs[company][s][1] else 0, self.certs[company][s][0]))
        out: list[str] = []
        total = 0
        for share in owned:
            if total >= percent:
                break
            out.append(share)
            total += self.certs[company][share][0]
        if total < percent:
            raise ValueError(f"{seller} holds {total}% of {company} in the site's ledger, sells {percent}%")
        return out

    # ------------------------------------------------------------------ moves
    def sell(self, company: str, seller: str, shares: list[str], percent: int, president: str | None) -> None:
        """A sale to the pool, then the presidency change the site makes (``president``: the
        director our engine names afterwards)."""
        previous = self.president_of(company)
        for share in shares:
            self.move(company, share, POOL)
        pres = self.president_share(company)
        partial = sum(self.certs[company][s][0] for s in shares) - percent
        if president is None or president == previous:
            return
        if pres in shares:  # the president's certificate went to the pool with the sale
            swap_to = previous if self.percent_of(company, previous) >= self.certs[company][pres][0] else POOL
        else:
            swap_to = previous
        self._change_president(company, president, swap_to)
        if partial > 0:
            for _ in range(partial // self.share_percent(company)):
                self.move(company, self._list(company, POOL)[0], seller)

    def president_of(self, company: str) -> str:
        return self.holder_of(company, self.president_share(company))

    def gain(self, company: str, buyer: str, shares: list[str], president: str | None) -> None:
        """A purchase, then the presidency change the site makes."""
        previous = self.president_of(company)
        for share in shares:
            self.move(company, share, buyer)
        if president is None or president == previous or previous in (IPO, POOL):
            return
        self._change_president(company, president, previous)

    def _change_president(self, company: str, president: str, swap_to: str) -> None:
        pres = self.president_share(company)
        count = self.certs[company][pres][0] // self.share_percent(company)
        for share in list(self._list(company, president))[:count]:
            self.move(company, share, swap_to)
        self.move(company, pres, president)


class TileLedger:
    """The site's tile supply: each name's copies in the order it hands them out (the first
    unused; a copy taken up by an upgrade goes back at the end)."""

    def __init__(self, counts: dict[str, int]) -> None:
        self.free: dict[str, deque[int]] = {name: deque(range(n)) for name, n in counts.items()}
        self.on_hex: dict[str, str] = {}  # hex -> site tile id laid there

    def lay(self, name: str, coord: str) -> str:
        free = self.free.setdefault(name, deque())
        if not free:
            raise ValueError(f"no copy of tile {name} left in the site's supply")
        tile = f"{name}-{free.popleft()}"
        old = self.on_hex.get(coord)
        if old is not None:
            old_name, _, index = old.rpartition("-")
            self.free.setdefault(old_name, deque()).append(int(index))
        self.on_hex[coord] = tile
        return tile


class TrainLedger:
    """Site train ids (``<name>-<n>``, numbered per name in depot order) of our trains."""

    def __init__(self, state: Any, site_name: Any) -> None:
        self.ids: dict[str, str] = {}
        self.counts: dict[str, int] = {}
        self.state = state
        self.site_name = site_name
        for stack in state.depot.stacks.values():
            for train in stack:
                self._number(train)

    def _number(self, train: str) -> str:
        name = self.site_name(self.state.trains[train].name)
        index = self.counts.get(name, 0)
        self.counts[name] = index + 1
        self.ids[train] = f"{name}-{index}"
        return self.ids[train]

    def site(self, train: str, state: Any = None) -> str:
        """A train made after the set-up (an unlimited kind) is numbered when first seen."""
        if train not in self.ids:
            if state is not None:
                self.state = state
            return self._number(train)
        return self.ids[train]
