"""How ジェネシス・ガーデン's events, effects and table terms read, in Japanese and English (the view layer's
templates; see tefuda/view/text.py for the placeholders)."""

from __future__ import annotations

# the reason cards go from the top of a 本陣 to the 冥府: one event code each (``mill`` is a hot path, so the
# code is looked up, never built)
MILL_CODES = {
    "upkeep": "mill_upkeep",
    "cost": "mill_cost",
    "damage": "mill_damage",
    "penalty": "mill_penalty",
    "return": "mill_return",
}

# what an effect does (``Effect.do``), for event texts and menu labels: {amount} is the effect's number
EFFECT_TEXT: dict[str, tuple[str, str]] = {
    "damage": ("{amount}ダメージ", "{amount} damage"),
    "reduce": ("攻撃・防衛-{amount}", "attack and defense -{amount}"),
    "boost": ("攻撃+{amount}", "attack +{amount}"),
    "fortify": ("防衛+{amount}", "defense +{amount}"),
    "destroy": ("破壊", "destroy"),
    "mill": (
        "相手に{amount}ダメージ(本陣から冥府へ)",
        "{amount} damage to the opponent (deck to underworld)",
    ),
    "draw": ("{amount}枚ドロー", "draw {amount}"),
    "heal": ("蓄積ダメージを回復", "heal its damage"),
    "untap": ("疲労から回復(活動状態に)", "untap"),
    "quick_summon": ("召喚{amount}以下を速攻召喚", "quick-summon a card of summon cost {amount} or less"),
    "immune_damage": ("ダメージを受けない", "takes no damage"),
    "aura": (
        "同じ種族の他の前衛ユニットの攻撃+{amount}",
        "your other front units of its race get +{amount} attack",
    ),
}

# 種類 (effect kinds) and 場所 (where the card must be) in English
KINDS_EN = {
    "起動": "activated",
    "永続": "continuous",
    "召喚": "on-summon",
    "対応": "response",
    "戦闘": "battle",
    "術式": "ritual",
}
PLACES_EN = {"前衛": "front", "後衛": "rear", "戦域": "field", "冥府": "underworld"}

EVENT_TEXT: dict[str, tuple[str, str]] = {
    # ゲームの準備
    "shuffle": ("{who} 本陣をシャッフル", "{who} shuffles the 本陣 (deck)"),
    "bow": ("「よろしくお願いします」", "the players bow: “yoroshiku onegaishimasu”"),
    "draw": ("{who} ドロー: {card}", "{who} draws {card}"),
    "mulligan": ("{who} マリガン", "{who} mulligans (a new hand of 5)"),
    "keep": ("{who} マリガンしない", "{who} keeps the hand"),
    "reveal": (
        "{who} 公開: {card} (召喚+階級 {value}、速度 {speed})",
        "{who} shows {card} (summon + rank {value}, speed {speed})",
    ),
    "first_player": ("{who} が先攻", "{who} goes first"),
    "first_player_coin": (
        "{who} が先攻 (200回続けて同じ値: コイン)",
        "{who} goes first (a coin, after 200 tied showings)",
    ),
    "breakout": ("『ブレイクアウト!』", "“Breakout!” — the game begins"),
    # the round and its turns
    "round": ("══ ラウンド{round} ══", "══ round {round} ══"),
    "player_turn": ("── {who} のプレイヤーターン ──", "── {who}'s player turn ──"),
    "battle_turn": ("── バトルターン ──", "── the battle turn ──"),
    "upkeep": ("{who} ユニットの維持: {count}枚", "{who} pays upkeep: {count} cards"),
    "mill_upkeep": ("{who} 本陣→冥府 (ユニットの維持): {card}", "{who} deck → underworld (upkeep): {card}"),
    "mill_cost": ("{who} 本陣→冥府 (召喚コスト): {card}", "{who} deck → underworld (summon cost): {card}"),
    "mill_damage": ("{who} 本陣→冥府 (ダメージ): {card}", "{who} deck → underworld (damage): {card}"),
    "mill_penalty": (
        "{who} 本陣→冥府 (攻撃失敗の代償): {card}",
        "{who} deck → underworld (attack penalty): {card}",
    ),
    "mill_return": (
        "{who} 本陣→冥府 (手札に戻すコスト): {card}",
        "{who} deck → underworld (the cost of returning): {card}",
    ),
    "cycle": (
        "{who} サイクル{count}回目: 冥府の表向きのカード{cards}枚が新しい本陣に",
        "{who} cycles ({count} of 2): {cards} face-up underworld cards become the new deck",
    ),
    "third_empty": ("{who} の本陣が3回目の0", "{who}'s deck is empty a third time"),
    # メインフェイズ
    "summon_cost": ("{who} 召喚コスト{cost}: {card}", "{who} pays the summon cost {cost} of {card}"),
    "summon": ("{who} 召喚: {card} → {at:zone}", "{who} summons {card} to {at:zone}"),
    "quick_summon": ("{who} 速攻召喚: {card} → {at:zone}", "{who} quick-summons {card} to {at:zone}"),
    "end_declared": ("{who} ターン終了を宣言", "{who} declares the end of the turn"),
    # エンド / リーブ: destroyed units leave
    "return": (
        "{who} 破壊されたユニットを手札に戻す: {card} [{at:zone}]",
        "{who} returns the destroyed {card} [{at:zone}] to hand",
    ),
    "return_union": (
        "{who} ユニオンの片方も手札に: {card}",
        "{who} returns the union's other card {card} to hand too",
    ),
    "bury": (
        "{who} 破壊されたユニットを冥府に送る: {card} [{at:zone}]",
        "{who} sends the destroyed {card} [{at:zone}] to the underworld",
    ),
    "bury_union": (
        "{who} ユニオンの片方も冥府に: {card}",
        "{who} sends the union's other card {card} to the underworld too",
    ),
    # ユニオンフェイズ
    "to_front": ("{who} 前衛へ移動: {card}", "{who} moves {card} to the front"),
    "to_rear": ("{who} 後衛へ移動: {card}", "{who} moves {card} to the rear"),
    "union": ("{who} ユニオン: {card} → {onto}", "{who} lays {card} on {onto} (union)"),
    "release": ("{who} ユニオン解除: {card} (← {unit})", "{who} releases {card} from {unit}"),
    "union_done": ("{who} 配置を終える", "{who} is done arranging"),
    # スペルフェイズ and effects
    "spell_pass": (
        "{who} 速度{speed}: 起動効果を発動しない",
        "{who} passes at speed {speed} (no activation)",
    ),
    "reincarnate": (
        "{who} 転生: {card} を裏向きに",
        "{who} pays by 転生 (reincarnation): {card} turns face down",
    ),
    "ritual": ("{who} 術式発動: {at}", "{who} fires the ritual {at}"),
    "decline": ("{who} 効果を発動しない: {card}", "{who} does not use the effect of {card}"),
    "effect_damage": (
        "{who} {at} の効果: {target} に{amount}ダメージ",
        "{who}'s {at}: {amount} damage to {target}",
    ),
    "effect_reduce": (
        "{who} {at} の効果: {target} の攻撃・防衛-{amount}",
        "{who}'s {at}: {target} gets attack and defense -{amount}",
    ),
    "effect_boost": (
        "{who} {at} の効果: {target} の攻撃+{amount}",
        "{who}'s {at}: {target} gets attack +{amount}",
    ),
    "effect_fortify": (
        "{who} {at} の効果: {target} の防衛+{amount}",
        "{who}'s {at}: {target} gets defense +{amount}",
    ),
    "effect_destroy": ("{who} {at} の効果: {target} を破壊", "{who}'s {at}: destroys {target}"),
    "effect_mill": (
        "{who} {at} の効果: 相手に{amount}ダメージ",
        "{who}'s {at}: {amount} damage to the opponent",
    ),
    "effect_draw": ("{who} {at} の効果: {amount}枚ドロー", "{who}'s {at}: draw {amount}"),
    "effect_heal": (
        "{who} {at} の効果: {target} の蓄積ダメージを回復",
        "{who}'s {at}: {target}'s damage is healed",
    ),
    "effect_untap": (
        "{who} {at} の効果: {target} を活動状態に",
        "{who}'s {at}: {target} untaps",
    ),
    "effect_quick_summon": (
        "{who} {at} の効果: 速攻召喚 (召喚{amount}以下)",
        "{who}'s {at}: a quick summon (summon cost {amount} or less)",
    ),
    "damaged": ("{at} に{amount}ダメージ (防衛 {defense})", "{at} takes {amount} damage (defense {defense})"),
    "reduced": (
        "{at} の攻撃・防衛-{amount} (防衛 {defense})",
        "{at} gets attack and defense -{amount} (defense {defense})",
    ),
    "immune": ("{at} はダメージを受けない", "{at} takes no damage"),
    "destroyed": ("{at} 破壊", "{at} is destroyed"),
    # バトルフェイズ
    "attack_pass": ("{who} 速度{speed}: 攻撃しない", "{who} passes at speed {speed} (no more attacks)"),
    "attack": ("{who} 攻撃宣言: {at} (攻撃 {attack})", "{who} attacks with {at} (attack {attack})"),
    "block": ("{who} {at} で受ける (防衛 {defense})", "{who} blocks with {at} (defense {defense})"),
    "take": ("{who} 受けない", "{who} does not block"),
    "battle": (
        "戦闘: {attacker} 攻撃 {attack} 対 {blocker} 防衛 {defense}",
        "battle: {attacker} attack {attack} against {blocker} defense {defense}",
    ),
    "battle_no_attacker": (
        "戦闘なし: 攻撃ユニット {card} がいない",
        "no battle: the attacker {card} is gone",
    ),
    "battle_no_blocker": ("戦闘なし: 防御ユニット {card} がいない", "no battle: the blocker {card} is gone"),
    "direct_attack": (
        "{who} に直接攻撃: {attacker} 攻撃 {amount}",
        "direct attack on {who}: {attacker}, attack {amount}",
    ),
    "penalty": (
        "{who} 攻撃失敗の代償: {count}枚 (ダメージではない)",
        "{who} pays the attack penalty: {count} cards (not damage)",
    ),
}

TERM_LABELS: dict[str, tuple[str, str]] = {
    "tapped": ("疲労", "tapped"),
    "destroyed": ("破壊", "destroyed"),
    "moved": ("ユニオンフェイズで移動済み", "moved in the union phase"),
    "summoning_sick": ("召喚酔い", "summoning sick"),
    "damage": ("蓄積ダメージ", "damage"),
    "attack": ("攻撃", "attack"),
    "defense": ("防衛", "defense"),
    "speed": ("速度", "speed"),
}
