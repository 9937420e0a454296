"""How ヨネス's events and table terms read, in Japanese and English (the view layer's templates; see
tefuda/view/text.py for the placeholders: ``{who}``, ``{card}``, ``{x:seat}``, ``{x:zone}``, ``{x:+}``,
``{x:outcome}``; a place reads "card [zone]", a list is joined with "+")."""

from __future__ import annotations

EVENT_TEXT: dict[str, tuple[str, str]] = {
    # 準備 / 先攻後攻 / 初期手札補充 / ゲーム開始宣言
    "first_player": ("じゃんけん: {who} が先攻", "rock-paper-scissors: {who} goes first"),
    "opening_draw": (
        "初期手札補充: {count}枚ずつ引く ({who} が選んだ枚数)",
        "opening draw: everyone draws {count} ({who} chose how many)",
    ),
    "start": ("ゲーム開始宣言: せーの、「ヨネス」!", "start declaration: everyone says “Yonesu!”"),
    # a turn
    "turn": ("── ターン{turn}: {who} が攻撃側 ──", "── turn {turn}: {who} attacks ──"),
    "no_exchange": (
        "{who} 先攻1ターン目は手札交換なし",
        "{who}: no hand exchange on the first player's first turn",
    ),
    "exchange": ("{who} 手札交換で捨てる: {card}", "{who} exchanges away {card}"),
    "exchange_draw": ("{who} 捨てた枚数({count}枚)を引く", "{who} draws {count} for the exchanged cards"),
    "cost": ("{who} コストにセット: {card}", "{who} sets {card} as cost"),
    "no_cost": ("{who} コストをセットしない", "{who} sets no cost"),
    "summon_phase": ("── 召喚フェイズ ──", "── summon phase ──"),
    "battle_phase": ("── 戦闘フェイズ ──", "── battle phase ──"),
    "force_phase": ("── フォースフェイズ ──", "── force phase ──"),
    "summon": ("{who} 召喚: {card} (リリス{lilith})", "{who} summons {card} (lilith {lilith})"),
    "evolve": (
        "{who} 進化: {base} → {card} (リリス{lilith})",
        "{who} evolves {base} into {card} (lilith {lilith})",
    ),
    "turn_end": ("{who} ターンエンド宣言", "{who} ends the turn"),
    "settle": ("{who} コスト精算で捨てる: {card}", "{who} settles with {card}"),
    "settled": (
        "{who} コスト精算完了 (使用リリス{used}、捨てたコスト{paid})",
        "{who} has settled: cost {paid} paid for lilith {used} used",
    ),
    # drawing
    "draw": ("{who} ドロー: {card}", "{who} draws {card}"),
    "deck_empty": ("山札も捨て札置き場も空: {who} は引けない", "no cards left to draw for {who}"),
    "reshuffle": (
        "山札切れ: 捨て札置き場をシャッフルして山札に ({count}枚)",
        "the deck ran out: the discard pile is shuffled into a new deck ({count} cards)",
    ),
    # 戦闘
    "attack": ("{who} 攻撃宣言: {attackers} → {target}", "{who} attacks {target} with {attackers}"),
    "attack_player": (
        "{who} 攻撃宣言: {attackers} → {player:seat} に直接攻撃",
        "{who} attacks {player:seat} directly with {attackers}",
    ),
    "battle": (
        "戦闘処理: パワー {attack} 対 {defence} ({target})",
        "battle: power {attack} against {defence} ({target})",
    ),
    "battle_cancelled": ("戦闘処理: 攻撃は無効になった", "battle: the attack was cancelled"),
    "battle_no_attacker": ("戦闘処理: 攻撃するヨネスがいない", "battle: no attacking Yonesu is left"),
    "battle_no_player": (
        "戦闘処理: {player:seat} にはもう直接攻撃できない",
        "battle: {player:seat} can no longer be attacked directly",
    ),
    "battle_target_gone": ("戦闘処理: 攻撃対象が場を離れた", "battle: the target left the field"),
    "direct_hit": (
        "{who} に直接攻撃: ライフ -{damage} → {life}",
        "direct attack on {who}: life -{damage} → {life}",
    ),
    "destroy": ("{card} 破壊 ({at:zone})", "{card} is destroyed ({at:zone})"),
    "destroy_stack": (
        "{card} 破壊 ({at:zone})、下の {under} も捨て札置き場へ",
        "{card} is destroyed ({at:zone}) with {under} under it",
    ),
    "destroy_top": (
        "{card} 破壊 ({at:zone})、下の {under} がヨネスに戻る",
        "{card} is destroyed ({at:zone}); {under} under it is the Yonesu now",
    ),
    "protected": ("{card} は破壊されない (守られている)", "{card} is protected: not destroyed"),
    # フォース
    "force": ("{who} フォース発動: {card} (リリス{lilith})", "{who} activates {card} (lilith {lilith})"),
    "force_on": (
        "{who} フォース発動: {card} → {target} (リリス{lilith})",
        "{who} activates {card} on {target} (lilith {lilith})",
    ),
    "force_on_player": (
        "{who} フォース発動: {card} → {player:seat} (リリス{lilith})",
        "{who} activates {card} on {player:seat} (lilith {lilith})",
    ),
    "pay": (
        "{who} 見せて捨てる: {card} ({force} の特殊コスト)",
        "{who} shows and discards {card} for {force}",
    ),
    "pass": ("{who} フォースは使いません", "{who} passes"),
    "resolve": ("{card} の効果", "{card} resolves"),
    "resolve_on": ("{card} の効果 → {target}{gone}", "{card} resolves on {target}{gone}"),
    "resolve_on_player": ("{card} の効果 → {player:seat}", "{card} resolves on {player:seat}"),
    "negated": ("{card} は打ち消された: 効果なし", "{card} was negated: no effect"),
    "negate": ("{by} が {card} を打ち消す", "{by} negates {card}"),
    "fizzle_gone": ("{card}: 対象が場を離れた — 効果なし", "{card}: the target left the field — no effect"),
    "fizzle_no_first": (
        "{card}: 捨て札置き場にファーストヨネスがない — 効果なし",
        "{card}: no First Yonesu (ファーストヨネス) in the discard pile — no effect",
    ),
    "power": ("{card} パワー{change:+} → {power}", "{card}: power {change:+} → {power}"),
    "protect": ("{card} はこのターン破壊されない", "{card} cannot be destroyed this turn"),
    "ready": ("{card} はもう一度攻撃できる", "{card} may attack again this turn"),
    "bounce": ("{card} ({at:zone}) を手札に戻す", "{card} ({at:zone}) returns to its player's hand"),
    "damage": ("{who} ライフ -{amount} → {life}", "{who} loses {amount} life → {life}"),
    "heal": ("{who} ライフ +{amount} → {life}", "{who} gains {amount} life → {life}"),
    "limit": ("{who} [上限枚数] {change:+} → {limit}", "{who}'s card limit {change:+} → {limit}"),
    "recover": ("{who} 捨て札置き場から手札へ: {card}", "{who} takes {card} back from the discard pile"),
    "cancel_attack": ("{who} 攻撃を無効にした", "{who} cancels the attack"),
    "discard": ("{who} [上限枚数]まで捨てる: {card}", "{who} discards {card} down to the card limit"),
    # 勝利/敗北
    "show": ("{who} 見せる: {card}", "{who} shows {card}"),
    "lose": ("{who} 敗北: {code:outcome}", "{who} is out: {code:outcome}"),
}

TERM_LABELS: dict[str, tuple[str, str]] = {
    "power": ("パワー", "power"),
    "attacked": ("攻撃済", "attacked"),
    "protected": ("破壊されない", "protected"),
    "under": ("進化元", "under an evolution"),
    "negated": ("無効", "negated"),
    "life": ("ライフ", "life"),
    "limit": ("[上限枚数]", "card limit"),
    "cards": ("手札+フィールド", "cards held"),
    "cost_total": ("コスト計", "cost total"),
    "lilith_used": ("使用リリス", "lilith used"),
    "alive": ("生存", "in the game"),
}
