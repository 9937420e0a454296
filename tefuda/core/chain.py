"""Chains and stacks (チェーン / スタック): activated effects waiting to resolve, with priority windows.

Two styles, the two the rulebooks use:

- ``EACH`` (ヨネス's 割り込み): activating opens a response window above the current one, next seat first;
  when that window closes (every seat passed in a row, the activator too) the *top* item resolves, and the
  window below goes on where it was.
- ``CHAIN`` (黒白物語's チェーン): activating adds a link and hands priority on; activating counts as the
  activator's pass (例2: 《ならず》の起動効果 resolves as soon as the opponent passes). When every seat has
  passed in a row, the *whole* chain resolves, newest link first (逆順処理).

Items are plain :class:`Link` values: who activated what (a card instance and the index of its ability),
the targets chosen on activation, and whether it was negated (無効). Costs are paid before :func:`activate`
(on activation); effects happen when a link resolves. Effects that do not chain (召喚ルール効果, 永続効果)
never come here.

Everything is kept in two plain lists of the state: ``windows`` and ``links``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from .fields import Bool, Inst, Int, Named, Seat, Seq
from .priority import Window, window_from

EACH: Final = "each"
CHAIN: Final = "chain"


class Link(NamedTuple):
    """One activated effect: its controller, the card (instance) and ability index, its targets (instances)
    and whether it has been negated."""

    seat: int
    source: int
    ability: int
    targets: tuple[int, ...] = ()
    negated: bool = False


LINK: Final = Named(Link, Seat(), Inst(none=True), Int(0), Seq(Inst(), tuple), Bool())
LINKS: Final = Seq(LINK)
WINDOW: Final = Named(Window, Seq(Seat(), tuple), Int(0), Int(0))
WINDOWS: Final = Seq(WINDOW)


def open_window(windows: list[Window], links: list[Link], order: Sequence[int], first: int) -> None:
    """A phase's priority window over the seats ``order`` (cyclic), ``first`` to act (its turn player)."""
    if windows or links:
        raise ValueError("a priority window is already open")
    windows.append(window_from(order, first))


def holder(windows: list[Window]) -> int:
    """The seat that has priority (優先権) now."""
    return windows[-1].seat


def activate(windows: list[Window], links: list[Link], link: Link, style: str) -> None:
    """The holder activates ``link`` (its cost already paid): it goes on the chain and priority moves on."""
    top = windows[-1]
    links.append(link)
    if style == EACH:
        windows[-1] = top.acted()
        windows.append(Window(top.order, (top.pos + 1) % len(top.order), 0))
    else:
        # the activator hands priority over; that counts as its pass (例2)
        windows[-1] = Window(top.order, (top.pos + 1) % len(top.order), 1)


def hand_to(windows: list[Window], order: Sequence[int], seat: int) -> None:
    """Priority goes to ``seat`` with one pass counted for the seat before it: what activating does, for
    a hand-over with no link of its own (an attack declared, a triggered effect whose controller did not
    hold priority, a window reopened over a chain that grew meanwhile). Opens the window if none is."""
    order = tuple(order)
    window = Window(order, order.index(seat), 1)
    if windows:
        windows[-1] = window
    else:
        windows.append(window)


def pass_priority(windows: list[Window], links: list[Link], style: str) -> str:
    """The holder passes. Returns what happens:

    - ``"continue"``: the next seat has priority;
    - ``"resolve"``: everyone passed in a row over a non-empty chain. EACH: the top link must resolve now
      (:func:`pop_link`), then the window below goes on. CHAIN: the whole chain resolves, newest link first
      — pop and resolve links until none is left (a resolving link may still negate the ones below it),
      then the game opens a new window (usually for its turn player);
    - ``"closed"``: everyone passed with nothing on the chain — the phase's window is over.
    """
    nxt = windows[-1].passed()
    if nxt is not None:
        windows[-1] = nxt
        return "continue"
    windows.pop()
    return "resolve" if links else "closed"


def pop_link(links: list[Link]) -> Link:
    """The newest link leaves the chain to resolve."""
    return links.pop()


def negate(links: list[Link], k: int) -> None:
    """Negate link ``k`` (0 = the oldest): it stays on the chain but does nothing when it resolves."""
    links[k] = links[k]._replace(negated=True)


def can_respond(links: list[Link], speed: int, speeds: Sequence[int]) -> bool:
    """Spell speed (スペルスピード): something of ``speed`` may be chained only onto a link whose speed is not
    higher (``speeds`` are the links' speeds, oldest first). An empty chain takes anything."""
    return not links or speed >= speeds[-1]
