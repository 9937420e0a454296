// Draws any game's table from an observation (tefuda/schema/observation.schema.json): other players at the
// top, the table's shared zones and its facts in the middle, the viewer's own seat at the bottom and the
// viewer's hand in a dock of its own (always in view). It shows only what the observation holds, so it can
// never show more than the seat may see; the cards' faces come from the public pool (cards.js).
import { cardFace, faceOf, hoverDetails, nameOf, nameShort, term, termEl, tidy, valueText, zoneText } from "./cards.js";
import { bi, both, el, lang, pick, t } from "./i18n.js";
import { isPile, isSlot, seatRows, sharedRows } from "./layouts.js";

const expanded = new Set(); // piles the user spread open

function refKeys(ref) {
  if (ref.pos !== null && ref.pos !== undefined) return [`${ref.zone}|${ref.pos}`];
  if (ref.card) return [`${ref.zone}|card:${ref.card}`];
  return [`${ref.zone}`];
}

/** Which legal actions each card or zone is named in. */
export function actionIndex(obs) {
  const map = new Map();
  for (const a of obs.legal || []) {
    for (const r of a.refs || []) {
      for (const k of refKeys(r)) {
        if (!map.has(k)) map.set(k, []);
        if (!map.get(k).includes(a.index)) map.get(k).push(a.index);
      }
    }
  }
  return map;
}

/** A card's own key on the table: its place (or its id where the zone gives no places). */
export function cardKey(zone, c) {
  return c.pos !== null && c.pos !== undefined ? `${zone.id}|${c.pos}` : `${zone.id}|card:${c.card}`;
}

function cardActions(zone, c, acts) {
  const keys = [];
  if (c.pos !== null && c.pos !== undefined) keys.push(`${zone.id}|${c.pos}`);
  if (c.card) keys.push(`${zone.id}|card:${c.card}`);
  return [...new Set(keys.flatMap((k) => acts.get(k) || []))];
}

function cardEl(zone, c, ctx) {
  const onTable = !(zone.name === "hand" || (zone.visibility === "private" && zone.owner === ctx.obs.seat && !ctx.inPlay(zone)));
  const box = cardFace(c, { zones: ctx.zones, onTable });
  const known = c.card !== null && c.card !== undefined;
  const src = ctx.source;
  // the card whose effect asks: by its place if the prompt names one, else by its id
  const srcPos = src && src.pos !== null && src.pos !== undefined;
  if (src && src.zone === zone.id && (srcPos ? src.pos === c.pos : known && src.card === c.card)) box.classList.add("source");
  const mine = cardActions(zone, c, ctx.acts);
  if (mine.length) box.classList.add("clickable");
  const key = cardKey(zone, c);
  if (ctx.selected === key) box.classList.add("selected");
  if (mine.some((i) => ctx.highlight.includes(i)) && ctx.selected === key) box.classList.add("selected");
  box.dataset.card = known ? c.card : "hidden";
  box.dataset.zone = zone.id;
  box.dataset.pos = c.pos ?? "";
  box.dataset.actions = String(mine.length);
  box.dataset.key = key;
  box.title = known ? nameOf(c.card, c.name, c.name_en) : t("hidden_card");
  if (known) hoverDetails(box, c, ctx.zones, onTable);
  box.tabIndex = known || mine.length ? 0 : -1;
  const open = (ev) => {
    ev.stopPropagation();
    ctx.ui.onCard && ctx.ui.onCard({ entry: c, zone, key, actions: mine, node: box, ev, onTable });
  };
  box.addEventListener("click", open);
  box.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") open(ev);
  });
  return box;
}

function zoneEl(zone, ctx, { hand = false } = {}) {
  const game = ctx.obs.game;
  const acts = ctx.acts;
  const pile = !hand && isPile(game, zone);
  const has = (c) => (c.pos !== null && c.pos !== undefined && acts.has(`${zone.id}|${c.pos}`)) || (c.card && acts.has(`${zone.id}|card:${c.card}`));
  // places a legal action names that the viewer cannot see (a face-down life card to take): drawn as backs
  const listed = new Set(zone.cards.map((c) => c.pos).filter((p) => p !== null && p !== undefined));
  const blind = [];
  for (let p = 0; p < Math.min(zone.count, 60); p++) if (!listed.has(p) && acts.has(`${zone.id}|${p}`)) blind.push(p);
  // a pile is spread open by a click on its name, or by itself while a legal action names a card in it
  const named = zone.cards.some(has) || blind.length > 0;
  const open = expanded.has(zone.id) || named;
  const zoneActs = acts.get(zone.id) || [];
  const head = el(
    "div",
    { class: "zhead" },
    el("span", { class: "zname", title: both(zone.ja, zone.en), text: pick(zone.ja, zone.en) }),
    el("span", { class: "zcount", "data-testid": "count", text: String(zone.count) })
  );
  const kind = hand ? "hand" : pile ? "pile" : isSlot(game, zone) ? "slot" : "row";
  const box = el("div", {
    class: `zone ${kind} vis-${zone.visibility}${zoneActs.length ? " clickable" : ""}${pile && open ? " open" : ""}${zone.count ? "" : " empty"}`,
    "data-zone": zone.id,
    "data-name": zone.name,
    "data-testid": hand ? "hand" : null,
    title: zoneActs.length ? both(zone.ja, zone.en) : null,
  });
  const cards = el("div", { class: "cards" });
  let shown = zone.cards;
  let unlisted = zone.count - zone.cards.length; // cards the viewer does not know (another's hand, a deck)
  if (blind.length) {
    // every place in order, the unknown ones as backs that can be clicked
    const byPos = new Map(zone.cards.filter((c) => listed.has(c.pos)).map((c) => [c.pos, c]));
    shown = [];
    for (let p = 0; p < Math.min(zone.count, 60); p++) shown.push(byPos.get(p) || { pos: p, card: null, name: null, name_en: null, face_up: false });
    shown.push(...zone.cards.filter((c) => !listed.has(c.pos)));
    unlisted = 0;
  } else if (pile && !open) {
    // a stack: its top card if the viewer may see it, else one back
    const topFirst = zone.top === "first";
    const top = shown.length ? (topFirst ? shown[0] : shown[shown.length - 1]) : null;
    shown = top && top.pos === (topFirst ? 0 : zone.count - 1) ? [top] : [];
    if (!shown.length && zone.count) cards.append(el("div", { class: "card back", "data-card": "hidden", "data-zone": zone.id }));
    unlisted = 0;
  }
  for (const c of shown) cards.append(cardEl(zone, c, ctx));
  if (unlisted > 0) {
    const backs = Math.min(unlisted, hand ? 12 : 8);
    for (let i = 0; i < backs; i++) cards.append(el("div", { class: "card back small", "data-card": "hidden", "data-zone": zone.id }));
    if (unlisted > backs) cards.append(el("span", { class: "more", text: `+${unlisted - backs}` }));
  }
  if (pile && !named && zone.count > 1) {
    head.onclick = (ev) => {
      ev.stopPropagation();
      open ? expanded.delete(zone.id) : expanded.add(zone.id);
      box.dispatchEvent(new CustomEvent("redraw", { bubbles: true }));
    };
    head.classList.add("toggle");
  }
  if (zoneActs.length) {
    box.onclick = (ev) => ctx.ui.onZone && ctx.ui.onZone({ zone, actions: zoneActs, node: box, ev });
  }
  box.append(head, cards);
  return box;
}

function counterChips(p) {
  return p.counters
    .filter((c) => c.value !== null && c.value !== false && c.value !== "")
    .map((c) =>
      el(
        "span",
        { class: "counter", "data-counter": c.id, title: both(c.ja, c.en) },
        el("b", { text: pick(c.ja, c.en) }),
        c.value === true ? "" : " ",
        c.value === true ? "" : String(valueText(c.value))
      )
    );
}

function headEl(p, obs) {
  const me = obs.seat === p.seat && !obs.spectator;
  const move = obs.to_move === p.seat;
  return el(
    "div",
    { class: `phead${move ? " moving" : ""}` },
    el("span", { class: "pname", text: `${p.name}${me ? ` (${t("you")})` : ""}${move ? " ◀ " + t("to_move") : ""}` }),
    counterChips(p)
  );
}

function seatEl(obs, p, zones, ctx, top) {
  let rows = seatRows(obs.game, zones);
  if (top) rows = rows.slice().reverse();
  const box = el("section", { class: `seat ${top ? "top" : "bottom"}`, "data-seat": p.seat });
  const rowEls = rows.map((r) => el("div", { class: "zrow" }, r.map((z) => zoneEl(z, ctx))));
  if (top) box.append(headEl(p, obs), ...rowEls);
  else box.append(...rowEls, headEl(p, obs));
  return box;
}

// ------------------------------------------------------------------------------------------ the table's facts
// A game's `extra` (the attack going on, the chain, the round …) drawn generically: each key by the game's
// term for it (or the common one the server gives), each value in words — a seat as P1, a place as the card
// and where it lies, a card id as its name — all in the page's language.
const SEAT_KEYS = new Set(["seat", "priority", "turn_seat", "player", "owner", "to_move", "attacker"]);
const SKIP_KEYS = new Set(["seat", "card", "kind", "zone", "pos", "place"]);

function factText(v, key, zones) {
  if (v === null || v === undefined || v === false) return "";
  if (v === true) return "✓";
  if (typeof v === "number") return SEAT_KEYS.has(key) && Number.isInteger(v) && v >= 0 && v < 8 ? `P${v + 1}` : String(v);
  if (typeof v === "string") return valueText(v);
  if (Array.isArray(v)) {
    const seats = key === "out" || key === "discard_down" || key === "teams";
    return v
      .map((x) => (seats && typeof x === "number" ? `P${x + 1}` : seats && Array.isArray(x) ? x.map((y) => `P${y + 1}`).join(" & ") : factText(x, key, zones)))
      .filter(Boolean)
      .join(key === "teams" ? " / " : "、");
  }
  if (typeof v === "object") {
    if (typeof v.zone === "string") {
      // a place: the card on it (if the viewer may know it) and where
      return v.card !== undefined ? `${nameShort(v.card)} ［${zoneText(v.zone, zones)}${v.pos !== null && v.pos !== undefined && !v.card ? ` ${v.pos + 1}` : ""}］` : zoneText(v.zone, zones);
    }
    const parts = [];
    if (typeof v.seat === "number" && !("card" in v)) parts.push(`P${v.seat + 1}`);
    if ("card" in v && (typeof v.card === "string" || v.card === null)) parts.push((typeof v.seat === "number" ? `P${v.seat + 1} ` : "") + nameShort(v.card));
    if (v.place && typeof v.place === "object") parts.push(factText(v.place, "place", zones));
    for (const [k, x] of Object.entries(v)) {
      if (SKIP_KEYS.has(k)) continue;
      const text = factText(x, k, zones);
      if (!text) continue;
      if (/^p\d+$/.test(k)) parts.push(`P${k.slice(1)}: ${text}`);
      else if (faceOf(k)) parts.push(`${nameShort(k)}×${text}`);
      else parts.push(text === "✓" ? term(k) : `${term(k)} ${text}`);
    }
    return parts.join(" · ");
  }
  return String(v);
}

/** The game's facts, each with its term, in the page's language. */
export function factsEl(obs, zones) {
  const lines = [];
  for (const [k, v] of Object.entries(obs.extra || {})) {
    const text = factText(v, k, zones);
    if (!text) continue;
    if (text.length > 90) lines.push(el("details", { class: "fact long" }, el("summary", {}, termEl(k)), el("div", { text })));
    else lines.push(el("div", { class: "fact", "data-fact": k }, el("b", { text: `${term(k)}: ` }), text));
  }
  if (!lines.length) return null;
  return el("div", { class: "facts", "data-testid": "facts", title: t("table_facts") }, lines);
}

/** The whole table. `ui`: {onCard({entry, zone, key, actions, node, ev}), onZone({zone, actions, node, ev}),
 *  selected: a card's key, highlight: [indexes]}; `opts.handRoot`: where the viewer's own hand goes (the
 *  dock). */
export function renderTable(root, obs, ui = {}, opts = {}) {
  const acts = actionIndex(obs);
  const game = obs.game;
  const zonesById = new Map(obs.zones.map((z) => [z.id, z]));
  const ctx = {
    obs,
    acts,
    ui,
    zones: zonesById,
    selected: ui.selected || null,
    highlight: ui.highlight || [],
    source: obs.prompt && obs.prompt.source ? obs.prompt.source : null,
    inPlay: (z) => z.visibility === "public",
  };
  const n = obs.players.length;
  const me = obs.spectator ? 0 : obs.seat;
  const order = [];
  for (let i = 1; i < n; i++) order.push((me + i) % n);
  const byOwner = new Map();
  const shared = [];
  for (const z of obs.zones) {
    if (z.owner === null || z.owner === undefined) shared.push(z);
    else {
      if (!byOwner.has(z.owner)) byOwner.set(z.owner, []);
      byOwner.get(z.owner).push(z);
    }
  }
  const table = el("div", { class: `table game-${game} players-${n}`, "data-testid": "table" });
  const others = el("div", { class: `others n${order.length}` });
  for (const s of order) others.append(seatEl(obs, obs.players[s], byOwner.get(s) || [], ctx, true));
  table.append(others);
  const mid = el("section", { class: "shared" });
  for (const r of sharedRows(game, shared)) mid.append(el("div", { class: "zrow" }, r.map((z) => zoneEl(z, ctx))));
  mid.append(
    el(
      "div",
      { class: "status" },
      el("span", { class: "phase" }, `${t("phase")}: `, bi(obs.phase.ja, obs.phase.en)),
      el("span", { class: "turnno", text: `${t("turn")} ${obs.turn}` })
    )
  );
  const facts = factsEl(obs, zonesById);
  if (facts) mid.append(facts);
  table.append(mid);
  // the viewer's own seat; its hand in the dock when the page has one (always in view)
  let mine = byOwner.get(me) || [];
  const handZone = !obs.spectator && opts.handRoot ? mine.find((z) => z.name === "hand" && z.owner === me) : null;
  if (handZone) mine = mine.filter((z) => z !== handZone);
  table.append(seatEl(obs, obs.players[me], mine, ctx, false));
  root.replaceChildren(table);
  if (opts.handRoot) {
    if (handZone) {
      const hz = zoneEl(handZone, ctx, { hand: true });
      hz.querySelector(".zname").textContent = `${t("your_hand")}`;
      opts.handRoot.replaceChildren(hz);
      opts.handRoot.hidden = false;
    } else {
      opts.handRoot.replaceChildren();
      opts.handRoot.hidden = true;
    }
  }
}

/** A legal action is only a pass (what auto-pass may answer by itself). */
export function onlyPass(obs) {
  const legal = obs.legal || [];
  return legal.length === 1 && /^pass(\s|$)/.test(legal[0].notation) && !(legal[0].refs || []).length;
}

/** The pending prompt and the legal actions as buttons. `opts.before`: nodes after the prompt (the auto-pass
 *  switch). */
export function renderActions(root, obs, act, highlight = [], opts = {}) {
  root.replaceChildren();
  if (obs.prompt) {
    const whose = obs.prompt.seat !== obs.seat || obs.spectator ? `P${obs.prompt.seat + 1}: ` : "";
    root.append(
      el(
        "div",
        { class: "prompt", "data-testid": "prompt" },
        el("span", { class: "main", text: whose + pick(obs.prompt.ja, obs.prompt.en) }),
        obs.prompt.en && obs.prompt.ja !== obs.prompt.en ? el("span", { class: "sub", lang: lang() === "en" ? "ja" : "en", text: lang() === "en" ? obs.prompt.ja : obs.prompt.en }) : null
      )
    );
  }
  if (opts.before) root.append(opts.before);
  const list = el("div", { class: "actions" });
  const lit = new Set(highlight);
  const legal = (obs.legal || []).slice();
  if (lit.size) legal.sort((a, b) => Number(lit.has(b.index)) - Number(lit.has(a.index)));
  for (const a of legal) {
    const b = el(
      "button",
      { class: `action${lit.has(a.index) ? " hl" : ""}`, type: "button", "data-testid": "action", "data-index": a.index, title: a.notation },
      el("span", { class: "main", text: tidy(pick(a.ja, a.en)) }),
      el("span", { class: "sub", lang: lang() === "en" ? "ja" : "en", text: tidy(lang() === "en" ? a.ja : a.en) })
    );
    b.onclick = () => act(a.index);
    list.append(b);
  }
  root.append(list);
}

/** The outcome as a node: who won and why (the reason in the page's language, the other beside it). */
export function outcomeText(obs) {
  const o = obs.outcome;
  if (!o) return "";
  const reason = bi(o.ja, o.en);
  if (o.winner === null && (!o.winners || !o.winners.length)) return el("span", {}, `${t("draw")} — `, reason);
  const who = (o.winners && o.winners.length ? o.winners : [o.winner]).map((w) => `P${w + 1}`).join(" & ");
  return el("span", {}, `${who} ${t("wins")} — `, reason);
}

export function logLine(entry) {
  return lang() === "en" ? entry.en : entry.ja;
}

