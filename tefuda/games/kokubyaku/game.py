"""黒白物語 (kokubyaku): metadata, options, deck rules, notation and new games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tefuda.core import Action, Deck, Game, Rng, register
from tefuda.core.actions import ActionKinds
from tefuda.core.game import sample_capped
from tefuda.core.observe import card_ref, zone_ref

from . import setup
from .cards import (
    CHAOS,
    DECK_SECTIONS,
    QUICK,
    RACES,
    SCHEMA,
    TYPES_EN,
    compile_cards,
    deck_problems,
)
from .effects import CONDITIONS, spell_zone, subscriptions
from .phase_ids import NONE, NPLACES, NTARGETS, OPP_M, OPP_S, OWN_F, OWN_S
from .rulebook import rules
from .state import KokubyakuState
from .table import allowed_zones, free_zones
from .zones import CHAOS_DECK, CHAOS_ZONE, DECK, GRAVE, HAND, M0, NZ, SOURCE, zone_specs

MAIN_CLASS, CHAOS_CLASS = 0, 1

KINDS = ActionKinds(
    [
        # kind, argument pattern (c card, q side and position, m 混成 zones, k own monster zone, t a place
        # or no target, e a card on the table and its effect, z a monster zone and position), Japanese,
        # English
        ("go-first", "", "先攻を選ぶ", "go first"),
        ("go-second", "", "後攻を選ぶ", "go second"),
        ("pass", "", "パス (優先権を渡す・フェイズ終了宣言)", "pass (hand priority over / end the phase)"),
        ("summon", "qc", "通常召喚", "summon"),
        ("tribute", "qc", "転生", "tribute summon"),
        ("merge", "mc", "混成", "merge"),
        ("position", "k", "表示形式を変更", "change the position of"),
        ("source", "c", "ソース置き場に置く", "put in the source pile"),
        ("cast", "tc", "発動", "activate"),
        ("activate", "et", "起動効果を発動", "activate the effect of"),
        ("attack", "kt", "攻撃宣言", "attack with"),
        ("accept", "", "バトルを受ける", "accept the battle"),
        ("refuse", "", "バトルを受けない (直接攻撃を受ける)", "refuse (take a direct attack)"),
        ("use", "t", "誘発効果を発動", "activate the triggered effect"),
        ("decline", "", "発動しない", "do not activate"),
        ("sacrifice", "k", "生贄にする", "sacrifice"),
        ("done", "", "生贄を決定して転生", "done: tribute summon"),
        ("discard", "c", "捨てる (上限8枚)", "discard (hand limit 8)"),
        ("take", "c", "デッキから手札に加える", "add from the deck to the hand"),
        ("revive", "zc", "屍の森から特殊召喚", "special summon from the graveyard"),
    ]
)
_SIDES = ("l-atk", "l-def", "r-atk", "r-def")
_SIDES_JA = ("左・攻撃表示", "左・守備表示", "右・攻撃表示", "右・守備表示")
_SIDES_EN = ("left, attack", "left, defense", "right, attack", "right, defense")


def place_text(code: int) -> str:
    """A place code as the acting player writes it: m1-m5 own monsters, om1-om5 the opponent's, s1-s5 and
    os1-os5 spells, f and of the field zones, - no target."""
    if code == NONE:
        return "-"
    if code < OPP_M:
        return f"m{code + 1}"
    if code < OWN_S:
        return f"om{code - OPP_M + 1}"
    if code < OPP_S:
        return f"s{code - OWN_S + 1}"
    if code < OWN_F:
        return f"os{code - OPP_S + 1}"
    return "f" if code == OWN_F else "of"


@register
class KokubyakuGame(Game[KokubyakuState]):
    id = "kokubyaku"
    name = "黒白物語"
    name_en = "Kokubyaku Monogatari (A Tale of Black and White)"
    rules_version = "undated rules page (its 「フィールドの説明」 section empty)"
    min_players = 2
    max_players = 2
    card_schema = SCHEMA
    types_en = TYPES_EN
    package_dir = Path(__file__).parent
    state_class = KokubyakuState
    rules = rules
    state_format = 1
    conditions = CONDITIONS
    deck_sections = DECK_SECTIONS

    def _setup(self) -> None:
        self.tables = compile_cards(self.cardset)
        self.quick = tuple(ct == QUICK for ct in self.tables.ctype)  # what may answer (hot path)
        self.listen(subscriptions(self.tables))
        n = len(self.cardset)
        self.action_space = KINDS.space(
            {"c": n, "q": 4, "m": 25, "k": 5, "t": NTARGETS, "e": NPLACES * 4, "z": 10}
        )
        self.acts = {kind: self.action_space.table(kind) for kind in KINDS.pattern}
        self._pool = {
            MAIN_CLASS: [c.index for c in self.cardset if c.type != "chaos"],
            CHAOS_CLASS: [c.index for c in self.cardset if c.type == "chaos"],
        }

    # ------------------------------------------------------------------ decks
    def deck_problems(self, deck: Deck) -> list[tuple[int | None, str]]:
        return deck_problems(deck, self.options["max_copies"])

    def public_class(self, card: int) -> int:
        """A カオスモンスター is known to be one (it stands in the カオスデッキ)."""
        return CHAOS_CLASS if self.tables.ctype[card] == CHAOS else MAIN_CLASS

    def sample_unknown(self, klass: int, n: int, known_defs: list[int], rng: Rng) -> list[int]:
        cap = self.options["max_copies"]
        return sample_capped(self._pool[klass], cap, n, known_defs, rng)

    # ------------------------------------------------------------------ new games
    def zone_specs(self, nplayers: int):
        return zone_specs(nplayers)

    def deal(self, decks: list[Deck], nplayers: int) -> list[tuple[int, int, int, int]]:
        """The deck face down, the カオスデッキ beside it."""
        out = []
        for seat, deck in enumerate(decks):
            for c in deck.cards(""):
                out.append((c.index, seat, MAIN_CLASS, seat * NZ + DECK))
            for c in deck.cards("chaos"):
                out.append((c.index, seat, CHAOS_CLASS, seat * NZ + CHAOS_DECK))
        return out

    def start(self, s: KokubyakuState) -> None:
        s.init_fields(self.options)
        setup.start(s)

    def position(self, **spec: Any) -> KokubyakuState:
        """A hand-made position (position.py documents the arguments: hands, decks, monsters, spells,
        equips, fields, sp, sources, active, phase …)."""
        from .position import position

        return position(self, **spec)

    # ------------------------------------------------------------------ notation and labels
    def _arg(self, ch: str, v: int, lang: str) -> str:
        if ch == "c":
            c = self.cardset[v]
            return c.name if lang == "ja" else c.name_en
        if ch == "q":
            return _SIDES[v]
        if ch == "m":
            b, w = divmod(v, 5)
            return f"m{b + 1}+m{w + 1}"
        if ch == "k":
            return f"m{v + 1}"
        if ch == "t":
            return place_text(v)
        if ch == "z":
            k, defense = divmod(v, 2)
            return f"m{k + 1}-{'def' if defense else 'atk'}"
        code, k = divmod(v, 4)
        return f"{place_text(code)}#{k + 1}"

    def notation(self, state: KokubyakuState, action: Action, lang: str = "ja") -> str:
        """``kind args… [card name]``: e.g. ``summon l-atk ならず``, ``cast om2 一閃``, ``attack m1 om3``."""
        pat = KINDS.pattern.get(action.kind)
        if pat is None:
            return f"{action.kind}?"
        parts = [self._arg(ch, v, lang) for ch, v in zip(pat, (action.a, action.b), strict=False)]
        return " ".join([action.kind, *parts])

    def label(self, state: KokubyakuState, action: Action) -> tuple[str, str]:
        ja, en = KINDS.labels[action.kind]
        pat = KINDS.pattern[action.kind]
        pj, pe = [ja], [en]
        for ch, v in zip(pat, (action.a, action.b), strict=False):
            if ch == "c":
                c = self.cardset[v]
                pj.append(c.label)
                pe.append(f"{c.name_en} ({c.name})")
            elif ch == "q":
                pj.append(f"({_SIDES_JA[v]})")
                pe.append(f"({_SIDES_EN[v]})")
            else:
                text = self._arg(ch, v, "en")
                pj.append(text)
                pe.append(text)
        return " ".join(pj), " ".join(pe)

    def action_refs(self, s: KokubyakuState, action: Action, seat: int) -> list[dict[str, Any]]:
        """What each action names, as the acting player's places: the hand card a summon, 転生, source,
        spell or discard takes and the zone it goes to (a summon's: the first free zone of the side chosen;
        a 転生's: the zones of that side, the sacrifices still to choose); a 混成's chaos card, its two
        sacrifices and the middle zone; the monster whose position changes, that attacks or is sacrificed;
        an effect's card on the table; every target (``om2``, ``s1`` …); the triggered effect's card; the
        monster a search takes from the deck (the seat's own deck list says it is there) and a revive's
        graveyard card and zone. A direct attack names its attacker only (a player has no zone)."""
        k, a, b = action.kind, action.a, action.b
        me = seat * NZ

        def hand(card: int, zone: int = HAND) -> dict[str, Any]:
            return {"zone": s.zone_specs[me + zone].key, "pos": None, "card": self.card_ids[card]}

        def at(code: int) -> list[dict[str, Any]]:
            inst = s.at_code(seat, code)
            return [] if inst < 0 else [card_ref(s, inst, seat)]

        def monster(zone: int) -> list[dict[str, Any]]:
            cards = s.zones[me + M0 + zone]
            return [card_ref(s, cards[0], seat)] if cards else []

        if k in ("summon", "tribute"):
            side = a // 2
            if k == "summon":
                zones = free_zones(s, seat, b, side)[:1]
            else:
                zones = list(allowed_zones(self.tables, b, side))
            return [hand(b), *(zone_ref(s, me + z) for z in zones)]
        if k == "merge":
            black, white = divmod(a, 5)
            return [hand(b, CHAOS_DECK), *monster(black), *monster(white), zone_ref(s, me + CHAOS_ZONE)]
        if k in ("position", "sacrifice"):
            return monster(a)
        if k == "source":
            return [hand(a), zone_ref(s, me + SOURCE)]
        if k == "discard":
            return [hand(a), zone_ref(s, me + GRAVE)]
        if k == "cast":
            z = spell_zone(s, seat, self.tables.ctype[b])
            return [hand(b), *at(a), *([zone_ref(s, z)] if z >= 0 else [])]
        if k == "activate":
            return [*at(a // 4), *at(b)]
        if k == "attack":
            return [*monster(a), *at(b)]
        if k == "use":
            w = s.pending.args[0] if s.pending is not None and s.pending.args else None
            src = [card_ref(s, w.source, seat)] if w is not None and s.where[w.source] >= 0 else []
            return [*src, *at(a)]
        if k == "done" and s.pending is not None and s.pending.what == "sacrifice":
            return [card_ref(s, s.pending.args[0], seat)]  # the monster being 転生'd, shown to both
        if k == "take":
            return [hand(a, DECK), zone_ref(s, me + HAND)]
        if k == "revive":
            zone, _ = divmod(a, 2)
            grave = s.zones[me + GRAVE]
            inst = next((i for i in reversed(grave) if s.cards[i] == b), -1)  # the copy that comes back
            back = [card_ref(s, inst, seat)] if inst >= 0 else []
            return [*back, zone_ref(s, me + M0 + zone)]
        return []

    def card_table_row(self, c: Any) -> dict[str, Any]:
        tb = self.tables
        monster = c.type in ("monster", "chaos")
        return {
            **self.card_head(c),
            "color": c.get("color", ""),
            "level": tb.level[c.index] if monster else None,
            "ap": tb.ap[c.index] if monster else None,
            "dp": tb.dp[c.index] if monster else None,
            "race": f"{tb.race[c.index]} ({RACES[tb.race[c.index]]})" if monster else "",
            "text": c.get("text", ""),
            "text_en": c.get("text_en", ""),
        }
