"""What the server gives a page to draw a table with, and how it says things (issue 24, the browser half):
every card of a room's pool as a face (names, type, badge, numbers, facts, keywords, a short effect line
and the whole text, in Japanese and English) — the same whatever happens in the game, so it carries no
state; sample decks by name in both languages, and whether the game is played from one shared box; the
words for every fact a game keeps in ``extra``; every move of a replay in words; an empty pasted deck refused;
and every error, refusal and notice the server sends a client in Japanese as well as English."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("fastapi")

from tefuda.core import Rng
from tefuda.core.game import load_game
from tefuda.serve.limits import Limits
from tefuda.serve.words import bilingual, japanese
from tests.test_serve import Seat, _drive, claims, client, new_room

GAMES = ["kirifuda", "yonesu", "genesis", "kokubyaku", "amadeus"]
JA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def said_in_both(msg: dict[str, Any]) -> None:
    """A message of the server's carries its own Japanese (not the stand-in for an unknown message)."""
    assert "ja" in msg and "en" in msg, msg
    assert JA.search(msg["ja"]) and not msg["ja"].startswith("サーバーからのメッセージ"), msg


@pytest.mark.parametrize("game", GAMES)
def test_the_cards_endpoint_gives_every_card_of_the_pool_as_a_face_and_nothing_of_the_game(db, game):
    g = load_game(game)
    with client(db) as c:
        made = new_room(c, game=game)
        room = made["room"]
        first = c.get(f"/api/rooms/{room}/cards")
        assert first.status_code == 200
        body = first.json()
        keys = {"game", "name", "name_en", "card_set", "types", "faces", "terms", "values", "zones", "decks"}
        assert set(body) == keys
        assert body["card_set"] == g.cardset.digest
        faces = {f["id"]: f for f in body["faces"]}
        assert set(faces) == {c.id for c in g.cardset}
        for card in g.cardset:
            f = faces[card.id]
            row = g.card_table_row(card)
            assert (f["name"], f["name_en"]) == (card.name, card.name_en)
            assert f["text"] == {"ja": row.get("text", ""), "en": row.get("text_en", "")}
            assert JA.search(f["type_ja"]) and f["type_en"]
            # every number of the card's table is on its face (a badge or a stat), each with words
            numbers = {
                k for k, v in row.items() if isinstance(v, int) and not isinstance(v, bool) and k != "copies"
            }
            on_face = {s["key"] for s in f["stats"]} | ({f["badge"]["key"]} if f["badge"] else set())
            assert numbers <= on_face, (card.id, numbers - on_face)
            for s in f["stats"]:
                assert s["ja"] and s["en"], s
        # the game's words: every term it uses, its zones, its sample decks by name in both languages
        for key, (ja, en) in g.term_labels.items():
            assert body["terms"][key] == [ja, en]
        for name, (ja, en) in body["decks"].items():
            assert ja and en and ja != name, (name, ja, en)
        assert body["zones"]["hand"][0] == "手札"
        # the pool is public: the same answer whatever the game does (no state rides on it)
        with c.websocket_connect(f"/ws/{room}") as w0, c.websocket_connect(f"/ws/{room}") as w1:
            seats = {0: Seat(w0, claims(made)[0]), 1: Seat(w1, claims(made)[1])}
            _drive(seats, Rng(5), 12)
        assert c.get(f"/api/rooms/{room}/cards").content == first.content


def test_a_designers_card_file_gives_its_own_faces(db):
    nerf = (
        '[crimson_dragoon]\nname = "紅蓮の竜騎士"\nname_en = "Crimson Dragoon"\n'
        'type = "attacker"\npow = 300\nattributes = ["火"]\n'
        'text = "弱体化。"\ntext_en = "Nerfed."\neffects = []\n'
    )
    with client(db) as c:
        made = new_room(c, cards={"mode": "add", "toml": nerf})
        faces = {f["id"]: f for f in c.get(f"/api/rooms/{made['room']}/cards").json()["faces"]}
        dragoon = faces["crimson_dragoon"]
        assert dragoon["stats"] == [{"key": "pow", "ja": "POW", "en": "POW", "value": 300}]
        assert dragoon["text"] == {"ja": "弱体化。", "en": "Nerfed."}
        assert c.get("/api/rooms/nosuchroom/cards").status_code == 404


def test_faces_read_like_cards():
    from tefuda.view.cards import card_face

    g = load_game("kokubyaku")
    narazu = card_face(g, g.cardset.find("ならず"))
    assert narazu["badge"]["key"] == "level" and narazu["badge"]["ja"] == "レベル"
    assert narazu["keywords"] == [{"ja": "起動", "en": "Activated"}]
    assert narazu["effect"]["ja"].startswith("(1ターンに1度)")
    assert {"key": "color", "ja": "色", "en": "colour", "value_ja": "黒", "value_en": "black"} in narazu[
        "facts"
    ]
    a = load_game("amadeus")
    blocker = card_face(a, a.cardset.find("la_ura_giga"))
    assert blocker["keywords"] == [{"ja": "ブロッカー", "en": "Blocker"}]
    k = load_game("kirifuda")
    trumps = [card_face(k, c) for c in k.cardset if c.get("cost")]
    costs = [x for f in trumps for x in f["facts"] if x["key"] == "cost"]
    assert costs and all("_" not in x["value_ja"] + x["value_en"] for x in costs)  # a cost kind in words
    ge = load_game("genesis")
    whelp = card_face(ge, ge.cardset.find("baby_dragon"))
    assert whelp["keywords"][0] == {"ja": "戦闘/戦域(1)", "en": "Battle/field (1)"}
    assert whelp["badge"]["key"] == "summon" and [s["key"] for s in whelp["stats"]] == [
        "speed",
        "attack",
        "defense",
    ]


def test_the_games_list_names_sample_decks_and_the_shared_box(db):
    with client(db) as c:
        games = {g["id"]: g for g in c.get("/api/games").json()}
    for gid, g in games.items():
        assert set(g["deck_names"]) == set(g["decks"])
        for name, (ja, en) in g["deck_names"].items():
            assert JA.search(ja) and en and name not in (ja, en), (gid, name)
        assert g["shared_deck"] is (gid == "yonesu")
    assert games["kirifuda"]["deck_names"]["crimson_rush"] == ["紅蓮速攻", "Crimson Rush"]


def test_an_empty_pasted_deck_is_refused_never_the_default(db):
    with client(db) as c:
        for empty in ("", "  \n\t"):
            body = {"game": "kirifuda", "seats": [{"kind": "human"}] * 2, "decks": [empty]}
            r = c.post("/api/rooms", json=body)
            assert r.status_code == 400 and "empty deck list" in r.json()["error"], r.text
            said_in_both(r.json())
            assert "P1のデッキリストが空です" in r.json()["ja"]
        assert (
            c.post("/api/rooms", json={"game": "kirifuda", "decks": [None, "gale_tricks"]}).status_code == 200
        )


def test_the_shared_box_is_named_once_for_the_whole_table(db):
    box = load_game("yonesu").box().to_text()
    with client(db) as c:
        for decks in (["standard"], [box], [box, None], None):
            r = c.post("/api/rooms", json={"game": "yonesu", "players": 3, "decks": decks})
            assert r.status_code == 200, (decks, r.text)


_STRUCTURE = {"zone", "pos", "card", "seat", "kind"}  # a place, a card, a seat: the page words these itself


def _extra_words(v: Any, key: str, keys: set[str], values: set[str]) -> None:
    if isinstance(v, dict):
        for k, x in v.items():
            if not re.fullmatch(r"p\d+", k):
                keys.add(k)
            if k not in _STRUCTURE:
                _extra_words(x, k, keys, values)
    elif isinstance(v, list):
        for x in v:
            _extra_words(x, key, keys, values)
    elif isinstance(v, str):
        values.add(v)


@pytest.mark.parametrize("game", GAMES)
def test_every_fact_a_game_keeps_in_extra_has_words(game):
    """The page draws an observation's ``extra`` generically (no terminal lines, which mix both languages):
    every key met in play has a term in both languages, and every word-like value is a known word or card."""
    import random

    from tefuda.serve.words import table_words

    g = load_game(game)
    words = table_words(g)
    keys: set[str] = set()
    values: set[str] = set()
    for seed in range(3):
        state = g.new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(250):
            if state.is_over:
                break
            for seat in range(2):
                for k, v in state.observation(seat)["extra"].items():
                    keys.add(k)
                    _extra_words(v, k, keys, values)
            state.apply(rng.choice(state.legal_actions()))
    faces = {f["id"] for f in words["faces"]}
    unnamed = sorted(k for k in keys - _STRUCTURE - faces if k not in words["terms"])
    assert not unnamed, unnamed
    for k in keys - _STRUCTURE - faces:
        ja, en = words["terms"][k]
        assert JA.search(ja) and en, (k, ja, en)
    unknown = sorted(
        v for v in values if v not in words["values"] and v not in words["terms"] and v not in faces
    )
    assert not unknown, unknown


def test_the_replay_viewer_is_given_each_move_in_words(db):
    with client(db) as c:
        made = new_room(c, game="genesis")
        room = made["room"]
        with c.websocket_connect(f"/ws/{room}") as w0, c.websocket_connect(f"/ws/{room}") as w1:
            seats = {0: Seat(w0, claims(made)[0]), 1: Seat(w1, claims(made)[1])}
            assert seats[0].send(type="say", text="よろしく")["type"] == "chat"
            for seat in (seats[0], seats[1], seats[1]):  # the chat, and the update with its event
                seat.recv()
            _drive(seats, Rng(2), 5000)
        steps = c.get(f"/api/rooms/{room}/steps?seat=1").json()
        assert steps[0]["label"] is None
        for s in steps[1:]:
            assert s["label"] is not None, s["action"]
            assert JA.search(s["label"]["ja"]) and s["label"]["en"], s
            assert re.match(r"P\d", s["label"]["ja"]) and s["label"]["ja"] != s["action"]
        assert any("「よろしく」" in s["label"]["ja"] for s in steps[1:])


# ---------------------------------------------------------------------------------------------- messages
MESSAGES = [
    "spectators cannot act",
    "spectators cannot chat",
    "spectators cannot undo",
    "spectators cannot ask for a rematch",
    "spectators cannot release a seat",
    "this connection no longer acts for its seat",
    "decision 3 was already answered (now at 5): ignored",
    "decision 3 was already answered; the game is over",
    "decision 9 has not come yet (now at 5)",
    "it is P2's decision, not yours (P1)",
    "action 77 is not one of your legal actions now",
    "'pass' is not legal now",
    "the game is over",
    "the game is over: chat is closed",
    "the game is over: nothing to undo",
    "field 'text': something to say",
    "a chat line holds at most 500 characters",
    "too many messages: slow down",
    "message over 16384 bytes",
    "not JSON: every message is a JSON object",
    "a message is a JSON object with a 'type'",
    "hello only once per connection",
    "say hello first (your invite, your session, or none)",
    "unknown message type 'dance'",
    "no undo is waiting for an answer",
    "this undo does not wait for your answer",
    "the game went on",
    "a rematch once this game is over",
    "no release is waiting for an answer",
    "this release does not wait for your answer",
    "the seat was released",
    "a release is already waiting for the table's answers",
    "your own seat is released by the room's maker, not by you",
    "P2 is an AI seat: there is nothing to release",
    "nothing of yours to undo — 取り消す行動がありません",
    "P2 has acted since — P2 が行動済みです",
    "P2: the agent took longer than 60 s",
    "P2: the agent chose an action that is not legal",
    "P2: the agent failed (BrokenProcessPool)",
    "no room 'abc'",
    "the request body is not JSON",
    "the game is still on: its replay (seed and decks) would tell secrets",
    "the replay viewer opens once the game is over",
    "kirifuda is played by 2–2 players, not 3",
    "decks[0]: an empty deck list (name a sample deck, or null for the default)",
    "P1's deck:3: unknown card 存在しないカード",
]


@pytest.mark.parametrize("message", MESSAGES)
def test_each_message_the_server_sends_has_its_japanese(message):
    assert japanese(message) is not None, message
    said_in_both(bilingual(message))
    assert not JA.search(bilingual(message)["en"].split("存在しない")[0])  # the English stays English


def test_the_messages_a_table_meets_come_in_both_languages(db):
    """Errors, refusals and ignored answers met by playing, watching and misbehaving, over the wire."""
    with client(db, limits=Limits(rate=1e9, burst=10**9, message=300)) as c:
        made = new_room(c)
        room = made["room"]
        with (
            c.websocket_connect(f"/ws/{room}") as w0,
            c.websocket_connect(f"/ws/{room}") as w1,
            c.websocket_connect(f"/ws/{room}") as ws,
        ):
            p = {0: Seat(w0, claims(made)[0]), 1: Seat(w1, claims(made)[1])}
            spec = Seat(ws, None)
            got = []
            for msg in (
                {"type": "act", "decision": 0, "action": 0},
                {"type": "say", "text": "やあ"},
                {"type": "undo"},
                {"type": "rematch"},
                {"type": "release", "seat": 1},
            ):
                got.append(spec.send(**msg))
            mover = p[0].obs["to_move"]
            other = p[1 - mover]
            me = p[mover]
            got.append(other.send(type="act", decision=other.decision, action=0))  # not its decision
            got.append(me.send(type="act", decision=me.decision + 3, action=0))
            got.append(me.send(type="act", decision=me.decision, action=10**6))
            got.append(me.send(type="act", decision="x", action=0))
            got.append(me.send(type="say", text="   "))
            got.append(me.send(type="dance"))
            got.append(me.send(type="hello"))
            got.append(me.send(type="undo_answer", accept=True))
            got.append(me.send(type="release_answer", accept=True))
            got.append(me.send(type="say", text="x" * 400))  # over the message limit
            w0.send_text("{not json")
            got.append(p[0].recv())
            _drive(p, Rng(1), 1)
            got.append(me.send(type="act", decision=0, action=0))  # answered already
            for m in got:
                assert m["type"] in ("error", "ignored"), m
                said_in_both(m)
            assert any(m["type"] == "ignored" and "すでに回答済み" in m["ja"] for m in got)
    # and over HTTP
    with client(db) as c:
        for body in (
            {"game": "kirifuda", "players": 3},
            {"game": "kirifuda", "seed": 5},
            {"game": "kirifuda", "decks": ["3 no such card\n"]},
            {"game": "kirifuda", "seats": [{"kind": "robot"}, {"kind": "human"}]},
            {"game": "nosuchgame"},
        ):
            r = c.post("/api/rooms", json=body)
            assert r.status_code == 400, r.text
            said_in_both(r.json())
        r = c.post("/api/rooms", content=b"{", headers={"content-type": "application/json"})
        said_in_both(r.json())
        for path in ("/api/rooms/nosuch", "/api/rooms/nosuch/cards"):
            said_in_both(c.get(path).json())
        made = new_room(c)
        said_in_both(c.get(f"/api/rooms/{made['room']}/replay").json())
        said_in_both(c.get(f"/api/rooms/{made['room']}/steps").json())
