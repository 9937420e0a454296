"""ジェネシス・ガーデン (genesis): metadata, options, deck rules (本陣 of exactly 40), notation, new games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tefuda.core import Action, Deck, Game, Rng, register
from tefuda.core.actions import ActionKinds
from tefuda.core.game import sample_capped
from tefuda.core.observe import place

from .cards import RACES_EN, SCHEMA, TYPES_EN, compile_cards, subscriptions
from .effects import CONDITIONS
from .phase_ids import CARD_T, NONE_T, NPLACES, NTARGETS, PHASE_CODES, PHASE_NAMES, ROW_PLACES, SPELL
from .rulebook import rules
from .state import GenesisState
from .texts import KINDS_EN, PLACES_EN, TEXTS
from .zones import DECK, zone_specs

DECK_SIZE = 40  # 本陣: 40枚 (必ず40枚でなければならない)

KINDS = ActionKinds(
    [
        # kind, argument pattern (c card, r row, i instance, t target), menu label in Japanese and English: a
        # str.format template over unit (the unit acted on), other (a union's other card or the target), n (a
        # number: 攻撃 or 防衛 now), effect (〔種類/場所(コスト): what it does〕), speed
        ("keep", "", "マリガンしない", "keep the hand"),
        ("mulligan", "", "マリガン (手札5枚を引き直す)", "mulligan (a new hand of 5)"),
        ("summon", "cr", "召喚 {unit}", "summon {unit}"),
        ("end", "", "ターン終了を宣言", "declare the end of the turn"),
        (
            "return",
            "i",
            "手札に戻す: {unit} (本陣の上から1枚を冥府へ)",
            "return {unit} to hand (one card from the top of the deck to the underworld)",
        ),
        ("bury", "i", "冥府に送る: {unit}", "send {unit} to the underworld"),
        ("to-front", "i", "前衛へ移動: {unit}", "move {unit} to the front"),
        ("to-rear", "i", "後衛へ移動: {unit}", "move {unit} to the rear"),
        ("union", "ii", "ユニオン: {unit} → {other} ({n})", "union: lay {unit} on {other} ({n})"),
        (
            "release",
            "i",
            "ユニオンの解除: {unit} から {other} を後衛へ",
            "release {other} from {unit} to the rear",
        ),
        ("done", "", "配置を終える", "done arranging"),
        ("activate", "it", "起動効果を発動: {unit} {effect}{other}", "activate {unit} {effect}{other}"),
        ("pass", "", "", ""),  # by phase: _PASS
        ("attack", "i", "攻撃宣言: {unit} (攻撃 {n})", "attack with {unit} (attack {n})"),
        ("block", "i", "カードで受ける: {unit} (防衛 {n})", "block with {unit} (defense {n})"),
        ("take", "", "受けない (直接攻撃を受ける)", "do not block (take the attack)"),
        ("use", "it", "効果を発動: {unit} {effect}{other}", "use the effect of {unit} {effect}{other}"),
        ("decline", "i", "効果を発動しない: {unit}", "do not use the effect of {unit}"),
        # last, so that the indices of the kinds above stay what they were (recorded games, learners)
        (
            "swap",
            "ii",
            "前衛と後衛を入れ替え: {unit} ⇄ {other}",
            "swap {unit} (to the rear) with {other} (to the front)",
        ),
    ]
)
_PASS = {
    True: ("起動効果を発動しない (速度{speed})", "use no more activated effects (speed {speed})"),
    False: ("攻撃しない (速度{speed})", "make no more attacks (speed {speed})"),
}


@register
class GenesisGame(Game[GenesisState]):
    id = "genesis"
    name = "ジェネシス・ガーデン"
    name_en = "Genesis Garden"
    rules_version = "rules page of 2011-04-08"
    min_players = 2
    max_players = 2
    card_schema = SCHEMA
    types_en = TYPES_EN
    package_dir = Path(__file__).parent
    state_class = GenesisState
    rules = rules
    state_format = 2  # 2: decisions on the core's flow, optional effects in its waiting list
    texts = TEXTS
    conditions = CONDITIONS
    # a turn here is some twenty small free actions (moving to the front or rear, uniting, releasing): a
    # search's random playout drifts far from the position in a few of them. On the ladder over every deck
    # pair, ai cut after 1, 2, 4, 8, 16 and 48 actions scored 42, 50, 64, 56, 42 and 31 % against
    # ismcts:iters=400 (at depth 4 on other deals 56 %; docs/ai.md)
    playout_depth = 4

    def _setup(self) -> None:
        self.tables = compile_cards(self.cardset)
        # the house rules the hot paths read (options.toml; RULES.md says which reading is the page's)
        self.battle_in_spell = self.options["battle_effects"] == "spell"  # 「この戦闘は起動効果である」
        self.spell_kinds = frozenset({"起動", "戦闘"} if self.battle_in_spell else {"起動"})
        self.continuous_when_tapped = bool(self.options["continuous_when_tapped"])
        self.sick_for_the_turn = self.options["summoning_sickness"] == "turn"  # 呼び出されたターン
        # 召喚 / 対応 / 術式 (and 戦闘 with battle_effects=battle) listen to events
        self.listen(subscriptions(self.tables, battle_in_spell=self.battle_in_spell))
        n = len(self.cardset)
        sizes = {"c": n, "r": 2, "i": NPLACES, "t": NTARGETS}  # cards on the table by place, not id
        self.action_space = KINDS.space(sizes)
        self.summon_acts = [[Action("summon", c, r) for r in (0, 1)] for c in range(n)]
        # unit actions, made once, by the unit's place (phase_ids.ROW_PLACES)
        self.to_front_acts = [Action("to-front", k) for k in range(ROW_PLACES)]
        self.to_rear_acts = [Action("to-rear", k) for k in range(ROW_PLACES)]
        self.release_acts = [Action("release", k) for k in range(ROW_PLACES)]
        self.attack_acts = [Action("attack", k) for k in range(ROW_PLACES)]
        self.block_acts = [Action("block", k) for k in range(ROW_PLACES)]
        self.return_acts = [Action("return", k) for k in range(ROW_PLACES)]
        self.bury_acts = [Action("bury", k) for k in range(ROW_PLACES)]
        self.swap_acts = [[Action("swap", a, b) for b in range(ROW_PLACES)] for a in range(ROW_PLACES)]
        self.union_acts = [[Action("union", a, b) for b in range(ROW_PLACES)] for a in range(ROW_PLACES)]
        # a 起動効果 by its unit's place, then its target's code (up to NTARGETS): made as they are met
        self.activate_acts: list[dict[int, Action]] = [{} for _ in range(ROW_PLACES)]
        self._pool = [c.index for c in self.cardset]

    # ------------------------------------------------------------------ 本陣 rules
    def deck_problems(self, deck: Deck) -> list[tuple[int | None, str]]:
        out: list[tuple[int | None, str]] = []
        cap = self.options["max_copies"]
        for e in deck.entries:
            if e.count > cap:
                out.append(
                    (
                        e.line,
                        f"{e.card.label}: at most {cap} copies of one card, got {e.count} "
                        f"(同名は{cap}枚まで)",
                    )
                )
        if deck.count() != DECK_SIZE:
            out.append(
                (None, f"a 本陣 has exactly {DECK_SIZE} cards, this one has {deck.count()} (必ず40枚)")
            )
        return out

    def sample_unknown(self, n: int, known_defs: list[int], rng: Rng) -> list[int]:
        """The prior over an opponent's unseen cards: any card, no more copies than a 本陣 may hold."""
        return sample_capped(self._pool, self.options["max_copies"], n, known_defs, rng)

    def zone_specs(self, nplayers: int):
        return zone_specs(nplayers)

    def deal(self, decks: list[Deck], nplayers: int) -> list[tuple[int, int, int, int]]:
        """ゲームの準備: each player's 40 cards are their 本陣."""
        return [(c.index, seat, 0, seat * 7 + DECK) for seat, d in enumerate(decks) for c in d.cards()]

    def start(self, s: GenesisState) -> None:
        from . import setup

        s.init_fields()
        setup.start(s)
        s.push("proceed")
        s.run()

    # ------------------------------------------------------------------ notation
    def _ref(self, s: GenesisState, v: int, ch: str, lang: str) -> str:
        if ch == "c":
            c = self.cardset[v]
            return c.name if lang == "ja" else c.name_en
        if ch == "r":
            return ("前衛", "後衛")[v] if lang == "ja" else ("front", "rear")[v]
        from .effects import target_label

        # a card on the table is named by its place (i), an effect target by its place or code (t)
        return target_label(s, s.at_place(v) if ch == "i" else s.target_at(v), lang)

    def notation(self, s: GenesisState, action: Action, lang: str = "ja") -> str:
        pat = KINDS.pattern.get(action.kind)
        if pat is None:
            return f"{action.kind}?"
        parts = [self._ref(s, v, ch, lang) for ch, v in zip(pat, (action.a, action.b), strict=False)]
        parts = [p for p in parts if p]
        if len(parts) == 2:
            return f"{action.kind} {parts[0]} -> {parts[1]}"
        return " ".join([action.kind, *parts])

    # ------------------------------------------------------------------ labels (menus, observations)
    def _name(self, card: int, lang: int, bilingual: bool = True) -> str:
        c = self.cardset[card]
        if not bilingual:
            return c.name_en if lang else c.name
        return f"{c.name_en} ({c.name})" if lang else f"{c.name} ({c.name_en})"

    def _unit(self, s: GenesisState, inst: int, lang: int, bilingual: bool = True) -> str:
        """A card on the table: ``竜騎士 (Dragon Knight) [P1 前衛]``, with notation's ``#2`` for a second card
        of that name in that place."""
        z = s.where[inst]
        spec = s.zone_specs[z]
        same = [i for i in s.zones[z] if s.cards[i] == s.cards[inst]]
        tag = f" #{same.index(inst) + 1}" if len(same) > 1 else ""
        where = spec.label_en if lang else spec.name_ja
        return f"{self._name(s.cards[inst], lang, bilingual)}{tag} [P{spec.owner + 1} {where}]"

    def _target(self, s: GenesisState, t: int, lang: int, bilingual: bool) -> str:
        if t == NONE_T:
            return ""
        if t >= CARD_T:
            card, row = divmod(t - CARD_T, 2)
            rows = ("前衛", "後衛") if lang == 0 else ("front", "rear")
            return f"{self._name(card, lang, bilingual)} → {rows[row]}"
        return self._unit(s, t, lang, bilingual)

    def _effect(self, s: GenesisState, inst: int, lang: int) -> str:
        """〔起動/前衛(2): 2ダメージ〕 / (activated/front (2): 2 damage)."""
        from .state import effect_texts

        e = self.tables.effect[s.cards[inst]]
        assert e is not None, "describing the effect of a card without one"
        what = effect_texts(e)[lang]
        if lang == 0:
            return f"〔{e.label()}: {what}〕"
        return f"({KINDS_EN[e.kind]}/{PLACES_EN[e.place]} ({e.cost}): {what})"

    def _label(self, s: GenesisState, action: Action, lang: int, bilingual: bool = True) -> str:
        k = action.kind
        tb = self.tables
        if k == "pass":
            return _PASS[s.phase == SPELL][lang].format(speed=s.speed)
        pat = KINDS.pattern[k]
        if not pat:
            return KINDS.labels[k][lang]
        f: dict[str, Any] = {"other": "", "n": "", "effect": ""}
        a, b = action.a, action.b
        if k == "summon":
            c = a
            if lang == 0:
                f["unit"] = (
                    f"{self._name(c, 0, bilingual)} → {('前衛', '後衛')[b]} "
                    f"[召喚{tb.summon[c]} 速度{tb.speed[c]} 攻撃{tb.attack[c]} 防衛{tb.defense[c]}]"
                )
            else:
                f["unit"] = (
                    f"{self._name(c, 1, bilingual)} to the {('front', 'rear')[b]} [summon {tb.summon[c]}, "
                    f"speed {tb.speed[c]}, attack {tb.attack[c]}, defense {tb.defense[c]}]"
                )
            return KINDS.labels[k][lang].format(**f)
        a = s.at_place(a)  # actions name cards by place
        b = s.at_place(b) if k in ("union", "swap") else s.target_at(b) if k in ("activate", "use") else b
        f["unit"] = self._unit(s, a, lang, bilingual)
        p = s.partner[a]
        if k in ("return", "bury") and p >= 0:  # a union leaves whole
            f["unit"] += " + " + self._name(s.cards[p], lang, bilingual)
        elif k == "release":
            f["other"] = self._name(s.cards[p], lang, bilingual)
        elif k == "swap":
            f["other"] = self._unit(s, b, lang, bilingual)
        elif k == "union":
            f["other"] = self._unit(s, b, lang, bilingual)
            c = s.cards[a]
            atk, dfn = tb.attack[c] + s.atk_mod[a], tb.defense[c] + s.def_mod[a] - s.dmg[a]  # what it lends
            f["n"] = f"攻撃+{atk} 防衛+{dfn}" if lang == 0 else f"attack +{atk}, defense +{dfn}"
        elif k == "attack":
            f["n"] = s.attack(a)
        elif k == "block":
            f["n"] = s.defense(a)
        elif k in ("activate", "use"):
            f["effect"] = self._effect(s, a, lang)
            target = self._target(s, b, lang, bilingual)
            f["other"] = f" → {target}" if target else ""
        return KINDS.labels[k][lang].format(**f)

    def label(self, s: GenesisState, action: Action) -> tuple[str, str]:
        """Japanese with 日本語 (English) card names, English with English (日本語) names; the numbers that
        matter (召喚, 速度, 攻撃, 防衛) and the effect an action uses."""
        return self._label(s, action, 0), self._label(s, action, 1)

    def describe(self, s: GenesisState, action: Action) -> str:
        """A menu line: the Japanese label (names in both languages), then the English one, English names."""
        return f"{self._label(s, action, 0)}  — {self._label(s, action, 1, False)}"

    def action_refs(self, s: GenesisState, action: Action, seat: int) -> list[dict[str, Any]]:
        """The hand card and the row of a summon; the units an action moves, attacks or blocks with, and an
        effect's unit and target (a card to quick-summon: its hand or 冥府 and the row)."""
        k = action.kind
        a, b = action.a, action.b
        me = f"p{seat + 1}"
        if k == "summon":
            return [
                {"zone": f"{me}.hand", "pos": None, "card": self.card_ids[a]},
                {"zone": f"{me}.{('front', 'rear')[b]}", "pos": None, "card": None},
            ]
        if k in ("return", "bury", "to-front", "to-rear", "release", "attack", "block", "decline"):
            out = [place(s, s.at_place(a), seat)]
            to = {
                "return": "hand",
                "bury": "grave",
                "to-front": "front",
                "to-rear": "rear",
                "release": "rear",
            }
            if k in to:
                out.append({"zone": f"{me}.{to[k]}", "pos": None, "card": None})
            return out
        if k in ("union", "swap"):
            return [place(s, s.at_place(a), seat), place(s, s.at_place(b), seat)]
        if k in ("activate", "use"):
            a = s.at_place(a)
            out = [place(s, a, seat)]
            if b == NONE_T:
                return out
            if b >= CARD_T:
                card, row = divmod(b - CARD_T, 2)
                eff = self.tables.effect[s.cards[a]]
                src = "hand" if eff is not None and eff.source == "hand" else "grave"
                out.append({"zone": f"{me}.{src}", "pos": None, "card": self.card_ids[card]})
                out.append({"zone": f"{me}.{('front', 'rear')[row]}", "pos": None, "card": None})
                return out
            out.append(place(s, s.at_place(b), seat))
            return out
        return []

    # ------------------------------------------------------------------ views
    def render_extra(self, obs: dict[str, Any]) -> list[str]:
        """The round, whose turn, the 速度 and the battle going on, in Japanese and English."""
        from tefuda.view.text import card_label, zone_label

        ex = obs["extra"]
        if not ex:
            return []

        def where(ref: dict[str, Any]) -> str:
            return f"{card_label(self, ref['card'], 0)} [{zone_label(self, ref['zone'], 0)}]"

        parts = [f"ラウンド {ex['round']} round"]
        if ex["turn"] == "player":
            who = f"P{ex['turn_seat'] + 1}"
            parts.append(f"{who} のプレイヤーターン ({who}'s player turn)")
        elif ex["turn"] == "battle":
            parts.append("バトルターン (the battle turn)")
        if ex["speed"] is not None:
            parts.append(f"速度 {ex['speed']} (speed)")
        if ex["interrupted"] is not None:
            ja, en = PHASE_NAMES[PHASE_CODES.index(ex["interrupted"])]
            parts.append(f"{ja}の途中 (during the {en})")
        lines = [" · ".join(parts)]
        bt = ex["battle"]
        if bt is not None:
            if bt["blocker"] is not None:
                to = where(bt["blocker"])
            elif bt["direct"]:
                to = "直接攻撃 (a direct attack)"
            else:
                to = "受けるか選択中 (the block is being chosen)"
            lines.append(f"戦闘 battle: {where(bt['attacker'])} → {to}")
        return lines

    def position(self, **spec: Any) -> GenesisState:
        """A hand-made position (position.py documents the arguments: hands, decks, graves, fronts, rears,
        unions, tapped, destroyed, damage, cycles, first, start, turn_seat, advance …), validated."""
        from .position import position

        return position(self, **spec)

    def card_table_row(self, c: Any) -> dict[str, Any]:
        tb = self.tables
        e = tb.effect[c.index]
        return {
            **self.card_head(c),
            "race": f"{tb.race[c.index]} ({RACES_EN[tb.race[c.index]]})",
            "summon": tb.summon[c.index],
            "rank": tb.rank[c.index] or None,
            "speed": tb.speed[c.index],
            "attack": tb.attack[c.index],
            "defense": tb.defense[c.index],
            "effect": "" if e is None else e.label(),
            "text": c.get("text", ""),
            "text_en": c.get("text_en", ""),
        }


__all__ = ["NONE_T", "GenesisGame"]
