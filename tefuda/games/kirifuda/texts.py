"""How 切り札's events and table terms read, in Japanese and English (the view layer's templates; see
tefuda/view/text.py for the placeholders)."""

from __future__ import annotations

EVENT_TEXT: dict[str, tuple[str, str]] = {
    "rps": ("じゃんけん: {who} の勝ち", "{who} wins rock-paper-scissors"),
    "first_player": ("{who} がファーストプレイヤー", "{who} goes first"),
    "reveal_card": ("{who} 公開: {card}", "{who} shows {card}"),
    "redraw": ("{who} 引き直し", "{who} redraws the shown cards"),
    "keep_hand": ("{who} 引き直さない", "{who} keeps the shown cards"),
    "life_set": ("{who} ライフ {count} 枚", "{who} sets {count} life cards"),
    "round": ("── 第{round}ラウンド ──", "── round {round} ──"),
    "draw": ("{who} ドロー: {card}", "{who} draws {card}"),
    "revealed_draw": ("{who} 引いたカードを公開して2枚手札に", "{who} showed the draw and took 2"),
    "kept_draw": ("{who} 公開しない", "{who} keeps the drawn card hidden"),
    "no_draw": ("{who} 山札がないので引けない", "{who} cannot draw (empty deck)"),
    "reshuffle": ("{who} 捨て札を山札に", "{who} reshuffles the discard pile into a new deck"),
    "set": ("{who} セット: {slot}", "{who} sets a card face down: {slot}"),
    "no_attacker_set": ("{who} 手札がない", "{who} has no card to set"),
    "support_set_done": ("{who} セットしました", "{who} is done setting"),
    "overwrite": (
        "{who} 上書き: {slot} (元のカード → {to}) {card}",
        "{who} overwrites {slot} (the old card → {to}) {card}",
    ),
    "no_trump": ("{who} 切り札を使いません", "{who} uses no trump"),
    "trump": ("{who} 切り札を使う! {slot}", "{who} plays a trump: {slot}"),
    "open_attacker": ("{who} アタッカーオープン: {card} POW {pow}", "{who} opens {card}: POW {pow}"),
    "set_attacker": (
        "{who} セットアタッカー: POW {pow}、全属性",
        "{who}'s set attacker: POW {pow}, all attributes",
    ),
    "no_attacker": ("{who} アタッカーなし", "{who} has no attacker"),
    "open_support": ("{who} サポートオープン: {card} ({slot})", "{who} opens {card} ({slot})"),
    "support_pass": ("{who} サポートを使いません", "{who} uses no support"),
    "pow": (
        "{who} のアタッカー POW {change:+} → {pow} ({card})",
        "{who}'s attacker POW {change:+} → {pow} ({card})",
    ),
    "pow_set": ("{who} のアタッカー POW = {pow} ({card})", "{who}'s attacker POW becomes {pow} ({card})"),
    "pow_swap": (
        "POW 入れ替え: {who} {mine}、相手 {theirs} ({card})",
        "POW swapped: {who} {mine}, the opponent {theirs} ({card})",
    ),
    "protect": ("{who} ライフを守る ({card})", "{who}'s life is protected this round ({card})"),
    "guard": ("{who} POWを守る ({card})", "{who}'s attacker is guarded this round ({card})"),
    "guarded": ("{who} の守りで効果は無効 ({card})", "{who}'s guard stops {card}"),
    "protected": ("{who} は守られている: ライフを取られない", "{who} is protected: no life card is taken"),
    "peek_support": ("{who} {slot} を見る: {card}", "{who} looks at {slot}: {card}"),
    "discard_support": ("{who} {slot} を捨てる: {card}", "{who} discards {slot}: {card}"),
    "peek_life": (
        "{who} 相手のライフ{pos}枚目を見る: {card}",
        "{who} looks at the opponent's life card {pos}: {card}",
    ),
    "scry_top": ("{who} 山札の一番上を上に残す", "{who} keeps the top card on top"),
    "scry_bottom": ("{who} 山札の一番上を下に置く", "{who} puts the top card at the bottom"),
    "swap_life": ("{who} ライフ{pos}枚目と手札を入れ替え", "{who} swaps a hand card with life card {pos}"),
    "skip": ("{who} 入れ替えない ({card})", "{who} does not swap ({card})"),
    "life_added": ("{who} ライフ+1 (計 {count})", "{who} adds a life card (now {count})"),
    "cost_paid": (
        "{who} コスト支払い ({paid_from:zone}): {card} — {source}",
        "{who} pays ({paid_from:zone}): {card} — for {source}",
    ),
    "cost_declined": ("{who} コストを払わない: {card}", "{who} declines the cost of {card}"),
    "cost_unpaid": ("{who} コストを払えない: {card}", "{who} cannot pay the cost of {card}"),
    "condition_failed": ("{who} 条件を満たさない ({card})", "{who}: condition not met ({card})"),
    "battle_won": ("バトル: {who} の勝ち (POW {pow} 対 {vs})", "battle: {who} wins, POW {pow} vs {vs}"),
    "battle_tie": ("バトル: 引き分け (POW {pow})", "battle: a tie at POW {pow}"),
    "no_battle": ("バトルなし", "no attackers, no battle"),
    "life_taken": (
        "{who} ライフ{pos}枚目を手札に: {card} (残り {left})",
        "{who} takes life card {pos} into hand: {card} ({left} left)",
    ),
    "discard": ("{who} 捨て札へ: {card}", "{who} discards {card}"),
}

TERM_LABELS: dict[str, tuple[str, str]] = {
    "set_attacker": ("セットアタッカー", "set attacker"),
    "pow": ("POW", "POW"),
    "attributes": ("属性", "attributes"),
    "life": ("ライフ", "life"),
    "trump_used": ("切り札使用済", "trump used"),
    "overwrite_used": ("上書き済", "overwrite used"),
    "protect": ("ライフ守り", "life protected"),
    "guard": ("POW守り", "POW guarded"),
}
