"""What the server says, in Japanese and English; and the words a table needs to draw a room's cards.

Server messages. Every ``error``, ``ignored``, refusal and server notice a client is sent carries ``ja`` and
``en`` beside the English ``error`` (kept for older clients and for logs), so the page shows the viewer's
language. The room and the app keep writing their messages in English, one place each; :func:`bilingual`
finds the Japanese for each by its pattern here (a message the core wrote with its Japanese after a dash,
as the undo refusals are, is split). A message no pattern knows still reads — with a Japanese lead-in and
the English — and ``tests/test_serve_table.py`` checks that every message the server is known to send has
its own Japanese.

Table words. :func:`table_words` is what ``GET /api/rooms/{room}/cards`` answers: every card of the room's
pool as a face (``tefuda.view.cards.card_face``: names, type, badge, numbers, facts, keywords, a short
effect line and the whole text, in both languages), the game's terms (flags, stats and counters by key),
its zones and sample decks by name. The pool is public — what a card *is* — never where any card lies.
"""

from __future__ import annotations

import contextlib
import re
import weakref
from collections.abc import Callable
from typing import Any

from tefuda.view.cards import FIELD_WORDS, VALUE_WORDS, card_face, deck_title

_JA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")

_SPECTATOR_CANNOT = {
    "act": "操作",
    "chat": "チャット",
    "undo": "取り消し",
    "answer an undo": "取り消しへの回答",
    "ask for a rematch": "再戦の申し込み",
    "release a seat": "席の解放",
    "answer a release": "席の解放への回答",
}

Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]


def _rules() -> list[Rule]:
    table: list[tuple[str, Callable[[re.Match[str]], str] | str]] = [
        # the table (WebSocket)
        (r"spectators cannot (.+)", lambda m: f"観戦者は{_SPECTATOR_CANNOT.get(m[1], m[1])}ができません"),
        (r"this connection no longer acts for its seat", "この接続はもうこの席の操作をしていません"),
        (
            r"decision (\d+) was already answered \(now at (\d+)\): ignored",
            r"選択 #\1 にはすでに回答済みです (いまは #\2): 無視しました",
        ),
        (
            r"decision (\d+) was already answered; the game is over",
            r"選択 #\1 にはすでに回答済みです。ゲームは終わっています",
        ),
        (r"decision (\d+) has not come yet \(now at (\d+)\)", r"選択 #\1 はまだ来ていません (いまは #\2)"),
        (r"it is P(\d+)'s decision, not yours \(P(\d+)\)", r"いまはP\1の選択です (あなたはP\2)"),
        (r"action (\d+) is not one of your legal actions now", r"行動\1はいま選べる行動ではありません"),
        (r"'(.*)' is not legal now", r"「\1」はいま選べません"),
        (r"field 'action': too long for an action's notation", "行動の記法が長すぎます"),
        (r"field 'action': a legal action's index or its notation", "行動は番号か記法で指定してください"),
        (
            r"field 'decision': the decision number you answer \(a whole number\)",
            "どの選択への回答かを整数で指定してください",
        ),
        (r"the game is over: chat is closed", "ゲームは終わりました: チャットは閉じています"),
        (r"the game is over: nothing to undo", "ゲームは終わりました: 取り消すものはありません"),
        (r"the game is over: its seats are not released", "ゲームは終わりました: 席は解放されません"),
        (r"the game is over", "ゲームは終わっています"),
        (r"field 'text': something to say", "チャットの内容を入力してください"),
        (r"a chat line holds at most (\d+) characters", r"チャットは1行\1文字までです"),
        (r"too many messages: slow down", "メッセージが多すぎます: 少し待ってください"),
        (r"message over (\d+) bytes", r"\1バイトを超えるメッセージは受け付けません"),
        (r"not JSON: every message is a JSON object", "JSONではありません: メッセージはJSONオブジェクトです"),
        (r"a message is a JSON object with a 'type'", "メッセージは 'type' を持つJSONオブジェクトです"),
        (r"hello only once per connection", "hello は1つの接続につき1回だけです"),
        (
            r"say hello first \(your invite, your session, or none\)",
            "最初に hello を送ってください (招待、セッション、またはなし)",
        ),
        (r"unknown message type (.+)", r"知らない種類のメッセージです: \1"),
        (r"no undo is waiting for an answer", "回答を待っている取り消しはありません"),
        (r"this undo does not wait for your answer", "この取り消しはあなたの回答を待っていません"),
        (r"the game went on", "ゲームが進みました"),
        (r"a rematch once this game is over", "再戦はこのゲームが終わってからです"),
        (r"no release is waiting for an answer", "回答を待っている席の解放はありません"),
        (r"this release does not wait for your answer", "この席の解放はあなたの回答を待っていません"),
        (r"the seat was released", "席は解放されました"),
        (r"a release is already waiting for the table's answers", "ほかの席の解放がすでに回答を待っています"),
        (
            r"your own seat is released by the room's maker, not by you",
            "自分の席は部屋を作った人が解放します (自分ではできません)",
        ),
        (r"field 'seat': a seat number 0–(\d+)", r"席の番号は0–\1です"),
        (r"P(\d+) is an AI seat: there is nothing to release", r"P\1はAIの席です: 解放するものはありません"),
        (r"P(\d+) is an AI seat: it has no link", r"P\1はAIの席です: リンクはありません"),
        # seats: invites and sessions
        (r"field 'claim': the invite token from the seat's link", "席のリンクの招待トークンがありません"),
        (
            r"this invite link was already used \(or replaced\): P(\d+)'s seat is taken.*",
            r"この招待リンクはすでに使われています (または差し替えられました): P\1の席は埋まっています。"
            "部屋を作った人に新しいリンクを頼んでください",
        ),
        (r"this link does not belong to this room", "このリンクはこの部屋のものではありません"),
        (
            r"field 'session': the session secret this browser was given",
            "このブラウザのセッションがありません",
        ),
        (
            r"this session no longer opens a seat here.*",
            "このセッションではもうこの部屋の席を開けません (席が解放されたか、別の部屋です)",
        ),
        (r"field 'maker': not this room's maker token", "この部屋の管理トークンではありません"),
        # the database went away (PostgreSQL stopped, SQLite's file read-only): nothing was saved or changed
        (
            r"the game could not be saved \(the database is unavailable\): "
            r"nothing changed — try again shortly",
            "ゲームを保存できませんでした (データベースが使えません): 何も変わっていません。"
            "しばらくしてからもう一度どうぞ",
        ),
        (
            r"P(\d+): the AI's move could not be saved \(the database is unavailable\): "
            r"it is played once the database is back",
            r"P\1: AIの手を保存できませんでした (データベースが使えません): データベースが戻りしだい指します",
        ),
        (
            r"the database is unavailable: nothing was saved — try again shortly",
            "データベースが使えません: 何も保存されていません。しばらくしてからもう一度どうぞ",
        ),
        (
            r"the seat could not be saved \(the database is unavailable\): try the link again",
            "席を保存できませんでした (データベースが使えません): もう一度リンクを開いてください",
        ),
        (
            r"the seat could not be saved \((.+)\): try the link again",
            r"席を保存できませんでした (\1): もう一度リンクを開いてください",
        ),
        (
            r"field 'token': links from an older version of tefuda no longer open a seat",
            "古いバージョンのリンクではもう席を開けません",
        ),
        (r"hello: a 'claim' or a 'session', not both", "hello には claim か session のどちらか一方を"),
        # AI seats
        (
            r"P(\d+): the agent took longer than (.+) s",
            r"P\1: AIが\2秒以内に決めなかったので、ランダムな合法手を選びました",
        ),
        (
            r"P(\d+): the agent chose an action that is not legal",
            r"P\1: AIが選べない行動を選んだので、ランダムな合法手を選びました",
        ),
        (r"P(\d+): the agent failed \((.+)\)", r"P\1: AIが失敗しました (\2)。ランダムな合法手を選びました"),
        # rooms over HTTP
        (r"no room '(.+)'", r"部屋 \1 はありません"),
        (
            r"room (\S+): made by an older version of tefuda.*",
            r"部屋 \1 は古いバージョンで作られたため再開できません",
        ),
        (r"room (\S+) cannot be rebuilt: (.*)", r"部屋 \1 は再開できません: \2"),
        (
            r"this address has (\d+) open rooms already: finish one",
            r"このアドレスからはすでに\1部屋が開いています: どれかを終えてください",
        ),
        (r"the request body is not JSON", "リクエストの本文がJSONではありません"),
        (r"the request body is (\{.*\})", r"リクエストの本文は \1 です"),
        (r"request body over (\d+) bytes", r"リクエストの本文が\1バイトを超えています"),
        (
            r"the game is still on: its replay \(seed and decks\) would tell secrets",
            "ゲームはまだ続いています: リプレイ (シードとデッキ) は秘密を明かしてしまいます",
        ),
        (r"the replay viewer opens once the game is over", "リプレイはゲームが終わってから見られます"),
        (r"seat: 1–(\d+), or none for the spectator's view", r"席は1–\1、観戦者の視点なら指定なしです"),
        (r"the secret is revealed when the game is over", "秘密はゲームが終わってから公開されます"),
        # a room request (the lobby's form)
        (r"a room request is a JSON object", "部屋の作成リクエストはJSONオブジェクトです"),
        (
            r"field 'seed': chosen seeds are for testing.*",
            "シードを選べるのはテスト用のサーバーだけです (--allow-seed で起動)。"
            "選んだシードは秘密ではありません",
        ),
        (r"field 'seed': .*", "シードは0以上の整数か、64桁の16進数です"),
        (r"field 'game': the game's id, e\.g\. kirifuda", "ゲームのIDを指定してください (例: kirifuda)"),
        (r"field 'options': .*", "ハウスルールは キー/値 のオブジェクトです"),
        (r"field 'cards': .*", "自作カードファイルは {mode: add | replace, toml: ファイルの内容} です"),
        (r"field 'players': a whole number", "人数は整数です"),
        (
            r"(\S+) is played by (\d+)–(\d+) players, not (\d+)",
            r"\1 は\2–\3人で遊びます (\4人ではありません)",
        ),
        (r"field 'seats': one entry per player \((\d+)\)", r"席はプレイヤーごとに1つずつ (\1つ) です"),
        (r"seats\[(\d+)\]\.spec: (.*)", lambda m: f"P{int(m[1]) + 1}のAIの設定: {m[2]}"),
        (r"seats\[(\d+)\]\.kind: .*", lambda m: f"P{int(m[1]) + 1}の席は human か agent です"),
        (
            r"seats\[(\d+)\]: .*",
            lambda m: f"P{int(m[1]) + 1}の席は {{kind: human}} か {{kind: agent, spec: …}} です",
        ),
        (
            r"field 'decks': at most one deck per player \((\d+)\)",
            r"デッキはプレイヤーごとに1つまで (\1つ) です",
        ),
        (
            r"decks\[(\d+)\]: a deck list's text or a sample deck's name",
            lambda m: f"P{int(m[1]) + 1}のデッキ: デッキリストの本文かサンプルデッキの名前です",
        ),
        (
            r"decks\[(\d+)\]: an empty deck list.*",
            lambda m: f"P{int(m[1]) + 1}のデッキリストが空です: カードを書くか、標準のデッキを選んでください",
        ),
        # a deck's or a card file's error: the same line as `tefuda deck check` prints, after a Japanese lead
        (r"(.*)'s deck(:\d+)?: (.*)", lambda m: f"デッキリストの誤り: {m[0]}"),
        (r"cards(:\d+)?: (.*)", lambda m: f"自作カードファイルの誤り: {m[0]}"),
        (r"no game '(.*)' \(games: (.*)\)", r"ゲーム「\1」はありません (ゲーム: \2)"),
        (r"(\S+) has no option (.*)", r"\1 にはハウスルール \2 はありません"),
    ]
    out: list[Rule] = []
    for pattern, ja in table:
        rx = re.compile(pattern + r"\Z", re.S)
        if isinstance(ja, str):
            out.append((rx, lambda m, t=ja: m.expand(t)))
        else:
            out.append((rx, ja))
    return out


RULES = _rules()


def japanese(en: str) -> str | None:
    """The Japanese of a message the server sends, or None if no pattern knows it."""
    text = str(en)
    for rx, make in RULES:
        m = rx.match(text)
        if m:
            return make(m)
    # the core's messages that carry their Japanese after a dash or a colon (undo refusals)
    for sep in (" — ", ": "):
        left, found, right = text.rpartition(sep)
        if found and _JA.search(right) and not _JA.search(left.split(":")[0]):
            return right
    return None


def bilingual(en: Any) -> dict[str, str]:
    """``{ja, en}`` for a message written in English (the Japanese found by its pattern)."""
    text = str(en)
    ja = japanese(text)
    if ja is None:
        ja = f"サーバーからのメッセージ (英語): {text}"
    else:
        text = _english_only(text)
    return {"ja": ja, "en": text}


def _english_only(text: str) -> str:
    """An English message without the Japanese the core appended to it after a dash."""
    left, found, right = text.rpartition(" — ")
    if found and _JA.search(right) and not _JA.search(left):
        return left
    return text


def error(en: Any, **extra: Any) -> dict[str, Any]:
    """An ``error`` message: the English kept in ``error``, and ``ja``/``en``."""
    return {"type": "error", "error": str(en), **bilingual(en), **extra}


# ------------------------------------------------------------------------------------- the table's words
# names for the facts games keep in an observation's ``extra`` (a game's own terms come first)
EXTRA_WORDS: dict[str, tuple[str, str]] = {
    "chain": ("チェーン", "chain"),
    "priority": ("優先権", "priority"),
    "attack": ("攻撃", "attack"),
    "attacker": ("攻撃側", "attacker"),
    "attackers": ("攻撃するカード", "attackers"),
    "target": ("対象", "target"),
    "blocker": ("ブロック", "blocker"),
    "negated": ("無効", "negated"),
    "cancelled": ("無効", "cancelled"),
    "decklists": ("デッキリスト", "deck lists"),
    "seat": ("プレイヤー", "player"),
    "card": ("カード", "card"),
    "battle": ("戦闘", "battle"),
    "stack": ("スタック", "stack"),
    "round": ("ラウンド", "round"),
    "turn": ("ターン", "turn"),
    "teams": ("チーム", "teams"),
    "source": ("発生源", "source"),
    "left": ("残り", "left"),
    "turn_seat": ("ターンのプレイヤー", "whose turn"),
    "interrupted": ("中断したフェイズ", "interrupted phase"),
    "direct": ("直接攻撃", "direct attack"),
    "speed": ("速度", "speed"),
    "first_yonesu": ("あなたのファーストヨネス (4枚で勝ち)", "your First Yonesu (4 wins)"),
    "force": ("フォース", "force"),
    "gathering": ("合成攻撃に集めたヨネス", "gathered for a combined attack"),
    "paying": ("特殊コスト支払い中", "paying a special cost"),
    "settle": ("コスト精算", "settlement"),
    "used": ("使用", "used"),
    "paid": ("支払ったコスト", "cost paid"),
    "discard_down": ("上限枚数まで捨てる", "discarding down to the limit"),
    "out": ("敗退", "out"),
    "place": ("場所", "place"),
    "pos": ("位置", "position"),
    "zone": ("場所", "zone"),
    "equipped_to": ("装備先", "equipped to"),
}

# values that games keep in ``extra`` as words of their own (a turn's kind, a phase's code)
EXTRA_VALUES: dict[str, tuple[str, str]] = {
    "player": ("プレイヤーターン", "player turn"),
    "battle": ("バトルターン", "battle turn"),
    "mulligan": ("マリガン", "mulligan"),
    "standby": ("スタンバイフェイズ", "standby phase"),
    "draw": ("ドローフェイズ", "draw phase"),
    "main": ("メインフェイズ", "main phase"),
    "end": ("エンドフェイズ", "end phase"),
    "union": ("ユニオンフェイズ", "union phase"),
    "spell": ("スペルフェイズ", "spell phase"),
    "attack": ("バトルフェイズ", "battle phase"),
    "block": ("ブロック", "block"),
    "fight": ("戦闘", "fight"),
    "leave": ("リーブフェイズ", "leave phase"),
    "trigger": ("効果の発動", "an effect"),
    "yonesu": ("ヨネス", "Yonesu"),
}

_CACHE: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()


def table_words(game: Any) -> dict[str, Any]:
    """Everything a page needs to draw a room's cards and words (cached per game object: a room's pool
    never changes)."""
    hit = _CACHE.get(game)
    if hit is not None:
        return hit
    terms: dict[str, list[str]] = {k: list(v) for k, v in EXTRA_WORDS.items()}
    terms.update({k: list(v) for k, v in FIELD_WORDS.items()})
    terms.update({k: list(v) for k, v in (getattr(game, "term_labels", {}) or {}).items()})
    zones: dict[str, list[str]] = {}
    try:
        for spec in game.zone_specs(game.max_players):
            zones[spec.name] = [spec.name_ja, spec.label_en]
    except Exception:  # a game whose zones depend on more than the player count: the observation names them
        pass
    decks = {name: list(deck_title(path)) for name, path in game.sample_decks().items()}
    out = {
        "game": game.id,
        "name": game.name,
        "name_en": game.name_en,
        "card_set": game.cardset.digest,
        "types": [
            {"type": t, "ja": ja, "en": getattr(game, "types_en", {}).get(t, t)}
            for t, ja in getattr(game.card_schema, "types", {}).items()
        ],
        "faces": [card_face(game, c) for c in game.cardset],
        "terms": terms,
        "values": {k: list(v) for k, v in {**EXTRA_VALUES, **VALUE_WORDS}.items()},
        "zones": zones,
        "decks": decks,
    }
    with contextlib.suppress(TypeError):  # a game that cannot be weakly referred to is not cached
        _CACHE[game] = out
    return out


def shared_deck(game: Any) -> bool:
    """Whether everyone plays from one shared set of cards (ヨネス一式) rather than a deck each."""
    try:
        return game.min_players > 1 and len(game.seat_decks(None, game.min_players)) == 1
    except Exception:
        return False
