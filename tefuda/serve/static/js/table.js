// Draws any game's table from an observation (tefuda/schema/observation.schema.json): other players at the
// top, the table's shared zones in the middle, the viewer's own seat at the bottom. It shows only what the
// observation holds, so it can never show more than the seat may see.
import { both, cardName, el, lang, t } from "./i18n.js";
import { isPile, isSlot, seatRows, sharedRows } from "./layouts.js";

const expanded = new Set(); // piles the user spread open

function refKeys(ref) {
  if (ref.pos !== null && ref.pos !== undefined) return [`${ref.zone}|${ref.pos}`];
  if (ref.card) return [`${ref.zone}|card:${ref.card}`];
  return [`${ref.zone}`];
}

/** Which legal actions each card or zone is named in. */
function actionIndex(obs) {
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

function statText(stats) {
  return Object.entries(stats || {})
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k} ${v}`)
    .join(" · ");
}

function cardEl(zone, c, acts, onPick, ctx) {
  const known = c.card !== null;
  const flags = c.flags || [];
  const cls = ["card"];
  if (!known) cls.push("back");
  else if (!c.face_up && zone.name !== "hand") cls.push("facedown"); // face down on the table: only its owner knows it
  const src = ctx.source;
  // the card whose effect asks: by its place if the prompt names one, else by its id
  const srcPos = src && src.pos !== null && src.pos !== undefined;
  if (src && src.zone === zone.id && (srcPos ? src.pos === c.pos : known && src.card === c.card)) cls.push("source");
  if (flags.includes("tapped")) cls.push("tapped");
  const keys = [];
  if (c.pos !== null && c.pos !== undefined) keys.push(`${zone.id}|${c.pos}`);
  if (known) keys.push(`${zone.id}|card:${c.card}`);
  const mine = [...new Set(keys.flatMap((k) => acts.get(k) || []))];
  if (mine.length) cls.push("clickable");
  const box = el("div", {
    class: cls.join(" "),
    "data-card": known ? c.card : "hidden",
    "data-zone": zone.id,
    "data-pos": c.pos ?? "",
    title: known ? cardName(c.name, c.name_en) : t("hidden"),
  });
  if (known) {
    box.append(el("div", { class: "cname", text: c.name }), el("div", { class: "cname-en", text: c.name_en }));
    const st = statText(c.stats);
    if (st) box.append(el("div", { class: "cstats", text: st }));
    const counters = Object.entries(c.counters || {}).map(([k, v]) => `${k} ${v}`);
    if (counters.length) box.append(el("div", { class: "ccounters", text: counters.join(" · ") }));
  }
  if (flags.length) box.append(el("div", { class: "cflags" }, flags.map((f) => el("span", { class: "flag", text: f }))));
  if (c.with) {
    const wz = ctx.zones.get(c.with.zone);
    const where = wz ? `${wz.owner !== null && wz.owner !== undefined ? `P${wz.owner + 1} ` : ""}${lang() === "en" ? wz.en : wz.ja}` : c.with.zone;
    box.append(el("div", { class: "cwith", text: `↳ ${where}${c.with.pos !== null && c.with.pos !== undefined ? " #" + (c.with.pos + 1) : ""}` }));
  }
  if (mine.length) box.onclick = (ev) => { ev.stopPropagation(); onPick(mine); };
  return box;
}

function zoneEl(game, zone, acts, onPick, ctx) {
  const pile = isPile(game, zone);
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
    el("span", { class: "zname", text: both(zone.ja, zone.en) }),
    el("span", { class: "zcount", "data-testid": "count", text: String(zone.count) })
  );
  const box = el("div", {
    class: `zone ${pile ? "pile" : isSlot(game, zone) ? "slot" : "row"} vis-${zone.visibility}${zoneActs.length ? " clickable" : ""}`,
    "data-zone": zone.id,
    "data-name": zone.name,
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
  for (const c of shown) cards.append(cardEl(zone, c, acts, onPick, ctx));
  if (unlisted > 0) {
    for (let i = 0; i < Math.min(unlisted, 12); i++) cards.append(el("div", { class: "card back small", "data-card": "hidden", "data-zone": zone.id }));
    if (unlisted > 12) cards.append(el("span", { class: "more", text: `+${unlisted - 12}` }));
  }
  if (pile && !named) {
    head.onclick = (ev) => {
      ev.stopPropagation();
      open ? expanded.delete(zone.id) : expanded.add(zone.id);
      box.dispatchEvent(new CustomEvent("redraw", { bubbles: true }));
    };
    head.classList.add("toggle");
  }
  if (zoneActs.length) box.onclick = () => onPick(zoneActs);
  box.append(head, cards);
  return box;
}

function countersEl(p, obs) {
  const chips = p.counters
    .filter((c) => c.value !== null && c.value !== false && c.value !== "")
    .map((c) => el("span", { class: "counter", "data-counter": c.id }, el("b", { text: both(c.ja, c.en) }), " ", String(c.value === true ? "✓" : c.value)));
  const me = obs.seat === p.seat && !obs.spectator;
  const move = obs.to_move === p.seat;
  return el(
    "div",
    { class: `phead${move ? " moving" : ""}` },
    el("span", { class: "pname", text: `${p.name}${me ? ` (${t("you")})` : ""}${move ? " ◀ " + t("to_move") : ""}` }),
    chips
  );
}

function seatEl(game, obs, p, zones, acts, onPick, top, ctx) {
  let rows = seatRows(game, zones);
  if (top) rows = rows.slice().reverse();
  const box = el("section", { class: `seat ${top ? "top" : "bottom"}`, "data-seat": p.seat });
  const rowEls = rows.map((r) => el("div", { class: "zrow" }, r.map((z) => zoneEl(game, z, acts, onPick, ctx))));
  if (top) box.append(countersEl(p, obs), ...rowEls);
  else box.append(...rowEls, countersEl(p, obs));
  return box;
}

/** The whole table. `onPick(indexes)`: the legal actions a clicked card or zone is named in. */
export function renderTable(root, obs, onPick) {
  const acts = actionIndex(obs);
  const game = obs.game;
  const ctx = { zones: new Map(obs.zones.map((z) => [z.id, z])), source: obs.prompt && obs.prompt.source ? obs.prompt.source : null };
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
  const table = el("div", { class: "table", "data-testid": "table" });
  const others = el("div", { class: `others n${order.length}` });
  for (const s of order) others.append(seatEl(game, obs, obs.players[s], byOwner.get(s) || [], acts, onPick, true, ctx));
  table.append(others);
  const mid = el("section", { class: "shared" });
  for (const r of sharedRows(game, shared)) mid.append(el("div", { class: "zrow" }, r.map((z) => zoneEl(game, z, acts, onPick, ctx))));
  mid.append(
    el(
      "div",
      { class: "status" },
      el("span", { class: "phase", text: `${t("phase")}: ${both(obs.phase.ja, obs.phase.en)}` }),
      el("span", { class: "turnno", text: `${t("turn")} ${obs.turn}` })
    )
  );
  table.append(mid);
  table.append(seatEl(game, obs, obs.players[me], byOwner.get(me) || [], acts, onPick, false, ctx));
  root.replaceChildren(table);
  if (obs.extra && Object.keys(obs.extra).length) {
    const pre = el("pre", { class: "extra-body", text: JSON.stringify(obs.extra, null, 1) });
    root.append(el("details", { class: "extra" }, el("summary", { text: "extra" }), pre));
  }
}

/** The pending prompt and the legal actions as buttons. */
export function renderActions(root, obs, act, highlight = []) {
  root.replaceChildren();
  if (obs.prompt) {
    const whose = obs.prompt.seat !== obs.seat || obs.spectator ? `P${obs.prompt.seat + 1}: ` : "";
    root.append(el("div", { class: "prompt", "data-testid": "prompt", text: whose + both(obs.prompt.ja, obs.prompt.en) }));
  }
  const list = el("div", { class: "actions" });
  for (const a of obs.legal || []) {
    const b = el(
      "button",
      { class: `action${highlight.includes(a.index) ? " hl" : ""}`, "data-testid": "action", "data-index": a.index, title: a.notation },
      el("span", { class: "main", text: document.documentElement.lang === "en" ? a.en : a.ja }),
      el("span", { class: "sub", text: document.documentElement.lang === "en" ? a.ja : a.en })
    );
    b.onclick = () => act(a.index);
    list.append(b);
  }
  root.append(list);
}

export function outcomeText(obs) {
  const o = obs.outcome;
  if (!o) return "";
  const reason = both(o.ja, o.en);
  if (o.winner === null && (!o.winners || !o.winners.length)) return `${t("draw")} — ${reason}`;
  const who = (o.winners && o.winners.length ? o.winners : [o.winner]).map((w) => `P${w + 1}`).join(" & ");
  return `${who} ${t("wins")} — ${reason}`;
}

export function logLine(entry) {
  return document.documentElement.lang === "en" ? entry.en : entry.ja;
}
