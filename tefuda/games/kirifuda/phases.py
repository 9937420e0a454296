"""The round (ラウンド): ドロー → セット → 切り札 → オープン → (バトル) → エンド.

Unless a phase says otherwise, the first player (ファーストプレイヤー) acts before the second (セカンド
プレイヤー), each doing the phase's steps in turn (rulebook, ゲームの流れ).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tefuda.core import FACE_UP, Action
from tefuda.core.fields import Int, Seat

from .cards import ALL_ATTRS, ATTACKER, MAIN, SET_ATTACKER_POW, TRUMP_ATTACKER, TRUMP_SUPPORT
from .draw import draw_to
from .phase_ids import (
    ATTACKER_OPEN,
    DECLARE_SET_ATTACKER,
    DONE,
    DRAW,
    KEEP_SET,
    NO_REVEAL,
    NO_TRUMP,
    OPEN_SUPPORT_ACTS,
    PASS,
    REVEAL_ACT,
    SET_ATTACKER,
    SET_ATTACKER_FLAG,
    SET_SUPPORT,
    SUPPORT_OPEN,
    TRUMP_ATTACKER_ACT,
    TRUMP_PHASE,
    TRUMP_SUPPORT_ACTS,
    UNOPENED_FLAG,
    USE_TRUMP,
)
from .rules import rules
from .zones import ATTACKER_SLOT, DECK, DISCARD, HAND, NZ, REVEAL, SUPPORT_1, SUPPORT_2, SUPPORT_SLOTS, TRUMP

if TYPE_CHECKING:
    from .state import KirifudaState


# ---------------------------------------------------------------------- ドローフェイズ
def begin_draw_phase(s: KirifudaState) -> None:
    """An empty deck at the draw is our decision (RULES.md): lose (default) or reshuffle the discards — the
    main deck's cards among them: a used 切り札 stays in the discard pile (it was never a main deck card)."""

    if s.game.options["deck_out"] == "reshuffle":
        for p in (s.first, s.second):
            if s.z(p, DECK):
                continue
            back = [i for i in s.z(p, DISCARD) if s.cls[i] == MAIN]
            if not back:
                continue
            for inst in back:
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
        s.emit("revealed_draw", p)  # the line that says what happens, then the cards it shows
        hand = s.z(p, HAND)
        drawn = hand[-1]
        s.move(drawn, p * NZ + REVEAL, face_up=True)
        s.emit("reveal_card", p, drawn)
        second = draw_to(s, p, REVEAL, face_up=True)
        for inst in (drawn, second):
            s.move(inst, p * NZ + HAND)
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
    """①「手札から戦わせたいアタッカーを1枚選んで、「アタッカー置き場」に裏向きで置きます」 — mandatory (② has
    only 「セットしました。」). A player with an empty hand has nothing to set; a slot still holding a support
    left set (not declared a セットアタッカー) can only be overwritten (上書き, once per game) — all public
    facts."""
    acts = attacker_set_actions(s, p)
    if acts:
        s.decide(p, "set_attacker", "apply_set")
        s.offer_legal(acts)  # listed to know whether to ask: not listed twice
        return
    s.emit("no_attacker_set" if not s.z(p, ATTACKER_SLOT) else "attacker_slot_taken", p)
    _after_attacker(s, p)


def _after_attacker(s: KirifudaState, p: int) -> None:

    if p == s.first:
        _attacker_turn(s, s.second)
    else:
        s.phase = SET_SUPPORT
        _support_turn(s, s.first)


def attacker_set_actions(s: KirifudaState, p: int) -> list[Action]:
    """Any hand card into the empty attacker slot; into a slot still holding a set card, only an overwrite
    (「すでにセットカードが置かれている場所に、新たに自分のカードを置くこと」…「はできません。ただし、
    各プレイヤー1ゲーム中1回に限り」) or nothing (``done``)."""
    hand = s.hand_cards(p)
    if not hand:
        return []
    g = s.game
    if not s.z(p, ATTACKER_SLOT):
        acts = g.set_attacker_acts
        return [acts[c] for c in hand]
    if s.overwrite_used[p]:
        return []
    acts = g.overwrite_attacker_acts
    return [*(acts[c] for c in hand), DONE]


@rules.offer("set_attacker")
def set_attacker_actions(s: KirifudaState) -> list[Action]:
    return attacker_set_actions(s, s.to_move)


@rules.offer("set_support")
def set_support_offer(s: KirifudaState, n: int) -> list[Action]:
    return set_support_actions(s, s.to_move, n)


def set_support_actions(s: KirifudaState, p: int, n: int = 0) -> list[Action]:
    """Set into the first empty support slot; overwrite (上書き) an occupied one once per game; or done.
    ``n`` cards were set this phase already: 「セットできるサポートカードは2枚まで です」 counts the
    overwrite too (option ``support_set_limit``, default ``two_per_phase``; ``slots``: only the empty slots
    limit)."""
    hand = s.hand_cards(p)
    g = s.game
    if not hand or (n >= 2 and g.options["support_set_limit"] == "two_per_phase"):
        return [DONE]
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
    acts = set_support_actions(s, p)
    if len(acts) > 1:
        s.decide(p, "set_support", "apply_set_support", 0)
        s.offer_legal(acts)  # listed to know whether to ask: not listed twice
        return
    s.to_move = p
    s.emit("support_set_done", p)
    _after_support(s, p)


def _after_support(s: KirifudaState, p: int) -> None:
    if p == s.first:
        _support_turn(s, s.second)
    else:
        begin_trump_phase(s)


def _overwrite(s: KirifudaState, p: int, zk: int, card: int) -> None:
    """カードの上書き: the hand card is set on the occupied slot; the old card goes where the option
    ``overwrite_to`` says (our decision: the rulebook does not say)."""
    old = s.zones[p * NZ + zk][0]
    s.move(s.hand_instance(p, card), p * NZ + zk)
    s.overwrite_used[p] = True
    s.flags[old] &= ~(SET_ATTACKER_FLAG | UNOPENED_FLAG)
    if s.game.options["overwrite_to"] == "hand":
        s.move(old, p * NZ + HAND)
        s.emit("overwrite", p, slot=p * NZ + zk, to=p * NZ + HAND)
    else:
        s.move(old, p * NZ + DISCARD, face_up=True)
        s.emit("overwrite", p, old, slot=p * NZ + zk, to=p * NZ + DISCARD)


@rules.rule()
def apply_set(s: KirifudaState, action: Action) -> None:
    """アタッカーセット: set a card face down in the attacker slot (or overwrite the set card left there)."""
    p = s.to_move
    kind = action.kind
    if kind == "set-attacker":
        s.move(s.hand_instance(p, action.a), p * NZ + ATTACKER_SLOT)
        s.emit("set", p, slot=p * NZ + ATTACKER_SLOT)
    elif kind == "overwrite-attacker":
        _overwrite(s, p, ATTACKER_SLOT, action.a)
    else:  # done: the set card stays
        s.emit("attacker_slot_taken", p)
    _after_attacker(s, p)


@rules.rule(Int(0, 2))
def apply_set_support(s: KirifudaState, n: int, action: Action) -> None:
    """サポートセット: one card at a time (``n`` set so far this phase), until done."""
    p = s.to_move
    kind = action.kind
    if kind == "set-support":
        k = next(k for k, zk in enumerate(SUPPORT_SLOTS) if not s.zones[p * NZ + zk])
        s.move(s.hand_instance(p, action.a), p * NZ + SUPPORT_SLOTS[k])
        s.emit("set", p, slot=p * NZ + SUPPORT_SLOTS[k])
    elif kind == "overwrite":
        _overwrite(s, p, SUPPORT_SLOTS[action.a], action.b)
    else:  # done
        s.emit("support_set_done", p)
        _after_support(s, p)
        return
    n = min(n + 1, 2)
    # the same player keeps setting until they say done (or nothing else is possible)
    acts = set_support_actions(s, p, n)
    if len(acts) == 1:
        s.emit("support_set_done", p)
        _after_support(s, p)
    else:
        s.decide(p, "set_support", "apply_set_support", n)
        s.offer_legal(acts)  # listed to know whether to ask: not listed twice


# ---------------------------------------------------------------------- 切り札フェイズ
def begin_trump_phase(s: KirifudaState) -> None:
    """①「まず「ファーストプレイヤー」が「切り札を使うかどうか」を宣言します。」 ②「次に「セカンドプレイヤー」
    が…」; then 「「切り札を使用する」と宣言したプレイヤーは、次の手順で切り札デッキのカードを場にセットしてく
    ださい。」 — both declare first, and only then do those who declared set their trump (first player
    first)."""

    s.phase = TRUMP_PHASE
    _trump_turn(s, s.first, 0)


def can_use_trump(s: KirifudaState, p: int) -> bool:
    """「切り札が使えるのは1回だけ!」: a player who has used theirs (public) is not asked; nor one whose
    切り札置き場 is empty."""
    return not s.trump_used[p] and bool(s.z(p, TRUMP))


def _trump_turn(s: KirifudaState, p: int, declared: int) -> None:
    if can_use_trump(s, p):
        s.decide(p, "trump", "apply_trump", declared)
        return
    _after_trump(s, p, declared)


@rules.offer("trump")
def trump_offer(s: KirifudaState, declared: int) -> list[Action]:
    return [NO_TRUMP, USE_TRUMP]


@rules.rule(Int(0, 3))
def apply_trump(s: KirifudaState, declared: int, action: Action) -> None:
    """The declaration only: which trump, and where, is chosen once both players have declared."""
    p = s.to_move
    if action.kind == "use-trump":
        declared |= 1 << p
        s.emit("trump_declared", p)
    else:
        s.emit("no_trump", p)
    _after_trump(s, p, declared)


def _after_trump(s: KirifudaState, p: int, declared: int) -> None:
    if p == s.first:
        _trump_turn(s, s.second, declared)
    else:
        _next_trump_set(s, declared)


def _next_trump_set(s: KirifudaState, declared: int) -> None:
    """Those who declared set their trump, first player first: 「「切り札を使用する」と宣言したプレイヤー
    すべてが、カードのセットを終えたらオープンフェイズに移ります。」"""
    for p in (s.first, s.second):
        if declared >> p & 1:
            s.decide(p, "trump_set", "apply_trump_set", declared & ~(1 << p))
            return
    begin_open_phase(s)


@rules.offer("trump_set")
def trump_set_offer(s: KirifudaState, rest: int) -> list[Action]:
    return trump_actions(s, s.to_move)


def trump_actions(s: KirifudaState, p: int) -> list[Action]:
    """Which trump to set: a trump card that is in the player's 切り札置き場 (a trump deck may lack a kind) —
    the 切り札アタッカー for the attacker slot, the 切り札サポート for either support slot."""
    kinds = {s.ctype(i) for i in s.z(p, TRUMP)}
    out: list[Action] = []
    if TRUMP_ATTACKER in kinds:
        out.append(TRUMP_ATTACKER_ACT)
    if TRUMP_SUPPORT in kinds:
        out.extend(TRUMP_SUPPORT_ACTS)
    return out


@rules.rule(Int(0, 3))
def apply_trump_set(s: KirifudaState, rest: int, action: Action) -> None:
    """The displaced card goes face down to the bottom of the deck; the trump is set in its place."""
    p = s.to_move
    want = TRUMP_ATTACKER if action.kind == "trump-attacker" else TRUMP_SUPPORT
    trump = next(i for i in s.z(p, TRUMP) if s.ctype(i) == want)
    zk = ATTACKER_SLOT if want == TRUMP_ATTACKER else SUPPORT_SLOTS[action.a]
    slot = s.zones[p * NZ + zk]
    if slot:
        s.move(slot[0], p * NZ + DECK)
    s.move(trump, p * NZ + zk)
    s.trump_used[p] = True
    s.emit("trump", p, slot=p * NZ + zk)
    _next_trump_set(s, rest)


# ---------------------------------------------------------------------- オープンフェイズ
def begin_open_phase(s: KirifudaState) -> None:
    """Attacker open (アタッカーオープン): both attackers turn face up at once; a support in the attacker slot
    does not turn (it is no アタッカー), and its owner may declare it a セットアタッカー — first player first,
    once the attackers are open. Then 【オープン】 effects, first player first."""
    tb = s.game.tables
    s.phase = ATTACKER_OPEN
    for p in (s.first, s.second):
        slot = s.z(p, ATTACKER_SLOT)
        s.pow[p] = -1
        s.attr[p] = 0
        if not slot:
            s.emit("no_attacker", p)
            continue
        inst = slot[0]
        c = s.cards[inst]
        if tb.ctype[c] in (ATTACKER, TRUMP_ATTACKER):
            s.turn_face_up(inst)
            s.pow[p] = tb.pow[c]
            s.attr[p] = tb.attrs[c]
            s.emit("open_attacker", p, inst, pow=tb.pow[c])
        else:  # a support: it stays face down, and everyone sees that it did
            s.flags[inst] = (s.flags[inst] & ~SET_ATTACKER_FLAG) | UNOPENED_FLAG
            s.emit("attacker_unopened", p)
    _declare_turn(s, s.first)


def _unopened(s: KirifudaState, p: int) -> bool:
    slot = s.z(p, ATTACKER_SLOT)
    return bool(slot) and bool(s.flags[slot[0]] & UNOPENED_FLAG)


def _declare_turn(s: KirifudaState, p: int) -> None:
    """「「アタッカーの代用」として使用することもできます。その場合は、アタッカーオープンフェイズ(後述)に、
    「セットアタッカーとしてオープンします」と宣言し」 — a choice (option ``set_attacker``: ``declare``, the
    default, asks; ``always`` declares it for the player)."""
    if _unopened(s, p):
        if s.game.options["set_attacker"] == "declare":
            s.decide(p, "declare", "apply_declare")
            return
        _declare(s, p)
    _after_declare(s, p)


def _after_declare(s: KirifudaState, p: int) -> None:
    if p == s.first:
        _declare_turn(s, s.second)
    else:
        _attacker_effects(s)


@rules.offer("declare")
def declare_actions(s: KirifudaState) -> list[Action]:
    return [DECLARE_SET_ATTACKER, KEEP_SET]


@rules.rule()
def apply_declare(s: KirifudaState, action: Action) -> None:
    p = s.to_move
    if action.kind == "open-set-attacker":
        _declare(s, p)
    else:  # the card stays set: no attacker this round; the end phase leaves it in place
        s.emit("keep_set", p)
    _after_declare(s, p)


def _declare(s: KirifudaState, p: int) -> None:
    """セットアタッカー: face down, counts as open (オープン状態とみなします), POW 200, no effect, every
    attribute."""
    inst = s.z(p, ATTACKER_SLOT)[0]
    s.flags[inst] = (s.flags[inst] & ~UNOPENED_FLAG) | SET_ATTACKER_FLAG
    s.pow[p] = SET_ATTACKER_POW
    s.attr[p] = ALL_ATTRS
    s.emit("set_attacker", p, pow=SET_ATTACKER_POW)


def _attacker_effects(s: KirifudaState) -> None:
    """【2】 the opened attackers' 【オープン】 effects, first player first; then サポートオープン."""
    tb = s.game.tables
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
    """Face-up cards go to the discard pile; set (face-down) cards stay — a support left set in the attacker
    slot too — except a set 切り札サポート. A セットアタッカー counts as open, so it is discarded too (our
    reading, RULES.md)."""
    tb = s.game.tables
    for p in (s.first, s.second):
        for zk in (ATTACKER_SLOT, *SUPPORT_SLOTS):
            z = s.zones[p * NZ + zk]
            if not z:
                continue
            inst = z[0]
            if s.flags[inst] & (FACE_UP | SET_ATTACKER_FLAG) or tb.ctype[s.cards[inst]] == TRUMP_SUPPORT:
                s.flags[inst] &= ~SET_ATTACKER_FLAG
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
