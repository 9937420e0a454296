"""ジェネシス・ガーデン (genesis): metadata, options, deck rules (本陣 of exactly 40), notation, new games."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from tefuda.core import Action, ActionSpace, Deck, Game, OptionError, OptionSpec, Rng, register
from tefuda.core.game import sample_capped

from .cards import RACES_EN, SCHEMA, TYPES_EN, TYPES_JA, compile_cards
from .phase_ids import NONE_T, NPLACES, NTARGETS, ROW_PLACES
from .state import GenesisState
from .texts import EVENT_TEXT, TERM_LABELS
from .zones import DECK, zone_specs

DECK_SIZE = 40  # 本陣: 40枚 (必ず40枚でなければならない)

_KINDS: list[tuple[str, str, str, str]] = [
    # kind, argument pattern (c card, r row, i instance, t target), Japanese, English
    ("keep", "", "マリガンしない", "keep the hand"),
    ("mulligan", "", "マリガン(引き直し)", "mulligan"),
    ("summon", "cr", "召喚", "summon"),
    ("end", "", "ターン終了を宣言", "declare the end of the turn"),
    (
        "return",
        "i",
        "破壊されたユニットを手札に戻す(ユニオンは2枚とも; 本陣の上から1枚を冥府へ)",
        "return the destroyed unit to hand (a union: both cards; one card from the top of the deck goes "
        "to the underworld)",
    ),
    (
        "bury",
        "i",
        "破壊されたユニットを冥府に送る(ユニオンは2枚とも)",
        "send the destroyed unit to the underworld (a union: both cards)",
    ),
    ("to-front", "i", "前衛へ移動", "move to the front"),
    ("to-rear", "i", "後衛へ移動", "move to the rear"),
    ("union", "ii", "ユニオン", "union"),
    ("release", "i", "ユニオンの解除", "release the union"),
    ("done", "", "配置を終える", "done arranging"),
    ("activate", "it", "起動効果を発動", "activate"),
    ("pass", "", "発動/攻撃しない", "pass"),
    ("attack", "i", "攻撃宣言", "attack"),
    ("block", "i", "カードで受ける", "block with"),
    ("take", "", "受けない(直接攻撃を受ける)", "take the attack"),
    ("use", "it", "効果を発動", "use the effect"),
    ("decline", "i", "効果を発動しない", "do not use the effect"),
]
_PATTERN = {k: pat for k, pat, _, _ in _KINDS}
_LABELS = {k: (ja, en) for k, _, ja, en in _KINDS}


@register
class GenesisGame(Game):
    id = "genesis"
    name = "ジェネシス・ガーデン"
    name_en = "Genesis Garden"
    rules_version = "rules page of 2011-04-08"
    min_players = 2
    max_players = 2
    card_schema = SCHEMA
    package_dir = Path(__file__).parent
    state_class = GenesisState
    event_text = EVENT_TEXT
    term_labels = TERM_LABELS
    outcomes: ClassVar[dict[str, tuple[str, str]]] = {
        "third_empty": ("本陣が3回0になった", "third empty 本陣"),
    }
    option_specs: ClassVar[dict[str, OptionSpec]] = {
        "max_copies": OptionSpec(
            4,
            "copies of one card allowed in a 本陣 (the page sets none: our decision)",
            "同名カードの上限",
            kind=int,
            min=1,
            max=40,
        ),
        "open_decklists": OptionSpec(
            False,
            "deck lists are public (the AI may assume the opponent's list)",
            "デッキリスト公開",
            kind=bool,
        ),
    }

    def _setup(self) -> None:
        self.tables = compile_cards(self.cardset)
        n = len(self.cardset)
        sizes = {"c": n, "r": 2, "i": NPLACES, "t": NTARGETS}  # cards on the table by place, not id
        kinds = []
        for k, pat, _, _ in _KINDS:
            sz = [sizes[ch] for ch in pat] + [0] * (2 - len(pat))
            kinds.append((k, sz[0], sz[1]))
        self.action_space = ActionSpace(kinds)
        self.summon_acts = [[Action("summon", c, r) for r in (0, 1)] for c in range(n)]
        # unit actions, made once, by the unit's place (phase_ids.ROW_PLACES)
        self.to_front_acts = [Action("to-front", k) for k in range(ROW_PLACES)]
        self.to_rear_acts = [Action("to-rear", k) for k in range(ROW_PLACES)]
        self.release_acts = [Action("release", k) for k in range(ROW_PLACES)]
        self.attack_acts = [Action("attack", k) for k in range(ROW_PLACES)]
        self.block_acts = [Action("block", k) for k in range(ROW_PLACES)]
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

    def new_state(
        self,
        decks: list[Deck] | None = None,
        seed: int = 0,
        *,
        players: int | None = None,
        record: bool = True,
    ) -> GenesisState:
        from . import flow, setup

        n = players or 2
        if n != 2:
            raise OptionError("ジェネシス・ガーデン is a game for exactly 2 players")
        if decks is None:
            decks = [self.default_deck(0), self.default_deck(1)]
        if len(decks) != 2:
            raise ValueError(f"need 2 decks, got {len(decks)}")
        for d in decks:
            self.check_deck(d)
        instances = [(c.index, seat, 0, seat * 7 + DECK) for seat, d in enumerate(decks) for c in d.cards()]
        s = GenesisState.__new__(GenesisState)
        s._init_core(self, 2, zone_specs(2), instances, seed, record)
        s.init_fields()
        setup.start(s)
        flow.proceed(s)
        return s

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
        pat = _PATTERN.get(action.kind)
        if pat is None:
            return f"{action.kind}?"
        parts = [self._ref(s, v, ch, lang) for ch, v in zip(pat, (action.a, action.b), strict=False)]
        parts = [p for p in parts if p]
        if len(parts) == 2:
            return f"{action.kind} {parts[0]} -> {parts[1]}"
        return " ".join([action.kind, *parts])

    def label(self, s, action: Action) -> tuple[str, str]:  # TEMPORARY shim until the schema conversion
        text = self.describe_old(s, action)
        ja, _, en = text.partition(" — ")
        return ja, en or ja

    def describe_old(self, s: GenesisState, action: Action) -> str:
        ja, en = _LABELS.get(action.kind, (action.kind, action.kind))
        tb = self.tables
        extra = ""
        if action.kind == "summon":
            c = action.a
            extra = f" [召喚{tb.summon[c]} 速度{tb.speed[c]} 攻撃{tb.attack[c]} 防衛{tb.defense[c]}]"
        body = self.notation(s, action).split(" ", 1)[1] if " " in self.notation(s, action) else ""
        body_en = self.notation(s, action, "en").split(" ", 1)[1] if body else ""
        return f"{ja} {body}{extra} — {en} {body_en}".strip()

    # ------------------------------------------------------------------ views
    def render_observation(self, obs: dict[str, Any]) -> Any:
        from .view import render_observation

        return render_observation(self, obs)

    def card_table_row(self, c: Any) -> dict[str, Any]:
        tb = self.tables
        e = tb.effect[c.index]
        return {
            "id": c.id,
            "name": c.name,
            "name_en": c.name_en,
            "type": c.type,
            "type_label": f"{TYPES_JA[c.type]} ({TYPES_EN[c.type]})",
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
