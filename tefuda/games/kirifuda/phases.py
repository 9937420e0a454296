"""The round (ラウンド): ドロー → セット → 切り札 → オープン → (バトル) → エンド.

Unless a phase says otherwise, the first player (ファーストプレイヤー) acts before the second (セカンド
プレイヤー), each doing the phase's steps in turn (rulebook, ゲームの流れ).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tefuda.core import FACE_UP, Action
from tefuda.core.fields import Seat

from .cards import ALL_ATTRS, ATTACKER, SET_ATTACKER_POW, TRUMP_ATTACKER, TRUMP_SUPPORT
from .draw import draw_to
from .phase_ids import (
    DONE,
    DRAW,
    NO_REVEAL,
    NO_TRUMP,
    OPEN_SUPPORT_ACTS,
    PASS,
    REVEAL_ACT,
    SET_ATTACKER,
    SET_SUPPORT,
    SUPPORT_OPEN,
    TRUMP_ATTACKER_ACT,
    TRUMP_PHASE,
    TRUMP_SUPPORT_ACTS,
)
from .rules import rules
from .zones import ATTACKER_SLOT, DECK, DISCARD, HAND, NZ, REVEAL, SUPPORT_1, SUPPORT_2, SUPPORT_SLOTS, TRUMP

if TYPE_CHECKING:
    from .state import KirifudaState


# ---------------------------------------------------------------------- ドローフェイズ
def begin_draw_phase(s: KirifudaState) -> None:
    """An empty deck at the draw is our decision (RULES.md): lose (default) or reshuffle the discards."""

    if s.game.options["deck_out"] == "reshuffle":
        for p in (s.first, s.second):
            if not s.z(p, DECK) and s.z(p, DISCARD):
                for inst in list(s.z(p, DISCARD)):
                    s.move(inst, p * NZ + DECK)
                s.shuffle(p * NZ + DECK)
                s.emit("reshuffle", p)
    else:
        out = [p for p in (s.first, s.second) if not s.z(p, DECK)]
        if len(out) == 2:
            s.finish(None, "both_deck_out")
            return
        if out:
            s.finish(1 - out[0], "deck_out")
            return
    s.phase = DRAW
    _draw_for(s, s.first)


def _draw_for(s: KirifudaState, p: int) -> None:
    """①: draw one card and look at it; then the player declares whether to show it (a decision)."""
    if draw_to(s, p, HAND) < 0:  # only with deck_out = reshuffle and nothing to reshuffle
        s.emit("no_draw", p)
        _after_draw(s, p)
        return
    s.decide(p, "draw", "apply_draw")


@rules.offer("draw")
def draw_actions(s: KirifudaState) -> list[Action]:
    return [REVEAL_ACT, NO_REVEAL] if s.zones[s.to_move * NZ + DECK] else [NO_REVEAL]


@rules.rule()
def apply_draw(s: KirifudaState, action: Action) -> None:
    """②: shown (公開): the drawn card and one more from the deck, both face up, then both to hand."""
    p = s.to_move
    if action.kind == "reveal":
        hand = s.z(p, HAND)
        drawn = hand[-1]
        s.move(drawn, p * NZ + REVEAL, face_up=True)
        s.emit("reveal_card", p, drawn)
        second = draw_to(s, p, REVEAL, face_up=True)
        for inst in (drawn, second):
            s.move(inst, p * NZ + HAND)
        s.emit("revealed_draw", p)
    else:
        s.emit("kept_draw", p)
    _after_draw(s, p)


def _after_draw(s: KirifudaState, p: int) -> None:
    if p == s.first:
        _draw_for(s, s.second)
    else:
        begin_set_phase(s)


# ---------------------------------------------------------------------- セットフェイズ
@rules.rule()
def begin_set_phase(s: KirifudaState) -> None:

    s.phase = SET_ATTACKER
    _attacker_turn(s, s.first)


def _attacker_turn(s: KirifudaState, p: int) -> None:
    """A player with an empty hand has nothing to set (public: hand sizes are open)."""
    if s.z(p, HAND):
        s.decide(p, "set_attacker", "apply_set")
        return
    s.emit("no_attacker_set", p)
    _after_attacker(s, p)


def _after_attacker(s: KirifudaState, p: int) -> None:

    if p == s.first:
        _attacker_turn(s, s.second)
    else:
        s.phase = SET_SUPPORT
        _support_turn(s, s.first)


@rules.offer("set_attacker")
def set_attacker_actions(s: KirifudaState) -> list[Action]:
    acts = s.game.set_attacker_acts
    return [acts[c] for c in s.hand_cards(s.to_move)]


@rules.offer("set_support")
def set_support_offer(s: KirifudaState) -> list[Action]:
    return set_support_actions(s, s.to_move)


def set_support_actions(s: KirifudaState, p: int) -> list[Action]:
    """Set into the first empty support slot; overwrite (上書き) an occupied one once per game; or done."""
    hand = s.hand_cards(p)
    if not hand:
        return [DONE]
    g = s.game
    zones = s.zones
    slot1, slot2 = zones[p * NZ + SUPPORT_1], zones[p * NZ + SUPPORT_2]
    out: list[Action] = []
    if not slot1 or not slot2:
        acts = g.set_support_acts
        out.extend(acts[c] for c in hand)
    if not s.overwrite_used[p]:
        for k, slot in enumerate((slot1, slot2)):
            if slot:
                acts = g.overwrite_acts[k]
                out.extend(acts[c] for c in hand)
    out.append(DONE)
    return out


def _support_turn(s: KirifudaState, p: int) -> None:
    """Skipped only when 'done' is the one thing the player could do — all of it public facts."""
    if len(set_support_actions(s, p)) > 1:
        s.decide(p, "set_support", "apply_set")
        return
    s.to_move = p
    s.emit("support_set_done", p)
    _after_support(s, p)


def _after_support(s: KirifudaState, p: int) -> None:
    if p == s.first:
        _support_turn(s, s.second)
    else:
        begin_trump_phase(s)


@rules.rule()
def apply_set(s: KirifudaState, action: Action) -> None:

    p = s.to_move
    kind = action.kind
    if kind == "set-attacker":
        s.move(s.hand_instance(p, action.a), p * NZ + ATTACKER_SLOT)
        s.emit("set", p, slot=p * NZ + ATTACKER_SLOT)
        _after_attacker(s, p)
        return
    assert s.phase != SET_ATTACKER
    if kind == "set-support":
        k = next(k for k, zk in enumerate(SUPPORT_SLOTS) if not s.zones[p * NZ + zk])
        s.move(s.hand_instance(p, action.a), p * NZ + SUPPORT_SLOTS[k])
        s.emit("set", p, slot=p * NZ + SUPPORT_SLOTS[k])
    elif kind == "overwrite":
        zk = SUPPORT_SLOTS[action.a]
        old = s.zones[p * NZ + zk][0]
        s.move(s.hand_instance(p, action.b), p * NZ + zk)
        s.overwrite_used[p] = True
        if s.game.options["overwrite_to"] == "hand":
            s.move(old, p * NZ + HAND)
            s.emit("overwrite", p, slot=p * NZ + zk, to=p * NZ + HAND)
        else:
            s.move(old, p * NZ + DISCARD, face_up=True)
            s.emit("overwrite", p, old, slot=p * NZ + zk, to=p * NZ + DISCARD)
    else:  # done
        s.emit("support_set_done", p)
        _after_support(s, p)
        return
    # the same player keeps setting until they say done (or nothing else is possible)
    if len(set_support_actions(s, p)) == 1:
        s.emit("support_set_done", p)
        _after_support(s, p)
    else:
        s.decide(p, "set_support", "apply_set")


# ---------------------------------------------------------------------- 切り札フェイズ
def begin_trump_phase(s: KirifudaState) -> None:

    s.phase = TRUMP_PHASE
    _trump_turn(s, s.first)


def _trump_turn(s: KirifudaState, p: int) -> None:
    """A player who has used their trump (once per game, one of the two) has nothing to declare."""
    if not s.trump_used[p] and s.z(p, TRUMP):
        s.decide(p, "trump", "apply_trump")
        return
    _after_trump(s, p)


@rules.offer("trump")
def trump_offer(s: KirifudaState) -> list[Action]:
    return trump_actions(s, s.to_move)


def trump_actions(s: KirifudaState, p: int) -> list[Action]:
    """切り札を使うかどうか: no trump, or a trump card that is in the player's 切り札置き場 (a trump deck
    may lack a kind): the 切り札アタッカー for the attacker slot, the 切り札サポート for either support
    slot."""
    kinds = {s.ctype(i) for i in s.z(p, TRUMP)}
    out = [NO_TRUMP]
    if TRUMP_ATTACKER in kinds:
        out.append(TRUMP_ATTACKER_ACT)
    if TRUMP_SUPPORT in kinds:
        out.extend(TRUMP_SUPPORT_ACTS)
    return out


def _after_trump(s: KirifudaState, p: int) -> None:
    if p == s.first:
        _trump_turn(s, s.second)
    else:
        begin_open_phase(s)


@rules.rule()
def apply_trump(s: KirifudaState, action: Action) -> None:
    """The displaced set card goes face down to the bottom of the deck; the trump is set in its place."""
    p = s.to_move
    if action.kind == "no-trump":
        s.emit("no_trump", p)
        _after_trump(s, p)
        return
    want = TRUMP_ATTACKER if action.kind == "trump-attacker" else TRUMP_SUPPORT
    trump = next(i for i in s.z(p, TRUMP) if s.ctype(i) == want)
    zk = ATTACKER_SLOT if want == TRUMP_ATTACKER else SUPPORT_SLOTS[action.a]
    slot = s.zones[p * NZ + zk]
    if slot:
        s.move(slot[0], p * NZ + DECK)
    s.move(trump, p * NZ + zk)
    s.trump_used[p] = True
    s.emit("trump", p, slot=p * NZ + zk)
    _after_trump(s, p)


# ---------------------------------------------------------------------- オープンフェイズ
def begin_open_phase(s: KirifudaState) -> None:
    """Attacker open (アタッカーオープン): both at once; then 【オープン】 effects, first player first."""
    tb = s.game.tables
    for p in (s.first, s.second):
        slot = s.z(p, ATTACKER_SLOT)
        if not slot:
            s.pow[p] = -1
            s.attr[p] = 0
            s.emit("no_attacker", p)
            continue
        inst = slot[0]
        c = s.cards[inst]
        if tb.ctype[c] in (ATTACKER, TRUMP_ATTACKER):
            s.turn_face_up(inst)
            s.pow[p] = tb.pow[c]
            s.attr[p] = tb.attrs[c]
            s.emit("open_attacker", p, inst, pow=tb.pow[c])
        else:  # a support in the attacker slot opens as a セットアタッカー, still face down
            s.flags[inst] |= 2
            s.pow[p] = SET_ATTACKER_POW
            s.attr[p] = ALL_ATTRS
            s.emit("set_attacker", p, pow=SET_ATTACKER_POW)
    todo: list[tuple] = []
    for p in (s.first, s.second):
        slot = s.z(p, ATTACKER_SLOT)
        if slot and s.flags[slot[0]] & FACE_UP and tb.effects[s.cards[slot[0]]]:
            todo.append(("open_card", p, slot[0]))
    s.then(*todo, ("support_window", s.first))


@rules.rule(Seat())
def support_window(s: KirifudaState, p: int) -> None:
    begin_support_window(s, p)


def begin_support_window(s: KirifudaState, p: int) -> None:
    """サポートオープン: players alternate, first player first, opening one support each or passing,
    until both pass in a row or neither has a set card left."""

    s.phase = SUPPORT_OPEN
    while True:
        if s.passes >= 2 or (not s.face_down_supports(0) and not s.face_down_supports(1)):
            s.push("battle")
            return
        if s.face_down_supports(p):
            s.decide(p, "support_open", "apply_support_open")
            return
        # no set card at all (public): the player cannot use a support; this counts as not using one
        s.emit("support_pass", p)
        s.passes += 1
        p = 1 - p


@rules.offer("support_open")
def support_open_actions(s: KirifudaState) -> list[Action]:
    return [*(OPEN_SUPPORT_ACTS[k] for k in s.openable_supports(s.to_move)), PASS]


@rules.rule()
def apply_support_open(s: KirifudaState, action: Action) -> None:
    p = s.to_move
    if action.kind == "pass":
        s.emit("support_pass", p)
        s.passes += 1
        begin_support_window(s, 1 - p)
        return
    s.passes = 0
    inst = s.z(p, SUPPORT_SLOTS[action.a])[0]
    s.turn_face_up(inst)
    s.emit("open_support", p, inst, slot=p * NZ + SUPPORT_SLOTS[action.a])
    s.then(("open_card", p, inst), ("support_window", 1 - p))


# ---------------------------------------------------------------------- エンドフェイズ
@rules.rule()
def end_phase(s: KirifudaState) -> None:
    """Face-up cards go to the discard pile; set (face-down) cards stay, except a set 切り札サポート.
    A セットアタッカー counts as open, so it is discarded too (our reading, RULES.md)."""
    tb = s.game.tables
    for p in (s.first, s.second):
        for zk in (ATTACKER_SLOT, *SUPPORT_SLOTS):
            z = s.zones[p * NZ + zk]
            if not z:
                continue
            inst = z[0]
            if s.flags[inst] & (FACE_UP | 2) or tb.ctype[s.cards[inst]] == TRUMP_SUPPORT:
                s.flags[inst] &= ~2
                s.move(inst, p * NZ + DISCARD, face_up=True)
                s.emit("discard", p, inst)
        s.pow[p] = -1
        s.attr[p] = 0
        s.protect[p] = False
        s.guard[p] = False
    assert not s.z(0, REVEAL) and not s.z(1, REVEAL)
    s.round += 1
    s.passes = 0
    s.emit("round", round=s.round)
    begin_draw_phase(s)
