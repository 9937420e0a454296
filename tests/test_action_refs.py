"""Every action that names a card or a place carries references to them (issue 24, "every game clickable"):
``refs`` in each legal action of an observation, from ``Game.action_refs`` — or, for a game that writes
none, the core's fallback (core/observe.py ``fallback_refs``) — so a UI can make cards and zones
clickable in every game.

For every game and mode, in random games: each legal action whose notation names a card (a card's name is
in it) or a place (any argument at all) has a ref; each ref names a zone of the mover's observation, a
position within it, and a card only where the mover may know it — it lies there in the mover's
observation, or, for a search of the mover's own deck, the mover's own deck list holds it there; and the
refs are the same in two worlds that differ only in what the mover may not know (``swap_hidden``). Then the
fallback on a third party's game (tests/data/thirdparty: ハイカード), which writes no refs at all, and on
variants of it whose actions reach for chance and for hidden cards.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

from tefuda.core import Rng
from tefuda.core.game import Game, load_case
from tests.conftest import random_game, soak, swap_hidden

THIRD_PARTY = Path(__file__).parent / "data" / "thirdparty"

# notations whose arguments are no card and no place: a number chosen, a value of a prompt
NO_PLACE = {"number"}


def _names_something(notation: str) -> bool:
    """Any argument at all names a card or a place (a slot, a position, a zone, a target), but a number."""
    words = notation.split()
    return len(words) > 1 and words[0] not in NO_PLACE


def check_refs(state: Any, seat: int, obs: dict[str, Any], *, required: bool = True) -> int:
    """Every ref of ``obs`` (the mover's observation) is sound, and (``required``) an action naming a card or
    a place has one; returns how many actions were checked."""
    g = state.game
    names = [c.name for c in g.cardset]
    zones = {z["id"]: z for z in obs["zones"]}
    keys = [spec.key for spec in state.zone_specs]
    checked = 0
    for a in obs["legal"]:
        refs, notation = a["refs"], a["notation"]
        named_card = any(name in notation for name in names)
        if required and (named_card or _names_something(notation)):
            assert refs, f"{g.id}: {notation!r} names a card or a place but has no ref"
        for r in refs:
            assert set(r) == {"zone", "pos", "card"}, r
            z = zones.get(r["zone"])
            assert z is not None, f"{notation!r}: no zone {r['zone']!r} in the mover's observation"
            pos, card = r["pos"], r["card"]
            if pos is not None:
                assert 0 <= pos < z["count"], f"{notation!r}: {r} is outside {r['zone']} ({z['count']} cards)"
            if card is None:
                continue
            entries = [e for e in z["cards"] if pos is None or e["pos"] == pos]
            if any(e["card"] == card for e in entries):
                continue
            # a search of the mover's own deck: its own deck list says the card is there, unseen
            zone = keys.index(r["zone"])
            spec = state.zone_specs[zone]
            own = [g.card_ids[state.cards[i]] for i in state.zones[zone] if state.owner[i] == seat]
            assert pos is None and spec.owner == seat and not spec.shared and card in own, (
                f"{g.id}: {notation!r} names {card} at {r['zone']}#{pos}, which P{seat + 1} may not know"
            )
        checked += 1
    return checked


def test_every_action_that_names_a_card_or_a_place_has_sound_refs(game_id):
    checked = 0
    for seed in soak(12, 3):
        for state, _ in random_game(game_id, seed):
            seat = state.current_player
            checked += check_refs(state, seat, state.observation(seat))
    assert checked > 200


def test_refs_do_not_change_with_what_the_mover_may_not_know(game_id):
    """Two worlds that differ only in cards the mover may not know (identities and ids): the same refs."""
    rng = Rng(24)
    compared = 0
    for seed in soak(12, 3):
        for n, (state, _) in enumerate(random_game(game_id, seed)):
            if n % 3:
                continue
            seat = state.current_player
            twin = swap_hidden(state, seat, rng)
            mine = [(a["notation"], a["refs"]) for a in state.observation(seat)["legal"]]
            theirs = [(a["notation"], a["refs"]) for a in twin.observation(seat)["legal"]]
            assert mine == theirs
            compared += 1
    assert compared > 20


# ---------------------------------------------------------------------------------------- the games' own refs
def _refs(state: Any, notation: str) -> list[dict[str, Any]]:
    obs = state.observation(state.current_player)
    return next(a["refs"] for a in obs["legal"] if a["notation"] == notation)


def _play_until(game_id: str, want, seeds=range(40)):
    """The first state of a seeded random game where ``want(state, notation)`` holds for a legal action."""
    for seed in seeds:
        for state, _ in random_game(game_id, seed):
            for a in state.legal_actions():
                n = state.notation(a)
                if want(state, n):
                    return state, n
    raise AssertionError(f"no {game_id} game reached the action looked for")


def test_kokubyaku_refs_name_hand_card_target_and_zone():
    s, n = _play_until("kokubyaku", lambda s, n: n.startswith("summon "))
    refs = _refs(s, n)
    me = f"p{s.current_player + 1}"
    assert refs[0]["zone"] == f"{me}.hand" and refs[0]["card"] is not None and refs[0]["pos"] is None
    assert refs[1]["zone"].startswith(f"{me}.m") and refs[1]["card"] is None
    s, n = _play_until("kokubyaku", lambda s, n: n.startswith("attack ") and not n.endswith(" -"))
    attacker, target = _refs(s, n)
    words = n.split()  # attack m1 om3: own monster zone 1, the opponent's monster zone 3
    assert attacker["zone"] == f"p{s.current_player + 1}.{words[1]}" and attacker["pos"] == 0
    assert target["zone"] == f"p{2 - s.current_player}.{words[2][1:]}" and target["card"] is not None


def test_kokubyaku_refs_of_search_revive_and_discard():
    from tefuda.core import load_game

    g = load_game("kokubyaku")
    s = g.position(hands=(["召喚の巻物"], ["白鳩"]), decks=(["黒狼", "骨の兵士"], ["骨の兵士"] * 5))
    for t in ("cast - 召喚の巻物", "pass"):
        s.apply_text(t)
    # the deck is hidden even from its owner: the card by its id (the owner's list says it is there)
    assert _refs(s, "take 黒狼") == [
        {"zone": "p1.deck", "pos": None, "card": "black_wolf"},
        {"zone": "p1.hand", "pos": None, "card": None},
    ]
    s = g.position(hands=(["死者の呼び声"], ["白鳩"]), graves=(["夜の魔女", "骨の兵士", "夜の魔女"], []))
    for t in ("cast - 死者の呼び声", "pass"):
        s.apply_text(t)
    assert _refs(s, "revive m2-def 夜の魔女") == [  # the newest copy comes back, to the zone chosen
        {"zone": "p1.grave", "pos": 2, "card": "night_witch"},
        {"zone": "p1.m2", "pos": None, "card": None},
    ]
    s = g.position(hands=(["白鳩"] * 3 + ["骨の兵士"] * 3 + ["黒狼"] * 3, []), phase="main2")
    for t in ("pass", "pass"):
        s.apply_text(t)
    assert _refs(s, "discard 白鳩") == [
        {"zone": "p1.hand", "pos": None, "card": "dove"},
        {"zone": "p1.grave", "pos": None, "card": None},
    ]


def test_amadeus_refs_name_attacker_and_target():
    s, n = _play_until("amadeus", lambda s, n: n.startswith("attack ") and n.endswith(" player"))
    refs = _refs(s, n)
    assert refs[0]["zone"] == f"p{s.current_player + 1}.battle" and refs[0]["card"] is not None
    assert refs[1] == {"zone": f"p{2 - s.current_player}.shields", "pos": None, "card": None}
    s, n = _play_until("amadeus", lambda s, n: n.startswith("charge "))
    hand, mana = _refs(s, n)
    assert hand["zone"].endswith(".hand") and hand["card"] and mana["zone"].endswith(".mana")


def test_amadeus_refs_of_invasion_substitution_and_picks():
    from tefuda.core import load_game

    g = load_game("amadeus")
    buddi = g.cardset.find("三界 ブッディ").id
    s = g.position(hands=(["三界 ブッディ"], []), battle=(["浄化の精霊ウルス"], []), step="attack")
    s.apply_text("attack 1 player")
    ulus = g.cardset.find("浄化の精霊ウルス").id
    assert _refs(s, "invade 三界 ブッディ") == [
        {"zone": "p1.hand", "pos": None, "card": buddi},
        {"zone": "p1.battle", "pos": 0, "card": ulus},  # the attacking Command it goes on
    ]
    s.apply_text("invade 三界 ブッディ")
    assert s.pending.what == "shields"  # W・ブレイカー: pick 2 of the 5 face-down shields, by place
    assert _refs(s, "pick p2.shields#3") == [{"zone": "p2.shields", "pos": 2, "card": None}]
    ghoul = "うごめく者ボーン・グール"
    s = g.position(
        hands=(["デーモン・ハンド"], [ghoul]),
        mana=(["切り裂く者ボーン・アサシン"] * 6, []),
        battle=([], ["三界 ブッディ<予言者リュゾル"]),
    )
    s.apply_text("cast デーモン・ハンド")
    assert _refs(s, "pick p2.battle#1") == [{"zone": "p2.battle", "pos": 0, "card": buddi}]
    s.apply_text("pick p2.battle#1")
    assert _refs(s, f"under {ghoul}") == [
        {"zone": "p2.hand", "pos": None, "card": g.cardset.find(ghoul).id},
        {"zone": "p2.battle", "pos": 0, "card": buddi},  # the creature it goes under
    ]
    big = "光輪の精霊シャウナ"
    jenny = "解体人形ジェニー"
    s = g.position(hands=([jenny], [ghoul, big]), mana=(["デス・スモーク", "ゴースト・タッチ"] * 2, []))
    s.apply_text(f"summon {jenny}")
    while s.pending is not None and s.pending.what == "pay":
        s.apply(s.legal_actions()[0])
    # the opponent's hand, seen: a kind of card in it (a hand has no positions)
    assert _refs(s, f"pick {big}") == [{"zone": "p2.hand", "pos": None, "card": g.cardset.find(big).id}]


# ---------------------------------------------------------------------------------------- the fallback
@pytest.fixture
def highcard():
    """The third party's ハイカード, imported as a third party would have it (its package on the path);
    it writes no ``action_refs``: every ref below is the core's fallback."""
    sys.path.insert(0, str(THIRD_PARTY))
    try:
        import tefuda_highcard
    finally:
        sys.path.remove(str(THIRD_PARTY))
    assert "action_refs" not in vars(tefuda_highcard.HighCardGame)
    return tefuda_highcard


def _highcard_games(game: Game, seeds: range):
    for seed in seeds:
        state = game.new_state(None, seed)
        rng = Rng(seed)
        while not state.is_over:
            yield state
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])


def test_the_fallback_gives_a_third_party_game_refs_without_a_line_of_code(highcard):
    game = highcard.HighCardGame()
    rng = Rng(5)
    plays = 0
    for state in _highcard_games(game, range(6)):
        seat = state.current_player
        obs = state.observation(seat)
        check_refs(state, seat, obs)
        me = f"p{seat + 1}"
        for a in obs["legal"]:
            card = game.cardset.find(a["notation"].split(" ", 1)[1]).id
            # the card played, from the hand; then where it goes (the play area, or the discard pile when
            # the round is shown at once)
            assert a["refs"][0] == {"zone": f"{me}.hand", "pos": None, "card": card}
            assert a["refs"][1]["zone"] in (f"{me}.play", f"{me}.discard")
            assert all(r["zone"].startswith(me) for r in a["refs"]), a  # nothing of the opponent's
            plays += 1
        twin = swap_hidden(state, seat, rng)
        assert [a["refs"] for a in twin.observation(seat)["legal"]] == [a["refs"] for a in obs["legal"]]
    assert plays > 50


def _variant(highcard, name: str, before, *, by_value: bool = False):
    """ハイカード whose ``play`` first does ``before(state, seat, card)``: a third party's rule the fallback
    must not see through. ``by_value``: the notation names the card by its number alone (``play 7``), so
    the fallback does not know the action names a card and reports whatever the run changes."""
    base = highcard.HighCardState

    def _apply(self, action):
        before(self, self.to_move, action.a)
        base._apply(self, action)

    state_cls = type(f"{name}State", (base,), {"__slots__": (), "_apply": _apply})

    class Variant(highcard.HighCardGame):
        id = name
        state_class: ClassVar = state_cls

        def new_state(self, decks=None, seed=0, *, players=None, record=True):
            s = super().new_state(decks, seed, players=players, record=record)
            s.__class__ = state_cls
            return s

        def notation(self, state, action, lang="ja"):
            if by_value:
                return f"play {self.cardset[action.a].get('value')}"
            return super().notation(state, action, lang)

    return Variant()


def test_the_fallback_never_draws_chance(highcard):
    """A play that first swaps a random card of the opponent's hand with the top of their deck: the dry
    run stops at the draw, so no ref says which card, or even that the opponent's zones change."""
    nz, hand, deck = highcard.NZ, highcard.HAND, highcard.DECK

    def random_swap(s, seat, card):
        cards, pile = s.zones[(1 - seat) * nz + hand], s.zones[(1 - seat) * nz + deck]
        if cards and pile:
            picked = cards[s.rng.below(len(cards))]
            s.move(pile[-1], (1 - seat) * nz + hand)
            s.move(picked, (1 - seat) * nz + deck)

    game = _variant(highcard, "highcard_random", random_swap)
    rng = Rng(7)
    drawn = 0
    for state in _highcard_games(game, range(4)):
        seat = state.current_player
        obs = state.observation(seat)
        check_refs(state, seat, obs)
        for a in obs["legal"]:
            assert all(r["zone"].startswith(f"p{seat + 1}.") for r in a["refs"]), a
            if state.zones[(1 - seat) * nz + hand] and state.zones[(1 - seat) * nz + deck]:
                # the draw comes first: the run stopped before anything moved, so the action is about the
                # card it names, where the mover sees it
                assert [r["zone"] for r in a["refs"]] == [f"p{seat + 1}.hand"], a
                drawn += 1
        twin = swap_hidden(state, seat, rng)
        assert [a["refs"] for a in twin.observation(seat)["legal"]] == [a["refs"] for a in obs["legal"]]
    assert drawn > 20


def test_the_fallback_never_reads_a_hidden_card(highcard):
    """A play that first draws the mover a card when the opponent's top deck card outranks the card played:
    whether the mover's hand gets a card depends on a card the mover may not know. A dry run that looked
    would name the hand (a zone that receives a card) in one world and not in the other; the blindfolded
    run stops where the rule looks, so the refs are the same in every world — none, rather than a leak."""
    nz, hand, deck = highcard.NZ, highcard.HAND, highcard.DECK

    def draw_if_outranked(s, seat, card):
        theirs, mine = s.zones[(1 - seat) * nz + deck], s.zones[seat * nz + deck]
        if not theirs or not mine:
            return
        value = s.game.cardset
        if value[s.cards[theirs[-1]]].get("value") > value[card].get("value"):
            s.move(mine[-1], seat * nz + hand)

    game = _variant(highcard, "highcard_peek", draw_if_outranked, by_value=True)
    rng = Rng(9)
    stopped = 0
    for state in _highcard_games(game, range(6)):
        seat = state.current_player
        obs = state.observation(seat)
        check_refs(state, seat, obs, required=False)
        if state.zones[(1 - seat) * nz + deck] and state.zones[seat * nz + deck]:
            assert all(a["refs"] == [] for a in obs["legal"]), obs["legal"]
            stopped += 1
        for _ in range(3):
            twin = swap_hidden(state, seat, rng)
            assert [a["refs"] for a in twin.observation(seat)["legal"]] == [a["refs"] for a in obs["legal"]]
    assert stopped > 20


def test_every_game_in_tefuda_writes_its_own_refs():
    """The fallback is for third parties: every game here says exactly what its actions name."""
    from tefuda.core.game import game_ids

    for gid in game_ids():
        game, _ = load_case(gid)
        if type(game).__module__.startswith("tefuda.games."):
            assert type(game).action_refs is not Game.action_refs, gid
