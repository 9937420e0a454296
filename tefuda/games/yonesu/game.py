"""ヨネス (yonesu): metadata, house-rule options, the box (ヨネス一式), notation, and new games."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from tefuda.core import (
    FACE_UP,
    Action,
    Deck,
    DeckEntry,
    Game,
    OptionError,
    PositionError,
    register,
)
from tefuda.core.actions import ActionKinds
from tefuda.core.game import Mode
from tefuda.core.observe import place

from .cards import SCHEMA, TYPES_EN, compile_cards, level_label
from .phase_ids import MAX_ATTACKERS, MAX_INST, NONE_T, NTARGETS
from .rulebook import rules
from .state import YonesuState
from .zones import CFIELD, DECK, YFIELD, zid

MIN_BOX = 40

KINDS = ActionKinds(
    [
        # kind, argument pattern (c card, t target, k count, m attackers), Japanese, English
        ("draw", "k", "初期手札を引く", "opening draw"),
        ("exchange", "c", "手札交換で捨てる", "exchange: discard"),
        ("exchange-done", "", "手札交換を終える(捨てた枚数を引く)", "finish the exchange (draw as many)"),
        ("cost", "c", "コストフィールドにセット", "set as cost"),
        ("no-cost", "", "コストをセットしない", "set no cost"),
        ("summon", "c", "召喚", "summon"),
        ("evolve", "ct", "進化", "evolve"),
        ("force", "ct", "フォース発動", "activate force"),
        ("pay", "c", "見せて捨てる([捨])", "show and discard (special cost)"),
        ("pass", "", "フォースは使いません", "pass (no force)"),
        ("attack", "mt", "攻撃宣言", "attack"),
        ("end-summon", "", "召喚フェイズを終える", "end the summon phase"),
        ("end-battle", "", "戦闘フェイズを終える", "end the battle phase"),
        ("end-turn", "", "ターンエンド宣言", "end the turn"),
        ("settle", "c", "コスト精算で捨てる", "settle: discard"),
        ("settle-done", "", "コスト精算を終える", "finish settling"),
        ("discard", "c", "[上限枚数]まで捨てる", "discard down to the limit"),
        # last, so the numbers of the kinds above stay as they were
        ("exchange-no-draw", "", "手札交換を終える(引かない)", "finish the exchange without drawing"),
        ("gather", "t", "合成攻撃に加える", "gather for a combined attack"),
        ("attack-gathered", "t", "集めたヨネスで攻撃宣言", "attack with the gathered Yonesu"),
        ("gather-cancel", "", "合成攻撃をやめる(集めたヨネスを戻す)", "take back the gathered Yonesu"),
    ]
)


@register
class YonesuGame(Game[YonesuState]):
    id = "yonesu"
    name = "ヨネス"
    name_en = "Yonesu"
    rules_version = "ver2.1 (rules page of 2012-12-07, marked unfinished)"
    min_players = 2
    max_players = 4
    card_schema = SCHEMA
    types_en = TYPES_EN
    package_dir = Path(__file__).parent
    state_class = YonesuState
    rules = rules
    # 2: decisions, payments and the force stack on the core's flow and chain; 3: the 引き忘れ window
    # (refilled), forces activated at once (at_once) and a combined attack being gathered (gathered)
    state_format = 3
    modes = (
        Mode("2p", 2),
        Mode("3p", 3),
        Mode("4p", 4),
        Mode("4p-teams", 4, {"teams": True}),
    )

    def _setup(self) -> None:
        self.tables = compile_cards(self.cardset)
        n = len(self.cardset)
        sizes = {"c": n, "t": NTARGETS, "k": 16, "m": 1 << MAX_ATTACKERS}
        self.action_space = KINDS.space(sizes)
        self.exchange_acts = [Action("exchange", c) for c in range(n)]
        self.cost_acts = [Action("cost", c) for c in range(n)]
        self.summon_acts = [Action("summon", c) for c in range(n)]
        self.pay_acts = [Action("pay", c) for c in range(n)]
        self.settle_acts = [Action("settle", c) for c in range(n)]
        self.discard_acts = [Action("discard", c) for c in range(n)]
        self.first_cards = [c.index for c in self.cardset if self.tables.first[c.index]]

    def sides(self, nplayers: int) -> int:
        return 2 if self.options["teams"] else nplayers

    @property
    def open_decklists(self) -> bool:
        """The box is one public set of cards: everyone knows what is in it."""
        return True

    # ------------------------------------------------------------------ the box (ヨネス一式)
    def box(self) -> Deck:
        """The standard box: ``copies`` of every card in cards.toml."""
        entries = tuple(DeckEntry(c.get("copies"), c, 0) for c in self.cardset if c.get("copies") > 0)
        return Deck(entries, f"{self.cardset.source} (copies)", "標準セット (standard box)")

    def default_deck(self, seat: int) -> Deck:
        return self.box()

    def deck_problems(self, deck: Deck) -> list[tuple[int | None, str]]:
        """A box list: the one set of cards everyone plays from."""
        out: list[tuple[int | None, str]] = []
        size = deck.count()
        if size < MIN_BOX:
            out.append(
                (
                    None,
                    f"a box needs at least {MIN_BOX} cards, this one has {size} "
                    f"(ヨネス一式は{MIN_BOX}枚以上)",
                )
            )
        if size > MAX_INST:
            out.append((None, f"a box holds at most {MAX_INST} cards, this one has {size}"))
        firsts = sum(e.count for e in deck.entries if self.tables.first[e.card.index])
        if firsts < 4:
            out.append(
                (
                    None,
                    f"a box needs at least 4 ファーストヨネス (First Yonesu) — four of them win; "
                    f"it has {firsts}",
                )
            )
        return out

    # ------------------------------------------------------------------ new games
    def zone_specs(self, nplayers: int):
        from .zones import zone_specs

        return zone_specs(nplayers)

    def players_problem(self, nplayers: int) -> str | None:
        if not self.min_players <= nplayers <= self.max_players:
            return (
                f"ヨネス is played by 2 to 4 players, not {nplayers} "
                "(5人の場合: 「悪いな、このヨネス4人までなんだ。」)"
            )
        if self.options["teams"] and nplayers != 4:
            return "option teams: the team game (チーム戦) is for exactly 4 players"
        return None

    def seat_decks(self, decks: list[Deck] | None, nplayers: int) -> list[Deck]:
        """ヨネス一式: one shared box, whatever the seats name; it must hold a ファーストヨネス per player."""
        box = decks[0] if decks else self.box()
        for d in decks or []:
            if Counter(c.index for c in d.cards()) != Counter(c.index for c in box.cards()):
                raise OptionError(
                    "ヨネス is played from one shared box: every seat must name the same box list "
                    f"({d.source} differs from {box.source})"
                )
        self.check_deck(box)
        firsts = [c for c in box.cards() if self.tables.first[c.index]]
        if len(firsts) < nplayers:
            raise OptionError(
                f"the box has {len(firsts)} ファーストヨネス, fewer than the {nplayers} players"
            )
        return [box]

    def deal(self, decks: list[Deck], nplayers: int) -> list[tuple[int, int, int, int]]:
        """準備: one ファーストヨネス on each ヨネスフィールド, the rest of the box is the shared 山札."""
        instances: list[tuple[int, int, int, int]] = []
        placed = 0
        for c in decks[0].cards():
            zone = DECK
            if self.tables.first[c.index] and placed < nplayers:
                zone = zid(placed, YFIELD)
                placed += 1
            instances.append((c.index, 0, 0, zone))
        return instances

    def start(self, s: YonesuState) -> None:
        from . import setup

        for p in range(s.nplayers):
            for i in s.zones[zid(p, YFIELD)]:
                s.flags[i] |= FACE_UP
        s.init_fields(self.options)
        setup.start(s)

    # ------------------------------------------------------------------ notation
    def _name(self, c: int, lang: str) -> str:
        card = self.cardset[c]
        return card.name if lang == "ja" else card.name_en

    def notation(self, s: YonesuState, action: Action, lang: str = "ja") -> str:
        kind = action.kind
        pat = KINDS.pattern.get(kind)
        if pat is None:
            return f"{kind}?"
        if pat == "":
            return kind
        if pat == "k":
            return f"draw {action.a + 1}"
        if pat == "t":
            return f"{kind} {self._target(s, action.a, lang)}"
        if pat == "c":
            return f"{kind} {self._name(action.a, lang)}"
        if pat == "ct":
            head = f"{kind} {self._name(action.a, lang)}"
            if action.b == NONE_T:
                return head
            return f"{head} -> {self._target(s, action.b, lang)}"
        # attack
        from .battle import ready_yonesu

        ready = ready_yonesu(s, s.attacker)
        group = [ready[k] for k in range(len(ready)) if action.a >> k & 1]
        names = "+".join(s.yonesu_name(t, lang).split("/", 1)[1] for t in group)
        return f"attack {names} -> {self._target(s, action.b, lang)}"

    def _target(self, s: YonesuState, t: int, lang: str) -> str:
        """An action's target code as text: ``p2/クロちん`` (a ヨネス by its place), ``p2`` (a player)."""
        if t < MAX_INST:
            inst = s.target_inst(t)
            return s.yonesu_name(inst, lang) if inst >= 0 else "?"
        return s.target_name(t)

    def _label(self, s: YonesuState, action: Action, lang: int, bilingual: bool) -> str:
        """A menu label in Japanese (``lang`` 0) or English (1), with the numbers that matter; card names
        in both languages when ``bilingual`` (``テンソード (Ten Sword)`` / ``Ten Sword (テンソード)``)."""
        kind = action.kind
        ja, en = KINDS.labels.get(kind, (kind, kind))
        pat = KINDS.pattern.get(kind, "")
        tb = self.tables
        if not pat:
            return en if lang else ja
        if pat == "k":
            k = action.a + 1
            return f"{en}: {k} card{'s' if k > 1 else ''}" if lang else f"{ja} {k}枚"
        code = "en" if lang else "ja"

        def yonesu(inst: int, seat: bool = True) -> str:
            """``p2/クロちん#2 (Kuro-chan)``; without ``seat`` only the name (an attacker's own)."""
            if inst < 0:
                return "?"
            where, text = s.yonesu_name(inst, code).split("/", 1)
            if seat:  # a label reads "P2 の クロちん" / "P2's Kuro-chan", never the notation's p2/
                text = f"{where.upper()}'s {text}" if lang else f"{where.upper()} の {text}"
            if bilingual:
                other = self.cardset[s.cards[inst]]
                text += f" ({other.name if lang else other.name_en})"
            return text

        def target(t: int) -> str:
            return yonesu(s.target_inst(t)) if t < MAX_INST else f"P{t - MAX_INST + 1}"

        if pat == "t":
            if kind == "gather":
                inst = s.target_inst(action.a)
                p = s.power(inst)
                return f"{en} {yonesu(inst)} [power {p}]" if lang else f"{ja} {yonesu(inst)} [パワー{p}]"
            group = list(s.gathered)
            names = "+".join(yonesu(t, seat=False) for t in group)
            total = sum(s.power(t) for t in group)
            t = action.a
            tgt = target(t)
            if t < MAX_INST:
                d = s.power(s.target_inst(t))
                vs = f"power {total} vs {d}" if lang else f"パワー{total} 対 {d}"
            else:
                vs = f"power {total}" if lang else f"パワー{total}"
            ja, en = KINDS.labels["attack"]  # the declaration itself, as a one-step attack reads
            return f"{en} {tgt} with {names} [{vs}]" if lang else f"{ja} {names} → {tgt} [{vs}]"
        if pat == "mt":
            from .battle import ready_yonesu

            ready = ready_yonesu(s, s.attacker)
            group = [ready[k] for k in range(len(ready)) if action.a >> k & 1]
            names = "+".join(yonesu(t, seat=False) for t in group)
            total = sum(s.power(t) for t in group)
            t = action.b
            tgt = target(t)
            if t < MAX_INST:
                d = s.power(s.target_inst(t))
                vs = f"power {total} vs {d}" if lang else f"パワー{total} 対 {d}"
            else:
                vs = f"power {total}" if lang else f"パワー{total}"
            return f"{en} {tgt} with {names} [{vs}]" if lang else f"{ja} {names} → {tgt} [{vs}]"
        c = action.a
        card = self.cardset[c]
        if bilingual:
            name = f"{card.name_en} ({card.name})" if lang else card.label
        else:
            name = card.name_en if lang else card.name
        info = ""
        if kind in ("summon", "evolve"):
            lv = level_label(tb.levels[c])
            info = (
                f" [{lv}, power {tb.power[c]}, lilith {tb.lilith[c]}]"
                if lang
                else f" [{lv} パワー{tb.power[c]} リリス{tb.lilith[c]}]"
            )
        elif kind == "force":
            dc = tb.discard[c]
            info = f" [lilith {tb.lilith[c]}]" if lang else f" [リリス{tb.lilith[c]}]"
            if dc is not None:
                info += " " + dc.label()[lang]
        elif kind in ("cost", "settle"):
            info = f" [cost {tb.cost[c]}]" if lang else f" [コスト{tb.cost[c]}]"
        tgt = ""
        if pat == "ct" and action.b != NONE_T:
            tgt = target(action.b)
            if kind == "evolve":
                return f"{en} {tgt} into {name}{info}" if lang else f"{ja} {tgt} → {name}{info}"
            tgt = f" → {tgt}"
        sep = ": " if lang and kind in ("exchange", "pay", "settle", "discard", "cost") else " "
        return f"{en}{sep}{name}{info}{tgt}" if lang else f"{ja} {name}{info}{tgt}"

    def label(self, s: YonesuState, action: Action) -> tuple[str, str]:
        """(Japanese, English): ``召喚 クロちん (Kuro-chan) [LV1&LV2 パワー3 リリス2]`` /
        ``summon Kuro-chan (クロちん) [LV1&LV2, power 3, lilith 2]``."""
        return self._label(s, action, 0, True), self._label(s, action, 1, True)

    def describe(self, s: YonesuState, action: Action) -> str:
        """A terminal menu line: the Japanese label (card names in both languages), then the English one
        with English names only."""
        return f"{self._label(s, action, 0, True)}  — {self._label(s, action, 1, False)}"

    def action_refs(self, s: YonesuState, action: Action, seat: int) -> list[dict[str, Any]]:
        """The hand card an action plays, the ヨネス it aims at (a player: their ヨネスフィールド), the
        attackers, the cost card settled, the zone a card goes to."""
        kind = action.kind
        pat = KINDS.pattern.get(kind, "")
        me = f"p{seat + 1}"
        out: list[dict[str, Any]] = []

        def target(t: int) -> dict[str, Any]:
            if t < MAX_INST:
                return place(s, s.target_inst(t), seat)
            return {"zone": f"p{t - MAX_INST + 1}.yonesu_field", "pos": None, "card": None}

        if kind == "draw":
            return [{"zone": "deck", "pos": None, "card": None}]
        if kind == "attack":
            from .battle import ready_yonesu

            ready = ready_yonesu(s, s.attacker)
            out = [place(s, ready[k], seat) for k in range(len(ready)) if action.a >> k & 1]
            return [*out, target(action.b)]
        if kind == "gather":
            return [target(action.a)]
        if kind == "attack-gathered":
            return [*(place(s, i, seat) for i in s.gathered), target(action.a)]
        if kind == "settle":
            inst = next(i for i in s.z(seat, CFIELD) if s.cards[i] == action.a)
            return [place(s, inst, seat)]
        if pat and pat[0] == "c":
            out.append({"zone": f"{me}.hand", "pos": None, "card": self.card_ids[action.a]})
        if kind == "summon":
            out.append({"zone": f"{me}.yonesu_field", "pos": None, "card": None})
        elif kind == "cost":
            out.append({"zone": f"{me}.cost_field", "pos": None, "card": None})
        elif kind == "pay" and (pay := s.paying()) is not None:
            out.append(place(s, pay[1], seat))
        elif pat == "ct" and action.b != NONE_T:
            out.append(target(action.b))
        return out

    def explain_notation(self, s: YonesuState, text: str) -> str:
        """The core's explanation, plus a missing or unknown card name."""
        words = text.split()
        if words and "c" in KINDS.pattern.get(words[0].lower(), ""):
            name = " ".join(words[1:]).split(" -> ")[0].strip()
            if not name or self.cardset.find(name) is None:
                legal = [self.notation(s, a) for a in s.legal_actions()]
                shown = ", ".join(legal[:12]) + (", …" if len(legal) > 12 else "")
                if not name:
                    return f"{words[0]}: name a card (legal now: {shown})"
                return f"{words[0]}: no card named {name!r} in ヨネス (legal now: {shown})"
        return super().explain_notation(s, text)

    # ------------------------------------------------------------------ positions and views
    def position(self, **spec: Any) -> YonesuState:
        """A hand-made position, validated, stopping where it is asked (position.py documents the
        arguments: hands, fields, costs, deck, discard, life, limit, used, attacker, first, start, …)."""
        import inspect

        from .position import position

        known = [k for k in inspect.signature(position).parameters if k != "game"]
        for k in spec:
            if k not in known:
                raise PositionError(f"position: unknown argument {k!r} (arguments: {', '.join(known)})")
        if "hands" not in spec:
            raise PositionError("position: hands is required (one list of card names per player)")
        return position(self, **spec)

    def render_extra(self, obs: dict[str, Any]) -> list[str]:
        """The terminal's lines for ``extra``: attacker, teams, the force stack, the battle, a payment, the
        settlement, players discarding down or out, and the viewer's own ファーストヨネス count."""
        from tefuda.view.text import card_label, zone_label

        x = obs["extra"]

        def at(p: dict[str, Any] | None) -> str:
            if p is None:
                return "— (場を離れた left the field)"
            where = f"{zone_label(self, p['zone'], 0)} #{p['pos'] + 1}"
            return f"{card_label(self, p['card'], 0)} [{where}]"

        def target(t: dict[str, Any] | None) -> str:
            if t is None:
                return ""
            if t["kind"] == "player":
                return f" → P{t['seat'] + 1}"
            if t["kind"] == "yonesu":
                return f" → {at(t['place'])}"
            return f" → {card_label(self, t['card'], 0)} (場を離れた left the field)"

        out = [f"攻撃側 attacker: P{x['attacker'] + 1}"]
        if x["teams"]:
            teams = " / ".join(" & ".join(f"P{p + 1}" for p in team) for team in x["teams"])
            out.append(f"チーム teams: {teams}")
        if x["stack"]:
            out.append("発動中のフォース forces on the stack (新しいものが最後 newest last):")
            for item in x["stack"]:
                neg = "  〔無効 negated〕" if item["negated"] else ""
                out.append(f"  P{item['seat'] + 1}: {at(item['force'])}{target(item['target'])}{neg}")
        b = x["battle"]
        if b is not None:
            names = " + ".join(at(p) for p in b["attackers"])
            cancelled = "  〔無効 cancelled〕" if b["cancelled"] else ""
            out.append(f"戦闘中 battle: {names}{target(b['target'])}{cancelled}")
        pay = x["paying"]
        if pay is not None:
            out.append(
                f"P{pay['seat'] + 1} 特殊コスト支払い中 paying a special cost: {at(pay['force'])} — "
                f"あと{pay['left']}枚 {pay['left']} to go"
            )
        st = x["settle"]
        if st is not None:
            out.append(
                f"コスト精算 settlement: P{st['seat'] + 1} 使用リリス lilith used {st['used']}, "
                f"捨てたコスト cost paid {st['paid']}"
            )
        if x["discard_down"]:
            who = ", ".join(f"P{p + 1}" for p in x["discard_down"])
            out.append(f"[上限枚数]まで捨てる discarding down to the card limit: {who}")
        if x["out"]:
            out.append("敗退 out: " + ", ".join(f"P{p + 1}" for p in x["out"]))
        if x["first_yonesu"] is not None:
            out.append(f"あなたのファーストヨネス your First Yonesu: {x['first_yonesu']}/4")
        return out

    def card_table_row(self, c: Any) -> dict[str, Any]:
        """One row of `tefuda cards yonesu` (the [Interrupt] and [捨/…] marks are part of the text)."""
        tb = self.tables
        yonesu = c.type == "yonesu"
        return {
            **self.card_head(c),
            "level": level_label(tb.levels[c.index]) if yonesu else None,
            "power": tb.power[c.index] if yonesu else None,
            "cost": tb.cost[c.index],
            "lilith": tb.lilith[c.index],
            "copies": c.get("copies"),
            "text": c.get("text", ""),
            "text_en": c.get("text_en", ""),
        }
