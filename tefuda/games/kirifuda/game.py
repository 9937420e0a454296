"""切り札 (kirifuda): metadata, house-rule options, deck rules, notation, and new games."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from tefuda.core import Action, Deck, Game, NotationError, Rng, register
from tefuda.core.actions import ActionKinds
from tefuda.core.game import sample_capped

from . import setup
from .cards import (
    ATTRIBUTES,
    SCHEMA,
    TRUMP_ATTACKER,
    TRUMP_SUPPORT,
    TYPE_IDS,
    TYPES_EN,
    compile_cards,
)
from .rulebook import rules
from .state import MAX_POS, KirifudaState
from .zones import DECK, NZ, TRUMP, zone_specs

# public classes of instances: what every player knows a face-down card to be
MAIN, TRUMP_A, TRUMP_S = 0, 1, 2

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


@register
class KirifudaGame(Game):
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
        trumps = Counter()
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
        from .position import position

        return position(self, **spec)

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

    def label(self, state: KirifudaState, action: Action) -> tuple[str, str]:
        ja, en = KINDS.labels[action.kind]
        pat = KINDS.pattern[action.kind]
        parts_ja, parts_en = [ja], [en]
        for ch, v in zip(pat, (action.a, action.b), strict=False):
            if ch == "c":
                c = self.cardset[v]
                parts_ja.append(c.label)
                parts_en.append(f"{c.name_en} ({c.name})")
            else:
                parts_ja.append(str(v + 1))
                parts_en.append(str(v + 1))
        return " ".join(parts_ja), " ".join(parts_en)

    def describe(self, state: KirifudaState, action: Action) -> str:
        """Menu label: the Japanese label (card names in both languages), then the English action."""
        ja, _ = self.label(state, action)
        en = KINDS.labels[action.kind][1]
        nums = [
            str(v + 1)
            for ch, v in zip(KINDS.pattern[action.kind], (action.a, action.b), strict=False)
            if ch != "c"
        ]
        return f"{ja}  — {' '.join([en, *nums])}"

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
        """The hand card, slot or life card an action names (its own side, or the opponent's for the effects
        that reach across)."""
        kind = action.kind
        pat = KINDS.pattern.get(kind, "")
        opp = 1 - seat
        out: list[dict[str, Any]] = []
        for ch, v in zip(pat, (action.a, action.b), strict=False):
            if ch == "c":
                out.append({"zone": f"p{seat + 1}.hand", "pos": None, "card": self.card_ids[v]})
            elif ch == "s":
                side = opp if kind in ("peek-support", "discard-support") else seat
                out.append({"zone": f"p{side + 1}.support{v + 1}", "pos": None, "card": None})
            elif ch == "p":
                side = seat if kind == "swap-life" else opp
                out.append({"zone": f"p{side + 1}.life", "pos": v, "card": None})
        if kind in (
            "set-attacker",
            "overwrite-attacker",
            "open-set-attacker",
            "keep-set",
            "pay-set-attacker",
        ):
            out.append({"zone": f"p{seat + 1}.attacker", "pos": None, "card": None})
        elif kind == "use-trump":
            out.append({"zone": f"p{seat + 1}.trump", "pos": None, "card": None})
        elif kind in ("trump-attacker", "trump-support"):
            out.insert(0, {"zone": f"p{seat + 1}.trump", "pos": None, "card": None})
            if kind == "trump-attacker":
                out.append({"zone": f"p{seat + 1}.attacker", "pos": None, "card": None})
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
