// The lobby: open rooms, and the form that makes a new one. A new room's answer holds each person's one-time
// invite link and the maker's token (kept in this browser's localStorage: the room page releases seats with it).
import { keepMakerToken } from "./fair.js";
import { both, el, lang, langToggle, said, t, tf, toast } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let games = [];
let lastMade = null;
const SPECS = ["ai", "ismcts:seconds=1", "ismcts:seconds=0.3", "greedy", "random"];

async function loadGames() {
  games = await (await fetch("/api/games")).json();
}

async function refreshRooms() {
  let rooms = [];
  try {
    rooms = await (await fetch("/api/rooms")).json();
  } catch {
    return;
  }
  const box = $("rooms");
  if (!rooms.length) {
    box.replaceChildren(el("p", { class: "empty", text: t("no_rooms") }));
    return;
  }
  const rows = rooms
    .slice()
    .reverse()
    .map((r) =>
      el(
        "tr",
        { "data-room": r.room },
        el("td", { class: "nowrap" }, el("code", { text: r.room })),
        el("td", { text: both(r.name, r.name_en) }),
        el(
          "td",
          {},
          r.seats.map((s) =>
            el("span", {
              class: `seatchip ${s.kind}${s.connected ? " on" : ""}`,
              text: `P${s.seat + 1} ${s.kind === "agent" ? s.spec : t("human")}${s.claimed === false ? ` (${t("seat_open")})` : ""}${s.connected ? " ●" : ""}`,
            })
          )
        ),
        el("td", { class: "nowrap", "data-testid": "room-status", text: r.status === "over" ? t("status_over") : `${t("status_playing")} (${t("step")} ${r.decision})` }),
        el("td", { class: "nowrap" }, el("a", { href: `/room/${r.room}`, "data-testid": "watch", text: t("watch") }))
      )
    );
  const head = el("tr", {}, ["room", "game", "seats", "status", ""].map((k) => el("th", { text: k ? t(k) : "" })));
  box.replaceChildren(el("table", { class: "rooms" }, el("thead", {}, head), el("tbody", {}, rows)));
}

function gameById(id) {
  return games.find((g) => g.id === id);
}

function drawForm() {
  const form = $("new-room");
  const sel = $("f-game");
  const current = sel.value || "kirifuda";
  sel.replaceChildren(...games.map((g) => el("option", { value: g.id, text: both(g.name, g.name_en) })));
  sel.value = gameById(current) ? current : games[0]?.id;
  const g = gameById(sel.value);
  const players = $("f-players");
  const n0 = Number(players.value) || g.min_players;
  players.replaceChildren();
  for (let n = g.min_players; n <= g.max_players; n++) players.append(el("option", { value: n, text: String(n) }));
  players.value = Math.min(Math.max(n0, g.min_players), g.max_players);
  drawSeats(g, Number(players.value));
  drawOptions(g);
  form.querySelectorAll("[data-word]").forEach((e) => (e.textContent = t(e.dataset.word)));
}

function drawSeats(g, n) {
  const box = $("f-seats");
  const old = [...box.querySelectorAll(".seatrow")].map((r) => ({
    kind: r.querySelector(".kind").value,
    spec: r.querySelector(".spec").value,
    deck: r.querySelector(".deck")?.value || "",
    text: r.querySelector(".decktext")?.value || "",
  }));
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const o = old[i] || { kind: i === 0 ? "human" : "agent", spec: "ai", deck: "", text: "" };
    const kind = el("select", { class: "kind", "data-testid": `seat-kind-${i + 1}` }, el("option", { value: "human", text: t("human") }), el("option", { value: "agent", text: t("agent") }));
    kind.value = o.kind;
    const spec = el("input", { class: "spec", list: "specs", value: o.spec, "data-testid": `seat-spec-${i + 1}`, size: 18, title: t("spec") });
    // the usual agents one click away (the text stays editable: any spec `tefuda play` takes)
    const preset = el(
      "select",
      { class: "preset", "data-testid": `seat-preset-${i + 1}`, title: t("spec") },
      el("option", { value: "", text: t("presets") }),
      SPECS.map((v) => el("option", { value: v, text: v }))
    );
    preset.onchange = () => {
      if (preset.value) spec.value = preset.value;
      preset.value = "";
    };
    const deck = deckSelect(g, `seat-deck-${i + 1}`);
    deck.value = g.decks.includes(o.deck) || o.deck === "__paste" ? o.deck : "";
    const text = el("textarea", { class: "decktext", rows: 6, cols: 40, placeholder: "3 カード名\n2 …" });
    text.value = o.text;
    const upload = el("input", { type: "file", accept: ".txt,text/plain", class: "deckfile", "data-testid": `seat-deckfile-${i + 1}` });
    upload.onchange = async () => {
      const f = upload.files[0];
      if (!f) return;
      text.value = await f.text();
      deck.value = "__paste";
      text.hidden = upload.hidden = false;
    };
    text.hidden = upload.hidden = deck.value !== "__paste";
    deck.onchange = () => (text.hidden = upload.hidden = deck.value !== "__paste");
    spec.hidden = preset.hidden = kind.value !== "agent";
    kind.onchange = () => (spec.hidden = preset.hidden = kind.value !== "agent");
    const deckParts = g.shared_deck ? [] : [el("span", { text: t("deck") }), deck, upload, text];
    box.append(el("div", { class: "seatrow" }, el("b", { text: `P${i + 1}` }), kind, spec, preset, ...deckParts));
  }
  drawBox(g);
}

/** A sample deck's name in both languages (its first comment line), never its file name. */
function deckName(g, d) {
  const n = (g.deck_names || {})[d];
  return n ? both(n[0], n[1]) : d;
}

function deckSelect(g, testid) {
  return el(
    "select",
    { class: "deck", "data-testid": testid },
    el("option", { value: "", text: t("deck_default") }),
    g.decks.map((d) => el("option", { value: d, text: deckName(g, d) })),
    el("option", { value: "__paste", text: t("deck_paste") })
  );
}

/** A game played from one shared set of cards (ヨネス一式): one box for the table, not a deck per seat. */
function drawBox(g) {
  const box = $("f-box");
  const old = box.querySelector(".deck");
  const keep = old ? { deck: old.value, text: box.querySelector(".decktext").value } : { deck: "", text: "" };
  box.replaceChildren();
  if (!g.shared_deck) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const deck = deckSelect(g, "box-deck");
  deck.value = g.decks.includes(keep.deck) || keep.deck === "__paste" ? keep.deck : "";
  const text = el("textarea", { class: "decktext", rows: 6, cols: 40, placeholder: "10 ファーストヨネス\n3 …", "data-testid": "box-text" });
  text.value = keep.text;
  const upload = el("input", { type: "file", accept: ".txt,text/plain", class: "deckfile", "data-testid": "box-file" });
  upload.onchange = async () => {
    const f = upload.files[0];
    if (!f) return;
    text.value = await f.text();
    deck.value = "__paste";
    text.hidden = upload.hidden = false;
  };
  text.hidden = upload.hidden = deck.value !== "__paste";
  deck.onchange = () => (text.hidden = upload.hidden = deck.value !== "__paste");
  box.append(el("b", { text: t("box") }), deck, el("small", { text: t("box_note") }), upload, text);
}

function drawOptions(g) {
  const box = $("f-options");
  box.replaceChildren();
  for (const o of g.options) {
    let input;
    if (o.choices) {
      input = el("select", { "data-key": o.key }, o.choices.map((c) => el("option", { value: String(c), text: String(c) })));
      input.value = String(o.default);
    } else if (typeof o.default === "boolean") {
      input = el("select", { "data-key": o.key }, el("option", { value: "true", text: "true" }), el("option", { value: "false", text: "false" }));
      input.value = String(o.default);
    } else {
      input = el("input", { "data-key": o.key, value: String(o.default), size: 6 });
    }
    input.dataset.default = String(o.default);
    box.append(el("label", { class: "opt", title: o.en }, el("code", { text: o.key }), " ", input, " ", el("small", { text: lang() === "en" ? o.en : o.ja || o.en })));
  }
}

async function create(e) {
  e.preventDefault();
  const g = gameById($("f-game").value);
  const seats = [];
  const decks = [];
  const refuse = (text) => {
    $("made").replaceChildren(el("p", { class: "error", "data-testid": "create-error", text }));
    toast(text, "error");
  };
  let k = 0;
  for (const r of $("f-seats").querySelectorAll(".seatrow")) {
    k += 1;
    const kind = r.querySelector(".kind").value;
    seats.push(kind === "agent" ? { kind, spec: r.querySelector(".spec").value.trim() } : { kind });
    if (g.shared_deck) continue;
    const d = r.querySelector(".deck").value;
    // a pasted list left empty is refused here, never played as the default deck
    if (d === "__paste" && !r.querySelector(".decktext").value.trim()) return refuse(tf("empty_paste", k));
    decks.push(d === "__paste" ? r.querySelector(".decktext").value : d || null);
  }
  if (g.shared_deck) {
    const d = $("f-box").querySelector(".deck").value;
    const text = $("f-box").querySelector(".decktext").value;
    if (d === "__paste" && !text.trim()) return refuse(t("empty_box"));
    const one = d === "__paste" ? text : d || null;
    for (let i = 0; i < seats.length; i++) decks.push(one);
  }
  const options = {};
  for (const i of $("f-options").querySelectorAll("[data-key]")) if (i.value !== i.dataset.default) options[i.dataset.key] = i.value;
  const body = { game: g.id, players: seats.length, seats, decks, options };
  const cardFile = $("f-cards").files[0];
  if (cardFile) body.cards = { mode: $("f-cards-mode").value, toml: await cardFile.text() };
  const res = await fetch("/api/rooms", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const made = await res.json();
  if (!res.ok) return refuse(said(made, t("error")));
  keepMakerToken(made.room, made.maker);
  lastMade = made;
  drawMade();
  refreshRooms();
}

function linkRow(label, url, testid) {
  const abs = new URL(url, location.href).href;
  const input = el("input", { value: abs, readonly: true, size: 60, "data-testid": testid });
  const copy = el("button", { type: "button", text: t("copy") });
  copy.onclick = async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(abs);
    } catch {
      document.execCommand("copy");
    }
    toast(t("copied"));
  };
  return el("div", { class: "link" }, el("b", { text: label }), input, copy, el("a", { href: abs, text: t("open") }));
}

function drawMade() {
  if (!lastMade) return;
  const b = lastMade;
  const rows = [el("p", { text: t("created") }), el("p", { class: "note", "data-testid": "invite-note", text: t("invite_note") })];
  for (const s of b.seats) {
    if (s.url) rows.push(linkRow(`P${s.seat + 1}`, s.url, `seat-link-${s.seat + 1}`));
    else rows.push(el("div", { class: "link" }, el("b", { text: `P${s.seat + 1}` }), ` ${t("agent")}: ${s.spec}`));
  }
  rows.push(linkRow(t("spectator_link"), b.spectator_url, "spectator-link"));
  rows.push(el("p", { class: "note", "data-testid": "maker-note", text: t("maker_kept") }));
  const first = b.seats.find((s) => s.url);
  if (first) rows.push(el("a", { class: "big", href: first.url, "data-testid": "play-first", text: `${t("play_as")}: P${first.seat + 1}` }));
  $("made").replaceChildren(...rows);
}

function drawStatic() {
  document.documentElement.lang = lang();
  document.title = t("title");
  document.querySelectorAll("[data-word]").forEach((e) => (e.textContent = t(e.dataset.word)));
}

async function setup() {
  $("bar").append(langToggle(() => { drawStatic(); drawForm(); drawMade(); refreshRooms(); }));
  drawStatic();
  await loadGames();
  drawForm();
  $("f-game").onchange = () => {
    $("made").querySelector("[data-testid=create-error]")?.remove(); // a refusal of another game's form
    drawForm();
  };
  $("f-players").onchange = () => drawSeats(gameById($("f-game").value), Number($("f-players").value));
  $("new-room").onsubmit = create;
  refreshRooms();
  setInterval(refreshRooms, 4000);
}

setup();
