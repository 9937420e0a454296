"""Card types, attributes (属性) and the 【オープン】 effect vocabulary of 切り札, and their compiled tables.

Cards are data (cards.toml); each effect is a small table such as
``{ do = "pow", target = "opponent", amount = -300, if_self_attr = "火" }``. Loading checks every effect
against this vocabulary, so a designer's typo is reported with file, card and field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from tefuda.core import CardSchema, CardSet, Field
from tefuda.core.cards import TEXT_FIELDS
from tefuda.core.frozen import by_constructor
from tefuda.core.vocabulary import SHARED, Param, Verb, Vocabulary, int_between, one_of

# card types (カードの種類)
ATTACKER: Final = 0
SUPPORT: Final = 1
TRUMP_ATTACKER: Final = 2
TRUMP_SUPPORT: Final = 3
TYPE_IDS: Final = ("attacker", "support", "trump_attacker", "trump_support")
# public classes of instances: what every player knows a face-down card to be (the deck it came from)
MAIN: Final = 0
TRUMP_A: Final = 1
TRUMP_S: Final = 2
TYPES_JA: Final = {
    "attacker": "アタッカー",
    "support": "サポート",
    "trump_attacker": "切り札アタッカー",
    "trump_support": "切り札サポート",
}
TYPES_EN: Final = {
    "attacker": "Attacker",
    "support": "Support",
    "trump_attacker": "Trump Attacker",
    "trump_support": "Trump Support",
}

# attributes (属性): our decision — the rulebook names the idea but not the list (see RULES.md)
ATTRIBUTES: Final = ("火", "水", "風", "土")
ATTRIBUTES_EN: Final = {"火": "Fire", "水": "Water", "風": "Wind", "土": "Earth"}
ATTR_BIT: Final = {a: 1 << i for i, a in enumerate(ATTRIBUTES)}
ALL_ATTRS: Final = (1 << len(ATTRIBUTES)) - 1

SET_ATTACKER_POW: Final = 200  # セットアタッカー: POW 200, no effect, every attribute (rulebook)

# effect vocabulary (core/vocabulary.py): 切り札's own verbs and the shared draw; the conditions (if_…) may
# qualify any effect
HUNDREDS: Final = Param(int, lambda v: None if v % 100 == 0 else "must be a multiple of 100")
SIDE: Final = Param(str, one_of("self", "opponent"))
VOCABULARY: Final = Vocabulary(
    {
        "pow": Verb({"target": SIDE, "amount": HUNDREDS}, ja="POWを増減", en="POW up or down"),
        "set_pow": Verb({"target": SIDE, "value": HUNDREDS}, ja="POWを変える", en="POW becomes"),
        "swap_pow": Verb(ja="POWを入れ替える", en="swap the POWs"),
        "draw": SHARED["draw"].refine(count=Param(int, int_between(1, 3))),
        "scry": Verb(ja="山札の一番上を見る", en="look at the top card"),
        "peek_support": Verb(ja="相手のサポートを見る", en="look at an opponent's support"),
        "peek_life": Verb(ja="相手のライフを見る", en="look at an opponent's life card"),
        "swap_life": Verb(ja="ライフと手札を入れ替える", en="swap a life card with a hand card"),
        "protect": Verb(ja="ライフを守る", en="protect your life"),
        "guard": Verb(ja="POWを守る", en="guard your POW"),
        "discard_support": Verb(ja="相手のサポートを捨てる", en="discard an opponent's support"),
        "add_life": Verb({"count": Param(int, int_between(1, 3))}, ja="ライフを増やす", en="add life cards"),
    },
    modifiers={
        "if_self_attr": Param(str, one_of(*ATTRIBUTES)),
        "if_opp_attr": Param(str, one_of(*ATTRIBUTES)),
        "if_behind": Param(bool),
        "if_life_le": Param(int),
    },
)
COSTS: Final = ("discard_set", "discard_hand")


@dataclass(frozen=True, slots=True)
class Effect:
    """One compiled 【オープン】 effect."""

    do: str
    to_opponent: bool = False
    amount: int = 0
    self_attr: int = 0
    opp_attr: int = 0
    behind: bool = False
    life_le: int = -1

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # pickled by its constructor (core/frozen.py)
        return by_constructor(self)


def _check_effects(value: Any) -> str | None:
    return VOCABULARY.check_list(value, '{ do = "draw", count = 1 }')


def _check_attrs(value: Any) -> str | None:
    if not value or len(value) > 2:
        return "must list 1 or 2 attributes"
    for a in value:
        if a not in ATTRIBUTES:
            return f"unknown attribute {a!r} (属性 are {', '.join(ATTRIBUTES)})"
    if len(set(value)) != len(value):
        return "lists an attribute twice"
    return None


def _check_pow(value: Any) -> str | None:
    if not 100 <= value <= 2000 or value % 100:
        return "POW must be 100 to 2000 in steps of 100"
    return None


_ATTACKERS: Final = frozenset({"attacker", "trump_attacker"})
SCHEMA: Final = CardSchema(
    types=TYPES_JA,
    fields={
        "pow": Field(int, required=_ATTACKERS, allowed=_ATTACKERS, check=_check_pow, doc="POW (パワー)"),
        "attributes": Field(list, required=_ATTACKERS, allowed=_ATTACKERS, check=_check_attrs, doc="属性"),
        **TEXT_FIELDS,
        "cost": Field(str, choices=COSTS, doc="コスト"),
        "effects": Field(list, required="*", check=_check_effects, doc="【オープン】 effects"),
    },
)


@dataclass(frozen=True)
class Tables:
    """Per-card lookups for the hot paths, indexed by card definition index."""

    ctype: tuple[int, ...]
    pow: tuple[int, ...]
    attrs: tuple[int, ...]
    cost: tuple[str, ...]
    effects: tuple[tuple[Effect, ...], ...]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # pickled by its constructor (core/frozen.py)
        return by_constructor(self)


def compile_cards(cardset: CardSet) -> Tables:
    ctype, pw, attrs, cost, effects = [], [], [], [], []
    for c in cardset:
        ctype.append(TYPE_IDS.index(c.type))
        pw.append(int(c.get("pow", 0)))
        mask = 0
        for a in c.get("attributes", []):
            mask |= ATTR_BIT[a]
        attrs.append(mask)
        cost.append(c.get("cost", ""))
        effs = []
        for e in c.get("effects", []):
            target_opp = e.get("target") == "opponent"
            amount = e.get("amount", e.get("value", e.get("count", 0)))
            effs.append(
                Effect(
                    e["do"],
                    target_opp,
                    amount,
                    ATTR_BIT.get(e.get("if_self_attr", ""), 0),
                    ATTR_BIT.get(e.get("if_opp_attr", ""), 0),
                    bool(e.get("if_behind", False)),
                    int(e.get("if_life_le", -1)),
                )
            )
        effects.append(tuple(effs))
    return Tables(tuple(ctype), tuple(pw), tuple(attrs), tuple(cost), tuple(effects))
