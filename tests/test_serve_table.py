"""The table a player sits at (issue 24, the browser half), in a real browser (Playwright on Debian's
Chromium) against the real server, for every game at 1280×800 and at 390×844 (a phone: touch):

- nothing overflows sideways (``scrollWidth <= innerWidth``), and the viewer's own hand and the prompt are
  inside the viewport without scrolling;
- the Japanese web font the page serves is the one drawing it (``document.fonts.check``);
- a card's details, opened by a click (or a tap), show its whole text in Japanese and English, as the pool
  has it;
- a legal action is taken by clicking (tapping) a card — a card, not a button;
- the visible text has no internal ids: no raw flag keys, zone ids or deck ids;

and the spectator's page has no chat box, the server's errors come in the page's language, the lobby works at
390 px (one shared box for ヨネス, an empty pasted deck refused), auto-pass answers only a lone pass and only
when asked, and the replay viewer draws faces and names each move in words. Rooms are seeded (a server
started with --allow-seed) so every run plays the same games. Screenshots go to tests/artifacts/."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("fastapi")
playwright = pytest.importorskip("playwright.sync_api")

from tests.test_serve_browser import (  # noqa: E402
    ARGS,
    ARTIFACTS,
    CHROMIUM,  # noqa: F401 - importing it skips (or fails) this module as the browser tests do
    browser,  # noqa: F401 - the fixture
    seeded_server,  # noqa: F401 - the fixture
)

GAMES = ["kirifuda", "yonesu", "genesis", "kokubyaku", "amadeus"]
SEEDS = {"kirifuda": 3, "yonesu": 3, "genesis": 3, "kokubyaku": 3, "amadeus": 3}
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "has_touch": True,
        "is_mobile": True,
        "device_scale_factor": 2,
    },
}
JA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
assert ARGS  # the same Chromium flags as the other browser tests


@pytest.fixture(params=list(SIZES))
def size(request):
    return request.param


def _context(chromium, size: str):
    ctx = chromium.new_context(**SIZES[size])
    pg = ctx.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
    return ctx, pg


def _seat_room(server, game: str, seed: int | None = None) -> dict:
    import httpx

    made = httpx.post(
        server.url + "/api/rooms",
        json={
            "game": game,
            "seats": [{"kind": "human"}, {"kind": "agent", "spec": "random"}],
            "seed": SEEDS.get(game, 3) if seed is None else seed,
        },
    ).json()
    assert "room" in made, made
    return made


def _pool(server, room: str) -> dict:
    import httpx

    return httpx.get(f"{server.url}/api/rooms/{room}/cards").json()


def _shot(pg, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _decision(pg) -> int:
    return int(pg.get_attribute("body", "data-decision") or -1)


def _step(pg) -> bool:
    """One action by its button (which one: from the decision number, so a seeded room plays the same game
    every run); False when the game is over."""
    pg.wait_for_selector("[data-testid=action], [data-testid=result]:not([hidden])", timeout=30_000)
    if pg.locator("[data-testid=result]").is_visible():
        return False
    d = _decision(pg)
    buttons = pg.locator("#actions [data-testid=action]")
    buttons.nth(d % buttons.count()).click()
    pg.wait_for_function(f"document.body.dataset.decision !== '{d}'", timeout=30_000)
    return True


def _inside(pg, selector: str) -> dict:
    return pg.eval_on_selector(
        selector,
        """e => { const r = e.getBoundingClientRect();
                  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                          w: innerWidth, h: innerHeight, visible: r.width > 0 && r.height > 0}; }""",
    )


def _assert_layout(pg, where: str) -> None:
    widths = pg.evaluate(
        "({doc: document.documentElement.scrollWidth, body: document.body.scrollWidth, inner: innerWidth})"
    )
    assert widths["doc"] <= widths["inner"] and widths["body"] <= widths["inner"], (where, widths)
    for sel in ("[data-testid=hand]", "[data-testid=prompt]"):
        box = _inside(pg, sel)
        assert box["visible"], (where, sel, box)
        assert box["top"] >= 0 and box["bottom"] <= box["h"] + 0.5, (where, sel, box)
        assert box["left"] >= 0 and box["right"] <= box["w"] + 0.5, (where, sel, box)


def _visible_text_without_english(pg) -> str:
    """The page's visible text, without the English shown beside the Japanese (``lang=en``)."""
    return pg.evaluate(
        """() => {
            const copy = document.body.cloneNode(true);
            copy.querySelectorAll('[lang=en], script, [hidden], #details[hidden]').forEach(e => e.remove());
            const box = document.createElement('div');
            box.style.cssText = 'position:absolute;left:-99999px;width:1200px';
            box.append(copy);
            document.documentElement.append(box);
            const text = copy.innerText;
            box.remove();
            return text;
        }"""
    )


def _no_ids(pg, pool: dict, where: str) -> None:
    text = _visible_text_without_english(pg)
    assert not re.search(r"\bp[1-4]\.[a-z_]+\d*\b", text), (
        where,
        re.findall(r"\bp[1-4]\.[a-z_]+\d*\b", text),
    )
    for deck in pool["decks"]:
        assert deck not in text, (where, deck)
    raw = [k for k, (ja, en) in pool["terms"].items() if JA.search(ja) and re.fullmatch(r"[a-z_]+", k)]
    found = [k for k in raw if re.search(rf"(?<![A-Za-z_]){k}(?![A-Za-z_])", text)]
    assert not found, (where, found)
    assert not re.search(r"\bextra\b", text), where
    # every flag drawn on a card is a word of the game's, in Japanese on a Japanese page
    flags = pg.eval_on_selector_all(".card .flag", "els => els.map(e => e.textContent)")
    assert all(JA.search(f) for f in flags), (where, flags)


def _open_details(pg, size: str, pool: dict, where: str) -> None:
    """Open a card's details by a click (a tap) and find its whole text in both languages."""
    faces = {f["id"]: f for f in pool["faces"]}
    if size == "phone":
        card = pg.locator(".card.face[data-card]").first  # a first tap never acts: it opens the details
        card.tap()
    else:
        # a click on a card no action names (or several do) opens its details; one that one action names
        # would take it
        card = pg.locator(
            ".card.face[data-card][data-actions='0'], .card.face[data-card]:not([data-actions='1'])"
        )
        card = card.first
        card.click()
    cid = card.get_attribute("data-card")
    panel = pg.wait_for_selector("[data-testid=details]:not([hidden])", timeout=5000)
    assert panel.is_visible()
    face = faces[cid]
    assert pg.inner_text("[data-testid=details-ja]").strip() == (face["text"]["ja"] or "—"), where
    assert pg.inner_text("[data-testid=details-en]").strip() == (face["text"]["en"] or "—"), where
    box = _inside(pg, "[data-testid=details]")
    assert box["left"] >= 0 and box["right"] <= box["w"] + 0.5, (where, box)


def _act_by_a_card(pg, size: str, limit: int = 60) -> str:
    """Play (by buttons) until some card names exactly one legal action, then take it by clicking (tapping)
    that card: the decision moves on. Returns the card's id."""
    for _ in range(limit):
        if pg.locator("[data-testid=result]").is_visible():
            break
        pg.wait_for_selector("[data-testid=action], [data-testid=result]:not([hidden])", timeout=30_000)
        card = pg.locator(".card.clickable[data-actions='1']")
        if card.count() and not pg.locator("[data-testid=result]").is_visible():
            card = card.first
            cid = card.get_attribute("data-card")
            d = _decision(pg)
            if size == "phone":
                card.tap()  # selects it, its details and the action naming it open
                pg.wait_for_selector("[data-testid=details]:not([hidden]) [data-testid=sheet-action]")
                card.tap()  # a second tap takes it
            else:
                card.click()
            pg.wait_for_function(f"document.body.dataset.decision !== '{d}'", timeout=30_000)
            return cid
        if not _step(pg):
            break
    raise AssertionError("no card named exactly one legal action: no action could be taken by a card")


@pytest.mark.parametrize("game", GAMES)
def test_the_table_at_every_size(seeded_server, browser, game, size):  # noqa: F811 - fixtures
    server = seeded_server
    made = _seat_room(server, game)
    room = made["room"]
    pool = _pool(server, room)
    ctx, pg = _context(browser, size)
    try:
        pg.goto(server.url + made["seats"][0]["url"])
        pg.wait_for_selector("[data-testid=table] .zone")
        pg.wait_for_selector("[data-testid=action]")
        # the page is drawn with the font it serves
        pg.evaluate("document.fonts.ready")
        assert pg.evaluate("document.fonts.check('16px tefuda-jp', '日本語の手札')")
        assert pg.evaluate(
            "[...document.fonts].some(f => f.family.replace(/\"/g, '') === 'tefuda-jp'"
            " && f.status === 'loaded')"
        )
        assert (
            pg.evaluate("getComputedStyle(document.body).fontFamily")
            .replace('"', "")
            .startswith("tefuda-jp,")
        )
        for _ in range(6):  # a few moves into the game: cards on the table
            if not _step(pg):
                break
        pg.wait_for_timeout(300)
        _assert_layout(pg, f"{game} {size}")
        _no_ids(pg, pool, f"{game} {size}")
        _shot(pg, f"table-{game}-{size}")
        _open_details(pg, size, pool, f"{game} {size}")
        _shot(pg, f"details-{game}-{size}")
        pg.click("[data-testid=details-close]")
        assert pg.locator("[data-testid=details]").is_hidden()
        cid = _act_by_a_card(pg, size)
        assert cid
        pg.wait_for_timeout(300)
        if not pg.locator("[data-testid=result]").is_visible():
            pg.wait_for_selector("[data-testid=prompt]")
            _assert_layout(pg, f"{game} {size} after a card's action")
        _no_ids(pg, pool, f"{game} {size} after a card's action")
        _shot(pg, f"played-{game}-{size}")
        assert pg.errors == [], pg.errors
    finally:
        ctx.close()


def test_the_spectator_page_has_no_chat_box(seeded_server, browser):  # noqa: F811 - fixtures
    made = _seat_room(seeded_server, "kirifuda")
    for size in SIZES:
        ctx, pg = _context(browser, size)
        try:
            pg.goto(f"{seeded_server.url}/room/{made['room']}")
            pg.wait_for_selector("[data-testid=table] .zone")
            assert pg.locator("#chat-input").is_hidden() and pg.locator("[data-testid=chat-form]").is_hidden()
            assert pg.locator("[data-testid=hand]").count() == 0  # a spectator has no hand of its own
            assert pg.evaluate("document.documentElement.scrollWidth <= innerWidth")
            _shot(pg, f"spectator-{size}")
            assert pg.errors == [], pg.errors
        finally:
            ctx.close()


def test_the_servers_errors_are_shown_in_the_pages_language(seeded_server, browser):  # noqa: F811
    """A stale answer (a decision already answered), sent from the page's own connection: the page says it in
    Japanese, and in English once switched."""
    made = _seat_room(seeded_server, "genesis")
    ctx, pg = _context(browser, "desktop")
    sockets = []

    def keep(ws) -> None:
        server = ws.connect_to_server()
        sockets.append(server)

    try:
        pg.route_web_socket(re.compile(r".*/ws/.*"), keep)
        pg.goto(seeded_server.url + made["seats"][0]["url"])
        pg.wait_for_selector("[data-testid=action]")
        _step(pg)
        pg.wait_for_selector("[data-testid=action]")
        for lang, words in (("ja", "すでに回答済み"), ("en", "already answered")):
            if lang == "en":
                pg.click("[data-testid=lang]")
            sockets[-1].send(json.dumps({"type": "act", "decision": 0, "action": 0}))
            toast = pg.wait_for_selector(f"[data-testid=toast]:has-text('{words}')", timeout=10_000)
            assert toast.is_visible()
        assert pg.errors == [], pg.errors
    finally:
        ctx.close()


def test_the_lobby_at_390_px(seeded_server, browser):  # noqa: F811 - fixtures
    ctx, pg = _context(browser, "phone")
    try:
        pg.goto(seeded_server.url + "/")
        pg.wait_for_selector("[data-testid=seat-kind-2]")
        assert pg.evaluate("document.documentElement.scrollWidth <= innerWidth")
        # sample decks by name, never by file name
        options = pg.eval_on_selector_all(
            "[data-testid=seat-deck-1] option", "els => els.map(e => e.textContent)"
        )
        assert "紅蓮速攻 (Crimson Rush)" in options and not any("crimson_rush" in o for o in options)
        # an empty pasted list is refused, not played as the default deck
        pg.select_option("[data-testid=seat-deck-1]", "__paste")
        pg.click("[data-testid=create]")
        err = pg.wait_for_selector("[data-testid=create-error]")
        assert "デッキリストが空です" in err.inner_text()
        assert pg.locator("[data-testid=play-first]").count() == 0
        _shot(pg, "lobby-phone")
        # ヨネス: one shared box for the table, not a deck per seat
        pg.select_option("[data-testid=game]", "yonesu")
        pg.wait_for_selector("[data-testid=box-deck]")
        assert pg.locator("[data-testid^=seat-deck-]").count() == 0
        assert pg.locator("[data-testid=box-deck]").count() == 1
        assert "標準セット (standard box)" in pg.inner_text("[data-testid=box-deck]")
        assert pg.evaluate("document.documentElement.scrollWidth <= innerWidth")
        _shot(pg, "lobby-yonesu-phone")
        pg.select_option("[data-testid=seat-kind-2]", "agent")
        pg.click("[data-testid=create]")
        pg.wait_for_selector("[data-testid=play-first]")
        # buttons keep their words on one line
        heights = pg.eval_on_selector_all(
            "button",
            "els => els.filter(e => e.offsetParent)"
            ".map(e => [e.textContent, e.getBoundingClientRect().height])",
        )
        assert all(h < 40 for _, h in heights), heights
        assert pg.evaluate("document.documentElement.scrollWidth <= innerWidth")
        _shot(pg, "lobby-made-phone")
        assert pg.errors == [], pg.errors
    finally:
        ctx.close()


def test_auto_pass_answers_a_lone_pass_only_when_asked(seeded_server, browser):  # noqa: F811
    """黒白物語 asks a lone パス again and again: off (the default) the page waits; on, it passes by
    itself."""
    made = _seat_room(seeded_server, "kokubyaku")
    ctx, pg = _context(browser, "desktop")
    lone = (
        "(() => { const b = [...document.querySelectorAll('#actions [data-testid=action]')];"
        " return b.length === 1 && b[0].title === 'pass'; })()"
    )
    try:
        pg.goto(seeded_server.url + made["seats"][0]["url"])
        pg.wait_for_selector("[data-testid=action]")
        assert not pg.is_checked("[data-testid=autopass]")
        for _ in range(80):
            if pg.evaluate(lone):
                break
            assert _step(pg), "the game ended before a lone pass"
        else:
            raise AssertionError("no lone pass in 80 moves")
        d = _decision(pg)
        pg.wait_for_timeout(1500)
        assert _decision(pg) == d, "a lone pass was answered with auto-pass off"
        pg.check("[data-testid=autopass]")
        pg.wait_for_function(f"document.body.dataset.decision !== '{d}'", timeout=10_000)
        key = f"tefuda.autopass.{made['room']}.0"
        assert pg.evaluate(f"localStorage.getItem('{key}')") == "1"
        # it answers only a lone pass: a decision with a choice waits for the person
        for _ in range(40):
            pg.wait_for_selector("[data-testid=action], [data-testid=result]:not([hidden])", timeout=30_000)
            if pg.locator("[data-testid=result]").is_visible():
                break
            n = pg.locator("#actions [data-testid=action]").count()
            if n > 1:
                d = _decision(pg)
                pg.wait_for_timeout(1200)
                assert _decision(pg) == d, "auto-pass answered a decision with a choice"
                break
            pg.wait_for_timeout(200)
        assert pg.errors == [], pg.errors
    finally:
        ctx.close()


def test_the_replay_viewer_draws_faces_and_names_each_move(seeded_server, browser):  # noqa: F811
    import httpx

    made = httpx.post(
        seeded_server.url + "/api/rooms",
        json={"game": "genesis", "seats": [{"kind": "agent", "spec": "random"}] * 2, "seed": 5},
    ).json()
    room = made["room"]
    pool = _pool(seeded_server, room)
    for size in SIZES:
        ctx, pg = _context(browser, size)
        try:
            pg.goto(f"{seeded_server.url}/room/{room}")
            pg.wait_for_selector("[data-testid=result]:not([hidden])", timeout=90_000)
            pg.goto(f"{seeded_server.url}/replay/{room}?seat=1")
            pg.wait_for_function(
                "document.querySelector('[data-testid=replay-pos]').textContent.includes('/')"
            )
            for _ in range(30):
                pg.click("[data-testid=next]")
            steps = httpx.get(f"{seeded_server.url}/api/rooms/{room}/steps?seat=1").json()
            shown = pg.inner_text("#last-action")
            assert shown == steps[30]["label"]["ja"] and shown != steps[30]["action"]
            assert pg.evaluate("document.documentElement.scrollWidth <= innerWidth")
            assert pg.locator(".card.face").count() > 0
            _open_details(pg, size, pool, f"replay {size}")
            _no_ids(pg, pool, f"replay {size}")
            _shot(pg, f"replay-{size}")
            assert pg.errors == [], pg.errors
        finally:
            ctx.close()
