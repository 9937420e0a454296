"""アマデウス's cards: real early Duel Masters cards as data — クリーチャー, 進化クリーチャー, 呪文, and the
two cards of the 疑心ゾーン (イエローカード, レッドカード).

A card has its 文明 (``civ``, a list: light 光, water 水, darkness 闇, fire 火, nature 自然), コスト, for a
creature パワー and 種族 (``race``, a list), its keywords (``keywords`` table: ``blocker = true``,
``breaker = 2`` …), an evolution's base (``evolution = { race = "…" }`` or ``{ civ = "…" }``) and what it does
when it enters the battle zone or is cast (``effects``: ``{ do = "draw", count = 1, may = true }``). Its
standing under the rules is data too: ``hall`` (殿堂 / プレミアム殿堂), ``many`` ("may have 4 or more in a
deck"), ``banned`` (the Amadeus 使用禁止 categories and 禁止 types) and ``supported = false`` for a card the
rulebook names that this engine cannot play (deck check refuses it, saying so).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from tefuda.core import CardSchema, CardSet, Field
from tefuda.core.cards import TEXT_FIELDS, int_range
from tefuda.core.frozen import by_constructor
from tefuda.core.vocabulary import SHARED, Param, Verb, Vocabulary, int_between

CREATURE: Final = 0
EVOLUTION: Final = 1
SPELL: Final = 2
YELLOW: Final = 3
RED: Final = 4
TYPE_IDS: Final = ("creature", "evolution", "spell", "yellow", "red")
TYPES_JA: Final = {
    "creature": "クリーチャー",
    "evolution": "進化クリーチャー",
    "spell": "呪文",
    "yellow": "イエローカード",
    "red": "レッドカード",
}
TYPES_EN: Final = {
    "creature": "Creature",
    "evolution": "Evolution Creature",
    "spell": "Spell",
    "yellow": "Yellow Card",
    "red": "Red Card",
}
CREATURES: Final = frozenset({"creature", "evolution"})
# what a deck holds (the 疑心ゾーン's two never)
PLAYED: Final = frozenset({"creature", "evolution", "spell"})

CIVS: Final = {
    "light": ("光", "Light"),
    "water": ("水", "Water"),
    "darkness": ("闇", "Darkness"),
    "fire": ("火", "Fire"),
    "nature": ("自然", "Nature"),
}
CIV_BITS: Final = {c: 1 << k for k, c in enumerate(CIVS)}

HALL: Final = {"殿堂": "hall of fame: at most 1", "プレミアム殿堂": "premium hall of fame: none"}
# the Amadeus rulebook's bans: 使用禁止 ① and ②, and the 禁止カード types A–E (RULES.md quotes each)
BANS: Final = {
    "peek": (
        "使用禁止①: 相手のシールド以外の非公開領域 (手札・山札) を見る、または表向きにするカード",
        "banned ①: looks at or reveals the opponent's hand or deck",
    ),
    "discard2": (
        "使用禁止②: 相手の手札を同一効果内で2枚以上同時にハンデスする可能性のあるカード",
        "banned ②: may discard 2 or more of the opponent's hand in one effect",
    ),
    "A": (
        "禁止カード Aタイプ: 相手の非公開領域を容易に不特定多数公開する、または公開領域に送る",
        "banned type A: reveals or moves many of the opponent's hidden cards at once",
    ),
    "B": (
        "禁止カード Bタイプ: 強力なガチンコ・ジャッジ持ち",
        "banned type B: a strong ガチンコ・ジャッジ (both reveal the top of their decks)",
    ),
    "C": (
        "禁止カード Cタイプ: 強力なロックがかけられ、かつ非公開領域に触れる",
        "banned type C: a strong lock that touches hidden zones",
    ),
    "D": (
        "禁止カード Dタイプ: 常在型の敗北回避の条件が軽すぎる",
        "banned type D: a standing loss prevention that is too easy",
    ),
    "E": (
        "禁止カード Eタイプ: 特殊な事例",
        "banned type E: a special case",
    ),
}

# keywords (能力): name -> (value type, Japanese, English)
KEYWORDS: Final[dict[str, tuple[type, str, str]]] = {
    "blocker": (bool, "ブロッカー", "blocker"),
    "no_attack": (bool, "攻撃できない", "can't attack"),
    "no_attack_players": (bool, "プレイヤーを攻撃できない", "can't attack players"),
    "speed_attacker": (bool, "スピードアタッカー", "speed attacker"),
    "power_attacker": (int, "パワーアタッカー", "power attacker"),
    "slayer": (bool, "スレイヤー", "slayer"),
    "breaker": (int, "ブレイカー", "breaker"),
    "unblockable": (bool, "ブロックされない", "can't be blocked"),
    "unblockable_by": (int, "パワー以下のクリーチャーにブロックされない", "can't be blocked by power up to"),
    "attack_untapped": (bool, "アンタップしているクリーチャーを攻撃できる", "can attack untapped creatures"),
    "shield_trigger": (bool, "S・トリガー", "shield trigger"),
    "must_attack": (bool, "各ターン可能ならば攻撃する", "attacks each turn if able"),
    "to_mana_on_destroy": (bool, "破壊された時、墓地のかわりにマナゾーンへ", "destroyed: to mana instead"),
    "untap_at_end": (bool, "ターンの終わりにアンタップしてもよい", "may untap at the end of your turn"),
    "grave_bonus": (
        int,
        "攻撃中、自分の墓地の同じ文明のカード1枚につきパワー+",
        "attacking: + per own-civ card in your graveyard",
    ),
    "shields_to_grave": (bool, "ブレイクしたシールドは墓地へ", "broken shields go to the graveyard"),
    "substitute": (
        bool,
        "破壊される時、かわりに手札のクリーチャーを下に置いてもよい",
        "may put a creature from hand under it instead of being destroyed",
    ),
    "stays_with_3": (bool, "下に3枚以上あればバトルゾーンを離れない", "can't leave with 3+ cards under it"),
}

TARGETS: Final = ("none", "enemy_creature", "enemy_untapped", "any_creature", "all_enemy", "own_creature")
COUNT: Final = Param(int, int_between(1, 5))
MAY: Final = Param(bool, required=False)
VOCABULARY: Final = Vocabulary(
    {
        "draw": SHARED["draw"].refine(count=COUNT).aimed("none"),
        "destroy": SHARED["destroy"]
        .refine(max_power=Param(int, int_between(500, 20000, step=500), required=False))
        .aimed("enemy_creature", "enemy_untapped", "any_creature"),
        "search": SHARED["search"].aimed("none"),  # a creature from your deck, shown, to your hand
        "tap": Verb({}, ("enemy_creature", "all_enemy"), "タップする", "tap"),
        "bounce": Verb(
            {"count": Param(int, int_between(1, 2), required=False)},
            ("any_creature",),
            "持ち主の手札に戻す",
            "return to its owner's hand",
        ),
        "to_mana": Verb(
            {}, ("enemy_creature",), "持ち主のマナゾーンに置く", "put into its owner's mana zone"
        ),
        "discard_random": Verb(
            {"count": COUNT, "per_shield": Param(bool, required=False)},
            ("none",),
            "相手の手札をランダムに捨てさせる",
            "the opponent discards at random",
        ),
        "discard_all": Verb(
            {}, ("none",), "相手の手札をすべて捨てさせる", "the opponent discards their hand"
        ),
        "peek_discard": Verb(
            {}, ("none",), "相手の手札を見て1枚選び、捨てさせる", "look at the opponent's hand, discard 1"
        ),
        "mana_to_grave": Verb(
            {"count": COUNT}, ("none",), "自分のマナを墓地に置く", "your mana to the graveyard"
        ),
        "top_to_mana": Verb(
            {"count": COUNT}, ("none",), "山札の上からマナゾーンへ", "top of your deck to mana"
        ),
        "grant": Verb(
            {
                "power_attacker": Param(int, int_between(1000, 10000, step=1000)),
                "breaker": Param(int, int_between(2, 3), required=False),
            },
            ("own_creature",),
            "このターン、パワーアタッカーとブレイカーを与える",
            "gives power attacker (and a breaker) this turn",
        ),
        "mill": Verb(
            {"own": Param(int, int_between(0, 5)), "opponent": Param(int, int_between(0, 5))},
            ("none",),
            "山札の上から墓地へ (自分、次に相手)",
            "top cards to the graveyard (yours, then the opponent's)",
        ),
        "skip_turn": Verb({}, ("none",), "このターンの残りをとばす", "skip the rest of the turn"),
        "shields_face_up": Verb(
            {},
            ("none",),
            "クリーチャー1体につきシールドを1枚表向きにする",
            "a shield face up per creature you have",
        ),
        "reshuffle_shields": Verb(
            {},
            ("none",),
            "シールドを山札に加えてシャッフルし、同じ枚数をシールドに",
            "shields into the deck, as many back",
        ),
    },
    modifiers={"may": MAY},
    fixed=("do",),
)


def _check_keywords(value: Any) -> str | None:
    if not isinstance(value, dict):
        return "must be a table like { blocker = true, breaker = 2 }"
    for key, v in value.items():
        spec = KEYWORDS.get(key)
        if spec is None:
            return f"unknown keyword {key!r} (keywords: {', '.join(KEYWORDS)})"
        if not isinstance(v, spec[0]) or (spec[0] is int and isinstance(v, bool)):
            return f"{key} must be {spec[0].__name__}"
        if spec[0] is bool and v is not True:
            return f"{key}: write it as true, or leave it out"
    if "breaker" in value and value["breaker"] not in (2, 3):
        return "breaker is 2 (W・ブレイカー) or 3 (T・ブレイカー)"
    return None


def _check_civs(value: Any) -> str | None:
    if not value or len(set(value)) != len(value):
        return f"a non-empty list of distinct 文明 ({', '.join(CIVS)})"
    bad = [c for c in value if c not in CIVS]
    return f"unknown 文明 {bad[0]!r} (文明: {', '.join(CIVS)})" if bad else None


def _check_races(value: Any) -> str | None:
    if not value or not all(isinstance(r, str) and r for r in value):
        return 'a non-empty list of 種族, e.g. ["リキッド・ピープル"]'
    return None


def _check_evolution(value: Any) -> str | None:
    if not isinstance(value, dict) or len(value) != 1 or next(iter(value)) not in ("race", "civ"):
        return 'the base an evolution goes on: { race = "…" } or { civ = "…" }'
    if "civ" in value and value["civ"] not in CIVS:
        return f"unknown 文明 {value['civ']!r}"
    return None


def _check_effects(value: Any) -> str | None:
    return VOCABULARY.check_list(value, '{ do = "draw", count = 1, may = true }')


def _card_check(ctype: str, table: Any) -> tuple[str, str] | None:
    if table.get("supported", True) is False:
        return None  # a named card this engine cannot play: data for deck check only
    if ctype in PLAYED and "civ" not in table:
        return ("civ", "a card you can play has at least one 文明")
    if ctype == "spell" and not table.get("effects"):
        return ("effects", "a spell does something: give it an effect")
    if ctype in ("yellow", "red") and ("hall" in table or "banned" in table):
        return ("hall", "the 疑心ゾーン's cards are no deck cards")
    return None


_C: Final = frozenset(CREATURES)
_P: Final = frozenset(PLAYED)
SCHEMA: Final = CardSchema(
    types=TYPES_JA,
    fields={
        "civ": Field(list, allowed=_P, check=_check_civs, doc="文明"),
        "cost": Field(int, required=_P, allowed=_P, check=int_range(0, 20, "コスト")),
        "power": Field(int, required=_C, allowed=_C, check=int_range(0, 100000, "パワー"), doc="パワー"),
        "race": Field(list, required=_C, allowed=_C, check=_check_races, doc="種族"),
        "keywords": Field(dict, allowed=_P, check=_check_keywords),
        "evolution": Field(
            dict, required=frozenset({"evolution"}), allowed=frozenset({"evolution"}), check=_check_evolution
        ),
        "invasion": Field(
            str,
            allowed=frozenset({"evolution"}),
            choices=tuple(CIVS),
            doc="侵略: put on top of your attacking Command of this 文明, free, from the hand",
        ),
        "effects": Field(list, allowed=_P, check=_check_effects, doc="effects (効果)"),
        "hall": Field(str, allowed=_P, choices=tuple(HALL), doc="殿堂 / プレミアム殿堂"),
        "many": Field(bool, allowed=_P, doc="このカードは4枚以上デッキに入れることができる"),
        "banned": Field(str, allowed=_P, choices=tuple(BANS), doc="Amadeus 使用禁止 / 禁止 category"),
        "supported": Field(bool, allowed=_P, doc="false: named by the rulebook, not playable here"),
        "source": Field(str, allowed=_P, doc="where the card's facts come from"),
        **TEXT_FIELDS,
    },
    card_check=_card_check,
)


# ---------------------------------------------------------------------- compiled for the hot paths
@dataclass(frozen=True, slots=True)
class Effect:
    """One compiled effect: its verb, target and numbers."""

    do: str
    target: str = "none"
    count: int = 1
    may: bool = False
    max_power: int = 0  # 0: any power
    per_shield: bool = False
    power_attacker: int = 0
    breaker: int = 0
    own: int = 0
    opponent: int = 0

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # pickled by its constructor (core/frozen.py)
        return by_constructor(self)


@dataclass(frozen=True)
class Tables:
    """Per-card lookups, indexed by card definition."""

    ctype: tuple[int, ...]
    civ: tuple[int, ...]  # bit set of 文明 (CIV_BITS); 0 colourless
    ncivs: tuple[int, ...]
    cost: tuple[int, ...]
    power: tuple[int, ...]
    race: tuple[frozenset[str], ...]
    kw: tuple[dict[str, Any], ...]
    evolution: tuple[tuple[str, str] | None, ...]
    effects: tuple[tuple[Effect, ...], ...]
    hall: tuple[int, ...]  # 0 none, 1 殿堂, 2 プレミアム殿堂
    trigger: tuple[bool, ...]  # S・トリガー
    supported: tuple[bool, ...]
    invasion: tuple[int, ...]  # 侵略: the 文明 bit of the Commands it may invade, 0 none
    counted: tuple[bool, ...]  # can be a doubt: a deck card without "4枚以上デッキに入れることができる"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # pickled by its constructor (core/frozen.py)
        return by_constructor(self)


def compile_cards(cardset: CardSet) -> Tables:
    cols: dict[str, list[Any]] = {f: [] for f in Tables.__dataclass_fields__}
    for c in cardset:
        civs = c.get("civ", [])
        kw = dict(c.get("keywords", {}))
        evo = c.get("evolution")
        cols["ctype"].append(TYPE_IDS.index(c.type))
        cols["civ"].append(sum(CIV_BITS[x] for x in civs))
        cols["ncivs"].append(len(civs))
        cols["cost"].append(c.get("cost", 0))
        cols["power"].append(c.get("power", 0))
        cols["race"].append(frozenset(c.get("race", [])))
        cols["kw"].append(kw)
        cols["evolution"].append(None if evo is None else next(iter(evo.items())))
        cols["effects"].append(
            tuple(
                Effect(
                    e["do"],
                    e.get("target", VOCABULARY.verbs[e["do"]].targets[0]),
                    e.get("count", 1),
                    bool(e.get("may", False)),
                    e.get("max_power", 0),
                    bool(e.get("per_shield", False)),
                    e.get("power_attacker", 0),
                    e.get("breaker", 0),
                    e.get("own", 0),
                    e.get("opponent", 0),
                )
                for e in c.get("effects", [])
            )
        )
        cols["hall"].append({"殿堂": 1, "プレミアム殿堂": 2}.get(c.get("hall", ""), 0))
        cols["trigger"].append(bool(kw.get("shield_trigger")))
        cols["supported"].append(c.get("supported", True) is not False)
        cols["invasion"].append(CIV_BITS[c.get("invasion")] if c.get("invasion") else 0)
        cols["counted"].append(c.type in PLAYED and not c.get("many", False))
    return Tables(**{k: tuple(v) for k, v in cols.items()})


def civ_text(bits: int, lang: str = "ja") -> str:
    """A set of 文明 as text: 火/自然 (``lang="en"``: fire/nature)."""
    k = 0 if lang == "ja" else 1
    names = [names[k] if k == 0 else names[1].lower() for c, names in CIVS.items() if bits & CIV_BITS[c]]
    return "/".join(names) or ("無色" if lang == "ja" else "colourless")
