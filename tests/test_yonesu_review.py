"""ヨネス, a later review of the rulebook (docs/sources/rules/yonesu.txt) against the engine: the
four-ファーストヨネス win waits for the ゲーム開始宣言, and a combined attack being gathered can be taken back
before its 攻撃宣言. Each test quotes the page's sentence."""

from __future__ import annotations

from tefuda.games.yonesu.game import YonesuGame
from tefuda.games.yonesu.phase_ids import ATTACKED, BATTLE, GATHER, GATHER_CANCEL, OPENING, WINDOW
from tefuda.games.yonesu.state import YonesuState
from tefuda.games.yonesu.zones import HAND, zid

RICH = ["レインボーヨネス", "邪神グラジヨネス"]


def do(s: YonesuState, *texts: str) -> None:
    for t in texts:
        s.apply_text(t)


def legal(s: YonesuState) -> list[str]:
    return [s.notation(a) for a in s.legal_actions()]


def codes(s: YonesuState) -> list[str]:
    return [e.code for e in s.log]


# ---------------------------------------------------------------------- 勝利条件 and ゲーム開始宣言
def test_no_four_first_yonesu_win_before_the_start_declaration():
    """勝利条件 「自分がどの敗北条件も満たしていない状態で、…自分の手札とフィールドにファーストヨネスが4体
    存在している。」 with the 敗北条件 「ゲーム開始宣言をしていない。」 and 4.ゲーム開始宣言 「この宣言をして
    いないプレイヤーは自動的に敗北となります。」 — four ファーストヨネス dealt by the opening draw (seed 4: P2
    holds them before every hand is full) win only once the opening draw is done and the start is declared,
    before the first turn."""
    s = YonesuGame({}).new_state(None, 4)
    early = False  # four held while the opening draw was still going
    while s.phase == OPENING and not s.is_over:
        early = early or any(s.first_count(p) >= 4 for p in (0, 1))
        assert "start" not in codes(s)
        do(s, "draw 1")
    assert early
    assert [len(s.zones[zid(p, HAND)]) for p in (0, 1)] == [7, 7]  # the opening draw was completed
    log = codes(s)
    assert "start" in log and log.index("start") < log.index("show") < log.index("game_over")
    assert "turn" not in log and s.turn == 0  # won at the declaration, before the first turn
    res = s.outcome()
    assert res is not None and res.code == "four_first" and res.winner == 1
    assert s.first_count(1) >= 4


# ---------------------------------------------------------------- 合成攻撃: gathering is not the 攻撃宣言
def _eight_ready() -> YonesuState:
    eight = [["火吹きヨネス"]] * 8
    return YonesuGame({}).position(
        hands=(["テンソード"], ["補給"]),
        fields=(eight, [["神ヨネス"]]),
        costs=(RICH, []),
        limit=(11, 8),
        start="battle",
    )


def test_a_combined_attack_being_gathered_can_be_taken_back():
    """8.戦闘フェイズ 「このターンにまだ攻撃をしていない自分のヨネスを1体または複数体(合成攻撃)選択して、…
    攻撃宣言をすることができます。」 and 「なお、フォースの発動と攻撃宣言の順序は問いません。」 — choosing the
    group is not yet the 攻撃宣言: before it, the attacker may take the group back, activate a force, and
    attack after all (or not at all)."""
    s = _eight_ready()
    assert "gather-cancel" not in legal(s)  # nothing gathered yet
    do(s, "gather p1/火吹きヨネス#1", "gather p1/火吹きヨネス#2")
    assert s.phase == GATHER and legal(s)[-1] == "gather-cancel"
    assert s.game.label(s, GATHER_CANCEL) == (
        "合成攻撃をやめる(集めたヨネスを戻す)",
        "take back the gathered Yonesu",
    )
    do(s, "gather-cancel")
    assert s.phase == BATTLE and s.gathered == () and "gather_cancel" in codes(s)
    assert s.observation(0)["extra"]["gathering"] == []
    assert not any(s.flags[t] & ATTACKED for t in s.tops(0))  # nobody attacked
    acts = legal(s)
    gathers = [f"gather p1/火吹きヨネス#{k}" for k in range(1, 9)]
    assert [a for a in acts if a.startswith("gather ")] == gathers
    assert "end-battle" in acts and "force テンソード -> p1/火吹きヨネス#1" in acts
    # a force first, then the attack: the order is free
    do(s, "force テンソード -> p1/火吹きヨネス#1")
    while s.phase == WINDOW:
        do(s, "pass")
    assert s.phase == BATTLE
    do(s, *(f"gather p1/火吹きヨネス#{k}" for k in (1, 2, 3, 4)), "attack-gathered p2/神ヨネス")
    while s.phase == WINDOW:
        do(s, "pass")
    assert s.tops(1) == [] and len(s.tops(0)) == 8  # 6 (テンソード's +3) + 3 + 3 + 3 beat 神ヨネス's 12
    # or the phase simply ends, the group let go
    s = _eight_ready()
    do(s, "gather p1/火吹きヨネス#4", "gather-cancel", "end-battle")
    assert s.phase != BATTLE and not any(s.flags[t] & ATTACKED for t in s.tops(0))


def test_taking_back_a_gathering_keeps_every_action_number():
    """The new action kind comes last in the action space, so every action keeps the number it had (replays,
    learners)."""
    g = YonesuGame({})
    space = g.action_space
    assert space.kinds[-1] == "gather-cancel"
    assert space.index(GATHER_CANCEL) == space.size - 1
