"""A real browser on the real server: Playwright for Python driving Debian's Chromium (by its executable
path: Playwright's own browser download is not reachable here). A whole 切り札 game is played by clicking;
a spectator's page is searched for any card it may not see; every game's table draws; the replay viewer
steps. Screenshots go to tests/artifacts/ (git-ignored) to be looked at."""

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
    pg.fill("[data-testid=seat-spec-2]", "random")
    shot(pg, "lobby")
    pg.click("[data-testid=create]")
    pg.wait_for_selector("[data-testid=play-first]")
    assert "#t=" in pg.get_attribute("[data-testid=seat-link-1]", "value")
    pg.click("[data-testid=play-first]")
    pg.wait_for_selector("[data-testid=table]")
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
    # the language switch
    pg.click("[data-testid=lang]")
    assert pg.get_attribute("html", "lang") == "en"
    pg.click("[data-testid=lang]")
    assert pg.errors == [], pg.errors


def test_a_spectator_page_shows_no_hidden_card(server, page):
    import httpx

    from tefuda.core import Rng
    from tests.test_serve_process import Client

    made = httpx.post(
        server.url + "/api/rooms", json={"game": "genesis", "seats": [{"kind": "human"}] * 2, "seed": 3}
    ).json()
    room = made["room"]
    clients = [Client(server.ws, room, s["token"]) for s in made["seats"]]
    rng = Rng(4)
    for _ in range(25):  # a few turns, so hands and fields hold cards
        mover = clients[0].obs["to_move"]
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
    public = {
        c["card"] for c in _spectator_obs(server, room)["zones"] for c in c["cards"] if c["card"] is not None
    }
    assert shown <= public, f"the spectator's page shows {shown - public}"
    secret_names = set()
    for cl in clients:
        for z in cl.obs["zones"]:
            for c in z["cards"]:
                if c["card"] is not None and c["card"] not in public:
                    secret_names.add(c["name"])
    assert secret_names, "the test needs some private cards to look for"
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
        json={"game": game, "seats": [{"kind": "agent", "spec": "random"}] * 2, "seed": 1},
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
