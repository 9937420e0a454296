"""Card types, the two numbers on every card (コスト and リリス), LV, パワー, and the フォース vocabulary.

Cards are data (cards.toml). A ヨネス has levels (``levels = [1, 2]`` is a composite LV1&LV2 card, 複合LV)
and a power (パワー, our decision: the rulebook's 8.2 is empty, see RULES.md). A フォース has a target kind,
effects such as ``{ do = "destroy" }``, an optional ``interrupt = true`` ([Interrupt], 割り込み可能) and an
optional special cost ``discard = { count = 1, min_cost = 3 }`` ([捨/コスト3以上1枚]). ``copies`` is how
many of the card the standard box (ヨネス一式) holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from tefuda.core import CardSchema, CardSet, Field
from tefuda.core.cards import TEXT_FIELDS, int_range
from tefuda.core.frozen import by_constructor
from tefuda.core.vocabulary import SHARED, Param, Verb, Vocabulary, int_between

YONESU: Final = 0
FORCE: Final = 1
TYPE_IDS: Final = ("yonesu", "force")
TYPES_JA: Final = {"yonesu": "ヨネス", "force": "フォース"}
TYPES_EN: Final = {"yonesu": "Yonesu", "force": "Force"}

# what a force is aimed at (対象)
TARGETS: Final = {
    "none": ("対象なし", "no target"),
    "yonesu": ("ヨネス1体", "a Yonesu"),
    "own_yonesu": ("自分のヨネス1体", "one of your Yonesu"),
    "opp_yonesu": ("相手のヨネス1体", "an opponent's Yonesu"),
    "player": ("プレイヤー1人", "a player"),
    "opponent": ("相手1人", "an opponent"),
    "each_opponent": ("相手全員", "every opponent"),
}
YONESU_TARGETS: Final = ("yonesu", "own_yonesu", "opp_yonesu")
PLAYER_TARGETS: Final = ("player", "opponent")

# effect verbs (core/vocabulary.py): the parameters each takes, and which of the force's target kinds it fits
# (the card's ``target``; "none" = the activating player); draw and destroy are the shared verbs
N20: Final = Param(int, int_between(-20, 20, nonzero=True))
VOCABULARY: Final = Vocabulary(
    {
        # 破壊: the whole evolution stack goes to the 捨て札置き場
        "destroy": SHARED["destroy"].aimed(*YONESU_TARGETS),
        "power": Verb({"amount": N20}, YONESU_TARGETS, "パワー±N (ターン終了時まで)", "power ±N this turn"),
        "protect": Verb({}, YONESU_TARGETS, "このターン破壊されない", "cannot be destroyed this turn"),
        # aimed only at a ヨネス that has attacked this turn: 「もう一度」 (once more)
        "ready": Verb({}, ("own_yonesu",), "もう一度攻撃できる", "may attack again this turn"),
        "bounce": Verb({}, YONESU_TARGETS, "一番上のカードを手札に戻す", "its top card back to hand"),
        "damage": Verb({"amount": N20}, (*PLAYER_TARGETS, "each_opponent"), "ライフ−N", "life −N"),
        "limit": Verb(
            {"amount": N20}, (*PLAYER_TARGETS, "each_opponent", "none"), "[上限枚数]±N", "card limit ±N"
        ),
        "heal": Verb({"amount": N20}, ("none",), "自分のライフ+N", "your life +N"),
        "draw": SHARED["draw"].refine(count=N20).aimed("none"),  # from the 山札
        "recover_first": Verb(
            {},
            ("none",),
            "ファーストヨネスを捨て札置き場から手札に",
            "a First Yonesu from the discard pile to hand",
        ),
        # an [Interrupt] response: the force it answers has no effect
        "negate": Verb({}, ("none",), "フォースを無効にする", "negate the force"),
        # the attack of this battle ends with no battle resolution
        "cancel_attack": Verb({}, ("none",), "攻撃を無効にする", "cancel the attack"),
    }
)
BATTLE_EFFECTS: Final = frozenset({"cancel_attack"})

DISCARD_KEYS: Final[dict[str, type]] = {"count": int, "min_cost": int, "min_level": int, "type": str}


@dataclass(frozen=True, slots=True)
class Effect:
    do: str
    amount: int = 0

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # pickled by its constructor (core/frozen.py)
        return by_constructor(self)


@dataclass(frozen=True, slots=True)
class DiscardCost:
    """[捨/…]: ``count`` cards from hand matching the filter, shown and discarded on activation."""

    count: int
    min_cost: int = 0
    min_level: int = 0
    type: str = ""

    def label(self) -> tuple[str, str]:
        ja, en = [], []
        if self.min_cost:
            ja.append(f"コスト{self.min_cost}以上")
            en.append(f"cost {self.min_cost}+")
        if self.min_level:
            ja.append(f"LV{self.min_level}以上")
            en.append(f"LV{self.min_level}+")
        if self.type or self.min_level:
            ja.append("ヨネス" if (self.type == "yonesu" or self.min_level) else "フォース")
            en.append("Yonesu" if (self.type == "yonesu" or self.min_level) else "Force")
        return (f"[捨/{''.join(ja)}{self.count}枚]", f"[discard {self.count} {' '.join(en) or 'card'}]")

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # pickled by its constructor (core/frozen.py)
        return by_constructor(self)


def _check_levels(value: Any) -> str | None:
    if not value or len(value) > 3:
        return "must list 1 to 3 levels, e.g. [1] or [1, 2] for a composite (複合LV) card"
    if any(not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 9 for v in value):
        return "levels are whole numbers 1 to 9"
    if sorted(set(value)) != list(value):
        return "levels must be listed once each, lowest first"
    return None


def _check_effects(value: Any) -> str | None:
    return VOCABULARY.check_list(value, '{ do = "destroy" }', non_empty=True)


def _check_discard(value: Any) -> str | None:
    for key, val in value.items():
        kind = DISCARD_KEYS.get(key)
        if kind is None:
            return f"unknown key {key!r} (allowed: {', '.join(DISCARD_KEYS)})"
        if not isinstance(val, kind) or isinstance(val, bool):
            return f"{key} must be {kind.__name__}"
    if not 1 <= value.get("count", 0) <= 3:
        return "count (how many cards to discard) must be 1 to 3"
    if value.get("type", "yonesu") not in TYPE_IDS:
        return f"type must be one of {', '.join(TYPE_IDS)}"
    return None


def _card_check(ctype: str, table: Any) -> tuple[str, str] | None:
    """Each effect's verb must fit the force's target kind."""
    if ctype != "force":
        return None
    target = table.get("target", "none")
    for n, eff in enumerate(table.get("effects", []), 1):
        fits = VOCABULARY.verbs[eff["do"]].targets
        if target not in fits:
            return (
                "effects",
                f"effect {n} ({eff['do']}) needs a target of {', '.join(fits)}; this force's target is "
                f"{target!r}",
            )
        if eff["do"] == "negate" and not table.get("interrupt", False):
            return ("effects", f"effect {n} (negate) answers a force, so the card must be interrupt = true")
    return None


_Y: Final = frozenset({"yonesu"})
_F: Final = frozenset({"force"})
SCHEMA: Final = CardSchema(
    types=TYPES_JA,
    fields={
        "cost": Field(int, required="*", check=int_range(0, 9, "コスト"), doc="コスト (value when paid)"),
        "lilith": Field(int, required="*", check=int_range(0, 9, "リリス"), doc="リリス (cost to use)"),
        "copies": Field(
            int, required="*", check=int_range(0, 40, "copies"), doc="copies in the standard box"
        ),
        "levels": Field(list, required=_Y, allowed=_Y, check=_check_levels, doc="LV (複合LV: several)"),
        "power": Field(int, required=_Y, allowed=_Y, check=int_range(0, 99, "パワー"), doc="パワー"),
        "first": Field(bool, allowed=_Y, doc="this is ファーストヨネス"),
        "target": Field(str, allowed=_F, choices=tuple(TARGETS), doc="対象"),
        "interrupt": Field(bool, allowed=_F, doc="[Interrupt] 割り込み可能"),
        "battle_only": Field(bool, allowed=_F, doc="usable only during a battle (戦闘中のみ)"),
        "max_power": Field(int, allowed=_F, check=int_range(0, 99, "max_power"), doc="targets power ≤ N"),
        "discard": Field(dict, allowed=_F, check=_check_discard, doc="[捨/…] special cost"),
        "effects": Field(list, required=_F, allowed=_F, check=_check_effects, doc="effects"),
        **TEXT_FIELDS,
    },
    card_check=_card_check,
)


@dataclass(frozen=True)
class Tables:
    """Per-card lookups for the hot paths, indexed by card definition index."""

    ctype: tuple[int, ...]
    cost: tuple[int, ...]
    lilith: tuple[int, ...]
    levels: tuple[int, ...]  # bit L set = the card is LV L
    power: tuple[int, ...]
    first: tuple[bool, ...]
    target: tuple[str, ...]
    interrupt: tuple[bool, ...]
    battle_only: tuple[bool, ...]
    max_power: tuple[int, ...]  # -1 = any
    attacked_only: tuple[bool, ...]  # aimed at a ヨネス that has attacked this turn (the verb ready)
    discard: tuple[DiscardCost | None, ...]
    effects: tuple[tuple[Effect, ...], ...]
    min_force_lilith: int  # the cheapest フォース's リリス (public: who could possibly act)
    min_interrupt_lilith: int

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # pickled by its constructor (core/frozen.py)
        return by_constructor(self)


def compile_cards(cardset: CardSet) -> Tables:
    ctype, cost, lil, lv, pw, first, tgt, intr, bo, mp, disc, effs = ([] for _ in range(12))
    for c in cardset:
        t = TYPE_IDS.index(c.type)
        ctype.append(t)
        cost.append(int(c.get("cost")))
        lil.append(int(c.get("lilith")))
        mask = 0
        for level in c.get("levels", []):
            mask |= 1 << level
        lv.append(mask)
        pw.append(int(c.get("power", 0)))
        first.append(bool(c.get("first", False)))
        tgt.append(c.get("target", "none"))
        intr.append(bool(c.get("interrupt", False)))
        bo.append(
            bool(c.get("battle_only", False)) or any(e["do"] in BATTLE_EFFECTS for e in c.get("effects", []))
        )
        mp.append(int(c.get("max_power", -1)))
        d = c.get("discard")
        disc.append(
            None
            if d is None
            else DiscardCost(d["count"], d.get("min_cost", 0), d.get("min_level", 0), d.get("type", ""))
        )
        effs.append(tuple(Effect(e["do"], e.get("amount", e.get("count", 0))) for e in c.get("effects", [])))
    forces = [lil[i] for i in range(len(ctype)) if ctype[i] == FORCE]
    interrupts = [lil[i] for i in range(len(ctype)) if ctype[i] == FORCE and intr[i]]
    return Tables(
        tuple(ctype),
        tuple(cost),
        tuple(lil),
        tuple(lv),
        tuple(pw),
        tuple(first),
        tuple(tgt),
        tuple(intr),
        tuple(bo),
        tuple(mp),
        tuple(any(e.do == "ready" for e in es) for es in effs),
        tuple(disc),
        tuple(effs),
        min(forces, default=99),
        min(interrupts, default=99),
    )


def level_label(mask: int) -> str:
    """``LV1&LV2`` for a composite card."""
    return "&".join(f"LV{level}" for level in range(1, 10) if mask >> level & 1)


def matches_discard(tables: Tables, card: int, cost: DiscardCost) -> bool:
    """Whether a hand card may be paid for a [捨/…] cost."""
    if cost.type and TYPE_IDS[tables.ctype[card]] != cost.type:
        return False
    if cost.min_level and (tables.ctype[card] != YONESU or tables.levels[card] >> cost.min_level == 0):
        return False
    return tables.cost[card] >= cost.min_cost
