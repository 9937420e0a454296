"""黒白物語's cards: モンスター (黒 / 白 / 灰 and カオス), the five kinds of 呪文, フィールド, and the
effect vocabulary of card data.

Cards are data (cards.toml). A monster has a colour (``color``: black, white or grey), a レベル, AP,
DP and a 種族; a カオスモンスター (type ``chaos``) lives in the カオスデッキ and names its 混成 recipe: a
black monster and a white monster, each by race or by name, ``recipe = { black = { race = "竜" },
white = { name = "…" } }``. Every effect is a table with its 効果の種類 (``kind``: 召喚ルール, 起動,
永続, 誘発, 誘発即時, or 発動 — what a spell does when it resolves) and what it does (``do``,
core/vocabulary.py): ``{ kind = "誘発", when = "summoned", do = "draw", count = 1 }``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from tefuda.core import CardFileError, CardSchema, CardSet, Field
from tefuda.core.cards import TEXT_FIELDS, int_range
from tefuda.core.frozen import by_constructor
from tefuda.core.vocabulary import SHARED, Param, Verb, Vocabulary, int_between, one_of

MONSTER: Final = 0
CHAOS: Final = 1
SINGLE: Final = 2
AURA: Final = 3
EQUIP: Final = 4
POSSESS: Final = 5
QUICK: Final = 6
FIELD: Final = 7
TYPE_IDS: Final = ("monster", "chaos", "single", "aura", "equip", "possess", "quick", "field")
TYPES_JA: Final = {
    "monster": "モンスター",
    "chaos": "カオスモンスター",
    "single": "単発呪文",
    "aura": "オーラ呪文",
    "equip": "魔器",
    "possess": "憑依",
    "quick": "クイック・マジック",
    "field": "フィールド",
}
TYPES_EN: Final = {
    "monster": "Monster",
    "chaos": "Chaos Monster",
    "single": "Single Spell",
    "aura": "Aura Spell",
    "equip": "Equipment (Maki)",
    "possess": "Possession",
    "quick": "Quick Magic",
    "field": "Field",
}
SPELLS: Final = frozenset({"single", "aura", "equip", "possess", "quick"})
MONSTERS: Final = frozenset({"monster", "chaos"})

COLORS: Final = {"black": ("黒", "Black"), "white": ("白", "White"), "grey": ("灰", "Grey")}

# our card pool's races (種族): the text names none
RACES: Final = {
    "竜": "Dragon",
    "騎士": "Knight",
    "獣": "Beast",
    "魔族": "Fiend",
    "天使": "Angel",
    "機械": "Machine",
    "死霊": "Undead",
    "魔術師": "Spellcaster",
}

# 効果の種類: which chain (召喚ルール and 永続 never do), and when it may be used
KINDS: Final = {
    "召喚ルール": "summon rule (never chains)",
    "起動": "activated: your main phase, any time (always chains)",
    "永続": "continuous (never chains)",
    "誘発": "trigger: your turn, at its moment (always chains)",
    "誘発即時": "quick trigger: at its moment, in either turn (always chains)",
    "発動": "what a spell or field does when it resolves (chains as the card)",
}
# the moments a 誘発 / 誘発即時 effect waits for
WHEN: Final = {
    "summoned": "this monster is summoned",
    "destroyed": "this monster is destroyed",
    "standby": "your スタンバイフェイズ begins",
    "attacked": "an opponent's monster declares an attack",
    "opp_summon": "the opponent summons a monster",
}
TARGETS: Final = ("none", "monster", "own_monster", "enemy_monster", "enemy_spell", "equipped")

HUNDREDS: Final = Param(int, int_between(100, 5000, step=100))
COUNT: Final = Param(int, int_between(1, 3))
STAT: Final = Param(str, one_of("ap", "dp"))
VOCABULARY: Final = Vocabulary(
    {
        "draw": SHARED["draw"].refine(count=COUNT).aimed("none"),
        "destroy": SHARED["destroy"].aimed("enemy_monster", "monster", "enemy_spell"),
        "modify": SHARED["modify"]
        .refine(stat=STAT, amount=Param(int, int_between(-3000, 3000, nonzero=True, step=100)))
        .aimed("own_monster", "enemy_monster", "monster"),
        "search": SHARED["search"].refine(race=Param(str, one_of(*RACES), required=False)).aimed("none"),
        "damage": Verb({"amount": HUNDREDS}, ("none",), "相手にダメージ", "damage to the opponent"),
        "heal": Verb({"amount": HUNDREDS}, ("none",), "SPを回復", "gain SP"),
        "position": Verb({}, ("enemy_monster", "monster"), "表示形式を変更", "change a monster's position"),
        "bounce": Verb({}, ("enemy_monster", "monster"), "手札に戻す", "return a monster to its hand"),
        "revive": Verb(
            {"max_level": Param(int, int_between(1, 8))},
            ("none",),
            "屍の森から特殊召喚",
            "special summon from 屍の森",
        ),
        "source": Verb({"count": COUNT}, ("none",), "ソースカウンターを得る", "gain source counters"),
        "negate": Verb({}, ("none",), "発動を無効にする", "negate the activation it answers"),
        "negate_attack": Verb({}, ("none",), "攻撃を無効にする", "negate the attack being made"),
        # 永続: while the card stays, the monsters it names get the bonus
        "boost": Verb(
            {"stat": STAT, "amount": Param(int, int_between(100, 3000, step=100))},
            ("equipped", "own_monster", "monster"),
            "AP/DPアップ",
            "AP/DP up",
        ),
        # 召喚ルール
        "no_sacrifice": Verb({}, ("none",), "生贄なしで召喚できる", "summoned without sacrifices"),
        "discount": Verb({"count": COUNT}, ("none",), "召喚コスト減少", "costs fewer source counters"),
    },
    modifiers={
        "kind": Param(str, one_of(*KINDS)),
        "when": Param(str, one_of(*WHEN)),
        "race": Param(str, one_of(*RACES)),
        "once": Param(bool),
    },
    fixed=("do",),
)
CONTINUOUS_VERBS: Final = frozenset({"boost"})
RULE_VERBS: Final = frozenset({"no_sacrifice", "discount"})


def _check_effects(value: Any) -> str | None:
    why = VOCABULARY.check_list(value, '{ kind = "起動", do = "draw", count = 1 }')
    if why is not None:
        return why
    for n, effect in enumerate(value, 1):
        kind, do = effect.get("kind"), effect["do"]
        if kind is None:
            return f"effect {n} ({do}): missing 'kind' (効果の種類: {', '.join(KINDS)})"
        if (kind in ("誘発", "誘発即時")) != ("when" in effect):
            return f"effect {n} ({do}): a 誘発 or 誘発即時 effect names its moment (when), and only those do"
        if (do in CONTINUOUS_VERBS) != (kind == "永続"):
            return f"effect {n} ({do}): boost is a 永続 effect, and a 永続 effect is a boost"
        if (do in RULE_VERBS) != (kind == "召喚ルール"):
            return f"effect {n} ({do}): no_sacrifice and discount are 召喚ルール effects, and only they are"
    return None


def _check_recipe(value: Any) -> str | None:
    if not isinstance(value, dict) or set(value) != {"black", "white"}:
        return '混成 recipe must be { black = { race = "…" } or { name = "…" }, white = { … } }'
    for side in ("black", "white"):
        part = value[side]
        if not isinstance(part, dict) or len(part) != 1 or next(iter(part)) not in ("race", "name"):
            return f'recipe {side}: give a race or a name, e.g. {{ race = "竜" }}'
        if "race" in part and part["race"] not in RACES:
            return f"recipe {side}: unknown 種族 {part['race']!r} (races: {', '.join(RACES)})"
    return None


def _check_race(value: Any) -> str | None:
    return None if value in RACES else f"unknown 種族 {value!r} (races: {', '.join(RACES)})"


def _card_check(ctype: str, table: Any) -> tuple[str, str] | None:
    kinds = {e.get("kind") for e in table.get("effects", [])}
    if ctype in SPELLS | {"field"} and not kinds & {"発動", "永続", "起動"}:
        return ("effects", "a spell or field does something: give it a 発動, 永続 or 起動 effect")
    if ctype in MONSTERS and "発動" in kinds:
        return ("effects", "発動 is what a spell or field does; a monster's effects are of the other kinds")
    if ctype in ("equip", "possess") and not any(
        e.get("target") == "equipped" for e in table.get("effects", [])
    ):
        return (
            "effects",
            'an equip spell (魔器/憑依) gives the equipped monster something: a target = "equipped"',
        )
    if ctype == "chaos" and "color" in table:
        return ("color", "a カオスモンスター has no colour: it stands in the middle zone")
    return None


_M: Final = frozenset(MONSTERS)
_MON: Final = frozenset({"monster"})
_CH: Final = frozenset({"chaos"})
SCHEMA: Final = CardSchema(
    types=TYPES_JA,
    fields={
        "color": Field(
            str, required=frozenset({"monster"}), allowed=frozenset({"monster"}), choices=tuple(COLORS)
        ),
        "level": Field(int, required=_M, allowed=_M, check=int_range(1, 8, "レベル")),
        "ap": Field(
            int, required=_M, allowed=_M, check=int_range(0, 5000, "AP"), doc="AP (アタックポイント)"
        ),
        "dp": Field(
            int, required=_M, allowed=_M, check=int_range(0, 5000, "DP"), doc="DP (ディフェンスポイント)"
        ),
        "race": Field(str, required=_M, allowed=_M, check=_check_race, doc="種族"),
        "recipe": Field(
            dict, required=frozenset({"chaos"}), allowed=frozenset({"chaos"}), check=_check_recipe
        ),
        "effects": Field(list, check=_check_effects, doc="effects (効果)"),
        **TEXT_FIELDS,
    },
    card_check=_card_check,
)


# ---------------------------------------------------------------------- deck rules
DECK_SIZE: Final = 40  # デッキ枚数40枚
CHAOS_MAX: Final = 15  # カオスデッキ: 枚数制限15枚
CHAOS_PART: Final = "chaos"  # the deck list's [カオスデッキ] part
DECK_SECTIONS: Final = {"カオスデッキ": CHAOS_PART, "chaos": CHAOS_PART, "chaos deck": CHAOS_PART}


def deck_problems(deck: Any, max_copies: int) -> list[tuple[int | None, str]]:
    """Every deck rule a list breaks, naming its line: 40 cards in the deck, at most ``max_copies`` of
    a name (deck and カオスデッキ together), カオスモンスター only in the カオスデッキ, 15 there at most."""
    out: list[tuple[int | None, str]] = []
    copies: dict[int, int] = {}
    for e in deck.entries:
        copies[e.card.index] = copies.get(e.card.index, 0) + e.count
        if copies[e.card.index] > max_copies:
            out.append(
                (e.line, f"{e.card.label}: {copies[e.card.index]} copies, at most {max_copies} (同名カード)")
            )
        if e.section == "" and e.card.type == "chaos":
            out.append((e.line, f"{e.card.label} is a カオスモンスター: it goes in the [カオスデッキ]"))
        if e.section == CHAOS_PART and e.card.type != "chaos":
            out.append((e.line, f"{e.card.label} is no カオスモンスター: the カオスデッキ holds only those"))
    main = deck.count("")
    if main != DECK_SIZE:
        out.append((None, f"the deck has exactly {DECK_SIZE} cards (デッキ枚数40枚), this one has {main}"))
    chaos = deck.count(CHAOS_PART)
    if chaos > CHAOS_MAX:
        last = max((e.line for e in deck.entries if e.section == CHAOS_PART), default=None)
        out.append((last, f"the カオスデッキ holds at most {CHAOS_MAX} (枚数制限15枚), this one has {chaos}"))
    return out


# ---------------------------------------------------------------------- compiled for the hot paths
@dataclass(frozen=True, slots=True)
class Effect:
    """One compiled effect: its 効果の種類, moment, verb, numbers and target."""

    kind: str
    do: str
    when: str = ""
    target: str = "none"
    amount: int = 0  # amount or count
    stat: str = ""
    race: str = ""
    level: int = 0  # revive's max_level
    once: bool = False

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # pickled by its constructor (core/frozen.py)
        return by_constructor(self)


@dataclass(frozen=True)
class Tables:
    """Per-card lookups, indexed by card definition."""

    ctype: tuple[int, ...]
    color: tuple[str, ...]  # black / white / grey; "" for a chaos monster or a spell
    level: tuple[int, ...]
    ap: tuple[int, ...]
    dp: tuple[int, ...]
    race: tuple[str, ...]
    # 混成: ((black by, value), (white by, value)), by "race" or "name"
    recipe: tuple[tuple[tuple[str, str], tuple[str, str]] | None, ...]
    effects: tuple[tuple[Effect, ...], ...]
    # each card's 起動効果 with their places in ``effects`` (most have none: a priority offer skips them)
    ignition: tuple[tuple[tuple[int, Effect], ...], ...]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # pickled by its constructor (core/frozen.py)
        return by_constructor(self)


def compile_cards(cardset: CardSet) -> Tables:
    """The card set as tables; a 混成 recipe naming a card must name a monster of that colour in the set."""
    by_name = {c.name: c for c in cardset}
    cols: dict[str, list[Any]] = {f: [] for f in Tables.__dataclass_fields__}
    for c in cardset:
        recipe = c.get("recipe")
        compiled = None
        if recipe is not None:
            parts = []
            for side in ("black", "white"):
                ((by, value),) = recipe[side].items()
                if by == "name":
                    named = by_name.get(value)
                    if named is None or named.type != "monster" or named.get("color") != side:
                        raise CardFileError(
                            cardset.source,
                            f"recipe {side}: {value!r} is not a {COLORS[side][0]} monster of this card set",
                            card=c.id,
                            field="recipe",
                        )
                parts.append((by, value))
            compiled = (parts[0], parts[1])
        cols["ctype"].append(TYPE_IDS.index(c.type))
        cols["color"].append(c.get("color", ""))
        cols["level"].append(c.get("level", 0))
        cols["ap"].append(c.get("ap", 0))
        cols["dp"].append(c.get("dp", 0))
        cols["race"].append(c.get("race", ""))
        cols["recipe"].append(compiled)
        cols["effects"].append(
            tuple(
                Effect(
                    e["kind"],
                    e["do"],
                    e.get("when", ""),
                    e.get("target", VOCABULARY.verbs[e["do"]].targets[0]),
                    e.get("amount", e.get("count", 0)),
                    e.get("stat", ""),
                    e.get("race", ""),
                    e.get("max_level", 0),
                    bool(e.get("once", False)),
                )
                for e in c.get("effects", [])
            )
        )
        cols["ignition"].append(tuple((k, e) for k, e in enumerate(cols["effects"][-1]) if e.kind == "起動"))
    return Tables(**{k: tuple(v) for k, v in cols.items()})
