"""Every card of 切り札's pool does what its Japanese text says (issue 23): one case or more per card, each a
position of the real pool played to the moment the card's text matters, and checked against the text quoted.

Seat 0 (P1) goes first, so its 【オープン】 effects resolve first. Fillers are vanilla cards: 鉄牙の猪
(800, 土) pads hands, decks and life; 天翔ける騎兵 (700, 風) is a plain opponent."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tefuda.core import FACE_UP, load_game
from tefuda.games.kirifuda.state import SUPPORT_OPEN, KirifudaState
from tefuda.games.kirifuda.zones import DECK, DISCARD, HAND, LIFE, NZ, SUPPORT_1, SUPPORT_2

G = load_game("kirifuda")
PAD = "鉄牙の猪"
PLAIN = "天翔ける騎兵"
DECK6 = ["潮騒の騎士", "鬨の声", "引き潮", PAD, PAD, PAD]
TRUMPS = (["煉獄帝ヴァルガ", "神盾アイギス"], ["煉獄帝ヴァルガ", "神盾アイギス"])


def names(s: KirifudaState, seat: int, k: int) -> list[str]:
    return [s.game.cardset[s.cards[i]].name for i in s.zones[seat * NZ + k]]


def do(s: KirifudaState, *texts: str) -> None:
    for t in texts:
        s.apply_text(t)


def start(
    me: str,
    them: str = PLAIN,
    *,
    mine: tuple[str, ...] = (),
    theirs: tuple[str, ...] = (),
    extra: tuple[str, ...] = (),
    lives: tuple[list[str], list[str]] | None = None,
    decks: tuple[list[str], list[str]] | None = None,
    trumps: tuple[list[str], list[str]] = TRUMPS,
    trump: str | None = None,
) -> KirifudaState:
    """P1 sets ``me`` and the supports ``mine``, P2 ``them`` and ``theirs`` (by default an attacker parked in
    a support slot, so that P2 is asked in the サポートオープン and the POWs can be read before the battle);
    ``trump``: what P1 sets after declaring a trump (P2 uses none). Returns the state at the first decision
    after the 切り札フェイズ."""
    theirs = theirs or (PAD,)
    s = G.position(
        hands=([me, *mine, *extra, PAD], [them, *theirs, PAD]),
        decks=decks or (list(DECK6), list(DECK6)),
        lives=lives or ([PAD] * 3, [PAD] * 3),
        trumps=trumps,
    )
    do(s, f"set-attacker {me}", f"set-attacker {them}")
    for sup in (mine, theirs):
        for name in sup:
            do(s, f"set-support {name}")
        if len(sup) < 2:
            do(s, "done")
    if trump is None:
        do(s, "no-trump", "no-trump")
    else:
        do(s, "use-trump")
        if s.pending is not None and s.pending.what == "trump":
            do(s, "no-trump")
        do(s, trump)
    return s


def to_battle(s: KirifudaState) -> None:
    """Both pass in the サポートオープン: the battle follows."""
    while s.phase == SUPPORT_OPEN:
        do(s, "pass")


def events(s: KirifudaState, code: str) -> list:
    return [e for e in s.log if e.code == code]


def life(s: KirifudaState, seat: int) -> int:
    return len(s.zones[seat * NZ + LIFE])


def attrs(s: KirifudaState, seat: int) -> list[str]:
    return s.game.attr_names(s.attr[seat])


# ---------------------------------------------------------------------- the cases, card by card
def vanilla(name: str, pow_: int, attributes: list[str]) -> Callable[[], None]:
    def case() -> None:
        """「効果なし。」: POW and 属性 as printed, nothing else happens."""
        s = start(name, PLAIN)
        assert s.pow[0] == pow_ and attrs(s, 0) == attributes
        assert not [e for e in events(s, "pow") + events(s, "pow_set") if e.seat == 1]
        assert s.pow[1] == 700

    return case


def ember_fox() -> None:
    """「【オープン】相手のアタッカーが風属性なら、このアタッカーのPOW+200。」"""
    assert start("熾火の狐", PLAIN).pow[0] == 700  # 天翔ける騎兵 is 風
    assert start("熾火の狐", PAD).pow[0] == 500  # 鉄牙の猪 is 土
    s = start("熾火の狐", PAD, extra=())
    assert s.pow[1] == 800  # only this attacker changes


def blaze_warrior() -> None:
    """「【オープン】相手のアタッカーのPOW-200。」"""
    s = start("烈火の戦士", PAD)
    assert s.pow == [600, 600]


def tide_knight() -> None:
    """「【オープン】カードを1枚引く。」"""
    s = start("潮騒の騎士")
    assert names(s, 0, HAND)[-1] == DECK6[0] and len(s.zones[DECK]) == len(DECK6) - 1


def mist_dancer() -> None:
    """「【オープン】相手のセットされたサポートを1枚見る。」 — one, chosen; the other stays unknown."""
    s = start("霧の舞姫", theirs=("鬨の声", "引き潮"))
    assert {a.kind for a in s.legal_actions()} == {"peek-support"}
    do(s, "peek-support 2")
    a, b = s.zones[NZ + SUPPORT_1][0], s.zones[NZ + SUPPORT_2][0]
    assert s.knows(0, b) and not s.knows(0, a)
    assert not s.flags[b] & FACE_UP


def deep_sea_lord() -> None:
    """「【オープン】相手のアタッカーが火属性なら、このアタッカーのPOW+200。」"""
    assert start("深海の主", "紅蓮の竜騎士").pow[0] == 900
    assert start("深海の主", PLAIN).pow[0] == 700


def rain_priestess() -> None:
    """「【オープン】山札の上から1枚をライフに加える。」 — face down, known to nobody."""
    s = start("雨乞いの巫女")
    assert life(s, 0) == 4 and names(s, 0, LIFE)[-1] == DECK6[0]
    added = s.zones[LIFE][-1]
    assert not s.knows(0, added) and not s.knows(1, added)


def gale_hawk() -> None:
    """「【オープン】山札の一番上を見て、上か下に置く。」"""
    s = start("疾風の鷹")
    assert s.knows(0, s.zones[DECK][0]) and not s.knows(1, s.zones[DECK][0])
    assert {a.kind for a in s.legal_actions()} == {"scry-keep", "scry-bottom"}
    do(s, "scry-bottom")
    assert names(s, 0, DECK)[-1] == DECK6[0]
    s = start("疾風の鷹")
    do(s, "scry-keep")
    assert names(s, 0, DECK)[0] == DECK6[0]


def storm_archer() -> None:
    """「【オープン】相手のセットされたサポートを1枚選び、捨て札にする。」"""
    s = start("嵐の射手", theirs=("鬨の声", "引き潮"))
    assert {a.kind for a in s.legal_actions()} == {"discard-support"}
    do(s, "discard-support 1")
    assert names(s, 1, DISCARD) == ["鬨の声"] and names(s, 1, SUPPORT_2) == ["引き潮"]


def whirlwind_imp() -> None:
    """「【オープン】お互いのアタッカーのPOWを入れ替える。」"""
    s = start("つむじ風の小鬼", PAD)
    assert s.pow == [800, 300]


def rock_sentinel() -> None:
    """「【オープン】このラウンド、相手の効果でこのアタッカーのPOWは下がらず、変更も入れ替えもされない。」"""
    s = start("岩窟の番人", "烈火の戦士")  # P2's -200 comes after P1's guard
    assert s.pow[0] == 700 and events(s, "guarded")
    s = start("岩窟の番人", "大地の呪術師")  # 「変更もされない」: not even set to 500
    assert s.pow[0] == 700
    s = start("岩窟の番人", "つむじ風の小鬼")  # 「入れ替えもされない」
    assert s.pow == [700, 300]


def earth_shaman() -> None:
    """「【オープン】相手のアタッカーのPOWを500にする。」 — down or up, it becomes 500."""
    assert start("大地の呪術師", "灰燼の巨兵").pow[1] == 500
    assert start("大地の呪術師", "雨乞いの巫女").pow[1] == 500


def grave_digger() -> None:
    """「【オープン】相手のライフを1枚見る。」"""
    s = start("墓守の老兵")
    assert {a.kind for a in s.legal_actions()} == {"peek-life"}
    do(s, "peek-life 3")
    seen = s.zones[NZ + LIFE][2]
    assert s.knows(0, seen) and not s.knows(1, seen)
    assert not any(s.knows(0, i) for i in s.zones[NZ + LIFE][:2])


def phoenix_chick() -> None:
    """「コスト:手札を1枚捨てる。【オープン】このアタッカーのPOW+500。」"""
    s = start("不死鳥の雛", extra=("鬨の声",))
    assert {a.kind for a in s.legal_actions()} == {"pay-hand", "decline"}
    do(s, "pay-hand 鬨の声")
    assert s.pow[0] == 900 and names(s, 0, DISCARD) == ["鬨の声"]
    s = start("不死鳥の雛", extra=("鬨の声",))
    do(s, "decline")
    assert s.pow[0] == 400


def last_samurai() -> None:
    """「【オープン】自分のライフが1枚以下なら、このアタッカーのPOW+400。」"""
    assert start("背水の侍", lives=([PAD], [PAD] * 3)).pow[0] == 900
    assert start("背水の侍", lives=([PAD] * 2, [PAD] * 3)).pow[0] == 500


def war_cry() -> None:
    """「【オープン】自分のアタッカーのPOW+300。」"""
    s = start(PAD, mine=("鬨の声",))
    do(s, "open-support 1")
    assert s.pow == [1100, 700]


def flame_blessing() -> None:
    """「【オープン】自分のアタッカーが火属性なら、POW+500。」"""
    s = start("紅蓮の竜騎士", mine=("炎の加護",))
    do(s, "open-support 1")
    assert s.pow[0] == 1300
    s = start(PAD, mine=("炎の加護",))
    do(s, "open-support 1")
    assert s.pow[0] == 800


def undertow() -> None:
    """「【オープン】相手のアタッカーのPOW-300。」"""
    s = start(PAD, mine=("引き潮",))
    do(s, "open-support 1")
    assert s.pow == [800, 400]


def tailwind() -> None:
    """「【オープン】自分のアタッカーが風属性なら、POW+400し、カードを1枚引く。」 — both or neither."""
    s = start(PLAIN, PAD, mine=("追い風",))
    hand = len(s.zones[HAND])
    do(s, "open-support 1")
    assert s.pow[0] == 1100 and len(s.zones[HAND]) == hand + 1
    s = start(PAD, mine=("追い風",))
    hand = len(s.zones[HAND])
    do(s, "open-support 1")
    assert s.pow[0] == 800 and len(s.zones[HAND]) == hand


def comeback() -> None:
    """「【オープン】自分のアタッカーのPOWが相手より低いなら、POW+500。」"""
    s = start(PLAIN, PAD, mine=("起死回生",))
    do(s, "open-support 1")
    assert s.pow[0] == 1200
    s = start(PAD, PLAIN, mine=("起死回生",))
    do(s, "open-support 1")
    assert s.pow[0] == 800


def iron_wall() -> None:
    """「【オープン】このラウンド、バトルに負けてもライフを取られない。」"""
    s = start("雨乞いの巫女", PAD, mine=("鉄壁",))
    do(s, "open-support 1")
    to_battle(s)
    assert life(s, 0) == 4 and s.round == 2  # the priestess added one; none was taken


def stone_skin() -> None:
    """「【オープン】このラウンド、相手の効果で自分のアタッカーのPOWは下がらず、変更も入れ替えもされない。
    POW+100。」"""
    s = start(PAD, PLAIN, mine=("石の肌",), theirs=("引き潮",))
    do(s, "open-support 1", "open-support 1")
    assert s.pow == [900, 700]
    s = start(PAD, PLAIN, mine=("石の肌",), theirs=("鏡写し",))
    do(s, "open-support 1", "open-support 1")
    assert s.pow == [900, 700]


def spyglass() -> None:
    """「【オープン】相手のセットされたサポートを1枚見る。カードを1枚引く。」"""
    s = start(PAD, mine=("遠眼鏡",), theirs=("鬨の声",))
    hand = len(s.zones[HAND])
    do(s, "open-support 1")  # one set support: looked at without asking
    assert s.knows(0, s.zones[NZ + SUPPORT_1][0]) and len(s.zones[HAND]) == hand + 1


def sabotage() -> None:
    """「【オープン】相手のセットされたサポートを1枚選び、捨て札にする。」"""
    s = start(PAD, mine=("破壊工作",), theirs=("鬨の声", "引き潮"))
    do(s, "open-support 1", "discard-support 2")
    assert names(s, 1, DISCARD) == ["引き潮"] and names(s, 1, SUPPORT_1) == ["鬨の声"]


def fortune_teller() -> None:
    """「【オープン】山札の一番上を見て上か下に置く。相手のライフを1枚見る。」 — in that order."""
    s = start(PAD, mine=("占い師の水晶",))
    do(s, "open-support 1")
    assert {a.kind for a in s.legal_actions()} == {"scry-keep", "scry-bottom"}
    do(s, "scry-bottom")
    assert {a.kind for a in s.legal_actions()} == {"peek-life"}
    do(s, "peek-life 1")
    assert names(s, 0, DECK)[-1] == DECK6[0] and s.knows(0, s.zones[NZ + LIFE][0])


def switcheroo() -> None:
    """「【オープン】手札1枚と自分のライフ1枚を入れ替えてもよい。」 — may: swap or skip."""
    s = start(PAD, mine=("すり替え",), extra=("灰燼の巨兵",))
    do(s, "open-support 1")
    assert {a.kind for a in s.legal_actions()} == {"swap-life", "skip"}
    do(s, "swap-life 2 灰燼の巨兵")
    assert names(s, 0, LIFE)[1] == "灰燼の巨兵" and life(s, 0) == 3
    s = start(PAD, mine=("すり替え",), extra=("灰燼の巨兵",))
    do(s, "open-support 1", "skip")
    assert "灰燼の巨兵" in names(s, 0, HAND)


def mirror_image() -> None:
    """「【オープン】お互いのアタッカーのPOWを入れ替える。」"""
    s = start(PLAIN, "灰燼の巨兵", mine=("鏡写し",))
    do(s, "open-support 1")
    assert s.pow == [900, 700]


def binding_chain() -> None:
    """「コスト:自分の他のセットカードを1枚捨てる。【オープン】相手のアタッカーのPOWを300にする。」"""
    s = start(PAD, "灰燼の巨兵", mine=("束縛の鎖", "鬨の声"))
    do(s, "open-support 1")
    assert {a.kind for a in s.legal_actions()} == {"pay-set", "decline"}  # only the other set card
    do(s, "pay-set 2")
    assert s.pow[1] == 300 and names(s, 0, DISCARD) == ["鬨の声"]
    s = start(PAD, "灰燼の巨兵", mine=("束縛の鎖",))
    do(s, "open-support 1")  # no other set card: the cost cannot be paid, nothing happens
    assert s.pow[1] == 900 and events(s, "cost_unpaid")


def blood_pact() -> None:
    """「コスト:自分の他のセットカードを1枚捨てる。【オープン】自分のアタッカーのPOW+700。」"""
    s = start(PLAIN, mine=("血の盟約", "灰燼の巨兵"))  # an attacker parked in a support slot pays it
    do(s, "open-support 1", "pay-set 2")
    assert s.pow[0] == 1400 and names(s, 0, DISCARD) == ["灰燼の巨兵"]


def sanctuary() -> None:
    """「コスト:手札を1枚捨てる。【オープン】山札の上から1枚をライフに加え、カードを1枚引く。」"""
    s = start(PAD, mine=("聖域の泉",), extra=("鬨の声",))
    do(s, "open-support 1", "pay-hand 鬨の声")
    assert life(s, 0) == 4 and names(s, 0, LIFE)[-1] == DECK6[0]
    assert names(s, 0, HAND)[-1] == DECK6[1] and "鬨の声" in names(s, 0, DISCARD)


def last_resort() -> None:
    """「【オープン】自分のライフが1枚以下なら、自分のアタッカーのPOW+600、このラウンドライフを取られない。」"""
    s = start(PLAIN, "灰燼の巨兵", mine=("最後の砦",), lives=([PAD], [PAD] * 3))
    do(s, "open-support 1")
    assert s.pow[0] == 1300 and s.protect[0]
    s = start("雨乞いの巫女", "灰燼の巨兵", mine=("最後の砦",), lives=([PAD], [PAD] * 3))
    do(s, "open-support 1")  # the priestess made it 2 life cards: no effect at all
    assert s.pow[0] == 300 and not s.protect[0]


def inferno_emperor() -> None:
    """「切り札。効果なし。」 — a 切り札アタッカー of POW 1200, 火."""
    s = start(PAD, "灰燼の巨兵", trump="trump-attacker")
    assert s.pow == [1200, 900] and attrs(s, 0) == ["火"] and names(s, 0, DECK)[-1] == PAD


def leviathan() -> None:
    """「切り札。【オープン】相手のアタッカーのPOW-300。カードを1枚引く。」"""
    s = start(PAD, "灰燼の巨兵", trumps=(["大海竜リヴァイア"], []), trump="trump-attacker")
    assert s.pow == [1000, 600] and names(s, 0, HAND)[-1] == DECK6[0]


def titan() -> None:
    """「切り札。【オープン】このラウンド、相手の効果でこのアタッカーのPOWは下がらず、変更も入れ替えもされない
    。」"""
    s = start(PAD, "大地の呪術師", trumps=(["巨神ガイアロス"], []), trump="trump-attacker")
    assert s.pow[0] == 1100 and s.guard[0]


def divine_aegis() -> None:
    """「切り札。【オープン】このラウンド、ライフを取られず、相手の効果で自分のアタッカーのPOWは下がらず、変更
    も入れ替えもされない。自分のアタッカーのPOW+300。」"""
    s = start(PLAIN, "灰燼の巨兵", theirs=("引き潮", "鏡写し"), trump="trump-support 1")
    do(s, "open-support 1")
    assert s.pow[0] == 1000 and s.guard[0] and s.protect[0]
    do(s, "open-support 1")  # 引き潮: 「下がらず」
    assert s.pow[0] == 1000
    do(s, "open-support 2")  # (P1 has no set card left) 鏡写し: 「入れ替えもされない」
    assert s.pow == [1000, 900]
    s = start("雨乞いの巫女", "灰燼の巨兵", trump="trump-support 1")
    do(s, "open-support 1")
    to_battle(s)  # 600 against 900: lost, and 「ライフを取られず」
    assert life(s, 0) == 4 and s.round == 2


def heavens_verdict() -> None:
    """「切り札。【オープン】相手のアタッカーのPOWを0にする。」"""
    s = start(PAD, "灰燼の巨兵", trumps=(["天の裁き"], []), trump="trump-support 1")
    do(s, "open-support 1")
    assert s.pow == [800, 0]


def time_reversal() -> None:
    """「切り札。【オープン】お互いのアタッカーのPOWを入れ替える。山札の上から1枚をライフに加える。」"""
    s = start(PLAIN, "灰燼の巨兵", trumps=(["時の巻き戻し"], []), trump="trump-support 2")
    do(s, "open-support 2")
    assert s.pow == [900, 700] and life(s, 0) == 4


CASES: dict[str, Callable[[], None]] = {
    "紅蓮の竜騎士": vanilla("紅蓮の竜騎士", 800, ["火"]),
    "熾火の狐": ember_fox,
    "烈火の戦士": blaze_warrior,
    "灰燼の巨兵": vanilla("灰燼の巨兵", 900, ["火", "土"]),
    "潮騒の騎士": tide_knight,
    "霧の舞姫": mist_dancer,
    "深海の主": deep_sea_lord,
    "雨乞いの巫女": rain_priestess,
    "疾風の鷹": gale_hawk,
    "嵐の射手": storm_archer,
    "天翔ける騎兵": vanilla("天翔ける騎兵", 700, ["風"]),
    "つむじ風の小鬼": whirlwind_imp,
    "岩窟の番人": rock_sentinel,
    "鉄牙の猪": vanilla("鉄牙の猪", 800, ["土"]),
    "大地の呪術師": earth_shaman,
    "墓守の老兵": grave_digger,
    "不死鳥の雛": phoenix_chick,
    "背水の侍": last_samurai,
    "鬨の声": war_cry,
    "炎の加護": flame_blessing,
    "引き潮": undertow,
    "追い風": tailwind,
    "起死回生": comeback,
    "鉄壁": iron_wall,
    "石の肌": stone_skin,
    "遠眼鏡": spyglass,
    "破壊工作": sabotage,
    "占い師の水晶": fortune_teller,
    "すり替え": switcheroo,
    "鏡写し": mirror_image,
    "束縛の鎖": binding_chain,
    "血の盟約": blood_pact,
    "聖域の泉": sanctuary,
    "最後の砦": last_resort,
    "煉獄帝ヴァルガ": inferno_emperor,
    "大海竜リヴァイア": leviathan,
    "巨神ガイアロス": titan,
    "神盾アイギス": divine_aegis,
    "天の裁き": heavens_verdict,
    "時の巻き戻し": time_reversal,
}


def test_every_card_of_the_pool_has_a_case():
    assert sorted(CASES) == sorted(c.name for c in G.cardset)


@pytest.mark.parametrize("name", list(CASES))
def test_the_card_does_what_its_text_says(name):
    CASES[name]()


def test_every_quoted_text_is_the_cards_text():
    """Each case quotes its card's Japanese text (after 「切り札。」 for a trump): the quote is the text."""
    for c in G.cardset:
        doc = " ".join((CASES[c.name].__doc__ or "").split()).replace(" ", "")
        text = c.get("text", "")
        if text == "効果なし。" or text == "切り札。効果なし。":
            continue
        assert f"「{text}」" in doc, f"{c.name}: the case quotes something else than {text!r}"


def test_the_pool_has_no_typo_in_its_vocabulary():
    """The text and the engine's data agree on the words that matter: a cost is written 「コスト:」 exactly
    when the card has one; 「切り札。」 exactly on the trump cards; 「【オープン】」 exactly when it has
    effects."""
    for c in G.cardset:
        text = c.get("text", "")
        assert text.startswith("コスト:") == bool(c.get("cost")), c.name
        assert text.startswith("切り札。") == c.type.startswith("trump"), c.name
        assert ("【オープン】" in text) == bool(c.get("effects")), c.name
