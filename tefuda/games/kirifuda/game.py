"""切り札 (kirifuda): metadata, house-rule options, deck rules, notation, and new games."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from tefuda.core import Action, Deck, Game, NotationError, Rng, register
from tefuda.core.actions import ActionKinds
from tefuda.core.game import sample_capped
from tefuda.core.observe import card_ref, zone_ref

from . import setup
from .cards import (
    ATTRIBUTES,
    MAIN,
    SCHEMA,
    TRUMP_A,
    TRUMP_ATTACKER,
    TRUMP_S,
    TRUMP_SUPPORT,
    TYPE_IDS,
    TYPES_EN,
    compile_cards,
)
from .position import position as build_position
from .rulebook import rules
from .state import MAX_POS, KirifudaState
from .zones import ATTACKER_SLOT, DECK, HAND, LIFE, NZ, SUPPORT_SLOTS, TRUMP, zone_specs

KINDS = ActionKinds(
    [
        # kind, argument pattern, Japanese, English
        ("go-first", "", "先攻を選ぶ", "go first"),
        ("go-second", "", "後攻を選ぶ", "go second"),
        ("redraw", "", "引き直す", "redraw the shown cards"),
        ("keep-hand", "", "引き直さない", "keep the shown cards"),
        ("reveal", "", "公開する(もう1枚引く)", "show the drawn card and draw one more"),
        ("no-reveal", "", "公開しない", "keep the drawn card hidden"),
        ("set-attacker", "c", "アタッカー置き場にセット", "set in the attacker slot"),
        ("set-support", "c", "サポート置き場にセット", "set in a support slot"),
        ("overwrite", "sc", "上書きしてセット", "overwrite a support slot with"),
        ("done", "", "セットしました", "done setting"),
        ("no-trump", "", "切り札を使いません", "no trump"),
        ("trump-attacker", "", "切り札アタッカーを使う", "use the trump attacker"),
        ("trump-support", "s", "切り札サポートを使う", "use the trump support in slot"),
        ("open-support", "s", "サポートをオープン", "open the support in slot"),
        ("pass", "", "サポートを使いません", "use no support"),
        ("pay-set", "s", "コスト:セットカードを捨てる", "pay: discard the set card in slot"),
        ("pay-hand", "c", "コスト:手札を捨てる", "pay: discard from hand"),
        ("decline", "", "コストを払わない", "do not pay the cost"),
        ("scry-keep", "", "山札の上に残す", "keep it on top"),
        ("scry-bottom", "", "山札の下に置く", "put it at the bottom"),
        ("peek-support", "s", "相手のサポートを見る", "look at the opponent's support in slot"),
        ("discard-support", "s", "相手のサポートを捨てる", "discard the opponent's support in slot"),
        ("peek-life", "p", "相手のライフを見る", "look at the opponent's life card"),
        ("swap-life", "pc", "ライフと手札を入れ替える", "swap life card with hand card"),
        ("skip", "", "入れ替えない", "do not swap"),
        ("take-life", "p", "ライフを1枚選ぶ", "take the opponent's life card"),
        # added by the rulebook audit (issue 23): after the older kinds, so their action indices stay
        ("use-trump", "", "切り札を使用する", "use a trump"),
        ("open-set-attacker", "", "セットアタッカーとしてオープンします", "open it as a set attacker"),
        ("keep-set", "", "セットしたままにする", "leave it set (no attacker this round)"),
        ("overwrite-attacker", "c", "アタッカー置き場を上書きしてセット", "overwrite the attacker slot with"),
        (
            "pay-set-attacker",
            "",
            "コスト:アタッカー置き場のセットカードを捨てる",
            "pay: discard the set card in the attacker slot",
        ),
    ]
)

# menu labels that say which place an argument is and name the card the mover knows there (the notation
# stays ``kind [slot|position] [card]``): {slot} a support slot, {pos} a life card's place, {card} the card
# the action names, {own} the card at that place (": 名前 (Name)", empty where the mover cannot know it),
# {trump} the mover's trump card; every other kind reads "label args…"
LABELS: dict[str, tuple[str, str]] = {
    "overwrite": ("サポート置き場{slot}を上書き: {card}", "overwrite support slot {slot} with {card}"),
    "overwrite-attacker": ("アタッカー置き場を上書き: {card}", "overwrite the attacker slot with {card}"),
    "open-support": (
        "サポート置き場{slot}のサポートをオープン{own}",
        "open the support in support slot {slot}{own}",
    ),
    "trump-attacker": ("切り札アタッカーを使う: {trump}", "use the trump attacker: {trump}"),
    "trump-support": (
        "切り札サポートを使う: サポート置き場{slot}に{trump}",
        "use the trump support: {trump} in support slot {slot}",
    ),
    "pay-set": (
        "コスト: サポート置き場{slot}のセットカードを捨てる{own}",
        "pay: discard the set card in support slot {slot}{own}",
    ),
    "pay-set-attacker": (
        "コスト: アタッカー置き場のセットカードを捨てる{own}",
        "pay: discard the set card in the attacker slot{own}",
    ),
    "open-set-attacker": ("セットアタッカーとしてオープンします{own}", "open it as a set attacker{own}"),
    "keep-set": ("セットしたままにする{own}", "leave it set (no attacker this round){own}"),
    "peek-support": ("相手のサポート置き場{slot}を見る", "look at the opponent's support slot {slot}"),
    "discard-support": (
        "相手のサポート置き場{slot}のカードを捨てる{own}",
        "discard the opponent's card in support slot {slot}{own}",
    ),
    "peek-life": ("相手のライフ{pos}枚目を見る{own}", "look at the opponent's life card {pos}{own}"),
    "swap-life": (
        "ライフ{pos}枚目と手札の{card}を入れ替える",
        "swap your life card {pos} with {card} from hand",
    ),
    "take-life": (
        "相手のライフ{pos}枚目を手札に加える{own}",
        "take the opponent's life card {pos} into hand{own}",
    ),
}
# the place an action's slot, position or own card is: (whose — "me" or "opp" —, zone of the seat)
_SLOT_SIDE = {"peek-support": "opp", "discard-support": "opp"}
_POS_SIDE = {"swap-life": "me"}
_ATTACKER_KINDS = ("overwrite-attacker", "open-set-attacker", "keep-set", "pay-set-attacker", "set-attacker")


@register
class KirifudaGame(Game[KirifudaState]):
    id = "kirifuda"
    name = "切り札"
    name_en = "Kirifuda (Trump Card)"
    rules_version = "blog posts of 2019-11 (setup page of 2019-03, partial)"
    min_players = 2
    max_players = 2
    card_schema = SCHEMA
    types_en = TYPES_EN
    package_dir = Path(__file__).parent
    state_class = KirifudaState
    rules = rules
    state_format = 2  # 2: decisions and pending effects on the core's flow (prompt, frames)
    # 「※切り札が使えるのは1回だけ!」 and 「各プレイヤー1ゲーム中1回に限り、カードの上書き…」 (RULES.md): the
    # rights the AI keeps when a move that does not spend them looks as good
    once_only = frozenset({"use-trump", "overwrite", "overwrite-attacker"})

    def _setup(self) -> None:
        self.tables = compile_cards(self.cardset)
        self._decklists: dict[tuple, dict[str, int]] = {}
        n = len(self.cardset)
        self.action_space = KINDS.space({"c": n, "s": 2, "p": MAX_POS})
        # card actions, made once: the hot paths index these instead of building tuples
        self.set_attacker_acts = [Action("set-attacker", c) for c in range(n)]
        self.set_support_acts = [Action("set-support", c) for c in range(n)]
        self.overwrite_acts = [[Action("overwrite", k, c) for c in range(n)] for k in (0, 1)]
        self.overwrite_attacker_acts = [Action("overwrite-attacker", c) for c in range(n)]
        self._pool = {
            MAIN: [c.index for c in self.cardset if c.type in ("attacker", "support")],
            TRUMP_A: [c.index for c in self.cardset if c.type == "trump_attacker"],
            TRUMP_S: [c.index for c in self.cardset if c.type == "trump_support"],
        }

    # ------------------------------------------------------------------ deck rules (our decision, RULES.md)
    def deck_problems(self, deck: Deck) -> list[tuple[int | None, str]]:
        out: list[tuple[int | None, str]] = []
        main = 0
        trumps: Counter[str] = Counter()
        for e in deck.entries:
            t = e.card.type
            if t in ("trump_attacker", "trump_support"):
                trumps[t] += e.count
                if e.count != 1:
                    out.append(
                        (
                            e.line,
                            f"{e.card.label}: a trump card is listed once (count 1), "
                            f"got {e.count} — 切り札デッキは2枚",
                        )
                    )
            else:
                main += e.count
                cap = self.options["max_copies"]
                if e.count > cap:
                    out.append(
                        (
                            e.line,
                            f"{e.card.label}: at most {cap} copies of one card, got {e.count} "
                            f"(同名カードは{cap}枚まで)",
                        )
                    )
        size = self.options["deck_size"]
        if main != size:
            out.append(
                (None, f"the main deck must have exactly {size} cards, this one has {main} (山札は{size}枚)")
            )
        for t, ja in (("trump_attacker", "切り札アタッカー"), ("trump_support", "切り札サポート")):
            if trumps[t] != 1:
                out.append(
                    (
                        None,
                        f"the trump deck needs exactly one {t.replace('_', ' ')} ({ja}1枚), "
                        f"this one has {trumps[t]}",
                    )
                )
        return out

    # ------------------------------------------------------------------ new games
    def zone_specs(self, nplayers: int):
        return zone_specs(nplayers)

    def deal(self, decks: list[Deck], nplayers: int) -> list[tuple[int, int, int, int]]:
        """準備: the main deck face down; the trump deck (切り札デッキ: an attacker and a support) aside."""
        instances: list[tuple[int, int, int, int]] = []
        for seat, deck in enumerate(decks):
            for c in deck.cards():
                ct = TYPE_IDS.index(c.type)
                if ct == TRUMP_ATTACKER:
                    instances.append((c.index, seat, TRUMP_A, seat * NZ + TRUMP))
                elif ct == TRUMP_SUPPORT:
                    instances.append((c.index, seat, TRUMP_S, seat * NZ + TRUMP))
                else:
                    instances.append((c.index, seat, MAIN, seat * NZ + DECK))
        return instances

    def start(self, s: KirifudaState) -> None:
        s.init_fields()
        setup.start(s)

    def public_class(self, card: int) -> int:
        """Main deck, or the trump deck's attacker or support: a face-down trump is known to be one."""
        t = self.cardset[card].type
        return TRUMP_A if t == "trump_attacker" else TRUMP_S if t == "trump_support" else MAIN

    def sample_unknown(self, klass: int, n: int, known_defs: list[int], rng: Rng) -> list[int]:
        """The prior over an opponent's unseen cards when deck lists are closed: any card of the right
        class, no more copies than a deck may hold."""
        cap = self.options["max_copies"] if klass == MAIN else 1
        return sample_capped(self._pool[klass], cap, n, known_defs, rng)

    # ------------------------------------------------------------------ views
    def attr_names(self, mask: int) -> list[str]:
        return [a for i, a in enumerate(ATTRIBUTES) if mask >> i & 1]

    def decklist_view(self, s: KirifudaState, seat: int) -> dict[str, int]:
        """A player's deck list (card id -> copies), counted once per deal and seat (identities do not change
        in play; the cache compares the whole deal, so a changed one is counted afresh)."""
        deal = tuple(s.cards)
        key = (deal, tuple(s.owner), seat)
        hit = self._decklists.get(key)
        if hit is not None:
            return dict(hit)
        counts = Counter(self.cardset[deal[i]].id for i in range(len(deal)) if s.owner[i] == seat)
        view = dict(sorted(counts.items()))
        if len(self._decklists) > 256:
            self._decklists.clear()
        self._decklists[key] = view
        return dict(view)

    def position(self, **spec: Any) -> KirifudaState:
        """A hand-made position (position.py documents the arguments: hands, decks, lives, supports,
        trumps, first, start, round …)."""
        return build_position(self, **spec)

    # ------------------------------------------------------------------ notation and labels
    def notation(self, state: KirifudaState, action: Action, lang: str = "ja") -> str:
        """``kind [slot|position] [card name]``, e.g. ``overwrite 1 紅蓮の竜騎士`` (``lang="en"``: English
        names)."""
        pat = KINDS.pattern.get(action.kind)
        if pat is None:
            return f"{action.kind}?"
        args = []
        for ch, v in zip(pat, (action.a, action.b), strict=False):
            if ch == "c":
                c = self.cardset[v]
                args.append(c.name if lang == "ja" else c.name_en)
            else:
                args.append(str(v + 1))
        return " ".join([action.kind, *args])

    def _places(self, state: KirifudaState, action: Action, seat: int) -> dict[str, int]:
        """Where the action's arguments lie (zone numbers): ``slot`` (a support slot, the mover's or the
        opponent's), ``pos`` (a life pile), ``attacker`` (the mover's attacker slot) and ``trump``."""
        kind = action.kind
        out: dict[str, int] = {}
        for ch, v in zip(KINDS.pattern.get(kind, ""), (action.a, action.b), strict=False):
            if ch == "s":
                side = 1 - seat if _SLOT_SIDE.get(kind) == "opp" else seat
                out["slot"] = side * NZ + SUPPORT_SLOTS[v]
            elif ch == "p":
                side = seat if _POS_SIDE.get(kind) == "me" else 1 - seat
                out["pos"] = side * NZ + LIFE
        if kind in _ATTACKER_KINDS or kind == "trump-attacker":
            out["attacker"] = seat * NZ + ATTACKER_SLOT
        if kind in ("trump-attacker", "trump-support", "use-trump"):
            out["trump"] = seat * NZ + TRUMP
        return out

    def _at(self, state: KirifudaState, action: Action, zone: int) -> int:
        """The card at an action's place: the slot's card, the life card at its position (-1: none)."""
        cards = state.zones[zone]
        if zone % NZ == LIFE:
            p = action.a
            return cards[p] if 0 <= p < len(cards) else -1
        return cards[0] if cards else -1

    def _trump(self, state: KirifudaState, seat: int, kind: str) -> int:
        want = TRUMP_ATTACKER if kind == "trump-attacker" else TRUMP_SUPPORT
        return next((i for i in state.z(seat, TRUMP) if state.ctype(i) == want), -1)

    def _label(self, state: KirifudaState, action: Action, lang: int, bilingual: bool = True) -> str:
        kind = action.kind
        pat = KINDS.pattern[kind]

        def name(card: int) -> str:
            c = self.cardset[card]
            if not bilingual:
                return c.name_en if lang else c.name
            return f"{c.name_en} ({c.name})" if lang else c.label

        template = LABELS.get(kind)
        if template is None:
            parts = [KINDS.labels[kind][lang]]
            for ch, v in zip(pat, (action.a, action.b), strict=False):
                parts.append(name(v) if ch == "c" else str(v + 1))
            return " ".join(parts)
        seat = state.to_move
        places = self._places(state, action, seat)
        fields = {"slot": "", "pos": "", "card": "", "own": "", "trump": ("切り札", "the trump")[lang]}
        for ch, v in zip(pat, (action.a, action.b), strict=False):
            fields["card" if ch == "c" else "slot" if ch == "s" else "pos"] = (
                name(v) if ch == "c" else str(v + 1)
            )
        where = places.get("slot", places.get("pos", places.get("attacker", -1)))
        inst = self._at(state, action, where) if where >= 0 else -1
        if inst >= 0 and state.knows(seat, inst):
            fields["own"] = f": {name(state.cards[inst])}"
        if kind in ("trump-attacker", "trump-support"):
            t = self._trump(state, seat, kind)
            if t >= 0 and state.knows(seat, t):
                fields["trump"] = name(state.cards[t])
        return template[lang].format(**fields)

    def label(self, state: KirifudaState, action: Action) -> tuple[str, str]:
        """(Japanese, English), each naming the place an argument is and the cards the mover knows there:
        ``サポート置き場1を上書き: 紅蓮の竜騎士 (Crimson Dragoon)`` / ``overwrite support slot 1 with
        Crimson Dragoon (紅蓮の竜騎士)``."""
        return self._label(state, action, 0), self._label(state, action, 1)

    def describe(self, state: KirifudaState, action: Action) -> str:
        """Menu label: the Japanese label (card names in both languages), then the English one (English
        names)."""
        return f"{self._label(state, action, 0)}  — {self._label(state, action, 1, False)}"

    def parse(self, state: KirifudaState, text: str) -> Action:
        """``kind [slot|position] [card name]``; card names in Japanese, English or by id; says exactly what
        is wrong with the text or why the action is not legal now."""
        action = self.parse_notation(text)
        if action not in state.legal_actions():
            raise NotationError(state._why_illegal(action))
        return action

    def parse_notation(self, text: str) -> Action:
        words = text.split()
        if not words:
            raise NotationError("empty action")
        kind = words[0].lower()
        pat = KINDS.pattern.get(kind)
        if pat is None:
            raise KINDS.unknown(words[0])
        rest = words[1:]
        vals: list[int] = []
        for i, ch in enumerate(pat):
            if ch == "c":
                name = " ".join(rest)
                card = self.cardset.find(name) if name else None
                if card is None:
                    raise NotationError(f"{kind}: no card named {name!r}" if name else f"{kind}: name a card")
                vals.append(card.index)
                rest = []
                break
            if not rest:
                what = "slot (1 or 2)" if ch == "s" else "position (1, 2, …)"
                raise NotationError(f"{kind}: missing the {what}")
            try:
                v = int(rest[0]) - 1
            except ValueError:
                raise NotationError(f"{kind}: {rest[0]!r} is not a number") from None
            limit = 2 if ch == "s" else MAX_POS
            if not 0 <= v < limit:
                raise NotationError(f"{kind}: {rest[0]} is out of range (1–{limit})")
            vals.append(v)
            rest = rest[1:]
            if i == len(pat) - 1:
                break
        if rest:
            raise NotationError(f"{kind}: unexpected {' '.join(rest)!r}")
        vals += [-1] * (2 - len(vals))
        return Action(kind, vals[0], vals[1])

    def action_refs(self, state: KirifudaState, action: Action, seat: int) -> list[dict[str, Any]]:
        """The hand card an action names; the trump card it uses; the slot or life card it names (its own
        side, or the opponent's for the effects that reach across) — the card there by its place, named
        only if the mover knows it; the attacker slot a card goes to or is in."""
        kind = action.kind
        out: list[dict[str, Any]] = []
        places = self._places(state, action, seat)
        if kind in ("trump-attacker", "trump-support", "use-trump"):
            t = self._trump(state, seat, kind) if kind != "use-trump" else -1
            out.append(card_ref(state, t, seat) if t >= 0 else zone_ref(state, places["trump"]))
        for ch, v in zip(KINDS.pattern.get(kind, ""), (action.a, action.b), strict=False):
            if ch == "c":
                out.append(
                    {"zone": state.zone_specs[seat * NZ + HAND].key, "pos": None, "card": self.card_ids[v]}
                )
        if kind == "set-support":  # the first free support slot
            free = [z for z in SUPPORT_SLOTS if not state.zones[seat * NZ + z]]
            out += [zone_ref(state, seat * NZ + z) for z in free[:1]]
        for key in ("slot", "pos", "attacker"):
            zone = places.get(key)
            if zone is None:
                continue
            inst = self._at(state, action, zone)
            out.append(card_ref(state, inst, seat) if inst >= 0 else zone_ref(state, zone))
        return out

    def card_table_row(self, c: Any) -> dict[str, Any]:
        return {
            **self.card_head(c),
            "pow": c.get("pow"),
            "attributes": c.get("attributes", []),
            "cost": c.get("cost", ""),
            "text": c.get("text", ""),
            "text_en": c.get("text_en", ""),
        }
