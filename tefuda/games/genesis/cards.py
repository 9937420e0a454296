"""ジェネシス・ガーデン's cards: 召喚, 階級, 速度, 攻撃, 防衛, 種族, and one effect
written 「種類/場所(コスト)」.

Cards are data (cards.toml). Every card is a unit; a 英雄 (hero) has 階級 icons (``rank``: that many units
of its race must be on your field to summon it), a 術式 unit fires its effect only when damage mills it
(「しかしダメージによって本陣から冥府に送られた時だけ」). An effect is a table such as ``{ kind = "起動",
place = "前衛", cost = 3, do = "damage", amount = 2, target = "enemy" }`` — kind (種類), place (場所), cost
(発動コスト, paid by 転生) and what it does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from tefuda.core import CardSchema, CardSet, Field
from tefuda.core.cards import TEXT_FIELDS, int_range
from tefuda.core.frozen import by_constructor
from tefuda.core.subscriptions import Subscriptions, Trigger
from tefuda.core.vocabulary import SHARED, Param, Verb, Vocabulary, int_between, one_of

from .phase_ids import ON_BATTLE, ON_RESPONSE, ON_RITUAL, ON_SUMMON

UNIT: Final = 0
HERO: Final = 1
RITUAL: Final = 2
TYPE_IDS: Final = ("unit", "hero", "ritual")
TYPES_JA: Final = {"unit": "ユニット", "hero": "英雄", "ritual": "術式ユニット"}
TYPES_EN: Final = {"unit": "Unit", "hero": "Hero", "ritual": "Ritual Unit"}

# the designer's list of races (種族)
RACES: Final = ("ドラゴン", "悪魔", "獣人", "精霊", "巨人", "アンデッド", "アンドロイド", "天使", "人間")
RACES_EN: Final = {
    "ドラゴン": "Dragon",
    "悪魔": "Demon",
    "獣人": "Beastfolk",
    "精霊": "Spirit",
    "巨人": "Giant",
    "アンデッド": "Undead",
    "アンドロイド": "Android",
    "天使": "Angel",
    "人間": "Human",
}

# 種類 (effect kinds) and 場所 (where the card must be)
KINDS: Final = {
    "起動": "activated (spell phase)",
    "永続": "continuous",
    "召喚": "on summon",
    "対応": "response",
    "戦闘": "battle (an activated effect: 「この戦闘は起動効果である」; in its battle with the option)",
    "術式": "ritual (when damage mills it)",
}
PLACES: Final = {"前衛": "front", "後衛": "rear", "戦域": "field", "冥府": "underworld"}
TRIGGERS: Final = {
    "enemy_attack": "an enemy unit declares an attack",
    "ally_destroyed": "one of your units is destroyed",
}

# when an optional effect's moment comes, read from its 種類 (and a 対応's ``on``): the events it listens to,
# where the card must lie, whose event it answers (core/triggers.py; the conditions are the game's
# ``conditions``) — the card data subscribes, no rule module calls it by hand
FIELD_ZONES: Final = ("front", "rear")
WHEN: Final[dict[tuple[str, str], tuple[tuple[str, str, str], ...]]] = {
    # 召喚: when this unit is summoned (速攻召喚 too)
    ("召喚", ""): (("summon", "", "self"), ("quick_summon", "", "self")),
    # 対応 enemy_attack: an enemy unit declares an attack, this unit on the field
    ("対応", "enemy_attack"): tuple(("attack", z, "theirs") for z in FIELD_ZONES),
    # 対応 ally_destroyed: another of your units is destroyed, this unit on the field
    ("対応", "ally_destroyed"): tuple(("destroyed", z, "ally") for z in FIELD_ZONES),
    # 戦闘, with battle_effects=battle only: this unit is in the battle once the defender blocks or takes it
    # (by default a 戦闘 effect is an 起動 effect, used in the スペルフェイズ: it listens to nothing)
    ("戦闘", ""): tuple((code, z, "in_battle") for code in ("block", "take") for z in FIELD_ZONES),
    # 術式: damage mills this card from the 本陣 to the 冥府
    ("術式", ""): (("mill_damage", "grave", "self"),),
}
ABILITY: Final = {"召喚": ON_SUMMON, "対応": ON_RESPONSE, "戦闘": ON_BATTLE, "術式": ON_RITUAL}

# verbs (core/vocabulary.py): parameters, the targets they take (the first is the default); destroy and draw
# are the shared ideas (draw's number is written ``amount``, like every number of this game's effects)
N: Final = Param(int, int_between(1, 20))
VOCABULARY: Final = Vocabulary(
    {
        "damage": Verb({"amount": N}, ("enemy",), "ダメージ", "damage"),  # accumulated damage on a unit
        # 攻撃・防衛 −N until the end of the turn (not damage)
        "reduce": Verb({"amount": N}, ("enemy", "attacker"), "攻撃・防衛−N", "attack and defense −N"),
        "boost": Verb({"amount": N}, ("self", "ally"), "攻撃+N", "attack +N"),  # until the end of the turn
        "fortify": Verb({"amount": N}, ("self", "ally"), "防衛+N", "defense +N"),  # until the end of the turn
        "destroy": SHARED["destroy"].aimed("enemy"),  # 破壊
        # the opponent takes N damage: N cards from the 本陣 to 冥府
        "mill": Verb({"amount": N}, ("none",), "本陣から冥府へ", "deck to underworld"),
        "draw": Verb({"amount": N}, ("none",), SHARED["draw"].ja, SHARED["draw"].en),
        "heal": Verb({}, ("self", "ally"), "蓄積ダメージを回復", "heal its damage"),
        "untap": Verb({}, ("ally",), "活動状態に", "untap"),  # 疲労 → 活動
        # 速攻召喚 from hand or 冥府 (``from``)
        "quick_summon": Verb({"max_cost": N}, ("card",), "速攻召喚", "quick summon"),
        # 永続: this unit takes no damage (reductions still apply)
        "immune_damage": Verb({}, ("self",), "ダメージを受けない", "takes no damage"),
        # 永続: your other units of this race in the 前衛 get 攻撃 +N
        "aura": Verb({"amount": N}, ("none",), "同じ種族の攻撃+N", "its race's attack +N"),
    },
    modifiers={
        "max_def": Param(int),
        "from": Param(str, one_of("hand", "grave")),
        "on": Param(str),
        "need_units": Param(int),
        "race": Param(str, one_of(*RACES)),
    },
    fixed=("do", "kind", "place", "cost"),
)
VERBS: Final = VOCABULARY.verbs
CONTINUOUS_VERBS: Final = frozenset({"immune_damage", "aura"})


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str  # 種類
    place: str  # 場所
    cost: int  # 発動コスト (転生)
    do: str
    amount: int = 0
    target: str = "none"
    max_def: int = -1
    source: str = "hand"  # 速攻召喚 from
    on: str = ""  # 対応 trigger
    need_units: int = 0  # 術式: units you must have on the field
    race: str = ""  # 速攻召喚 filter

    def label(self) -> str:
        """「種類/場所(コスト)」 as printed."""
        return f"{self.kind}/{self.place}({self.cost})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # pickled by its constructor (core/frozen.py)
        return by_constructor(self)


def _check_effect(value: Any) -> str | None:
    if not isinstance(value, dict):
        return 'must be a table like { kind = "起動", place = "前衛", cost = 2, do = "damage", amount = 2 }'
    for key in ("kind", "place", "cost", "do"):
        if key not in value:
            return f"missing {key!r}"
    if value["kind"] not in KINDS:
        return f"kind (種類) must be one of {', '.join(KINDS)}, got {value['kind']!r}"
    if value["place"] not in PLACES:
        return f"place (場所) must be one of {', '.join(PLACES)}, got {value['place']!r}"
    if not isinstance(value["cost"], int) or isinstance(value["cost"], bool) or not 0 <= value["cost"] <= 9:
        return "cost (発動コスト) must be a whole number 0 to 9"
    why = VOCABULARY.problem(value)
    if why is not None:
        return why
    do = value["do"]
    target = value.get("target", VERBS[do].targets[0])
    if (do in CONTINUOUS_VERBS) != (value["kind"] == "永続"):
        return "immune_damage and aura are 永続 effects, and a 永続 effect is one of them"
    if value["kind"] == "対応" and value.get("on") not in TRIGGERS:
        return f"a 対応 effect needs on = one of {', '.join(TRIGGERS)}"
    if target == "attacker" and (value["kind"], value.get("on")) != ("対応", "enemy_attack"):
        return 'target "attacker" (the unit that attacks) needs a 対応 effect with on = "enemy_attack"'
    if value["kind"] == "術式" and value["place"] != "冥府":
        return "a 術式 effect fires from the 冥府: place must be 冥府"
    return None


def _check_race(value: Any) -> str | None:
    return None if value in RACES else f"unknown 種族 {value!r} (races: {', '.join(RACES)})"


def _card_check(ctype: str, table: Any) -> tuple[str, str] | None:
    if ctype == "hero" and table.get("rank", 0) < 1:
        return ("rank", "a 英雄 (hero) has 1 to 3 階級 icons")
    if ctype == "ritual" and table.get("effect", {}).get("kind") != "術式":
        return ("effect", "a 術式ユニット has a 術式 effect")
    if ctype != "ritual" and table.get("effect", {}).get("kind") == "術式":
        return ("effect", "only a 術式ユニット (type ritual) has a 術式 effect")
    return None


SCHEMA: Final = CardSchema(
    types=TYPES_JA,
    fields={
        "summon": Field(int, required="*", check=int_range(0, 9, "召喚"), doc="召喚 (summon cost)"),
        "rank": Field(int, allowed=frozenset({"hero"}), check=int_range(1, 3, "階級"), doc="階級 icons"),
        "speed": Field(int, required="*", check=int_range(1, 4, "速度"), doc="速度"),
        "attack": Field(int, required="*", check=int_range(0, 20, "攻撃"), doc="攻撃"),
        "defense": Field(int, required="*", check=int_range(1, 20, "防衛"), doc="防衛"),
        "race": Field(str, required="*", check=_check_race, doc="種族"),
        "effect": Field(dict, check=_check_effect, doc="effect: 種類/場所(コスト)"),
        **TEXT_FIELDS,
    },
    card_check=_card_check,
)


@dataclass(frozen=True)
class Tables:
    ctype: tuple[int, ...]
    summon: tuple[int, ...]
    rank: tuple[int, ...]
    speed: tuple[int, ...]
    attack: tuple[int, ...]
    defense: tuple[int, ...]
    race: tuple[str, ...]
    effect: tuple[Effect | None, ...]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # pickled by its constructor (core/frozen.py)
        return by_constructor(self)


def compile_cards(cardset: CardSet) -> Tables:
    cols: list[list[Any]] = [[] for _ in range(8)]
    for c in cardset:
        e = c.get("effect")
        eff = None
        if e is not None:
            verb = VERBS[e["do"]]
            params, targets = tuple(verb.params), verb.targets
            eff = Effect(
                e["kind"],
                e["place"],
                e["cost"],
                e["do"],
                e.get(params[0], 0) if params else 0,
                e.get("target", targets[0]),
                e.get("max_def", -1),
                e.get("from", "hand"),
                e.get("on", ""),
                e.get("need_units", 0),
                e.get("race", ""),
            )
        for col, v in zip(
            cols,
            (
                TYPE_IDS.index(c.type),
                c.get("summon"),
                c.get("rank", 0),
                c.get("speed"),
                c.get("attack"),
                c.get("defense"),
                c.get("race"),
                eff,
            ),
            strict=True,
        ):
            col.append(v)
    return Tables(*(tuple(col) for col in cols))


def subscriptions(tables: Tables, *, battle_in_spell: bool = True) -> Subscriptions:
    """Every card's optional effect as the core's triggers (``WHEN``): which events it listens to. A 戦闘
    effect listens only under battle_effects=battle; by default it is used in the スペルフェイズ."""
    by_card: dict[int, list[Trigger]] = {}
    for card, e in enumerate(tables.effect):
        if e is None or e.kind not in ABILITY or (e.kind == "戦闘" and battle_in_spell):
            continue
        for code, where, cond in WHEN[e.kind, e.on if e.kind == "対応" else ""]:
            by_card.setdefault(card, []).append(Trigger(code, where, cond, ABILITY[e.kind]))
    return Subscriptions(by_card)
