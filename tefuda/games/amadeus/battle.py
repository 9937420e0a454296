"""攻撃ステップ: a creature that can attack taps and attacks the opponent or one of their tapped creatures;
the defender may block with an untapped ブロッカー; creatures battle by パワー (the lower is destroyed, equal
both, スレイヤー takes the other along); an unblocked attack on the player breaks shields (the attacker
chooses which: 1, W 2, T 3) into the defender's hand, where S・トリガー may be used for free, or wins when no
shield is left (ダイレクトアタック)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tefuda.core import Action
from tefuda.core.fields import Inst
from tefuda.core.observe import FACE_UP
from tefuda.core.prompt import PICK, ask

from . import doubt, play
from .cards import CREATURE, SPELL
from .phase_ids import DONE, END, END_TURN, NO_BLOCK, NO_INVASION, PLAYER, TAPPED
from .rules import go_on, rules
from .table import put
from .zones import GRAVE, HAND, NZ, SHIELDS

if TYPE_CHECKING:
    from .state import AmadeusState


def can_attack(s: AmadeusState, inst: int) -> bool:
    return not s.flags[inst] & TAPPED and not s.sick(inst) and not s.kw(inst, "no_attack")


def targets(s: AmadeusState, inst: int) -> list[int]:
    """Target codes: PLAYER, or 1 + the place of a tapped enemy creature (any, with attack_untapped)."""
    out = [] if s.kw(inst, "no_attack_players") else [PLAYER]
    seat = s.owner[inst]
    any_creature = bool(s.kw(inst, "attack_untapped"))
    flags = s.flags
    for k, i in enumerate(s.creatures(1 - seat)):
        if any_creature or flags[i] & TAPPED:
            out.append(1 + k)
    return out


@rules.offer("attack")
def attack_actions(s: AmadeusState) -> list[Action]:
    seat = s.to_move
    out: list[Action] = []
    attacks = s.game.acts["attack"]
    must = False
    for k, i in enumerate(s.creatures(seat)):
        if can_attack(s, i):
            ts = targets(s, i)
            row = attacks[k]
            out += [row[t] for t in ts]
            must = must or bool(ts and s.kw(i, "must_attack"))
    if not must:  # 各ターン可能ならば攻撃する: no ending the turn while it can attack
        out.append(END_TURN)
    return out


@rules.rule()
def attack(s: AmadeusState, action: Action) -> None:
    seat = s.to_move
    if action.kind == "end-turn":
        s.step = END
        go_on(s)
        return
    att = s.creatures(seat)[action.a]
    target = -1 if action.b == PLAYER else s.creatures(1 - seat)[action.b - 1]
    s.flags[att] |= TAPPED
    s.attack = (att, target)
    if target < 0:
        s.emit("attack_player", seat, att)
    else:
        s.emit("attack", seat, att, target=target)
    s.push("proceed")
    s.push("attack_block")
    s.push("invasion_ask")


# ---------------------------------------------------------------------- 侵略
def is_command(s: AmadeusState, inst: int) -> bool:
    """A コマンド: one of its races is a …コマンド (デーモン・コマンド, エンジェル・コマンド …)."""
    return any(r.endswith("コマンド") for r in s.game.tables.race[s.cards[inst]])


@rules.rule()
def invasion_ask(s: AmadeusState) -> None:
    """侵略: when your Command attacks, you may put a card with 侵略 of its 文明 from your hand on top of it.
    Asked whenever a Command attacks and the hand holds a card (public facts), whatever the hand holds."""
    if s.attack is None or s.result is not None:
        return
    att = s.attack[0]
    seat = s.owner[att]
    if is_command(s, att) and s.zones[seat * NZ + HAND]:
        s.decide(seat, "invasion", "invade")


@rules.offer("invasion")
def invasion_actions(s: AmadeusState) -> list[Action]:
    assert s.attack is not None
    tb = s.game.tables
    civ = tb.civ[s.cards[s.attack[0]]]
    hand = s.hand_cards(s.to_move)
    invade = s.game.acts["invade"]
    return [*(invade[c] for c in hand if tb.invasion[c] & civ and tb.supported[c]), NO_INVASION]


@rules.rule()
def invade(s: AmadeusState, action: Action) -> None:
    if action.kind != "invade" or s.attack is None:
        return
    seat = s.to_move
    att, target = s.attack
    inst = s.hand_instance(seat, action.a)
    s.emit("invade", seat, inst, base=att)
    s.push("invasion_ask")  # the new top is a Command too: it may be invaded again
    play.evolve(s, seat, inst, att)  # free; it takes the attack over, tapped as its base was
    s.attack = (inst, target)


@rules.rule()
def attack_block(s: AmadeusState) -> None:
    if s.attack is None or s.result is not None:
        return
    if can_block(s, s.attack[0]):
        s.decide(1 - s.owner[s.attack[0]], "block")
        return
    s.push("resolve_attack", -1)


def can_block(s: AmadeusState, att: int) -> list[int]:
    if s.kw(att, "unblockable"):
        return []
    limit = s.kw(att, "unblockable_by") or -1
    flags = s.flags
    return [
        k
        for k, i in enumerate(s.creatures(1 - s.owner[att]))
        if s.kw(i, "blocker") and not flags[i] & TAPPED and s.power(i) > limit
    ]


@rules.offer("block")
def block_actions(s: AmadeusState) -> list[Action]:
    assert s.attack is not None
    block = s.game.acts["block"]
    return [*(block[k] for k in can_block(s, s.attack[0])), NO_BLOCK]


@rules.rule()
def block(s: AmadeusState, action: Action) -> None:
    blocker = -1
    if action.kind == "block":
        blocker = s.creatures(s.to_move)[action.a]
        s.flags[blocker] |= TAPPED
        s.emit("block", s.to_move, blocker)
    s.push("resolve_attack", blocker)


@rules.rule(Inst(none=True))
def resolve_attack(s: AmadeusState, blocker: int) -> None:
    if s.attack is None:
        return
    att, target = s.attack
    if blocker >= 0:
        target = blocker
    if target >= 0:
        s.attack = None
        battle(s, att, target)
        return
    defender = 1 - s.owner[att]
    shields = s.zones[defender * NZ + SHIELDS]
    if not shields:
        s.emit("direct_attack", s.owner[att], att)
        s.finish(s.owner[att], "direct_attack")
        return
    n = min(s.breaks(att), len(shields))
    if n == len(shields):
        broken(s, att, tuple(shields))
        return
    s.ask(ask(s.owner[att], PICK, "shields", shields, "shields_chosen", (att,), min=n, max=n, source=att))


@rules.rule(Inst())
def shields_chosen(s: AmadeusState, att: int, chosen: tuple[int, ...]) -> None:
    broken(s, att, chosen)


def broken(s: AmadeusState, att: int, shields: tuple[int, ...]) -> None:
    """ブレイク: the shields go to their owner's hand together (ボルメテウス・ホワイト・ドラゴン: to the
    graveyard), then the S・トリガー check."""
    s.attack = None
    seat = s.owner[att]
    defender = 1 - seat
    s.emit("break", seat, att, count=len(shields))
    if s.kw(att, "shields_to_grave"):
        for i in shields:
            put(s, i, GRAVE, check=False)
        doubt.publish(s, list(shields))
        return
    for i in shields:
        put(s, i, HAND)
    s.broken = shields
    s.declared = ()
    s.decide(defender, "trigger")


# ---------------------------------------------------------------------- S・トリガー
# 「All shields broken by one hit are checked together: the defender declares every trigger to use, then
# resolves them.」 (duelmasters.md §1.4 24): one declaration at a time (``use``), each card shown as it is
# declared and held shown until it is used (公開: 「カードを見せること」 — two copies declared are shown at
# the same time, ③); ``done`` ends the declarations; then they resolve one by one in the order the defender
# picks — a trigger declared is used even after ザ・クロック has skipped the rest of the turn.
def trigger_cards(s: AmadeusState) -> list[int]:
    """The broken shields with S・トリガー still in the hand and not yet declared (by card, one action a
    kind)."""
    seat = s.to_move
    tb = s.game.tables
    hand = s.zones[seat * NZ + HAND]
    cards, declared = s.cards, s.declared
    return sorted(
        {
            cards[i]
            for i in s.broken
            if i in hand and i not in declared and tb.trigger[cards[i]] and tb.supported[cards[i]]
        }
    )


@rules.offer("trigger")
def trigger_actions(s: AmadeusState) -> list[Action]:
    """Always asked after a break, a trigger among the shields or not: the attacker learns nothing."""
    use = s.game.acts["use"]
    return [*(use[c] for c in trigger_cards(s)), DONE]


@rules.rule()
def trigger(s: AmadeusState, action: Action) -> None:
    """A declaration (``use``: the card is shown), or the end of them (``done``)."""
    seat = s.to_move
    if action.kind != "use":
        s.broken = ()
        s.push("trigger_next")
        return
    declared = s.declared
    inst = next(
        i for i in s.broken if s.cards[i] == action.a and s.where[i] == seat * NZ + HAND and i not in declared
    )
    s.declared = (*declared, inst)
    s.turn_face_up(inst)  # shown (見せる), still in the hand until it is used: everyone knows it now
    s.flags[inst] &= ~FACE_UP
    s.emit("declare_trigger", seat, inst)
    doubt.publish(s, [i for i in s.declared if s.place_of(i) == HAND])  # shown together with those before
    s.decide(seat, "trigger")


def _waiting(s: AmadeusState) -> list[int]:
    """The declared triggers not yet used (still in their owner's hand)."""
    return [i for i in s.declared if s.place_of(i) == HAND]


@rules.rule()
def trigger_next(s: AmadeusState) -> None:
    """Resolve the next declared trigger: the defender picks which when they are of more than one card."""
    waiting = _waiting(s)
    if not waiting or s.result is not None:
        s.declared = ()
        return
    if len({s.cards[i] for i in waiting}) == 1:
        use_trigger(s, waiting[0])
        return
    s.decide(s.owner[waiting[0]], "trigger_order")


@rules.offer("trigger_order")
def trigger_order_actions(s: AmadeusState) -> list[Action]:
    return [Action("use", c) for c in sorted({s.cards[i] for i in _waiting(s)})]


@rules.rule()
def trigger_order(s: AmadeusState, action: Action) -> None:
    use_trigger(s, next(i for i in _waiting(s) if s.cards[i] == action.a))


def use_trigger(s: AmadeusState, inst: int) -> None:
    """S・トリガー: used for free — a spell cast, a creature put into the battle zone."""
    seat = s.owner[inst]
    s.declared = tuple(i for i in s.declared if i != inst)
    s.push("trigger_next")
    ct = s.game.tables.ctype[s.cards[inst]]
    if ct == SPELL:
        play.cast(s, seat, inst, "shield_trigger")
    else:
        assert ct == CREATURE
        play.summon(s, seat, inst, "shield_trigger_creature")


# ---------------------------------------------------------------------- battle and destruction
def battle(s: AmadeusState, att: int, dfn: int) -> None:
    pa, pd = s.power(att, attacking=True), s.power(dfn)
    s.emit("battle", s.owner[att], att, target=dfn, power=pa, against=pd)
    lost = []
    if pa <= pd:
        lost.append(att)
    if pd <= pa:
        lost.append(dfn)
    if att in lost and s.kw(att, "slayer") and dfn not in lost:
        lost.append(dfn)
    if dfn in lost and s.kw(dfn, "slayer") and att not in lost:
        lost.append(att)
    s.push("destroy_each", tuple(lost))
