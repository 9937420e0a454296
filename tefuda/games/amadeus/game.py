"""アマデウス (amadeus): metadata, options, deck rules, notation and new games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tefuda.core import Action, Deck, Game, Rng, register
from tefuda.core.actions import ActionKinds
from tefuda.core.game import sample_capped
from tefuda.core.observe import card_ref, prompt_refs, zone_ref
from tefuda.core.prompt import action_text

from . import turn
from .cards import CREATURES, PLAYED, RED, SCHEMA, TYPES_EN, YELLOW, civ_text, compile_cards
from .deck import deck_problems
from .phase_ids import PLAYER
from .play import mana_kinds, payments
from .rulebook import rules
from .state import AmadeusState
from .suspicion import playable
from .zones import BATTLE, DECK, HAND, MANA, NZ, SHIELDS, SUSPICION, zone_specs

MAIN_CLASS, TABLE_CLASS = 0, 1

KINDS = ActionKinds(
    [
        # kind, argument pattern (c card, k own creature's place, t attack target, z zone, p position),
        # Japanese, English
        ("go-first", "", "先攻を選ぶ", "go first"),
        ("go-second", "", "後攻を選ぶ", "go second"),
        ("charge", "c", "マナチャージ", "charge mana with"),
        ("no-charge", "", "マナチャージしない", "no mana charge"),
        ("summon", "c", "召喚", "summon"),
        ("evolve", "ck", "進化", "evolve"),
        ("cast", "c", "呪文を唱える", "cast"),
        ("pay", "n", "マナをタップして支払う", "pay by tapping"),
        ("to-attack", "", "攻撃ステップへ", "go to the attack step"),
        ("attack", "kt", "攻撃", "attack with"),
        ("end-turn", "", "ターンを終了する", "end the turn"),
        ("invade", "c", "侵略", "invade with"),
        ("no-invasion", "", "侵略しない", "no invasion"),
        ("block", "k", "ブロック", "block with"),
        ("no-block", "", "ブロックしない", "do not block"),
        ("use", "c", "S・トリガーを使う", "use the shield trigger"),
        ("take", "c", "山札から見せて手札に加える", "show it and take it from the deck"),
        ("done", "", "終える", "done"),
        ("under", "c", "破壊のかわりに下に置く", "put under it instead of its destruction"),
        ("play", "", "疑心ゾーンのカードをプレイする", "play the suspicion-zone card"),
        ("decline", "", "プレイしない", "do not play it"),
        ("pick", "zp", "選ぶ", "choose"),
        ("pick-card", "cz", "選ぶ", "choose"),
        ("yes", "", "はい", "yes"),
        ("no", "", "いいえ", "no"),
    ]
)


@register
class AmadeusGame(Game[AmadeusState]):
    id = "amadeus"
    name = "アマデウス"
    name_en = "Amadeus (a Duel Masters house rule)"
    rules_version = "【DM】特殊ルール「アマデウス」 ver1.35 (2/19 update)"
    min_players = 2
    max_players = 2
    card_schema = SCHEMA
    types_en = TYPES_EN
    package_dir = Path(__file__).parent
    state_class = AmadeusState
    rules = rules
    state_format = 2  # 2: the declared S・トリガー and the turn each special loss is due (issue 23)
    max_game_length = 3000

    def _setup(self) -> None:
        self.tables = compile_cards(self.cardset)
        self.base_only = bool(self.options["base_only"])
        n = len(self.cardset)
        self.action_space = KINDS.space({"c": n, "k": 40, "t": 41, "z": 2 * NZ, "p": 80, "n": 512})
        # the actions offers list every step, made once (an offer picks them: no tuple built per step)
        self.acts = {
            kind: self.action_space.table(kind)
            for kind in ("charge", "summon", "cast", "evolve", "attack", "invade", "block", "use", "under")
        }
        self._pool = [
            c.index for c in self.cardset if c.type in PLAYED and c.get("supported", True) is not False
        ]
        self._table_cards = {
            YELLOW: next(c.index for c in self.cardset if c.type == "yellow"),
            RED: next(c.index for c in self.cardset if c.type == "red"),
        }

    # ------------------------------------------------------------------ decks
    def deck_problems(self, deck: Deck) -> list[tuple[int | None, str]]:
        return deck_problems(deck, self.base_only)

    def default_deck(self, seat: int) -> Deck:
        """The sample decks legal under the options (a deck that cheats with a プレミアム殿堂 card is no
        plain Duel Masters deck)."""
        legal = list(self.legal_sample_decks().values())
        return legal[seat % len(legal)]

    def public_class(self, card: int) -> int:
        return TABLE_CLASS if self.tables.ctype[card] in (YELLOW, RED) else MAIN_CLASS

    def sample_unknown(self, n: int, known_defs: list[int], rng: Rng) -> list[int]:
        """A guess at an opponent's unseen cards: a highlander (the cheats are what nobody can guess), or
        plain Duel Masters' 4 of a name."""
        if self.base_only:
            return sample_capped(self._pool, 4, n, known_defs, rng)
        seen = set(known_defs)
        free = [c for c in self._pool if c not in seen]
        out = []
        for _ in range(min(n, len(free))):  # n draws without putting back
            k = rng.below(len(free))
            out.append(free[k])
            free[k] = free[-1]
            free.pop()
        while len(out) < n:  # more unseen cards than names left: the pool again
            out.append(self._pool[rng.below(len(self._pool))])
        return out

    # ------------------------------------------------------------------ new games
    def zone_specs(self, nplayers: int):
        return zone_specs(nplayers)

    def deal(self, decks: list[Deck], nplayers: int) -> list[tuple[int, int, int, int]]:
        """The deck face down; the イエローカード and レッドカード face up in the 疑心ゾーン (not Amadeus:
        none)."""
        out = []
        for seat, deck in enumerate(decks):
            out += [(c.index, seat, MAIN_CLASS, seat * NZ + DECK) for c in deck.cards()]
            if not self.base_only:
                out += [
                    (self._table_cards[t], seat, TABLE_CLASS, seat * NZ + SUSPICION) for t in (YELLOW, RED)
                ]
        return out

    def start(self, s: AmadeusState) -> None:
        s.init_fields(self.options)
        for p in (0, 1):
            for i in s.zones[p * NZ + SUSPICION]:
                s.turn_face_up(i)
        turn.start(s)

    def position(self, **spec: Any) -> AmadeusState:
        """A hand-made position (position.py documents the arguments)."""
        from .position import position

        return position(self, **spec)

    # ------------------------------------------------------------------ notation and labels
    def _card(self, v: int, lang: str) -> str:
        c = self.cardset[v]
        return c.name if lang == "ja" else c.name_en

    def notation(self, s: AmadeusState, action: Action, lang: str = "ja") -> str:
        """``kind args…``: ``summon ボーン・グール``, ``evolve 三界 ブッディ 2``, ``attack 1 player``,
        ``attack 2 3`` (your creature 2 at their creature 3), ``pick p2.shields#4``, ``yes``."""
        k = action.kind
        if k in ("pick", "pick-card", "yes", "no") or (
            k == "done" and s.pending and s.pending.kind != "menu"
        ):
            return action_text(s, s.pending, action, lang) if s.pending is not None else k
        if k == "pay":
            return f"pay {self._payment(s, action, lang)}"
        pat = KINDS.pattern.get(k)
        if pat is None:
            return f"{k}?"
        parts = []
        for ch, v in zip(pat, (action.a, action.b), strict=False):
            if ch == "c":
                parts.append(self._card(v, lang))
            elif ch == "k":
                parts.append(str(v + 1))
            elif ch == "t":
                parts.append("player" if v == PLAYER else str(v))
            else:
                parts.append(str(v))
        return " ".join([k, *parts])

    def label(self, s: AmadeusState, action: Action) -> tuple[str, str]:
        k = action.kind
        ja, en = KINDS.labels.get(k, (k, k))
        pat = KINDS.pattern.get(k, "")
        seat = s.to_move
        if k == "pick":
            inst = s.zones[action.a][action.b] if s.pending is not None and s.pending.cards else -1
            if inst < 0:
                return f"{ja} {action.a}", f"{en} {action.a}"
            what = self._inst(s, inst, seat)
            return f"{ja}: {what[0]}", f"{en}: {what[1]}"
        if k == "pay":
            return f"{ja}: {self._payment(s, action, 'ja')}", f"{en}: {self._payment(s, action, 'en')}"
        pj, pe = [ja], [en]
        for ch, v in zip(pat, (action.a, action.b), strict=False):
            if ch == "c":
                c = self.cardset[v]
                pj.append(c.label)
                pe.append(f"{c.name_en} ({c.name})")
            elif ch == "k":
                inst = s.creatures(seat)[v]
                pj.append(self._inst(s, inst, seat)[0])
                pe.append(self._inst(s, inst, seat)[1])
            elif ch == "t":
                if v == PLAYER:
                    pj.append("→ 相手プレイヤー")
                    pe.append("→ the opponent")
                else:
                    inst = s.creatures(1 - seat)[v - 1]
                    pj.append("→ " + self._inst(s, inst, seat)[0])
                    pe.append("→ " + self._inst(s, inst, seat)[1])
        return " ".join(pj), " ".join(pe)

    def _payment(self, s: AmadeusState, action: Action, lang: str) -> str:
        """``火×3 自然×1``: how many mana cards of each kind a payment taps."""
        p = s.pending
        if p is None or p.what != "pay":
            return str(action.a)
        ways = payments(s, s.to_move, s.cards[p.args[0]])
        if not 0 <= action.a < len(ways):
            return str(action.a)
        return " ".join(f"{civ_text(t, lang)}×{n}" for t, n in ways[action.a]) or "-"

    def _inst(self, s: AmadeusState, inst: int, seat: int) -> tuple[str, str]:
        """A card as the deciding seat may name it: its name (if known) and where it lies."""
        spec = s.zone_specs[s.where[inst]]
        pos = s.zones[s.where[inst]].index(inst) + 1
        where_ja, where_en = (
            f"[P{spec.owner + 1} {spec.name_ja}#{pos}]",
            f"[P{spec.owner + 1} {spec.label_en}#{pos}]",
        )
        if not s.knows(seat, inst):
            return f"裏向きのカード {where_ja}", f"a face-down card {where_en}"
        c = self.cardset[s.cards[inst]]
        extra = f" パワー{s.power(inst)}" if s.place_of(inst) == 4 else ""
        return f"{c.label}{extra} {where_ja}", f"{c.name_en} ({c.name}){extra} {where_en}"

    def action_refs(self, s: AmadeusState, action: Action, seat: int) -> list[dict[str, Any]]:
        """What each action names: the hand card charged, summoned, cast, used as an S・トリガー, invading
        or put under a creature, and the zone or creature it goes to; the creature that attacks, blocks or
        is evolved on; an attack's target (a creature, or the opponent: their shield zone); the mana cards a
        payment taps; the deck card a search takes; the 疑心ゾーン card played; and every ``pick`` of the
        core's prompts (a shield to break, a creature to target, a card of the opponent's shown hand)."""
        refs = prompt_refs(s, action, seat)
        if refs is not None:
            return refs
        k, a, b = action.kind, action.a, action.b
        me, opp = seat * NZ, (1 - seat) * NZ

        def hand(card: int) -> dict[str, Any]:
            return {"zone": s.zone_specs[me + HAND].key, "pos": None, "card": self.card_ids[card]}

        def at(inst: int) -> list[dict[str, Any]]:
            return [card_ref(s, inst, seat)] if inst >= 0 and s.where[inst] >= 0 else []

        if k == "charge":
            return [hand(a), zone_ref(s, me + MANA)]
        if k == "summon":
            return [hand(a), zone_ref(s, me + BATTLE)]
        if k == "evolve":
            return [hand(a), *at(s.creatures(seat)[b])]
        if k in ("cast", "use"):
            return [hand(a)]
        if k == "pay":
            p = s.pending
            ways = payments(s, seat, s.cards[p.args[0]]) if p is not None and p.what == "pay" else ()
            if not 0 <= a < len(ways):
                return []
            kinds = dict(mana_kinds(s, seat))
            tapped = [i for t, n in ways[a] for i in kinds[t][:n]]
            zone = s.zones[me + MANA]
            return [card_ref(s, i, seat) for i in sorted(tapped, key=zone.index)]
        if k == "attack":
            target = [zone_ref(s, opp + SHIELDS)] if b == PLAYER else at(s.creatures(1 - seat)[b - 1])
            return [*at(s.creatures(seat)[a]), *target]
        if k == "invade":
            return [hand(a), *at(s.attack[0] if s.attack is not None else -1)]
        if k == "block":
            return at(s.creatures(seat)[a])
        if k == "take":
            deck = s.zones[me + DECK]
            inst = next((i for i in deck if s.cards[i] == a), -1)
            return [*at(inst), zone_ref(s, me + HAND)]
        if k == "under":
            p = s.pending
            return [hand(a), *at(p.args[0] if p is not None and p.args else -1)]
        if k == "play":
            return at(playable(s, seat))
        return []

    def card_table_row(self, c: Any) -> dict[str, Any]:
        """Civilization, cost, power, race; its standing (殿堂, banned, not playable here) in one column."""
        tb = self.tables
        creature = c.type in CREATURES
        status = [c.get("hall", "")]
        if c.get("banned"):
            status.append(f"禁止 {c.get('banned')}")
        if not tb.supported[c.index]:
            status.append("unsupported")
        return {
            **self.card_head(c),
            "civ": civ_text(tb.civ[c.index]),
            "cost": c.get("cost"),
            "power": tb.power[c.index] if creature else None,
            "race": " / ".join(c.get("race", [])),
            "status": " ".join(x for x in status if x),
            "text": c.get("text", ""),
            "text_en": c.get("text_en", ""),
        }
