// A room's cards as faces, and the panel that shows a card's whole text.
//
// The pool (GET /api/rooms/{room}/cards) is public information: what each card of the game *is* — names,
// type, a badge (cost or level), numbers, facts, keywords, a short effect line and the whole text in Japanese
// and English — with the game's words (flags, stats and counters by key; zones; sample decks). Which card
// lies where, and whether the viewer may know it, comes only from the observation: a face is drawn only for
// a card the observation names, so the page never shows more than the seat may see.
import { bi, el, lang, pick, t } from "./i18n.js";

let POOL = { faces: new Map(), terms: {}, values: {}, zones: {}, decks: {}, types: [] };

export async function loadPool(roomId) {
  try {
    const r = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/cards`);
    if (r.ok) {
      const body = await r.json();
      POOL = { ...body, faces: new Map(body.faces.map((f) => [f.id, f])) };
    }
  } catch {
    // no faces: cards are drawn by their names alone
  }
  return POOL;
}

export function faceOf(id) {
  return id ? POOL.faces.get(id) || null : null;
}

/** A flag, stat, counter or field name as [ja, en] (the game's own words; the key made readable if none). */
export function termPair(key) {
  const w = POOL.terms[key];
  if (w) return w;
  const words = String(key).replace(/_/g, " ");
  return [words, words];
}

export function term(key) {
  return pick(termPair(key));
}

/** Both languages, the page's first: 疲労 (tapped). */
export function termBoth(key) {
  const [ja, en] = termPair(key);
  if (ja === en) return ja;
  return lang() === "en" ? `${en} (${ja})` : `${ja} (${en})`;
}

function pairText(ja, en) {
  if (!en || ja === en) return ja || en || "";
  return lang() === "en" ? `${en} (${ja})` : `${ja} (${en})`;
}

/** A term as a node: the page's word, the other language's beside it (marked with its `lang`). */
export function termEl(key, tag = "span", attrs = {}) {
  const [ja, en] = termPair(key);
  return bi(ja, en, tag, attrs);
}

/** A card's name in the page's language only (the other is in its details). */
export function nameShort(id) {
  if (!id) return t("hidden_card");
  const f = faceOf(id);
  return f ? pick(f.name, f.name_en) : String(id);
}

/** A card's name in the page's language, the other beside it. */
export function nameOf(id, fallbackJa = "", fallbackEn = "") {
  const f = faceOf(id);
  if (!id) return t("hidden_card");
  return pairText(f ? f.name : fallbackJa || id, f ? f.name_en : fallbackEn);
}

/** A zone id (p2.m1) as words: P2 モンスターエリア1. `zones`: the observation's zones by id. */
export function zoneText(zoneId, zones) {
  const z = zones && zones.get(zoneId);
  if (z) {
    const owner = z.owner !== null && z.owner !== undefined ? `P${z.owner + 1} ` : "";
    return owner + pick(z.ja, z.en);
  }
  const [seat, name] = String(zoneId).includes(".") ? String(zoneId).split(".", 2) : ["", zoneId];
  const w = POOL.zones[name];
  return `${seat ? seat.toUpperCase() + " " : ""}${w ? pick(w) : name}`;
}

/** A value of a card or a fact: a known word translated, a card id named. */
export function valueText(v) {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) return v.map(valueText).join("・");
  if (typeof v === "boolean") return v ? "✓" : "—";
  const s = String(v);
  if (POOL.values[s]) return pick(POOL.values[s]);
  if (POOL.terms[s]) return pick(POOL.terms[s]);
  if (POOL.faces.has(s)) return nameShort(s);
  return s;
}

// ------------------------------------------------------------------------------------------ a card on the table
function statRows(entry, f) {
  // the numbers the card has now (the observation's: effects change them), else its printed ones
  const now = entry.stats || {};
  const rows = [];
  const seen = new Set();
  for (const s of f ? f.stats : []) {
    seen.add(s.key);
    const cur = now[s.key];
    const value = cur !== null && cur !== undefined ? cur : s.value;
    rows.push({ key: s.key, value, printed: s.value, changed: cur !== null && cur !== undefined && cur !== s.value });
  }
  for (const [k, v] of Object.entries(now)) {
    if (seen.has(k) || v === null || v === undefined) continue;
    rows.push({ key: k, value: v, printed: null, changed: false });
  }
  return rows;
}

function statEl(r) {
  const cls = r.changed ? (typeof r.value === "number" && typeof r.printed === "number" && r.value < r.printed ? "stat down" : "stat up") : "stat";
  return el("span", { class: cls, "data-stat": r.key, title: termBoth(r.key) }, el("i", { text: term(r.key) }), el("b", { text: String(r.value) }));
}

function flagEl(key) {
  return el("span", { class: `flag flag-${key}`, "data-flag": key, title: termBoth(key), text: term(key) });
}

/** The place a card lies on or with (↳ the card it is attached to, or the place). */
export function withText(w, zones) {
  if (!w) return "";
  const where = zoneText(w.zone, zones);
  if (w.card) return `${nameShort(w.card)} ［${where}］`;
  return where + (w.pos !== null && w.pos !== undefined ? ` ${w.pos + 1}枚目` : "");
}

/** A card the observation shows: its face if the viewer knows it, else its back. */
export function cardFace(entry, { zones = null, onTable = true } = {}) {
  const known = entry.card !== null && entry.card !== undefined;
  const box = el("div", { class: "card" });
  if (!known) {
    box.classList.add("back");
    return box;
  }
  const f = faceOf(entry.card);
  box.classList.add("face", `t${f ? f.type_index % 8 : 7}`);
  const top = el("div", { class: "ctop" });
  if (f && f.badge) {
    top.append(el("span", { class: "badge", "data-badge": f.badge.key, title: `${pairText(f.badge.ja, f.badge.en)} ${f.badge.value}`, text: String(f.badge.value) }));
  }
  // the type, then the card's short facts (属性 火, 文明 光, 種族 …): what a printed card shows by its name
  const facts = f ? f.facts.filter((x) => x.key !== "copies" && x.key !== "status").map((x) => pick(x.value_ja, x.value_en)) : [];
  top.append(el("span", { class: "ctype", title: f ? pairText(f.type_ja, f.type_en) : "", text: f ? [pick(f.type_ja, f.type_en), ...facts].join(" · ") : "" }));
  box.append(top);
  const names = el("div", { class: "cnames" }, el("div", { class: "cname", text: entry.name }), el("div", { class: "cname-en", lang: "en", text: entry.name_en }));
  box.append(names);
  if (f && f.keywords.length) box.append(el("div", { class: "ckw" }, f.keywords.map((k) => el("span", { class: "kw", text: pick(k.ja, k.en) }))));
  if (f && (f.effect.ja || f.effect.en)) box.append(el("div", { class: "ceffect", text: pick(f.effect.ja, f.effect.en) }));
  const rows = statRows(entry, f);
  if (rows.length) box.append(el("div", { class: "cstats" }, rows.map(statEl)));
  const counters = Object.entries(entry.counters || {}).filter(([, v]) => v !== null && v !== undefined && v !== 0);
  if (counters.length) {
    box.append(el("div", { class: "ccounters" }, counters.map(([k, v]) => el("span", { class: "counter-chip", "data-counter": k, title: termBoth(k) }, `${term(k)} ${v}`))));
  }
  const flags = (entry.flags || []).slice();
  if (onTable && !entry.face_up) {
    box.classList.add("facedown");
    flags.unshift("__face_down");
  }
  if ((entry.flags || []).includes("tapped")) box.classList.add("tapped");
  if (flags.length) {
    box.append(
      el(
        "div",
        { class: "cflags" },
        flags.map((k) => (k === "__face_down" ? el("span", { class: "flag flag-face-down", title: `${t("face_down")}`, text: t("face_down") }) : flagEl(k)))
      )
    );
  }
  if (entry.with) box.append(el("div", { class: "cwith", text: `↳ ${withText(entry.with, zones)}` }));
  return box;
}

/** A game's label with its place marks (p1/チビヨネス) read as seats (P1 チビヨネス). */
export function tidy(text) {
  return String(text || "").replace(/(^|[^A-Za-z0-9_])p(\d+)\//g, (_, pre, n) => `${pre}P${n} `);
}

// ------------------------------------------------------------------------------------------ the details panel
let panel = null;
let pinnedKey = null;
let hoverTimer = null;

function panelEl() {
  if (!panel) {
    panel = el("aside", { id: "details", class: "details", "data-testid": "details", hidden: true, role: "dialog", "aria-label": t("details") });
    document.body.append(panel);
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape") hideDetails(true);
    });
  }
  return panel;
}

export function detailsOpen() {
  return panel && !panel.hidden ? pinnedKey : null;
}

let onClosed = null;

/** Called when a pinned panel is closed (the page lets go of the card it had selected). */
export function onDetailsClosed(fn) {
  onClosed = fn;
}

/** Hide the panel (`force`: a pinned one too). */
export function hideDetails(force = false) {
  clearTimeout(hoverTimer);
  if (!panel || (pinnedKey && !force)) return;
  const was = pinnedKey;
  panel.hidden = true;
  pinnedKey = null;
  document.body.classList.remove("details-open", "sheet-top");
  if (was && onClosed) onClosed();
}

/** Show a card's whole text (and, for a seat, what it can do with it now).
 *  `entry`: the observation's card (or null for a place); `opts`: {key, anchor, pinned, actions: [{index, ja,
 *  en}], onAct(index), title, zones, hint}. */
export function showDetails(entry, opts = {}) {
  const box = panelEl();
  clearTimeout(hoverTimer);
  const { key = null, anchor = null, pinned = false, actions = [], onAct = null, title = "", zones = null, hint = "" } = opts;
  if (!pinned && pinnedKey) return; // a pinned panel stays until it is closed
  pinnedKey = pinned ? key || "pinned" : null;
  const parts = [];
  parts.push(el("button", { class: "dclose", type: "button", "data-testid": "details-close", title: t("close"), "aria-label": t("close"), text: "×", onclick: () => hideDetails(true) }));
  const known = entry && entry.card !== null && entry.card !== undefined;
  const f = known ? faceOf(entry.card) : null;
  if (known) {
    const head = el("div", { class: `dhead t${f ? f.type_index % 8 : 7}` });
    if (f && f.badge) head.append(el("span", { class: "badge", text: String(f.badge.value), title: pairText(f.badge.ja, f.badge.en) }));
    head.append(el("div", { class: "dnames" }, el("div", { class: "dname", text: entry.name }), el("div", { class: "dname-en", lang: "en", text: entry.name_en })));
    parts.push(head);
    if (f) {
      const facts = [bi(f.type_ja, f.type_en)];
      if (f.badge) facts.push(el("span", {}, bi(f.badge.ja, f.badge.en, "i"), ` ${f.badge.value}`));
      for (const x of f.facts) facts.push(el("span", {}, bi(x.ja, x.en, "i"), " ", bi(x.value_ja, x.value_en)));
      parts.push(el("div", { class: "dfacts" }, facts));
      const rows = statRows(entry, f);
      if (rows.length) {
        parts.push(
          el(
            "div",
            { class: "dstats" },
            rows.map((r) => el("span", { class: r.changed ? "stat changed" : "stat" }, termEl(r.key, "i"), " ", el("b", { text: String(r.value) }), r.changed && r.printed !== null ? ` (${r.printed})` : ""))
          )
        );
      }
      if (f.keywords.length) parts.push(el("div", { class: "dkw" }, f.keywords.map((k) => bi(k.ja, k.en, "span", { class: "kw" }))));
      parts.push(el("p", { class: "dtext", lang: "ja", "data-testid": "details-ja", text: f.text.ja || "—" }));
      parts.push(el("p", { class: "dtext en", lang: "en", "data-testid": "details-en", text: f.text.en || "—" }));
    }
    const state = [];
    if (zones && entry.face_up === false && opts.onTable !== false) state.push(el("span", { class: "flag", text: t("face_down") }));
    for (const k of entry.flags || []) state.push(termEl(k, "span", { class: "flag" }));
    for (const [k, v] of Object.entries(entry.counters || {})) if (v) state.push(el("span", { class: "flag" }, termEl(k), ` ${v}`));
    if (entry.with) state.push(el("span", { class: "flag", text: `↳ ${withText(entry.with, zones)}` }));
    if (state.length) parts.push(el("div", { class: "dstate" }, state));
  } else {
    parts.push(el("div", { class: "dhead" }, el("div", { class: "dname", text: title || t("hidden_card") })));
  }
  if (actions.length && onAct) {
    parts.push(el("h4", { text: known ? t("card_actions") : t("zone_actions") }));
    parts.push(
      el(
        "div",
        { class: "dactions" },
        actions.map((a) =>
          el(
            "button",
            { class: "action", type: "button", "data-testid": "sheet-action", "data-index": a.index, onclick: () => { hideDetails(true); onAct(a.index); } },
            el("span", { class: "main", text: tidy(pick(a.ja, a.en)) }),
            el("span", { class: "sub", lang: lang() === "en" ? "ja" : "en", text: tidy(lang() === "en" ? a.ja : a.en) })
          )
        )
      )
    );
    if (hint) parts.push(el("p", { class: "dhint", text: hint }));
  } else if (pinned && opts.seat) {
    parts.push(el("p", { class: "dhint", text: t("no_card_actions") }));
  }
  box.replaceChildren(...parts);
  box.hidden = false;
  box.classList.toggle("pinned", Boolean(pinned));
  document.body.classList.toggle("details-open", Boolean(pinned));
  place(box, anchor);
}

/** Beside the card on a wide screen. On a phone a sheet: at the bottom for a card in the upper half of the
 *  screen, at the top for one in the lower half (the hand), so the card stays in view to be tapped again. */
function place(box, anchor) {
  box.style.left = box.style.top = "";
  box.classList.remove("sheet-top");
  if (window.matchMedia("(max-width: 760px)").matches) {
    const r = anchor ? anchor.getBoundingClientRect() : null;
    if (r && r.top + r.height / 2 > window.innerHeight / 2) box.classList.add("sheet-top");
    return;
  }
  if (!anchor) return;
  const r = anchor.getBoundingClientRect();
  const w = box.offsetWidth || 320;
  const h = box.offsetHeight || 300;
  // within the table's area where there is one: the prompt and its actions beside it stay uncovered
  const board = document.getElementById("board");
  const area = board ? board.getBoundingClientRect() : { left: 0, right: window.innerWidth };
  const minX = Math.max(8, area.left);
  const maxX = Math.min(window.innerWidth, area.right) - 8;
  let left = r.right + 10;
  if (left + w > maxX) left = r.left - w - 10;
  if (left < minX) left = Math.max(minX, Math.min(maxX - w, r.left));
  let top = Math.min(Math.max(8, r.top - 20), window.innerHeight - h - 8);
  if (top < 8) top = 8;
  box.style.left = `${Math.round(left)}px`;
  box.style.top = `${Math.round(top)}px`;
}

/** Hover (a mouse): the card's text after a moment, gone when the pointer leaves (unless pinned). */
export function hoverDetails(node, entry, zones, onTable = true) {
  if (!entry || entry.card === null || entry.card === undefined) return;
  node.addEventListener("pointerenter", (e) => {
    if (e.pointerType !== "mouse") return;
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(() => showDetails(entry, { anchor: node, zones, onTable }), 250);
  });
  node.addEventListener("pointerleave", (e) => {
    if (e.pointerType !== "mouse") return;
    clearTimeout(hoverTimer);
    if (!pinnedKey) hoverTimer = setTimeout(() => hideDetails(false), 120);
  });
}
