"""A real browser on the real server: Playwright for Python driving Debian's Chromium (by its executable
path: Playwright's own browser download is not reachable here). A whole 切り札 game is played by clicking;
a spectator's page is searched for any card it may not see; every game's table draws; the replay viewer
steps; a game played to its end shows "verified fair" (the page checked the revealed secret against the
commitment it kept), a tampered commitment a loud warning; an invite already claimed says the seat is taken; a
second tab with the same seat takes it over; the maker releases a seat from the room page. Screenshots go to
tests/artifacts/ (git-ignored) to be looked at."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
playwright = pytest.importorskip("playwright.sync_api")

from tests.test_serve_process import ServerProcess, free_port  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).parent / "artifacts"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

if not Path(CHROMIUM).exists():
    if os.environ.get("TEFUDA_REQUIRE_BROWSER"):
        raise RuntimeError(
            f"{CHROMIUM} is missing but TEFUDA_REQUIRE_BROWSER is set (apt-get install chromium)"
        )
    pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)", allow_module_level=True)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'serve.db'}"
    srv = ServerProcess(db, free_port())
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def seeded_server(tmp_path_factory):
    """A server that takes chosen seeds (``--allow-seed``, testing only): the same game every run."""
    db = f"sqlite:///{tmp_path_factory.mktemp('browser-seeded') / 'serve.db'}"
    srv = ServerProcess(db, free_port(), "--allow-seed")
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    pg = ctx.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
    yield pg
    ctx.close()


def shot(pg, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def test_a_whole_kirifuda_game_by_clicking(server, page):
    pg = page
    pg.goto(server.url + "/")
    pg.wait_for_selector("[data-testid=seat-kind-2]")
    pg.select_option("[data-testid=game]", "kirifuda")
    pg.select_option("[data-testid=seat-kind-2]", "agent")
    pg.select_option("[data-testid=seat-preset-2]", "random")  # the preset fills the spec's text
    assert pg.input_value("[data-testid=seat-spec-2]") == "random"
    shot(pg, "lobby")
    pg.click("[data-testid=create]")
    pg.wait_for_selector("[data-testid=play-first]")
    assert "#claim=" in pg.get_attribute("[data-testid=seat-link-1]", "value")
    room = pg.get_attribute("[data-testid=spectator-link]", "value").rsplit("/", 1)[1]
    assert pg.evaluate(f"localStorage.getItem('tefuda.maker.{room}')"), "the maker's token was not kept"
    pg.click("[data-testid=play-first]")
    pg.wait_for_selector("[data-testid=table]")
    # the invite is spent: the address no longer holds it, this browser keeps the seat's session
    pg.wait_for_function("location.hash === '#seat=1'")
    assert pg.evaluate(f"JSON.parse(localStorage.getItem('tefuda.session.{room}.0')).session")
    commitment = pg.evaluate(f"JSON.parse(localStorage.getItem('tefuda.commit.{room}')).commitment")
    assert len(commitment) == 64
    clicks = 0
    result = pg.locator("[data-testid=result]")
    while not result.is_visible():
        assert clicks < 400, "no result after 400 clicks"
        button = pg.locator("[data-testid=action]").first
        try:
            button.wait_for(timeout=15_000)
        except playwright.TimeoutError:
            continue  # the AI's turn, or the result just came
        if clicks == 5:
            shot(pg, "kirifuda-mid")
        try:
            button.click(timeout=3000)
            clicks += 1
        except playwright.TimeoutError:
            continue
        pg.wait_for_timeout(50)
    outcome = pg.inner_text("[data-testid=outcome]")
    assert "P1" in outcome or "P2" in outcome or "引き分け" in outcome
    # the page checked the revealed secret against the commitment it kept from the start
    verdict = pg.wait_for_selector("[data-testid=fair-verdict]", timeout=10_000)
    assert "公正を確認しました" in verdict.inner_text() and "verified fair" in verdict.inner_text()
    assert verdict.get_attribute("class") == "fair-ok"
    assert pg.get_attribute("[data-testid=commitment]", "title") == commitment
    shot(pg, "kirifuda-result")
    assert clicks > 3
    # the replay viewer of the finished room
    pg.click("text=リプレイを見る")
    pg.wait_for_selector("[data-testid=replay-pos]")
    pg.wait_for_function("document.querySelector('[data-testid=replay-pos]').textContent.includes('/')")
    first = pg.inner_text("[data-testid=replay-pos]")
    pg.click("[data-testid=last]")
    last = pg.inner_text("[data-testid=replay-pos]")
    assert first != last and last.split()[-1] == last.split()[-3]
    shot(pg, "kirifuda-replay")
    # the replay viewer checks the secret too, against the commitment this browser kept during the game
    verdict = pg.wait_for_selector("[data-testid=fair-verdict]")
    assert verdict.get_attribute("class") == "fair-ok" and "秘密は約束と一致します" in verdict.inner_text()
    assert pg.inner_text("[data-testid=commitment]") == commitment
    # the language switch
    pg.click("[data-testid=lang]")
    assert pg.get_attribute("html", "lang") == "en"
    pg.click("[data-testid=lang]")
    assert pg.errors == [], pg.errors


def test_a_spectator_page_shows_no_hidden_card(seeded_server, page):
    server = seeded_server  # a chosen seed: the same deal every run, with private cards to look for
    import httpx

    from tefuda.core import Rng
    from tests.test_serve_process import Client

    made = httpx.post(
        server.url + "/api/rooms", json={"game": "genesis", "seats": [{"kind": "human"}] * 2, "seed": 4}
    ).json()
    room = made["room"]
    clients = [Client(server.ws, room, s["claim"]) for s in made["seats"]]
    rng = Rng(4)
    for _ in range(25):  # a few turns, so hands and fields hold cards
        mover = clients[0].obs["to_move"]
        if mover < 0:
            break
        me = clients[mover]
        pick = me.obs["legal"][rng.below(len(me.obs["legal"]))]
        me.ws.send(json.dumps({"type": "act", "decision": me.decision, "action": pick["index"]}))
        assert me.recv()["type"] == "ack"
        for c in clients:
            c.recv()
    page.goto(f"{server.url}/room/{room}")
    page.wait_for_selector("[data-testid=table]")
    shot(page, "genesis-spectator")
    shown = set(page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)")) - {"hidden"}
    text = page.inner_text("body")
    # what each player knows that a spectator may not: the cards only their own seat sees
    seen = [c for z in _spectator_obs(server, room)["zones"] for c in z["cards"] if c["card"] is not None]
    public = {c["card"] for c in seen}
    assert shown <= public, f"the spectator's page shows {shown - public}"
    # a name is secret if some player holds a copy the spectator may not see and no copy is public
    public_names = {c["name"] for c in seen} | {c["name_en"] for c in seen}
    secret_names = set()
    for cl in clients:
        for z in cl.obs["zones"]:
            for c in z["cards"]:
                if c["card"] is not None and c["card"] not in public:
                    secret_names |= {c["name"], c["name_en"]} - public_names
    assert secret_names, "the test needs some private cards to look for"
    # the cards drawn, by name
    drawn = set(
        page.eval_on_selector_all(".card .cname, .card .cname-en", "els => els.map(e => e.textContent)")
    )
    assert not drawn & secret_names, (
        f"the spectator's page draws cards it may not see: {drawn & secret_names}"
    )
    # and anywhere in the page's text (the log, the prompt): public names first taken out, so that a secret
    # 騎士 is not found inside a public 屍騎士
    for name in sorted(public_names, key=len, reverse=True):
        text = text.replace(name, "\0")
    leaked = {n for n in secret_names if n in text}
    assert not leaked, f"the spectator's page names cards it may not see: {leaked}"
    for c in clients:
        c.close()
    assert page.errors == [], page.errors


def _spectator_obs(server, room: str) -> dict:
    from websockets.sync.client import connect

    with connect(f"{server.ws}/ws/{room}") as ws:
        ws.send(json.dumps({"type": "hello"}))
        json.loads(ws.recv(timeout=10))
        return json.loads(ws.recv(timeout=10))["observation"]


@pytest.mark.parametrize("game", ["kirifuda", "yonesu", "genesis", "kokubyaku", "amadeus"])
def test_every_game_draws_in_the_browser(server, page, game):
    import httpx

    r = httpx.post(
        server.url + "/api/rooms",
        json={"game": game, "seats": [{"kind": "agent", "spec": "random"}] * 2},
    )
    assert r.status_code == 200, r.text
    room = r.json()["room"]
    page.goto(f"{server.url}/room/{room}")
    page.wait_for_selector("[data-testid=table] .zone")
    page.wait_for_selector("[data-testid=result]:not([hidden])", timeout=60_000)
    shot(page, f"{game}-spectator-end")
    zones = page.eval_on_selector_all("[data-zone]", "els => els.length")
    assert zones > 4
    assert page.errors == [], page.errors


def test_cards_are_clickable_and_the_page_shows_the_ai_thinking(server, page):
    """A real AI seat (ISMCTS): the page says it is thinking; actions are taken by clicking the cards."""
    import httpx

    made = httpx.post(
        server.url + "/api/rooms",
        json={
            "game": "kirifuda",
            "seats": [{"kind": "human"}, {"kind": "agent", "spec": "ismcts:seconds=0.4"}],
        },
    ).json()
    page.goto(server.url + made["seats"][0]["url"])
    page.wait_for_selector("[data-testid=table]")
    saw_thinking = False
    card_clicks = 0
    for _ in range(200):
        if page.locator("[data-testid=result]").is_visible() or (card_clicks >= 6 and saw_thinking):
            break
        saw_thinking |= page.locator("[data-testid=thinking]").is_visible()
        card = page.locator(".card.clickable").first
        if card.count():
            before = page.locator("#log li").count()
            try:
                card.click(timeout=2000)
            except playwright.TimeoutError:
                continue
            # one action named by the card: taken; several: their buttons light up
            if page.locator(".action.hl").count():
                page.locator(".action.hl").first.click()
            page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}", timeout=20_000)
            card_clicks += 1
        elif page.locator("[data-testid=action]").count():
            page.locator("[data-testid=action]").first.click()
        page.wait_for_timeout(100)
    assert card_clicks >= 3, "no card could be clicked to act"
    assert saw_thinking, "the page never said the AI was thinking"
    shot(page, "kirifuda-vs-ismcts")
    assert page.errors == [], page.errors


def test_a_bad_uploaded_deck_is_refused_with_the_deck_check_error(server, page, tmp_path):
    deck = tmp_path / "bad.txt"
    deck.write_text("# mine\n3 紅蓮の竜騎士\n2 存在しないカード\n", encoding="utf-8")
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=seat-deck-1]")
    page.select_option("[data-testid=seat-deck-1]", "__paste")
    page.set_input_files("[data-testid=seat-deckfile-1]", str(deck))
    page.click("[data-testid=create]")
    err = page.wait_for_selector("[data-testid=create-error]")
    text = err.inner_text()
    assert "P1's deck:3" in text and "存在しないカード" in text, text


def test_the_page_reconnects_after_a_server_restart_and_play_goes_on(tmp_path, browser):
    import httpx

    db = f"sqlite:///{tmp_path / 'restart.db'}"
    port = free_port()
    srv = ServerProcess(db, port)
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        made = httpx.post(
            srv.url + "/api/rooms",
            json={"game": "kirifuda", "seats": [{"kind": "human"}, {"kind": "agent", "spec": "random"}]},
        ).json()
        pg.goto(srv.url + made["seats"][0]["url"])
        pg.wait_for_selector("[data-testid=action]")
        pg.fill("#chat-input", "よろしくお願いします")
        pg.click("#chat-send")
        pg.wait_for_selector("#chat-list li:has-text('よろしくお願いします')")
        pg.locator("[data-testid=action]").first.click()
        pg.wait_for_timeout(300)
        steps = httpx.get(f"{srv.url}/api/rooms/{made['room']}").json()["decision"]
        assert steps >= 1
        srv.kill()
        pg.wait_for_selector("#conn:has-text('再接続')", timeout=10_000)
        srv = ServerProcess(db, port)
        pg.wait_for_function("document.getElementById('conn').textContent === ''", timeout=20_000)
        pg.wait_for_selector("#chat-list li:has-text('よろしくお願いします')")  # the chat was kept
        pg.locator("[data-testid=action]").first.click(timeout=15_000)
        deadline = time.monotonic() + 15
        while httpx.get(f"{srv.url}/api/rooms/{made['room']}").json()["decision"] <= steps:
            assert time.monotonic() < deadline, "the click after the restart did not reach the server"
            time.sleep(0.1)
        assert errors == [], errors
    finally:
        ctx.close()
        srv.stop()


# ---------------------------------------------------------------------------------------- seats and fairness
def _room(server, seats: list[dict]) -> dict:
    import httpx

    r = httpx.post(server.url + "/api/rooms", json={"game": "kirifuda", "seats": seats})
    assert r.status_code == 200, r.text
    return r.json()


def test_an_invite_already_claimed_says_the_seat_is_taken(server, browser):
    from tests.test_serve_process import Client

    made = _room(server, [{"kind": "human"}] * 2)
    p2 = Client(server.ws, made["room"], made["seats"][1]["claim"])  # P2 opened the link first
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})  # another person's browser
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        pg.goto(server.url + made["seats"][1]["url"])
        notice = pg.wait_for_selector("[data-testid=notice-seat_taken]", timeout=10_000)
        assert "すでに使われています" in notice.inner_text() and "already used" in notice.inner_text()
        shot(pg, "seat-taken")
        assert (
            pg.locator("[data-testid=action]").count() == 0 and pg.locator("[data-testid=table]").count() == 0
        )
        pg.click("[data-testid=lang]")
        assert "already used" in pg.inner_text("[data-testid=notice-seat_taken]")
        # P2 is still P2
        p2.ws.send(json.dumps({"type": "ping"}))
        assert p2.recv()["type"] == "pong"
        assert errors == [], errors
    finally:
        p2.close()
        ctx.close()


def test_a_second_tab_takes_the_seat_over_and_the_first_says_so(server, browser):
    made = _room(server, [{"kind": "human"}, {"kind": "agent", "spec": "random"}])
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    a, b = ctx.new_page(), ctx.new_page()
    try:
        a.goto(server.url + made["seats"][0]["url"])
        a.wait_for_selector("[data-testid=table]")
        a.wait_for_function("location.hash === '#seat=1'")
        # the same browser opens its own (spent) invite again in a second tab: it finds its session
        b.goto(server.url + made["seats"][0]["url"])
        b.wait_for_selector("[data-testid=table]")
        assert "P1" in b.inner_text("#who")
        a.wait_for_selector("[data-testid=notice-taken_over]", timeout=10_000)
        assert a.locator("[data-testid=action]").count() == 0
        shot(a, "taken-over")
        # the first tab takes it back on request (and only then): the second one is told
        a.click("[data-testid=use-here]")
        b.wait_for_selector("[data-testid=notice-taken_over]", timeout=10_000)
        a.wait_for_selector("[data-testid=table]")
        assert a.locator("[data-testid=notice]").is_hidden()
    finally:
        ctx.close()


def test_the_maker_releases_a_seat_from_the_room_page(server, page):
    from tests.test_serve_process import Client

    pg = page
    pg.goto(server.url + "/")
    pg.wait_for_selector("[data-testid=seat-kind-2]")
    pg.select_option("[data-testid=game]", "kirifuda")
    pg.select_option("[data-testid=seat-kind-2]", "human")
    pg.click("[data-testid=create]")
    pg.wait_for_selector("[data-testid=play-first]")
    assert pg.locator("[data-testid=maker-note]").is_visible()
    link2 = pg.get_attribute("[data-testid=seat-link-2]", "value")
    room = link2.split("/room/")[1].split("#")[0]
    other = Client(server.ws, room, link2.split("#claim=")[1])  # someone (not the friend!) opened P2's link
    pg.click("[data-testid=play-first]")
    pg.wait_for_selector("[data-testid=table]")
    pg.click("[data-testid=seats-panel] summary")
    pg.click("[data-testid=release-2]")
    new = pg.wait_for_selector("[data-testid=new-link-2]").get_attribute("value")
    assert "#claim=" in new and new != link2
    pg.wait_for_selector("#chat-list li:has-text('P2の席が解放され')")
    shot(pg, "maker-released")
    msgs = []
    while not msgs or msgs[-1]["type"] != "released":
        msgs.append(other.recv())
    other.close()
    # the friend opens the new link
    friend = Client(server.ws, room, new.split("#claim=")[1])
    assert friend.welcome["seat"] == 1
    friend.close()
    assert pg.errors == [], pg.errors


def test_the_table_releases_a_seat_from_the_room_page(server, page):
    """Two people, no maker in this browser: P1 asks to release P2 (the other person alone decides), and is
    given the new invite."""
    from tests.test_serve_process import Client

    made = _room(server, [{"kind": "human"}] * 2)
    other = Client(server.ws, made["room"], made["seats"][1]["claim"])
    page.goto(server.url + made["seats"][0]["url"])
    page.wait_for_selector("[data-testid=table]")
    page.click("[data-testid=seats-panel] summary")
    page.click("[data-testid=ask-release-2]")
    new = page.wait_for_selector("[data-testid=new-link-2]").get_attribute("value")
    assert "#claim=" in new
    page.wait_for_selector("#chat-list li:has-text('P2の席が解放され')")
    msgs = []
    while not msgs or msgs[-1]["type"] != "released":
        msgs.append(other.recv())
    other.close()
    assert page.errors == [], page.errors


def test_a_secret_that_does_not_open_the_commitment_shows_a_loud_warning(server, page):
    """Planted: a server (here, the wire between it and the page) that reveals another secret than the one it
    committed to at the start. The page kept the genuine commitment; it must warn, in both languages."""
    import re

    def lie(ws) -> None:
        upstream = ws.connect_to_server()

        def from_server(text) -> None:
            m = json.loads(text)
            r = m if m.get("type") == "reveal" else m.get("reveal") if m.get("type") == "state" else None
            if r:
                r["seed"] = r["key"] = "0" * 64
                text = json.dumps(m)
            ws.send(text)

        upstream.on_message(from_server)

    made = _room(server, [{"kind": "agent", "spec": "random"}] * 2)
    page.route_web_socket(re.compile(r".*/ws/.*"), lie)
    page.goto(f"{server.url}/room/{made['room']}")
    page.wait_for_selector("[data-testid=result]:not([hidden])", timeout=60_000)
    verdict = page.wait_for_selector("[data-testid=fair-verdict]", timeout=10_000)
    text = verdict.inner_text()
    assert verdict.get_attribute("class") == "fair-bad" and "警告" in text and "WARNING" in text, text
    assert "does not match" in text and "公正を確認しました" not in text
    shot(page, "fair-warning")
    assert page.errors == [], page.errors


def test_a_commitment_other_than_the_one_kept_shows_a_loud_warning(server, page):
    """The room's commitment is not the one this browser kept for it (it changed): warned at once."""
    made = _room(server, [{"kind": "agent", "spec": "random"}] * 2)
    room = made["room"]
    page.goto(server.url + "/")
    page.evaluate(
        "([room, settings]) => localStorage.setItem(`tefuda.commit.${room}`, JSON.stringify("
        "{commitment: '0'.repeat(64), settings, step: 0, over: false}))",
        [room, made["settings"]],
    )
    page.goto(f"{server.url}/room/{room}")
    page.wait_for_selector("[data-testid=result]:not([hidden])", timeout=60_000)
    verdict = page.wait_for_selector("[data-testid=fair-verdict].fair-bad", timeout=10_000)
    assert "警告" in verdict.inner_text() and "WARNING" in verdict.inner_text()
    assert page.errors == [], page.errors


def test_the_pages_sha256_matches_with_and_without_web_crypto(server, page):
    import hashlib

    page.goto(server.url + "/")
    texts = ["", "abc", "a" * 64, "tefuda-commit-1\n" + "ab" * 32 + "\n" + "cd" * 32, "手札" * 50]
    got = page.evaluate(
        """async (texts) => {
            const m = await import('/static/js/fair.js');
            const out = [];
            for (const t of texts) out.push([await m.sha256hex(t), await m.sha256hex(t, {subtle: false})]);
            return out;
        }""",
        texts,
    )
    for t, (subtle, js) in zip(texts, got, strict=True):
        want = hashlib.sha256(t.encode()).hexdigest()
        assert subtle == want and js == want, t


def _play_until(pg, selector: str, limit: int = 300) -> bool:
    """Click the seat's actions (which one: from the decision number, so a seeded room plays the same game
    every run) until `selector` shows; False if the game ends first."""
    for _ in range(limit):
        pg.wait_for_selector("[data-testid=action], [data-testid=result]:not([hidden])", timeout=20_000)
        if pg.locator(selector).count():
            return True
        if pg.locator("[data-testid=result]").is_visible():
            return False
        d = int(pg.get_attribute("body", "data-decision"))
        buttons = pg.locator("[data-testid=action]")
        buttons.nth(d % buttons.count()).click()
        pg.wait_for_function(f"document.body.dataset.decision !== '{d}'", timeout=20_000)
    return False


def test_a_face_down_card_an_action_names_is_clickable_and_the_asking_card_is_marked(seeded_server, page):
    """切り札: the opponent's life cards are face down, yet 'take life card 2' names one: it is drawn as a
    back to click. ジェネシス: a ritual in the underworld asks to be used: the pile spreads open, the asking
    card is marked and clicking it lights up its two buttons (use / do not use)."""
    import httpx

    def room(game: str, seed: int = 2) -> None:
        made = httpx.post(
            seeded_server.url + "/api/rooms",
            json={
                "game": game,
                "seats": [{"kind": "human"}, {"kind": "agent", "spec": "random"}],
                "seed": seed,
            },
        ).json()
        page.goto(seeded_server.url + made["seats"][0]["url"])
        page.wait_for_selector("[data-testid=table]")

    room("kirifuda")
    blind = "[data-zone='p2.life'] .card.back.clickable"
    assert _play_until(page, blind), "no life card to take in this seeded game"
    lives = page.locator(blind).count()
    assert (
        lives >= 2 and page.locator("[data-zone='p2.life'] [data-card]:not([data-card=hidden])").count() == 0
    )
    life = page.locator("[data-zone='p2.life'] [data-testid=count]")
    before = int(life.inner_text())
    page.locator(blind).nth(1).click()
    count = "document.querySelector(\"[data-zone='p2.life'] [data-testid=count]\").textContent"
    page.wait_for_function(f"{count} === '{before - 1}'")
    asking = ".zone.pile .card.source"  # a card in the underworld pile asks: the pile is spread
    for seed in range(2, 12):  # seeded games until one has a card in a pile that asks
        room("genesis", seed)
        if _play_until(page, asking):
            break
    else:
        raise AssertionError("no card in a pile asked anything in these seeded games")
    shot(page, "genesis-asking-card")
    assert page.locator(".card.source").count() == 1
    page.locator(asking).click()
    lit = page.locator(".action.hl")
    assert lit.count() == page.locator("[data-testid=action]").count() == 2  # use it, or not
    assert page.errors == [], page.errors
